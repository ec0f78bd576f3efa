"""Review 93's findings (four seasoned players, a long evening of ten deals): the hand's
glosses and "why not" lists only while the round is new, the announcement turn ends by
itself when only Hotovo is left, one title for the round's end, and the clock's
"(the deal in play is finished)" only once the end is near."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.games.taroky.hand import NEWCOMER_DEALS, gloss_line, hand, pagat_line
from bot.games.taroky.pictures.examples import drive, shuffled
from engine.taroky import TarokyRound
from engine.taroky.actions import Bid, EndRound
from engine.taroky.options import TarokyOptions
from engine.taroky.views import SeatView
from tests.test_taroky_ui import _table


def _at_deal(n: int) -> TarokyRound:
    """A round of random deals driven to the bidding of its deal ``n``."""
    rnd = TarokyRound(deals=[shuffled(i, 0) for i in range(1, 6)],
                      options=TarokyOptions(round_deals=5))
    drive(rnd, lambda r: r.deal.deal_no == n, lambda r, legal: None)
    assert rnd.deal.deal_no == n and rnd.deal.phase == "bid"
    return rnd


def _labels(rnd: TarokyRound, lang: str = "cs") -> list[tuple[str, bool]]:
    parts = hand(_table(rnd, lang), rnd.view(rnd.to_act or 0), lang)
    return [(i.item.label or "", i.item.disabled) for i in parts.items]  # type: ignore[attr-defined]


def test_the_bid_prompt_explains_in_the_first_two_deals_then_offers_only_its_bids() -> None:
    """M1: deal 9's bid prompt was deal 1's, 8 lines: the glosses of the games, "Proč to
    nejde:" and the reasons for Dobrá, 2P and Žďuch. Past the first ``NEWCOMER_DEALS`` deals
    the předák reads his cards and the prompt, and sees only the buttons he may click."""
    assert NEWCOMER_DEALS == 2
    new = _at_deal(2)  # the předák (seat 1) holds I: 2P is his
    lines = hand(_table(new), new.view(1), "cs").lines
    assert lines[2:] == [
        "Licitace: ohlas hru.",
        "1P: se spoluhráčem, kterého zavoláš · 2P: jako 1P, s ohlášeným pagátem · 3P: ty"
        " proti třem, s trojkou z talonu · 6P: ty proti třem, bez talonu",
        "Proč to nejde:",
        "• Dobrá: Předák musí licitaci zahájit, dobrá říct nemůže.",
        "• Žďuch (Varšava): Žďuchnout smí jen zadák, a jen když k němu došla první povinnost"
        " předáka."]
    assert _labels(new) == [("1P – první povinnost", False), ("2P – druhá povinnost", False),
                            ("3P – preferanc", False), ("6P – sólo", False), ("Dobrá", True),
                            ("Žďuch (Varšava)", True)]
    old = _at_deal(3)  # the předák (seat 2) has no I: no 2P, and no reasons why
    lines = hand(_table(old), old.view(2), "cs").lines
    assert lines[1:] == ["V ruce máš: IX XI XVI XVII · 2♥ J♥ D♥ · A♦ · 10♣︎ D♣︎ · D♠︎ K♠︎",
                         "Licitace: ohlas hru."]
    assert _labels(old) == [("1P – první povinnost", False), ("3P – preferanc", False),
                            ("6P – sólo", False)]
    assert {a.bid for a in old.view(2).legal if isinstance(a, Bid)} == {"1P", "3P", "6P"}
    en = hand(_table(old, "en"), old.view(2), "en").lines
    assert en[2:] == ["Bidding: bid a game."]


def _later(view: SeatView) -> SeatView:
    return dataclasses.replace(view, public=dataclasses.replace(
        view.public, deal_no=NEWCOMER_DEALS + 1))


def test_the_glosses_only_in_the_first_deals_the_pagat_reminder_in_every_deal() -> None:
    """M1: the valát's and the pagát's glosses came back at every announcement turn (17×).
    Review 95 M2: "Máš ohlášeného pagáta: nech si I na poslední štych." is no gloss but a
    warning about money at stake — it stays in deal 3 and on while the pagát is open."""
    from tests.test_taroky_review74 import _announced_pagat
    from tests.test_taroky_ui import _to_announcements, _worked_round

    view = _to_announcements(_worked_round()).view(0)
    assert gloss_line(view, "cs").startswith("Pagát: poslední štych vezmeš pagátem")
    assert gloss_line(_later(view), "cs") == ""
    played = _announced_pagat().view(0)
    assert pagat_line(played, "cs") == "Máš ohlášeného pagáta: nech si I na poslední štych."
    assert pagat_line(_later(played), "cs") == (
        "Máš ohlášeného pagáta: nech si I na poslední štych.")


def test_an_announcement_turn_with_only_hotovo_left_may_end_by_itself() -> None:
    """L1: "Tvoje hlášení: … Víc přidat nemůžeš – skonči tlačítkem Hotovo." — the only
    button. The table's autoplay may end such a turn (``may_autoplay``), unless what the
    seat cannot add depends on its cards: a Hotovo by itself after a valát would tell that
    the seat lacks I (T-VIEW); and never a turn in which it said nothing (its side)."""
    from engine.taroky import SPEC
    from engine.taroky.actions import Announce
    from tests.test_taroky_ui import _to_announcements, _worked_round

    rnd = _to_announcements(_worked_round())
    assert not SPEC.autoplay_allowed(rnd)
    rnd.apply(Announce(0, "pagat"))
    rnd.apply(Announce(0, "valat"))  # the declarer said both: his fleks are not his to give
    assert rnd.legal_actions() == [Announce(0, "done")]
    assert rnd.deal.turn_over() and SPEC.autoplay_allowed(rnd)
    rnd = _to_announcements(_worked_round())
    for action in (Announce(0, "done"), Announce(1, "flek:game"), Announce(1, "valat")):
        rnd.apply(action)
    assert rnd.legal_actions() == [Announce(1, "done")]  # (he has no I to announce)
    assert not rnd.deal.turn_over() and not SPEC.autoplay_allowed(rnd)


@pytest.mark.parametrize("autoplay", [True, False])
async def test_the_table_ends_the_declarer_s_turn_once_he_said_all_he_could(
        harness: Any, autoplay: bool) -> None:
    """L1 through the buttons: Pagát, Valát, and the turn is Bohouš's without a Hotovo; with
    the table's automatic moves off, the Hotovo waits for its click."""
    from bot.games.taroky.pictures.examples import worked
    from engine.taroky.actions import Announce, Call, Choose
    from engine.taroky.cards import parse_card
    from tests.taroky_kit import Clickers, open_taroky

    _g, ch, users, tid = await open_taroky(harness, ["ann", "bob", "cyril", "dana"],
                                           [worked()], round_deals=1, autoplay=autoplay)
    players = Clickers(harness, ch, tid, users)
    for action in (Bid(0, "1P"), Bid(1, "dobra"), Bid(2, "dobra"), Bid(3, "dobra"),
                   Choose(0, "1P"), Call(0, parse_card("XIX"))):
        await players.act(action)
    await players.play_deal(stop=lambda r: r.deal.phase == "announce")  # (the first cards)
    assert players.table.state.deal.phase == "announce"
    await players.act(Announce(0, "pagat"))
    await players.act(Announce(0, "valat"))
    assert players.table.state.to_act == (1 if autoplay else 0)


def test_the_round_s_end_has_one_title_in_the_picture_and_the_embed() -> None:
    """L2: the final picture said "Konec hry", the embed "Konec kola – stůl č. 1"."""
    from bot.games.taroky.pictures.examples import example
    from bot.games.taroky.pictures.table import header_texts
    from bot.i18n import t

    finished = example("finished")[0].public_view()
    for lang in ("cs", "en"):
        title = header_texts(finished, lang)[0]
        assert t("taroky.final_title", lang, name="N") == f"{title} – N"
    assert header_texts(finished, "cs")[0] == "Konec kola"


def test_the_clock_says_the_deal_is_played_out_in_the_first_deal_only() -> None:
    """L3: "Kolo skončí <t:…:R> (dohraje se rozehrané rozdání)." at every update of the
    table: the bracket in the first deal, then the time alone; when the time is up, "this
    deal is the last" says it."""
    from bot.games.taroky.texts import clock_line

    rnd = TarokyRound(deals=[shuffled(i, 0) for i in range(1, 4)], options=TarokyOptions())
    assert rnd.options.round_minutes == 60
    table = _table(rnd)
    table.clock_started = 1000.0
    assert clock_line(table, rnd.public_view(), "cs") == (
        "Kolo skončí <t:4600:R> (dohraje se rozehrané rozdání).")
    assert clock_line(_table(rnd, "en"), rnd.public_view(), "en") == ""  # (no clock yet)
    drive(rnd, lambda r: r.deal.deal_no == 2, lambda r, legal: None)
    assert clock_line(table, rnd.public_view(), "cs") == "Kolo skončí <t:4600:R>."
    table.settings.lang = "en"
    assert clock_line(table, rnd.public_view(), "en") == "The round ends <t:4600:R>."
    rnd.apply(EndRound())
    assert clock_line(table, rnd.public_view(), "cs") == (
        "⏱ Čas vypršel – toto rozdání je poslední.")
