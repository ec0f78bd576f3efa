"""AI players for Taroky. Each decides from a seat's view only (``engine.taroky.views.SeatView``,
which may have been pickled: the players keep no state between decisions but their RNG).

``make_ai(level, rng)``: ``easy`` (the medium's bidding and announcements with more caution,
then random legal cards), ``medium`` (rules of thumb for the
bidding, the call, the talon, the discards, the announcements and the play) or ``hard``
(the medium rules before the play; announcements and fleks by their value over sampled
worlds; cards by determinized search over worlds consistent with the public information and
the seat's own, the partner's identity included). ``hard:MS`` sets the time budget per card.
"""

from __future__ import annotations

import random
from typing import Protocol

from engine.taroky.actions import DealAction
from engine.taroky.ai.easy import EasyAI
from engine.taroky.ai.hard import HardAI
from engine.taroky.ai.medium import MediumAI
from engine.taroky.views import SeatView

LEVELS = ("easy", "medium", "hard")


class AI(Protocol):
    name: str

    def decide(self, view: SeatView) -> DealAction: ...


def make_ai(level: str, rng: random.Random) -> AI:
    """The AI of a level with an injected RNG; ``hard:MS``: hard with MS ms per card."""
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
