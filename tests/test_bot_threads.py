"""Tables in threads: a channel that already has a table gives the next one a thread of its
own (the server's ``table_threads``: ``busy`` by default, ``always``, ``never``); everything
of that table lives in its thread, the channel gets one line that points there."""

from __future__ import annotations

import logging
import random
from typing import Any

import discord

from tests.botkit import BotHarness, Players, reply


def setup(harness: BotHarness, names: list[str]) -> tuple[Any, Any, list[Any]]:
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("karty")
    users = [guild.add_member(env.create_user(n, global_name=n.capitalize())) for n in names]
    return guild, ch, users


def thread_of(ch: Any, table: Any) -> Any:
    return next(t for t in ch.threads if t.id == table.channel_id)


async def start_with_ai(user: Any, where: Any, tid: int) -> None:
    lobby = next(m for m in where.history() if m.embeds and f"č. {tid}" in
                 (m.embeds[0].title or ""))
    for _ in range(3):
        await user.click(lobby, custom_id=f"lora:lai:{tid}:easy")
    await user.click(lobby, custom_id=f"lora:l:{tid}:start")


async def set_threads(harness: BotHarness, guild: Any, ch: Any, mode: str) -> Any:
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(harness.env.create_user("mod"), roles=[mods])
    return await mod.slash(ch, "lora settings", table_threads=mode)


async def test_a_second_table_in_a_channel_plays_in_its_own_thread(harness):
    guild, ch, (alice, bob) = setup(harness, ["alice", "bob"])
    res = await alice.slash(ch, "lora new")
    assert reply(res).content == "Stůl č. 1 je založen."
    assert harness.service.tables[1].channel_id == ch.id and ch.threads == []

    res = await bob.slash(ch, "lora new", seating="join", turn_timer=0)
    table = harness.service.tables[2]
    thread = thread_of(ch, table)
    assert thread.is_thread and thread.name == "Lóra – stůl č. 2"
    assert reply(res).content == f"Stůl č. 2 je založen. Hraje se ve vlákně <#{thread.id}>."
    assert ch.last_message.content == f"Lóra – stůl č. 2 hraje ve vlákně <#{thread.id}>."
    assert thread.last_message.embeds[0].title == "Lóra – stůl č. 2"
    assert (await harness.bot.store.get_table(2)).channel_id == thread.id

    await start_with_ai(bob, thread, 2)
    players = Players(harness, thread, 2, [bob], random.Random(5))
    version = table.version
    for _ in range(3):
        await players.move()
    assert players.clicks == 3 and table.version > version
    # the thread: the deal's announcement, then the table message (his own clicks ping
    # nobody)
    history = thread.history()
    assert [m.id for m in history][-1] == table.message_id
    assert history[-1].embeds[0].image.url == "attachment://table.png"
    assert [m.content for m in history][:-1] == [
        "▶ **Červené** – 1. tálie, 1. hra. Rozdává AI Jaroslav, vynáší Bob."]
    # the channel: table 1's lobby, Discord's notice of the new thread and the one line
    # that points to table 2's thread
    shown = [(m.type, m.content, [e.title for e in m.embeds]) for m in ch.history()]
    assert shown == [
        (discord.MessageType.default, "", ["Lóra – stůl č. 1"]),
        (discord.MessageType.thread_created, "Lóra – stůl č. 2", []),
        (discord.MessageType.default, f"Lóra – stůl č. 2 hraje ve vlákně <#{thread.id}>.", [])]


async def test_the_first_table_of_a_channel_stays_in_it_and_a_freed_channel_takes_the_next(
        harness):
    guild, ch, (alice, bob, cyril) = setup(harness, ["alice", "bob", "cyril"])
    await alice.slash(ch, "lora new")
    res = await alice.slash(ch, "lora new")  # seated already: refused before any thread
    assert res.response.content == "Už sedíš u jiného stolu na tomto serveru (/lora leave)."
    assert ch.threads == []
    await bob.slash(ch, "lora new")
    assert harness.service.tables[2].channel_id != ch.id
    await alice.slash(ch, "lora abort")  # the channel's own table is gone
    await cyril.slash(ch, "lora new")
    assert harness.service.tables[3].channel_id == ch.id and len(ch.threads) == 1


async def test_never_keeps_every_table_in_the_channel(harness):
    guild, ch, (alice, bob) = setup(harness, ["alice", "bob"])
    res = await set_threads(harness, guild, ch, "never")
    assert reply(res).content == (  # (in his Discord's language)
        "A game is not rated when an AI made more than 25 % of some player's moves.\n"
        "New tables always play in the channel where they were opened.")
    assert (await harness.bot.store.guild_settings(guild.id))["table_threads"] == "never"
    await alice.slash(ch, "lora new")
    res = await bob.slash(ch, "lora new")
    assert reply(res).content == "Stůl č. 2 je založen."
    assert harness.service.tables[2].channel_id == ch.id and ch.threads == []
    assert [m.embeds[0].title for m in ch.history()] == ["Lóra – stůl č. 1", "Lóra – stůl č. 2"]


async def test_always_puts_even_the_first_table_in_a_thread(harness):
    guild, ch, (alice,) = setup(harness, ["alice"])
    await set_threads(harness, guild, ch, "always")
    before = len(ch.history())
    await alice.slash(ch, "taroky new")
    table = harness.service.tables[1]
    thread = thread_of(ch, table)
    assert thread.name == "Taroky – stůl č. 1"
    assert [m.content for m in ch.history()[before:]] == [
        "Taroky – stůl č. 1", f"Taroky – stůl č. 1 hraje ve vlákně <#{thread.id}>."]
    assert thread.last_message.embeds[0].title == "Taroky – stůl č. 1"


async def test_only_managers_choose_where_tables_play_and_only_the_offered_values(harness):
    from bot.storage.settings import validate

    guild, ch, (alice,) = setup(harness, ["alice"])
    res = await alice.slash(ch, "lora settings", table_threads="always")
    assert reply(res).content == (
        "Only server managers (Manage Server) can change the server's settings.")
    assert (await harness.bot.store.guild_settings(guild.id))["table_threads"] == "busy"
    for bad in ("sometimes", "", 1):
        try:
            validate("table_threads", bad)
        except ValueError as exc:
            assert str(exc) == "table_threads must be one of busy, always, never"
        else:
            raise AssertionError(f"{bad!r} accepted")


async def test_a_table_in_a_thread_plays_on_after_a_restart(harness):
    guild, ch, (alice, bob) = setup(harness, ["alice", "bob"])
    await alice.slash(ch, "lora new")
    await bob.slash(ch, "lora new", seating="join", turn_timer=0)
    thread = thread_of(ch, harness.service.tables[2])
    await start_with_ai(bob, thread, 2)
    players = Players(harness, thread, 2, [bob], random.Random(7))
    for _ in range(2):
        await players.move()
    version = players.table.version
    in_channel = len(ch.history())

    await harness.restart()
    table = harness.service.tables[2]
    assert table.channel_id == thread.id and table.version == version
    players.hands.clear()
    for _ in range(3):
        await players.move()
    assert players.table.version > version
    assert any(m.id == players.table.message_id for m in thread.history())
    assert len(ch.history()) == in_channel  # nothing of it in the channel


async def test_no_thread_can_be_made_the_table_plays_in_the_channel(harness, caplog):
    guild, ch, (alice, bob) = setup(harness, ["alice", "bob"])
    await alice.slash(ch, "lora new")
    harness.env.inject_error("POST", "/channels/*/threads", status=403, code=50013,
                             message="Missing Permissions")
    with caplog.at_level(logging.WARNING, logger="bot.ui.controller"):
        res = await bob.slash(ch, "lora new", seating="join", turn_timer=0)
    assert reply(res).content == "Stůl č. 2 je založen."
    assert harness.service.tables[2].channel_id == ch.id and ch.threads == []
    assert any(r.getMessage().startswith(f"no thread for table 2 in channel {ch.id} (")
               and r.getMessage().endswith("): it plays in the channel")
               for r in caplog.records)
    await start_with_ai(bob, ch, 2)
    players = Players(harness, ch, 2, [bob], random.Random(3))
    version = players.table.version
    await players.move()
    assert players.table.version > version


async def test_an_archived_thread_is_reopened_for_the_next_update(harness, caplog):
    guild, ch, (alice, bob) = setup(harness, ["alice", "bob"])
    await alice.slash(ch, "lora new")
    await bob.slash(ch, "lora new", seating="join", turn_timer=0)
    thread = thread_of(ch, harness.service.tables[2])
    await harness.bot.get_channel(thread.id).edit(archived=True)  # a day without a word
    await harness.env.settle()
    assert harness.env.backend.channels[thread.id].thread_metadata.archived
    assert harness.bot.get_channel(thread.id) is None  # (an archived thread leaves the cache)
    with caplog.at_level(logging.INFO, logger="bot.delivery.channel"):
        await start_with_ai(bob, thread, 2)
    assert f"thread {thread.id} is archived: unarchiving it" in caplog.messages
    assert not harness.env.backend.channels[thread.id].thread_metadata.archived
    assert harness.service.tables[2].status == "playing"
    assert any(m.id == harness.service.tables[2].message_id for m in thread.history())
