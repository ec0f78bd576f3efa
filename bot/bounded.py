"""A dict that keeps its last ``size`` keys set: what the bot holds in memory beside the
database (a player's language, his last table, the messages the sender posted) for a bot
that runs for months — a key dropped is read again, or was only a shortcut."""

from __future__ import annotations

from collections import OrderedDict
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Bounded(OrderedDict[K, V]):
    """At most ``size`` keys: setting one more drops the key set longest ago."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)
