"""Folding a table's waiting announcements into one post (``bot.delivery.folding``): which
entries fold, in what order, within what length — and, through the real ``Sender`` and
``Storage``, that every folded line reaches the channel exactly once across crashes before
the fold, between the fold and the POST, and after the POST."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.delivery import folding, items
from bot.delivery.sender import Sender
from bot.storage import OutboxEntry, OutboxItem, Storage
from tests.outbox_worker import FileChannel, FileDeliverer

CHANNEL = 7


def _entry(entry_id: int, item: OutboxItem, **kw: Any) -> OutboxEntry:
    return OutboxEntry(entry_id, item.channel_id, item.kind, dict(item.payload), item.table_id,
                       item.key, datetime(2026, 1, 1, tzinfo=UTC), **kw)


def _posts(*texts: str, table_id: int = 1) -> list[OutboxEntry]:
    return [_entry(i + 1, items.post(CHANNEL, t, table_id=table_id)) for i, t in enumerate(texts)]


# -- which entries fold, and how -----------------------------------------------------------
def test_plain_posts_of_a_table_fold_in_order() -> None:
    assert folding.fold(_posts("a", "b", "c")) == ("a\nb\nc", 3)
    assert folding.fold(_posts("only")) == ("only", 1)


def test_folding_stops_at_the_length_limit_and_keeps_the_order() -> None:
    line = "x" * 999
    content, count = folding.fold(_posts(line, line, "y", "z"))
    assert count == 2 and content == f"{line}\n{line}" and len(content) == 1999
    exact, count = folding.fold(_posts(line, "x" * 1000))  # 999 + 1 + 1000 = 2000: fits
    assert count == 2 and len(exact) == folding.LIMIT
    assert folding.fold(_posts(line, "x" * 1001))[1] == 1  # one more character: not


def test_what_does_not_fold() -> None:
    first = _posts("a")[0]
    others = {
        "embed": items.post(CHANNEL, "b", embed={"title": "T"}, table_id=1),
        "picture": items.post(CHANNEL, "b", picture="final", table_id=1),
        "pictures": items.post(CHANNEL, "b", pictures=[("final", "f.png")], table_id=1),
        "buttons": items.post(CHANNEL, "b", buttons=[{"custom_id": "x"}], table_id=1),
        "key": items.post(CHANNEL, "b", key="k", table_id=1),
        "mentions": items.post(CHANNEL, "<@5> b", mentions=True, table_id=1),
        "ping": items.ping(CHANNEL, 1, "<@5> b"),
        "table": items.table_refresh(CHANNEL, 1),
        "another table": items.post(CHANNEL, "b", table_id=2),
        "no table": items.post(CHANNEL, "b"),
        "no content": items.post(CHANNEL, embed={"title": "T"}, table_id=1),
    }
    for name, item in others.items():
        assert folding.fold([first, _entry(2, item)]) == ("a", 1), name
    attempted = _entry(2, items.post(CHANNEL, "b", table_id=1), attempted_at=first.created_at)
    assert folding.fold([first, attempted]) == ("a", 1)  # it may have arrived: found, not folded
    assert folding.fold([attempted, first]) == ("b", 1)
    # a fold stops at the first entry that does not join: the order is kept
    c = _entry(3, items.post(CHANNEL, "c", table_id=1))
    assert folding.fold([first, _entry(2, others["table"]), c]) == ("a", 1)


def test_posts_that_notify_fold_only_with_each_other() -> None:
    a, b = (_entry(i, items.post(CHANNEL, f"<@{i}> x", mentions=True, table_id=1))
            for i in (1, 2))
    assert folding.fold([a, b]) == ("<@1> x\n<@2> x", 2)
    assert not folding.foldable(_entry(3, items.ping(CHANNEL, 1, "<@3>")))


# -- through the Sender and Storage ----------------------------------------------------------
class Stalling(FileDeliverer):
    """Stops (for good) right before the POST, or right after it reached the channel."""

    def __init__(self, channel: FileChannel, *, post: bool) -> None:
        import random

        super().__init__(channel, random.Random(1))
        self.post = post
        self.stalled = asyncio.Event()

    async def deliver(self, entry: OutboxEntry,
                      before_post: Callable[[], Awaitable[None]]) -> int | None:
        await before_post()
        if self.post:
            self.channel.post(str(entry.payload["content"]))
        self.stalled.set()
        await asyncio.Event().wait()
        return None


async def _fill(storage: Storage, tables: int = 2) -> list[int]:
    return await storage.add_outbox(
        [items.post(CHANNEL, f"line {i}", table_id=1 + i % tables) for i in range(8)])


async def _drain(storage: Storage, channel: FileChannel) -> Sender:
    import random

    sender = Sender(storage, FileDeliverer(channel, random.Random(2)))
    await sender.recover()
    await sender.settled()
    await sender.flush_marks()
    return sender


def _check_once(channel: FileChannel) -> list[list[str]]:
    shown = [str(m["content"]).splitlines() for m in channel.messages()]
    lines = [line for m in shown for line in m]
    assert sorted(lines) == sorted(f"line {i}" for i in range(8))  # each exactly once
    for table in (0, 1):  # in each table's order
        mine = [int(line.split()[1]) for line in lines if int(line.split()[1]) % 2 == table]
        assert mine == sorted(mine)
    return shown


async def test_a_fold_is_one_post_and_its_entries_end_once(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "o.sqlite3")
    try:
        ids = await _fill(storage)
        channel = FileChannel(tmp_path / "ch.jsonl")
        sender = await _drain(storage, channel)
        shown = _check_once(channel)
        assert len(shown) == 2  # one post per table: each table's first carries the rest
        assert sender.metrics.folded == 6 and sender.metrics.folds == 2
        assert sender.metrics.delivered == {"post": 8}
        assert await storage.outbox_counts() == {"delivered": 2, "superseded": 6}
        async with storage.connection.execute(
                "SELECT entry_id, payload FROM outbox WHERE state = 'delivered'") as cur:
            import json

            carried = {r[0]: json.loads(r[1])["folded"] for r in await cur.fetchall()}
        assert carried == {ids[0]: ids[2::2], ids[1]: ids[3::2]}
    finally:
        await storage.close()


@pytest.mark.parametrize("stage", ["before the fold", "after the fold", "after the post"])
async def test_a_crash_around_a_fold_neither_loses_nor_repeats_a_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stage: str) -> None:
    """One table's 8 lines; the sender dies before the fold is committed, between the fold
    and the POST, or after the POST reached the channel (before its mark); the next sender
    posts what did not arrive and finds what did: each line once, in order."""
    storage = await Storage.open(tmp_path / "o.sqlite3")
    try:
        ids = await _fill(storage, tables=1)
        channel = FileChannel(tmp_path / "ch.jsonl")
        deliverer = Stalling(channel, post=stage == "after the post")
        first = Sender(storage, deliverer)
        if stage == "before the fold":
            async def dies(*_a: Any) -> None:
                deliverer.stalled.set()
                await asyncio.Event().wait()

            monkeypatch.setattr(storage, "outbox_fold", dies)
        await first.recover()
        await asyncio.wait_for(deliverer.stalled.wait(), 5)
        await first.flush_marks()
        first.close()  # the process dies here
        monkeypatch.undo()
        pending = await storage.pending_outbox()
        if stage == "before the fold":
            assert [e.entry_id for e in pending] == ids  # untouched
            assert all(e.attempted_at is None and "folded" not in e.payload for e in pending)
        else:  # the carrier holds every line, its attempt recorded; the others have ended
            [carrier] = pending
            assert carrier.entry_id == ids[0] and carrier.attempted_at is not None
            assert carrier.payload["content"] == "\n".join(f"line {i}" for i in range(8))
            assert carrier.payload["folded"] == ids[1:]
        second = await _drain(storage, channel)
        assert _check_once(channel) == [[f"line {i}" for i in range(8)]]
        assert second.metrics.found_after_crash == (1 if stage == "after the post" else 0)
        counts = await storage.outbox_counts()
        assert counts == {"delivered": 1, "superseded": 7}
    finally:
        await storage.close()
