"""Which table a game's command (``/lora karty``, ``/taroky protokol``) is about: one of the
game it names. With a Lóra and a Taroky table in threads of one channel, a spectator was told
he sat nowhere, and a player of the other game was shown his own game's hand or sheet with no
word of which game it was (review 76)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.games import GameUI, ui_of
from bot.i18n import game_t, t
from bot.model import STATUS_FINISHED, STATUS_PLAYING, Table

if TYPE_CHECKING:
    from bot.ui.controller import Controller

Interaction = discord.Interaction[Any]


def table_here(controller: Controller, interaction: Interaction, kind: str) -> Table | None:
    """The table of the game ``kind`` asked about where the asker sits at none: the table of
    the thread asked in (``thread_table``: finished or not), else the one table of that game
    playing in the channel (None: none, or several: a channel is shared)."""
    table = controller.languages.thread_table(interaction)
    if table is not None:
        shown = table.state is not None and table.status in (STATUS_FINISHED, STATUS_PLAYING)
        return table if shown and table.game_kind == kind else None
    if interaction.channel_id is None:
        return None
    playing = [x for x in controller.service.tables_in_channel(interaction.channel_id)
               if x.state is not None and x.guild_id == interaction.guild_id
               and x.game_kind == kind]
    return playing[0] if len(playing) == 1 else None


def playing_in_threads(controller: Controller, interaction: Interaction,
                       kind: str) -> list[Table]:
    """The tables of the game ``kind`` playing in threads of their own opened from the
    channel asked in (its lines there point to them), by number."""
    return sorted((x for x in controller.service.tables.values()
                   if x.in_thread and x.parent_id == interaction.channel_id
                   and x.game_kind == kind and x.status == STATUS_PLAYING
                   and x.guild_id == interaction.guild_id), key=lambda x: x.table_id)


def threads_text(tables: list[Table], lang: str) -> str | None:
    """To one seated nowhere, asking in a channel whose tables of the game play in threads:
    where (one: its thread; several: each); None: there are none."""
    if len(tables) == 1:
        return t("core.spectator_hand_thread", lang, id=tables[0].table_id,
                 thread=tables[0].channel_id)
    if not tables:
        return None
    listed = ", ".join(t("core.table_in_thread", lang, id=x.table_id,
                         thread=f"<#{x.channel_id}>") for x in tables)
    return t("core.spectator_hand_threads", lang, tables=listed)


def other_game_text(ui: GameUI, seated: Table, lang: str, command: str,
                    czech: bool) -> str:
    """To one seated at a table of another game than ``ui``'s, asking with ``ui``'s command
    (``command``: "hand" or "sheet"): that he plays the other game, at which table, and
    the command there (a lobby: that its game has not started)."""
    from bot.commands import command_shown

    other = ui_of(seated.game_kind)
    values = {"not_playing": game_t(ui.kind, "not_playing", lang), "id": seated.table_id,
              "game": other.name(lang), "channel": f"<#{seated.channel_id}>"}
    if seated.state is None:
        return t("core.other_game_lobby", lang, **values)
    name = other.sheet_command if command == "sheet" else command
    return t("core.other_game_seated", lang, cmd=command_shown(other, name, czech), **values)


def ended_text(table: Table, lang: str, czech: bool) -> str:
    """To a player of ``table``, finished, asking for his cards: that his game has ended,
    and the command that shows its score sheet."""
    from bot.commands import command_shown

    ui = ui_of(table.game_kind)
    return t("core.game_ended_at", lang, id=table.table_id, game=ui.name(lang),
             channel=f"<#{table.channel_id}>",
             cmd=command_shown(ui, ui.sheet_command, czech))
