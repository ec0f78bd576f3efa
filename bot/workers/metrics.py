"""What a worker pool measured (``PoolMetrics``)."""

from __future__ import annotations

from dataclasses import dataclass, field


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
