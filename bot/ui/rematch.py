"""A rematch ("Hrát znovu" under a finished table's final order): the new table, and its
invitation to the others who played there — kept up to date while its lobby waits, said done
once the table starts or closes."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.commands import command_shown, czech_client, my_table, seated_text
from bot.delivery import items
from bot.errors import TableError
from bot.i18n import game_key, t
from bot.model import (
    STATUS_ABORTED,
    STATUS_FINISHED,
    STATUS_LOBBY,
    STATUS_PLAYING,
    Table,
    TableSettings,
)
from bot.service import Place
from bot.storage.models import OutboxItem
from bot.ui import builders
from bot.ui.components import LobbyButton, frozen_view

if TYPE_CHECKING:
    from bot.games.base import GameUI
    from bot.ui.controller import Controller
    from bot.ui.replies import Replies

Interaction = discord.Interaction[Any]

log = logging.getLogger(__name__)


class Rematches:
    """Rematches and their invitations (``Controller.rematches``)."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl

    async def decline(self, interaction: Interaction, table_id: int, lang: str) -> None:
        """A click on a rematch invitation's "Nehraju" (answered already): an invited player
        does not play this time. The one who opened the rematch is told how he leaves its
        lobby instead, anybody else that the button is for the invited players of this
        table (the one the invitation names)."""
        user_id = interaction.user.id
        try:
            await self.ctl.service.decline(table_id, user_id)
        except TableError as exc:
            if exc.key != "again_not_invited":
                raise
            table = self.ctl.service.tables.get(table_id)
            creator = table is not None and user_id == table.creator_id \
                and table.seat_of(user_id) is not None
            await self.ctl.replies.error(interaction, "core.again_creator_decline" if creator
                                         else "core.again_not_invited", lang, id=table_id)
            return
        await self.ctl.replies.error(interaction, self.declined_key(table_id, user_id), lang,
                                     id=table_id)

    def declined_key(self, table_id: int, user_id: int) -> str:
        """The answer to an invited player's "Nehraju": that he may still sit down only when
        he can (review 82: said at a full table, and to one seated at another table)."""
        table = self.ctl.service.tables.get(table_id)
        if table is None or table.full \
                or self.ctl.service.table_of_user(table.guild_id, user_id) is not None:
            return "core.again_declined_final"
        return "core.again_declined"

    async def again(self, interaction: Interaction, table_id: int, lang: str) -> None:
        """A click on "Hrát znovu" under a finished table's final order: a new table in the
        same channel with the finished one's settings (its options, timer, seating,
        language, AI seats and their levels) and the clicker seated; the other humans who
        played there are invited to join (each joins with the lobby's own button). Only one
        who played there may, as ``/… new`` would let him (not seated elsewhere), and not
        while a table is open in the channel (the clicks of the others then point to it)."""
        old = await self.ctl.table(table_id)
        user = interaction.user
        if old is None or old.status != STATUS_FINISHED or old.tournament is not None:
            await self.ctl.replies.tell(interaction,
                                        await self.ctl.replies.over_text(table_id, lang)
                                        or t("core.no_table", lang), lang)
            return
        ui = builders.game_ui(old)
        humans = [s for s in old.seats if s is not None and s.user_id is not None]
        if user.id not in {s.user_id for s in humans}:
            # seated at a table already, he is told where (a new game's command would refuse
            # him; review 76), else how to open one
            sits = my_table(interaction)
            czech = czech_client(interaction)
            if sits is not None:
                await self.ctl.replies.error(interaction, "core.again_not_player_seated", lang,
                                             id=table_id,
                                             seated=seated_text(sits, lang, czech))
            else:
                await self.ctl.replies.error(interaction, "core.again_not_player", lang,
                                             id=table_id, new=command_shown(ui, "new", czech))
            return
        newest = await self.newest(old)
        if newest is not None:
            await self.next_game(interaction, old, newest, lang)
            return
        channel_id = old.channel_id

        def busy() -> None:
            open_ = self.ctl.service.tables_in_channel(channel_id)
            if open_:
                raise TableError("again_busy", id=open_[0].table_id)

        async def placement() -> Place | None:  # (asked while the channel takes no other)
            busy()
            return await self.ctl.threads.placement(old.guild_id, channel_id)

        settings = TableSettings.from_json(old.settings.to_json())
        settings.revision, settings.revisions = 0, {}  # (a new lobby's)
        rematch = {"of": table_id, "seats": {str(s.user_id): i for i, s in enumerate(old.seats)
                                             if s is not None and s.user_id is not None}}
        # its AI players, in their seats (not those who took a leaver's place), seated before
        # its lobby is first shown
        ais = [(i, s.ai) for i, s in enumerate(old.seats)
               if s is not None and s.user_id is None and not s.left and s.ai is not None]
        # (a thread and the commits are REST calls and more than Discord's three seconds for
        # a first answer may allow)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            busy()
            if self.ctl.service.table_of_user(old.guild_id, user.id) is not None:
                raise TableError("already_seated")
            table = await self.ctl.service.create(old.guild_id, channel_id, user.id,
                                                  user.display_name, settings, old.game_kind,
                                                  placement=placement, rematch=rematch,
                                                  ais=ais)
        except TableError as exc:
            if exc.key == "again_busy":
                await self.again_busy(interaction, old, int(exc.params["id"]), lang)
            elif (seated := self.ctl.replies.seated_answer(interaction, exc, lang)):
                await self.ctl.replies.tell(interaction, seated, lang)
            else:
                await self.ctl.replies.tell(interaction, t(game_key(old.game_kind, exc.key), lang,
                                                           **exc.params), lang)
            return
        others = [s for s in humans if s.user_id != user.id]
        assert table.rematch is not None
        table.rematch["by"] = user.display_name
        await self.link(old, table)
        text = t("core.again_created", lang, id=table.table_id, old=table_id)
        if table.channel_id != channel_id:
            text += " " + t("core.table_created_thread", lang,
                            thread=f"<#{table.channel_id}>")
        if others:
            invite = table.rematch["shown"] = self.invite_words(table)
            await self.ctl.enqueue([items.post(table.channel_id, invite, mentions=True,
                                               buttons=self.invite_buttons(table),
                                               table_id=table.table_id,
                                               key=_invite_key(table.table_id))])
            text += " " + t("core.again_invited", lang,
                            names=", ".join(s.name for s in others))
        await self.ctl.replies.tell(interaction, text, lang)

    async def newest(self, old: Table) -> Table | None:
        """The newest table that descends from the finished ``old`` by "Hrát znovu" (its
        rematch, that one's rematch, …; one closed unplayed ends the line), None when
        there is none: an old button leads there (review 82: table 2's button, clicked
        after tables 3 and 5 were played, opened a table with table 2's stake and invited
        who had declined)."""
        table, seen = old, {old.table_id}
        while table.again_id is not None and table.again_id not in seen:
            later = await self.ctl.table(table.again_id)
            if later is None or later.status == STATUS_ABORTED:
                break
            seen.add(later.table_id)
            table = later
        return None if table is old else table

    async def link(self, old: Table, table: Table) -> None:
        """The rematch ``table`` of ``old`` is kept with ``old`` (its button leads there
        now); a rematch in ``old``'s thread takes that thread over: renamed after it, and
        the line in the channel that pointed to ``old`` points to it (review 82)."""
        old.again_id = table.table_id
        try:
            await self.ctl.store.update_table(old.table_id, extra=old.extra_json())
        except Exception:  # (its button then opens no second rematch while it is open)
            log.exception("could not link table %s to its rematch %s", old.table_id,
                          table.table_id)
        if not old.in_thread or table.channel_id != old.channel_id or table.in_thread:
            return
        table.parent_id, table.pointer_id = old.parent_id, old.pointer_id
        await self.ctl.service.note_ids(table, self.ctl.threads.pointer(table))
        await self.ctl.threads.rename(table)

    async def next_game(self, interaction: Interaction, old: Table, newest: Table,
                        lang: str) -> None:
        """"Hrát znovu" under ``old`` once a game followed it (``newest``, the last one):
        its own rematch's lobby seats him, another lobby is offered with its button, a
        full one, one in play or one played is named (where, and how a new game opens)."""
        user = interaction.user
        nid = newest.table_id
        values = _next_values(interaction, old, newest)
        if newest.seat_of(user.id) is not None and newest.status == STATUS_LOBBY:
            await self.ctl.replies.error(interaction, "core.joined", lang, id=nid)
            return
        if newest.status == STATUS_LOBBY and newest.full:
            await self.ctl.replies.error(interaction, "core.again_next_full", lang, **values)
        elif newest.status == STATUS_LOBBY and (newest.rematch or {}).get("of") == old.table_id:
            await self.again_busy(interaction, old, nid, lang)
        elif newest.status == STATUS_LOBBY:
            button = LobbyButton(nid, "join", t("core.btn_join", lang),
                                 discord.ButtonStyle.primary)
            text = t("core.again_next_lobby", lang, **values)
            # its rules, when not those of the table under whose button he clicked (review
            # 90: table 3 played with Panák on, table 1's button said nothing of it)
            changed = differences(builders.game_ui(old), old.settings, newest.settings, lang)
            if changed:
                text += " " + t("core.again_changes", lang, old=old.table_id,
                                changes=", ".join(changed))
            await interaction.followup.send(text, view=frozen_view(button), ephemeral=True)
        elif newest.status == STATUS_PLAYING:
            await self.ctl.replies.error(interaction, "core.again_next_playing", lang, **values)
        else:
            await self.ctl.replies.error(interaction, "core.again_next_finished", lang,
                                         **values)

    async def again_busy(self, interaction: Interaction, old: Table, open_id: int,
                         lang: str) -> None:
        """"Hrát znovu" while a table is open in the channel: the rematch of the same table
        still in its lobby seats him (his click says he wants to play; in his old seat —
        accepting its rules only if they are the finished table's); another lobby is
        offered with its own join button; a table in play is to wait for."""
        user = interaction.user
        open_ = self.ctl.service.tables.get(open_id)
        mine = self.ctl.service.table_of_user(old.guild_id, user.id)
        if mine is not None and mine.table_id == open_id:
            await self.ctl.replies.error(interaction, "core.joined", lang, id=open_id)
            return
        here = "_thread" if isinstance(interaction.channel, discord.Thread) else ""
        if open_ is not None and open_.status == STATUS_LOBBY:
            if (open_.rematch or {}).get("of") == old.table_id:
                changes = rule_changes(open_, lang)
                if open_.full:
                    await self.ctl.replies.error(interaction, "core.again_next_full", lang,
                                                 **_next_values(interaction, old, open_))
                    return
                try:
                    await self.ctl.service.join(open_id, user.id, user.display_name,
                                                agreed=changes is None)
                except TableError as exc:
                    await self.ctl.replies.tell(interaction, t(game_key(
                        old.game_kind, exc.key), lang, **exc.params), lang)
                    return
                await tell_seated(self.ctl.replies, interaction, "core.again_joined", lang,
                                  open_id, old.table_id, changes)
                return
            button = LobbyButton(open_id, "join", t("core.btn_join", lang),
                                 discord.ButtonStyle.primary)
            await interaction.followup.send(t(f"core.again_busy_lobby{here}", lang, id=open_id),
                                            view=frozen_view(button), ephemeral=True)
            return
        await self.ctl.replies.error(interaction, f"core.again_busy{here}", lang, id=open_id)

    def invite_done(self, table: Table, key: str) -> list[OutboxItem]:
        """A rematch's invitation once its table started (or closed): its text says so, its
        join button goes (once; None before it was posted — ``set_invite`` then does it)."""
        rematch = table.rematch
        if rematch is None or rematch.get("done") or not isinstance(rematch.get("invite"),
                                                                     list):
            return []
        rematch["done"] = True
        channel_id, message_id = rematch["invite"]
        names = ", ".join(s.name for s in table.seats if s is not None)
        changes = rule_changes(table, table.settings.lang)
        if key == "core.again_invite_started" and changes is not None:
            key += "_changed"  # (what changed in a sentence of its own: review 90)
        text = t(key, table.settings.lang, id=table.table_id, old=rematch.get("of"),
                 changes=changes, names=names)
        return [items.delete(int(channel_id), int(message_id), table.table_id, record=text)]

    def invite_words(self, table: Table) -> str:
        """A rematch's invitation: who opened it, with which rules (changed in its lobby,
        they are no longer the finished table's: review 82), whom it still awaits
        (mentioned: the post notifies them) or that it is full, who said he does not play
        this time."""
        rematch = table.rematch or {}
        lang = table.settings.lang
        name = rematch.get("by")
        if not isinstance(name, str):  # (a rematch opened before its opener was kept)
            name = next((s.name for s in table.seats
                         if s is not None and s.user_id == table.creator_id), "?")
        awaited, declined = table.rematch_awaited(), table.rematch_declined()
        values = {"name": name, "table": rules_words(table)}
        if self.all_seated(table):
            text = t("core.again_invite_seated", lang, **values)
        elif table.full:  # (nobody is awaited any more: review 82)
            text = t("core.again_invite_full", lang, **values)
        elif awaited:
            text = t("core.again_invite", lang, mentions=", ".join(f"<@{u}>" for u in awaited),
                     **values)
        else:
            text = t("core.again_invite_answered", lang, **values)
        if declined:
            text += "\n" + t("core.lobby_declined", lang,
                             names=", ".join(f"<@{u}>" for u in declined))
        return text

    def invite_buttons(self, table: Table) -> list[dict[str, Any]]:
        """The invitation's Přisednout (the lobby's own button) and Nehraju while an invited
        player may still sit down; none once all of them sit there or the table is full
        (review 90: both stayed live under "all the invited players are seated")."""
        if self.seated_or_full(table):
            return []
        lang = table.settings.lang
        return [{"custom_id": LobbyButton(table.table_id, "join").custom_id,
                 "label": t("core.btn_join", lang), "style": discord.ButtonStyle.primary.value},
                {"custom_id": LobbyButton(table.table_id, "decline").custom_id,
                 "label": t("core.btn_decline", lang),
                 "style": discord.ButtonStyle.secondary.value}]

    @staticmethod
    def all_seated(table: Table) -> bool:
        """Everybody invited to the rematch ``table`` sits there."""
        invited = {int(u) for u in ((table.rematch or {}).get("seats") or {})
                   if str(u).isdigit()}
        return invited <= {table.creator_id, *table.humans()}

    def seated_or_full(self, table: Table) -> bool:
        """Nobody invited to the rematch ``table`` can still sit down: all sit there, or it
        is full."""
        return self.all_seated(table) or table.full

    def invite_text(self, table: Table) -> str | None:
        """A rematch's posted invitation as its lobby is now (None: not posted yet, or its
        table started or closed — ``invite_done`` said its last words)."""
        rematch = table.rematch
        if rematch is None or rematch.get("done") or table.status != STATUS_LOBBY \
                or not isinstance(rematch.get("invite"), list):
            return None
        return self.invite_words(table)

    def invite_refresh(self, table: Table) -> list[OutboxItem]:
        """The rematch's invitation edited, if what it says has changed since it was last
        written (kept with the table: ``shown``)."""
        text = self.invite_text(table)
        if text is None or table.rematch is None or text == table.rematch.get("shown"):
            return []
        table.rematch["shown"] = text
        return [items.invite(table.channel_id, table.table_id)]

    async def set_invite(self, table: Table, channel_id: int, message_id: int) -> None:
        """The rematch's invitation was posted (``bot.delivery.channel``): kept, so that the
        start of its table (or its closing) takes its button away."""
        rematch = table.rematch
        if rematch is None:
            return
        before = dict(rematch)
        rematch["invite"] = [channel_id, message_id]
        later = []
        if table.status == STATUS_PLAYING or table.status == STATUS_FINISHED:
            later = self.invite_done(table, "core.again_invite_started")
        elif table.status == STATUS_ABORTED:
            later = self.invite_done(table, "core.again_invite_closed")
        else:  # (answered before it was posted: it says so now)
            later = self.invite_refresh(table)
        # its id saved with the edit that catches it up, in one transaction: saved first, a
        # crash before the edit was queued lost it (its table started, the invitation kept
        # its buttons for good); queued first, a crash before the save queued it twice
        try:
            await self.ctl.service.note_ids(table, later)
        except Exception:
            rematch.clear()  # (its post is found again and this redone)
            rematch.update(before)
            raise


async def tell_seated(replies: Replies, interaction: Interaction, key: str, lang: str,
                      table_id: int, old: object, changes: str | None) -> None:
    """He sits at ``table_id`` now (``key``), or sits there with rules changed since table
    ``old``'s, to be accepted in its lobby first (``key``_changed; review 82)."""
    if changes is None:
        await replies.error(interaction, key, lang, id=table_id)
    else:
        await replies.error(interaction, f"{key}_changed", lang, id=table_id, old=old,
                            changes=changes, agree=t("core.btn_agree", lang))


def rule_changes(table: Table, lang: str) -> str | None:
    """What a lobby's rules say differently from those it was opened with (a rematch's:
    the finished table's), None when they are those: the short words of its options and
    turn timer that changed, else (the same words) that the table shows them."""
    settings = table.settings
    if settings.revision == 0:  # (the first revision: the rules it was opened with)
        return None
    first = TableSettings(settings.first_options(), settings.first_timer(), lang)
    changed = differences(builders.game_ui(table), first, settings, lang)
    return ", ".join(changed) if changed else t("core.again_rules_see_table", lang)


def differences(ui: GameUI, before: TableSettings, after: TableSettings,
                lang: str) -> list[str]:
    """The options and turn timer of ``after`` that are not ``before``'s, in the short
    words a sentence lists them with (``short_lines``; review 90: the lobby's long lines,
    their own brackets nested in the sentence)."""
    def lines(of: TableSettings) -> list[str]:
        return [*ui.short_lines(of, lang), builders.short_timer(of.turn_timer, lang)]

    said = set(lines(before))
    return [line for line in lines(after) if line not in said]


def rules_words(table: Table) -> str:
    """A rematch's table as its invitation names it, with its rules: the finished
    table's, or what changed, in a sentence of its own."""
    lang = table.settings.lang
    old = (table.rematch or {}).get("of")
    changes = rule_changes(table, lang)
    if changes is None:
        return t("core.again_table_same", lang, id=table.table_id, old=old)
    return t("core.again_table_changed", lang, id=table.table_id, old=old, changes=changes)


def _next_values(interaction: Interaction, old: Table, table: Table) -> dict[str, Any]:
    """The values of the replies naming ``table``, the game that followed ``old``: its
    number, where it is, and how a new game opens."""
    return {"old": old.table_id, "id": table.table_id, "where": f"<#{table.channel_id}>",
            "new": command_shown(builders.game_ui(old), "new", czech_client(interaction))}


def _invite_key(table_id: int) -> str:
    """The outbox key of a rematch's invitation (its message id is kept: ``set_invite``)."""
    return f"invite:{table_id}"
