"""Nothing lost on restart: the game continues exactly where it was, old buttons still work."""

from __future__ import annotations

import random

import pytest

from engine.actions import EndTurn, Lay
from engine.contracts import Contract
from tests.botkit import Players, enabled_controls, open_table, reply


async def _advance(harness, table, done, rng, limit=2000):
    """Play random legal actions through the service (saved like real moves) until done()."""
    service = harness.service
    for _ in range(limit):
        if done(table.state):
            await service._save(table)
            return
        action = rng.choice(table.state.legal_actions())
        service._apply(table, action, by=table.seats[action.seat].user_id or "ai")
    raise AssertionError("the wanted position was not reached")


def _mid_trick(lora):
    g = lora.game
    return lora.phase == "play" and g is not None and g.contract is Contract.CERVENE and len(
        getattr(g, "trick", [])
    ) == 2


def _kvarty_lead(lora):
    g = lora.game
    return lora.phase == "play" and g is not None and g.contract is Contract.KVARTY and bool(
        g.kvarty
    )


def _desitky_mid_turn(lora):
    g = lora.game
    return (
        lora.phase == "play"
        and g is not None
        and g.contract is Contract.DESITKY
        and bool(g.turn)
        and any(isinstance(a, Lay) for a in lora.legal_actions())
        and any(isinstance(a, EndTurn) for a in lora.legal_actions())
    )


def _maturita_choice(lora):
    return lora.phase == "choose"


def _stovka_question(lora):
    return lora.phase == "stovka" and lora.stovka_next != lora.leader_of_tali(3)


POSITIONS = {
    "mid_trick": _mid_trick,
    "kvarty_lead": _kvarty_lead,
    "desitky_mid_turn": _desitky_mid_turn,
    "maturita_choice": _maturita_choice,
    "stovka_question": _stovka_question,
}


@pytest.mark.parametrize("position", list(POSITIONS))
async def test_restart_continues_exactly_where_it_was(harness, position):
    guild, ch, users, tid = await open_table(harness, ["alice", "bob", "cyril", "dana"])
    table = harness.service.tables[tid]
    await _advance(harness, table, POSITIONS[position], random.Random(11))
    await harness.bot.controller.presenter.table_changed(table, [])
    players = Players(harness, ch, tid, users, random.Random(2))
    seat = table.state.to_act
    user = players.users[table.seats[seat].user_id]
    hand = await players.open_hand(user)  # opened before the restart
    old_table_message = players.table_message()
    before = table.state.to_json()
    version = table.version

    await harness.restart()

    table = harness.service.tables[tid]
    assert table.state.to_json() == before
    assert table.version == version
    assert table.message_id == old_table_message.id  # refreshed in place, not lost
    # the old table message's buttons work
    res = await users[1].click(old_table_message, custom_id=f"lora:t:{tid}:sheet")
    assert reply(res).attachments[0].filename == "protokol.png"
    # the old ephemeral hand's buttons still act after the restart
    controls = enabled_controls(hand)
    assert controls, "the hand had nothing to click"
    pick = controls[0]
    if pick["type"] == 3:
        await user.select(hand, [pick["options"][0]["value"]], custom_id=pick["custom_id"])
    else:
        await user.click(hand, custom_id=pick["custom_id"])
    assert table.version > version


async def test_restart_reposts_a_deleted_table_message(harness):
    import discord

    guild, ch, users, tid = await open_table(harness, ["alice"], ("easy", "easy", "easy"))
    table = harness.service.tables[tid]
    players = Players(harness, ch, tid, users, random.Random(2))
    old = players.table_message()
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    mod = guild.add_member(harness.env.create_user("mod"), roles=[mods])
    await mod.delete(old)
    state = table.state.to_json()

    await harness.restart()

    table = harness.service.tables[tid]
    assert table.state.to_json() == state
    assert table.message_id != old.id
    new = players.table_message()
    assert new.embeds[0].title == "Lóra – stůl č. 1"
    await players.move()  # and the game goes on from the new message
    assert table.version > len(state["log"])


async def test_a_hand_after_a_restart_tells_the_same_recent_events(harness):
    """Bob idles: an AI plays his card. After a restart his hand still tells him so when he
    comes back, and Alice's hand shows the same lines as before it (the events a hand words
    for its seat are saved with the table)."""
    from bot.games.lora.cards import action_card, cards_text
    from bot.games.lora.texts import private_lines
    from tests.botkit import channel_delivered

    guild, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"),
                                             language="en", turn_timer=60)
    table = harness.service.tables[tid]
    players = Players(harness, ch, tid, users, random.Random(4))
    while table.seats[table.state.to_act].user_id != users[1].id:
        await players.move()
    seat = table.state.to_act
    await harness.env.advance_time(62)  # his time runs out: an AI plays for him
    await channel_delivered(harness, ch.id)
    assert table.seats[seat].absent and table.seats[seat].ai_moves >= 1
    alice = (await players.open_hand(users[0])).content
    lines = private_lines(table, seat, "en")
    card = cards_text([action_card(table.state.log[table.seats[seat].ai_at[0]])])
    assert f"The AI played for you: {card}." in lines

    await harness.restart()

    table = harness.service.tables[tid]
    players = Players(harness, ch, tid, users, random.Random(4))
    assert private_lines(table, seat, "en") == lines
    assert (await players.open_hand(users[0])).content == alice
    bob = (await players.open_hand(users[1])).content.splitlines()
    assert bob[0] == ("You are back at the table – you play yourself again, the AI no longer "
                      "plays for you.")
    assert f"• The AI played for you: {card}." in bob


@pytest.mark.parametrize("kind", ["lora", "taroky"])
def test_the_saved_events_read_back_as_they_were(kind):
    """Every event of a whole game (and the bot's marks of moves nobody clicked) reads back
    equal from its stored form; a table saved before the events were kept, or with events
    this version cannot read, has none."""
    import json

    from bot.model import Unclicked, events_from_json, events_json
    from engine import games
    from engine.game import start_events

    spec = games.get(kind)
    rng = random.Random(5)
    state = spec.new(None, rng)
    events = list(start_events(state))
    for _ in range(1500):  # a whole lóra; deals of a Taroky round (it ends by its clock)
        if state.finished:
            break
        action = rng.choice(list(state.legal_actions()))
        events += [Unclicked(action.seat, rng.choice(["auto", "stand_in"])),
                   *state.apply(action)]
    assert events_from_json(json.loads(json.dumps(events_json(events)))) == events
    assert events_from_json(None) == []
    assert events_from_json({"types": ["engine.events:NoSuchEvent"], "list": [[0, 1]]}) == []
    assert events_from_json({"types": ["os:system"], "list": [[0, "true"]]}) == []


async def test_a_table_saved_with_forced_moves_counted_in_its_seats_loads(harness):
    """Seats were saved with "auto_moves" (forced moves counted, shown nowhere since the
    sheet stopped showing them): a table stored so loads after a restart, its seats as they
    were, and plays on."""
    import json

    _g, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    players = Players(harness, ch, tid, users, random.Random(4))
    await players.move()
    seats = harness.service.tables[tid].seats_json()
    old = [None if s is None else {**s, "auto_moves": 2} for s in seats]
    conn = harness.bot.store.connection
    await conn.execute("UPDATE tables SET seats = ? WHERE table_id = ?",
                       (json.dumps(old), tid))
    await conn.commit()

    await harness.restart()

    table = harness.service.tables[tid]
    assert table.seats_json() == seats
    version = table.version
    await Players(harness, ch, tid, users, random.Random(5)).move()
    assert table.version > version
