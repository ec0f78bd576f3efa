"""The slash options as a newcomer meets them (review 94 LOW 7, 8): language and timer (and a
tournament's AI) first, the house rules after; a Taroky tournament's round length named as
``new`` names it; Lóra's rule options, like Taroky's, say their defaults (the built-in ones);
both games' score sheet is ``score`` (Czech clients: ``protokol``)."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from bot.commands import game_groups
from bot.games.lora.commands import RULE_DEFAULTS
from bot.i18n import CZECH_NAMES, CZECH_PARAMETERS, Translator

GROUPS = {group.name: group for group in game_groups()}
LOCALES = {"cs": discord.Locale.czech, "en": discord.Locale.american_english}


def options(game: str, command: str) -> list[str]:
    return [p.name for p in GROUPS[game].get_command(command).parameters]


async def described(game: str, command: str, option: str, lang: str) -> str:
    """The option's description as a client in ``lang`` shows it."""
    text = GROUPS[game].get_command(command)._params[option].description
    context = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.parameter_description, None)
    shown = await Translator().translate(text, LOCALES[lang], context)
    assert shown is not None
    return shown


@pytest.mark.parametrize("game", ["lora", "taroky"])
def test_language_and_timer_come_first_the_house_rules_after(game):
    for command in ("new", "defaults"):
        assert options(game, command)[:4] == ["language", "turn_timer", "seating", "autoplay"]
    assert options(game, "tournament")[:4] == ["language", "turn_timer", "ai_level", "rounds"]
    rules = {"lora": "red_king_first_trick", "taroky": "varsava"}[game]
    tournament = options(game, "tournament")
    assert tournament.index("autoplay") < tournament.index(rules)


def test_a_taroky_tournament_names_its_round_length_as_new_does():
    tournament, new = options("taroky", "tournament"), options("taroky", "new")
    assert {"round_minutes", "round_deals"} <= set(tournament) & set(new)
    assert not {"minutes", "deals"} & set(tournament)
    assert "minutes" not in CZECH_PARAMETERS and "deals" not in CZECH_PARAMETERS
    assert (CZECH_PARAMETERS["round_minutes"], CZECH_PARAMETERS["round_deals"]) == (
        "minuty_kola", "rozdání_v_kole")  # (review 95: not "minut_kola")


async def test_lora_s_rule_options_state_their_defaults():
    assert RULE_DEFAULTS == {"red_king_first_trick": "allowed", "panak": False,
                             "cista_stovka": True}
    expected = {
        ("cista_stovka", "cs"): "Hrát s čistou stovkou (výchozí ano)",
        ("cista_stovka", "en"): "Play with the clean hundred (default yes)",
        ("panak", "cs"): "Panák: kdo ve Filkách vezme všechny čtyři filky, platí panáka"
                         " (jen ohlášení; výchozí ne)",
        ("panak", "en"): "Panák: who takes all 4 Obers in the game Obers owes all a drink"
                         " (announced only; default no)",
        ("red_king_first_trick", "cs"): "Smí se červený král dát do prvního štychu?"
                                        " (výchozí: povoleno)",
        ("red_king_first_trick", "en"): "May the king of hearts go into the first trick?"
                                        " (default: allowed)",
    }
    for command in ("new", "defaults", "tournament"):
        for (option, lang), text in expected.items():
            assert (command, await described("lora", command, option, lang)) == (command, text)
    # the English default text of the option (a client neither Czech nor English) too
    option = GROUPS["lora"].get_command("new")._params["panak"]
    assert option.description.message == expected[("panak", "en")]


async def test_every_option_description_fits_discord_s_100_characters():
    long = []
    for game, group in GROUPS.items():
        for command in group.commands:
            for option in getattr(command, "_params", {}):
                for lang in LOCALES:
                    text = await described(game, command.name, option, lang)
                    if len(text) > 100:
                        long.append((game, command.name, option, lang, len(text)))
    assert long == []


def test_both_games_show_their_score_sheet_with_score():
    for game in ("lora", "taroky"):
        names = {c.name for c in GROUPS[game].commands}
        assert "score" in names and "protocol" not in names
    assert CZECH_NAMES["score"] == "protokol" and "protocol" not in CZECH_NAMES
