"""The turn ping after a grace (review 90: a present player was pinged for almost every turn,
89 times in one lóra — each ping deleted later, but his phone had buzzed). A human whose
turn comes in the middle of a deal is pinged only when, ``TURN_PING_SECONDS`` later, it is
still that turn and he has not clicked at his table since it came (his hand already says
"Jsi na tahu"). One who moves within the grace is not pinged at all.

The turn timer's reminder stays as it is. When it comes soon after the grace anyway (its
half of the time within ``2 * TURN_PING_SECONDS``: a 60 s timer), the reminder is his only
ping. A deal's first turn still pings at once, in the table message posted anew for it
(``TablePresenter.game_shown``). The timers are loop callbacks, cancelled when the table
moves on or closes and at shutdown. One lost to a restart is not sent (no duplicate)."""

from __future__ import annotations

import asyncio
import itertools
import logging
from typing import TYPE_CHECKING

from bot.model import STATUS_PLAYING

if TYPE_CHECKING:
    from bot.ui.controller import Controller

TURN_PING_SECONDS = 20.0  # how long a turn waits for its player's click before pinging him

log = logging.getLogger(__name__)


class TurnPings:
    """The pending turn pings (at most one per table) and the players' last clicks."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        self.handles: dict[int, asyncio.TimerHandle] = {}
        # (table, user) -> the order of his last click at the table (any of its buttons),
        # counted (not timed: clicks and turns in the same instant keep their order)
        self.clicks: dict[tuple[int, int], int] = {}
        self.counter = itertools.count(1)

    def clicked(self, table_id: int, user_id: int) -> None:
        self.clicks[(table_id, user_id)] = next(self.counter)

    def wanted(self, turn_timer: int) -> bool:
        """Whether a turn pings after the grace: not when the timer's reminder follows soon."""
        return not 0 < turn_timer // 2 <= 2 * TURN_PING_SECONDS

    def arm(self, table_id: int, version: int, seat: int, user_id: int) -> None:
        """Ping ``user_id`` (at ``seat``) after the grace if the table is still at
        ``version`` then and he has not clicked there meanwhile."""
        self.cancel(table_id)
        since = next(self.counter)
        service = self.ctl.service
        self.handles[table_id] = asyncio.get_running_loop().call_later(
            TURN_PING_SECONDS,
            lambda: service._spawn(self._ping(table_id, version, seat, user_id, since)))

    def cancel(self, table_id: int) -> None:
        handle = self.handles.pop(table_id, None)
        if handle is not None:
            handle.cancel()

    def forget(self, table_id: int) -> None:
        """The table finished or closed."""
        self.cancel(table_id)
        for key in [k for k in self.clicks if k[0] == table_id]:
            del self.clicks[key]

    def shutdown(self) -> None:
        for handle in self.handles.values():
            handle.cancel()
        self.handles.clear()

    async def _ping(self, table_id: int, version: int, seat: int, user_id: int,
                    since: int) -> None:
        service = self.ctl.service
        async with service.lock(table_id):
            self.handles.pop(table_id, None)
            table = service.tables.get(table_id)
            if (table is None or table.status != STATUS_PLAYING or table.version != version
                    or table.state is None or table.state.to_act != seat
                    or self.clicks.get((table_id, user_id), 0) > since):
                return
            s = table.seats[seat]
            if s is None or s.user_id != user_id or s.absent:
                return
            try:
                await service._send(table, self.ctl.presenter.turn_ping_now(table, seat))
            except Exception:
                log.exception("pinging on table %s failed", table_id)
