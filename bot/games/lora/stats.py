"""Lóra's own statistics of a player, from the outcomes of his archived lóry.

Everything is read from what the engine reported (``Lora.outcome``: the score sheet in
``details["protocol"]``, the tied groups in ``details["ties"]``, čistá stovka in ``extras``);
nothing re-derives a rule. Contract averages are per partial game, from the rows of the
player's seat (games 1–7 of a tálie); maturita counts only as the maturant.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.storage.models import PlayerStats
from engine.contracts import MATURITA_GAME, TALIE_ORDER

CONTRACTS = [c.value for c in TALIE_ORDER[: MATURITA_GAME - 1]]  # games 1–7 of a tálie


@dataclass(slots=True)
class LoraStats:
    # contract → average points per partial game (games 1–7 of a tálie); None without data
    contracts: dict[str, float | None] = field(default_factory=dict)
    contract_games: dict[str, int] = field(default_factory=dict)
    maturitas: int = 0  # tálie in which he was the maturant
    maturita_attempts: int = 0
    maturita_passed: int = 0
    maturita_rate: float | None = None  # passed / maturitas
    maturita_avg: float | None = None  # points per maturita (all its attempts)
    stovka_declared: int = 0
    stovka_made: int = 0
    harakiri_played: int = 0  # lóras in which he played off a tie
    harakiri_won: int = 0  # … and came out first of his tied group


def _mean(total: float, count: int) -> float | None:
    return total / count if count else None


def lora_stats(stats: PlayerStats) -> LoraStats:
    out = LoraStats()
    sums: dict[str, int] = dict.fromkeys(CONTRACTS, 0)
    counts: dict[str, int] = dict.fromkeys(CONTRACTS, 0)
    maturita_points = 0
    for r in stats.results:
        seat, outcome = r.seat, r.outcome
        protocol: list[dict[str, Any]] = list(outcome.details.get("protocol", []))
        maturita_talie: set[Any] = set()
        for row in protocol:
            game = row.get("game")
            if game is None:  # harakiri
                continue
            if game == MATURITA_GAME:
                if row.get("maturant") == seat:
                    maturita_talie.add(row.get("tali"))
                    out.maturita_attempts += 1
                    out.maturita_passed += int(not row.get("failed", False))
                    maturita_points += int(row["points"][seat])
                continue
            contract = CONTRACTS[game - 1]
            sums[contract] += int(row["points"][seat])
            counts[contract] += 1
        out.maturitas += len(maturita_talie)
        extra = outcome.extra(seat)
        if extra.get("cista_stovka") is True:
            out.stovka_declared += 1
            out.stovka_made += int(bool(extra.get("cista_stovka_made")))
        order = outcome.order()
        for group in outcome.details.get("ties", []):
            if seat in group:
                out.harakiri_played += 1
                out.harakiri_won += int(min(group, key=order.index) == seat)
    out.contracts = {c: _mean(sums[c], counts[c]) for c in CONTRACTS}
    out.contract_games = counts
    out.maturita_rate = _mean(out.maturita_passed, out.maturitas)
    out.maturita_avg = _mean(maturita_points, out.maturitas)
    return out
