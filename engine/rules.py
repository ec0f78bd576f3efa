"""The rules of play as functions on card masks: the single source of legality and scoring.

``legal_actions()``, ``apply()`` (through ``verify``), the AI's rollouts and solver, the fast
path and the replay CLI all call these (or tables derived from ``contracts.TRICK_RULES``);
nothing else decides what may be played, what a trick costs, when a game is over, how a
kvarta is laid or where a desítky row may grow.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.cards import (
    FILKY_MASK,
    FULL_DECK,
    HEARTS_MASK,
    KH,
    NUM_CARDS,
    SUIT_MASKS,
    Rank,
    Suit,
    card,
)
from engine.contracts import TRICK_RULES, TRICKS_PER_GAME, Contract

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
    rules = TRICK_RULES[contract]
    p = rules.trick_points[trick_index]
    for mask, points in rules.point_groups:
        p += (trick_mask & mask).bit_count() * points
    return p


def trick_points_left(contract: Contract, taken_mask: int, tricks_done: int) -> int:
    """The penalty points the game can still give: its cards not yet taken, its tricks to come."""
    rules = TRICK_RULES[contract]
    left = rules.trick_points_from[min(tricks_done, TRICKS_PER_GAME)]
    for mask, points in rules.point_groups:
        left += (mask & ~taken_mask).bit_count() * points
    return left


def trick_game_over(contract: Contract, taken_mask: int, tricks_done: int) -> bool:
    """R-TRICK-END: over as soon as no further penalty can be given (all 8 tricks at most)."""
    return tricks_done >= TRICKS_PER_GAME or not trick_points_left(
        contract, taken_mask, tricks_done
    )


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


KVARTA_WINDOWS: tuple[int, ...] = tuple(
    sum(1 << c for c in kvarta_window(start)) for start in range(NUM_CARDS)
)


def kvarta_run(start: int, played: int) -> tuple[int, bool]:
    """R-KVARTY-LEAD / -NEXT: the run of a kvarta started at ``start`` (a mask: the window up
    to the first card already ``played``), and whether it is complete (not stopped by a
    played card: four cards, or up to the Ace). An incomplete run is "odfouknutá"."""
    window = KVARTA_WINDOWS[start]
    blocked = window & played
    if not blocked:
        return window, True
    return window & ((blocked & -blocked) - 1), False


class KvartaLay(NamedTuple):
    """What one kvarty lead did (R-KVARTY-LEAD, -NEXT, -END)."""

    own: int  # the leader's own cards of the run (a mask), laid at once
    filled: tuple[tuple[int, int], ...]  # (seat, card) the others added, lower card first
    complete: bool  # the run had four cards or reached the Ace; else odfouknutá
    out: int | None  # the seat whose hand emptied: the game is over, nothing more was added
    next_leader: int | None  # who leads next; None when the game is over


def lay_kvarta(hands: list[int], leader: int, start: int) -> KvartaLay:
    """Lay the kvarta ``leader`` starts at ``start`` (a card of his), removing the cards from
    ``hands`` (all four, by seat; every card not in a hand counts as played).

    R-KVARTY-LEAD: he lays all his own cards of the run at once; then the others fill the gaps,
    lower card first. R-KVARTY-END: the moment a hand empties the game is over and nothing
    more is added (so a leader whose own cards empty his hand has gone out before anybody
    fills). R-KVARTY-NEXT: after a complete run whoever laid its highest card leads, after an
    incomplete one the leader leads again.
    """
    hand = hands[leader]
    if not hand >> start & 1:
        raise ValueError("the start of a kvarta must be a card of the leader")
    played = FULL_DECK & ~(hands[0] | hands[1] | hands[2] | hands[3])
    run, complete = kvarta_run(start, played)
    own = run & hand
    hands[leader] = hand ^ own
    if not hands[leader]:
        return KvartaLay(own, (), complete, leader, None)
    filled: list[tuple[int, int]] = []
    rest = run ^ own
    while rest:
        bit = rest & -rest
        rest ^= bit
        holder = 0 if hands[0] & bit else 1 if hands[1] & bit else 2 if hands[2] & bit else 3
        hands[holder] ^= bit
        filled.append((holder, bit.bit_length() - 1))
        if not hands[holder]:
            return KvartaLay(own, tuple(filled), complete, holder, None)
    top_is_own = own.bit_length() == run.bit_length()
    nxt = filled[-1][0] if complete and not top_is_own else leader
    return KvartaLay(own, tuple(filled), complete, None, nxt)


# -- R-DESITKY -------------------------------------------------------------------------
def _desitky_opens(c: int) -> int:
    """The cards that laying ``c`` makes layable: a ten opens its row both ways, a card below
    the ten the next lower one, a card above it the next higher one."""
    rank = c & 7
    if rank == Rank.TEN:
        return (1 << (c - 1)) | (1 << (c + 1))
    if rank < Rank.TEN:
        return 1 << (c - 1) if rank > 0 else 0
    return 1 << (c + 1) if rank < Rank.ESO else 0


DESITKY_OPENS: tuple[int, ...] = tuple(_desitky_opens(c) for c in range(NUM_CARDS))


def desitky_ends(laid: int) -> int:
    """R-DESITKY-TURN: the cards that may be laid next when ``laid`` is on the table (the
    unopened tens and the next card beyond each end of an open row)."""
    ends = TENS_MASK
    m = laid
    while m:
        low = m & -m
        ends |= DESITKY_OPENS[low.bit_length() - 1]
        m ^= low
    return ends & ~laid


def desitky_next_ends(ends: int, c: int) -> int:
    """The ``desitky_ends`` after laying ``c`` (one of ``ends``), from the ends before it."""
    return (ends | DESITKY_OPENS[c]) & ~(1 << c)


def desitky_knockers(hands: Sequence[int], ends: int, seat: int) -> list[int]:
    """R-DESITKY-KNOCK: when the turn comes to ``seat``, the seats that knock, in order: from
    it clockwise every seat that can lay nothing, up to the first that can (who plays next)."""
    out: list[int] = []
    while not hands[seat] & ends:
        if len(out) == 4:
            raise ValueError("nobody can lay: not a position of desítky")
        out.append(seat)
        seat = (seat + 1) & 3
    return out


def desitky_refusal_code(hand: int, ends: int, c: int) -> tuple[str, str] | None:
    bit = 1 << c
    if not hand & bit:
        return ("not_in_hand", "R-DESITKY-TURN")
    if not ends & bit:
        return ("not_playable", "R-DESITKY-TURN")
    return None
