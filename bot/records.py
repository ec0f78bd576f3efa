"""Records of finished games: leaderboard, statistics, history, export, forget-me
(subcommands of ``/lora``, attached by ``add_records_commands``)."""

from __future__ import annotations

import io
import json
import math
from typing import Any

import discord
from discord import app_commands

from bot.i18n import desc, t, user_lang
from bot.ui.builders import EMBED_COLOUR, png_file
from bot.ui.components import frozen_view
from engine.messages import contract_name

Interaction = discord.Interaction[Any]
PAGE = 10


def _controller(interaction: Interaction) -> Any:
    return interaction.client.controller  # type: ignore[attr-defined]


def _store(interaction: Interaction) -> Any:
    return interaction.client.store  # type: ignore[attr-defined]


def _num(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


class LeaderboardPage(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lora:lb:(?P<page>\d+):(?P<dir>prev|next)",
):
    """Paging of the leaderboard; the guild comes from the interaction, never the id."""

    def __init__(self, page: int, direction: str, disabled: bool = False) -> None:
        self.page, self.direction = page, direction
        super().__init__(
            discord.ui.Button(
                label="◀" if direction == "prev" else "▶",
                custom_id=f"lora:lb:{page}:{direction}",
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Button[Any], match: Any
    ) -> LeaderboardPage:
        return cls(int(match["page"]), match["dir"])

    async def callback(self, interaction: Interaction) -> None:
        page = self.page - 1 if self.direction == "prev" else self.page + 1
        message = await leaderboard_message(interaction, max(page, 1))
        await interaction.response.edit_message(**message)


async def leaderboard_message(interaction: Interaction, page: int) -> dict[str, Any]:
    lang = user_lang(interaction)
    guild = interaction.guild
    assert interaction.guild_id is not None
    rows, total = await _store(interaction).leaderboard(
        interaction.guild_id, offset=(page - 1) * PAGE, limit=PAGE
    )
    pages = max(1, math.ceil(total / PAGE))
    embed = discord.Embed(
        title=t("lb_title", lang, guild=guild.name if guild else ""), colour=EMBED_COLOUR
    )
    if not rows:
        embed.description = t("lb_empty", lang)
    else:
        embed.description = "\n".join(
            t(
                "lb_row",
                lang,
                rank=row.rank,
                name=row.name,
                rating=row.rating,
                prov=t("lb_prov", lang) if row.provisional else "",
                games=row.games,
                wins=row.wins,
                avg=_num(row.avg_points),
            )
            for row in rows
        )
        embed.set_footer(text=t("lb_page", lang, page=page, pages=pages))
    attachments = []
    if rows:
        from bot.render import render_leaderboard

        image = render_leaderboard(rows, lang, title=embed.title or "")
        attachments.append(png_file(image, "leaderboard.png"))
        embed.set_image(url="attachment://leaderboard.png")
    view = frozen_view(
        LeaderboardPage(page, "prev", disabled=page <= 1),
        LeaderboardPage(page, "next", disabled=page >= pages),
    )
    return {"embed": embed, "view": view, "attachments": attachments}


def add_records_commands(group: app_commands.Group) -> None:
    """Attach leaderboard, stats, history, export and forget-me to the /lora group."""

    @group.command(name="leaderboard", description=desc("cmd_leaderboard"))
    @app_commands.describe(page=desc("opt_page_desc"))
    async def leaderboard(interaction: Interaction, page: app_commands.Range[int, 1, 1000] = 1
                          ) -> None:
        await interaction.response.defer(thinking=True)
        message = await leaderboard_message(interaction, page)
        await interaction.followup.send(
            embed=message["embed"], view=message["view"], files=message["attachments"]
        )

    @group.command(name="stats", description=desc("cmd_stats"))
    @app_commands.describe(user=desc("opt_user_desc"))
    async def stats(interaction: Interaction, user: discord.Member | None = None) -> None:
        lang = user_lang(interaction)
        target = user or interaction.user
        assert interaction.guild_id is not None
        data = await _store(interaction).player_stats(interaction.guild_id, target.id)
        name = target.display_name
        if data is None or data.games == 0:
            await interaction.response.send_message(t("stats_none", lang, name=name),
                                                    ephemeral=True)
            return
        await interaction.response.send_message(embed=stats_embed(data, name, lang),
                                                ephemeral=True)

    @group.command(name="history", description=desc("cmd_history"))
    async def history(interaction: Interaction) -> None:
        lang = user_lang(interaction)
        assert interaction.guild_id is not None
        games = await _store(interaction).recent_games(interaction.guild_id, limit=10)
        embed = discord.Embed(title=t("history_title", lang), colour=EMBED_COLOUR)
        if not games:
            embed.description = t("history_empty", lang)
        else:
            lines = []
            for g in games:
                order = ", ".join(f"{p.place}. {p.name} ({p.points})" for p in g.players)
                when = discord.utils.format_dt(g.finished_at, "d")
                lines.append(f"**#{g.game_id}** {when} – {order}")
            embed.description = "\n".join(lines)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @group.command(name="export", description=desc("cmd_export"))
    @app_commands.describe(game=desc("opt_game_desc"))
    async def export(interaction: Interaction, game: int) -> None:
        lang = user_lang(interaction)
        assert interaction.guild_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await _store(interaction).export_game(interaction.guild_id, game)
        if data is None:
            await interaction.followup.send(t("export_missing", lang, id=game), ephemeral=True)
            return
        from bot.render import render_sheet_from_export

        files = [
            png_file(render_sheet_from_export(data, lang), f"lora-{game}.png"),
            discord.File(
                io.BytesIO(json.dumps(data["replay"], ensure_ascii=False, indent=1).encode()),
                filename=f"lora-{game}.json",
            ),
        ]
        await interaction.followup.send(files=files, ephemeral=True)

    @group.command(name="settings", description=desc("cmd_settings"))
    @app_commands.describe(ai_share=desc("opt_ai_share_desc"))
    @app_commands.default_permissions(manage_guild=True)
    async def settings(interaction: Interaction,
                       ai_share: app_commands.Range[int, 0, 100] | None = None) -> None:
        lang = user_lang(interaction)
        assert interaction.guild_id is not None
        perms = getattr(interaction.user, "guild_permissions", None)
        if perms is None or not perms.manage_guild:
            await interaction.response.send_message(t("settings_denied", lang), ephemeral=True)
            return
        store = _store(interaction)
        if ai_share is not None:
            await store.set_guild_setting(interaction.guild_id, "ai_share_limit", ai_share / 100)
        current = await store.guild_settings(interaction.guild_id)
        share = round(100 * float(current["ai_share_limit"]))
        await interaction.response.send_message(t("settings_now", lang, share=share),
                                                ephemeral=True)

    @group.command(name="forget-me", description=desc("cmd_forget"))
    async def forget_me(interaction: Interaction) -> None:
        lang = user_lang(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await _controller(interaction).forget(interaction.user.id)
        await interaction.followup.send(t("forgotten", lang), ephemeral=True)


def stats_embed(data: Any, name: str, lang: str) -> discord.Embed:
    embed = discord.Embed(title=t("stats_title", lang, name=name), colour=EMBED_COLOUR)
    rating = "–" if data.rating is None else str(data.rating)
    if data.provisional and data.rating is not None:
        rating += t("lb_prov", lang)
    embed.add_field(
        name=t("st_loras", lang),
        value=t("st_loras_value", lang, games=data.games, wins=data.wins,
                avg=_num(data.avg_points), rating=rating),
        inline=False,
    )
    lines = [f"{contract_name(c, lang)}: ⌀ {_num(v, 2)}" for c, v in data.contracts.items()]
    if lines:
        embed.add_field(name=t("st_contracts", lang), value="\n".join(lines))
    rate = "–" if data.maturita_rate is None else f"{100 * data.maturita_rate:.0f} %"
    embed.add_field(
        name=contract_name("maturita", lang),
        value=t("st_maturita", lang, rate=rate, attempts=data.maturita_attempts,
                count=data.maturitas),
    )
    extra = [
        t("st_stovka", lang, made=data.stovka_made, declared=data.stovka_declared),
        t("st_harakiri", lang, won=data.harakiri_won, played=data.harakiri_played),
    ]
    if data.best is not None and data.worst is not None:
        extra.append(t("st_best_worst", lang, best=data.best[1], best_id=data.best[0],
                       worst=data.worst[1], worst_id=data.worst[0]))
    embed.add_field(name="\u200b", value="\n".join(extra), inline=False)
    return embed
