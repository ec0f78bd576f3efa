"""A finished lóra in the replay format of docs/REPLAY.md (``python -m engine replay``)."""

from __future__ import annotations

from typing import Any

from engine.lora import Lora


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


def replay_document(lora: Lora) -> dict[str, Any]:
    """The whole-lóra scenario that replays to the same protocol, totals and order."""
    return {
        "lora": True,
        "first_leader": lora.first_leader,
        "options": lora.options.to_json(),
        "deals": lora.deals_text(),
        "actions": replay_actions([a.to_json() for a in lora.log]),
    }


def tie_groups(totals: list[int], stovka: list[bool | None]) -> list[list[int]]:
    """R-RANK: the groups of seats that had to play harakiri (same rank key, two or more)."""

    def key(seat: int) -> tuple[int, int]:
        declared = stovka[seat] is True
        if declared and totals[seat] == 100:
            return (0, 0)
        return (2 if declared else 1, totals[seat])

    groups: dict[tuple[int, int], list[int]] = {}
    for seat in range(4):
        groups.setdefault(key(seat), []).append(seat)
    return [g for g in groups.values() if len(g) > 1]
