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
from tests.botkit import Players, emit_component, enabled_controls, open_table


class Watch:
    """Edits of the table message (with the table version each showed) and of hands."""

    def __init__(self, harness: Any, monkeypatch: Any) -> None:
        self.harness = harness
        self.shown: list[tuple[int, int]] = []  # (table, version) of each table message edit
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
            shown = deliverer.m.ctl.service.tables.get(entry.table_id)
            watch.shown.append((entry.table_id, shown.version if shown is not None else -1))
            return await deliver(deliverer, channel, entry, before_post)

        monkeypatch.setattr(simcord_router, "dispatch", watched)
        monkeypatch.setattr(ChannelDeliverer, "_table", table)

    def versions(self, table_id: int) -> list[int]:
        return [v for t, v in self.shown if t == table_id]


async def _alice_leads(harness: Any, name: str = "alice") -> tuple[Players, Any, int]:
    """Alice (or ``name``) and three easy AIs; she is about to lead a trick (so the three AIs
    move after her card), her hand open."""
    _g, ch, users, tid = await open_table(harness, [name], ("easy", "easy", "easy"))
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
    harness.bot.controller.delivery.clock = harness.now  # (SimCord's virtual time)
    if not held:
        monkeypatch.setattr(harness.service, "ai_to_move", lambda table_id: False)
    watch = Watch(harness, monkeypatch)
    table = players.table
    before = table.version
    await _lead(players, alice)
    assert table.version >= before + 4  # her card and the three AI cards
    assert table.state.to_act == a  # the AIs moved until she must decide again
    if held:
        assert watch.versions(players.table_id) == [table.version]
        assert watch.hand_edits == {alice.id: 1}
        hand = players.hands[alice.id]
        assert enabled_controls(hand)  # her hand offers her next move
    else:
        assert len(watch.versions(players.table_id)) == 2
        assert watch.hand_edits == {alice.id: 2}


@pytest.mark.parametrize("busy", [False, True])
async def test_a_held_refresh_goes_with_the_next_traffic_after_the_hold(harness,
                                                                      monkeypatch, busy):
    """Alice's AIs are slow (their decisions wait): her table message and her hand stay held
    — until ``HOLD_SECONDS`` have passed and something else happens in the bot (Bob's click
    at another table): then they show her card, the AIs still thinking; when the AIs have
    moved, each is refreshed once more. While the global pace binds (an entry waited for it
    a moment ago) they stay held for ``HOLD_BUSY_SECONDS`` instead."""
    from bot.delivery.sender import HOLD_BUSY_SECONDS

    players, alice, a = await _alice_leads(harness)
    bobs, bob, _b = await _alice_leads(harness, "bob")
    clock = [1000.0]
    controller = harness.bot.controller
    controller.delivery.clock = lambda: clock[0]
    # the pace aside (a bot whose global limit is high: the entries of the clicks at one
    # instant of the stepped clock all have a token); while it binds is told by
    # ``_pace_waited`` below
    controller.delivery.global_limit = 1000
    controller.delivery.global_rate = 900.0
    controller.delivery._pace = None
    # what waited for the pace while the tables were set up waited on the real clock, far
    # ahead of the stepped one: forgotten, or the hold would be the busy one throughout
    controller.delivery._pace_waited = float("-inf")
    if busy:
        controller.delivery._pace_waited = clock[0]  # an entry waited for the pace just now
    gate = asyncio.Event()
    decide = harness.service.ai.decide
    table = players.table

    async def slow(game: str, level: str, view: Any, seed: str,
                   order: float | None = None) -> Any:
        if seed.startswith(f"{table.seed}/"):
            await harness.env.external_wait(gate.wait(), reason="a slow AI")
        return await decide(game, level, view, seed, order=order)

    monkeypatch.setattr(harness.service.ai, "decide", slow)
    watch = Watch(harness, monkeypatch)
    clicked = table.version
    await _lead(players, alice)
    assert watch.versions(players.table_id) == [] and watch.hand_edits == {}  # held
    clock[0] += HOLD_SECONDS / 2
    await _lead(bobs, bob)  # traffic before the hold is over: still held
    assert watch.versions(players.table_id) == [] and alice.id not in watch.hand_edits
    clock[0] += HOLD_SECONDS
    await _lead(bobs, bob)
    if busy:  # past the short hold: still held
        assert watch.versions(players.table_id) == [] and alice.id not in watch.hand_edits
        clock[0] += HOLD_BUSY_SECONDS - HOLD_SECONDS
        await _lead(bobs, bob)
    assert watch.versions(players.table_id) == [clicked + 1]  # her card, the AIs thinking
    assert watch.hand_edits[alice.id] == 1
    assert table.state.to_act != a
    gate.set()
    await harness.env.settle()
    assert table.state.to_act == a
    assert watch.versions(players.table_id) == [clicked + 1, table.version]
    assert watch.hand_edits[alice.id] == 2


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
    from bot.workers import AIPool
    from bot.workers.decisions import MIN_BUDGET_FRACTION

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


# -- Discord's global limit -------------------------------------------------------------------
class _Store:
    """What the sender writes for deletions: their marks; ``pending`` is what it reads as
    the outbox's backlog (entries whose marks are not written yet)."""

    def __init__(self, pending: list[Any] | None = None) -> None:
        self.done: list[Any] = []
        self.pending = pending or []

    async def outbox_done(self, batch: Any) -> None:
        self.done.extend(batch)

    async def pending_outbox(self) -> list[Any]:
        return self.pending


class _Deleter:
    """Delivers deletions, noting the sender's clock of each."""

    def __init__(self, clock: list[float]) -> None:
        self.clock = clock
        self.at: list[float] = []

    def route(self, entry: Any) -> str:
        return "delete"

    def describe(self, entry: Any) -> str:
        return "a deletion"

    async def deliver(self, entry: Any, before_post: Any) -> None:
        self.at.append(self.clock[0])
        await asyncio.sleep(0)


def _paced_sender(deleter: _Deleter, rate: float) -> tuple[Any, _Store]:
    """A sender delivering by ``deleter``, its global pace at ``rate`` entries per second,
    on the deleter's stepped clock."""
    from bot.delivery.sender import Sender

    store = _Store()
    sender = Sender(store, deleter)  # type: ignore[arg-type]
    sender.global_rate = rate
    sender.clock = lambda: deleter.clock[0]
    return sender, store


async def _step(sender: Any, clock: list[float], steps: int, seconds: float) -> None:
    """Step the sender's clock, kicking the paced channels at each step, then let what is
    left be delivered and its marks written."""
    for _ in range(steps):
        await asyncio.sleep(0.01)
        clock[0] = round(clock[0] + seconds, 1)
        sender.submit([])  # (anything the bot does kicks the paced channels)
    for _ in range(100):
        if not sender.pending():
            break
        await asyncio.sleep(0.01)
    await sender.flush_marks()


async def test_the_sender_keeps_under_the_bots_global_limit():
    """Thirty deletions in thirty channels at once, the global rate set to 10 entries per
    second (the sender's clock stepped by a tenth of a second): the first two go at once (a
    fifth of a second's worth saved), the rest one per tenth — never more than 12 in any
    second (the burst and the rate) — and each is delivered once. (A second's worth saved
    let twice the rate go within a second after a quiet moment: 80 at the bot's 40, over
    Discord's 50 — global 429s in the load benchmark.)"""
    from datetime import UTC, datetime

    from bot.delivery import items
    from bot.storage.models import OutboxEntry

    clock = [500.0]
    deleter = _Deleter(clock)
    sender, store = _paced_sender(deleter, 10.0)
    now = datetime.now(UTC)
    sender.submit([OutboxEntry.of(i + 1, items.delete(1000 + i, 77), now) for i in range(30)])
    await _step(sender, clock, 40, 0.1)  # four seconds, a tenth at a time
    assert len(deleter.at) == 30 and not sender.pending()
    assert sorted(d.entry_id for d in store.done) == list(range(1, 31))
    start = deleter.at[0]
    assert start == 500.0
    assert sum(1 for t in deleter.at if t == start) == 2  # the saved fifth of a second
    assert deleter.at[-1] - start >= 2.7  # the other 28 at ten per second
    assert all(sum(1 for u in deleter.at if t <= u < t + 1.0) <= 12 for t in deleter.at)
    assert sender.metrics.paced > 0
    sender.close()


async def test_calls_beside_the_outbox_are_charged_to_the_global_pace():
    """Five calls of the bot's global limit made beside the outbox (threads made for new
    tables) at a pace of 10 entries a second with 2 saved: the pace goes 3 into debt, so the
    first of ten deletions waits 0.4 s (until a token is there again), the rest one per tenth
    — the calls and the entries together never more than 12 in a second."""
    from datetime import UTC, datetime

    from bot.delivery import items
    from bot.storage.models import OutboxEntry

    clock = [500.0]
    deleter = _Deleter(clock)
    sender, store = _paced_sender(deleter, 10.0)
    for _ in range(5):
        sender.charge()
    assert sender.metrics.charged == 5
    now = datetime.now(UTC)
    sender.submit([OutboxEntry.of(i + 1, items.delete(1000 + i, 77), now) for i in range(10)])
    await _step(sender, clock, 20, 0.1)
    assert sorted(d.entry_id for d in store.done) == list(range(1, 11))
    assert deleter.at == [pytest.approx(500.4 + i / 10) for i in range(10)]
    calls = [500.0] * 5 + deleter.at
    assert all(sum(1 for u in calls if t <= u < t + 1.0) <= 12 for t in calls)
    sender.close()


def test_the_pace_never_lets_a_second_reach_the_global_limit():
    """Its rate and its saved tokens together stay under the bot's limit: at Discord's 50,
    45 a second and 4 saved (49); at a raised 120, 108 and 11."""
    from bot.delivery.sender import Sender

    for limit, rate, saved in ((50, 45.0, 4.0), (120, 108.0, 11.0)):
        sender = Sender(_Store(), _Deleter([0.0]), global_limit=limit)  # type: ignore[arg-type]
        pace = sender._global_pace(0.0)
        assert (pace.rate, pace.capacity) == (pytest.approx(rate), pytest.approx(saved))
        assert pace.rate + pace.capacity < limit
        sender.close()


class _OrderedDeleter(_Deleter):
    """Also notes which entry went (in the order they went)."""

    def __init__(self, clock: list[float]) -> None:
        super().__init__(clock)
        self.ids: list[int] = []

    async def deliver(self, entry: Any, before_post: Any) -> None:
        self.ids.append(entry.entry_id)
        await super().deliver(entry, before_post)


async def test_the_bot_paces_its_channels_at_a_share_of_the_global_limit_it_is_given(tmp_path):
    """Discord's 50 requests per second by default; a bot whose limit Discord raised sets
    ``LORA_DISCORD_GLOBAL_LIMIT`` and its tables' messages go faster by the same share."""
    from tests.botkit import open_harness

    rates = []
    for name, options in (("usual", {}), ("raised", {"global_limit": 120})):
        (tmp_path / name).mkdir()
        harness = await open_harness(tmp_path / name, bot_options=options)
        try:
            assert harness.bot.controller is not None
            rates.append(harness.bot.controller.delivery.global_rate)
        finally:
            await harness.stop()
    assert rates == [pytest.approx(45.0), pytest.approx(108.0)]


async def test_the_global_pace_serves_the_entry_that_has_waited_longest_over_all_channels():
    """Twelve deletions of twelve tables in four channels, submitted one by one in entry
    order, the global rate at one entry per second (burst one; the clock stepped by a
    second): they go in entry order, one per second, whichever channel each is in — not
    in the order of a set of channel ids, and not to the channel whose own delivery just
    ended. Before, the channel first in the set (and any channel whose delivery ended)
    took each token; under load at 200 tables some channels waited minutes (click →
    table updated p99 94–116 s)."""
    from datetime import UTC, datetime

    from bot.delivery import items
    from bot.storage.models import OutboxEntry

    clock = [100.0]
    deleter = _OrderedDeleter(clock)
    sender, store = _paced_sender(deleter, 1.0)
    now = datetime.now(UTC)
    channels = [1003, 1002, 1001, 1000]  # (a set of these iterates 1000 first)
    for i in range(12):
        entry = items.delete(channels[i % 4], 500 + i, 40 + i)
        sender.submit([OutboxEntry.of(i + 1, entry, now)])
        await asyncio.sleep(0)
    await _step(sender, clock, 14, 1.0)  # fourteen seconds
    assert deleter.ids == list(range(1, 13))
    assert deleter.at == [100.0 + i for i in range(12)]
    assert sorted(d.entry_id for d in store.done) == list(range(1, 13))
    sender.close()


async def test_tidying_lets_current_messages_go_first_for_a_while_and_beside_its_table():
    """The global pace at one entry a second. At 100 s a table's old message is to become
    its record (entry 1, tidying) and its new message has a post behind it (2, the same
    table), then another channel's post comes (3): the current messages go first — 2 at
    once though its table's tidying came before it, 3 at 101 — the record at 102. Before,
    the record took the first token and its table's post waited behind it ([1, 2, 3]).
    Tidying takes its turn as if it came ``TIDY_PATIENCE`` seconds later, no later: a
    deletion that came at 110 among seven posts waits for them and for a post that came at
    113, but goes before one that came at 116."""
    from datetime import UTC, datetime

    from bot.delivery import items
    from bot.delivery.sender import TIDY_PATIENCE
    from bot.storage.models import OutboxEntry

    assert TIDY_PATIENCE == 5.0
    clock = [100.0]
    deleter = _OrderedDeleter(clock)
    sender, store = _paced_sender(deleter, 1.0)
    now = datetime.now(UTC)

    def entry(i: int, item: Any) -> Any:
        return OutboxEntry.of(i, item, now)

    sender.submit([entry(1, items.delete(1000, 500, 40, record="Hra 2")),
                   entry(2, items.post(1000, "Hra 3", table_id=40))])
    await asyncio.sleep(0.01)
    sender.submit([entry(3, items.post(1001, "ahoj", table_id=41))])
    await _step(sender, clock, 3, 1.0)
    assert list(zip(deleter.ids, deleter.at, strict=True)) == [
        (2, 100.0), (3, 101.0), (1, 102.0)]

    deleter.ids.clear()
    deleter.at.clear()
    clock[0] = 110.0
    sender.submit([entry(i, items.post(1000 + i, "x", table_id=i)) for i in range(11, 18)])
    await asyncio.sleep(0.01)
    sender.submit([entry(10, items.delete(1000, 501, 40))])
    later = {113.0: entry(18, items.post(1030, "y", table_id=18)),
             116.0: entry(19, items.post(1031, "z", table_id=19))}
    for second in range(111, 121):
        clock[0] = float(second)
        sender.submit([later[clock[0]]] if clock[0] in later else [])
        await asyncio.sleep(0.01)
    assert sorted(deleter.ids[:7]) == list(range(11, 18))
    assert deleter.at[:7] == [110.0 + i for i in range(7)]
    assert list(zip(deleter.ids[7:], deleter.at[7:], strict=True)) == [
        (18, 117.0), (10, 118.0), (19, 119.0)]
    await sender.flush_marks()
    assert sorted(d.entry_id for d in store.done) == [1, 2, 3, *range(10, 20)]
    sender.close()


async def test_what_was_pending_at_start_up_goes_in_the_order_it_was_written():
    """The same record and post as above, pending in the database at start-up: the record
    goes first, in line with its table (a POST looked for after a crash must not take the
    old table message, not yet made a record, for its own), and the table's start-up gate
    waits for both."""
    from datetime import UTC, datetime

    from bot.delivery import items
    from bot.storage.models import OutboxEntry

    now = datetime.now(UTC)
    pending = [OutboxEntry.of(1, items.delete(1000, 500, 40, record="Hra 2"), now),
               OutboxEntry.of(2, items.post(1000, "Hra 3", table_id=40), now)]

    clock = [100.0]
    deleter = _OrderedDeleter(clock)
    sender, _ = _paced_sender(deleter, 1.0)
    store = sender.store = _Store(pending)
    assert await sender.recover() == 2
    gate = asyncio.ensure_future(sender.startup_gate(40))
    await _step(sender, clock, 2, 1.0)
    assert list(zip(deleter.ids, deleter.at, strict=True)) == [(1, 100.0), (2, 101.0)]
    assert gate.done() and sorted(d.entry_id for d in store.done) == [1, 2]
    sender.close()


async def test_the_backlog_read_before_connecting_goes_ahead_and_once():
    """The backlog is read before the bot connects and kept back until it is ready
    (``load_backlog``); what is submitted before then (a command after READY, before
    on_ready) makes it go first, in its order. It is read once: the marks of what went are
    written in batches, and a second reading (a second on_ready) would queue it again."""
    from datetime import UTC, datetime

    from bot.delivery import items
    from bot.storage.models import OutboxEntry

    now = datetime.now(UTC)
    pending = [OutboxEntry.of(i, items.delete(1000, 500 + i, 40), now) for i in (1, 2)]

    clock = [100.0]
    deleter = _OrderedDeleter(clock)
    sender, _ = _paced_sender(deleter, 100.0)
    store = sender.store = _Store(pending)  # (its marks not written yet: read pending)
    assert await sender.load_backlog() == 2
    await asyncio.sleep(0.01)
    assert deleter.ids == [] and sender.pending() == 0  # kept back: not connected yet
    sender.submit([OutboxEntry.of(3, items.delete(1000, 503, 40), now)])
    await _step(sender, clock, 3, 1.0)
    assert deleter.ids == [1, 2, 3]
    sender.send_backlog()  # on_ready
    assert await sender.recover() == 0  # a second start-up of the same bot: nothing again
    await _step(sender, clock, 3, 1.0)
    assert deleter.ids == [1, 2, 3]
    assert sorted(d.entry_id for d in store.done) == [1, 2, 3]
    sender.close()


async def test_a_failing_record_does_not_hold_its_table_s_refreshes():
    """A record that Discord answers with a 5xx is retried with its backoff, in its own
    lane: the table's post behind it goes meanwhile."""
    from datetime import UTC, datetime

    from bot.delivery import items
    from bot.delivery.deliverer import DeliveryError
    from bot.storage.models import OutboxEntry

    class _Failing(_OrderedDeleter):
        async def deliver(self, entry: Any, before_post: Any) -> None:
            if entry.entry_id == 1 and self.ids.count(1) < 1:
                self.ids.append(1)
                raise DeliveryError("server", "502")
            await super().deliver(entry, before_post)

    clock = [100.0]
    deleter = _Failing(clock)
    sender, store = _paced_sender(deleter, 100.0)
    now = datetime.now(UTC)
    sender.submit([OutboxEntry.of(1, items.delete(1000, 500, 40, record="Hra 2"), now)])
    await asyncio.sleep(0.01)
    clock[0] = 101.0  # (the pace's next token)
    sender.submit([OutboxEntry.of(2, items.post(1000, "Hra 3", table_id=40), now)])
    for _ in range(10):
        await asyncio.sleep(0.01)
    assert deleter.ids == [1, 2]  # (the post went while the record waits for its retry)
    assert sender.pending(40) == 1
    clock[0] = 102.0
    for _ in range(200):  # the retry (half a second's backoff, on the loop's clock)
        if not sender.pending():
            break
        await asyncio.sleep(0.01)
    assert deleter.ids == [1, 2, 1]
    await sender.flush_marks()
    assert sorted(d.entry_id for d in store.done) == [1, 2]
    sender.close()


async def test_a_refresh_is_held_longer_for_its_chain_while_the_global_pace_binds():
    """While entries wait for the bot's global pace, each table edit or hand picture merged
    into its AI chain's saves the scarce request (and a picture): the hold is then
    ``HOLD_BUSY_SECONDS``; ``BUSY_MEMORY`` seconds after the last wait it is the short one
    again (a human's card shows at once on a quiet bot)."""
    from datetime import UTC, datetime

    from bot.delivery import items
    from bot.delivery.sender import BUSY_MEMORY, HOLD_BUSY_SECONDS, HOLD_SECONDS
    from bot.storage.models import OutboxEntry

    assert HOLD_SECONDS < HOLD_BUSY_SECONDS
    clock = [100.0]
    deleter = _Deleter(clock)
    sender, _store = _paced_sender(deleter, 1.0)
    assert sender.hold_seconds() == HOLD_SECONDS
    now = datetime.now(UTC)
    for i in range(3):  # three channels at once, one token a second
        sender.submit([OutboxEntry.of(i + 1, items.delete(1000 + i, 500 + i, 40 + i), now)])
        await asyncio.sleep(0)
    assert deleter.at == [100.0]
    assert sender.hold_seconds() == HOLD_BUSY_SECONDS
    await _step(sender, clock, 2, 1.0)  # the other two go at 101 and 102: no more waiting
    assert deleter.at == [100.0, 101.0, 102.0]
    clock[0] = 101.0 + BUSY_MEMORY - 0.1  # (the last wait was at 101)
    assert sender.hold_seconds() == HOLD_BUSY_SECONDS
    clock[0] = 101.0 + BUSY_MEMORY + 0.1
    assert sender.hold_seconds() == HOLD_SECONDS
    sender.close()


class _SlowDeleter:
    """Deletions noted at SimCord's virtual time; the one of channel 1 takes ten seconds
    (a delivery in flight for long: a slow REST call, its retries)."""

    def __init__(self, clock: Any) -> None:
        self.clock = clock
        self.at: dict[int, float] = {}

    def route(self, entry: Any) -> str:
        return "delete"

    def describe(self, entry: Any) -> str:
        return "a deletion"

    async def deliver(self, entry: Any, before_post: Any) -> None:
        self.at[entry.channel_id] = self.clock()
        if entry.channel_id == 1:
            await asyncio.sleep(10)


async def test_a_channel_waiting_for_the_global_pace_goes_on_time_while_another_is_in_flight(
        harness):
    """The global pace at 10 entries per second (its burst: 2), deletions in three channels
    at once, under SimCord's virtual clock: channel 1's delivery takes ten seconds, channel
    2's goes at once, channel 3's must wait a tenth of a second for the pace — and goes then,
    though channel 1's is still in flight. Before, the paced channel was re-checked only
    when a delivery ended, and got a timer only when none was in flight: it waited for
    channel 1's end."""
    from datetime import UTC, datetime

    from bot.delivery import items
    from bot.delivery.sender import Sender
    from bot.storage.models import OutboxEntry

    deleter = _SlowDeleter(harness.now)
    store = _Store()
    sender = Sender(store, deleter)  # type: ignore[arg-type]
    sender.global_rate = 10.0
    sender.clock = harness.now  # SimCord's virtual time (advance_time moves it)
    start = harness.now()
    now = datetime.now(UTC)
    with harness.env._bot_scope():  # (the bot's own work: on SimCord's virtual clock)
        sender.submit([OutboxEntry.of(i, items.delete(i, 1000 + i), now) for i in (1, 2, 3)])
    await harness.env.advance_time(2.0)
    assert sorted(deleter.at) == [1, 2, 3]
    assert deleter.at[1] == deleter.at[2] == start
    assert deleter.at[3] - start == pytest.approx(0.1, abs=0.01)  # the pace's turn
    assert sender.pending()  # channel 1's deletion is still in flight
    await harness.env.advance_time(10.0)
    await sender.flush_marks()
    assert not sender.pending()
    assert sorted(d.entry_id for d in store.done) == [1, 2, 3]
    sender.close()


# -- the database under load (issue 12's delivery tail) --------------------------------------
async def test_writes_waiting_for_the_database_go_to_its_thread_together(harness, monkeypatch):
    """The database's thread is slow to answer (its first hand-over waits): four players
    click at four tables meanwhile. Their four moves' transactions wait — and when the
    thread is free they are handed to it together (one hand-over carries at least the three
    that waited behind the first), in one transaction (one commit, one fsync, for the
    batch); every move is applied once. Handing them over one by one, each a turn of a busy
    event loop and each holding the connection, is what made the database's queue grow to
    tens of seconds at 100 tables (click → table message updated p99 ≈ 50 s)."""
    import aiosqlite

    tables = [await _alice_leads(harness, name) for name in ("alice", "bob", "cyril", "dana")]
    await harness.env.settle()
    gate = asyncio.Event()
    handovers: list[list[str]] = []  # the statements of each hand-over to the thread
    original = aiosqlite.Connection._execute
    blocked = [False]

    async def execute(self: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
        if not blocked[0]:
            blocked[0] = True
            await gate.wait()
        statements: list[str] = []
        handovers.append(statements)

        def traced(*a: Any, **k: Any) -> Any:
            self._conn.set_trace_callback(statements.append)
            try:
                return fn(*a, **k)
            finally:
                self._conn.set_trace_callback(None)

        return await original(self, traced, *args, **kwargs)

    store = harness.bot.store

    async def moves_of(players: Players, user: Any) -> int:
        return sum(1 for row in await store.table_actions(players.table_id)
                   if row["by"] == user.id)

    moves = {players.table_id: await moves_of(players, user) for players, user, _s in tables}
    saves = []  # the tables whose save was asked for
    update = store.update_table

    async def counted(table_id: int, **fields: Any) -> Any:
        if fields.get("actions"):
            saves.append(table_id)
        return await update(table_id, **fields)

    monkeypatch.setattr(store, "update_table", counted)
    monkeypatch.setattr(aiosqlite.Connection, "_execute", execute)
    before = {players.table_id: players.table.version for players, _u, _s in tables}
    for players, user, _seat in tables:
        hand = players.hands[user.id]
        emit_component(user, hand, enabled_controls(hand)[0]["custom_id"])
    for _ in range(500):  # (no settling: the loop runs while the database waits)
        if len(saves) >= 4:
            break
        await asyncio.sleep(0.01)
    assert sorted(saves) == sorted(before)  # all four wait for the database
    assert handovers == []
    gate.set()
    await harness.env.settle()
    saved = [sum(1 for s in h if s.startswith("WITH new") and "table_actions" in s)
             for h in handovers]
    assert max(saved) >= 3, saved  # (one by one, each hand-over carried one)
    batch = handovers[saved.index(max(saved))]
    # ... in one transaction: one BEGIN and one COMMIT (one fsync) for the batch
    assert [s for s in batch if s.startswith(("BEGIN", "COMMIT", "ROLLBACK"))] == [
        "BEGIN IMMEDIATE", "COMMIT"]
    for players, user, _seat in tables:
        assert players.table.version > before[players.table_id]
        assert await moves_of(players, user) == moves[players.table_id] + 1  # once


# -- the outbox's marks -------------------------------------------------------------------------
class _CountingStore(_Store):
    def __init__(self) -> None:
        super().__init__()
        self.writes: list[list[int]] = []

    async def outbox_done(self, batch: Any) -> None:
        self.writes.append([d.entry_id for d in batch])
        await super().outbox_done(batch)


class _GatedDeleter:
    """Delivers deletions when the test lets each of them go."""

    def __init__(self) -> None:
        self.gates: dict[int, asyncio.Event] = {}

    def route(self, entry: Any) -> str:
        return "delete"

    def describe(self, entry: Any) -> str:
        return "a deletion"

    async def deliver(self, entry: Any, before_post: Any) -> None:
        await self.gates.setdefault(entry.entry_id, asyncio.Event()).wait()


async def _turns(n: int = 10) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


async def test_marks_wait_while_deliveries_are_under_way_and_go_in_one_write(monkeypatch):
    """Five deletions in five channels under way at once: the marks of the four that end
    first are not written while the fifth is under way; when it ends, the five marks go in
    one write (the old sender wrote once per delivery's end). With the cap at three, the
    third mark is written at once, the other two when the last delivery ends. Every entry is
    marked exactly once."""
    from datetime import UTC, datetime

    from bot.delivery import items, marks
    from bot.delivery.sender import Sender
    from bot.storage.models import OutboxEntry

    now = datetime.now(UTC)
    for cap, expected in ((64, [[1, 2, 3, 4, 5]]), (3, [[1, 2, 3], [4, 5]])):
        monkeypatch.setattr(marks, "MARKS_HELD", cap)
        deleter = _GatedDeleter()
        store = _CountingStore()
        # (a bot whose global limit is high: the five start at once, the pace aside)
        sender = Sender(store, deleter, global_limit=1000)  # type: ignore[arg-type]
        sender.submit([OutboxEntry.of(i, items.delete(1000 + i, 70 + i), now)
                       for i in range(1, 6)])
        await _turns()
        assert len(deleter.gates) == 5  # all five under way
        for i in range(1, 5):
            deleter.gates[i].set()
            await _turns()
        assert store.writes == expected[:-1]  # (with the cap: the first three, at once)
        deleter.gates[5].set()
        await _turns()
        await sender.flush_marks()
        assert store.writes == expected
        assert sorted(d.entry_id for d in store.done) == [1, 2, 3, 4, 5]
        assert all(d.state == "delivered" for d in store.done)
        assert not sender.pending()
