"""A lobby nobody touches for a day closes by itself (review 49, H1), through the real bot in
SimCord's virtual time: like an abort — its message says why, in the table's language, its
players sit nowhere any more (in memory and in the database) — and a restart after that day
closes it instead of showing it again. A game in play is never closed so."""

from __future__ import annotations

from bot.tables import limits
from tests.botkit import channel_delivered, open_table, table_message

DAY = limits.LOBBY_IDLE_SECONDS
SWEEP = limits.SWEEP_SECONDS


async def _lobby(harness, *, language="cs", names=("alice",)):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    users = [guild.add_member(env.create_user(n, global_name=n.capitalize())) for n in names]
    await users[0].slash(ch, "lora new", language=language, turn_timer=0)
    table = harness.service.table_of_user(guild.id, users[0].id)
    return guild, ch, users, table


def _closed_embed(ch, table):
    msg = table_message(ch, table)
    assert msg.embeds and not msg.components  # (no buttons left)
    return msg.embeds[0].description


async def test_a_lobby_untouched_for_a_day_closes_and_frees_its_creator(harness):
    guild, ch, (alice, bob), table = await _lobby(harness, names=("alice", "bob"))
    tid = table.table_id
    await harness.env.advance_time(DAY - 2 * SWEEP)
    await bob.click(table_message(ch, table), custom_id=f"lora:l:{tid}:join")  # touched
    await harness.env.advance_time(2 * SWEEP + 5)
    assert table.status == "lobby"  # a day since it opened, not since bob sat down
    await harness.env.advance_time(DAY - 2 * SWEEP)
    assert table.status == "aborted"
    await channel_delivered(harness, ch.id)
    text = f"Stůl č. {tid} je zrušen: celý den se u něj nic nedělo."
    assert ch.last_message.content == text
    assert _closed_embed(ch, table) == text
    assert harness.service.table_of_user(guild.id, alice.id) is None
    assert await harness.bot.store.table_of_user(guild.id, alice.id) is None
    assert await harness.bot.store.table_of_user(guild.id, bob.id) is None
    assert (await harness.bot.store.get_table(tid)).status == "aborted"
    # free to open another table (before, "you already sit at a table" until he left)
    await alice.slash(ch, "lora new", turn_timer=0)
    assert harness.service.table_of_user(guild.id, alice.id).table_id != tid


async def test_every_lobby_click_keeps_it_open_and_a_game_in_play_is_never_closed(harness):
    guild, ch, (alice, bob), table = await _lobby(harness, names=("alice", "bob"))
    tid = table.table_id
    lobby = table_message(ch, table)
    clicks = [(bob, f"lora:l:{tid}:join"), (alice, f"lora:lai:{tid}:easy"),
              (alice, f"lora:l:{tid}:start"),  # refused (a seat is free), yet a click
              (bob, f"lora:l:{tid}:leave")]
    for user, custom_id in clicks:
        await harness.env.advance_time(DAY - SWEEP)
        await user.click(lobby, custom_id=custom_id)
        assert table.status == "lobby", custom_id
    assert table.humans() == [alice.id] and sum(s is not None for s in table.seats) == 2
    # a running game whose players have gone quiet is not a lobby: it stays
    _guild, _ch, _users, playing = await open_table(harness, ["carol"], ("easy",) * 3)
    await harness.env.advance_time(DAY + SWEEP + 5)
    assert table.status == "aborted"
    assert harness.service.tables[playing].status == "playing"


async def test_a_restart_after_a_day_closes_the_lobby_instead_of_showing_it_again(harness):
    guild, ch, (alice,), table = await _lobby(harness, language="en")
    tid = table.table_id
    await channel_delivered(harness, ch.id)
    harness.service.repeating.pop("housekeeping").cancel()  # (the bot is down meanwhile)
    await harness.env.advance_time(DAY + 5)
    assert table.status == "lobby"
    edits = len([r for r in harness.env.http_requests if r.method == "PATCH"])
    await harness.restart()
    await channel_delivered(harness, ch.id)
    assert tid not in harness.service.tables or harness.service.tables[tid].status == "aborted"
    assert (await harness.bot.store.get_table(tid)).status == "aborted"
    assert await harness.bot.store.table_of_user(guild.id, alice.id) is None
    text = f"Table {tid} is closed: nothing happened at it for a whole day."
    assert ch.last_message.content == text
    assert _closed_embed(ch, table) == text
    # one edit: the closed lobby (not the lobby shown again, then closed)
    assert len([r for r in harness.env.http_requests if r.method == "PATCH"]) == edits + 1
