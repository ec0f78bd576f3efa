"""Where a table plays: a thread of its channel (by the server's ``table_threads``) or the
channel itself, and the line in the channel that points to a table's thread."""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import TYPE_CHECKING, Any, Literal

import discord

from bot.delivery import items
from bot.delivery.channel import classify
from bot.i18n import t
from bot.model import STATUS_ABORTED, STATUS_FINISHED, Table
from bot.service import Place
from bot.storage.models import OutboxItem
from bot.ui import builders

if TYPE_CHECKING:
    from bot.ui.controller import Controller

log = logging.getLogger(__name__)


# a table's thread is archived after a day without a message (the bot's next message or
# edit there brings it back: ``bot.delivery.channel``)
THREAD_ARCHIVE_MINUTES: Literal[1440] = 1440
THREAD_ATTEMPTS = 3  # making a thread rate limited: tried again after the retry-after


class Threads:
    """Tables' threads (``Controller.threads``)."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl

    async def open(self, channel_id: int, name: str, what: str) -> int | None:
        """A public thread of a text channel for a table (its id), or None when none can be
        made there (not a text channel, e.g. already a thread; no permission; Discord
        refused): the table then plays in the channel itself, and the log says so."""
        channel = self.ctl.materials.channel(channel_id)
        if channel is None or not isinstance(channel, discord.TextChannel):
            return None
        for attempt in range(1, THREAD_ATTEMPTS + 1):
            self.ctl.delivery.charge()  # (beside the outbox: counted against the global pace)
            try:
                thread = await channel.create_thread(
                    name=name[:100], type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_ARCHIVE_MINUTES)
                return int(thread.id)
            except (discord.HTTPException, discord.RateLimited) as exc:
                failure = classify(exc, "post")  # a thread takes the channel's post bucket
                if failure.kind == "rate" and attempt < THREAD_ATTEMPTS:
                    wait = failure.retry_after
                    await asyncio.sleep(min(wait if wait is not None else 1.0, 5.0))
                    continue
                log.warning("no thread for %s in channel %s (%s): it plays in the channel",
                            what, channel_id, exc)
                return None
        return None

    async def placement(self, guild_id: int, channel_id: int,
                        settings: dict[str, Any] | None = None) -> Place | None:
        """Where a new table of ``channel_id`` plays, by the server's ``table_threads``
        (of its ``settings`` when the caller read them already): "busy" (the default) a
        thread of its own when the channel already has a table in its lobby or in play,
        "always" a thread, "never" the channel. None: the channel (a thread: always)."""
        if isinstance(self.ctl.materials.channel(channel_id), discord.Thread):
            return None  # (a thread has no threads of its own: the table plays in it)
        if settings is None:
            try:
                settings = await self.ctl.store.guild_settings(guild_id)
            except Exception:
                log.warning("could not read the settings of guild %s", guild_id)
                settings = {}
        mode = settings.get("table_threads", "busy")
        if mode == "never" or (mode != "always"
                               and not self.ctl.service.tables_in_channel(channel_id)):
            return None
        return functools.partial(self.in_thread, channel_id)

    async def in_thread(self, channel_id: int, table: Table, *,
                        make: bool = True) -> tuple[int, list[OutboxItem]]:
        """A thread named after the table, and a line in the channel that points there (in
        the table's language); without a thread the table stays in the channel. Its thread
        made before a restart cut the table's first commit short is taken, not made again;
        with ``make`` False none is made (a lobby that expired while the bot was down
        closes in that thread, so no empty thread is left behind, else in its channel)."""
        name = self._name(table)
        thread = self.made(channel_id, name)
        if thread is None and make:
            thread = await self.open(channel_id, name, f"table {table.table_id}")
        if thread is None:
            return channel_id, []
        return thread, [items.pointer(channel_id, table.table_id)]

    async def rename(self, table: Table) -> None:
        """The thread a rematch took over named after it (review 82: tables 3, 5 and 7 all
        played in "Taroky – stůl č. 2"): one rename per new table, well within Discord's
        limit of two in ten minutes; refused, the thread keeps its name (logged)."""
        thread = self.ctl.materials.channel(table.channel_id)
        if not isinstance(thread, discord.Thread):
            return
        self.ctl.delivery.charge()
        try:
            await thread.edit(name=self._name(table))
        except (discord.HTTPException, discord.RateLimited) as exc:
            log.warning("could not rename thread %s for table %s (%s)", table.channel_id,
                        table.table_id, exc)

    @staticmethod
    def _name(table: Table) -> str:
        return builders.table_title(table, "lobby_title", table.settings.lang)[:100]

    def made(self, channel_id: int, name: str) -> int | None:
        """The bot's thread of that name in the channel, if there is one (known threads
        only: the active ones)."""
        channel = self.ctl.materials.channel(channel_id)
        me = self.ctl.materials.bot_user_id()
        if channel is None or not isinstance(channel, discord.TextChannel) or me is None:
            return None
        mine = [th.id for th in channel.threads if th.owner_id == me and th.name == name]
        return max(mine, default=None)

    def pointer_text(self, table: Table) -> str | None:
        """The line in the channel a table was opened in that points to its thread: where
        it plays, who won when it has finished, that it was closed."""
        if not table.in_thread:
            return None
        lang, ui = table.settings.lang, builders.game_ui(table)
        values = {"id": table.table_id, "thread": f"<#{table.channel_id}>",
                  "game": ui.name(lang)}
        outcome = table.state.outcome() if table.state is not None else None
        if table.status == STATUS_FINISHED and outcome is not None:
            names = table.names()
            winners = ", ".join(names[seat] for seat in outcome.order()
                                if outcome.places[seat] == 1)
            return t("core.table_thread_finished", lang, winners=winners, **values)
        if table.gone:  # (its thread deleted: no link to it; a lobby's is closed, as its
            # post in the channel says: ``Presenter._gone_shown``; review 42)
            key = "core.table_thread_gone" if table.state is not None \
                else "core.table_thread_gone_lobby"
            return t(key, lang, **values)
        if table.status == STATUS_ABORTED:
            return t("core.table_thread_closed", lang, **values)
        return t("core.table_thread", lang, **values)

    def pointer(self, table: Table) -> list[OutboxItem]:
        """The pointer line refreshed (a table in a thread that finished or closed)."""
        if not table.in_thread:
            return []
        assert table.parent_id is not None
        return [items.pointer(table.parent_id, table.table_id)]
