"""Review 24 (#5): the tournament's message showed the same "Pravidla turnaje" whatever game
options the organiser chose, and none of the Prague basics (stake, cap, dokup). Now a second
field lists the options its tables play with, in the game's own words (the lines a table's
lobby shows), leaving out what the first field says already (the round's length)."""

from __future__ import annotations

import pytest

from tests.botkit import BotHarness


def _fields(message: object) -> list[tuple[str, str]]:
    return [(f.name, f.value) for f in message.embeds[0].fields]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "expected"), [
    ("cs", ("Pravidla hry u stolů (Taroky)",
            "Vklad 100,00 Kč (peníze každého hráče na začátku kola; sazby nemění)\n"
            "Dokup po 10,00 Kč (kdykoli by hráči peníze klesly pod nulu, automaticky se mu po"
            " této částce dokoupí)\n"
            "Herní strop 20,00 Kč (nejvíc, kolik jeden hráč zaplatí druhému za jednu hru)\n"
            "Varšava: ne\nFleky: nejvýš re\nTalon v sólu: po každém z prvních šesti štychů se"
            " jedna jeho karta otočí lícem nahoru\nPlichta 35:35: hra se neplatí")),
    ("en", ("Game rules at the tables (Taroky)",
            "Stake 100.00 Kč (each player's money at the start of the round; it does not"
            " change the rates)\n"
            "Top-up by 10.00 Kč (whenever a player's money would go below zero, it is topped"
            " up automatically in steps of this size)\n"
            "Cap 20.00 Kč (the most one player pays another for one game)\n"
            "Warsaw: no\nDoubles: at most redoubled\nTalon in a solo: one of its cards is turned"
            " face up after each of the first six tricks\nTie 35:35: the game is not paid")),
])
async def test_the_taroky_tournament_shows_the_organiser_s_options(
        harness: BotHarness, lang: str, expected: tuple[str, str]) -> None:
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("turnaj")
    ann = guild.add_member(env.create_user("ann", global_name="Ann"))
    await ann.slash(ch, "taroky tournament", stake=100, cap=20, varsava=False, flek_max=2,
                    language=lang)
    fields = _fields(ch.last_message)
    assert fields[1] == expected
    assert "60" in fields[0][1] and "60" not in fields[1][1]  # the round: said once


@pytest.mark.parametrize("length", [{"deals": 4}, {"minutes": 90}])
async def test_the_game_rules_field_is_the_game_s_rules_without_the_round_s_length(
        harness: BotHarness, length: dict[str, int]) -> None:
    """The field is built from the options (the game's ``rules_lines``: its lobby's lines but
    the round's length), not by dropping the lines the first field begins with."""
    from bot.games import ui_of
    from bot.model import TableSettings
    from engine import games

    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("turnaj")
    ann = guild.add_member(env.create_user("ann", global_name="Ann"))
    await ann.slash(ch, "taroky tournament", stake=100, language="cs",  # (named as new's:
                    **{f"round_{k}": n for k, n in length.items()})  # review 94)
    fields = _fields(ch.last_message)
    options = games.get("taroky").tournament_rules().round_options({"stake": 10000}, length, 4)
    settings = TableSettings(options=options, lang="cs")
    lobby = ui_of("taroky").settings_lines(settings, "cs")
    rules = ui_of("taroky").rules_lines(settings, "cs")
    assert lobby == ["Kolo: 4 rozdání" if "deals" in length else "Kolo: 90 minut", *rules]
    assert fields[1] == ("Pravidla hry u stolů (Taroky)", "\n".join(rules))
    assert rules[:3] == [
        "Vklad 100,00 Kč (peníze každého hráče na začátku kola; sazby nemění)",
        "Dokup po 10,00 Kč (kdykoli by hráči peníze klesly pod nulu, automaticky se mu po této"
        " částce dokoupí)",
        "Herní strop 40,00 Kč (nejvíc, kolik jeden hráč zaplatí druhému za jednu hru)"]
    assert lobby[0] + " u každého stolu" in fields[0][1]  # the round: said once, there


async def test_the_lora_tournament_shows_its_defaults_and_the_organiser_s_options(
        harness: BotHarness) -> None:
    env = harness.env
    guild = env.create_guild()
    ann = guild.add_member(env.create_user("ann", global_name="Ann"))
    ch = guild.create_text_channel("turnaj")
    await ann.slash(ch, "lora tournament", language="cs")
    assert _fields(ch.last_message)[1] == (
        "Pravidla hry u stolů (Lóra)",
        "Červený král do 1. štychu: povoleno\nPanák (kdo ve Filkách vezme všechny čtyři filky,"
        " platí panáka): ne\nČistá stovka: ano")
    other = guild.create_text_channel("turnaj2")
    bob = guild.add_member(env.create_user("bob", global_name="Bob"))
    await bob.slash(other, "lora tournament", language="cs", panak=True, cista_stovka=False,
                    red_king_first_trick="forbidden")
    assert _fields(other.last_message)[1] == (
        "Pravidla hry u stolů (Lóra)",
        "Červený král do 1. štychu: zakázáno\nPanák (kdo ve Filkách vezme všechny čtyři filky,"
        " platí panáka): ano\nČistá stovka: ne")


@pytest.mark.parametrize(("lang", "two", "one"), [
    ("cs", "Hraje se u stolů po 4: chybí ještě 2 hráči (přidej AI hráče, nebo počkej na další"
           " přihlášky).",
     "Hraje se u stolů po 4: chybí ještě 1 hráč (přidej AI hráče, nebo počkej na další"
     " přihlášky)."),
    ("en", "Tables seat 4: 2 players missing (add AI players, or wait for more players).",
     "Tables seat 4: 1 player missing (add AI players, or wait for more players)."),
])
async def test_a_start_short_of_full_tables_says_how_many_players_are_missing(
        harness: BotHarness, lang: str, two: str, one: str) -> None:
    """Review 24: "chybí ještě 3" named no noun; the count takes its plural form."""
    from tests.botkit import reply

    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("turnaj")
    ann = guild.add_member(env.create_user("ann", global_name="Ann"))
    bob = guild.add_member(env.create_user("bob", global_name="Bob"))
    await ann.slash(ch, "lora tournament", fill="organiser", language=lang)
    message = ch.last_message
    for u in (ann, bob):
        await u.click(message, custom_id="lora:tn:1:join")
    assert reply(await ann.click(message, custom_id="lora:tn:1:start")).content == two
    await ann.select(message, ["easy"], custom_id="lora:tnai:1")
    assert reply(await ann.click(message, custom_id="lora:tn:1:start")).content == one
