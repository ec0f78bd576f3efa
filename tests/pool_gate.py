"""A job that holds a worker process until a file exists (the worker pool's tests: decisions
queue behind it in the pool, with nothing timed)."""

from __future__ import annotations

import os
import time


def hold(path: str) -> int:
    while not os.path.exists(path):
        time.sleep(0.005)
    return os.getpid()


def now(_label: str) -> float:
    """When a worker started this job (``time.perf_counter``: one clock for every process)."""
    return time.perf_counter()


def fail(message: str) -> None:
    """A job that raises."""
    raise ValueError(message)


def stop() -> None:
    """A job that raises what no future can take as its exception."""
    raise StopIteration


def unpicklable() -> object:
    """A job whose result cannot go back to the bot."""
    return lambda: None


def blob(size: int, fill: int) -> bytes:
    """A job whose answer is larger than a pipe holds."""
    return bytes([fill]) * size


def echo(value: int) -> tuple[int, int]:
    return value, os.getpid()


def same(data: bytes) -> bytes:
    """A job that answers with what it was given."""
    return data


def leave() -> None:
    """A job that would end its worker's process."""
    raise SystemExit(3)
