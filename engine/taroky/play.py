"""T-PLAY: who leads, which cards may be played, who takes the trick.

``legal_mask`` is the one definition of a legal card: the deal's ``verify`` and
``legal_actions``, the fast playouts and the AI call it. ``play_refusal`` says why a card is
not in it, step by step in the order of T-PLAY-FOLLOW and T-PLAY-W.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.taroky.cards import (
    COLOR_MASKS,
    MOND,
    NUM_TAROKS,
    PAGAT,
    SKYZ,
    TAROK,
    TAROKS,
    color,
)
from engine.taroky.errors import Refusal

PAGAT_BIT = 1 << PAGAT
MOND_BIT = 1 << MOND
SKYZ_BIT = 1 << SKYZ
TRICKS = 12


def first_leader(game: str, dealer: int, declarer: int) -> int:
    """T-PLAY-LEAD: the předák in 1P, 2P and Varšava; the declarer in 3P and 6P."""
    if game in ("1P", "2P", "W"):
        return (dealer + 1) % 4
    return declarer


def follow_mask(hand: int, trick: Sequence[int]) -> int:
    """T-PLAY-FOLLOW: follow suit, else a tarok, else anything; a tarok led: a tarok."""
    if not trick:
        return hand
    led = color(trick[0])
    m = hand & COLOR_MASKS[led]
    if m:
        return m
    if led != TAROK:
        m = hand & TAROKS
        if m:
            return m
    return hand


def _pagat_last(hand: int, taroks: int) -> int:
    """T-PLAY-W 1: I only as the seat's last tarok."""
    if taroks & PAGAT_BIT and hand & TAROKS & ~PAGAT_BIT:
        return taroks & ~PAGAT_BIT
    return taroks


def _mond(hand: int, taroks: int, trick: Sequence[int], mond_rule: bool) -> int:
    """T-PLAY-W 2: no XXI onto Sk, unless XXI is the last tarok (or XXI and I are all)."""
    if not mond_rule or not taroks & MOND_BIT or SKYZ not in trick:
        return taroks
    if not hand & TAROKS & ~(MOND_BIT | PAGAT_BIT):
        return taroks
    return taroks & ~MOND_BIT


def _overtake(taroks: int, trick: Sequence[int]) -> int:
    """T-PLAY-W 3: above the highest tarok in the trick whenever some allowed tarok is."""
    high = max((c for c in trick if c < NUM_TAROKS), default=-1)
    if high < 0:
        return taroks
    higher = taroks & ~((1 << (high + 1)) - 1)
    return higher if higher else taroks


def legal_mask(hand: int, trick: Sequence[int], varsava: bool, mond_rule: bool = True) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (empty: leading)."""
    m = follow_mask(hand, trick)
    if varsava and m & TAROKS:
        t = _overtake(_mond(hand, _pagat_last(hand, m & TAROKS), trick, mond_rule), trick)
        m = (m & ~TAROKS) | t
    return m


def play_refusal(
    hand: int, card: int, trick: Sequence[int], varsava: bool, mond_rule: bool = True
) -> Refusal | None:
    """Why ``card`` may not be played (None: it is in ``legal_mask``): the first step of
    T-PLAY-FOLLOW and T-PLAY-W that removes it."""
    bit = 1 << card
    if not hand & bit:
        return ("not_in_hand", "T-PLAY")
    if legal_mask(hand, trick, varsava, mond_rule) & bit:
        return None
    if not follow_mask(hand, trick) & bit:
        led = color(trick[0])
        if led != TAROK and hand & COLOR_MASKS[led]:
            return ("must_follow_suit", "T-PLAY-FOLLOW")
        return ("must_play_tarok", "T-PLAY-FOLLOW")
    t = _pagat_last(hand, hand & TAROKS)
    if not t & bit:
        return ("pagat_last", "T-PLAY-W")
    if not _mond(hand, t, trick, mond_rule) & bit:
        return ("mond_on_skyz", "T-PLAY-W")
    return ("must_overtake", "T-PLAY-W")


def trick_winner(trick: Sequence[int]) -> int:
    """T-PLAY-WIN: the index (in playing order) of the card that takes the trick."""
    led = color(trick[0])
    best = 0
    for i in range(1, len(trick)):
        c = trick[i]
        b = trick[best]
        if c < NUM_TAROKS:
            if b >= NUM_TAROKS or c > b:
                best = i
        elif b >= NUM_TAROKS and color(c) == led and c > b:
            best = i
    return best
