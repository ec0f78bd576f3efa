"""Records of finished games, per guild and per game: leaderboard, statistics, history,
export, server settings and forget-me (subcommands of every game's group).

The game's UI module adds what only it can show (Lóra's contracts and čistá stovka in the
statistics, its score sheet in the export).
"""

from __future__ import annotations

import io
import math
from dataclasses import replace
from re import Match
from typing import Any

import discord
from discord import app_commands

from bot.commands import (
    choice,
    command_shown,
    controller_of,
    czech_client,
    gdesc,
    option_shown,
    table_numbered,
)
from bot.games import GameUI, ui_of
from bot.i18n import DEFAULT_LANG, desc, game_key, game_t, score_number, t, tn, unlisted
from bot.member_names import current_names
from bot.model import STATUS_PLAYING
from bot.permissions import manages_server
from bot.results_csv import results_csv, seat_name, seat_notes, tournament_mark
from bot.storage.models import GamePlayer, LeaderboardRow, PlayerStats
from bot.storage.protocol import TableStore
from bot.storage.settings import TABLE_THREADS
from bot.table_defaults import defaults_text, server_defaults
from bot.tournament.words import place_label
from bot.ui.alt import png_file
from bot.ui.builders import EMBED_COLOUR
from bot.ui.components import frozen_view
from bot.unrated import share_percent
from engine.game import Outcome

Interaction = discord.Interaction[Any]
PAGE = 10
DEFAULT_KIND = "lora"  # leaderboard pages posted before games had kinds were Lóra's


def store_of(interaction: Interaction) -> TableStore:
    store = getattr(interaction.client, "store", None)
    if not isinstance(store, TableStore):
        raise RuntimeError("the client has no store")
    return store


def step(page: int, direction: str) -> int:
    """The page a ◀ (``"prev"``) or ▶ button of ``page`` goes to."""
    return page - 1 if direction == "prev" else page + 1


def page_button(custom_id: str, direction: str, disabled: bool,
                lang: str = DEFAULT_LANG) -> discord.ui.Button[Any]:
    """A "◀ Předchozí" or "Další ▶" button of a paged list (the leaderboard, the history):
    its word is what a screen reader says (a lone triangle is read as a shape)."""
    return discord.ui.Button(label=t(f"core.btn_page_{direction}", lang), custom_id=custom_id,
                             disabled=disabled)


class LeaderboardPage(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lora:lb:(?:(?P<kind>[a-z_]+):)?(?P<page>\d+):(?P<dir>prev|next)",
):
    """Paging of a game's leaderboard; the guild comes from the interaction, never the id.
    (Lóra's pages keep the id of earlier versions, without the game.)"""

    def __init__(self, page: int, direction: str, disabled: bool = False,
                 kind: str = DEFAULT_KIND, lang: str = DEFAULT_LANG) -> None:
        self.page, self.direction, self.kind = page, direction, kind
        middle = "" if kind == DEFAULT_KIND else f"{kind}:"
        super().__init__(page_button(f"lora:lb:{middle}{page}:{direction}", direction, disabled,
                                     lang))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: Match[str]
    ) -> LeaderboardPage:
        return cls(int(match["page"]), match["dir"], kind=match["kind"] or DEFAULT_KIND)

    async def callback(self, interaction: Interaction) -> None:
        page = step(self.page, self.direction)
        await interaction.response.defer()
        ui = ui_of(self.kind)
        assert interaction.guild_id is not None
        # (a page gone since, players forgotten: its last page — as the history's button;
        # read with the rows, in one query)
        page, fetched = await leaderboard_page(interaction, ui, max(page, 1))
        message = await leaderboard_message(interaction, ui, page, fetched)
        await interaction.edit_original_response(embed=message["embed"], view=message["view"],
                                                 attachments=message["attachments"])


class HistoryPage(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"lora:hi:(?P<kind>[a-z_]+):(?P<page>\d+):(?P<dir>prev|next)",
):
    """Paging of a game's history (the asker's private message); the guild comes from the
    interaction."""

    def __init__(self, page: int, direction: str, kind: str, disabled: bool = False,
                 lang: str = DEFAULT_LANG) -> None:
        self.page, self.direction, self.kind = page, direction, kind
        super().__init__(page_button(f"lora:hi:{kind}:{page}:{direction}", direction, disabled,
                                     lang))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: Match[str]
    ) -> HistoryPage:
        return cls(int(match["page"]), match["dir"], match["kind"])

    async def callback(self, interaction: Interaction) -> None:
        page = step(self.page, self.direction)
        await interaction.response.defer()
        ui = ui_of(self.kind)
        assert interaction.guild_id is not None
        total = await store_of(interaction).count_games(interaction.guild_id, ui.kind)
        # (a page gone since, the games of a forgotten server: its last page)
        page = min(max(page, 1), _pages(total))
        embed, view = await history_message(interaction, ui, page, total)
        await interaction.edit_original_response(embed=embed, view=view)


def _pages(total: int) -> int:
    return max(1, math.ceil(total / PAGE))


async def _no_page(interaction: Interaction, page: int, pages: int) -> None:
    """A page past the last, told to the asker alone with how many there are."""
    lang = await controller_of(interaction).languages.lang_for(interaction)
    await interaction.response.send_message(t("core.no_page", lang, page=page, pages=pages),
                                            ephemeral=True)


async def leaderboard_page(interaction: Interaction, ui: GameUI, page: int
                           ) -> tuple[int, tuple[list[LeaderboardRow], int]]:
    """The page's rows and how many rated players there are, read in one query; ``page``
    past the last gives the last one: first the page the rows are of."""
    assert interaction.guild_id is not None
    rows, total = await store_of(interaction).leaderboard(
        interaction.guild_id, ui.kind, offset=(page - 1) * PAGE, limit=PAGE
    )
    return (rows[0].rank - 1) // PAGE + 1 if rows else 1, (rows, total)


async def leaderboard_message(interaction: Interaction, ui: GameUI, page: int,
                              fetched: tuple[list[LeaderboardRow], int]) -> dict[str, Any]:
    """The leaderboard's ``page`` of the rows ``fetched`` for it (its callers keep the page
    among those there are), players under their names of today, ◀ ▶ when there is more
    than one page; with no rated game yet, what makes a game count."""
    lang = await controller_of(interaction).languages.lang_for(interaction, game=ui.kind)
    guild = interaction.guild
    assert interaction.guild_id is not None
    store = store_of(interaction)
    rows, total = fetched
    pages = _pages(total)
    names = await current_names(interaction, (row.user_id for row in rows))
    rows = [replace(row, name=names.get(row.user_id, row.name)) for row in rows]
    embed = discord.Embed(
        title=game_t(ui.kind, "lb_title", lang, game=ui.name(lang),
                     guild=guild.name if guild else ""),
        colour=EMBED_COLOUR,
    )
    if not rows:
        limit = float((await store.guild_settings(interaction.guild_id))["ai_share_limit"])
        # (review 73: a club's tournament of few clicks counted nothing, and said not why)
        embed.description = "\n".join([t("core.lb_empty", lang),
                                       t("core.settings_now", lang,
                                         share=share_percent(limit)),
                                       t("core.lb_empty_tournament", lang)])
    else:
        embed.description = unlisted("\n".join(
            game_t(
                ui.kind,
                "lb_row",
                lang,
                rank=row.rank,
                name=row.name,
                rating=row.rating,
                prov=t("core.lb_prov", lang) if row.provisional else "",
                games=row.games,
                wins=row.wins,
                avg=ui.score_text(row.avg_points, lang) or score_number(row.avg_points, lang),
            )
            for row in rows
        ))
        embed.set_footer(text=t("core.lb_footer", lang, page=page, pages=pages))
    attachments = []
    if rows:
        from bot.render import render_leaderboard

        shown = None if ui.score_text(0, lang) is None else (
            lambda value: ui.score_text(value, lang) or score_number(value, lang))
        image = render_leaderboard(rows, lang, title=embed.title or "", kind=ui.kind,
                                   avg_text=shown)
        # (its alt text points to the rows: the embed lists them already)
        attachments.append(png_file(image, "leaderboard.png", t("core.alt_leaderboard", lang)))
        embed.set_image(url="attachment://leaderboard.png")
    view = None if pages <= 1 else frozen_view(  # (one page: no ◀ ▶, as in the history)
        LeaderboardPage(page, "prev", disabled=page <= 1, kind=ui.kind, lang=lang),
        LeaderboardPage(page, "next", disabled=page >= pages, kind=ui.kind, lang=lang),
    )
    return {"embed": embed, "view": view, "attachments": attachments}


async def history_message(interaction: Interaction, ui: GameUI, page: int,
                          total: int) -> tuple[discord.Embed, discord.ui.View | None]:
    """A page of the game's finished games, newest first, of the ``total`` there are:
    places, names of today, scores and what the game notes beside a place (a čistá stovka
    missed, a harakiri that ordered a tie), a tournament table's game marked with its
    tournament, round and table; paging when there is more than one page."""
    lang = await controller_of(interaction).languages.lang_for(interaction, game=ui.kind)
    assert interaction.guild_id is not None
    games = await store_of(interaction).recent_games(
        interaction.guild_id, ui.kind, limit=PAGE, offset=(page - 1) * PAGE)
    embed = discord.Embed(title=game_t(ui.kind, "history_title", lang, game=ui.name(lang)),
                          colour=EMBED_COLOUR)
    if not games:
        embed.description = game_t(ui.kind, "history_empty", lang)
        return embed, None
    names = await current_names(
        interaction, (p.user_id for g in games for p in g.players if p.human))
    lines = []
    for g in games:
        places = [p.place for p in g.players]
        order = ", ".join(  # (a shared place as the final order writes it: "2.–3.")
            f"{place_label(p.place, p.place + places.count(p.place) - 1, lang)} "
            f"{seat_name(names.get(p.user_id or 0, p.name), p.seat in g.left, lang)}"
            f" ({ui.score_text(p.points, lang) or p.points}"
            f"{_notes(ui, g.outcome, p.seat, lang)}"
            f"{_ai_played(p, lang)})"
            for p in g.players)
        when = discord.utils.format_dt(g.finished_at, "d")
        mark = tournament_mark(g.tournament, lang)  # (review 40: casual games looked alike)
        if not g.rated:  # (as the archive decided it: an AI's seat, one human — review 95)
            mark = " · ".join(filter(None, (mark, t("core.history_unrated", lang))))
        # the number of the table it was played at, which its players saw (review 82: the
        # archive's own "#1" was table 2); export takes it
        number = t("core.history_table", lang, id=g.table_id) if g.table_id is not None \
            else f"#{g.game_id}"
        lines.append(f"**{number}** {when}{' · ' + mark if mark else ''} – {order}")
    embed.description = "\n".join(lines)
    pages = _pages(total)
    if pages == 1:
        return embed, None
    embed.set_footer(text=t("core.lb_page", lang, page=page, pages=pages))
    return embed, frozen_view(
        HistoryPage(page, "prev", ui.kind, disabled=page <= 1, lang=lang),
        HistoryPage(page, "next", ui.kind, disabled=page >= pages, lang=lang),
    )


def _ai_played(player: GamePlayer, lang: str) -> str:
    """", hrála AI" beside a human's score when an AI made more than the guild's share of
    his moves (review 90: a game an AI played for a player is his neither here nor in his
    stats) — as the archive decided it when the game finished, as his stats read it (review
    95: by the limit of today the mark and "nehodnoceno" could disagree)."""
    if not player.human or not player.ai_played:
        return ""
    return ", " + t("core.history_ai_played", lang)


def _notes(ui: GameUI, outcome: Outcome | None, seat: int, lang: str) -> str:
    """What the game's scorer writes beside a seat's place (the engine's notes of the
    outcome: Lóra's čistá stovka made or missed, harakiri points), after its score."""
    if outcome is None:
        return ""
    return "".join(", " + note for note in seat_notes(ui.spec, outcome, seat, lang))


async def names_of_today(interaction: Interaction, data: dict[str, Any]) -> dict[str, Any]:
    """``Storage.export_game`` data with its players named as the history names them: a
    member renamed since by his name of today (``current_names``), the others as stored."""
    user_ids: list[int | None] = list(data.get("user_ids") or [])
    today = await current_names(interaction, user_ids)
    names = [today.get(user_ids[seat] or 0, name) if seat < len(user_ids) else name
             for seat, name in enumerate(data["names"])]
    return {**data, "names": names}


def add_records_commands(group: app_commands.Group, ui: GameUI) -> None:
    """Attach leaderboard, stats, history, export, settings and forget-me to a game's group."""

    @group.command(name="leaderboard", description=gdesc(ui, "cmd_leaderboard"))
    @app_commands.describe(page=desc("core.opt_page_desc"))
    async def leaderboard(interaction: Interaction, page: app_commands.Range[int, 1, 1000] = 1
                          ) -> None:
        # a page with rows is posted for all (its picture is drawn meanwhile); with no
        # rated game yet, what makes a game count goes to the asker alone
        shown, fetched = await leaderboard_page(interaction, ui, page)
        if not fetched[1]:
            message = await leaderboard_message(interaction, ui, page, fetched)
            await interaction.response.send_message(embed=message["embed"], ephemeral=True)
            return
        if shown != page:  # a page past the last: to the asker alone, which pages there are
            await _no_page(interaction, page, _pages(fetched[1]))
            return
        await interaction.response.defer(thinking=True)
        message = await leaderboard_message(interaction, ui, page, fetched)
        view = {} if message["view"] is None else {"view": message["view"]}
        await interaction.followup.send(embed=message["embed"], files=message["attachments"],
                                        **view)

    @group.command(name="stats", description=gdesc(ui, "cmd_stats"))
    @app_commands.describe(user=desc("core.opt_user_desc"))
    async def stats(interaction: Interaction, user: discord.Member | None = None) -> None:
        lang = await controller_of(interaction).languages.lang_for(interaction)
        target = user or interaction.user
        assert interaction.guild_id is not None
        data = await store_of(interaction).player_stats(interaction.guild_id, target.id,
                                                        ui.kind)
        name = target.display_name
        if data.games == 0:  # (or only games an AI played for him: review 90, review 95 —
            # "no finished lóra" and then one not counted read as a contradiction)
            none = game_t(ui.kind, "stats_none", lang, name=name) if not data.ai_games else tn(
                game_key(ui.kind, "stats_ai_only_one").removesuffix("_one"), lang, data.ai_games,
                name=name)
            await interaction.response.send_message(none, ephemeral=True)
            return
        await interaction.response.send_message(embed=stats_embed(ui, data, name, lang),
                                                ephemeral=True)

    @group.command(name="history", description=gdesc(ui, "cmd_history"))
    @app_commands.describe(page=desc("core.opt_page_desc"))
    async def history(interaction: Interaction, page: app_commands.Range[int, 1, 1000] = 1
                      ) -> None:
        assert interaction.guild_id is not None
        total = await store_of(interaction).count_games(interaction.guild_id, ui.kind)
        if page > _pages(total):
            await _no_page(interaction, page, _pages(total))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        embed, view = await history_message(interaction, ui, page, total)
        if view is None:
            await interaction.followup.send(embed=embed, ephemeral=True)
        else:
            await interaction.followup.send(embed=embed, view=view, ephemeral=True)

    @group.command(name="export", description=gdesc(ui, "cmd_export"))
    @app_commands.describe(game=desc("core.opt_game_desc"))
    async def export(interaction: Interaction, game: int) -> None:
        lang = await controller_of(interaction).languages.lang_for(interaction)
        assert interaction.guild_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await store_of(interaction).export_game(interaction.guild_id, game, ui.kind,
                                                       by_table=True)
        if data is None:
            await interaction.followup.send(export_missing_text(interaction, ui, game, lang),
                                            ephemeral=True)
            return
        data = await names_of_today(interaction, data)
        files = ui.export_files(data, lang)
        files.append(discord.File(io.BytesIO(results_csv(data, ui.spec, lang)),
                                  filename=f"{ui.kind}-{game}.csv"))
        await interaction.followup.send(t("core.export_files", lang, id=game), files=files,
                                        ephemeral=True)

    @export.autocomplete("game")
    async def export_games(interaction: Interaction, typed: str
                           ) -> list[app_commands.Choice[int]]:
        from bot.autocomplete import game_choices

        return await game_choices(interaction, ui, typed)

    @group.command(name="settings", description=gdesc(ui, "cmd_settings"))
    @app_commands.describe(language=desc("core.opt_my_lang_desc"),
                           ai_share=desc("core.opt_ai_share_desc"),
                           table_threads=desc("core.opt_table_threads_desc"))
    @app_commands.choices(language=[choice("core.choice_cs", "cs"),
                                    choice("core.choice_en", "en"),
                                    choice("core.choice_auto", "auto")],
                          table_threads=[choice(f"core.choice_threads_{v}", v)
                                         for v in TABLE_THREADS])
    async def settings(interaction: Interaction, language: str | None = None,
                       ai_share: app_commands.Range[int, 0, 100] | None = None,
                       table_threads: str | None = None) -> None:
        """A player's own language (anybody, for himself); the server's rating rule and
        where its new tables play (server managers). Without options: what is set, his own
        language and the server's settings."""
        controller = controller_of(interaction)
        assert interaction.guild_id is not None
        if language is not None:
            await controller.languages.set_lang(interaction.user.id,
                                                language if language in ("cs", "en") else None)
        lang = await controller.languages.lang_for(interaction)
        lines = []
        if language is not None:
            chosen = await controller.languages.chosen_lang(interaction.user.id)
            lines.append(t("core.my_lang_now" if chosen else "core.my_lang_auto", lang))
        manager = manages_server(interaction.user)
        store = store_of(interaction)
        asked: tuple[tuple[str, Any], ...] = (("ai_share_limit", ai_share),
                                               ("table_threads", table_threads))
        server: dict[str, Any] = {k: v for k, v in asked if v is not None}
        if server and not manager:
            lines.append(t("core.settings_denied", lang,
                           perm=t("core.perm.manage_guild", lang)))
        elif server:
            if ai_share is not None:
                server["ai_share_limit"] = ai_share / 100
            if server.get("table_threads") not in (None, *TABLE_THREADS):
                server.pop("table_threads")  # (a modified client: only the choices count)
            was = await store.guild_settings(interaction.guild_id)
            for key, value in server.items():
                await store.set_guild_setting(interaction.guild_id, key, value)
            saved = settings_saved_text(server, was, lang, czech_client(interaction))
            if saved is not None:  # (what changed, first: review 94 looked for it)
                lines.insert(0, saved)
        if language is None and not server:  # what is set: his own language first
            chosen = await controller.languages.chosen_lang(interaction.user.id)
            option = option_shown("language", czech_client(interaction))  # (as his client)
            lines.append(t("core.my_lang_is", lang, language=t(f"core.choice_{chosen}", lang),
                           option=option) if chosen in ("cs", "en")
                         else t("core.my_lang_is_auto", lang, option=option))
        if manager or (language is None and not server):
            current = await store.guild_settings(interaction.guild_id)
            share = share_percent(float(current["ai_share_limit"]))
            lines.append(t("core.settings_now", lang, share=share))
            mode = current.get("table_threads")
            lines.append(t(f"core.settings_threads_{mode if mode in TABLE_THREADS else 'busy'}",
                           lang))
            if manager:  # (which options change them: review 46)
                czech = czech_client(interaction)
                lines.append(t("core.settings_manager_hint", lang,
                               ai_share=option_shown("ai_share", czech),
                               threads=option_shown("table_threads", czech)))
            lines.append(defaults_text(ui, await server_defaults(interaction, ui), lang,
                                       czech_client(interaction), manager))
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @group.command(name="forget-me", description=gdesc(ui, "cmd_forget"))
    async def forget_me(interaction: Interaction) -> None:
        controller = controller_of(interaction)
        lang = await controller.languages.lang_for(interaction)
        await controller.forgetting.ask(interaction, lang)


def settings_saved_text(server: dict[str, Any], was: dict[str, Any], lang: str,
                        czech: bool) -> str | None:
    """The server settings a ``/<game> settings`` changed (``server``: those given, ``was``:
    before), named by their options as the asker's client lists them ("✅ Saved –
    `table_threads`: always in a thread."); None when it changed none."""
    changed = []
    share = server.get("ai_share_limit")
    if share is not None and share != float(was["ai_share_limit"]):
        changed.append(f"`{option_shown('ai_share', czech)}`: "
                       f"{t('core.saved_share', lang, share=share_percent(share))}")
    mode = server.get("table_threads")
    if mode is not None and mode != was.get("table_threads", "busy"):
        changed.append(f"`{option_shown('table_threads', czech)}`: "
                       f"{t(f'core.choice_threads_{mode}', lang)}")
    return t("core.saved", lang, values=" · ".join(changed)) if changed else None


def export_missing_text(interaction: Interaction, ui: GameUI, game: int, lang: str) -> str:
    """Why ``/<game> export`` finds no finished game at table ``game``: its game is still
    played (review 94: "I cannot find a finished game" read as a wrong number), else that
    there is none, and where the numbers are listed."""
    table = table_numbered(interaction, game)
    if table is not None and table.status == STATUS_PLAYING and table.game_kind == ui.kind:
        return t("core.export_playing", lang, id=game)
    history = command_shown(ui, "history", czech_client(interaction))
    return t("core.export_missing", lang, id=game, history=history)


def stats_embed(ui: GameUI, data: PlayerStats, name: str, lang: str) -> discord.Embed:
    embed = discord.Embed(title=game_t(ui.kind, "stats_title", lang, name=name),
                          colour=EMBED_COLOUR)
    rating = "–" if data.rating is None else str(data.rating)
    if data.provisional and data.rating is not None:
        rating += t("core.lb_prov", lang)
    value = game_t(ui.kind, "st_games_value", lang, games=data.games, wins=data.wins,
                   avg=ui.score_text(data.avg_points, lang)
                   or score_number(data.avg_points, lang), rating=rating)
    if data.ai_games:  # (left out of the above, and of the game's own fields: review 90)
        value += "\n" + t("core.st_ai_games", lang, n=data.ai_games)
    embed.add_field(name=game_t(ui.kind, "st_games", lang), value=value, inline=False)
    for field_name, value, inline in ui.stats_fields(data, lang):
        embed.add_field(name=field_name, value=value, inline=inline)
    return embed
