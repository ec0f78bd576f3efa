"""The first layer of the table service: the tables in memory, their locks, who sits where,
where a new table may open, and the background work the service tracks."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterator
from typing import Any

from bot.errors import TableError
from bot.model import STATUS_LOBBY, STATUS_PLAYING, Table
from bot.storage.protocol import TableStore
from bot.storage.settings import last_table_key
from bot.tables.metrics import Metrics
from bot.tables.presenter import Presenter
from bot.workers.ai_pool import AIPool
from engine import games
from engine.game import AnyGame, GameSpec

# the log of the whole service, every part of it (its records are named as before the split)
log = logging.getLogger("bot.service")


def spec_of(table: Table) -> GameSpec[Any, Any]:
    return games.get(table.game_kind)


def fresh_game(table: Table, rng: random.Random) -> AnyGame:
    """A starting table's game: the game's ``new`` with the table's options."""
    return spec_of(table).new(table.settings.options, rng)


class TableRegistry:
    """The state every layer shares (set by ``TableService.__init__``) and its lookups."""

    store: TableStore
    presenter: Presenter
    rng: random.Random
    on_finished: Callable[[Table], Awaitable[None]] | None
    ai: AIPool
    now: Callable[[], float]  # wall time for the round clock (epoch seconds; tests pass their own)
    tables: dict[int, Table]
    locks: dict[int, asyncio.Lock]
    tasks: set[asyncio.Future[Any]]  # background work, stopped by ``shutdown``
    # new tables of a channel are placed one at a time: channel → (lock, users)
    openings: dict[int, tuple[asyncio.Lock, int]]
    placing: set[int]  # new tables on their way to a thread of their own
    last_tables: dict[tuple[int, int], int | None]  # (guild, user) → table
    metrics: Metrics
    # How a starting table gets its game: ``fresh_game``, an RNG from the table's seed. A seam
    # for tests only (constructed deals), never set by the bot itself.
    new_game: Callable[[Table, random.Random], AnyGame]

    def get(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None or table.status not in (STATUS_LOBBY, STATUS_PLAYING):
            raise TableError("no_table")
        return table

    def lock(self, table_id: int) -> asyncio.Lock:
        return self.locks.setdefault(table_id, asyncio.Lock())

    def open_tables(self, guild_id: int) -> Iterator[Table]:
        """The server's open tables (``Table.is_open``: a lobby or a game that plays)."""
        return (t for t in self.tables.values() if t.guild_id == guild_id and t.is_open)

    def table_of_user(self, guild_id: int, user_id: int) -> Table | None:
        return next((t for t in self.open_tables(guild_id) if t.seat_of(user_id) is not None),
                    None)

    def ai_names_elsewhere(self, guild_id: int, table_id: int | None = None) -> set[str]:
        """The names of the AI players at the server's open tables (lobby or playing) other
        than ``table_id``: a new AI player takes another name while one is left
        (``ai_player``)."""
        return {s.name for t in self.open_tables(guild_id) if t.table_id != table_id
                for s in t.seats if s is not None and s.user_id is None}

    async def last_table(self, guild_id: int, user_id: int) -> int | None:
        """The table of the server at which the user last played: the last one whose game
        started with him seated (he may have left it since, or it may have finished), or
        None. Kept in his settings (``table:<guild id>``), so it outlives a restart;
        forget-me deletes it."""
        key = (guild_id, user_id)
        if key not in self.last_tables:
            try:
                value = (await self.store.user_settings(user_id)).get(last_table_key(guild_id))
            except Exception:
                log.warning("could not read the settings of user %s", user_id)
                return None
            ok = isinstance(value, int) and not isinstance(value, bool)
            self.last_tables[key] = value if ok else None
        return self.last_tables[key]

    async def _played_here(self, table: Table) -> None:
        """The table's game started: it is now the last table of each of its players."""
        for user_id in table.humans():
            self.last_tables[(table.guild_id, user_id)] = table.table_id
            try:
                await self.store.set_user_setting(user_id, last_table_key(table.guild_id),
                                                  table.table_id)
            except Exception:
                log.warning("could not note table %s as the last of user %s", table.table_id,
                            user_id)

    def forget_user(self, user_id: int) -> None:
        for key in [k for k in self.last_tables if k[1] == user_id]:
            del self.last_tables[key]

    def tables_in_channel(self, channel_id: int) -> list[Table]:
        """The active tables that play in the channel (not one on its way to a thread)."""
        return [
            t
            for t in self.tables.values()
            if t.channel_id == channel_id and t.status in (STATUS_LOBBY, STATUS_PLAYING)
            and t.table_id not in self.placing
        ]

    @contextlib.asynccontextmanager
    async def opening(self, channel_id: int) -> AsyncIterator[None]:
        """The channel takes one new table at a time: where it plays is decided and the
        table registered before the next one's placement looks at the channel."""
        lock, users = self.openings.get(channel_id, (asyncio.Lock(), 0))
        self.openings[channel_id] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self.openings[channel_id]
            if users == 1:
                del self.openings[channel_id]
            else:
                self.openings[channel_id] = (lock, users - 1)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run bot work in the background, tracked so that shutdown can stop it."""
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
