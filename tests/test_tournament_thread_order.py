"""A tournament table's thread reads in order from its first deal: the table is started at
once (no lobby message to become the record of the deal's start), so the deal's "▶" line
comes before the table message and before the ping of the first human to act."""

from __future__ import annotations

import pytest

from tests.botkit import channel_delivered
from tests.tournament_kit import TOURNAMENT_SETTLE, record, started_tournament

pytestmark = pytest.mark.settle(TOURNAMENT_SETTLE)


@pytest.mark.parametrize("kind", ["lora", "taroky"])
async def test_the_first_deal_s_start_line_comes_before_the_table_and_its_ping(harness, kind):
    ch, _ann, _message = await started_tournament(harness, kind, ("easy",) * 3, rounds=1)
    rec = await record(harness, 1)
    (slot,) = rec.tables
    await channel_delivered(harness, ch.id, slot.thread_id)
    thread = next(t for t in ch.threads if t.id == slot.thread_id)
    texts = [m.content or "" for m in thread.history()]
    start = next(i for i, text in enumerate(texts) if text.startswith("▶"))
    table = next(i for i, m in enumerate(thread.history()) if m.components)
    assert start < table
    pings = [i for i, text in enumerate(texts) if "jsi na tahu" in text]
    assert pings, texts  # (an AI leads these deals: Ann is pinged when her turn comes)
    assert all(start < i for i in pings)
