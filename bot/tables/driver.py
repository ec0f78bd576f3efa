"""The AI driver: the moves of AI seats (and of absent players) played by a per-table task
that asks the worker pool without holding the table's lock, and applies a decision only if
the table is still where it was asked; a chain's moves committed together (or every
``CHAIN_COMMIT_SECONDS``), and at a paced table one move every ``PACE_SECONDS``."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from bot.errors import TableError
from bot.model import Table, Unclicked
from bot.tables import limits
from bot.tables.registry import log, spec_of

if TYPE_CHECKING:
    from bot.tables.play import TablePlay


class AIDriver:
    """The AI driver of the service's tables: its running chains and paced tables."""

    def __init__(self, service: TablePlay) -> None:
        self.service = service
        self.running: dict[int, asyncio.Task[None]] = {}  # a table's chain being played
        self.paces: dict[int, asyncio.TimerHandle] = {}  # a paced table's next AI move

    def ai_to_move(self, table_id: int) -> bool:
        """An AI seat (or an AI standing in for an absent player) is to move at the table and
        its chain is under way (its driver runs, or the change that starts it holds the
        table's lock): a refresh of it now would be followed by another as soon as the AI
        has moved, and ``Presenter.chain_ended`` follows."""
        table = self.service.tables.get(table_id)
        return (table is not None and self.service._auto_actor(table) in ("ai", "absent")
                and (self.driving(table_id) or self.service.lock(table_id).locked()))

    def driving(self, table_id: int) -> bool:
        """An AI chain is being played at the table."""
        task = self.running.get(table_id)
        return task is not None and not task.done()

    async def settled(self, table_id: int) -> None:
        """Until the table's AI chain (if one is being played) has ended."""
        while self.driving(table_id):
            await asyncio.shield(self.running[table_id])

    def drive(self, table: Table, origin: int | None = None) -> None:
        """Start the table's driver if an AI seat (or an absent player) is to move — at a
        paced table (``_paced``) after ``PACE_SECONDS``, a loop timer like the turn timer's
        (armed anew by ``resume`` after a restart), one move at a time."""
        tid = table.table_id
        if self.driving(tid):
            return
        if self.service._auto_actor(table) not in ("ai", "absent"):
            self._cancel_pace(tid)
            self.service.presenter.chain_ended(tid)  # (nothing held waits for a chain)
            return
        if self._paced(table):
            if tid not in self.paces:
                self.paces[tid] = asyncio.get_running_loop().call_later(
                    limits.PACE_SECONDS, lambda: self._paced_move(tid))
            self.service.presenter.chain_ended(tid)
            return
        self._cancel_pace(tid)  # (a person is back: the AI moves at once)
        self._start(tid, origin)

    def _start(self, table_id: int, origin: int | None) -> None:
        task = asyncio.ensure_future(self._run(table_id, origin))
        self.running[table_id] = task
        self.service.tasks.add(task)
        task.add_done_callback(self.service.tasks.discard)

    def _paced(self, table: Table) -> bool:
        """The table's AI moves wait ``PACE_SECONDS`` each: its game runs on a round clock
        and no person is present there (every human seat absent, or none). Once the time is
        up, the deal in progress is played out at once, as at any table."""
        return not self._untimed(table) and not any(
            s is not None and s.user_id is not None and not s.absent for s in table.seats)

    def _paced_move(self, table_id: int) -> None:
        self.paces.pop(table_id, None)
        if table_id in self.service.tables and not self.driving(table_id):
            self._start(table_id, None)

    def _cancel_pace(self, table_id: int) -> None:
        handle = self.paces.pop(table_id, None)
        if handle is not None:
            handle.cancel()

    def _ask(self, table: Table) -> tuple[int, str, int] | None:
        """(seat, level, version) of the AI move due now, or None."""
        if self.service._auto_actor(table) not in ("ai", "absent"):
            return None
        assert table.state is not None and table.state.to_act is not None
        seat = table.state.to_act
        s = table.seats[seat]
        assert s is not None
        level = (s.ai if s.is_ai else None) or table.settings.ai_level
        return seat, level, table.version

    async def _run(self, table_id: int, origin: int | None) -> None:
        """The table's chain: each AI move asked outside the lock and applied under it if
        the table is still where it was asked; committed when due, at a paced table after
        one move."""
        service = self.service
        loop = asyncio.get_running_loop()
        began = time.perf_counter()  # the chain's decisions go before later chains' (pool)
        chain_started: float | None = None
        moves = 0  # AI moves of this chain
        again: Table | None = None  # a paced table: its next move after the pace
        try:
            while True:
                table = service.tables.get(table_id)
                if table is None:
                    return
                async with service.lock(table_id):
                    asked = self._ask(table)
                    if moves and asked is not None and self._paced(table):
                        # one move per pace: shown now, the next one after the pace
                        if table.pending and not await self._commit_or_retry(table, origin):
                            return
                        again = table
                        return
                    due = chain_started is not None and (
                        asked is None or loop.time() - chain_started >= limits.CHAIN_COMMIT_SECONDS)
                    if table.pending and due:
                        if not await self._commit_or_retry(table, origin):
                            return
                        chain_started = None
                    if asked is None:
                        return
                    if moves >= limits.MAX_AUTO_STEPS and not self._untimed(table):
                        # a game that ends by time whose AI players ran into the bound
                        # waits for its clock (or a click) instead of playing deal after
                        # deal at full speed until the time is up
                        if table.pending:
                            await self._commit_or_retry(table, origin)
                        return
                    seat, level, version = asked
                    assert table.state is not None
                    view = table.state.view(seat)
                    seed = f"{table.seed}/{version}"
                started = time.perf_counter()
                try:
                    decided = await service.ai.decide(table.game_kind, level, view, seed,
                                                   order=began)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    if service.ai.closed:
                        return
                    log.exception("the AI of table %s could not decide", table_id)
                    service._retry_later(table_id)
                    return
                answered = time.perf_counter()
                service.metrics.record_ai(answered - started)
                async with service.lock(table_id):
                    if self._ask(table) != asked or service.tables.get(table_id) is not table:
                        service.metrics.dropped_decisions += 1
                        log.info("table %s moved on: the AI's decision for version %s is "
                                 "dropped", table_id, version)
                        continue
                    assert table.state is not None
                    action = spec_of(table).action_from_json(decided)
                    if service._auto_actor(table) == "absent":
                        # it plays his cards but makes no bid, announcement or declaration
                        # in his name (the game says which steps bind a player)
                        action = spec_of(table).stand_in_action(table.state, action)
                        table.unshown.append(Unclicked(seat, "stand_in"))
                    elif (left := table.seats[seat]) is not None and left.left_by is not None:
                        # the seat of a player who left and may take it back: his hand
                        # tells him what the AI played there (nobody else is told)
                        table.unshown.append(Unclicked(seat, "left"))
                    moves += 1
                    try:
                        service._apply(table, action, by="ai")
                    except TableError:
                        log.exception("the AI of table %s chose an illegal action", table_id)
                        service._apply(table, table.state.legal_actions()[0], by="ai")
                    service._advance(table)
                    if service.metrics.enabled:
                        service.metrics.ai_apply_seconds.append(time.perf_counter() - answered)
                    if chain_started is None:
                        chain_started = loop.time()
        finally:
            if self.running.get(table_id) is asyncio.current_task():
                del self.running[table_id]
            service.presenter.chain_ended(table_id)
            if again is not None:
                self.drive(again)

    async def _commit_or_retry(self, table: Table, origin: int | None) -> bool:
        """An AI chain's moves committed; refused by the database, tried again later
        (``_retry_later``) and False: the chain stops."""
        try:
            await self.service._commit(table, origin)
        except TableError:
            self.service._retry_later(table.table_id)
            return False
        return True

    def _untimed(self, table: Table) -> bool:
        """The game has no round clock running: a game that ends by time (a Taroky round of
        N minutes) whose AI players ran into the bound waits for its clock instead of playing
        deal after deal at full speed until the time is up."""
        return table.state is None or spec_of(table).time_limit_of(table.state) is None
