"""The sender: delivers the outbox, channel by channel, and knows no Discord.

Entries arrive committed (``submit``, right after the change's transaction, or ``recover``
at start-up). Each channel is paced on its own — its messages share its rate limits — with
at most ``CHANNEL_CONCURRENCY`` entries in flight, each of another lane — a table's
entries, or its tidying (below) — the one that has waited longest first, in order within a
lane:

* **Superseding**: an entry with a ``key`` (one table message refresh, the latest ping) drops
  the older pending entry of its key that is not in flight, and takes its turn; a table never
  has more than one message edit in flight, and a burst of changes becomes one edit.
* **Rate limits**: each route of a channel ("post", "edit", "delete") that has met its limit
  once (a 429) is paced by the sender's own estimate of its bucket (``_Bucket``: Discord's
  usual 5 requests per 5 s, one token kept in reserve): an entry starts only when its route
  has a token, so a busy channel uses its whole budget without provoking more 429s, and the
  entry that starts reads the latest state (what waits is superseded, not what is in
  flight). A 429 that comes anyway empties
  that route's bucket and blocks it for its retry-after; the other routes and channels go on,
  and a POST answered 429 was not made (it is posted, not looked for, next time). discord.py
  itself also paces by the response headers and retries short 429s; what reaches us is the
  rest, and SimCord's modelled and injected ones.
* **Faults**: a 5xx or a lost connection retries the entry with exponential backoff (its
  lane's later entries wait behind it, so a table's messages stay in order); a refusal
  (403, 400) drops it, logged.
* **Exactly once**: a POST is not idempotent. Before a POST the entry's attempt is committed
  (``outbox_attempted``, with the newest message id of the channel known then). An entry
  that has an attempt and no recorded message — after a crash, or after a 5xx that may have
  been answered after the message was created — is first looked for among the channel's
  messages newer than that watermark (``Deliverer.find_posted``: the bot's own message of the
  same content that no other entry has recorded); only if it is not there is it posted
  again. The POST also carries the entry's nonce with ``enforce_nonce``, so Discord itself
  drops a repeat within its dedup window.
* **The bot's global limit**: Discord allows a bot about 50 requests per second over all
  routes but interaction answers and webhooks (``global_limit``, the bot's setting
  ``LORA_DISCORD_GLOBAL_LIMIT``: Discord raises it only for bots in 150,000 servers or
  more); the sender starts at most ``GLOBAL_SHARE`` of it (45) entries per second over all
  channels (a token bucket saving at most a fifth of a second's worth, and never so much
  that a second could see the limit: at 50, 4 saved and no second above 49). The bot's
  other calls of that limit (a table's thread made, a channel fetched, an archived thread
  reopened, a message looked for after a crash or posted anew because its old one was
  deleted) are charged to the same pace
  (``Sender.charge``): the entries after them wait the longer. Entries waiting for
  it stay queued, where a newer refresh of the same key supersedes them: under that limit a
  busy table's edits merge instead of piling up. Its tokens go in the entries' turns over
  all channels (the one that has waited longest first; tidying later, below), whichever
  channel asks.
* **Tidying comes second**: deleting, or editing into a record, a message no longer current
  (``items.tidy``: a table message, ping or pointer posted anew, a tournament's old
  message) takes its turn as if it came ``TIDY_PATIENCE`` seconds later, so the entries of
  current messages that come within those seconds go first, in the channel and for the
  global pace; and it waits in a lane of its own beside its table's entries: the table's
  refreshes of its new message do not wait in line behind it. What was pending at start-up
  goes in the order it was written, tidying in line with its table (``recover``).
* **Holding**: a table message refresh may wait a moment (``hold``, the controller's rule:
  while the table's AI seats are moving), so that a human's card and the AI cards after it
  make one edit — the chain's own refresh supersedes the held one. It goes when the hold
  ends (``release``: the chain is over) or, at the latest, with the first delivery or
  submission anywhere after ``HOLD_SECONDS`` (no timer per held entry: the pacing is driven
  by the traffic itself, which is there whenever holding matters) — ``HOLD_BUSY_SECONDS``
  while the global pace binds: a human's card then waits for the chain rather than taking
  a request and a picture of its own (the controller holds the hands as long).
* **Folding**: a table's plain text announcements waiting right behind each other go as one
  post, their lines joined (``bot.delivery.folding``; the fold is committed before the POST).
* Marks (delivered, superseded, dropped) are written in batches: a lost mark is harmless
  (an edit or delete is redone; a POST is found by the rule above). While deliveries are
  under way the marks wait, up to ``MARKS_HELD`` of them, and go in one write when the
  last delivery under way ends or the count is reached: each write is a hand-over to the
  database's thread and a commit, and under load one write per delivery's end was one of
  the busiest callers of the database (about two per click at 200 tables).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Literal, Protocol

from bot.delivery import folding, items, timing
from bot.storage.models import OutboxDone, OutboxEntry
from bot.storage.protocol import TableStore

log = logging.getLogger(__name__)

Route = Literal["post", "edit", "delete"]
# a table's queue of entries (None: the channel's own), and whether it holds the tidying
# entries (``items.tidy``: deletions and records of messages no longer current), which go
# beside the table's current messages rather than in line with them
Lane = tuple[int | None, bool]
FIRST_BACKOFF = 0.5
MAX_BACKOFF = 60.0
DEFAULT_RETRY_AFTER = 1.0
BUG_RETRIES = 3
CHANNEL_CONCURRENCY = 4  # entries of different lanes in flight at once per channel
# Discord's usual limit of one route of a channel's messages (its headers show 5 per 5 s);
# the sender keeps one token in reserve: a call leaves a little after its entry starts (a
# picture is drawn first), so calls may reach Discord closer together than they started
ROUTE_LIMIT = 5
ROUTE_PERIOD = 5.0
ROUTE_RESERVE = 1
STARTUP_WAIT = 15.0  # a click waits at most this long for its table's backlog at start-up
KNOWN_MARGIN = timedelta(minutes=5)  # clock skew between the bot and its database
GLOBAL_LIMIT = 50  # requests per second Discord allows a bot (raised only for very large bots)
# the share of it the sender paces its entries at: the calls beside the outbox are charged
# to the pace (``Sender.charge``), so this margin is for the jitter between an entry's start
# and its call reaching Discord (a picture is drawn in between). At 0.8 (40 a second) the
# pace was what 175 tables' clicks waited for (click → table updated p99 1.3–2.2 s); at 0.9,
# 0.83–0.99 s in three runs (docs/LOAD.md, issue 12)
GLOBAL_SHARE = 0.9
# the pace's saved tokens, as a share of its rate: a second's worth let 80 entries start
# within one second after a quiet moment (Discord: 50); at most a fifth, and at most what
# keeps the rate and the saved tokens together under the limit (at 45 of 50: 4 saved)
PACE_BURST = 0.2
# a held table message refresh goes at the latest this long after it was queued
HOLD_SECONDS = 0.4
# ... and this long while the global pace is what entries wait for (it made one wait within
# ``BUSY_MEMORY`` seconds): then each refresh merged into its chain's saves a request of
# the bot's scarcest kind and a picture, and the pace's wait is longer than the chain's
HOLD_BUSY_SECONDS = 1.5
BUSY_MEMORY = 2.0
# marks kept back while deliveries are under way: one write for many (a lost mark is
# harmless, see the module's docstring); written at once when none is under way
MARKS_HELD = 64
# how often a caller waiting for a channel's own posts looks again (``posts_delivered``)
POSTS_POLL = 0.1
# a tidying entry takes its turn as if it came this much later: the entries of current
# messages that come meanwhile go first (at 200 tables the deal starts' records were a sixth
# of the bot's paced requests, and each made its table's next refresh wait for a token)
TIDY_PATIENCE = 5.0


class DeliveryError(Exception):
    """A REST call that failed, classified: ``rate`` (429: ``retry_after``, ``route``),
    ``server`` (5xx, a lost connection: retry), ``gone`` (the channel is gone: drop the
    channel's entries), ``refused`` (4xx: drop the entry)."""

    def __init__(self, kind: Literal["rate", "server", "gone", "refused"], message: str = "", *,
                 retry_after: float | None = None, route: Route | None = None) -> None:
        super().__init__(message or kind)
        self.kind = kind
        self.retry_after = retry_after
        self.route = route


class Deliverer(Protocol):
    """How an entry becomes REST calls (``bot.delivery.channel.ChannelDeliverer``)."""

    def route(self, entry: OutboxEntry) -> Route: ...

    def describe(self, entry: OutboxEntry) -> str:
        """What the entry is, for the log ("table message edit", "ping", …)."""
        ...

    async def deliver(self, entry: OutboxEntry,
                      before_post: Callable[[], Awaitable[None]]) -> int | None:
        """Make the entry's calls; the id of the message it posted (None: it edited or
        deleted). ``before_post`` must be awaited right before a POST."""
        ...

    async def find_posted(self, entry: OutboxEntry, known: set[int]) -> int | None:
        """An attempted POST's message, if it is in the channel (newer than the entry's
        watermark, not one of ``known``)."""
        ...

    async def posted(self, entry: OutboxEntry, message_id: int) -> None:
        """What follows a POST that arrived (the table's new message id, the old one's
        deletion)."""
        ...


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
class _Pace:
    """A token bucket: ``rate`` per second, at most ``capacity`` saved."""

    rate: float
    tokens: float
    stamp: float
    capacity: float

    def wait(self, now: float) -> float:
        """0 when an entry may start now, else the seconds until one may."""
        self.tokens = min(self.capacity,
                          self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now
        return 0.0 if self.tokens >= 1 - 1e-9 else (1 - self.tokens) / self.rate

    def take(self) -> None:
        self.tokens = max(0.0, self.tokens - 1)

    def charge(self, now: float, calls: int) -> None:
        """Calls made beside the entries: taken from the tokens, into debt if need be (the
        next entry waits until the debt is paid)."""
        self.wait(now)
        self.tokens -= calls


@dataclass
class _Bucket:
    """The sender's estimate of a channel route's rate limit bucket: ``ROUTE_LIMIT -
    ROUTE_RESERVE`` tokens, refilled at ``ROUTE_LIMIT / ROUTE_PERIOD`` per second; a call
    takes one when its entry starts. A 429 empties it and blocks it for the retry-after; from
    the first 429 on, the route is paced by it (before, discord.py's own pacing by the
    response headers is all there is: a channel that never met its limit is not slowed)."""

    tokens: float
    stamp: float
    blocked: float = 0.0  # not before (a 429's retry-after)
    paced: bool = False  # the route has been answered 429: calls wait for a token
    capacity: float = ROUTE_LIMIT - ROUTE_RESERVE
    rate: float = ROUTE_LIMIT / ROUTE_PERIOD

    def _refill(self, now: float) -> None:
        if now < self.stamp:  # the clock went back (SimCord's virtual loop time beside the
            self.blocked -= self.stamp - now  # real one): what was left of a block stays left
        else:
            self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def ready_at(self, now: float) -> float:
        """When a call may start (``now`` or later)."""
        self._refill(now)
        wait = 0.0 if self.tokens >= 1 or not self.paced else (1 - self.tokens) / self.rate
        return max(now + wait, self.blocked)

    def take(self, now: float) -> None:
        self._refill(now)
        self.tokens = max(self.tokens - 1, 0.0) if not self.paced else self.tokens - 1

    def limited(self, now: float, retry_after: float) -> None:
        """Discord answered 429: the bucket is empty, and shut for ``retry_after``."""
        self._refill(now)
        self.tokens = min(self.tokens, 0.0)
        self.blocked = max(self.blocked, now + retry_after)
        self.paced = True


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


class Sender:
    """Delivers the outbox; ``submit`` committed entries, ``await settled()`` in tests."""

    def __init__(self, store: TableStore, deliverer: Deliverer, *,
                 on_delivered: Callable[[OutboxEntry, float], None] | None = None,
                 hold: Callable[[OutboxEntry], bool] | None = None,
                 global_limit: int = GLOBAL_LIMIT) -> None:
        self.store = store
        self.deliverer = deliverer
        # whether a pending entry should wait (at most ``hold_seconds()``) for a newer one
        self.hold = hold
        self._held: dict[int, float] = {}  # channel → when its oldest held entry is due
        # entries started per second over all channels (``_Pace``)
        self.global_rate = GLOBAL_SHARE * global_limit
        self.global_limit = global_limit
        self._pace: _Pace | None = None
        self._pace_waited = float("-inf")  # when a channel last waited for the pace (clock)
        # channels waiting for the global limit → the rank (``_rank``) of the entry each
        # would start: the next token goes to the first
        self._paced: dict[int, tuple[float, int]] = {}
        self._running = 0  # deliveries in flight over all channels
        self._pace_timer: asyncio.TimerHandle | None = None
        self._pace_due = 0.0  # when the pace's timer is due (on ``clock``)
        # the clock of the hold and the global pace (real time: the rate is Discord's)
        self.clock: Callable[[], float] = time.perf_counter
        # the clock of the route buckets and the retries (None: the event loop's, whose
        # timers wake a channel when its route or backoff is ready). The load benchmark
        # sets the real clock: under its continuous load SimCord's virtual loop time stands
        # still, and a bucket on it would never refill (the channel is woken by the traffic)
        self.route_clock: Callable[[], float] | None = None
        self.metrics = SenderMetrics()
        self.on_delivered = on_delivered
        self.channels: dict[int, _Channel] = {}
        self._marks: list[OutboxDone] = []
        self._mark_task: asyncio.Task[None] | None = None
        self._waiters: list[tuple[int | None, asyncio.Future[None]]] = []
        self._startup: dict[int, set[int]] = {}  # table → entries recovered at start-up
        self._known: set[int] = set()  # entry ids queued (a resubmission is ignored)
        self._posted: set[int] = set()  # messages this sender has posted (or found)
        self._newest: dict[int, int] = {}  # channel → the newest message id it posted
        self._attempted: set[int] = set()  # entries whose POST attempt is recorded
        self.closed = False

    # -- intake --------------------------------------------------------------------------
    def submit(self, entries: Iterable[OutboxEntry], *, recovered: bool = False) -> None:
        """Committed entries to deliver (in entry order). ``recovered`` (pending at start-up):
        tidying goes in line with its table's entries, in the order it was written — a POST
        looked for after a crash must not take an old table message whose record was not
        made yet for its own, and the table's first click waits for it anyway."""
        now = time.perf_counter()
        since = self.clock()
        touched: set[int] = set()
        for entry in sorted(entries, key=lambda e: e.entry_id):
            if entry.entry_id in self._known or self.closed:
                continue
            self._known.add(entry.entry_id)
            self.metrics.submitted += 1
            channel = self.channels.setdefault(entry.channel_id, _Channel(entry.channel_id))
            lane = entry.table_id, items.tidy(entry) and not recovered
            queue = channel.tables.setdefault(lane, deque())
            item = _Item(entry, now, entry.entry_id, lane, since=since)
            if self.metrics.enabled:
                item.arrived = since
                item.note("slot", since)
            if entry.key is not None:
                self._supersede(channel, queue, item)
            if entry.attempted_at is not None:
                channel.suspect.add(entry.entry_id)
            queue.append(item)
            touched.add(entry.channel_id)
        for channel_id in touched:
            self._kick(channel_id)
        self._due()

    def release(self, table_id: int) -> None:
        """The table's hold is over (its AI chain ended): its held refresh may go now."""
        for channel in list(self.channels.values()):
            if (table_id, False) in channel.tables and channel.channel_id in self._held:
                self._kick(channel.channel_id)

    def _due(self) -> None:
        """Kick the channels whose held entry is due or that wait for the global pace (on
        every submission and every delivery's end: no timer per held entry)."""
        now = self.clock()
        for channel_id in [c for c, due in self._held.items() if due <= now]:
            self._kick(channel_id)
        if not self._paced or self.closed:
            return
        wait = self._pace.wait(now) if self._pace is not None else 0.0
        if wait == 0:
            for channel_id in sorted(self._paced, key=self._paced.__getitem__):
                if channel_id in self._paced:  # (not kicked meanwhile by another's kick)
                    self._kick(channel_id)
        else:
            self._arm_pace(wait)

    def _global_pace(self, clock: float) -> _Pace:
        if self._pace is None or self._pace.rate != self.global_rate:
            burst = max(1.0, min(PACE_BURST * self.global_rate,
                                 self.global_limit - 1 - self.global_rate))
            self._pace = _Pace(self.global_rate, burst, clock, burst)
        return self._pace

    def charge(self, calls: int = 1) -> None:
        """A call of the bot's global limit made beside the outbox (a thread made, a
        channel fetched): charged to the pace, so that together they stay under the limit."""
        self.metrics.charged += calls
        clock = self.clock()
        self._global_pace(clock).charge(clock, calls)

    def _arm_pace(self, wait: float) -> None:
        """One timer for all the paced channels, due when the global pace lets the next
        entry go (kept if one is due no later). Armed whether or not deliveries are in
        flight: a delivery's end kicks only its own channel, and one in flight may take
        seconds (before, a paced channel waited up to ~3 s past its turn under load)."""
        if self.closed:
            return
        due = self.clock() + wait
        if self._pace_timer is not None:
            if self._pace_due <= due:
                return
            self._pace_timer.cancel()

        def again() -> None:
            self._pace_timer = None
            self._due()

        self._pace_due = due
        self._pace_timer = asyncio.get_running_loop().call_later(wait, again)

    def _supersede(self, channel: _Channel, queue: deque[_Item], new: _Item) -> None:
        """Drop the older pending entries of the new one's key; it takes the place of the
        oldest in the channel's order (a table changing often must not lose its turn)."""
        entry = new.entry
        for item in list(queue):
            old = item.entry
            if old.key != entry.key or item is channel.in_flight.get(item.lane) \
                    or old.entry_id in channel.suspect:
                continue  # (a POST that may have arrived is found, not superseded)
            new.order = min(new.order, item.order)
            new.submitted = min(new.submitted, item.submitted)
            new.since = min(new.since, item.since)
            queue.remove(item)
            self._known.discard(old.entry_id)
            self._attempted.discard(old.entry_id)
            self.metrics.bump(self.metrics.superseded, old.kind)
            self._mark(OutboxDone(old.entry_id, "superseded"))
            self._startup_done(old)
            items.carry(old, entry)  # (the merged refresh keeps the repost, its ping)

    async def recover(self) -> int:
        """At start-up: every pending entry of the database, queued again; a click on one of
        their tables waits (``startup_gate``) until they are delivered."""
        pending = await self.store.pending_outbox()
        for entry in pending:
            if entry.table_id is not None:
                self._startup.setdefault(entry.table_id, set()).add(entry.entry_id)
        self.submit(pending, recovered=True)
        return len(pending)

    async def startup_gate(self, table_id: int, timeout: float = STARTUP_WAIT) -> None:
        """Wait until the table's entries from before the (re)start are delivered (at most
        ``timeout``: a channel Discord refuses for long must not stop the game)."""
        if table_id not in self._startup:
            return
        future = asyncio.get_running_loop().create_future()
        self._waiters.append((-table_id - 1, future))  # a startup waiter: a negative key
        self._wake_waiters()
        try:
            await asyncio.wait_for(asyncio.shield(future), timeout)
        except TimeoutError:
            log.warning("table %s takes clicks before its outbox is drained", table_id)
            self._startup.pop(table_id, None)

    def _startup_done(self, entry: OutboxEntry) -> None:
        if entry.table_id is None or entry.table_id not in self._startup:
            return
        left = self._startup[entry.table_id]
        left.discard(entry.entry_id)
        if not left:
            del self._startup[entry.table_id]

    # -- waiting -------------------------------------------------------------------------
    def pending(self, table_id: int | None = None) -> int:
        """Entries not delivered yet (of a table, or all)."""
        total = 0
        for channel in self.channels.values():
            if table_id is None:
                total += channel.size()
            else:
                total += sum(len(channel.tables.get((table_id, tidy), ()))
                             for tidy in (False, True))
        return total

    async def settled(self, table_id: int | None = None) -> None:
        """Until nothing (of the table) is left to deliver."""
        if not self.pending(table_id):
            return
        future = asyncio.get_running_loop().create_future()
        self._waiters.append((table_id, future))
        await future

    def _own_posts(self, channel_id: int) -> int:
        """The channel's own posts (of no table: a tournament's notices and standings) not
        delivered yet."""
        channel = self.channels.get(channel_id)
        if channel is None:
            return 0
        return sum(1 for item in channel.tables.get((None, False), ())
                   if item.entry.kind == items.POST)

    async def posts_delivered(self, channel_id: int, timeout: float) -> bool:
        """Until the channel's own posts (of no table) are delivered — what a caller about
        to make something appear in the channel beside the outbox (a thread: Discord shows
        its start there at once) must not overtake. At most ``timeout`` seconds (a channel
        Discord refuses for long must not stop what waits): False when time ran out. It
        looks again every ``POSTS_POLL`` seconds (a sleep, not a future the deliveries
        resolve: a test's virtual clock parks a sleep, while a pending future would hold
        its settling until the pace's timer, on that clock too, fires)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while self._own_posts(channel_id) and not self.closed:
            if loop.time() >= end:
                log.warning("channel %s: its posts were not delivered within %s s",
                            channel_id, timeout)
                return False
            await asyncio.sleep(POSTS_POLL)
        return True

    def _wake_waiters(self) -> None:
        still = []
        for key, future in self._waiters:
            if future.done():
                continue
            if key is not None and key < 0:
                done = -key - 1 not in self._startup
            else:
                done = not self.pending(key)
            if done:
                future.set_result(None)
            else:
                still.append((key, future))
        self._waiters = still

    # -- the channel workers ---------------------------------------------------------------
    def _route_now(self) -> float:
        if self.route_clock is not None:
            return self.route_clock()
        return asyncio.get_running_loop().time()

    def _kick(self, channel_id: int) -> None:
        """Start deliveries of the channel's ready entries (one per table, at most
        ``CHANNEL_CONCURRENCY``), and a timer for the next that will be ready."""
        channel = self.channels.get(channel_id)
        if channel is None or self.closed:
            return
        loop = asyncio.get_running_loop()
        if channel.timer is not None:
            channel.timer.cancel()
            channel.timer = None
        self._paced.pop(channel_id, None)
        while len(channel.workers) < CHANNEL_CONCURRENCY:
            now = self._route_now()
            item, wake = self._next(channel, now)
            if item is None:
                if wake is not None:
                    channel.timer = loop.call_later(max(0.0, wake - now), self._kick,
                                                    channel_id)
                break
            clock = self.clock()
            paced = self._global_pace(clock).wait(clock)
            rank = self._rank(item)
            # an entry of another channel waiting for the pace before it goes first: a
            # channel whose delivery just ended (or that was just submitted to) must not take
            # the token from the channels that wait — before, busy channels kept the pace and
            # some channels waited minutes under load
            older = bool(self._paced) and min(self._paced.values()) < rank
            if paced > 0 or older:  # the bot's global limit: its turn comes in a moment
                self.metrics.paced += 1
                self._paced[channel_id] = rank  # (kicked again by the pace's timer)
                self._pace_waited = clock
                self._arm_pace(paced)
                break
            self._global_pace(clock).take()
            self._running += 1
            if self.metrics.enabled:
                item.note("run", clock)
                if item.phases is None:
                    item.phases = timing.Phases()
            channel.in_flight[item.lane] = item
            channel.bucket(self.deliverer.route(item.entry), now).take(now)
            task = loop.create_task(self._run(channel, item))
            channel.workers.add(task)
        if self.metrics.enabled:
            self._measure_waits(channel, self._route_now())
        if not channel.workers:
            for table in [t for t, q in channel.tables.items() if not q]:
                del channel.tables[table]
            self._wake_waiters()

    def hold_seconds(self) -> float:
        """How long a held refresh may wait for its chain now: ``HOLD_BUSY_SECONDS`` while
        the global pace is what entries wait for, else ``HOLD_SECONDS``."""
        busy = self.clock() - self._pace_waited < BUSY_MEMORY
        return HOLD_BUSY_SECONDS if busy else HOLD_SECONDS

    def _measure_waits(self, channel: _Channel, now: float) -> None:
        """What each of the channel's waiting entries waits for now (metrics only: the
        same tests as ``_next``, which they mirror)."""
        clock = self.clock()
        paced = channel.channel_id in self._paced
        hold = self.hold_seconds()
        for lane, queue in channel.tables.items():
            flying = channel.in_flight.get(lane)
            for i, item in enumerate(queue):
                if item is flying:
                    continue
                if i > 0 or flying is not None:
                    item.note("table", clock)
                    continue
                retry = channel.retry_at.get(lane, 0.0)
                ready = channel.bucket(self.deliverer.route(item.entry), now).ready_at(now)
                if retry > now and retry >= ready:
                    item.note("retry", clock, clock + retry - now)
                elif ready > now:
                    item.note("bucket", clock, clock + ready - now)
                elif self.hold is not None and item.entry.kind == "table" \
                        and clock < item.since + hold and self.hold(item.entry):
                    item.note("held", clock, item.since + hold)
                elif paced and self._pace is not None:
                    item.note("pace", clock, clock + self._pace.wait(clock))
                else:
                    item.note("slot", clock)

    async def _run(self, channel: _Channel, item: _Item) -> None:
        timing.current.set(item.phases)  # (this task's own context)
        try:
            await self._deliver(channel, item)
        finally:
            self._running -= 1
            channel.in_flight.pop(item.lane, None)
            current = asyncio.current_task()
            if current is not None:
                channel.workers.discard(current)
            if not self._running:
                self._flush_marks()  # the last delivery under way ended
        self._wake_waiters()
        self._kick(channel.channel_id)
        self._due()

    @staticmethod
    def _rank(item: _Item) -> tuple[float, int]:
        """An entry's turn: the one that came first (then the oldest entry), a tidying one
        counted as if it came ``TIDY_PATIENCE`` seconds later."""
        return item.since + (TIDY_PATIENCE if item.lane[1] else 0.0), item.order

    def _next(self, channel: _Channel, now: float) -> tuple[_Item | None, float | None]:
        """The deliverable head first in rank (``_rank``) among the channel's lanes not in
        flight, or when one will be deliverable."""
        best: _Item | None = None
        best_rank: tuple[float, int] | None = None
        wake: float | None = None
        held: float | None = None
        clock = self.clock()
        hold = self.hold_seconds()
        for lane, queue in channel.tables.items():
            if not queue or lane in channel.in_flight:
                continue
            head = queue[0]
            ready = max(channel.retry_at.get(lane, 0.0),
                        channel.bucket(self.deliverer.route(head.entry), now).ready_at(now))
            if ready <= now and self.hold is not None and head.entry.kind == "table" \
                    and clock < head.since + hold and self.hold(head.entry):
                due = head.since + hold
                held = due if held is None else min(held, due)
                continue
            if ready > now:
                wake = ready if wake is None else min(wake, ready)
                continue
            rank = self._rank(head)
            if best_rank is None or rank < best_rank:
                best, best_rank = head, rank
        if held is None:
            self._held.pop(channel.channel_id, None)
        else:
            self._held[channel.channel_id] = held
        return best, wake

    async def _deliver(self, channel: _Channel, item: _Item) -> None:
        entry = item.entry
        first_route = self.deliverer.route(entry) if self.metrics.enabled else "post"
        try:
            message_id: int | None = None
            if entry.entry_id in channel.suspect:
                message_id = await self._find(channel, entry)
                if message_id is not None:
                    self.metrics.found_after_crash += 1
            elif folding.foldable(entry) and entry.entry_id not in self._attempted:
                await self._fold(channel, item)  # (an attempted POST keeps its content)
            if message_id is None:
                route = self.deliverer.route(entry)
                self.metrics.bump(self.metrics.calls, route)

                async def before_post() -> None:
                    await self._before_post(channel, entry)

                try:
                    message_id = await self.deliverer.deliver(entry, before_post)
                except DeliveryError as exc:
                    if exc.kind == "rate":
                        # refused before it was made (a POST is a path's last call): it is
                        # posted next time, not looked for first (nor kept from superseding
                        # and folding)
                        channel.suspect.discard(entry.entry_id)
                    raise
            if message_id is not None:
                await self.deliverer.posted(entry, message_id)
        except DeliveryError as exc:
            self._failed(channel, item, exc)
            return
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a bug while building the message: a few tries, then drop
            log.exception("delivering outbox entry %s failed", entry.entry_id)
            item.failures += 1
            if item.failures < BUG_RETRIES:
                self._failed(channel, item, DeliveryError("server", repr(exc)))
            else:
                self._finish(channel, item, OutboxDone(entry.entry_id, "dropped"))
                self.metrics.dropped += 1
            return
        channel.backoff.pop(item.lane, None)
        channel.retry_at.pop(item.lane, None)
        channel.suspect.discard(entry.entry_id)
        now = time.perf_counter()
        for one in (item, *item.folded):
            self.metrics.bump(self.metrics.delivered, one.entry.kind)
            if self.metrics.enabled:
                self.metrics.latencies.append(now - one.submitted)
        if self.metrics.enabled:
            self._timed(channel, item, first_route)
        self._finish(channel, item, OutboxDone(entry.entry_id, "delivered", message_id))
        if self.on_delivered is not None:
            for one in (item, *item.folded):
                self.on_delivered(one.entry, now)

    def _timed(self, channel: _Channel, item: _Item, route: str) -> None:
        """The delivered entry's ``Timed`` (metrics)."""
        clock = self.clock()
        item.note("", clock)
        waits = dict(item.waits or {})
        run = waits.pop("run", 0.0)
        phases = dict(item.phases.spent) if item.phases is not None else {}
        phases["other"] = max(0.0, run - sum(phases.values()))
        since = min([item.since, *(o.since for o in item.folded)])
        if item.arrived:
            waits["merged"] = max(0.0, item.arrived - since)
        self.metrics.timed.append(Timed(
            item.entry.kind, route, channel.channel_id,
            item.entry.table_id, clock - since, waits, phases))

    async def _fold(self, channel: _Channel, item: _Item) -> None:
        """Take the table's plain announcements waiting right behind ``item`` (the head of
        its table's queue) into its post; committed before the POST (``folding``)."""
        entry = item.entry
        queue = channel.tables.get(item.lane)
        if queue is None or not queue or queue[0] is not item:
            return
        behind = []
        for other in list(queue)[1:]:
            if other.entry.entry_id in channel.suspect:
                break
            behind.append(other)
        content, count = folding.fold([entry, *(o.entry for o in behind)])
        if count == 1:
            return
        taken = behind[:count - 1]
        ids = [o.entry.entry_id for o in taken]
        payload = {**entry.payload, "content": content,
                   "folded": [*entry.payload.get("folded", []), *ids]}
        try:
            with timing.phase(timing.DB):
                await self.store.outbox_fold(entry.entry_id, payload, ids)
        except Exception as exc:
            raise DeliveryError("server", f"cannot record the fold: {exc}") from exc
        entry.payload.clear()
        entry.payload.update(payload)
        self.metrics.folds += 1
        for other in taken:
            if other in queue:
                queue.remove(other)
            self._known.discard(other.entry.entry_id)
            self._startup_done(other.entry)
            self.metrics.folded += 1
            item.folded.append(other)

    async def _before_post(self, channel: _Channel, entry: OutboxEntry) -> None:
        try:
            with timing.phase(timing.DB):
                await self.store.outbox_attempted(entry.entry_id, self._watermark(channel))
        except Exception as exc:
            raise DeliveryError("server", f"cannot record the attempt: {exc}") from exc
        channel.suspect.add(entry.entry_id)
        self._attempted.add(entry.entry_id)

    def _watermark(self, channel: _Channel) -> int | None:
        """The newest message id of the channel the sender knows (its last POST)."""
        return self._newest.get(channel.channel_id)

    async def _find(self, channel: _Channel, entry: OutboxEntry) -> int | None:
        try:
            with timing.phase(timing.DB):
                known = await self.store.outbox_posted_ids(channel.channel_id,
                                                           entry.created_at - KNOWN_MARGIN)
        except Exception as exc:
            raise DeliveryError("server", f"cannot read posted ids: {exc}") from exc
        return await self.deliverer.find_posted(entry, known | self._posted)

    def _failed(self, channel: _Channel, item: _Item, exc: DeliveryError) -> None:
        entry = item.entry
        now = self._route_now()
        table = entry.table_id
        if exc.kind == "rate":
            self.metrics.rate_limited += 1
            wait = exc.retry_after if exc.retry_after is not None else DEFAULT_RETRY_AFTER
            route = exc.route or self.deliverer.route(entry)
            channel.bucket(route, now).limited(now, wait)
            log.warning("%s failed on table %s: channel %s rate limited (%s) for %.2f s",
                        self.deliverer.describe(entry), table, channel.channel_id, route, wait)
        elif exc.kind == "server":
            self.metrics.server_errors += 1
            lane = item.lane
            delay = min(MAX_BACKOFF, channel.backoff.get(lane, FIRST_BACKOFF / 2) * 2)
            channel.backoff[lane] = delay
            channel.retry_at[lane] = now + delay
            if self.deliverer.route(entry) == "post":
                channel.suspect.add(entry.entry_id)  # it may have arrived: look first
            log.warning("%s failed on table %s (outbox entry %s), retry in %.1f s: %s",
                        self.deliverer.describe(entry), table, entry.entry_id, delay, exc)
        elif exc.kind == "gone":
            log.warning("channel %s is gone: its %d messages are dropped", channel.channel_id,
                        channel.size())
            for queue in channel.tables.values():
                for other in list(queue):
                    if other is not item:
                        self._finish(channel, other, OutboxDone(other.entry.entry_id, "dropped"))
                        self.metrics.dropped += 1
            self._finish(channel, item, OutboxDone(entry.entry_id, "dropped"))
            self.metrics.dropped += 1
        else:
            log.warning("%s failed on table %s (outbox entry %s), dropped: %s",
                        self.deliverer.describe(entry), table, entry.entry_id, exc)
            self._finish(channel, item, OutboxDone(entry.entry_id, "dropped"))
            self.metrics.dropped += 1

    def _finish(self, channel: _Channel, item: _Item, done: OutboxDone) -> None:
        queue = channel.tables.get(item.lane)
        if queue is not None and item in queue:
            queue.remove(item)
        self._known.discard(item.entry.entry_id)
        channel.suspect.discard(item.entry.entry_id)
        self._attempted.discard(item.entry.entry_id)
        if done.message_id is not None:
            self._posted.add(done.message_id)
            newest = self._newest.get(channel.channel_id, 0)
            self._newest[channel.channel_id] = max(newest, done.message_id)
        self._startup_done(item.entry)
        self._mark(done)

    # -- marks ---------------------------------------------------------------------------
    def _mark(self, done: OutboxDone) -> None:
        self._marks.append(done)
        if len(self._marks) >= MARKS_HELD or not self._running:
            self._flush_marks()

    def _flush_marks(self, everything: bool = False) -> None:
        """Write the marks kept back (unless a write is under way: it takes them too)."""
        if self._marks and (self._mark_task is None or self._mark_task.done()):
            self._mark_task = asyncio.get_running_loop().create_task(
                self._write_marks(everything))

    async def _write_marks(self, everything: bool = False) -> None:
        while self._marks:
            batch, self._marks = self._marks, []
            try:
                await self.store.outbox_done(batch)
            except Exception:  # harmless: see the module's docstring
                log.warning("could not mark %d outbox entries", len(batch))
                return
            if not everything and self._running and len(self._marks) < MARKS_HELD:
                return  # the marks since wait for the next (``_mark``, ``_run``)

    async def flush_marks(self) -> None:
        """Write every mark kept back, after the write under way."""
        await self._marks_written()
        self._flush_marks(everything=True)
        await self._marks_written()

    async def _marks_written(self) -> None:
        """Until the write of marks under way ends. One cancelled by a shutdown of the loop's
        tasks is no failure of ours: its entries are delivered again at the next start (the
        module's docstring), and the caller (a shutdown) goes on closing — unless it is
        cancelled itself (in the same pass of the loop too: its count of cancellations)."""
        task = self._mark_task
        if task is None or task.done():
            return
        me = asyncio.current_task()
        cancelling = me.cancelling() if me is not None else 0
        try:
            await asyncio.shield(task)
        except asyncio.CancelledError:
            if not task.cancelled() or (me is not None and me.cancelling() > cancelling):
                raise  # the caller itself is cancelled
            log.warning("a write of outbox marks was cancelled: its entries go again")

    def close(self) -> None:
        """Stop delivering (shutdown): what is left stays in the database for the next start."""
        self.closed = True
        if self._pace_timer is not None:
            self._pace_timer.cancel()
        for channel in self.channels.values():
            if channel.timer is not None:
                channel.timer.cancel()
            for task in channel.workers:
                task.cancel()
        for _key, future in self._waiters:
            if not future.done():
                future.cancel()
        self._waiters.clear()
