"""A tournament's notices are written in its change's own transaction (SQLite and PostgreSQL):
a change whose notices cannot be written is not made, a change that did not happen (a result
or a round recorded already) writes none, and a restart after a committed change finds its
notices waiting in the outbox exactly once."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.storage import OutboxBatch, OutboxItem, Storage, TournamentStatus
from bot.tournament import model
from tests.storage_kit import storage
from tests.test_storage_tournaments import RESULT, eight
from tests.test_tournament_service import CHANNEL, GUILD, ORG, Quiet, World, settings

__all__ = ["storage"]

try:
    from asyncpg.exceptions import NotNullViolationError

    REFUSED: tuple[type[Exception], ...] = (sqlite3.IntegrityError, NotNullViolationError)
except ImportError:  # no asyncpg: the PostgreSQL cases are skipped
    REFUSED = (sqlite3.IntegrityError,)

Write = Callable[[Any, int, OutboxBatch], Awaitable[Any]]
Changed = Callable[[Any], bool]
TABLES = [[1, 2, 3, 4], [5, 6, 7, 8]]


def good() -> OutboxBatch:
    return OutboxBatch([OutboxItem(CHANNEL, "post", {"content": "refresh"}),
                        OutboxItem(CHANNEL, "post", {"content": "notice"})])


def bad() -> OutboxBatch:
    """The second entry cannot be written (a channel is required): the change must fail."""
    return OutboxBatch([OutboxItem(CHANNEL, "post", {"content": "refresh"}),
                        OutboxItem(None, "post", {"content": "lost"})])  # type: ignore[arg-type]


async def registered(s: Any) -> int:
    return await eight(s)


async def playing(s: Any) -> int:
    tid = await eight(s)
    await s.start_round(tid, 1, TABLES)
    return tid


async def busy(s: Any) -> int:
    """Playing, entrant 1 (seat 0 of table 1) busy elsewhere: an AI plays his seat."""
    tid = await playing(s)
    await s.add_substitution(tid, 1, 1, 0, 1, "busy")
    return tid


# (name, set-up, the write, has it changed the tournament, is it idempotent)
STEPS: list[tuple[str, Callable[[Any], Awaitable[int]], Write, Changed, bool]] = [
    ("add_entrant", registered,
     lambda s, tid, b: s.add_entrant(tid, 200, "P200", outbox=b),
     lambda t: any(e.user_id == 200 for e in t.entrants), False),
    ("remove_entrant", registered,
     lambda s, tid, b: s.remove_entrant(tid, 2, outbox=b),
     lambda t: 2 not in [e.entrant_no for e in t.entrants], True),
    ("cancel", registered,
     lambda s, tid, b: s.update_tournament(tid, status="cancelled", outbox=b),
     lambda t: t.status is TournamentStatus.CANCELLED, False),
    ("start_round", registered,
     lambda s, tid, b: s.start_round(tid, 1, TABLES, outbox=b),
     lambda t: t.round_no == 1 and len(t.tables) == 2, True),
    ("set_table_place", playing,
     lambda s, tid, b: s.set_table_place(tid, 1, 1, thread_id=9000, table_id=77, outbox=b),
     lambda t: (t.tables[0].thread_id, t.tables[0].table_id) == (9000, 77), False),
    ("finish_table", playing,
     lambda s, tid, b: s.finish_table(tid, 1, 1, result=RESULT, game_id=None, outbox=b),
     lambda t: t.tables[0].result is not None, True),
    ("add_substitution", playing,
     lambda s, tid, b: s.add_substitution(tid, 1, 1, 0, 1, "left", withdraw=True, outbox=b),
     lambda t: bool(t.substitutions) and t.entrants[0].replaced_from == 1, False),
    ("drop_substitution", busy,
     lambda s, tid, b: s.drop_substitution(tid, 1, 1, 0, outbox=b),
     lambda t: not t.substitutions, True),
    ("withdraw_entrant", playing,
     lambda s, tid, b: s.withdraw_entrant(tid, 3, 2, outbox=b),
     lambda t: t.entrants[2].replaced_from == 2, True),
    ("finish_round", playing,
     lambda s, tid, b: s.finish_round(tid, 1, [{"entrant": 1}], final=True, outbox=b),
     lambda t: t.rounds[0].status == "finished" and t.status is TournamentStatus.FINISHED,
     True),
]


@pytest.mark.parametrize("step", STEPS, ids=[s[0] for s in STEPS])
async def test_a_tournament_change_and_its_notices_commit_together(storage: Any,
                                                                   step: Any) -> None:
    _, setup, write, changed, idempotent = step
    tid = await setup(storage)
    failing = bad()
    with pytest.raises(REFUSED):
        await write(storage, tid, failing)
    assert failing.ids == []
    assert not changed(await storage.get_tournament(tid))  # rolled back with its notices
    assert await storage.pending_outbox() == []

    batch = good()
    await write(storage, tid, batch)
    assert changed(await storage.get_tournament(tid))
    pending = await storage.pending_outbox()
    assert [e.entry_id for e in pending] == batch.ids and len(batch.ids) == 2
    assert [e.payload["content"] for e in pending] == ["refresh", "notice"]

    if idempotent:  # taken again (a restart): nothing changes, nothing is announced again
        again = good()
        await write(storage, tid, again)
        assert again.ids == []
        assert len(await storage.pending_outbox()) == 2


# -- the service: the notices of a tournament's course, through a failure and restarts -----
@pytest.fixture
async def store(tmp_path: Path):
    s = await Storage.open(tmp_path / "t.sqlite3")
    yield s
    await s.close()


async def notes(store: Storage) -> list[tuple[str, Any]]:
    """Every tournament notice ever written to the outbox (delivered or not), in order."""
    async with store.connection.execute(
            "SELECT payload FROM outbox WHERE kind = 'note' ORDER BY entry_id") as cur:
        rows = await cur.fetchall()
    out = []
    for (payload,) in rows:
        call, arg = json.loads(payload)["call"]
        out.append((call, tuple(arg) if isinstance(arg, list) else arg))
    return out


class Unwritable(Quiet):
    """A presenter whose standings notice cannot be written (the outbox refuses it)."""

    def round_done_shown(self, t: Any, round_no: int) -> list[OutboxItem]:
        return [OutboxItem(None, "note", {"call": ["round_done", round_no]})]  # type: ignore[arg-type]


EVERY_NOTICE = [("drawn", 1), ("opening", (1, 1)), ("opening", (1, 2)), ("table_done", (1, 1)),
                ("table_done", (1, 2)), ("round_done", 1), ("drawn", 2), ("opening", (2, 1)),
                ("opening", (2, 2)), ("table_done", (2, 1)), ("table_done", (2, 2)),
                ("round_done", 2), ("done", 1)]


def sorted_notices(found: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    return sorted((c for c in found if c[0] != "changed"), key=repr)


async def test_a_round_end_whose_notices_fail_is_not_recorded_and_a_restart_shows_it_once(
        store: Storage) -> None:
    before = World(store)
    before.quiet = before.tables.presenter = before.tournaments.presenter = Unwritable()
    t = await before.tournaments.create(GUILD, CHANNEL, ORG, "lora", settings())
    tid = t.tournament_id
    for _ in range(8):
        await before.tournaments.add_ai(tid, ORG, "easy")
    await before.tournaments.start(tid, ORG)
    await before.settle()
    t = await store.get_tournament(tid)
    assert all(s.result is not None for s in model.tables_of(t, 1))  # both tables recorded
    assert not model.round_finished(t, 1) and t.round_no == 1  # the round's end failed
    assert "round_done" not in [c[0] for c in await notes(store)]
    assert "round_done" not in [c[0] for c in before.quiet.calls]
    before.shutdown()

    after = World(store)  # the bot restarts (and can write the notice now)
    await after.tournaments.load()
    await after.tournaments.resume()
    await after.settle()
    t = await store.get_tournament(tid)
    assert t.status is TournamentStatus.FINISHED
    assert sorted_notices(await notes(store)) == sorted(EVERY_NOTICE, key=repr)
    after.shutdown()


async def test_restarts_after_committed_changes_leave_each_notice_in_the_outbox_once(
        store: Storage) -> None:
    before = World(store, notify=False)  # it dies before the tournament hears of the results
    t = await before.tournaments.create(GUILD, CHANNEL, ORG, "lora", settings())
    tid = t.tournament_id
    for _ in range(8):
        await before.tournaments.add_ai(tid, ORG, "easy")
    await before.tournaments.start(tid, ORG)
    await before.settle()
    before.shutdown()
    first = await notes(store)
    assert sorted_notices(first) == [("drawn", 1), ("opening", (1, 1)), ("opening", (1, 2))]
    assert [e.payload for e in await store.pending_outbox()][-1] == {
        "call": ["changed", tid]}  # the message refresh of the last change waits too

    for _ in range(2):  # restarted twice: the second finds nothing left to announce
        after = World(store)
        await after.tournaments.load()
        await after.tournaments.resume()
        await after.settle()
        after.shutdown()
    assert (await store.get_tournament(tid)).status is TournamentStatus.FINISHED
    found = await notes(store)
    assert sorted_notices(found) == sorted(EVERY_NOTICE, key=repr)  # each exactly once
    assert found[:len(first)] == first
