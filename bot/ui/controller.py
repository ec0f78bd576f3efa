"""The Discord side of the tables: answers clicks and commands, composes what a change must
show (the service's ``Presenter``) and supplies what the outbox's deliverer needs
(``bot.delivery.channel.Materials``). It knows no game: the table's game UI module
(``bot.games``) supplies the pictures, the hand controls and the texts.

What the channel must see goes through the outbox (``bot.delivery``): written in the change's
transaction, delivered with retries, superseded and paced per channel. What only the clicking
player sees (a refusal, his hand) is answered directly through the interaction, whose token
lives 15 minutes: a failed answer is tried once more, and a refusal that still did not arrive
is given to him with his next click. Pictures are drawn by the render pool, off the loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, Concatenate, Literal, ParamSpec, cast

import discord

from bot.delivery import items
from bot.delivery.channel import ChannelDeliverer, classify
from bot.delivery.coalesce import Coalescer
from bot.delivery.sender import GLOBAL_LIMIT, Sender
from bot.errors import TableError
from bot.games import GameUI, ui_of
from bot.i18n import game_key, game_t, lang_of_locale, t
from bot.model import (
    RECENT_EVENTS,
    STATUS_ABORTED,
    STATUS_FINISHED,
    STATUS_LOBBY,
    STATUS_PLAYING,
    Seat,
    Table,
    TableSettings,
)
from bot.permissions import manages_server
from bot.persist import archive, table_from_record
from bot.service import Place, TableService
from bot.storage.models import HandToken, OutboxEntry, OutboxItem, TournamentStatus
from bot.storage.protocol import TableStore
from bot.tournament import model as tournament_model
from bot.ui import builders
from bot.ui.components import (
    ConfirmButton,
    LobbyButton,
    TableButton,
    frozen_view,
    question_view,
)
from bot.ui.sessions import HandLink, HandSessions, Session, StoredHand
from bot.unrated import unrated_note
from bot.workers import Pools
from engine.game import GameEvent

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
# a table's thread is archived after a day without a message (the bot's next message or
# edit there brings it back: ``bot.delivery.channel``)
THREAD_ARCHIVE_MINUTES: Literal[1440] = 1440
THREAD_ATTEMPTS = 3  # making a thread rate limited: tried again after the retry-after
SESSION_SECONDS = 14 * 60  # interaction tokens live 15 minutes: a hand's last edit is due
TOKEN_SECONDS = 15 * 60 - 20  # no edit through a token older than this (a margin for clocks)
OUTBOX_KEEP_SECONDS = 24 * 3600  # delivered entries are kept this long, then pruned
FINISHED_CACHE = 64  # finished tables kept loaded for their old buttons
CONFIRM_SECONDS = 300  # a question before a running table changes for good lapses then
# the label of a question's button that changes nothing, by what the question asks
STAY_LABELS = {"leave": "core.btn_stay", "leaveclose": "core.btn_stay",
               "abort": "core.btn_keep_table", "abortlobby": "core.btn_keep_table",
               "forget": "core.btn_keep_data"}
# a step of forgetting a user: its line in the question, the table or tournament, the
# others a lobby closes for, and what does it (``Controller.forget_plan``)
ForgetStep = tuple[str, int, str, Callable[[], Awaitable[object]] | None]
P = ParamSpec("P")
Handler = Callable[Concatenate["Controller", Interaction, P], Coroutine[Any, Any, None]]


def answered(handler: Handler[P]) -> Handler[P]:
    """Every click and command gets an answer: a REST failure or a bug in a handler is logged
    and the user is told (as a follow-up when the response is already done), never silence.
    An earlier answer that could not reach him is given to him now."""

    async def wrapper(self: Controller, interaction: Interaction, /, *args: P.args,
                      **kwargs: P.kwargs) -> None:
        try:
            await handler(self, interaction, *args, **kwargs)
        except discord.HTTPException as exc:
            log.warning("answering %s failed: %s", handler.__name__, exc)
            await self.error(interaction, "core.error", await self.lang_for(interaction))
        except Exception:
            log.exception("%s failed", handler.__name__)
            await self.error(interaction, "core.error", await self.lang_for(interaction))
        await self.deliver_missed(interaction)

    functools.update_wrapper(wrapper, handler)
    return wrapper


class Controller:
    def __init__(self, bot: discord.Client, store: TableStore, *, seed: int | None = None,
                 pools: Pools | None = None, now: Callable[[], float] = time.time,
                 global_limit: int | None = None) -> None:
        self.bot = bot
        self.store = store
        self.now = now  # the wall clock (SimCord's virtual one in tests): token lifetimes
        self.pools = pools if pools is not None else Pools.create(0, 0)
        self.service = TableService(store, self, seed=seed, on_finished=self._archive,
                                    ai=self.pools.ai, now=now)
        # a table message refresh waits a moment while the table's AI seats move (their
        # chain's refresh supersedes it: one edit for a human's card and the AI cards after)
        self.delivery = Sender(store, ChannelDeliverer(self),
                               hold=lambda entry: entry.table_id is not None
                               and self.service.ai_to_move(entry.table_id),
                               global_limit=global_limit or GLOBAL_LIMIT)
        from bot.tournament.desk import TournamentDesk

        self.desk = TournamentDesk(self, seed)  # tournaments: a layer above the tables
        # (table, user) -> the interaction of his newest hand message and when it opened
        self.sessions = HandSessions()
        # (table, user) -> when his hand's last edit is due (``last_edit``: before its token
        # dies, the hand says it no longer follows the table and offers a refresh)
        self.last_edits: dict[tuple[int, int], asyncio.TimerHandle] = {}
        self.last_due: set[tuple[int, int]] = set()  # hands whose next edit is their last
        # the hands' tokens to save (None: to drop), written by one task (``_save_hands``):
        # the open hands follow their tables after a restart too
        self.hand_writes: dict[tuple[int, int], HandToken | None] = {}
        self.hand_saver: asyncio.Future[None] | None = None
        # (table, user) -> his last click that moved (its version and what it chose): the
        # same click again is his double click, not a stale button (``_act``)
        self.last_moves: dict[tuple[int, int], tuple[int, object]] = {}
        self.acting: set[tuple[int, int]] = set()
        # (table, user) -> what his hand tells him on top since he came back ("Jsi zpět u
        # stolu…", a catalog key): kept through the refreshes by the moves that follow his
        # return (an AI chain's, run after his hand was sent) until his own next move
        self.back_notes: dict[tuple[int, int], str] = {}
        # hand edits: one in flight per (table, user), bursts coalesced
        self.hands: Coalescer[tuple[int, int]] = Coalescer("hand refresh", self.service.tasks)
        self.metrics_hand_edits = 0  # hand edits sent (tests, the load benchmark)
        # a clicking player's hand refresh held while the AI seats after him move: the
        # table, and when it is due at the latest (the sender's clock)
        self.held_hands: dict[tuple[int, int], tuple[Table, float]] = {}
        # user -> answers that did not reach him, each with its language
        self.missed: dict[int, list[tuple[str, str]]] = {}
        self.finished: OrderedDict[int, Table] = OrderedDict()  # loaded for old buttons
        self.langs: dict[int, str | None] = {}  # user -> his own language (/… settings)
        self.pinged: set[int] = set()  # tables whose last composed ping may still stand
        # table -> the user id of the last human who moved there, from the actions committed
        # ("by" a user id in the table's log): every move since was an AI seat's (or a forced
        # one), so his turn after them is still his own move (``_turn_ping``). An AI standing
        # in for an absent human ends it (his turn came after a timeout: he is pinged).
        # ``composing``: what a change composed and not committed yet makes of it (None: it
        # ends it), counted once the change is committed
        self.movers: dict[int, int] = {}
        self.composing: dict[int, int | None] = {}

    # -- helpers -----------------------------------------------------------------------
    def _channel(self, table: Table) -> Any:
        return self.bot.get_channel(table.channel_id)

    async def error(self, interaction: Interaction, key: str, lang: str, **values: Any) -> None:
        """An ephemeral answer with the string ``key`` (a whole ``namespace.key``)."""
        await self.tell(interaction, t(key, lang, **values), lang)

    async def tell(self, interaction: Interaction, text: str, lang: str) -> None:
        """An ephemeral answer, tried twice; if it still fails, he gets it with his next
        click (``deliver_missed``)."""
        for attempt in (1, 2):
            try:
                if interaction.response.is_done():
                    await interaction.followup.send(text, ephemeral=True)
                else:
                    await interaction.response.send_message(text, ephemeral=True)
                return
            except discord.HTTPException as exc:
                log.warning("could not answer interaction %s (attempt %d): %s", interaction.id,
                            attempt, exc)
        self.missed.setdefault(interaction.user.id, []).append((lang, text))

    async def deliver_missed(self, interaction: Interaction) -> None:
        texts = self.missed.pop(interaction.user.id, None)
        if not texts:
            return
        text = "\n".join(t("core.delivery.missed", lang, text=x) for lang, x in texts)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            self.missed.setdefault(interaction.user.id, []).extend(texts)

    async def refuse(self, interaction: Interaction, exc: TableError, lang: str,
                     kind: str | None) -> None:
        """A ``TableError`` as the table's game words it (with the engine's refusal in the
        game's words when it carries one: a refused choice of several cards); one seated at
        another table is told which (``seated_answer``)."""
        seated = self.seated_answer(interaction, exc, kind, lang)
        if seated is not None:
            await self.tell(interaction, seated, lang)
            return
        key = game_key(kind, exc.key) if kind is not None else f"core.{exc.key}"
        refusal = exc.params.get("refusal")
        if isinstance(refusal, Exception) and kind is not None:
            try:
                why = ui_of(kind).refusal_text(refusal, lang)
            except Exception:
                log.exception("a refusal could not be worded")
                why = None
            if why:
                await self.error(interaction, game_key(kind, "illegal_why"), lang, reason=why)
                return
        await self.error(interaction, key, lang, **exc.params)

    def seated_answer(self, interaction: Interaction, exc: TableError, kind: str | None,
                      lang: str) -> str | None:
        """``already_seated`` as ``/<game> new`` words it (``commands.seated_text``, the one
        text of it): the table he sits at, a tournament's named, and what leaving it would
        mean; None for another refusal (or if he sits nowhere by now)."""
        if exc.key != "already_seated" or interaction.guild_id is None:
            return None
        seated = self.service.table_of_user(interaction.guild_id, interaction.user.id)
        if seated is None:
            return None
        from bot.commands import seated_text

        return seated_text(seated, kind or seated.game_kind, lang)

    def _kind(self, table_id: int) -> str | None:
        table = self.service.tables.get(table_id) or self.finished.get(table_id)
        return None if table is None else table.game_kind

    # -- languages -----------------------------------------------------------------------
    async def chosen_lang(self, user_id: int) -> str | None:
        """The language a player chose for his private messages, if any (cached)."""
        if user_id not in self.langs:
            try:
                chosen = (await self.store.user_settings(user_id)).get("lang")
            except Exception:
                log.warning("could not read the settings of user %s", user_id)
                return None
            self.langs[user_id] = chosen if isinstance(chosen, str) else None
        return self.langs[user_id]

    async def set_lang(self, user_id: int, lang: str | None) -> None:
        await self.store.set_user_setting(user_id, "lang", lang)
        self.langs[user_id] = lang

    async def lang_for(self, interaction: Interaction, table: Table | None = None) -> str:
        """The language of a private answer, the first of:

        1. the player's own choice (``/… settings language``);
        2. the language of the table the answer is about;
        3. the language of the table of this server he last played at (``last_table``: one
           he has left, or one that has finished): who played at a Czech table keeps reading
           Czech, whatever his client's language;
        4. his Discord client's language (a player new to the server)."""
        chosen = await self.chosen_lang(interaction.user.id)
        if chosen is not None:
            return chosen
        if table is None:
            table = await self.last_table(interaction)
        if table is not None:
            return table.settings.lang
        return lang_of_locale(interaction.locale)

    async def last_table(self, interaction: Interaction) -> Table | None:
        """The table of this server the asker last played at (``TableService.last_table``),
        whatever became of it since; None if none (or it is gone)."""
        if interaction.guild_id is None:
            return None
        table_id = await self.service.last_table(interaction.guild_id, interaction.user.id)
        if table_id is None:
            return None
        try:
            return await self.table(table_id)
        except Exception:
            log.warning("could not load table %s", table_id)
            return None

    async def _lang_at(self, interaction: Interaction, table_id: int) -> str:
        table = self.service.tables.get(table_id) or self.finished.get(table_id)
        return await self.lang_for(interaction, table)

    async def render(self, message: dict[str, Any], what: str) -> dict[str, Any]:
        """A message built with ``render=False``, its picture drawn by the render pool."""
        image = await self.pools.render.render(message.get("picture"), what)
        return builders.attach(message, image)

    async def hand_message(self, table: Table, seat: int, lang: str, *,
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
        return await self.render(message, f"the hand on table {table.table_id}")

    # -- threads: where a table plays ----------------------------------------------------
    async def open_thread(self, channel_id: int, name: str, what: str) -> int | None:
        """A public thread of a text channel for a table (its id), or None when none can be
        made there (not a text channel, e.g. already a thread; no permission; Discord
        refused): the table then plays in the channel itself, and the log says so."""
        channel = self.channel(channel_id)
        if channel is None or not isinstance(channel, discord.TextChannel):
            return None
        for attempt in range(1, THREAD_ATTEMPTS + 1):
            self.delivery.charge()  # (beside the outbox: counted against the global pace)
            try:
                thread = await channel.create_thread(
                    name=name[:100], type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_ARCHIVE_MINUTES)
                return int(thread.id)
            except (discord.HTTPException, discord.RateLimited) as exc:
                failure = classify(exc, "post")  # a thread takes the channel's post bucket
                if failure.kind == "rate" and attempt < THREAD_ATTEMPTS:
                    wait = failure.retry_after
                    await asyncio.sleep(min(wait if wait is not None else 1.0, 5.0))
                    continue
                log.warning("no thread for %s in channel %s (%s): it plays in the channel",
                            what, channel_id, exc)
                return None
        return None

    async def placement(self, guild_id: int, channel_id: int) -> Place | None:
        """Where a new table of ``channel_id`` plays, by the server's ``table_threads``:
        "busy" (the default) a thread of its own when the channel already has a table in
        its lobby or in play, "always" a thread, "never" the channel. None: the channel."""
        try:
            mode = (await self.store.guild_settings(guild_id)).get("table_threads", "busy")
        except Exception:
            log.warning("could not read the settings of guild %s", guild_id)
            mode = "busy"
        if mode == "never" or (mode != "always"
                               and not self.service.tables_in_channel(channel_id)):
            return None
        return functools.partial(self._in_thread, channel_id)

    async def _in_thread(self, channel_id: int, table: Table) -> tuple[int, list[OutboxItem]]:
        """A thread named after the table, and a line in the channel that points there (in
        the table's language); without a thread the table stays in the channel. Its thread
        made before a restart cut the table's first commit short is taken, not made again."""
        lang = table.settings.lang
        name = builders.table_title(table, "lobby_title", lang)[:100]
        thread = self._made_thread(channel_id, name)
        if thread is None:
            thread = await self.open_thread(channel_id, name, f"table {table.table_id}")
        if thread is None:
            return channel_id, []
        return thread, [items.pointer(channel_id, table.table_id)]

    def _made_thread(self, channel_id: int, name: str) -> int | None:
        """The bot's thread of that name in the channel, if there is one (known threads
        only: the active ones)."""
        channel = self.channel(channel_id)
        me = self.bot_user_id()
        if channel is None or not isinstance(channel, discord.TextChannel) or me is None:
            return None
        mine = [th.id for th in channel.threads if th.owner_id == me and th.name == name]
        return max(mine, default=None)

    def pointer_text(self, table: Table) -> str | None:
        """The line in the channel a table was opened in that points to its thread: where
        it plays, who won when it has finished, that it was closed."""
        if not table.in_thread:
            return None
        lang, ui = table.settings.lang, builders.game_ui(table)
        values = {"id": table.table_id, "thread": f"<#{table.channel_id}>",
                  "game": ui.name(lang)}
        outcome = table.state.outcome() if table.state is not None else None
        if table.status == STATUS_FINISHED and outcome is not None:
            names = table.names()
            winners = ", ".join(names[seat] for seat in outcome.order()
                                if outcome.places[seat] == 1)
            return t("core.table_thread_finished", lang, winners=winners, **values)
        if table.status == STATUS_ABORTED:
            return t("core.table_thread_closed", lang, **values)
        return t("core.table_thread", lang, **values)

    def _pointer(self, table: Table) -> list[OutboxItem]:
        """The pointer line refreshed (a table in a thread that finished or closed)."""
        if not table.in_thread:
            return []
        assert table.parent_id is not None
        return [items.pointer(table.parent_id, table.table_id)]

    # -- composing (the service's Presenter) ---------------------------------------------
    def lobby_shown(self, table: Table) -> list[OutboxItem]:
        """The lobby refreshed; a rematch's invitation too, when what it says has changed
        (an invited player sat down, declined, left)."""
        return [items.table_refresh(table.channel_id, table.table_id),
                *self._invite_refresh(table)]

    def options_shown(self, table: Table) -> list[OutboxItem]:
        """The lobby with changed options, and who has to accept them now (notified)."""
        out = self.lobby_shown(table)
        waiting = table.not_agreed()
        if waiting:
            mentions = ", ".join(f"<@{s.user_id}>" for i in waiting
                                 if (s := table.seats[i]) is not None)
            text = t("core.options_changed", table.settings.lang, id=table.table_id,
                     mentions=mentions)
            out.append(items.post(table.channel_id, text, mentions=True,
                                  table_id=table.table_id))
        return out

    def closed_shown(self, table: Table, reason: str,
                     by: str | None = None) -> list[OutboxItem]:
        text = builders.closed_text(table, f"core.closed_{reason}", table.settings.lang, by)
        out = [items.table_refresh(table.channel_id, table.table_id, closed=reason),
               items.post(table.channel_id, text, table_id=table.table_id),
               *self._pointer(table), *self._invite_done(table, "core.again_invite_closed")]
        unping = self._unping(table)
        self._forget_mover(table.table_id)
        return out if unping is None else [unping, *out]

    def note(self, table: Table, key: str, seat: int) -> None:
        if key == "absent" and not self.service.can_stand_in(table, seat):
            key = "absent_waits"  # nobody else plays: no AI moves for him, the table waits
        table.recent.add([t(f"core.note_{key}", table.settings.lang,
                            name=table.names()[seat])])

    def reminder(self, table: Table, seat: int, seconds_left: int) -> list[OutboxItem]:
        s = table.seats[seat]
        if s is None or s.user_id is None:
            return []
        key = "core.reminder" if self.service.can_stand_in(table, seat) else "core.reminder_wait"
        text = t(key, table.settings.lang, mention=f"<@{s.user_id}>", seconds=seconds_left)
        self.pinged.add(table.table_id)
        return [items.ping(table.channel_id, table.table_id, text,
                           buttons=[self._hand_button(table)])]

    def game_shown(self, table: Table, events: Sequence[GameEvent],
                   origin: int | None) -> list[OutboxItem]:
        """A game change: its announcements, the final order when it ends, the table message
        (posted anew when a deal starts) and the ping of the human to act (or the removal of
        a ping that no longer holds)."""
        state = table.state
        assert state is not None
        ui = builders.game_ui(table)
        channel, tid = table.channel_id, table.table_id
        table.events.extend(events)
        del table.events[:-RECENT_EVENTS]
        # (a human's own click among the change's actions: he has seen the lines before it,
        # the table message keeps those from it on until he moves again: ``recent_shown``)
        movers = {table.seat_of(p["by"]) for p in table.pending
                  if isinstance(p.get("by"), int) and not isinstance(p.get("by"), bool)}
        table.recent.add(ui.event_lines(table, events),
                         [seat for seat in movers if seat is not None])
        starts = ui.starts_deal(events)
        lines = ui.announcements(table, events)
        # a finished deal's picture (all shown) goes with its result line
        pictures = ui.deal_pictures(table, events)
        # a deal starts: the table message is posted anew and the old one becomes the
        # record of these lines (one edit instead of a post beside it and its deletion)
        refresh = items.table_refresh(channel, tid, repost=starts,
                                      record=lines if starts and not state.finished else (),
                                      pictures=pictures)
        out = [] if refresh.payload.get("record") else [
            items.post(channel, text, table_id=tid,
                       pictures=[(name, file) for i, name, file in pictures if i == k])
            for k, text in enumerate(lines)]
        out.extend(self._invite_done(table, "core.again_invite_started"))
        if state.finished:
            out.append(self._final(table, ui))
            out.extend(self._pointer(table))
        out.append(refresh)
        self._note_mover(table)
        had_ping = tid in self.pinged or table.ping_message_id is not None
        ping = self._turn_ping(table, ui, events, origin)
        if state.finished:
            self._forget_mover(tid)
        if starts and ping is not None and not ping.payload.get("clear"):
            # a deal starts with a human to act: the table message posted anew at the
            # bottom notifies him itself (its first line; its "Moje karty" button gives the
            # fresh hand) — one message instead of a ping posted and deleted beside it
            refresh.payload["ping"] = True
            self.pinged.discard(tid)
            ping = items.unping(channel, tid) if had_ping else None  # a ping of before goes
        elif ping is not None:
            refresh.payload["ping"] = False  # this change pings (or unpings) on its own
        if ping is not None:
            out.append(ping)
        return out

    def final_lines(self, table: Table, lang: str) -> list[str]:
        """The final order from the engine's outcome, with the game's notes."""
        state = table.state
        assert state is not None
        outcome = state.outcome()
        assert outcome is not None
        ui = builders.game_ui(table)
        lines = []
        for seat in outcome.order():
            line = game_t(table.game_kind, "place", lang, n=outcome.places[seat],
                          name=ui.seat_name(table, seat, lang), points=outcome.scores[seat])
            lines.append(line + ui.outcome_note(outcome, seat, lang))
        return lines

    def _final(self, table: Table, ui: GameUI) -> OutboxItem:
        """The final order, with the game's final picture (drawn when it is sent) attached
        beside the embed (inside, Discord would fit a tall sheet into a landscape box) and,
        when the game is not rated, why (``rating_note``, also when it is sent)."""
        lang = table.settings.lang
        embed = discord.Embed(title=builders.table_title(table, "final_title", lang),
                              colour=builders.EMBED_COLOUR)
        embed.add_field(name=t("core.final_order", lang),
                        value="\n".join(self.final_lines(table, lang)), inline=False)
        buttons = []
        if table.tournament is None:  # (a tournament's next round is the tournament's)
            embed.add_field(name=t("core.again_heading", lang),
                            value=t("core.again_line", lang, command=ui.command), inline=False)
            buttons.append({"custom_id": TableButton(table.table_id, "again").custom_id,
                            "label": t("core.btn_again", lang),
                            "style": discord.ButtonStyle.success.value})
        has_picture = ui.final_picture(table, lang) is not None
        item = items.post(table.channel_id, embed=cast(dict[str, Any], embed.to_dict()),
                          pictures=[("final", "protokol.png")] if has_picture else (),
                          table_id=table.table_id, buttons=buttons)
        item.payload["rating"] = True
        return item

    async def rating_note(self, table_id: int | None) -> tuple[str, str] | None:
        """The final post's field that says why its game is not rated (its heading and
        text), by the rule the archive applies and the server's AI share (None: rated)."""
        table = None if table_id is None else await self.table(table_id)
        if table is None or table.state is None:
            return None
        limit = float((await self.store.guild_settings(table.guild_id))["ai_share_limit"])
        lang = table.settings.lang
        note = unrated_note(table, limit, lang)
        return None if note is None else (t("core.rating_heading", lang), note)

    def _hand_button(self, table: Table) -> dict[str, Any]:
        """The ping's button: a fresh hand message at the bottom of the channel."""
        label = t("core.btn_hand", table.settings.lang)
        return {"custom_id": TableButton(table.table_id, "hand").custom_id, "label": label,
                "style": discord.ButtonStyle.primary.value}

    def _unping(self, table: Table) -> OutboxItem | None:
        """The turn ping or reminder no longer holds (the game is over or aborted, nobody is
        to be pinged): it goes (an entry that supersedes a ping not sent yet)."""
        if table.table_id not in self.pinged and table.ping_message_id is None:
            return None
        self.pinged.discard(table.table_id)
        return items.unping(table.channel_id, table.table_id)

    def _turn_ping(self, table: Table, ui: GameUI, events: Sequence[GameEvent],
                   origin: int | None) -> OutboxItem | None:
        assert table.state is not None
        found = self._human_to_act(table)
        if found is None:
            return self._unping(table)
        seat, s = found
        if s.absent:
            return None  # the table waits for him (or an AI stands in): his ping still holds
        turn = table.turn  # (as saved before this change: a restart keeps it)
        if not events and turn is not None and (turn.version, turn.seat) == (table.version,
                                                                             seat):
            return None  # nothing moved, his turn goes on: what it showed him still holds
        own = (s.user_id == origin or (table.table_id, s.user_id) in self.acting
               or s.user_id == self._mover(table))
        if own and not ui.starts_deal(events):
            # he is still on the move he just made (AI turns — applied by the service's
            # driver after his click — kvarty lead again): his hand shows his turn
            return None
        self.pinged.add(table.table_id)
        return items.ping(table.channel_id, table.table_id,
                          ui.turn_ping(table, seat, f"<@{s.user_id}>"),
                          buttons=[self._hand_button(table)])

    def _ping_line(self, table: Table) -> str | None:
        """The line of a table message posted with ``ping``: the human to act as the table
        is now (when it is sent), if the table waits for him."""
        found = self._human_to_act(table)
        if found is None or found[1].absent:
            return None
        seat, s = found
        return builders.game_ui(table).turn_ping(table, seat, f"<@{s.user_id}>")

    @staticmethod
    def _human_to_act(table: Table) -> tuple[int, Seat] | None:
        """The seat to act and its player, while the table plays and a human sits there."""
        seat = None if table.state is None else table.state.to_act
        if seat is None or table.status != STATUS_PLAYING:
            return None
        s = table.seats[seat]
        return None if s is None or s.user_id is None else (seat, s)

    def _note_mover(self, table: Table) -> None:
        """What the change being composed (its actions, not committed yet) makes of the
        table's last mover: the last human who moved in it, or None after an AI stood in
        for an absent human; nothing when only AI seats (and forced moves) moved."""
        tid = table.table_id
        self.composing.pop(tid, None)
        for action in reversed(table.pending):
            by, seat = action.get("by"), action.get("seat")
            if isinstance(by, int) and not isinstance(by, bool):
                self.composing[tid] = by
                return
            if by == "ai" and isinstance(seat, int) and 0 <= seat < len(table.seats):
                s = table.seats[seat]
                if s is not None and s.user_id is not None:  # an AI stood in for him
                    self.composing[tid] = None
                    return

    def _mover(self, table: Table) -> int | None:
        """The last human who moved at the table (in the change being composed, or in the
        committed ones)."""
        tid = table.table_id
        return self.composing[tid] if tid in self.composing else self.movers.get(tid)

    def _forget_mover(self, table_id: int) -> None:
        """The table finished or closed: nobody moves there any more."""
        self.movers.pop(table_id, None)
        self.composing.pop(table_id, None)
        for key in [k for k in self.last_moves if k[0] == table_id]:
            del self.last_moves[key]
        for key in [k for k in self.back_notes if k[0] == table_id]:
            del self.back_notes[key]

    def committed(self, table: Table, entries: Sequence[OutboxEntry], game: bool) -> None:
        if game and table.table_id in self.composing:
            mover = self.composing.pop(table.table_id)
            if mover is None:
                self.movers.pop(table.table_id, None)
            else:
                self.movers[table.table_id] = mover
        self.delivery.submit(entries)
        if game:
            self._refresh_hands(table)
        self._due_hands()

    async def table_changed(self, table: Table, events: Sequence[GameEvent]) -> None:
        """Show a table as it is now (outside a change: tests, tools), and wait for it."""
        await self._show(table, self.game_shown(table, events, None), game=True)

    async def lobby_changed(self, table: Table) -> None:
        await self._show(table, self.lobby_shown(table))

    async def _show(self, table: Table, outbox: list[OutboxItem], game: bool = False) -> None:
        ids = await self.store.add_outbox(outbox)
        self.committed(table, [OutboxEntry.of(i, item, discord.utils.utcnow())
                               for i, item in zip(ids, outbox, strict=True)], game)
        await self.delivery.settled(table.table_id)

    # -- materials of the deliverer ---------------------------------------------------------
    def channel(self, channel_id: int) -> Any:
        return self.bot.get_channel(channel_id)

    def charge(self) -> None:
        self.delivery.charge()

    async def find_channel(self, channel_id: int) -> Any:
        self.delivery.charge()
        try:
            return await self.bot.fetch_channel(channel_id)
        except (discord.NotFound, discord.Forbidden):
            return None

    def bot_user_id(self) -> int | None:
        return self.bot.user.id if self.bot.user is not None else None

    def table_message_id(self, table_id: int) -> int | None:
        table = self.service.tables.get(table_id) or self.finished.get(table_id)
        return None if table is None else table.message_id

    async def table(self, table_id: int) -> Table | None:
        """A table of the bot: in play, or finished/closed and loaded from the database."""
        table = self.service.tables.get(table_id) or self.finished.get(table_id)
        if table is not None:
            return table
        rec = await self.store.get_table(table_id)
        if rec is None:
            return None
        table = table_from_record(rec)
        if table.status in (STATUS_LOBBY, STATUS_PLAYING):
            return table  # (a table being restored: its outbox runs before resume_all)
        self.finished[table_id] = table
        while len(self.finished) > FINISHED_CACHE:
            self.finished.popitem(last=False)
        return table

    async def table_message(self, table: Table, payload: dict[str, Any]) -> dict[str, Any]:
        """The table's one public message as the table is now: the lobby, the running or
        finished game, or its closed form."""
        lang = table.settings.lang
        closed = table.status == STATUS_ABORTED
        if table.state is None:
            if not closed:
                return builders.lobby_message(table)
            reason = str(payload.get("closed") or "aborted")
            title = builders.table_title(table, "lobby_title", lang)
            embed = discord.Embed(title=title, description=builders.closed_text(
                table, f"core.closed_{reason}", lang))
            return {"embed": embed, "view": None, "attachments": []}
        message = builders.table_message(table, closed=closed, render=False)
        message = await self.render(message, f"the table picture of table {table.table_id}")
        message.pop("content", None)
        if payload.get("ping"):
            line = self._ping_line(table)
            if line is not None:
                message["content"] = line
        return message

    async def picture(self, table_id: int | None, name: str) -> bytes | None:
        if name.startswith("t") and ":" in name:
            return await self.desk.picture(name)
        if table_id is None:
            return None
        table = await self.table(table_id)
        if table is None or table.state is None:
            return None
        ui = builders.game_ui(table)
        lang = table.settings.lang
        # "final", or a name of the game's (``GameUI.deal_pictures``: a finished deal)
        picture = (ui.final_picture(table, lang) if name == "final"
                   else ui.named_picture(table, name, lang))
        return await self.pools.render.render(picture, f"the picture {name} of {table_id}")

    async def set_table_message(self, table: Table, message_id: int) -> int | None:
        old = table.message_id
        await self.service.set_message(table, message_id)
        return old

    async def set_ping(self, table: Table, message_id: int | None) -> int | None:
        old = table.ping_message_id
        await self.service.set_ping(table, message_id)
        return old

    def pointer_message_id(self, table_id: int) -> int | None:
        table = self.service.tables.get(table_id) or self.finished.get(table_id)
        return None if table is None else table.pointer_id

    async def set_pointer(self, table: Table, message_id: int) -> int | None:
        old = table.pointer_id
        table.pointer_id = message_id
        await self.service.note_ids(table)
        return old

    def tournament_message_id(self, tournament_id: int) -> int | None:
        return self.desk.message_id(tournament_id)

    async def tournament_message(self, tournament_id: int) -> dict[str, Any] | None:
        return await self.desk.message(tournament_id)

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> int | None:
        return await self.desk.set_message(tournament_id, message_id)

    async def enqueue(self, entries: list[OutboxItem]) -> None:
        ids = await self.store.add_outbox(entries)
        self.delivery.submit(OutboxEntry.of(i, item, discord.utils.utcnow())
                             for i, item in zip(ids, entries, strict=True))

    # -- hands (ephemeral, through each player's interaction) ------------------------------
    def _refresh_hands(self, table: Table) -> None:
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
            if key in self.acting or key not in self.sessions:
                continue  # (the acting player's hand is refreshed when his click is done)
            self._refresh_hand(table, key)

    def _refresh_hand(self, table: Table, key: tuple[int, int]) -> None:
        self.held_hands.pop(key, None)
        self.hands.request(key, functools.partial(self._edit_hand, table, key))

    def _hold_hand(self, table: Table, key: tuple[int, int]) -> None:
        """Refresh the hand when the table's AI chain commits or ends, or with the first
        commit anywhere after the sender's hold (``Sender.hold_seconds``: longer while the
        global pace binds, when pictures are scarce too; as the sender holds a table
        message, no timer per held hand)."""
        self.held_hands[key] = (table, self.delivery.clock() + self.delivery.hold_seconds())

    def _due_hands(self) -> None:
        if not self.held_hands:
            return
        now = self.delivery.clock()
        for key, (table, due) in list(self.held_hands.items()):
            if due <= now:
                self._refresh_hand(table, key)

    def chain_ended(self, table_id: int) -> None:
        self.delivery.release(table_id)
        for key, (table, _due) in list(self.held_hands.items()):
            if key[0] == table_id:
                self._refresh_hand(table, key)

    async def _edit_hand(self, table: Table, key: tuple[int, int]) -> None:
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
        age = self.now() - opened
        if age > TOKEN_SECONDS:
            self._end_session(key, session)
            return
        # (the timer's word: the loop's clock may run a hair ahead of the wall clock)
        last = age >= SESSION_SECONDS or key in self.last_due
        lang = self.langs.get(key[1]) or table.settings.lang
        try:
            message = await self.hand_message(table, seat, lang, last=last)
        except Exception:  # a bug drawing it: he is told, his next click redraws
            log.exception("refreshing a hand on table %s failed", table.table_id)
            if not isinstance(interaction, StoredHand):  # (no answer but through the hand)
                await self.error(interaction, "core.error", lang)
            return
        if self.sessions.get(key) is not session:
            return  # a newer hand message replaced this one meanwhile
        self.metrics_hand_edits += 1
        try:
            await interaction.edit_original_response(**message)
        except discord.NotFound:  # the token expired (or the message is gone): dropped
            log.info("hand of %s on table %s is gone; dropped", key[1], table.table_id)
            self._end_session(key, session)
            return
        except discord.HTTPException as exc:
            log.warning("hand refresh failed for %s on table %s: %s", key[1], table.table_id,
                        exc)
            self._end_session(key, session)
            return
        if last or table.state is None or table.state.finished:
            self._end_session(key, session)

    def _end_session(self, key: tuple[int, int], session: Session) -> None:
        if self.sessions.get(key) is session:
            del self.sessions[key]
            self._note_hand(key, None)
            self.hands.forget(key)
            self.last_due.discard(key)
            self._cancel_last_edit(key)

    def _cancel_last_edit(self, key: tuple[int, int]) -> None:
        timer = self.last_edits.pop(key, None)
        if timer is not None:
            timer.cancel()

    def _keep(self, key: tuple[int, int], interaction: Interaction) -> None:
        """His newest hand message, edited through ``interaction`` from now on; its last
        edit is due when the token is ``SESSION_SECONDS`` old (``last_edit``)."""
        opened = self.now()
        self.sessions[key] = (interaction, opened)
        self.last_due.discard(key)
        self._cancel_last_edit(key)
        self.last_edits[key] = asyncio.get_running_loop().call_later(
            SESSION_SECONDS, self.last_edit, key)
        self._note_hand(key, HandToken(key[0], key[1], int(interaction.application_id),
                                       interaction.token, _message_id(interaction),
                                       _moment(opened), _moment(opened + TOKEN_SECONDS)))

    def _note_hand(self, key: tuple[int, int], token: HandToken | None) -> None:
        """Save a hand's token (None: it stopped following the table) — soon, in one write
        with the others asked for meanwhile."""
        self.hand_writes[key] = token
        if self.hand_saver is None or self.hand_saver.done():
            self.hand_saver = asyncio.ensure_future(self._save_hands())
            self.service.tasks.add(self.hand_saver)
            self.hand_saver.add_done_callback(self.service.tasks.discard)

    async def _save_hands(self) -> None:
        await asyncio.sleep(0)  # (a burst of clicks and edits: one write)
        while self.hand_writes:
            writes, self.hand_writes = self.hand_writes, {}
            try:
                await self.store.save_hands([h for h in writes.values() if h is not None],
                                            [k for k, h in writes.items() if h is None])
            except Exception as exc:  # (not fatal: those hands do not outlive a restart)
                log.warning("could not save %d open hands: %s", len(writes),
                            type(exc).__name__)

    async def _restore_hands(self) -> None:
        """After a restart: the hands open before it follow their tables again, through
        their saved tokens (``StoredHand``) — edited now (a change the restart cut short may
        not have reached them), and their last edit comes when it is due (``last_edit``).
        The expired ones are deleted as they are read; those of a table no longer in play
        are dropped."""
        now = self.now()
        try:
            saved = await self.store.load_hands(_moment(now))
        except Exception:
            log.exception("reading the open hands failed")
            return
        loop = asyncio.get_running_loop()
        for h in saved:
            key = (h.table_id, h.user_id)
            table = self._followed(key)
            opened = h.opened_at.timestamp()
            if table is None or now - opened > TOKEN_SECONDS:
                self._note_hand(key, None)
                continue
            if key in self.sessions:  # (a click since the start: his newer hand)
                continue
            self.sessions[key] = (StoredHand(self.bot, h.application_id, h.token,
                                             h.message_id), opened)
            self.last_edits[key] = loop.call_later(
                max(0.0, opened + SESSION_SECONDS - now), self.last_edit, key)
            self._refresh_hand(table, key)

    def last_edit(self, key: tuple[int, int]) -> None:
        """A hand's token is about to die: its last edit (``_edit_hand``), while the game
        runs and he plays there (a hand of a game that ended or of a seat he left was told
        so already)."""
        self.last_edits.pop(key, None)
        session = self.sessions.get(key)
        if session is None:
            return
        table = self._followed(key)
        if table is None:
            self._end_session(key, session)
            return
        self.last_due.add(key)
        self._refresh_hand(table, key)

    def _followed(self, key: tuple[int, int]) -> Table | None:
        """The table a hand (``key``: table, user) follows — its game runs and he plays
        there — or None: it follows none any more (``last_edit``, ``_restore_hands``)."""
        table = self.service.tables.get(key[0])
        if (table is None or table.status != STATUS_PLAYING or table.state is None
                or table.state.finished or table.seat_of(key[1]) is None):
            return None
        return table

    def _hand_left(self, table: Table, user_id: int, text: str) -> None:
        """He left the table: his open hand says so, once, with no buttons (an AI plays his
        cards now), and follows the table no more."""
        key = (table.table_id, user_id)
        session = self.sessions.get(key)
        if session is not None:
            self._last_word(key, session, text)

    def _last_word(self, key: tuple[int, int], session: Session, text: str, *,
                   ended: bool = False) -> None:
        """The hand of ``session`` says ``text``, once, with no buttons, and ends its session
        (``ended``: ended already, by forget-me) — unless a newer hand of his replaced it
        meanwhile (he took his seat back)."""

        async def edit() -> None:
            if not ended:
                if self.sessions.get(key) is not session:
                    return  # (a newer hand of his: he took his seat back meanwhile)
                self._end_session(key, session)
            if self.now() - session[1] > TOKEN_SECONDS:
                return
            try:
                await session[0].edit_original_response(content=text, view=None,
                                                        attachments=[])
            except discord.HTTPException as exc:
                log.info("the hand of %s who left table %s: %s", key[1], key[0], exc)

        self.hands.request(key, edit)

    # -- the archive and restarts ------------------------------------------------------------
    async def _archive(self, table: Table) -> None:
        game_id = None
        try:
            game_id = await archive(self.store, table)
        except Exception:  # the game is saved as finished; its archive can be redone
            log.exception("archiving table %s failed", table.table_id)
        self.desk.service.table_finished(table, game_id)

    async def resume_all(self) -> None:
        """After a (re)start: the outbox left from before is delivered first (a click on one
        of its tables waits for it); then every table message is refreshed (re-posted if
        deleted), AI seats whose move is due play it, and the turn timers restart."""
        try:
            await self.store.prune_outbox(
                discord.utils.utcnow() - timedelta(seconds=OUTBOX_KEEP_SECONDS))
            await self.delivery.recover()
        except Exception:
            log.exception("recovering the outbox failed")
        await self.desk.service.load()
        await self._restore_hands()
        for table in list(self.service.tables.values()):
            try:
                if table.parent_id == table.channel_id and table.status == STATUS_LOBBY:
                    # a restart between its thread and its first commit: it takes that
                    # thread (or a new one) and shows itself there now
                    await self.service.place_again(
                        table, functools.partial(self._in_thread, table.channel_id))
                await self.service.resume(table)
            except Exception:
                log.exception("resuming table %s failed", table.table_id)
        self.service.resume_timers()
        await self.desk.service.resume()

    def shutdown(self) -> None:
        self.service.shutdown()
        self.desk.service.shutdown()
        self.delivery.close()
        self.hands.cancel()
        self.held_hands.clear()
        for timer in self.last_edits.values():
            timer.cancel()
        self.last_edits.clear()
        self.last_due.clear()

    async def ask_forget(self, interaction: Interaction, lang: str) -> None:
        """``/… forget-me`` cannot be undone: asked first, saying what it does (``forget_plan``
        worded: what becomes of each table and tournament he is in; what is deleted, what
        stays anonymized); the button does ``forget``."""
        leaves = "".join(t(f"core.forget_{what}", lang, id=id_, names=names)
                         for what, id_, names, _act in self.forget_plan(interaction.user.id)
                         if what != "seat")
        button = ConfirmButton(0, "forget", self.confirm_until(), t("core.btn_forget", lang))
        await self._ask(interaction, t("core.forget_confirm", lang, leaves=leaves), button, lang)

    def forget_plan(self, user_id: int) -> list[ForgetStep]:
        """What forgetting him does now, step by step: ``(what, id, names, act)``, worded by
        the question as ``core.forget_<what>`` and done by ``forget`` (``act``; None: his
        data's deletion does it), so the two cannot differ. Table by table, he leaves as
        ``service.leave`` with ``anonymize`` does it: a lobby he opened closes for the others
        (``names``), a running game plays on with an AI nobody takes back, or closes when no
        other human plays there ("seat": a tournament's table, which its tournament's step
        words). Then tournament by tournament: a registration is dropped; in a running one an
        AI plays for him to the end, his tournament table included; one he organises is
        cancelled while it registers — nobody could start it — and plays on when it runs."""
        plan: list[ForgetStep] = []
        for tb in sorted(self.service.tables.values(), key=lambda tb: tb.table_id):
            if tb.status not in (STATUS_LOBBY, STATUS_PLAYING) or tb.seat_of(user_id) is None:
                continue
            others = ", ".join(s.name for s in tb.seats
                               if s is not None and s.user_id is not None and s.user_id != user_id)
            if tb.tournament is not None:
                what = "seat"
            elif tb.status == STATUS_LOBBY:
                what = "closes_lobby" if user_id == tb.creator_id and others else "leaves_lobby"
            else:
                closes = self.service.closes_on_leaving(tb, user_id)
                what = "closes_game" if closes else "leaves_game"
            plan.append((what, tb.table_id, others, functools.partial(
                self.service.leave, tb.table_id, user_id, anonymize=True)))
        for tr in sorted(self.desk.service.tournaments.values(), key=lambda tr: tr.tournament_id):
            tid = tr.tournament_id
            registering = tr.status == TournamentStatus.REGISTRATION
            if tr.organiser_id == user_id and registering:  # nobody could start it
                plan.append(("cancels_tournament", tid, "",
                             functools.partial(self.desk.service.cancel, tid)))
                continue
            e = tournament_model.entrant_of_user(tr, user_id)
            if e is not None and e.replaced_from is None:
                # before the start off the list (a nameless entry would get an AI then)
                leave = functools.partial(self.desk.service.leave, tid, user_id)
                plan.append(("unregisters", tid, "", leave) if registering
                            else ("withdraws", tid, "", None))
            if tr.organiser_id == user_id:
                plan.append(("organises", tid, "", None))
        return plan

    async def forget(self, user_id: int) -> None:
        """/… forget-me: ``forget_plan`` as it is now done (off every table, an AI taking a
        running seat, nameless; off the tournaments), then his personal data out of the
        database; his games stay, anonymized."""
        for what, id_, _names, act in self.forget_plan(user_id):
            try:
                if act is not None:
                    await act()
            except TableError:
                log.warning("forgetting %s: %s %s failed", user_id, what, id_)
        await self.service.forget_left(user_id)
        lang = self.langs.get(user_id)  # (his hands' language, before it is forgotten)
        for key in [k for k in (*self.sessions, *self.hand_writes) if k[1] == user_id]:
            session = self.sessions.get(key)
            if session is not None:
                self._end_session(key, session)
                table = self.service.tables.get(key[0])
                if table is not None and table.seat_of(user_id) is None:
                    # his open hand says so, as a leaver's does (``_hand_left``)
                    self._last_word(key, session, t(
                        "core.hand_forgotten", lang or table.settings.lang, id=key[0]),
                        ended=True)
            self._note_hand(key, None)  # (no token of his saved after the database forgot him)
        await self.store.forget_user(user_id)
        self.langs.pop(user_id, None)
        self.service.forget_user(user_id)
        await self.desk.service.refresh()  # his entries are nameless now

    # -- a table that is over --------------------------------------------------------------
    async def over_text(self, table_id: int, lang: str) -> str | None:
        """What an old button of a finished or closed table answers (None: no such table)."""
        table = await self.table(table_id)
        if table is None:
            return None
        if table.status == STATUS_FINISHED and table.state is not None \
                and table.state.finished:
            title = builders.table_title(table, "final_title", lang)
            order = "\n".join(self.final_lines(table, lang))
            return t("core.delivery.over", lang, title=title, order=order)
        if table.status == STATUS_ABORTED:
            return builders.closed_text(table, "core.delivery.closed", lang)
        return None

    async def refuse_or_over(self, interaction: Interaction, exc: TableError, lang: str,
                             table_id: int) -> None:
        if exc.key in ("no_table", "game_over", "not_started"):
            text = await self.over_text(table_id, lang)
            if text is not None:
                await self.tell(interaction, text, lang)
                return
        await self.refuse(interaction, exc, lang, self._kind(table_id))

    async def refuse_move(self, interaction: Interaction, exc: TableError, lang: str,
                          table_id: int, choice: object) -> None:
        """``refuse_or_over`` for a click on the hand; a raw click on a disabled control
        (``choice``: its index; Discord greys them out) is told why, as the hand tells it."""
        table = self.service.tables.get(table_id)
        seat = None if table is None else table.seat_of(interaction.user.id)
        if (exc.key == "illegal" and "refusal" not in exc.params and isinstance(choice, int)
                and table is not None and table.state is not None and seat is not None):
            try:
                why = ui_of(table.game_kind).disabled_reason(table, seat, choice, lang)
            except Exception:
                log.exception("a disabled control's reason could not be worded")
                why = None
            if why:
                await self.error(interaction, game_key(table.game_kind, "illegal_why"), lang,
                                 reason=why)
                return
        await self.refuse_or_over(interaction, exc, lang, table_id)

    # -- interactions --------------------------------------------------------------------
    @answered
    async def on_lobby(self, interaction: Interaction, table_id: int, op: str) -> None:
        lang = await self._lang_at(interaction, table_id)
        user = interaction.user
        try:
            await interaction.response.defer()
            await self.delivery.startup_gate(table_id)
            if op == "join":
                table = await self.service.join(table_id, user.id, user.display_name)
                if _message_id(interaction) != table.message_id:
                    # (the rematch's invitation: the lobby that changed is elsewhere)
                    await self.error(interaction, "core.joined", lang, id=table_id)
            elif op in ("leave", "quit"):  # quit: the creator confirmed closing the table
                await self.leave_lobby(interaction, table_id, lang, confirmed=op == "quit")
            elif op == "agree":
                await self.service.agree(table_id, user.id)
            elif op == "decline":  # a rematch's invitation: he does not play this time
                await self.decline(interaction, table_id, lang)
            else:
                await self.service.start(table_id, user.id)
        except TableError as exc:
            await self.refuse_or_over(interaction, exc, lang, table_id)

    async def decline(self, interaction: Interaction, table_id: int, lang: str) -> None:
        """A click on a rematch invitation's "Nehraju" (answered already): an invited player
        does not play this time. The one who opened the rematch is told how he leaves its
        lobby instead, anybody else that the button is for the invited players of this
        table (the one the invitation names)."""
        user_id = interaction.user.id
        try:
            await self.service.decline(table_id, user_id)
        except TableError as exc:
            if exc.key != "again_not_invited":
                raise
            table = self.service.tables.get(table_id)
            creator = table is not None and user_id == table.creator_id \
                and table.seat_of(user_id) is not None
            await self.error(interaction, "core.again_creator_decline" if creator
                             else "core.again_not_invited", lang, id=table_id)
            return
        await self.error(interaction, "core.again_declined", lang, id=table_id)

    async def leave_lobby(self, interaction: Interaction, table_id: int, lang: str, *,
                          confirmed: bool = False) -> None:
        """A player leaves a lobby (a click on Odejít, or ``/<game> leave``; the interaction
        is answered already). The creator's leaving closes the table: while others sit there
        he is asked first (a button confirms it), and he is told that it is closed."""
        user_id = interaction.user.id
        table = self.service.tables.get(table_id)
        if table is not None and table.status == STATUS_PLAYING and not confirmed:
            await self.ask_leave(interaction, table, lang)  # the lobby's button, in a game
            return
        if table is None or table.status != STATUS_LOBBY:
            raise TableError("already_started" if table is not None else "no_table")
        if table.seat_of(user_id) is None:
            if user_id in table.rematch_awaited():  # an invited player's "no" to a rematch
                await self.service.decline(table_id, user_id)
                await self.error(interaction, "core.again_declined", lang, id=table_id)
                return
            raise TableError("not_seated")
        creator = user_id == table.creator_id
        others = [s.name for s in table.seats
                  if s is not None and s.user_id is not None and s.user_id != user_id]
        if creator and others and not confirmed:
            button = LobbyButton(table_id, "quit", t("core.btn_leave_close", lang),
                                 discord.ButtonStyle.danger)
            await interaction.followup.send(
                t("core.creator_leave_confirm", lang, id=table_id, names=", ".join(others)),
                view=question_view(button, self.confirm_until(), "core.btn_stay", lang),
                ephemeral=True)
            return
        await self.service.leave(table_id, user_id)
        key = "core.left_lobby_closed" if creator else "core.left_lobby"
        await self.tell(interaction, t(key, lang, id=table_id), lang)

    # -- questions before a running table changes for good ----------------------------------
    async def _ask(self, interaction: Interaction, text: str, button: ConfirmButton,
                   lang: str) -> None:
        """An ephemeral question with its buttons (``question_view``; it lapses after
        ``CONFIRM_SECONDS``: a click then changes nothing)."""
        view = question_view(button, button.until, STAY_LABELS.get(button.op), lang)
        if interaction.response.is_done():
            await interaction.followup.send(text, view=view, ephemeral=True)
        else:
            await interaction.response.send_message(text, view=view, ephemeral=True)

    def confirm_until(self) -> int:
        """When a question asked now lapses (epoch seconds, carried by its button)."""
        return int(self.now()) + CONFIRM_SECONDS

    async def answered_lapsed(self, interaction: Interaction, until: int, lang: str) -> bool:
        """A click on a question past ``until``: the question says so, its button gone
        (True); nothing done."""
        if self.now() <= until:
            return False
        await interaction.response.edit_message(content=t("core.confirm_expired", lang),
                                                view=None)
        return True

    def leave_question(self, table: Table, user_id: int, lang: str) -> tuple[str, ConfirmButton]:
        """What leaving the running game does, asked: an AI plays on for him and he may come
        back (not at a tournament's table: he withdraws), or the table closes (nobody else
        plays there); the button says which it confirmed."""
        tid = table.table_id
        if self.service.closes_on_leaving(table, user_id):
            return t("core.leave_confirm_close", lang, id=tid), ConfirmButton(
                tid, "leaveclose", self.confirm_until(), t("core.btn_leave_close", lang))
        if table.tournament is None:
            text = t("core.leave_confirm", lang, id=tid)
        else:
            text = t("core.leave_confirm_tournament", lang,
                     table=builders.tournament_table_ref(table.tournament, lang))
        return text, ConfirmButton(tid, "leave", self.confirm_until(),
                                   t("core.btn_leave_game", lang))

    async def ask_leave(self, interaction: Interaction, table: Table, lang: str) -> None:
        """``/<game> leave`` (or the lobby's Odejít) in a running game asks first what
        leaving does (``leave_question``)."""
        if table.seat_of(interaction.user.id) is None:
            raise TableError("not_seated")
        await self._ask(interaction, *self.leave_question(table, interaction.user.id, lang), lang)

    @staticmethod
    def may_abort(table: Table, user: Any) -> bool:
        """The table's creator or a manager of its server may close it."""
        return user.id == table.creator_id or manages_server(user)

    @staticmethod
    def abort_asks(table: Table, user_id: int) -> bool:
        """``/<game> abort`` asks first when a game is being played, or others sit in the
        lobby (as the creator's leaving does)."""
        return table.status == STATUS_PLAYING or any(u != user_id for u in table.humans())

    def abort_question(self, table: Table, user_id: int,
                       lang: str) -> tuple[str, ConfirmButton]:
        """Closing the table, asked: its running game ends for all ("abort"), or the lobby
        closes for the others seated ("abortlobby")."""
        tid = table.table_id
        if table.status == STATUS_PLAYING:
            text, op = t("core.abort_confirm", lang, id=tid), "abort"
        else:
            names = ", ".join(s.name for s in table.seats if s is not None
                              and s.user_id is not None and s.user_id != user_id)
            text, op = t("core.abort_confirm_lobby", lang, id=tid, names=names), "abortlobby"
        return text, ConfirmButton(tid, op, self.confirm_until(), t("core.btn_abort", lang))

    async def ask_abort(self, interaction: Interaction, table: Table, lang: str) -> None:
        await self._ask(interaction, *self.abort_question(table, interaction.user.id, lang), lang)

    def returnable(self, table_id: int, user_id: int) -> Table | None:
        """The running table whose seat the user left and may take back, if any."""
        live = self.service.tables.get(table_id)
        if (live is None or live.status != STATUS_PLAYING or live.state is None
                or live.state.finished or live.left_seat_of(user_id) is None):
            return None
        return live

    def returnable_of_game(self, guild_id: int, user_id: int, kind: str) -> Table | None:
        """A running table of the game ``kind`` on the server whose seat the user left and
        may take back (the latest, should there be several); None if none."""
        tables = [table for table in self.service.tables.values()
                  if table.guild_id == guild_id and table.game_kind == kind
                  and self.returnable(table.table_id, user_id) is not None]
        return max(tables, key=lambda table: table.table_id, default=None)

    def seated_elsewhere(self, table: Table, user_id: int, lang: str) -> str | None:
        """One who left ``table`` sits at another table of the server meanwhile: he may take
        his seat back once he leaves that one (told which, and how); None if he does not.
        A tournament's table is named as its thread names it, and leaving it would hand his
        seat to an AI for the rest of the tournament (``table`` itself is never a
        tournament's: one who leaves a tournament's table does not come back to it). The
        table he left is named with its game and channel ("stůl č. 1 (Lóra, #lora)"): its
        number alone could be the other one's ("stůl 1" of a tournament)."""
        other = self.service.table_of_user(table.guild_id, user_id)
        if other is None or other.table_id == table.table_id:
            return None
        command = ui_of(other.game_kind).command
        left = {"id": table.table_id, "game": builders.game_ui(table).name(lang),
                "channel": f"<#{table.channel_id}>"}
        if other.tournament is not None:
            return t("core.take_back_elsewhere_tournament", lang,
                     other=builders.tournament_table_ref(other.tournament, lang),
                     command=command, **left)
        return t("core.take_back_elsewhere", lang, other=other.table_id, command=command,
                 **left)

    async def offer_return(self, interaction: Interaction, table: Table, lang: str) -> bool:
        """One who left the running game asks for his cards: he is offered his seat back
        (True), if he may take it; sitting at another table meanwhile, he is told to leave
        it first (True)."""
        live = self.returnable(table.table_id, interaction.user.id)
        if live is None:
            return False
        elsewhere = self.seated_elsewhere(live, interaction.user.id, lang)
        if elsewhere is not None:
            await self.tell(interaction, elsewhere, lang)
            return True
        button = ConfirmButton(live.table_id, "back", self.confirm_until(),
                               t("core.btn_take_back", lang), discord.ButtonStyle.primary)
        await self._ask(interaction, t("core.take_back_offer", lang, id=live.table_id), button,
                        lang)
        return True

    @answered
    async def on_stay(self, interaction: Interaction, kind: str, about: int) -> None:
        """A question's button that keeps things as they are (``StayButton``), lapsed or
        not: nothing changed, said in the language of its table, or tournament ("tn")."""
        lang = await (self.desk._answer_lang if kind == "tn" else self._lang_at)(interaction,
                                                                                 about)
        await interaction.response.edit_message(content=t("core.nothing_changed", lang),
                                                view=None)

    @answered
    async def on_confirm(self, interaction: Interaction, table_id: int, op: str,
                         until: int) -> None:
        """A click on the button of a question (``ConfirmButton``): the table is closed, he
        leaves the game, he takes his seat back, or his personal data is deleted ("forget").
        The question becomes its answer (its button gone), whatever it is: done, refused,
        lapsed, or, when the table has changed so that the question no longer says what the
        click would do, the question as it is now (nothing done)."""
        lang = await self._lang_at(interaction, table_id)
        if await self.answered_lapsed(interaction, until, lang):
            return
        if op == "forget":
            await interaction.response.defer()
            await self.forget(interaction.user.id)
            await interaction.edit_original_response(content=t("core.forgotten", lang),
                                                     view=None)
            return
        if op == "back":
            await self._take_back(interaction, table_id, lang)
            return
        await interaction.response.defer()
        await self.delivery.startup_gate(table_id)
        view: discord.ui.View | None = None
        try:
            if op in ("abort", "abortlobby"):
                text = await self._abort(interaction, table_id, op, lang)
            else:
                text = await self._leave_game(interaction, table_id, op, lang)
        except TableError as exc:
            if exc.key == "changed" and (table := self.service.tables.get(table_id)):
                asked, button = (self.abort_question if op.startswith("abort")
                                 else self.leave_question)(table, interaction.user.id, lang)
                text = t("core.changed", lang) + "\n" + asked
                view = question_view(button, button.until, STAY_LABELS.get(button.op), lang)
            elif exc.key == "not_seated" and (table := self.service.tables.get(table_id)) \
                    and table.left_seat_of(interaction.user.id) is not None:
                text = t("core.left_game", lang, id=table_id)  # (a double click: done)
            else:
                text = await self.refusal_text(exc, lang, table_id)
        try:
            await interaction.edit_original_response(content=text, view=view)
        except discord.HTTPException:
            await self.tell(interaction, text, lang)

    async def refusal_text(self, exc: TableError, lang: str, table_id: int) -> str:
        """A refusal as ``refuse_or_over`` words it: a table that is over, its result."""
        if exc.key in ("no_table", "game_over", "not_started"):
            text = await self.over_text(table_id, lang)
            if text is not None:
                return text
        kind = self._kind(table_id)
        return t(game_key(kind, exc.key) if kind is not None else f"core.{exc.key}", lang,
                 **exc.params)

    async def _abort(self, interaction: Interaction, table_id: int, op: str,
                     lang: str) -> str:
        table = self.service.get(table_id)
        if table.tournament is not None:
            raise TableError("tournament.no_abort")
        if not self.may_abort(table, interaction.user):
            raise TableError("no_permission")
        status = STATUS_LOBBY if op == "abortlobby" else STATUS_PLAYING
        await self.service.abort(table_id, by=interaction.user.display_name, status=status)
        return t("core.aborted_ok", lang, id=table_id)

    async def _leave_game(self, interaction: Interaction, table_id: int, op: str,
                          lang: str) -> str:
        table = await self.service.leave(table_id, interaction.user.id,
                                         closes=op == "leaveclose")
        hand = ("core.left_game_closed" if table.status == STATUS_ABORTED
                else "core.hand_left" if table.tournament is None
                else "core.hand_left_tournament")
        ref = builders.tournament_table_ref(table.tournament or {}, lang)
        self._hand_left(table, interaction.user.id, t(hand, lang, id=table_id, table=ref))
        if table.status == STATUS_ABORTED:  # he was the last player there
            return t("core.left_game_closed", lang, id=table_id)
        if table.tournament is not None:
            try:  # the tournament's message shows his substitute now
                await self.desk.service.seat_left(table.tournament, interaction.user.id)
            except Exception:
                log.exception("telling tournament %s of a seat left failed", table.tournament)
            return t("core.left_game_tournament", lang, table=ref)
        return t("core.left_game", lang, id=table_id)

    async def _take_back(self, interaction: Interaction, table_id: int, lang: str) -> None:
        """He plays the seat he left again: the offer becomes his hand, which says so (a
        refusal replaces the offer too)."""
        await self.delivery.startup_gate(table_id)
        user_id = interaction.user.id
        try:
            await self.service.take_back(table_id, user_id)
        except TableError as exc:
            live = self.service.tables.get(table_id)
            text = (self.seated_elsewhere(live, user_id, lang)
                    if exc.key == "already_seated" and live is not None else None)
            text = text or await self.refusal_text(exc, lang, table_id)
            await interaction.response.edit_message(content=text, view=None)
            return
        table = self.service.tables.get(table_id)
        if table is not None:
            await self.open_hand(interaction, table, returned=True)

    @answered
    async def on_add_ai(self, interaction: Interaction, table_id: int, level: str) -> None:
        lang = await self._lang_at(interaction, table_id)
        try:
            await interaction.response.defer()
            await self.service.add_ai(table_id, interaction.user.id, level)
        except TableError as exc:
            await self.refuse_or_over(interaction, exc, lang, table_id)

    @answered
    async def on_option(self, interaction: Interaction, table_id: int, revision: int,
                        choice: str) -> None:
        """The creator changes one of the game's options; the seated players are asked to
        accept the changed options (Čl. 10, 13: an agreement of all at the start)."""
        lang = await self._lang_at(interaction, table_id)
        table = self.service.tables.get(table_id)
        try:
            await interaction.response.defer()
            if table is None or table.state is not None:
                raise TableError("already_started" if table is not None else "no_table")
            if revision != table.settings.revision:
                raise TableError("stale_message")
            options = builders.game_ui(table).change_option(table.settings.options, choice)
            if options is None:
                raise TableError("stale_message")
            await self.service.set_options(table_id, interaction.user.id, options)
        except TableError as exc:
            await self.refuse(interaction, exc, lang, self._kind(table_id))
            return

    @answered
    async def on_table_button(self, interaction: Interaction, table_id: int, op: str) -> None:
        lang = await self._lang_at(interaction, table_id)
        if op == "refresh":
            await self.refresh_hand(interaction, table_id, lang)
            return
        if op == "again":
            await self.again(interaction, table_id, lang)
            return
        table = self.service.tables.get(table_id)
        if table is None or table.status not in (STATUS_LOBBY, STATUS_PLAYING):
            if op == "hand":  # the game is over: its result instead of a hand
                over = await self.over_text(table_id, lang)
                if over is not None:
                    await self.tell(interaction, over, lang)
                    return
            table = table or await self.table(table_id)
        if table is None or table.state is None:
            await self.error(interaction, "core.no_table", lang)
            return
        if op == "hand":
            await self.open_hand(interaction, table)
            return
        # any other click of an absent player at his table brings him back too (told)
        if op == "rules":
            await self.send_rules(interaction, table.game_kind, lang, table)
            if await self.come_back(table, interaction.user.id):
                await self.error(interaction, self._back_key(table, interaction.user.id), lang)
            return
        # acknowledged before anything is drawn: a picture on a busy loop must not miss
        # Discord's three seconds (then the click would fail with no answer at all)
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = builders.game_ui(table).table_op(table, op, lang)
        if reply.png is not None:
            await interaction.followup.send(file=builders.png_file(reply.png, reply.filename),
                                            ephemeral=True)
        else:
            await interaction.followup.send(reply.content or t("core.stale", lang),
                                            ephemeral=True)
        if await self.come_back(table, interaction.user.id):
            await self.error(interaction, self._back_key(table, interaction.user.id), lang)

    async def again(self, interaction: Interaction, table_id: int, lang: str) -> None:
        """A click on "Hrát znovu" under a finished table's final order: a new table in the
        same channel with the finished one's settings (its options, timer, seating,
        language, AI seats and their levels) and the clicker seated; the other humans who
        played there are invited to join (each joins with the lobby's own button). Only one
        who played there may, as ``/… new`` would let him (not seated elsewhere), and not
        while a table is open in the channel (the clicks of the others then point to it)."""
        old = await self.table(table_id)
        user = interaction.user
        if old is None or old.status != STATUS_FINISHED or old.tournament is not None:
            await self.tell(interaction, await self.over_text(table_id, lang)
                            or t("core.no_table", lang), lang)
            return
        ui = builders.game_ui(old)
        humans = [s for s in old.seats if s is not None and s.user_id is not None]
        if user.id not in {s.user_id for s in humans}:
            await self.error(interaction, "core.again_not_player", lang, id=table_id,
                             command=ui.command)
            return
        channel_id = old.channel_id

        def busy() -> None:
            open_ = self.service.tables_in_channel(channel_id)
            if open_:
                raise TableError("again_busy", id=open_[0].table_id)

        async def placement() -> Place | None:  # (asked while the channel takes no other)
            busy()
            return await self.placement(old.guild_id, channel_id)

        settings = TableSettings.from_json(old.settings.to_json())
        settings.revision = 0
        rematch = {"of": table_id, "seats": {str(s.user_id): i for i, s in enumerate(old.seats)
                                             if s is not None and s.user_id is not None}}
        # (a thread and the AI seats are REST calls and commits more than Discord's three
        # seconds for a first answer may allow)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            busy()
            if self.service.table_of_user(old.guild_id, user.id) is not None:
                raise TableError("already_seated")
            table = await self.service.create(old.guild_id, channel_id, user.id,
                                              user.display_name, settings, old.game_kind,
                                              placement=placement, rematch=rematch)
        except TableError as exc:
            if exc.key == "again_busy":
                await self._again_busy(interaction, old, int(exc.params["id"]), lang)
            elif (seated := self.seated_answer(interaction, exc, old.game_kind, lang)):
                await self.tell(interaction, seated, lang)
            else:
                await self.tell(interaction, t(game_key(old.game_kind, exc.key), lang,
                                               **exc.params), lang)
            return
        for i, s in enumerate(old.seats):  # its AI players, in their seats (not those who
            # took a leaver's place)
            if s is not None and s.user_id is None and not s.left and s.ai is not None:
                try:
                    await self.service.add_ai(table.table_id, user.id, s.ai, seat=i)
                except TableError as exc:
                    log.warning("no AI %s for table %s: %s", s.ai, table.table_id, exc.key)
        others = [s for s in humans if s.user_id != user.id]
        assert table.rematch is not None
        table.rematch["by"] = user.display_name
        text = t("core.again_created", lang, id=table.table_id, old=table_id)
        if table.channel_id != channel_id:
            text += " " + t("core.table_created_thread", lang,
                            thread=f"<#{table.channel_id}>")
        if others:
            invite = table.rematch["shown"] = self._invite_words(table)
            join = {"custom_id": LobbyButton(table.table_id, "join").custom_id,
                    "label": t("core.btn_join", settings.lang),
                    "style": discord.ButtonStyle.primary.value}  # (the lobby's own button)
            decline = {"custom_id": LobbyButton(table.table_id, "decline").custom_id,
                       "label": t("core.btn_decline", settings.lang),
                       "style": discord.ButtonStyle.secondary.value}
            await self.enqueue([items.post(table.channel_id, invite, mentions=True,
                                           buttons=[join, decline], table_id=table.table_id,
                                           key=_invite_key(table.table_id))])
            text += " " + t("core.again_invited", lang,
                            names=", ".join(s.name for s in others))
        await self.tell(interaction, text, lang)

    async def _again_busy(self, interaction: Interaction, old: Table, open_id: int,
                          lang: str) -> None:
        """"Hrát znovu" while a table is open in the channel: the rematch of the same table
        still in its lobby seats him (his click says he wants to play; in his old seat);
        another lobby is offered with its own join button; a table in play is to wait for."""
        user = interaction.user
        open_ = self.service.tables.get(open_id)
        mine = self.service.table_of_user(old.guild_id, user.id)
        if mine is not None and mine.table_id == open_id:
            await self.error(interaction, "core.joined", lang, id=open_id)
            return
        if open_ is not None and open_.status == STATUS_LOBBY:
            if (open_.rematch or {}).get("of") == old.table_id:
                try:
                    await self.service.join(open_id, user.id, user.display_name)
                except TableError as exc:
                    await self.tell(interaction, t(game_key(old.game_kind, exc.key), lang,
                                                   **exc.params), lang)
                    return
                await self.error(interaction, "core.again_joined", lang, id=open_id)
                return
            button = LobbyButton(open_id, "join", t("core.btn_join", lang),
                                 discord.ButtonStyle.primary)
            await interaction.followup.send(t("core.again_busy_lobby", lang, id=open_id),
                                            view=frozen_view(button), ephemeral=True)
            return
        await self.error(interaction, "core.again_busy", lang, id=open_id)

    def _invite_done(self, table: Table, key: str) -> list[OutboxItem]:
        """A rematch's invitation once its table started (or closed): its text says so, its
        join button goes (once; None before it was posted — ``set_invite`` then does it)."""
        rematch = table.rematch
        if rematch is None or rematch.get("done") or not isinstance(rematch.get("invite"),
                                                                     list):
            return []
        rematch["done"] = True
        channel_id, message_id = rematch["invite"]
        names = ", ".join(s.name for s in table.seats if s is not None)
        text = t(key, table.settings.lang, id=table.table_id, old=rematch.get("of"),
                 names=names)
        return [items.delete(int(channel_id), int(message_id), table.table_id, record=text)]

    def _invite_words(self, table: Table) -> str:
        """A rematch's invitation: who opened it, whom it still awaits (mentioned: the post
        notifies them), who said he does not play this time."""
        rematch = table.rematch or {}
        lang = table.settings.lang
        name = rematch.get("by")
        if not isinstance(name, str):  # (a rematch opened before its opener was kept)
            name = next((s.name for s in table.seats
                         if s is not None and s.user_id == table.creator_id), "?")
        awaited, declined = table.rematch_awaited(), table.rematch_declined()
        values = {"name": name, "id": table.table_id, "old": rematch.get("of")}
        if awaited:
            text = t("core.again_invite", lang, mentions=", ".join(f"<@{u}>" for u in awaited),
                     **values)
        elif declined:
            text = t("core.again_invite_answered", lang, **values)
        else:
            text = t("core.again_invite_seated", lang, **values)
        if declined:
            text += "\n" + t("core.lobby_declined", lang,
                             names=", ".join(f"<@{u}>" for u in declined))
        return text

    def invite_text(self, table: Table) -> str | None:
        """A rematch's posted invitation as its lobby is now (None: not posted yet, or its
        table started or closed — ``_invite_done`` said its last words)."""
        rematch = table.rematch
        if rematch is None or rematch.get("done") or table.status != STATUS_LOBBY \
                or not isinstance(rematch.get("invite"), list):
            return None
        return self._invite_words(table)

    def _invite_refresh(self, table: Table) -> list[OutboxItem]:
        """The rematch's invitation edited, if what it says has changed since it was last
        written (kept with the table: ``shown``)."""
        text = self.invite_text(table)
        if text is None or table.rematch is None or text == table.rematch.get("shown"):
            return []
        table.rematch["shown"] = text
        return [items.invite(table.channel_id, table.table_id)]

    async def set_invite(self, table: Table, channel_id: int, message_id: int) -> None:
        """The rematch's invitation was posted (``bot.delivery.channel``): kept, so that the
        start of its table (or its closing) takes its button away."""
        if table.rematch is None:
            return
        table.rematch["invite"] = [channel_id, message_id]
        later = []
        if table.status == STATUS_PLAYING or table.status == STATUS_FINISHED:
            later = self._invite_done(table, "core.again_invite_started")
        elif table.status == STATUS_ABORTED:
            later = self._invite_done(table, "core.again_invite_closed")
        else:  # (answered before it was posted: it says so now)
            later = self._invite_refresh(table)
        await self.service.note_ids(table)
        if later:
            await self.enqueue(later)

    async def send_rules(self, interaction: Interaction, kind: str, lang: str,
                         table: Table | None = None) -> None:
        """The game's rules in brief; asked at a table, with that table's own rules (its
        options may differ from the defaults the summary speaks of)."""
        ui = ui_of(kind)
        embed = discord.Embed(title=game_t(kind, "rules_title", lang, game=ui.name(lang)),
                              description=game_t(kind, "rules_text", lang),
                              colour=builders.EMBED_COLOUR)
        if table is not None and table.game_kind == kind:
            embed.add_field(name=t("core.rules_field", lang), value="\n".join(
                f"• {line}" for line in ui.settings_lines(table.settings, lang)), inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    def _absent(self, table_id: int, user_id: int) -> bool:
        """Whether the user sits at the table in play as an absent player."""
        table = self.service.tables.get(table_id)
        seat = None if table is None else table.seat_of(user_id)
        s = None if table is None or seat is None else table.seats[seat]
        return s is not None and s.absent and table is not None and (
            table.status == STATUS_PLAYING)

    async def come_back(self, table: Table, user_id: int) -> bool:
        """An absent player clicked at his table: he plays himself again (True), from his
        next move on (his hand's refresh shows it; nobody pings him for his own click)."""
        if not self._absent(table.table_id, user_id):
            return False
        self.acting.add((table.table_id, user_id))
        try:
            await self.service.come_back(table.table_id, user_id)
        finally:
            self.acting.discard((table.table_id, user_id))
        return not self._absent(table.table_id, user_id)

    def _back_at(self, table_id: int, user_id: int) -> str:
        table = self.service.tables.get(table_id)
        return "core.back_at_table" if table is None else self._back_key(table, user_id)

    def _back_key(self, table: Table, user_id: int, *, returned: bool = False) -> str:
        """What a player who is back is told: that the AI no longer plays for him when it
        did (``returned``: he took back the seat he left, which an AI took), or only that
        he is back when the table waited for him (nobody else present: nothing was played
        for him)."""
        seat = table.seat_of(user_id)
        s = None if seat is None else table.seats[seat]
        stood = returned or s is None or s.ai_stood
        return "core.back_at_table" if stood else "core.back_at_table_waited"

    @answered
    async def open_hand(self, interaction: Interaction, table: Table, *,
                        returned: bool = False) -> None:
        """A fresh ephemeral hand message; it replaces the previous one of this user. One
        who left the running game is offered his seat back instead (``returned``: he just
        took it back)."""
        lang = await self.lang_for(interaction, table)
        user_id = interaction.user.id
        seat = table.seat_of(user_id)
        if seat is None or table.state is None:
            if not await self.offer_return(interaction, table, lang):
                await self.tell(interaction, self.spectator_text(table, user_id, lang), lang)
            return
        if returned:  # (his click on the offer: it becomes his hand)
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        await self.delivery.startup_gate(table.table_id)
        back = await self.come_back(table, user_id) or returned
        if back:  # told at the top of his fresh hand (and its refreshes: ``hand_message``)
            self.back_notes[(table.table_id, user_id)] = self._back_key(
                table, user_id, returned=returned)
        else:  # (a new hand message of one long back: the last one told him)
            self.back_notes.pop((table.table_id, user_id), None)
        message = await self.hand_message(table, seat, lang)
        if returned:
            await interaction.edit_original_response(**message)
        else:
            await interaction.followup.send(ephemeral=True, **_followup(message))
        await self._take_over((table.table_id, user_id), interaction, lang, in_place=returned)

    def spectator_text(self, table: Table, user_id: int, lang: str) -> str:
        """No hand for one who does not sit at the table; one who left a running
        tournament is reminded that an AI plays his seat to the end of it."""
        link = table.tournament
        left = None if link is None else self.tournament_left_text(
            table.guild_id, user_id, lang, int(link["id"]))
        return left or t("core.spectator_hand", lang)

    def tournament_left_text(self, guild_id: int | None, user_id: int, lang: str,
                             tournament_id: int | None = None) -> str | None:
        """What one who left a running tournament of the server for good (left its table,
        or withdrew) is told where he looks for his cards or his table (Moje karty at its
        table, ``/… hand``, ``/… leave``, ``/… abort``): an AI plays his seat to the end of
        it. None if he did not (``tournament_id``: that tournament only; else the newest
        such)."""
        found = []
        for t_ in self.desk.service.tournaments.values():
            if t_.guild_id != guild_id or t_.status != TournamentStatus.PLAYING or (
                    tournament_id is not None and t_.tournament_id != tournament_id):
                continue
            e = tournament_model.entrant_of_user(t_, user_id)
            if e is not None and e.replaced_from is not None:
                found.append(t_)
        if not found:
            return None
        best = max(found, key=lambda t_: t_.tournament_id)
        return t("core.tournament.left_hand", lang, id=best.tournament_id)

    async def refresh_hand(self, interaction: Interaction, table_id: int, lang: str) -> None:
        """A click on a hand's "Obnovit karty" (its last edit offered it): the same message
        shows the hand as the table is now and follows the table again, through this click's
        token (after a restart too: nothing of the old token is needed). A newer hand
        message of his stops, as a fresh "Moje karty" would stop this one. A game that is
        over shows its result there; one who left is offered his seat back."""
        user_id = interaction.user.id
        table = self.service.tables.get(table_id)
        seat = None if table is None else table.seat_of(user_id)
        if table is None or table.status != STATUS_PLAYING or table.state is None \
                or seat is None:
            if table is not None and table.status == STATUS_PLAYING \
                    and await self.offer_return(interaction, table, lang):
                return
            text = await self.over_text(table_id, lang) or (
                self.spectator_text(table, user_id, lang) if table is not None
                else t("core.no_table", lang))
            await interaction.response.edit_message(content=text, view=None, attachments=[])
            return
        await interaction.response.defer()
        await self.delivery.startup_gate(table_id)
        if await self.come_back(table, user_id):
            self.back_notes[(table_id, user_id)] = self._back_key(table, user_id)
        else:
            self.back_notes.pop((table_id, user_id), None)
        message = await self.hand_message(table, seat, lang)
        await interaction.edit_original_response(**message)
        await self._take_over((table_id, user_id), interaction, lang, in_place=True)

    async def _take_over(self, key: tuple[int, int], interaction: Interaction, lang: str, *,
                         in_place: bool) -> None:
        """``interaction`` edits his hand from now on (``_keep``); the older hand message,
        while its token lives, stops: no buttons, a pointer to the new one (``in_place``:
        the click was on a message that is his hand now, which is not told so)."""
        previous = self.sessions.get(key)
        self._keep(key, interaction)
        if previous is None or self.now() - previous[1] >= SESSION_SECONDS:
            return
        if in_place and _message_id(previous[0]) == _message_id(interaction):
            return
        with contextlib.suppress(discord.HTTPException):
            await previous[0].edit_original_response(
                content=t("core.hand_replaced", lang), view=None, attachments=[])

    @answered
    async def on_action(self, interaction: Interaction, table_id: int, version: int,
                        index: int) -> None:
        await self._act(interaction, table_id,
                        lambda user_id: self.service.act(table_id, user_id, version, index),
                        (version, index))

    @answered
    async def on_actions(self, interaction: Interaction, table_id: int, version: int,
                         values: list[str]) -> None:
        """A choice of several actions at once (``ActionsSelect``): each value is an action's
        JSON; a value that is not JSON makes the choice stale."""
        try:
            actions = [json.loads(v) for v in values]
        except ValueError:
            actions = []
        await self._act(
            interaction, table_id,
            lambda user_id: self.service.act_many(table_id, user_id, version, actions),
            (version, tuple(sorted(values))))

    async def _act(self, interaction: Interaction, table_id: int,
                   act: Callable[[int], Coroutine[Any, Any, Any]],
                   move: tuple[int, object]) -> None:
        """A click on the hand: the service acts, then the hand message shows the new state
        (or the refusal is answered and, when the state moved on, the hand refreshed). A
        stale click is told that the hand it was clicked in is current now — unless it is
        the click of his own move just made again (a double click): then the refreshed hand
        says all (``move``: the click's version and choice)."""
        lang = await self._lang_at(interaction, table_id)
        user_id = interaction.user.id
        key = (table_id, user_id)
        await interaction.response.defer()
        await self.delivery.startup_gate(table_id)
        self.acting.add(key)
        was_absent = self._absent(table_id, user_id)
        try:
            await act(user_id)
            self.last_moves[key] = move
            self.back_notes.pop(key, None)  # (his own move: "you are back" has done its work)
        except TableError as exc:
            back = was_absent and not self._absent(table_id, user_id)
            if exc.key == "stale" and not back:
                if self.last_moves.get(key) != move:  # (his own move again: nothing to say)
                    await self.error(interaction, "core.stale_moved", lang)
            elif not back or exc.key not in ("stale", "not_your_turn"):
                await self.refuse_move(interaction, exc, lang, table_id, move[1])
            if back:  # (a click on his hand of before the AI stood in: that is all)
                await self.error(interaction, self._back_at(table_id, user_id), lang)
            if exc.key not in ("stale", "not_your_turn", "illegal"):
                return
        else:
            if was_absent and not self._absent(table_id, user_id):
                await self.error(interaction, self._back_at(table_id, user_id), lang)
        finally:
            self.acting.discard(key)
        table = self.service.tables.get(table_id)
        if table is None or table.state is None:
            return
        seat = table.seat_of(user_id)
        if seat is None:
            return
        self._keep(key, interaction)
        if self.service.ai_to_move(table_id):
            # the AI seats after him move now: their chain's commit refreshes his hand
            # with their cards too (one picture instead of two), at the latest after a moment
            self._hold_hand(table, key)
        else:
            self._refresh_hand(table, key)  # (the latest state is shown)


def _invite_key(table_id: int) -> str:
    """The outbox key of a rematch's invitation (its message id is kept: ``set_invite``)."""
    return f"invite:{table_id}"


def _moment(epoch: float) -> datetime:
    return datetime.fromtimestamp(epoch, UTC)


def _message_id(interaction: HandLink) -> int | None:
    """The message whose component was clicked (a hand's own, or the table message that
    opened a hand as a new message); None for a command."""
    if isinstance(interaction, StoredHand):
        return interaction.message_id
    message = interaction.message
    return None if message is None else message.id


def _followup(message: dict[str, Any]) -> dict[str, Any]:
    """Arguments of ``followup.send`` from a builder's message."""
    out: dict[str, Any] = {"content": message["content"], "view": message["view"],
                           "files": message["attachments"]}
    if message.get("embed") is not None:
        out["embed"] = message["embed"]
    return out
