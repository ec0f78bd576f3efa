"""The standings of a tournament, read from the engine's outcome of every finished table.

No rule here: the points of a place and the order are ``engine.tournament``'s (4-3-2-1 with
shared ties; the game's score breaks equal points in the game's direction).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from bot.storage.models import TournamentRecord, TournamentTableRecord
from bot.tournament import model
from engine.game import Outcome
from engine.tournament import place_points, ranked


@dataclass(frozen=True, slots=True)
class Standing:
    entrant: int
    place: int
    points: float
    score: int  # the sum of the game's scores (Taroky: hal; Lóra: penalty points)
    rounds: tuple[float | None, ...]  # table points per round (None: not played yet)
    last_place: int  # the last place a shared place covers ("2.–3.": 3); else ``place``

    @property
    def shared(self) -> bool:
        return self.last_place > self.place

    def to_json(self) -> dict[str, Any]:
        return {"entrant": self.entrant, "place": self.place, "last_place": self.last_place,
                "points": self.points, "score": self.score, "rounds": list(self.rounds)}


def outcome_of(slot: TournamentTableRecord) -> Outcome | None:
    return None if slot.result is None else Outcome.from_json(slot.result)


def table_points(slot: TournamentTableRecord) -> tuple[float, ...] | None:
    """The table points of each seat (None while the table plays)."""
    outcome = outcome_of(slot)
    return None if outcome is None else place_points(outcome.places)


def lower_is_better(t: TournamentRecord) -> bool:
    """The direction of the game's score, as its outcomes say (Lóra: fewer is better)."""
    for slot in t.tables:
        outcome = outcome_of(slot)
        if outcome is not None:
            return outcome.lower_is_better
    return False


def standings(t: TournamentRecord, upto: int) -> list[Standing]:
    """Every entrant's place after round ``upto``, from the finished tables of rounds 1…upto;
    entrants still equal share a place, which covers as many places as they are (two
    equal second: "2.–3."; the embed, the picture, the winner line and the export's
    ``last_place`` all give the range, ``bot.tournament.words`` writes it)."""
    rounds = max(upto, 0)
    points = {e.entrant_no: 0.0 for e in t.entrants}
    score = {e.entrant_no: 0 for e in t.entrants}
    per_round: dict[int, list[float | None]] = {e.entrant_no: [None] * rounds
                                                for e in t.entrants}
    for slot in t.tables:
        if slot.round_no > upto:
            continue
        outcome = outcome_of(slot)
        if outcome is None:
            continue
        got = place_points(outcome.places)
        for seat, number in enumerate(slot.seats):
            points[number] += got[seat]
            score[number] += outcome.scores[seat]
            per_round[number][slot.round_no - 1] = got[seat]
    order = ranked({n: (points[n], score[n]) for n in points},
                   lower_is_better=lower_is_better(t))
    sharing = Counter(place for place, _ in order)
    return [Standing(n, place, points[n], score[n], tuple(per_round[n]),
                     place + sharing[place] - 1) for place, n in order]


def among(rows: list[Standing], keep: Callable[[int], bool]) -> list[Standing]:
    """The rows of the entrants ``keep`` takes (by number), placed among themselves in the
    same order (equals still share a place): the podium and the winner's line name the best
    of those who played on (review 75: one who never clicked won)."""
    kept = [row for row in rows if keep(row.entrant)]
    places: list[int] = []
    for i, row in enumerate(kept):
        places.append(places[-1] if i and kept[i - 1].place == row.place else i + 1)
    size = Counter(places)
    return [replace(row, place=p, last_place=p + size[p] - 1)
            for row, p in zip(kept, places, strict=True)]


def podium(t: TournamentRecord, rows: list[Standing]) -> list[Standing]:
    """The podium of standings ``rows``: those who may be crowned (``model.played_on``: not
    one who withdrew or made no move in a whole round), placed among themselves, the first
    three places — the one source of the podium's lines, the winner's line and the medals
    of the standings picture (review 97: the picture gave them to those passed over)."""
    kept = among(rows, lambda n: model.played_on(t, model.entrant(t, n)))
    return [row for row in kept if row.place <= 3]
