"""Between the bot's tables and the database: open, load, restore and archive (any game)."""

from __future__ import annotations

from pathlib import Path

from bot.model import Seat, Table, TableSettings, TurnClock, events_from_json
from bot.recent import RecentLines
from bot.storage import PlayerResult, Storage, TableRecord, TableStore
from engine import games
from engine.log_json import json_text


async def open_store(path: str | Path, database_url: str | None = None) -> TableStore:
    """The SQLite file at ``path``, or the PostgreSQL database at ``database_url`` (shards
    sharing one database; needs ``asyncpg``)."""
    if database_url:
        from bot.storage.postgres import PostgresStore

        return await PostgresStore.open(database_url)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    return await Storage.open(path)


def table_from_record(rec: TableRecord) -> Table:
    """The table of a stored row; an archived game's final state is replayed from its
    archive's record (the row keeps no snapshot of it: ``TableRecord.replay``)."""
    extra = rec.extra or {}
    spec = games.get(rec.game_kind)
    snapshot = rec.state
    state = None if snapshot is None else spec.from_json(snapshot)
    if snapshot is None and rec.replay is not None:  # (its JSON: what a failed save restores)
        state = spec.replayed(rec.replay)
        snapshot = state.to_json()
    seats = [None if s is None else Seat.from_json(s) for s in rec.seats]
    while len(seats) < spec.seats:
        seats.append(None)
    table = Table(
        table_id=rec.table_id,
        guild_id=rec.guild_id,
        channel_id=rec.channel_id,
        creator_id=rec.creator_id or 0,
        settings=TableSettings.from_json(rec.settings),
        seats=seats,
        game_kind=rec.game_kind,
        status=rec.status,
        message_id=rec.message_id,
        state=state,
        seed=int(extra.get("seed", 0)),
        ping_message_id=extra.get("ping_message_id"),
        recent=RecentLines.from_json(extra, len(seats)),
        events=events_from_json(extra.get("events")),
        clock_started=_stamp(extra.get("clock_started")),
        turn=TurnClock.from_json(extra.get("turn")),
        saved=(None if snapshot is None else json_text(snapshot), rec.seats, rec.status),
        tournament=extra.get("tournament") if isinstance(extra.get("tournament"), dict) else None,
        parent_id=_id(extra.get("parent")),
        pointer_id=_id(extra.get("pointer")),
        rematch=extra.get("rematch") if isinstance(extra.get("rematch"), dict) else None,
        again_id=_id(extra.get("again")),
        gone=extra.get("gone") is True,
        # (a lobby saved before its last activity was kept: its last save)
        touched=_stamp(extra.get("touched")) or rec.updated_at.timestamp(),
    )
    return table


def _id(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _stamp(value: object) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


async def load_tables(store: TableStore) -> list[Table]:
    """Every unfinished table, as it was after its last saved action; a finished game whose
    archiving was cut off (a crash between the two) is archived now."""
    for table_id in await store.unarchived_tables():
        rec = await store.get_table(table_id)
        if rec is not None and rec.state is not None:
            await archive(store, table_from_record(rec))
    return [table_from_record(rec) for rec in await store.active_tables()]


async def archive(store: TableStore, table: Table) -> int:
    """A finished game into the history and the ratings (one transaction): the engine's
    outcome and the game's replayable log; its options are the table's settings, with a
    tournament table's link to its tournament (``"tournament"``: its round and table) and
    the seats an AI took over from a player who left (``"left"``: the history marks them)."""
    state = table.state
    assert state is not None
    outcome = state.outcome()
    if outcome is None:
        raise ValueError(f"the game of table {table.table_id} is not finished")
    players = [
        PlayerResult.from_seat(i, s.to_json()) for i, s in enumerate(table.seats) if s is not None
    ]
    options = table.settings.to_json()
    if table.tournament is not None:  # its pictures name the tournament's round
        options["tournament"] = dict(table.tournament)
    left = [i for i, s in enumerate(table.seats) if s is not None and s.left]
    if left:
        options["left"] = left
    return await store.archive_game(
        table.table_id,
        outcome=outcome,
        record=games.get(table.game_kind).record_of(state),
        players=players,
        options=options,
    )
