"""Where a delivery's time goes, for the load benchmark (``SenderMetrics.enabled``).

The sender gives each delivery a ``Phases`` in a context variable of its task; the code that
delivers marks its awaits with ``phase("render" | "db" | "rest")``. Phases do not overlap: a
phase opened inside another pauses the outer one. Without a ``Phases`` (metrics off: the
bot's normal run) ``phase`` is one context-variable read.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

RENDER = "render"
DB = "db"
REST = "rest"


class Phases:
    """Seconds per phase of one delivery (``spent``), the innermost phase open on top."""

    __slots__ = ("_stack", "spent")

    def __init__(self) -> None:
        self.spent: dict[str, float] = {}
        self._stack: list[tuple[str, float]] = []

    def _add(self, name: str, seconds: float) -> None:
        self.spent[name] = self.spent.get(name, 0.0) + seconds

    @contextmanager
    def open(self, name: str) -> Iterator[None]:
        now = time.perf_counter()
        if self._stack:
            outer, since = self._stack[-1]
            self._add(outer, now - since)
        self._stack.append((name, now))
        try:
            yield
        finally:
            end = time.perf_counter()
            _name, since = self._stack.pop()
            self._add(name, end - since)
            if self._stack:
                outer, _since = self._stack[-1]
                self._stack[-1] = (outer, end)


current: ContextVar[Phases | None] = ContextVar("delivery_phases", default=None)


@contextmanager
def phase(name: str) -> Iterator[None]:
    """Count the time inside as ``name`` in the running delivery's phases (if measured)."""
    phases = current.get()
    if phases is None:
        yield
        return
    with phases.open(name):
        yield
