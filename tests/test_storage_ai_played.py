"""Migration 13 (PostgreSQL: the ``0013_ai_played_stored`` upgrade): the archived seats an AI
played, filled as the archive decided it then, as far as the stored data tells (review 95:
the history's marks and the stats read the limit of today and changed with it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.storage import PlayerResult, Storage
from bot.storage.db import connect, migrate, schema_version
from engine.game import Outcome
from tests.storage_kit import old_version_store, ticking_clock

G = 7
ANN, BOB, CYRIL = 11, 12, 13


async def _game(store: Any, players: list[PlayerResult]) -> None:
    seats = [{"user_id": p.user_id, "name": p.name} if p.user_id else None for p in players]
    table = await store.create_table(G, 500, ANN, {}, seats, game_kind="taroky")
    await store.update_table(table, status="playing")
    places = tuple(range(1, len(players) + 1))
    await store.archive_game(table, outcome=Outcome(places, (0,) * len(players), "hal", False),
                             record={}, options={}, players=players)


async def _three_games(store: Any) -> None:
    """Under the default limit (25 %): a rated game with Bob's 20 of 100 moves by an AI; one
    unrated for Bob's 30 of 100; Cyril alone at a table (one human: unrated), 60 of 100."""
    await _game(store, [PlayerResult(0, ANN, "Ann", moves=100, ai_moves=0),
                        PlayerResult(1, BOB, "Bob", moves=100, ai_moves=20)])
    await _game(store, [PlayerResult(0, ANN, "Ann", moves=100, ai_moves=10),
                        PlayerResult(1, BOB, "Bob", moves=100, ai_moves=30)])
    await _game(store, [PlayerResult(0, CYRIL, "Cyril", moves=100, ai_moves=60),
                        PlayerResult(1, None, "AI", ai_level="easy")])


async def _marks(store: Any) -> list[list[tuple[str, bool]]]:
    return [[(p.name, p.ai_played) for p in g.players if p.human]
            for g in reversed(await store.recent_games(G, "taroky"))]


# the limit raised to 50 % after the games, and with it the one of today 50 %: the rated game
# marks nobody (it was rated); the ai_share game marks Bob, the highest share (someone was over
# the limit then, and today's marks nobody); Cyril's 60 % is over today's limit too
FILLED = [[("Ann", False), ("Bob", False)], [("Ann", False), ("Bob", True)], [("Cyril", True)]]


async def test_migration_13_marks_the_archived_seats_as_they_were_decided(tmp_path: Path) -> None:
    conn = await connect(tmp_path / "v12.sqlite3")
    assert await migrate(conn, target=12) == list(range(1, 13))
    async with old_version_store(conn) as store:  # (today's archive writes the column)
        await _three_games(store)
        await store.set_guild_setting(G, "ai_share_limit", 0.5)
    migrated = await Storage.open(tmp_path / "v12.sqlite3")
    assert await schema_version(migrated.connection) >= 13
    assert await _marks(migrated) == FILLED
    bob = await migrated.player_stats(G, BOB, "taroky")
    assert (bob.games, bob.ai_games) == (1, 1)
    await migrated.close()


async def test_a_new_archive_stores_the_decision_of_its_time(tmp_path: Path) -> None:
    store = await Storage.open(tmp_path / "new.sqlite3", clock=ticking_clock())
    await _three_games(store)
    decided = [[("Ann", False), ("Bob", False)], [("Ann", False), ("Bob", True)],
               [("Cyril", True)]]
    assert await _marks(store) == decided
    for share in (0.5, 0.1):  # (a limit changed after the games changes none of them)
        await store.set_guild_setting(G, "ai_share_limit", share)
        assert await _marks(store) == decided
    await store.close()


async def test_postgres_fills_the_marks_once(pg_server: str) -> None:
    from bot.storage.postgres import PostgresStore
    from tests.pg_kit import fresh_database

    dsn = await fresh_database(pg_server)
    store = await PostgresStore.open(dsn, clock=ticking_clock())
    await _three_games(store)
    await store.set_guild_setting(G, "ai_share_limit", 0.5)
    async with store._pool.acquire() as c:  # (as a database archived before the upgrade)
        await c.execute("ALTER TABLE game_players DROP COLUMN ai_played")
        await c.execute("DELETE FROM upgrades WHERE name = '0013_ai_played_stored'")
    await store.close()
    again = await PostgresStore.open(dsn)
    assert await _marks(again) == FILLED
    await again.close()


@pytest.mark.parametrize("reason", ["ai_share", "too_few_humans"])
def test_an_unrated_game_nobody_is_over_today_for(reason: str) -> None:
    """Only a game unrated for the AI's share had a seat over the limit then: the highest
    share's (both, if tied); another unrated game marks only those over today's limit."""
    from bot.storage.ai_played_fill import played_seats

    rows = [(1, 0, G, 30, 100, 0, reason), (1, 1, G, 30, 100, 0, reason),
            (1, 2, G, 10, 100, 0, reason)]
    assert played_seats(rows, {G: 0.5}) == ([(1, 0), (1, 1)] if reason == "ai_share" else [])
