"""Review 77 (Lóra pictures on a phone): one long name cut one way all over a picture (at a
word, the surname's initial kept), the seats' names in one font, "Tento tah:" giving way to
the name, the sheet's column heads in one size, the lóra totals clear of their rules, and
"Poslední štych · bere …" in one colour in the table and the hand."""

from __future__ import annotations

from typing import Any

import pytest

from bot.render import center, hand, seats, sheet, sheet_pages
from bot.render.bench import example
from bot.render.common import MUTED
from bot.render.fonts import font
from bot.render.hand import hand_image
from bot.render.names import fit_word, word_cut
from bot.render.table import table_image

CECILIE = ["Anička", "Bohouš", "Cecílie Dlouhá", "Dalibor"]
LONG = ["Maxmilián Šternberk", "Nejneobhospodařovávatelnější", "Cecílie Dlouhá",
        "Dalibor z Kunštátu"]


def _drawn(monkeypatch: pytest.MonkeyPatch, module: Any) -> list[tuple[str, Any, Any]]:
    """Every (text, font, colour) ``module`` draws."""
    seen: list[tuple[str, Any, Any]] = []
    real = module.text

    def spy(img: Any, xy: Any, value: str, fnt: Any, fill: Any = (255, 255, 255),
            anchor: str = "la") -> Any:
        seen.append((value, fnt, fill))
        return real(img, xy, value, fnt, fill, anchor)

    monkeypatch.setattr(module, "text", spy)
    return seen


def test_a_name_is_cut_at_a_word_keeping_the_surname_s_initial() -> None:
    f = font(26, "bold")
    assert word_cut("Cecílie Dlouhá", f, f.getlength("Cecílie Dlouh")) == "Cecílie D…"
    assert word_cut("Dalibor z Kunštátu", f, f.getlength("Dalibor z Kunš")) == "Dalibor z K…"
    assert word_cut("Maxmilián Šternberk", f, f.getlength("Maxmilián")) == "M. Šter…"
    assert word_cut("Dalibor z Kunštátu", f, f.getlength("D. z Kun…")) == "D. z Kun…"
    assert word_cut("Cecílie Dlouhá", f, f.getlength("C. Dlouhá")) == "C. Dlouhá"
    assert word_cut("Cecílie Dlouhá", f, 500) == "Cecílie Dlouhá"
    assert word_cut("Nejneobhospodařovávatelnější", f, 90).endswith("…")
    # names alike keep where they differ (``fit_apart``), not two "Jan N…"
    alike = ["Jan Novák", "Jan Nováček"]
    a, b = (fit_word(n, alike, f, f.getlength("Jan Nov")) for n in alike)
    assert a != b and a.endswith("ák") and b.endswith("ek")


@pytest.mark.parametrize("names", [CECILIE, LONG])
def test_the_seats_names_share_one_font_and_one_cut(monkeypatch: pytest.MonkeyPatch,
                                                    names: list[str]) -> None:
    seats.seat_panel.cache_clear()
    seen = _drawn(monkeypatch, seats)
    table_image(example("trick").public_view(), names, "cs")
    seats.seat_panel.cache_clear()
    shown = [(v, f) for v, f, _ in seen
             if any(v == n or (v.endswith("…") and v[0] == n[0]) for n in names)]
    assert len(shown) == 4
    assert len({(f.size, f.path) for _, f in shown}) == 1  # review 77: one was smaller
    assert "Cecílie D…" in [v for v, _ in shown]  # not "Cecílie Dl…"


def test_the_kvarty_names_are_cut_at_a_word(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _drawn(monkeypatch, center)
    table_image(example("kvarty").public_view(), LONG, "cs")
    seen = [v for v, _, _ in drawn]
    # the kvarta's lines cut the name at a word (were "Dalibor z Kun…", "Dalibor z Ku…");
    # the earlier kvarty keep the surname ("C. Dlo…", was "Cecíli…"); where not even "D. z
    # Kun…" fits (a place 100 px wide) a name is cut at its end, as before
    assert "Kvarta – vynáší Dalibor z K…" in seen and "dál vynáší Dalibor z K…" in seen
    assert "C. Dlo…" in seen and not [v for v in seen if v.startswith("Cecíli…")]


def test_this_turn_gives_way_to_the_whole_name(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _drawn(monkeypatch, center)
    table_image(example("desitky").public_view(), CECILIE, "cs")
    seen = [v for v, _, _ in drawn]
    assert "Cecílie Dlouhá" in seen  # alone: "Tento tah: Cecíli…" before
    assert not [v for v in seen if v.startswith("Tento tah")]
    drawn.clear()
    table_image(example("desitky").public_view(), ["A", "B", "Cecílie", "D"], "cs")
    # the words stay where the name fits with them
    assert "Tento tah: Cecílie" in [v for v, _, _ in drawn]


def test_the_last_trick_line_is_grey_in_the_table_and_the_hand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    lora = example("trick")
    in_table = _drawn(monkeypatch, center)
    table_image(lora.public_view(), CECILIE, "cs")
    in_hand = _drawn(monkeypatch, hand)
    hand_image(lora.view(lora.to_act or 0), "cs", CECILIE)
    lines = [(v, c) for v, _, c in in_table + in_hand if v.startswith("Poslední štych")]
    assert [v for v, _ in lines] == [  # (the hand's narrower: the name cut at a word)
        "Poslední štych · bere Cecílie Dlouhá", "Poslední štych · bere Cecílie D…"]
    assert {c for _, c in lines} == {MUTED}


@pytest.mark.parametrize("heads", [sheet._block, sheet_pages._heads])
def test_the_sheet_s_column_heads_share_one_size(monkeypatch: pytest.MonkeyPatch,
                                                 heads: Any) -> None:
    module = sheet if heads is sheet._block else sheet_pages
    seen = _drawn(monkeypatch, module)
    names = ("Anička", "Bohouš", "Cecílie", "Dalibor")
    view = example("finished").public_view()
    if module is sheet:
        sheet._block.cache_clear()
        sheet.render_sheet(view, list(names), "cs")
        sheet._block.cache_clear()
    else:
        sheet_pages.render_sheet_page(view, list(names), "cs", 0)
    fonts = {(f.size, f.path) for v, f, _ in seen if v in names and "Condensed" in f.path}
    assert len(fonts) == 1  # review 77: "Bohouš" was smaller than "Anička"


def test_a_three_digit_total_stays_clear_of_its_column_s_rule() -> None:
    f = sheet_pages.total_font(["35", "78", "68", "110"])
    assert f.getlength("110") <= sheet_pages.CELL_W - sheet_pages.NUM_RIGHT - 14
    assert sheet_pages.total_font(["35", "78", "68", "99"]).size == 40  # two digits: as before
