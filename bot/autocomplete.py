"""Autocomplete of the numbers a user cannot know (review 94): the ``table`` of ``/<game>
kick`` and ``abort`` offers the open tables of the game on this server that he may act on
("1 – Lóra, #hry, Jana, čeká na hráče"; kick: a lobby by its seated players), the ``game``
of ``/<game> export`` the server's finished games of the game, newest first ("7 – 5. 12.
2026: Jana, Petr, …"). What he has
typed keeps the numbers that start with it; a number typed and not offered still goes
through (the command answers about it as before)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.commands import controller_of
from bot.games import GameUI
from bot.i18n import t
from bot.model import STATUS_LOBBY, Table
from bot.results_csv import seat_name
from bot.storage.models import GameSummary, table_number
from bot.ui.builders import creator_seat_name

Interaction = discord.Interaction[Any]
Choices = list[app_commands.Choice[int]]

MAX_CHOICES = 25  # Discord's most choices of an autocomplete
MAX_NAME = 100  # Discord's longest choice name
GAMES_SEARCHED = 100  # the newest finished games a typed number is looked for among


def matches(number: int, typed: str) -> bool:
    """The number starts with what he typed (nothing typed: every number)."""
    return str(number).startswith(typed.strip())


def clipped(text: str) -> str:
    return text if len(text) <= MAX_NAME else text[:MAX_NAME - 1] + "…"


def place_name(interaction: Interaction, table: Table, lang: str) -> str:
    """Where a table plays, by name ("#hry"; a choice is plain text, a channel mention would
    show as digits); a table in a thread of its own by the channel it was opened in ("#hry,
    vlákno" — review 95: the thread's name repeated the table's, "#Taroky – stůl č. 2")."""
    guild = interaction.guild
    channel_id = table.parent_id if table.in_thread and table.parent_id else table.channel_id
    channel = None if guild is None else guild.get_channel_or_thread(channel_id)
    name = f"#{channel.name}" if channel is not None else f"#{channel_id}"
    return t("core.ac_thread", lang, channel=name) if table.in_thread else name


def creator_name(interaction: Interaction, table: Table) -> str:
    """The table's creator by name: his seat's, else his name on the server."""
    name = creator_seat_name(table)
    member = None if name is not None or interaction.guild is None else \
        interaction.guild.get_member(table.creator_id)
    return name or (member.display_name if member is not None else "?")


def who(interaction: Interaction, table: Table, seated: bool, fits: int) -> str:
    """Whom a choice names: the creator; with ``seated``, a lobby's seated players instead
    when their names fit in ``fits`` characters (review 95: kick needs a player, and the
    creator alone did not tell who sits there)."""
    if seated and table.status == STATUS_LOBBY:
        names = ", ".join(s.name for s in table.seats if s is not None and s.user_id is not None)
        if names and len(names) <= fits:
            return names
    return creator_name(interaction, table)


async def table_choices(interaction: Interaction, ui: GameUI, typed: str, *,
                        seated: bool = False) -> Choices:
    """The open tables of ``ui``'s game on this server (not a tournament's) that the asker
    may kick from or abort — the creator his own, a server manager any — by number; for
    kick (``seated``) a lobby by its seated players."""
    if interaction.guild_id is None:
        return []
    controller = controller_of(interaction)
    tables = sorted((x for x in controller.service.open_tables(interaction.guild_id)
                     if x.tournament is None and x.game_kind == ui.kind
                     and controller.questions.may_abort(x, interaction.user)
                     and matches(x.table_id, typed)), key=lambda x: x.table_id)
    if not tables:
        return []
    lang = await controller.languages.lang_for(interaction, game=ui.kind)
    return [app_commands.Choice(name=table_label(interaction, ui, x, lang, seated),
                                value=x.table_id) for x in tables[:MAX_CHOICES]]


def table_label(interaction: Interaction, ui: GameUI, table: Table, lang: str,
                seated: bool) -> str:
    """"1 – Lóra, #hry, Jana, čeká na hráče" (clipped to Discord's length)."""
    values = {"id": table.table_id, "game": ui.name(lang),
              "channel": place_name(interaction, table, lang),
              "state": t("core.ac_lobby" if table.status == STATUS_LOBBY else "core.ac_playing",
                         lang)}
    room = MAX_NAME - len(t("core.ac_table", lang, **values, creator=""))
    return clipped(t("core.ac_table", lang, **values,
                     creator=who(interaction, table, seated, room)))


async def game_choices(interaction: Interaction, ui: GameUI, typed: str) -> Choices:
    """The server's finished games of ``ui``'s game, newest first, by the number of the
    table each was played at (what ``export`` takes): its day and its players by place."""
    from bot.records import store_of

    if interaction.guild_id is None:
        return []
    games = await store_of(interaction).recent_games(
        interaction.guild_id, ui.kind, limit=GAMES_SEARCHED if typed.strip() else MAX_CHOICES)
    found = [g for g in games if g.table_id is not None and matches(g.table_id, typed)]
    if not found:
        return []
    lang = await controller_of(interaction).languages.lang_for(interaction, game=ui.kind)
    return [app_commands.Choice(name=game_label(interaction, g, lang),
                                value=table_number(g.table_id, g.game_id))
            for g in found[:MAX_CHOICES]]


def game_label(interaction: Interaction, game: GameSummary, lang: str) -> str:
    """"7 – 5. 12. 2026: Jana, Petr, …": the players by place, by their names on the
    server now where it knows them (as the history names them), else as stored."""
    guild = interaction.guild
    names = []
    for p in game.players:
        member = None if guild is None or p.user_id is None or not p.human else \
            guild.get_member(p.user_id)
        name = member.display_name if member is not None else p.name
        names.append(seat_name(name, p.seat in game.left, lang))
    day = game.finished_at
    return clipped(t("core.ac_game", lang, id=game.table_id,
                     date=t("core.ac_date", lang, d=day.day, m=day.month, y=day.year),
                     players=", ".join(names)))
