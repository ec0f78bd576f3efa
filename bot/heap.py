"""The garbage collector kept from stopping every table at once.

CPython's full collections scan every tracked object and stop the event loop while they do:
at 200 tables they came 23-28 times in two minutes, 110 ms growing to 670 ms each, and every
table's click and message waited (docs/LOAD.md, "What else stands still at 200 tables"). Almost all
of what they scan lives for good (modules, discord.py's caches, the tables). The keeper moves
what has survived into the collector's permanent generation (``gc.freeze``) every few seconds,
after a young collection so that fresh cyclic garbage is freed first: full collections then
scan only what was made since. Cyclic garbage that reaches the frozen part would stay for
good, so every ``thaw_every`` seconds the keeper unfreezes, collects everything once (one
pause of a full collection, instead of two hundred) and freezes again.

Process-wide, like the collector: the entry point turns it on; tests and tools do not."""

from __future__ import annotations

import gc
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from discord.ext import tasks

log = logging.getLogger(__name__)

# seconds between freezes: a full collection scans what survived since the last one (at 200
# tables on a slow machine, every 10 s: full collections p50 67 ms, max 136 ms, loop lag p99
# 32 ms; every 3 s: 34 / 50 ms, 24 ms; every 1 s: none, but the thaw found 2.6x the garbage)
FREEZE_EVERY = 3.0
THAW_EVERY = 600.0  # seconds between full collections of the frozen part
THAWS_KEPT = 144  # the durations of the last thaws kept (a day of them; a bot runs for months)


@dataclass
class HeapMetrics:
    freezes: int = 0
    thaws: int = 0
    thaw_ms: deque[float] = field(default_factory=lambda: deque(maxlen=THAWS_KEPT))
    freed: int = 0  # unreachable objects the thaws found (garbage the freezes had kept)


class HeapKeeper:
    """``start()`` with the bot, ``settle()`` once it is ready, ``release()`` at shutdown."""

    def __init__(self, freeze_every: float = FREEZE_EVERY,
                 thaw_every: float = THAW_EVERY) -> None:
        self.freeze_every = freeze_every
        self.thaw_ticks = max(1, round(thaw_every / freeze_every))
        self.metrics = HeapMetrics()
        self._ticks = 0
        self._loop: Any = None  # the discord.ext.tasks loop that ticks

    def tick(self) -> None:
        """Freeze what survives a young collection; every ``thaw_ticks``-th tick thaw."""
        self._ticks += 1
        if self._ticks % self.thaw_ticks == 0:
            self.thaw()
            return
        gc.collect(1)
        gc.freeze()
        self.metrics.freezes += 1

    def settle(self) -> None:
        """Collect everything once and freeze it (after start-up: its garbage goes first)."""
        self.thaw()

    def thaw(self) -> int:
        """Unfreeze, one full collection, freeze again; returns the objects it freed."""
        started = time.perf_counter()
        gc.unfreeze()
        freed = gc.collect()
        gc.freeze()
        ms = (time.perf_counter() - started) * 1000
        self.metrics.thaws += 1
        self.metrics.thaw_ms.append(ms)
        self.metrics.freed += freed
        log.debug("heap thawed: %d unreachable objects freed in %.0f ms, %d frozen",
                  freed, ms, gc.get_freeze_count())
        return freed

    def start(self) -> None:
        """Tick every ``freeze_every`` seconds (the first tick at once)."""
        if self._loop is None:
            async def tick() -> None:
                self.tick()

            self._loop = tasks.loop(seconds=self.freeze_every)(tick)
            self._loop.start()

    @property
    def running(self) -> bool:
        return self._loop is not None

    def stop(self) -> None:
        """No more ticks (what is frozen stays frozen)."""
        if self._loop is not None:
            self._loop.cancel()
            self._loop = None

    def release(self) -> None:
        """Stop and give everything back to the collector."""
        self.stop()
        gc.unfreeze()
