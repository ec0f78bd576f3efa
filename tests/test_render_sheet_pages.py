"""The Lóra score sheet by pages (``bot.render.sheet_pages``): which page opens, what the
overview and a tálie's page say, every game's name whole beside any badge, and every page
no taller than a phone shows at ``PHONE_W`` — the longest boxes' too."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.render import sheet, sheet_pages
from bot.render.bench import NAMES, example
from bot.render.strings import game_name, s
from engine.contracts import TALIE_ORDER, Contract
from engine.lora import ProtocolRow
from tests.helpers import drawn_texts
from tests.sheet_kit import every_label_line
from tests.test_render_phone import _rich


def test_the_sheet_opens_on_the_talie_in_play_and_on_the_overview_at_the_end() -> None:
    playing = example("trick").public_view()
    assert sheet_pages.first_page(playing) == playing.tali - 1
    # (no game of the 3rd tálie scored yet: the 2nd's page, whose first game is)
    assert sheet_pages.first_page(dataclasses.replace(playing, tali=3)) == 1
    assert sheet_pages.first_page(example("finished").public_view()) == 4
    assert sheet_pages.first_page(dataclasses.replace(playing, contract=Contract.HARAKIRI)) == 4
    assert sheet_pages.page_count() == 5
    with pytest.raises(ValueError, match="no such page"):
        sheet_pages.page_image(playing, NAMES, "cs", 5)


def test_a_new_talie_opens_on_the_previous_page_until_its_first_game_is_scored() -> None:
    """Review 61: at the start of the 2nd tálie the sheet opened on its empty page (the
    totals only in the text); it opens on the 1st tálie's, whole, until a game of the 2nd
    is scored."""
    import random

    from engine.lora import Lora
    from tests.helpers import at_game, drive

    lora = Lora(rng=random.Random(61))
    drive(lora, at_game(1, 8))
    assert sheet_pages.first_page(lora.public_view()) == 0
    drive(lora, lambda lo: lo.tali == 2)
    assert sheet_pages.first_page(lora.public_view()) == 0
    drive(lora, at_game(2, 1))
    assert sheet_pages.first_page(lora.public_view()) == 0
    drive(lora, at_game(2, 2))
    assert sheet_pages.first_page(lora.public_view()) == 1
    drive(lora, at_game(4, 1))
    assert sheet_pages.first_page(lora.public_view()) == 2


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_overview_says_each_talies_sums_the_totals_and_places(monkeypatch, lang) -> None:
    view = _rich().public_view()
    seen = drawn_texts(monkeypatch, sheet_pages)
    sheet_pages.overview_page(view, NAMES, lang)
    sums = [[sum(r.points[seat] for r in view.protocol if r.tali == tali) for seat in range(4)]
            for tali in range(1, 5)]
    assert s("sheet_overview", lang) in seen and s("sheet_overview_running", lang) not in seen
    labels = [s("sheet_tali_short", lang, tali=n) for n in range(1, 5)]
    at = seen.index(labels[0])
    assert seen[at:at + 20] == [part for k in range(4)
                                for part in (labels[k], *map(str, sums[k]))]
    total = seen.index(s("sheet_total", lang))
    assert seen[total + 1:total + 5] == [str(p) for p in view.totals]
    assert [sum(col) for col in zip(*sums, strict=True)] == list(view.totals)
    order = seen.index(s("sheet_order", lang))
    assert view.order is not None
    places = {seat: place for place, seat in enumerate(view.order, 1)}
    assert seen[order + 1:order + 5] == [s("sheet_place_short", lang, n=places[seat])
                                         for seat in sorted(places)]
    # the boxes: čistá stovka (made or missed), the harakiri play-off's points
    for seat in range(4):
        line = sheet.stovka_line(view, seat, lang)
        assert line is None or line[0] in seen
    assert sum(line.startswith(s("sheet_stovka", lang)) for line in seen) == sum(
        bool(d) for d in view.stovka)
    assert any(value.startswith(f"{s('sheet_harakiri', lang)}: ") for value in seen)


def test_the_overview_in_play_has_no_places_yet(monkeypatch) -> None:
    """While the games go on: the tálie to come are dashes, no places, "Součty tálií"."""
    seen = drawn_texts(monkeypatch, sheet_pages)
    sheet_pages.overview_page(example("trick").public_view(), NAMES, "cs")
    assert "Součty tálií" in seen and s("sheet_order", "cs") not in seen
    at = seen.index("3. tálie")
    assert seen[at:at + 10] == ["3. tálie", "–", "–", "–", "–", "4. tálie", "–", "–", "–", "–"]


def test_a_talies_page_has_its_games_and_the_legend_it_needs(monkeypatch) -> None:
    view = example("finished").public_view()
    seen = drawn_texts(monkeypatch, sheet_pages)
    sheet_pages.tali_page(view, NAMES, "cs", 1)
    first = [r for r in view.protocol if r.tali == 1]
    assert s("sheet_tali", "cs", tali=1, name=NAMES[view.first_leader]) in seen
    totals = [0, 0, 0, 0]
    for row in first:
        for seat in range(4):
            totals[seat] += row.points[seat]
    # the last line's points and totals by seat, then the legend
    assert seen[-8 - 2:-2] == [str(v) for seat in range(4)
                               for v in (first[-1].points[seat], totals[seat])]
    assert seen[-2:] == ["M1–M3: pokus maturity · ✗ nevyšla · ◯ červený král",
                         "• ťuk (automaticky)"]
    # a tálie still to come: its games' names, no legend
    playing = example("trick").public_view()
    assert sheet_pages.legend_parts(sheet._lines(playing)[0][3], "cs") == []


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_every_games_name_is_whole_beside_or_under_any_badge(lang: str) -> None:
    """A maturita attempt's badge (M1–M3 / G1–G3, failed or not, being played) and the
    chosen game's name: beside it at LEAST px or more, else on a line under it; never cut."""
    games = [c for c in TALIE_ORDER if c is not Contract.MATURITA]
    lines = every_label_line()
    two = set()
    for line in lines:
        tag, parts, fnt = sheet_pages.label_layout(line, lang)
        chosen = line[5]
        whole = game_name(chosen or TALIE_ORDER[line[0] - 1], lang)
        name, x = parts[-1]
        assert name == whole and fnt.size >= sheet_pages.LEAST
        assert x + fnt.getlength(name) <= sheet_pages.NAME_W - 6
        if tag is not None:
            assert parts[0][1] - tag.width - sheet_pages.TAG_GAP >= 0
        if len(parts) == 2:
            two.add(whole)
    assert two <= {game_name(c, lang) for c in games}
    if lang == "cs":  # ("M3 ✗" beside "První – poslední" leaves too little room)
        assert game_name(Contract.PRVNI_POSLEDNI, "cs") in two


def test_the_overview_with_the_longest_boxes_is_no_taller_than_a_phone_shows() -> None:
    """Four lines in every box (čistá stovka, harakiri, the notes): still within PAGE_H_MAX."""
    view = dataclasses.replace(_rich().public_view(), stovka=(True, True, True, True))
    note = s("sheet_left_again", "cs", n=4, tali="1., 2.", v="v", nums="1, 2")
    # (three notes: more than a seat gets, so that every box is at its cap of four lines)
    notes = [[note, s("sheet_stand_in", "cs", n=256), s("sheet_left_from", "cs", n=4)]] * 4
    img = sheet_pages.overview_page(view, NAMES, "cs", notes)
    _blocks, harakiri = sheet._lines(view)
    assert [len(lines) for lines in sheet_pages.box_lines(view, harakiri, "cs", notes)] == [4] * 4
    assert img.width == sheet_pages.PAGE_W and img.height <= sheet_pages.PAGE_H_MAX


def _knock_spies(monkeypatch: pytest.MonkeyPatch, module: Any) -> tuple[
        list[tuple[float, float, int]], list[tuple[str, float, float, Any, str]]]:
    """Spies on ``module``'s ``dots`` (each call's x, y and count) and ``text`` (each
    string with its place, font and anchor), the two a sheet cell's knocks draw with."""
    drawn: list[tuple[float, float, int]] = []
    written: list[tuple[str, float, float, Any, str]] = []
    real_dots, real_text = module.dots, module.text

    def dots_spy(draw: Any, x: float, y: float, n: int, *args: Any) -> float:
        drawn.append((x, y, n))
        return float(real_dots(draw, x, y, n, *args))

    def text_spy(img: Any, xy: tuple[float, float], value: str, fnt: Any,
                 fill: Any = None, anchor: str = "la") -> float:
        written.append((value, xy[0], xy[1], fnt, anchor))
        return float(real_text(img, xy, value, fnt, fill, anchor))

    monkeypatch.setattr(module, "dots", dots_spy)
    monkeypatch.setattr(module, "text", text_spy)
    return drawn, written


@pytest.mark.parametrize("knocks", [1, 3, 5, 6, 8, 10, 11, 12, 23])
@pytest.mark.parametrize(("points", "total"), [(3, 8), (13, 88), (3, 188), (13, 188),
                                               (25, 188)])
def test_the_knocks_dots_keep_clear_of_the_numbers(monkeypatch, knocks: int, points: int,
                                                   total: int) -> None:
    """A knock is a dot left of the points, a column of up to KNOCK_ROWS; a second column
    (up to twice as many) only where the numbers leave it room — a three-digit total
    keeps one column (eight dots touched "188"). More knocks than that are one dot over
    their count in gold (12 were five dots beside "188", read as five knocks), at least
    LEAST px, clear of the points."""
    from PIL import Image, ImageDraw

    spots, written = _knock_spies(monkeypatch, sheet_pages)
    row = ProtocolRow(1, 7, Contract.DESITKY, (points, 0, 0, 0), knocks=(knocks, 0, 0, 0))
    img = Image.new("RGB", (sheet_pages.CELL_W, sheet_pages.ROW_H), (4, 16, 11))
    sheet_pages._cell(img, ImageDraw.Draw(img), 0, 0, row, (total, 0, 0, 0), 0)
    drawn = [(x, y) for x, y, _n in spots]  # (a page's cell draws its dots one by one)
    fits = (2 if total < 100 else 1) * sheet_pages.KNOCK_ROWS
    pts_font = sheet_pages.font(sheet_pages.PTS_PX, "cond")
    points_left = sheet_pages.CELL_W - sheet_pages.NUM_RIGHT - pts_font.getlength(str(points))
    counts = [w for w in written if w[0] == str(knocks) and w[4] != "rm"]  # (not a number)
    if knocks <= fits:
        assert len(drawn) == knocks and not counts
        right = max(x for x, _y in drawn) + sheet_pages.KNOCK_D
        fnt = sheet_pages.font(sheet_pages.TOTAL_PX, "cond")
        numbers_left = sheet_pages.CELL_W - sheet_pages.NUM_RIGHT - max(
            fnt.getlength(str(total)), pts_font.getlength(str(points)))
        assert right + 4 <= numbers_left
    else:
        assert len(drawn) == 1 and len(counts) == 1, (drawn, written)
        value, cx, top, fnt, anchor = counts[0]
        assert anchor == "mt" and fnt.size >= sheet_pages.LEAST  # type: ignore[attr-defined]
        left, _t, right, bottom = fnt.getbbox(value, anchor="mt")  # type: ignore[attr-defined]
        assert cx + left >= 2 and cx + right + 4 <= points_left
        assert drawn[0][1] + sheet_pages.KNOCK_D <= top  # the dot over the count
        assert top + bottom <= sheet_pages.ROW_H
    assert all(y >= 0 and y + sheet_pages.KNOCK_D <= sheet_pages.ROW_H for _x, y in drawn)


@pytest.mark.parametrize("knocks", [1, 4, 5, 6, 8, 12, 23])
def test_the_tall_sheets_knocks_stay_left_of_the_rule_and_clear_of_the_points(
        monkeypatch, knocks: int) -> None:
    """The tall sheet (the export's) draws a cell's knocks under its points: a dot each
    while they fit left of the rule before the running total (five), else one dot and
    their count ("•12"; eight dots ran under "107" and more were not drawn), the count's
    ink under the points' ink and inside the row."""
    from PIL import Image, ImageDraw

    drawn, written = _knock_spies(monkeypatch, sheet)
    points = knocks + 2
    row = ProtocolRow(4, 7, Contract.DESITKY, (points, 0, 0, 0), knocks=(knocks, 0, 0, 0))
    img = Image.new("RGB", (sheet.CELL_W, sheet.ROW_H), (4, 16, 11))
    sheet._cell(img, ImageDraw.Draw(img), 0, 0, row, (107, 0, 0, 0), 0)
    (x, y, n), = drawn
    rule = sheet.PTS_X + 8
    counts = [w for w in written if w[0] == str(knocks) and w[4] != "rm"]
    if knocks <= 5:
        assert n == knocks and not counts
        assert x >= 2 and x + sheet.KNOCK_STEP * n - (sheet.KNOCK_STEP - sheet.KNOCK_D) < rule
        return
    assert n == 1 and len(counts) == 1, written
    value, cx, cy, fnt, anchor = counts[0]
    left, top, right, bottom = fnt.getbbox(value, anchor=anchor)  # type: ignore[attr-defined]
    assert x >= 2 and cx + right < rule and cy + bottom <= sheet.ROW_H
    (pts, px, py, pfnt, panchor), = [w for w in written if w[0] == str(points)]
    assert py + pfnt.getbbox(pts, anchor=panchor)[3] <= cy + top  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_third_talie_s_page_marks_each_declared_clean_hundred(lang: str) -> None:
    """Review 61: R-PROTOCOL lists the čistá stovka declarations among the sheet's marks, and
    only the overview's boxes showed them. The 3rd tálie's page draws the table's "100"
    badge in each declarer's cell of the červený král game (before which he declared), and
    its legend says so; no other page has either."""
    from bot.render.common import BADGE_COLOURS
    from engine.contracts import CERVENY_KRAL_GAME, STOVKA_TALIE

    view = _rich().public_view()
    assert view.stovka == (True, False, True, True)
    blocks, _harakiri = sheet._lines(view)
    at = next(i for i, line in enumerate(blocks[STOVKA_TALIE - 1])
              if line[0] == CERVENY_KRAL_GAME and line[4] is None)
    red = BADGE_COLOURS["stovka"]

    def marked(page: int) -> list[int]:
        img = sheet_pages.tali_page(view, NAMES, lang, page).convert("RGB")
        top = (sheet_pages.HEADER_H + sheet_pages.M + sheet_pages.TITLE_H
               + sheet_pages.NAMES_H + at * sheet_pages.ROW_H)
        out = []
        for seat in range(4):
            left = sheet_pages.M + sheet_pages.NAME_W + seat * sheet_pages.CELL_W
            box = img.crop((left, top, left + sheet_pages.CELL_W // 2, top + sheet_pages.ROW_H))
            out.append(sum(1 for p in box.getdata() if p == red))
        return out

    third = marked(STOVKA_TALIE)
    assert [n > 200 for n in third] == [True, False, True, True], third
    assert marked(2) == [0, 0, 0, 0]
    word = {"cs": "100 ohlášená čistá stovka", "en": "100 clean hundred declared"}[lang]
    lines = blocks[STOVKA_TALIE - 1]
    assert sheet_pages.legend_parts(lines, lang, stovka=True)[-1] == word
    assert word not in sheet_pages.legend_parts(lines, lang)
