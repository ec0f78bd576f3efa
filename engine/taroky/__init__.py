"""Taroky, the Czech tarok game of TAROKY.md: one deal (``TarokyDeal``), a round at a table
(``TarokyRound``, the object the bot drives) and ``SPEC``, the game as the registry knows it.
"""

from __future__ import annotations

import random
from typing import Any

from engine.game import GameSpec, TimeLimit
from engine.taroky.actions import action_from_json
from engine.taroky.round import TarokyRound
from engine.taroky.views import SeatView, TableView

AI_LEVELS = ("easy", "medium", "hard")


def make_ai(level: str, rng: random.Random) -> Any:
    """``GameSpec.make_ai``: a Taroky AI player of ``level`` (``.decide(seat_view)``)."""
    from engine.taroky.ai import make_ai as make

    return make(level, rng)


def time_limit(state: Any) -> TimeLimit | None:
    """``GameSpec.time_limit``: the round's clock (T-ROUND, option ``round_limit``)."""
    return state.time_limit() if isinstance(state, TarokyRound) else None


SPEC: GameSpec[SeatView, TableView] = GameSpec(
    name="taroky",
    seats=4,
    new=TarokyRound.new,
    from_json=TarokyRound.from_json,
    action_from_json=action_from_json,
    make_ai=make_ai,
    ai_levels=AI_LEVELS,
    time_limit=time_limit,
)

__all__ = ["AI_LEVELS", "SPEC", "TarokyRound", "make_ai"]
