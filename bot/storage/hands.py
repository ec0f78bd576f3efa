"""The open hand messages' interaction tokens (``hand_tokens``, migration 0008; which
message the hand is, migration 0011): saved as a player's hand opens or is clicked, dropped
when it stops following the table, read back at a start (the expired ones deleted then). A
token is a secret of its message: never logged."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import aiosqlite

from bot.storage.db import execute, fetchall, parse_stamp, stamp, sync_transaction, transaction
from bot.storage.models import HandToken


def save(conn: sqlite3.Connection, put: Sequence[HandToken],
         drop: Sequence[tuple[int, int]]) -> None:
    """Upsert ``put`` and delete ``drop`` ((table, user) pairs), in one transaction; a hand
    of a table the database no longer has is skipped."""
    if not put and not drop:
        return
    with sync_transaction(conn):
        if drop:
            conn.executemany("DELETE FROM hand_tokens WHERE table_id = ? AND user_id = ?",
                             list(drop)).close()
        if put:
            conn.executemany(
                "INSERT INTO hand_tokens (table_id, user_id, application_id, token, message_id,"
                " opened_at, expires_at, hand_id) SELECT ?, ?, ?, ?, ?, ?, ?, ?"
                " WHERE EXISTS (SELECT 1 FROM tables WHERE table_id = ?)"
                " ON CONFLICT (table_id, user_id) DO UPDATE SET"
                " application_id = excluded.application_id, token = excluded.token,"
                " message_id = excluded.message_id, opened_at = excluded.opened_at,"
                " expires_at = excluded.expires_at, hand_id = excluded.hand_id",
                [(h.table_id, h.user_id, h.application_id, h.token, h.message_id,
                  stamp(h.opened_at), stamp(h.expires_at), h.hand_id, h.table_id)
                 for h in put]).close()


async def load(conn: aiosqlite.Connection, now: datetime) -> list[HandToken]:
    """The tokens still alive at ``now``; the expired ones are deleted."""
    async with transaction(conn):
        await execute(conn, "DELETE FROM hand_tokens WHERE expires_at <= ?", (stamp(now),))
        rows = await fetchall(conn, "SELECT * FROM hand_tokens ORDER BY table_id, user_id")
    return [of_row(r) for r in rows]


def of_row(row: Any) -> HandToken:
    """A row of ``hand_tokens`` (aiosqlite's or asyncpg's: both index by name)."""
    opened = parse_stamp(str(row["opened_at"]))
    expires = parse_stamp(str(row["expires_at"]))
    assert opened is not None and expires is not None
    message, hand = row["message_id"], row["hand_id"]
    return HandToken(int(row["table_id"]), int(row["user_id"]), int(row["application_id"]),
                     str(row["token"]), None if message is None else int(message), opened,
                     expires, None if hand is None else int(hand))
