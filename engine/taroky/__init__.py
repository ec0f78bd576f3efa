"""Taroky, the Czech tarok game of TAROKY.md: one deal (``TarokyDeal``), a round at a table
(``TarokyRound``, the object the bot drives) and ``SPEC``, the game as the registry knows it.
"""

from __future__ import annotations

import random
from typing import Any

from engine.game import GameSpec, TimeLimit
from engine.taroky.actions import Announce, Bid, action_from_json
from engine.taroky.ai.hard import DEFAULT_BUDGET_MS
from engine.taroky.round import TarokyRound
from engine.taroky.tournament import RULES as TOURNAMENT
from engine.taroky.views import SeatView, TableView

AI_LEVELS = ("easy", "medium", "hard")


def make_ai(level: str, rng: random.Random) -> Any:
    """``GameSpec.make_ai``: a Taroky AI player of ``level`` (``.decide(seat_view)``)."""
    from engine.taroky.ai import make_ai as make

    return make(level, rng)


def time_limit(state: Any) -> TimeLimit | None:
    """``GameSpec.time_limit``: the round's clock (T-ROUND, option ``round_limit``)."""
    return state.time_limit() if isinstance(state, TarokyRound) else None


def may_autoplay(state: Any) -> bool:
    """``GameSpec.may_autoplay``: never in the call, and in the announcements only the
    Hotovo that ends a turn in which the seat said all it could (``Deal.turn_over``). A
    forced call (XIX only) would tell that the declarer lacks XIX, so that no tiché sólo is
    on (T-VIEW: only the declarer knows he is alone); in the announcements who may not flek
    or re tells his side (T-FLEK), so a turn that passed by itself would reveal the secret
    partner. Every such turn waits for its seat."""
    if not isinstance(state, TarokyRound) or state.deal.phase not in ("call", "announce"):
        return True
    return state.deal.phase == "announce" and state.deal.turn_over()


def committal(action: object) -> bool:
    """``GameSpec.committal``: a bid above a pass (a game, a push into Varšava) and every
    announcement or flek bind the player beyond his cards' play."""
    if isinstance(action, Bid):
        return action.bid != "dobra"
    return isinstance(action, Announce) and action.item != "done"


SPEC: GameSpec[SeatView, TableView] = GameSpec(
    name="taroky",
    seats=4,
    new=TarokyRound.new,
    from_json=TarokyRound.from_json,
    action_from_json=action_from_json,
    make_ai=make_ai,
    ai_levels=AI_LEVELS,
    ai_budgets={"hard": DEFAULT_BUDGET_MS},
    time_limit=time_limit,
    may_autoplay=may_autoplay,
    tournament=TOURNAMENT,
    committal=committal,
)

__all__ = ["AI_LEVELS", "SPEC", "TarokyRound", "make_ai"]
