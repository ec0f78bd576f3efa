"""The sender's pacing: a channel route's rate limit bucket as the sender estimates it
(``_Bucket``), and the token bucket of the bot's global limit (``_Pace``)."""

from __future__ import annotations

from dataclasses import dataclass

# Discord's usual limit of one route of a channel's messages (its headers show 5 per 5 s);
# the sender keeps one token in reserve: a call leaves a little after its entry starts (a
# picture is drawn first), so calls may reach Discord closer together than they started
ROUTE_LIMIT = 5
ROUTE_PERIOD = 5.0
ROUTE_RESERVE = 1
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
