"""A job that holds a worker process until a file exists (the worker pool's tests: decisions
queue behind it in the executor, with nothing timed)."""

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
