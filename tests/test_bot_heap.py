"""``bot.heap``: what survives is frozen out of the collector's full passes, and the garbage a
freeze kept is freed at the next thaw. Each test gives the heap back (``gc.unfreeze``)."""

from __future__ import annotations

import gc
import random
import weakref

from bot.heap import FREEZE_EVERY, HeapKeeper
from tests.botkit import Players, open_harness, open_table


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_a_cycle_frozen_while_alive_is_kept_until_the_thaw_frees_it():
    keeper = HeapKeeper(freeze_every=10, thaw_every=600)
    try:
        held = [_Cycle()]
        ref = weakref.ref(held[0])
        keeper.tick()  # a young collection, then everything alive is frozen
        assert gc.get_freeze_count() > 0
        held.clear()  # now cyclic garbage, but in the frozen part
        gc.collect()
        assert ref() is not None  # a full collection does not look at the frozen part
        freed = keeper.thaw()
        assert ref() is None
        assert freed >= 1
        assert keeper.metrics.freed == freed
        assert gc.get_freeze_count() > 0  # frozen again after the collection
    finally:
        keeper.release()
    assert gc.get_freeze_count() == 0


def test_a_cycle_that_dies_before_the_freeze_is_freed_by_its_young_collection():
    keeper = HeapKeeper(freeze_every=10, thaw_every=600)
    try:
        gc.collect()
        ref = weakref.ref(_Cycle())  # garbage at once, in the youngest generation
        keeper.tick()
        assert ref() is None
    finally:
        keeper.release()


def test_every_thaw_ticks_th_tick_is_a_thaw_and_the_others_freeze():
    keeper = HeapKeeper(freeze_every=10, thaw_every=30)
    try:
        for _ in range(7):
            keeper.tick()
        assert (keeper.metrics.freezes, keeper.metrics.thaws) == (5, 2)
        assert len(keeper.metrics.thaw_ms) == 2
    finally:
        keeper.release()


async def test_a_bot_with_the_keeper_freezes_when_ready_plays_on_and_gives_the_heap_back(
        tmp_path):
    harness = await open_harness(tmp_path, bot_options={"heap_keeper": True})
    try:
        heap = harness.bot.heap
        assert heap is not None
        assert heap.running
        assert heap.metrics.thaws == 1  # settled in on_ready
        assert gc.get_freeze_count() > 0
        freezes = heap.metrics.freezes
        await harness.env.advance_time(25)  # a tick every FREEZE_EVERY s on the bot's clock
        assert heap.metrics.freezes == freezes + int(25 // FREEZE_EVERY) > freezes
        _, channel, users, table_id = await open_table(harness, ["alice"], ("medium",) * 3)
        players = Players(harness, channel, table_id, users, random.Random(5))
        moves = len(players.table.state.log)
        for _ in range(3):
            await players.move()
        assert len(players.table.state.log) >= moves + 3
    finally:
        await harness.stop()
    assert harness.bot.heap is not None and not harness.bot.heap.running
    assert gc.get_freeze_count() == 0


async def test_an_interaction_leaving_the_hand_sessions_is_no_garbage_cycle(harness):
    """Each click's interaction replaces the previous one as the player's hand session;
    discord.py's response points back at it. Cut as it leaves, the old interaction (with the
    message and buttons it came with) is freed at once, not by a full collection — or with
    the heap keeper, not frozen until the next thaw."""
    import discord

    _, channel, users, table_id = await open_table(harness, ["alice"], ("medium",) * 3)
    players = Players(harness, channel, table_id, users, random.Random(5))
    await players.move()
    gc.collect()
    gc.disable()
    try:
        for _ in range(4):
            await players.move()
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        cyclic = [o for o in gc.garbage if isinstance(o, discord.Interaction)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert cyclic == []
    session = harness.bot.controller.hands.sessions[(table_id, users[0].id)][0]
    assert session.response._parent is session  # the newest keeps its way back


def test_a_sent_view_is_freed_without_the_collector():
    """A table's or a hand's buttons go in a view that is sent and forgotten; its items do
    not point back at it, so it is no reference cycle (freed when dropped, never frozen)."""
    from bot.ui.components import ActionButton, TableButton, frozen_view

    view = frozen_view(TableButton(7, "hand", "Moje karty"),
                       ActionButton(7, 12, 0, "7♥"), ActionButton(7, 12, 1, "8♥"))
    assert [[c["custom_id"] for c in row["components"]] for row in view.to_components()] == [
        ["lora:t:7:hand", "lora:a:7:12:0", "lora:a:7:12:1"]]
    ref = weakref.ref(view)
    gc.disable()
    try:
        del view
        assert ref() is None
    finally:
        gc.enable()


def test_the_thaws_durations_are_kept_for_the_last_day_only():
    """Review 49: one number every THAW_EVERY for the life of the process, before."""
    from bot.heap import THAWS_KEPT

    keeper = HeapKeeper(freeze_every=10, thaw_every=600)
    try:
        for _ in range(THAWS_KEPT + 5):
            keeper.thaw()
        assert len(keeper.metrics.thaw_ms) == THAWS_KEPT
        assert keeper.metrics.thaws == THAWS_KEPT + 5
    finally:
        keeper.release()
