"""The workers' pipes (``_PipePool``): worker processes fed by the event loop alone,
each on a pipe of its own, in the order of the jobs' keys."""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import os
import pickle
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.workers.backlog import _Backlog
from bot.workers.framing import _LENGTH, _frame
from bot.workers.worker_process import _READY, _serve


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
