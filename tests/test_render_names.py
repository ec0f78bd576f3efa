"""Player names in the pictures: no missing-glyph boxes (CJK), stand-ins that tell apart."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import simcord
from PIL import Image

from bot.render import common, fonts, names
from bot.render.common import check_names

DEJAVU = str(fonts.FONT_DIR / fonts.FILES["regular"])
# A CJK font that ships with SimCord (the tests' simulated Discord): the tests do not
# depend on a system CJK font.
SC = Path(simcord.__file__).parent / "preview/static/fonts/noto-sans-sc-v2.004.ttf"


def _forget() -> None:
    for cached in (fonts.fallback_file, fonts.runs, fonts.fit, fonts.fitted, common._glyphs,
                   names._apart):
        cached.cache_clear()


@pytest.fixture
def no_cjk_font(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(fonts, "FALLBACK_FILES", {"bold": (), "regular": ()})
    _forget()
    yield
    _forget()


@pytest.fixture
def cjk_font(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    if not SC.exists():
        pytest.skip("SimCord's CJK font is not installed")
    monkeypatch.setattr(fonts, "FALLBACK_FILES", {"bold": (str(SC),), "regular": (str(SC),)})
    _forget()
    yield
    _forget()


def test_the_glyph_check_knows_what_dejavu_draws() -> None:
    assert all(fonts.has_glyph(DEJAVU, ch) for ch in "AžŘ…−→שمé\u0301")
    assert not any(fonts.has_glyph(DEJAVU, ch) for ch in "王小明ひらがな")


def test_without_a_cjk_font_unreadable_names_are_the_seats_stand_ins(no_cjk_font: None) -> None:
    names = ["Karel", "王小明 李华", "🎴👑🔥", "Jan 王 Novák"]
    assert check_names(names, "cs") == ["Karel", "hráč 2", "hráč 3",
                                        "Jan Novák"]
    assert check_names(names, "en") == ["Karel", "player 2", "player 3",
                                        "Jan Novák"]
    # two emoji-only players no longer look the same
    assert check_names(["🎴", "👑", "A", "B"], "cs")[:2] == ["hráč 1", "hráč 2"]


def test_with_a_cjk_font_a_cjk_name_is_kept_and_drawn_in_it(cjk_font: None) -> None:
    assert check_names(["王小明 李华", "Řehoř 王", "🎴", "B"], "cs") == [
        "王小明 李华", "Řehoř 王", "hráč 3", "B"]
    bold = fonts.font(30, "bold")
    plain = Image.new("L", (200, 60))
    # the CJK run comes from the fallback font: not DejaVu's missing-glyph box
    box = fonts._sized(DEJAVU, 30).getmask(fonts.NOTDEF)
    drawn = bold.getmask2("王", "L", anchor="la")[0]
    assert (drawn.size, bytes(drawn)) != (box.size, bytes(box))
    # a mixed name is measured and drawn run by run, on one baseline
    mixed = bold.getlength("Řehoř 王")
    assert mixed == pytest.approx(fonts._sized(str(fonts.FONT_DIR / fonts.FILES["bold"]), 30)
                                  .getlength("Řehoř ") + fonts._sized(str(SC), 30).getlength("王"))
    common.text(plain, (0, 30), "Řehoř 王", bold, anchor="lm")
    assert plain.getbbox() is not None
    # Pillow passes the anchor by position: a mixed name lies where its anchor says, whole
    for anchor, x in (("mm", 100), ("rm", 200), ("lm", 0)):
        canvas = Image.new("L", (200, 60))
        common.text(canvas, (x, 30), "Řehoř 王", bold, anchor=anchor)
        ink = canvas.getbbox()
        assert ink is not None, anchor
        left, top, right, bottom = ink
        assert right - left == pytest.approx(mixed, abs=6), anchor
        assert abs((top + bottom) / 2 - 30) <= 4, anchor
        assert abs({"m": (left + right) / 2, "r": right, "l": left}[anchor[0]] - x) <= 4, anchor


@pytest.mark.parametrize(("name", "width", "shown"), [
    ("Maxmilián Šternberkovskýzhradce", 200, "Maxmilián Št…"),  # (the plain cut keeps some)
    ("Maxmilián Šternberkovskýzhradce", 190, "Maxmilián Š…"),
    ("Maxmilián Šternberkovskýzhradce", 160, "M. Šternb…"),
    ("František Xaver Kolowrat", 200, "F. X. Kolowrat"),
    ("Nejneobhospodařovávatelnějšímu", 160, "Nejneobh…"),  # (one word: cut at its end)
    ("Jan Novák", 160, "Jan Novák"),
])
def test_a_cut_name_never_drops_its_last_word_whole(name: str, width: int, shown: str) -> None:
    """Review 73 (#5): the standings showed "Maxmilián…" for "Maxmilián Šternberkovskýzhradce"
    (two Maxmiliáns alike): the first words whole and the last one's initial, else their
    initials and as much of the last as fits."""
    fnt = fonts.font(26, "cond")
    assert names.fit_initial(name, fnt, width) == shown
    assert fnt.getlength(shown) <= width
