"""Tournaments of any game: the draw of tables, table points, standings, and the per-game hook.

A tournament is a layer above the tables: every round each table plays one game of the
registry (a whole lóra; a Taroky round, T-ROUND), and what it gives is read from that game's
``Outcome``: places (ties share the better place), scores and their direction. Nothing here
knows a game's rules; what differs per game — how long a round is, what its table sheet
shows, its control sum — is the game's ``TournamentRules`` (``GameSpec.tournament``).

- **Table points** (T-TOURNAMENT; Lóra Čl. 19–20 read the same way): at a table of ``n``
  seats the places give ``n, n−1, …, 1`` points (4-3-2-1); seats sharing a place share the
  points of the places they cover (two tied firsts get 3.5 each).
- **Standings**: the sum of table points; ties are broken by the sum of the game's scores
  (Taroky: money, more is better; Lóra: penalty points, fewer is better); still equal: a
  shared place.
- **The draw**: random tables every round, chosen among many random draws to meet as few
  earlier opponents as possible (the sum over the pairs at one table of how often they met).
  AI entrants are spread evenly over the tables first (their counts per table differ by at
  most one), so that people play with people rather than one person among three AIs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TypeVar

from engine.game import JSON, Outcome

P = TypeVar("P", bound=Hashable)
DRAW_TRIES = 24  # random starts of the draw's local search (it stops early at no repeat)
UNITS = ("deals", "minutes")  # what a round's length can be given in


# -- table points and standings ---------------------------------------------------------
def place_points(places: Sequence[int]) -> tuple[float, ...]:
    """Points by place at one table: ``n`` seats give ``n … 1`` (4-3-2-1 for four); seats
    that share a place share the points of the places they cover."""
    n = len(places)
    points = []
    for place in places:
        tied = sum(1 for p in places if p == place)
        covered = [n - (place - 1 + k) for k in range(tied)]
        points.append(sum(covered) / tied)
    return tuple(points)


def ranked(entries: Mapping[P, tuple[float, int]], *, lower_is_better: bool) -> list[tuple[int, P]]:
    """(place, entrant) by points, more first; equal points by the tiebreak score (fewer
    first when ``lower_is_better``); still equal: a shared place (in the given order)."""

    def key(p: P) -> tuple[float, int]:
        points, score = entries[p]
        return (-points, score if lower_is_better else -score)

    ordered = sorted(entries, key=key)
    out: list[tuple[int, P]] = []
    for i, p in enumerate(ordered):
        place = i + 1 if i == 0 or key(ordered[i - 1]) != key(p) else out[-1][0]
        out.append((place, p))
    return out


# -- the draw ---------------------------------------------------------------------------
def pair(a: P, b: P) -> frozenset[P]:
    return frozenset((a, b))


def meetings(tables: Sequence[Sequence[P]]) -> dict[frozenset[P], int]:
    """How often each pair of entrants sat at one table, over ``tables`` (earlier rounds)."""
    met: dict[frozenset[P], int] = {}
    for table in tables:
        for a, b in combinations(table, 2):
            met[pair(a, b)] = met.get(pair(a, b), 0) + 1
    return met


def repeats(tables: Sequence[Sequence[P]], met: Mapping[frozenset[P], int]) -> int:
    """The draw's cost: over the pairs at each table, how often they met before."""
    return sum(met.get(pair(a, b), 0) for table in tables for a, b in combinations(table, 2))


def _cost_of(table: Sequence[P], met: Mapping[frozenset[P], int]) -> int:
    return sum(met.get(pair(a, b), 0) for a, b in combinations(table, 2))


def _improve(tables: list[list[P]], met: Mapping[frozenset[P], int],
             spread: Collection[P] = ()) -> None:
    """Swap players between tables while a swap lowers the number of repeated meetings
    (a player of ``spread`` only with another: the tables keep their counts of them)."""
    better = True
    while better:
        better = False
        for i, j in combinations(range(len(tables)), 2):
            ti, tj = tables[i], tables[j]
            for a in range(len(ti)):
                for b in range(len(tj)):
                    if (ti[a] in spread) != (tj[b] in spread):
                        continue
                    before = _cost_of(ti, met) + _cost_of(tj, met)
                    ti[a], tj[b] = tj[b], ti[a]
                    if _cost_of(ti, met) + _cost_of(tj, met) < before:
                        better = True
                    else:
                        ti[a], tj[b] = tj[b], ti[a]


def draw_tables(players: Sequence[P], rng: random.Random, size: int = 4,
                met: Mapping[frozenset[P], int] | None = None,
                spread: Collection[P] = ()) -> list[list[P]]:
    """Tables of ``size`` for one round, at random, meeting as few earlier opponents
    (``met``, see ``meetings``) as the search finds; the player count must be a multiple of
    ``size``. ``spread`` (the AI entrants): as evenly over the tables as they go — their
    counts at two tables differ by at most one. The seat order at each table is random too."""
    if size < 1 or not players or len(players) % size:
        raise ValueError(f"{len(players)} players do not fill tables of {size}")
    met = met or {}
    spread = frozenset(spread) & frozenset(players)
    best: list[list[P]] | None = None
    best_cost = -1
    for _ in range(DRAW_TRIES if met else 1):
        order = list(players)
        rng.shuffle(order)
        if spread:  # dealt round the tables, the spread ones first, then the others
            n = len(order) // size
            ordered = [p for p in order if p in spread] + [p for p in order if p not in spread]
            tables: list[list[P]] = [ordered[j::n] for j in range(n)]
        else:
            tables = [order[i : i + size] for i in range(0, len(order), size)]
        _improve(tables, met, spread)
        cost = repeats(tables, met)
        if best is None or cost < best_cost:
            best, best_cost = tables, cost
        if cost == 0:
            break
    assert best is not None
    for table in best:
        rng.shuffle(table)
    return best


# -- the per-game hook ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SheetColumn:
    """A column of the game's own on a table's sheet: ``key`` names its word in the bot's
    catalog, ``unit`` how its numbers read ("hal": money in haléře; "points"; "": plain)."""

    key: str
    unit: str = ""


@dataclass(frozen=True, slots=True)
class ControlSum:
    """A check the table's sheet carries (Taroky: Σ Peníze = stake × 4 + Σ Dokup)."""

    key: str
    value: int
    expected: int
    unit: str = ""

    @property
    def ok(self) -> bool:
        return self.value == self.expected


RoundLength = Mapping[str, int]  # {"deals": n} or {"minutes": n}; empty: one game per round


def _same_options(options: JSON | None, length: RoundLength, rounds: int) -> JSON:
    return dict(options or {})


def _score_only(outcome: Outcome, seat: int) -> tuple[int | None, ...]:
    return (outcome.scores[seat],)


def _no_notes(outcome: Outcome, seat: int) -> tuple[tuple[str, int | None], ...]:
    return ()


def _no_control(outcome: Outcome, options: JSON | None) -> ControlSum | None:
    return None


def _unnumbered(options: JSON, round_no: int) -> JSON:
    return options


@dataclass(frozen=True)
class TournamentRules:
    """What a game's tournaments do their own way (``GameSpec.tournament``).

    ``round_units``: what a round's length may be given in (empty: a round is one game).
    ``default_rounds``, ``default_length``: the game's tournament defaults.
    ``round_options(options, length, rounds)``: the game's options for one round at a table
    of a tournament of ``rounds`` rounds.
    ``columns``/``values(outcome, seat)``: the game's own columns of the table's sheet.
    ``notes(outcome, seat)``: marks on a seat's line (``(key, number or None)``).
    ``control(outcome, options)``: the sheet's control sum, if the game has one.
    ``numbered(options, round_no)``: a table's ``round_options`` as it plays round
    ``round_no`` (Taroky: its record and protocol rows name the round)."""

    round_units: tuple[str, ...] = ()
    default_rounds: int = 3
    default_length: RoundLength = field(default_factory=dict)
    round_options: Callable[[JSON | None, RoundLength, int], JSON] = _same_options
    columns: tuple[SheetColumn, ...] = (SheetColumn("score"),)
    values: Callable[[Outcome, int], tuple[int | None, ...]] = _score_only
    notes: Callable[[Outcome, int], tuple[tuple[str, int | None], ...]] = _no_notes
    control: Callable[[Outcome, JSON | None], ControlSum | None] = _no_control
    numbered: Callable[[JSON, int], JSON] = _unnumbered


GENERIC = TournamentRules()


def check_length(rules: TournamentRules, length: RoundLength) -> RoundLength:
    """A round length the game accepts: empty, or one unit of ``rules.round_units`` with a
    positive count (``ValueError`` otherwise)."""
    if not length:
        return {}
    if len(length) != 1:
        raise ValueError("a round's length is given in one unit")
    ((unit, count),) = length.items()
    if unit not in rules.round_units or unit not in UNITS:
        raise ValueError(f"a round of this game is not measured in {unit}")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise ValueError(f"bad round length {count!r}")
    return {unit: count}
