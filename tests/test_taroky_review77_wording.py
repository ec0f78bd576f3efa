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


def test_the_trojka_prompt_names_the_trojka_offered() -> None:
    """LOW 17: the hand's prompt said "Vezmeš trojku?" / "Take the set of three?" while the
    strip under it said "Dolní trojka": it names the trojka the declarer decides about, the
    upper first, the lower once the upper was shown."""
    from bot.games.taroky.pictures import hand
    from bot.games.taroky.pictures.examples import NAMES, drive, script, shuffled
    from bot.render.common import GOLD
    from engine.taroky import TarokyRound
    from engine.taroky.options import TarokyOptions

    rnd = TarokyRound(deals=[shuffled(4, 3)], options=TarokyOptions(round_deals=4))
    drive(rnd, lambda r: r.deal.phase == "trojka", script(bid={0: "3P"}))
    prompts = {}
    for step in ("upper", "lower"):
        view = rnd.view(0)
        assert view.public.trojka == step
        prompts[step] = {lang: hand._status(view, NAMES, lang) for lang in ("cs", "en")}
        drive(rnd, lambda r: r.deal.phase != "trojka" or r.deal.trojka_step == 1,
              script(bid={0: "3P"}, trojka={0: (False, False)}))
    assert prompts == {
        "upper": {"cs": ("Vezmeš horní trojku?", GOLD), "en": ("Take the upper set?", GOLD)},
        "lower": {"cs": ("Vezmeš dolní trojku?", GOLD), "en": ("Take the lower set?", GOLD)},
    }


def test_the_trojka_ping_names_the_trojka_offered() -> None:
    """The channel's ping asked "vezmeš trojku?" while the hand named the trojka: it names
    it too (the trojka decided about is public: the table picture shows it)."""
    from bot.games import ui_of
    from bot.games.taroky.pictures.examples import NAMES, drive, script, shuffled
    from bot.model import STATUS_PLAYING, Seat, Table, TableSettings
    from engine.taroky import TarokyRound
    from engine.taroky.options import TarokyOptions

    rnd = TarokyRound(deals=[shuffled(4, 3)], options=TarokyOptions(round_deals=4))
    drive(rnd, lambda r: r.deal.phase == "trojka", script(bid={0: "3P"}))
    pings = {}
    for step in ("upper", "lower"):
        assert rnd.view(0).public.trojka == step
        pings[step] = [
            ui_of("taroky").turn_ping(
                Table(1, 1, 1, 1, TableSettings(options=rnd.options.to_json(), lang=lang),
                      [Seat(100 + i, name) for i, name in enumerate(NAMES)],
                      game_kind="taroky", status=STATUS_PLAYING, state=rnd, seed=1),
                0, "@Ann")
            for lang in ("cs", "en")]
        drive(rnd, lambda r: r.deal.phase != "trojka" or r.deal.trojka_step == 1,
              script(bid={0: "3P"}, trojka={0: (False, False)}))
    assert pings == {
        "upper": ["@Ann, vezmeš horní trojku?", "@Ann, will you take the upper set of three?"],
        "lower": ["@Ann, vezmeš dolní trojku?", "@Ann, will you take the lower set of three?"],
    }
