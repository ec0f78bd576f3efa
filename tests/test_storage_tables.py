"""Tables in play: pragmas, the row, the action log in the same transaction, who sits where."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Storage, TableNotFound, UserAlreadySeated
from bot.storage.db import load_migrations
from engine.lora import Lora
from tests.crash_worker import decide
from tests.storage_kit import START, human, robot, sqlite_only, storage, ticking_clock

__all__ = ["storage"]

GUILD, OTHER_GUILD, CHANNEL = 1, 2, 10


async def pragma(s: Storage, name: str) -> object:
    async with s.connection.execute(f"PRAGMA {name}") as cur:
        found = await cur.fetchone()
    assert found is not None
    return found[0]


async def test_connection_is_wal_full_with_foreign_keys(storage: Storage) -> None:
    sqlite_only(storage)
    assert await pragma(storage, "journal_mode") == "wal"
    assert await pragma(storage, "synchronous") == 2  # FULL
    assert await pragma(storage, "foreign_keys") == 1
    assert await pragma(storage, "busy_timeout") == 5000
    assert await pragma(storage, "user_version") == load_migrations()[-1].version


async def test_synchronous_normal_can_be_chosen(tmp_path: Path) -> None:
    s = await Storage.open(tmp_path / "n.db", synchronous="NORMAL")
    assert await pragma(s, "synchronous") == 1
    await s.close()
    with pytest.raises(ValueError):
        await Storage.open(tmp_path / "x.db", synchronous="OFF")  # type: ignore[arg-type]


async def test_create_get_and_update_a_table(storage: Storage) -> None:
    seats = [human(100, "Ann"), None, robot("medium"), None]
    table_id = await storage.create_table(GUILD, CHANNEL, 100, {"lang": "cs"}, seats)
    rec = await storage.get_table(table_id)
    assert rec is not None
    assert (rec.guild_id, rec.channel_id, rec.creator_id, rec.status) == (
        GUILD, CHANNEL, 100, "lobby",
    )  # fmt: skip
    assert rec.seats == seats and rec.settings == {"lang": "cs"}
    assert rec.state is None and rec.version == 0 and rec.extra == {} and rec.message_id is None
    assert rec.created_at == START and rec.started_at is None
    lora = Lora(rng=random.Random(3))
    await storage.update_table(
        table_id, status="playing", message_id=555, state=lora.to_json(), extra={"seed": 3}
    )
    rec = await storage.get_table(table_id)
    assert rec is not None
    assert rec.status == "playing" and rec.message_id == 555 and rec.extra == {"seed": 3}
    assert rec.state == lora.to_json() and rec.started_at == rec.updated_at > rec.created_at
    # Leaving a field out keeps it; message_id=None and state=None are stored.
    await storage.update_table(table_id, version=4)
    rec = await storage.get_table(table_id)
    assert rec is not None and rec.message_id == 555 and rec.state is not None
    await storage.update_table(table_id, message_id=None, state=None)
    rec = await storage.get_table(table_id)
    assert rec is not None and rec.message_id is None and rec.state is None and rec.version == 4
    assert await storage.get_table(9999) is None
    with pytest.raises(TableNotFound):
        await storage.update_table(9999, version=1)
    with pytest.raises(ValueError):
        await storage.update_table(table_id, status="paused")


async def test_state_and_action_are_written_together(storage: Storage) -> None:
    table_id = await storage.create_table(GUILD, CHANNEL, 100, {}, [human(100, "Ann")])
    lora = Lora(rng=random.Random(8))
    await storage.update_table(table_id, status="playing", state=lora.to_json())
    whos: list[int | str] = [100, "ai", "autoplay"]
    for i in range(3):
        action = decide(lora, 8)
        lora.apply(action)
        await storage.update_table(
            table_id,
            state=lora.to_json(),
            version=len(lora.log),
            action={**action.to_json(), "by": whos[i]},
        )
    logged = await storage.table_actions(table_id)
    assert [a["seq"] for a in logged] == [1, 2, 3]
    assert [a["action"] for a in logged] == [a.to_json() for a in lora.log]
    assert [a["by"] for a in logged] == whos
    # A refused write changes nothing: neither the state nor the log.
    before = await storage.get_table(table_id)
    nxt = Lora.from_json(lora.to_json())
    nxt.apply(decide(nxt, 8))
    with pytest.raises(ValueError):
        await storage.update_table(
            table_id, state=nxt.to_json(), version=4, action={"seat": 7, "play": "7h"}
        )
    with pytest.raises(ValueError):
        await storage.update_table(table_id, state=nxt.to_json(), action={"seat": 0, "by": 1.5})
    after = await storage.get_table(table_id)
    assert after is not None and before is not None
    assert after.state == before.state and after.version == 3
    assert len(await storage.table_actions(table_id)) == 3


async def test_concurrent_updates_never_interleave(storage: Storage) -> None:
    ids = [await storage.create_table(GUILD, CHANNEL, u, {}, [human(u, f"u{u}")]) for u in (1, 2)]
    await asyncio.gather(
        *(
            storage.update_table(t, version=i, action={"seat": i % 4, "play": "7h", "by": "ai"})
            for i in range(40)
            for t in ids
        )
    )
    for t in ids:
        logged = await storage.table_actions(t)
        assert [a["seq"] for a in logged] == list(range(1, 41))


async def test_a_cancelled_caller_does_not_cancel_the_write(storage: Storage) -> None:
    table_id = await storage.create_table(GUILD, CHANNEL, 100, {}, [human(100, "Ann")])
    task = asyncio.create_task(
        storage.update_table(table_id, version=1, action={"seat": 0, "play": "7h", "by": 100})
    )
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    for _ in range(100):  # the shielded write finishes by itself
        rec = await storage.get_table(table_id)
        if rec is not None and rec.version == 1:
            break
        await asyncio.sleep(0.01)
    assert rec is not None and rec.version == 1
    assert len(await storage.table_actions(table_id)) == 1


async def test_active_tables_and_delete(storage: Storage) -> None:
    a = await storage.create_table(GUILD, CHANNEL, 1, {}, [human(1, "a")])
    b = await storage.create_table(GUILD, CHANNEL, 2, {}, [human(2, "b")])
    c = await storage.create_table(OTHER_GUILD, CHANNEL, 3, {}, [human(3, "c")])
    await storage.update_table(b, status="playing", action={"seat": 0, "play": "7h"})
    await storage.update_table(c, status="aborted")
    assert [r.table_id for r in await storage.active_tables()] == [a, b]
    assert await storage.delete_table(b) is True
    assert await storage.delete_table(b) is False
    assert await storage.table_actions(b) == []
    assert await storage.table_of_user(GUILD, 2) is None
    assert [r.table_id for r in await storage.active_tables()] == [a]


async def test_a_user_sits_at_one_active_table_per_guild(storage: Storage) -> None:
    a = await storage.create_table(GUILD, CHANNEL, 1, {}, [human(1, "a"), None, None, None])
    assert await storage.table_of_user(GUILD, 1) == a
    assert await storage.table_of_user(OTHER_GUILD, 1) is None
    b = await storage.create_table(GUILD, CHANNEL, 2, {}, [human(2, "b"), None, None, None])
    # Joining a second table is refused and changes nothing.
    with pytest.raises(UserAlreadySeated) as refused:
        await storage.update_table(b, seats=[human(2, "b"), human(1, "a"), None, None])
    assert refused.value.table_id == a
    rec = await storage.get_table(b)
    assert rec is not None and rec.seats == [human(2, "b"), None, None, None]
    with pytest.raises(UserAlreadySeated):
        await storage.create_table(GUILD, CHANNEL, 1, {}, [human(1, "a")])
    # Another guild is another world; the same user twice at one table is his business.
    c = await storage.create_table(OTHER_GUILD, CHANNEL, 1, {}, [human(1, "a"), human(1, "a")])
    assert await storage.table_of_user(OTHER_GUILD, 1) == c
    # Leaving, finishing or aborting frees the seat.
    await storage.update_table(a, seats=[None, None, None, None])
    assert await storage.table_of_user(GUILD, 1) is None
    await storage.update_table(b, seats=[human(2, "b"), human(1, "a"), None, None])
    assert await storage.table_of_user(GUILD, 1) == b
    await storage.update_table(b, status="aborted")
    assert await storage.table_of_user(GUILD, 1) is None
    assert await storage.table_of_user(GUILD, 2) is None


async def test_unarchived_finished_tables_are_reported(storage: Storage) -> None:
    t = await storage.create_table(GUILD, CHANNEL, 1, {}, [human(1, "a")])
    await storage.update_table(t, status="finished", state={"phase": "finished"})
    assert await storage.unarchived_tables() == [t]


async def test_times_come_from_the_clock(tmp_path: Path) -> None:
    s = await Storage.open(tmp_path / "c.db", clock=ticking_clock())
    t = await s.create_table(GUILD, CHANNEL, 1, {}, [])
    await s.update_table(t, status="playing")
    rec = await s.get_table(t)
    await s.close()
    assert rec is not None and (rec.updated_at - rec.created_at).total_seconds() == 60


async def test_no_statement_is_left_open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every cursor is closed at once: a cursor kept alive elsewhere (a traceback, a tracer)
    must not leave a PRAGMA's statement unreset, which would make COMMIT fail."""
    import aiosqlite

    kept: list[object] = []
    original = aiosqlite.Connection._execute

    async def keep(self: aiosqlite.Connection, fn: Any, *args: Any, **kwargs: Any) -> Any:
        result = await original(self, fn, *args, **kwargs)
        kept.append(result)
        return result

    monkeypatch.setattr(aiosqlite.Connection, "_execute", keep)
    s = await Storage.open(tmp_path / "kept.db")
    t = await s.create_table(GUILD, CHANNEL, 1, {}, [human(1, "a")])
    await s.update_table(t, status="playing", action={"seat": 0, "play": "7h", "by": 1})
    assert await s.table_of_user(GUILD, 1) == t
    await s.close()
    assert kept


async def test_a_batch_of_writes_commits_together_and_a_failing_one_fails_alone(
        tmp_path: Path) -> None:
    """Writes queued while the connection is busy go to its thread as one batch, in one
    transaction (one BEGIN, one COMMIT). One of them fails (a seat out of range): the batch
    is rolled back and run again one transaction per write, so the failing one fails alone
    and the others are committed — in the order asked for, each move once, with the outbox
    entries of each change under the ids returned. After a restart (the file reopened) the
    tables hold their last states."""
    from bot.storage.models import OutboxItem

    path = tmp_path / "batch.sqlite3"
    s = await Storage.open(path, clock=ticking_clock())
    ids = [await s.create_table(GUILD, CHANNEL, u, {}, [human(u, f"u{u}")]) for u in (1, 2)]
    statements: list[str] = []
    trace = s.connection._conn.set_trace_callback  # (in the connection's thread)
    await s.connection._execute(trace, statements.append)

    def save(t: int, n: int, seat: int = 0) -> Any:
        return s.update_table(
            t, state={"n": n}, version=n, action={"seat": seat, "play": f"{n}", "by": "ai"},
            outbox=[OutboxItem(CHANNEL, "table", {"t": t, "n": n, "i": i}, t) for i in range(2)])

    # Eight saves at once: one batch, one transaction.
    got = await asyncio.gather(*(save(t, n) for n in range(1, 5) for t in ids))
    batches = [st for st in statements if st.startswith(("BEGIN", "COMMIT", "ROLLBACK"))]
    assert batches == ["BEGIN IMMEDIATE", "COMMIT"]
    statements.clear()
    # Four more, the third refused: the others commit, each in its own transaction.
    results = await asyncio.gather(save(ids[0], 5), save(ids[1], 5), save(ids[0], 6, seat=7),
                                   save(ids[1], 6), return_exceptions=True)
    assert [isinstance(r, ValueError) for r in results] == [False, False, True, False]
    assert "ROLLBACK" in statements
    await s.connection._execute(trace, None)
    await s.close()

    s = await Storage.open(path, clock=ticking_clock())
    try:
        for t, last in zip(ids, (5, 6), strict=True):
            rec = await s.get_table(t)
            assert rec is not None and rec.state == {"n": last} and rec.version == last
            logged = await s.table_actions(t)
            assert [a["seq"] for a in logged] == list(range(1, last + 1))
            assert [a["action"]["play"] for a in logged] == [str(n) for n in range(1, last + 1)]
        pending = {e.entry_id: e.payload for e in await s.pending_outbox()}
        returned = [*got, *(r for r in results if isinstance(r, list))]
        assert sorted(pending) == sorted(i for ids_ in returned for i in ids_)
        for (t, n), entry_ids in zip(
                [*((t, n) for n in range(1, 5) for t in ids), (ids[0], 5), (ids[1], 5),
                 (ids[1], 6)], returned, strict=True):
            assert [pending[i] for i in entry_ids] == [{"t": t, "n": n, "i": i} for i in (0, 1)]
        flat = [i for ids_ in returned for i in ids_]
        assert flat == sorted(flat)  # the order asked for is the entries' order
    finally:
        await s.close()


async def test_a_batch_s_writers_are_told_one_an_event_loop_iteration(tmp_path: Path) -> None:
    """Eight saves go to the connection's thread as one batch; when it returns, each writer
    hears of its result in an iteration of the event loop of its own, in the order asked
    for — not all eight in one, where the loop stood still until every one of them had gone
    on with its table. A writer that went away meanwhile (its task cancelled) changes
    nothing for the others."""
    s = await Storage.open(tmp_path / "told.sqlite3", clock=ticking_clock())
    try:
        ids = [await s.create_table(GUILD, CHANNEL, u, {}, [human(u, f"u{u}")])
               for u in (1, 2)]
        loop = asyncio.get_running_loop()
        iteration = [0]
        ticking = [True]

        def tick() -> None:  # once an iteration: call_soon from a callback runs in the next
            iteration[0] += 1
            if ticking[0]:
                loop.call_soon(tick)

        resumed: list[tuple[int, int]] = []

        async def save(t: int, n: int) -> None:
            await s.update_table(t, state={"n": n}, version=n,
                                 action={"seat": 0, "play": f"{n}", "by": "ai"})
            resumed.append((n, iteration[0]))

        loop.call_soon(tick)
        writes = [asyncio.ensure_future(save(t, n)) for n in range(1, 5) for t in ids]
        handovers = s.handovers
        await asyncio.sleep(0)
        writes[3].cancel()  # (its table moved on before the batch returned)
        results = await asyncio.gather(*writes, return_exceptions=True)
        ticking[0] = False
        assert s.handovers == handovers + 1  # one batch
        assert isinstance(results[3], asyncio.CancelledError)
        order = [n for n in range(1, 5) for _t in ids]
        assert [n for n, _i in resumed] == order[:3] + order[4:]
        iterations = [i for _n, i in resumed]
        assert iterations == sorted(set(iterations))  # each in an iteration of its own
    finally:
        await s.close()


def test_a_batch_is_marked_on_its_own_connection_and_no_other(tmp_path: Path) -> None:
    """``batch`` marks the connection running it (``BatchConnection.in_batch``), not a
    module-level set: a write on another connection meanwhile opens and commits its own
    transaction, and the mark ends with the batch."""
    import sqlite3

    from bot.storage.db import BatchConnection, batch, sync_transaction

    path = tmp_path / "two.sqlite3"
    a = sqlite3.connect(path, isolation_level=None, factory=BatchConnection, timeout=0.1)
    b = sqlite3.connect(path, isolation_level=None, factory=BatchConnection, timeout=0.1)
    try:
        a.execute("CREATE TABLE t (x INTEGER)").close()
        with batch(a):
            assert isinstance(a, BatchConnection)
            assert a.in_batch and not b.in_batch
            with sync_transaction(a):  # joins the batch: no BEGIN of its own
                a.execute("INSERT INTO t VALUES (1)").close()
            assert a.in_transaction
            # b does not join a's batch: its own BEGIN IMMEDIATE waits for a's write lock
            with pytest.raises(sqlite3.OperationalError, match="locked"), sync_transaction(b):
                pass
            assert not b.in_transaction
        assert not a.in_batch and not a.in_transaction
        with sync_transaction(b):
            b.execute("INSERT INTO t VALUES (2)").close()
        assert not b.in_transaction
        assert [r[0] for r in a.execute("SELECT x FROM t ORDER BY x")] == [1, 2]
        plain = sqlite3.connect(path, isolation_level=None)
        with pytest.raises(TypeError), batch(plain):
            pass
        plain.close()
    finally:
        a.close()
        b.close()
