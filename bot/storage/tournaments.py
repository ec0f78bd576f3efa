"""Tournaments: the tournament row, its entrants, rounds, tables of each round with their
results, and the substitutions (SQLite; ``postgres.py`` has the same on PostgreSQL).

The tables in play are ordinary tables (``tables.py``); a tournament table names the table
it plays at and, once done, holds the engine's ``Outcome`` and the archived game's id.
Recording a result is idempotent (a table resumed after a restart may report twice).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import aiosqlite

from bot.storage import outbox as outbox_rows
from bot.storage.db import dumps, execute, fetchall, fetchone, loads, parse_stamp, transaction
from bot.storage.models import (
    ACTIVE_TOURNAMENT,
    ANONYMOUS,
    SUBSTITUTION_REASONS,
    TOURNAMENT_STATUSES,
    AlreadyRegistered,
    EntrantRecord,
    OutboxBatch,
    RoundRecord,
    SubstitutionRecord,
    TournamentNotFound,
    TournamentRecord,
    TournamentStatus,
    TournamentTableRecord,
)
from bot.storage.tables import UNSET

Row = Any  # an aiosqlite.Row or an asyncpg Record: both read by column name


# -- rows to records (shared with PostgresStore) ------------------------------------------
def tournament_of(row: Row) -> TournamentRecord:
    created, updated = parse_stamp(row["created_at"]), parse_stamp(row["updated_at"])
    assert created is not None and updated is not None
    return TournamentRecord(
        tournament_id=int(row["tournament_id"]),
        guild_id=int(row["guild_id"]),
        channel_id=int(row["channel_id"]),
        organiser_id=row["organiser_id"],
        game_kind=str(row["game_kind"]),
        status=TournamentStatus(row["status"]),
        settings=loads(row["settings"]),
        round_no=int(row["round_no"]),
        message_id=row["message_id"],
        created_at=created,
        updated_at=updated,
    )


def entrant_of(row: Row) -> EntrantRecord:
    return EntrantRecord(int(row["entrant_no"]), row["user_id"], str(row["name"]),
                         row["ai_level"], row["replaced_from"])


def round_of(row: Row) -> RoundRecord:
    started = parse_stamp(row["started_at"])
    assert started is not None
    return RoundRecord(int(row["round_no"]), str(row["status"]), loads(row["standings"]),
                       started, parse_stamp(row["finished_at"]))


def table_of(row: Row) -> TournamentTableRecord:
    return TournamentTableRecord(int(row["round_no"]), int(row["table_no"]),
                                 [int(x) for x in loads(row["seats"])], row["thread_id"],
                                 row["table_id"], row["game_id"], loads(row["result"]))


def substitution_of(row: Row) -> SubstitutionRecord:
    return SubstitutionRecord(int(row["round_no"]), int(row["table_no"]), int(row["seat"]),
                              int(row["entrant_no"]), str(row["reason"]))


def check_status(status: str | None) -> None:
    if status is not None and status not in TOURNAMENT_STATUSES:
        raise ValueError(f"unknown tournament status {status!r}")


def check_reason(reason: str) -> None:
    if reason not in SUBSTITUTION_REASONS:
        raise ValueError(f"unknown substitution reason {reason!r}")


def check_tables(tables: Sequence[Sequence[int]]) -> list[list[int]]:
    out = [[int(e) for e in t] for t in tables]
    flat = [e for t in out for e in t]
    if not out or len(flat) != len(set(flat)):
        raise ValueError("a round's tables seat each entrant once")
    return out


# -- SQLite ------------------------------------------------------------------------------
async def _require(conn: aiosqlite.Connection, tournament_id: int) -> aiosqlite.Row:
    row = await fetchone(conn, "SELECT * FROM tournaments WHERE tournament_id = ?",
                         (tournament_id,))
    if row is None:
        raise TournamentNotFound(tournament_id)
    return row


async def create_tournament(conn: aiosqlite.Connection, now: str, guild_id: int,
                            channel_id: int, organiser_id: int, game_kind: str,
                            settings: dict[str, Any]) -> int:
    async with transaction(conn):
        return await execute(
            conn,
            "INSERT INTO tournaments (guild_id, channel_id, organiser_id, game_kind, settings,"
            " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (guild_id, channel_id, organiser_id, game_kind, dumps(settings), now, now),
        )


async def update_tournament(conn: aiosqlite.Connection, now: str, tournament_id: int, *,
                            status: str | None = None, message_id: int | None = UNSET,
                            settings: dict[str, Any] | None = None,
                            outbox: OutboxBatch | None = None) -> None:
    """None leaves a field unchanged, except ``message_id`` (leave it out to keep it).
    ``outbox``: the change's entries, in its transaction (so for every write below)."""
    check_status(status)
    sets: dict[str, Any] = {"updated_at": now}
    if status is not None:
        sets["status"] = status
    if message_id is not UNSET:
        sets["message_id"] = message_id
    if settings is not None:
        sets["settings"] = dumps(settings)
    async with transaction(conn):
        await _require(conn, tournament_id)
        columns = ", ".join(f"{name} = ?" for name in sets)
        await execute(conn, f"UPDATE tournaments SET {columns} WHERE tournament_id = ?",
                      (*sets.values(), tournament_id))
        ids = await outbox_rows.write(conn, now, outbox)
    outbox_rows.committed(outbox, ids)


async def add_entrant(conn: aiosqlite.Connection, now: str, tournament_id: int,
                      user_id: int | None, name: str, ai_level: str | None = None,
                      outbox: OutboxBatch | None = None) -> int:
    """A new entrant with the next player number (a human once per tournament:
    ``AlreadyRegistered``)."""
    async with transaction(conn):
        await _require(conn, tournament_id)
        if user_id is not None:
            found = await fetchone(
                conn, "SELECT 1 FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?",
                (tournament_id, user_id))
            if found is not None:
                raise AlreadyRegistered(tournament_id, user_id)
        row = await fetchone(
            conn, "SELECT COALESCE(MAX(entrant_no), 0) + 1 FROM tournament_entrants"
            " WHERE tournament_id = ?", (tournament_id,))
        assert row is not None
        number = int(row[0])
        await execute(
            conn,
            "INSERT INTO tournament_entrants (tournament_id, entrant_no, user_id, name, ai_level,"
            " joined_at) VALUES (?, ?, ?, ?, ?, ?)",
            (tournament_id, number, user_id, name, ai_level, now),
        )
        ids = await outbox_rows.write(conn, now, outbox)
    outbox_rows.committed(outbox, ids)
    return number


async def remove_entrant(conn: aiosqlite.Connection, now: str, tournament_id: int,
                         entrant_no: int, outbox: OutboxBatch | None = None) -> bool:
    """Off the list (the ``outbox`` entries are written only when he was on it)."""
    ids: list[int] = []
    async with transaction(conn):
        done = await execute(
            conn, "DELETE FROM tournament_entrants WHERE tournament_id = ? AND entrant_no = ?",
            (tournament_id, entrant_no)) > 0
        if done:
            ids = await outbox_rows.write(conn, now, outbox)
    outbox_rows.committed(outbox, ids)
    return done


async def start_round(conn: aiosqlite.Connection, now: str, tournament_id: int, round_no: int,
                      tables: Sequence[Sequence[int]], outbox: OutboxBatch | None = None) -> None:
    """The round and its tables (entrant numbers by seat); the tournament plays it. Starting
    a round that exists changes nothing and writes no ``outbox`` entry (a restart may try
    again)."""
    seats = check_tables(tables)
    async with transaction(conn):
        await _require(conn, tournament_id)
        done = await fetchone(
            conn, "SELECT 1 FROM tournament_rounds WHERE tournament_id = ? AND round_no = ?",
            (tournament_id, round_no))
        if done is not None:
            return
        await execute(conn, "INSERT INTO tournament_rounds (tournament_id, round_no, started_at)"
                      " VALUES (?, ?, ?)", (tournament_id, round_no, now))
        for number, table in enumerate(seats, 1):
            await execute(conn, "INSERT INTO tournament_tables (tournament_id, round_no,"
                          " table_no, seats) VALUES (?, ?, ?, ?)",
                          (tournament_id, round_no, number, dumps(table)))
        await execute(conn, "UPDATE tournaments SET status = 'playing', round_no = ?,"
                      " updated_at = ? WHERE tournament_id = ?", (round_no, now, tournament_id))
        ids = await outbox_rows.write(conn, now, outbox)
    outbox_rows.committed(outbox, ids)


async def set_table_place(conn: aiosqlite.Connection, now: str, tournament_id: int,
                          round_no: int, table_no: int, *, thread_id: int | None = UNSET,
                          table_id: int | None = UNSET,
                          outbox: OutboxBatch | None = None) -> None:
    """Where a round's table plays: its thread and its table (leave one out to keep it)."""
    sets: dict[str, Any] = {}
    if thread_id is not UNSET:
        sets["thread_id"] = thread_id
    if table_id is not UNSET:
        sets["table_id"] = table_id
    if not sets:
        return
    async with transaction(conn):
        columns = ", ".join(f"{name} = ?" for name in sets)
        changed = await execute(
            conn, f"UPDATE tournament_tables SET {columns} WHERE tournament_id = ?"
            " AND round_no = ? AND table_no = ?",
            (*sets.values(), tournament_id, round_no, table_no))
        if not changed:
            raise TournamentNotFound(tournament_id)
        ids = await outbox_rows.write(conn, now, outbox)
    outbox_rows.committed(outbox, ids)


async def finish_table(conn: aiosqlite.Connection, now: str, tournament_id: int, round_no: int,
                       table_no: int, *, result: dict[str, Any], game_id: int | None,
                       returned: Sequence[int] = (), outbox: OutboxBatch | None = None) -> bool:
    """A round's table is done: its result (``Outcome.to_json()``) and archived game; the
    "busy" substitutions of the ``returned`` seats are dropped (their players took them back;
    ``drop_substitution`` had not noted it). False (and nothing changed, no ``outbox`` entry
    written) when it was recorded already."""
    async with transaction(conn):
        row = await fetchone(
            conn, "SELECT result FROM tournament_tables WHERE tournament_id = ? AND round_no = ?"
            " AND table_no = ?", (tournament_id, round_no, table_no))
        if row is None:
            raise TournamentNotFound(tournament_id)
        if row["result"] is not None:
            return False
        await execute(
            conn, "UPDATE tournament_tables SET result = ?, game_id = ?, finished_at = ?"
            " WHERE tournament_id = ? AND round_no = ? AND table_no = ?",
            (dumps(result), game_id, now, tournament_id, round_no, table_no))
        for seat in returned:
            await execute(
                conn, "DELETE FROM tournament_substitutions WHERE tournament_id = ?"
                " AND round_no = ? AND table_no = ? AND seat = ? AND reason = 'busy'",
                (tournament_id, round_no, table_no, seat))
        ids = await outbox_rows.write(conn, now, outbox)
    outbox_rows.committed(outbox, ids)
    return True


async def add_substitution(conn: aiosqlite.Connection, now: str, tournament_id: int,
                           round_no: int, table_no: int, seat: int, entrant_no: int,
                           reason: str, *, withdraw: bool = False,
                           outbox: OutboxBatch | None = None) -> None:
    """An AI plays ``seat`` for the entrant (once per seat); ``withdraw``: also for the rest
    of the tournament (from this round on)."""
    check_reason(reason)
    async with transaction(conn):
        await execute(
            conn, "INSERT OR IGNORE INTO tournament_substitutions (tournament_id, round_no,"
            " table_no, seat, entrant_no, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (tournament_id, round_no, table_no, seat, entrant_no, reason, now))
        if withdraw:
            await execute(
                conn, "UPDATE tournament_entrants SET replaced_from = ? WHERE tournament_id = ?"
                " AND entrant_no = ? AND replaced_from IS NULL",
                (round_no, tournament_id, entrant_no))
        ids = await outbox_rows.write(conn, now, outbox)
    outbox_rows.committed(outbox, ids)


async def drop_substitution(conn: aiosqlite.Connection, now: str, tournament_id: int,
                            round_no: int, table_no: int, seat: int,
                            outbox: OutboxBatch | None = None) -> bool:
    """The AI no longer plays ``seat`` for its entrant: he took it back (he had been busy
    at another table when the round began). False (and no ``outbox`` entry written) if no AI
    did."""
    ids: list[int] = []
    async with transaction(conn):
        done = await execute(
            conn, "DELETE FROM tournament_substitutions WHERE tournament_id = ? AND round_no = ?"
            " AND table_no = ? AND seat = ?", (tournament_id, round_no, table_no, seat)) > 0
        if done:
            ids = await outbox_rows.write(conn, now, outbox)
    outbox_rows.committed(outbox, ids)
    return done


async def withdraw_entrant(conn: aiosqlite.Connection, now: str, tournament_id: int,
                           entrant_no: int, from_round: int,
                           outbox: OutboxBatch | None = None) -> bool:
    """An AI substitute plays for the entrant from ``from_round`` on (False: he had been
    replaced already, and no ``outbox`` entry is written)."""
    ids: list[int] = []
    async with transaction(conn):
        done = await execute(
            conn, "UPDATE tournament_entrants SET replaced_from = ? WHERE tournament_id = ?"
            " AND entrant_no = ? AND replaced_from IS NULL",
            (from_round, tournament_id, entrant_no)) > 0
        if done:
            ids = await outbox_rows.write(conn, now, outbox)
    outbox_rows.committed(outbox, ids)
    return done


async def finish_round(conn: aiosqlite.Connection, now: str, tournament_id: int, round_no: int,
                       standings: list[dict[str, Any]], *, final: bool,
                       outbox: OutboxBatch | None = None) -> bool:
    """The round is over with its standings (the last one: the tournament too). False (and
    no ``outbox`` entry written) when it was finished already."""
    async with transaction(conn):
        row = await fetchone(
            conn, "SELECT status FROM tournament_rounds WHERE tournament_id = ? AND round_no = ?",
            (tournament_id, round_no))
        if row is None:
            raise TournamentNotFound(tournament_id)
        if row["status"] == "finished":
            return False
        await execute(
            conn, "UPDATE tournament_rounds SET status = 'finished', standings = ?,"
            " finished_at = ? WHERE tournament_id = ? AND round_no = ?",
            (dumps(standings), now, tournament_id, round_no))
        if final:
            await execute(conn, "UPDATE tournaments SET status = 'finished', updated_at = ?"
                          " WHERE tournament_id = ?", (now, tournament_id))
        ids = await outbox_rows.write(conn, now, outbox)
    outbox_rows.committed(outbox, ids)
    return True


async def _whole(conn: aiosqlite.Connection, row: aiosqlite.Row) -> TournamentRecord:
    record = tournament_of(row)
    tid = record.tournament_id
    record.entrants = [entrant_of(r) for r in await fetchall(
        conn, "SELECT * FROM tournament_entrants WHERE tournament_id = ? ORDER BY entrant_no",
        (tid,))]
    record.rounds = [round_of(r) for r in await fetchall(
        conn, "SELECT * FROM tournament_rounds WHERE tournament_id = ? ORDER BY round_no", (tid,))]
    record.tables = [table_of(r) for r in await fetchall(
        conn, "SELECT * FROM tournament_tables WHERE tournament_id = ?"
        " ORDER BY round_no, table_no", (tid,))]
    record.substitutions = [substitution_of(r) for r in await fetchall(
        conn, "SELECT * FROM tournament_substitutions WHERE tournament_id = ?"
        " ORDER BY round_no, table_no, seat", (tid,))]
    return record


async def get_tournament(conn: aiosqlite.Connection,
                         tournament_id: int) -> TournamentRecord | None:
    row = await fetchone(conn, "SELECT * FROM tournaments WHERE tournament_id = ?",
                         (tournament_id,))
    return None if row is None else await _whole(conn, row)


async def active_tournaments(conn: aiosqlite.Connection) -> list[TournamentRecord]:
    """Every tournament in registration or being played (all guilds: for resuming)."""
    rows = await fetchall(conn, "SELECT * FROM tournaments WHERE status IN (?, ?)"
                          " ORDER BY tournament_id", ACTIVE_TOURNAMENT)
    return [await _whole(conn, r) for r in rows]


async def forget_in_tournaments(conn: aiosqlite.Connection, user_id: int) -> None:
    """Part of ``forget_user`` (inside its transaction): the entrant stays, nameless."""
    await execute(conn, "UPDATE tournament_entrants SET user_id = NULL, name = ?"
                  " WHERE user_id = ?", (ANONYMOUS, user_id))
    await execute(conn, "UPDATE tournaments SET organiser_id = NULL WHERE organiser_id = ?",
                  (user_id,))
