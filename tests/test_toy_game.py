"""A second game through the whole core: lobby, clicks, an AI seat, restart, archive,
leaderboard, export — the toy game of ``tests/toy_game.py`` with two seats and no UI of its
own but ``BaseUI``. Nothing of the core was written for it."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest_asyncio

import bot.games
import engine.games
from bot.games import BaseUI
from bot.i18n import add_strings
from tests import toy_game
from tests.botkit import BotHarness, Players, enabled_controls, mentioned, open_harness, reply


@pytest_asyncio.fixture
async def toy(tmp_path: Any) -> AsyncIterator[BotHarness]:
    engine.games.register(toy_game.SPEC)
    bot.games.register(BaseUI(toy_game.SPEC))
    add_strings("toy", toy_game.STRINGS)
    h = await open_harness(tmp_path)
    try:
        yield h
    finally:
        try:
            await h.stop()
        finally:
            bot.games.unregister("toy")
            engine.games.unregister("toy")


async def _open(h: BotHarness, names: list[str],
                ai: bool = False) -> tuple[Any, Any, list[Any], int]:
    env = h.env
    guild = env.create_guild()
    ch = guild.create_text_channel("toy")
    users = [guild.add_member(env.create_user(n, global_name=n.capitalize())) for n in names]
    res = await users[0].slash(ch, "toy new", language="cs", seating="join", turn_timer=0)
    assert reply(res).content == "Stůl č. 1 je založen."
    lobby = ch.last_message
    assert lobby.embeds[0].title == "Hračka – stůl č. 1"
    tid = h.service.table_of_user(guild.id, users[0].id).table_id
    assert len(h.service.tables[tid].seats) == 2
    for u in users[1:]:
        await u.click(lobby, custom_id=f"lora:l:{tid}:join")
    if ai:
        await users[0].click(lobby, custom_id=f"lora:lai:{tid}:easy")
    await users[0].click(lobby, custom_id=f"lora:l:{tid}:start")
    return guild, ch, users, tid


async def test_toy_game_runs_through_lobby_clicks_restart_and_archive(toy: BotHarness) -> None:
    guild, ch, users, tid = await _open(toy, ["alice", "bob"])
    table = toy.service.tables[tid]
    assert table.game_kind == "toy" and table.status == "playing"
    players = Players(toy, ch, tid, users, random.Random(3))
    # the hand: one button per legal action, labelled with the action's text
    seat = table.state.to_act
    hand = await players.open_hand(players.users[table.seats[seat].user_id])
    labels = [c["label"] for c in enabled_controls(hand)]
    assert labels == [a.text("cs") for a in table.state.legal_actions()]
    await players.move()
    await players.move()
    before = table.state.to_json()
    await toy.restart()
    table = toy.service.tables[tid]
    assert table.state.to_json() == before and table.game_kind == "toy"
    players = Players(toy, ch, tid, users, random.Random(4))
    while not table.state.finished:
        await players.move()
    outcome = table.state.outcome()
    title = "Konec hry – stůl č. 1"
    final = next(m for m in ch.history() if m.embeds and m.embeds[0].title == title)
    names = table.names()
    assert final.embeds[0].fields[0].value.splitlines() == [
        f"{outcome.places[s]}\\. {names[s]} – {outcome.scores[s]}" for s in outcome.order()
    ]
    assert not final.attachments  # the toy game draws no picture
    # archived, rated per game: the toy's leaderboard has both, Lóra's none
    store = toy.bot.store
    [game] = await store.recent_games(guild.id, "toy")
    assert game.game_kind == "toy" and [p.points for p in game.players] == sorted(
        outcome.scores, reverse=True)
    assert (await store.leaderboard(guild.id, "toy"))[1] == 2
    assert (await store.leaderboard(guild.id, "lora"))[1] == 0
    res = await users[0].slash(ch, "toy export", game=game.table_id)  # (its table's number)
    [file, results] = reply(res).attachments
    assert file.filename == f"toy-{game.table_id}.json"
    assert results.filename == f"toy-{game.table_id}.csv"
    record = json.loads(await file.read())
    assert toy_game.SPEC.replayed(record).outcome() == outcome
    # (in the language of the table they played at, not their clients' English)
    res = await users[1].slash(ch, "lora export", game=game.table_id)
    assert reply(res).content == mentioned(
        f"Dohranou hru u stolu č. {game.table_id} na tomto serveru nenajdu. Použij číslo stolu,"
        " které ukazuje /lora history; stáhnout jde hra, až je dohraná.")
    res = await users[1].slash(ch, "toy rules")
    assert reply(res).embeds[0].description == toy_game.STRINGS["cs"]["rules_text"]


async def test_toy_game_with_an_ai_seat(toy: BotHarness) -> None:
    guild, ch, users, tid = await _open(toy, ["alice"], ai=True)
    table = toy.service.tables[tid]
    assert table.seats[1].is_ai
    players = Players(toy, ch, tid, users, random.Random(5))
    while not table.state.finished:
        await players.move()
    assert table.status == "finished" and table.seats[1].moves == 3
    [game] = await toy.bot.store.recent_games(guild.id, "toy")
    assert game.unrated_reason == "too_few_humans"


async def test_a_new_game_has_its_help_without_edits_of_the_help(toy):
    """A game added to the registry gets ``/toy help``, naming all of its commands, with the
    core's words."""
    from tests.test_bot_help import _named, _registered

    guild = toy.env.create_guild()
    ch = guild.create_text_channel("toy")
    alice = guild.add_member(toy.env.create_user("alice"))
    embed = reply(await alice.slash(ch, "toy help")).embeds[0]
    assert embed.title == "Toy – help"  # (her English client: no table yet)
    assert set(_named(embed, "toy")) == _registered(toy, "toy")
    assert embed.fields[0].value.startswith(
        mentioned("/toy new – opens a table in this channel."))  # (no bold: review 95)
