"""The sender's queues: a channel's lanes of entries (``_Channel``) and an entry waiting
in one (``_Item``, with what it waits for, for the metrics)."""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass, field

from bot.delivery import timing
from bot.delivery.pacing import ROUTE_LIMIT, ROUTE_RESERVE, _Bucket
from bot.storage.models import OutboxEntry

# a table's queue of entries (None: the channel's own), and whether it holds the tidying
# entries (``items.tidy``: deletions and records of messages no longer current), which go
# beside the table's current messages rather than in line with them
Lane = tuple[int | None, bool]


@dataclass
class _Item:
    entry: OutboxEntry
    submitted: float  # time.perf_counter
    order: int  # its turn: the id of the oldest entry it superseded (else its own)
    lane: Lane  # its queue (``Sender.submit``)
    since: float = 0.0  # the sender's clock when it (or the oldest it superseded) came
    failures: int = 0  # unexpected errors while delivering it
    folded: list[_Item] = field(default_factory=list)  # the entries its post carries
    # (measured only while the metrics are enabled) what it waits for now, since when
    # (time.perf_counter), until when by the clock (None: until something changes)
    state: str = ""
    arrived: float = 0.0  # its own submission (the sender's clock)
    state_at: float = 0.0
    state_due: float | None = None
    waits: dict[str, float] | None = None
    phases: timing.Phases | None = None

    def note(self, state: str, now: float, due: float | None = None) -> None:
        """It waits for ``state`` from ``now`` on (metrics): the time since the last
        change goes to the wait it was in."""
        if state == self.state and due == self.state_due:
            return
        if self.waits is None:
            self.waits = {}
        if self.state:
            end = self.state_due
            if end is not None and end < now:
                late = now - max(end, self.state_at)
                self.waits[self.state + "_late"] = self.waits.get(self.state + "_late",
                                                                  0.0) + late
                now_in = max(end, self.state_at)
            else:
                now_in = now
            self.waits[self.state] = self.waits.get(self.state, 0.0) + now_in - self.state_at
        self.state, self.state_at, self.state_due = state, now, due


@dataclass
class _Channel:
    channel_id: int
    tables: dict[Lane, deque[_Item]] = field(default_factory=dict)
    retry_at: dict[Lane, float] = field(default_factory=dict)  # lane → not before
    backoff: dict[Lane, float] = field(default_factory=dict)
    buckets: dict[str, _Bucket] = field(default_factory=dict)  # route → its pacing
    in_flight: dict[Lane, _Item] = field(default_factory=dict)  # one per lane
    workers: set[asyncio.Task[None]] = field(default_factory=set)
    timer: asyncio.TimerHandle | None = None
    suspect: set[int] = field(default_factory=set)  # entries whose POST may have arrived

    def size(self) -> int:
        return sum(len(q) for q in self.tables.values())

    def bucket(self, route: str, now: float) -> _Bucket:
        bucket = self.buckets.get(route)
        if bucket is None:
            bucket = self.buckets[route] = _Bucket(ROUTE_LIMIT - ROUTE_RESERVE, now)
        return bucket
