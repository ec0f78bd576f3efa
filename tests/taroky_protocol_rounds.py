"""Finished Taroky rounds for the protocol's pages: 1, 4 and 12 deals (první povinnost with a
flekked pagát, Varšava, preferanc, sólo with a flek, in turn), and the 12 with a busy detail
in every deal that has sides (a flek of ×8, a pagát, a valát) and 32-character names."""

from __future__ import annotations

import dataclasses
from functools import cache

from bot.games.taroky.pictures.examples import (
    NAMES,
    _worked_script,
    drive,
    script,
    shuffled,
    worked,
)
from bot.games.taroky.pictures.examples import example as taroky_example
from engine.taroky import TarokyRound
from engine.taroky.options import TarokyOptions
from engine.taroky.scoring import PagatResult, ValatResult
from engine.taroky.views import TableView

LONG_NAMES = ["Maximilián Šťastný-Kovářík", "Bartoloměj Přemyslovský z Dubé",
              "Kristýna Nováková-Dvořáková", "AI Božena"]
LONGEST = [n[:32] + "x" * (32 - len(n)) for n in LONG_NAMES]  # Discord's 32 characters


def varied(n: int) -> TarokyRound:
    """A finished round of ``n`` deals, the example's four games in turn."""
    first = [worked(), shuffled(7, 0), shuffled(8, 1), shuffled(9, 2)]
    rnd = TarokyRound(deals=[first[i] if i < 4 else shuffled(200 + i, i % 4) for i in range(n)],
                      options=TarokyOptions(stake=2000, round_deals=n))
    per_deal = [
        _worked_script(),
        script(bid={1: "1P"}, choose={1: "W"}),
        script(bid={2: "3P"}, trojka={2: (False, True)}),
        script(bid={3: "1P", 0: "6P"}, announce={1: ["flek:game"]}),
    ]
    drive(rnd, lambda r: False, lambda r, legal: per_deal[(r.deal.deal_no - 1) % 4](r, legal))
    assert rnd.finished and len(rnd.protocol) == n
    return rnd


def busy(view: TableView) -> TableView:
    """``view`` with every deal that has sides flekked ×8, an announced pagát won by the
    last seat, a valát lost, and four-digit running money."""
    rows = tuple(
        dataclasses.replace(
            r, flek=(3, *r.flek[1:]),
            pagat=PagatResult(seat=3, side="O", announced=True, level=2, won=True),
            valats=(ValatResult(side="O", announced=True, level=2, won=False),),
            running=(123456, -37700, 950, 100300))
        if r.components is not None else r
        for r in view.protocol)
    return dataclasses.replace(view, protocol=rows)


@cache
def finished_view(case: str) -> TableView:
    """The public view of the finished round ``case`` (one of ``CASES``)."""
    if case == "4":
        return taroky_example("finished")[0].public_view()
    if case == "busy":
        return busy(varied(12).public_view())
    return varied(int(case)).public_view()


CASES = {"1": NAMES, "4": NAMES, "12": NAMES, "busy": LONG_NAMES}
