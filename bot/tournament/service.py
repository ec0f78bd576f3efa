"""The course of a tournament, without Discord: registration, the start, the draw of every
round, one started table per group of the draw (the core's ``TableService.create_started``:
timers, AI stand-ins, restarts and the archive are the tables' own), results as each table
ends, the standings after every round, substitutes, and picking everything up after a
restart.

Every step is written to the store before it is shown, and each can be taken again after a
restart without doubling anything: a round's tables are stored with the draw in one
transaction, a table carries its tournament (``Table.tournament``), a result is recorded once.
What a step must show (the tournament's message refreshed, a table's opening, its sheet, the
standings, the next round, the winner, a cancellation) is composed by the presenter before
the step and written to the outbox in the step's own transaction (``OutboxBatch``): a crash
can neither lose a notice of a committed step nor show one of a step that did not commit.
"""

from __future__ import annotations

import asyncio
import logging
import random
import weakref
from collections.abc import Coroutine, Sequence
from datetime import UTC, datetime
from typing import Any, Protocol

from bot.errors import AlreadyRegistered, TableError
from bot.model import (
    STATUS_ABORTED,
    STATUS_FINISHED,
    STATUS_LOBBY,
    STATUS_PLAYING,
    Seat,
    Table,
    TableSettings,
)
from bot.persist import archive, table_from_record
from bot.service import AI_NAMES, TableService
from bot.storage.models import (
    ACTIVE_TOURNAMENT,
    EntrantRecord,
    OutboxBatch,
    OutboxEntry,
    OutboxItem,
    TableStatus,
    TournamentRecord,
    TournamentStatus,
    TournamentTableRecord,
    parse_link,
)
from bot.storage.protocol import TableStore
from bot.tournament import model
from bot.tournament.model import MAX_ENTRANTS, TournamentSettings, settings_of
from bot.tournament.scoring import standings
from engine import games
from engine.tournament import draw_tables, meetings

log = logging.getLogger(__name__)


class TournamentPresenter(Protocol):
    """What the service asks the Discord side: the outbox entries a step must show
    (composed before the step, written in its transaction), their delivery once committed,
    and a table's thread."""

    def tournament_shown(self, t: TournamentRecord) -> list[OutboxItem]:
        """The tournament's message refreshed (from the tournament as it is when sent)."""
        ...

    async def open_thread(self, t: TournamentRecord, round_no: int, table_no: int, *,
                          again: bool = False) -> int | None:
        """A thread of the tournament's channel for one table (its id; None: none could be
        made, the table plays in the channel itself); ``again``: its previous thread was
        deleted (its name says so: the channel shows it)."""
        ...

    async def channel_caught_up(self, t: TournamentRecord) -> None:
        """Until what the tournament's channel was told is there (a round's standings,
        sheets and the next round's notice): a table's thread shows its start in the
        channel at once, and a club reads the channel top to bottom."""
        ...

    def opening_shown(self, t: TournamentRecord, slot: TournamentTableRecord,
                      seats: Sequence[Seat], *, again: bool = False) -> list[OutboxItem]:
        """A table's first post; ``again``: it says the table is played again from the
        start because its thread was deleted."""
        ...

    def round_drawn_shown(self, t: TournamentRecord, round_no: int,
                          drawn: Sequence[Sequence[int]]) -> list[OutboxItem]:
        """The round's draw (entrants' numbers per table), before its tables open."""
        ...

    def table_done_shown(self, t: TournamentRecord,
                         slot: TournamentTableRecord) -> list[OutboxItem]: ...

    def absent_shown(self, t: TournamentRecord, round_no: int,
                     entrants: Sequence[int]) -> list[OutboxItem]:
        """The organiser told in the tournament's channel that these entrants made no move of
        their own at their tables of round ``round_no`` (withdrawn from the next round on)."""
        ...

    def round_done_shown(self, t: TournamentRecord, round_no: int) -> list[OutboxItem]:
        """The standings after the round and its sheets (``t`` holds every result of the
        round)."""
        ...

    def winner_shown(self, t: TournamentRecord) -> list[OutboxItem]: ...

    def tournament_closed_shown(self, t: TournamentRecord, reason: str,
                                by: str | None = None) -> list[OutboxItem]: ...

    def tournament_committed(self, entries: Sequence[OutboxEntry]) -> None:
        """Entries of a committed step: deliver them."""
        ...

    def tournament_seen(self, t: TournamentRecord) -> None:
        """The tournament as stored now (what its entries are delivered from)."""
        ...


def refuse(key: str, **params: Any) -> TableError:
    """A refusal worded in ``core.tournament.<key>``."""
    return TableError(f"tournament.{key}", **params)


def withdrawable(t: TournamentRecord, user_id: int) -> EntrantRecord:
    """The entrant ``user_id`` may withdraw as, else the refusal: he is not registered, or an
    AI already plays for him (he withdrew, or left his table) — what is true: since when, to
    the end, no way back (review 40: "V tomto turnaji nehraješ."). The desk asks before its
    question and ``leave`` again under the lock (a second click may have come between)."""
    e = model.entrant_of_user(t, user_id)
    if e is None:
        raise refuse("not_registered")
    if model.has_withdrawn(e):
        absent = model.withdrawn_for_absence(t, e)
        if absent is not None:
            raise refuse("already_withdrawn_absent", id=t.tournament_id,
                         round=e.replaced_from, absent=absent)
        raise refuse("already_withdrawn", id=t.tournament_id, round=e.replaced_from)
    return e


class TournamentService:
    def __init__(self, store: TableStore, tables: TableService,
                 presenter: TournamentPresenter, *, seed: int | None = None) -> None:
        self.store = store
        self.tables = tables
        self.presenter = presenter
        self.tournaments: dict[int, TournamentRecord] = {}
        # a tournament's lock lives while someone holds it or waits for it (a weak mapping:
        # an ended tournament's goes by itself; kept for good before, one per tournament)
        self.locks: weakref.WeakValueDictionary[int, asyncio.Lock] = \
            weakref.WeakValueDictionary()
        self.tasks: set[asyncio.Future[Any]] = set()
        # (tournament, round, table) played again because its thread was deleted, until it
        # is opened again: its new thread says why (``table_gone``; review 42)
        self.replayed: set[tuple[int, int, int]] = set()
        # the tournaments' own draws (the tables' seeds stay as the table service makes them)
        self.rng = random.Random(None if seed is None else f"tournaments/{seed}")

    # -- lookup ------------------------------------------------------------------------
    def lock(self, tournament_id: int) -> asyncio.Lock:
        return self.locks.setdefault(tournament_id, asyncio.Lock())

    def get(self, tournament_id: int) -> TournamentRecord:
        t = self.tournaments.get(tournament_id)
        if t is None:
            raise refuse("none")
        return t

    async def _reload(self, tournament_id: int) -> TournamentRecord:
        t = await self.store.get_tournament(tournament_id)
        if t is None:
            raise refuse("none")
        self.presenter.tournament_seen(t)
        if t.status in ACTIVE_TOURNAMENT:
            self.tournaments[tournament_id] = t
        else:
            self.tournaments.pop(tournament_id, None)
        return t

    async def refresh(self) -> None:
        """Read every active tournament again (after the store changed them, e.g. a player
        forgotten)."""
        for tid in list(self.tournaments):
            try:
                await self._reload(tid)
            except TableError:
                self.tournaments.pop(tid, None)

    def active_of_user(self, guild_id: int, user_id: int) -> TournamentRecord | None:
        """The running tournament of this guild in which the user still plays himself."""
        for t in self.tournaments.values():
            e = model.entrant_of_user(t, user_id)
            if t.guild_id == guild_id and e is not None and not model.has_withdrawn(e):
                return t
        return None

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def shutdown(self) -> None:
        for task in self.tasks:
            task.cancel()
        self.tasks.clear()

    # -- registration ------------------------------------------------------------------
    async def create(self, guild_id: int, channel_id: int, organiser_id: int, game_kind: str,
                     settings: TournamentSettings) -> TournamentRecord:
        open_ = next((t for t in self.tournaments.values() if t.channel_id == channel_id
                      and t.status == TournamentStatus.REGISTRATION), None)
        if open_ is not None:  # two registration messages in one channel: one at a time
            raise refuse("registration_open", id=open_.tournament_id)
        settings.seed = self.rng.getrandbits(63)
        try:
            tid = await self.store.create_tournament(guild_id, channel_id, organiser_id,
                                                     game_kind, settings.to_json())
        except Exception as exc:
            log.exception("creating a tournament failed")
            raise TableError("db_error") from exc
        return await self._reload(tid)

    async def _write(self, coro: Coroutine[Any, Any, Any]) -> Any:
        try:
            return await coro
        except AlreadyRegistered as exc:
            raise refuse("already_registered") from exc
        except Exception as exc:
            log.exception("a tournament write failed")
            raise TableError("db_error") from exc

    def _committed(self, batch: OutboxBatch) -> None:
        """Hand a committed step's entries over for delivery (none: it changed nothing)."""
        if batch.ids:
            now = datetime.now(UTC)
            self.presenter.tournament_committed(
                [OutboxEntry.of(i, item, now)
                 for i, item in zip(batch.ids, batch.items, strict=True)])

    async def _change(self, tournament_id: int, write: Coroutine[Any, Any, Any],
                      batch: OutboxBatch) -> Any:
        """A store write that carries ``batch`` in its transaction, then its delivery: after
        the tournament is read again, for its pictures are drawn from it when sent."""
        result = await self._write(write)
        if batch.ids:
            try:
                await self._reload(tournament_id)
            except Exception:
                log.exception("reading tournament %s again failed", tournament_id)
        self._committed(batch)
        return result

    async def show(self, t: TournamentRecord) -> None:
        """Refresh the tournament's message outside a step (just created, after a restart):
        a missed one is made up by the next step or restart."""
        try:
            batch = OutboxBatch(self.presenter.tournament_shown(t))
            batch.ids = await self.store.add_outbox(batch.items)
        except Exception:
            log.exception("refreshing the message of tournament %s failed", t.tournament_id)
            return
        self._committed(batch)

    async def join(self, tournament_id: int, user_id: int, name: str) -> TournamentRecord:
        async with self.lock(tournament_id):
            t = self.get(tournament_id)
            if t.status != TournamentStatus.REGISTRATION:
                raise refuse("started")
            if model.entrant_of_user(t, user_id) is not None:
                raise refuse("already_registered")
            other = self.active_of_user(t.guild_id, user_id)
            if other is not None:
                raise refuse("in_other", id=other.tournament_id)
            if len(t.entrants) >= MAX_ENTRANTS:
                raise refuse("full", n=MAX_ENTRANTS)
            batch = OutboxBatch(self.presenter.tournament_shown(t))
            await self._change(tournament_id, self.store.add_entrant(
                tournament_id, user_id, name, outbox=batch), batch)
            return await self._reload(tournament_id)

    async def add_ai(self, tournament_id: int, user_id: int, level: str, *,
                     manager: bool = False) -> TournamentRecord:
        """An AI player on the list: by the organiser, or a server manager (``manager``), as
        either may cancel it (review 84)."""
        async with self.lock(tournament_id):
            t = self.get(tournament_id)
            if user_id != t.organiser_id and not manager:
                raise refuse("add_ai_denied", organiser=model.organiser_shown(t))
            if t.status != TournamentStatus.REGISTRATION:
                raise refuse("started")
            if level not in games.get(t.game_kind).ai_levels:
                raise TableError("bad_level")
            if len(t.entrants) >= MAX_ENTRANTS:
                raise refuse("full", n=MAX_ENTRANTS)
            batch = OutboxBatch(self.presenter.tournament_shown(t))
            await self._change(tournament_id, self.store.add_entrant(
                tournament_id, None, _ai_name(t), level, outbox=batch), batch)
            return await self._reload(tournament_id)

    async def leave(self, tournament_id: int, user_id: int) -> str:
        """Before the start: off the list. Later: an AI substitute plays for him from now on
        (at his running table at once, as the core's ``leave`` does; a seat an AI plays for
        him because the round began while he was busy elsewhere is no longer his to take
        back: "there is no way back"). Returns what happened: "unregistered" or
        "withdrawn"."""
        async with self.lock(tournament_id):
            t = self.get(tournament_id)
            e = withdrawable(t, user_id)
            batch = OutboxBatch(self.presenter.tournament_shown(t))
            if t.status == TournamentStatus.REGISTRATION:
                await self._change(tournament_id, self.store.remove_entrant(
                    tournament_id, e.entrant_no, outbox=batch), batch)
                done = "unregistered"
                table = None
            else:  # at his running table an AI takes over (or plays on) now, else from the
                # next round
                table = self._running_table_of(t, user_id)
                start = t.round_no if table is not None else t.round_no + 1
                await self._change(tournament_id, self.store.withdraw_entrant(
                    tournament_id, e.entrant_no, start, outbox=batch), batch)
                done = "withdrawn"
            await self._reload(tournament_id)
        if table is not None and table.seat_of(user_id) is not None:
            await self.tables.leave(table.table_id, user_id)  # (noted when the table ends)
        elif table is not None:  # (review 25: he took it back after withdrawing)
            await self.tables.drop_return(table.table_id, user_id)
        return done

    async def seat_left(self, link: dict[str, Any], user_id: int) -> None:
        """He left his table of this round (the core's ``leave``, confirmed): withdrawn from
        this round on at once, so that the tournament's message shows his substitute now as
        after Odstoupit (the table's end records the substitution)."""
        tid, r = int(link["id"]), int(link["round"])
        async with self.lock(tid):
            t = self.tournaments.get(tid)
            if t is None or t.status != TournamentStatus.PLAYING or t.round_no != r:
                return
            e = model.entrant_of_user(t, user_id)
            if e is None or model.has_withdrawn(e):
                return
            batch = OutboxBatch(self.presenter.tournament_shown(t))
            await self._change(tid, self.store.withdraw_entrant(
                tid, e.entrant_no, r, outbox=batch), batch)

    async def seat_back(self, link: dict[str, Any], user_id: int) -> None:
        """He took back his seat at his table of this round, which an AI played because he
        was playing elsewhere when the round began: the AI is no longer his substitute (the
        sheet and the message no longer mark him; the table's own results name the AI's
        part)."""
        tid, r, n = int(link["id"]), int(link["round"]), int(link["table"])
        async with self.lock(tid):
            t = self.tournaments.get(tid)
            if t is None or t.status != TournamentStatus.PLAYING or t.round_no != r:
                return
            e = model.entrant_of_user(t, user_id)
            if e is None or model.has_withdrawn(e):  # withdrawn: the AI plays on
                return
            seat = model.busy_seat(t, r, n, e)
            if seat is None:
                return
            batch = OutboxBatch(self.presenter.tournament_shown(t))
            await self._change(tid, self.store.drop_substitution(tid, r, n, seat, outbox=batch),
                               batch)

    def withdrawn_at(self, link: dict[str, Any], user_id: int) -> bool:
        """He withdrew from the tournament of this table (``Table.tournament``): no seat of
        it is his to take back (review 25: one busy elsewhere when the round began took his
        seat back after withdrawing)."""
        t = self.tournaments.get(int(link["id"]))
        e = None if t is None else model.entrant_of_user(t, user_id)
        return e is not None and model.has_withdrawn(e)

    def _running_table_of(self, t: TournamentRecord, user_id: int) -> Table | None:
        """His running table of the current round: he sits there, or an AI plays his seat
        because the round began while he was busy elsewhere (he may take it back)."""
        for s in model.tables_of(t, t.round_no):
            table = self.tables.tables.get(s.table_id or -1)
            if (table is not None and table.status == STATUS_PLAYING
                    and (table.seat_of(user_id) is not None
                         or table.left_seat_of(user_id) is not None)):
                return table
        return None

    async def cancel(self, tournament_id: int, by: str | None = None) -> TournamentRecord:
        """The whole tournament ends now (the organiser or a server manager, ``by``: his
        name, told in the channel as a table's abort names him): its running tables are
        aborted."""
        async with self.lock(tournament_id):
            t = self.get(tournament_id)
            batch = OutboxBatch([*self.presenter.tournament_shown(t),
                                 *self.presenter.tournament_closed_shown(t, "cancelled", by)])
            await self._change(tournament_id, self.store.update_tournament(
                tournament_id, status=TournamentStatus.CANCELLED, outbox=batch), batch)
            t = await self._reload(tournament_id)
        for s in model.tables_of(t, t.round_no):
            table = self.tables.tables.get(s.table_id or -1)
            if table is not None and table.status == STATUS_PLAYING:
                try:
                    await self.tables.abort(table.table_id)
                except TableError:
                    log.warning("could not abort table %s", table.table_id)
        return t

    async def table_gone(self, table: Table) -> None:
        """A table of the current round ended because its thread was deleted (``Gone``): it
        is played again in a new thread, as a restart plays a table aborted from outside
        (``_catch_up``); the tournament goes on."""
        link = parse_link(table.tournament)
        if link is None or link["id"] not in self.tournaments:
            return
        tid, r, n = link["id"], link["round"], link["table"]
        async with self.lock(tid):
            t = await self._reload(tid)
            if t.status != TournamentStatus.PLAYING or t.round_no != r:
                return
            slot = next((s for s in model.tables_of(t, r) if s.table_no == n), None)
            if slot is None or slot.table_id != table.table_id or slot.result is not None:
                return
            if slot.thread_id == table.channel_id:  # (a new thread for it)
                slot.thread_id = None
                await self._write(self.store.set_table_place(tid, r, n, thread_id=None))
            self.replayed.add((tid, r, n))
            await self._catch_up(t)

    async def set_message(self, t: TournamentRecord, message_id: int | None,
                          later: Sequence[OutboxItem] = ()) -> None:
        """Save the tournament's message; ``later`` (the entries that end the one it
        replaces) in the same transaction: then a refusal is raised and nothing changes (the
        delivery finds the post again and tries again), else it is logged (the id kept in
        memory)."""
        batch = OutboxBatch(list(later))
        try:
            await self.store.update_tournament(t.tournament_id, message_id=message_id,
                                               outbox=batch if later else None)
        except Exception:
            if later:
                raise
            log.warning("could not save the message of tournament %s", t.tournament_id)
        t.message_id = message_id
        self._committed(batch)

    # -- the start and the rounds ------------------------------------------------------
    async def start(self, tournament_id: int, user_id: int, *,
                    manager: bool = False) -> TournamentRecord:
        """The first round: by the organiser, or a server manager (``manager``), as either
        may cancel it (review 84: an organiser gone idle left cancelling as all to do)."""
        async with self.lock(tournament_id):
            t = self.get(tournament_id)
            if user_id != t.organiser_id and not manager:
                raise refuse("start_denied", organiser=model.organiser_shown(t))
            if t.status != TournamentStatus.REGISTRATION:
                raise refuse("started")
            size = games.get(t.game_kind).seats
            settings = settings_of(t)
            if len(t.entrants) < 2:
                raise refuse("too_few")
            missing = -len(t.entrants) % size
            if missing and settings.fill != "ai":
                raise refuse("not_divisible", n=size, missing=missing)
            for _ in range(missing):
                t = await self._reload(tournament_id)
                batch = OutboxBatch(self.presenter.tournament_shown(t))
                await self._change(tournament_id, self.store.add_entrant(
                    tournament_id, None, _ai_name(t), settings.ai_level, outbox=batch), batch)
            t = await self._reload(tournament_id)
            return await self._start_round(t, 1)

    async def _start_round(self, t: TournamentRecord, round_no: int) -> TournamentRecord:
        """Draw the round (reproducible: the tournament's seed and the round), store it, and
        open its tables. Called under the tournament's lock."""
        size = games.get(t.game_kind).seats
        earlier = [s.seats for s in t.tables if s.round_no < round_no]
        rng = random.Random(f"{settings_of(t).seed}/draw/{round_no}")
        numbers = [e.entrant_no for e in t.entrants]
        # spread whoever an AI plays for (AI entrants, the withdrawn): people meet people
        ais = [e.entrant_no for e in t.entrants if model.ai_plays(e, round_no)]
        drawn = draw_tables(numbers, rng, size, meetings(earlier), spread=ais)
        batch = OutboxBatch([*self.presenter.round_drawn_shown(t, round_no, drawn),
                             *self.presenter.tournament_shown(t)])
        await self._change(t.tournament_id, self.store.start_round(
            t.tournament_id, round_no, drawn, outbox=batch), batch)
        t = await self._reload(t.tournament_id)
        await self._open_tables(t)
        return await self._reload(t.tournament_id)

    def _round_start(self, t: TournamentRecord) -> float:
        """When the round's clock started: its tables already open share one start (a table
        opened after a restart keeps the round's), else now."""
        starts = [table.clock_started for s in model.tables_of(t, t.round_no)
                  if (table := self.tables.tables.get(s.table_id or -1)) is not None
                  and table.clock_started is not None]
        return min(starts) if starts else self.tables.now()

    async def _open_tables(self, t: TournamentRecord) -> None:
        """The round's tables not opened yet, after what the channel was told before (the
        previous round's standings come before this round's threads)."""
        start = self._round_start(t)
        unopened = [s for s in model.tables_of(t, t.round_no)
                    if s.table_id is None and s.result is None]
        if unopened:
            await self.presenter.channel_caught_up(t)
        for s in unopened:
            if s.table_id is None and s.result is None:  # (as it may be after the wait)
                try:
                    await self._open_table(t, s, start)
                except Exception:
                    log.exception("opening table %s of round %s of tournament %s failed",
                                  s.table_no, s.round_no, t.tournament_id)

    async def _open_table(self, t: TournamentRecord, s: TournamentTableRecord,
                          start: float) -> None:
        """One table of the round: its thread, its seats (AI entrants, AI substitutes for the
        withdrawn and the busy), then a started table with the tournament's settings and the
        round's start for its clock (a round of N minutes ends at all tables at once)."""
        tid, r, n = t.tournament_id, s.round_no, s.table_no
        adopted = self._table_with_link(model.link(t, r, n))
        if adopted is not None:  # created (and announced) before a restart, not yet noted
            batch = OutboxBatch(self.presenter.tournament_shown(t))
            await self._change(tid, self.store.set_table_place(
                tid, r, n, table_id=adopted.table_id, outbox=batch), batch)
            return
        settings = settings_of(t)
        again = (tid, r, n) in self.replayed
        if s.thread_id is None:
            thread = await self.presenter.open_thread(t, r, n, again=again)
            s.thread_id = thread
            if thread is not None:
                await self._write(self.store.set_table_place(tid, r, n, thread_id=thread))
        seats: list[Seat] = []
        for seat, number in enumerate(s.seats):
            e = model.entrant(t, number)
            await self._leave_lobby(t, e, r)
            reason = self._absence(t, e, r)
            if reason is not None and model.substitution(t, r, n, seat) is None:
                await self._write(self.store.add_substitution(tid, r, n, seat, number, reason))
            if e.ai_level is not None:
                seats.append(Seat(None, e.name, ai=e.ai_level))
            elif reason == "busy":  # he may take it back once free, as one who left a
                # table of his own (the core's ``take_back``; ``seat_back`` then)
                seats.append(Seat(None, e.name, ai=settings.ai_level, left=True,
                                  left_by=e.user_id, left_at=0))
            elif reason is not None or e.user_id is None:  # marked as one who left: "(AI)";
                # at the game's start (``left_at``: its results say an AI played it whole)
                seats.append(Seat(None, e.name, ai=settings.ai_level, left=True, left_at=0))
            else:
                seats.append(Seat(e.user_id, e.name))
        rules = games.get(t.game_kind).tournament_rules()
        table_settings = TableSettings(
            options=rules.numbered(rules.round_options(settings.options, settings.length,
                                                       settings.rounds), r),
            turn_timer=settings.turn_timer, lang=settings.lang, seating="join",
            autoplay=settings.autoplay, ai_level=settings.ai_level)
        table = await self.tables.create_started(
            t.guild_id, s.thread_id or t.channel_id, t.organiser_id or 0, table_settings, seats,
            t.game_kind, tournament=model.seated_link(t, s), clock_started=start,
            outbox=self.presenter.opening_shown(t, s, seats, again=again))
        self.replayed.discard((tid, r, n))
        batch = OutboxBatch(self.presenter.tournament_shown(t))
        await self._change(tid, self.store.set_table_place(
            tid, r, n, table_id=table.table_id, outbox=batch), batch)
        s.table_id = table.table_id

    def _absence(self, t: TournamentRecord, e: EntrantRecord, round_no: int) -> str | None:
        """Why an AI plays for a registered player this round: "withdrawn" (he left, or
        asked to be replaced, or was forgotten) or "busy" (playing at another table of the
        guild; a lobby that has not started does not count, ``_leave_lobby``)."""
        if e.ai_level is not None:
            return None
        if model.withdrawn(e, round_no):
            return "withdrawn"
        assert e.user_id is not None
        return "busy" if self.playing_elsewhere(t.guild_id, e.user_id) is not None else None

    def playing_elsewhere(self, guild_id: int, user_id: int) -> Table | None:
        """The running table of the guild he sits at: were a round to begin now, an AI would
        play his seat ("busy"; a lobby that has not started does not count: he leaves it)."""
        other = self.tables.table_of_user(guild_id, user_id)
        return other if other is not None and other.status == STATUS_PLAYING else None

    async def _leave_lobby(self, t: TournamentRecord, e: EntrantRecord, round_no: int) -> None:
        """A player of the round waiting in a lobby that has not started leaves it (its
        creator's leaving closes it, naming the tournament): he plays his tournament table
        (review 24: a lobby counted as busy, and an AI played his whole round)."""
        if model.ai_plays(e, round_no):
            return
        assert e.user_id is not None  # (not withdrawn: registered, not forgotten)
        other = self.tables.table_of_user(t.guild_id, e.user_id)
        if other is None or other.status != STATUS_LOBBY:
            return
        try:  # (his own lobby closes saying why: review 54)
            await self.tables.leave(other.table_id, e.user_id, tournament=t.tournament_id)
        except TableError:
            log.warning("player %s could not leave lobby %s for tournament %s", e.user_id,
                        other.table_id, t.tournament_id)

    def _table_with_link(self, link: dict[str, Any]) -> Table | None:
        for table in self.tables.tables.values():
            if parse_link(table.tournament) == link \
                    and table.status in (STATUS_PLAYING, STATUS_FINISHED):
                return table
        return None

    # -- results -----------------------------------------------------------------------
    def table_finished(self, table: Table, game_id: int | None) -> None:
        """A tournament's table ended (called by the archive, under the table's lock): the
        result is recorded by a task of its own (the tournament's lock may be held by the
        round that is opening this very table)."""
        if table.tournament is not None:
            self._spawn(self._table_finished(table, game_id))

    async def _table_finished(self, table: Table, game_id: int | None) -> None:
        link = table.tournament
        assert link is not None
        tid, r, n = int(link["id"]), int(link["round"]), int(link["table"])
        try:
            async with self.lock(tid):
                t = self.tournaments.get(tid) or await self._reload(tid)
                if t.status != TournamentStatus.PLAYING:
                    return
                t = await self._record(t, table, r, n, game_id)
                await self._after_table(t, r)
        except Exception:
            log.exception("recording table %s in tournament %s failed", table.table_id, tid)

    async def _record(self, t: TournamentRecord, table: Table, r: int, n: int,
                      game_id: int | None) -> TournamentRecord:
        """The table's outcome and its substitutes: a registered player whose seat an AI
        holds at the end left it (the core's ``leave``; Čl. 18's substitute); one who holds
        the seat an AI took because he was busy elsewhere took it back — that substitution
        goes with the result, should ``seat_back`` not have dropped it (it failed, or the
        bot restarted in between: the sheet marked an AI for one who played). One who took
        such a seat back and left it again left it, whatever ``seat_back`` did (his seat
        tells he was back: ``left_before``; he stayed marked "busy"). One who sat there to
        the end without a move of his own was absent: marked so, withdrawn from the next
        round on, and the organiser told (``absent_shown``)."""
        state = table.state
        assert state is not None
        outcome = state.outcome()
        assert outcome is not None
        s = model.slot(t, r, n)
        if s.result is not None:
            return t
        tid = t.tournament_id
        returned: list[int] = []
        absent: list[int] = []
        marked = False
        for seat, number in enumerate(s.seats):
            e = model.entrant(t, number)
            held = table.seats[seat]
            sub = model.substitution(t, r, n, seat)
            if (e.ai_level is None and held is not None and e.user_id is not None
                    and held.user_id == e.user_id and sub is None
                    and not model.has_withdrawn(e) and held.never_clicked):
                # absent the whole round: he never moved by a click (``Seat.never_clicked``; a move
                # the table forced on him is no click) and the AI played for him — withdrawn
                # from the next round on, as after Odstoupit (review 75: he won the tournament)
                await self._write(self.store.add_substitution(tid, r, n, seat, number,
                                                              "absent"))
                await self._write(self.store.withdraw_entrant(tid, number, r + 1))
                absent.append(number)
                marked = True
            elif (e.ai_level is None and held is not None and held.user_id is None
                    and (sub is None or (sub.reason == "busy" and held.left_before))):
                if sub is not None:  # (a restart after this finds none, and writes "left")
                    await self._write(self.store.drop_substitution(tid, r, n, seat))
                await self._write(self.store.add_substitution(
                    tid, r, n, seat, number, "left", withdraw=True))
                marked = True
            elif (held is not None and held.user_id is not None and held.user_id == e.user_id
                    and sub is not None and sub.reason == "busy"):
                returned.append(seat)
        if marked:  # the posts below tell he left (the sheet's tag, "AI from round …")
            t = await self._reload(tid)
        done = model.table_done(t, r, n, outcome.to_json(), game_id, returned)
        batch = OutboxBatch([*self.presenter.table_done_shown(done, model.slot(done, r, n)),
                             *(self.presenter.absent_shown(done, r, absent) if absent else []),
                             *self.presenter.tournament_shown(done)])
        await self._change(tid, self.store.finish_table(
            tid, r, n, result=outcome.to_json(), game_id=game_id, returned=returned,
            outbox=batch), batch)
        return await self._reload(tid)

    async def _after_table(self, t: TournamentRecord, r: int) -> None:
        """When every table of the round is done: the standings, then the next round (or the
        end)."""
        if any(s.result is None for s in model.tables_of(t, r)):
            return
        final = r >= settings_of(t).rounds
        if not model.round_finished(t, r):
            rows = [x.to_json() for x in standings(t, r)]
            batch = OutboxBatch([*self.presenter.round_done_shown(t, r),
                                 *(self.presenter.winner_shown(t) if final else []),
                                 *self.presenter.tournament_shown(t)])
            await self._change(t.tournament_id, self.store.finish_round(
                t.tournament_id, r, rows, final=final, outbox=batch), batch)
            t = await self._reload(t.tournament_id)
        if not final:
            await self._start_round(t, r + 1)

    # -- restarts ----------------------------------------------------------------------
    async def load(self) -> None:
        """Read the active tournaments (before the tables resume: a table that ends while it
        resumes reports to its tournament)."""
        for t in await self.store.active_tournaments():
            self.tournaments[t.tournament_id] = t

    async def resume(self) -> None:
        """After a restart: every table of the current rounds is running, recorded, or is
        opened now; a round whose tables are all done moves on; the messages are refreshed."""
        for tid in list(self.tournaments):
            try:
                async with self.lock(tid):
                    t = await self._reload(tid)
                    if t.status == TournamentStatus.PLAYING:
                        await self._catch_up(t)
                        t = await self._reload(tid)
                await self.show(t)
            except Exception:
                log.exception("resuming tournament %s failed", tid)

    async def _catch_up(self, t: TournamentRecord) -> None:
        r = t.round_no
        for s in model.tables_of(t, r):
            if s.result is not None or s.table_id is None:
                continue
            held = self.tables.tables.get(s.table_id)
            # an aborted table still held (not yet evicted) is read from the store like one
            # evicted, and so played again: what its record says either way. Safe for every
            # caller (``resume``, ``table_gone``): while the tournament plays, only an end
            # from outside aborts its table — its deleted thread (``close_gone``); its own
            # ``cancel`` aborts them only once it is no longer PLAYING, no command aborts a
            # tournament's table, and its last player leaving does not close it
            if held is not None and held.status != STATUS_ABORTED:
                continue  # running (the core resumed it) or finished and reported
            rec = await self.store.get_table(s.table_id)
            if rec is not None and rec.status == TableStatus.FINISHED \
                    and (rec.state is not None or rec.replay is not None):
                table = table_from_record(rec)
                game_id = await archive(self.store, table)  # idempotent: the archived game
                t = await self._record(t, table, r, s.table_no, game_id)
            elif rec is None or rec.status == TableStatus.ABORTED:
                # aborted from outside the tournament (e.g. a player forgotten): played again
                log.warning("table %s of tournament %s is gone: it is opened again",
                            s.table_id, t.tournament_id)
                s.table_id = None
                # its thread deleted (``close_gone`` saved, a crash before ``table_gone``
                # cleared the slot's thread): played again in a new thread at once, not in
                # the deleted one, whose first 404 would end one more table
                gone = rec is not None and rec.extra.get("gone") is True \
                    and s.thread_id == rec.channel_id
                if gone:
                    s.thread_id = None
                    await self._write(self.store.set_table_place(
                        t.tournament_id, r, s.table_no, table_id=None, thread_id=None))
                else:
                    await self._write(self.store.set_table_place(
                        t.tournament_id, r, s.table_no, table_id=None))
        t = await self._reload(t.tournament_id)
        await self._open_tables(t)
        t = await self._reload(t.tournament_id)
        await self._after_table(t, r)


# AI entrants beyond the tables' five get Czech names too (a club's tournament of 16 with
# 10 AI players read "AI 6" … "AI 10" beside "AI Karel"); numbers only past these
MORE_AI_NAMES = tuple(f"AI {n}" for n in (
    "Marie", "Josef", "Jana", "Jiří", "Eva", "Petr", "Hana", "Pavel", "Anna", "Tomáš", "Věra",
    "Jan", "Alena", "Miroslav", "Zdeňka", "František", "Ludmila", "Antonín", "Jarmila",
    "Zdeněk", "Vlasta", "Bohumil", "Milada", "Oldřich", "Dagmar", "Vojtěch", "Blanka"))


def _ai_name(t: TournamentRecord) -> str:
    """A name for a new AI entrant, unique in the tournament."""
    taken = {e.name for e in t.entrants}
    pool = (*AI_NAMES, *MORE_AI_NAMES)
    names = [*pool, *(f"AI {i}" for i in range(len(pool) + 1, 2 * MAX_ENTRANTS))]
    return next(n for n in names if n not in taken)
