"""The clock the AI players' time budgets read.

At tables it is wall time (``time.perf_counter``): a decision must come back in time. The
arena and the duels may count each player's CPU time instead (``count_cpu_time``), so that a
machine busy with other work does not shrink the budgets and bias a comparison of two
time-budgeted players. Each arena worker is a single-threaded process, so the process's CPU
time is the deciding player's own.
"""

from __future__ import annotations

import time
from collections.abc import Callable

_now: Callable[[], float] = time.perf_counter


def now() -> float:
    """Seconds on the chosen clock (only differences mean anything)."""
    return _now()


def use(fn: Callable[[], float]) -> Callable[[], float]:
    """Read budgets on ``fn`` from now on in this process; returns the clock it replaces."""
    global _now
    old, _now = _now, fn
    return old


def count_cpu_time() -> None:
    """Budgets count this process's CPU time (arena and duel workers; an initializer)."""
    use(time.process_time)
