"""The records the storage layer returns and takes, and its errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from bot.errors import TableNotFound, UserAlreadySeated
from engine.game import Outcome

__all__ = ["TableNotFound", "UserAlreadySeated"]


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
    """A user's record in one guild and game (all archived games where he sat as a human).

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
    best: tuple[int, int] | None = None  # (game_id, score): the best score
    worst: tuple[int, int] | None = None  # (game_id, score): the worst score
    results: list[SeatResult] = field(default_factory=list)  # by game id


@dataclass(frozen=True, slots=True)
class ForgetResult:
    game_rows: int  # game_players rows anonymized
    ratings: int  # rating rows deleted
    tables: list[int]  # tables whose seats named the user
    aborted: list[int]  # active tables aborted because he sat there
