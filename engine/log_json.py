"""The JSON of an append-only action log, kept as the log grows.

A saved state carries its whole action log (a lóra's ends near 900 actions, nine tenths of
its JSON), and the bot saves after every move: building each action's JSON anew on every
save made the save cost grow with the game and left hundreds of fresh objects per save for
the garbage collector. ``LogJSON`` builds an action's JSON once, when a save first sees it.
The lists it returns are new; the action dicts in them are shared between saves and must
not be changed (nothing does: they are serialized or read back)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class _Action(Protocol):
    def to_json(self) -> dict[str, Any]: ...


class LogJSON:
    """``of(log)``: ``[a.to_json() for a in log]``, each action's JSON built once."""

    __slots__ = ("_actions", "_items")

    def __init__(self) -> None:
        self._actions: list[_Action] = []
        self._items: list[dict[str, Any]] = []

    def of(self, log: Sequence[_Action]) -> list[dict[str, Any]]:
        actions, items = self._actions, self._items
        kept = 0
        # the longest prefix still the same actions (a log is only appended to, but one
        # replaced or cut is rebuilt from where it differs rather than trusted)
        for old, new in zip(actions, log, strict=False):
            if old is not new:
                break
            kept += 1
        del actions[kept:], items[kept:]
        for action in log[kept:]:
            actions.append(action)
            items.append(action.to_json())
        return list(items)
