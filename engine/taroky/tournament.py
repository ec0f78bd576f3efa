"""T-TOURNAMENT: tables drawn for every round, 4-3-2-1 points by round result, standings,
the table's sheet (zápisový lístek) with its control sum, and Taroky's ``TournamentRules``
(a round is a T-ROUND at each table, limited in deals or minutes).

The common parts (the draw, points by place, standings) are ``engine.tournament``'s; this
module words them in Taroky's terms (round results in haléře, money breaking ties)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from engine import tournament as common
from engine.game import JSON, Outcome
from engine.taroky.errors import BadInput
from engine.taroky.options import TarokyOptions
from engine.taroky.round import TarokyRound, places_of

P = TypeVar("P", bound=Hashable)
TABLE_POINTS = (4.0, 3.0, 2.0, 1.0)


def draw_tables(players: Sequence[P], rng: random.Random,
                met: Mapping[frozenset[P], int] | None = None) -> list[list[P]]:
    """Random tables of four for one round, meeting as few earlier opponents (``met``) as
    possible; the number of players must be a multiple of 4."""
    if not players or len(players) % 4:
        raise BadInput("bad_field", name="players", value=len(players))
    return common.draw_tables(players, rng, 4, met)


def table_points(results: Sequence[int]) -> tuple[float, ...]:
    """4-3-2-1 by round result; equal results share the points of their places."""
    return common.place_points(places_of(results))


def standings(points: Mapping[P, float], money: Mapping[P, int]) -> list[tuple[int, P]]:
    """(place, player) by points, ties broken by the sum of round results; still equal:
    a shared place."""
    return common.ranked({p: (points[p], money[p]) for p in points}, lower_is_better=False)


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


# -- TournamentRules: the bot's tournaments read Taroky through these -----------------------
def round_options(options: JSON | None, length: common.RoundLength, rounds: int) -> JSON:
    """The table options of one tournament round: the given options with the round's limit
    (T-ROUND: ``{"deals": n}`` or ``{"minutes": n}``) and the tournament's number of rounds
    (``rounds``, T-TOURNAMENT: a table's record says the tournament it was played in, not
    the default of 4; it changes nothing in a round's play or money)."""
    data = TarokyOptions.from_json(options).to_json()
    if length:
        data["round_limit"] = dict(length)
    data["rounds"] = rounds
    return TarokyOptions.from_json(data).to_json()


def numbered(options: JSON, round_no: int) -> JSON:
    """The options of a table that plays round ``round_no`` of the tournament: its round's
    record and protocol rows say that round (review 75: every table said round 1)."""
    return TarokyOptions.from_json({**options, "round": round_no}).to_json()


def sheet_values(outcome: Outcome, seat: int) -> tuple[int | None, ...]:
    """Dokup and Peníze (money at the end of the round) of a seat, in haléře."""
    extra = outcome.extra(seat)
    return (int(extra.get("dokup", 0)), int(extra.get("money", 0)))


def control_sum(outcome: Outcome, options: JSON | None) -> common.ControlSum:
    """Σ Peníze against 4 × stake + Σ Dokup (T-TOURNAMENT)."""
    stake = TarokyOptions.from_json(options).stake
    money = sum(int(outcome.extra(s).get("money", 0)) for s in range(len(outcome.places)))
    dokup = sum(int(outcome.extra(s).get("dokup", 0)) for s in range(len(outcome.places)))
    return common.ControlSum("control", money, len(outcome.places) * stake + dokup, "hal")


RULES = common.TournamentRules(
    round_units=("deals", "minutes"),
    default_rounds=TarokyOptions().rounds,
    default_length={"minutes": 60},
    round_options=round_options,
    columns=(common.SheetColumn("dokup", "hal"), common.SheetColumn("money", "hal")),
    values=sheet_values,
    control=control_sum,
    numbered=numbered,
)
