"""Review 81 (Taroky edge cases at a table with one flek at most and a cap): an opponent's
side made public by his announcement is told; the finished deal's picture signs its items
as the protocol and the result's account do (for the declarer's side), with the legend;
the valát names its owners one way; a casual table's protocol has no tournament column."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from bot.games.taroky.texts import event_lines
from bot.model import TableSettings
from bot.render.common import GREEN, RED
from engine.taroky.events import Announced, Flekked, OpponentRevealed, PartnerRevealed
from engine.taroky.scoring import PagatResult, ValatResult
from tests.helpers import drawn_texts

NAMES = ["Alena", "Bohouš", "Cyril", "Dana"]


def test_an_opponent_s_announcement_tells_his_side_in_the_table_s_events() -> None:
    """M2: "• Cyril hlásí pagáta." was all the table read; the others learnt Cyril's side
    only from the button missing in their hands ("Flek na pagáta")."""
    for lang, said in (("cs", ["Cyril hlásí pagáta.", "Cyril hraje proti vydražiteli.",
                               "Dana: re na pagáta.", "Dana hraje s vydražitelem."]),
                       ("en", ["Cyril announces pagát ultimo.",
                               "Cyril plays against the declarer.",
                               "Dana redoubles the pagát ultimo.",
                               "Dana is the declarer's partner."])):
        table = SimpleNamespace(settings=TableSettings(lang=lang), names=lambda: NAMES,
                                move_names=lambda: NAMES)
        events = [Announced(2, "pagat"), OpponentRevealed(2), Flekked(3, "pagat", 2),
                  PartnerRevealed(3)]
        assert event_lines(table, events) == said  # type: ignore[arg-type]


def test_the_deal_picture_signs_each_item_for_the_declarer_s_side_as_the_protocol(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """M1: the finished deal's picture read "pagát Cyril ✗ −4,00" (what it brought its
    owner) where the protocol and the result's account read +4,00 (for the declarer's
    side, "+ pro stranu vydražitele"). The picture signs every item so, the valát named
    as there (L1), and says so under its chips; Varšava's chips show no money, no legend."""
    from bot.games.taroky.pictures import deal as deal_picture
    from bot.games.taroky.pictures import sheet
    from bot.games.taroky.pictures.examples import NAMES as EXAMPLE_NAMES
    from bot.games.taroky.pictures.examples import example
    from bot.games.taroky.texts import account, finished_deal

    rnd, _seat = example("finished")
    deal = finished_deal(rnd, 1)
    assert deal is not None
    row = dataclasses.replace(  # (Anička with Cecílie; Bohouš's pagát, flekked, failed;
        rnd.protocol[0], flek=(1, 1, 1), valat_by=3,  # Dalibor's valát, flekked, failed)
        pagat=PagatResult(1, "O", True, 1, False, 5), valats=(ValatResult("O", True, 1, False),))
    chips = deal_picture._chips(deal, row, EXAMPLE_NAMES, "cs")
    assert chips[-4:] == [  # (whose in brackets: review 89)
        ("taročky (Anička)", "+0,50", GREEN), ("honéry (Bohouš)", "−0,50", RED),
        ("pagát (Bohouš)", "flek ×2 ✗ +8,00", GREEN),
        ("valát (Dalibor + Bohouš)", "flek ×2 ✗ +16,00", GREEN)]
    parts = sheet._detail_parts(row, EXAMPLE_NAMES, "cs")
    assert parts[2:7] == ["taročky Anička +0,50", "honéry Bohouš −0,50",
                          "barvičky Dalibor (nezapočteno – strana prohrála)",
                          "pagát Bohouš ×2 ✗ +8,00",
                          "valát Dalibor + Bohouš ×2 ✗ +16,00"]
    assert "pagát ×2 +8,00 Kč · valát ×2 +16,00 Kč" in account(row, EXAMPLE_NAMES, "cs")
    assert deal_picture._chips(deal, row, EXAMPLE_NAMES, "en")[-2:] == [
        ("pagát ultimo (Bohouš)", "doubled ×2 ✗ +8.00", GREEN),
        ("valat (Dalibor with Bohouš)", "doubled ×2 ✗ +16.00", GREEN)]
    # the legend under the chips, in the protocol's words
    drawn = drawn_texts(monkeypatch, deal_picture)
    for lang, legend, words in (
            ("cs", "Částky: + pro stranu vydražitele, − pro soupeře",
             "+ pro stranu vydražitele, − pro soupeře"),
            ("en", "Amounts: + declarer's side, − opponents", "+ declarer's side, − opponents")):
        drawn.clear()
        img = deal_picture.deal_image(deal, row, EXAMPLE_NAMES, lang)
        assert legend in drawn and img.height <= deal_picture.MOST_H
        assert words in sheet.legend(rnd.protocol, lang)
    varsava = finished_deal(rnd, 2)
    assert varsava is not None and rnd.protocol[1].game == "W"
    drawn.clear()
    deal_picture.deal_image(varsava, rnd.protocol[1], EXAMPLE_NAMES, "cs")
    assert not any(w.startswith("Částky") for w in drawn)
    assert deal_picture._chip_rows(varsava, rnd.protocol[1], list(EXAMPLE_NAMES), "cs")[1] == ""
