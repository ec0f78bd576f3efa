"""One entry's delivery: its calls (found first when its POST may have arrived, folded
with the announcements behind it), and what its success or failure leaves (a retry with
backoff, a route blocked by a 429, the entry dropped or marked)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from datetime import timedelta

from bot.bounded import Bounded
from bot.delivery import folding, timing
from bot.delivery.deliverer import Deliverer, DeliveryError
from bot.delivery.marks import OutboxMarks
from bot.delivery.metrics import SenderMetrics, Timed
from bot.delivery.queues import _Channel, _Item
from bot.storage.models import OutboxDone, OutboxEntry

log = logging.getLogger(__name__)

FIRST_BACKOFF = 0.5
MAX_BACKOFF = 60.0
DEFAULT_RETRY_AFTER = 1.0
BUG_RETRIES = 3
KNOWN_MARGIN = timedelta(minutes=5)  # clock skew between the bot and its database


class EntryDelivery(OutboxMarks):
    """Delivering one entry (the middle layer of ``Sender``)."""

    deliverer: Deliverer
    metrics: SenderMetrics
    on_delivered: Callable[[OutboxEntry, float], None] | None
    on_refused: Callable[[OutboxEntry, DeliveryError], None] | None
    on_gone: Callable[[int], None] | None
    on_blocked: Callable[[OutboxEntry, DeliveryError], None] | None
    clock: Callable[[], float]
    route_clock: Callable[[], float] | None
    _startup: dict[int, set[int]]
    _known: set[int]
    _posted: Bounded[int, None]
    _newest: dict[int, int]
    _attempted: set[int]

    def _route_now(self) -> float:
        if self.route_clock is not None:
            return self.route_clock()
        return asyncio.get_running_loop().time()

    def _startup_done(self, entry: OutboxEntry) -> None:
        if entry.table_id is None or entry.table_id not in self._startup:
            return
        left = self._startup[entry.table_id]
        left.discard(entry.entry_id)
        if not left:
            del self._startup[entry.table_id]

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

                async def before_post(after: int | None = None) -> None:
                    await self._before_post(channel, entry, after)

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

    async def _before_post(self, channel: _Channel, entry: OutboxEntry,
                           after: int | None) -> None:
        try:
            with timing.phase(timing.DB):
                await self.store.outbox_attempted(entry.entry_id,
                                                  self._watermark(channel, after))
        except Exception as exc:
            raise DeliveryError("server", f"cannot record the attempt: {exc}") from exc
        channel.suspect.add(entry.entry_id)
        self._attempted.add(entry.entry_id)

    def _watermark(self, channel: _Channel, after: int | None) -> int | None:
        """The newest message id of the channel the sender knows: its last POST there, or
        the message the post replaces (``after``) if newer."""
        known = [i for i in (self._newest.get(channel.channel_id), after) if i is not None]
        return max(known) if known else None

    async def _find(self, channel: _Channel, entry: OutboxEntry) -> int | None:
        try:
            with timing.phase(timing.DB):
                known = await self.store.outbox_posted_ids(channel.channel_id,
                                                           entry.created_at - KNOWN_MARGIN)
        except Exception as exc:
            raise DeliveryError("server", f"cannot read posted ids: {exc}") from exc
        return await self.deliverer.find_posted(entry, known | self._posted.keys())

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
            if self.on_gone is not None:
                self.on_gone(channel.channel_id)
        else:
            route = self.deliverer.route(entry)  # (before the drop: a first post's route)
            log.warning("%s failed on table %s (outbox entry %s), dropped: %s",
                        self.deliverer.describe(entry), table, entry.entry_id, exc)
            self._finish(channel, item, OutboxDone(entry.entry_id, "dropped"))
            self.metrics.dropped += 1
            if self.on_refused is not None and route == "post":
                # (a lobby or a tournament whose first post is refused is invisible: the
                # controller closes it and tells its opener)
                self.on_refused(entry, exc)
            if self.on_blocked is not None:
                self.on_blocked(entry, exc)

    def _finish(self, channel: _Channel, item: _Item, done: OutboxDone) -> None:
        queue = channel.tables.get(item.lane)
        if queue is not None and item in queue:
            queue.remove(item)
        self._known.discard(item.entry.entry_id)
        channel.suspect.discard(item.entry.entry_id)
        self._attempted.discard(item.entry.entry_id)
        if done.message_id is not None:
            self._posted[done.message_id] = None
            newest = self._newest.get(channel.channel_id, 0)
            self._newest[channel.channel_id] = max(newest, done.message_id)
        self._startup_done(item.entry)
        self._mark(done)
