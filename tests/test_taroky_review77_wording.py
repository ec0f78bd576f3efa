"""Review 77 (LOW 12, LOW 17): a zero change on the protocol sheet, and the trojka prompt
naming the trojka offered."""

from __future__ import annotations

import dataclasses

from PIL import Image


def test_a_zero_change_on_the_protocol_sheet_reads_as_money(monkeypatch) -> None:
    """LOW 12: Varšava's zero change was a lone "·" in its player's column (on a phone a
    stray dot); it reads "0,00" / "0.00" as the other changes read theirs."""
    from bot.games.taroky.pictures import sheet
    from bot.games.taroky.pictures.examples import NAMES, example
    from tests.helpers import drawn_texts

    rnd, _seat = example("finished")
    varsava = rnd.protocol[1]
    assert varsava.game == "W" and varsava.money == (-250, -100, 600, -250)
    row = dataclasses.replace(varsava, money=(0, -350, 600, -250))
    seen = drawn_texts(monkeypatch, sheet)
    for lang, changes in (("cs", ["0,00", "−3,50", "+6,00", "−2,50"]),
                          ("en", ["0.00", "−3.50", "+6.00", "−2.50"])):
        seen.clear()
        img = Image.new("RGB", (sheet.W, 400))
        sheet._row(img, 0, row, False, sheet.layout(row, list(NAMES), lang), lang)
        assert [t for t in seen if t in changes] == changes, (lang, seen)
        assert "·" not in seen
