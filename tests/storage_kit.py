"""Helpers of the storage tests: a fresh database, a ticking clock, finished lóras."""

from __future__ import annotations

import contextlib
import copy
import functools
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.storage import PlayerResult, Storage
from engine.lora import Lora
from engine.lora_spec import replay_document
from tests.crash_worker import play_uninterrupted

START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


def ticking_clock() -> Callable[[], datetime]:
    """Each call is one minute later than the previous one."""
    moments = (START + timedelta(minutes=i) for i in range(10**9))
    return lambda: next(moments)


@contextlib.asynccontextmanager
async def old_version_store(conn: Any) -> AsyncIterator[Storage]:
    """A store over ``conn``, a database migrated only to an older version, that plays as
    today's code does: the archive writes migration 13's ``ai_played``, so the column is there
    while it plays and dropped again (committed) before the store closes — the file then reads
    as the old version it is."""
    await conn.execute("ALTER TABLE game_players ADD COLUMN ai_played INTEGER NOT NULL"
                       " DEFAULT 0")
    store = Storage(conn, ticking_clock())
    yield store
    await conn.execute("ALTER TABLE game_players DROP COLUMN ai_played")
    await conn.commit()
    await store.close()


@pytest_asyncio.fixture(params=["sqlite", "postgres"])
async def storage(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Any]:
    """A fresh ``TableStore``: the SQLite ``Storage`` and the ``PostgresStore`` (the latter
    skipped where PostgreSQL or asyncpg is missing): the protocol's tests run against both."""
    s: Any
    if request.param == "sqlite":
        s = await Storage.open(tmp_path / "lora.sqlite3", clock=ticking_clock())
    else:
        from bot.storage.postgres import PostgresStore
        from tests.pg_kit import fresh_database

        host = request.getfixturevalue("pg_server")
        s = await PostgresStore.open(await fresh_database(host), clock=ticking_clock())
    try:
        yield s
    finally:
        await s.close()


@contextlib.asynccontextmanager
async def queries_of(storage: Any) -> AsyncIterator[list[str]]:
    """The SQL statements the store runs meanwhile (SQLite's trace callback, asyncpg's
    query logger on each connection the pool lends)."""
    statements: list[str] = []
    if isinstance(storage, Storage):
        await storage._conn.set_trace_callback(statements.append)
        try:
            yield statements
        finally:
            await storage._conn.set_trace_callback(None)
        return
    pool = storage._pool

    def logged(query: Any) -> None:
        statements.append(query.query)

    @contextlib.asynccontextmanager
    async def acquire() -> AsyncIterator[Any]:
        async with pool.acquire() as conn:
            conn.add_query_logger(logged)
            try:
                yield conn
            finally:
                conn.remove_query_logger(logged)

    class Lending:
        def __getattr__(self, name: str) -> Any:
            return acquire if name == "acquire" else getattr(pool, name)

    storage._pool = Lending()
    try:
        yield statements
    finally:
        storage._pool = pool


def sqlite_only(storage: Any) -> None:
    """Skip a check of the SQLite file itself (pragmas, raw rows) on another backend."""
    if not isinstance(storage, Storage):
        pytest.skip("a check of the SQLite storage itself")


@functools.cache
def _finished(seed: int) -> dict[str, Any]:
    return play_uninterrupted(seed).to_json()


def finished(lora_json: dict[str, Any]) -> dict[str, Any]:
    """``archive_game``'s ``outcome`` and ``record`` of a lóra given as ``Lora.to_json()``
    (the outcome is None when the lóra is not finished)."""
    lora = Lora.from_json(lora_json)
    return {"outcome": lora.outcome(), "record": replay_document(lora)}


def finished_lora_json(seed: int = 0) -> dict[str, Any]:
    """A real finished lóra (AI play, reproducible), as ``Lora.to_json()``."""
    return copy.deepcopy(_finished(seed))


def row(
    tali: int | None,
    game: int | None,
    contract: str,
    points: list[int],
    *,
    attempt: int | None = None,
    maturant: int | None = None,
    failed: bool = False,
) -> dict[str, Any]:
    """A protocol row in ``ProtocolRow.to_json()`` form."""
    return {
        "tali": tali,
        "game": game,
        "contract": contract,
        "points": points,
        "attempt": attempt,
        "maturant": maturant,
        "failed": failed,
        "knocks": [0, 0, 0, 0],
        "red_king": None,
    }


def crafted_lora_json(
    protocol: list[dict[str, Any]],
    totals: list[int],
    order: list[int],
    stovka: list[bool | None] | None = None,
) -> dict[str, Any]:
    """A finished lóra whose sheet is written by hand (the log and deals stay real)."""
    data = finished_lora_json(0)
    data.update(
        protocol=protocol,
        totals=totals,
        order=order,
        stovka=stovka if stovka is not None else [False] * 4,
    )
    return data


def human(user_id: int, name: str) -> dict[str, Any]:
    return {"user_id": user_id, "name": name, "ai": None}


def robot(level: str = "easy") -> dict[str, Any]:
    return {"user_id": None, "name": f"AI {level}", "ai": level}


async def archive(
    storage: Storage,
    guild_id: int,
    seats: list[dict[str, Any]],
    lora_json: dict[str, Any],
    *,
    ai_moves: dict[int, int] | None = None,
    moves: int | None = None,
    places: list[int] | None = None,
    channel_id: int = 500,
) -> int:
    """Seat a table, start it and archive ``lora_json`` for it; returns the game id."""
    creator = next((s["user_id"] for s in seats if s["user_id"] is not None), 0)
    table_id = await storage.create_table(guild_id, channel_id, creator, {}, list(seats))
    await storage.update_table(table_id, status="playing")
    players = [
        PlayerResult(
            seat=i,
            user_id=s["user_id"],
            name=s["name"],
            ai_level=s["ai"],
            ai_moves=(ai_moves or {}).get(i),
            moves=moves,
            place=None if places is None else places[i],
        )
        for i, s in enumerate(seats)
    ]
    return await storage.archive_game(
        table_id, **finished(lora_json), players=players, options={"lang": "cs"}
    )
