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
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from bot.errors import TableError, UserAlreadySeated
from bot.model import (
    AI_AT_KEPT,
    STATUS_ABORTED,
    STATUS_FINISHED,
    STATUS_LOBBY,
    STATUS_PLAYING,
    JSONDict,
    Seat,
    Table,
    TableSettings,
    TurnClock,
    Unclicked,
)
from bot.storage.models import ANONYMOUS, OutboxEntry, OutboxItem
from bot.storage.protocol import TableStore
from bot.storage.settings import last_table_key
from bot.workers import AIPool
from engine import games
from engine.game import AnyGame, GameAction, GameEvent, GameSpec, start_events, state_text

log = logging.getLogger(__name__)

AI_NAMES = ("AI Karel", "AI Božena", "AI Jaroslav", "AI Libuše", "AI Václav")
RETRY_SECONDS = 5
# a turn timer continued after a restart (what was left of it) gives at least this much: a
# player whose time ran out while the bot was down is not replaced the moment it is back
TIMER_FLOOR_SECONDS = 10
EVICT_SECONDS = 3600
MAX_AUTO_STEPS = 2000  # a safety bound on forced moves in one go (a whole lóra is ~800 actions)
CHAIN_COMMIT_SECONDS = 0.5  # a chain of AI moves is committed at least this often
# A game played by the clock (a Taroky round of N minutes) at a table where no person is
# present moves at people's pace: each AI move comes this long after the one before (a Taroky
# deal is some 60 moves, about 8 minutes so: a round of 60 minutes is 7 or 8 deals, as at a
# table of people) instead of dozens of deals that flood the thread and the absent player's
# money. A table with a person present plays at his pace (he waits for no AI); a table
# without a clock plays at once.
PACE_SECONDS = 8.0


__all__ = ["Place", "Placement", "Presenter", "TableError", "TableService"]
Events = list[GameEvent]
# Where a new table plays, asked once it has its id: (channel id, entries that point there)
Place = Callable[[Table], Awaitable[tuple[int, Sequence[OutboxItem]]]]
# Whether a new table goes to a thread of its own (its ``Place``) or stays in the channel
# (None): decided while the channel takes no other new table
Placement = Callable[[], Awaitable[Place | None]]


class Presenter(Protocol):
    """What the service asks the Discord layer: the messages a change must show (outbox
    entries, composed without I/O and written in the change's transaction), and to deliver
    them once committed."""

    def lobby_shown(self, table: Table) -> list[OutboxItem]: ...

    def options_shown(self, table: Table) -> list[OutboxItem]:
        """The lobby after the creator changed the game's options."""
        ...

    def game_shown(self, table: Table, events: Sequence[GameEvent],
                   origin: int | None) -> list[OutboxItem]:
        """A game change (``origin``: the user whose click made it, not pinged for it)."""
        ...

    def closed_shown(self, table: Table, reason: str,
                     by: str | None = None) -> list[OutboxItem]: ...

    def reminder(self, table: Table, seat: int, seconds_left: int) -> list[OutboxItem]: ...

    def note(self, table: Table, key: str, seat: int) -> None: ...

    def committed(self, table: Table, entries: Sequence[OutboxEntry], game: bool) -> None:
        """The entries are in the database: deliver them (and refresh open hands after a
        game change)."""
        ...

    def chain_ended(self, table_id: int) -> None:
        """The table's AI chain is over (its refreshes held meanwhile may go)."""
        ...


@dataclass
class Metrics:
    """Timings measured inside the bot, kept only when ``enabled`` (the load benchmark turns
    it on): a bot running for months must not collect one number per move."""

    enabled: bool = False
    db_seconds: list[float] = field(default_factory=list)
    ai_seconds: list[float] = field(default_factory=list)  # asked → answered, per decision
    ai_apply_seconds: list[float] = field(default_factory=list)  # answered → move applied
    dropped_decisions: int = 0  # decisions for a state that had moved on

    def record_db(self, seconds: float) -> None:
        if self.enabled:
            self.db_seconds.append(seconds)

    def record_ai(self, seconds: float) -> None:
        if self.enabled:
            self.ai_seconds.append(seconds)


def _free_seat(seats: Sequence[Seat | None], rematch: JSONDict | None,
               user_id: int | None = None) -> int:
    """The first free seat of a lobby (TableError when the table is full). At a rematch
    (``Table.rematch``) a former player takes his old seat, and a newcomer a seat nobody of
    the finished table had (while one is free): the order of play stays theirs."""
    free = [i for i, s in enumerate(seats) if s is None]
    if not free:
        raise TableError("table_full")
    old = rematch_seats(rematch, len(seats))
    if user_id is not None and old.get(user_id) in free:
        return old[user_id]
    kept = set(old.values())
    return next((i for i in free if i not in kept), free[0])


def rematch_seats(rematch: JSONDict | None, count: int) -> dict[int, int]:
    """A rematch's former players and their seats (of ``count``) at the finished table (no
    rematch: empty)."""
    seats = (rematch or {}).get("seats")
    if not isinstance(seats, dict):
        return {}
    return {int(u): int(i) for u, i in seats.items()
            if str(u).isdigit() and isinstance(i, int) and 0 <= i < count}


def _no_return(table: Table) -> None:
    """The game is over: nobody takes a seat he left back (and it no longer knows him)."""
    for seat in table.seats:
        if seat is not None:
            seat.left_by = None


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
        ai: AIPool | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.presenter = presenter
        self.rng = random.Random(seed)
        self.on_finished = on_finished
        self.ai = ai if ai is not None else AIPool(0)
        self.now = now  # wall time for the round clock (epoch seconds; tests pass their own)
        self.tables: dict[int, Table] = {}
        self.locks: dict[int, asyncio.Lock] = {}
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.clocks: dict[int, asyncio.TimerHandle] = {}
        self.paces: dict[int, asyncio.TimerHandle] = {}  # a paced table's next AI move
        self.tasks: set[asyncio.Future[Any]] = set()
        self.drivers: dict[int, asyncio.Task[None]] = {}
        # new tables of a channel are placed one at a time: channel → (lock, users)
        self.openings: dict[int, tuple[asyncio.Lock, int]] = {}
        self.placing: set[int] = set()  # new tables on their way to a thread of their own
        self.last_tables: dict[tuple[int, int], int | None] = {}  # (guild, user) → table
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

    async def last_table(self, guild_id: int, user_id: int) -> int | None:
        """The table of the server at which the user last played: the last one whose game
        started with him seated (he may have left it since, or it may have finished), or
        None. Kept in his settings (``table:<guild id>``), so it outlives a restart;
        forget-me deletes it."""
        key = (guild_id, user_id)
        if key not in self.last_tables:
            try:
                value = (await self.store.user_settings(user_id)).get(last_table_key(guild_id))
            except Exception:
                log.warning("could not read the settings of user %s", user_id)
                return None
            ok = isinstance(value, int) and not isinstance(value, bool)
            self.last_tables[key] = value if ok else None
        return self.last_tables[key]

    async def _played_here(self, table: Table) -> None:
        """The table's game started: it is now the last table of each of its players."""
        for user_id in table.humans():
            self.last_tables[(table.guild_id, user_id)] = table.table_id
            try:
                await self.store.set_user_setting(user_id, last_table_key(table.guild_id),
                                                  table.table_id)
            except Exception:
                log.warning("could not note table %s as the last of user %s", table.table_id,
                            user_id)

    def forget_user(self, user_id: int) -> None:
        for key in [k for k in self.last_tables if k[1] == user_id]:
            del self.last_tables[key]

    def tables_in_channel(self, channel_id: int) -> list[Table]:
        """The active tables that play in the channel (not one on its way to a thread)."""
        return [
            t
            for t in self.tables.values()
            if t.channel_id == channel_id and t.status in (STATUS_LOBBY, STATUS_PLAYING)
            and t.table_id not in self.placing
        ]

    @contextlib.asynccontextmanager
    async def opening(self, channel_id: int) -> AsyncIterator[None]:
        """The channel takes one new table at a time: where it plays is decided and the
        table registered before the next one's placement looks at the channel."""
        lock, users = self.openings.get(channel_id, (asyncio.Lock(), 0))
        self.openings[channel_id] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self.openings[channel_id]
            if users == 1:
                del self.openings[channel_id]
            else:
                self.openings[channel_id] = (lock, users - 1)

    # -- persistence -------------------------------------------------------------------
    async def _save(self, table: Table, outbox: Sequence[OutboxItem] = (), *,
                    game: bool = False, channel_id: int | None = None) -> None:
        """Commit the table (state, seats, and the pending actions in its log) and the
        ``outbox`` entries of the change in one transaction, then hand the entries over for
        delivery.

        If the database refuses (locked, full, a seat rule), the table is put back as it was
        last saved and the user is told: an action is never half-applied, nothing of it is
        shown."""
        started = time.perf_counter()
        seats = table.seats_json()
        try:
            state = None if table.state is None else state_text(table.state)
            ids = await self.store.update_table(
                table.table_id,
                status=table.status,
                message_id=table.message_id,
                seats=seats,
                settings=table.settings.to_json(),
                state=state,
                version=table.version,
                actions=list(table.pending),
                extra=table.extra_json(),
                outbox=list(outbox),
                channel_id=channel_id,
            )
        except Exception as exc:
            log.exception("saving table %s failed", table.table_id)
            self._restore_saved(table)
            raise TableError(_db_key(exc)) from exc
        table.saved = (state, seats, table.status)
        table.recent.keep()
        table.pending.clear()
        table.unshown.clear()
        self.metrics.record_db(time.perf_counter() - started)
        if outbox:
            now = datetime.now(UTC)
            entries = [OutboxEntry.of(i, item, now) for i, item in zip(ids, outbox, strict=True)]
            self.presenter.committed(table, entries, game)

    async def _send(self, table: Table, outbox: Sequence[OutboxItem], *,
                    save: bool = False) -> None:
        """Entries that are no change of the game (a reminder), in their own transaction
        (``save``: with the table's extra — its turn reminded)."""
        if not outbox:
            return
        if save:
            ids = await self.store.update_table(table.table_id, extra=table.extra_json(),
                                                outbox=list(outbox))
        else:
            ids = await self.store.add_outbox(list(outbox))
        now = datetime.now(UTC)
        entries = [OutboxEntry.of(i, item, now) for i, item in zip(ids, outbox, strict=True)]
        self.presenter.committed(table, entries, False)

    def _restore_saved(self, table: Table) -> None:
        table.unshown.clear()
        table.recent.undo()
        if table.saved is None:
            return
        state, seats, status = table.saved
        table.pending.clear()
        table.state = None if state is None else spec_of(table).from_json(json.loads(state))
        table.seats = [None if x is None else Seat.from_json(x) for x in seats]
        table.status = status

    async def set_message(self, table: Table, message_id: int | None) -> None:
        table.message_id = message_id
        await self._note_ids(table, message_id=message_id)

    async def set_ping(self, table: Table, message_id: int | None) -> None:
        table.ping_message_id = message_id
        await self._note_ids(table)

    async def note_ids(self, table: Table) -> None:
        """Save which messages are the table's (its extra: ping, pointer)."""
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
        *,
        placement: Placement | None = None,
        rematch: dict[str, Any] | None = None,
    ) -> Table:
        """A new table's lobby in ``channel_id`` (``rematch``: opened by "Hrát znovu",
        ``Table.rematch``; its creator takes his old seat). ``placement`` decides whether it
        plays in a thread of its own: it is asked, and the table registered, while the channel takes
        no other new table (two ``/… new`` at the same instant in an empty channel: the
        second one sees the first). Its ``Place`` is then asked, outside that turn, where the
        table plays once it has its id (the thread, and the entries that point there); the
        table's first commit stores that channel, so a restart finds it there."""
        async with self.opening(channel_id):
            if self.table_of_user(guild_id, creator_id) is not None:
                raise TableError("already_seated")
            place = None if placement is None else await placement()
            count = games.get(game_kind).seats
            seats: list[Seat | None] = [None] * count
            seats[_free_seat(seats, rematch, creator_id)] = Seat(creator_id, creator_name,
                                                                 agreed=settings.revision)
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
                rematch=rematch,
            )
            table.saved = (None, table.seats_json(), table.status)
            self.tables[table_id] = table
            if place is not None:
                self.placing.add(table_id)
        lead: Sequence[OutboxItem] = ()
        try:
            if place is not None:
                # the intent first: a restart before the first commit finds the thread
                table.parent_id = channel_id
                await self._note_ids(table)
                table.channel_id, lead = await place(table)
        finally:
            self.placing.discard(table_id)
        await self._first_commit(table, channel_id, lead)
        return table

    async def _first_commit(self, table: Table, parent: int,
                            lead: Sequence[OutboxItem]) -> None:
        """A new lobby's first commit, once placed: the channel it plays in (``parent`` or
        a thread of its own), the entries that point there and the lobby shown."""
        if table.channel_id == parent:
            table.parent_id = None  # no thread: it plays in the channel
        moved = table.channel_id if table.channel_id != parent else None
        await self._save(table, [*lead, *self.presenter.lobby_shown(table)], channel_id=moved)

    async def place_again(self, table: Table, place: Place) -> None:
        """A lobby whose placement in a thread was cut short (a restart after its intent was
        saved and before its first commit): placed now, its first commit made."""
        async with self.lock(table.table_id):
            parent = table.channel_id
            table.channel_id, lead = await place(table)
            await self._first_commit(table, parent, lead)

    async def create_started(
        self,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        settings: TableSettings,
        seats: Sequence[Seat],
        game_kind: str,
        *,
        tournament: dict[str, Any] | None = None,
        clock_started: float | None = None,
        outbox: Sequence[OutboxItem] = (),
    ) -> Table:
        """A table that starts at once with the given seats in their order (a tournament's
        draw): no lobby, no seating draw; then it runs like any table (AI seats, timers,
        stand-ins, the round clock, restarts, the archive). ``clock_started``: the start its
        round clock counts from (a tournament round's, the same for all its tables; default
        now). ``outbox``: entries written first in the table's first commit (the one that
        starts its game and names its tournament), e.g. a tournament's opening notice: a
        table a restart adopts has announced itself, one that is opened again announces
        itself then. A human seated elsewhere in the guild is refused (``already_seated``)
        and nothing is left behind."""
        spec = games.get(game_kind)
        if len(seats) != spec.seats:
            raise ValueError(f"{game_kind} is played by {spec.seats}, not {len(seats)}")
        try:
            table_id = await self.store.create_table(
                guild_id, channel_id, creator_id, settings.to_json(),
                [s.to_json() for s in seats], game_kind,
            )
        except Exception as exc:
            log.exception("creating a started table failed")
            raise TableError(_db_key(exc)) from exc
        table = Table(table_id, guild_id, channel_id, creator_id, settings, list(seats),
                      game_kind=game_kind, seed=self.rng.getrandbits(63), tournament=tournament,
                      clock_started=clock_started)
        table.saved = (None, table.seats_json(), table.status)
        self.tables[table_id] = table
        async with self.lock(table_id):
            seed = random.Random(table.seed).getrandbits(64)
            state = self.new_game(table, random.Random(seed))
            table.state = state
            table.status = STATUS_PLAYING
            if table.clock_started is None:
                table.clock_started = self.now()
            try:
                await self._play_on(table, list(start_events(state)), lead=outbox)
            except TableError:
                await self._drop(table)
                raise
            await self._played_here(table)
        return table

    async def _drop(self, table: Table) -> None:
        """A table that could not start: closed in the database (as far as it can be) and
        forgotten here."""
        self.tables.pop(table.table_id, None)
        try:
            await self.store.update_table(table.table_id, status=STATUS_ABORTED)
        except Exception:
            log.exception("could not close table %s that failed to start", table.table_id)

    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        async with self.lock(table_id):
            table = self.get(table_id)
            if table.status != STATUS_LOBBY:
                raise TableError("already_started")
            if table.seat_of(user_id) is not None:
                raise TableError("already_here")
            if self.table_of_user(table.guild_id, user_id) is not None:
                raise TableError("already_seated")
            # joining accepts the table's options as they are now (Čl. 10, 13)
            table.seats[_free_seat(table.seats, table.rematch, user_id)] = Seat(user_id, name,
                                                           agreed=table.settings.revision)
            if user_id in table.rematch_declined():  # (he changed his mind)
                assert table.rematch is not None
                table.rematch["declined"] = [u for u in table.rematch_declined()
                                             if u != user_id]
            await self._save(table, self.presenter.lobby_shown(table))
            return table

    async def decline(self, table_id: int, user_id: int) -> Table:
        """An invited player of a rematch answers "Nehraju": the lobby shows that he does not
        play this time (kept with the table: ``Table.rematch``), so nobody waits for him; if
        he sat down already, his seat frees. Only the invited (the finished table's other
        humans) may; the answer stands until he joins after all."""
        async with self.lock(table_id):
            table = self.get(table_id)
            if table.status != STATUS_LOBBY:
                raise TableError("already_started")
            rematch = table.rematch
            old = None if rematch is None else rematch.get("of")
            if rematch is None or user_id == table.creator_id \
                    or user_id not in rematch_seats(rematch, len(table.seats)):
                raise TableError("again_not_invited", old=old if old is not None else "?")
            seat = table.seat_of(user_id)
            if seat is not None:
                table.seats[seat] = None
            elif user_id in table.rematch_declined():
                return table  # (said already: nothing changes)
            await self._save_declined(table, user_id)
            return table

    async def _save_declined(self, table: Table, user_id: int) -> None:
        """The lobby of a rematch without ``user_id``, who does not play this time (his seat
        freed already, if he sat): saved, shown."""
        assert table.rematch is not None
        before = table.rematch.get("declined")
        table.rematch["declined"] = [*table.rematch_declined(), user_id]
        try:
            await self._save(table, self.presenter.lobby_shown(table))
        except TableError:  # (the seats are put back as saved; so is his answer)
            table.rematch["declined"] = before
            raise

    async def add_ai(self, table_id: int, user_id: int, level: str,
                     seat: int | None = None) -> Table:
        """An AI player in the first free seat (``seat``: in that one, if free)."""
        async with self.lock(table_id):
            table = self.get(table_id)
            if table.status != STATUS_LOBBY:
                raise TableError("already_started")
            if table.seat_of(user_id) is None:
                raise TableError("not_seated")
            if level not in spec_of(table).ai_levels:
                raise TableError("bad_level")
            free = seat if seat is not None and 0 <= seat < len(table.seats) \
                and table.seats[seat] is None else _free_seat(table.seats, table.rematch)
            taken = {x.name for x in table.seats if x is not None}
            names = [*AI_NAMES, *(f"AI {i}" for i in range(1, len(table.seats) + 1))]
            name = next(n for n in names if n not in taken)
            table.seats[free] = Seat(None, name, ai=level)
            await self._save(table, self.presenter.lobby_shown(table))
            return table

    async def set_options(self, table_id: int, user_id: int, options: dict[str, Any]) -> Table:
        """The creator changes the game's options in the lobby: every other seated player has
        to accept them again before the game can start."""
        async with self.lock(table_id):
            table = self.get(table_id)
            if table.status != STATUS_LOBBY:
                raise TableError("already_started")
            if user_id != table.creator_id:
                raise TableError("not_creator_options")
            if options == table.settings.options:
                return table
            table.settings.options = dict(options)
            table.settings.revision += 1
            seat = table.seat_of(user_id)
            if seat is not None and (s := table.seats[seat]) is not None:
                s.agreed = table.settings.revision
            await self._save(table, self.presenter.options_shown(table))
            return table

    async def agree(self, table_id: int, user_id: int) -> Table:
        """A seated player accepts the table's options as they are now."""
        async with self.lock(table_id):
            table = self.get(table_id)
            if table.status != STATUS_LOBBY:
                raise TableError("already_started")
            seat = table.seat_of(user_id)
            if seat is None or (s := table.seats[seat]) is None:
                raise TableError("not_seated")
            if s.agreed != table.settings.revision:
                s.agreed = table.settings.revision
                await self._save(table, self.presenter.lobby_shown(table))
            return table

    async def leave(self, table_id: int, user_id: int, *, anonymize: bool = False,
                    closes: bool | None = None) -> Table:
        """Leave a lobby (the seat frees; the creator leaving closes it) or a running game:
        an AI takes the seat, which he may take back while the game runs (``take_back``; not
        at a tournament's table, nor with ``anonymize``, which also drops his name from it);
        the last player leaving a table of its own closes it. ``closes``: what the question
        he confirmed said leaving does; if it would now do otherwise, he stays
        (``TableError("changed")``)."""
        async with self.lock(table_id):
            table = self.get(table_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            if closes is not None and (table.status != STATUS_PLAYING
                                       or self.closes_on_leaving(table, user_id) != closes):
                raise TableError("changed")
            if table.status == STATUS_LOBBY:
                if user_id == table.creator_id:
                    await self._close(table, "creator_left")
                    return table
                table.seats[seat] = None
                if user_id in rematch_seats(table.rematch, len(table.seats)):
                    await self._save_declined(table, user_id)  # (not awaited any more)
                else:
                    await self._save(table, self.presenter.lobby_shown(table))
                return table
            s = table.seats[seat]
            assert s is not None
            # nobody would play on: the table closes (no AI game; his seat stays as it was,
            # unless he is forgotten)
            closes = self.closes_on_leaving(table, user_id)
            if anonymize:  # (forgotten: nameless, and nobody may take the seat back)
                table.seats[seat] = Seat(None, ANONYMOUS, ai=table.settings.ai_level,
                                         moves=s.moves, left=True, left_at=table.version,
                                         left_before=list(s.left_before))
            elif not closes:  # he may take it back while the game runs (not at a
                # tournament's table): the seat keeps what the table counts for him, the
                # AI's moves as well
                returnable = table.tournament is None
                table.seats[seat] = Seat(
                    None, s.name, ai=table.settings.ai_level, moves=s.moves, left=True,
                    ai_moves=s.ai_moves if returnable else 0,
                    auto_moves=s.auto_moves if returnable else 0,
                    ai_at=list(s.ai_at) if returnable else [],
                    left_by=user_id if returnable else None,
                    left_at=table.version, left_before=list(s.left_before))
            if closes:
                self.presenter.note(table, "left_closed", seat)
                await self._close(table, "everyone_left")
                return table
            self.presenter.note(table, "left", seat)
            await self._play_on(table, [])
            return table

    @staticmethod
    def closes_on_leaving(table: Table, user_id: int) -> bool:
        """``user_id`` leaving the running game closes the table: no other human sits there
        (a tournament's table plays on with AI players)."""
        return (table.tournament is None and table.status == STATUS_PLAYING
                and all(u == user_id for u in table.humans()))

    async def take_back(self, table_id: int, user_id: int) -> Table:
        """A player who left the running game plays his seat again (the AI that took it
        gives it back); only his own seat, while the game runs."""
        async with self.lock(table_id):
            table = self.get(table_id)
            if table.status != STATUS_PLAYING or table.state is None:
                raise TableError("not_started")
            if table.state.finished:
                raise TableError("game_over")
            mine = table.seat_of(user_id)
            if mine is not None:  # back already (at the seat he left; not anyone seated)
                s = table.seats[mine]
                if s is None or s.left_at is None:
                    raise TableError("no_return")
                return table
            seat = table.left_seat_of(user_id)
            if seat is None:
                raise TableError("no_return")
            if self.table_of_user(table.guild_id, user_id) is not None:
                raise TableError("already_seated")
            s = table.seats[seat]
            assert s is not None
            table.seats[seat] = Seat(user_id, s.name, moves=s.moves, ai_moves=s.ai_moves,
                                     auto_moves=s.auto_moves, agreed=table.settings.revision,
                                     ai_at=list(s.ai_at), left_at=s.left_at,
                                     left_before=[*s.left_before, s.left_at, table.version]
                                     if s.left_at is not None else list(s.left_before))
            self.presenter.note(table, "back", seat)
            await self._play_on(table, [], origin=user_id)  # (he opens his hand now)
            return table

    async def forget_left(self, user_id: int) -> None:
        """Forget-me: seats he left (at running tables) no longer know him."""
        for table in list(self.tables.values()):
            if table.left_seat_of(user_id) is None:
                continue
            async with self.lock(table.table_id):
                seat = table.left_seat_of(user_id)
                if seat is None or table.status not in (STATUS_LOBBY, STATUS_PLAYING):
                    continue
                s = table.seats[seat]
                assert s is not None
                s.left_by, s.name = None, ANONYMOUS
                try:
                    await self._save(table)
                except TableError:
                    log.warning("could not forget user %s at table %s", user_id,
                                table.table_id)

    async def start(self, table_id: int, user_id: int) -> Table:
        async with self.lock(table_id):
            table = self.get(table_id)
            if table.status != STATUS_LOBBY:
                raise TableError("already_started")
            if user_id != table.creator_id:
                raise TableError("not_creator")
            if not table.full:
                raise TableError("need_players", n=len(table.seats))
            waiting = table.not_agreed()
            if waiting:
                names = table.names()
                raise TableError("not_agreed", names=", ".join(names[i] for i in waiting))
            seat_rng = random.Random(table.seed)
            if table.settings.seating == "draw":
                seat_rng.shuffle(table.seats)
            state = self.new_game(table, random.Random(seat_rng.getrandbits(64)))
            table.state = state
            table.status = STATUS_PLAYING
            if table.clock_started is None:  # a tournament round may have set its own start
                table.clock_started = self.now()
            await self._play_on(table, list(start_events(state)))
            await self._played_here(table)
            return table

    async def abort(self, table_id: int, by: str | None = None, *,
                    status: str | None = None) -> Table:
        """The table closes now (``by``: the name of who closed it, told in public);
        ``status``: what a question confirmed was about (a lobby, a game): a table that has
        changed since is left as it is (``TableError("changed")``)."""
        async with self.lock(table_id):
            table = self.get(table_id)
            if status is not None and table.status != status:
                raise TableError("changed")
            await self._close(table, "aborted", by)
            return table

    async def _close(self, table: Table, reason: str, by: str | None = None) -> None:
        table.status = STATUS_ABORTED
        _no_return(table)
        self._cancel_timer(table.table_id)
        self._cancel_clock(table.table_id)
        await self._save(table, self.presenter.closed_shown(table, reason, by))
        self._evict_later(table.table_id)

    # -- play --------------------------------------------------------------------------
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
            table, _seat, back = await self._acting(table_id, user_id, version)
            assert table.state is not None
            legal = table.state.legal_actions()
            if not 0 <= index < len(legal):
                if back:
                    await self._play_on(table)  # he is back, though his click is of no use
                # the buttons are of this state (``_acting``): a control his hand shows
                # disabled (its reason beside it), not a game that moved on
                raise TableError("illegal")
            events = self._apply(table, legal[index], by=user_id)
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
            await self._play_on(table, origin=user_id)
            return events

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
        self._drive(table, origin)
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
        self._mark_turn(table)  # (after the presenter: it reads the turn as it was)
        await self._save(table, [*lead, *outbox], game=True)
        if table.status == STATUS_FINISHED and self.on_finished is not None:
            await self.on_finished(table)
        self._arm_timer(table)
        self._arm_clock(table)
        if table.status == STATUS_FINISHED:
            self._evict_later(table.table_id)

    def _untimed(self, table: Table) -> bool:
        """The game has no round clock running: a game that ends by time (a Taroky round of
        N minutes) whose AI players ran into the bound waits for its clock instead of playing
        deal after deal at full speed until the time is up."""
        return table.state is None or spec_of(table).time_limit_of(table.state) is None

    def _evict_later(self, table_id: int) -> None:
        """A finished or aborted table leaves memory after a while (its buttons keep working
        meanwhile; the archive keeps the game)."""
        def evict() -> None:
            table = self.tables.get(table_id)
            if table is not None and table.status in (STATUS_FINISHED, STATUS_ABORTED):
                del self.tables[table_id]
                self.locks.pop(table_id, None)

        asyncio.get_running_loop().call_later(EVICT_SECONDS, evict)

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
            elif s.user_id is not None and by == "autoplay":
                s.auto_moves += 1
        table.pending.append({**action.to_json(), "by": by})
        table.unshown.extend(events)
        if state.finished:
            table.status = STATUS_FINISHED
            _no_return(table)
            self._cancel_timer(table.table_id)
            self._cancel_clock(table.table_id)
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
        for _ in range(MAX_AUTO_STEPS):
            if self._auto_actor(table) != "forced":
                break
            assert table.state is not None
            seat = table.state.to_act
            assert seat is not None
            table.unshown.append(Unclicked(seat, "auto"))
            self._apply(table, table.state.legal_actions()[0], by="autoplay")
        return events

    # -- the AI driver -----------------------------------------------------------------
    def ai_to_move(self, table_id: int) -> bool:
        """An AI seat (or an AI standing in for an absent player) is to move at the table and
        its chain is under way (its driver runs, or the change that starts it holds the
        table's lock): a refresh of it now would be followed by another as soon as the AI
        has moved, and ``Presenter.chain_ended`` follows."""
        table = self.tables.get(table_id)
        return (table is not None and self._auto_actor(table) in ("ai", "absent")
                and (self.driving(table_id) or self.lock(table_id).locked()))

    def driving(self, table_id: int) -> bool:
        """An AI chain is being played at the table."""
        task = self.drivers.get(table_id)
        return task is not None and not task.done()

    async def settled(self, table_id: int) -> None:
        """Until the table's AI chain (if one is being played) has ended."""
        while self.driving(table_id):
            await asyncio.shield(self.drivers[table_id])

    def _drive(self, table: Table, origin: int | None = None) -> None:
        """Start the table's driver if an AI seat (or an absent player) is to move — at a
        paced table (``_paced``) after ``PACE_SECONDS``, a loop timer like the turn timer's
        (armed anew by ``resume`` after a restart), one move at a time."""
        tid = table.table_id
        if self.driving(tid):
            return
        if self._auto_actor(table) not in ("ai", "absent"):
            self._cancel_pace(tid)
            self.presenter.chain_ended(tid)  # (nothing held waits for a chain)
            return
        if self._paced(table):
            if tid not in self.paces:
                self.paces[tid] = asyncio.get_running_loop().call_later(
                    PACE_SECONDS, lambda: self._paced_move(tid))
            self.presenter.chain_ended(tid)
            return
        self._cancel_pace(tid)  # (a person is back: the AI moves at once)
        self._start_driver(tid, origin)

    def _start_driver(self, table_id: int, origin: int | None) -> None:
        task = asyncio.ensure_future(self._driver(table_id, origin))
        self.drivers[table_id] = task
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _paced(self, table: Table) -> bool:
        """The table's AI moves wait ``PACE_SECONDS`` each: its game runs on a round clock
        and no person is present there (every human seat absent, or none). Once the time is
        up, the deal in progress is played out at once, as at any table."""
        return not self._untimed(table) and not any(
            s is not None and s.user_id is not None and not s.absent for s in table.seats)

    def _paced_move(self, table_id: int) -> None:
        self.paces.pop(table_id, None)
        if table_id in self.tables and not self.driving(table_id):
            self._start_driver(table_id, None)

    def _cancel_pace(self, table_id: int) -> None:
        handle = self.paces.pop(table_id, None)
        if handle is not None:
            handle.cancel()

    def _ask(self, table: Table) -> tuple[int, str, int] | None:
        """(seat, level, version) of the AI move due now, or None."""
        if self._auto_actor(table) not in ("ai", "absent"):
            return None
        assert table.state is not None and table.state.to_act is not None
        seat = table.state.to_act
        s = table.seats[seat]
        assert s is not None
        level = (s.ai if s.is_ai else None) or table.settings.ai_level
        return seat, level, table.version

    async def _driver(self, table_id: int, origin: int | None) -> None:
        loop = asyncio.get_running_loop()
        began = time.perf_counter()  # the chain's decisions go before later chains' (pool)
        chain_started: float | None = None
        moves = 0  # AI moves of this chain
        again: Table | None = None  # a paced table: its next move after the pace
        try:
            while True:
                table = self.tables.get(table_id)
                if table is None:
                    return
                async with self.lock(table_id):
                    asked = self._ask(table)
                    if moves and asked is not None and self._paced(table):
                        # one move per pace: shown now, the next one after the pace
                        if table.pending and not await self._commit_or_retry(table, origin):
                            return
                        again = table
                        return
                    due = chain_started is not None and (
                        asked is None or loop.time() - chain_started >= CHAIN_COMMIT_SECONDS)
                    if table.pending and due:
                        if not await self._commit_or_retry(table, origin):
                            return
                        chain_started = None
                    if asked is None:
                        return
                    if moves >= MAX_AUTO_STEPS and not self._untimed(table):
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
                    decided = await self.ai.decide(table.game_kind, level, view, seed,
                                                   order=began)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    if self.ai.closed:
                        return
                    log.exception("the AI of table %s could not decide", table_id)
                    self._retry_later(table_id)
                    return
                answered = time.perf_counter()
                self.metrics.record_ai(answered - started)
                async with self.lock(table_id):
                    if self._ask(table) != asked or self.tables.get(table_id) is not table:
                        self.metrics.dropped_decisions += 1
                        log.info("table %s moved on: the AI's decision for version %s is "
                                 "dropped", table_id, version)
                        continue
                    assert table.state is not None
                    action = spec_of(table).action_from_json(decided)
                    if self._auto_actor(table) == "absent":
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
                        self._apply(table, action, by="ai")
                    except TableError:
                        log.exception("the AI of table %s chose an illegal action", table_id)
                        self._apply(table, table.state.legal_actions()[0], by="ai")
                    self._advance(table)
                    if self.metrics.enabled:
                        self.metrics.ai_apply_seconds.append(time.perf_counter() - answered)
                    if chain_started is None:
                        chain_started = loop.time()
        finally:
            if self.drivers.get(table_id) is asyncio.current_task():
                del self.drivers[table_id]
            self.presenter.chain_ended(table_id)
            if again is not None:
                self._drive(again)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run bot work in the background, tracked so that shutdown can stop it."""
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _commit_or_retry(self, table: Table, origin: int | None) -> bool:
        """An AI chain's moves committed; refused by the database, tried again later
        (``_retry_later``) and False: the chain stops."""
        try:
            await self._commit(table, origin)
        except TableError:
            self._retry_later(table.table_id)
            return False
        return True

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

        asyncio.get_running_loop().call_later(RETRY_SECONDS, lambda: self._spawn(retry()))

    # -- the turn timer ----------------------------------------------------------------
    def _cancel_timer(self, table_id: int) -> None:
        handle = self.timers.pop(table_id, None)
        if handle is not None:
            handle.cancel()

    def _mark_turn(self, table: Table) -> TurnClock | None:
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
            turn = table.turn = TurnClock(table.version, seat, self.now())
        return turn

    def _arm_timer(self, table: Table) -> None:
        """A reminder at half the time, then an AI plays for the absent player. Timers are
        loop callbacks, not sleeping tasks: a thousand waiting tables cost nothing.
        The time counts from the start of the turn (``Table.turn``): armed again for the same
        turn — after a restart — only what is left of it remains (at least
        ``TIMER_FLOOR_SECONDS``), and a reminder already sent is not sent again; one that fell
        due while the bot was down comes at once, with the seconds left."""
        self._cancel_timer(table.table_id)
        limit = table.settings.turn_timer
        state = table.state
        if limit <= 0 or state is None or table.status != STATUS_PLAYING or state.to_act is None:
            return
        turn = self._mark_turn(table)
        if turn is None:
            return
        half = limit // 2
        left = max(turn.started + limit - self.now(), min(TIMER_FLOOR_SECONDS, half))
        tid, seat, version = table.table_id, turn.seat, table.version
        loop = asyncio.get_running_loop()
        if turn.reminded:
            self.timers[tid] = loop.call_later(
                left, lambda: self._spawn(self._stand_in(tid, seat, version)))
            return
        shown = min(half, math.ceil(left))
        self.timers[tid] = loop.call_later(
            max(0.0, left - shown), lambda: self._spawn(self._remind(tid, seat, version, shown))
        )

    def _still(self, table_id: int, version: int) -> Table | None:
        table = self.tables.get(table_id)
        if table is None or table.version != version or table.status != STATUS_PLAYING:
            return None
        return table

    async def _remind(self, table_id: int, seat: int, version: int, left: int) -> None:
        async with self.lock(table_id):
            table = self._still(table_id, version)
            if table is None:
                return
            turn = table.turn
            if turn is not None and (turn.version, turn.seat) == (version, seat):
                turn.reminded = True  # saved with the reminder: a restart does not repeat it
            try:
                await self._send(table, self.presenter.reminder(table, seat, left), save=True)
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
            s.absent, s.ai_stood = True, False
            self.presenter.note(table, "absent", seat)
            try:
                await self._play_on(table)
            except TableError:  # put back as saved (he is not absent there): try it again
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
                self._apply(table, limit.action, by="autoplay")
                await self._play_on(table)
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
        """After a restart: the table message refreshed, and AI seats whose move was not made
        yet move now."""
        async with self.lock(table.table_id):
            if table.status != STATUS_PLAYING:
                await self._send(table, self.presenter.lobby_shown(table))
                return []
            try:
                return await self._play_on(table)
            except TableError:
                self._retry_later(table.table_id)
                return []

    def shutdown(self) -> None:
        for handle in [*self.timers.values(), *self.clocks.values(), *self.paces.values()]:
            handle.cancel()
        self.clocks.clear()
        self.paces.clear()
        for task in self.tasks:
            task.cancel()
        self.timers.clear()
        self.tasks.clear()
