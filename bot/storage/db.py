"""The SQLite connection: pragmas, numbered migrations, transactions, JSON and time helpers.

Durability: WAL with ``synchronous=FULL`` — every commit is fsynced before ``update_table``
returns (writes handed to the connection's thread together share one commit, ``batch``, and
none of them returns before it), so an accepted action survives a kill -9 of the process (WAL
+ NORMAL would already do that) and also a power loss or kernel crash (NORMAL would not).
Measured cost: see ``tests/storage_bench.py``.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable, Iterator
from contextlib import asynccontextmanager, closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Literal

import aiosqlite

from bot.errors import MigrationError, StorageError
from engine.log_json import json_text

__all__ = ["MigrationError", "StorageError"]

BUSY_TIMEOUT_MS = 5000
Synchronous = Literal["NORMAL", "FULL"]
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


def load_migrations(directory: Traversable | Path | None = None) -> list[Migration]:
    """The ``NNNN_name.sql`` files, numbered 1..N without gaps (package data by default, where
    only the numbers ``migrations.RESERVED`` may be missing)."""
    from bot.storage.migrations import RESERVED

    reserved = RESERVED if directory is None else frozenset()
    root = directory if directory is not None else resources.files("bot.storage") / "migrations"
    found: list[Migration] = []
    for entry in root.iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append(
                Migration(int(match.group(1)), entry.name, entry.read_text(encoding="utf-8"))
            )
    found.sort(key=lambda m: m.version)
    top = found[-1].version if found else 0
    if [m.version for m in found] != [v for v in range(1, top + 1) if v not in reserved]:
        raise MigrationError(f"migrations must be numbered 1..N: {[m.name for m in found]}")
    return found


def split_statements(sql: str) -> list[str]:
    """Split a script into statements (``sqlite3.complete_statement`` knows strings and
    triggers), so that a migration runs inside our own transaction, not executescript's."""
    statements: list[str] = []
    buffer = ""
    for part in sql.split(";"):
        buffer += part + ";"
        if sqlite3.complete_statement(buffer):
            if _strip_comments(buffer).strip(" \t\r\n;"):
                statements.append(buffer.strip())
            buffer = ""
    if _strip_comments(buffer).strip(" \t\r\n;"):
        raise MigrationError(f"incomplete SQL statement: {buffer.strip()[:80]!r}")
    return statements


def _strip_comments(sql: str) -> str:
    return "\n".join(line.split("--", 1)[0] for line in sql.splitlines())


async def schema_version(conn: aiosqlite.Connection) -> int:
    async with conn.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    return int(row[0]) if row else 0


async def migrate(
    conn: aiosqlite.Connection,
    migrations: Iterable[Migration] | None = None,
    *,
    target: int | None = None,
) -> list[int]:
    """Apply the missing migrations in order, each in one transaction that also sets
    ``PRAGMA user_version``; returns the versions applied. A failing one changes nothing.
    A version may have a Python step (``bot.storage.upgrades.STEPS``) run after its SQL."""
    from bot.storage.upgrades import STEPS

    steps = STEPS if migrations is None else {}
    todo = list(migrations) if migrations is not None else load_migrations()
    latest = todo[-1].version if todo else 0
    target = latest if target is None else target
    if await schema_version(conn) > latest:
        raise MigrationError(
            f"the database schema is newer ({await schema_version(conn)}) than this code ({latest})"
        )
    applied: list[int] = []
    for migration in todo:
        if migration.version > target:
            break
        async with transaction(conn):
            # Re-read inside the write lock: another process may have migrated meanwhile.
            if await schema_version(conn) >= migration.version:
                continue
            try:
                for statement in split_statements(migration.sql):
                    await execute(conn, statement)
                step = steps.get(migration.version)
                if step is not None:
                    await step(conn)
            except sqlite3.Error as exc:
                raise MigrationError(f"{migration.name}: {exc}") from exc
            await execute(conn, f"PRAGMA user_version = {int(migration.version)}")
        applied.append(migration.version)
    return applied


async def connect(path: str | Path, synchronous: Synchronous = "FULL") -> aiosqlite.Connection:
    """One connection in autocommit mode (we issue BEGIN/COMMIT ourselves) with our pragmas."""
    if synchronous not in ("NORMAL", "FULL"):
        raise ValueError(f"synchronous must be NORMAL or FULL, not {synchronous!r}")
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    conn = await aiosqlite.connect(str(path), isolation_level=None, factory=BatchConnection)
    try:
        conn.row_factory = aiosqlite.Row
        # Every cursor is closed at once: an unreset PRAGMA statement would block COMMIT.
        await execute(conn, f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        mode = await _wal(conn)
        if str(path) != ":memory:" and (mode is None or str(mode[0]).lower() != "wal"):
            raise StorageError(f"cannot use WAL journal mode for {path}: {mode and mode[0]}")
        await execute(conn, f"PRAGMA synchronous = {synchronous}")
        await execute(conn, "PRAGMA foreign_keys = ON")
    except BaseException:
        await conn.close()
        raise
    return conn


async def _wal(conn: aiosqlite.Connection) -> aiosqlite.Row | None:
    """Switch to WAL (it stays in the file). Another process may hold the database while it
    creates or migrates it: a switch refused as locked is tried again (WAL is then usually
    set already, which needs no lock)."""
    for attempt in range(50):
        try:
            mode = await fetchone(conn, "PRAGMA journal_mode")
            if mode is not None and str(mode[0]).lower() == "wal":
                return mode
            return await fetchone(conn, "PRAGMA journal_mode = WAL")
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == 49:
                raise
            await asyncio.sleep(0.1)
    return None


class BatchConnection(sqlite3.Connection):
    """The bot's ``sqlite3`` connection (``connect`` makes it, under aiosqlite's thread):
    ``in_batch`` is true while it runs a batch of writes (``batch``), whose writes' own
    ``sync_transaction`` then join it. The mark lives on the connection itself — no state
    outside it, and nothing to forget when it closes."""

    in_batch: bool = False


@contextmanager
def batch(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One transaction for several writes (``sync_transaction``s join it), in the
    connection's thread; any exception rolls all of them back. ``conn`` is a
    ``BatchConnection`` (``connect``'s)."""
    if not isinstance(conn, BatchConnection):
        raise TypeError("a batch of writes needs the connection made by connect()")
    conn.execute("BEGIN IMMEDIATE").close()
    conn.in_batch = True
    try:
        yield conn
        conn.execute("COMMIT").close()
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK").close()
        raise
    finally:
        conn.in_batch = False


@contextmanager
def sync_transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``transaction`` for work that runs in the connection's thread (``Storage._write``).
    Inside a transaction already open (a batch of writes, ``bot.storage.storage._run_batch``)
    the work joins it: it commits with the batch, and an exception leaves the batch to roll
    back (the batch then runs each write in its own transaction)."""
    if getattr(conn, "in_batch", False):
        yield conn
        return
    conn.execute("BEGIN IMMEDIATE").close()
    try:
        yield conn
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK").close()
        raise
    try:
        conn.execute("COMMIT").close()
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK").close()
        raise


def one(conn: sqlite3.Connection, sql: str, params: Iterable[Any] = ()) -> Any:
    """The first row of a query, its statement closed (in the connection's thread)."""
    with closing(conn.execute(sql, tuple(params))) as cur:
        return cur.fetchone()


@asynccontextmanager
async def transaction(conn: aiosqlite.Connection) -> AsyncIterator[aiosqlite.Connection]:
    """``BEGIN IMMEDIATE`` … ``COMMIT``; any exception rolls everything back."""
    await execute(conn, "BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        if conn.in_transaction:
            await execute(conn, "ROLLBACK")
        raise
    try:
        await execute(conn, "COMMIT")
    except BaseException:
        if conn.in_transaction:
            await execute(conn, "ROLLBACK")
        raise


async def fetchone(
    conn: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()
) -> aiosqlite.Row | None:
    async with conn.execute(sql, tuple(params)) as cur:
        return await cur.fetchone()


async def fetchall(
    conn: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()
) -> list[aiosqlite.Row]:
    async with conn.execute(sql, tuple(params)) as cur:
        return list(await cur.fetchall())


async def execute(conn: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> int:
    """Run one statement; returns the last row id (for an INSERT) or else the row count."""
    async with conn.execute(sql, tuple(params)) as cur:
        if sql.lstrip().upper().startswith("INSERT"):
            return int(cur.lastrowid or 0)
        return int(cur.rowcount)


def dumps(value: Any) -> str:
    """The stored text of a JSON value (the engine's, so a state's own text matches)."""
    return json_text(value)


def state_json(state: Any) -> str:
    """A game state's stored text: given as its text already (``to_json_text``) or its JSON."""
    return state if isinstance(state, str) else dumps(state)


def loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def utc_now() -> datetime:
    return datetime.now(UTC)


def stamp(moment: datetime) -> str:
    """The stored form of a time: ISO 8601 in UTC with milliseconds (sorts as text)."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


def parse_stamp(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)
