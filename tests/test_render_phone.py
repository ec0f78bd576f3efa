"""Lóra pictures as a phone shows them (Discord scales a picture to the screen, ~430 px): the
hand picture shows the last trick's cards."""

from __future__ import annotations

import random

from PIL import Image, ImageChops, ImageStat

from bot.render import cards, hand
from bot.render.bench import NAMES, example
from bot.render.fonts import font
from engine.lora import Lora
from engine.rules import trick_winner_offset
from engine.views import TrickView


def _mad(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean) / 3


# -- the hand picture: the last trick ---------------------------------------------------------
def test_the_hand_picture_shows_the_last_tricks_cards_under_their_players() -> None:
    lora = example("trick")
    seat = lora.to_act
    assert seat is not None
    view = lora.view(seat)
    part = view.public.game
    assert isinstance(part, TrickView) and part.last_trick is not None
    first, played = part.last_trick
    winner = (first + trick_winner_offset(played)) % 4
    places = hand.last_trick_places(view)
    # in play order, each card under its player's column of the trick being played
    assert [(p[0], p[1]) for p in places] == [((first + i) % 4, c) for i, c in enumerate(played)]
    assert [p[3] for p in places] == [s == winner for s, _, _, _ in places]
    lead = part.trick[0][0] if part.trick else view.public.to_act
    assert lead is not None
    columns = hand._columns(4)
    for s, _, x, _ in places:
        column = columns[(s - lead) % 4]
        assert x + hand.LAST_W // 2 == column + hand.SLOT_W // 2
    # and the picture holds those very faces there
    img = hand.hand_image(view, "cs", NAMES)
    h = cards.card_height(hand.LAST_W)
    for _, card, x, _ in places:
        box = (x + 4, hand.LAST_Y + 4, x + hand.LAST_W - 4, hand.LAST_Y + h - 4)
        face = cards.scaled(card, hand.LAST_W).crop((4, 4, hand.LAST_W - 4, h - 4))
        assert _mad(img.crop(box), face) < 2, card
        other = cards.scaled((card + 1) % 32, hand.LAST_W).crop((4, 4, hand.LAST_W - 4, h - 4))
        assert _mad(img.crop(box), other) > 10


def test_the_last_trick_fits_the_table_middle_and_the_picture_stays_short() -> None:
    h = cards.card_height(hand.LAST_W)
    assert hand.LAST_W * 430 / hand.W >= 32  # as large as the table's last-trick inset
    assert hand.LAST_Y - 6 >= hand.NAMES_Y + 10  # under the players' names
    label_top = hand.BOARD_Y + hand.BOARD_H - 16 - font(22, "bold").size // 2
    assert hand.LAST_Y + h + cards.margin(hand.LAST_W) <= label_top
    assert hand.H <= 700  # 644 before: about 7 % taller


def test_no_last_trick_before_the_first_trick_and_outside_trick_games() -> None:
    lora = Lora(rng=random.Random(1))
    assert hand.last_trick_places(lora.view(lora.to_act or 0)) == []
    for kind in ("kvarty", "desitky", "stovka", "choose"):
        lora = example(kind)
        assert hand.last_trick_places(lora.view(lora.to_act or 0)) == []
