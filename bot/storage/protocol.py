"""``TableStore``: everything the bot asks of its storage, as a typed protocol.

``bot.storage.Storage`` (SQLite, aiosqlite) implements it; another backend (PostgreSQL for a
deployment whose shards share one database) is one new class with these methods, and the
storage tests are written against this protocol. No Discord and no game rules here: a game
is a ``game_kind`` string, its state and log are JSON, its result an ``engine.game.Outcome``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any, Protocol, runtime_checkable

from bot.storage.models import (
    ForgetResult,
    GameSummary,
    HandToken,
    LeaderboardRow,
    OutboxBatch,
    OutboxDone,
    OutboxEntry,
    OutboxItem,
    PlayerResult,
    PlayerStats,
    TableRecord,
    TournamentRecord,
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
        state: dict[str, Any] | str | None = ...,
        version: int | None = None,
        action: dict[str, Any] | None = None,
        extra: dict[str, Any] | None = None,
        actions: Sequence[dict[str, Any]] = (),
        outbox: Sequence[OutboxItem] = (),
        channel_id: int | None = None,
    ) -> list[int]: ...

    async def get_table(self, table_id: int) -> TableRecord | None: ...

    async def active_tables(self) -> list[TableRecord]: ...

    async def table_actions(self, table_id: int) -> list[dict[str, Any]]: ...

    async def delete_table(self, table_id: int) -> bool: ...

    async def table_of_user(self, guild_id: int, user_id: int) -> int | None: ...

    async def unarchived_tables(self) -> list[int]: ...

    # -- the open hand messages' tokens (bot.ui.hands: they follow a restart) ------------
    async def save_hands(self, put: Sequence[HandToken],
                         drop: Sequence[tuple[int, int]] = ()) -> None: ...

    async def load_hands(self, now: datetime) -> list[HandToken]: ...

    # -- the outbox (bot.delivery) --------------------------------------------------------
    async def add_outbox(self, items: Sequence[OutboxItem]) -> list[int]: ...

    async def pending_outbox(self) -> list[OutboxEntry]: ...

    async def outbox_attempted(self, entry_id: int, watermark: int | None = None) -> None: ...

    async def outbox_fold(self, entry_id: int, payload: dict[str, Any],
                          folded: Sequence[int]) -> None: ...

    async def outbox_done(self, done: Sequence[OutboxDone]) -> None: ...

    async def outbox_posted_ids(self, channel_id: int, since: datetime) -> set[int]: ...

    async def prune_outbox(self, keep: timedelta) -> int:
        """Forget the entries that ended more than ``keep`` ago — on the store's own clock,
        the one that stamped their end; how many."""
        ...

    async def outbox_counts(self) -> dict[str, int]: ...

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
        self, guild_id: int, game_kind: str | None = None, limit: int = 10, offset: int = 0
    ) -> list[GameSummary]: ...

    async def count_games(self, guild_id: int, game_kind: str | None = None) -> int:
        """How many finished games the guild has (of one game, or of all)."""
        ...

    async def export_game(
        self, guild_id: int, game_id: int, game_kind: str | None = None, *,
        by_table: bool = False,
    ) -> dict[str, Any] | None: ...

    async def forget_user(self, user_id: int) -> ForgetResult: ...

    async def leaderboard(
        self, guild_id: int, game_kind: str, *, offset: int = 0, limit: int = 10
    ) -> tuple[list[LeaderboardRow], int]:
        """A page of the game's board of the guild (``limit`` rows from ``offset``; an offset
        past the last row: the last page, the rows' ranks tell which) and how many rated
        players it has in all — one query (a ◀ ▶ click reads one)."""
        ...

    async def player_stats(self, guild_id: int, user_id: int, game_kind: str) -> PlayerStats: ...

    # -- tournaments -------------------------------------------------------------------
    async def create_tournament(
        self, guild_id: int, channel_id: int, organiser_id: int, game_kind: str,
        settings: dict[str, Any],
    ) -> int: ...

    # ``outbox``: the entries the change must show, written in its own transaction (the
    # store fills ``outbox.ids`` once it committed; left empty when nothing changed).
    async def update_tournament(
        self, tournament_id: int, *, status: str | None = None, message_id: int | None = ...,
        settings: dict[str, Any] | None = None, outbox: OutboxBatch | None = None,
    ) -> None: ...

    async def add_entrant(
        self, tournament_id: int, user_id: int | None, name: str, ai_level: str | None = None,
        outbox: OutboxBatch | None = None,
    ) -> int: ...

    async def remove_entrant(self, tournament_id: int, entrant_no: int,
                             outbox: OutboxBatch | None = None) -> bool: ...

    async def start_round(
        self, tournament_id: int, round_no: int, tables: Sequence[Sequence[int]],
        outbox: OutboxBatch | None = None,
    ) -> None: ...

    async def set_table_place(
        self, tournament_id: int, round_no: int, table_no: int, *, thread_id: int | None = ...,
        table_id: int | None = ..., outbox: OutboxBatch | None = None,
    ) -> None: ...

    async def finish_table(
        self, tournament_id: int, round_no: int, table_no: int, *, result: dict[str, Any],
        game_id: int | None, returned: Sequence[int] = (), outbox: OutboxBatch | None = None,
    ) -> bool: ...

    async def add_substitution(
        self, tournament_id: int, round_no: int, table_no: int, seat: int, entrant_no: int,
        reason: str, *, withdraw: bool = False, outbox: OutboxBatch | None = None,
    ) -> None: ...

    async def drop_substitution(self, tournament_id: int, round_no: int, table_no: int,
                                seat: int, outbox: OutboxBatch | None = None) -> bool: ...

    async def withdraw_entrant(self, tournament_id: int, entrant_no: int, from_round: int,
                               outbox: OutboxBatch | None = None) -> bool: ...

    async def finish_round(
        self, tournament_id: int, round_no: int, standings: list[dict[str, Any]], *, final: bool,
        outbox: OutboxBatch | None = None,
    ) -> bool: ...

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None: ...

    async def active_tournaments(self) -> list[TournamentRecord]: ...

    # -- guild settings ----------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict[str, Any]: ...

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None: ...

    # -- a player's own settings -------------------------------------------------------
    async def user_settings(self, user_id: int) -> dict[str, Any]: ...

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None: ...

    # -- maintenance -------------------------------------------------------------------
    async def integrity_check(self) -> str: ...

    async def close(self) -> None: ...
