"""The outbox left from before a restart, against the start-up window of a real gateway:
interactions arrive after READY but before ``on_ready`` (discord.py dispatches it only
once the guild cache is filled). A click in that window acts only after its table's
backlog is queued ahead of its own messages, and nothing is delivered twice (the marks of
what the new bot delivered are written in batches: the backlog must not read them back)."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.delivery import items
from tests.botkit import channel_delivered, emit_component

LATE = 60.0  # virtual seconds the new bot's on_ready comes after its READY


async def _restart_with_late_ready(harness) -> Any:
    """A restart whose new bot gets READY (tables loaded, gateway up) while its ``on_ready``
    waits ``LATE`` virtual seconds: the window a guild cache being filled leaves."""
    old = harness.bot
    old.controller.shutdown()
    new = harness.make_bot()
    ready = new.on_ready

    async def late_ready() -> None:
        await asyncio.sleep(LATE)
        await ready()

    new.on_ready = late_ready  # (discord.py dispatches the instance's attribute)
    await harness.env.restart_bot(new)
    await old.shutdown()
    return new


def _recording(sender) -> list[tuple[int, str]]:
    """The entries the sender delivers, in the order their delivery succeeds."""
    delivered: list[tuple[int, str]] = []
    deliver = sender.deliverer.deliver

    async def recorded(entry, before_post):
        message_id = await deliver(entry, before_post)
        delivered.append((entry.entry_id, entry.kind))
        return message_id

    sender.deliverer.deliver = recorded
    return delivered


async def test_a_click_before_on_ready_waits_for_its_tables_backlog_sent_once(harness):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    alice, bob = (guild.add_member(env.create_user(n, global_name=n.capitalize()))
                  for n in ("alice", "bob"))
    await alice.slash(ch, "lora new", seating="join", turn_timer=0, language="cs")
    table = harness.service.table_of_user(guild.id, alice.id)
    tid, where = table.table_id, table.channel_id
    lobby = next(m for m in ch.history() if m.id == table.message_id)
    # committed before the bot stopped, not delivered yet (a crash right after the commit)
    backlog = await harness.bot.store.add_outbox(
        [items.post(where, f"before {i}", table_id=tid) for i in (1, 2)])
    new = await _restart_with_late_ready(harness)
    assert not new.controller.delivery.channels  # READY, but on_ready has not run yet
    sender = new.controller.delivery
    delivered = _recording(sender)
    flush = sender._flush_marks
    sender._flush_marks = lambda everything=False: None  # marks waiting for their batch
    click = emit_component(bob, lobby, f"lora:l:{tid}:join")
    await env.settle()
    assert click.deferred
    sender._flush_marks = flush
    await env.advance_time(LATE + 1)  # on_ready: the tables resume
    await channel_delivered(harness)
    assert bob.id in [s.user_id for s in harness.service.tables[tid].seats if s is not None]
    ids = [entry_id for entry_id, _kind in delivered]
    assert len(ids) == len(set(ids)), delivered  # each entry delivered once
    # the backlog first (its two lines folded into one post); then the click's refresh of
    # the lobby, and on_ready's
    assert delivered == [(backlog[0], items.POST), (backlog[1] + 1, items.TABLE),
                         (backlog[1] + 2, items.TABLE)]
    lines = [line for m in reversed(ch.history()) for line in m.content.splitlines()
             if line.startswith("before")]
    assert lines == ["before 1", "before 2"]
