"""``TableStore``: everything the bot asks of its storage, as a typed protocol.

``bot.storage.Storage`` (SQLite, aiosqlite) implements it; another backend (PostgreSQL for a
deployment whose shards share one database) is one new class with these methods, and the
storage tests are written against this protocol. No Discord and no game rules here: a game
is a ``game_kind`` string, its state and log are JSON, its result an ``engine.game.Outcome``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from bot.storage.models import (
    ForgetResult,
    GameSummary,
    LeaderboardRow,
    PlayerResult,
    PlayerStats,
    TableRecord,
)
from engine.game import JSON, Outcome


@runtime_checkable
class TableStore(Protocol):
    # -- tables in play ----------------------------------------------------------------
    async def create_table(
        self,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        settings: dict[str, Any],
        seats: Sequence[dict[str, Any] | None],
        game_kind: str = "lora",
    ) -> int: ...

    async def update_table(
        self,
        table_id: int,
        *,
        status: str | None = None,
        message_id: int | None = ...,
        seats: Sequence[dict[str, Any] | None] | None = None,
        settings: dict[str, Any] | None = None,
        state: dict[str, Any] | None = ...,
        version: int | None = None,
        action: dict[str, Any] | None = None,
        extra: dict[str, Any] | None = None,
        actions: Sequence[dict[str, Any]] = (),
    ) -> None: ...

    async def get_table(self, table_id: int) -> TableRecord | None: ...

    async def active_tables(self) -> list[TableRecord]: ...

    async def table_actions(self, table_id: int) -> list[dict[str, Any]]: ...

    async def delete_table(self, table_id: int) -> bool: ...

    async def table_of_user(self, guild_id: int, user_id: int) -> int | None: ...

    async def unarchived_tables(self) -> list[int]: ...

    # -- the archive and ratings -------------------------------------------------------
    async def archive_game(
        self,
        table_id: int,
        *,
        outcome: Outcome | None,
        record: JSON,
        players: list[PlayerResult],
        options: dict[str, Any],
    ) -> int: ...

    async def recent_games(
        self, guild_id: int, game_kind: str | None = None, limit: int = 10
    ) -> list[GameSummary]: ...

    async def export_game(
        self, guild_id: int, game_id: int, game_kind: str | None = None
    ) -> dict[str, Any] | None: ...

    async def forget_user(self, user_id: int) -> ForgetResult: ...

    async def leaderboard(
        self, guild_id: int, game_kind: str, *, offset: int = 0, limit: int = 10
    ) -> tuple[list[LeaderboardRow], int]: ...

    async def player_stats(self, guild_id: int, user_id: int, game_kind: str) -> PlayerStats: ...

    # -- guild settings ----------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict[str, Any]: ...

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None: ...

    # -- maintenance -------------------------------------------------------------------
    async def integrity_check(self) -> str: ...

    async def close(self) -> None: ...
