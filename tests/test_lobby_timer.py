"""The turn timer in the lobby (a club that opened a table there could not change it: only
``/<game> nová``'s option set it): the creator picks it in the values select of either
game, the seated accept it as any changed setting, and the game runs by it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.errors import TableError
from bot.games import ui_of
from bot.model import TableSettings
from bot.ui.builders import chosen_timer, lobby_values, timer_choices
from engine.taroky.options import TarokyOptions
from tests.botkit import Players, channel_delivered, controls, emit_component, reply

ASKED_BOB = ("Pravidla stolu č. 1 se změnila – {bob}, podívej se na ně a potvrď"
             " je tlačítkem „Souhlasím s pravidly“ (nebo od stolu odejdi).")


def test_the_timers_offered_are_the_presets_the_table_has_not_and_its_starting_one() -> None:
    settings = TableSettings(turn_timer=120)
    assert timer_choices(settings, "cs") == [
        ("turn_timer=60", "Čas na tah: 60 s"), ("turn_timer=300", "Čas na tah: 300 s"),
        ("turn_timer=0", "Čas na tah: bez limitu")]
    assert [label for _, label in timer_choices(TableSettings(turn_timer=0), "en")] == [
        "Turn timer: 60 s", "Turn timer: 120 s", "Turn timer: 300 s"]
    # a club's 45 s is none of the presets: offered back, in its place, once changed
    club = TableSettings(turn_timer=45)
    assert "turn_timer=45" not in dict(timer_choices(club, "cs"))
    club.revise({}, 300)
    assert [c for c, _ in timer_choices(club, "cs")] == [
        "turn_timer=45", "turn_timer=60", "turn_timer=120", "turn_timer=0"]
    # short of room, the last presets give way, never the starting one
    assert [c for c, _ in timer_choices(club, "cs", room=2)] == [
        "turn_timer=45", "turn_timer=60"]
    assert [c for c, _ in timer_choices(club, "cs", room=1)] == ["turn_timer=45"]
    assert timer_choices(club, "cs", room=0) == timer_choices(club, "cs", room=-2) == []


def test_a_timer_choice_is_taken_only_as_a_preset_or_the_starting_one() -> None:
    club = TableSettings(turn_timer=45)
    club.revise({}, 60)
    assert [chosen_timer(c, club) for c in (
        "turn_timer=300", "turn_timer=0", "turn_timer=45", "turn_timer=46", "turn_timer=-5",
        "turn_timer=", "stake=2000", "varsava")] == [300, 0, 45, None, None, None, None, None]


def test_a_changed_timer_is_a_revision_the_seated_accept_and_switched_back_the_old_one() -> None:
    settings = TableSettings(options={"tie": "zero"}, turn_timer=120)
    settings.revise({"tie": "zero"}, 60)
    assert (settings.revision, settings.turn_timer, settings.first_timer()) == (1, 60, 120)
    settings.revise({"tie": "one_eye"})  # (the game's options: the timer stays)
    assert (settings.revision, settings.turn_timer) == (2, 60)
    settings = TableSettings.from_json(settings.to_json())
    settings.revise({"tie": "zero"}, 120)
    assert (settings.revision, settings.first_timer(), settings.first_options()) == (
        0, 120, {"tie": "zero"})
    settings.revise({"tie": "one_eye"}, 60)
    assert settings.revision == 2
    # a lobby saved before the timer was a setting of the lobby: its revisions had its timer
    old = TableSettings.from_json({"options": {"tie": "one_eye"}, "turn_timer": 90,
                                   "revision": 1, "revisions": [[0, {"tie": "zero"}],
                                                                [1, {"tie": "one_eye"}]]})
    assert (old.first_options(), old.first_timer()) == ({"tie": "zero"}, 90)
    old.revise({"tie": "zero"})
    assert old.revision == 0


def test_a_taroky_lobby_s_values_stay_within_a_select_s_25_options() -> None:
    """Every option opened with a value none of the presets (a club's own), the timer too:
    the game's values and the timer's would be 27; the timer's last presets give way, its
    starting value stays choosable back."""
    ui = ui_of("taroky")
    start = TarokyOptions(stake=3000, dokup_step=700, cap=3000, flek_max=5,
                          round_deals=10).to_json()
    settings = TableSettings(options=start, turn_timer=45)
    settings.revise(TarokyOptions(stake=2000, dokup_step=500, cap=2000, flek_max=1,
                                  round_deals=4).to_json(), 60)
    assert len(ui.value_choices(settings, "cs")) == 23
    values = lobby_values(ui, settings, "cs")
    assert len(values) == 25
    assert values[-2:] == [("turn_timer=45", "Čas na tah: 45 s"),
                           ("turn_timer=120", "Čas na tah: 120 s")]
    # a table opened with the presets: all of them
    plain = TableSettings(options=TarokyOptions().to_json(), turn_timer=120)
    assert [label for _, label in lobby_values(ui, plain, "cs")][-3:] == [
        "Čas na tah: 60 s", "Čas na tah: 300 s", "Čas na tah: bez limitu"]
    assert len(lobby_values(ui, plain, "cs")) <= 25


async def _lobby(harness: Any, game: str, **options: Any) -> tuple[Any, Any, Any, Any]:
    """Alice's lobby of ``game`` (Czech), Bob seated: the channel, the table, Alice, Bob."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel(game)
    alice, bob = (guild.add_member(env.create_user(n, global_name=n.title()))
                  for n in ("alice", "bob"))
    await alice.slash(ch, f"{game} new", language="cs", seating="join", **options)
    table = harness.service.tables[1]
    await bob.click(ch.last_message, custom_id="lora:l:1:join")
    return ch, table, alice, bob


def _lobby_message(ch: Any, table: Any) -> Any:
    return next(m for m in ch.history() if m.id == table.message_id)


def _values(ch: Any, table: Any) -> dict[str, Any]:
    return next(c for c in controls(_lobby_message(ch, table))
                if c["type"] == 3 and c["custom_id"].endswith(":v"))


async def _pick(ch: Any, table: Any, who: Any, choice: str) -> tuple[Any, list[str]]:
    """``who`` picks a value: the answer and the posts it made besides the lobby."""
    seen = {m.id for m in ch.history()}
    res = await who.select(_lobby_message(ch, table), [choice],
                           custom_id=_values(ch, table)["custom_id"])
    return res, [m.content for m in ch.history() if m.id not in seen]


def _settings_field(ch: Any, table: Any) -> list[str]:
    return _lobby_message(ch, table).embeds[0].fields[1].value.splitlines()


async def test_a_lora_lobby_s_creator_sets_a_turn_timer_the_game_then_runs_by(harness) -> None:
    """Lóra's lobby had no values select: it has one of the timer alone. Alice picks 60 s
    (the table was opened with 120 s): Bob must accept again, the lobby lists it, and the
    game reminds the player to act after 30 s, an AI stands in after 60 s."""
    ch, table, alice, bob = await _lobby(harness, "lora")
    select = _values(ch, table)
    assert select["placeholder"] == "Změnit čas na tah (zakladatel)…"
    assert [o["label"] for o in select["options"]] == [
        "Čas na tah: 60 s", "Čas na tah: 300 s", "Čas na tah: bez limitu"]
    assert "• Čas na tah: 120 s" in _settings_field(ch, table)
    res, posts = await _pick(ch, table, bob, "turn_timer=60")
    assert reply(res).content == "Pravidla stolu mění jen jeho zakladatel." and posts == []
    assert (await _pick(ch, table, alice, "turn_timer=60"))[1] == [
        ASKED_BOB.format(bob=bob.mention)]
    lines = _settings_field(ch, table)
    assert "• Čas na tah: 60 s" in lines and "• Čas na tah: 120 s" not in lines
    assert [o["label"] for o in _values(ch, table)["options"]] == [
        "Čas na tah: 120 s", "Čas na tah: 300 s", "Čas na tah: bez limitu"]
    for _ in range(2):
        await alice.click(_lobby_message(ch, table), custom_id="lora:lai:1:easy")
    res = await alice.click(_lobby_message(ch, table), custom_id="lora:l:1:start")
    assert reply(res).content == ("Hru zatím nelze začít: se změněnými pravidly ještě "
                                  "musí souhlasit: Bob.")
    await bob.click(_lobby_message(ch, table), custom_id="lora:l:1:agree")
    await alice.click(_lobby_message(ch, table), custom_id="lora:l:1:start")
    assert table.state is not None and table.settings.turn_timer == 60
    res = await bob.click(_lobby_message(ch, table), custom_id="lora:t:1:rules")
    assert reply(res).embeds[0].fields[-1].value.splitlines()[-1] == "• Čas na tah: 60 s"

    players = Players(harness, ch, 1, [alice, bob], random.Random(4))
    seat = table.state.to_act
    late = players.users[table.seats[seat].user_id]
    version = table.version
    await harness.env.advance_time(29)
    await channel_delivered(harness, ch.id)
    assert table.version == version and "ještě" not in ch.last_message.content
    await harness.env.advance_time(2)
    await channel_delivered(harness, ch.id)
    assert ch.last_message.content == (f"{late.mention}, máš na tah ještě 30 s; pak za tebe"
                                       " bude hrát AI, dokud znovu neklikneš.")
    assert not table.seats[seat].absent
    await harness.env.advance_time(31)
    assert table.seats[seat].absent and table.version > version


async def test_a_taroky_lobby_s_timer_is_among_its_values_and_none_means_none(
        harness) -> None:
    """Taroky's values select ends with the timer's choices; "bez limitu" chosen beside a
    stake, Bob accepts both at once, and nobody is reminded or stood in for however long
    a player thinks."""
    ch, table, alice, bob = await _lobby(harness, "taroky")
    select = _values(ch, table)
    assert select["placeholder"] == "Změnit nastavení stolu (zakladatel)…"
    labels = [o["label"] for o in select["options"]]
    assert labels[-3:] == ["Čas na tah: 60 s", "Čas na tah: 300 s", "Čas na tah: bez limitu"]
    assert len(labels) <= 25
    assert (await _pick(ch, table, alice, "turn_timer=0"))[1] == [
        ASKED_BOB.format(bob=bob.mention)]
    assert (await _pick(ch, table, alice, "stake=10000"))[1] == []  # (asked already)
    lines = _settings_field(ch, table)
    assert "• Čas na tah: bez limitu" in lines
    assert lines[1].startswith("• Vklad 100,00 Kč")
    assert [o["label"] for o in _values(ch, table)["options"]][-3:] == [
        "Čas na tah: 60 s", "Čas na tah: 120 s", "Čas na tah: 300 s"]
    await bob.click(_lobby_message(ch, table), custom_id="lora:l:1:agree")
    assert table.not_agreed() == []
    for _ in range(2):
        await alice.click(_lobby_message(ch, table), custom_id="lora:lai:1:easy")
    await alice.click(_lobby_message(ch, table), custom_id="lora:l:1:start")
    assert table.state is not None and table.settings.turn_timer == 0
    assert table.state.options.stake == 10000
    seat = table.state.to_act
    version = table.version
    await harness.env.advance_time(1000)  # (within the round's 60 minutes)
    await channel_delivered(harness, ch.id)
    assert table.version == version and not table.seats[seat].absent
    assert "máš na tah ještě" not in (ch.last_message.content or "")


async def test_a_club_s_timer_is_chosen_back_and_bob_s_agreement_to_it_stands(
        harness) -> None:
    """A table opened with 45 s (none of the presets): Alice tries 300 s, the lobby offers
    45 s back, and chosen back Bob is not asked again (he accepted it when he sat down)."""
    ch, table, alice, bob = await _lobby(harness, "lora", turn_timer=45)
    assert "turn_timer=45" not in [o["value"] for o in _values(ch, table)["options"]]
    assert (await _pick(ch, table, alice, "turn_timer=300"))[1] == [
        ASKED_BOB.format(bob=bob.mention)]
    assert [o["label"] for o in _values(ch, table)["options"]] == [
        "Čas na tah: 45 s", "Čas na tah: 60 s", "Čas na tah: 120 s", "Čas na tah: bez limitu"]
    asked = ch.last_message
    assert asked.content == ASKED_BOB.format(bob=bob.mention)
    assert (await _pick(ch, table, alice, "turn_timer=45"))[1] == []
    assert table.settings.turn_timer == 45 and table.not_agreed() == []
    # the ping asking Bob to accept goes with the change (review 87: it stayed)
    await channel_delivered(harness, ch.id)
    assert asked.id not in {m.id for m in ch.history()}
    assert "• Čas na tah: 45 s" in _settings_field(ch, table)
    assert _lobby_message(ch, table).embeds[0].fields[0].value.splitlines()[1].endswith(
        f". {bob.mention}")  # (he no longer waits to accept)


async def test_a_forged_timer_is_refused_as_an_old_message_and_the_service_keeps_bounds(
        harness) -> None:
    ch, table, alice, _bob = await _lobby(harness, "lora")
    res = emit_component(alice, _lobby_message(ch, table), _values(ch, table)["custom_id"],
                         ["turn_timer=45"])
    await harness.env.settle()
    assert reply(res).content == ("Tohle tlačítko už neplatí – zpráva se mezitím změnila."
                                  " Použij tu aktuální.")
    assert table.settings.turn_timer == 120 and table.settings.revision == 0
    for seconds in (10, 3601):
        with pytest.raises(TableError) as refused:
            await harness.service.set_timer(1, alice.id, seconds)
        assert refused.value.key == "bad_timer"
    await harness.service.set_timer(1, alice.id, 20)
    assert table.settings.turn_timer == 20
