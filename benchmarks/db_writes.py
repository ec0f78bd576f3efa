"""The database's cost per move save with the event loop busy (issue 12).

``PYTHONPATH=. python -m benchmarks.db_writes [--idle]``: 1,000 move saves (a 30 kB state,
one action, two outbox entries) of 40 tables, 8 queued together, while a task keeps the event
loop busy in 5 ms CPU slices (as a loaded bot's loop is); prints the wall time per save.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from bot.storage import Storage
from bot.storage.models import OutboxItem

STATE = {"blob": "x" * 30000}


async def run(busy_loop: bool) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        store = await Storage.open(Path(tmp) / "writes.sqlite3")
        ids = [await store.create_table(1, 1, 0, {}, [None] * 4) for _ in range(40)]
        stop = False

        async def busy() -> None:
            while busy_loop and not stop:
                started = time.perf_counter()
                while time.perf_counter() - started < 0.005:
                    pass
                await asyncio.sleep(0)

        spinner = asyncio.create_task(busy())
        saves = 0
        started = time.perf_counter()
        for version in range(1, 26):
            for first in range(0, len(ids), 8):
                await asyncio.gather(*(
                    store.update_table(
                        t, state={**STATE, "n": version}, version=version,
                        action={"seat": 1, "play": "7h", "by": "ai"},
                        outbox=[OutboxItem(1, "table", {"x": "y" * 300}, t, f"t{t}"),
                                OutboxItem(1, "ping", {"a": 1}, t)])
                    for t in ids[first:first + 8]))
                saves += 8
        elapsed = time.perf_counter() - started
        stop = True
        await spinner
        await store.close()
        return 1000 * elapsed / saves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--idle", action="store_true", help="without the busy event loop")
    args = parser.parse_args()
    ms = asyncio.run(run(not args.idle))
    print(f"{ms:.2f} ms per move save ({'idle' if args.idle else 'busy'} event loop)")


if __name__ == "__main__":
    main()
