"""A pool's queue, counted in shared memory that the bot and its workers both write
without waiting for each other (``_Backlog``)."""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)

_SUBMITTED, _STARTED, _WAITING, _HELD = 0, 1, 2, 3
# seconds the bot waits for the workers' lock, held for a few instructions: longer when a
# worker died holding it (killed inside ``_count_start``: it stays taken) or is starved
LOCK_WAIT = 0.05


def _waiting(counts: Any) -> int:
    return int(max(0, counts[_SUBMITTED] - counts[_STARTED]) + max(0, counts[_WAITING])
               + max(0, counts[_HELD]))


class _Backlog:
    """One pool's queue, counted where both sides see it without asking each other: the
    bot (its event loop) writes the jobs it handed to the workers (``submitted``), those
    waiting in it for room in the pool (``waiting``) and those in the pool's heap
    (``held``), without the workers' lock except where a job moves from the heap to a
    worker (``handed_in``); a worker counts the jobs it starts (``started``, under a lock
    the workers share). A worker starting a job thus knows the queue behind it at that
    moment — without the bot's event loop, however busy."""

    def __init__(self, context: Any) -> None:
        self.counts = context.RawArray("q", 4)
        self.lock = context.Lock()
        self.lock_lost = False  # the lock was held over LOCK_WAIT: counted without it since

    def for_workers(self) -> tuple[Any, Any]:
        return self.counts, self.lock

    def waiting(self, n: int) -> None:
        self.counts[_WAITING] = n

    def held(self, n: int) -> None:
        self.counts[_HELD] = n

    def handed_in(self, delta: int, held: int) -> None:
        """A job moved between the ordered heap and the pool: both counts at once, under
        the workers' lock, so that a worker starting a job meanwhile counts it once. The event
        loop never waits long for it: a lock held over ``LOCK_WAIT`` (its holder died in it:
        the pool is broken and replaced) is only tried, not waited for, from then on
        until it is free again; meanwhile a count may be off by a job."""
        got = self.lock.acquire(False) if self.lock_lost else self.lock.acquire(timeout=LOCK_WAIT)
        if not got and not self.lock_lost:
            log.warning("the workers' lock was held over %s s: counted without it", LOCK_WAIT)
        self.lock_lost = not got
        try:
            self.counts[_SUBMITTED] += delta
            self.counts[_HELD] = held
        finally:
            if got:
                self.lock.release()

    def queued(self) -> int:
        return _waiting(self.counts)
