"""The sender: delivers the outbox, channel by channel, and knows no Discord.

Entries arrive committed (``submit``, right after the change's transaction; at start-up
the backlog left pending, read before the bot connects — ``load_backlog`` — and queued
once it is ready, ahead of anything submitted after it — ``send_backlog``). Each channel
is paced on its own — its messages share its rate limits — with at most
``CHANNEL_CONCURRENCY`` entries in flight, each of another lane — a table's entries, or
its tidying (below) — the one that has waited longest first, in order within a lane:

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
  (``outbox_attempted``, with the newest message id of the channel known then: the sender's
  last POST there, or the message the post replaces, a table's for one). An entry
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
  goes in the order it was written, tidying in line with its table (``send_backlog``).
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

The sender is built in layers: ``OutboxMarks`` (``bot.delivery.marks``: the marks' batched
writes) under ``EntryDelivery`` (``bot.delivery.entry_delivery``: one entry's calls, and its
retry, drop or mark) under ``Sender`` (here: intake, superseding, holding, the global pace and
the channels' turns). Beside them: ``deliverer`` (the ``Deliverer`` protocol and
``DeliveryError``), ``pacing`` (the route buckets and the global pace), ``queues`` (a
channel's lanes and their entries) and ``metrics`` (``SenderMetrics``, ``Timed``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable, Iterable

from bot.bounded import Bounded
from bot.delivery import items, timing
from bot.delivery.deliverer import Deliverer, DeliveryError
from bot.delivery.entry_delivery import EntryDelivery
from bot.delivery.metrics import SenderMetrics
from bot.delivery.pacing import GLOBAL_LIMIT, GLOBAL_SHARE, PACE_BURST, _Pace
from bot.delivery.queues import _Channel, _Item
from bot.storage.models import OutboxDone, OutboxEntry
from bot.storage.protocol import TableStore

log = logging.getLogger(__name__)

CHANNEL_CONCURRENCY = 4  # entries of different lanes in flight at once per channel
STARTUP_WAIT = 15.0  # a click waits at most this long for its table's backlog at start-up
# a held table message refresh goes at the latest this long after it was queued
HOLD_SECONDS = 0.4
# ... and this long while the global pace is what entries wait for (it made one wait within
# ``BUSY_MEMORY`` seconds): then each refresh merged into its chain's saves a request of
# the bot's scarcest kind and a picture, and the pace's wait is longer than the chain's
HOLD_BUSY_SECONDS = 1.5
BUSY_MEMORY = 2.0
# how often a caller waiting for a channel's own posts looks again (``posts_delivered``)
POSTS_POLL = 0.1
# a tidying entry takes its turn as if it came this much later: the entries of current
# messages that come meanwhile go first (at 200 tables the deal starts' records were a sixth
# of the bot's paced requests, and each made its table's next refresh wait for a token)
TIDY_PATIENCE = 5.0
# the channels the sender knows are swept of the idle ones (nothing queued or under way, no
# backoff, their route buckets full again: a fresh one is the same) when they have doubled
# since the last sweep, at least this many: a bot that plays months in a thread per table
# must not hold every channel it ever posted in
CHANNELS_SWEPT = 256
POSTED_HELD = 10_000  # the messages posted last that are held (older ones are marked)


class Sender(EntryDelivery):
    """Delivers the outbox; ``submit`` committed entries, ``await settled()`` in tests."""

    def __init__(self, store: TableStore, deliverer: Deliverer, *,
                 on_delivered: Callable[[OutboxEntry, float], None] | None = None,
                 on_refused: Callable[[OutboxEntry, DeliveryError], None] | None = None,
                 on_gone: Callable[[int], None] | None = None,
                 on_blocked: Callable[[OutboxEntry, DeliveryError], None] | None = None,
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
        # an entry's POST refused (4xx; dropped): what it leaves is the bot's to decide
        self.on_refused = on_refused
        # a channel found deleted (404 Unknown Channel; its entries dropped): what played
        # there is the bot's to end
        self.on_gone = on_gone
        # any entry refused (4xx; dropped), a table's refresh too: the bot tells its players
        self.on_blocked = on_blocked
        self.channels: dict[int, _Channel] = {}
        self._marks: list[OutboxDone] = []
        self._mark_task: asyncio.Task[None] | None = None
        self._waiters: list[tuple[int | None, asyncio.Future[None]]] = []
        self._startup: dict[int, set[int]] = {}  # table → entries recovered at start-up
        # the entries pending at start-up, read and kept back until the bot is ready
        self._backlog: list[OutboxEntry] | None = None
        self._backlog_read = False
        self._known: set[int] = set()  # entry ids queued (a resubmission is ignored)
        # messages this sender has posted (or found), the last ``POSTED_HELD`` (the marks
        # of older ones are in the database, as ``_find`` reads it)
        self._posted: Bounded[int, None] = Bounded(POSTED_HELD)
        self._newest: dict[int, int] = {}  # channel → the newest message id it posted
        self._attempted: set[int] = set()  # entries whose POST attempt is recorded
        self._sweep_at = CHANNELS_SWEPT  # ``channels`` is swept when it grows past this
        self.closed = False

    # -- intake --------------------------------------------------------------------------
    def submit(self, entries: Iterable[OutboxEntry], *, recovered: bool = False) -> None:
        """Committed entries to deliver (in entry order). ``recovered`` (pending at start-up):
        tidying goes in line with its table's entries, in the order it was written — a POST
        looked for after a crash must not take an old table message whose record was not
        made yet for its own, and the table's first click waits for it anyway."""
        if self._backlog and not recovered:
            self.send_backlog()  # (what was pending before the start goes first)
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
        if len(self.channels) > self._sweep_at:
            self._sweep(touched)
        for channel_id in touched:
            self._kick(channel_id)
        self._due()

    def _sweep(self, keep: set[int]) -> None:
        """Forget the idle channels (but ``keep``): what the sender knows of one — its
        lanes, backoff, route buckets and newest message (its next POST's watermark: none,
        as after a restart) — starts afresh when it is posted in again."""
        now = self._route_now()
        for channel_id, channel in list(self.channels.items()):
            if channel_id not in keep and self._idle(channel, now):
                del self.channels[channel_id]
                self._newest.pop(channel_id, None)
        self._sweep_at = max(CHANNELS_SWEPT, 2 * len(self.channels))

    def _idle(self, channel: _Channel, now: float) -> bool:
        """Nothing of the channel is queued, under way or waiting, and its buckets are full
        (no 429 to remember)."""
        return (channel.size() == 0 and not channel.workers and not channel.in_flight
                and channel.timer is None and not channel.suspect and not channel.retry_at
                and channel.channel_id not in self._held
                and channel.channel_id not in self._paced
                and all(bucket.ready_at(now) <= now and bucket.tokens >= bucket.capacity
                        for bucket in channel.buckets.values()))

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
        oldest in the channel's order (a table changing often must not lose its turn).
        Newest first, each carried into it before the older ones (their record lines come
        first), and none older than a table refresh whose record would not fit with the
        ones after it (``items.merges``: it goes first, as written)."""
        entry = new.entry
        for item in reversed(list(queue)):
            old = item.entry
            if old.key != entry.key or item is channel.in_flight.get(item.lane) \
                    or old.entry_id in channel.suspect:
                continue  # (a POST that may have arrived is found, not superseded)
            if not items.merges(old, entry):
                break
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

    async def load_backlog(self) -> int:
        """Before the bot connects (``setup_hook``): the entries left pending by the bot
        before, read once and kept back until ``send_backlog``; a click on one of their
        tables waits (``startup_gate``) until they are delivered. Read before this sender
        has delivered anything, the backlog cannot hold an entry of this bot's whose mark
        is not written yet (they are written in batches: such an entry would go twice)."""
        if self._backlog_read:  # (once: a second reading could hold what went since)
            return 0
        self._backlog_read = True
        pending = await self.store.pending_outbox()
        for entry in pending:
            if entry.table_id is not None:
                self._startup.setdefault(entry.table_id, set()).add(entry.entry_id)
        self._backlog = pending
        return len(pending)

    def send_backlog(self) -> None:
        """The backlog (``load_backlog``) queued, once: when the bot is ready (its user and
        channels known: ``on_ready``), or earlier when a click waits for it or anything
        else is submitted — the gateway is up then, and the backlog goes ahead of it."""
        backlog, self._backlog = self._backlog, None
        if backlog:
            self.submit(backlog, recovered=True)

    async def recover(self) -> int:
        """Every pending entry of the database, queued again: ``load_backlog`` and
        ``send_backlog`` at once (tests and tools; the bot itself loads the backlog in
        ``setup_hook`` and sends it when connected)."""
        count = await self.load_backlog()
        self.send_backlog()
        return count

    async def startup_gate(self, table_id: int, timeout: float = STARTUP_WAIT) -> None:
        """Wait until the table's entries from before the (re)start are delivered (at most
        ``timeout``: a channel Discord refuses for long must not stop the game; they are
        queued ahead of what the click makes anyway)."""
        if table_id not in self._startup:
            return
        self.send_backlog()  # (a click before on_ready: it must not wait for nothing)
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
