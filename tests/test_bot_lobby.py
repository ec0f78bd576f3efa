"""Lobby flows through slash commands and clicks."""

from __future__ import annotations


async def test_new_table_lobby_and_start_with_ai(harness):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    alice = guild.add_member(env.create_user("alice"))
    res = await alice.slash(ch, "lora new")
    assert res.ephemeral
    assert res.response.content == "Stůl č. 1 je založen."  # the table's language
    lobby = ch.last_message
    assert lobby.embeds[0].title == "Lóra – stůl č. 1"
    for _ in range(3):
        await alice.click(lobby, custom_id="lora:lai:1:easy")
    await alice.click(lobby, custom_id="lora:l:1:start")
    table = harness.service.tables[1]
    assert table.status == "playing"
    texts = [m.content for m in ch.history()]
    assert texts[0].startswith("▶ **Červené** – 1. tálie, 1. hra. Rozdává ")
    if table.state.to_act == table.seat_of(alice.id):
        assert texts[-1] == f"{alice.mention}, jsi na tahu (Červené)."
    else:  # the AI seats played up to her turn, so she is to act now
        raise AssertionError("with three AI seats the game waits for the only human")


async def test_an_aborted_table_leaves_memory_after_an_hour(harness):
    from bot.service import EVICT_SECONDS

    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(ch, "lora new")
    await alice.slash(ch, "lora abort")
    assert harness.service.tables[1].status == "aborted"
    await env.advance_time(EVICT_SECONDS + 1)
    assert 1 not in harness.service.tables
