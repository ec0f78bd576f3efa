"""Tables in play: the row (status, seats, settings, the engine snapshot) and the action log.

``update_table`` writes the new snapshot and the accepted action in one transaction, so after
a crash the state and its log always agree. The ``seated`` rows mirror the seats of active
tables and enforce one active table per user and guild.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any, Final

import aiosqlite

from bot.storage import outbox as outbox_rows
from bot.storage.db import (
    dumps,
    execute,
    fetchall,
    fetchone,
    loads,
    one,
    parse_stamp,
    state_json,
    sync_transaction,
    transaction,
)
from bot.storage.models import (
    ACTIVE_STATUSES,
    STATUS_ABORTED,
    STATUS_LOBBY,
    STATUS_PLAYING,
    STATUSES,
    OutboxItem,
    TableNotFound,
    TableRecord,
    TableStatus,
    UserAlreadySeated,
)


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final[Any] = _Unset()  # "leave unchanged" where None is a value to store
ACTORS = ("ai", "autoplay")
# a table, and the record of its archived game when its snapshot went with the archive
# (``TableRecord.replay``); both stores (PostgreSQL numbers the parameter)
GET_TABLE_SQL = (
    "SELECT t.*, g.replay AS archived FROM tables t LEFT JOIN games g"
    " ON g.table_id = t.table_id AND t.state IS NULL WHERE t.table_id = ?"
)


def record_of(row: aiosqlite.Row) -> TableRecord:
    created = parse_stamp(row["created_at"])
    updated = parse_stamp(row["updated_at"])
    assert created is not None and updated is not None
    return TableRecord(
        table_id=row["table_id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        creator_id=row["creator_id"],
        status=TableStatus(row["status"]),
        settings=loads(row["settings"]),
        seats=loads(row["seats"]),
        state=loads(row["state"]),
        version=row["version"],
        extra=loads(row["extra"]),
        created_at=created,
        updated_at=updated,
        started_at=parse_stamp(row["started_at"]),
        game_kind=row["game_kind"],
        # (a row's ``in`` looks at its values, not its names)
        replay=loads(row["archived"]) if "archived" in row.keys() else None,  # noqa: SIM118
    )


def seat_user_ids(seats: Sequence[dict[str, Any] | None]) -> list[int]:
    """The distinct user ids of human seats, in seat order."""
    ids: dict[int, None] = {}
    for seat in seats:
        if isinstance(seat, dict):
            uid = seat.get("user_id")
            if isinstance(uid, int) and not isinstance(uid, bool):
                ids[uid] = None
    return list(ids)


def _seat_users(
    conn: sqlite3.Connection,
    table_id: int,
    guild_id: int,
    seats: Sequence[dict[str, Any] | None],
    status: str,
) -> None:
    conn.execute("DELETE FROM seated WHERE table_id = ?", (table_id,)).close()
    if status not in ACTIVE_STATUSES:
        return
    for uid in seat_user_ids(seats):
        other = one(conn, "SELECT table_id FROM seated WHERE guild_id = ? AND user_id = ?",
                    (guild_id, uid))
        if other is not None:
            raise UserAlreadySeated(uid, other["table_id"])
        conn.execute(
            "INSERT INTO seated (guild_id, user_id, table_id) VALUES (?, ?, ?)",
            (guild_id, uid, table_id),
        ).close()


def create_table(
    conn: sqlite3.Connection,
    now: str,
    guild_id: int,
    channel_id: int,
    creator_id: int,
    settings: dict[str, Any],
    seats: Sequence[dict[str, Any] | None],
    game_kind: str,
) -> int:
    """A new table of ``game_kind`` in the lobby; returns its id. Raises
    ``UserAlreadySeated``. (Runs in the connection's thread: ``Storage._write``.)"""
    with sync_transaction(conn):
        cur = conn.execute(
            "INSERT INTO tables (guild_id, channel_id, creator_id, status, settings, seats,"
            " created_at, updated_at, game_kind) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                guild_id,
                channel_id,
                creator_id,
                STATUS_LOBBY,
                dumps(settings),
                dumps(list(seats)),
                now,
                now,
                game_kind,
            ),
        )
        table_id = int(cur.lastrowid or 0)
        cur.close()
        _seat_users(conn, table_id, guild_id, seats, STATUS_LOBBY)
    return table_id


def _actor(by: object) -> tuple[str | None, int | None]:
    if by is None:
        return None, None
    if by in ACTORS:
        return str(by), None
    if isinstance(by, int) and not isinstance(by, bool):
        return "user", by
    raise ValueError(f"'by' must be a user id, 'ai' or 'autoplay', not {by!r}")


def _action_rows(
    table_id: int, first_seq: int, actions: Sequence[dict[str, Any]], seats: int, now: str
) -> list[tuple[Any, ...]]:
    rows = []
    for seq, action in enumerate(actions, first_seq):
        payload = dict(action)
        actor, user_id = _actor(payload.pop("by", None))
        seat = payload.get("seat")
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < seats):
            raise ValueError(f"bad seat in action {action!r}")
        rows.append((table_id, seq, seat, dumps(payload), actor, user_id, now))
    return rows


def _seat_count(game_kind: str) -> int:
    """How many seats the table's game has (an action names one of them)."""
    from engine import games

    return games.get(game_kind).seats


def update_table(
    conn: sqlite3.Connection,
    now: str,
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
    """Change a table and append ``action`` (or several ``actions``, in order) to its log,
    and ``outbox`` entries (what the change must show), all in one transaction; returns the
    outbox entries' ids.

    ``state``: the game's JSON, or its stored text already (``to_json_text``: a long log is
    not serialized again).
    None leaves a field unchanged, except ``message_id`` and ``state`` where None is stored
    (leave them out to keep them). ``channel_id``: where the table plays from now on (a
    thread of its own). An action is the engine's action JSON with ``seat``, plus
    ``"by"``: the user id who clicked, "ai" or "autoplay".

    It runs in the connection's thread as a whole (``Storage._write``): one hand-over between
    the event loop and that thread per change, not one per statement — under load the
    hand-overs, not SQLite, were what a change waited for.
    """
    if status is not None and status not in STATUSES:
        raise ValueError(f"unknown status {status!r}")
    with sync_transaction(conn):
        row = one(
            conn,
            "SELECT guild_id, status, seats, started_at, game_kind FROM tables WHERE table_id = ?",
            (table_id,),
        )
        if row is None:
            raise TableNotFound(table_id)
        sets: dict[str, Any] = {"updated_at": now}
        if status is not None:
            sets["status"] = status
            if status == STATUS_PLAYING and row["started_at"] is None:
                sets["started_at"] = now
        if message_id is not UNSET:
            sets["message_id"] = message_id
        if channel_id is not None:
            sets["channel_id"] = channel_id
        seats_text = None if seats is None else dumps(list(seats))
        if seats_text is not None and seats_text != row["seats"]:
            sets["seats"] = seats_text
        else:
            seats = None  # unchanged: the seated users need no rewrite
        if settings is not None:
            sets["settings"] = dumps(settings)
        if state is not UNSET:
            sets["state"] = None if state is None else state_json(state)
        if version is not None:
            sets["version"] = version
        if extra is not None:
            sets["extra"] = dumps(extra)
        columns = ", ".join(f"{name} = ?" for name in sets)
        conn.execute(f"UPDATE tables SET {columns} WHERE table_id = ?",
                     (*sets.values(), table_id)).close()
        if (status is not None and status != row["status"]) or seats is not None:
            _seat_users(
                conn,
                table_id,
                row["guild_id"],
                seats if seats is not None else loads(row["seats"]),
                status or row["status"],
            )
        todo = ([action] if action is not None else []) + list(actions)
        if status == STATUS_ABORTED:  # (its game is not archived: the log is of no use)
            todo = []
            conn.execute("DELETE FROM table_actions WHERE table_id = ?", (table_id,)).close()
        if todo:
            # One statement per hundred actions, numbered after the log's last (its primary
            # key's last entry, read inside the statement): a round trip fewer per change.
            rows = _action_rows(table_id, 1, todo, _seat_count(row["game_kind"]), now)
            for start in range(0, len(rows), 100):
                chunk = rows[start:start + 100]
                conn.execute(
                    "WITH new (table_id, seq, seat, action, actor, user_id, created_at) AS"
                    " (VALUES " + ", ".join(["(?, ?, ?, ?, ?, ?, ?)"] * len(chunk)) + ")"
                    " INSERT INTO table_actions (table_id, seq, seat, action, actor, user_id,"
                    " created_at) SELECT table_id, seq + (SELECT COALESCE(MAX(seq), 0)"
                    " FROM table_actions WHERE table_id = ?), seat, action, actor, user_id,"
                    " created_at FROM new",
                    [*(v for r in chunk for v in r), table_id],
                ).close()
        return outbox_rows.insert(conn, now, outbox)


async def get_table(conn: aiosqlite.Connection, table_id: int) -> TableRecord | None:
    row = await fetchone(conn, GET_TABLE_SQL, (table_id,))
    return None if row is None else record_of(row)


async def active_tables(conn: aiosqlite.Connection) -> list[TableRecord]:
    """Every table in the lobby or playing (all guilds: this is for resuming), oldest first."""
    rows = await fetchall(
        conn,
        "SELECT * FROM tables WHERE status IN (?, ?) ORDER BY table_id",
        ACTIVE_STATUSES,
    )
    return [record_of(r) for r in rows]


async def table_actions(conn: aiosqlite.Connection, table_id: int) -> list[dict[str, Any]]:
    """The log: ``{"seq", "action", "by", "at"}`` in order; ``by`` is a user id (None once
    forgotten), "ai", "autoplay", or None when not given."""
    rows = await fetchall(
        conn,
        "SELECT seq, action, actor, user_id, created_at FROM table_actions"
        " WHERE table_id = ? ORDER BY seq",
        (table_id,),
    )
    return [
        {
            "seq": r["seq"],
            "action": loads(r["action"]),
            "by": r["user_id"] if r["actor"] == "user" else r["actor"],
            "at": r["created_at"],
        }
        for r in rows
    ]


async def delete_table(conn: aiosqlite.Connection, table_id: int) -> bool:
    """Remove a table with its log; archived games stay. False if there was none."""
    async with transaction(conn):
        return await execute(conn, "DELETE FROM tables WHERE table_id = ?", (table_id,)) > 0


async def table_of_user(conn: aiosqlite.Connection, guild_id: int, user_id: int) -> int | None:
    row = await fetchone(
        conn, "SELECT table_id FROM seated WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
    )
    return None if row is None else int(row["table_id"])


async def unarchived_tables(conn: aiosqlite.Connection) -> list[int]:
    """Finished tables without a game row (the process died between the last action and
    ``archive_game``): archive them at start-up."""
    rows = await fetchall(
        conn,
        "SELECT table_id FROM tables WHERE status = 'finished' AND state IS NOT NULL"
        " AND NOT EXISTS (SELECT 1 FROM games WHERE games.table_id = tables.table_id)"
        " ORDER BY table_id",
    )
    return [int(r["table_id"]) for r in rows]
