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
    assert sheet.stovka_word(done, 2, lang)[0] == s("sheet_stovka_no", lang)
    assert s("sheet_stovka_made", lang) != s("stovka_yes", lang)
    # while the games go on, a declarer has "declared"; in a harakiri play-off they are over
    playing = example("trick").public_view()
    on = dataclasses.replace(playing, stovka=(True, False, None, None), totals=(100, 0, 0, 0))
    assert sheet.stovka_word(on, 0, lang)[0] == s("sheet_stovka_yes", lang)
    assert sheet.stovka_word(on, 1, lang)[0] == s("sheet_stovka_no", lang)
    tie = dataclasses.replace(on, contract=Contract.HARAKIRI)
    assert sheet.stovka_word(tie, 0, lang)[0] == s("sheet_stovka_made", lang)
    assert sheet.sheet_image(done, NAMES, lang).width == sheet.sheet_width(1)
    words = {"cs": ("hlásí", "nehlásí", "vyšla ✓", "nevyšla ✗"),
             "en": ("declared", "not declared", "made ✓", "missed ✗")}[lang]
    assert (sheet.stovka_word(on, 0, lang)[0], sheet.stovka_word(on, 1, lang)[0],
            sheet.stovka_word(done, 0, lang)[0], sheet.stovka_word(done, 1, lang)[0]) == words


def test_an_undeclared_stovka_never_reads_as_passed_on_the_sheet(monkeypatch) -> None:
    """English said "Clean hundred: passes" (the live question's answer, where Graduation's
    "passes" means success) for everyone who did not declare: the box says "not declared",
    whole, in the two columns' narrower boxes too."""
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
        assert seen.count("Clean hundred: not declared") == 3
        assert "Clean hundred: made ✓" in seen
        assert not any("passes" in line for line in seen)


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
    assert " · ".join(v for v, _ in lines) == s("sheet_legend", lang)
    if columns == 2:
        assert len(lines) == 1
    for _value, (x0, _y0, x1, y1) in lines:
        assert x0 > 0 and x1 < img.width
        assert y1 <= img.height - 8, (y1, img.height)


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_sheets_box_labels_are_written_alike(lang: str) -> None:
    labels = [s("sheet_total", lang), s("sheet_stovka", lang), s("sheet_harakiri", lang),
              s("sheet_stand_in", lang, n=2), s("sheet_auto", lang, n=3),
              s("sheet_place", lang, n=1)]
    for label in labels:  # a capital, or a place's number ("1. místo")
        assert label[:1].isupper() or label[:1].isdigit(), label
