"""The AI's pool (``AIPool``): decisions from seat views, budgets chosen by the worker."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.workers.decisions import decide_loaded, overloaded, shrunk_budget
from bot.workers.worker_pool import SLOTS_PER_WORKER, WorkerPool


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
