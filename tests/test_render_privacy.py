"""Pictures depend only on what their viewer may know: other seats' hidden cards never show."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from bot.games.lora.hand import hand_alt
from bot.render import render_hand, render_last_trick, render_sheet, render_table
from engine.actions import Play
from engine.cards import cards_of, shuffled_deal
from engine.lora import Lora

NAMES = ["Anička", "Bohouš", "Cecílie", "Dalibor"]


def _swapped(deal: tuple[int, int, int, int]) -> tuple[tuple[int, int, int, int], int, int]:
    """The deal with one card of seat 2 and one of seat 3 of the same suit swapped."""
    for x in cards_of(deal[2]):
        for y in cards_of(deal[3]):
            if x // 8 == y // 8:
                hands = list(deal)
                hands[2] = hands[2] ^ (1 << x) | (1 << y)
                hands[3] = hands[3] ^ (1 << y) | (1 << x)
                return (hands[0], hands[1], hands[2], hands[3]), x, y
    raise LookupError


def _twin_loras(seed: int, plays: int) -> tuple[Lora, Lora]:
    """Two lóry differing only in hidden cards of seats 2 and 3, after the same public plays."""
    deal = shuffled_deal(random.Random(seed))
    other, x, y = _swapped(deal)
    a, b = Lora(deals=[deal]), Lora(deals=[other])
    rng = random.Random(seed)
    for _ in range(plays):
        options = [
            act for act in a.legal_actions()
            if isinstance(act, Play) and act.card not in (x, y) and b.is_legal(act)
        ]
        if not options:
            break
        act = rng.choice(options)
        a.apply(act)
        b.apply(act)
    assert a.game is not None and b.game is not None
    assert a.game.hands[2] != b.game.hands[2]  # the hidden cards really differ
    return a, b


@pytest.mark.parametrize(("seed", "plays"), [(1, 0), (2, 3), (3, 6), (4, 9), (5, 13)])
def test_pictures_ignore_other_seats_hidden_cards(seed: int, plays: int) -> None:
    a, b = _twin_loras(seed, plays)
    pa, pb = a.public_view(), b.public_view()
    assert pa == pb
    assert render_table(pa, NAMES) == render_table(pb, NAMES)
    assert render_sheet(pa, NAMES) == render_sheet(pb, NAMES)
    assert render_last_trick(pa, NAMES) == render_last_trick(pb, NAMES)
    table = SimpleNamespace(names=lambda: NAMES)
    for seat in (0, 1):
        assert render_hand(a.view(seat)) == render_hand(b.view(seat))
        # and the picture's alt text (the last trick, the kvarta … in words)
        assert hand_alt(table, a.view(seat), "cs") == hand_alt(table, b.view(seat), "cs")
    assert render_hand(a.view(2)) != render_hand(b.view(2))  # seat 2's own hand did change
