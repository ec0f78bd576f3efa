"""Taroky's own commands in ``/taroky``: ``new`` and ``tournament`` with the table options of
TAROKY.md (the tournament's rules by default) and ``score`` (the round's protocol sheet)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.commands import (
    choice,
    gdesc,
    new_command,
    new_table_lang,
    send_sheet,
    slash_option,
)
from bot.i18n import desc, t
from bot.model import MAX_TIMER, MIN_TIMER
from bot.tournament.commands import (
    TOURNAMENT_CHOICES,
    open_tournament,
    tournament_descs,
)
from bot.tournament.model import MAX_ROUND_DEALS, MAX_ROUND_MINUTES, MAX_ROUNDS
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
    # the rule options (TAROKY.md) of both /taroky new and /taroky tournament, each with its
    # default (the same in both: ``TABLE_DEFAULTS``, the tournament's signature)
    rule_descs = {
        "varsava": desc("taroky.opt_varsava_desc"),
        "zduch": desc("taroky.opt_zduch_desc"),
        "varsava_max_3": desc("taroky.opt_varsava_max_desc"),
        "mond_na_skyze": desc("taroky.opt_mond_desc"),
        "flek_max": desc("taroky.opt_flek_max_desc"),
        "solo_talon": desc("taroky.opt_solo_talon_desc"),
        "tie": desc("taroky.opt_tie_desc"),
        "cap": desc("taroky.opt_cap_desc", n=TABLE_DEFAULTS["cap"]),
        "stake": desc("taroky.opt_stake_desc", n=TABLE_DEFAULTS["stake"]),
        "dokup_step": desc("taroky.opt_dokup_desc", n=TABLE_DEFAULTS["dokup_step"]),
    }
    rule_choices = {
        "mond_na_skyze": [choice("taroky.choice_forbidden", "forbidden"),
                          choice("taroky.choice_allowed", "allowed")],
        "solo_talon": [choice("taroky.choice_reveal", "reveal"),
                       choice("taroky.choice_hidden", "hidden")],
        "tie": [choice("taroky.choice_tie_zero", "zero"),
                choice("taroky.choice_tie_one_eye", "one_eye")],
    }

    # /taroky new's and /taroky defaults' own options (None: not given)
    own = (
        slash_option("round_minutes", app_commands.Range[int, 1, MAX_ROUND_MINUTES]),
        slash_option("round_deals", app_commands.Range[int, 0, MAX_ROUND_DEALS]),
        slash_option("varsava", bool),
        slash_option("zduch", bool),
        slash_option("varsava_max_3", bool),
        slash_option("mond_na_skyze", str),
        slash_option("flek_max", app_commands.Range[int, 0, 20]),
        slash_option("solo_talon", str),
        slash_option("tie", str),
        slash_option("cap", app_commands.Range[int, 0, 1000]),
        slash_option("stake", app_commands.Range[int, 1, 10000]),
        slash_option("dokup_step", app_commands.Range[int, 1, 1000]),
    )
    own_descs = {"round_minutes": desc("taroky.opt_round_minutes_desc",
                                       n=TABLE_DEFAULTS["round_minutes"]),
                 "round_deals": desc("taroky.opt_round_deals_desc"), **rule_descs}

    @app_commands.command(name="tournament", description=gdesc(ui, "tournament.cmd"))
    @app_commands.describe(
        **rule_descs,
        **tournament_descs(ui),
    )
    @app_commands.choices(
        **rule_choices,
        **TOURNAMENT_CHOICES,
    )
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
    ) -> None:
        """A T-TOURNAMENT: the round's length is the tournament's (default 60 minutes). Its
        options as ``new``'s are named and ordered: language, timer and AI first, the house
        rules after (review 94)."""
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
        await open_tournament(interaction, ui, options, rounds=rounds, deals=round_deals,
                              minutes=round_minutes, fill=fill, ai_level=ai_level,
                              turn_timer=turn_timer, language=language, autoplay=autoplay)

    # (``score`` as Lóra's: both Czech clients read "protokol", English ones one word for it)
    @app_commands.command(name="score", description=gdesc(ui, "cmd_score"))
    async def score(interaction: Interaction) -> None:
        await send_sheet(interaction, ui)

    return [*(new_command(ui, name, own, own_descs, rule_choices)
              for name in ("new", "defaults")), tournament, score]
