"""The outbox on SQLite: entries written in a change's transaction, read back at start-up,
marked when delivered. See ``migrations/0006_outbox.sql`` and ``bot.delivery``."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import aiosqlite

from bot.storage.db import (
    dumps,
    execute,
    fetchall,
    loads,
    parse_stamp,
    stamp,
    sync_transaction,
    transaction,
)
from bot.storage.models import (
    OUTBOX_STATES,
    OutboxBatch,
    OutboxDone,
    OutboxEntry,
    OutboxItem,
)

_ROWS_PER_INSERT = 100  # rows per INSERT statement (6 parameters each; SQLite allows 32,766)


def insert(conn: sqlite3.Connection, now: str, items: Sequence[OutboxItem]) -> list[int]:
    """Append entries (inside the caller's transaction, in the connection's thread); their
    ids, in order."""
    ids: list[int] = []
    for start in range(0, len(items), _ROWS_PER_INSERT):
        chunk = items[start:start + _ROWS_PER_INSERT]
        cur = conn.execute(
            "INSERT INTO outbox (channel_id, table_id, kind, key, payload, created_at) VALUES "
            + ", ".join(["(?, ?, ?, ?, ?, ?)"] * len(chunk)),
            [v for item in chunk for v in (item.channel_id, item.table_id, item.kind, item.key,
                                           dumps(item.payload), now)],
        )
        last = int(cur.lastrowid or 0)
        cur.close()
        # One statement: its rows take consecutive ids (``entry_id`` is AUTOINCREMENT, the
        # write lock is ours, no trigger inserts into the outbox), the last one ``last``.
        ids.extend(range(last - len(chunk) + 1, last + 1))
    return ids


async def write(conn: aiosqlite.Connection, now: str, batch: OutboxBatch | None) -> list[int]:
    """``insert`` for a change that runs on the event loop's side (the tournaments' writes):
    the batch's entries, inside the caller's transaction; their ids (the caller sets
    ``batch.ids`` once it has committed)."""
    if batch is None:
        return []
    ids = []
    for item in batch.items:
        ids.append(await execute(
            conn,
            "INSERT INTO outbox (channel_id, table_id, kind, key, payload, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (item.channel_id, item.table_id, item.kind, item.key, dumps(item.payload), now),
        ))
    return ids


def committed(batch: OutboxBatch | None, ids: list[int]) -> None:
    """Hand the written ids to the batch (after its transaction committed)."""
    if batch is not None:
        batch.ids = ids


def add(conn: sqlite3.Connection, now: str, items: Sequence[OutboxItem]) -> list[int]:
    with sync_transaction(conn):
        return insert(conn, now, items)


def entry_of(row: aiosqlite.Row) -> OutboxEntry:
    created = parse_stamp(row["created_at"])
    assert created is not None
    return OutboxEntry(
        entry_id=row["entry_id"],
        channel_id=row["channel_id"],
        kind=row["kind"],
        payload=loads(row["payload"]),
        table_id=row["table_id"],
        key=row["key"],
        created_at=created,
        attempted_at=parse_stamp(row["attempted_at"]),
        attempts=row["attempts"],
        watermark=row["watermark"],
    )


async def pending(conn: aiosqlite.Connection) -> list[OutboxEntry]:
    rows = await fetchall(conn, "SELECT * FROM outbox WHERE state = 'pending' ORDER BY entry_id")
    return [entry_of(r) for r in rows]


def attempted(conn: sqlite3.Connection, now: str, entry_id: int,
              watermark: int | None) -> None:
    with sync_transaction(conn):
        conn.execute("UPDATE outbox SET attempted_at = ?, attempts = attempts + 1,"
                     " watermark = COALESCE(watermark, ?) WHERE entry_id = ?",
                     (now, watermark, entry_id)).close()


def fold(conn: sqlite3.Connection, now: str, entry_id: int, payload: dict[str, Any],
         folded: Sequence[int]) -> None:
    """The carrier's new payload and the folded entries' end, in one transaction (see
    ``bot.delivery.folding``); refused (nothing changes) unless the carrier is pending and
    not attempted."""
    with sync_transaction(conn):
        cur = conn.execute("UPDATE outbox SET payload = ? WHERE entry_id = ?"
                           " AND state = 'pending' AND attempted_at IS NULL",
                           (dumps(payload), entry_id))
        changed = cur.rowcount
        cur.close()
        if changed != 1:
            raise ValueError(f"outbox entry {entry_id} cannot carry others")
        conn.executemany("UPDATE outbox SET state = 'superseded', done_at = ?"
                         " WHERE entry_id = ? AND state = 'pending'",
                         [(now, f) for f in folded]).close()


def check_done(done: Sequence[OutboxDone]) -> None:
    for d in done:
        if d.state not in OUTBOX_STATES or d.state == "pending":
            raise ValueError(f"an outbox entry cannot end as {d.state!r}")


def finish(conn: sqlite3.Connection, now: str, done: Sequence[OutboxDone]) -> None:
    """Mark entries delivered, superseded or dropped, in one transaction."""
    check_done(done)
    if not done:
        return
    with sync_transaction(conn):
        conn.executemany(
            "UPDATE outbox SET state = ?, message_id = COALESCE(?, message_id), done_at = ?"
            " WHERE entry_id = ? AND state = 'pending'",
            [(d.state, d.message_id, now, d.entry_id) for d in done],
        ).close()


async def posted_ids(conn: aiosqlite.Connection, channel_id: int, since: datetime) -> set[int]:
    """The messages entries of a channel have posted since a moment (recovery excludes them
    when it looks for an attempted entry's message)."""
    rows = await fetchall(
        conn,
        "SELECT message_id FROM outbox WHERE channel_id = ? AND message_id IS NOT NULL"
        " AND done_at >= ?",
        (channel_id, stamp(since)),
    )
    return {int(r["message_id"]) for r in rows}


async def prune(conn: aiosqlite.Connection, before: datetime) -> int:
    """Forget entries that ended before a moment; how many."""
    async with transaction(conn):
        return await execute(conn, "DELETE FROM outbox WHERE state != 'pending' AND done_at < ?",
                             (stamp(before),))


async def counts(conn: aiosqlite.Connection) -> dict[str, int]:
    rows = await fetchall(conn, "SELECT state, COUNT(*) AS n FROM outbox GROUP BY state")
    return {str(r["state"]): int(r["n"]) for r in rows}
