"""Folding a table's waiting announcements into one post.

A channel takes about one POST per second (Discord's per-channel, per-route limit), so a busy
table's announcements queue behind each other. When the head of a table's queue is a plain
text post and the entries right behind it are plain text posts of the same table, the sender
sends them as one message: their contents joined by newlines, in order, within Discord's
2000 characters. Only plain posts fold: a post with an embed, a picture, buttons or a key
(superseded, not folded) goes alone; a post whose mentions notify folds only with other such
posts (its mentions stay in its line); pings are another kind and never fold. An entry whose
POST may have arrived (an attempt recorded) never folds: it is looked for, not rewritten.

The fold is committed before the POST (``TableStore.outbox_fold``): the carrier's stored
content becomes the joined one and the folded entries end as ``superseded`` in the same
transaction, so a crash before it leaves every entry as it was, and a crash after it leaves
the carrier pending with every line (found or posted once, like any POST). A carrier that
Discord refuses (4xx: no permission, the channel gone) is dropped with its lines — as each
of them would have been refused alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.delivery import items
from bot.storage.models import OutboxEntry

LIMIT = items.CONTENT_LIMIT
PLAIN = frozenset({"content", "mentions", "folded"})


def foldable(entry: OutboxEntry) -> bool:
    """A plain text announcement of a table, not attempted yet."""
    content = entry.payload.get("content")
    return (entry.kind == items.POST and entry.table_id is not None and entry.key is None
            and entry.attempted_at is None and isinstance(content, str) and bool(content)
            and set(entry.payload) <= PLAIN)


def fold(entries: Sequence[OutboxEntry]) -> tuple[str, int]:
    """The content of the longest prefix of ``entries`` (one table's, in order) that folds
    into one post, and how many entries it holds (1: nothing to fold)."""
    first = entries[0]
    content = str(first.payload["content"])
    count = 1
    if not foldable(first):
        return content, count
    mentions = bool(first.payload.get("mentions"))
    for entry in entries[1:]:
        if (not foldable(entry) or entry.table_id != first.table_id
                or entry.channel_id != first.channel_id
                or bool(entry.payload.get("mentions")) != mentions):
            break
        joined = f"{content}\n{entry.payload['content']}"
        if len(joined) > LIMIT:
            break
        content = joined
        count += 1
    return content, count
