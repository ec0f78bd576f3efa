"""Hand strength and the rules of thumb before the play: bidding, the předák's choice, the
call, the trojka, the discards, the announcements. They read a ``SeatView`` only and return
one of its legal actions.

Strength counts what takes tricks in an ordinary game: taroks (the high ones more, Škýz and
mond most), kings, and the voids a tarok-rich hand can trump into. Varšava danger counts what
takes tricks in Varšava (high taroks, kings, queens, long suits of high cards).
"""

from __future__ import annotations

from engine.taroky.actions import Announce, Bid, Call, Choose, DealAction, Discard, Trojka
from engine.taroky.cards import (
    CARD_VALUES,
    COLOR_MASKS,
    KINGS,
    MOND,
    PAGAT,
    SKYZ,
    TAROKS,
    cards_of,
    suit_card,
)
from engine.taroky.talon import XIX
from engine.taroky.views import SeatView

OPEN_3P = 10.5  # strength to bid preferanc
OPEN_6P = 14.5  # … sólo
OPEN_2P = 9.0  # … the second duty (with I and 7 taroks)


def tarok_power(c: int) -> float:
    if c == SKYZ:
        return 3.0
    if c == MOND:
        return 2.5
    if c == PAGAT:
        return 0.6
    if c >= 17:  # XVIII … XX
        return 1.7
    if c >= 13:  # XIV … XVII
        return 1.2
    return 0.8


def strength(hand: int) -> float:
    taroks = hand & TAROKS
    t = taroks.bit_count()
    value = sum(tarok_power(c) for c in cards_of(taroks))
    for suit in range(4):
        mine = hand & COLOR_MASKS[suit]
        n = mine.bit_count()
        if mine >> suit_card(suit, 7) & 1:
            value += 1.6
            if mine >> suit_card(suit, 6) & 1:
                value += 0.5
        if n == 0 and t >= 5:
            value += 1.0
        elif n == 1 and t >= 6 and not mine & KINGS:
            value += 0.4
    return value


def varsava_danger(hand: int) -> float:
    """How many eyes this hand would probably take in Varšava."""
    danger = 0.0
    for c in cards_of(hand & TAROKS):
        if c >= 14:
            danger += 1.0 + (1.5 if c in (MOND, SKYZ) else 0.0)
    for suit in range(4):
        mine = hand & COLOR_MASKS[suit]
        for c in cards_of(mine):
            rank = (c - 22) & 7
            if rank >= 6:
                danger += 1.0 if mine.bit_count() <= 2 else 2.0
    return danger


def decide_bid(view: SeatView, caution: float = 0.0) -> DealAction:
    """``caution``: the strength a bid needs beyond the medium's thresholds (the easy
    player, who plays his cards at random, bids only what nearly makes itself)."""
    legal = {a.bid for a in view.legal if isinstance(a, Bid)}
    hand = view.hand
    s = strength(hand)
    t = (hand & TAROKS).bit_count()
    for bid, threshold in (("6P", OPEN_6P), ("3P", OPEN_3P)):
        if bid in legal and s >= threshold + caution:
            return Bid(view.seat, bid)
    if "2P" in legal and t >= 7 and s >= OPEN_2P + caution:
        return Bid(view.seat, "2P")
    if "zduch" in legal and varsava_danger(hand) <= 2.0 and s < 9.0:
        return Bid(view.seat, "zduch")
    if "1P" in legal:
        return Bid(view.seat, "1P")
    return Bid(view.seat, "dobra")


def decide_choose(view: SeatView, caution: float = 0.0) -> DealAction:
    legal = {a.game for a in view.legal if isinstance(a, Choose)}
    hand = view.hand
    t = (hand & TAROKS).bit_count()
    if "W" in legal and t <= 3 and varsava_danger(hand) <= 3.0:
        return Choose(view.seat, "W")
    if "2P" in legal and t >= 7 and strength(hand) >= OPEN_2P + caution:
        return Choose(view.seat, "2P")
    return Choose(view.seat, "1P")


def decide_call(view: SeatView) -> DealAction:
    legal = [a.card for a in view.legal if isinstance(a, Call)]
    for c in sorted(legal, reverse=True):
        if not view.hand >> c & 1:
            return Call(view.seat, c)
    return Call(view.seat, XIX if XIX in legal else legal[-1])


def trojka_gain(cards: tuple[int, ...]) -> float:
    gain = 0.0
    for c in cards:
        if c < 22:
            gain += tarok_power(c)
        elif (1 << c) & KINGS:
            gain += 1.6
        else:
            gain += 0.1 * CARD_VALUES[c]
    return gain


def decide_trojka(view: SeatView) -> DealAction:
    pub = view.public
    looking = trojka_gain(view.trojka_cards)
    if pub.trojka == "upper":
        return Trojka(view.seat, looking >= 2.5)
    upper_gain = trojka_gain(pub.shown[0:3])
    return Trojka(view.seat, looking >= upper_gain)


def decide_discard(view: SeatView) -> DealAction:
    legal = [a.card for a in view.legal if isinstance(a, Discard)]
    hand = view.hand
    suit_cards = [c for c in legal if c >= 22]
    if not suit_cards:
        return Discard(view.seat, min(legal))

    def key(c: int) -> tuple[int, int, int]:
        suit = (c - 22) >> 3
        mine = hand & COLOR_MASKS[suit]
        has_king = int(bool(mine & KINGS))
        return (has_king, (mine & ~KINGS).bit_count(), -CARD_VALUES[c])

    return Discard(view.seat, min(suit_cards, key=key))


def decide_announce(view: SeatView, caution: float = 0.0) -> DealAction:
    """medium: pagát with a long tarok hand, flek and re by hand strength (``caution``: the
    strength a flek needs beyond the medium's; a valát is never announced)."""
    legal = {a.item for a in view.legal if isinstance(a, Announce)}
    hand = view.hand
    pub = view.public
    t = (hand & TAROKS).bit_count()
    high = bool(hand >> SKYZ & 1) + bool(hand >> MOND & 1)
    s = strength(hand)
    if "pagat" in legal and t >= 8 and (high or t >= 9):
        return Announce(view.seat, "pagat")
    if "flek:valat" in legal and pub.flek[2] == 0:  # once: two medium sides never stop
        return Announce(view.seat, "flek:valat")
    if "flek:game" in legal:
        level = pub.flek[0]
        need = 13.0 if view.side == "D" else 12.5
        if pub.game in ("3P1", "3P2", "3P3", "6P") and view.side != "D":
            need += 1.5
        if s >= need + caution + 2.0 * level:
            return Announce(view.seat, "flek:game")
    if "flek:pagat" in legal and t >= 6 and high and pub.flek[1] == 0:
        return Announce(view.seat, "flek:pagat")
    return Announce(view.seat, "done")


def decide_before_play(view: SeatView, caution: float = 0.0) -> DealAction:
    """The medium decision in every phase before the play (``caution`` > 0: bids and fleks
    need that much more strength — the easy player's)."""
    phase = view.public.phase
    if phase == "bid":
        return decide_bid(view, caution)
    if phase == "choose":
        return decide_choose(view, caution)
    if phase == "call":
        return decide_call(view)
    if phase == "trojka":
        return decide_trojka(view)
    if phase == "discard":
        return decide_discard(view)
    return decide_announce(view, caution)

