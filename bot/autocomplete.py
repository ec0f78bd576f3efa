"""Autocomplete of the numbers a user cannot know (review 94): the ``table`` of ``/<game>
kick`` and ``abort`` offers the open tables of the game on this server that he may act on
("1 – Lóra, #hry, Jana, čeká na hráče"), the ``game`` of ``/<game> export`` the server's
finished games of the game, newest first ("7 – 5. 12. 2026: Jana, Petr, …"). What he has
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


def place_name(interaction: Interaction, channel_id: int) -> str:
    """The channel or thread a table plays in, by its name ("#hry"): a choice is plain
    text, a channel mention would show as digits."""
    guild = interaction.guild
    channel = None if guild is None else guild.get_channel_or_thread(channel_id)
    return f"#{channel.name}" if channel is not None else f"#{channel_id}"


def creator_name(interaction: Interaction, table: Table) -> str:
    """The table's creator by name: his seat's, else his name on the server."""
    seats = [s for s in table.seats if s is not None]
    name = next((s.name for s in seats if table.creator_id in (s.user_id, s.left_by)), None)
    member = None if name is not None or interaction.guild is None else \
        interaction.guild.get_member(table.creator_id)
    return name or (member.display_name if member is not None else "?")


async def table_choices(interaction: Interaction, ui: GameUI, typed: str) -> Choices:
    """The open tables of ``ui``'s game on this server (not a tournament's) that the asker
    may kick from or abort — the creator his own, a server manager any — by number."""
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
    return [app_commands.Choice(name=clipped(t(
        "core.ac_table", lang, id=x.table_id, game=ui.name(lang),
        channel=place_name(interaction, x.channel_id), creator=creator_name(interaction, x),
        state=t("core.ac_lobby" if x.status == STATUS_LOBBY else "core.ac_playing", lang))),
        value=x.table_id) for x in tables[:MAX_CHOICES]]


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
