"""What keeps the bot's cost per click down under load (issue 12's open target), through the
real bot in SimCord:

* a click followed by AI moves makes **one** table message edit and **one** edit of the
  clicker's hand, showing his card and the AI cards after it (the refreshes are held while the
  AI seats move, at most ``HOLD_SECONDS``, and the chain's own refresh supersedes them);
* a held refresh still goes after ``HOLD_SECONDS`` when the AI is slow;
* under heavy overload the AI pool lets the level below decide (hard → medium).
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from simcord.http import router as simcord_router

from bot.delivery.channel import ChannelDeliverer
from bot.delivery.sender import HOLD_SECONDS
from engine import games
from engine.ai import make_ai
from engine.lora import Lora
from engine.views import TrickView
from tests.botkit import Players, enabled_controls, open_table


class Watch:
    """Edits of the table message (with the table version each showed) and of hands."""

    def __init__(self, harness: Any, monkeypatch: Any) -> None:
        self.harness = harness
        self.table_versions: list[int] = []  # the version each table message delivery showed
        self.hand_edits: dict[int, int] = {}  # user -> PATCHes of his hand message
        dispatch = simcord_router.dispatch
        watch = self

        def watched(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            if method == "PATCH" and path.startswith("/webhooks/"):
                token = path.strip("/").split("/")[2]
                user = backend.interactions[backend.interaction_tokens[token]].user_id
                watch.hand_edits[user] = watch.hand_edits.get(user, 0) + 1
            return dispatch(backend, method, path, **kwargs)

        deliver = ChannelDeliverer._table

        async def table(deliverer: Any, channel: Any, entry: Any, before_post: Any) -> Any:
            shown = deliverer.m.service.tables.get(entry.table_id)
            watch.table_versions.append(shown.version if shown is not None else -1)
            return await deliver(deliverer, channel, entry, before_post)

        monkeypatch.setattr(simcord_router, "dispatch", watched)
        monkeypatch.setattr(ChannelDeliverer, "_table", table)


async def _alice_leads(harness: Any) -> tuple[Players, Any, int]:
    """Alice and three easy AIs; Alice is about to lead a trick (so the three AIs move after
    her card), her hand open."""
    _g, ch, users, tid = await open_table(harness, ["alice"], ("easy", "easy", "easy"))
    alice = users[0]
    players = Players(harness, ch, tid, users, random.Random(3))
    table = players.table
    a = table.seat_of(alice.id)
    for _ in range(400):
        state = table.state
        game = state.public_view().game
        if state.to_act == a and isinstance(game, TrickView) and not game.trick \
                and len(game.tricks) < 7:
            break
        await players.move()
    else:
        raise AssertionError("Alice never led a trick")
    await players.open_hand(alice)
    await harness.env.settle()
    return players, alice, a


async def _lead(players: Players, alice: Any) -> None:
    hand = players.hands[alice.id]
    control = enabled_controls(hand)[0]
    await alice.click(hand, custom_id=control["custom_id"])
    await players.h.env.settle()


@pytest.mark.parametrize("held", [True, False])
async def test_a_click_and_the_ai_moves_after_it_make_one_table_edit_and_one_hand_edit(
        harness, monkeypatch, held):
    """Alice leads; the three AIs play the rest of the trick. The table message is edited
    once, showing the state after the AI cards (her turn again), and so is her hand — where
    without the hold (the rule switched off) each is edited twice: after her card and again
    after the AIs'."""
    players, alice, a = await _alice_leads(harness)
    if not held:
        monkeypatch.setattr(harness.service, "ai_to_move", lambda table_id: False)
    watch = Watch(harness, monkeypatch)
    table = players.table
    before = table.version
    await _lead(players, alice)
    assert table.version >= before + 4  # her card and the three AI cards
    assert table.state.to_act == a  # the AIs moved until she must decide again
    if held:
        assert watch.table_versions == [table.version]
        assert watch.hand_edits == {alice.id: 1}
        hand = players.hands[alice.id]
        assert enabled_controls(hand)  # her hand offers her next move
    else:
        assert len(watch.table_versions) == 2
        assert watch.hand_edits == {alice.id: 2}


async def test_a_held_refresh_goes_after_the_hold_when_the_ai_is_slow(harness, monkeypatch):
    """The first AI after Alice's card takes three times the hold: her hand and the table
    message are refreshed after ``HOLD_SECONDS`` anyway (showing her card, the AI still
    thinking), and once more when the AIs have moved."""
    players, alice, a = await _alice_leads(harness)
    decide = harness.service.ai.decide
    loop = asyncio.get_running_loop()

    slowed: list[float] = []  # (the bot's clock: SimCord's virtual time)

    async def slow(*args: Any) -> Any:
        if not slowed:  # the first AI after her card
            slowed.append(loop.time())
            await asyncio.sleep(3 * HOLD_SECONDS)
        return await decide(*args)

    monkeypatch.setattr(harness.service.ai, "decide", slow)
    watch = Watch(harness, monkeypatch)
    shown_at: list[float] = []
    hand_at: list[float] = []
    edit_hand = harness.bot.controller._edit_hand

    async def timed_hand(*args: Any) -> None:
        hand_at.append(loop.time())
        await edit_hand(*args)

    monkeypatch.setattr(harness.bot.controller, "_edit_hand", timed_hand)
    deliver = ChannelDeliverer._table

    async def timed(deliverer: Any, *args: Any) -> Any:
        shown_at.append(loop.time())
        return await deliver(deliverer, *args)

    monkeypatch.setattr(ChannelDeliverer, "_table", timed)
    table = players.table
    hand = players.hands[alice.id]
    control = enabled_controls(hand)[0]
    clicked = table.version
    await alice.click(hand, custom_id=control["custom_id"])
    await harness.env.advance_time(10 * HOLD_SECONDS)
    await harness.env.settle()
    assert table.state.to_act == a
    assert watch.table_versions[0] == clicked + 1  # her card, the AI still thinking
    assert watch.table_versions == [clicked + 1, table.version]
    assert watch.hand_edits == {alice.id: 2}
    assert HOLD_SECONDS <= shown_at[0] - slowed[0] < 3 * HOLD_SECONDS
    assert HOLD_SECONDS <= hand_at[0] - slowed[0] < 3 * HOLD_SECONDS


# -- the AI pool under heavy overload ------------------------------------------------------
def _view() -> tuple[Any, int]:
    lora = Lora(rng=random.Random(11))
    rng = random.Random(11)
    for _ in range(9):
        lora.apply(rng.choice(lora.legal_actions()))
    seat = lora.to_act
    assert seat is not None
    return lora.view(seat), seat


async def test_under_heavy_overload_the_level_below_decides():
    """With a short queue a hard decision gets a (shrunken) budget; when even the floor is
    more than the queue allows, medium decides — the same choice medium makes from the same
    view and seed — and the pool counts it."""
    from bot.workers import MIN_BUDGET_FRACTION, AIPool

    pool = AIPool(0)
    pool.metrics.enabled = True
    view, _seat = _view()
    default = games.get("lora").ai_budgets["hard"]
    try:
        await pool.decide("lora", "hard", view, "7/9")
        assert pool.metrics.levels == ["hard"] and pool.metrics.budgets_ms == [default]
        assert pool.metrics.fallbacks == 0
        waiting = round(1 / MIN_BUDGET_FRACTION) - 2  # scaled budget just above the floor
        pool.waiting = waiting
        assert not pool.overloaded(default)
        await pool.decide("lora", "hard", view, "7/9")
        assert pool.metrics.levels[-1] == "hard"
        assert pool.metrics.budgets_ms[-1] == pytest.approx(default / (1 + waiting), abs=0.1)
        pool.waiting = 100
        assert pool.overloaded(default)
        chosen = await pool.decide("lora", "hard", view, "7/9")
        medium = make_ai("medium", random.Random("7/9")).decide(view).to_json()
        assert chosen == medium
        assert pool.metrics.levels[-1] == "hard>medium" and pool.metrics.fallbacks == 1
        assert len(pool.metrics.budgets_ms) == 2  # a fallback has no budget
        pool.waiting = 0
        await pool.decide("lora", "hard", view, "7/9")
        assert pool.metrics.levels[-1] == "hard" and pool.metrics.fallbacks == 1
    finally:
        pool.close()


async def test_a_level_without_a_budget_or_a_level_below_never_falls_back():
    from bot.workers import AIPool

    pool = AIPool(0)
    pool.metrics.enabled = True
    view, _seat = _view()
    try:
        pool.waiting = 1000
        chosen = await pool.decide("lora", "easy", view, "1/1")
        assert chosen == make_ai("easy", random.Random("1/1")).decide(view).to_json()
        assert pool.metrics.levels == ["easy"] and pool.metrics.fallbacks == 0
    finally:
        pool.close()
