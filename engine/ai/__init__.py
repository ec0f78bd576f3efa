"""AI players. Each decides from a seat's view only (``engine.views.SeatView``).

``make_ai(level, rng)`` builds one: ``easy`` (a random legal action), ``medium`` (rules of
thumb per contract) or ``hard`` (determinized search over worlds consistent with the view).
``hard1`` is the hard player as it was before issue 17, kept unchanged as a yardstick for the
arena; tables offer only ``LEVELS``.
"""

from __future__ import annotations

import random
from typing import Protocol

from engine.actions import Action
from engine.ai.easy import EasyAI
from engine.ai.hard import HardAI
from engine.ai.hard1 import Hard1AI
from engine.ai.medium import MediumAI
from engine.views import SeatView

LEVELS = ("easy", "medium", "hard")  # offered at tables
ARENA_LEVELS = (*LEVELS, "hard1")


class AI(Protocol):
    name: str

    def decide(self, view: SeatView) -> Action: ...


def make_ai(level: str, rng: random.Random) -> AI:
    """The AI of a level (``easy``, ``medium``, ``hard``, ``hard1``) with an injected RNG.

    ``hard:MS`` (``hard1:MS``) is that player with a time budget of MS milliseconds per card
    decision (the extra time of close decisions scaled alike)."""
    if level == "easy":
        return EasyAI(rng)
    if level == "medium":
        return MediumAI(rng)
    if level == "hard":
        return HardAI(rng)
    if level == "hard1":
        return Hard1AI(rng)
    name, _, ms = level.partition(":")
    if name in ("hard", "hard1") and ms:
        try:
            budget = float(ms)
        except ValueError:
            budget = -1.0
        if budget > 0:
            return HardAI(rng, budget_ms=budget) if name == "hard" else Hard1AI(rng, budget)
    raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(ARENA_LEVELS)}")


__all__ = ["AI", "ARENA_LEVELS", "LEVELS", "EasyAI", "Hard1AI", "HardAI", "MediumAI", "make_ai"]
