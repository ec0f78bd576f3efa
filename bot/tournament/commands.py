"""``/<game> tournament``: a tournament of the game in this channel (registration by button).

Every game gets the generic command (its options: the game's defaults, the tournament rules
where the game has them); a game's UI module may add its own ``tournament`` with the game's
options, opening it through ``open_tournament`` (Lóra does).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.commands import (
    choice,
    controller_of,
    gdesc,
    opener_langs,
    refuse_unpostable,
)
from bot.errors import TableError
from bot.games import GameUI
from bot.i18n import LANGS, desc, game_key, t
from bot.model import MAX_TIMER, MIN_TIMER
from bot.tournament.model import (
    FILLS,
    MAX_ROUND_DEALS,
    MAX_ROUND_MINUTES,
    MAX_ROUNDS,
    TournamentSettings,
)
from engine.tournament import check_length

if TYPE_CHECKING:
    from bot.ui.controller import Controller

Interaction = discord.Interaction[Any]

TOURNAMENT_OPTIONS = {
    "rounds": "core.tournament.opt_rounds_desc",
    "round_deals": "core.tournament.opt_deals_desc",
    "round_minutes": "core.tournament.opt_minutes_desc",
    "fill": "core.tournament.opt_fill_desc",
    "ai_level": "core.tournament.opt_ai_desc",
    "turn_timer": "core.tournament.opt_timer_desc",
    "language": "core.opt_lang_desc",
    "autoplay": "core.opt_autoplay_desc",
}
TOURNAMENT_CHOICES = {
    "fill": [choice("core.tournament.choice_fill_ai", "ai"),
             choice("core.tournament.choice_fill_organiser", "organiser")],
    "ai_level": [choice("core.ai_easy", "easy"), choice("core.ai_medium", "medium"),
                 choice("core.ai_hard", "hard")],
    "language": [choice("core.choice_cs", "cs"), choice("core.choice_en", "en")],
}


def tournament_descs(ui: GameUI, *, length: bool = True) -> dict[str, app_commands.locale_str]:
    """The descriptions of ``TOURNAMENT_OPTIONS`` for ``ui``'s game, as the game words them,
    with its defaults (rounds; a round's length in minutes); ``length``: with the options of a
    round's length (``round_deals``, ``round_minutes``, named as ``new`` names them; a game
    whose round is a whole game has none)."""
    rules = ui.spec.tournament_rules()
    values: dict[str, dict[str, Any]] = {
        "rounds": {"most": MAX_ROUNDS, "n": rules.default_rounds},
        "round_minutes": {"n": dict(rules.default_length).get("minutes", 0)},
    }
    return {name: desc(game_key(ui.kind, key.removeprefix("core.")), **values.get(name, {}))
            for name, key in TOURNAMENT_OPTIONS.items()
            if length or name not in ("round_deals", "round_minutes")}


def _controller(interaction: Interaction) -> Controller:
    return controller_of(interaction)


async def open_tournament(interaction: Interaction, ui: GameUI, options: dict[str, Any], *,
                          rounds: int | None, deals: int, minutes: int, fill: str,
                          ai_level: str, turn_timer: int, language: str,
                          autoplay: bool) -> None:
    """Create a tournament of ``ui``'s game with the game's ``options`` and post its
    registration message. Its options are its own, not the server's defaults of tables
    (a tournament is announced with its rules), but for its language: given none, it takes
    the server's default table language of the game, as ``/<game> new`` does (a Czech
    club's tournament came out English for an organiser's English client; review 40)."""
    if language not in LANGS:
        language = await _controller(interaction).languages.server_lang(
            interaction, ui.kind) or ""
    lang, table_lang = await opener_langs(interaction, language)
    key = "core.tournament."
    if interaction.guild_id is None or interaction.channel is None:
        await interaction.response.send_message(t("core.guild_only", lang), ephemeral=True)
        return
    # (its tables play in threads of the channel where the bot may make them)
    if await refuse_unpostable(interaction, key + "cannot_post", lang, threads=True):
        return
    rules = ui.spec.tournament_rules()
    if deals and minutes:
        await interaction.response.send_message(t(key + "one_length", lang), ephemeral=True)
        return
    length = {"deals": deals} if deals else {"minutes": minutes} if minutes else dict(
        rules.default_length)
    try:
        length = dict(check_length(rules, length))
    except ValueError:
        which = "no_length" if not rules.round_units else "bad_length"
        await interaction.response.send_message(t(key + which, lang), ephemeral=True)
        return
    if not MIN_TIMER <= turn_timer <= MAX_TIMER:
        await interaction.response.send_message(
            t(key + "bad_timer", lang, lo=MIN_TIMER, hi=MAX_TIMER), ephemeral=True)
        return
    settings = TournamentSettings(
        rounds=rounds or rules.default_rounds,
        length=length,
        fill=fill if fill in FILLS else "ai",
        ai_level=ai_level if ai_level in ui.spec.ai_levels else "medium",
        turn_timer=turn_timer,
        lang=table_lang,
        autoplay=autoplay,
        options=options,
    )
    desk = _controller(interaction).desk
    try:
        tournament = await desk.service.create(interaction.guild_id, interaction.channel.id,
                                               interaction.user.id, ui.kind, settings)
    except TableError as exc:
        await interaction.response.send_message(t(f"core.{exc.key}", lang, **exc.params),
                                                ephemeral=True)
        return
    _controller(interaction).replies.opened(("tournament", tournament.tournament_id),
                                            interaction)
    await interaction.response.send_message(
        t(key + "created", lang, id=tournament.tournament_id), ephemeral=True)
    await desk.service.show(tournament)


def tournament_command(ui: GameUI) -> app_commands.Command[Any, Any, None]:
    """``tournament`` for a game with the game's own options at their defaults."""

    @app_commands.command(name="tournament", description=gdesc(ui, "tournament.cmd"))
    @app_commands.describe(**tournament_descs(ui))
    @app_commands.choices(**TOURNAMENT_CHOICES)
    async def tournament(
        interaction: Interaction,
        language: str = "",
        turn_timer: app_commands.Range[int, MIN_TIMER, MAX_TIMER] = 120,
        ai_level: str = "medium",
        rounds: app_commands.Range[int, 1, MAX_ROUNDS] | None = None,
        round_minutes: app_commands.Range[int, 0, MAX_ROUND_MINUTES] = 0,
        round_deals: app_commands.Range[int, 0, MAX_ROUND_DEALS] = 0,
        fill: str = "ai",
        autoplay: bool = True,
    ) -> None:
        """Its options in the order a newcomer looks for them: language, timer and AI first
        (review 94), as a game's own ``tournament`` lists them before its house rules."""
        await open_tournament(interaction, ui, {}, rounds=rounds, deals=round_deals,
                              minutes=round_minutes, fill=fill, ai_level=ai_level,
                              turn_timer=turn_timer, language=language, autoplay=autoplay)

    return tournament
