"""Taroky's own statistics of a player, from the outcomes of his archived rounds.

Everything is read from what the engine reported: the protocol rows of each round
(``Outcome.details["protocol"]``, one per deal: the game, the declarer and partner, the
components of the money with ``G`` > 0 when the declarer's side won the game, the pagát and
the valáts with their results, the money per seat). Nothing re-derives a rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.storage.models import PlayerStats

GAMES = ("1P", "2P", "3P1", "3P2", "3P3", "6P", "W")


@dataclass(slots=True)
class TarokyStats:
    deals: int = 0  # deals he played
    money: int = 0  # the sum of his money per deal (hal)
    best_deal: int | None = None  # his best single deal (hal)
    declared: dict[str, int] = field(default_factory=dict)  # game -> deals he declared
    won: dict[str, int] = field(default_factory=dict)  # game -> of those, won
    partner: int = 0  # deals as the (called) partner
    partner_won: int = 0
    pagat_announced: int = 0  # pagáts he announced (2P: promised)
    pagat_announced_won: int = 0
    pagat_silent_won: int = 0  # silent pagáts he won with his I
    pagat_silent_lost: int = 0
    valat_announced: int = 0  # valáts he announced himself, and won
    valat_announced_won: int = 0
    valat_silent_won: int = 0  # silent valáts of his side

    @property
    def per_deal(self) -> float | None:
        return self.money / self.deals if self.deals else None


def _side(row: dict[str, Any], seat: int) -> str | None:
    if row.get("game") == "W":
        return None
    return "D" if seat in (row.get("declarer"), row.get("partner")) else "O"


def _game_won(row: dict[str, Any], seat: int) -> bool:
    """The declarer won his game: the engine's game component is positive, as it was paid
    (a 35:35 the table pays as a loss by one eye is the win of the side that did not pay
    it, ``tie_payer``; one nobody pays is no win); Varšava, which has none: his own money
    for the deal."""
    components = row.get("components")
    if isinstance(components, dict) and "G" in components:
        return int(components["G"]) > 0
    return int(row["money"][seat]) > 0


def add_row(out: TarokyStats, row: dict[str, Any], seat: int) -> None:
    money = int(row["money"][seat])
    out.deals += 1
    out.money += money
    out.best_deal = money if out.best_deal is None else max(out.best_deal, money)
    game = str(row.get("game"))
    if row.get("declarer") == seat:
        out.declared[game] = out.declared.get(game, 0) + 1
        out.won[game] = out.won.get(game, 0) + int(_game_won(row, seat))
    elif row.get("partner") == seat:
        out.partner += 1
        out.partner_won += int(_game_won(row, seat))
    pagat = row.get("pagat")
    if isinstance(pagat, dict) and pagat.get("seat") == seat:
        if pagat.get("announced"):
            out.pagat_announced += 1
            out.pagat_announced_won += int(bool(pagat.get("won")))
        elif pagat.get("won"):
            out.pagat_silent_won += 1
        else:
            out.pagat_silent_lost += 1
    side = _side(row, seat)
    for valat in row.get("valat") or []:
        if valat.get("side") != side:
            continue
        if valat.get("announced"):
            if _announced_by(row, valat, seat):
                out.valat_announced += 1
                out.valat_announced_won += int(bool(valat.get("won")))
        elif valat.get("won"):
            out.valat_silent_won += 1


def _announced_by(row: dict[str, Any], valat: dict[str, Any], seat: int) -> bool:
    """Whether ``seat`` announced the valát of his side himself (not his partner, nor
    another opponent): its ``by``; a row recorded before it was kept says it only of a
    declarer who played alone (his side was he alone)."""
    by = valat.get("by")
    if isinstance(by, int) and not isinstance(by, bool):
        return by == seat
    return row.get("declarer") == seat and row.get("partner") is None


def taroky_stats(stats: PlayerStats) -> TarokyStats:
    out = TarokyStats()
    for result in stats.results:
        for row in result.outcome.details.get("protocol", []):
            if isinstance(row, dict):
                add_row(out, row, result.seat)
    return out
