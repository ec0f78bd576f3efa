"""Delivered outbox entries are pruned while the bot runs (review 49, M1): before, only a
start-up pruned them, so a bot that ran for months kept every row it ever delivered."""

from __future__ import annotations

from bot.tables import limits
from bot.ui.controller import OUTBOX_KEEP_SECONDS
from tests.botkit import channel_delivered, open_table


async def _entries(harness) -> list[tuple[int, str]]:
    conn = harness.bot.store.connection
    async with conn.execute("SELECT entry_id, state FROM outbox ORDER BY entry_id") as cur:
        return [(int(r[0]), str(r[1])) for r in await cur.fetchall()]


async def test_delivered_entries_older_than_a_day_go_without_a_restart(harness):
    store = harness.bot.store
    store._clock = harness.env.now  # (its stamps on SimCord's clock, as the bot's own)
    _guild, ch, _users, tid = await open_table(harness, ["alice"], ("easy",) * 3)
    await channel_delivered(harness, ch.id)
    first = await _entries(harness)
    assert first and all(state != "pending" for _, state in first)
    await harness.env.advance_time(OUTBOX_KEEP_SECONDS - limits.SWEEP_SECONDS)
    assert await _entries(harness) == first  # (kept a day)
    await harness.env.advance_time(2 * limits.SWEEP_SECONDS)
    left = {entry for entry, _ in await _entries(harness)}
    assert not left & {entry for entry, _ in first}
    assert harness.bots == [harness.bot]  # (no restart did it)
