"""What the sender asks of the code that makes an entry's REST calls (``Deliverer``,
implemented by ``bot.delivery.channel.ChannelDeliverer``), and how such a call fails
(``DeliveryError``)."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Literal, Protocol

from bot.storage.models import OutboxEntry

Route = Literal["post", "edit", "delete"]


class DeliveryError(Exception):
    """A REST call that failed, classified: ``rate`` (429: ``retry_after``, ``route``),
    ``server`` (5xx, a lost connection: retry), ``gone`` (the channel is gone: drop the
    channel's entries), ``refused`` (4xx: drop the entry; ``status``: its HTTP status, 403
    when the bot lacks a permission there)."""

    def __init__(self, kind: Literal["rate", "server", "gone", "refused"], message: str = "", *,
                 retry_after: float | None = None, route: Route | None = None,
                 status: int | None = None) -> None:
        super().__init__(message or kind)
        self.kind = kind
        self.retry_after = retry_after
        self.route = route
        self.status = status


class BeforePost(Protocol):
    """Awaited right before a POST (its attempt committed). ``after``: a message of the
    channel the post comes after for sure — the one it replaces (a table message, a
    pointer, a tournament's message) — so that a crash's search for the post (newer than
    the attempt's watermark) cannot take that one for it."""

    def __call__(self, after: int | None = None) -> Awaitable[None]: ...


class Deliverer(Protocol):
    """How an entry becomes REST calls (``bot.delivery.channel.ChannelDeliverer``)."""

    def route(self, entry: OutboxEntry) -> Route: ...

    def describe(self, entry: OutboxEntry) -> str:
        """What the entry is, for the log ("table message edit", "ping", …)."""
        ...

    async def deliver(self, entry: OutboxEntry, before_post: BeforePost) -> int | None:
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
