"""The records the storage layer returns and takes, and its errors."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from bot.errors import AlreadyRegistered, TableNotFound, TournamentNotFound, UserAlreadySeated
from engine.game import Outcome

__all__ = ["AlreadyRegistered", "TableNotFound", "TournamentNotFound", "UserAlreadySeated"]


class TableStatus(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    ABORTED = "aborted"


STATUS_LOBBY = TableStatus.LOBBY
STATUS_PLAYING = TableStatus.PLAYING
STATUS_FINISHED = TableStatus.FINISHED
STATUS_ABORTED = TableStatus.ABORTED
STATUSES = tuple(TableStatus)
ACTIVE_STATUSES = (TableStatus.LOBBY, TableStatus.PLAYING)
ANONYMOUS = "anonymous"


@dataclass(slots=True)
class TableRecord:
    """A table in play as stored: ``state`` is the game's ``to_json()`` (None in the lobby)."""

    table_id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    creator_id: int | None
    status: TableStatus
    settings: dict[str, Any]
    seats: list[dict[str, Any] | None]  # user_id | None, name, ai (level) | None, …
    state: dict[str, Any] | None
    version: int
    extra: dict[str, Any]
    created_at: datetime
    updated_at: datetime
    started_at: datetime | None = None
    game_kind: str = "lora"
    # a finished table whose game is archived: its snapshot is gone with its move log, and
    # this is the archive's record, which replays to it (``GameSpec.replayed``)
    replay: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One seat of a finished game, as ``archive_game`` takes it.

    ``moves``/``ai_moves`` count engine actions (a desítky Lay and an EndTurn are one each).
    Left None, ``moves`` is counted from the table's action log (actions at this seat) and
    ``ai_moves`` from it too (actions at this seat by "ai"). ``place`` None takes it from the
    outcome.
    """

    seat: int
    user_id: int | None  # None for an AI seat
    name: str
    ai_level: str | None = None
    ai_moves: int | None = None
    moves: int | None = None
    place: int | None = None

    @property
    def human(self) -> bool:
        return self.user_id is not None

    @classmethod
    def from_seat(cls, seat: int, data: dict[str, Any]) -> PlayerResult:
        """From a seat dict of ``TableRecord.seats`` (keys user_id, name, ai, ai_moves, moves)."""
        user_id = data.get("user_id")
        return cls(
            seat,
            user_id,
            str(data.get("name", "?")),
            data.get("ai") if user_id is None else None,
            data.get("ai_moves"),
            data.get("moves"),
        )


@dataclass(frozen=True, slots=True)
class HandToken:
    """An open hand message: the token of the interaction whose message it is (it edits the
    message until ``expires_at``), the message the click was on (None: a command), when it
    was clicked and the hand's own message (``hand_id``: a new one when "Moje karty" sent
    it; None: not known — saved before schema 11). The token is a secret: its ``repr``
    leaves it out."""

    table_id: int
    user_id: int
    application_id: int
    token: str = field(repr=False)
    message_id: int | None
    opened_at: datetime
    expires_at: datetime
    hand_id: int | None = None


@dataclass(frozen=True, slots=True)
class GamePlayer:
    seat: int
    user_id: int | None
    name: str
    ai_level: str | None
    human: bool
    place: int
    points: int
    ai_moves: int
    moves: int
    rating_before: int | None  # display ratings, None when the game was not rated
    rating_after: int | None
    ai_played: bool  # an AI played his seat, as the archive decided it (``seat_ai_played``)


@dataclass(frozen=True, slots=True)
class GameSummary:
    game_id: int
    game_kind: str
    table_id: int | None
    channel_id: int
    started_at: datetime
    finished_at: datetime
    rated: bool
    unrated_reason: str | None
    players: list[GamePlayer]  # by place
    # the seats an AI took over from a player who left (their names are the player's; the
    # results the AI's): the archive keeps them in the game's options ("left")
    left: tuple[int, ...] = ()
    # the engine's result of the game (places, scores, the game's notes: čistá stovka, …)
    outcome: Outcome | None = None
    # a tournament's table: {"id": tournament, "round": n, "table": n} (``tournament_link``)
    tournament: dict[str, int] | None = None


def table_number(table_id: int | None, game_id: int) -> int:
    """The number players know a finished game by: its table's ("stůl č. N"; one game a
    table, so unique too), its archive id for a game kept without one (review 82; known1:
    the one definition of it, for the stats, the history's exports and their CSV)."""
    return int(table_id if table_id is not None else game_id)


def export_number(data: Mapping[str, Any]) -> int:
    """``table_number`` of an exported game (``Storage.export_game``'s data)."""
    return table_number(data.get("table_id"), data["game_id"])


def left_seats(options: object) -> tuple[int, ...]:
    """The seats of a game's options' "left" (``GameSummary.left``)."""
    seats = options.get("left") if isinstance(options, dict) else None
    if not isinstance(seats, list):
        return ()
    return tuple(s for s in seats if isinstance(s, int) and not isinstance(s, bool))


def parse_link(link: object) -> dict[str, int] | None:
    """A tournament link (``Table.tournament``: its tournament's id, round and table, each
    an int), or None when ``link`` is none or not whole."""
    if not isinstance(link, dict):
        return None
    values: dict[str, int] = {}
    for key in ("id", "round", "table"):
        value = link.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            return None
        values[key] = value
    return values


def link_entrants(link: object) -> list[int] | None:
    """A tournament table's entrants by seat, by the numbers the tournament lists them under
    (1, 2, 3…: its message, standings and sheets; ``Table.tournament``'s "entrants"), or None
    for a table of its own or a link saved before it carried them."""
    numbers = link.get("entrants") if isinstance(link, dict) else None
    if not isinstance(numbers, list) or not all(
            isinstance(n, int) and not isinstance(n, bool) for n in numbers):
        return None
    return list(numbers)


def tournament_link(options: object) -> dict[str, int] | None:
    """A game's options' "tournament" (its tournament, round and table, ``GameSummary``),
    or None for a game of a table of its own."""
    return parse_link(options.get("tournament") if isinstance(options, dict) else None)


def seat_names(seats: int, rows: Iterable[Any]) -> tuple[list[str], list[int | None]]:
    """An archived game's names and human user ids by seat from its ``game_players`` rows
    (``seat``, ``name``, ``human``, ``user_id``; either back end's): "?" and None where a seat
    has no row, None for an AI."""
    names: list[str] = ["?"] * seats
    user_ids: list[int | None] = [None] * seats
    for r in rows:
        names[r["seat"]] = r["name"]
        user_ids[r["seat"]] = r["user_id"] if r["human"] else None
    return names, user_ids


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    rank: int  # 1-based, across pages
    user_id: int
    name: str
    rating: int  # display rating, 1500 + 50 * ordinal
    mu: float
    sigma: float
    provisional: bool
    rated_games: int
    games: int  # archived games in this guild (rated or not)
    wins: int  # first places
    avg_points: float | None  # the game's score (Outcome.scores), per game


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One archived game of a player: his seat and place, and the game's whole outcome."""

    game_id: int
    seat: int
    place: int
    score: int
    outcome: Outcome


@dataclass(slots=True)
class PlayerStats:
    """A user's record in one guild and game (the archived games where he sat as a human and
    played them himself: ``ratings.ai_played``).

    What only one game knows how to summarise (Lóra's contracts, maturita, čistá stovka) is
    computed by that game's UI module from ``results`` (each with the engine's outcome)."""

    user_id: int
    game_kind: str = "lora"
    games: int = 0
    wins: int = 0
    avg_points: float | None = None
    rating: int | None = None
    mu: float | None = None
    sigma: float | None = None
    rated_games: int = 0
    provisional: bool = True
    best: tuple[int, int] | None = None  # (table number, score): the best score
    worst: tuple[int, int] | None = None  # (table number, score): the worst score
    results: list[SeatResult] = field(default_factory=list)  # by game id
    # his games an AI played for him (``ratings.ai_played``): not counted in the above
    ai_games: int = 0


@dataclass(frozen=True, slots=True)
class ForgetResult:
    game_rows: int  # game_players rows anonymized
    ratings: int  # rating rows deleted
    tables: list[int]  # tables whose seats named the user
    aborted: list[int]  # active tables aborted because he sat there


OUTBOX_STATES = ("pending", "delivered", "superseded", "dropped")


@dataclass(frozen=True, slots=True)
class OutboxItem:
    """A message the channel must see because of a change, written in the change's own
    transaction (``update_table(outbox=…)``) or alone (``add_outbox``) and delivered by
    ``bot.delivery``. ``kind`` and ``payload`` are the delivery's (``bot.delivery.items``);
    a later pending entry with the same ``key`` supersedes this one."""

    channel_id: int
    kind: str
    payload: dict[str, Any]
    table_id: int | None = None
    key: str | None = None


@dataclass(slots=True)
class OutboxBatch:
    """The outbox entries of one tournament change, written in that change's transaction
    (the tournament writes' ``outbox=``). The store fills ``ids`` (in order) once the
    transaction has committed; they stay empty when the change changed nothing (a result or
    a round recorded already), so nothing is announced twice."""

    items: list[OutboxItem] = field(default_factory=list)
    ids: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class OutboxEntry:
    """An outbox row not delivered yet (``pending_outbox``)."""

    entry_id: int
    channel_id: int
    kind: str
    payload: dict[str, Any]
    table_id: int | None
    key: str | None
    created_at: datetime
    attempted_at: datetime | None = None  # a POST of it was sent (it may have arrived)
    attempts: int = 0
    watermark: int | None = None  # the newest message of the channel known at the attempt

    @classmethod
    def of(cls, entry_id: int, item: OutboxItem, created_at: datetime) -> OutboxEntry:
        return cls(entry_id, item.channel_id, item.kind, item.payload, item.table_id,
                   item.key, created_at)


@dataclass(frozen=True, slots=True)
class OutboxDone:
    """How an entry ended: ``state`` one of delivered, superseded, dropped; ``message_id``
    the message it posted (a POST)."""

    entry_id: int
    state: str
    message_id: int | None = None
# -- tournaments --------------------------------------------------------------------------
class TournamentStatus(StrEnum):
    REGISTRATION = "registration"
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"


TOURNAMENT_STATUSES = tuple(TournamentStatus)
ACTIVE_TOURNAMENT = (TournamentStatus.REGISTRATION, TournamentStatus.PLAYING)
SUBSTITUTION_REASONS = ("left", "withdrawn", "busy", "absent")


@dataclass(slots=True)
class EntrantRecord:
    """A registered player (``user_id``) or an AI entrant (``ai_level``); ``replaced_from``:
    the round from which an AI substitute plays for him (Čl. 18), None while he plays."""

    entrant_no: int
    user_id: int | None
    name: str
    ai_level: str | None = None
    replaced_from: int | None = None

    @property
    def human(self) -> bool:
        return self.ai_level is None


@dataclass(slots=True)
class RoundRecord:
    round_no: int
    status: str  # "playing" | "finished"
    standings: list[dict[str, Any]] | None  # after the round (None while it is played)
    started_at: datetime
    finished_at: datetime | None = None


@dataclass(slots=True)
class TournamentTableRecord:
    """A table of one round: entrant numbers by seat, where it plays, and its result (the
    engine's ``Outcome`` as JSON) once it is done."""

    round_no: int
    table_no: int
    seats: list[int]
    thread_id: int | None = None
    table_id: int | None = None
    game_id: int | None = None
    result: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class SubstitutionRecord:
    """A seat an AI played for an entrant: he ``left`` the table, had ``withdrawn`` before
    the round, was ``busy`` at another table when it started, or was ``absent`` (the AI made
    every move of his seat: he never clicked; withdrawn from the next round on)."""

    round_no: int
    table_no: int
    seat: int
    entrant_no: int
    reason: str


@dataclass(slots=True)
class TournamentRecord:
    tournament_id: int
    guild_id: int
    channel_id: int
    organiser_id: int | None
    game_kind: str
    status: TournamentStatus
    settings: dict[str, Any]
    round_no: int
    message_id: int | None
    created_at: datetime
    updated_at: datetime
    entrants: list[EntrantRecord] = field(default_factory=list)
    rounds: list[RoundRecord] = field(default_factory=list)
    tables: list[TournamentTableRecord] = field(default_factory=list)
    substitutions: list[SubstitutionRecord] = field(default_factory=list)
