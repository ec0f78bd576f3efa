"""Lóra's own commands in ``/lora``: ``new`` and ``tournament`` with the options of RULES.md,
and ``score``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.commands import (
    choice,
    gdesc,
    new_command,
    send_sheet,
    slash_option,
)
from bot.i18n import Word, desc
from bot.model import MAX_TIMER, MIN_TIMER
from bot.tournament.commands import (
    TOURNAMENT_CHOICES,
    open_tournament,
    tournament_descs,
)
from bot.tournament.model import MAX_ROUNDS
from engine.contracts import Options

if TYPE_CHECKING:
    from bot.games.lora import LoraUI

Interaction = discord.Interaction[Any]


# the rule options of ``/lora new`` (and ``defaults``) with their built-in values
RULE_DEFAULTS: dict[str, Any] = {"red_king_first_trick": "allowed", "panak": False,
                                 "cista_stovka": True}


def rule_options(red_king_first_trick: str, panak: bool, cista_stovka: bool) -> dict[str, Any]:
    """The table's options (JSON) from the rule options of ``/lora new`` or ``tournament``."""
    return Options(
        red_king_first_trick="forbidden" if red_king_first_trick == "forbidden" else "allowed",
        panak=panak,
        cista_stovka=cista_stovka,
    ).to_json()


def yes_no(value: bool) -> Word:
    """A boolean default as a description says it ("ano"/"yes")."""
    return Word("core.choice_yes" if value else "core.choice_no")


def lora_commands(ui: LoraUI) -> list[app_commands.Command[Any, Any, None]]:
    # the rule options (Čl. 10, 13) of both /lora new and /lora tournament
    # each with its built-in default (``RULE_DEFAULTS``), as Taroky's options say theirs
    rule_descs = {
        "red_king_first_trick": desc("lora.opt_red_king_desc", default=Word(
            f"lora.choice_{RULE_DEFAULTS['red_king_first_trick']}")),
        "panak": desc("lora.opt_panak_desc", default=yes_no(RULE_DEFAULTS["panak"])),
        "cista_stovka": desc("lora.opt_stovka_desc",
                             default=yes_no(RULE_DEFAULTS["cista_stovka"])),
    }
    rule_choices = {
        "red_king_first_trick": [choice("lora.choice_allowed", "allowed"),
                                 choice("lora.choice_forbidden", "forbidden")],
    }

    # /lora new's and /lora defaults' own options (None: not given)
    own = (slash_option("red_king_first_trick", str), slash_option("panak", bool),
           slash_option("cista_stovka", bool))

    @app_commands.command(name="tournament", description=gdesc(ui, "tournament.cmd"))
    @app_commands.describe(
        **rule_descs,
        **tournament_descs(ui, length=False),
    )
    @app_commands.choices(**rule_choices, **TOURNAMENT_CHOICES)
    async def tournament(
        interaction: Interaction,
        language: str = "",
        turn_timer: app_commands.Range[int, MIN_TIMER, MAX_TIMER] = 120,
        ai_level: str = "medium",
        rounds: app_commands.Range[int, 1, MAX_ROUNDS] | None = None,
        fill: str = "ai",
        autoplay: bool = True,
        red_king_first_trick: str = RULE_DEFAULTS["red_king_first_trick"],
        panak: bool = RULE_DEFAULTS["panak"],
        cista_stovka: bool = RULE_DEFAULTS["cista_stovka"],
    ) -> None:
        """A round of a Lóra tournament is one whole lóra at each table: no round length.
        Language, timer and AI first, the house rules after (review 94)."""
        options = rule_options(red_king_first_trick, panak, cista_stovka)
        await open_tournament(interaction, ui, options, rounds=rounds, deals=0,
                              minutes=0, fill=fill, ai_level=ai_level, turn_timer=turn_timer,
                              language=language, autoplay=autoplay)

    @app_commands.command(name="score", description=gdesc(ui, "cmd_score"))
    async def score(interaction: Interaction) -> None:
        await send_sheet(interaction, ui)

    return [*(new_command(ui, name, own, rule_descs, rule_choices)
              for name in ("new", "defaults")), tournament, score]
