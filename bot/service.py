"""The tables of the bot: lobby, seats, turns, AI seats, absent players, timers, persistence.

This layer knows no Discord and no game: it takes user ids and button payloads, drives the
game through the game interface (``engine.game``; the game is looked up by the table's
``game_kind`` in ``engine.games``) under a per-table lock, saves every accepted action before
answering, and tells a ``Presenter`` what to show. Every rule of a game stays in its engine: a
click names an index into ``legal_actions()`` at a given state version, nothing more.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.errors import TableError, UserAlreadySeated
from bot.model import (
    STATUS_ABORTED,
    STATUS_FINISHED,
    STATUS_LOBBY,
    STATUS_PLAYING,
    Seat,
    Table,
    TableSettings,
)
from bot.storage.protocol import TableStore
from engine import games
from engine.game import AnyGame, GameAction, GameEvent, GameSpec, start_events

log = logging.getLogger(__name__)

AI_NAMES = ("AI Karel", "AI Božena", "AI Jaroslav", "AI Libuše", "AI Václav")
ANONYMOUS = "anonymous"
RETRY_SECONDS = 5
EVICT_SECONDS = 3600
MAX_AUTO_STEPS = 2000  # a safety bound on AI moves in one go (a whole lóra is ~800 actions)


__all__ = ["Presenter", "TableError", "TableService"]
Events = list[GameEvent]


class Presenter(Protocol):
    """What the service asks the Discord layer to show."""

    async def lobby_changed(self, table: Table) -> None: ...

    async def table_changed(self, table: Table, events: Sequence[GameEvent]) -> None: ...

    async def remind(self, table: Table, seat: int, seconds_left: int) -> None: ...

    async def note(self, table: Table, key: str, seat: int) -> None: ...

    async def table_closed(self, table: Table, reason: str) -> None: ...


@dataclass
class Metrics:
    """Timings measured inside the bot, kept only when ``enabled`` (the load benchmark turns
    it on): a bot running for months must not collect one number per move."""

    enabled: bool = False
    db_seconds: list[float] = field(default_factory=list)
    ai_seconds: list[float] = field(default_factory=list)

    def record_db(self, seconds: float) -> None:
        if self.enabled:
            self.db_seconds.append(seconds)

    def record_ai(self, seconds: float) -> None:
        if self.enabled:
            self.ai_seconds.append(seconds)


def _free_seat(table: Table) -> int:
    """The first free seat of a lobby (TableError when the table is full)."""
    free = next((i for i, s in enumerate(table.seats) if s is None), None)
    if free is None:
        raise TableError("table_full")
    return free


def spec_of(table: Table) -> GameSpec[Any, Any]:
    return games.get(table.game_kind)


def _new_game(table: Table, rng: random.Random) -> AnyGame:
    return spec_of(table).new(table.settings.options, rng)


def _db_key(exc: Exception) -> str:
    return "already_seated" if isinstance(exc, UserAlreadySeated) else "db_error"


def _refusal(state: Any, action: GameAction) -> Exception | None:
    """The engine's refusal of ``action`` now (None if it would be accepted)."""
    try:
        state.verify(action)
    except Exception as exc:
        return exc
    return None


class TableService:
    def __init__(
        self,
        store: TableStore,
        presenter: Presenter,
        *,
        seed: int | None = None,
        on_finished: Callable[[Table], Awaitable[None]] | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.presenter = presenter
        self.rng = random.Random(seed)
        self.on_finished = on_finished
        self.now = now  # wall time for the round clock (epoch seconds; tests pass their own)
        self.tables: dict[int, Table] = {}
        self.locks: dict[int, asyncio.Lock] = {}
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.clocks: dict[int, asyncio.TimerHandle] = {}
        self.tasks: set[asyncio.Future[Any]] = set()
        self.metrics = Metrics()
        # How a starting table gets its game: the game's ``new`` with the table's options and
        # an RNG from the table's seed. A seam for tests only (constructed deals), never set
        # by the bot itself.
        self.new_game: Callable[[Table, random.Random], AnyGame] = _new_game

    # -- lookup ------------------------------------------------------------------------
    def get(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None or table.status not in (STATUS_LOBBY, STATUS_PLAYING):
            raise TableError("no_table")
        return table

    def lock(self, table_id: int) -> asyncio.Lock:
        return self.locks.setdefault(table_id, asyncio.Lock())

    def table_of_user(self, guild_id: int, user_id: int) -> Table | None:
        for table in self.tables.values():
            if (
                table.guild_id == guild_id
                and table.status in (STATUS_LOBBY, STATUS_PLAYING)
                and table.seat_of(user_id) is not None
            ):
                return table
        return None

    def tables_in_channel(self, channel_id: int) -> list[Table]:
        return [
            t
            for t in self.tables.values()
            if t.channel_id == channel_id and t.status in (STATUS_LOBBY, STATUS_PLAYING)
        ]

    # -- persistence -------------------------------------------------------------------
    async def _save(self, table: Table) -> None:
        """Commit the table (state, seats, and the pending actions in its log) in one
        transaction.

        If the database refuses (locked, full, a seat rule), the table is put back as it was
        last saved and the user is told: an action is never half-applied."""
        started = time.perf_counter()
        state = None if table.state is None else table.state.to_json()
        seats = table.seats_json()
        try:
            await self.store.update_table(
                table.table_id,
                status=table.status,
                message_id=table.message_id,
                seats=seats,
                settings=table.settings.to_json(),
                state=state,
                version=table.version,
                actions=list(table.pending),
                extra=table.extra_json(),
            )
        except Exception as exc:
            log.exception("saving table %s failed", table.table_id)
            self._restore_saved(table)
            raise TableError(_db_key(exc)) from exc
        table.saved = (state, seats, table.status)
        table.pending.clear()
        self.metrics.record_db(time.perf_counter() - started)

    def _restore_saved(self, table: Table) -> None:
        if table.saved is None:
            return
        state, seats, status = table.saved
        table.pending.clear()
        table.state = None if state is None else spec_of(table).from_json(state)
        table.seats = [None if x is None else Seat.from_json(x) for x in seats]
        table.status = status

    async def set_message(self, table: Table, message_id: int | None) -> None:
        table.message_id = message_id
        await self._note_ids(table, message_id=message_id)

    async def set_ping(self, table: Table, message_id: int | None) -> None:
        table.ping_message_id = message_id
        await self._note_ids(table)

    async def _note_ids(self, table: Table, **fields: Any) -> None:
        """Remember which messages are the table's. A refusal here costs nothing of the game
        (the ids stay in memory and are saved with the next move)."""
        try:
            await self.store.update_table(table.table_id, extra=table.extra_json(), **fields)
        except Exception:
            log.warning("could not save the message ids of table %s", table.table_id)

    def restore(self, table: Table) -> None:
        """Take a table loaded from the database (after a restart)."""
        self.tables[table.table_id] = table

    # -- lobby -------------------------------------------------------------------------
    async def create(
        self,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        creator_name: str,
        settings: TableSettings,
        game_kind: str,
    ) -> Table:
        if self.table_of_user(guild_id, creator_id) is not None:
            raise TableError("already_seated")
        count = games.get(game_kind).seats
        seats: list[Seat | None] = [Seat(creator_id, creator_name)] + [None] * (count - 1)
        try:
            table_id = await self.store.create_table(
                guild_id,
                channel_id,
                creator_id,
                settings.to_json(),
                [None if s is None else s.to_json() for s in seats],
                game_kind,
            )
        except Exception as exc:
            log.exception("creating a table failed")
            raise TableError(_db_key(exc)) from exc
        table = Table(
            table_id,
            guild_id,
            channel_id,
            creator_id,
            settings,
            seats,
            game_kind=game_kind,
            seed=self.rng.getrandbits(63),
        )
        table.saved = (None, table.seats_json(), table.status)
        self.tables[table_id] = table
        await self._save(table)
        return table

    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        async with self.lock(table_id):
            table = self.get(table_id)
            if table.status != STATUS_LOBBY:
                raise TableError("already_started")
            if table.seat_of(user_id) is not None:
                raise TableError("already_here")
            if self.table_of_user(table.guild_id, user_id) is not None:
                raise TableError("already_seated")
            table.seats[_free_seat(table)] = Seat(user_id, name)
            await self._save(table)
            await self.presenter.lobby_changed(table)
            return table

    async def add_ai(self, table_id: int, user_id: int, level: str) -> Table:
        async with self.lock(table_id):
            table = self.get(table_id)
            if table.status != STATUS_LOBBY:
                raise TableError("already_started")
            if table.seat_of(user_id) is None:
                raise TableError("not_seated")
            if level not in spec_of(table).ai_levels:
                raise TableError("bad_level")
            free = _free_seat(table)
            taken = {x.name for x in table.seats if x is not None}
            names = [*AI_NAMES, *(f"AI {i}" for i in range(1, len(table.seats) + 1))]
            name = next(n for n in names if n not in taken)
            table.seats[free] = Seat(None, name, ai=level)
            await self._save(table)
            await self.presenter.lobby_changed(table)
            return table

    async def leave(self, table_id: int, user_id: int, *, anonymize: bool = False) -> Table:
        """Leave a lobby (the seat frees; the creator leaving closes it) or a running game
        (an AI takes the seat for good; ``anonymize`` also drops his name from it)."""
        async with self.lock(table_id):
            table = self.get(table_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            if table.status == STATUS_LOBBY:
                if user_id == table.creator_id:
                    await self._close(table, "creator_left")
                    return table
                table.seats[seat] = None
                await self._save(table)
                await self.presenter.lobby_changed(table)
                return table
            s = table.seats[seat]
            assert s is not None
            name = ANONYMOUS if anonymize else s.name
            table.seats[seat] = Seat(None, name, ai=table.settings.ai_level, moves=s.moves)
            await self.presenter.note(table, "left", seat)
            if not table.humans():
                await self._close(table, "everyone_left")
                return table
            await self._play_on(table, [])
            return table

    async def start(self, table_id: int, user_id: int) -> Table:
        async with self.lock(table_id):
            table = self.get(table_id)
            if table.status != STATUS_LOBBY:
                raise TableError("already_started")
            if user_id != table.creator_id:
                raise TableError("not_creator")
            if not table.full:
                raise TableError("need_players", n=len(table.seats))
            seat_rng = random.Random(table.seed)
            if table.settings.seating == "draw":
                seat_rng.shuffle(table.seats)
            state = self.new_game(table, random.Random(seat_rng.getrandbits(64)))
            table.state = state
            table.status = STATUS_PLAYING
            if table.clock_started is None:  # a tournament round may have set its own start
                table.clock_started = self.now()
            await self._play_on(table, list(start_events(state)))
            return table

    async def abort(self, table_id: int) -> Table:
        async with self.lock(table_id):
            table = self.get(table_id)
            await self._close(table, "aborted")
            return table

    async def _close(self, table: Table, reason: str) -> None:
        table.status = STATUS_ABORTED
        self._cancel_timer(table.table_id)
        self._cancel_clock(table.table_id)
        await self._save(table)
        self._evict_later(table.table_id)
        await self.presenter.table_closed(table, reason)

    # -- play --------------------------------------------------------------------------
    async def come_back(self, table_id: int, user_id: int) -> Events:
        """An absent player clicked: he plays again himself."""
        async with self.lock(table_id):
            table = self.get(table_id)
            seat = table.seat_of(user_id)
            if seat is None:
                return []
            s = table.seats[seat]
            if s is None or not s.absent:
                return []
            s.absent = False
            await self.presenter.note(table, "back", seat)
            return await self._play_on(table, [])

    async def act(self, table_id: int, user_id: int, version: int, index: int) -> Events:
        """A human's click on a legal action: validated, applied with the AI turns that
        follow it, committed in one transaction, and only then shown."""
        async with self.lock(table_id):
            table, _seat = await self._acting(table_id, user_id, version)
            assert table.state is not None
            legal = table.state.legal_actions()
            if not 0 <= index < len(legal):
                raise TableError("stale")
            events = self._apply(table, legal[index], by=user_id)
            return await self._play_on(table, events)

    async def act_many(self, table_id: int, user_id: int, version: int,
                       actions: Sequence[object]) -> Events:
        """Several actions of one seat confirmed at once (a choice of several cards to lay
        away), each given in the game's action JSON. They are applied one by one, each time
        the first of them that the engine accepts now, and committed together with what
        follows. If some of them cannot be applied, none is: the table stays as it was saved
        and the refusal carries the engine's refusal of the first of them (``refusal``)."""
        async with self.lock(table_id):
            table, seat = await self._acting(table_id, user_id, version)
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
                    raise TableError("illegal", code=getattr(refused, "code", "error"),
                                     refusal=refused)
            return await self._play_on(table, events)

    async def _acting(self, table_id: int, user_id: int, version: int) -> tuple[Table, int]:
        """The table and the seat of a click on an action, checked: the game runs, the user
        sits there, the buttons are of this state, it is his turn. An absent player who
        clicks is back."""
        table = self.get(table_id)
        if table.status != STATUS_PLAYING or table.state is None:
            raise TableError("not_started")
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated")
        state = table.state
        if state.finished:
            raise TableError("game_over")
        if version != table.version:
            raise TableError("stale")
        if state.to_act != seat:
            raise TableError("not_your_turn")
        s = table.seats[seat]
        assert s is not None
        if s.absent:
            s.absent = False
            await self.presenter.note(table, "back", seat)
        return table, seat

    async def _play_on(self, table: Table, events: Events) -> Events:
        """The moves nobody has to click (AI seats, absent players, forced moves), one commit
        of everything pending, then the table shown and the turn timer armed."""
        events = events + self._advance(table)
        await self._save(table)  # raises TableError after putting the table back as saved
        if table.status == STATUS_FINISHED and self.on_finished is not None:
            await self.on_finished(table)
        await self._present(table, events)
        self._arm_timer(table)
        self._arm_clock(table)
        if table.status == STATUS_FINISHED:
            self._evict_later(table.table_id)
        return events

    def _evict_later(self, table_id: int) -> None:
        """A finished or aborted table leaves memory after a while (its buttons keep working
        meanwhile; the archive keeps the game)."""
        def evict() -> None:
            table = self.tables.get(table_id)
            if table is not None and table.status in (STATUS_FINISHED, STATUS_ABORTED):
                del self.tables[table_id]
                self.locks.pop(table_id, None)

        asyncio.get_running_loop().call_later(EVICT_SECONDS, evict)

    async def _present(self, table: Table, events: Events) -> None:
        """Show the change. It is committed already: a failure to show it is logged, and the
        next change shows the whole table again."""
        try:
            await self.presenter.table_changed(table, events)
        except Exception:
            log.exception("showing table %s failed", table.table_id)

    def _apply(self, table: Table, action: GameAction, *, by: int | str) -> Events:
        """Apply one action in memory; it joins the actions of the next commit."""
        state = table.state
        assert state is not None
        try:
            events = list(state.apply(action))
        except Exception as exc:  # the engine refused (its typed error): nothing changed
            raise TableError("illegal", code=getattr(exc, "code", "error")) from exc
        seat = action.seat
        s = table.seats[seat] if 0 <= seat < len(table.seats) else None  # None: the table's
        if s is not None:
            s.moves += 1
            if s.user_id is not None and by == "ai":
                s.ai_moves += 1
        table.pending.append({**action.to_json(), "by": by})
        if state.finished:
            table.status = STATUS_FINISHED
            self._cancel_timer(table.table_id)
            self._cancel_clock(table.table_id)
        return events

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
            present = [x for x in table.seats if x is not None and x.user_id and not x.absent]
            return "absent" if present else None
        if (table.settings.autoplay and len(state.legal_actions()) == 1
                and spec_of(table).autoplay_allowed(state)):
            return "forced"
        return None

    def _advance(self, table: Table) -> Events:
        """Play AI seats, absent players and forced moves until a human must decide."""
        events: Events = []
        for _ in range(MAX_AUTO_STEPS):
            actor = self._auto_actor(table)
            if actor is None:
                break
            assert table.state is not None
            seat = table.state.to_act
            assert seat is not None
            if actor == "forced":
                action = table.state.legal_actions()[0]
                by: int | str = "autoplay"
            else:
                action = self.ai_decide(table, seat)
                by = "ai"
            events += self._apply(table, action, by=by)
        return events

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run bot work in the background, tracked so that shutdown can stop it."""
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _retry_later(self, table_id: int) -> None:
        """A commit the database refused outside a click (AI moves after a timer, a restart):
        try again a little later."""

        async def retry() -> None:
            table = self.tables.get(table_id)
            if table is None or table.status != STATUS_PLAYING:
                return
            async with self.lock(table_id):
                try:
                    await self._play_on(table, [])
                except TableError:
                    self._retry_later(table_id)

        asyncio.get_running_loop().call_later(RETRY_SECONDS, lambda: self._spawn(retry()))

    def ai_decide(self, table: Table, seat: int) -> GameAction:
        """The AI for a seat decides from that seat's view only; its randomness is derived
        from the table's seed and the state version, so a restart replays the same choice."""
        assert table.state is not None
        s = table.seats[seat]
        assert s is not None
        level = s.ai or table.settings.ai_level
        rng = random.Random(f"{table.seed}/{table.version}")
        started = time.perf_counter()
        action = spec_of(table).ai_action(table.state, seat, level, rng)
        self.metrics.record_ai(time.perf_counter() - started)
        return action

    # -- the turn timer ----------------------------------------------------------------
    def _cancel_timer(self, table_id: int) -> None:
        handle = self.timers.pop(table_id, None)
        if handle is not None:
            handle.cancel()

    def _arm_timer(self, table: Table) -> None:
        """A reminder at half the time, then an AI plays for the absent player. Timers are
        loop callbacks, not sleeping tasks: a thousand waiting tables cost nothing."""
        self._cancel_timer(table.table_id)
        limit = table.settings.turn_timer
        state = table.state
        if limit <= 0 or state is None or table.status != STATUS_PLAYING or state.to_act is None:
            return
        s = table.seats[state.to_act]
        if s is None or s.is_ai or s.absent:
            return
        half = limit // 2
        args = (table.table_id, state.to_act, table.version, half)
        self.timers[table.table_id] = asyncio.get_running_loop().call_later(
            limit - half, lambda: self._spawn(self._remind(*args))
        )

    def _still(self, table_id: int, version: int) -> Table | None:
        table = self.tables.get(table_id)
        if table is None or table.version != version or table.status != STATUS_PLAYING:
            return None
        return table

    async def _remind(self, table_id: int, seat: int, version: int, left: int) -> None:
        table = self._still(table_id, version)
        if table is None:
            return
        try:
            await self.presenter.remind(table, seat, left)
        except Exception:
            log.exception("reminding on table %s failed", table_id)
        self.timers[table_id] = asyncio.get_running_loop().call_later(
            left, lambda: self._spawn(self._stand_in(table_id, seat, version))
        )

    async def _stand_in(self, table_id: int, seat: int, version: int) -> None:
        async with self.lock(table_id):
            table = self._still(table_id, version)
            if table is None:
                return
            s = table.seats[seat]
            if s is None or s.is_ai:
                return
            self.timers.pop(table_id, None)
            s.absent = True
            shown = list(table.recent)
            await self.presenter.note(table, "absent", seat)
            try:
                await self._play_on(table, [])
            except TableError:  # put back as saved (he is not absent there): try it again
                table.recent = shown
                asyncio.get_running_loop().call_later(
                    RETRY_SECONDS, lambda: self._spawn(self._stand_in(table_id, seat, version))
                )

    # -- the round clock ----------------------------------------------------------------
    def _cancel_clock(self, table_id: int) -> None:
        handle = self.clocks.pop(table_id, None)
        if handle is not None:
            handle.cancel()

    def _arm_clock(self, table: Table) -> None:
        """A game with a time limit (``GameSpec.time_limit``, e.g. a Taroky round of 60
        minutes) gets the game's end request applied when its time is up, counted from
        ``table.clock_started`` (saved with the table, so a restart re-arms what is left)."""
        if table.table_id in self.clocks:
            return
        state = table.state
        if state is None or table.status != STATUS_PLAYING:
            return
        limit = spec_of(table).time_limit_of(state)
        if limit is None:
            return
        if table.clock_started is None:  # a table saved before it had a clock
            table.clock_started = self.now()
        delay = max(0.0, table.clock_started + limit.seconds - self.now())
        tid = table.table_id
        self.clocks[tid] = asyncio.get_running_loop().call_later(
            delay, lambda: self._spawn(self._time_up(tid))
        )

    def clock_end(self, table: Table) -> float | None:
        """When the table's game is asked to end by the clock (epoch seconds), if it will be."""
        if table.state is None or table.clock_started is None:
            return None
        limit = spec_of(table).time_limit_of(table.state)
        return None if limit is None else table.clock_started + limit.seconds

    async def _time_up(self, table_id: int) -> None:
        """Time is up: the game's end request is applied (logged like a move, by nobody),
        then everything is shown as after any move."""
        async with self.lock(table_id):
            self.clocks.pop(table_id, None)
            table = self.tables.get(table_id)
            if table is None or table.status != STATUS_PLAYING or table.state is None:
                return
            limit = spec_of(table).time_limit_of(table.state)
            if limit is None:
                return
            try:
                events = self._apply(table, limit.action, by="autoplay")
                await self._play_on(table, events)
            except TableError:
                log.warning("the round clock of table %s could not end it; retrying", table_id)
                self.clocks[table_id] = asyncio.get_running_loop().call_later(
                    RETRY_SECONDS, lambda: self._spawn(self._time_up(table_id))
                )

    def resume_timers(self) -> None:
        """(Re)arm every running table's turn timer and round clock (after a restart the
        clock counts from the saved start, so only what is left of the time remains)."""
        for table in self.tables.values():
            if table.status == STATUS_PLAYING:
                self._arm_timer(table)
                self._cancel_clock(table.table_id)
                self._arm_clock(table)

    async def resume(self, table: Table) -> Events:
        """After a restart: AI seats whose move was not made yet move now (and are shown)."""
        async with self.lock(table.table_id):
            if table.status != STATUS_PLAYING:
                await self._present(table, [])
                return []
            try:
                return await self._play_on(table, [])
            except TableError:
                self._retry_later(table.table_id)
                return []

    def shutdown(self) -> None:
        for handle in [*self.timers.values(), *self.clocks.values()]:
            handle.cancel()
        self.clocks.clear()
        for task in self.tasks:
            task.cancel()
        self.timers.clear()
        self.tasks.clear()
