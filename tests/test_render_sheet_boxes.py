"""The score sheet's players' boxes: a declared čistá stovka is "hlásí" while the lóra's games
go on and made or missed once they are over; the boxes' labels are written alike."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.render import sheet
from bot.render.bench import NAMES, example
from bot.render.strings import s
from engine.contracts import Contract
from engine.lora import Lora
from engine.views import PublicView


# -- the score sheet: čistá stovka made or missed -----------------------------------------------
def _finished() -> PublicView:
    lora = Lora(rng=random.Random(20))
    rng = random.Random(20)
    while lora.to_act is not None:
        lora.apply(rng.choice(lora.legal_actions()))
    return lora.public_view()


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_sheet_says_whether_a_declared_stovka_was_made(lang: str) -> None:
    done = dataclasses.replace(_finished(), stovka=(True, True, False, None),
                               totals=(100, 104, 60, 56))
    assert sheet.stovka_word(done, 0, lang)[0] == s("sheet_stovka_made", lang)
    assert sheet.stovka_word(done, 1, lang)[0] == s("sheet_stovka_missed", lang)
    # a seat that did not declare (or was never asked) has no line (review 67)
    assert sheet.stovka_line(done, 2, lang) is None and sheet.stovka_line(done, 3, lang) is None
    assert sheet.stovka_line(done, 0, lang) == (
        f"{s('sheet_stovka', lang)}: {s('sheet_stovka_made', lang)}", sheet.GREEN)
    assert s("sheet_stovka_made", lang) != s("stovka_yes", lang)
    # while the games go on, a declarer has "declared"; in a harakiri play-off they are over
    playing = example("trick").public_view()
    on = dataclasses.replace(playing, stovka=(True, False, None, None), totals=(100, 0, 0, 0))
    assert sheet.stovka_word(on, 0, lang)[0] == s("sheet_stovka_yes", lang)
    assert sheet.stovka_line(on, 1, lang) is None
    tie = dataclasses.replace(on, contract=Contract.HARAKIRI)
    assert sheet.stovka_word(tie, 0, lang)[0] == s("sheet_stovka_made", lang)
    assert sheet.sheet_image(done, NAMES, lang).width == sheet.sheet_width(1)
    words = {"cs": ("hlásí", "vyšla ✓", "nevyšla ✗"),
             "en": ("declared", "made ✓", "missed ✗")}[lang]
    assert (sheet.stovka_word(on, 0, lang)[0], sheet.stovka_word(done, 0, lang)[0],
            sheet.stovka_word(done, 1, lang)[0]) == words


def test_only_a_declarers_box_has_a_clean_hundred_line(monkeypatch) -> None:
    """English once said "Clean hundred: passes" for everyone who did not declare, then
    "not declared" in every such box (four times when nobody declared: review 67): now only
    a declarer's box has the line, in the two columns' narrower boxes too."""
    done = dataclasses.replace(_finished(), stovka=(True, False, False, False),
                               totals=(100, 104, 60, 56))
    real = sheet.text
    seen: list[str] = []

    def spy(*args: object, **kwargs: object) -> float:
        seen.append(str(args[2]))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sheet, "text", spy)
    for columns in (1, 2):
        seen.clear()
        sheet._block.cache_clear()
        sheet.sheet_image(done, NAMES, "en", columns)
        assert [line for line in seen if line.startswith("Clean hundred")] == [
            "Clean hundred: made ✓"]
        assert not any("passes" in line or "not declared" in line for line in seen)


# -- the legend: sized for the sheet it is on, clear of the bottom edge ------------------------
@pytest.mark.parametrize("lang", ["cs", "en"])
@pytest.mark.parametrize("columns", [1, 2])
def test_the_sheets_legend_is_small_and_inside_the_picture(monkeypatch, lang: str,
                                                           columns: int) -> None:
    """The two-column sheet's legend was 36+ px (larger than the title, grown with the width),
    wrapped, and its last line ended 2–3 px above the edge: now it is phone-readable on one
    column, no larger than the games' names on two (on one line there), and every line's ink
    stays clear of the bottom edge."""
    drawn: list[tuple[str, tuple[int, int, int, int]]] = []
    real = sheet.text

    def spy(img: object, xy: tuple[float, float], value: str, fnt: object, *args: object,
            **kwargs: object) -> float:
        anchor = str(args[1]) if len(args) > 1 else str(kwargs.get("anchor", "la"))
        if value:
            box = fnt.getbbox(value, anchor=anchor)  # type: ignore[attr-defined]
            drawn.append((value, (round(xy[0]) + box[0], round(xy[1]) + box[1],
                                  round(xy[0]) + box[2], round(xy[1]) + box[3])))
        return real(img, xy, value, fnt, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sheet, "text", spy)
    sheet._block.cache_clear()
    img = sheet.sheet_image(_finished(), NAMES, lang, columns)
    size = sheet.legend_size(img.width)
    assert 16 <= size <= sheet.LABEL_PX
    if columns == 1:
        assert size >= 19  # 13 px or more on a 430 px phone
    first = next(i for i, (v, _b) in enumerate(drawn) if v.startswith(("G1", "M1")))
    lines = drawn[first:]  # the legend is drawn last
    assert " · ".join(v for v, _ in lines) == sheet.legend_text(lang)
    if columns == 2:
        assert len(lines) == 1
    for _value, (x0, _y0, x1, y1) in lines:
        assert x0 > 0 and x1 < img.width
        assert y1 <= img.height - 8, (y1, img.height)


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_sheets_box_labels_are_written_alike(lang: str) -> None:
    labels = [s("sheet_total", lang), s("sheet_stovka", lang), s("sheet_harakiri", lang),
              s("sheet_stand_in", lang, n=2),
              s("sheet_place", lang, n=1)]
    for label in labels:  # a capital, or a place's number ("1. místo")
        assert label[:1].isupper() or label[:1].isdigit(), label


# -- the games' names: whole beside a maturita attempt's badge ----------------------------------
@pytest.mark.parametrize("lang", ["cs", "en"])
def test_every_games_name_is_whole_in_its_column_with_any_badge(lang: str) -> None:
    """Review 21: a Czech maturita row read "M3 ✗ První – posl…" (the badge left too little
    room): every game's name is drawn whole (no ellipsis) and within the names' column — in a
    partial game's row, and in an attempt's row beside its badge (M1–M3 / G1–G3, failed,
    passed or being played), the ▶ of the game in play too — by the sheet's own measure."""
    from engine.contracts import TALIE_ORDER
    from tests.sheet_kit import every_label_line

    lines = every_label_line()
    for line in lines:
        tag, name, x, fnt = sheet.label_layout(line, lang)
        _game, _row, _tot, _state, attempt, chosen = line
        whole = sheet.game_name(chosen or TALIE_ORDER[line[0] - 1], lang)
        assert name == whole, (line, name)
        assert x + fnt.getlength(name) <= sheet.NAME_W - 4, (line, name)
        assert (tag is not None) == (attempt is not None)
        if tag is not None:
            assert x - tag.width - sheet.TAG_GAP >= sheet.LABEL_X
        assert fnt.size >= sheet.LABEL_MIN
    # a partial game's name keeps the games' size; only a badge's row may be smaller
    assert {sheet.label_layout(line, lang)[3].size for line in lines if line[4] is None} == {
        sheet.LABEL_PX}


def test_the_stand_in_note_fits_its_box() -> None:
    """The count of an AI's moves for a player, whole in a box of either layout (three
    digits too). (Review 61: the forced moves' count, "Bez volby, automaticky: 64×", is no
    note any more: on the public result it read as though the player had been idle.)"""
    from bot.render.fonts import fitted

    assert s("sheet_stand_in", "cs", n=63) == "Tahů zahraných AI: 63"
    # (review 80: "AI for the absent: 197×" did not say what it counted)
    assert s("sheet_stand_in", "en", n=63) == "AI played 63 of their moves"
    for lang in ("cs", "en"):
        for columns, per_row in ((1, 2), (2, 4)):
            bw = (sheet.sheet_width(columns) - (per_row + 1) * sheet.M) // per_row
            note = s("sheet_stand_in", lang, n=256)
            assert fitted(note, 17, "bold", bw - 24, smallest=17)[0] == note


def test_knock_dots_and_running_totals_read_on_a_phone() -> None:
    """Review 21: at a phone's 430 px the knocks' dots under a desítky number were ~2 px
    specks and the grey running totals small: drawn as a sheet's page draws a cell and
    shrunk as a phone shows the page (``PHONE_W`` wide), each dot is a disc of 14 px or more
    of gold ink (about 4.5 px across), the totals' digits are 11 px high and brighter than
    the muted grey, a three-digit total keeps clear of the points over it (8 px at full
    size) and the dots keep clear of both."""
    from PIL import Image, ImageDraw

    from bot.render import sheet_pages
    from bot.render.common import MUTED, PHONE_W
    from engine.lora import ProtocolRow

    row = ProtocolRow(1, 7, Contract.DESITKY, (13, 0, 0, 0), knocks=(2, 0, 0, 0))
    img = Image.new("RGB", (sheet_pages.CELL_W, sheet_pages.ROW_H), (4, 16, 11))
    sheet_pages._cell(img, ImageDraw.Draw(img), 0, 0, row, (188, 0, 0, 0), 0)
    scale = PHONE_W / sheet_pages.PAGE_W
    small = img.resize((round(img.width * scale), round(img.height * scale)),
                       Image.Resampling.LANCZOS)
    px = small.load()
    cells = [(x, y) for x in range(small.width) for y in range(small.height)]
    gold = [p for p in cells if px[p][0] > 200 and px[p][1] > 150 and px[p][2] < 110]
    assert len(gold) >= 2 * 14, len(gold)
    middle = round((sheet_pages.PTS_Y + sheet_pages.TOTAL_Y) / 2 * scale)
    total = [(x, y) for x, y in cells if y > middle and sum(px[x, y]) > 420]
    ys = [y for _, y in total]
    assert max(ys) - min(ys) + 1 >= 11
    assert max(sum(px[p]) for p in total) > sum(MUTED) + 60
    full = img.load()
    ink = [(x, y) for x in range(img.width) for y in range(img.height) if sum(full[x, y]) > 300]
    def golden(p: tuple[int, int]) -> bool:  # (gold has little blue; white and grey do)
        return full[p][2] < full[p][0] * 0.6

    dots_right = max(x for x, y in ink if golden((x, y)))
    numbers = [p for p in ink if not golden(p)]
    points_bottom = max(y for x, y in numbers if y < sheet_pages.PTS_Y + 20)
    total_top = min(y for x, y in numbers if y > sheet_pages.PTS_Y + 20)
    assert total_top - points_bottom >= 8, (points_bottom, total_top)
    assert min(x for x, _ in numbers) - dots_right >= 6


# -- the harakiri line: never cut, however many play-offs ----------------------------------------
@pytest.mark.parametrize(("times", "lines"), [
    # one play-off of four games: the English lists fit; Bob's Czech one does not, so every
    # box has the sums (one form on the sheet)
    (1, {"cs": ["Harakiri: 40", "Harakiri: 80", "", "Harakiri: 0"],
         "en": ["Harakiri: 40, 0, 0, 0 (total 40)", "Harakiri: 0, 40, 40, 0 (total 80)",
                "", "Harakiri: 0, 0, 0, 0 (total 0)"]}),
    (2, {"cs": ["Harakiri: 0 → 40", "Harakiri: 0 → 80", "", "Harakiri: 0 → 0"]}),
    (3, {"cs": ["Harakiri: 0 → 0 → 40", "Harakiri: 0 → 0 → 80", "", "Harakiri: 0 → 0 → 0"],
         "en": ["Harakiri: 0 → 0 → 40", "Harakiri: 0 → 0 → 80", "", "Harakiri: 0 → 0 → 0"]}),
])
@pytest.mark.parametrize("columns", [1, 2])
def test_R_HARAKIRI_the_harakiri_line_stays_whole_in_its_box(monkeypatch, times: int,
                                                            lines: dict[str, list[str]],
                                                            columns: int) -> None:
    """Review: after play-offs repeated on ties the box's line of every game's points was
    cut ("Harakiri: 0, 0, 0, 0 (součet 0) → 0, 0, 0, 0 (souč…"): the games' points are
    shown while they fit, else each play-off's sum — drawn whole, inside the box, in either
    layout and language."""
    from bot.render.fonts import Font
    from tests.helpers import harakiri_played_off

    view = harakiri_played_off(times)[0].public_view()
    per_row = 2 if columns == 1 else 4
    bw = (sheet.sheet_width(columns) - (per_row + 1) * sheet.M) // per_row
    drawn: list[tuple[str, float, Font]] = []
    real = sheet.text

    def spy(img: object, xy: tuple[float, float], value: str, fnt: Font, *args: object,
            **kwargs: object) -> float:
        if value.startswith("Harakiri:"):
            drawn.append((value, xy[0], fnt))
        return real(img, xy, value, fnt, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sheet, "text", spy)
    for lang, want in lines.items():
        drawn.clear()
        assert sheet.harakiri_lines(view.protocol, lang, bw - 24) == want
        img = sheet.sheet_image(view, NAMES, lang, columns)
        assert [value for value, _x, _f in drawn] == [line for line in want if line]
        for seat, (value, x, fnt) in zip((0, 1, 3), drawn, strict=True):
            box_x = sheet.M + (seat % per_row) * (bw + sheet.M)
            assert x + fnt.getlength(value) <= box_x + bw - 12, (value, lang)
            assert box_x + bw <= img.width


def test_R_HARAKIRI_a_box_too_narrow_for_every_sum_keeps_the_last_ones() -> None:
    """Should even the sums not fit (many play-offs), the line keeps the last ones after
    "…" — whole, never cut in the middle of a number. Three play-offs of Alice and Bob,
    each of four games (as if three seats were tied): Alice 28, 0 and 17."""
    from bot.render.fonts import CONDENSED, font
    from engine.lora import ProtocolRow

    games = [(10, 0, 5, 0), (8, 0, 3, 0), (6, 0, 2, 0), (4, 0, 30, 0),
             (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0),
             (5, 10, 0, 0), (4, 10, 0, 0), (4, 10, 0, 0), (4, 10, 0, 0)]
    rows = [ProtocolRow(None, None, Contract.HARAKIRI, p, tied=(0, 1, 2),
                        playoff_game=k % 4 + 1, playoff_games=4) for k, p in enumerate(games)]
    assert sheet.harakiri_line(rows, 0, "cs") == (
        "Harakiri: 10, 8, 6, 4 (součet 28) → 0, 0, 0, 0 (součet 0) → 5, 4, 4, 4 (součet 17)")
    assert sheet.harakiri_lines(rows, "cs", 271)[:3] == [
        "Harakiri: 28 → 0 → 17", "Harakiri: 0 → 0 → 40", "Harakiri: 40 → 0 → 0"]
    fnt = font(sheet.BOX_PX, CONDENSED["bold"])
    width = fnt.getlength("Harakiri: 28 → 0 → 17")
    assert sheet.harakiri_line(rows, 0, "cs", width, sums=True) == "Harakiri: 28 → 0 → 17"
    assert sheet.harakiri_line(rows, 0, "cs", width - 1, sums=True) == "Harakiri: … → 0 → 17"
    width = fnt.getlength("Harakiri: … → 0 → 17")
    assert sheet.harakiri_line(rows, 0, "cs", width - 1, sums=True) == "Harakiri: … → 17"
    assert sheet.harakiri_line(rows, 0, "cs", 10, sums=True) == "Harakiri: … → 17"
