"""Lóra pictures as a phone shows them (Discord scales a picture to the screen, ~430 px): the
hand picture shows the last trick's cards, the final order's notes and the čistá stovka rule
are big enough to read, and the score sheet comes in the layout a phone can read."""

from __future__ import annotations

import random
from functools import cache

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.render import cards, center, hand, minis, render_sheet, seats, sheet, sheet_pages, table
from bot.render.bench import NAMES, example
from bot.render.common import EMBED_W, MUTED, PHONE_TEXT, PHONE_W, RED
from bot.render.fonts import font
from engine.lora import Lora
from engine.rules import trick_winner_offset
from engine.views import TrickView

RICH_SEED = 20  # a random lóra with harakiri and three declared čisté stovky


@cache
def _rich() -> Lora:
    lora = Lora(rng=random.Random(RICH_SEED))
    rng = random.Random(RICH_SEED)
    while lora.to_act is not None:
        lora.apply(rng.choice(lora.legal_actions()))
    assert any(r.tali is None for r in lora.protocol), "the seed no longer gives a harakiri"
    assert sum(a is True for a in lora.stovka) >= 2
    return lora


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
    # and the picture holds those very cards there, as mini cards (rank over suit medallion)
    img = hand.hand_image(view, "cs", NAMES)
    h = cards.card_height(hand.LAST_W)
    for _, card, x, _ in places:
        box = (x + 4, hand.LAST_Y + 4, x + hand.LAST_W - 4, hand.LAST_Y + h - 4)
        face = minis.mini_face(card, hand.LAST_W).crop((4, 4, hand.LAST_W - 4, h - 4))
        assert _mad(img.crop(box), face) < 2, card
        for other in ((card + 1) % 32, (card + 8) % 32):  # another rank, another suit
            looks = minis.mini_face(other, hand.LAST_W).crop((4, 4, hand.LAST_W - 4, h - 4))
            assert _mad(img.crop(box), looks) > 5, (card, other)


def test_the_last_trick_fits_the_table_middle_and_the_picture_stays_short() -> None:
    h = cards.card_height(hand.LAST_W)
    # as large as the table's last-trick inset (in its embed)
    assert hand.LAST_W * PHONE_W / hand.W >= center.LAST_W * EMBED_W / table.W
    assert hand.LAST_Y - 6 >= hand.NAMES_Y + 10  # under the players' names
    label_top = hand.BOARD_Y + hand.BOARD_H - 16 - font(hand.LAST_PX, "bold").size // 2
    assert hand.LAST_Y + h + cards.margin(hand.LAST_W) <= label_top
    assert hand.H <= 700  # 644 before: about 7 % taller


def test_no_last_trick_before_the_first_trick_and_outside_trick_games() -> None:
    lora = Lora(rng=random.Random(1))
    assert hand.last_trick_places(lora.view(lora.to_act or 0)) == []
    for kind in ("kvarty", "desitky", "stovka", "choose"):
        lora = example(kind)
        assert hand.last_trick_places(lora.view(lora.to_act or 0)) == []


# -- the table's game area: notes big enough for a phone's embed -------------------------
def test_the_table_notes_are_readable_in_the_embed() -> None:
    assert table.W == 2 * center.CX
    assert center.NOTE_PX * EMBED_W / table.W >= 11


ONE_LINE = table.game_area(seats.LEGEND_ROW)  # the game's area over a legend of one line


def _clear_of_the_seats(x0: int, y0: int, w: int, h: int, area: center.Area = ONE_LINE
                        ) -> None:
    """The box is in the game's area: under the seats, above the legend, on the picture."""
    assert area.y >= max(by + bh for _, by, _, bh in table.BOXES.values())
    assert area.x <= x0 and x0 + w <= area.x + area.w, ((x0, w), area)
    assert area.y <= y0 and y0 + h <= area.y + area.h, ((y0, h), area)


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_final_orders_notes_are_whole_at_full_size(lang: str) -> None:
    view = _rich().public_view()
    top, height, notes = center.order_layout(view, lang, ONE_LINE)
    assert any(notes), "the example has notes"
    f = font(center.NOTE_PX, "narrow")
    for lines in notes:
        for parts in lines:
            assert f.getlength(center.NOTE_SEP.join(t for t, _ in parts)) <= center.NOTE_W
    _clear_of_the_seats(center.CX - center.ORDER_W // 2, top, center.ORDER_W, height)


def test_the_harakiri_notes_say_fewer_is_better_where_they_stand_whole() -> None:
    """Review 59: "harakiri 12" did not say fewer is the better place. Beside a missed
    čistá stovka the words do not fit a line (nor the box two lines a place): there the
    notes keep the points alone — the final post's text says it whole."""
    from tests.test_bot_harakiri import two_ties

    _, _, notes = center.order_layout(_rich().public_view(), "cs", ONE_LINE)
    assert [[[t for t, _ in line] for line in place] for place in notes] == [
        [], [["stovka nevyšla", "harakiri: 12 b."]], [["stovka nevyšla", "harakiri: 19 b."]],
        [["stovka nevyšla"]]]
    lora, _ = two_ties()
    no_legend = table.game_area(0)  # (nobody declared: no legend under the table)
    _, _, notes = center.order_layout(lora.public_view(), "en", no_legend)
    assert [[[t for t, _ in line] for line in place] for place in notes] == [
        [["harakiri: 0 → 0 pts (fewer is better)"]], [["harakiri: 0 → 40 pts (fewer is better)"]],
        [["harakiri: 0 pts (fewer is better)"]], [["harakiri: 40 pts (fewer is better)"]]]
    assert center.order_head(notes, no_legend) == center.ORDER_HEAD  # its title, "Final order"


def test_four_long_notes_each_still_fit_between_the_seats(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    long = [("stovka nevyšla", RED), ("harakiri 12 → 40 → 102 → 0", MUTED)]
    monkeypatch.setattr(center, "_order_notes", lambda *_: list(long))
    view = _rich().public_view()
    top, height, notes = center.order_layout(view, "cs", ONE_LINE)
    assert height <= ONE_LINE.h
    assert all(len(lines) == 1 for lines in notes)  # each on one line
    # the title left out: with it the box would be 26 px taller than the area (300 > 274)
    assert center.order_head(notes, ONE_LINE) == center.ORDER_FOOT
    assert center._order_height(notes, center.ORDER_HEAD) == 300 and ONE_LINE.h == 274
    _clear_of_the_seats(center.CX - center.ORDER_W // 2, top, center.ORDER_W, height)
    assert table.table_image(view, NAMES).size == (table.W, table.H)


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_stovka_rule_is_readable_and_its_banner_fits(lang: str) -> None:
    lines, height = center.stovka_banner(lang)
    assert 1 <= len(lines) <= 3
    _clear_of_the_seats(center.CX - center.BANNER_W // 2, ONE_LINE.cy - height // 2,
                        center.BANNER_W, height)


# -- the score sheet: the layout a phone reads -----------------------------------------------
MIN_PHONE_PX = 11  # (tests/test_render_legibility)


def _label_phone_px(columns: int) -> float:
    return sheet.LABEL_PX * PHONE_W / sheet.sheet_width(columns)


def test_the_sheet_pages_games_names_are_phone_text_high() -> None:
    """The whole sheet's games' names were 11 px at PHONE_W (6 px on two columns) and the
    sheet too tall to be shown that wide: on a page they are PHONE_TEXT px high."""
    assert _label_phone_px(2) < _label_phone_px(1) < PHONE_TEXT
    assert sheet_pages.LABEL_PX * PHONE_W / sheet_pages.PAGE_W >= PHONE_TEXT


def test_the_whole_sheet_keeps_the_layout_a_phone_can_read() -> None:
    """The whole sheet (the export's document) stays in one column, the wider of the two."""
    assert _label_phone_px(2) < MIN_PHONE_PX <= _label_phone_px(1)
    assert sheet.phone_columns() == 1
    view = example("finished").public_view()
    assert render_sheet(view, NAMES) == render_sheet(view, NAMES, columns=1)
    img = sheet.sheet_image(view, NAMES)
    assert img.width == sheet.sheet_width(1) < img.height
    assert sheet.sheet_image(view, NAMES, columns=2).width == sheet.sheet_width(2)


@pytest.mark.parametrize("page", range(5))
def test_the_sheet_pages_running_totals_and_points_are_readable_on_a_phone(monkeypatch,
                                                                          page: int) -> None:
    """The small grey running totals beside each game's points were drawn at 19 px: about
    6 px of ink on a phone's 430 px. On a page they are drawn at least ``PHONE_TEXT`` px
    high as a phone shows it (as the games' names), the points larger still."""
    sizes: dict[object, set[int]] = {sheet.TOTAL_COLOUR: set(), "points": set()}
    real = sheet_pages.text

    def spy(img: object, xy: object, value: str, fnt: object, *args: object,
            **kw: object) -> float:
        colour = args[0] if args else kw.get("fill")
        if value.isdigit():
            sizes[sheet.TOTAL_COLOUR if colour == sheet.TOTAL_COLOUR else "points"].add(
                fnt.size)  # type: ignore[attr-defined]
        return real(img, xy, value, fnt, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(sheet_pages, "text", spy)
    sheet_pages.page_image(example("finished").public_view(), NAMES, "cs", page)
    scale = PHONE_W / sheet_pages.PAGE_W
    if page < 4:  # (the overview has no running totals: a tálie's sums and the totals)
        assert sizes[sheet.TOTAL_COLOUR] and min(sizes[sheet.TOTAL_COLOUR]) * scale >= PHONE_TEXT
    assert sizes["points"] and min(sizes["points"]) * scale >= PHONE_TEXT + 2


def _rank_ink(face: Image.Image, width: int, bottom: int | None = None, card: int = 0
              ) -> tuple[int, int, int, int]:
    """Where a mini card's rank has ink: above the medallion (``bottom``), inside the card's
    edge; ink: at least a third of the way from the face to ``card``'s full ink (a darker
    ink's faint edge is not its glyph: review 83's near-black acorns)."""
    band = (3, 4, width - 4, bottom or round(width * 0.55))
    part = face.convert("RGB").crop(band)
    ink = ImageChops.difference(part, Image.new("RGB", part.size, minis.FACE))
    full = Image.new("RGB", (1, 1), tuple(abs(a - b) for a, b in zip(
        minis.look(card).ink, minis.FACE, strict=True))).convert("L").getpixel((0, 0))
    assert isinstance(full, int)
    found = ink.convert("L").point(lambda v: 255 if v > full / 3 else 0).getbbox()
    assert found is not None
    return found[0] + 3, found[1] + 4, found[2] + 3, found[3] + 4


@pytest.mark.parametrize(("fan", "px"), [(center.KVARTY_FAN, center.MINI_RANK),
                                         (center.TURN_FAN, center.ROW_RANK),
                                         ((68, 33), None)])  # (a rank sized by the width)
def test_a_rank_in_a_fan_of_mini_cards_shows_whole_where_the_next_card_leaves_it(fan, px
                                                                                  ) -> None:
    """Review 52: in the earlier kvarty the next mini card covered the "0" of a "10" ("1(" at
    phone size; a "K" lost its leg too). A rank now stays in the part left free: a letter
    moved into it, a "10" narrowed into it, each as tall as out of a fan (the table's mini
    cards have their rank ``px`` high, 11 px in the embed)."""
    width, step = fan
    bottom = px + 6 if px else None
    for card in range(32):
        alone = _rank_ink(minis.mini_face(card, width, rank_px=px), width, bottom, card)
        left, top, right, bottom_ = _rank_ink(minis.mini_face(card, width, free=step, rank_px=px),
                                              width, bottom, card)
        assert right <= step - 2, (card, right)  # whole, left of the next card
        assert (top, bottom_) == alone[1:4:2], card  # its height kept
        if card % 8 == 3:  # "10": narrowed, still wide enough to read
            assert alone[2] > step and right - left >= step // 2
        else:
            assert abs((right - left) - (alone[2] - alone[0])) <= 1, card
