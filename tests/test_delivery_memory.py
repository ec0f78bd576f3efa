"""What the sender keeps of the channels it posted in, for a bot that runs for months (a
thread per table: a new channel per table): the idle channels are forgotten when the
channels it knows have doubled, and of the messages it posted it holds the last few."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.delivery import items
from bot.delivery import sender as sender_module
from bot.delivery.sender import Sender
from bot.storage import OutboxEntry, Storage
from tests.outbox_worker import FileChannel, FileDeliverer


async def _post(storage: Storage, sender: Sender, channel_id: int) -> None:
    made = [items.post(channel_id, f"news {channel_id}")]
    ids = await storage.add_outbox(made)
    sender.submit([OutboxEntry.of(i, item, datetime.now(UTC))
                   for i, item in zip(ids, made, strict=True)])
    await sender.settled()


async def test_idle_channels_are_forgotten_and_a_waiting_one_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sender_module, "CHANNELS_SWEPT", 4)
    monkeypatch.setattr(sender_module, "POSTED_HELD", 5)
    storage = await Storage.open(tmp_path / "o.sqlite3")
    try:
        channel = FileChannel(tmp_path / "ch.jsonl")
        sender = Sender(storage, FileDeliverer(channel, random.Random(1)))
        clock = [0.0]
        sender.route_clock = lambda: clock[0]
        for channel_id in range(1, 13):
            await _post(storage, sender, channel_id)
            clock[0] += 10.0  # (its route bucket full again: nothing to remember)
            if channel_id == 10:  # Discord answered 429 there: it waits a minute
                sender.channels[10].bucket("post", clock[0]).limited(clock[0], 60.0)
        # swept at the 5th and the 9th channel (each time past 4 known): the channels since
        assert sorted(sender.channels) == [9, 10, 11, 12]
        assert set(sender._newest) <= set(sender.channels)
        await _post(storage, sender, 13)  # (the 10th's 429 is not over: it stays)
        assert sorted(sender.channels) == [10, 13]
        await _post(storage, sender, 1)  # a forgotten channel posted in again: afresh
        posted = [m["id"] for m in channel.messages()]
        assert [m["content"] for m in channel.messages()] == [
            f"news {n}" for n in [*range(1, 14), 1]]
        assert list(sender._posted) == posted[-5:]  # (the older ones' marks are stored)
        await sender.flush_marks()
    finally:
        await storage.close()
