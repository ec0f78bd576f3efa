"""Review 93's findings (four seasoned players, a long evening of ten deals): the hand's
glosses and "why not" lists only while the round is new, the announcement turn ends by
itself when only Hotovo is left, one title for the round's end, and the clock's
"(the deal in play is finished)" only once the end is near."""

from __future__ import annotations

import dataclasses

from bot.games.taroky.hand import NEWCOMER_DEALS, gloss_line, hand, pagat_line
from bot.games.taroky.pictures.examples import drive, shuffled
from engine.taroky import TarokyRound
from engine.taroky.actions import Bid
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


def test_the_glosses_and_the_pagat_reminder_only_in_the_first_deals() -> None:
    """M1: the valát's and the pagát's glosses came back at every announcement turn, "Máš
    ohlášeného pagáta: nech si I na poslední štych." at every trick (17× each)."""
    from tests.test_taroky_review74 import _announced_pagat
    from tests.test_taroky_ui import _to_announcements, _worked_round

    view = _to_announcements(_worked_round()).view(0)
    assert gloss_line(view, "cs").startswith("Pagát: poslední štych vezmeš pagátem")
    assert gloss_line(_later(view), "cs") == ""
    played = _announced_pagat().view(0)
    assert pagat_line(played, "cs") == "Máš ohlášeného pagáta: nech si I na poslední štych."
    assert pagat_line(_later(played), "cs") == ""
