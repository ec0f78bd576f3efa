"""Lobby flows through slash commands and clicks."""

from __future__ import annotations


async def test_new_table_lobby_and_start_with_ai(harness):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    alice = guild.add_member(env.create_user("alice"))
    res = await alice.slash(ch, "lora new")
    assert res.ephemeral
    assert res.response.content == "Table 1 is open."
    lobby = ch.last_message
    assert lobby.embeds[0].title == "Lóra – stůl č. 1"
    for _ in range(3):
        await alice.select(lobby, ["easy"], custom_id="lora:lai:1")
    await alice.click(lobby, custom_id="lora:l:1:start")
    table = harness.service.tables[1]
    assert table.status == "playing"
    msgs = ch.history()
    print([m.content for m in msgs])
    print(env.transcript()[-3000:])
