"""``/<game> kick``: the table's creator or a server manager removes a player who is away —
from a lobby (his seat frees), or from a running game (an AI takes his seat exactly as if he
had left, and he may take it back while the game runs). Any game: the seat is the core's.

Asked first (a kick of the wrong player cannot be undone by the asker): the question names
the player and the table, its buttons (``KickButton``) confirm or cancel it; a confirming
click checks everything again. A refused kick is refused at once, unasked.

Not at a tournament's table: a tournament's turn timer always hands an absent player's
moves to an AI, and only he withdraws from it (the tournament's own way).

About the tables of the channel asked in; ``table`` names one of the server by its number
wherever it plays, as ``/<game> abort`` does (a bare kick about a player at a table
elsewhere says where, and how to name it)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord

from bot.commands import (
    command_shown,
    controller_of,
    czech_client,
    open_table_numbered,
    option_shown,
    other_game_table_text,
)
from bot.errors import TableError
from bot.games import GameUI, ui_of
from bot.i18n import t
from bot.model import STATUS_LOBBY, STATUS_PLAYING, Table
from bot.ui.builders import creator_shown
from bot.ui.components import KickButton, frozen_view

if TYPE_CHECKING:
    from bot.ui.controller import Controller

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]

# a question's key: (asker, table, player, until) — what its buttons carry, and who sees it
QuestionKey = tuple[int, int, int, int]


async def kick(interaction: Interaction, ui: GameUI, target: discord.abc.User,
               table_id: int | None = None) -> None:
    """``/<game> kick`` (``ui``'s game): refused at once (``Removal.refusal``), else asked
    (``Removal.ask``). ``table_id`` (its ``table`` option): the table of this server by that
    number, wherever it plays (as ``/<game> abort`` names one); without it, the tables of
    this channel. A table of the other game is not acted on: its command is named."""
    controller = controller_of(interaction)
    removal = controller.removal
    named = None if table_id is None else open_table_numbered(interaction, table_id)
    table, played = removal.found(interaction, target.id, named)
    # a bare kick about another who sits at no table here: the table elsewhere a refusal
    # names, looked up once (the reply is in the language of the table it is about)
    there = removal.elsewhere(interaction, target.id) if (
        table_id is None and table is None and played is None
        and target.id != interaction.user.id) else None
    about = named or table or played or there
    lang = await controller.languages.lang_for(interaction, about)
    name = getattr(target, "display_name", target.name)
    if table_id is not None and named is None:
        refusal: str | None = t("core.abort_no_such_table", lang, id=table_id)
    elif named is not None and table is None and played is None:
        refusal = t("core.kick_not_at_table", lang, name=name, id=table_id)
    else:
        refusal = removal.refusal(interaction, target.id, name, table, played, lang, there)
    if refusal is not None and table is None and played is None and there is None:
        refusal = await removal.registered_text(interaction, target.id, name) or refusal
    if refusal is None and table is not None:
        refusal = other_game_table_text(ui, table, "kick", lang, czech_client(interaction))
    if refusal is not None or table is None:
        await interaction.response.send_message(refusal, ephemeral=True)
        return
    member = isinstance(target, discord.Member) or await removal.on_server(interaction, target.id)
    await removal.ask(interaction, table, target.id, name, lang, member)


def left_at(tables: Iterable[Table], user_id: int) -> Table | None:
    """The first running one of ``tables`` whose seat ``user_id`` left (or was removed from)
    and an AI plays for him: ``Removal.found`` looks in the channel, ``elsewhere`` in the
    server."""
    return next((x for x in tables
                 if x.status == STATUS_PLAYING and x.left_seat_of(user_id) is not None), None)


class Removal:
    """Kicks and their questions (``Controller.removal``): a question lapses after
    ``CONFIRM_SECONDS`` — its buttons are disabled then and it says so (``expire``; after a
    restart, a click on it says so)."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        self.timers: dict[QuestionKey, asyncio.TimerHandle] = {}

    def tables_here_with_tournaments(self, channel_id: int | None) -> list[Table]:
        """The active tables of the channel: those playing in it and those of its
        tournaments, in its threads (a tournament's player is asked after in its channel:
        "he sits at no table in this channel" was false to the asker; review 40: a kick is
        refused there with its own reason). Unlike ``commands.abortable_here`` (a bare
        abort's: tables of their own only, playing in the channel itself)."""
        if channel_id is None:
            return []
        service = self.ctl.service
        here = service.tables_in_channel(channel_id)
        ids = {x.table_id for x in here}
        tournaments = {tid for tid, t_ in self.ctl.desk.service.tournaments.items()
                       if t_.channel_id == channel_id}
        return here + [
            x for x in service.tables.values()
            if x.tournament is not None and x.tournament.get("id") in tournaments
            and x.is_open and x.table_id not in ids]

    def found(self, interaction: Interaction, user_id: int,
              named: Table | None = None) -> tuple[Table | None, Table | None]:
        """The table ``user_id`` sits at — ``named`` (a table named by its number, wherever it
        plays), else one of this channel (``tables_here_with_tournaments``) — else the
        running one of those whose seat he left (or was removed from) and an AI plays."""
        service = self.ctl.service
        here = [named] if named is not None else \
            self.tables_here_with_tournaments(interaction.channel_id)
        table = None if interaction.guild_id is None else service.table_of_user(
            interaction.guild_id, user_id)
        if table is not None and table.table_id not in {x.table_id for x in here}:
            table = None
        played = None if table is not None else left_at(here, user_id)
        return table, played

    def elsewhere(self, interaction: Interaction, user_id: int) -> Table | None:
        """The open table of this server, not of this channel, that ``user_id`` sits at (or
        whose seat an AI plays for him since he left it) and the asker may remove him from,
        or a tournament's (nobody may: told why): a bare kick in another channel names it
        (and how to name it with ``table``) rather than say he sits at no table here."""
        if interaction.guild_id is None:
            return None
        service = self.ctl.service
        table = service.table_of_user(interaction.guild_id, user_id)
        if table is None:
            table = left_at((x for x in service.tables.values()
                             if x.guild_id == interaction.guild_id), user_id)
        if table is None or (table.tournament is None
                             and not self.ctl.questions.may_abort(table, interaction.user)):
            return None
        return table

    def refusal(self, interaction: Interaction, user_id: int, name: str, table: Table | None,
                played: Table | None, lang: str, there: Table | None = None) -> str | None:
        """Why the asker may not remove ``user_id`` (None: he may): an AI plays his seat
        already, he sits at no table of the channel (``there``: one the asker may name
        elsewhere, ``elsewhere`` as a bare kick looked it up: where, and how), he is the
        asker, the table is a tournament's, the asker neither created it nor manages the
        server, or the table refuses it (``removable_seat``: its creator, its last human, a
        game over). A confirming click passes no ``there``: its table is known."""
        czech = czech_client(interaction)
        if played is not None:
            return self.ai_plays_text(name, played.table_id, lang)
        if table is None:
            if there is None:
                return t("core.kick_not_seated", lang, name=name)
            if there.tournament is not None:
                return t("core.kick_tournament", lang)
            if there.seat_of(user_id) is None:
                return self.ai_plays_text(name, there.table_id, lang)
            return t("core.kick_elsewhere", lang, name=name, id=there.table_id,
                     channel=f"<#{there.channel_id}>",
                     cmd=command_shown(ui_of(there.game_kind), "kick", czech),
                     table=option_shown("table", czech))
        if user_id == interaction.user.id:
            return t("core.kick_self", lang,
                     leave=command_shown(ui_of(table.game_kind), "leave", czech))
        if table.tournament is not None:
            return t("core.kick_tournament", lang)
        if not self.ctl.questions.may_abort(table, interaction.user):
            return t("core.kick_denied", lang, creator=creator_shown(table))
        try:
            self.ctl.service.removable_seat(table, user_id)
        except TableError as exc:
            return self.error_text(interaction, exc, name, table, lang)
        return None

    async def registered_text(self, interaction: Interaction, user_id: int,
                              name: str) -> str | None:
        """One who sits at no table but is registered for a tournament of this channel that
        has not started: that registrations are not removed, only withdrawn by their player,
        or the tournament cancelled (review 84: "sits at no table" misled the asker) — in
        the language of the tournament's answers (the asker's own, else its). None: no such
        registration."""
        from bot.storage.models import TournamentStatus
        from bot.tournament import model
        from bot.tournament.model import settings_of

        for t_ in self.ctl.desk.service.tournaments.values():
            if (t_.channel_id == interaction.channel_id and t_.guild_id == interaction.guild_id
                    and t_.status == TournamentStatus.REGISTRATION
                    and model.entrant_of_user(t_, user_id) is not None):
                lang = await self.ctl.languages.chosen_lang(interaction.user.id) \
                    or settings_of(t_).lang
                return t("core.kick_registered", lang, name=name, id=t_.tournament_id,
                         leave=t("core.tournament.btn_leave", lang),
                         cancel=t("core.tournament.btn_cancel", lang))
        return None

    @staticmethod
    def ai_plays_text(name: str, table_id: int, lang: str) -> str:
        """Why nobody is removed from a seat whose player left it: an AI plays it already."""
        return t("core.kick_ai_plays", lang, name=name, id=table_id)

    @staticmethod
    def error_text(interaction: Interaction, exc: TableError, name: str, table: Table,
                   lang: str) -> str:
        abort = command_shown(ui_of(table.game_kind), "abort", czech_client(interaction))
        return t(f"core.{exc.key}", lang, **({"name": name, "abort": abort} | exc.params))

    @staticmethod
    def op_of(table: Table) -> str:
        """What the question says a kick does: "game" (an AI plays on), "lobby" (the seat
        frees)."""
        return "game" if table.status == STATUS_PLAYING else "lobby"

    def question(self, table: Table, user_id: int, name: str, lang: str, until: int, *,
                 disabled: bool = False, member: bool = True) -> tuple[str, discord.ui.View]:
        """Remove him? What it does (``op_of``): one no longer a ``member`` of the server
        is not told he may come back."""
        op = self.op_of(table)
        text = t(f"core.kick_confirm_{op}{'' if member else '_gone'}", lang, name=name,
                 id=table.table_id)
        return text, self.buttons(table.table_id, user_id, op, until, lang, disabled=disabled)

    @staticmethod
    def buttons(table_id: int, user_id: int, op: str, until: int, lang: str, *,
                disabled: bool = False) -> discord.ui.View:
        return frozen_view(
            KickButton(table_id, user_id, op, until, t("core.btn_kick", lang),
                       discord.ButtonStyle.danger, disabled),
            KickButton(table_id, user_id, "no", until, t("core.btn_kick_cancel", lang),
                       discord.ButtonStyle.secondary, disabled))

    async def ask(self, interaction: Interaction, table: Table, user_id: int, name: str,
                  lang: str, member: bool = True) -> None:
        """The question, to the asker alone; it lapses after ``CONFIRM_SECONDS``."""
        until = self.ctl.questions.confirm_until()
        text, view = self.question(table, user_id, name, lang, until, member=member)
        await interaction.response.send_message(text, view=view, ephemeral=True)
        self._arm(interaction, table, user_id, until, lang)

    def _arm(self, interaction: Interaction, table: Table, user_id: int, until: int,
             lang: str) -> None:
        """The question just shown through ``interaction`` (asked, or asked again because
        the table changed) lapses at ``until``: then it says so, its buttons disabled."""
        key = (interaction.user.id, table.table_id, user_id, until)
        disabled_view = self.buttons(table.table_id, user_id, self.op_of(table), until, lang,
                                     disabled=True)
        self.timers[key] = asyncio.get_running_loop().call_later(
            max(0.0, until - self.ctl.now()), self.expire, key, interaction,
            t("core.confirm_expired", lang), disabled_view)

    def expire(self, key: QuestionKey, interaction: Interaction, text: str,
               view: discord.ui.View) -> None:
        """A question nobody answered: it says it lapsed, its buttons disabled."""
        if self.timers.pop(key, None) is None:
            return

        async def edit() -> None:
            try:
                await interaction.edit_original_response(content=text, view=view)
            except discord.HTTPException as exc:
                log.warning("could not mark a kick question lapsed: %s", exc)

        self.ctl.service._spawn(edit())  # (tracked: shutdown stops it)

    def shutdown(self) -> None:
        for timer in self.timers.values():
            timer.cancel()
        self.timers.clear()

    async def name_of(self, interaction: Interaction, table_id: int, user_id: int) -> str:
        """The player's name as ``/<game> kick`` gave it: the member's (asked of Discord
        when not cached), else his seat's."""
        guild = interaction.guild
        member = guild.get_member(user_id) if guild is not None else None
        if member is not None:
            return member.display_name
        table = self.ctl.service.tables.get(table_id)
        seats = [] if table is None else [s for s in table.seats if s is not None]
        seated = next((s.name for s in seats if user_id in (s.user_id, s.left_by)), None)
        if seated is not None or guild is None:
            return seated or str(user_id)
        try:
            return (await guild.fetch_member(user_id)).display_name
        except discord.HTTPException:
            return str(user_id)

    @staticmethod
    async def on_server(interaction: Interaction, user_id: int) -> bool:
        """``user_id`` is still a member of the server asked in (not known: taken as one) —
        a kicked one who left it is not pinged nor told to come back (review 87)."""
        guild = interaction.guild
        if guild is None or guild.get_member(user_id) is not None:
            return True
        try:
            await guild.fetch_member(user_id)
        except discord.NotFound:
            return False
        except discord.HTTPException:
            return True
        return True

    def gone_text(self, table_id: int, user_id: int, name: str, played: Table | None,
                  lang: str) -> str:
        """Why a player no longer sits at the asked-about table: it ended, an AI plays his
        seat, or he left it (or was removed) — nothing was done."""
        current = self.ctl.service.tables.get(table_id)
        if current is None or current.status not in (STATUS_LOBBY, STATUS_PLAYING):
            return t("core.kick_table_ended", lang, id=table_id)
        if played is not None and played.table_id == table_id:
            return self.ai_plays_text(name, table_id, lang)
        return t("core.kick_gone", lang, name=name, id=table_id)

    async def answer(self, interaction: Interaction, table_id: int, user_id: int, op: str,
                     until: int) -> None:
        """A click on a question's button (only its asker sees it): cancelled ("no"; he stays,
        unless he is gone meanwhile: then why, ``gone_text``), lapsed, or confirmed — then
        everything is checked again (the asker may still remove him, he still sits at that
        table, unreplaced, and it is still what the question said: a lobby, a game) and he is
        removed as ``/<game> kick`` did before it asked. The question becomes its answer, its
        buttons disabled (a table changed meanwhile: the question as it is now)."""
        timer = self.timers.pop((interaction.user.id, table_id, user_id, until), None)
        if timer is not None:
            timer.cancel()
        controller = self.ctl
        lang = await controller.languages.lang_at(interaction, table_id)
        # (a cancel's disabled copy shows some op: nobody can click it)
        disabled_view = self.buttons(table_id, user_id, op if op != "no" else "lobby", until,
                                     lang, disabled=True)
        if op != "no" and controller.now() > until:
            await interaction.response.edit_message(content=t("core.confirm_expired", lang),
                                                    view=disabled_view)
            return
        # answered before any wait or call of Discord (it allows 3 s), the table checked
        # after them: a lobby that started meanwhile is seen (as ``Controller.on_confirm``)
        await interaction.response.defer()
        await controller.delivery.startup_gate(table_id)
        name = await self.name_of(interaction, table_id, user_id)
        member = await self.on_server(interaction, user_id)
        # (the question's table, wherever it plays)
        named = open_table_numbered(interaction, table_id)
        table, played = (None, None) if named is None else self.found(interaction, user_id,
                                                                       named)
        reply_view = disabled_view
        if table is None or table.table_id != table_id:
            # (a cancel too: "he stays" would be false; review 42)
            text: str | None = self.gone_text(table_id, user_id, name, played, lang)
        elif op == "no":
            text = t("core.kick_cancelled", lang, name=name, id=table_id)
        else:
            text = self.refusal(interaction, user_id, name, table, None, lang)
            if text is None and self.op_of(table) != op:  # (a lobby started meanwhile)
                again = controller.questions.confirm_until()
                asked, reply_view = self.question(table, user_id, name, lang, again,
                                                  member=member)
                text = t("core.changed", lang) + "\n" + asked
                self._arm(interaction, table, user_id, again, lang)
        if text is not None or table is None:
            await self._show(interaction, text or "", reply_view, lang)
            return
        running = table.status == STATUS_PLAYING
        try:
            table = await controller.service.remove(table_id, user_id,
                                                    by=interaction.user.display_name,
                                                    member=member)
        except TableError as exc:
            text = self.error_text(interaction, exc, name, table, lang)
        else:
            if running:  # his open hand says so (as when he leaves)
                controller.hands.left(table, user_id,
                                      t("core.hand_left", table.settings.lang, id=table_id))
            key = "core.kicked_ok_game" if running else "core.kicked_ok_lobby"
            text = t(key + ("" if member else "_gone"), lang, name=name, id=table_id)
        await self._show(interaction, text, disabled_view, lang)

    async def _show(self, interaction: Interaction, text: str, view: discord.ui.View,
                    lang: str) -> None:
        """The question (deferred) becomes its answer; else the answer comes apart."""
        try:
            await interaction.edit_original_response(content=text, view=view)
        except discord.HTTPException:
            await self.ctl.replies.tell(interaction, text, lang)
