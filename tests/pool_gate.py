"""A job that holds a worker process until a file exists (the worker pool's tests: decisions
queue behind it in the pool, with nothing timed), the other jobs those tests send, and their
wait for the pool to reach a state."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable


async def until(check: Callable[[], bool], seconds: float = 30.0) -> None:
    """(In the bot's test.) Wait until ``check()`` holds; fail after ``seconds``."""
    deadline = time.perf_counter() + seconds
    while not check():
        assert time.perf_counter() < deadline, "the wait timed out"
        await asyncio.sleep(0.005)


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


def palettes_built(_label: str) -> tuple[int, int]:
    """(In a picture worker.) Whether each game's fixed palette is built already: (Lóra's,
    Taroky's) cache sizes, 1 when built."""
    from bot.games.taroky.pictures.palette import taroky
    from bot.render.palette import lora

    return lora.cache_info().currsize, taroky.cache_info().currsize
