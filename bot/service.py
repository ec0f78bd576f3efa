"""The tables of the bot: lobby, seats, turns, AI seats, absent players, timers, persistence.

This layer knows no Discord and no game: it takes user ids and button payloads, drives the
game through the game interface (``engine.game``; the game is looked up by the table's
``game_kind`` in ``engine.games``) under a per-table lock, saves every accepted action before
answering, and asks a ``Presenter`` what the change must show: those messages are outbox
entries written in the change's own transaction (``bot.delivery``). Every rule of a game stays
in its engine: a click names an index into ``legal_actions()`` at a given state version.

AI seats (and absent players) are played by a per-table *driver* task that asks the worker
pool (``bot.workers.AIPool``) for a decision without holding the table's lock, and applies it
only if the table is still where it was asked (same version, same seat, still an AI's move):
a decision for a state that has moved on is dropped and asked again. The AI moves of a chain
are committed together when a human must decide next (or every ``CHAIN_COMMIT_SECONDS``, so
a slow chain still shows progress). A game played by the round clock at a table where no
person is present moves at people's pace instead: one AI move every ``PACE_SECONDS``.

``TableService`` is assembled from layers and collaborators in ``bot.tables`` (its package
docstring tells which holds what); this module keeps the names the rest of the bot imports.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable

from bot.bounded import Bounded
from bot.errors import TableError
from bot.model import STATUS_PLAYING, Table
from bot.storage.protocol import TableStore
from bot.tables.driver import AIDriver
from bot.tables.limits import (
    EVICT_SECONDS,
    LAST_TABLES_HELD,
    PACE_SECONDS,
    RETRY_SECONDS,
    STOP_SECONDS,
)
from bot.tables.lobby import TableLobby
from bot.tables.metrics import Metrics
from bot.tables.play import Events
from bot.tables.presenter import Place, Placement, Presenter
from bot.tables.registry import fresh_game
from bot.tables.round_clock import RoundClock
from bot.tables.seating import AI_NAMES
from bot.tables.turn_timer import TurnTimer
from bot.workers.ai_pool import AIPool

log = logging.getLogger(__name__)  # "bot.service": the parts' log too (bot.tables.registry)

# the names other modules import from here (the times are read by the service as
# ``limits.NAME``: a test patches them in ``bot.tables.limits``)
__all__ = [
    "AI_NAMES",
    "EVICT_SECONDS",
    "PACE_SECONDS",
    "RETRY_SECONDS",
    "Place",
    "Placement",
    "Presenter",
    "TableError",
    "TableService",
]


class TableService(TableLobby):
    """The tables of the bot (see the module docstring): the layers' state, the turn timer,
    round clock and AI driver, and what a restart and a shutdown do to them."""

    def __init__(
        self,
        store: TableStore,
        presenter: Presenter,
        *,
        seed: int | None = None,
        on_finished: Callable[[Table], Awaitable[None]] | None = None,
        ai: AIPool | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.presenter = presenter
        self.rng = random.Random(seed)
        self.on_finished = on_finished
        self.ai = ai if ai is not None else AIPool(0)
        self.now = now
        self.tables = {}
        self.locks = {}
        self.timer = TurnTimer(self)
        self.clock = RoundClock(self)
        self.driver = AIDriver(self)
        self.tasks = set()
        self.repeating: dict[str, asyncio.TimerHandle] = {}
        self.openings = {}
        self.placing = set()
        self.last_tables = Bounded(LAST_TABLES_HELD)  # (the others' read again when asked)
        self.metrics = Metrics()
        self.new_game = fresh_game

    # -- the AI driver's chains, as the Discord layer and the tests ask about them -----
    def ai_to_move(self, table_id: int) -> bool:
        """An AI seat is to move at the table and its chain is under way: a refresh of it
        now would soon be followed by another (``AIDriver.ai_to_move``)."""
        return self.driver.ai_to_move(table_id)

    def driving(self, table_id: int) -> bool:
        """An AI chain is being played at the table."""
        return self.driver.driving(table_id)

    async def settled(self, table_id: int) -> None:
        """Until the table's AI chain (if one is being played) has ended."""
        await self.driver.settled(table_id)

    # -- restart and shutdown ------------------------------------------------------------
    def resume_timers(self) -> None:
        """(Re)arm every running table's turn timer and round clock (after a restart the
        clock counts from the saved start, so only what is left of the time remains)."""
        for table in self.tables.values():
            if table.status == STATUS_PLAYING:
                self.timer.arm(table)
                self.clock.cancel(table.table_id)
                self.clock.arm(table)

    async def resume(self, table: Table) -> Events:
        """After a restart: the table message refreshed, AI seats whose move was not made
        yet move now, and the human to act has at least half his turn's time left."""
        async with self.lock(table.table_id):
            if table.status != STATUS_PLAYING:
                if self.lobby_expired(table):  # (left behind: closed, not shown again)
                    await self._close(table, "expired")
                else:
                    await self._send(table, self.presenter.lobby_shown(table))
                return []
            self.timer.resumed(table)
            try:
                return await self._play_on(table)
            except TableError:
                self._retry_later(table.table_id)
                return []

    def every(self, name: str, seconds: float, work: Callable[[], Awaitable[None]]) -> None:
        """Run ``work`` every ``seconds`` from now on (housekeeping: idle lobbies closed,
        old rows pruned), each run one of the service's tasks; ``name`` replaces an earlier
        repetition of that name. A loop timer, not a sleeping task: ``shutdown`` cancels it."""
        async def run() -> None:
            try:
                await work()
            except Exception:
                log.exception("the housekeeping %s failed", name)

        def tick() -> None:
            self.repeating[name] = asyncio.get_running_loop().call_later(seconds, tick)
            self._spawn(run())

        old = self.repeating.pop(name, None)
        if old is not None:
            old.cancel()
        self.repeating[name] = asyncio.get_running_loop().call_later(seconds, tick)

    def shutdown(self) -> None:
        timers, clocks, paces = self.timer.handles, self.clock.handles, self.driver.paces
        for handle in [*timers.values(), *clocks.values(), *paces.values(),
                       *self.repeating.values()]:
            handle.cancel()
        clocks.clear()
        paces.clear()
        self.repeating.clear()
        for task in self.tasks:  # (each leaves the set when it has ended: ``stopped``)
            task.cancel()
        timers.clear()

    async def stopped(self, timeout: float = STOP_SECONDS) -> None:
        """After ``shutdown``: until its cancelled tasks have ended (at most ``timeout``), so
        that none is still at the database the bot closes next."""
        tasks = [task for task in self.tasks if task is not asyncio.current_task()]
        if tasks:
            await asyncio.wait(tasks, timeout=timeout)
