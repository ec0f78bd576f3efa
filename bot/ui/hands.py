"""The players' hand messages: ephemeral, each edited through the interaction of his newest
"Moje karty" click (its token lives 15 minutes), kept up to date with the table (coalesced:
one edit in flight per hand), given a last edit before the token dies, and saved so that the
open hands follow their tables after a restart too."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord

from bot.delivery.coalesce import Coalescer
from bot.i18n import t
from bot.model import STATUS_PLAYING, Table
from bot.storage.models import HandToken
from bot.ui import builders
from bot.ui.sessions import HandSessions, Session, StoredHand, message_id

if TYPE_CHECKING:
    from bot.ui.controller import Controller

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
SESSION_SECONDS = 14 * 60  # interaction tokens live 15 minutes: a hand's last edit is due
TOKEN_SECONDS = 15 * 60 - 20  # no edit through a token older than this (a margin for clocks)


class Hands:
    """The open hand messages of all tables (``Controller.hands``)."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        # (table, user) -> the interaction of his newest hand message and when it opened
        self.sessions = HandSessions()
        # (table, user) -> when his hand's last edit is due (``last_edit``: before its token
        # dies, the hand says it no longer follows the table and offers a refresh)
        self.last_edits: dict[tuple[int, int], asyncio.TimerHandle] = {}
        self.last_due: set[tuple[int, int]] = set()  # hands whose next edit is their last
        # the hands' tokens to save (None: to drop), written by one task (``save``): the
        # open hands follow their tables after a restart too
        self.writes: dict[tuple[int, int], HandToken | None] = {}
        self.saver: asyncio.Future[None] | None = None
        # (table, user) -> what his hand tells him on top since he came back ("Jsi zpět u
        # stolu…", a catalog key): kept through the refreshes by the moves that follow his
        # return (an AI chain's, run after his hand was sent) until his own next move
        self.back_notes: dict[tuple[int, int], str] = {}
        # hand edits: one in flight per (table, user), bursts coalesced
        self.edits: Coalescer[tuple[int, int]] = Coalescer("hand refresh", ctl.service.tasks)
        self.metrics_edits = 0  # hand edits sent (tests, the load benchmark)
        # a clicking player's hand refresh held while the AI seats after him move: the
        # table, and when it is due at the latest (the sender's clock)
        self.held: dict[tuple[int, int], tuple[Table, float]] = {}
        # (table, user) -> the message his newest hand is (a "Moje karty" click's hand is
        # a new message, not the one clicked), saved with its token: any other hand message
        # of his is stale (``is_replaced``) — after a restart too
        self.shown: dict[tuple[int, int], int] = {}

    async def message(self, table: Table, seat: int, lang: str, *,
                      last: bool = False) -> dict[str, Any]:
        assert table.state is not None
        message = builders.hand_message(table, table.state.view(seat), lang, render=False,
                                        last=last)
        s = table.seats[seat]
        key = None if s is None or s.user_id is None else (table.table_id, s.user_id)
        note = None if key is None else self.back_notes.get(key)
        if key is not None and note is not None:
            if s is None or s.absent or table.state.finished:
                del self.back_notes[key]  # (away again, or the game is over: it is stale)
            else:  # he came back and has not moved since: told on top
                message["content"] = t(note, lang) + "\n" + message["content"]
        return await self.ctl.render(message, f"the hand on table {table.table_id}")

    def refresh_all(self, table: Table) -> None:
        """Bring every open hand message of the table up to date after a change of the game,
        the waiting players' too (the trick, whose turn, the points follow the table): each
        through its player's interaction, coalesced (``bot.delivery.coalesce``: one edit in
        flight per hand, a burst of changes makes one more edit with the latest state)."""
        if table.state is None:
            return
        for s in table.seats:
            if s is None or s.user_id is None:
                continue
            key = (table.table_id, s.user_id)
            if key in self.ctl.acting or key not in self.sessions:
                continue  # (the acting player's hand is refreshed when his click is done)
            self.refresh(table, key)

    def refresh(self, table: Table, key: tuple[int, int]) -> None:
        self.held.pop(key, None)
        self.edits.request(key, functools.partial(self.edit, table, key))

    def hold(self, table: Table, key: tuple[int, int]) -> None:
        """Refresh the hand when the table's AI chain commits or ends, or with the first
        commit anywhere after the sender's hold (``Sender.hold_seconds``: longer while the
        global pace binds, when pictures are scarce too; as the sender holds a table
        message, no timer per held hand)."""
        self.held[key] = (table, self.ctl.delivery.clock() + self.ctl.delivery.hold_seconds())

    def release(self, table_id: int) -> None:
        """The table's AI chain ended: its held hands are refreshed now."""
        for key, (table, _due) in list(self.held.items()):
            if key[0] == table_id:
                self.refresh(table, key)

    def due(self) -> None:
        if not self.held:
            return
        now = self.ctl.delivery.clock()
        for key, (table, due) in list(self.held.items()):
            if due <= now:
                self.refresh(table, key)

    async def edit(self, table: Table, key: tuple[int, int]) -> None:
        """One edit of a hand message as the table is now, drawn from the seat's own view by
        the render pool. Once its token is ``SESSION_SECONDS`` old, the edit is its last
        (``last_edit``): the hand says it no longer follows the table by itself, and its
        button "Obnovit karty" refreshes it — that click's token edits it from then on. A
        token past its life is dropped without a word."""
        session = self.sessions.get(key)
        state = table.state
        seat = table.seat_of(key[1])
        if session is None or state is None or seat is None:
            return
        interaction, opened = session
        age = self.ctl.now() - opened
        if age > TOKEN_SECONDS:
            self.end_session(key, session)
            return
        # (the timer's word: the loop's clock may run a hair ahead of the wall clock)
        last = age >= SESSION_SECONDS or key in self.last_due
        lang = self.ctl.languages.chosen.get(key[1]) or table.settings.lang
        try:
            message = await self.message(table, seat, lang, last=last)
        except Exception:  # a bug drawing it: he is told, his next click redraws
            log.exception("refreshing a hand on table %s failed", table.table_id)
            if not isinstance(interaction, StoredHand):  # (no answer but through the hand)
                await self.ctl.replies.error(interaction, "core.error", lang)
            return
        if self.sessions.get(key) is not session:
            return  # a newer hand message replaced this one meanwhile
        self.metrics_edits += 1
        try:
            await interaction.edit_original_response(**message)
        except discord.NotFound:  # the token expired (or the message is gone): dropped
            log.info("hand of %s on table %s is gone; dropped", key[1], table.table_id)
            self.end_session(key, session)
            return
        except discord.HTTPException as exc:
            log.warning("hand refresh failed for %s on table %s: %s", key[1], table.table_id,
                        exc)
            self.end_session(key, session)
            return
        if last or table.state is None or table.state.finished:
            self.end_session(key, session)

    def end_session(self, key: tuple[int, int], session: Session) -> None:
        if self.sessions.get(key) is session:
            del self.sessions[key]
            self.shown.pop(key, None)
            self.note_token(key, None)
            self.edits.forget(key)
            self.last_due.discard(key)
            self._cancel_last_edit(key)

    def _cancel_last_edit(self, key: tuple[int, int]) -> None:
        timer = self.last_edits.pop(key, None)
        if timer is not None:
            timer.cancel()

    def keep(self, key: tuple[int, int], interaction: Interaction,
             shown: int | None = None) -> None:
        """His newest hand message, edited through ``interaction`` from now on; its last
        edit is due when the token is ``SESSION_SECONDS`` old (``last_edit``). ``shown``:
        the hand's message when it is not the one clicked (a new message)."""
        opened = self.ctl.now()
        self.sessions[key] = (interaction, opened)
        hand = shown if shown is not None else message_id(interaction)
        if hand is None:
            self.shown.pop(key, None)
        else:
            self.shown[key] = hand
        self.last_due.discard(key)
        self._cancel_last_edit(key)
        self.last_edits[key] = asyncio.get_running_loop().call_later(
            SESSION_SECONDS, self.last_edit, key)
        self.note_token(key, HandToken(key[0], key[1], int(interaction.application_id),
                                       interaction.token, message_id(interaction),
                                       _moment(opened), _moment(opened + TOKEN_SECONDS), hand))

    def note_token(self, key: tuple[int, int], token: HandToken | None) -> None:
        """Save a hand's token (None: it stopped following the table) — soon, in one write
        with the others asked for meanwhile."""
        self.writes[key] = token
        if self.saver is None or self.saver.done():
            self.saver = asyncio.ensure_future(self.save())
            self.ctl.service.tasks.add(self.saver)
            self.saver.add_done_callback(self.ctl.service.tasks.discard)

    async def save(self) -> None:
        await asyncio.sleep(0)  # (a burst of clicks and edits: one write)
        while self.writes:
            writes, self.writes = self.writes, {}
            try:
                await self.ctl.store.save_hands([h for h in writes.values() if h is not None],
                                                [k for k, h in writes.items() if h is None])
            except Exception as exc:  # (not fatal: those hands do not outlive a restart)
                log.warning("could not save %d open hands: %s", len(writes),
                            type(exc).__name__)

    async def restore(self) -> None:
        """After a restart: the hands open before it follow their tables again, through
        their saved tokens (``StoredHand``) — edited now (a change the restart cut short may
        not have reached them), and their last edit comes when it is due (``last_edit``).
        The expired ones are deleted as they are read; those of a table no longer in play
        are dropped."""
        now = self.ctl.now()
        try:
            saved = await self.ctl.store.load_hands(_moment(now))
        except Exception:
            log.exception("reading the open hands failed")
            return
        loop = asyncio.get_running_loop()
        for h in saved:
            key = (h.table_id, h.user_id)
            table = self.followed(key)
            opened = h.opened_at.timestamp()
            if table is None or now - opened > TOKEN_SECONDS:
                self.note_token(key, None)
                continue
            if key in self.sessions:  # (a click since the start: his newer hand)
                continue
            self.sessions[key] = (StoredHand(self.ctl.bot, h.application_id, h.token,
                                             h.message_id), opened)
            if h.hand_id is not None:  # (None: saved before schema 11, not known)
                self.shown[key] = h.hand_id
            self.last_edits[key] = loop.call_later(
                max(0.0, opened + SESSION_SECONDS - now), self.last_edit, key)
            self.refresh(table, key)

    def last_edit(self, key: tuple[int, int]) -> None:
        """A hand's token is about to die: its last edit (``edit``), while the game
        runs and he plays there (a hand of a game that ended or of a seat he left was told
        so already)."""
        self.last_edits.pop(key, None)
        session = self.sessions.get(key)
        if session is None:
            return
        table = self.followed(key)
        if table is None:
            self.end_session(key, session)
            return
        self.last_due.add(key)
        self.refresh(table, key)

    def followed(self, key: tuple[int, int]) -> Table | None:
        """The table a hand (``key``: table, user) follows — its game runs and he plays
        there — or None: it follows none any more (``last_edit``, ``restore``)."""
        table = self.ctl.service.tables.get(key[0])
        if (table is None or table.status != STATUS_PLAYING or table.state is None
                or table.state.finished or table.seat_of(key[1]) is None):
            return None
        return table

    def left(self, table: Table, user_id: int, text: str) -> None:
        """He left the table: his open hand says so, once, with no buttons (an AI plays his
        cards now), and follows the table no more."""
        key = (table.table_id, user_id)
        session = self.sessions.get(key)
        if session is not None:
            self.last_word(key, session, text)

    def aborted(self, table: Table) -> None:
        """The table's game was aborted (by its creator or a manager, or with its
        tournament): every open hand of it says so, once, with no buttons, as a kicked
        player's does (review 84: they stayed live, with their buttons)."""
        link = table.tournament
        for key, session in [(k, v) for k, v in self.sessions.items() if k[0] == table.table_id]:
            lang = self.ctl.languages.chosen.get(key[1]) or table.settings.lang
            text = (t("core.hand_aborted", lang, id=table.table_id) if link is None
                    else t("core.hand_aborted_tournament", lang, id=link.get("id")))
            self.last_word(key, session, text)

    def last_word(self, key: tuple[int, int], session: Session, text: str, *,
                  ended: bool = False) -> None:
        """The hand of ``session`` says ``text``, once, with no buttons, and ends its session
        (``ended``: ended already, by forget-me) — unless a newer hand of his replaced it
        meanwhile (he took his seat back)."""

        async def edit() -> None:
            if not ended:
                if self.sessions.get(key) is not session:
                    return  # (a newer hand of his: he took his seat back meanwhile)
                self.end_session(key, session)
            if self.ctl.now() - session[1] > TOKEN_SECONDS:
                return
            try:
                await session[0].edit_original_response(content=text, view=None,
                                                        attachments=[])
            except discord.HTTPException as exc:
                log.info("the hand of %s who left table %s: %s", key[1], key[0], exc)

        self.edits.request(key, edit)

    async def take_over(self, key: tuple[int, int], interaction: Interaction, lang: str, *,
                        in_place: bool, shown: int | None = None) -> None:
        """``interaction`` edits his hand from now on (``keep``; ``shown``: the hand's new
        message); the older hand message, while its token lives, stops: no buttons, a
        pointer to the new one (``in_place``: the click was on a message that is his hand
        now, which is not told so) — and stays so (``is_replaced``)."""
        previous = self.sessions.get(key)
        self.keep(key, interaction, shown)
        if previous is None or self.ctl.now() - previous[1] >= SESSION_SECONDS:
            return
        if in_place and message_id(previous[0]) == message_id(interaction):
            return
        with contextlib.suppress(discord.HTTPException):
            await previous[0].edit_original_response(
                content=t("core.hand_replaced", lang), view=None, attachments=[])

    def is_replaced(self, key: tuple[int, int], interaction: Interaction) -> bool:
        """Whether the click came from a hand message other than his newest one while that
        follows the table: an older hand (told it is stale, a double click sent before that
        edit reached him; or past its last edit). ``shown`` is saved with the hand's token,
        so this holds after a restart too (unless it was saved before schema 11)."""
        clicked = message_id(interaction)
        hand = self.shown.get(key)
        return (clicked is not None and hand is not None and clicked != hand
                and key in self.sessions)


    def forget(self, user_id: int) -> None:
        """Forget-me: his hands follow no table any more, and no token of his stays saved;
        one at a table he no longer sits at says so, as a leaver's does (``left``)."""
        lang = self.ctl.languages.chosen.get(user_id)  # (before it is forgotten)
        for key in [k for k in (*self.sessions, *self.writes) if k[1] == user_id]:
            session = self.sessions.get(key)
            if session is not None:
                self.end_session(key, session)
                table = self.ctl.service.tables.get(key[0])
                if table is not None and table.seat_of(user_id) is None:
                    # his open hand says so, as a leaver's does (``left``)
                    self.last_word(key, session, t(
                        "core.hand_forgotten", lang or table.settings.lang, id=key[0]),
                        ended=True)
            self.note_token(key, None)  # (no token of his saved after the database forgot him)

    def shutdown(self) -> None:
        self.edits.cancel()
        self.held.clear()
        for timer in self.last_edits.values():
            timer.cancel()
        self.last_edits.clear()
        self.last_due.clear()


def _moment(epoch: float) -> datetime:
    return datetime.fromtimestamp(epoch, UTC)
