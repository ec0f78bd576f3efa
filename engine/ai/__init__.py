"""AI players. Each decides from a seat's view only (``engine.views.SeatView``).

``make_ai(level, rng)`` builds one: ``easy`` (a random legal action), ``medium`` (rules of
thumb per contract) or ``hard`` (determinized search over worlds consistent with the view).
"""

from __future__ import annotations

import random
from typing import Protocol

from engine.actions import Action
from engine.ai.easy import EasyAI
from engine.ai.hard import HardAI
from engine.ai.medium import MediumAI
from engine.views import SeatView

LEVELS = ("easy", "medium", "hard")


class AI(Protocol):
    name: str

    def decide(self, view: SeatView) -> Action: ...


def make_ai(level: str, rng: random.Random) -> AI:
    """The AI of a level (``easy``, ``medium``, ``hard``) with an injected RNG.

    ``hard:MS`` is the hard player with a time budget of MS milliseconds per decision."""
    if level == "easy":
        return EasyAI(rng)
    if level == "medium":
        return MediumAI(rng)
    if level == "hard":
        return HardAI(rng)
    if level.startswith("hard:"):
        try:
            budget = float(level[5:])
        except ValueError:
            budget = -1.0
        if budget > 0:
            return HardAI(rng, budget_ms=budget)
    raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")


__all__ = ["AI", "LEVELS", "EasyAI", "HardAI", "MediumAI", "make_ai"]
