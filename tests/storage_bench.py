"""Cost of durability: ``update_table`` latency with synchronous=NORMAL vs FULL (WAL).

Run: ``PYTHONPATH=. python tests/storage_bench.py [actions]``. Plays one AI lóra first, then
times only the storage call (state JSON ≈ 30 kB + the action row) per setting.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.storage import Storage
from engine.ai import EasyAI
from engine.lora import Lora

Step = tuple[dict[str, Any], dict[str, Any]]


def states(count: int) -> list[Step]:
    lora = Lora(rng=random.Random(7))
    out: list[Step] = []
    while not lora.finished and len(out) < count:
        seat = lora.to_act
        assert seat is not None
        action = EasyAI(random.Random(f"7/{len(lora.log)}")).decide(lora.view(seat))
        lora.apply(action)
        out.append((lora.to_json(), {**action.to_json(), "by": "ai"}))
    return out


async def measure(path: Path, mode: str, steps: list[Step]) -> list[float]:
    storage = await Storage.open(path, synchronous=mode)  # type: ignore[arg-type]
    table_id = await storage.create_table(1, 1, 1, {}, [])
    await storage.update_table(table_id, status="playing")
    times = []
    for version, (state, action) in enumerate(steps, 1):
        started = time.perf_counter()
        await storage.update_table(table_id, state=state, version=version, action=action)
        times.append(time.perf_counter() - started)
    await storage.close()
    return times


def main() -> None:
    steps = states(int(sys.argv[1]) if len(sys.argv) > 1 else 900)
    with tempfile.TemporaryDirectory() as tmp:
        for mode in ("NORMAL", "FULL", "NORMAL", "FULL"):
            times = asyncio.run(measure(Path(tmp) / f"{mode}-{time.time()}.db", mode, steps))
            ms = sorted(t * 1000 for t in times)
            print(
                f"{mode:6} n={len(ms)} mean {statistics.mean(ms):.2f} ms"
                f"  median {statistics.median(ms):.2f}  p95 {ms[int(0.95 * len(ms))]:.2f}"
                f"  max {ms[-1]:.2f}"
            )


if __name__ == "__main__":
    main()
