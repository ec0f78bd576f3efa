"""The toy game with a slow AI (``SLOW_SECONDS`` per decision), for the worker pool's tests:
imported by the pool's worker processes (``worker_preload``), it registers itself there."""

from __future__ import annotations

import random
import time
from dataclasses import replace
from typing import Any

from engine import games
from tests import toy_game

SLOW_SECONDS = 0.8


class SlowAI:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: toy_game.ToySeatView) -> toy_game.ToyPlay:
        time.sleep(SLOW_SECONDS)
        return self.rng.choice(view.legal)


def make_ai(level: str, rng: random.Random) -> SlowAI:
    return SlowAI(rng)


SPEC: Any = replace(toy_game.SPEC, name="slowtoy", make_ai=make_ai)
STRINGS = {lang: {**strings, "name": f"{strings['name']} (slow)"}
           for lang, strings in toy_game.STRINGS.items()}

if "slowtoy" not in games.names():
    games.register(SPEC)
