"""The turn ping after a grace (review 90: a present player was pinged for almost every turn,
89 times in one lóra; review 96: a slow but present one still 134 times). The rule:

A human is pinged for his turn at most ONCE PER DEAL (a Lóra partial game's deal, with its
čistá stovka question and the maturant's choice; a Taroky deal: from one deal's end on,
``GameUI.deal_lines_from``). The deal's first turn pings its player at once (the table
message posted anew for it, ``TablePresenter.game_shown``) — that is his ping of the deal
— unless he is the one whose click just started it (he is there: review 96, the Lóra
maturita chooser). Any other turn of a human who has not had his ping in this deal, whoever
moved last (an AI's moves after his own click too), arms the grace: ``TURN_PING_SECONDS``
later, if it is still that turn and he has not clicked at his table since it began (his
hand already says "Jsi na tahu"; opening it by the command counts), he is pinged. One who
moves within the grace is not pinged at all.

With a turn timer whose reminder comes within ``REMINDER_SOON`` after the grace (a timer
up to 160 s, the default 120 s too), the reminder is the turn's only ping. The timers are
loop callbacks, cancelled when the table moves on or closes and at shutdown; a ping
pending at a restart is armed again when the table resumes, unless the turn was pinged
(``TurnClock.pinged``) or reminded already. Who had his ping in a deal is kept in memory:
after a restart one more is possible in that deal."""

from __future__ import annotations

import asyncio
import itertools
import logging
from typing import TYPE_CHECKING

from bot.model import STATUS_PLAYING

if TYPE_CHECKING:
    from bot.ui.controller import Controller

TURN_PING_SECONDS = 20.0  # how long a turn waits for its player's click before pinging him
REMINDER_SOON = 60  # a timer's reminder this soon after the grace makes the grace ping moot

log = logging.getLogger(__name__)


class TurnPings:
    """The pending turn pings (at most one per table), the players' last clicks and who
    had his ping in each table's deal."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        self.handles: dict[int, asyncio.TimerHandle] = {}
        # table -> the turn its pending ping waits for (version, seat) and the click order
        # when it began (a click since cancels it; armed again for the same turn it keeps it)
        self.turns: dict[int, tuple[int, int, int]] = {}
        # table -> the users pinged in its current deal
        self.dealt: dict[int, set[int]] = {}
        # (table, user) -> the order of his last click at the table (any of its buttons),
        # counted (not timed: clicks and turns in the same instant keep their order)
        self.clicks: dict[tuple[int, int], int] = {}
        self.counter = itertools.count(1)

    def clicked(self, table_id: int, user_id: int) -> None:
        self.clicks[(table_id, user_id)] = next(self.counter)

    def new_deal(self, table_id: int) -> None:
        self.dealt.pop(table_id, None)

    def had(self, table_id: int, user_id: int) -> bool:
        """Whether he had his ping in the table's current deal."""
        return user_id in self.dealt.get(table_id, ())

    def mark(self, table_id: int, user_id: int) -> None:
        self.dealt.setdefault(table_id, set()).add(user_id)

    def wanted(self, turn_timer: int) -> bool:
        """Whether a turn pings after the grace: not when the timer's reminder (at half the
        time) follows within ``REMINDER_SOON``."""
        return not 0 < turn_timer // 2 <= TURN_PING_SECONDS + REMINDER_SOON

    def pending(self, table_id: int) -> bool:
        return table_id in self.handles

    def arm(self, table_id: int, version: int, seat: int, user_id: int) -> None:
        """Ping ``user_id`` (at ``seat``) after the grace if the table is still at
        ``version`` then and he has not clicked there since the turn began."""
        turn = self.turns.get(table_id)
        self.cancel(table_id)
        since = (turn[2] if turn is not None and turn[:2] == (version, seat)
                 else next(self.counter))
        self.turns[table_id] = (version, seat, since)
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
        self.turns.pop(table_id, None)
        self.dealt.pop(table_id, None)
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
            if s is None or s.user_id != user_id or s.absent or self.had(table_id, user_id):
                return
            self.mark(table_id, user_id)
            turn = table.turn
            if turn is not None and (turn.version, turn.seat) == (version, seat):
                turn.pinged = True  # (saved with the ping: not armed again on a restart)
            try:
                await service._send(table, self.ctl.presenter.turn_ping_now(table, seat),
                                    save=True)
            except Exception:
                log.exception("pinging on table %s failed", table_id)
