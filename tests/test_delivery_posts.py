"""``Sender.posts_delivered``: what a caller about to show something in a channel beside the
outbox (a tournament's next round's threads) waits for — the channel's own posts (of no
table) — and that it gives up after its timeout when the channel does not take them."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

from bot.delivery import items
from bot.delivery.sender import Sender
from bot.storage import OutboxEntry, Storage
from tests.outbox_worker import FileChannel, FileDeliverer
from tests.test_delivery_folding import Stalling

CHANNEL = 7


async def _entries(storage: Storage) -> list[OutboxEntry]:
    made = [items.post(CHANNEL, "standings"), items.post(CHANNEL, "sheets"),
            items.post(CHANNEL, "a table's line", table_id=3)]
    ids = await storage.add_outbox(made)
    now = datetime.now(UTC)
    return [OutboxEntry.of(i, item, now) for i, item in zip(ids, made, strict=True)]


async def test_it_returns_once_the_channel_has_its_own_posts(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "o.sqlite3")
    try:
        channel = FileChannel(tmp_path / "ch.jsonl")
        sender = Sender(storage, FileDeliverer(channel, random.Random(1)))
        assert await sender.posts_delivered(CHANNEL, 5.0)  # nothing waits: at once
        sender.submit(await _entries(storage))
        assert await sender.posts_delivered(CHANNEL, 5.0)
        shown = [m["content"] for m in channel.messages()]
        assert [x for x in shown if x != "a table's line"] == ["standings", "sheets"]
        await sender.settled()
        await sender.flush_marks()
    finally:
        await storage.close()


async def test_it_gives_up_after_its_timeout(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "o.sqlite3")
    try:
        channel = FileChannel(tmp_path / "ch.jsonl")
        sender = Sender(storage, Stalling(channel, post=False))
        sender.submit(await _entries(storage))
        assert not await sender.posts_delivered(CHANNEL, 0.3)
        assert await sender.posts_delivered(CHANNEL + 1, 0.3)  # another channel: nothing
        sender.close()
    finally:
        await storage.close()


def test_a_superseded_deal_start_keeps_each_deals_picture_with_its_result_line() -> None:
    """Two deal starts folded into one table refresh (the older one not sent yet): the
    record holds both deals' lines, each finished deal's picture still at its own result's
    line; the record made of them carries both pictures."""
    older = items.table_refresh(CHANNEL, 3, repost=True, record=["result 1", "deal 2"],
                                pictures=[(0, "deal:1", "rozdani-1.png")])
    newer = items.table_refresh(CHANNEL, 3, repost=True, record=["result 2", "deal 3"],
                                pictures=[(0, "deal:2", "rozdani-2.png")])
    items.carry(older, newer)
    assert newer.payload["record"] == ["result 1", "deal 2", "result 2", "deal 3"]
    assert newer.payload["pictures"] == [[0, "deal:1", "rozdani-1.png"],
                                         [2, "deal:2", "rozdani-2.png"]]
    edit = items.delete(CHANNEL, 99, 3, record="…", pictures=[("deal:1", "rozdani-1.png")])
    assert edit.payload["pictures"] == [["deal:1", "rozdani-1.png"]]
    assert "pictures" not in items.table_refresh(CHANNEL, 3, pictures=[(0, "x", "y")]).payload
