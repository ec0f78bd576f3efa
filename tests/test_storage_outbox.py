"""The outbox in the storage (SQLite and PostgreSQL): entries are written in the change's own
transaction (or not at all), read back in order, marked once, and pruned."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest

from bot.storage import OutboxDone, OutboxItem, TableNotFound
from engine.lora import Lora
from tests.storage_kit import START, human, robot, storage

__all__ = ["storage"]

GUILD, CHANNEL = 1, 10


async def _table(storage: Any) -> int:
    seats = [human(100, "Ann"), robot(), robot(), robot()]
    table_id = await storage.create_table(GUILD, CHANNEL, 100, {}, seats)
    await storage.update_table(table_id, status="playing",
                               state=Lora(rng=random.Random(1)).to_json(), version=0)
    return int(table_id)


def _item(text: str, **kw: Any) -> OutboxItem:
    return OutboxItem(CHANNEL, "post", {"content": text}, **kw)


async def test_entries_come_with_the_change_in_one_transaction(storage: Any) -> None:
    table_id = await _table(storage)
    lora = Lora(rng=random.Random(1))
    action = lora.legal_actions()[0]
    lora.apply(action)
    ids = await storage.update_table(
        table_id, state=lora.to_json(), version=1,
        actions=[{**action.to_json(), "by": 100}],
        outbox=[_item("one", table_id=table_id),
                OutboxItem(CHANNEL, "table", {"repost": False}, table_id, f"table:{table_id}")],
    )
    assert len(ids) == 2 and ids[0] < ids[1]
    pending = await storage.pending_outbox()
    assert [(e.entry_id, e.kind, e.payload, e.table_id) for e in pending] == [
        (ids[0], "post", {"content": "one"}, table_id),
        (ids[1], "table", {"repost": False}, table_id),
    ]
    assert pending[1].key == f"table:{table_id}"
    assert pending[0].attempted_at is None and pending[0].attempts == 0
    # a refused change writes none of its entries
    with pytest.raises(TableNotFound):
        await storage.update_table(table_id + 99, version=2, outbox=[_item("lost")])
    with pytest.raises(ValueError):
        await storage.update_table(table_id, actions=[{"seat": 9, "by": "ai"}],
                                   outbox=[_item("lost too")])
    assert [e.entry_id for e in await storage.pending_outbox()] == ids
    assert (await storage.get_table(table_id)).version == 1


async def test_attempts_marks_and_posted_ids(storage: Any) -> None:
    a, b, c = await storage.add_outbox([_item("a"), _item("b"), _item("c")])
    await storage.outbox_attempted(a, 77)
    await storage.outbox_attempted(a, 99)  # the first attempt's watermark stays
    first = (await storage.pending_outbox())[0]
    assert first.entry_id == a and first.attempts == 2 and first.attempted_at is not None
    assert first.watermark == 77
    await storage.outbox_done([OutboxDone(a, "delivered", 555), OutboxDone(b, "superseded")])
    await storage.outbox_done([OutboxDone(a, "dropped")])  # marked once: no change
    assert [e.entry_id for e in await storage.pending_outbox()] == [c]
    assert await storage.outbox_posted_ids(CHANNEL, START) == {555}
    assert await storage.outbox_posted_ids(CHANNEL + 1, START) == set()
    assert await storage.outbox_counts() == {"delivered": 1, "superseded": 1, "pending": 1}
    with pytest.raises(ValueError):
        await storage.outbox_done([OutboxDone(c, "pending")])
    # pruning forgets ended entries only, once they ended longer ago than it keeps them (on
    # the store's clock, a minute a call here)
    assert await storage.prune_outbox(timedelta(days=1)) == 0
    assert await storage.prune_outbox(timedelta(0)) == 2
    assert [e.entry_id for e in await storage.pending_outbox()] == [c]


async def test_a_fold_rewrites_its_carrier_and_ends_the_folded_in_one_transaction(
        storage: Any) -> None:
    a, b, c, d = await storage.add_outbox([_item("a"), _item("b"), _item("c"), _item("d")])
    await storage.outbox_fold(a, {"content": "a\nb\nc", "folded": [b, c]}, [b, c])
    [first, rest] = await storage.pending_outbox()
    assert (first.entry_id, first.payload) == (a, {"content": "a\nb\nc", "folded": [b, c]})
    assert first.attempted_at is None and rest.entry_id == d
    assert await storage.outbox_counts() == {"pending": 2, "superseded": 2}
    # an attempted carrier (its POST may have arrived) is refused, and nothing changes
    await storage.outbox_attempted(a, 5)
    with pytest.raises(ValueError):
        await storage.outbox_fold(a, {"content": "a\nb\nc\nd"}, [d])
    with pytest.raises(ValueError):  # so is one that has ended
        await storage.outbox_fold(b, {"content": "b\nd"}, [d])
    assert [(e.entry_id, e.payload["content"]) for e in await storage.pending_outbox()] == [
        (a, "a\nb\nc"), (d, "d")]
