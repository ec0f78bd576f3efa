"""Coalesced refreshes: at most one run in flight per key, and a burst becomes one more run.

The sender (``bot.delivery.sender``) keeps a table's message to one edit in flight and lets a
newer refresh supersede the pending one. What is not in the outbox follows the same rule
with this: the open hand messages, edited through each player's interaction token (an
ephemeral message has no channel message to queue in the outbox, and a token must not be
stored). A run reads the state when it starts, so the latest state wins:

* ``request(key, run)`` while nothing runs for ``key`` starts ``run`` (as a task);
* a request while a run of ``key`` is in flight marks it dirty, with the newest ``run``: when
  the run ends, that one runs once more — any number of requests meanwhile make one run;
* requests before a started task reached its run are already covered by it (the dirty mark
  is cleared when a run begins).

A run's failures are its own business (it catches what it expects); an unexpected one is
logged and ends the key's runs until its next request.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

log = logging.getLogger(__name__)
K = TypeVar("K", bound=Hashable)
Run = Callable[[], Awaitable[None]]


@dataclass
class CoalesceMetrics:
    requested: int = 0
    runs: int = 0
    coalesced: int = 0  # requests that became part of another run


class Coalescer(Generic[K]):
    """One run in flight per key; requests meanwhile make one more run (the newest)."""

    def __init__(self, name: str, tasks: set[asyncio.Future[Any]] | None = None) -> None:
        self.name = name
        self.tasks = tasks  # where the runs' tasks are kept (the owner awaits or cancels them)
        self.running: dict[K, asyncio.Task[None]] = {}
        self.dirty: dict[K, Run] = {}
        self.metrics = CoalesceMetrics()

    def busy(self, key: K) -> bool:
        task = self.running.get(key)
        return task is not None and not task.done()

    def request(self, key: K, run: Run) -> None:
        self.metrics.requested += 1
        if self.busy(key):
            self.dirty[key] = run
            self.metrics.coalesced += 1
            return
        task = asyncio.ensure_future(self._runs(key, run))
        self.running[key] = task
        if self.tasks is not None:
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    def forget(self, key: K) -> None:
        """No more runs for ``key`` after the one in flight."""
        self.dirty.pop(key, None)

    async def _runs(self, key: K, run: Run) -> None:
        try:
            next_run: Run | None = run
            while next_run is not None:
                self.dirty.pop(key, None)
                self.metrics.runs += 1
                try:
                    await next_run()
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("a %s run for %s failed", self.name, key)
                    self.dirty.pop(key, None)
                    return
                next_run = self.dirty.pop(key, None)
        finally:
            if self.running.get(key) is asyncio.current_task():
                del self.running[key]

    def cancel(self) -> None:
        self.dirty.clear()
        for task in self.running.values():
            task.cancel()
