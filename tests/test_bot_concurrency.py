"""Many tables at once: clicks in flight together, AI decisions in worker processes (the real
process pool here), a slow AI that keeps no other table waiting, a decision for a state that
has moved on, and a worker that dies."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from simcord.http import router as simcord_router

import bot.games
import engine.games
from bot.games import BaseUI
from bot.i18n import add_strings
from tests import slow_game
from tests.botkit import (
    BotHarness,
    Players,
    emit_component,
    enabled_controls,
    open_harness,
    reply,
)


class Acks:
    """When each interaction was answered (its callback reached Discord)."""

    def __init__(self, monkeypatch: Any) -> None:
        self.at: dict[int, float] = {}
        dispatch = simcord_router.dispatch

        def watched(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            if method == "POST" and path.startswith("/interactions/"):
                self.at[int(path.split("/")[2])] = time.perf_counter()
            return dispatch(backend, method, path, **kwargs)

        monkeypatch.setattr(simcord_router, "dispatch", watched)


@pytest_asyncio.fixture
async def slow(tmp_path: Any) -> AsyncIterator[BotHarness]:
    """The slow toy game, its AI in one real worker process."""
    if "slowtoy" not in engine.games.names():
        engine.games.register(slow_game.SPEC)
    bot.games.register(BaseUI(slow_game.SPEC))
    add_strings("slowtoy", slow_game.STRINGS)
    h = await open_harness(tmp_path, bot_options={
        "ai_workers": 1, "worker_preload": ("tests.slow_game",)}, settle_timeout=30)
    try:
        yield h
    finally:
        try:
            await h.stop()
        finally:
            bot.games.unregister("slowtoy")
            engine.games.unregister("slowtoy")


async def _slow_table(h: BotHarness, guild: Any, name: str,
                      other: str | None = None) -> tuple[Any, Any, int]:
    """A table of the slow game: ``name`` and one AI seat (or the human ``other``); his
    turn."""
    env = h.env
    ch = guild.create_text_channel(f"slow-{name}")
    user = guild.add_member(env.create_user(name, global_name=name.capitalize()))
    await user.slash(ch, "slowtoy new", seating="join", turn_timer=0)
    tid = h.service.table_of_user(guild.id, user.id).table_id
    lobby = ch.last_message
    if other is None:
        await user.click(lobby, custom_id=f"lora:lai:{tid}:easy")
    else:
        second = guild.add_member(env.create_user(other, global_name=other.capitalize()))
        await second.click(lobby, custom_id=f"lora:l:{tid}:join")
    await user.click(lobby, custom_id=f"lora:l:{tid}:start")
    table = h.service.tables[tid]
    assert table.state.to_act == table.seat_of(user.id)
    return ch, user, tid


async def _hand(h: BotHarness, ch: Any, user: Any, tid: int) -> Any:
    table = h.service.tables[tid]
    message = next(m for m in ch.history() if m.id == table.message_id)
    return reply(await user.click(message, custom_id=f"lora:t:{tid}:hand"))


async def _until(check: Any, seconds: float = 10.0) -> None:
    deadline = time.perf_counter() + seconds
    while not check():
        assert time.perf_counter() < deadline, "the wait timed out"
        await asyncio.sleep(0.01)


def human_moves(log: list[dict[str, Any]]) -> int:
    return sum(1 for a in log if isinstance(a["by"], int))


# -- clicks in flight together ----------------------------------------------------------------
async def test_two_tables_clicks_in_flight_together_are_each_applied_once(harness):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    # both in the channel itself (by default the second would open a thread of its own)
    await harness.bot.store.set_guild_setting(guild.id, "table_threads", "never")
    seats = []
    for name in ("alice", "bob"):
        user = guild.add_member(env.create_user(name, global_name=name.capitalize()))
        await user.slash(ch, "lora new", seating="join", turn_timer=0)
        tid = harness.service.table_of_user(guild.id, user.id).table_id
        lobby = next(m for m in ch.history() if m.id == harness.service.tables[tid].message_id)
        for _ in range(3):
            await user.click(lobby, custom_id=f"lora:lai:{tid}:medium")
        await user.click(lobby, custom_id=f"lora:l:{tid}:start")
        seats.append((user, tid, Players(harness, ch, tid, [user], random.Random(tid))))
    for _round in range(5):
        results, before = [], {}
        for user, tid, players in seats:
            table = players.table
            assert table.state.to_act == table.seat_of(user.id)
            hand = await players.open_hand(user)
            control = enabled_controls(hand)[0]
            before[tid] = (table.version, human_moves(await harness.bot.store.table_actions(tid)))
            values = [control["options"][0]["value"]] if control["type"] == 3 else None
            results.append(emit_component(user, hand, control["custom_id"], values))
        await env.settle()  # both clicks were in flight together
        for (_user, tid, players), res in zip(seats, results, strict=True):
            table = players.table
            assert res.acknowledged and not res.followups  # neither was refused
            log = await harness.bot.store.table_actions(tid)
            assert human_moves(log) == before[tid][1] + 1  # applied exactly once
            assert table.version > before[tid][0]
            assert [a["action"] for a in log] == [a.to_json() for a in table.state.log]


# -- the real pool ----------------------------------------------------------------------------
async def test_a_slow_ai_decision_does_not_delay_another_tables_answer(slow, monkeypatch):
    h = slow
    acks = Acks(monkeypatch)
    guild = h.env.create_guild()
    ch_a, alice, a = await _slow_table(h, guild, "alice")
    ch_b, bob, b = await _slow_table(h, guild, "bob")
    hand_a, hand_b = await _hand(h, ch_a, alice, a), await _hand(h, ch_b, bob, b)
    table_a = h.service.tables[a]
    emit_component(alice, hand_a, enabled_controls(hand_a)[0]["custom_id"])
    await _until(lambda: h.bot.pools.ai.running == 1)  # the slow AI of table A decides
    version_a = table_a.version
    clicked = time.perf_counter()
    res = emit_component(bob, hand_b, enabled_controls(hand_b)[0]["custom_id"])
    await _until(lambda: _id(res) in acks.at)
    answered = acks.at[_id(res)]
    # bob was answered while table A's decision was still running (bob's table's decision
    # may wait behind it in the pool, where every decision goes at once)
    assert table_a.version == version_a and h.bot.pools.ai.running >= 1
    assert answered - clicked < slow_game.SLOW_SECONDS
    await h.env.settle()
    assert table_a.state.to_act == table_a.seat_of(alice.id)  # the AI moved, his turn again
    assert h.service.tables[b].state.to_act == h.service.tables[b].seat_of(bob.id)
    assert h.bot.pools.ai.metrics.jobs >= 2


def _id(res: Any) -> int:
    return int(res._interaction.id)


async def test_a_decision_for_a_state_that_has_moved_on_is_dropped(slow):
    """Alice's turn timer ran out: the AI decides for her (slowly, in a worker), Bob being
    there. She comes back meanwhile: the decision arrives for a state that has moved on and is
    dropped."""
    h = slow
    guild = h.env.create_guild()
    ch, alice, tid = await _slow_table(h, guild, "alice", "bob")
    table = h.service.tables[tid]
    seat, version = table.state.to_act, table.version
    stand_in = asyncio.ensure_future(h.service.timer._stand_in(tid, seat, version))
    await _until(lambda: h.bot.pools.ai.running == 1)
    assert table.seats[seat].absent
    hand = await _hand(h, ch, alice, tid)  # My cards: she is back
    assert not table.seats[seat].absent
    await stand_in
    await h.service.settled(tid)
    assert h.service.metrics.dropped_decisions == 1
    assert table.version == version  # nothing played for her
    control = enabled_controls(hand)[0]["custom_id"]
    await alice.click(hand, custom_id=control)  # and she plays herself
    assert table.version > version
    log = await h.bot.store.table_actions(tid)
    assert log[version]["by"] == alice.id


async def test_a_worker_that_dies_is_replaced_and_the_table_goes_on(slow):
    h = slow
    guild = h.env.create_guild()
    ch, alice, tid = await _slow_table(h, guild, "alice")
    table = h.service.tables[tid]
    hand = await _hand(h, ch, alice, tid)
    pool = h.bot.pools.ai
    [worker] = pool.pids()
    emit_component(alice, hand, enabled_controls(hand)[0]["custom_id"])
    await _until(lambda: pool.running == 1)
    version = table.version
    os.kill(worker, signal.SIGKILL)
    await h.env.settle()
    assert pool.metrics.replaced == 1
    assert pool.pids() and worker not in pool.pids()
    assert table.version > version  # the decision was asked again and made
    log = await h.bot.store.table_actions(tid)
    assert log[version]["by"] == "ai"
    if not table.state.finished:
        assert table.state.to_act == table.seat_of(alice.id)
        moved = table.version
        hand = await _hand(h, ch, alice, tid)
        await alice.click(hand, custom_id=enabled_controls(hand)[0]["custom_id"])
        assert table.version > moved


@pytest.mark.parametrize("workers", [0, 2])
async def test_the_pool_shrinks_the_budget_as_decisions_queue(workers):
    from bot.workers import AIPool
    from bot.workers.decisions import MIN_BUDGET_FRACTION

    pool = AIPool(workers)
    try:
        assert pool.budget_ms(60.0) == 60.0
        pool.waiting = max(1, workers) * 3
        assert pool.budget_ms(60.0) == pytest.approx(15.0)
        pool.waiting = 1000
        assert pool.budget_ms(60.0) == pytest.approx(60.0 * MIN_BUDGET_FRACTION)
    finally:
        pool.close()
