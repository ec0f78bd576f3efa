"""``Storage``: the bot's ``TableStore`` (``bot/storage/protocol.py``) on one aiosqlite
connection; all of the bot's SQL lives in this package.

Every call runs under one lock (a transaction never interleaves with another coroutine's
statements on the shared connection) and is shielded from cancellation: once called, a write
completes or rolls back as a whole even if the awaiting interaction task is cancelled.

**Writes go in batches** (``_write``): the writes asked for while the connection is busy are
handed to its thread together and run there one after another, in the order they were asked
for, in one transaction (one commit and one fsync for the batch; each write's caller hears of
it only after that commit). If one of them fails, the batch is rolled back and each runs again
in its own transaction: the one failing does not touch the others (``_run_batch``). A hand-over
between the event loop and that thread costs a turn or two of the loop, and the lock is held
across it: with one hand-over per write a busy loop (hundreds of tables) made the database
serve fewer writes per second than the tables asked for, and its queue grew to tens of seconds
(issue 12's delivery tail: a table message waited a minute behind it). Batched, the writes per
hand-over grow with the queue.
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.storage import archive, hands, outbox, stats, tables, tournaments
from bot.storage import settings as guild_config
from bot.storage.db import Synchronous, batch, connect, execute, migrate, stamp, utc_now
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
from bot.storage.tables import UNSET
from engine.game import JSON, Outcome

T = TypeVar("T")


@dataclass
class StoreMetrics:
    """Per call, while ``enabled`` (the load benchmark): (the caller's name, when it was
    called, seconds until its work began, seconds of the connection it took: a read's time
    holding the lock, a write's share of its batch), times by ``time.perf_counter``; and the
    number of writes in each batch."""

    enabled: bool = False
    calls: list[tuple[str, float, float, float]] = field(default_factory=list)
    batches: list[int] = field(default_factory=list)

    def caller(self, depth: int) -> str:
        frame = sys._getframe(depth + 1)  # the Storage method that called, and its caller
        outer = frame.f_back
        return frame.f_code.co_name + ("" if outer is None else f" <- {outer.f_code.co_name}")


@dataclass
class _Write:
    work: Callable[[sqlite3.Connection], Any]
    future: asyncio.Future[Any]
    name: str = ""
    called: float = 0.0


def _run_batch(conn: sqlite3.Connection,
               works: Sequence[Callable[[sqlite3.Connection], Any]]) -> list[tuple[bool, Any]]:
    """In the connection's thread: the works in order, in one transaction (one ``BEGIN``
    and one ``COMMIT``, one fsync, for the batch); their results. Nobody hears of a result
    before the ``COMMIT`` has returned, so each acknowledged write is as durable as before.
    If a work fails (or the commit), the batch's transaction is rolled back as a whole and
    each work runs again in its own transaction, as before batching: the one failing fails
    alone, the others commit. (A work is a function of the database only — its inputs were
    taken before it was queued — so running it again does what the first run did.)"""
    if len(works) > 1:
        try:
            with batch(conn):
                out = [(True, work(conn)) for work in works]
            return out
        except Exception:
            pass  # (rolled back: each on its own below)
    return _run_each(conn, works)


def _run_each(conn: sqlite3.Connection,
              works: Sequence[Callable[[sqlite3.Connection], Any]]) -> list[tuple[bool, Any]]:
    """Each work in turn, in its own transaction: its result or its exception."""
    out: list[tuple[bool, Any]] = []
    for work in works:
        try:
            out.append((True, work(conn)))
        except Exception as exc:
            out.append((False, exc))
    return out


class Storage:
    """Open with ``await Storage.open(path)``; ``await storage.close()`` at shutdown."""

    def __init__(self, conn: aiosqlite.Connection, clock: Callable[[], datetime] = utc_now) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self._clock = clock
        self.metrics = StoreMetrics()
        self._writes: list[_Write] = []  # asked for, not handed to the thread yet
        self._writer: asyncio.Task[None] | None = None
        # a batch's results not told yet: one a loop iteration (``_tell_next``)
        self._untold: deque[tuple[_Write, bool, Any]] = deque()
        self.handovers = 0  # batches handed to the connection's thread (tests, metrics)
        self._guilds = guild_config.GuildSettingsCache()  # the servers' settings, as read

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        synchronous: Synchronous = "FULL",
        clock: Callable[[], datetime] = utc_now,
    ) -> Storage:
        """Connect (WAL, foreign keys, busy timeout) and apply the pending migrations."""
        conn = await connect(path, synchronous)
        try:
            await migrate(conn)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, clock)

    async def close(self) -> None:
        """``PRAGMA optimize`` (refreshes the planner's statistics), then close (after the
        writes asked for before, and after their writers were told: a writer told late may
        still ask for a write)."""
        while self._untold or (self._writer is not None and not self._writer.done()):
            if self._writer is not None and not self._writer.done():
                await asyncio.wait([self._writer])
            else:
                await asyncio.sleep(0)  # (the telling goes on, one an iteration)
        async with self._lock:
            try:
                await execute(self._conn, "PRAGMA optimize")
            finally:
                await self._conn.close()

    @property
    def connection(self) -> aiosqlite.Connection:
        """The raw connection (tests and maintenance only)."""
        return self._conn

    def _now(self) -> str:
        return stamp(self._clock())

    async def _run(self, work: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        if self.metrics.enabled:
            return await self._measured(lambda: work(self._conn))

        async def locked() -> T:
            async with self._lock:
                return await work(self._conn)

        return await asyncio.shield(locked())

    async def _measured(self, work: Callable[[], Awaitable[T]]) -> T:
        """``_run`` timed (``metrics``)."""
        name = self.metrics.caller(2)
        called = time.perf_counter()

        async def locked() -> T:
            async with self._lock:
                got = time.perf_counter()
                try:
                    return await work()
                finally:
                    self.metrics.calls.append((name, called, got - called,
                                               time.perf_counter() - got))

        return await asyncio.shield(locked())

    async def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """A write done in the connection's thread as a whole (aiosqlite's ``_execute`` runs
        a function there with the underlying ``sqlite3`` connection), in a batch with the
        other writes asked for meanwhile (the module's docstring)."""
        loop = asyncio.get_running_loop()
        write = _Write(work, loop.create_future())
        if self.metrics.enabled:
            write.name, write.called = self.metrics.caller(1), time.perf_counter()
        self._writes.append(write)
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write_batches())
        result: T = await asyncio.shield(write.future)
        return result

    async def _write_batches(self) -> None:
        """Hand the waiting writes to the connection's thread, a batch at a time."""
        run: Callable[..., Awaitable[list[tuple[bool, Any]]]] = self._conn._execute
        while self._writes:
            async with self._lock:
                batch, self._writes = self._writes, []
                started = time.perf_counter()
                self.handovers += 1
                try:
                    results = await run(_run_batch, self._conn._conn, [w.work for w in batch])
                except asyncio.CancelledError:  # shutdown: the thread finishes what it has
                    for write in (*batch, *self._writes):
                        write.future.cancel()
                    self._writes = []
                    raise
                except Exception as exc:  # the thread failed the batch as a whole
                    results = [(False, exc)] * len(batch)
                    self._tell(batch, results)
                    continue
            if self.metrics.enabled:
                share = (time.perf_counter() - started) / len(batch)
                self.metrics.batches.append(len(batch))
                self.metrics.calls.extend((w.name, w.called, started - w.called, share)
                                          for w in batch)
            self._tell(batch, results)

    def _tell(self, batch: Sequence[_Write], results: Sequence[tuple[bool, Any]]) -> None:
        """A returned batch's results, to be told one an iteration after those before."""
        telling = bool(self._untold)
        self._untold.extend((w, ok, value) for w, (ok, value) in zip(batch, results,
                                                                      strict=True))
        if not telling:
            self._tell_next()

    def _tell_next(self) -> None:
        """Tell one write of a returned batch its result, and the next one in the loop's next
        iteration. Told all at once, the batch's writers (each going on with its table:
        messages, pictures, the AI) all ran in one iteration of the event loop, which then
        stood still for them all — every other click, timer and the gateway waiting; told one
        an iteration, each goes on alone and the rest of the loop's work runs between them.
        (The thread meanwhile goes on with the next batch.)"""
        while self._untold:
            write, ok, value = self._untold.popleft()
            if write.future.done():  # (cancelled at shutdown)
                continue
            try:
                if ok:
                    write.future.set_result(value)
                else:
                    write.future.set_exception(
                        value if not isinstance(value, StopIteration)
                        else RuntimeError(f"the write raised {value!r}"))
            finally:  # (the next are told whatever this one met)
                if self._untold:
                    asyncio.get_running_loop().call_soon(self._tell_next)
            return

    # -- tables in play ----------------------------------------------------------------
    async def create_table(
        self,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        settings: dict[str, Any],
        seats: Sequence[dict[str, Any] | None],
        game_kind: str = "lora",
    ) -> int:
        now = self._now()
        return await self._write(
            lambda c: tables.create_table(
                c, now, guild_id, channel_id, creator_id, settings, seats, game_kind
            )
        )

    async def update_table(
        self,
        table_id: int,
        *,
        status: str | None = None,
        message_id: int | None = UNSET,
        seats: Sequence[dict[str, Any] | None] | None = None,
        settings: dict[str, Any] | None = None,
        state: dict[str, Any] | str | None = UNSET,
        version: int | None = None,
        action: dict[str, Any] | None = None,
        extra: dict[str, Any] | None = None,
        actions: Sequence[dict[str, Any]] = (),
        outbox: Sequence[OutboxItem] = (),
        channel_id: int | None = None,
    ) -> list[int]:
        """One transaction: the table's fields, its new state, ``action`` (or ``actions``)
        appended to its log and the ``outbox`` entries of the change (see
        ``tables.update_table``); the entries' ids. Call it before answering the click."""
        now = self._now()
        return await self._write(
            lambda c: tables.update_table(
                c,
                now,
                table_id,
                status=status,
                message_id=message_id,
                seats=seats,
                settings=settings,
                state=state,
                version=version,
                action=action,
                extra=extra,
                actions=actions,
                outbox=outbox,
                channel_id=channel_id,
            )
        )

    async def get_table(self, table_id: int) -> TableRecord | None:
        return await self._run(lambda c: tables.get_table(c, table_id))

    async def active_tables(self) -> list[TableRecord]:
        return await self._run(tables.active_tables)

    async def table_actions(self, table_id: int) -> list[dict[str, Any]]:
        return await self._run(lambda c: tables.table_actions(c, table_id))

    async def delete_table(self, table_id: int) -> bool:
        return await self._run(lambda c: tables.delete_table(c, table_id))

    async def table_of_user(self, guild_id: int, user_id: int) -> int | None:
        return await self._run(lambda c: tables.table_of_user(c, guild_id, user_id))

    async def unarchived_tables(self) -> list[int]:
        return await self._run(tables.unarchived_tables)

    # -- the open hand messages' tokens ----------------------------------------------------
    async def save_hands(self, put: Sequence[HandToken],
                         drop: Sequence[tuple[int, int]] = ()) -> None:
        put, drop = list(put), list(drop)
        await self._write(lambda c: hands.save(c, put, drop))

    async def load_hands(self, now: datetime) -> list[HandToken]:
        return await self._run(lambda c: hands.load(c, now))

    # -- the outbox ----------------------------------------------------------------------
    async def add_outbox(self, items: Sequence[OutboxItem]) -> list[int]:
        """Entries not tied to a table change (a reminder, a notice); their ids."""
        now = self._now()
        return await self._write(lambda c: outbox.add(c, now, items))

    async def pending_outbox(self) -> list[OutboxEntry]:
        return await self._run(outbox.pending)

    async def outbox_attempted(self, entry_id: int, watermark: int | None = None) -> None:
        """Committed before the entry's POST is sent (recovery then looks for its message
        among the channel's messages newer than ``watermark``, the newest one known)."""
        now = self._now()
        await self._write(lambda c: outbox.attempted(c, now, entry_id, watermark))

    async def outbox_fold(self, entry_id: int, payload: dict[str, Any],
                          folded: Sequence[int]) -> None:
        """Entry ``entry_id`` carries the ``folded`` ones: its new payload, and theirs end
        (``bot.delivery.folding``), in one transaction."""
        now = self._now()
        await self._write(lambda c: outbox.fold(c, now, entry_id, payload, folded))

    async def outbox_done(self, done: Sequence[OutboxDone]) -> None:
        now = self._now()
        await self._write(lambda c: outbox.finish(c, now, done))

    async def outbox_posted_ids(self, channel_id: int, since: datetime) -> set[int]:
        return await self._run(lambda c: outbox.posted_ids(c, channel_id, since))

    async def prune_outbox(self, keep: timedelta) -> int:
        before = self._clock() - keep
        return await self._run(lambda c: outbox.prune(c, before))

    async def outbox_counts(self) -> dict[str, int]:
        return await self._run(outbox.counts)

    # -- the archive and ratings -------------------------------------------------------
    async def archive_game(
        self,
        table_id: int,
        *,
        outcome: Outcome | None,
        record: JSON,
        players: list[PlayerResult],
        options: dict[str, Any],
    ) -> int:
        now = self._now()
        return await self._run(
            lambda c: archive.archive_game(
                c, now, table_id, outcome=outcome, record=record, players=players,
                options=options,
            )
        )

    async def recent_games(
        self, guild_id: int, game_kind: str | None = None, limit: int = 10, offset: int = 0
    ) -> list[GameSummary]:
        return await self._run(
            lambda c: archive.recent_games(c, guild_id, game_kind, limit, offset))

    async def count_games(self, guild_id: int, game_kind: str | None = None) -> int:
        return await self._run(lambda c: archive.count_games(c, guild_id, game_kind))

    async def export_game(
        self, guild_id: int, game_id: int, game_kind: str | None = None, *,
        by_table: bool = False,
    ) -> dict[str, Any] | None:
        return await self._run(lambda c: archive.export_game(c, guild_id, game_id, game_kind,
                                                             by_table=by_table))

    async def forget_user(self, user_id: int) -> ForgetResult:
        now = self._now()
        return await self._run(lambda c: archive.forget_user(c, now, user_id))

    async def leaderboard(
        self, guild_id: int, game_kind: str, *, offset: int = 0, limit: int = 10
    ) -> tuple[list[LeaderboardRow], int]:
        return await self._run(
            lambda c: stats.leaderboard(c, guild_id, game_kind, offset=offset, limit=limit)
        )

    async def player_stats(self, guild_id: int, user_id: int, game_kind: str) -> PlayerStats:
        return await self._run(lambda c: stats.player_stats(c, guild_id, user_id, game_kind))

    # -- tournaments -------------------------------------------------------------------
    async def create_tournament(
        self, guild_id: int, channel_id: int, organiser_id: int, game_kind: str,
        settings: dict[str, Any],
    ) -> int:
        now = self._now()
        return await self._run(lambda c: tournaments.create_tournament(
            c, now, guild_id, channel_id, organiser_id, game_kind, settings))

    async def update_tournament(
        self, tournament_id: int, *, status: str | None = None, message_id: int | None = UNSET,
        settings: dict[str, Any] | None = None, outbox: OutboxBatch | None = None,
    ) -> None:
        now = self._now()
        await self._run(lambda c: tournaments.update_tournament(
            c, now, tournament_id, status=status, message_id=message_id, settings=settings,
            outbox=outbox))

    async def add_entrant(
        self, tournament_id: int, user_id: int | None, name: str, ai_level: str | None = None,
        outbox: OutboxBatch | None = None,
    ) -> int:
        now = self._now()
        return await self._run(lambda c: tournaments.add_entrant(
            c, now, tournament_id, user_id, name, ai_level, outbox))

    async def remove_entrant(self, tournament_id: int, entrant_no: int,
                             outbox: OutboxBatch | None = None) -> bool:
        now = self._now()
        return await self._run(lambda c: tournaments.remove_entrant(
            c, now, tournament_id, entrant_no, outbox))

    async def start_round(
        self, tournament_id: int, round_no: int, tables: Sequence[Sequence[int]],
        outbox: OutboxBatch | None = None,
    ) -> None:
        now = self._now()
        await self._run(lambda c: tournaments.start_round(
            c, now, tournament_id, round_no, tables, outbox))

    async def set_table_place(
        self, tournament_id: int, round_no: int, table_no: int, *, thread_id: int | None = UNSET,
        table_id: int | None = UNSET, outbox: OutboxBatch | None = None,
    ) -> None:
        now = self._now()
        await self._run(lambda c: tournaments.set_table_place(
            c, now, tournament_id, round_no, table_no, thread_id=thread_id, table_id=table_id,
            outbox=outbox))

    async def finish_table(
        self, tournament_id: int, round_no: int, table_no: int, *, result: dict[str, Any],
        game_id: int | None, returned: Sequence[int] = (), outbox: OutboxBatch | None = None,
    ) -> bool:
        now = self._now()
        return await self._run(lambda c: tournaments.finish_table(
            c, now, tournament_id, round_no, table_no, result=result, game_id=game_id,
            returned=returned, outbox=outbox))

    async def add_substitution(
        self, tournament_id: int, round_no: int, table_no: int, seat: int, entrant_no: int,
        reason: str, *, withdraw: bool = False, outbox: OutboxBatch | None = None,
    ) -> None:
        now = self._now()
        await self._run(lambda c: tournaments.add_substitution(
            c, now, tournament_id, round_no, table_no, seat, entrant_no, reason,
            withdraw=withdraw, outbox=outbox))

    async def drop_substitution(self, tournament_id: int, round_no: int, table_no: int,
                                seat: int, outbox: OutboxBatch | None = None) -> bool:
        now = self._now()
        return await self._run(lambda c: tournaments.drop_substitution(
            c, now, tournament_id, round_no, table_no, seat, outbox))

    async def withdraw_entrant(self, tournament_id: int, entrant_no: int, from_round: int,
                               outbox: OutboxBatch | None = None) -> bool:
        now = self._now()
        return await self._run(lambda c: tournaments.withdraw_entrant(
            c, now, tournament_id, entrant_no, from_round, outbox))

    async def finish_round(
        self, tournament_id: int, round_no: int, standings: list[dict[str, Any]], *, final: bool,
        outbox: OutboxBatch | None = None,
    ) -> bool:
        now = self._now()
        return await self._run(lambda c: tournaments.finish_round(
            c, now, tournament_id, round_no, standings, final=final, outbox=outbox))

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        return await self._run(lambda c: tournaments.get_tournament(c, tournament_id))

    async def active_tournaments(self) -> list[TournamentRecord]:
        return await self._run(tournaments.active_tournaments)

    # -- guild settings ----------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        return await self._guilds.read(guild_id, lambda: self._run(
            lambda c: guild_config.guild_settings(c, guild_id)))

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        now = self._now()
        try:
            await self._run(
                lambda c: guild_config.set_guild_setting(c, now, guild_id, key, value))
        finally:
            self._guilds.written(guild_id)

    # -- a player's own settings -------------------------------------------------------
    async def user_settings(self, user_id: int) -> dict[str, Any]:
        return await self._run(lambda c: guild_config.user_settings(c, user_id))

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        now = self._now()
        await self._run(lambda c: guild_config.set_user_setting(c, now, user_id, key, value))

    # -- maintenance -------------------------------------------------------------------
    async def integrity_check(self) -> str:
        """``PRAGMA integrity_check``: "ok" when the file is sound."""

        async def check(c: aiosqlite.Connection) -> str:
            async with c.execute("PRAGMA integrity_check") as cur:
                rows = await cur.fetchall()
            return "\n".join(str(r[0]) for r in rows)

        return await self._run(check)
