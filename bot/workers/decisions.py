"""An AI decision in a worker, and its time budget shrinking as the queue grows (the
level below deciding when even the floor is too much)."""

from __future__ import annotations

import random
from typing import Any

from bot.workers import worker_process

MIN_BUDGET_FRACTION = 0.15
MIN_BUDGET_MS = 3.0


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
        ahead = worker_process._behind_now
    if default is None:
        return decide(game, level, view, seed), level, None
    if below is not None and overloaded(default, workers, ahead):
        return decide(game, below, view, seed), f"{level}>{below}", None
    budget = round(shrunk_budget(default, workers, ahead), 1)
    return decide(game, f"{level}:{budget:g}", view, seed), level, budget
