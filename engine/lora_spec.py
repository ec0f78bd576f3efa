"""Lóra as the registry knows it (``engine.games``): make, load, record, replay, AI."""

from __future__ import annotations

import random
from typing import Any

from engine.actions import Declare, action_from_json
from engine.ai import LEVELS, make_ai
from engine.ai.hard import DEFAULT_BUDGET_MS
from engine.contracts import Options
from engine.errors import BadInput
from engine.game import JSON, GameSpec, GameState, Outcome
from engine.lora import SEATS, Lora, ProtocolRow, parse_deals
from engine.lora_tournament import RULES as TOURNAMENT
from engine.views import PublicView, SeatView


def new(options: JSON | None, rng: random.Random) -> Lora:
    """A lóra with the table options of ``Options.to_json()``; seat 0 leads the first tálie."""
    return Lora(options=Options.from_json(options), first_leader=0, rng=rng)


def replay_actions(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Engine log JSON → replay actions: each desítky turn (``lay``… [``end_turn``]) becomes
    one ``{"seat", "play": [cards]}``.

    A turn can end without EndTurn (nothing more to lay, or the game ended), so a turn is the
    run of consecutive ``lay`` actions of one seat; ``end_turn`` or any other action closes
    it. (Two turns of one seat can only follow each other directly after an EndTurn, and
    even merged they would replay identically: LayTurn lays card by card.)
    """
    out: list[dict[str, Any]] = []
    turn: dict[str, Any] | None = None
    for action in log:
        if "lay" in action:
            if turn is not None and turn["seat"] == action["seat"]:
                turn["play"].append(action["lay"])
            else:
                turn = {"seat": action["seat"], "play": [action["lay"]]}
                out.append(turn)
        elif "end_turn" in action:
            turn = None
        else:
            turn = None
            out.append(dict(action))
    return out


def replay_document(lora: Lora) -> JSON:
    """The whole-lóra scenario that replays to the same protocol, totals and order."""
    return {
        "lora": True,
        "first_leader": lora.first_leader,
        "options": lora.options.to_json(),
        "deals": lora.deals_text(),
        "actions": replay_actions([a.to_json() for a in lora.log]),
    }


def record(state: GameState[SeatView, PublicView]) -> JSON:
    """The archive's record of a lóra: the whole-lóra scenario of docs/REPLAY.md."""
    return replay_document(lora_of(state))


def replay(data: JSON) -> Lora:
    """The lóra a whole-lóra scenario replays to (``BadInput`` or the refusal on a bad one)."""
    if data.get("lora") is not True:
        raise BadInput("bad_field", name="lora", value=repr(data.get("lora")))
    first = data.get("first_leader", 0)
    if not isinstance(first, int) or isinstance(first, bool):
        raise BadInput("bad_field", name="first_leader", value=repr(first))
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise BadInput("bad_field", name="actions", value=type(actions).__name__)
    lora = Lora(
        options=Options.from_json(data.get("options")),
        first_leader=first,
        deals=parse_deals(data.get("deals")),
    )
    for raw in actions:
        lora.apply(action_from_json(raw))
    return lora


def from_outcome(outcome: Outcome, options: object, first_leader: int) -> Lora:
    """The finished lóra of an archived outcome (its sheet), without replaying its actions."""
    return Lora.from_sheet(
        options=Options.from_json(options),
        first_leader=first_leader,
        protocol=[ProtocolRow.from_json(r) for r in outcome.details.get("protocol", [])],
        totals=list(outcome.scores),
        stovka=[e.get("cista_stovka") for e in outcome.extras] or [None] * SEATS,
        order=list(outcome.order()),
    )


def lora_of(state: object) -> Lora:
    """The state as a ``Lora`` (a state of another game is a programming error)."""
    if not isinstance(state, Lora):
        raise TypeError(f"not a lóra: {type(state).__name__}")
    return state


def committal(action: object) -> bool:
    """``GameSpec.committal``: declaring čistá stovka (R-STOVKA) binds the player; every
    other step of Lóra is his cards' play or a choice he must make."""
    return isinstance(action, Declare) and action.declare


SPEC: GameSpec[SeatView, PublicView] = GameSpec(
    name="lora",
    seats=SEATS,
    new=new,
    from_json=Lora.from_json,
    action_from_json=action_from_json,
    make_ai=make_ai,
    ai_levels=LEVELS,
    record=record,
    replay=replay,
    ai_budgets={"hard": DEFAULT_BUDGET_MS},
    tournament=TOURNAMENT,
    committal=committal,
)

__all__ = ["SPEC", "lora_of", "new", "record", "replay", "replay_actions", "replay_document"]
