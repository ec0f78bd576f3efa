"""A Taroky lobby's money and round length (a club sets its tables up in the lobby; they
were only ``/taroky nová``'s options): the creator picks them in a second select, the seated
accept them as they accept the rule switches, and the game plays with them."""

from __future__ import annotations

from typing import Any

from bot.games.taroky import UI
from bot.model import TableSettings
from engine.taroky.options import TarokyOptions
from tests.botkit import controls, reply


def test_the_values_offered_are_those_the_table_has_not_in_both_languages() -> None:
    settings = TableSettings(options=TarokyOptions(stake=2000, cap=None, round_deals=8,
                                                   flek_max=3).to_json())
    assert [label for _, label in UI.value_choices(settings, "en")] == [
        "Stake: 50.00 Kč", "Stake: 100.00 Kč", "Stake: 200.00 Kč",
        "Top-up by 5.00 Kč", "Top-up by 20.00 Kč",
        "Cap: 20.00 Kč", "Cap: 40.00 Kč", "Cap: 100.00 Kč",
        "Doubles: at most doubled (no redouble)", "Doubles: at most redoubled",
        "Doubles: unlimited",
        "Round: 4 deals", "Round: 12 deals", "Round: 16 deals", "Round: 30 minutes",
        "Round: 60 minutes", "Round: 90 minutes", "Round: 120 minutes"]
    cs = dict(UI.value_choices(settings, "cs"))
    assert (cs["cap=4000"], cs["flek_max=unlimited"], cs["round_limit=minutes:30"]) == (
        "Herní strop: 40,00 Kč", "Fleky: bez omezení", "Kolo: 30 minut")
    # review 79: the select's words are the settings line's ("Fleky: nejvýš re")
    assert cs["flek_max=1"] == UI.rules_lines(TableSettings(options=TarokyOptions(
        flek_max=1).to_json()), "cs")[4] == "Fleky: nejvýš jeden flek (bez re)"
    assert UI.value_choices(TableSettings(options=TarokyOptions().to_json()), "cs")[-4:] == [
        ("round_limit=deals:16", "Kolo: 16 rozdání"), ("round_limit=minutes:30", "Kolo: 30 minut"),
        ("round_limit=minutes:90", "Kolo: 90 minut"),
        ("round_limit=minutes:120", "Kolo: 120 minut")]


def test_a_value_changes_its_option_alone_and_only_a_preset_is_taken() -> None:
    options = TarokyOptions(round_deals=8, varsava=False).to_json()
    changed = TarokyOptions.from_json(UI.change_option(options, "round_limit=minutes:90"))
    assert (changed.round_minutes, changed.round_deals, changed.varsava) == (90, None, False)
    uncapped = TarokyOptions.from_json(UI.change_option(options, "cap=none"))
    assert (uncapped.cap, uncapped.round_deals) == (None, 8)
    assert UI.change_option(options, "stake=7") is None  # (no preset: a forged choice)
    assert UI.change_option(options, "stake=0") is None
    # the value the table was opened with is taken too, and only that one (review 79)
    start = TarokyOptions(stake=3000, flek_max=5).to_json()
    assert TarokyOptions.from_json(UI.change_option(options, "stake=3000", start)).stake == 3000
    assert UI.change_option(options, "stake=3100", start) is None
    assert TarokyOptions.from_json(UI.change_option(options, "flek_max=5", start)).flek_max == 5


def test_the_value_a_table_was_opened_with_stays_a_choice_while_another_is_chosen() -> None:
    """Review 79: a club's 30 Kč and five fleks, none of the presets, could not be chosen
    back once the creator tried another value."""
    settings = TableSettings(options=TarokyOptions(stake=3000, flek_max=5).to_json())
    labels = [label for _, label in UI.value_choices(settings, "cs")]
    assert "Vklad: 30,00 Kč" not in labels and "Fleky: nejvýš 5 fleků" not in labels
    settings.revise(TarokyOptions(stake=10000, flek_max=1).to_json())
    choices = UI.value_choices(settings, "cs")
    assert choices[:4] == [("stake=2000", "Vklad: 20,00 Kč"), ("stake=3000", "Vklad: 30,00 Kč"),
                           ("stake=5000", "Vklad: 50,00 Kč"), ("stake=20000", "Vklad: 200,00 Kč")]
    assert [label for _, label in choices if label.startswith("Fleky")] == [
        "Fleky: nejvýš re", "Fleky: nejvýš sup", "Fleky: nejvýš 5 fleků", "Fleky: bez omezení"]
    assert len(choices) <= 25


async def test_the_creator_sets_stake_and_round_in_the_lobby_and_the_game_plays_them(
        harness) -> None:
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("taroky")
    alice, bob = (guild.add_member(env.create_user(n, global_name=n.title()))
                  for n in ("alice", "bob"))
    await alice.slash(ch, "taroky new", language="cs")
    table = harness.service.tables[1]
    await bob.click(ch.last_message, custom_id="lora:l:1:join")

    def lobby() -> Any:
        return next(m for m in ch.history() if m.id == table.message_id)

    def values() -> dict[str, Any]:
        return next(c for c in controls(lobby())
                    if c["type"] == 3 and c["custom_id"].endswith(":v"))

    async def pick(who: Any, choice: str) -> tuple[Any, list[str]]:
        """``who`` picks a value: the answer and the posts it made besides the lobby."""
        seen = {m.id for m in ch.history()}
        res = await who.select(lobby(), [choice], custom_id=values()["custom_id"])
        return res, [m.content for m in ch.history() if m.id not in seen]

    def rules() -> list[str]:
        return lobby().embeds[0].fields[1].value.splitlines()

    # (review 87: worded as the rules select and Lóra's timer select, "(zakladatel)")
    assert values()["placeholder"] == "Změnit nastavení stolu (zakladatel)…"
    assert [o["label"] for o in values()["options"]][:3] == [
        "Vklad: 20,00 Kč", "Vklad: 100,00 Kč", "Vklad: 200,00 Kč"]
    res, posts = await pick(bob, "stake=10000")
    assert reply(res).content == "Pravidla stolu mění jen jeho zakladatel." and posts == []
    asked_bob = ("Pravidla stolu č. 1 se změnila – " + bob.mention
                 + ", podívej se na ně a potvrď je tlačítkem „Souhlasím s pravidly“ (nebo od"
                 " stolu odejdi).")
    assert (await pick(alice, "stake=10000"))[1] == [asked_bob]
    assert (await pick(alice, "round_limit=deals:4"))[1] == []  # (Bob is asked already)
    assert rules()[:4] == [
        "• Kolo: 4 rozdání",
        "• Vklad 100,00 Kč (peníze každého hráče na začátku kola; sazby nemění)",
        "• Dokup po 10,00 Kč (kdykoli by hráči peníze klesly pod nulu, automaticky se mu po"
        " této částce dokoupí)",
        "• Herní strop 40,00 Kč (nejvíc, kolik jeden hráč zaplatí druhému za jednu hru)"]
    assert lobby().embeds[0].fields[0].value.splitlines()[1].endswith(
        "⏳ čeká se na souhlas se změněnými pravidly")
    labels = [o["label"] for o in values()["options"]]
    assert "Vklad: 100,00 Kč" not in labels and "Vklad: 50,00 Kč" in labels
    assert "Kolo: 60 minut" in labels and "Kolo: 4 rozdání" not in labels
    # join, leave, start, agree, three AIs; the rule switches; the values: four rows
    assert len(lobby().components) == 4
    # back to what Bob accepted: nobody is asked
    assert (await pick(alice, "stake=5000"))[1] == []
    assert (await pick(alice, "round_limit=minutes:60"))[1] == []
    assert table.not_agreed() == [] and rules()[0] == "• Kolo: 60 minut"
    assert (await pick(alice, "stake=10000"))[1] == [asked_bob]
    await pick(alice, "round_limit=deals:4")
    for _ in range(2):
        await alice.click(lobby(), custom_id="lora:lai:1:easy")
    res = await alice.click(lobby(), custom_id="lora:l:1:start")
    assert reply(res).content == ("Hru zatím nelze začít: se změněnými pravidly ještě "
                                  "musí souhlasit: Bob.")
    await bob.click(lobby(), custom_id="lora:l:1:agree")
    await alice.click(lobby(), custom_id="lora:l:1:start")
    assert table.state is not None
    opts = table.state.options
    assert (opts.stake, opts.round_deals, opts.round_minutes, opts.cap) == (10000, 4, None,
                                                                             4000)
    assert table.state.public_view().money == (10000, 10000, 10000, 10000)
    res = await bob.click(lobby(), custom_id="lora:t:1:rules")  # (the table's message)
    assert reply(res).embeds[0].fields[-1].value.splitlines()[:2] == [
        "• Kolo: 4 rozdání",
        "• Vklad 100,00 Kč (peníze každého hráče na začátku kola; sazby nemění)"]


async def test_a_club_s_stake_outside_the_presets_is_chosen_back_in_the_lobby(harness) -> None:
    """Review 79: a table opened with 30 Kč (no preset) lost it for good once the creator
    tried 100 Kč; the select offers it back, and the click takes it."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("taroky")
    alice = guild.add_member(env.create_user("alice", global_name="Alice"))
    await alice.slash(ch, "taroky new", language="cs", stake=30)
    table = harness.service.tables[1]

    def select() -> Any:
        lobby = next(m for m in ch.history() if m.id == table.message_id)
        return lobby, next(c for c in controls(lobby)
                           if c["type"] == 3 and c["custom_id"].endswith(":v"))

    lobby, values = select()
    assert "stake=3000" not in [o["value"] for o in values["options"]]
    await alice.select(lobby, ["stake=10000"], custom_id=values["custom_id"])
    assert table.settings.options["stake"] == 10000
    lobby, values = select()
    offered = {o["value"]: o["label"] for o in values["options"]}
    assert offered["stake=3000"] == "Vklad: 30,00 Kč"
    await alice.select(lobby, ["stake=3000"], custom_id=values["custom_id"])
    assert table.settings.options["stake"] == 3000
