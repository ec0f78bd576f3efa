"""A whole lóra through the bot: slash commands and clicks only."""

from __future__ import annotations

import random

from tests.botkit import Players


async def _open_table(harness, names, ai_levels=()):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    users = [guild.add_member(env.create_user(n)) for n in names]
    await users[0].slash(ch, "lora new", seating="join", turn_timer=0)
    lobby = ch.last_message
    tid = harness.service.table_of_user(guild.id, users[0].id).table_id
    for u in users[1:]:
        await u.click(lobby, custom_id=f"lora:l:{tid}:join")
    for level in ai_levels:
        await users[0].select(lobby, [level], custom_id=f"lora:lai:{tid}")
    await users[0].click(lobby, custom_id=f"lora:l:{tid}:start")
    return guild, ch, users, tid


async def test_four_humans_play_a_whole_lora_by_clicks(harness):
    _guild, ch, users, tid = await _open_table(harness, ["alice", "bob", "cyril", "dana"])
    players = Players(harness, ch, tid, users, random.Random(5))
    table = players.table
    for _ in range(3000):
        if table.lora.finished:
            break
        await players.move()
    assert table.lora.finished
    print(players.clicks)
