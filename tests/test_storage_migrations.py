"""Numbered migrations: from empty, from every earlier version with data, and failures."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import aiosqlite
import pytest

from bot.storage import MigrationError, Storage
from bot.storage.db import connect, load_migrations, migrate, schema_version, split_statements
from bot.storage.migrations import RESERVED
from engine.game import Outcome
from engine.lora import Lora
from engine.lora_spec import replay_document
from engine.replay import run_scenario
from tests.storage_kit import finished_lora_json

VERSIONS = [m.version for m in load_migrations()]
LATEST = VERSIONS[-1]
T0 = "2025-01-01T10:00:00.000+00:00"
T1 = "2025-01-01T11:00:00.000+00:00"


def test_the_migrations_ship_as_package_data() -> None:
    names = [m.name for m in load_migrations()]
    assert names[0] == "0001_initial.sql" and len(names) >= 3
    assert [v for v in range(1, LATEST + 1) if v not in RESERVED] == VERSIONS


def test_split_statements_knows_strings_comments_and_triggers() -> None:
    sql = """
    -- a comment; with a semicolon
    CREATE TABLE a (x TEXT DEFAULT 'semi;colon');
    CREATE TRIGGER t AFTER INSERT ON a BEGIN
        UPDATE a SET x = 'y;z' WHERE rowid = new.rowid;
    END;
    INSERT INTO a (x) VALUES ('1')
    ;
    -- trailing comment
    """
    statements = split_statements(sql)
    assert len(statements) == 3
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")
    with pytest.raises(MigrationError):
        split_statements("CREATE TABLE b (x TEXT DEFAULT 'open")


async def tables_of(conn: aiosqlite.Connection) -> set[str]:
    async with conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cur:
        return {r[0] for r in await cur.fetchall()}


async def test_from_an_empty_database(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "new.sqlite3")
    conn = storage.connection
    assert await schema_version(conn) == LATEST
    assert {
        "tables",
        "table_actions",
        "games",
        "game_players",
        "ratings",
        "guild_settings",
        "seated",
        "user_settings",
    } <= await tables_of(conn)
    assert await migrate(conn) == []  # nothing left to do
    await storage.close()
    again = await Storage.open(tmp_path / "new.sqlite3")  # reopening is a no-op
    assert await schema_version(again.connection) == LATEST
    await again.close()


async def insert_version_1_rows(conn: aiosqlite.Connection) -> None:
    """Representative rows as the 0001 schema knew them (written by hand, no current code)."""
    lora = Lora.from_json(finished_lora_json(0))
    seats = [
        {"user_id": 21, "name": "Ann", "ai": None},
        {"user_id": 22, "name": "Bob", "ai": None},
        None,
        {"user_id": None, "name": "AI 4", "ai": "easy"},
    ]
    playing = Lora.replay(lora.log[:5], rng=None, deals=lora.deals)
    await conn.executemany(
        "INSERT INTO tables (table_id, guild_id, channel_id, message_id, creator_id, status,"
        " settings, seats, state, version, extra, created_at, started_at, updated_at)"
        " VALUES (?, 1, 10, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (1, 100, 21, "playing", '{"lang":"cs"}', json.dumps(seats),
             json.dumps(playing.to_json()), 5, '{"seed":4}', T0, T0, T1),
            (2, None, 23, "lobby", "{}", json.dumps([{"user_id": 23, "name": "Cy"}]),
             None, 0, "{}", T0, None, T0),
            (3, 101, 24, "finished", "{}", json.dumps([{"user_id": 24, "name": "Di"}]),
             None, 900, "{}", T0, T0, T1),
        ],
    )  # fmt: skip
    await conn.executemany(
        "INSERT INTO table_actions (table_id, seq, seat, action, actor, user_id, created_at)"
        " VALUES (1, ?, ?, ?, 'user', 21, ?)",
        [(i + 1, a.seat, json.dumps(a.to_json()), T1) for i, a in enumerate(playing.log)],
    )
    await conn.execute(
        "INSERT INTO games (game_id, guild_id, channel_id, table_id, started_at, finished_at,"
        " options, replay, protocol, totals, final_order, stovka, rated, unrated_reason)"
        " VALUES (1, 1, 10, 3, ?, ?, '{}', ?, ?, ?, ?, ?, 1, NULL)",
        (
            T0,
            T1,
            json.dumps(replay_document(lora)),
            json.dumps([r.to_json() for r in lora.protocol]),
            json.dumps(lora.totals),
            json.dumps(lora.order),
            json.dumps(lora.stovka),
        ),
    )
    assert lora.order is not None
    await conn.executemany(
        "INSERT INTO game_players (game_id, seat, guild_id, human, user_id, name, ai_level,"
        " ai_moves, moves, place, points, mu_before, sigma_before, mu_after, sigma_after)"
        " VALUES (1, ?, 1, 1, ?, ?, NULL, 0, 200, ?, ?, 25, 8.3333, ?, 8.0)",
        [(s, 24 + s, f"P{s}", lora.order.index(s) + 1, lora.totals[s], 24.0 + s) for s in range(4)],
    )
    await conn.executemany(
        "INSERT INTO ratings (guild_id, user_id, name, mu, sigma, rated_games, updated_at)"
        " VALUES (1, ?, ?, ?, 8.0, 1, ?)",
        [(24 + s, f"P{s}", 24.0 + s, T1) for s in range(4)],
    )


async def insert_version_2_rows(conn: aiosqlite.Connection) -> None:
    await conn.execute(
        "INSERT INTO guild_settings (guild_id, key, value, updated_at)"
        " VALUES (1, 'ai_share_limit', '0.4', ?), (1, 'lang', '\"en\"', ?)",
        (T0, T0),
    )


async def insert_version_3_rows(conn: aiosqlite.Connection) -> None:
    """Who sits where, as version 3 kept it beside the tables (0003 backfilled older ones)."""
    await conn.executemany(
        "INSERT INTO seated (guild_id, user_id, table_id) VALUES (1, ?, ?)",
        [(21, 1), (22, 1), (23, 2)],
    )


@pytest.mark.parametrize("version", [v for v in VERSIONS if v < LATEST])
async def test_from_every_earlier_version_with_data(tmp_path: Path, version: int) -> None:
    path = tmp_path / f"v{version}.sqlite3"
    conn = await connect(path)
    # The rows are written in the shape of version 1–3 (the archive changed shape in 4):
    # written at ``version`` when it is at most 3, else at 3 and carried to ``version``.
    written = min(version, 3)
    assert await migrate(conn, target=written) == [v for v in VERSIONS if v <= written]
    await conn.execute("BEGIN")
    await insert_version_1_rows(conn)
    if version >= 2:
        await insert_version_2_rows(conn)
    if version >= 3:
        await insert_version_3_rows(conn)
    await conn.execute("COMMIT")
    assert await migrate(conn, target=version) == [v for v in VERSIONS
                                                   if written < v <= version]
    assert await schema_version(conn) == version
    await conn.close()

    storage = await Storage.open(path)
    assert await schema_version(storage.connection) == LATEST
    assert await storage.integrity_check() == "ok"
    # Tables in play, their logs and who sits where (backfilled by 0003 when older).
    assert [t.table_id for t in await storage.active_tables()] == [1, 2]
    rec = await storage.get_table(1)
    assert rec is not None and rec.extra == {"seed": 4} and rec.version == 5
    assert rec.state is not None and len(rec.state["log"]) == 5
    assert [a["by"] for a in await storage.table_actions(1)] == [21] * 5
    assert await storage.table_of_user(1, 21) == 1
    assert await storage.table_of_user(1, 22) == 1
    assert await storage.table_of_user(1, 23) == 2
    assert await storage.table_of_user(1, 24) is None  # finished
    # The archive: ratings (recomputed by 9: the winner first, as four new players' 1st —
    # not P3, whose stored mu was the highest), stats and a replay that still replays.
    rows, total = await storage.leaderboard(1, "lora")
    order = Lora.from_json(finished_lora_json(0)).order
    assert order is not None
    assert [r.user_id for r in rows] == [24 + seat for seat in order]
    assert [r.rating for r in rows] == [1672, 1584, 1496, 1408]
    assert (await storage.player_stats(1, 25, "lora")).games == 1
    export = await storage.export_game(1, 1)
    assert export is not None
    out, status = run_scenario(export["replay"])
    outcome = Outcome.from_json(export["outcome"])
    assert status == 0 and out["totals"] == list(outcome.scores)
    assert out["order"] == list(outcome.order())
    # Settings: kept from version 2, defaults otherwise; writable in either case.
    settings = await storage.guild_settings(1)
    if version >= 2:
        assert settings == {"ai_share_limit": 0.4, "lang": "en", "table_threads": "busy"}
    else:
        assert settings == {"ai_share_limit": 0.25, "table_threads": "busy"}
    await storage.set_guild_setting(1, "ai_share_limit", 0.1)
    assert (await storage.guild_settings(1))["ai_share_limit"] == 0.1
    # New rows still work and respect the seat rule.
    new = await storage.create_table(1, 10, 30, {}, [{"user_id": 30, "name": "Eve"}])
    assert await storage.table_of_user(1, 30) == new
    tournament = await storage.create_tournament(1, 10, 30, "lora", {"rounds": 2})
    assert await storage.add_entrant(tournament, 30, "Eve") == 1
    await storage.close()


async def test_a_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    conn = await connect(path)
    await conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    await conn.close()
    with pytest.raises(MigrationError, match="newer"):
        await Storage.open(path)


async def test_a_failing_migration_changes_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    first = load_migrations()[0]
    (folder / first.name).write_text(first.sql)
    (folder / "0002_broken.sql").write_text(
        "CREATE TABLE half_done (x INTEGER);\nINSERT INTO no_such_table VALUES (1);\n"
    )
    conn = await connect(tmp_path / "broken.sqlite3")
    with pytest.raises(MigrationError, match="0002_broken"):
        await migrate(conn, load_migrations(folder))
    assert await schema_version(conn) == 1
    assert "half_done" not in await tables_of(conn)
    assert not conn.in_transaction
    await conn.close()


def test_migration_numbers_must_have_no_gaps(tmp_path: Path) -> None:
    (tmp_path / "0001_a.sql").write_text("SELECT 1;")
    (tmp_path / "0003_c.sql").write_text("SELECT 1;")
    with pytest.raises(MigrationError):
        load_migrations(tmp_path)
    # only the package's own migrations may skip a number another stream has reserved
    assert all(v not in VERSIONS for v in RESERVED)


async def test_two_processes_starting_at_once_migrate_once(tmp_path: Path) -> None:
    path = tmp_path / "race.sqlite3"
    a, b = await asyncio.gather(Storage.open(path), Storage.open(path))
    assert await schema_version(a.connection) == await schema_version(b.connection) == LATEST
    await a.close()
    await b.close()
