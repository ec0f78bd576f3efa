"""Rules of thumb for playing a card, on masks: the medium player's play and the hard
player's rollouts.

The legal cards always come from ``play.legal_mask``; this only picks among them.

Ordinary games: lead a sure tarok while rich in taroks (draw the others' taroks), cash a king
or another top card of a suit, otherwise lead low from the shortest suit; follow by smearing
points onto a partner's sure trick, taking a valuable trick with the cheapest sure winner,
and otherwise playing cheap; the pagát stays for the last trick when its holder wants the
ultimo. Varšava: stay under the trick whenever possible and shed high cards while doing so.
"""

from __future__ import annotations

from engine.taroky.cards import (
    CARD_VALUES,
    COLOR_MASKS,
    NUM_TAROKS,
    PAGAT,
    SUITS,
    TAROK,
    TAROKS,
    cards_of,
    color,
)
from engine.taroky.play import trick_winner

PAGAT_BIT = 1 << PAGAT


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def _cheapest(mask: int) -> int:
    """The card of least value, the lowest among equals."""
    return min(cards_of(mask), key=lambda c: (CARD_VALUES[c], c))


def _dearest(mask: int) -> int:
    return max(cards_of(mask), key=lambda c: (CARD_VALUES[c], c))


def _above(card: int) -> int:
    """Cards of the same colour stronger than ``card``."""
    return COLOR_MASKS[color(card)] & ~((1 << (card + 1)) - 1)


def policy_card(
    seat: int,
    hand: int,
    legal: int,
    trick: list[int],
    leader: int,
    index: int,
    sides: list[str | None],
    others: int,
    varsava: bool,
    keep_pagat: bool,
) -> int:
    """The card to play. ``sides``: each seat's side as this player takes it (None:
    unknown, treated as an opponent); ``others``: the cards that may be in other hands."""
    if not legal & (legal - 1):
        return _high(legal)
    if varsava:
        return _varsava(hand, legal, trick, len(trick))
    if keep_pagat and index < 11 and legal & PAGAT_BIT and legal != PAGAT_BIT:
        legal &= ~PAGAT_BIT
    if not legal & (legal - 1):
        return _high(legal)
    if not trick:
        return _lead(hand, legal, others)
    w = trick_winner(trick)
    wseat = (leader + w) % 4
    wcard = trick[w]
    after = 3 - len(trick)
    me = sides[seat]
    friend = me is not None and sides[wseat] == me
    other_taroks = others & TAROKS
    if wcard < NUM_TAROKS:
        safe = not (other_taroks & _above(wcard))
    else:
        safe = not (other_taroks or others & _above(wcard))
    sure = after == 0 or safe
    if legal & TAROKS == 0:  # following suit, or void of the suit and of taroks
        if friend and sure:
            return _dearest(legal)
        if wcard >= NUM_TAROKS:
            winners = legal & _above(wcard)
            if winners:
                top = _high(winners)
                if after == 0:
                    return _low(winners)
                if not others & _above(top) and not other_taroks:
                    return top
        return _cheapest(legal)
    # taroks
    if friend and sure:
        return _low(legal)
    beat = legal if wcard >= NUM_TAROKS else legal & _above(wcard)
    if not beat:
        return _low(legal)
    if after == 0:
        return _low(beat)
    sure_beat = beat & ~((1 << (_high(other_taroks) + 1)) - 1) if other_taroks else beat
    points = sum(CARD_VALUES[c] for c in trick)
    if sure_beat and points >= 4:
        return _low(sure_beat)
    return _low(legal)


def _lead(hand: int, legal: int, others: int) -> int:
    mine = legal & TAROKS
    theirs = others & TAROKS
    if mine and mine.bit_count() * 2 > theirs.bit_count():
        top = _high(mine)
        if not theirs or top > _high(theirs):
            return top  # a sure tarok: draw theirs
    best: tuple[int, int] | None = None
    for suit in range(4):
        mine_s = legal & COLOR_MASKS[suit]
        if not mine_s:
            continue
        top = _high(mine_s)
        theirs_s = others & COLOR_MASKS[suit]
        if theirs_s and not theirs_s & _above(top) and theirs_s.bit_count() >= 2:
            value = CARD_VALUES[top]
            if best is None or value > best[0]:
                best = (value, top)
    if best is not None:
        return best[1]
    suits = [s for s in range(4) if legal & COLOR_MASKS[s]]
    if suits:
        short = min(suits, key=lambda s: ((legal & COLOR_MASKS[s]).bit_count(), s))
        return _cheapest(legal & COLOR_MASKS[short])
    return _low(mine & ~PAGAT_BIT) if mine & ~PAGAT_BIT else _low(legal)


def _varsava(hand: int, legal: int, trick: list[int], played: int) -> int:
    """Varšava: take as few eyes as possible."""
    after = 3 - played
    if not trick:
        suits = legal & SUITS
        if suits:
            return min(cards_of(suits), key=lambda c: (CARD_VALUES[c], (c - NUM_TAROKS) & 7))
        return _low(legal)
    w = trick_winner(trick)
    wcard = trick[w]
    if legal & TAROKS:
        high = max((c for c in trick if c < NUM_TAROKS), default=-1)
        under = legal & ((1 << high) - 1) if high >= 0 else 0
        if under:
            return _high(under)
        return _high(legal) if after == 0 else _low(legal)
    led = color(trick[0])
    if led == TAROK or legal & COLOR_MASKS[led] == 0:
        return _dearest(legal)  # a discard: shed the most
    if wcard < NUM_TAROKS:
        return _dearest(legal)
    under = legal & ((1 << wcard) - 1)
    if under:
        return _high(under)
    return _dearest(legal) if after == 0 else _low(legal)
