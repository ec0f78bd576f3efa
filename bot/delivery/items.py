"""The outbox entries the bot writes, as ``OutboxItem`` constructors: what a change must show.

Write them in the change's own transaction (``TableStore.update_table(outbox=…)``; the
service does that for a game change; a tournament's writes take ``outbox=OutboxBatch(…)``)
or alone (``Delivery.send``); ``bot.delivery.sender`` delivers them. Kinds:

* ``post``: a channel message (announcement, standings, notice, the final order): content,
  an embed (``discord.Embed.to_dict()``), plain buttons (custom ids of the bot's dynamic
  items), a picture drawn when it is sent (``picture``: a name the deliverer knows, e.g.
  ``"final"``: the game's final picture of the table).
  A table's plain text posts waiting behind each other are sent as one
  (``bot.delivery.folding``).
* ``table``: refresh the table's one public message (lobby, running, finished or closed) from
  the table as it is when sent — a later refresh supersedes an earlier one. ``repost``: post
  it anew at the bottom of the channel (a new deal) and delete the old one. ``ping`` (with
  ``repost``): the new message's first line notifies the human to act then (the deal's
  turn ping, in the table message instead of a message of its own); an edit clears it —
  unless the refresh has ``ping`` too (no ``repost``: nothing moved and that turn goes on,
  e.g. after a restart), which keeps the line on the edit without notifying anybody.
  ``record`` (with ``repost``): the deal start's announcements — the old message becomes
  their text (edited: its picture, embed and buttons go) instead of being deleted, so the
  channel keeps them in order for one request instead of a post and a deletion.
  ``pictures`` (with ``record``): a finished deal's picture, attached to its result's line.
* ``delete``: delete a message of the channel; with ``record``, edit it to that text alone
  (and its ``pictures``).
* ``ping``: a short message that notifies; the table's previous ping is deleted. The latest
  ping of a table supersedes an earlier one not yet sent. ``unping`` (a ping entry with
  ``clear``): no ping any more — the table's ping message is deleted, none is posted.
  ``reword`` (a ping entry with ``reword``): the turn is still of the player the ping names,
  but it asks something else now — the ping message is edited to the new text (an edit
  notifies nobody); with no ping message standing it is posted, quietly.
* ``tournament``: refresh a tournament's one message (registration, rounds, result) from the
  tournament as it is when sent; a later refresh supersedes an earlier one.
* ``pointer``: the line in the channel where a table was opened that points to the thread
  it plays in, as the table is when sent (it plays there; it has finished, with the winners;
  it was closed): posted once, then edited; a later refresh supersedes an earlier one.
* ``invite``: edit a rematch's invitation (posted as a ``post`` keyed ``invite:<table id>``)
  to its text as the lobby is when sent (who is still awaited, who does not play this
  time); its buttons stay. Nothing once the lobby started or closed (its last words are a
  ``delete`` with ``record``, in the same lane: after any refresh). A later refresh
  supersedes an earlier one.

A post's ``embeds``: embeds after its ``embed``, each ``{"embed": …, "picture": [name, file,
alt]}`` — its picture drawn when it is sent and shown in it.

A post's ``pictures``: pictures drawn when it is sent, as (name, file name, alt text) — names
the deliverer knows (``"final"``, a tournament's ``"tsheet:…"``/``"tstandings:…"``); the alt
text (what a screen reader says of the picture) is written with the entry, in the table's
language, so a restart sends it too (entries written before it had none: ``picture_of``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from bot.storage.models import OutboxItem

POST, TABLE, PING, DELETE, TOURNAMENT = "post", "table", "ping", "delete", "tournament"
POINTER, INVITE = "pointer", "invite"
CONTENT_LIMIT = 2000  # Discord's limit on a message's content
EMBEDS_LIMIT, EMBEDS_CHARS = 10, 6000  # Discord's limits on a message's embeds, their text


Picture = tuple[str, str, str | None]  # (name, file name, alt text)


def picture_of(spec: Sequence[Any]) -> Picture:
    """A stored picture ``[name, file]`` or ``[name, file, alt]`` (an entry written before
    alt texts: none)."""
    name, file, *rest = spec
    return str(name), str(file), (str(rest[0]) if rest and rest[0] else None)


class _Entry(Protocol):
    @property
    def kind(self) -> str: ...

    @property
    def payload(self) -> dict[str, Any]: ...


def post(channel_id: int, content: str | None = None, *, embed: dict[str, Any] | None = None,
         picture: str | None = None, filename: str = "picture.png",
         description: str | None = None, mentions: bool = False,
         buttons: Sequence[dict[str, Any]] = (), table_id: int | None = None,
         key: str | None = None, pictures: Sequence[Picture] = (),
         embeds: Sequence[tuple[dict[str, Any], Picture | None]] = ()) -> OutboxItem:
    """A message for the channel. ``mentions``: its user mentions notify. ``picture`` (in
    the embed) has the alt text ``description``. ``embeds``: further embeds after
    ``embed`` (``EMBEDS_LIMIT`` in all), each with its own picture in it (a large
    tournament's standings, a page each)."""
    if embeds and (embed is None or len(embeds) >= EMBEDS_LIMIT):
        raise ValueError("further embeds follow a first one, ten in all")
    payload: dict[str, Any] = {"content": content}
    if embed is not None:
        payload["embed"] = embed
    if embeds:
        payload["embeds"] = [{"embed": e, **({"picture": list(p)} if p else {})}
                             for e, p in embeds]
    if picture is not None:
        payload["picture"] = picture
        payload["filename"] = filename
        if description:
            payload["description"] = description
    if pictures:
        payload["pictures"] = [list(p) for p in pictures]
    if mentions:
        payload["mentions"] = True
    if buttons:
        payload["buttons"] = [dict(b) for b in buttons]
    return OutboxItem(channel_id, POST, payload, table_id, key)


def tournament_refresh(channel_id: int, tournament_id: int) -> OutboxItem:
    return OutboxItem(channel_id, TOURNAMENT, {"tournament": tournament_id}, None,
                      f"tournament:{tournament_id}")


def table_refresh(channel_id: int, table_id: int, *, repost: bool = False,
                  closed: str | None = None, record: Sequence[str] = (),
                  pictures: Sequence[tuple[int, str, str, str | None]] = ()) -> OutboxItem:
    """``pictures`` (with ``record``): pictures drawn when the record is made, each with
    the index of its line in ``record``: (index, name, file name, alt text)."""
    payload: dict[str, Any] = {"repost": repost}
    if closed is not None:
        payload["closed"] = closed
    if repost and record:
        payload["record"] = list(record)
        if pictures:
            payload["pictures"] = [list(p) for p in pictures]
    return OutboxItem(channel_id, TABLE, payload, table_id, f"table:{table_id}")


def record_fits(lines: Sequence[str]) -> bool:
    """Whether ``lines`` make one record (the old table message edited to their text).
    Lines that do not are written as posts ahead of the table message posted anew: a record
    found too long when sent could only be posted after it, behind whatever was written
    meanwhile (a tournament's sheet of the finished table)."""
    return len("\n".join(lines)) <= CONTENT_LIMIT


def merges(old: _Entry, new: _Entry) -> bool:
    """Whether the table refresh ``new`` may supersede the older ``old`` (``carry``): not
    when their records joined would not fit in one message (``record_fits``) — the older
    one then goes first and its old message keeps its own lines — nor when the older one
    posts the table anew without a record (its lines were posted ahead: the newer record
    edited into the old message would read above them)."""
    older, newer = old.payload.get("record") or (), new.payload.get("record") or ()
    if old.payload.get("repost") and not older and newer:
        return False
    return not (older and newer) or record_fits([*older, *newer])


def carry(old: _Entry, new: _Entry) -> None:
    """What a table refresh keeps of the older one it supersedes (``Sender``): its repost
    (the deal start's new message), its ``ping`` unless the newer change decided the turn's
    ping itself, and its ``record`` lines before the newer one's."""
    if old.payload.get("repost") and not new.payload.get("repost"):
        new.payload["repost"] = True
    if "ping" in old.payload and "ping" not in new.payload:
        new.payload["ping"] = old.payload["ping"]
    if old.payload.get("record"):  # (the older lines first)
        shift = len(old.payload["record"])
        new.payload["record"] = [*old.payload["record"], *(new.payload.get("record") or ())]
        later = [[i + shift, *rest] for i, *rest in new.payload.get("pictures") or ()]
        if old.payload.get("pictures") or later:
            new.payload["pictures"] = [*(old.payload.get("pictures") or ()), *later]


def ping(channel_id: int, table_id: int, content: str,
         buttons: Sequence[dict[str, Any]] = ()) -> OutboxItem:
    payload: dict[str, Any] = {"content": content, "mentions": True}
    if buttons:
        payload["buttons"] = [dict(b) for b in buttons]
    return OutboxItem(channel_id, PING, payload, table_id, f"ping:{table_id}")


def reword(channel_id: int, table_id: int, content: str,
           buttons: Sequence[dict[str, Any]] = ()) -> OutboxItem:
    """The table's ping edited to ``content`` (review 63: "hlásíš" stood while he had to
    play a card): he is on the move he just made, nobody is notified again."""
    item = ping(channel_id, table_id, content, buttons)
    item.payload["mentions"] = False
    item.payload["reword"] = True
    return item


def unping(channel_id: int, table_id: int) -> OutboxItem:
    return OutboxItem(channel_id, PING, {"clear": True}, table_id, f"ping:{table_id}")


def delete(channel_id: int, message_id: int, table_id: int | None = None, *,
           record: str | None = None, pictures: Sequence[Picture] = ()) -> OutboxItem:
    """Delete a message — or, with ``record``, make it that text alone (a table message
    that was posted anew becomes the record of the announcements of the deal start), with
    ``pictures`` drawn when it is edited (a finished deal's)."""
    payload: dict[str, Any] = {"message_id": message_id}
    if record is not None:
        payload["record"] = record
        if pictures:
            payload["pictures"] = [list(p) for p in pictures]
    return OutboxItem(channel_id, DELETE, payload, table_id)


def tidy(entry: _Entry) -> bool:
    """Whether the entry only tidies a message no longer current (deletes it, or makes it a
    deal's record): it may wait while current messages (a table's refresh, a post) take the
    bot's scarce requests, and it goes beside its table's later entries (another message).
    A rematch invitation's refresh goes in that lane too: before its last words (``delete``
    with ``record``) once the table started or closed, never after them."""
    return entry.kind in (DELETE, INVITE)


def pointer(channel_id: int, table_id: int) -> OutboxItem:
    """Post or refresh the line of ``channel_id`` that points to the table's thread."""
    return OutboxItem(channel_id, POINTER, {}, table_id, f"pointer:{table_id}")


def invite(channel_id: int, table_id: int) -> OutboxItem:
    """Refresh the rematch invitation of ``table_id`` (posted already) as its lobby is now."""
    return OutboxItem(channel_id, INVITE, {}, table_id, f"invitation:{table_id}")
