"""The game interface: what everything outside a game's package needs of a game.

The bot, the storage, the AI seats, the replay CLI and the tournaments speak only to this, so a
new game is a new package plus one :class:`GameSpec` in the registry (``engine.games``). The
shape follows OpenSpiel's state API (``current_player``, ``legal_actions``, ``apply_action``,
``returns``) and python-chess's ``Outcome``: the result of a game is data, computed by the game,
so nothing outside it re-derives a rule (a ranking, a play-off, money).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

JSON = dict[str, Any]


class GameAction(Protocol):
    """An action record: the seat that takes it and its JSON form (the replay form)."""

    @property
    def seat(self) -> int: ...

    def to_json(self) -> JSON: ...


A = TypeVar("A", bound=GameAction)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game, per seat.

    ``places``: 1 is best; seats that the rules leave equal share the better place (two seats
    tied for first are both 1, the next is 3). ``scores``: the game's own score per seat, in
    ``unit`` (Lóra: ``"points"``, penalty points, fewer is better; Taroky: ``"hal"``, the net
    money of the round, more is better). ``extras``: per seat, what else the game reports
    (čistá stovka declared/made, harakiri points; money, dokup). ``details``: the same for the
    whole game (e.g. the play-offs that decided ties).
    """

    places: tuple[int, ...]
    scores: tuple[int, ...]
    unit: str
    lower_is_better: bool
    extras: tuple[Mapping[str, Any], ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)

    def order(self) -> tuple[int, ...]:
        """Seats from the best place to the worst (seat number among equals)."""
        return tuple(sorted(range(len(self.places)), key=lambda s: (self.places[s], s)))

    def to_json(self) -> JSON:
        return {
            "places": list(self.places),
            "scores": list(self.scores),
            "unit": self.unit,
            "lower_is_better": self.lower_is_better,
            "extras": [dict(e) for e in self.extras],
            "details": dict(self.details),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(
            tuple(int(p) for p in data["places"]),
            tuple(int(s) for s in data["scores"]),
            str(data["unit"]),
            bool(data["lower_is_better"]),
            tuple(dict(e) for e in data.get("extras", ())),
            dict(data.get("details", {})),
        )


class GameState(Protocol[A]):
    """One running game (a whole lóra; a Taroky round). Every method is the one legality path:
    ``apply`` verifies through the same code ``legal_actions`` and ``verify`` use and changes
    nothing when it refuses (raising the game's typed error)."""

    @property
    def to_act(self) -> int | None: ...

    @property
    def finished(self) -> bool: ...

    @property
    def log(self) -> Sequence[A]: ...

    def legal_actions(self) -> list[A]: ...

    def verify(self, action: A) -> None: ...

    def apply(self, action: A) -> Sequence[Any]: ...

    def view(self, seat: int) -> Any: ...

    def public_view(self) -> Any: ...

    def outcome(self) -> Outcome | None: ...

    def to_json(self) -> JSON: ...


@dataclass(frozen=True)
class GameSpec:
    """A game as the registry knows it: how to make, load and replay it, and its AI."""

    name: str  # "lora", "taroky": the stored ``game_kind`` and the command group
    seats: int
    new: Callable[[JSON | None, random.Random], Any]  # (options JSON, rng) -> a GameState
    from_json: Callable[[JSON], Any]  # a saved state -> a GameState
    action_from_json: Callable[[object], Any]
    make_ai: Callable[[str, random.Random], Any]  # (level, rng) -> .decide(seat_view)
    ai_levels: tuple[str, ...] = ("easy", "medium", "hard")
