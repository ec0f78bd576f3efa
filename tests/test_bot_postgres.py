"""The bot on PostgreSQL (``LORA_DATABASE_URL``): a table played by clicks, a restart in the
middle, the end archived and rated — the same core on the other ``TableStore``."""

from __future__ import annotations

import random
from typing import Any

from bot.storage.postgres import PostgresStore
from tests.botkit import Players, open_harness, open_table
from tests.pg_kit import fresh_database


async def test_a_lora_on_postgresql_survives_a_restart_and_is_archived(
    tmp_path: Any, pg_server: str
) -> None:
    h = await open_harness(tmp_path, database_url=await fresh_database(pg_server))
    try:
        assert isinstance(h.bot.store, PostgresStore)
        guild, ch, users, tid = await open_table(h, ["alice", "bob"], ("easy", "easy"))
        players = Players(h, ch, tid, users, random.Random(8))
        for _ in range(6):
            await players.move()
        before = h.service.tables[tid].state.to_json()
        await h.restart()
        table = h.service.tables[tid]
        assert table.state.to_json() == before
        rng = random.Random(9)
        while not table.state.finished:
            action = rng.choice(table.state.legal_actions())
            h.service._apply(table, action, by=table.seats[action.seat].user_id or "ai")
        await h.service._play_on(table, [])
        [game] = await h.bot.store.recent_games(guild.id, "lora")
        assert [p.name for p in game.players] == [table.names()[s] for s in table.state.order]
        assert (await h.bot.store.leaderboard(guild.id, "lora"))[1] == 2
    finally:
        await h.stop()
