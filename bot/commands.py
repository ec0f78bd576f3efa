"""The ``/lora`` command group: tables (new, hand, score, rules, abort, leave)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import desc, t, user_lang
from bot.model import TableSettings
from bot.service import TableError
from bot.ui import builders
from engine.contracts import Options

Interaction = discord.Interaction[Any]


def _controller(interaction: Interaction) -> Any:
    return interaction.client.controller  # type: ignore[attr-defined]


def _choice(key: str, value: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=app_commands.locale_str(t(key, "cs"), key=key), value=value)


class LoraGroup(app_commands.Group):
    """/lora …"""

    def __init__(self) -> None:
        super().__init__(name="lora", description=desc("cmd_lora"), guild_only=True)

    @app_commands.command(name="new", description=desc("cmd_new"))
    @app_commands.describe(
        red_king_first_trick=desc("opt_red_king_desc"),
        panak=desc("opt_panak_desc"),
        cista_stovka=desc("opt_stovka_desc"),
        turn_timer=desc("opt_timer_desc"),
        language=desc("opt_lang_desc"),
        seating=desc("opt_seating_desc"),
        autoplay=desc("opt_autoplay_desc"),
    )
    @app_commands.choices(
        red_king_first_trick=[_choice("choice_allowed", "allowed"),
                              _choice("choice_forbidden", "forbidden")],
        language=[_choice("choice_cs", "cs"), _choice("choice_en", "en")],
        seating=[_choice("choice_draw", "draw"), _choice("choice_join", "join")],
    )
    async def new(
        self,
        interaction: Interaction,
        red_king_first_trick: str = "allowed",
        panak: bool = False,
        cista_stovka: bool = True,
        turn_timer: app_commands.Range[int, 0, 3600] = 120,
        language: str = "cs",
        seating: str = "draw",
        autoplay: bool = True,
    ) -> None:
        lang = user_lang(interaction, language)
        if interaction.guild_id is None or interaction.channel is None:
            await interaction.response.send_message(t("guild_only", lang), ephemeral=True)
            return
        if 0 < turn_timer < 20:
            await interaction.response.send_message(t("bad_timer", lang), ephemeral=True)
            return
        settings = TableSettings(
            options=Options(
                red_king_first_trick="forbidden" if red_king_first_trick == "forbidden"
                else "allowed",
                panak=panak,
                cista_stovka=cista_stovka,
            ),
            turn_timer=turn_timer,
            lang=language if language in ("cs", "en") else "cs",
            seating=seating if seating in ("draw", "join") else "draw",
            autoplay=autoplay,
        )
        controller = _controller(interaction)
        try:
            table = await controller.service.create(
                interaction.guild_id,
                interaction.channel.id,
                interaction.user.id,
                interaction.user.display_name,
                settings,
            )
        except TableError as exc:
            await interaction.response.send_message(t(exc.key, lang), ephemeral=True)
            return
        await interaction.response.send_message(
            t("table_created", lang, id=table.table_id), ephemeral=True
        )
        await controller.lobby_changed(table)

    @app_commands.command(name="hand", description=desc("cmd_hand"))
    async def hand(self, interaction: Interaction) -> None:
        controller = _controller(interaction)
        table = _my_table(interaction)
        if table is None or table.lora is None:
            await interaction.response.send_message(
                t("no_table_here", user_lang(interaction)), ephemeral=True
            )
            return
        await controller.open_hand(interaction, table)

    @app_commands.command(name="score", description=desc("cmd_score"))
    async def score(self, interaction: Interaction) -> None:
        table = _my_table(interaction)
        lang = user_lang(interaction)
        if table is None or table.lora is None:
            await interaction.response.send_message(t("no_table_here", lang), ephemeral=True)
            return
        await interaction.response.send_message(
            file=builders.sheet_file(table, user_lang(interaction, table.settings.lang)),
            ephemeral=True,
        )

    @app_commands.command(name="rules", description=desc("cmd_rules"))
    async def rules(self, interaction: Interaction) -> None:
        await _controller(interaction).send_rules(interaction, user_lang(interaction))

    @app_commands.command(name="leave", description=desc("cmd_leave"))
    async def leave(self, interaction: Interaction) -> None:
        lang = user_lang(interaction)
        table = _my_table(interaction)
        if table is None:
            await interaction.response.send_message(t("no_table_here", lang), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        was_lobby = table.lora is None
        try:
            await _controller(interaction).service.leave(table.table_id, interaction.user.id)
        except TableError as exc:
            await interaction.followup.send(t(exc.key, lang), ephemeral=True)
            return
        key = "left_lobby" if was_lobby else "left_game"
        await interaction.followup.send(t(key, lang, id=table.table_id), ephemeral=True)

    @app_commands.command(name="abort", description=desc("cmd_abort"))
    @app_commands.describe(table=desc("opt_table_desc"))
    async def abort(self, interaction: Interaction, table: int | None = None) -> None:
        lang = user_lang(interaction)
        controller = _controller(interaction)
        target = _my_table(interaction)
        if table is not None:
            target = controller.service.tables.get(table)
            if target is not None and target.guild_id != interaction.guild_id:
                target = None
        if target is None or target.status not in ("lobby", "playing"):
            await interaction.response.send_message(t("no_table_here", lang), ephemeral=True)
            return
        perms = getattr(interaction.user, "guild_permissions", None)
        manager = perms is not None and perms.manage_guild
        if interaction.user.id != target.creator_id and not manager:
            await interaction.response.send_message(t("no_permission", lang), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await controller.service.abort(target.table_id)
        await interaction.followup.send(t("aborted_ok", lang, id=target.table_id), ephemeral=True)


def _my_table(interaction: Interaction) -> Any:
    if interaction.guild_id is None:
        return None
    return _controller(interaction).service.table_of_user(interaction.guild_id,
                                                          interaction.user.id)
