"""easy: the medium's rules of thumb before the play, with more caution (a bid or a flek
needs ``CAUTION`` more hand strength: ``engine.taroky.ai.hand``), then a uniformly random
legal card. An easy player plays weak cards; it does not bid sólo or announce valát with a
hand that cannot make it (a random choice among the legal bids and announcements did so in
about a third of its deals, and spoilt the humans' game)."""

from __future__ import annotations

import random

from engine.taroky.actions import DealAction
from engine.taroky.ai.hand import decide_before_play
from engine.taroky.views import SeatView

CAUTION = 2.0  # about one king and a high tarok more than the medium needs


class EasyAI:
    name = "easy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: SeatView) -> DealAction:
        if not view.legal:
            raise ValueError("the seat has nothing to decide")
        if view.public.phase == "play" or len(view.legal) == 1:
            return self.rng.choice(view.legal)
        action = decide_before_play(view, CAUTION)
        return action if action in view.legal else self.rng.choice(view.legal)
