"""T-TOURNAMENT: tables drawn for every round, 4-3-2-1 points by round result, standings,
and the table's sheet (zápisový lístek) with its control sum."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from engine.taroky.errors import BadInput
from engine.taroky.round import TarokyRound

P = TypeVar("P", bound=Hashable)
TABLE_POINTS = (4.0, 3.0, 2.0, 1.0)


def draw_tables(players: Sequence[P], rng: random.Random) -> list[list[P]]:
    """Random tables of four for one round; the number of players must be a multiple of 4."""
    if not players or len(players) % 4:
        raise BadInput("bad_field", name="players", value=len(players))
    order = list(players)
    rng.shuffle(order)
    return [order[i : i + 4] for i in range(0, len(order), 4)]


def table_points(results: Sequence[int]) -> tuple[float, ...]:
    """4-3-2-1 by round result; equal results share the points of their places."""
    ranked = sorted(range(len(results)), key=lambda s: -results[s])
    points = [0.0] * len(results)
    i = 0
    while i < len(ranked):
        j = i
        while j + 1 < len(ranked) and results[ranked[j + 1]] == results[ranked[i]]:
            j += 1
        share = sum(TABLE_POINTS[i : j + 1]) / (j + 1 - i)
        for k in range(i, j + 1):
            points[ranked[k]] = share
        i = j + 1
    return tuple(points)


def standings(points: Mapping[P, float], money: Mapping[P, int]) -> list[tuple[int, P]]:
    """(place, player) by points, ties broken by the sum of round results; still equal:
    a shared place."""
    key = {p: (points[p], money[p]) for p in points}
    ordered = sorted(points, key=lambda p: (-key[p][0], -key[p][1]))
    out: list[tuple[int, P]] = []
    for i, p in enumerate(ordered):
        place = i + 1 if i == 0 or key[ordered[i - 1]] != key[p] else out[-1][0]
        out.append((place, p))
    return out


@dataclass(frozen=True, slots=True)
class SheetRow:
    seat: int
    dokup: int  # hal
    money: int  # "Peníze": money at the end of the round, hal
    points: float  # "Body"


@dataclass(frozen=True, slots=True)
class TableSheet:
    table_no: int
    round_no: int
    rows: tuple[SheetRow, ...]

    @property
    def control_sum(self) -> int:
        """Σ Peníze, which must equal 4 × stake + Σ Dokup."""
        return sum(r.money for r in self.rows)


def table_sheet(rnd: TarokyRound, table_no: int) -> TableSheet:
    points = table_points(rnd.results)
    rows = tuple(
        SheetRow(s, rnd.dokup[s], rnd.money[s], points[s]) for s in range(4)
    )
    return TableSheet(table_no, rnd.round_no, rows)
