"""Discord's REST rate limits and 429 answers, modelled on SimCord (for the load benchmark and
the tests): SimCord answers every request, Discord does not.

* ``RateModel``: a token bucket per channel and route (create, edit, delete a channel's
  messages), ``limit`` requests per ``per`` seconds (Discord does not document the numbers
  and says not to hard-code them; 5 per 5 s per channel is what its headers commonly show
  for creating messages, and the model uses it for each route). A request over the limit is
  answered 429 with a retry-after, like Discord's. A thread is a channel of its own, with
  its own buckets (as on Discord); making a thread (``POST /channels/{id}/threads``, or from
  a message) takes a token of its parent channel's *create* bucket. Over all of that, the
  bot's global limit: ``global_limit`` requests per second (Discord's 50) on every route
  but the interaction callbacks and webhooks (a click's answer, a hand's edit), which
  Discord exempts.
* Interaction webhooks (an ephemeral hand edited or followed up through its interaction's
  token: ``/webhooks/{application}/{token}…``) are buckets of their own, one per token,
  ``webhook_limit`` per ``webhook_per`` seconds (5 per 2 s, a webhook's usual headers): they
  never take from a channel's buckets, as on Discord. ``requests`` counts what each route
  kind took (``create``, ``edit``, ``delete``, ``webhook``).
* ``inject_429``: the next ``times`` matching requests are answered 429 with ``retry_after``
  (SimCord's ``env.inject_error`` cannot set the header).

``install()`` patches SimCord's router and its error mapping in this process (``uninstall``
undoes it); the bot itself is not changed.
"""

from __future__ import annotations

import fnmatch
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from simcord.backend.errors import BackendError
from simcord.http import client as simcord_client
from simcord.http import router as simcord_router

CHANNEL_ROUTE = re.compile(r"^/channels/(\d+)/messages(/\d+)?$")
WEBHOOK_ROUTE = re.compile(r"^/webhooks/\d+/([^/]+)(/messages/[^/]+)?$")
THREAD_ROUTE = re.compile(r"^/channels/(\d+)/(messages/\d+/)?threads$")
ROUTES = {("POST", False): "create", ("PATCH", True): "edit", ("DELETE", True): "delete"}


class TooManyRequests(BackendError):
    def __init__(self, retry_after: float, scope: str = "shared") -> None:
        super().__init__(429, 0, "You are being rate limited.")
        self.retry_after = retry_after
        self.scope = scope


def channel_route(method: str, path: str) -> tuple[int, str] | None:
    """(channel id, route) of a request to a channel's messages (or one that makes a thread
    of the channel: its create route), else None."""
    match = CHANNEL_ROUTE.match(path)
    if match is None:
        thread = THREAD_ROUTE.match(path)
        return (int(thread.group(1)), "create") if thread and method == "POST" else None
    route = ROUTES.get((method, match.group(2) is not None))
    return None if route is None else (int(match.group(1)), route)


def webhook_route(method: str, path: str) -> str | None:
    """The token of a request to an interaction's webhook (its original message or a
    follow-up), else None."""
    match = WEBHOOK_ROUTE.match(path)
    if match is None or method not in ("POST", "PATCH", "DELETE"):
        return None
    return match.group(1)


@dataclass
class Bucket:
    limit: int
    per: float
    tokens: float
    stamp: float

    def take(self, now: float) -> float:
        """0 when a request may go now, else the seconds until it may."""
        self.tokens = min(self.limit, self.tokens + (now - self.stamp) * self.limit / self.per)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) * self.per / self.limit


@dataclass
class RateModel:
    limit: int = 5
    per: float = 5.0
    clock: Callable[[], float] = time.perf_counter
    webhook_limit: int = 5
    webhook_per: float = 2.0
    buckets: dict[tuple[int, str], Bucket] = field(default_factory=dict)
    webhook_buckets: dict[str, Bucket] = field(default_factory=dict)  # token → bucket
    requests: dict[str, int] = field(default_factory=dict)  # route kind → requests
    limited: int = 0  # requests answered 429
    global_limit: int | None = 50  # requests per second of the whole bot (None: unlimited)
    global_bucket: Bucket | None = None
    limited_global: int = 0  # of them, by the global limit

    def check(self, method: str, path: str) -> None:
        now = self.clock()
        if self.global_limit is not None and not path.startswith(("/interactions/",
                                                                   "/webhooks/")):
            if self.global_bucket is None:
                self.global_bucket = Bucket(self.global_limit, 1.0, float(self.global_limit),
                                            now)
            wait = self.global_bucket.take(now)
            if wait > 0:
                self.limited += 1
                self.limited_global += 1
                raise TooManyRequests(round(wait, 3), scope="global")
        found = channel_route(method, path)
        if found is not None:
            bucket = self.buckets.get(found)
            if bucket is None:
                bucket = self.buckets[found] = Bucket(self.limit, self.per,
                                                      float(self.limit), now)
            kind = found[1]
        else:
            token = webhook_route(method, path)
            if token is None:
                return
            bucket = self.webhook_buckets.get(token)
            if bucket is None:
                bucket = self.webhook_buckets[token] = Bucket(
                    self.webhook_limit, self.webhook_per, float(self.webhook_limit), now)
            kind = "webhook"
        self.requests[kind] = self.requests.get(kind, 0) + 1
        wait = bucket.take(now)
        if wait > 0:
            self.limited += 1
            raise TooManyRequests(round(wait, 3))


@dataclass
class Injected:
    method: str
    pattern: str
    times: int
    retry_after: float


class DiscordModel:
    """The patches: rate buckets (optional) and injected 429s with retry-after."""

    def __init__(self, rates: RateModel | None = None) -> None:
        self.rates = rates
        self.injected: list[Injected] = []
        self._undo: list[tuple[Any, str, Any]] = []

    def inject_429(self, method: str, pattern: str, *, times: int = 1,
                   retry_after: float = 1.0) -> None:
        self.injected.append(Injected(method, pattern, times, retry_after))

    def _check(self, method: str, path: str) -> None:
        for fault in list(self.injected):
            if fault.method in (method, "*") and fnmatch.fnmatch(path, fault.pattern):
                fault.times -= 1
                if fault.times <= 0:
                    self.injected.remove(fault)
                raise TooManyRequests(fault.retry_after)
        if self.rates is not None:
            self.rates.check(method, path)

    def install(self) -> DiscordModel:
        model = self
        dispatch = simcord_router.dispatch
        raise_for = simcord_client._raise_for

        def limited(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            model._check(method, path)
            return dispatch(backend, method, path, **kwargs)

        def raise_with_headers(error: BackendError) -> None:
            if not isinstance(error, TooManyRequests):
                raise_for(error)
                return
            import discord

            response = simcord_client._FakeResponse(429)
            response.headers = {"Retry-After": str(error.retry_after),
                                "X-RateLimit-Scope": error.scope}
            raise discord.HTTPException(response, {  # type: ignore[arg-type]
                "code": 0, "message": error.message, "retry_after": error.retry_after,
                "global": False})

        self._patch(simcord_router, "dispatch", limited)
        self._patch(simcord_client, "_raise_for", raise_with_headers)
        return self

    def _patch(self, owner: Any, name: str, value: Any) -> None:
        self._undo.append((owner, name, getattr(owner, name)))
        setattr(owner, name, value)

    def uninstall(self) -> None:
        while self._undo:
            owner, name, value = self._undo.pop()
            setattr(owner, name, value)
