"""Outbox entries as discord.py calls (the sender's ``Deliverer``), and Discord's errors as
``DeliveryError``s. What a table message shows comes from ``Materials`` (the controller): this
module builds no game's message and holds no rule."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import aiohttp
import discord

from bot.delivery import items
from bot.delivery.deliverer import BeforePost, DeliveryError, Route
from bot.delivery.timing import DB, RENDER, REST, phase
from bot.model import Table
from bot.storage.models import OutboxEntry, OutboxItem
from bot.ui.alt import png_file
from bot.ui.components import frozen_view

log = logging.getLogger(__name__)
HISTORY = 100  # messages looked at for an attempted POST
MENTIONS = discord.AllowedMentions(users=True, roles=False, everyone=False)
QUIET = discord.AllowedMentions.none()


class Materials(Protocol):
    """What the deliverer needs of the bot (``bot.ui.materials.Materials``)."""

    def channel(self, channel_id: int) -> Any: ...

    def charge(self) -> None:
        """A call of the bot's global limit beside the entry's own (its delivery took one
        token of the pace): charged to the pace."""
        ...

    async def find_channel(self, channel_id: int) -> Any:
        """The channel, also one the cache does not hold (an archived thread); None when
        Discord does not know it (404); a refusal (403) raises: not gone."""
        ...

    def bot_user_id(self) -> int | None: ...

    def table_message_id(self, table_id: int) -> int | None: ...

    def ping_message_id(self, table_id: int) -> int | None:
        """The table's turn ping standing in the channel, if known (posted)."""
        ...

    async def table(self, table_id: int) -> Table | None: ...

    async def table_message(self, table: Table, payload: dict[str, Any]) -> dict[str, Any]: ...

    async def picture(self, table: Table | None, name: str) -> bytes | None:
        """A picture by its outbox name: a tournament's, else one of ``table`` (None: it
        cannot be drawn)."""
        ...

    async def post_payload(self, payload: dict[str, Any]) -> dict[str, Any]:
        """A post as it is sent now: one queued before its kind changed, as it is posted
        now (``bot.tournament.desk``'s ``paged_standings``); any other as it is."""
        ...

    async def rating_note(self, table: Table | None) -> tuple[str, str] | None:
        """A final post's field: why its game is not rated (None: it is)."""
        ...

    async def set_table_message(self, table: Table, message_id: int,
                                later: Sequence[OutboxItem] = ()) -> None:
        """The table's message is the one just posted; ``later`` (the entries that end the
        one it replaces) is queued in the same transaction. With ``later`` a refusal is
        raised (the post is found again and this redone), without it only logged."""
        ...

    async def set_ping(self, table: Table, message_id: int | None,
                       later: Sequence[OutboxItem] = ()) -> None: ...

    def tournament_message_id(self, tournament_id: int) -> int | None: ...

    def pointer_message_id(self, table_id: int) -> int | None:
        """The table's line in the channel it was opened in, if known (posted)."""
        ...

    def pointer_text(self, table: Table) -> str | None:
        """That line as the table is now (None: the table plays in no thread)."""
        ...

    async def set_pointer(self, table: Table, message_id: int,
                          later: Sequence[OutboxItem] = ()) -> None: ...

    async def set_invite(self, table: Table, channel_id: int, message_id: int) -> None:
        """A rematch's invitation (a post keyed ``invite:<table id>``) was posted: saved with
        the edit that catches it up, if any, in one transaction (then a refusal is raised)."""
        ...

    def invite_text(self, table: Table) -> str | None:
        """A rematch's invitation as its lobby is now (None: not posted, or the lobby
        started or closed: its last words are said)."""
        ...

    def invite_buttons(self, table: Table) -> list[dict[str, Any]]:
        """The buttons of a rematch's invitation as its lobby is now: none once nobody
        invited can still sit down (all seated, or the table full)."""
        ...

    async def tournament_message(self, tournament_id: int) -> dict[str, Any] | None:
        """The tournament's message as it is now (None: the tournament is gone)."""
        ...

    async def set_tournament_message(self, tournament_id: int, message_id: int,
                                     ends: Callable[[int], list[OutboxItem]]) -> None:
        """The tournament's message is the one just posted; ``ends(old)`` (the entries that
        end the one it replaces, if any and not this one) queued in the same transaction."""
        ...


def nonce(entry: OutboxEntry) -> str:
    """The entry's nonce (Discord drops a repeated POST with it, ``enforce_nonce``)."""
    return f"lo{entry.entry_id}"


def classify(exc: BaseException, route: Route) -> DeliveryError:
    """A discord.py failure as the sender's ``DeliveryError``."""
    if isinstance(exc, discord.RateLimited):
        return DeliveryError("rate", str(exc), retry_after=exc.retry_after, route=route)
    if isinstance(exc, discord.HTTPException):
        status = exc.status
        if status == 429:
            return DeliveryError("rate", str(exc), retry_after=retry_after(exc), route=route)
        if status >= 500:
            return DeliveryError("server", str(exc))
        if status == 404 and exc.code == 10003:  # Unknown Channel
            return DeliveryError("gone", str(exc))
        return DeliveryError("refused", str(exc), status=status)
    if isinstance(exc, aiohttp.ClientError | OSError | TimeoutError):
        return DeliveryError("server", repr(exc))
    raise exc


def retry_after(exc: discord.HTTPException) -> float | None:
    headers = getattr(exc.response, "headers", None) or {}
    value = headers.get("Retry-After") or headers.get("retry-after")
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


def _buttons(payload: dict[str, Any]) -> discord.ui.View | None:
    specs = payload.get("buttons") or []
    if not specs:
        return None
    return frozen_view(*(
        discord.ui.Button(custom_id=str(b["custom_id"]), label=b.get("label"),
                          style=discord.ButtonStyle(int(b.get("style", 2))),
                          emoji=b.get("emoji"))
        for b in specs
    ))


class ChannelDeliverer:
    def __init__(self, materials: Materials) -> None:
        self.m = materials

    def route(self, entry: OutboxEntry) -> Route:
        if entry.kind == items.DELETE and entry.payload.get("record") is not None:
            return "edit"
        if entry.kind == items.DELETE or _clears(entry):
            return "delete"
        if _rewords(entry) and entry.table_id is not None \
                and self.m.ping_message_id(entry.table_id) is not None:
            return "edit"
        if entry.kind == items.TABLE and not entry.payload.get("repost") and entry.table_id \
                is not None and self.m.table_message_id(entry.table_id) is not None:
            return "edit"
        if entry.kind == items.TOURNAMENT and self.m.tournament_message_id(
                _tournament_id(entry)) is not None:
            return "edit"
        if entry.kind == items.POINTER and entry.table_id is not None \
                and self.m.pointer_message_id(entry.table_id) is not None:
            return "edit"
        if entry.kind == items.INVITE:
            return "edit"
        return "post"

    def describe(self, entry: OutboxEntry) -> str:
        if entry.kind == items.TABLE:
            return f"table message {self.route(entry)}"
        if entry.kind == items.TOURNAMENT:
            return f"tournament message {self.route(entry)}"
        if entry.kind == items.POINTER:
            return f"thread pointer {self.route(entry)}"
        if entry.kind == items.INVITE:
            return "invitation edit"
        if _clears(entry):
            return "ping removal"
        if _rewords(entry):
            return "ping reword"
        if entry.kind == items.POST:
            return "final message" if entry.payload.get("rating") else "announcement"
        if entry.kind == items.DELETE and entry.payload.get("record") is not None:
            return "table record"
        return {items.PING: "ping", items.DELETE: "message delete"}.get(entry.kind, entry.kind)

    async def _channel(self, entry: OutboxEntry) -> Any:
        channel = self.m.channel(entry.channel_id)
        if channel is None:  # not in the cache: an archived thread, or gone
            try:
                channel = await self.m.find_channel(entry.channel_id)
            except Exception as exc:
                raise classify(exc, self.route(entry)) from exc
        if channel is None:
            raise DeliveryError("gone", f"channel {entry.channel_id} is unknown")
        return channel

    async def deliver(self, entry: OutboxEntry,
                      before_post: BeforePost) -> int | None:
        channel = await self._channel(entry)
        route = self.route(entry)
        try:
            if isinstance(channel, discord.Thread) and channel.archived and not channel.locked:
                # a table's thread nobody wrote in for a day (the cache no longer holds it):
                # Discord refuses edits there until it is unarchived
                log.info("thread %s is archived: unarchiving it", channel.id)
                self.m.charge()
                with phase(REST):
                    await channel.edit(archived=False)
            if entry.kind == items.DELETE:
                message = channel.get_partial_message(int(entry.payload["message_id"]))
                record = entry.payload.get("record")
                with contextlib.suppress(discord.NotFound), phase(REST):
                    if record is None:
                        await message.delete()
                    else:  # (the old table message: its text alone, in its place)
                        files = await self._files(entry, await self._drawn(entry, {}))
                        await message.edit(content=str(record), embed=None,
                                           attachments=files, view=None,
                                           allowed_mentions=QUIET)
                return None
            if _clears(entry):
                await self._unping(channel, entry)
                return None
            if entry.kind == items.TABLE:
                return await self._table(channel, entry, before_post)
            if entry.kind == items.TOURNAMENT:
                return await self._tournament(channel, entry, before_post)
            if entry.kind == items.POINTER:
                return await self._pointer(channel, entry, before_post)
            if entry.kind == items.INVITE:
                await self._invite(channel, entry)
                return None
            if _rewords(entry) and await self._reword(channel, entry):
                return None
            kwargs = await self._post_kwargs(entry)
            await before_post()
            with phase(REST):
                sent = await channel.send(nonce=nonce(entry), **kwargs)
            return int(sent.id)
        except DeliveryError:
            raise
        except Exception as exc:
            raise classify(exc, route) from exc

    async def _invite(self, channel: Any, entry: OutboxEntry) -> None:
        """A rematch's invitation edited to say who is still awaited and who does not play
        this time, with its buttons while an invited player may still answer (review 90:
        live after "all the invited players are seated"); an edit notifies nobody."""
        with phase(DB):
            table = None if entry.table_id is None else await self.m.table(entry.table_id)
        text = None if table is None else self.m.invite_text(table)
        invite = None if table is None else (table.rematch or {}).get("invite")
        if table is None or text is None or not isinstance(invite, list):
            return
        with contextlib.suppress(discord.NotFound), phase(REST):
            await channel.get_partial_message(int(invite[1])).edit(
                content=text, allowed_mentions=QUIET,
                view=_buttons({"buttons": self.m.invite_buttons(table)}))

    async def _unping(self, channel: Any, entry: OutboxEntry) -> None:
        with phase(DB):
            table = None if entry.table_id is None else await self.m.table(entry.table_id)
        if table is None or table.ping_message_id is None:
            return
        # deleted first, forgotten after: a failure between the two (a retry, a crash)
        # deletes it again (gone already: fine) — forgotten first, it stayed for good
        with contextlib.suppress(discord.NotFound), phase(REST):
            await channel.get_partial_message(table.ping_message_id).delete()
        with phase(DB):
            await self.m.set_ping(table, None)

    async def _reword(self, channel: Any, entry: OutboxEntry) -> bool:
        """The table's ping message edited to the entry's text; False when there is none
        standing (gone, or never posted: the entry is posted instead)."""
        with phase(DB):
            table = None if entry.table_id is None else await self.m.table(entry.table_id)
        if table is None or table.ping_message_id is None:
            return False
        try:
            with phase(REST):
                await channel.get_partial_message(table.ping_message_id).edit(
                    content=entry.payload.get("content"), allowed_mentions=QUIET)
        except discord.NotFound:
            self.m.charge()
            return False
        return True

    async def _post_kwargs(self, entry: OutboxEntry) -> dict[str, Any]:
        payload = await self.m.post_payload(entry.payload)
        table = await self._drawn(entry, payload)
        kwargs: dict[str, Any] = {
            "content": payload.get("content"),
            "allowed_mentions": MENTIONS if payload.get("mentions") else QUIET,
        }
        embed = None
        if payload.get("embed") is not None:
            embed = discord.Embed.from_dict(payload["embed"])
        name = payload.get("picture")
        if name:
            with phase(RENDER):
                png = await self.m.picture(table, str(name))
            filename = str(payload.get("filename") or "picture.png")
            if png is not None:
                kwargs["file"] = png_file(png, filename, payload.get("description"))
                if embed is not None:
                    embed.set_image(url=f"attachment://{filename}")
            elif embed is not None:
                embed.set_image(url=None)
        if payload.get("rating") and embed is not None:
            with phase(DB):  # (the server's AI share)
                note = await self.m.rating_note(table)
            if note is not None:  # (right after the final order: "play again" stays last)
                embed.insert_field_at(1, name=note[0], value=note[1], inline=False)
        files = await self._files(entry, table)
        more = []
        for spec in payload.get("embeds") or []:  # (each with its own picture in it)
            extra = discord.Embed.from_dict(spec["embed"])
            drawn = await self._embed_picture(table, spec.get("picture"))
            if drawn is not None:
                files.append(drawn)
                extra.set_image(url=f"attachment://{drawn.filename}")
            more.append(extra)
        if "file" in kwargs and files:  # (discord.py takes one of the two)
            files = [kwargs.pop("file"), *files]
        if files:
            kwargs["files"] = files
        if embed is not None and more:
            kwargs["embeds"] = [embed, *more]
        elif embed is not None:
            kwargs["embed"] = embed
        view = _buttons(payload)
        if view is not None:
            kwargs["view"] = view
        return kwargs

    async def _drawn(self, entry: OutboxEntry, payload: dict[str, Any]) -> Table | None:
        """The entry's table, loaded once for all it draws of it (its pictures, the final
        post's rating note); None when it has none or draws nothing."""
        if entry.table_id is None or not (entry.payload.get("pictures") or any(
                payload.get(k) for k in ("picture", "embeds", "rating"))):
            return None
        with phase(DB):
            return await self.m.table(entry.table_id)

    async def _embed_picture(self, table: Table | None, spec: Any) -> discord.File | None:
        """A further embed's picture (``items.post``'s ``embeds``), drawn now; None when it
        has none or it cannot be drawn (the embed goes without it)."""
        if not spec:
            return None
        name, filename, description = items.picture_of(spec)
        with phase(RENDER):
            png = await self.m.picture(table, name)
        return None if png is None else png_file(png, filename, description)

    async def _files(self, entry: OutboxEntry, table: Table | None) -> list[discord.File]:
        """The entry's ``pictures``, drawn now of ``table`` (``_drawn``; one that cannot be
        drawn is left out)."""
        files = []
        for spec in entry.payload.get("pictures") or []:
            name, filename, description = items.picture_of(spec)
            with phase(RENDER):
                png = await self.m.picture(table, name)
            if png is not None:
                files.append(png_file(png, filename, description))
        return files

    async def _table(self, channel: Any, entry: OutboxEntry,
                     before_post: BeforePost) -> int | None:
        assert entry.table_id is not None
        with phase(DB):
            table = await self.m.table(entry.table_id)
        if table is None:
            return None  # the table is gone (deleted): nothing to show
        with phase(RENDER):
            message = await self.m.table_message(table, entry.payload)
        # its text: the turn's notice of a message posted with ``ping``; an edit clears it,
        # unless the refresh keeps it (``ping`` on an edit: nothing moved; it notifies nobody)
        content = message.pop("content", None)
        repost = bool(entry.payload.get("repost"))
        if table.message_id is not None and not repost:
            try:
                with phase(REST):
                    await channel.get_partial_message(table.message_id).edit(
                        content=content, allowed_mentions=QUIET, **message)
                return None
            except discord.NotFound:
                log.info("the message of table %s is gone: posting it anew", table.table_id)
                self.m.charge()
        await before_post(table.message_id)
        with phase(REST):
            sent = await channel.send(
                content=content,
                nonce=nonce(entry),
                embed=message.get("embed"),
                view=message.get("view"),
                files=message.get("attachments") or [],
                allowed_mentions=MENTIONS if content and repost else QUIET,
            )
        return int(sent.id)

    async def _tournament(self, channel: Any, entry: OutboxEntry,
                          before_post: BeforePost) -> int | None:
        tid = _tournament_id(entry)
        with phase(RENDER):
            message = await self.m.tournament_message(tid)
        if message is None:
            return None  # the tournament is gone: nothing to show
        known = self.m.tournament_message_id(tid)
        if known is not None:
            try:
                with phase(REST):
                    await channel.get_partial_message(known).edit(**message)
                return None
            except discord.NotFound:
                log.info("the message of tournament %s is gone: posting it anew", tid)
                self.m.charge()
        await before_post(known)
        with phase(REST):
            sent = await channel.send(nonce=nonce(entry), allowed_mentions=QUIET, **message)
        return int(sent.id)

    async def _pointer(self, channel: Any, entry: OutboxEntry,
                       before_post: BeforePost) -> int | None:
        with phase(DB):
            table = None if entry.table_id is None else await self.m.table(entry.table_id)
        text = None if table is None else self.m.pointer_text(table)
        if table is None or text is None:
            return None  # the table is gone, or plays in no thread: nothing to point to
        if table.pointer_id is not None:
            try:
                with phase(REST):
                    await channel.get_partial_message(table.pointer_id).edit(content=text)
                return None
            except discord.NotFound:
                log.info("the thread pointer of table %s is gone: posting it anew",
                         table.table_id)
                self.m.charge()
        await before_post(table.pointer_id)
        with phase(REST):
            sent = await channel.send(text, nonce=nonce(entry), allowed_mentions=QUIET)
        return int(sent.id)

    async def posted(self, entry: OutboxEntry, message_id: int) -> None:
        with phase(DB):
            await self._posted(entry, message_id)

    async def _posted(self, entry: OutboxEntry, message_id: int) -> None:
        if entry.kind == items.TOURNAMENT:
            # (the old message's end queued with the new one saved: see below)
            await self.m.set_tournament_message(
                _tournament_id(entry), message_id,
                lambda old: [items.delete(entry.channel_id, old)])
            return
        if _invitation(entry):
            assert entry.table_id is not None
            invited = await self.m.table(entry.table_id)
            if invited is not None:
                await self.m.set_invite(invited, entry.channel_id, message_id)
            return
        if entry.table_id is None or entry.kind not in (items.TABLE, items.PING, items.POINTER):
            return
        table = await self.m.table(entry.table_id)
        if table is None:
            return
        old, save = {items.TABLE: (table.message_id, self.m.set_table_message),
                     items.POINTER: (table.pointer_id, self.m.set_pointer)}.get(
            entry.kind, (table.ping_message_id, self.m.set_ping))
        if old == message_id:
            return  # found again after a crash: it was saved, and its old one's end queued
        later: list[OutboxItem] = []
        lines = entry.payload.get("record") if entry.kind == items.TABLE else None
        record = "\n".join(lines) if lines else None
        pictures = [(int(i), items.picture_of(rest)) for i, *rest
                    in (entry.payload.get("pictures") or ())] if record is not None else []
        if record is not None and (old is None or not items.record_fits(lines or ())):
            # no old message to become the record (or too long for one): posted as ever
            later += [items.post(entry.channel_id, line, table_id=entry.table_id,
                                 pictures=[p for i, p in pictures if i == k])
                      for k, line in enumerate(lines or ())]
            record, pictures = None, []
        if old is not None:
            later.insert(0, items.delete(entry.channel_id, old, entry.table_id, record=record,
                                         pictures=[p for _i, p in pictures]))
        # the old message's end queued in the transaction that saves the new one: queued
        # apart, a crash between the two queued that end twice after the post was found
        # again (its record lines posted twice), or — the new one saved first — never (the
        # old message left as it was, buttons and all, for good)
        await save(table, message_id, later)

    async def find_posted(self, entry: OutboxEntry, known: set[int]) -> int | None:
        if _invitation(entry):
            # its id saved already: posted — and maybe edited since (its table started), so
            # that its text no longer finds it; looked for, it was posted a second time
            assert entry.table_id is not None
            table = await self.m.table(entry.table_id)
            invite = None if table is None else (table.rematch or {}).get("invite")
            if isinstance(invite, list):
                return int(invite[1])
        channel = await self._channel(entry)
        me = self.m.bot_user_id()
        after = discord.Object(entry.watermark) if entry.watermark else None
        self.m.charge()  # (a call the entry's token did not pay for)
        try:
            with phase(REST):
                found = [m async for m in channel.history(limit=HISTORY, after=after)]
        except Exception as exc:
            raise classify(exc, "post") from exc
        table_message = None
        if entry.table_id is not None and entry.kind != items.TABLE:
            # (a table message's own post: the one it replaces is below its watermark, and
            # the table's message now is that post itself once it was saved before a crash)
            table_message = self.m.table_message_id(entry.table_id)
        mine = sorted((m for m in found if m.author.id == me and m.id not in known
                       and m.id != table_message), key=lambda m: m.id)
        if entry.kind == items.TOURNAMENT:
            prefix = f"lora:tn:{_tournament_id(entry)}:"
            found_t = [m for m in mine if m.embeds
                       and any(cid.startswith(prefix) for cid in _ids(m))]
            return int(found_t[-1].id) if found_t else None
        if entry.kind == items.TABLE:
            prefixes = (f"lora:t:{entry.table_id}:", f"lora:l:{entry.table_id}:")
            # (a ping carries a table button too, but no embed)
            matches = [m for m in mine if m.embeds
                       and any(cid.startswith(prefixes) for cid in _ids(m))]
            return int(matches[-1].id) if matches else None
        if entry.kind == items.POINTER:
            # the line names the table's thread, whatever the table's state said then
            table = await self.m.table(entry.table_id) if entry.table_id is not None else None
            if table is None or not table.in_thread:
                return None
            mention = f"<#{table.channel_id}>"
            found_p = [m for m in mine if mention in (m.content or "")]
            return int(found_p[-1].id) if found_p else None
        if entry.kind not in (items.POST, items.PING):
            return None
        content = entry.payload.get("content") or ""
        title = (entry.payload.get("embed") or {}).get("title")
        for m in mine:
            shown = m.embeds[0].title if m.embeds else None
            if (m.content or "") == content and shown == title:
                return int(m.id)
        return None


def _tournament_id(entry: OutboxEntry) -> int:
    return int(entry.payload["tournament"])


def _invitation(entry: OutboxEntry) -> bool:
    """A rematch's invitation's post (``bot.ui.rematch``)."""
    return entry.kind == items.POST and entry.table_id is not None \
        and entry.key == f"invite:{entry.table_id}"


def _clears(entry: OutboxEntry) -> bool:
    return entry.kind == items.PING and bool(entry.payload.get("clear"))


def _rewords(entry: OutboxEntry) -> bool:
    return entry.kind == items.PING and bool(entry.payload.get("reword"))


def _ids(message: Any) -> list[str]:
    out = []
    for row in message.components:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None)
            if custom_id:
                out.append(str(custom_id))
    return out
