"""The turn timer: a reminder at half a present player's time, then he is absent and an AI
may play for him."""

from __future__ import annotations

import asyncio
import math

from bot.errors import TableError
from bot.model import STATUS_PLAYING, Table, TurnClock
from bot.tables import limits
from bot.tables.loop_timers import LoopTimers
from bot.tables.registry import log


class TurnTimer(LoopTimers):
    """The turn timers of the service's tables."""

    def mark_turn(self, table: Table) -> TurnClock | None:
        """The turn of the present human to act (``Table.turn``, saved with the table): kept
        while the game waits for the same move of the same seat, begun anew for a new one;
        None while no present human is to act."""
        state = table.state
        seat = None if state is None or table.status != STATUS_PLAYING else state.to_act
        s = None if seat is None else table.seats[seat]
        if seat is None or s is None or s.is_ai or s.absent:
            table.turn = None
            return None
        turn = table.turn
        if turn is None or (turn.version, turn.seat) != (table.version, seat):
            turn = table.turn = TurnClock(table.version, seat, self.service.now())
        return turn

    def resumed(self, table: Table) -> None:
        """After a restart: the turn of the human to act leaves him at least half his time
        (its start moves on; saved with the next commit). How long the bot was down is not
        known, and he could not click meanwhile: a turn that ran out then would otherwise
        leave him a few seconds. His reminder, if not sent yet, is due at once then."""
        turn, limit = table.turn, table.settings.turn_timer
        if turn is not None and limit > 0:
            turn.started = max(turn.started, self.service.now() - (limit - limit // 2))

    def arm(self, table: Table) -> None:
        """A reminder at half the time, then an AI plays for the absent player. Timers are
        loop callbacks, not sleeping tasks: a thousand waiting tables cost nothing.
        The time counts from the start of the turn (``Table.turn``): armed again for the same
        turn only what is left of it remains (at least ``TIMER_FLOOR_SECONDS``; after a
        restart at least half, ``resumed``), and a reminder already sent is not sent again;
        one that fell due while the bot was down comes at once, with the seconds left."""
        self.cancel(table.table_id)
        limit = table.settings.turn_timer
        state = table.state
        if limit <= 0 or state is None or table.status != STATUS_PLAYING or state.to_act is None:
            return
        turn = self.mark_turn(table)
        if turn is None:
            return
        half = limit // 2
        service = self.service
        left = max(turn.started + limit - service.now(), min(limits.TIMER_FLOOR_SECONDS, half))
        tid, seat, version = table.table_id, turn.seat, table.version
        loop = asyncio.get_running_loop()
        if turn.reminded:
            self.handles[tid] = loop.call_later(
                left, lambda: service._spawn(self._stand_in(tid, seat, version)))
            return
        shown = min(half, math.ceil(left))
        self.handles[tid] = loop.call_later(
            max(0.0, left - shown), lambda: service._spawn(self._remind(tid, seat, version, shown))
        )

    def _still(self, table_id: int, version: int) -> Table | None:
        table = self.service.tables.get(table_id)
        if table is None or table.version != version or table.status != STATUS_PLAYING:
            return None
        return table

    async def _remind(self, table_id: int, seat: int, version: int, left: int) -> None:
        service = self.service
        async with service.lock(table_id):
            table = self._still(table_id, version)
            if table is None:
                return
            turn = table.turn
            if turn is not None and (turn.version, turn.seat) == (version, seat):
                turn.reminded = True  # saved with the reminder: a restart does not repeat it
            try:
                await service._send(table, service.presenter.reminder(table, seat, left), save=True)
            except Exception:
                log.exception("reminding on table %s failed", table_id)
            self.handles[table_id] = asyncio.get_running_loop().call_later(
                left, lambda: service._spawn(self._stand_in(table_id, seat, version))
            )

    async def _stand_in(self, table_id: int, seat: int, version: int) -> None:
        service = self.service
        async with service.lock(table_id):
            table = self._still(table_id, version)
            if table is None:
                return
            s = table.seats[seat]
            if s is None or s.is_ai:
                return
            self.handles.pop(table_id, None)
            s.absent, s.ai_stood, s.away_from = True, False, s.ai_moves
            service.presenter.note(table, "absent", seat)
            try:
                await service._play_on(table)
            except TableError:  # put back as saved (he is not absent there): try it again
                asyncio.get_running_loop().call_later(
                    limits.RETRY_SECONDS,
                    lambda: service._spawn(self._stand_in(table_id, seat, version))
                )
