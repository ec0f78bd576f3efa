"""The generic bounded pool of worker processes (``WorkerPool``): the jobs let in, their
order, a dead worker's pool replaced, the pool started in a thread of its own."""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot.workers.backlog import _Backlog
from bot.workers.metrics import PoolMetrics
from bot.workers.pipes import _PipePool
from bot.workers.worker_process import _timed

log = logging.getLogger(__name__)
T = TypeVar("T")

RETRIES = 3
# the most precedence an ``order`` key gives a job over one asked later (seconds): a chain
# of AI moves goes before newer chains for this long, then waits its turn like them
ORDER_CREDIT = 2.0
# jobs the AI pool lets into its workers' pipes per worker (plus one in all): one running
# and the next ready in its pipe — with fewer, a worker that ends a quick decision (the
# level below under overload takes a fraction of a millisecond) waited for the event loop
# to hand it the next, and the workers sat idle while the queue grew; with more, a
# decision waits behind others in a worker's pipe instead of going to the next free worker
FEEDER_ROOM = 2
SLOTS_PER_WORKER = 64  # jobs let into the pool per worker (the rest wait in the bot)


class WorkerPool:
    """A bounded pool of worker processes (or this process, with ``workers=0``)."""

    def __init__(self, name: str, workers: int, *, nice: int = 0,
                 preload: Sequence[str] = (), start_method: str | None = None,
                 slots: int | None = None, room: int | None = None) -> None:
        self.name = name
        self.workers = max(0, workers)
        # jobs let into the pool at once (its heap, in the order of their keys, and the
        # workers' pipes); the rest wait here, FIFO
        self.slots = max(1, slots if slots is not None else self.workers)
        # jobs with the workers at once, in their pipes (the rest in the pool's heap):
        # ``FEEDER_ROOM`` a worker and one more by default
        self.room = room if room is not None else FEEDER_ROOM * max(1, self.workers) + 1
        self.nice = nice
        self.preload = tuple(preload)
        self.start_method = start_method or _start_method()
        self.metrics = PoolMetrics()
        self._pool: _PipePool | None = None
        self._backlog: _Backlog | None = None  # the pool's queue, as its workers see it
        self._starting: asyncio.Future[tuple[_PipePool, _Backlog]] | None = None
        self._slots: asyncio.Semaphore | None = None
        self.waiting = 0  # jobs waiting here for room in the pool
        self.running = 0  # jobs inside the pool (in its heap, queued or running)
        self.closed = False

    @property
    def inline(self) -> bool:
        return self.workers == 0

    def _make(self) -> tuple[_PipePool, _Backlog]:
        """A new pool with all its workers running (in the calling thread)."""
        context = multiprocessing.get_context(self.start_method)
        if self.start_method == "forkserver":
            context.set_forkserver_preload(
                ["bot.workers", "engine.games", *(n.partition(":")[0] for n in self.preload)])
        backlog = _Backlog(context)
        pool = _PipePool(context, self.workers, backlog, self.room,
                         nice=self.nice, preload=self.preload, name=self.name)
        return pool, backlog

    async def start(self) -> None:
        """Start the worker processes now (else the first job starts them)."""
        if not self.inline:
            await self._ensure()

    async def _ensure(self) -> _PipePool:
        if self._pool is not None:
            return self._pool
        if self._starting is None:
            loop = asyncio.get_running_loop()
            starting: asyncio.Future[tuple[_PipePool, _Backlog]] = loop.create_future()
            self._starting = starting

            def work() -> None:  # a plain thread: no context of the loop, the real clock
                try:
                    made = self._make()
                except BaseException as exc:
                    loop.call_soon_threadsafe(_settle, starting, None, exc)
                else:
                    loop.call_soon_threadsafe(_settle, starting, made, None)

            threading.Thread(target=work, name=f"{self.name}-pool-start", daemon=True).start()
        starting = self._starting
        try:
            pool, backlog = await asyncio.shield(starting)
        finally:
            if self._starting is starting and starting.done():
                self._starting = None
        if self.closed:
            pool.shutdown()
            raise RuntimeError(f"the {self.name} pool is closed")
        if self._pool is None:
            pool.attach(asyncio.get_running_loop())
            self._pool, self._backlog = pool, backlog
            backlog.waiting(self.waiting)
        return self._pool

    def pids(self) -> list[int]:
        """The worker processes now (for tests and the benchmark's CPU figure)."""
        return [] if self._pool is None else self._pool.pids()

    def queued(self) -> int:
        """Jobs not started yet: in the pool (its heap, a worker's pipe), or waiting here
        for room in it."""
        if self.inline or self._backlog is None:
            return self.waiting
        return self._backlog.queued()

    def _replace(self, broken: _PipePool) -> None:
        if self._pool is broken:
            log.warning("a %s worker died: starting a new pool", self.name)
            self.metrics.replaced += 1
            self._pool = self._backlog = None
            broken.shutdown()

    def _wait(self, delta: int) -> None:
        self.waiting += delta
        if self._backlog is not None:
            self._backlog.waiting(self.waiting)

    async def run(self, fn: Callable[..., T], *args: Any,
                  describe: Callable[[T], tuple[float | None, str]] | None = None,
                  order: float | None = None) -> T:
        """``fn(*args)`` in a worker. ``describe``, if given, names the budget and the level
        of the job's result (for the metrics).

        The job goes straight into the pool (``_PipePool``), by ``order`` (a
        ``time.perf_counter`` instant; default: now, so first come first served), never more
        than ``ORDER_CREDIT`` seconds before now, and to the next free worker when it is its
        turn (while ``slots`` jobs are in the pool, the next wait here for one to end)."""
        if self.closed:
            raise RuntimeError(f"the {self.name} pool is closed")
        submitted = time.perf_counter()
        key = submitted if order is None else max(order, submitted - ORDER_CREDIT)
        if self.inline:
            result, started, ran = _timed(fn, *args)
            self._record(result, describe, started - submitted, ran)
            return result
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.slots)
        if self._slots.locked() or self.waiting:
            self._wait(+1)
            try:
                await self._slots.acquire()
            finally:
                self._wait(-1)
        else:
            await self._slots.acquire()  # (free: no suspension)
        try:
            job = functools.partial(_timed, fn, *args)
            for attempt in range(RETRIES + 1):
                pool = await self._ensure()
                handed = time.perf_counter()
                try:
                    fed = pool.submit(job, key)
                except BrokenProcessPool:
                    self._replace(pool)
                    if attempt == RETRIES:
                        raise
                    continue
                future = fed.outer
                self.running += 1
                try:
                    result, started, ran = await future
                except BrokenProcessPool:
                    self._replace(pool)
                    if attempt == RETRIES:
                        raise
                    continue
                except asyncio.CancelledError:
                    # in the heap: it leaves it (not counted by the workers); with a worker
                    # it cannot be cancelled: it runs, its result dropped
                    future.cancel()
                    raise
                finally:
                    self.running -= 1
                if self.metrics.enabled:
                    seen = time.perf_counter()
                    entered = handed if fed.entered is None else fed.entered
                    self.metrics.handover_seconds.append(handed - submitted)
                    self.metrics.heap_seconds.append(entered - handed)
                    self.metrics.executor_seconds.append(started - entered)
                    self.metrics.return_seconds.append(seen - started - ran)
                self._record(result, describe, started - submitted, ran)
                return result
            raise AssertionError("unreachable")
        finally:
            self._slots.release()

    def _record(self, result: T, describe: Callable[[T], tuple[float | None, str]] | None,
                queued: float, ran: float) -> None:
        budget, level = describe(result) if describe is not None else (None, "")
        self.metrics.record(queued, ran, budget, level)

    def close(self) -> None:
        self.closed = True
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = self._backlog = None


def _settle(future: asyncio.Future[tuple[_PipePool, _Backlog]],
            pool: tuple[_PipePool, _Backlog] | None, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        assert pool is not None
        future.set_result(pool)


def _start_method() -> str:
    methods = multiprocessing.get_all_start_methods()
    return "forkserver" if "forkserver" in methods else "spawn"
