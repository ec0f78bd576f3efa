"""The fourth layer of the table service: a table opened (a lobby, or started at once for a
tournament), seats taken, left, declined and taken back, options agreed, the game started,
the table closed."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.errors import TableError
from bot.model import (
    MAX_TIMER,
    MIN_TIMER,
    STATUS_ABORTED,
    STATUS_LOBBY,
    STATUS_PLAYING,
    Seat,
    Table,
    TableSettings,
)
from bot.storage.models import ANONYMOUS, OutboxItem
from bot.tables import limits
from bot.tables.persistence import db_key
from bot.tables.play import TablePlay
from bot.tables.presenter import Place, Placement
from bot.tables.registry import log, spec_of
from bot.tables.seating import ai_player, ai_seat, free_seat, no_return, rematch_seats
from engine import games
from engine.game import start_events


class TableLobby(TablePlay):
    """Opening, seating and closing the tables."""

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
        ais: Sequence[tuple[int, str]] = (),
    ) -> Table:
        """A new table's lobby in ``channel_id`` (``rematch``: opened by "Hrát znovu",
        ``Table.rematch``; its creator takes his old seat). ``ais``: AI players (seat, level)
        seated before the lobby is first shown (a rematch's: one post with all of them, not
        a post and an edit per AI); an unknown level is left out. ``placement`` decides whether it
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
            seats[free_seat(seats, rematch, creator_id)] = Seat(creator_id, creator_name,
                                                                agreed=settings.revision)
            elsewhere = self.ai_names_elsewhere(guild_id)
            for seat, level in ais:
                if level not in games.get(game_kind).ai_levels:
                    log.warning("no AI %s for a new %s table", level, game_kind)
                elif None in seats:
                    seats[ai_seat(seats, rematch, seat)] = ai_player(seats, level, elsewhere)
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
                raise TableError(db_key(exc)) from exc
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
                touched=self.now(),
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
        moved = self._placed_in(table, parent)
        await self._save(table, [*lead, *self.presenter.lobby_shown(table)], channel_id=moved)

    @staticmethod
    def _placed_in(table: Table, parent: int) -> int | None:
        """The thread a lobby placed from channel ``parent`` moved to, None when it stayed
        in the channel (its ``parent_id`` then cleared: it has no thread)."""
        if table.channel_id == parent:
            table.parent_id = None
            return None
        return table.channel_id

    async def place_again(self, table: Table, place: Place, adopt: Place) -> None:
        """A lobby whose placement in a thread was cut short (a restart after its intent was
        saved and before its first commit): placed now, its first commit made. One that
        expired while the bot was down is not shown alive first: it is closed (as
        ``expire_lobbies`` does) where ``adopt`` puts it — the thread made for it, if any."""
        async with self.lock(table.table_id):
            parent = table.channel_id
            expired = self.lobby_expired(table)
            table.channel_id, lead = await (adopt if expired else place)(table)
            if not expired:
                await self._first_commit(table, parent, lead)
                return
            moved = self._placed_in(table, parent)
            await self._close(table, "expired", lead=lead, channel_id=moved)

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
            raise TableError(db_key(exc)) from exc
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

    async def join(self, table_id: int, user_id: int, name: str, *,
                   agreed: bool = True) -> Table:
        """``user_id`` sits down in the lobby, accepting its options as they are now; not
        ``agreed``: he did not see them where he clicked (a rematch's invitation after its
        rules changed: review 82), so he accepts them in the lobby as the seated do."""
        async with self.lock(table_id):
            table = self.get(table_id)
            if table.status != STATUS_LOBBY:
                raise TableError("already_started")
            if table.seat_of(user_id) is not None:
                raise TableError("already_here")
            if self.table_of_user(table.guild_id, user_id) is not None:
                raise TableError("already_seated")
            self._touch(table)
            # joining accepts the table's options as they are now (Čl. 10, 13)
            table.seats[free_seat(table.seats, table.rematch, user_id)] = Seat(
                user_id, name, agreed=table.settings.revision if agreed else -1)
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
            self._touch(table)
            await self._save_declined(table, user_id)
            return table

    async def _save_declined(self, table: Table, user_id: int,
                             lead: Sequence[OutboxItem] = ()) -> None:
        """The lobby of a rematch without ``user_id``, who does not play this time (his seat
        freed already, if he sat): saved, shown (after ``lead``)."""
        assert table.rematch is not None
        before = table.rematch.get("declined")
        table.rematch["declined"] = [*table.rematch_declined(), user_id]
        try:
            await self._save(table, [*lead, *self.presenter.lobby_shown(table)])
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
            self._touch(table)
            table.seats[ai_seat(table.seats, table.rematch, seat)] = ai_player(
                table.seats, level, self.ai_names_elsewhere(table.guild_id, table.table_id))
            await self._save(table, self.presenter.lobby_shown(table))
            return table

    async def set_options(self, table_id: int, user_id: int, options: dict[str, Any]) -> Table:
        """The creator changes the game's options in the lobby: every other seated player has
        to accept them before the game can start (unless he had accepted these very options:
        switched back, they are the revision he accepted); those newly asked are told."""
        return await self._revise(table_id, user_id, options, None)

    async def set_timer(self, table_id: int, user_id: int, seconds: int) -> Table:
        """The creator changes the table's turn timer in the lobby (0: none, else
        ``MIN_TIMER`` to ``MAX_TIMER`` seconds, as ``/<game> new`` takes it): accepted again
        as a change of the game's options is (``set_options``)."""
        if seconds != 0 and not MIN_TIMER <= seconds <= MAX_TIMER:
            raise TableError("bad_timer")
        return await self._revise(table_id, user_id, None, seconds)

    async def _revise(self, table_id: int, user_id: int, options: dict[str, Any] | None,
                      timer: int | None) -> Table:
        """The lobby's ``options`` or turn ``timer`` (None: as they are) changed by its
        creator: a revision of the table's settings, which the seated accept again."""
        async with self.lock(table_id):
            table = self.get(table_id)
            if table.status != STATUS_LOBBY:
                raise TableError("already_started")
            if user_id != table.creator_id:
                raise TableError("not_creator_options")
            options = table.settings.options if options is None else options
            timer = table.settings.turn_timer if timer is None else timer
            if (options, timer) == (table.settings.options, table.settings.turn_timer):
                return table
            waiting = table.not_agreed()
            table.settings.revise(options, timer)
            self._touch(table)
            seat = table.seat_of(user_id)
            if seat is not None and (s := table.seats[seat]) is not None:
                s.agreed = table.settings.revision
            asked = [i for i in table.not_agreed() if i not in waiting]
            lifted = bool(waiting) and not table.not_agreed()
            await self._save(table, self.presenter.options_shown(table, asked, lifted))
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
            self._touch(table)
            if s.agreed != table.settings.revision:
                s.agreed = table.settings.revision
                await self._save(table, self.presenter.lobby_shown(table))
            else:
                await self._note_ids(table)  # (his click is kept: the lobby is alive)
            return table

    async def leave(self, table_id: int, user_id: int, *, anonymize: bool = False,
                    closes: bool | None = None, tournament: int | None = None) -> Table:
        """Leave a lobby (the seat frees; the creator leaving closes it — for ``tournament``,
        the tournament he plays, it says so: review 54) or a running game:
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
                    if tournament is None:
                        await self._close(table, "creator_left")
                    else:
                        await self._close(table, "creator_tournament", tournament=tournament)
                    return table
                await self._free_seat(table, seat, user_id)
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
            elif not closes:
                self._hand_to_ai(table, seat, user_id)
            if closes:
                self.presenter.note(table, "left_closed", seat)
                await self._close(table, "everyone_left")
                return table
            lead: Sequence[OutboxItem] = ()
            if table.tournament is not None:  # for good: he withdrew from the tournament
                lead = self.presenter.withdrew(table, seat)
            else:
                self.presenter.note(table, "left", seat)
            await self._play_on(table, [], lead=lead)
            return table

    async def remove(self, table_id: int, user_id: int, by: str, member: bool = True) -> Table:
        """``by`` (the table's creator or a server manager: the caller checks) removes a
        player who is away: in a lobby his seat frees; in a running game an AI takes it
        exactly as if he had left (``leave``: he may take it back while the game runs).
        Refused at a tournament's table (its turn timer hands an absent player's moves to an
        AI; only he withdraws), for the creator of a lobby (it would close: ``abort``) and
        for the last human of a running game (nobody would play on: ``abort``). ``member``:
        he is still on the server (the post about it pings him)."""
        async with self.lock(table_id):
            table = self.get(table_id)
            seat = self.removable_seat(table, user_id)
            if table.status == STATUS_LOBBY:
                await self._free_seat(table, seat, user_id,
                                      self.presenter.removed(table, seat, by, member))
                return table
            lead = self.presenter.removed(table, seat, by, member)  # (while the seat is his)
            self._hand_to_ai(table, seat, user_id)
            self.presenter.note(table, "kicked", seat, by=by)
            await self._play_on(table, [], lead=lead)
            return table

    @classmethod
    def removable_seat(cls, table: Table, user_id: int) -> int:
        """The seat ``remove`` takes from ``user_id`` (``TableError`` why not: see there);
        ``/<game> kick`` asks it before its question too."""
        seat = table.seat_of(user_id)
        if seat is None or table.status not in (STATUS_LOBBY, STATUS_PLAYING):
            raise TableError("kick_not_seated")
        name = table.names()[seat]
        if table.tournament is not None:
            raise TableError("kick_tournament")
        if table.status == STATUS_LOBBY:
            if user_id == table.creator_id:
                raise TableError("kick_creator", name=name)
            return seat
        if table.state is None or table.state.finished:
            raise TableError("game_over")
        if cls.closes_on_leaving(table, user_id):
            raise TableError("kick_last", name=name)
        return seat

    async def _free_seat(self, table: Table, seat: int, user_id: int,
                         lead: Sequence[OutboxItem] = ()) -> None:
        """A lobby's seat frees (``lead``: what goes before the lobby refreshed); an invited
        player of a rematch is not awaited any more."""
        table.seats[seat] = None
        self._touch(table)
        if user_id in rematch_seats(table.rematch, len(table.seats)):
            await self._save_declined(table, user_id, lead)
        else:
            await self._save(table, [*lead, *self.presenter.lobby_shown(table)])

    @staticmethod
    def _hand_to_ai(table: Table, seat: int, user_id: int) -> None:
        """An AI plays the seat he left; he may take it back while the game runs (not at a
        tournament's table): the seat keeps what the table counts for him, the AI's moves
        as well."""
        s = table.seats[seat]
        assert s is not None
        returnable = table.tournament is None
        table.seats[seat] = Seat(
            None, s.name, ai=table.settings.ai_level, moves=s.moves, left=True,
            ai_moves=s.ai_moves if returnable else 0,
            ai_at=list(s.ai_at) if returnable else [],
            left_by=user_id if returnable else None,
            left_at=table.version, left_before=list(s.left_before))

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
                                     agreed=table.settings.revision,
                                     ai_at=list(s.ai_at), left_at=s.left_at,
                                     left_before=[*s.left_before, s.left_at, table.version]
                                     if s.left_at is not None else list(s.left_before))
            self.presenter.note(table, "back", seat)
            await self._play_on(table, [], origin=user_id)  # (he opens his hand now)
            return table

    async def drop_return(self, table_id: int, user_id: int) -> None:
        """The seat he left is no longer his to take back (he withdrew from the table's
        tournament): the AI plays it on, under his name; the table is told."""
        async with self.lock(table_id):
            table = self.tables.get(table_id)
            seat = None if table is None else table.left_seat_of(user_id)
            if table is None or seat is None:
                return
            s = table.seats[seat]
            assert s is not None
            s.left_by = None
            try:
                await self._save(table, self.presenter.withdrew(table, seat))
            except TableError:
                log.warning("could not save table %s without user %s's way back", table_id,
                            user_id)

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
            refusal = None
            if not table.full:
                refusal = TableError("need_players", n=len(table.seats))
            elif waiting := table.not_agreed():
                names = table.names()
                refusal = TableError("not_agreed", names=", ".join(names[i] for i in waiting))
            if refusal is not None:
                self._touch(table)  # (he is there, waiting for the others: kept alive)
                await self._note_ids(table)
                raise refusal
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

    async def close_gone(self, table_id: int) -> Table:
        """Its channel or thread was deleted: the table ends as an abort does (unrated, its
        seats free, saved so a restart does not bring it back); it tells only where it still
        can (``Presenter.closed_shown``, reason "gone")."""
        async with self.lock(table_id):
            table = self.get(table_id)
            if table.status not in (STATUS_LOBBY, STATUS_PLAYING):
                raise TableError("changed")
            table.gone = True
            try:
                await self._close(table, "gone")
            except TableError:
                table.gone = False
                raise
            return table

    def _touch(self, table: Table) -> None:
        """Someone did something in the lobby: its idle time counts from now."""
        table.touched = self.now()

    def lobby_expired(self, table: Table) -> bool:
        """A lobby of its own (a tournament's tables start at once; one being placed is
        not yet shown) that nobody has touched for ``LOBBY_IDLE_SECONDS``."""
        return (table.status == STATUS_LOBBY and table.tournament is None
                and table.table_id not in self.placing
                and self.now() - (table.touched or 0.0) >= limits.LOBBY_IDLE_SECONDS)

    async def expire_lobbies(self) -> None:
        """Every lobby left untouched for ``LOBBY_IDLE_SECONDS`` closes as an abort does
        (its message says why; its players are free to sit elsewhere)."""
        for table in [t for t in self.tables.values() if self.lobby_expired(t)]:
            async with self.lock(table.table_id):
                if self.tables.get(table.table_id) is not table or not self.lobby_expired(table):
                    continue
                try:
                    await self._close(table, "expired")
                except TableError:
                    log.warning("could not close the idle lobby of table %s", table.table_id)

    async def _close(self, table: Table, reason: str, by: str | None = None,
                     tournament: int | None = None, *, lead: Sequence[OutboxItem] = (),
                     channel_id: int | None = None) -> None:
        table.status = STATUS_ABORTED
        # (those who left and could have taken their seats back: told that they no longer can)
        returners = [s.left_by for s in table.seats if s is not None and s.left_by is not None]
        no_return(table)
        self.timer.cancel(table.table_id)
        self.clock.cancel(table.table_id)
        await self._save(table, [*lead, *self.presenter.closed_shown(
            table, reason, by, tournament, returners=returners)], channel_id=channel_id)
        self._evict_later(table.table_id)
