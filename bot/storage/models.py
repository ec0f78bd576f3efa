"""The records the storage layer returns and takes, and its errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.storage.db import StorageError

STATUS_LOBBY = "lobby"
STATUS_PLAYING = "playing"
STATUS_FINISHED = "finished"
STATUS_ABORTED = "aborted"
STATUSES = (STATUS_LOBBY, STATUS_PLAYING, STATUS_FINISHED, STATUS_ABORTED)
ACTIVE_STATUSES = (STATUS_LOBBY, STATUS_PLAYING)
ANONYMOUS = "anonymous"


class TableNotFound(StorageError):
    def __init__(self, table_id: int) -> None:
        super().__init__(f"no table {table_id}")
        self.table_id = table_id


class UserAlreadySeated(StorageError):
    """A user may sit at one active table per guild; nothing was changed."""

    def __init__(self, user_id: int, table_id: int) -> None:
        super().__init__(f"user {user_id} already sits at table {table_id}")
        self.user_id = user_id
        self.table_id = table_id


@dataclass(slots=True)
class TableRecord:
    """A table in play as stored: ``state`` is ``Lora.to_json()`` (None in the lobby)."""

    table_id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    creator_id: int | None
    status: str
    settings: dict[str, Any]
    seats: list[dict[str, Any] | None]  # user_id | None, name, ai (level) | None, …
    state: dict[str, Any] | None
    version: int
    extra: dict[str, Any]
    created_at: datetime
    updated_at: datetime
    started_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One seat of a finished lóra, as ``archive_game`` takes it.

    ``moves``/``ai_moves`` count engine actions (a desítky Lay and an EndTurn are one each).
    Left None, ``moves`` is counted from the lóra's log and ``ai_moves`` from the table's
    action log (actions at this seat by "ai"). ``place`` None takes it from the final order.
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
    avg_points: float | None  # lóra totals, per game


@dataclass(slots=True)
class PlayerStats:
    """A user's record in one guild (all archived games where he sat as a human)."""

    user_id: int
    games: int = 0
    wins: int = 0
    avg_points: float | None = None
    rating: int | None = None
    mu: float | None = None
    sigma: float | None = None
    rated_games: int = 0
    provisional: bool = True
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
    best: tuple[int, int] | None = None  # (game_id, lóra total): the fewest points
    worst: tuple[int, int] | None = None  # (game_id, lóra total): the most points


@dataclass(frozen=True, slots=True)
class ForgetResult:
    game_rows: int  # game_players rows anonymized
    ratings: int  # rating rows deleted
    tables: list[int]  # tables whose seats named the user
    aborted: list[int]  # active tables aborted because he sat there
