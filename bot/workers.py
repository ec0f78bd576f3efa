"""Worker processes for the work that must not hold the event loop: AI decisions and pictures.

The event loop only does I/O, bookkeeping and the engine's cheap steps. An AI decision is sent
to a worker process as (game, level, the seat's view, an RNG seed): views are plain picklable
dataclasses, so a worker sees exactly what the seat may see. A picture is a
``functools.partial`` of a module-level render function with its view, sent as its pickle
(the bytes the render pool keeps it by: pickled once; anything that does not pickle — a
test's patched function — is drawn in this process instead).

* **The workers' pipes** (``_PipePool``): each worker reads its jobs from a pipe of its own
  and writes its answers back; the event loop writes a job to a free worker's pipe, reads the
  answers as they come (a reader on each pipe) and hands each freed place to the next job.
  A worker has its share of jobs in its pipe (one running, the next ones ready), so it goes
  on while the loop is busy. No thread of the bot's process takes part: a
  ``ProcessPoolExecutor`` did this before with two threads per pool (its manager, woken by
  every submission, and its queue's feeder) that held the GIL a tenth of the time at 200
  tables, and the loop waited for the GIL back after each wake-up (docs/LOAD.md).
* **Bounded**: at most ``slots`` jobs are inside the pool (``SLOTS_PER_WORKER``, 64 per
  worker — in practice all the AI's: a table asks for one decision at a time); the rest wait
  in this process (FIFO).
* **AI decisions in the order of their chains**: a click starts a chain of AI moves at its
  table, one decision after another, and in a first-come queue each of them waits behind
  every decision asked meanwhile — a chain of four waited four queues. The pool keeps its
  jobs in a heap by their ``order`` (the service gives the time the chain started: its later
  decisions go before the first decisions of newer chains; a picture's is the time it was
  asked for); the AI's pool lets only ``FEEDER_ROOM`` a worker and one more into the
  workers' pipes (the pictures' pool: all of them), the next going from the heap as each
  ends. The key gives a chain at most ``ORDER_CREDIT`` seconds of precedence, so a long
  chain of AI seats alone cannot hold back the others.
* **Budget under load**: a level with a time budget (``GameSpec.ai_budgets``) gets
  ``budget × workers / (workers + queued)``, chosen by the worker when it starts the job from
  the jobs still queued then (counters in shared memory that the bot and the workers write
  without waiting for each other, ``_Backlog``), never below ``MIN_BUDGET_FRACTION`` of it:
  under overload the AI plays faster and weaker instead of making every table wait (the
  arena figures in docs/LOAD.md say how much weaker). When even the floor is more than the
  queue allows (``budget × workers / (workers + queued)`` below it: more than about six
  decisions waiting per worker), the decision is the level below's (``GameSpec.ai_levels``:
  hard's is medium's rule of thumb, a fraction of a millisecond) until the queue is short
  again: heavy overload drains instead of growing. A decision cancelled while it waited in
  the pool's heap (its table moved on) leaves the queue; one already in a worker's pipe runs
  and its answer is dropped.
* **A dead worker** breaks the pool (``BrokenProcessPool`` for every job in it): the pool
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
import signal
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
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
# jobs the AI pool lets into its workers' pipes per worker (plus one in all): one running
# and the next ready in its pipe — with fewer, a worker that ends a quick decision (the
# level below under overload takes a fraction of a millisecond) waited for the event loop
# to hand it the next, and the workers sat idle while the queue grew; with more, a
# decision waits behind others in a worker's pipe instead of going to the next free worker
FEEDER_ROOM = 2


def default_workers() -> int:
    """One worker per core."""
    return max(1, os.cpu_count() or 1)


# In a worker: its pool's backlog counters (see ``_Backlog``), and the jobs that were
# waiting behind the job it runs now when it started.
_BACKLOG: tuple[Any, Any] | None = None
_behind_now = 0


def _prepare(nice: int, preload: Sequence[str], backlog: tuple[Any, Any] | None = None) -> None:
    """A worker's start: a lower priority, and the modules it needs (e.g. a plug-in game
    that registers itself in ``engine.games``), and its pool's backlog counters."""
    global _BACKLOG
    _BACKLOG = backlog
    # Ctrl+C in a terminal reaches the whole process group: the parent shuts the workers
    # down itself, so a worker does not die of it with a traceback on the user's screen
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    for name in preload:
        importlib.import_module(name)


def _count_start() -> int:
    """In a worker: count the job it starts now as started; the jobs still waiting (handed
    to the pool and not started, in the bot's ordered heap, or waiting in the bot for
    room in it)."""
    if _BACKLOG is None:
        return 0
    counts, lock = _BACKLOG
    with lock:  # (a worker dead with it breaks the pool, which ends the other workers)
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


class _Job:
    """A job of a ``_PipePool``: its pickle, the future its caller waits for (the event
    loop's), and when it went to a worker (the metrics)."""

    __slots__ = ("data", "entered", "outer")

    def __init__(self, data: bytes, outer: asyncio.Future[Any]) -> None:
        self.data = data
        self.outer = outer
        self.entered: float | None = None


class _Worker:
    """A worker process and this end of its pipe; the jobs sent to it, oldest first, the
    bytes of its answers read but not complete yet, and the bytes of jobs its pipe has not
    taken yet."""

    __slots__ = ("conn", "inside", "process", "unread", "unsent")

    def __init__(self, process: Any, conn: Any) -> None:
        self.process = process
        self.conn = conn
        self.inside: deque[_Job] = deque()
        self.unread = bytearray()
        self.unsent = bytearray()


# seconds a new worker may take to load its modules and say it is ready
READY_WAIT = 120.0
# a frame on a worker's pipe, either way: its length, then its bytes
_LENGTH = 4


def _frame(data: bytes) -> bytes:
    """``data`` framed as ``Connection.recv_bytes`` reads it (a signed 4-byte big-endian
    length: up to 2 GiB), and as the loop reads a worker's answers (``_readable``)."""
    return len(data).to_bytes(_LENGTH, "big", signed=True) + data


class _PipePool:
    """Worker processes, each on a pipe of its own, fed with jobs in the order of their keys
    (smallest first, then as they came). At most ``room`` jobs are with the workers at once
    (a worker's share: one running and the next ones ready in its pipe, so that it goes on
    while the event loop is busy); the rest wait in a heap here. The event loop does it all,
    and nothing else: ``submit`` pickles a job and, while there is room, writes it to the
    least busy worker's pipe; the loop reads the workers' answers as they come (a reader on
    each pipe), gives each to its job's future and hands the freed place to the next job of
    the heap. No thread of this process takes part: a ``ProcessPoolExecutor`` woke its
    manager thread for every job submitted and its queue's feeder thread to pickle it —
    threads that held the GIL a tenth of the time at 200 tables, the loop waiting for it
    back after every wake-up — and a thread of the pool's own reading the answers waited
    for the GIL behind the busy loop at each of its steps, so that the answers (pictures,
    70 a second) queued behind it (docs/LOAD.md).

    A job cancelled before it went to a worker leaves the heap; one with a worker runs, and
    its answer is dropped. A worker that dies breaks the pool: every job in it fails with
    ``BrokenProcessPool`` (the caller starts a new pool and sends them again) and the other
    workers are ended."""

    def __init__(self, context: Any, workers: int, backlog: _Backlog, room: int, *,
                 nice: int, preload: Sequence[str], name: str) -> None:
        self.backlog = backlog
        self.room = max(1, room)
        self.share = -(-self.room // max(1, workers))  # a worker's part of the room
        self.inside = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._heap: list[tuple[float, int, _Job]] = []
        self._count = 0
        self._broken: BrokenProcessPool | None = None
        self._closing = False
        self._ended = False
        self._workers: list[_Worker] = []
        try:
            for _ in range(max(1, workers)):
                here, there = context.Pipe(duplex=True)
                process = context.Process(
                    target=_serve, args=(there, nice, tuple(preload), backlog.for_workers()),
                    name=f"{name}-worker", daemon=True)
                process.start()
                there.close()
                self._workers.append(_Worker(process, here))
            for worker in self._workers:
                try:
                    ready = worker.conn.poll(READY_WAIT) and worker.conn.recv_bytes()
                except (EOFError, OSError):
                    ready = False
                if ready != _READY:
                    raise RuntimeError(f"a {name} worker did not start")
        except BaseException:
            self._end_workers(terminate=True)
            raise

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """(The event loop.) Read the workers' answers, and see a worker die, from now on;
        the loop's ends of the pipes never make it wait (``_send``)."""
        self._loop = loop
        for worker in self._workers:
            os.set_blocking(worker.conn.fileno(), False)
            loop.add_reader(worker.conn.fileno(), self._readable, worker)
            loop.add_reader(worker.process.sentinel, self._died)

    def pids(self) -> list[int]:
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    def submit(self, job: Callable[[], Any], key: float) -> _Job:
        """(The event loop.) The job in the heap, sent at once while there is room; its
        ``outer`` future."""
        if self._broken is not None:
            raise BrokenProcessPool(str(self._broken))
        if self._closing:
            raise RuntimeError("the pool is shut down")
        entry = _Job(pickle.dumps(job, pickle.HIGHEST_PROTOCOL),
                     asyncio.get_running_loop().create_future())
        self._count += 1
        heapq.heappush(self._heap, (key, self._count, entry))
        self._pump()
        if self._broken is not None:
            self._break()
        entry.outer.add_done_callback(self._withdraw)
        return entry

    def _pump(self) -> None:
        """Send jobs while there is room."""
        while self.inside < self.room and self._heap and self._broken is None:
            worker = min(self._workers, key=lambda w: len(w.inside))
            if len(worker.inside) >= self.share:
                break
            _key, _n, job = heapq.heappop(self._heap)
            if job.outer.done():  # (cancelled while it waited)
                continue
            self.backlog.handed_in(+1, len(self._heap))  # (first: the worker may start it)
            job.entered = time.perf_counter()
            worker.inside.append(job)
            self.inside += 1
            try:
                self._send(worker, job.data)
            except OSError:  # the worker is gone
                self._broken = BrokenProcessPool("a worker's pipe is closed")
        self.backlog.held(len(self._heap))

    def _send(self, worker: _Worker, data: bytes) -> None:
        """A job written to the worker's pipe (framed as ``Connection.recv_bytes`` reads it)
        without the loop ever waiting: what the pipe does not take now waits here and goes
        when it can (a writer on the pipe). A blocking write could hold the loop — and with
        it every table — until the worker read, while the worker waited for the loop to
        read its answers: both stuck for good."""
        frame = _frame(data)
        if worker.unsent:
            worker.unsent += frame
            return
        try:
            written = os.write(worker.conn.fileno(), frame)
        except BlockingIOError:
            written = 0
        if written < len(frame):
            worker.unsent += frame[written:]
            assert self._loop is not None
            self._loop.add_writer(worker.conn.fileno(), self._writable, worker)

    def _writable(self, worker: _Worker) -> None:
        """The worker's pipe takes more of the jobs waiting for it."""
        try:
            written = os.write(worker.conn.fileno(), worker.unsent)
        except BlockingIOError:
            return
        except OSError:
            self._died()
            return
        del worker.unsent[:written]
        if not worker.unsent and self._loop is not None:
            self._loop.remove_writer(worker.conn.fileno())

    def _withdraw(self, future: asyncio.Future[Any]) -> None:
        """A job's future is done; if it was cancelled while its job waited in the heap, the
        job leaves it."""
        if not future.cancelled():
            return
        before = len(self._heap)
        self._heap = [entry for entry in self._heap if entry[2].outer is not future]
        if len(self._heap) != before:
            heapq.heapify(self._heap)
            self.backlog.held(len(self._heap))

    def _readable(self, worker: _Worker) -> None:
        """A worker's pipe has bytes: its answers, each settling its oldest job, whose place
        goes to the next job; the pipe's end is the worker's death."""
        try:
            chunk = os.read(worker.conn.fileno(), 1 << 20)
        except OSError:
            chunk = b""
        if not chunk:
            self._died()
            return
        unread = worker.unread
        unread += chunk
        answered: list[tuple[_Job, bool, Any]] = []
        while len(unread) >= _LENGTH:
            size = int.from_bytes(unread[:_LENGTH], "big", signed=True)
            if len(unread) < _LENGTH + size:
                break
            payload = bytes(unread[_LENGTH:_LENGTH + size])
            del unread[:_LENGTH + size]
            try:
                ok, value = pickle.loads(payload)
            except Exception as exc:
                ok, value = False, exc
            answered.append((worker.inside.popleft(), ok, value))
            self.inside -= 1
        if answered:
            self._pump()
            _settle_jobs(answered)
        if self._broken is not None:
            self._break()
        elif self._closing and not self.inside:
            self._end()

    def _died(self) -> None:
        if self._broken is None:
            self._broken = BrokenProcessPool("a worker died")
        self._break()

    def _break(self) -> None:
        """Every job of a broken pool fails; the workers end."""
        failed: list[_Job] = []
        for worker in self._workers:
            failed.extend(worker.inside)
            worker.inside.clear()
        failed.extend(entry[2] for entry in self._heap)
        self._heap = []
        self.inside = 0
        self._end(terminate=True)
        _settle_jobs([(job, False, BrokenProcessPool(str(self._broken))) for job in failed])

    def _end(self, terminate: bool = False) -> None:
        if self._ended:
            return
        self._ended = True
        if self._loop is not None:
            for worker in self._workers:
                with contextlib.suppress(Exception):
                    self._loop.remove_reader(worker.conn.fileno())
                with contextlib.suppress(Exception):
                    self._loop.remove_writer(worker.conn.fileno())
                with contextlib.suppress(Exception):
                    self._loop.remove_reader(worker.process.sentinel)
        self._end_workers(terminate)

    def _end_workers(self, terminate: bool) -> None:
        for worker in self._workers:
            with contextlib.suppress(OSError):
                worker.conn.close()  # (a worker reading its pipe ends at its end)
            if terminate and worker.process.is_alive():
                with contextlib.suppress(Exception):
                    worker.process.terminate()

    def shutdown(self) -> None:
        """(The event loop.) No new jobs; those in the heap are cancelled, those with the
        workers end first (their answers read as they come), then the workers."""
        self._closing = True
        heap, self._heap = self._heap, []
        self.backlog.held(0)
        if self._loop is None or self._loop.is_closed():  # (nobody waits any more)
            self._end(terminate=True)
            return
        for _key, _n, job in heap:
            job.outer.cancel()
        if not self.inside:
            self._end()


def _settle_jobs(answered: list[tuple[_Job, bool, Any]]) -> None:
    """(The event loop.) Each job's future its answer (a cancelled one's is dropped)."""
    for job, ok, value in answered:
        if job.outer.done():
            continue
        if ok:
            job.outer.set_result(value)
        else:
            job.outer.set_exception(value)


_READY = b"ready"


def _serve(conn: Any, nice: int, preload: Sequence[str],
           backlog: tuple[Any, Any] | None) -> None:
    """A worker: its start (``_prepare``), then each job read from its pipe run and its
    answer — (True, the result) or (False, the exception) pickled, after its length —
    written back, until the pipe ends."""
    _prepare(nice, preload, backlog)
    conn.send_bytes(_READY)
    fd = conn.fileno()
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            out: tuple[bool, Any] = (True, pickle.loads(data)())
        except Exception as exc:
            # (a future cannot take StopIteration as its exception)
            out = (False, RuntimeError(repr(exc)) if isinstance(exc, StopIteration) else exc)
        except BaseException as exc:  # (SystemExit, KeyboardInterrupt: not the loop's own)
            out = (False, RuntimeError(f"the job ended the worker's work: {exc!r}"))
        try:
            payload = pickle.dumps(out, pickle.HIGHEST_PROTOCOL)
        except Exception as exc:
            payload = pickle.dumps((False, RuntimeError(f"the result does not pickle: {exc!r}")))
        view = memoryview(_frame(payload))
        try:
            while view:
                view = view[os.write(fd, view):]
        except OSError:
            return


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
    in a worker, None: the decisions its pool holds that have not started). Returns
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
    replaced: int = 0  # pools replaced after a worker died
    queue_seconds: list[float] = field(default_factory=list)  # submitted → started
    run_seconds: list[float] = field(default_factory=list)
    budgets_ms: list[float] = field(default_factory=list)  # effective AI budgets
    levels: list[str] = field(default_factory=list)  # the level of each run (AI pools)
    fallbacks: int = 0  # decisions made by the level below under heavy overload
    # a job's stages: asked → handed to the pool (to its heap, then
    # into the pool) → a worker starts it → … → the loop sees its result (the run is
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
            context.set_forkserver_preload(["bot.workers", "engine.games", *self.preload])
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


SLOTS_PER_WORKER = 64  # jobs let into the pool per worker (the rest wait in the bot)


class AIPool(WorkerPool):
    """AI decisions from seat views, with the time budget shrinking as the queue grows.

    Every decision goes into the pool at once (up to ``SLOTS_PER_WORKER`` a worker: in
    practice all of them, a table asking for one decision at a time) and its budget is
    chosen by the worker when it starts it, from the decisions still queued then: a
    decision that waited for the busy event loop to hand it over — as it did when the loop
    let in three a worker and chose the budget then — no longer finds a long queue of its
    own making while the workers sit idle."""

    def __init__(self, workers: int, *, nice: int = 15, preload: Sequence[str] = (),
                 start_method: str | None = None) -> None:
        # nice 15, below the pictures' 5: when the CPU is short, the pictures (which cannot
        # play weaker) go first and the AI's budgets shrink (at 10, with the loop feeding
        # the workers faster, the pictures' queue p99 grew to 1.3 s at 200 tables)
        super().__init__("ai", workers, nice=nice, preload=preload, start_method=start_method,
                         slots=SLOTS_PER_WORKER * max(1, workers))

    def _ahead(self) -> int:
        """The decisions waiting besides one starting now (here: for the inline pool and the
        tests' figures; a worker counts its own pool's queue)."""
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
        # the pictures go to the workers' pipes at once, first come first served (a
        # picture cannot be made cheaper, and has no chain to go before): a worker goes on
        # with its queue however busy the loop (fed as the AI's, a few a worker, the
        # pictures' queue p99 grew to 1.5 s at 200 tables: docs/LOAD.md)
        slots = SLOTS_PER_WORKER * max(1, workers)
        super().__init__("render", workers, nice=nice, start_method=start_method,
                         slots=slots, room=slots)
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


def _settle(future: asyncio.Future[tuple[_PipePool, _Backlog]],
            pool: tuple[_PipePool, _Backlog] | None, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        assert pool is not None
        future.set_result(pool)


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
