"""Taroky's own commands in ``/taroky``: ``new`` and ``tournament`` with the table options of
TAROKY.md (the tournament's rules by default) and ``protocol`` (the round's protocol sheet)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.commands import (
    MAX_TIMER,
    MIN_TIMER,
    TABLE_CHOICES,
    TABLE_OPTIONS,
    choice,
    gdesc,
    new_or_defaults,
    new_table_lang,
    run_table_command,
    send_sheet,
)
from bot.i18n import desc, t
from bot.tournament.commands import (
    TOURNAMENT_CHOICES,
    TOURNAMENT_OPTIONS,
    open_tournament,
)
from bot.tournament.model import MAX_ROUNDS
from engine.taroky.errors import TarokyError
from engine.taroky.options import TarokyOptions

if TYPE_CHECKING:
    from bot.games.taroky import TarokyUI

Interaction = discord.Interaction[Any]
KC = 100  # hal


# the table options of ``/taroky new`` (and ``defaults``) with their built-in values (Kč;
# a round of 60 minutes)
TABLE_DEFAULTS: dict[str, Any] = {
    "round_minutes": 60, "round_deals": 0, "varsava": True, "zduch": True,
    "varsava_max_3": False, "mond_na_skyze": "forbidden", "flek_max": 0,
    "solo_talon": "reveal", "tie": "zero", "cap": 40, "stake": 50, "dokup_step": 10,
}


def table_options(values: dict[str, Any]) -> dict[str, Any]:
    """The engine's options JSON from the values of ``TABLE_DEFAULTS``' names; raises
    ``ValueError`` when they do not make a valid table."""
    try:
        return options_json(**{name: values[name] for name in TABLE_DEFAULTS})
    except TarokyError as exc:
        raise ValueError(str(exc)) from exc


def options_json(*, round_minutes: int, round_deals: int, varsava: bool, zduch: bool,
                 varsava_max_3: bool, mond_na_skyze: str, flek_max: int, solo_talon: str,
                 tie: str, cap: int, stake: int, dokup_step: int) -> dict[str, Any]:
    """The engine's options JSON from ``/taroky new``'s values (Kč → hal; 0 = no limit).
    Raises ``TarokyError`` (bad_input) when they do not make a valid table."""
    limit = {"deals": round_deals} if round_deals > 0 else {"minutes": round_minutes}
    data: dict[str, Any] = {
        "varsava": varsava,
        "zduch": zduch,
        "varsava_max_taroky": 3 if varsava_max_3 else "none",
        "varsava_mond_na_skyze": mond_na_skyze,
        "flek_max": flek_max if flek_max > 0 else "unlimited",
        "solo_talon": solo_talon,
        "tie": tie,
        "cap": cap * KC if cap > 0 else "none",
        "stake": stake * KC,
        "dokup_step": dokup_step * KC,
        "round_limit": limit,
    }
    return TarokyOptions.from_json(data).to_json()


def taroky_commands(ui: TarokyUI) -> list[app_commands.Command[Any, Any, None]]:
    # the rule options (TAROKY.md) of both /taroky new and /taroky tournament
    rule_descs = {
        "varsava": desc("taroky.opt_varsava_desc"),
        "zduch": desc("taroky.opt_zduch_desc"),
        "varsava_max_3": desc("taroky.opt_varsava_max_desc"),
        "mond_na_skyze": desc("taroky.opt_mond_desc"),
        "flek_max": desc("taroky.opt_flek_max_desc"),
        "solo_talon": desc("taroky.opt_solo_talon_desc"),
        "tie": desc("taroky.opt_tie_desc"),
        "cap": desc("taroky.opt_cap_desc"),
        "stake": desc("taroky.opt_stake_desc"),
        "dokup_step": desc("taroky.opt_dokup_desc"),
    }
    rule_choices = {
        "mond_na_skyze": [choice("taroky.choice_forbidden", "forbidden"),
                          choice("taroky.choice_allowed", "allowed")],
        "solo_talon": [choice("taroky.choice_reveal", "reveal"),
                       choice("taroky.choice_hidden", "hidden")],
        "tie": [choice("taroky.choice_tie_zero", "zero"),
                choice("taroky.choice_tie_one_eye", "one_eye")],
    }

    def table_command(name: str) -> app_commands.Command[Any, Any, None]:
        """``new`` or ``defaults`` (``run_table_command``): the table options of Taroky."""

        async def command(
            interaction: Interaction,
            round_minutes: app_commands.Range[int, 1, 600] | None = None,
            round_deals: app_commands.Range[int, 0, 200] | None = None,
            varsava: bool | None = None,
            zduch: bool | None = None,
            varsava_max_3: bool | None = None,
            mond_na_skyze: str | None = None,
            flek_max: app_commands.Range[int, 0, 20] | None = None,
            solo_talon: str | None = None,
            tie: str | None = None,
            cap: app_commands.Range[int, 0, 1000] | None = None,
            stake: app_commands.Range[int, 1, 10000] | None = None,
            dokup_step: app_commands.Range[int, 1, 1000] | None = None,
            turn_timer: app_commands.Range[int, 0, MAX_TIMER] | None = None,
            language: str | None = None,
            seating: str | None = None,
            autoplay: bool | None = None,
            reset: bool | None = None,
        ) -> None:
            await run_table_command(name, interaction, ui, {
                "round_minutes": round_minutes, "round_deals": round_deals,
                "varsava": varsava, "zduch": zduch, "varsava_max_3": varsava_max_3,
                "mond_na_skyze": mond_na_skyze, "flek_max": flek_max,
                "solo_talon": solo_talon, "tie": tie, "cap": cap, "stake": stake,
                "dokup_step": dokup_step, "turn_timer": turn_timer, "language": language,
                "seating": seating, "autoplay": autoplay, "reset": reset})

        return new_or_defaults(
            ui, name, command,
            {"round_minutes": desc("taroky.opt_round_minutes_desc"),
             "round_deals": desc("taroky.opt_round_deals_desc"), **rule_descs,
             **{k: desc(v) for k, v in TABLE_OPTIONS.items()}},
            {**rule_choices, **TABLE_CHOICES})

    @app_commands.command(name="tournament", description=gdesc(ui, "tournament.cmd"))
    @app_commands.describe(
        **rule_descs,
        **{k: desc(v) for k, v in TOURNAMENT_OPTIONS.items()},
    )
    @app_commands.choices(
        **rule_choices,
        **TOURNAMENT_CHOICES,
    )
    async def tournament(
        interaction: Interaction,
        rounds: app_commands.Range[int, 1, MAX_ROUNDS] | None = None,
        minutes: app_commands.Range[int, 0, 600] = 0,
        deals: app_commands.Range[int, 0, 100] = 0,
        varsava: bool = True,
        zduch: bool = True,
        varsava_max_3: bool = False,
        mond_na_skyze: str = "forbidden",
        flek_max: app_commands.Range[int, 0, 20] = 0,
        solo_talon: str = "reveal",
        tie: str = "zero",
        cap: app_commands.Range[int, 0, 1000] = 40,
        stake: app_commands.Range[int, 1, 10000] = 50,
        dokup_step: app_commands.Range[int, 1, 1000] = 10,
        fill: str = "ai",
        ai_level: str = "medium",
        turn_timer: app_commands.Range[int, MIN_TIMER, MAX_TIMER] = 120,
        language: str = "",
        autoplay: bool = True,
    ) -> None:
        """A T-TOURNAMENT: the round's length is the tournament's (default 60 minutes)."""
        try:
            options = options_json(
                round_minutes=60, round_deals=0, varsava=varsava, zduch=zduch,
                varsava_max_3=varsava_max_3, mond_na_skyze=mond_na_skyze, flek_max=flek_max,
                solo_talon=solo_talon, tie=tie, cap=cap, stake=stake, dokup_step=dokup_step)
        except TarokyError:
            lang = await new_table_lang(interaction, language)
            await interaction.response.send_message(t("taroky.bad_options", lang),
                                                    ephemeral=True)
            return
        del options["round_limit"], options["rounds"]  # the tournament's own
        await open_tournament(interaction, ui, options, rounds=rounds, deals=deals,
                              minutes=minutes, fill=fill, ai_level=ai_level,
                              turn_timer=turn_timer, language=language, autoplay=autoplay)

    @app_commands.command(name="protocol", description=gdesc(ui, "cmd_protocol"))
    async def protocol(interaction: Interaction) -> None:
        await send_sheet(interaction)

    return [table_command("new"), table_command("defaults"), tournament, protocol]
