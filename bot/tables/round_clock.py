"""The round clock of a game that ends by time (a Taroky round of N minutes)."""

from __future__ import annotations

import asyncio

from bot.errors import TableError
from bot.model import STATUS_PLAYING, Table
from bot.tables import limits
from bot.tables.loop_timers import LoopTimers
from bot.tables.registry import log, spec_of


class RoundClock(LoopTimers):
    """The round clocks of the service's tables."""

    def arm(self, table: Table) -> None:
        """A game with a time limit (``GameSpec.time_limit``, e.g. a Taroky round of 60
        minutes) gets the game's end request applied when its time is up, counted from
        ``table.clock_started`` (saved with the table, so a restart re-arms what is left)."""
        if table.table_id in self.handles:
            return
        state = table.state
        if state is None or table.status != STATUS_PLAYING:
            return
        limit = spec_of(table).time_limit_of(state)
        if limit is None:
            return
        if table.clock_started is None:  # a table saved before it had a clock
            table.clock_started = self.service.now()
        delay = max(0.0, table.clock_started + limit.seconds - self.service.now())
        tid = table.table_id
        self.handles[tid] = asyncio.get_running_loop().call_later(
            delay, lambda: self.service._spawn(self._time_up(tid))
        )

    def end(self, table: Table) -> float | None:
        """When the table's game is asked to end by the clock (epoch seconds), if it will be."""
        if table.state is None or table.clock_started is None:
            return None
        limit = spec_of(table).time_limit_of(table.state)
        return None if limit is None else table.clock_started + limit.seconds

    async def _time_up(self, table_id: int) -> None:
        """Time is up: the game's end request is applied (logged like a move, by nobody),
        then everything is shown as after any move."""
        async with self.service.lock(table_id):
            self.handles.pop(table_id, None)
            table = self.service.tables.get(table_id)
            if table is None or table.status != STATUS_PLAYING or table.state is None:
                return
            limit = spec_of(table).time_limit_of(table.state)
            if limit is None:
                return
            try:
                self.service._apply(table, limit.action, by="autoplay")
                await self.service._play_on(table)
            except TableError:
                log.warning("the round clock of table %s could not end it; retrying", table_id)
                self.handles[table_id] = asyncio.get_running_loop().call_later(
                    limits.RETRY_SECONDS, lambda: self.service._spawn(self._time_up(table_id))
                )
