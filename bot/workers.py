"""Worker processes for the work that must not hold the event loop: AI decisions and pictures.

The event loop only does I/O, bookkeeping and the engine's cheap steps. An AI decision is sent
to a ``ProcessPoolExecutor`` as (game, level, the seat's view, an RNG seed): views are plain
picklable dataclasses, so a worker sees exactly what the seat may see. A picture is sent as a
``functools.partial`` of a module-level render function with its view (anything that does not
pickle — a test's patched function — is drawn in this process instead).

* **Bounded**: at most ``slots`` jobs are inside the executor (pictures six per worker, AI
  decisions three: a worker takes its next job from the executor's queue without waiting
  for the event loop to see the last one end); the rest wait in this process (FIFO). The
  jobs waiting here and those queued inside the executor beyond its workers are the queue
  the AI's budget shrinks with. A table asks for one decision at a time, so the queue is
  bounded by the tables in play.
* **Budget under load**: a level with a time budget (``GameSpec.ai_budgets``) gets
  ``budget × workers / (workers + queued)`` when its job starts, never below
  ``MIN_BUDGET_FRACTION`` of it: under overload the AI plays faster and weaker instead of
  making every table wait (the arena figures in the README say how much weaker). When even
  the floor is more than the queue allows (``budget × workers / (workers + queued)`` below
  it: more than about six decisions waiting per worker), the decision is the level below's
  (``GameSpec.ai_levels``: hard's is medium's rule of thumb, a fraction of a millisecond)
  until the queue is short again: heavy overload drains instead of growing.
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
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")

MIN_BUDGET_FRACTION = 0.15
MIN_BUDGET_MS = 3.0
RETRIES = 3


def default_workers() -> int:
    """One worker per core."""
    return max(1, os.cpu_count() or 1)


def _prepare(nice: int, preload: Sequence[str]) -> None:
    """A worker's start: a lower priority, and the modules it needs (e.g. a plug-in game
    that registers itself in ``engine.games``)."""
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    for name in preload:
        importlib.import_module(name)


def _timed(fn: Callable[..., T], *args: Any) -> tuple[T, float, float]:
    """Run a job; when it started (``time.perf_counter``: CLOCK_MONOTONIC on Linux, one
    clock for every process of the machine) and how long it ran."""
    started = time.perf_counter()
    result = fn(*args)
    return result, started, time.perf_counter() - started


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
    # a job's stages: asked → handed to the executor → a worker starts it → … → the loop
    # sees its result (the run is ``run_seconds``)
    handover_seconds: list[float] = field(default_factory=list)
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
                 slots: int | None = None) -> None:
        self.name = name
        self.workers = max(0, workers)
        # jobs let into the executor at once: its workers, or more to hide the hand-over
        self.slots = max(1, slots if slots is not None else self.workers)
        self.nice = nice
        self.preload = tuple(preload)
        self.start_method = start_method or _start_method()
        self.metrics = PoolMetrics()
        self._executor: Executor | None = None
        self._starting: asyncio.Future[Executor] | None = None
        self._slots: asyncio.Semaphore | None = None
        self.waiting = 0  # jobs waiting for a worker
        self.running = 0  # jobs inside the executor
        self.closed = False

    @property
    def inline(self) -> bool:
        return self.workers == 0

    def _make(self) -> Executor:
        """A new executor with all its workers running (in the calling thread)."""
        context = multiprocessing.get_context(self.start_method)
        if self.start_method == "forkserver":
            context.set_forkserver_preload(["bot.workers", "engine.games", *self.preload])
        executor = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_prepare,
                                       initargs=(self.nice, self.preload))
        for _ in range(3):
            warmups = [executor.submit(_warm, 0.05) for _ in range(self.workers)]
            for future in warmups:
                future.result()
            if len(getattr(executor, "_processes", {}) or {}) >= self.workers:
                break
        return executor

    async def start(self) -> None:
        """Start the worker processes now (else the first job starts them)."""
        if not self.inline:
            await self._ensure()

    async def _ensure(self) -> Executor:
        if self._executor is not None:
            return self._executor
        if self._starting is None:
            loop = asyncio.get_running_loop()
            starting: asyncio.Future[Executor] = loop.create_future()
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
            executor = await asyncio.shield(starting)
        finally:
            if self._starting is starting and starting.done():
                self._starting = None
        if self.closed:
            executor.shutdown(wait=False, cancel_futures=True)
            raise RuntimeError(f"the {self.name} pool is closed")
        self._executor = executor
        return executor

    def pids(self) -> list[int]:
        """The worker processes now (for tests and the benchmark's CPU figure)."""
        processes = getattr(self._executor, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.pid is not None]

    def _replace(self, broken: Executor) -> None:
        if self._executor is broken:
            log.warning("a %s worker died: starting a new pool", self.name)
            self.metrics.replaced += 1
            self._executor = None
            broken.shutdown(wait=False, cancel_futures=True)

    async def run(self, fn: Callable[..., T], *args: Any,
                  prepare: Callable[[], tuple[Any, ...]] | None = None,
                  budget: Callable[[], float | None] | None = None, level: str = "",
                  label: Callable[[], str] | None = None) -> T:
        """``fn(*args)`` in a worker. ``prepare``, if given, builds the arguments when the job
        gets a worker (the AI's budget depends on the queue then); ``label``, if given, names
        the level that ran (for the metrics) once ``prepare`` chose it."""
        if self.closed:
            raise RuntimeError(f"the {self.name} pool is closed")
        submitted = time.perf_counter()
        if self.inline:
            call_args = prepare() if prepare is not None else args
            spent = budget() if budget is not None else None
            result, started, ran = _timed(fn, *call_args)
            self.metrics.record(started - submitted, ran, spent,
                                label() if label is not None else level)
            return result
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.slots)
        self.waiting += 1
        try:
            await self._slots.acquire()
        finally:
            self.waiting -= 1
        try:
            call_args = prepare() if prepare is not None else args
            spent = budget() if budget is not None else None
            loop = asyncio.get_running_loop()
            for attempt in range(RETRIES + 1):
                executor = await self._ensure()
                self.running += 1
                try:
                    handed = time.perf_counter()
                    result, started, ran = await loop.run_in_executor(
                        executor, functools.partial(_timed, fn, *call_args))
                    if self.metrics.enabled:
                        seen = time.perf_counter()
                        self.metrics.handover_seconds.append(handed - submitted)
                        self.metrics.executor_seconds.append(started - handed)
                        self.metrics.return_seconds.append(seen - started - ran)
                except BrokenProcessPool:
                    self._replace(executor)
                    if attempt == RETRIES:
                        raise
                    continue
                finally:
                    self.running -= 1
                self.metrics.record(started - submitted, ran, spent,
                                    label() if label is not None else level)
                return result
            raise AssertionError("unreachable")
        finally:
            self._slots.release()

    def close(self) -> None:
        self.closed = True
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


class AIPool(WorkerPool):
    """AI decisions from seat views, with the time budget shrinking as the queue grows."""

    def __init__(self, workers: int, *, nice: int = 10, preload: Sequence[str] = (),
                 start_method: str | None = None) -> None:
        # three jobs per worker inside the executor: a worker takes the next job from the
        # executor's queue at once, not after the event loop has seen the last one end (a
        # busy loop would otherwise bound the decisions per second, however cheap); the
        # jobs queued in the executor count as waiting for the budget
        super().__init__("ai", workers, nice=nice, preload=preload, start_method=start_method,
                         slots=3 * workers)

    def budget_ms(self, default: float) -> float:
        """The budget a job gets now: the level's own while nobody waits, less as the queue
        of waiting decisions grows (never below a floor)."""
        return max(self._scaled(default), default * MIN_BUDGET_FRACTION,
                   min(default, MIN_BUDGET_MS))

    def _scaled(self, default: float) -> float:
        workers = max(1, self.workers)
        ahead = self.waiting + max(0, self.running - workers)  # (queued in the executor too)
        return default * workers / (workers + ahead)

    def overloaded(self, default: float) -> bool:
        """The queue is too long even for the floor budget: the level below decides."""
        return self._scaled(default) < default * MIN_BUDGET_FRACTION

    async def decide(self, game: str, level: str, view: Any, seed: str) -> dict[str, Any]:
        from engine import games

        spec = games.get(game)
        default = spec.ai_budgets.get(level)
        below = _level_below(spec.ai_levels, level)
        chosen: list[float] = []
        played = [level]

        def prepare() -> tuple[Any, ...]:
            if default is None:
                return (game, level, view, seed)
            if below is not None and self.overloaded(default):
                self.metrics.fallbacks += 1
                played[0] = f"{level}>{below}"
                return (game, below, view, seed)
            chosen.append(round(self.budget_ms(default), 1))
            return (game, f"{level}:{chosen[-1]:g}", view, seed)

        return await self.run(decide, prepare=prepare,
                              budget=lambda: chosen[-1] if chosen else None, level=level,
                              label=lambda: played[0])


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
        # pictures need no budget: six jobs per worker in flight keep it busy between them
        # even when the loop is slow to see each one end (a slot is freed only then)
        super().__init__("render", workers, nice=nice, start_method=start_method,
                         slots=6 * workers)
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
                png = await self._draw_there(picture, what)
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

    async def _draw_there(self, picture: Callable[[], bytes], what: str) -> bytes | None:
        try:
            return await self.run(_call, picture)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("rendering %s failed", what)
            return None


def _settle(future: asyncio.Future[Executor], executor: Executor | None,
            error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        assert executor is not None
        future.set_result(executor)


def _call(fn: Callable[[], T]) -> T:
    return fn()


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
