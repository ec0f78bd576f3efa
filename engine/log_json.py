"""The JSON of an append-only action log, kept as the log grows.

A saved state carries its whole action log (a lóra's ends near 900 actions, nine tenths of
its JSON), and the bot saves after every move: building each action's JSON anew on every
save made the save cost grow with the game and left hundreds of fresh objects per save for
the garbage collector, and serializing it again held the GIL for a millisecond a save in the
database thread. ``LogJSON`` builds an action's JSON and its text once, when a save first
sees it. The lists it returns are new; the action dicts in them are shared between saves and
must not be changed (nothing does: they are serialized or read back)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol


def json_text(value: Any) -> str:
    """The stored text of a JSON value: compact, UTF-8 as it is."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


# a value no state holds (JSON escapes the control characters), and its text, replaced
_MARK = "\x00log\x00"
_MARK_TEXT = json_text(_MARK)


class _Action(Protocol):
    def to_json(self) -> dict[str, Any]: ...


class LogJSON:
    """``of(log)``: ``[a.to_json() for a in log]``; ``text(log)``: its ``json_text``; each
    action's JSON and text built once."""

    __slots__ = ("_actions", "_items", "_texts")

    def __init__(self) -> None:
        self._actions: list[_Action] = []
        self._items: list[dict[str, Any]] = []
        self._texts: list[str] = []

    def _sync(self, log: Sequence[_Action]) -> None:
        actions, items, texts = self._actions, self._items, self._texts
        kept = 0
        # the longest prefix still the same actions (a log is only appended to, but one
        # replaced or cut is rebuilt from where it differs rather than trusted)
        for old, new in zip(actions, log, strict=False):
            if old is not new:
                break
            kept += 1
        del actions[kept:], items[kept:], texts[kept:]
        for action in log[kept:]:
            item = action.to_json()
            actions.append(action)
            items.append(item)
            texts.append(json_text(item))

    def of(self, log: Sequence[_Action]) -> list[dict[str, Any]]:
        self._sync(log)
        return list(self._items)

    def text(self, log: Sequence[_Action]) -> str:
        self._sync(log)
        return "[" + ",".join(self._texts) + "]"

    def state_text(self, data: dict[str, Any], log: Sequence[_Action]) -> str:
        """``json_text(data)`` of a state whose ``"log"`` is ``log``'s JSON, with the log's
        text spliced in rather than serialized again."""
        text = json_text({**data, "log": _MARK})
        if text.count(_MARK_TEXT) != 1:  # the mark's text also in the state: all of it
            return json_text({**data, "log": self.of(log)})
        return text.replace(_MARK_TEXT, self.text(log), 1)
