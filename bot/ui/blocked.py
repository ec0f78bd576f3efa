"""A running table whose channel refuses the bot's messages (403: a permission taken away
during the game; review 41): its players play on through their private hands while the
channel shows nothing new, and only the log said why. Each human of the table is told once
per outage, privately, with his next click or command (``Replies.notify``): which
permission the bot lacks there, and to ask the server's managers. The first message of the
table delivered again ends the outage, as does the end of its game (a note not yet read is
taken back); the table message shows the game as it is with its next refresh.

The outages are kept in memory only: after a restart each running table whose channel
still refuses the bot, as its permissions there say, starts its outage anew (``resumed``:
a notice not read before the restart is given again; without it the players learnt of it
only after the first post refused then, a move or more later); one the permissions do not
show starts at its first 403 then."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.delivery.deliverer import DeliveryError
from bot.i18n import t
from bot.model import STATUS_PLAYING, Table
from bot.permissions import missing_key, missing_to_post, permission_names
from bot.storage.models import OutboxEntry

if TYPE_CHECKING:
    from bot.ui.controller import Controller

log = logging.getLogger(__name__)
FORBIDDEN = 403


@dataclass(slots=True)
class Outage:
    """A running table's channel refusing the bot: ``notes``, the notes given to its humans
    (user id, text: taken back at its end if not read); ``routes``, the routes (post, edit,
    delete) of its entries refused there — one of them delivered ends it (a deletion, say
    of a ping, or an edit of its message is allowed where posting is not)."""

    channel_id: int
    notes: list[tuple[int, str]] = field(default_factory=list)
    routes: set[str] = field(default_factory=set)


class Blocked:
    """The tables whose channel refuses the bot now (``Controller.blocked``; the sender's
    ``on_blocked`` and ``on_delivered``)."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        self.outages: dict[int, Outage] = {}  # table id → its outage

    def refused(self, entry: OutboxEntry, exc: DeliveryError) -> None:
        """An entry of a table was refused: a running table's first 403 starts an outage,
        its humans told (with their next interaction)."""
        if exc.status != FORBIDDEN or entry.table_id is None:
            return
        table = self.ctl.service.tables.get(entry.table_id)
        if table is None or table.status != STATUS_PLAYING:
            self.ended(entry.table_id)  # (its game is over: so is the outage)
            return
        if entry.channel_id != table.channel_id:
            # (its thread's pointer line, in the channel it was opened in: neither starts
            # the table's outage nor adds to it — its route delivered in the table's own
            # channel would not show that the bot may post there again)
            return
        outage = self.outages.get(table.table_id)
        if outage is not None:
            outage.routes.add(self._route(entry))
            return
        self._start(table, self._route(entry))

    def resumed(self, table: Table) -> None:
        """After a restart: a running table whose channel refuses the bot's posts, as its
        permissions there say, starts its outage now (its humans told with their next
        interaction) — the first post delivered there ends it."""
        if table.status == STATUS_PLAYING and table.table_id not in self.outages \
                and self._missing(table):
            self._start(table, "post")

    def _start(self, table: Table, route: str) -> None:
        text = self._text(table)
        outage = self.outages[table.table_id] = Outage(table.channel_id, routes={route})
        notes_of = self.ctl.replies.notes
        for user_id in table.humans():
            notes_of.setdefault(user_id, []).append(text)
            outage.notes.append((user_id, text))
        log.warning("table %s: the bot may not post in channel %s; its %d players told",
                    table.table_id, table.channel_id, len(outage.notes))

    def delivered(self, entry: OutboxEntry, _now: float) -> None:
        """A message of the table reached its channel by a route refused there: the outage
        is over."""
        outage = None if entry.table_id is None else self.outages.get(entry.table_id)
        if outage is None or outage.channel_id != entry.channel_id:
            return  # (not blocked, or a message elsewhere: its thread's pointer line)
        assert entry.table_id is not None
        if self._route(entry) in outage.routes:
            self.ended(entry.table_id)

    def ended(self, table_id: int) -> None:
        """The table's outage is over — a message of it delivered again, or its game over
        (``Presenter.committed``: finished, aborted, closed): a note not read yet is taken
        back (read later, at another table say, it would be untrue)."""
        outage = self.outages.pop(table_id, None)
        if outage is None:
            return
        for user_id, text in outage.notes:
            waiting = self.ctl.replies.notes.get(user_id)
            if waiting is not None and text in waiting:
                waiting.remove(text)
                if not waiting:
                    del self.ctl.replies.notes[user_id]

    def _route(self, entry: OutboxEntry) -> str:
        return str(self.ctl.delivery.deliverer.route(entry))

    def _text(self, table: Table) -> str:
        lang = table.settings.lang
        values = {"id": table.table_id, "channel": f"<#{table.channel_id}>",
                  "hand": t("core.btn_hand", lang)}
        missing = self._missing(table)
        if not missing:
            return t("core.blocked_unknown", lang, **values)
        # (what it lacks besides posting, Attach Files say, is not "I may not post": review 54)
        key = missing_key("core.blocked", missing, in_thread=self._in_thread(table))
        return t(key, lang, missing=permission_names(missing, lang), **values)

    def _missing(self, table: Table) -> list[str]:
        """The permissions the bot lacks to post in the table's channel, as it knows them
        (none: not known, or refused for another reason)."""
        channel: Any = self.ctl.bot.get_channel(table.channel_id)
        guild = getattr(channel, "guild", None)
        me = getattr(guild, "me", None)
        if channel is None or me is None:
            return []
        try:
            perms = channel.permissions_for(me)
        except (AttributeError, discord.ClientException):
            return []
        return missing_to_post(perms, in_thread=isinstance(channel, discord.Thread))

    def _in_thread(self, table: Table) -> bool:
        return isinstance(self.ctl.bot.get_channel(table.channel_id), discord.Thread)
