"""The game interface: what everything outside a game's package needs of a game.

The bot, the storage, the AI seats, the replay CLI and the tournaments speak only to this, so a
new game is a new package plus one :class:`GameSpec` in the registry (``engine.games``). The
shape follows OpenSpiel's state API (``current_player``, ``legal_actions``, ``apply_action``,
``returns``) and python-chess's ``Outcome``: the result of a game is data, computed by the game,
so nothing outside it re-derives a rule (a ranking, a play-off, money).

Views are typed per game (Lóra: ``engine.views.SeatView``/``PublicView``); what a caller that
knows no game may read of them is :class:`SeatViewBase` and :class:`PublicViewBase`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

from engine.log_json import json_text

if TYPE_CHECKING:
    from engine.tournament import TournamentRules

JSON = dict[str, Any]


class GameAction(Protocol):
    """An action record: the seat that takes it and its JSON form (the replay form)."""

    @property
    def seat(self) -> int: ...

    def to_json(self) -> JSON: ...


class GameEvent(Protocol):
    """What happened: a stable ``kind`` and a line of text in a language."""

    @property
    def kind(self) -> str: ...

    def text(self, lang: str = "cs") -> str: ...


class PublicViewBase(Protocol):
    """What anybody may know, as far as a caller that knows no game reads it."""

    @property
    def to_act(self) -> int | None: ...

    @property
    def finished(self) -> bool: ...


class SeatViewBase(Protocol):
    """What one seat may know: its legal actions (empty unless it is to act) and the public."""

    @property
    def seat(self) -> int: ...

    @property
    def legal(self) -> Sequence[GameAction]: ...

    @property
    def public(self) -> PublicViewBase: ...


SV = TypeVar("SV", bound=SeatViewBase, covariant=True)
PV = TypeVar("PV", bound=PublicViewBase, covariant=True)
V_contra = TypeVar("V_contra", contravariant=True)
S = TypeVar("S", bound=SeatViewBase)  # invariant: a spec's views are exactly its game's
P = TypeVar("P", bound=PublicViewBase)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game, per seat.

    ``places``: 1 is best; seats that the rules leave equal share the better place (two seats
    tied for first are both 1, the next is 3). ``scores``: the game's own score per seat, in
    ``unit`` (Lóra: ``"points"``, penalty points, fewer is better; Taroky: ``"hal"``, the net
    money of the round, more is better). ``extras``: per seat, what else the game reports
    (čistá stovka declared/made, harakiri points; money, dokup). ``details``: the same for the
    whole game (e.g. the play-offs that decided ties, the score sheet).
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

    def extra(self, seat: int) -> Mapping[str, Any]:
        """The extras of one seat (empty when the game reports none)."""
        return self.extras[seat] if seat < len(self.extras) else {}

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


class GameState(Protocol[SV, PV]):
    """One running game (a whole lóra; a Taroky round). Every method is the one legality path:
    ``apply`` verifies through the same code ``legal_actions`` and ``verify`` use and changes
    nothing when it refuses (raising the game's typed error). An action of another game is
    refused like any malformed action."""

    @property
    def to_act(self) -> int | None: ...

    @property
    def finished(self) -> bool: ...

    @property
    def log(self) -> Sequence[GameAction]: ...

    def legal_actions(self) -> Sequence[GameAction]: ...

    def verify(self, action: GameAction) -> None: ...

    def apply(self, action: GameAction) -> Sequence[GameEvent]: ...

    def view(self, seat: int) -> SV: ...

    def public_view(self) -> PV: ...

    def outcome(self) -> Outcome | None: ...

    def to_json(self) -> JSON: ...


# A game of any kind, as the code that knows no game holds it.
AnyGame = GameState[SeatViewBase, PublicViewBase]


def state_text(state: object) -> str:
    """A game's state as stored text: the text of its ``to_json()``, or its own
    ``to_json_text()`` when it has one (a game with a long log keeps the log's text between
    saves: ``engine.log_json.LogJSON``)."""
    own = getattr(state, "to_json_text", None)
    if callable(own):
        return str(own())
    return json_text(cast(Any, state).to_json())


def start_events(state: object) -> Sequence[GameEvent]:
    """What happened while a new game was made (the first deal announced, a forced knock): a
    game keeps these in ``start_events`` (empty when it has none)."""
    events = getattr(state, "start_events", ())
    return list(events) if isinstance(events, Sequence) else []


@dataclass(frozen=True, slots=True)
class TimeLimit:
    """A game that ends by the clock (a Taroky round of 60 minutes): ``seconds`` after the
    game started, the table applies ``action`` — a request of the table, not a seat's move
    (its ``seat`` is outside the seats; it is logged like any action, so a replay of the log
    reproduces the game)."""

    seconds: float
    action: GameAction


class GameAI(Protocol[V_contra]):
    """A computer player: decides from one seat's view, never from the state."""

    def decide(self, view: V_contra) -> GameAction: ...


@dataclass(frozen=True)
class GameSpec(Generic[S, P]):
    """A game as the registry knows it: how to make, load, record and replay it, and its AI.

    ``new(options, rng)`` starts a game (seat 0 first; the bot seats the players);
    ``from_json`` loads a snapshot of ``GameState.to_json``; ``record(state)`` is the game's
    replayable log (its starting conditions and actions: what an archive keeps) and
    ``replay(record)`` the state it replays to. Without them the snapshot is the record.
    ``ai_budgets``: the levels whose AI takes a time budget as ``"level:MS"`` (``make_ai``),
    with their own budget in ms per decision; the bot's worker pool gives them less when
    decisions queue up (``bot/workers/decisions.py``).
    ``time_limit(state)``: when the game ends by the clock, how long it lasts and the action
    that ends it (None: no limit now — none set, or the end already requested).
    ``may_autoplay(state)``: whether a seat's only legal action may be applied without its
    click now (default: yes). A game says no where having a single choice is itself hidden
    information — in Taroky's announcements the secret partner may not flek his declarer's
    game, so a partner whose turn passed by itself would be known.
    ``tournament``: what the game's tournaments do their own way (``engine.tournament``;
    None: a round is one game, the sheet shows the score).
    ``committal(action)``: whether an action binds its player to more than his cards' play
    (a bid, an announcement, a flek, declaring čistá stovka) — a step an AI standing in for
    an absent player does not take for him (``stand_in_action``).
    """

    name: str  # "lora", "taroky": the stored ``game_kind``
    seats: int
    new: Callable[[JSON | None, random.Random], GameState[S, P]]
    from_json: Callable[[JSON], GameState[S, P]]
    action_from_json: Callable[[object], GameAction]
    make_ai: Callable[[str, random.Random], GameAI[S]]
    ai_levels: tuple[str, ...] = ("easy", "medium", "hard")
    record: Callable[[GameState[S, P]], JSON] | None = None
    replay: Callable[[JSON], GameState[S, P]] | None = None
    ai_budgets: Mapping[str, float] = field(default_factory=dict)
    time_limit: Callable[[GameState[S, P]], TimeLimit | None] | None = None
    may_autoplay: Callable[[GameState[S, P]], bool] | None = None
    tournament: TournamentRules | None = None
    committal: Callable[[GameAction], bool] | None = None

    def tournament_rules(self) -> TournamentRules:
        """The game's tournament rules (the generic ones when it has none of its own)."""
        from engine.tournament import GENERIC

        return self.tournament if self.tournament is not None else GENERIC

    def record_of(self, state: GameState[S, P]) -> JSON:
        """The replayable log of a game (its snapshot when the game defines no record)."""
        return self.record(state) if self.record is not None else state.to_json()

    def replayed(self, record: JSON) -> GameState[S, P]:
        """The state a record replays to."""
        return self.replay(record) if self.replay is not None else self.from_json(record)

    def time_limit_of(self, state: GameState[S, P]) -> TimeLimit | None:
        """The game's time limit now (None: the game has none, or has been asked to end)."""
        return self.time_limit(state) if self.time_limit is not None else None

    def autoplay_allowed(self, state: GameState[S, P]) -> bool:
        """A forced move (one legal action) may be applied without a click now."""
        return self.may_autoplay(state) if self.may_autoplay is not None else True

    def stand_in_action(self, state: GameState[S, P], chosen: GameAction) -> GameAction:
        """What an AI standing in for an absent player does: the AI's ``chosen`` action,
        unless it is committal; then the first legal action that is not (a pass, no
        announcement, no declaration), or where every one is (a Taroky opener must bid)
        the first legal one, the mildest (games list theirs so: bids low to high). Not a
        rule: the bot's policy, so that nobody comes back to a sólo or a flek made in his
        name."""
        if self.committal is None or not self.committal(chosen):
            return chosen
        legal = state.legal_actions()
        return next((a for a in legal if not self.committal(a)), legal[0] if legal else chosen)

    def ai_action(self, state: GameState[S, P], seat: int, level: str,
                  rng: random.Random) -> GameAction:
        """The AI's action for ``seat``: it sees that seat's view only."""
        return self.make_ai(level, rng).decide(state.view(seat))
