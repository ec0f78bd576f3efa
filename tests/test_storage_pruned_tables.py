"""A table that ended keeps only what is still read (review 49, M2), on both stores: the
archive deletes a finished table's move log and snapshot (``TableRecord.replay``, its game's
record, replays to it), an abort its move log; migration 10 (SQLite) and the upgrade of the
same name (PostgreSQL) do it for the tables that ended before."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.storage import Storage
from bot.storage.db import connect, migrate
from engine import games
from engine.lora import Lora
from tests.storage_kit import archive, finished_lora_json, robot, storage, ticking_clock

__all__ = ["storage"]


async def _played(store: Any, moves: int = 6) -> int:
    """A table in play with ``moves`` moves in its log."""
    lora = Lora.from_json(finished_lora_json(2))
    table_id = await store.create_table(1, 10, 0, {}, [robot()] * 4)
    await store.update_table(table_id, status="playing", state=lora.to_json(),
                             actions=[{**a.to_json(), "by": "ai"} for a in lora.log[:moves]])
    return table_id


async def test_the_archive_and_an_abort_delete_what_is_no_longer_read(storage: Any) -> None:
    data = finished_lora_json(2)
    await archive(storage, 1, [robot()] * 4, data)
    table_id = 1  # (the store's first table)
    rec = await storage.get_table(table_id)
    assert rec is not None and rec.status == "finished" and rec.state is None
    assert await storage.table_actions(table_id) == []
    replayed = games.get("lora").replayed(rec.replay)
    lora = Lora.from_json(data)
    assert (replayed.totals, replayed.order) == (lora.totals, lora.order)

    aborted = await _played(storage)
    assert len(await storage.table_actions(aborted)) == 6
    await storage.update_table(aborted, status="aborted", actions=[{"seat": 0, "by": "ai"}])
    rec = await storage.get_table(aborted)
    assert rec.status == "aborted" and rec.state is not None and rec.replay is None
    assert await storage.table_actions(aborted) == []
    playing = await _played(storage)  # (a game in play keeps its log)
    assert len(await storage.table_actions(playing)) == 6


async def test_migration_10_prunes_the_tables_that_ended_before(tmp_path: Path) -> None:
    conn = await connect(tmp_path / "v9.sqlite3")
    await migrate(conn, target=9)
    old = Storage(conn, ticking_clock())
    try:
        finished, aborted, playing = [await _played(old) for _ in range(3)]
        lora = Lora.from_json(finished_lora_json(2))
        await conn.execute("UPDATE tables SET status = 'finished' WHERE table_id = ?",
                           (finished,))
        await conn.execute("UPDATE tables SET status = 'aborted' WHERE table_id = ?",
                           (aborted,))
        await conn.execute(
            "INSERT INTO games (guild_id, channel_id, table_id, game_kind, started_at,"
            " finished_at, options, replay, outcome, rated)"
            " VALUES (1, 10, ?, 'lora', 't', 't', '{}', ?, ?, 0)",
            (finished, json.dumps(games.get("lora").record_of(lora)),
             json.dumps(lora.outcome().to_json())))
        await conn.commit()
    finally:
        await old.close()
    store = await Storage.open(tmp_path / "v9.sqlite3")
    try:
        assert [len(await store.table_actions(t)) for t in (finished, aborted, playing)] == [
            0, 0, 6]
        states = [(await store.get_table(t)).state is None for t in (finished, aborted, playing)]
        assert states == [True, False, False]
        assert (await store.get_table(finished)).replay is not None
    finally:
        await store.close()
