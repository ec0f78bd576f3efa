"""What the sender measured: counters, and each delivery's time while enabled."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class SenderMetrics:
    """Counters, and per-delivery latencies while ``enabled`` (the load benchmark)."""

    enabled: bool = False
    submitted: int = 0
    delivered: dict[str, int] = field(default_factory=dict)  # by kind
    superseded: dict[str, int] = field(default_factory=dict)  # by kind
    dropped: int = 0
    calls: dict[str, int] = field(default_factory=dict)  # REST attempts by route
    rate_limited: int = 0
    server_errors: int = 0
    found_after_crash: int = 0
    folded: int = 0  # announcements sent as lines of an earlier one's post
    folds: int = 0  # posts that carried others
    paced: int = 0  # times a channel waited for the global limit
    charged: int = 0  # calls beside the entries charged to the global pace
    latencies: list[float] = field(default_factory=list)  # submitted → delivered, seconds
    # per delivery (while enabled): where its time went (``Timed``)
    timed: list[Timed] = field(default_factory=list)

    def bump(self, counter: dict[str, int], key: str) -> None:
        counter[key] = counter.get(key, 0) + 1


@dataclass
class Timed:
    """One delivery's time, seconds: ``total`` from the submission of the oldest entry it
    stands for (superseded or folded ones included) to the end of its REST calls. ``waits``:
    before it started, by what it waited for — ``merged`` (before its own submission: the
    entries it superseded waited), ``table`` (behind its own table's entries, one in
    flight), ``held``, ``bucket`` (its route's rate limit), ``retry`` (a backoff after a
    failure), ``pace`` (the global limit), ``slot`` (ready, the channel's slots taken by
    other tables or another table's turn first); a wait that should have ended by the clock
    but went on until something kicked the channel is counted apart, as ``<wait>_late``.
    ``phases``: after it started — ``render``, ``db``, ``rest``, ``other`` (the rest: the
    event loop's turns between them)."""

    kind: str
    route: str
    channel_id: int
    table_id: int | None
    total: float
    waits: dict[str, float]
    phases: dict[str, float]
