"""The turn timer: a reminder, then an AI plays for the absent player until he clicks again."""

from __future__ import annotations

import random

from tests.botkit import Players, open_table


async def test_reminder_then_ai_stands_in_until_the_player_returns(harness):
    env = harness.env
    guild, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"),
                                             turn_timer=60)
    table = harness.service.tables[tid]
    players = Players(harness, ch, tid, users, random.Random(4))
    seat = table.state.to_act
    late = players.users[table.seats[seat].user_id]
    version = table.version

    await env.advance_time(29)
    assert table.version == version
    await env.advance_time(2)
    reminder = ch.last_message
    assert reminder.content == (
        f"{late.mention}, máš na tah ještě 30 s; pak za tebe bude hrát AI, dokud znovu neklikneš."
    )
    assert table.version == version

    await env.advance_time(31)
    assert table.seats[seat].absent
    assert table.version > version  # the stand-in played
    assert table.seats[seat].ai_moves >= 1
    name = table.names()[seat]
    embed = players.table_message().embeds[0]
    assert (f"{name} nereaguje – za nepřítomného hraje AI, dokud znovu neklikne."
            in embed.description)
    assert "(za nepřítomného hraje AI)" in embed.description  # the stood-in move, marked

    # he clicks My cards: he is back, and plays himself again
    await players.open_hand(late)
    assert not table.seats[seat].absent
    assert f"{name} je zpět u stolu." in players.table_message().embeds[0].description


async def test_everybody_absent_pauses_the_table(harness):
    env = harness.env
    guild, ch, users, tid = await open_table(harness, ["alice"], ("easy", "easy", "easy"),
                                             turn_timer=30)
    table = harness.service.tables[tid]
    await env.advance_time(31)
    assert table.seats[table.seat_of(users[0].id)].absent
    version = table.version
    await env.advance_time(600)
    assert table.version == version  # no human is present: nobody plays for them
    assert not table.state.finished
