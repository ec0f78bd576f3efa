"""hard: search from the seat's view (issue 17).

Cards: ``engine.ai.search`` — flat Monte Carlo over worlds drawn from what the seat believes
(the public constraints and the other seats' play read through the opponent model of
``engine.ai.opponent``), rollouts, exact solving of the last tricks, extra worlds where the
best candidates are close. The maturita choice: ``engine.ai.maturita``. Čistá stovka: never
declared (``engine.ai.objective.hard_stovka_declare``, measured against the medium rule).

``decide`` reads nothing but the view and keeps nothing between decisions, so it runs
unchanged in a worker process; ``budget_ms=None`` makes every budget a count of worlds, which
is deterministic for a given RNG state.
"""

from __future__ import annotations

import random
from dataclasses import replace

from engine import clock
from engine.actions import Action, Choose, Declare
from engine.ai import maturita
from engine.ai.common import card_action
from engine.ai.objective import hard_stovka_declare
from engine.ai.search import CardSearch, SearchConfig
from engine.views import SeatView

DEFAULT_BUDGET_MS = 40.0
MATURITA_BUDGET_MS = 300.0


class HardAI:
    name = "hard"

    def __init__(
        self,
        rng: random.Random,
        budget_ms: float | None = DEFAULT_BUDGET_MS,
        config: SearchConfig | None = None,
        max_worlds: int | None = None,
        maturita_worlds: int = 120,
        maturita_budget_ms: float | None = MATURITA_BUDGET_MS,
    ) -> None:
        self.rng = rng
        base = config or SearchConfig()
        if budget_ms is None:
            base = replace(base, budget_ms=None, close_ms=None)
        elif budget_ms != base.budget_ms:
            scale = budget_ms / (base.budget_ms or budget_ms)
            close = None if base.close_ms is None else base.close_ms * scale
            base = replace(base, budget_ms=budget_ms, close_ms=close)
        if max_worlds is not None:  # a small fixed budget (tests, quick runs)
            base = replace(
                base,
                worlds=max_worlds,
                close_worlds=max_worlds,
                desitky_worlds=max_worlds,
                desitky_close_worlds=max_worlds,
                min_worlds=min(base.min_worlds, max_worlds),
                batch=min(base.batch, max_worlds),
            )
        self.config = base
        self.budget_ms = base.budget_ms
        self.maturita_worlds = maturita_worlds
        self.maturita_budget_ms = None if budget_ms is None else maturita_budget_ms
        self.fallbacks = 0
        self.last_worlds = 0  # worlds searched by the last decision (for the arena)
        self.last_stop = ""  # why its card search stopped (``CardSearch.stop``; benchmarks)
        # the joint search of its own next decisions (``own_joint``): "" not tried, "ran",
        # "changed" (another card than the flat search's), "stopped" (out of time or visits:
        # the flat search's card); benchmarks
        self.last_joint = ""

    def decide(self, view: SeatView) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError("the seat has nothing to decide")
        self.last_worlds = 0
        self.last_stop = ""
        self.last_joint = ""
        if len(legal) == 1:
            return legal[0]
        pub = view.public
        if pub.phase == "stovka":
            return Declare(view.seat, hard_stovka_declare(view))
        if pub.phase == "choose":
            deadline = None
            if self.maturita_budget_ms is not None:
                deadline = clock.now() + self.maturita_budget_ms / 1000
            contract, _ = maturita.choose(view, self.rng, self.maturita_worlds, deadline)
            return Choose(view.seat, contract)
        search = CardSearch(view, self.rng, self.config)
        action = card_action(view, search.run())
        self.last_worlds = search.worlds_used
        self.last_stop = search.stop
        if search.joint_tried:
            self.last_joint = "stopped"
        if search.joint_ran:
            self.last_joint = "changed" if search.joint_changed else "ran"
        if action not in legal:
            self.fallbacks += 1
            return legal[0]
        return action
