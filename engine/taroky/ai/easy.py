"""easy: a uniformly random legal action, from the seat's view."""

from __future__ import annotations

import random

from engine.taroky.actions import DealAction
from engine.taroky.views import SeatView


class EasyAI:
    name = "easy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: SeatView) -> DealAction:
        if not view.legal:
            raise ValueError("the seat has nothing to decide")
        return self.rng.choice(view.legal)
