"""The rules of play as functions on card masks: the single source of legality.

``legal_actions()``, ``apply()`` (through ``verify``), the AI's rollouts and the replay CLI all
call these; nothing else decides what may be played.
"""

from __future__ import annotations

from engine.cards import FILKY_MASK, HEARTS_MASK, KH, SUIT_MASKS, Rank, Suit, card
from engine.contracts import Contract

KH_BIT = 1 << KH
NON_HEARTS = ~HEARTS_MASK & 0xFFFFFFFF
LOW_MASK = sum(1 << card(r, s) for s in Suit for r in Rank if r <= Rank.SPODEK)
KINGS_MASK = sum(1 << card(Rank.KRAL, s) for s in Suit)
ACES_MASK = sum(1 << card(Rank.ESO, s) for s in Suit)
TENS_MASK = sum(1 << card(Rank.TEN, s) for s in Suit)


# -- R-TRICK ---------------------------------------------------------------------------
def trick_legal_mask(hand: int, led_suit: int, red_lead: bool, forbid_kh: bool) -> int:
    """Cards of ``hand`` that may be played; ``led_suit`` is -1 when leading.

    R-TRICK follow suit; R-TRICK-RED-LEAD (``red_lead``); R-TRICK-FIRST-KING (``forbid_kh``:
    K♥ refused in the first trick of červený král when the table forbids it).
    """
    if led_suit >= 0:
        m = hand & SUIT_MASKS[led_suit]
        if not m:
            m = hand
    elif red_lead and hand & NON_HEARTS:
        m = hand & NON_HEARTS
    else:
        m = hand
    if forbid_kh and m & KH_BIT and m != KH_BIT:
        m &= ~KH_BIT
    return m


def trick_refusal_code(
    hand: int, c: int, led_suit: int, red_lead: bool, forbid_kh: bool
) -> tuple[str, str] | None:
    """Why ``c`` is not in ``trick_legal_mask`` (code, rule id), or None when it is legal."""
    bit = 1 << c
    if not hand & bit:
        return ("not_in_hand", "R-TRICK")
    if trick_legal_mask(hand, led_suit, red_lead, forbid_kh) & bit:
        return None
    if led_suit >= 0 and hand & SUIT_MASKS[led_suit] and not SUIT_MASKS[led_suit] & bit:
        return ("must_follow_suit", "R-TRICK")
    if led_suit < 0 and red_lead and bit & HEARTS_MASK and hand & NON_HEARTS:
        return ("red_lead", "R-TRICK-RED-LEAD")
    return ("red_king_first_trick", "R-TRICK-FIRST-KING")


def trick_winner_offset(cards: list[int] | tuple[int, ...]) -> int:
    """Index (0–3) in play order of the card that takes the trick."""
    led = cards[0] >> 3
    best = 0
    for i in range(1, 4):
        c = cards[i]
        if c >> 3 == led and c > cards[best]:
            best = i
    return best


def trick_penalty(contract: Contract, trick_mask: int, trick_index: int) -> int:
    """Penalty points of one completed trick (0-based ``trick_index``), R-TRICK, R-HARAKIRI."""
    if contract is Contract.CERVENE:
        return (trick_mask & HEARTS_MASK).bit_count()
    if contract is Contract.FILKY:
        return 2 * (trick_mask & FILKY_MASK).bit_count()
    if contract is Contract.PRVNI_POSLEDNI:
        return 4 if trick_index in (0, 7) else 0
    if contract is Contract.VSECHNY:
        return 1
    if contract is Contract.CERVENY_KRAL:
        return 8 if trick_mask & KH_BIT else 0
    # harakiri: all five at once
    return (
        (trick_mask & HEARTS_MASK).bit_count()
        + 2 * (trick_mask & FILKY_MASK).bit_count()
        + (4 if trick_index in (0, 7) else 0)
        + 1
        + (8 if trick_mask & KH_BIT else 0)
    )


def trick_game_over(contract: Contract, taken_mask: int, tricks_done: int) -> bool:
    """R-TRICK-END: over when no further penalty can be given."""
    if tricks_done >= 8:
        return True
    if contract is Contract.CERVENE:
        return taken_mask & HEARTS_MASK == HEARTS_MASK
    if contract is Contract.FILKY:
        return taken_mask & FILKY_MASK == FILKY_MASK
    if contract is Contract.CERVENY_KRAL:
        return bool(taken_mask & KH_BIT)
    return False


# -- R-KVARTY --------------------------------------------------------------------------
def kvarty_lead_mask(hand: int, first_lead: bool) -> int:
    """R-KVARTY-FIRST: the first lead starts at S or lower; divoká karta at F, else K."""
    if not first_lead:
        return hand
    for allowed in (LOW_MASK, FILKY_MASK, KINGS_MASK):
        m = hand & allowed
        if m:
            return m
    return hand


def is_divoka_karta(hand: int) -> bool:
    """The first leader holds no card below F (R-KVARTY-FIRST)."""
    return hand != 0 and not hand & LOW_MASK


def is_kralovska_kvarta(hand: int) -> bool:
    """R-KVARTY-ROYAL: divoká karta where every suit held contains its Ace."""
    if not is_divoka_karta(hand):
        return False
    return all(not hand & SUIT_MASKS[s] or hand & ACES_MASK & SUIT_MASKS[s] for s in range(4))


def kvarta_window(start: int) -> list[int]:
    """The cards of the window of a kvarta starting at ``start``, cut at the Ace."""
    rank = start & 7
    top = min(rank + 3, 7)
    return [start + i for i in range(top - rank + 1)]


# -- R-DESITKY -------------------------------------------------------------------------
def desitky_next_ends(ends: int, c: int) -> int:
    """The open row ends after laying ``c`` (``ends`` starts as the four tens)."""
    rank = c & 7
    ends &= ~(1 << c)
    if rank == Rank.TEN:
        ends |= (1 << (c - 1)) | (1 << (c + 1))
    elif rank < Rank.TEN:
        if rank > 0:
            ends |= 1 << (c - 1)
    elif rank < Rank.ESO:
        ends |= 1 << (c + 1)
    return ends


def desitky_refusal_code(hand: int, ends: int, c: int) -> tuple[str, str] | None:
    bit = 1 << c
    if not hand & bit:
        return ("not_in_hand", "R-DESITKY-TURN")
    if not ends & bit:
        return ("not_playable", "R-DESITKY-TURN")
    return None
