"""Crash-test worker of the outbox: ``python tests/outbox_worker.py DB CHANNEL`` delivers the
pending entries of the database with the bot's real ``Sender`` to a channel that is a file
(one JSON line per message, written and flushed before the "POST" returns, as Discord keeps a
message it created). After each delivered entry it prints ``delivered <entry id> found <n>``
(n: entries whose message was found in the channel after a crash, not posted again).
``tests/test_outbox_crash.py`` kills it with SIGKILL at random moments and starts it again."""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.delivery.deliverer import Route
from bot.delivery.sender import Sender
from bot.storage import OutboxEntry, Storage


class FileChannel:
    def __init__(self, path: Path) -> None:
        self.path = path

    def messages(self) -> list[dict[str, object]]:
        if not self.path.exists():
            return []
        return [json.loads(line) for line in self.path.read_text().splitlines() if line]

    def post(self, content: str) -> int:
        message_id = len(self.messages()) + 1
        with self.path.open("a") as f:
            f.write(json.dumps({"id": message_id, "content": content}) + "\n")
            f.flush()
            os.fsync(f.fileno())
        return message_id


class FileDeliverer:
    def __init__(self, channel: FileChannel, rng: random.Random) -> None:
        self.channel = channel
        self.rng = rng

    def route(self, entry: OutboxEntry) -> Route:
        return "post"

    def describe(self, entry: OutboxEntry) -> str:
        return "post"

    async def deliver(self, entry: OutboxEntry,
                      before_post: Callable[[], Awaitable[None]]) -> int | None:
        await before_post()
        await asyncio.sleep(self.rng.uniform(0, 0.004))  # the request travels
        message_id = self.channel.post(str(entry.payload["content"]))
        await asyncio.sleep(self.rng.uniform(0, 0.004))  # and its answer
        return message_id

    async def find_posted(self, entry: OutboxEntry, known: set[int]) -> int | None:
        for m in self.channel.messages():
            newer = entry.watermark is None or int(str(m["id"])) > entry.watermark
            if newer and m["content"] == entry.payload["content"] and m["id"] not in known:
                return int(str(m["id"]))
        return None

    async def posted(self, entry: OutboxEntry, message_id: int) -> None:
        return None


async def run(db: str, channel: str) -> int:
    storage = await Storage.open(db)
    try:
        deliverer = FileDeliverer(FileChannel(Path(channel)), random.Random())
        sender = Sender(storage, deliverer)
        sender.on_delivered = lambda e, _t: print(
            f"delivered {e.entry_id} found {sender.metrics.found_after_crash}", flush=True)
        await sender.recover()
        await sender.settled()
        await sender.flush_marks()
    finally:
        await storage.close()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(run(sys.argv[1], sys.argv[2])))
