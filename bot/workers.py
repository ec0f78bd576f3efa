"""Worker processes for the work that must not hold the event loop: AI decisions and pictures.

The event loop only does I/O, bookkeeping and the engine's cheap steps. An AI decision is sent
to a ``ProcessPoolExecutor`` as (game, level, the seat's view, an RNG seed): views are plain
picklable dataclasses, so a worker sees exactly what the seat may see. A picture is a
``functools.partial`` of a module-level render function with its view, sent as its pickle
(the bytes the render pool keeps it by: pickled once; anything that does not pickle — a
test's patched function — is drawn in this process instead).

* **Bounded**: at most ``slots`` jobs are inside the executor (``SLOTS_PER_WORKER``, 64 per
  worker — in practice all the AI's: a table asks for one decision at a time); the rest wait
  in this process (FIFO). A picture goes into the executor at once, and
  the executor's own thread hands it to the next free worker: the event loop is needed only
  to see a job end, not to feed the workers (a busy loop let the workers sit idle while the
  jobs it had not handed over yet waited for it).
* **AI decisions in the order of their chains** (``_Feeder``): a click starts a chain of AI
  moves at its table, one decision after another, and in a first-come queue each of them
  waits behind every decision asked meanwhile — a chain of four waited four queues. The AI
  pool keeps its decisions in a heap by their ``order`` (the service gives the time the
  chain started: its later decisions go before the first decisions of newer chains) and
  lets only ``FEEDER_ROOM`` a worker and one more into the executor; the executor's own thread
  takes the next from the heap as each ends (still not the event loop). The key gives a
  chain at most ``ORDER_CREDIT`` seconds of precedence, so a long chain of AI seats alone
  cannot hold back the others.
* **Budget under load**: a level with a time budget (``GameSpec.ai_budgets``) gets
  ``budget × workers / (workers + queued)``, chosen by the worker when it starts the job from
  the jobs still queued then (counters in shared memory that the bot and the workers write
  without waiting for each other, ``_Backlog``), never below ``MIN_BUDGET_FRACTION`` of it:
  under overload the AI plays faster and weaker instead of making every table wait (the
  arena figures in docs/LOAD.md say how much weaker). When even the floor is more than the
  queue allows (``budget × workers / (workers + queued)`` below it: more than about six
  decisions waiting per worker), the decision is the level below's (``GameSpec.ai_levels``:
  hard's is medium's rule of thumb, a fraction of a millisecond) until the queue is short
  again: heavy overload drains instead of growing. A decision cancelled before a worker took
  it (its table moved on) leaves the queue.
* **A dead worker** breaks the executor (``BrokenProcessPool`` for every job in it): the pool
  is replaced once and the jobs are sent again (a decision is a pure function of its input).
* ``workers=0`` runs everything here, on the loop (the tests' default; tests of the pool
  itself use real processes). Workers run at a lower priority (``nice``), so the loop that
  answers clicks gets the CPU first.
* The worker processes are started all at once, in a thread of their own (``start``): never
  lazily inside a job's submission on the event loop, where starting a process waits on a
  clock that SimCord's virtual time freezes. Times are ``time.perf_counter``, which on Linux
  is the one monotonic clock of every process.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import heapq
import importlib
import logging
import multiprocessing
import os
import pickle
import random
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, InvalidStateError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")

MIN_BUDGET_FRACTION = 0.15
MIN_BUDGET_MS = 3.0
RETRIES = 3
# the most precedence an ``order`` key gives a job over one asked later (seconds): a chain
# of AI moves goes before newer chains for this long, then waits its turn like them
ORDER_CREDIT = 2.0
# jobs an ordered pool lets into its executor per worker (plus one): one running and one
# ready in the executor's call queue — with fewer, a worker that ends a quick decision (the
# level below under overload takes a fraction of a millisecond) waited for the executor's
# thread to hand it the next, and the workers sat idle while the queue grew
FEEDER_ROOM = 2


def default_workers() -> int:
    """One worker per core."""
    return max(1, os.cpu_count() or 1)


# In a worker: its executor's backlog counters (see ``_Backlog``), and the jobs that were
# waiting behind the job it runs now when it started.
_BACKLOG: tuple[Any, Any] | None = None
_behind_now = 0


def _prepare(nice: int, preload: Sequence[str], backlog: tuple[Any, Any] | None = None) -> None:
    """A worker's start: a lower priority, and the modules it needs (e.g. a plug-in game
    that registers itself in ``engine.games``), and its executor's backlog counters."""
    global _BACKLOG
    _BACKLOG = backlog
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    for name in preload:
        importlib.import_module(name)


def _count_start() -> int:
    """In a worker: count the job it starts now as started; the jobs still waiting (handed
    to the executor and not started, in the bot's ordered heap, or waiting in the bot for
    room in it)."""
    if _BACKLOG is None:
        return 0
    counts, lock = _BACKLOG
    with lock:  # (a worker dead with it breaks the executor, which ends the other workers)
        counts[_STARTED] += 1
        return _waiting(counts)


def _waiting(counts: Any) -> int:
    return int(max(0, counts[_SUBMITTED] - counts[_STARTED]) + max(0, counts[_WAITING])
               + max(0, counts[_HELD]))


def _timed(fn: Callable[..., T], *args: Any) -> tuple[T, float, float]:
    """Run a job; when it started (``time.perf_counter``: CLOCK_MONOTONIC on Linux, one
    clock for every process of the machine) and how long it ran."""
    global _behind_now
    _behind_now = _count_start()
    started = time.perf_counter()
    result = fn(*args)
    return result, started, time.perf_counter() - started


_SUBMITTED, _STARTED, _WAITING, _HELD = 0, 1, 2, 3
# seconds the bot waits for the workers' lock, held for a few instructions: longer when a
# worker died holding it (killed inside ``_count_start``: it stays taken) or is starved
LOCK_WAIT = 0.05


class _Backlog:
    """One executor's queue, counted where both sides see it without asking each other: the
    bot writes the jobs it handed over (``submitted``), those waiting in it for room in the
    executor (``waiting``) and those in the AI's ordered heap (``held``), one writer each
    (the heap's under its own lock), without the workers' lock except where a job moves
    from the heap into the executor (``handed_in``); a worker counts the jobs it starts
    (``started``, under a lock the workers share). A worker starting a job thus knows the
    queue behind it at that moment — without the bot's event loop, however busy."""

    def __init__(self, context: Any) -> None:
        self.counts = context.RawArray("q", 4)
        self.lock = context.Lock()
        self.lock_lost = False  # the lock was held over LOCK_WAIT: counted without it since

    def for_workers(self) -> tuple[Any, Any]:
        return self.counts, self.lock

    def submitted(self, delta: int) -> None:
        self.counts[_SUBMITTED] += delta

    def waiting(self, n: int) -> None:
        self.counts[_WAITING] = n

    def held(self, n: int) -> None:
        self.counts[_HELD] = n

    def handed_in(self, delta: int, held: int) -> None:
        """A job moved between the ordered heap and the executor: both counts at once, under
        the workers' lock, so that a worker starting a job meanwhile counts it once. The event
        loop never waits long for it: a lock held over ``LOCK_WAIT`` (its holder died in it:
        the executor is broken and replaced) is only tried, not waited for, from then on
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


class _Feeder:
    """An executor's jobs in the order of their keys (smallest first, then as they came): at
    most ``room`` of them inside the executor at once, the rest in a heap here; as a job
    ends, the executor's own thread (the job's done callback) hands in the next one, so the
    workers go on while the event loop is busy. ``submit`` returns the future of the job's
    result; cancelling it before the job went in takes the job out of the heap; after, the
    job is cancelled in the executor only while the executor has not queued it for a worker
    (a job in its call queue is run, and its result dropped)."""

    def __init__(self, executor: Executor, backlog: _Backlog, room: int) -> None:
        self.executor = executor
        self.backlog = backlog
        self.room = max(1, room)
        self.inside = 0
        self._lock = threading.RLock()  # (a done callback may run inside ``submit``)
        self._heap: list[tuple[float, int, _Fed]] = []
        self._count = 0

    def submit(self, job: Callable[[], Any], key: float) -> _Fed:
        fed = _Fed(job)
        with self._lock:
            self._count += 1
            heapq.heappush(self._heap, (key, self._count, fed))
            self._pump()
        fed.outer.add_done_callback(lambda _f: self._withdraw(fed))
        return fed

    def _pump(self) -> None:
        """(Under the lock.) Hand in jobs while there is room."""
        while self.inside < self.room and self._heap:
            _key, _n, fed = heapq.heappop(self._heap)
            if fed.outer.done():  # (cancelled while it waited)
                continue
            self.backlog.handed_in(+1, len(self._heap))  # (first: a worker may start it)
            fed.entered = time.perf_counter()
            try:
                inner = self.executor.submit(fed.job)
            except BaseException as exc:  # broken or shut down: the caller decides
                self.backlog.handed_in(-1, len(self._heap))
                self._settle(fed, None, exc)
                continue
            fed.inner = inner
            self.inside += 1
            inner.add_done_callback(functools.partial(self._ended, fed))
        self.backlog.held(len(self._heap))

    def _ended(self, fed: _Fed, inner: Future[Any]) -> None:
        try:
            with self._lock:
                self.inside -= 1
                self._pump()
        finally:  # (the caller's future is settled whatever the pump met)
            if inner.cancelled():
                self._settle(fed, None, None)
            else:
                error = inner.exception()
                self._settle(fed, None if error is not None else inner.result(), error)

    @staticmethod
    def _settle(fed: _Fed, result: Any, error: BaseException | None) -> None:
        with contextlib.suppress(InvalidStateError):  # (cancelled meanwhile)
            if error is not None:
                fed.outer.set_exception(error)
            elif fed.inner is not None and fed.inner.cancelled():
                fed.outer.cancel()
            else:
                fed.outer.set_result(result)

    def _withdraw(self, fed: _Fed) -> None:
        """The job's future is done; if it was cancelled, the job leaves the queue."""
        if not fed.outer.cancelled():
            return
        with self._lock:
            if fed.inner is None:
                self._heap = [entry for entry in self._heap if entry[2] is not fed]
                heapq.heapify(self._heap)
                self.backlog.held(len(self._heap))
            elif fed.inner.cancel():  # not started: the workers will not count it
                self.backlog.submitted(-1)


class _Fed:
    """A job of a ``_Feeder``: the future its caller waits for, and the executor's."""

    __slots__ = ("entered", "inner", "job", "outer")

    def __init__(self, job: Callable[[], Any]) -> None:
        self.job = job
        self.outer: Future[Any] = Future()
        self.inner: Future[Any] | None = None
        self.entered: float | None = None  # when it went into the executor (the metrics)


def _warm(seconds: float) -> int:
    """A job that keeps its worker busy for a moment (so that every worker is started)."""
    time.sleep(seconds)
    return os.getpid()


def decide(game: str, level: str, view: Any, seed: str) -> dict[str, Any]:
    """An AI decision (in a worker): the action's JSON. The RNG is derived from ``seed``
    (the table's seed and the state version), so a restart asks for the same choice."""
    from engine import games

    spec = games.get(game)
    return spec.make_ai(level, random.Random(seed)).decide(view).to_json()


def shrunk_budget(default: float, workers: int, ahead: int) -> float:
    """The budget of a decision with ``ahead`` decisions waiting besides it: the level's own
    while nobody waits, less as the queue grows (never below a floor)."""
    return max(_scaled(default, workers, ahead), default * MIN_BUDGET_FRACTION,
               min(default, MIN_BUDGET_MS))


def _scaled(default: float, workers: int, ahead: int) -> float:
    workers = max(1, workers)
    return default * workers / (workers + max(0, ahead))


def overloaded(default: float, workers: int, ahead: int) -> bool:
    """The queue is too long even for the floor budget: the level below decides."""
    return _scaled(default, workers, ahead) < default * MIN_BUDGET_FRACTION


Decision = tuple[dict[str, Any], str, float | None]


def decide_loaded(game: str, level: str, view: Any, seed: str, default: float | None,
                  below: str | None, workers: int, ahead: int | None = None) -> Decision:
    """An AI decision whose budget is chosen when it starts, from the queue then (``ahead``;
    in a worker, None: the decisions its executor holds that have not started). Returns
    (the action's JSON, the level that played — ``hard>medium`` for the level below under
    heavy overload —, the budget in ms or None)."""
    if ahead is None:
        ahead = _behind_now
    if default is None:
        return decide(game, level, view, seed), level, None
    if below is not None and overloaded(default, workers, ahead):
        return decide(game, below, view, seed), f"{level}>{below}", None
    budget = round(shrunk_budget(default, workers, ahead), 1)
    return decide(game, f"{level}:{budget:g}", view, seed), level, budget


@dataclass
class PoolMetrics:
    """What a pool measured (kept only when ``enabled``; counters always)."""

    enabled: bool = False
    jobs: int = 0
    replaced: int = 0  # executors replaced after a worker died
    queue_seconds: list[float] = field(default_factory=list)  # submitted → started
    run_seconds: list[float] = field(default_factory=list)
    budgets_ms: list[float] = field(default_factory=list)  # effective AI budgets
    levels: list[str] = field(default_factory=list)  # the level of each run (AI pools)
    fallbacks: int = 0  # decisions made by the level below under heavy overload
    # a job's stages: asked → handed to the executor (an ordered pool: to its heap, then
    # into the executor) → a worker starts it → … → the loop sees its result (the run is
    # ``run_seconds``)
    handover_seconds: list[float] = field(default_factory=list)
    heap_seconds: list[float] = field(default_factory=list)
    executor_seconds: list[float] = field(default_factory=list)
    return_seconds: list[float] = field(default_factory=list)

    def record(self, queued: float, ran: float, budget: float | None, level: str) -> None:
        self.jobs += 1
        if self.enabled:
            self.queue_seconds.append(queued)
            self.run_seconds.append(ran)
            self.levels.append(level)
            if budget is not None:
                self.budgets_ms.append(budget)


class WorkerPool:
    """A bounded pool of worker processes (or this process, with ``workers=0``)."""

    def __init__(self, name: str, workers: int, *, nice: int = 0,
                 preload: Sequence[str] = (), start_method: str | None = None,
                 slots: int | None = None, ordered: bool = False) -> None:
        self.name = name
        # jobs go into the executor in the order of their ``order`` keys (``_Feeder``), a
        # worker's worth and one more at a time, instead of all at once as they come
        self.ordered = ordered
        self._feeder: _Feeder | None = None
        self.workers = max(0, workers)
        # jobs let into the executor at once (its own queue feeds the workers, in its own
        # thread); the rest wait here, FIFO
        self.slots = max(1, slots if slots is not None else self.workers)
        self.nice = nice
        self.preload = tuple(preload)
        self.start_method = start_method or _start_method()
        self.metrics = PoolMetrics()
        self._executor: Executor | None = None
        self._backlog: _Backlog | None = None  # the executor's queue, as its workers see it
        self._starting: asyncio.Future[tuple[Executor, _Backlog]] | None = None
        self._slots: asyncio.Semaphore | None = None
        self.waiting = 0  # jobs waiting here for room in the executor
        self.running = 0  # jobs inside the executor (queued there or running)
        self.closed = False

    @property
    def inline(self) -> bool:
        return self.workers == 0

    def _make(self) -> tuple[Executor, _Backlog]:
        """A new executor with all its workers running (in the calling thread)."""
        context = multiprocessing.get_context(self.start_method)
        if self.start_method == "forkserver":
            context.set_forkserver_preload(["bot.workers", "engine.games", *self.preload])
        backlog = _Backlog(context)
        executor = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_prepare,
                                       initargs=(self.nice, self.preload,
                                                 backlog.for_workers()))
        for _ in range(3):
            warmups = [executor.submit(_warm, 0.05) for _ in range(self.workers)]
            for future in warmups:
                future.result()
            if len(getattr(executor, "_processes", {}) or {}) >= self.workers:
                break
        return executor, backlog

    async def start(self) -> None:
        """Start the worker processes now (else the first job starts them)."""
        if not self.inline:
            await self._ensure()

    async def _ensure(self) -> Executor:
        if self._executor is not None:
            return self._executor
        if self._starting is None:
            loop = asyncio.get_running_loop()
            starting: asyncio.Future[tuple[Executor, _Backlog]] = loop.create_future()
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
            executor, backlog = await asyncio.shield(starting)
        finally:
            if self._starting is starting and starting.done():
                self._starting = None
        if self.closed:
            executor.shutdown(wait=False, cancel_futures=True)
            raise RuntimeError(f"the {self.name} pool is closed")
        if self._executor is None:
            self._executor, self._backlog = executor, backlog
            backlog.waiting(self.waiting)
            if self.ordered:
                self._feeder = _Feeder(executor, backlog, FEEDER_ROOM * self.workers + 1)
        return self._executor

    def pids(self) -> list[int]:
        """The worker processes now (for tests and the benchmark's CPU figure)."""
        processes = getattr(self._executor, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.pid is not None]

    def queued(self) -> int:
        """Jobs not started yet: in the executor's queue, or waiting here for room in it."""
        if self.inline or self._backlog is None:
            return self.waiting
        return self._backlog.queued()

    def _replace(self, broken: Executor) -> None:
        if self._executor is broken:
            log.warning("a %s worker died: starting a new pool", self.name)
            self.metrics.replaced += 1
            self._executor = self._backlog = self._feeder = None
            broken.shutdown(wait=False, cancel_futures=True)

    def _wait(self, delta: int) -> None:
        self.waiting += delta
        if self._backlog is not None:
            self._backlog.waiting(self.waiting)

    async def run(self, fn: Callable[..., T], *args: Any,
                  describe: Callable[[T], tuple[float | None, str]] | None = None,
                  order: float | None = None) -> T:
        """``fn(*args)`` in a worker. ``describe``, if given, names the budget and the level
        of the job's result (for the metrics).

        The job goes straight into the executor, whose own thread hands it to the next free
        worker: the event loop is needed only to see it end (while ``slots`` jobs are in the
        executor, the next wait here for one to end). In an ``ordered`` pool it goes into
        the feeder's heap by ``order`` (a ``time.perf_counter`` instant; default: now),
        never more than ``ORDER_CREDIT`` seconds before now."""
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
                executor = await self._ensure()
                backlog = self._backlog
                feeder = self._feeder
                handed = time.perf_counter()
                fed: _Fed | None = None
                if feeder is not None:  # (it counts what it hands in and takes back)
                    fed = feeder.submit(job, key)
                    future = fed.outer
                else:
                    if backlog is not None:  # (counted first: a worker may start it at once)
                        backlog.submitted(+1)
                    try:
                        future = executor.submit(job)
                    except BaseException as exc:
                        if backlog is not None:
                            backlog.submitted(-1)
                        if not isinstance(exc, BrokenProcessPool):
                            raise
                        self._replace(executor)
                        if attempt == RETRIES:
                            raise
                        continue
                self.running += 1
                try:
                    result, started, ran = await asyncio.wrap_future(future)
                except BrokenProcessPool:
                    self._replace(executor)
                    if attempt == RETRIES:
                        raise
                    continue
                except asyncio.CancelledError:
                    # never started: the workers will not count it (a job already handed to
                    # a worker cannot be cancelled and is counted when it starts)
                    if future.cancel() and backlog is not None and feeder is None:
                        backlog.submitted(-1)
                    raise
                finally:
                    self.running -= 1
                if self.metrics.enabled:
                    seen = time.perf_counter()
                    entered = handed if fed is None or fed.entered is None else fed.entered
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
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = self._backlog = None


SLOTS_PER_WORKER = 64  # jobs let into the executor per worker (the rest wait in the bot)


class AIPool(WorkerPool):
    """AI decisions from seat views, with the time budget shrinking as the queue grows.

    Every decision goes into the executor at once (up to ``SLOTS_PER_WORKER`` a worker: in
    practice all of them, a table asking for one decision at a time) and its budget is
    chosen by the worker when it starts it, from the decisions still queued then: a
    decision that waited for the busy event loop to hand it over — as it did when the loop
    let in three a worker and chose the budget then — no longer finds a long queue of its
    own making while the workers sit idle."""

    def __init__(self, workers: int, *, nice: int = 10, preload: Sequence[str] = (),
                 start_method: str | None = None) -> None:
        super().__init__("ai", workers, nice=nice, preload=preload, start_method=start_method,
                         slots=SLOTS_PER_WORKER * max(1, workers), ordered=True)

    def _ahead(self) -> int:
        """The decisions waiting besides one starting now (here: for the inline pool and the
        tests' figures; a worker counts its own executor's queue)."""
        return self.waiting + max(0, self.running - max(1, self.workers))

    def budget_ms(self, default: float) -> float:
        """The budget a job would get now: the level's own while nobody waits, less as the
        queue of waiting decisions grows (never below a floor)."""
        return shrunk_budget(default, self.workers, self._ahead())

    def overloaded(self, default: float) -> bool:
        """The queue is too long even for the floor budget: the level below decides."""
        return overloaded(default, self.workers, self._ahead())

    async def decide(self, game: str, level: str, view: Any, seed: str,
                     order: float | None = None) -> dict[str, Any]:
        """The action's JSON. ``order``: when the decision's chain of AI moves began
        (``time.perf_counter``), so that it goes before the decisions of later chains."""
        from engine import games

        spec = games.get(game)
        default = spec.ai_budgets.get(level)
        below = _level_below(spec.ai_levels, level)
        ahead = self._ahead() if self.inline else None  # (a worker counts its own queue)
        action, played, _budget = await self.run(
            decide_loaded, game, level, view, seed, default, below, max(1, self.workers),
            ahead, describe=lambda d: (d[2], d[1]), order=order)
        if played != level:
            self.metrics.fallbacks += 1
        return action


def _level_below(levels: Sequence[str], level: str) -> str | None:
    """The level before ``level`` in the game's list (weaker, cheaper), if any."""
    if level not in levels:
        return None
    index = levels.index(level)
    return levels[index - 1] if index > 0 else None


class RenderPool(WorkerPool):
    """Pictures (PNG bytes) from picklable recipes; anything else is drawn here.

    A picture is a pure function of its recipe (the render function and its view, names,
    language), so a recipe drawn a moment ago is not drawn again: the last ``REUSE`` pictures
    are kept by their recipe's pickle (and a recipe being drawn is waited for, not drawn
    twice). ``reused`` counts the pictures served so.
    """

    REUSE = 64

    def __init__(self, workers: int, *, nice: int = 5, start_method: str | None = None) -> None:
        # as the AI's: the pictures go into the executor at once (its own thread feeds the
        # workers); six a worker were let in before, which under a loop busy for a few
        # hundred ms per job's end bounded the pictures drawn per second
        super().__init__("render", workers, nice=nice, start_method=start_method,
                         slots=SLOTS_PER_WORKER * max(1, workers))
        self.requests = 0
        self.reused = 0
        self._done: OrderedDict[bytes, bytes] = OrderedDict()
        self._drawing: dict[bytes, asyncio.Future[bytes | None]] = {}

    async def render(self, picture: Callable[[], bytes] | None, what: str) -> bytes | None:
        """The PNG, or None when there is no picture or drawing it failed (the message then
        goes out without it, as ``bot.ui.builders.draw`` does)."""
        if picture is None:
            return None
        self.requests += 1
        key = _recipe(picture)
        if key is None:  # not a picklable recipe (a test's patched function): drawn here
            return self._draw_here(picture, what)
        done = self._done.get(key)
        if done is not None:
            self._done.move_to_end(key)
            self.reused += 1
            return done
        drawing = self._drawing.get(key)
        if drawing is not None:
            png = await asyncio.shield(drawing)
            if png is not None:
                self.reused += 1
                return png
            # that drawing failed or was cancelled: this request draws it itself
        future: asyncio.Future[bytes | None] = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        png = None
        try:
            if self.inline:
                png = self._draw_here(picture, what)
            else:
                png = await self._draw_there(key, what)
        finally:
            if self._drawing.get(key) is future:
                del self._drawing[key]
            future.set_result(png)
        if png is not None:
            self._done[key] = png
            while len(self._done) > self.REUSE:
                self._done.popitem(last=False)
        return png

    @staticmethod
    def _draw_here(picture: Callable[[], bytes], what: str) -> bytes | None:
        try:
            return picture()
        except Exception:
            log.exception("rendering %s failed", what)
            return None

    async def _draw_there(self, recipe: bytes, what: str) -> bytes | None:
        """Drawn in a worker from the recipe's pickle (the bytes it was kept by: the loop
        pickles a picture once)."""
        try:
            return await self.run(_draw_recipe, recipe)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("rendering %s failed", what)
            return None


def _settle(future: asyncio.Future[tuple[Executor, _Backlog]],
            executor: tuple[Executor, _Backlog] | None, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        assert executor is not None
        future.set_result(executor)


def _draw_recipe(recipe: bytes) -> bytes:
    """In a worker: the picture of a recipe's pickle."""
    picture: Callable[[], bytes] = pickle.loads(recipe)
    return picture()


def _recipe(fn: object) -> bytes | None:
    """A picture recipe's pickle (its key: equal pickles draw equal pictures), or None when
    it is not a picklable ``functools.partial``."""
    if not isinstance(fn, functools.partial):
        return None
    try:
        return pickle.dumps(fn)
    except Exception:
        return None


def _start_method() -> str:
    methods = multiprocessing.get_all_start_methods()
    return "forkserver" if "forkserver" in methods else "spawn"


@dataclass
class Pools:
    """The bot's worker pools."""

    ai: AIPool
    render: RenderPool

    @classmethod
    def create(cls, ai_workers: int | None = None, render_workers: int | None = None,
               preload: Sequence[str] = ()) -> Pools:
        """``None``: the defaults (one AI worker and one render worker per core)."""
        return cls(AIPool(default_workers() if ai_workers is None else ai_workers,
                          preload=preload),
                   RenderPool(default_workers() if render_workers is None else render_workers))

    async def start(self) -> None:
        await asyncio.gather(self.ai.start(), self.render.start())

    def close(self) -> None:
        self.ai.close()
        self.render.close()
