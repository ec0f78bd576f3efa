"""The language of a private answer: the player's own choice (``/… settings``), else the
table's, else the one of the table of the server he last played at, else the server's default
table language (``/… defaults``), else his client's."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.bounded import Bounded
from bot.i18n import lang_of_locale
from bot.model import Table
from bot.tournament.model import settings_of
from bot.ui.components import table_id_of

if TYPE_CHECKING:
    from bot.ui.controller import Controller

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
USERS_HELD = 10_000  # the players whose own language is held (the others' read again)


class Languages:
    """The players' languages (``Controller.languages``)."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        # user -> his own language (/… settings), of the last ``USERS_HELD`` read or set
        self.chosen: dict[int, str | None] = Bounded(USERS_HELD)

    async def chosen_lang(self, user_id: int) -> str | None:
        """The language a player chose for his private messages, if any (cached)."""
        if user_id not in self.chosen:
            try:
                chosen = (await self.ctl.store.user_settings(user_id)).get("lang")
            except Exception:
                log.warning("could not read the settings of user %s", user_id)
                return None
            self.chosen[user_id] = chosen if isinstance(chosen, str) else None
        return self.chosen[user_id]

    async def set_lang(self, user_id: int, lang: str | None) -> None:
        await self.ctl.store.set_user_setting(user_id, "lang", lang)
        self.chosen[user_id] = lang

    async def lang_for(self, interaction: Interaction, table: Table | None = None, *,
                       last: Table | None = None, game: str | None = None) -> str:
        """The language of a private answer, the first of:

        1. the player's own choice (``/… settings language``);
        2. the language of the table the answer is about, else the one of the table or the
           tournament whose thread he asks in (``/lora hand`` in a Czech tournament table's
           thread answered in his client's English; review 25: in his last table's);
        3. the language of the table of this server he last played at (``last`` if the
           caller has it, else ``last_table``: one he has left, or one that has finished):
           who played at a Czech table keeps reading Czech, whatever his client's language;
        4. the server's default table language (``server_lang``; ``game``: the game
           answering, else the one of the slash command's group): a club's Czech server
           answers a newcomer's English client in Czech before he ever plays there;
        5. his Discord client's language (a player new to a server that set none)."""
        chosen = await self.chosen_lang(interaction.user.id)
        if chosen is not None:
            return chosen
        if table is None:
            here = self.lang_here(interaction)
            if here is not None:
                return here
            table = last or await self.last_table(interaction)
        if table is not None:
            return table.settings.lang
        try:
            server = await self.server_lang(interaction, game or game_of(interaction))
        except Exception:  # (an answer is not lost for it: in the client's language)
            log.warning("could not read the settings of guild %s", interaction.guild_id)
            server = None
        return server or lang_of_locale(interaction.locale)

    async def server_lang(self, interaction: Interaction, game: str | None) -> str | None:
        """The default table language the server's managers set with ``/<game> defaults``
        (only one they set: not the built-in one): ``game``'s; for an answer of no game
        (``game`` None: a click of the core), the one of the games that set one if they
        agree, else None (a Czech Lóra and an English Taroky: the client's language)."""
        if interaction.guild_id is None:
            return None
        langs = await self.server_langs(interaction.guild_id)
        if game is not None:
            return langs.get(game)
        agreed = set(langs.values())
        return agreed.pop() if len(agreed) == 1 else None

    async def server_langs(self, guild_id: int) -> dict[str, str]:
        """Game -> the default table language the server set for it, read as ``/<game> new``
        reads it (``server_language``, of the store's settings: held by the store until it
        writes one of the server's — not here, where a tournament spoke a language the
        server had dropped — and a failed read fails both alike)."""
        from bot.games import all_uis
        from bot.table_defaults import server_language

        stored = await self.ctl.store.guild_settings(guild_id)
        langs = {ui.kind: server_language(ui, stored) for ui in all_uis()}
        return {kind: lang for kind, lang in langs.items() if lang}

    def thread_table(self, interaction: Interaction) -> Table | None:
        """The table of the thread asked in (a tournament table's thread, or a table playing
        in a thread of its own; the newest, should a rematch or a table opened again share
        it), finished or not; None elsewhere: a channel is shared by tables and passers-by."""
        channel_id = interaction.channel_id
        if channel_id is None or not isinstance(interaction.channel, discord.Thread):
            return None
        here = [table for table in self.ctl.service.tables.values()
                if table.channel_id == channel_id]
        return max(here, key=lambda table: table.table_id, default=None)

    def held_lang(self, interaction: Interaction) -> str:
        """``lang_for`` from what is in memory alone (a shutdown's answer: the database may
        be closing): his own choice if held, the table his click names, the thread's, else
        his client's."""
        chosen = self.chosen.get(interaction.user.id)
        if chosen is not None:
            return chosen
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", "")) if isinstance(data, dict) else ""
        table_id = table_id_of(custom_id)
        table = self.ctl.known(table_id) if table_id is not None else None
        if table is not None:
            return table.settings.lang
        return self.lang_here(interaction) or lang_of_locale(interaction.locale)

    def lang_here(self, interaction: Interaction) -> str | None:
        """The language of the thread asked in, when it is a table's (``thread_table``) or a
        tournament table's whose table is gone from memory; None elsewhere (a channel is
        shared by tables and passers-by: they keep their own language there)."""
        table = self.thread_table(interaction)
        if table is not None:
            return table.settings.lang
        if not isinstance(interaction.channel, discord.Thread):
            return None
        for t_ in self.ctl.desk.service.tournaments.values():
            if any(s.thread_id == interaction.channel_id for s in t_.tables):
                return settings_of(t_).lang
        return None

    async def last_table(self, interaction: Interaction) -> Table | None:
        """The table of this server the asker last played at (``TableService.last_table``),
        whatever became of it since; None if none (or it is gone)."""
        if interaction.guild_id is None:
            return None
        table_id = await self.ctl.service.last_table(interaction.guild_id, interaction.user.id)
        if table_id is None:
            return None
        try:
            return await self.ctl.table(table_id)
        except Exception:
            log.warning("could not load table %s", table_id)
            return None

    async def lang_at(self, interaction: Interaction, table_id: int) -> str:
        """``lang_for`` a click at table ``table_id``: the table's language, also once it is
        over and gone from memory (review 75: a passer-by's Pravidla at a finished Czech
        tournament table answered in his client's English, its tournament's buttons in
        Czech)."""
        table = self.ctl.known(table_id)
        if table is None:
            try:
                table = await self.ctl.table(table_id)
            except Exception:
                log.warning("could not load table %s", table_id)
        return await self.lang_for(interaction, table)


def game_of(interaction: Interaction) -> str | None:
    """The game whose slash command is answering (its ``/<game> …`` group), None for a click
    (a component names no command)."""
    from bot.commands import GameGroup

    command = interaction.command
    root = command.root_parent if isinstance(command, discord.app_commands.Command) else None
    return root.ui.kind if isinstance(root, GameGroup) else None
