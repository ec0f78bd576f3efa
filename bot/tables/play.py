"""The third layer of the table service: a move applied in memory, the forced moves after
it, one commit of all of it with what it must show, and the turn timer, round clock and AI
driver set going for what comes next (collaborators this layer owns)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.errors import TableError
from bot.model import (
    AI_AT_KEPT,
    STATUS_ABORTED,
    STATUS_FINISHED,
    STATUS_PLAYING,
    Table,
    Unclicked,
    click_of,
)
from bot.storage.models import OutboxItem
from bot.tables import limits
from bot.tables.persistence import TablePersistence
from bot.tables.registry import log, spec_of
from bot.tables.seating import no_return
from engine.game import GameAction, GameEvent

if TYPE_CHECKING:
    from bot.tables.driver import AIDriver
    from bot.tables.round_clock import RoundClock
    from bot.tables.turn_timer import TurnTimer

Events = list[GameEvent]


def _refusal(state: Any, action: GameAction) -> Exception | None:
    """The engine's refusal of ``action`` now (None if it would be accepted)."""
    try:
        state.verify(action)
    except Exception as exc:
        return exc
    return None


class TablePlay(TablePersistence):
    """Playing the tables."""

    timer: TurnTimer
    clock: RoundClock
    driver: AIDriver

    async def come_back(self, table_id: int, user_id: int) -> Events:
        """An absent player clicked: he plays again himself."""
        async with self.lock(table_id):
            table = self.get(table_id)
            seat = table.seat_of(user_id)
            if seat is None:
                return []
            if not self._back(table, seat):
                return []
            return await self._play_on(table)

    async def act(self, table_id: int, user_id: int, version: int, index: int) -> Events:
        """A human's click on a legal action: validated, applied with the AI turns that
        follow it, committed in one transaction, and only then shown."""
        async with self.lock(table_id):
            table, seat, back = await self._acting(table_id, user_id, version)
            assert table.state is not None
            legal = table.state.legal_actions()
            if not 0 <= index < len(legal):
                if back:
                    await self._play_on(table)  # he is back, though his click is of no use
                # the buttons are of this state (``_acting``): a control his hand shows
                # disabled (its reason beside it), not a game that moved on
                raise TableError("illegal")
            events = self._apply(table, legal[index], by=user_id)
            self._clicked(table, seat, click_of(version, index))
            await self._play_on(table, origin=user_id)
            return events

    async def act_many(self, table_id: int, user_id: int, version: int,
                       actions: Sequence[object]) -> Events:
        """Several actions of one seat confirmed at once (a choice of several cards to lay
        away), each given in the game's action JSON. They are applied one by one, each time
        the first of them that the engine accepts now, and committed together with what
        follows. If some of them cannot be applied, none is: the table stays as it was saved
        and the refusal carries the engine's refusal of the first of them (``refusal``)."""
        async with self.lock(table_id):
            table, seat, back = await self._acting(table_id, user_id, version)
            state = table.state
            assert state is not None
            try:
                todo = [spec_of(table).action_from_json(a) for a in actions]
            except Exception as exc:
                raise TableError("stale") from exc
            if not todo or any(a.seat != seat for a in todo):
                raise TableError("stale")
            events: Events = []
            while todo:
                for action in todo:
                    try:
                        state.verify(action)
                    except Exception:
                        continue
                    events += self._apply(table, action, by=user_id)
                    todo.remove(action)
                    break
                else:
                    refused = _refusal(state, todo[0])
                    self._restore_saved(table)
                    if back:  # his choice is refused, yet he is back all the same
                        self._back(table, seat)
                        await self._play_on(table)
                    raise TableError("illegal", code=getattr(refused, "code", "error"),
                                     refusal=refused)
            self._clicked(table, seat, click_of(version, actions))
            await self._play_on(table, origin=user_id)
            return events

    @staticmethod
    def _clicked(table: Table, seat: int, click: list[Any]) -> None:
        """``seat``'s player moved by ``click`` (``click_of``): kept with his seat, saved
        with the move (a refused commit puts it back with the seats), so that the same click
        again is known as his double click after a restart too (``clicked_again``)."""
        s = table.seats[seat]
        assert s is not None
        s.clicked = click

    def clicked_again(self, table_id: int, user_id: int, click: list[Any]) -> bool:
        """``click`` (``click_of``) is the last click by which ``user_id`` moved at the
        table: the same click again (a double click), not a stale button."""
        table = self.tables.get(table_id)
        seat = None if table is None else table.seat_of(user_id)
        s = None if table is None or seat is None else table.seats[seat]
        return s is not None and s.clicked == click

    def _back(self, table: Table, seat: int) -> bool:
        """``seat``'s absent player plays himself again (True; noted at the table), or he
        was not absent (False)."""
        s = table.seats[seat]
        if s is None or not s.absent:
            return False
        s.absent = False
        self.presenter.note(table, "back", seat)
        return True

    async def _acting(self, table_id: int, user_id: int,
                      version: int) -> tuple[Table, int, bool]:
        """The table and the seat of a click on an action, checked: the game runs, the user
        sits there, the buttons are of this state, it is his turn. An absent player who
        clicks is back (``True`` in the answer) — even when his click is refused as stale or
        out of turn: then his return is committed before the refusal."""
        table = self.get(table_id)
        if table.status != STATUS_PLAYING or table.state is None:
            raise TableError("not_started")
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated")
        state = table.state
        if state.finished:
            raise TableError("game_over")
        back = self._back(table, seat)
        refusal = ("stale" if version != table.version
                   else "not_your_turn" if state.to_act != seat else None)
        if refusal is not None:
            if back:
                await self._play_on(table)
            raise TableError(refusal)
        return table, seat, back

    async def _play_on(self, table: Table, events: Events | None = None, *,
                       origin: int | None = None, lead: Sequence[OutboxItem] = ()) -> Events:
        """The forced moves that follow, one commit of everything pending with what it must
        show (after ``lead``), the turn timer armed, and the AI driver started if an AI
        seat is to move."""
        if events:
            table.unshown.extend(events)
        self._advance(table)
        shown = list(table.unshown)
        await self._commit(table, origin, lead)  # raises TableError, the table put back
        self.driver.drive(table, origin)
        return shown

    async def _commit(self, table: Table, origin: int | None,
                      lead: Sequence[OutboxItem] = ()) -> None:
        """Commit a game change with the messages it must show (the presenter composes
        them from the events since the last commit; ``lead`` goes first)."""
        try:
            outbox = self.presenter.game_shown(table, list(table.unshown), origin)
        except Exception:
            log.exception("composing the messages of table %s failed", table.table_id)
            table.recent.undo()
            outbox = []
        self.timer.mark_turn(table)  # (after the presenter: it reads the turn as it was)
        await self._save(table, [*lead, *outbox], game=True)
        if table.status == STATUS_FINISHED and self.on_finished is not None:
            await self.on_finished(table)
        self.timer.arm(table)
        self.clock.arm(table)
        if table.status == STATUS_FINISHED:
            self._evict_later(table.table_id)

    def _evict_later(self, table_id: int) -> None:
        """A finished or aborted table leaves memory after a while (its buttons keep working
        meanwhile; the archive keeps the game)."""
        def evict() -> None:
            table = self.tables.get(table_id)
            if table is not None and table.status in (STATUS_FINISHED, STATUS_ABORTED):
                del self.tables[table_id]
                self.locks.pop(table_id, None)

        asyncio.get_running_loop().call_later(limits.EVICT_SECONDS, evict)

    def _apply(self, table: Table, action: GameAction, *, by: int | str) -> Events:
        """Apply one action in memory; it joins the actions of the next commit."""
        state = table.state
        assert state is not None
        version = table.version
        try:
            events = list(state.apply(action))
        except Exception as exc:  # the engine refused (its typed error): nothing changed
            raise TableError("illegal", code=getattr(exc, "code", "error")) from exc
        seat = action.seat
        s = table.seats[seat] if 0 <= seat < len(table.seats) else None  # None: the table's
        if s is not None:
            s.moves += 1
            if (s.user_id is not None or s.left_by is not None) and by == "ai":
                s.ai_stood = s.ai_stood or s.absent
                s.ai_moves += 1
                s.ai_at = [*s.ai_at[-(AI_AT_KEPT - 1):], version]
        table.pending.append({**action.to_json(), "by": by})
        table.unshown.extend(events)
        if state.finished:
            table.status = STATUS_FINISHED
            no_return(table)
            self.timer.cancel(table.table_id)
            self.clock.cancel(table.table_id)
        return events

    @staticmethod
    def can_stand_in(table: Table, seat: int) -> bool:
        """Whether an AI plays for ``seat`` while he is absent: only when another human is
        present (a table nobody watches waits instead of playing on by itself)."""
        return table.others_present(seat)

    def _auto_actor(self, table: Table) -> str | None:
        """Who plays the seat to act without a click: "ai", "absent", "forced" or None."""
        state = table.state
        if state is None or state.finished or table.status != STATUS_PLAYING:
            return None
        seat = state.to_act
        if seat is None:
            return None
        s = table.seats[seat]
        assert s is not None
        if s.is_ai:
            return "ai"
        if s.absent:
            # Nobody present: the table waits for someone to come back — except a
            # tournament's, whose round must end (``Table.stood_in``).
            return "absent" if table.stood_in(seat) else None
        if (table.settings.autoplay and len(state.legal_actions()) == 1
                and spec_of(table).autoplay_allowed(state)):
            return "forced"
        return None

    def _advance(self, table: Table) -> Events:
        """Play the forced moves (a single legal action, with autoplay on) until a human or
        an AI must decide."""
        events: Events = []
        for _ in range(limits.MAX_AUTO_STEPS):
            if self._auto_actor(table) != "forced":
                break
            assert table.state is not None
            seat = table.state.to_act
            assert seat is not None
            table.unshown.append(Unclicked(seat, "auto"))
            self._apply(table, table.state.legal_actions()[0], by="autoplay")
        return events

    def _retry_later(self, table_id: int) -> None:
        """A commit the database refused outside a click (AI moves after a timer, a restart):
        try again a little later."""

        async def retry() -> None:
            table = self.tables.get(table_id)
            if table is None or table.status != STATUS_PLAYING:
                return
            async with self.lock(table_id):
                try:
                    await self._play_on(table)
                except TableError:
                    self._retry_later(table_id)

        asyncio.get_running_loop().call_later(limits.RETRY_SECONDS, lambda: self._spawn(retry()))
