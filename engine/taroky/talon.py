"""T-CALL and T-TALON: the partner call, the 4-1-1, the preferanc trojkas, the discards.

Each rule is one function; the deal, ``legal_actions`` and the AI use them alike.
"""

from __future__ import annotations

from engine.taroky.cards import KINGS, SUITS, TAROKS, TRUL, cards_of, tarok
from engine.taroky.errors import Refusal

XIX, XVIII, XVII, XVI = tarok(19), tarok(18), tarok(17), tarok(16)
CALLABLE = (XVI, XVII, XVIII, XIX)  # the order of ``legal`` (T-REPLAY-CONVENTIONS)


# -- T-CALL ----------------------------------------------------------------------------
def call_refusal(hand: int, card: int) -> Refusal | None:
    """``card`` may be called iff it is XIX … XVI and the declarer holds every tarok above
    it up to XIX (holding ``card`` itself makes it a tiché sólo)."""
    if card not in CALLABLE:
        return ("bad_call", "T-CALL")
    for above in range(card + 1, XIX + 1):
        if not hand >> above & 1:
            return ("bad_call", "T-CALL")
    return None


def legal_calls(hand: int) -> list[int]:
    return [c for c in CALLABLE if call_refusal(hand, c) is None]


def silent_solo(hand: int, card: int) -> bool:
    """Calling a tarok the declarer holds himself is a tiché sólo (he plays alone)."""
    return bool(hand >> card & 1)


# -- T-TALON-411 -----------------------------------------------------------------------
def four_one_one(declarer: int, talon: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
    """Who takes what: the declarer ``talon[0:4]``, the next seat ``talon[4]``, the seat
    after that ``talon[5]``; the fourth seat nothing."""
    return [
        (declarer, tuple(talon[0:4])),
        ((declarer + 1) % 4, (talon[4],)),
        ((declarer + 2) % 4, (talon[5],)),
    ]


# -- T-TALON-3P ------------------------------------------------------------------------
def upper(talon: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(talon[0:3])


def lower(talon: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(talon[3:6])


# -- T-TALON-DISCARD -------------------------------------------------------------------
NEVER_DISCARDED = KINGS | TRUL


def discard_mask(hand: int) -> int:
    """The cards that may be laid away next, one at a time: never a king or a trul card;
    a tarok only once no non-king suit card is left in the hand."""
    suit_cards = hand & SUITS & ~KINGS
    if suit_cards:
        return suit_cards
    return hand & TAROKS & ~TRUL


def discard_refusal(hand: int, card: int) -> Refusal | None:
    bit = 1 << card
    if not hand & bit:
        return ("not_in_hand", "T-TALON-DISCARD")
    if discard_mask(hand) & bit:
        return None
    if bit & NEVER_DISCARDED:
        return ("discard_king_or_trul", "T-TALON-DISCARD")
    return ("discard_tarok", "T-TALON-DISCARD")


def discard_options(hand: int, count: int) -> int:
    """The cards that belong to at least one legal discard of ``count`` cards from ``hand``.

    Found by laying cards away one at a time by ``discard_mask`` (memoised on the hand left),
    so it cannot disagree with the one-card rule: a card of this mask may still be refused in
    a particular discard (a tarok without every suit card), never in all of them.
    """
    found = 0
    known: dict[int, bool] = {}

    def reach(left_hand: int) -> bool:
        nonlocal found
        if left_hand in known:
            return known[left_hand]
        laid = hand & ~left_hand
        ok = laid.bit_count() == count
        if ok:
            found |= laid
        else:
            for c in cards_of(discard_mask(left_hand)):
                ok = reach(left_hand & ~(1 << c)) or ok
        known[left_hand] = ok
        return ok

    if count > 0:
        reach(hand)
    return found


def is_face_up(card: int) -> bool:
    """A discarded tarok lies face up for all; other discards are hidden."""
    return bool(TAROKS >> card & 1)
