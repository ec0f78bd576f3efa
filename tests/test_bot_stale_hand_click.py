"""A click on a hand message already told it is stale (its double click, sent before that
edit reached the player): the move counts when it still fits the game, but the message
stays stale — his newer hand is the one that shows the table (review 66: the old message
came back as a second live hand). The same after a restart: which message is his hand is
saved with its token."""

from __future__ import annotations

from bot.i18n import t
from tests.botkit import (
    channel_delivered,
    enabled_controls,
    open_table,
    raw_click,
    reply,
    stored_message,
    table_message,
)

REPLACED = "Tyhle karty jsou zastaralé – platí novější zpráva s tvými kartami."


async def test_a_click_on_a_stale_hand_moves_but_leaves_it_stale(harness):
    _g, ch, users, tid = await open_table(harness, ["alice"], ("easy", "easy", "easy"))
    alice = users[0]
    table = harness.service.tables[tid]
    old = reply(await alice.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand"))
    snapshot = stored_message(alice, old)  # (as her client still shows it)
    cards = [c["custom_id"] for c in enabled_controls(old)]
    assert cards and table.state.to_act == 0
    fresh = reply(await alice.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand"))
    assert old.content == REPLACED
    version = table.version
    # her card clicked on the old message: still the game's position, so it is played
    res = await raw_click(alice, snapshot, cards[0])
    assert table.version > version
    assert [f.content for f in res.followups] == []
    assert old.content == REPLACED and not old.attachments and not enabled_controls(old)
    assert harness.bot.controller.hands.shown[(tid, alice.id)] == fresh.id
    # her newer hand shows the move (the AIs after her played on)
    assert fresh.attachments and "V ruce máš:" in fresh.content
    # another card of that old position: the game moved on, and she is told where her
    # cards are — not that "the cards above" show it (they are the stale message)
    res = await raw_click(alice, snapshot, cards[-1])
    assert [f.content for f in res.followups] == [
        "Tyhle karty jsou zastaralé – aktuální stav ukazuje novější zpráva s tvými kartami."]
    assert old.content == REPLACED and not enabled_controls(old)
    assert harness.bot.controller.hands.shown[(tid, alice.id)] == fresh.id


async def test_a_stale_hand_stays_stale_across_a_restart(harness):
    """Alice's older hand was told it is stale, then the bot restarts: a click on it is
    treated as before the restart — her move counts while it fits the game, a stale one is
    told where her cards are, and the old message never comes back as a second live hand."""
    _g, ch, users, tid = await open_table(harness, ["alice"], ("easy", "easy", "easy"))
    alice = users[0]
    table = harness.service.tables[tid]
    old = reply(await alice.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand"))
    snapshot = stored_message(alice, old)
    cards = [c["custom_id"] for c in enabled_controls(old)]
    assert cards and table.state.to_act == 0
    fresh = reply(await alice.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand"))
    assert old.content == REPLACED
    await harness.restart()
    await channel_delivered(harness)
    table = harness.service.tables[tid]
    version = table.version
    res = await raw_click(alice, snapshot, cards[0])  # (her double click, after the restart)
    assert table.version > version
    assert [f.content for f in res.followups] == []
    assert old.content == REPLACED and not old.attachments and not enabled_controls(old)
    assert harness.bot.controller.hands.shown[(tid, alice.id)] == fresh.id
    assert fresh.attachments and "V ruce máš:" in fresh.content and enabled_controls(fresh)
    await harness.restart()  # (again: the hand her click left is still hers)
    await channel_delivered(harness)
    table = harness.service.tables[tid]
    res = await raw_click(alice, snapshot, cards[-1])
    assert [f.content for f in res.followups] == [
        "Tyhle karty jsou zastaralé – aktuální stav ukazuje novější zpráva s tvými kartami."]
    assert old.content == REPLACED and not old.attachments and not enabled_controls(old)
    assert harness.bot.controller.hands.shown[(tid, alice.id)] == fresh.id
    # her live hand is the newer one: it follows the table as she plays there
    version = table.version
    res = await alice.click(fresh, custom_id=enabled_controls(fresh)[0]["custom_id"])
    assert table.version > version and old.content == REPLACED
    assert fresh.attachments and "V ruce máš:" in fresh.content


def test_the_stale_hand_answer_in_english() -> None:
    assert t("core.stale_replaced", "en") == ("These cards are out of date – your newer "
                                              "message with your cards shows the game as it is "
                                              "now.")
