"""A worker process: its start, and its main loop (``_serve``: each job read from its
pipe run and its answer written back); the queue behind the job it runs now."""

from __future__ import annotations

import contextlib
import importlib
import os
import pickle
import signal
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from bot.workers.backlog import _STARTED, _waiting
from bot.workers.framing import _frame

T = TypeVar("T")

# In a worker: its pool's backlog counters (see ``_Backlog``), and the jobs that were
# waiting behind the job it runs now when it started.
_BACKLOG: tuple[Any, Any] | None = None
_behind_now = 0


def _prepare(nice: int, preload: Sequence[str], backlog: tuple[Any, Any] | None = None) -> None:
    """A worker's start: a lower priority, and the modules it needs (e.g. a plug-in game
    that registers itself in ``engine.games``), and its pool's backlog counters. A
    ``"module:function"`` in ``preload`` is also called (the pictures' warm-up: their
    palettes and card art, seconds of work that the first picture would otherwise wait for)."""
    global _BACKLOG
    _BACKLOG = backlog
    # Ctrl+C in a terminal reaches the whole process group: the parent shuts the workers
    # down itself, so a worker does not die of it with a traceback on the user's screen
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    for name in preload:
        module, _, call = name.partition(":")
        loaded = importlib.import_module(module)
        if call:
            getattr(loaded, call)()


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


def _timed(fn: Callable[..., T], *args: Any) -> tuple[T, float, float]:
    """Run a job; when it started (``time.perf_counter``: CLOCK_MONOTONIC on Linux, one
    clock for every process of the machine) and how long it ran."""
    global _behind_now
    _behind_now = _count_start()
    started = time.perf_counter()
    result = fn(*args)
    return result, started, time.perf_counter() - started


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
