"""Lóra's own commands in ``/lora``: ``new`` with the options of RULES.md, and ``score``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.commands import TABLE_CHOICES, TABLE_OPTIONS, choice, gdesc, my_table, open_new_table
from bot.i18n import desc, t, user_lang
from bot.ui.builders import png_file
from engine.contracts import Options

if TYPE_CHECKING:
    from bot.games.lora import LoraUI

Interaction = discord.Interaction[Any]


def lora_commands(ui: LoraUI) -> list[app_commands.Command[Any, Any, None]]:
    @app_commands.command(name="new", description=gdesc(ui, "cmd_new"))
    @app_commands.describe(
        red_king_first_trick=desc("lora.opt_red_king_desc"),
        panak=desc("lora.opt_panak_desc"),
        cista_stovka=desc("lora.opt_stovka_desc"),
        **{k: desc(v) for k, v in TABLE_OPTIONS.items()},
    )
    @app_commands.choices(
        red_king_first_trick=[choice("lora.choice_allowed", "allowed"),
                              choice("lora.choice_forbidden", "forbidden")],
        **TABLE_CHOICES,
    )
    async def new(
        interaction: Interaction,
        red_king_first_trick: str = "allowed",
        panak: bool = False,
        cista_stovka: bool = True,
        turn_timer: app_commands.Range[int, 0, 3600] = 120,
        language: str = "cs",
        seating: str = "draw",
        autoplay: bool = True,
    ) -> None:
        options = Options(
            red_king_first_trick="forbidden" if red_king_first_trick == "forbidden"
            else "allowed",
            panak=panak,
            cista_stovka=cista_stovka,
        )
        await open_new_table(interaction, ui, options.to_json(), turn_timer=turn_timer,
                             language=language, seating=seating, autoplay=autoplay)

    @app_commands.command(name="score", description=gdesc(ui, "cmd_score"))
    async def score(interaction: Interaction) -> None:
        table = my_table(interaction)
        lang = user_lang(interaction)
        if table is None or table.state is None or table.game_kind != ui.kind:
            await interaction.response.send_message(t("core.no_table_here", lang),
                                                    ephemeral=True)
            return
        sheet = ui.sheet_png(table, user_lang(interaction, table.settings.lang))
        await interaction.response.send_message(file=png_file(sheet, "protokol.png"),
                                                ephemeral=True)

    return [new, score]
