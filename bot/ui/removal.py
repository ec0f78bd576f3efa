"""``/<game> kick``: the table's creator or a server manager removes a player who is away —
from a lobby (his seat frees), or from a running game (an AI takes his seat exactly as if he
had left, and he may take it back while the game runs). Any game: the seat is the core's.

Not at a tournament's table: a tournament's turn timer always hands an absent player's
moves to an AI, and only he withdraws from it (the tournament's own way)."""

from __future__ import annotations

from typing import Any

import discord

from bot.commands import command_shown, controller_of, czech_client
from bot.errors import TableError
from bot.games import ui_of
from bot.i18n import t
from bot.model import STATUS_PLAYING

Interaction = discord.Interaction[Any]


async def kick(interaction: Interaction, target: discord.abc.User) -> None:
    """Refused (privately, with the way that fits) unless ``target`` sits at a table in
    this channel (one whose seat an AI plays there already is told so), is not the asker,
    the table is no tournament's, and the asker created it or manages the server; then
    removed (``TableService.remove``) and the asker told."""
    controller = controller_of(interaction)
    service = controller.service
    table = None if interaction.guild_id is None else service.table_of_user(
        interaction.guild_id, target.id)
    if table is not None and table.channel_id != interaction.channel_id:
        table = None
    here = [] if interaction.channel_id is None else service.tables_in_channel(
        interaction.channel_id)
    played = None if table is not None else next(
        (x for x in here if x.status == STATUS_PLAYING and x.left_seat_of(target.id) is not None),
        None)  # (an AI plays the seat he left, or was removed from, already)
    lang = await controller.languages.lang_for(interaction, table or played)
    name = getattr(target, "display_name", target.name)
    czech = czech_client(interaction)
    refusal = None
    if played is not None:
        refusal = t("core.kick_ai_plays", lang, name=name, id=played.table_id)
    elif table is None:
        refusal = t("core.kick_not_seated", lang, name=name)
    elif target.id == interaction.user.id:
        refusal = t("core.kick_self", lang,
                    leave=command_shown(ui_of(table.game_kind), "leave", czech))
    elif table.tournament is not None:
        refusal = t("core.kick_tournament", lang)
    elif not controller.questions.may_abort(table, interaction.user):
        refusal = t("core.kick_denied", lang)
    if refusal is not None or table is None:
        await interaction.response.send_message(refusal, ephemeral=True)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    running = table.status == STATUS_PLAYING
    try:
        table = await service.remove(table.table_id, target.id,
                                     by=interaction.user.display_name)
    except TableError as exc:
        abort = command_shown(ui_of(table.game_kind), "abort", czech)
        await controller.replies.tell(
            interaction, t(f"core.{exc.key}", lang, **({"name": name, "abort": abort}
                                                        | exc.params)), lang)
        return
    tid = table.table_id
    if running:  # his open hand says so (as when he leaves)
        controller.hands.left(table, target.id,
                              t("core.hand_left", table.settings.lang, id=tid))
    key = "core.kicked_ok_game" if running else "core.kicked_ok_lobby"
    await controller.replies.tell(interaction, t(key, lang, name=name, id=tid), lang)
