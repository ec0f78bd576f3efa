"""The Discord side of the tables: answers clicks and commands, and wires the parts that
compose what a change must show (``presenter``: the service's ``Presenter``), supply what the
outbox's deliverer needs (``materials``), keep the players' hand messages (``hands``), and
ask before a table changes for good (``questions``). It knows no game: the table's game UI
module (``bot.games``) supplies the pictures, the hand controls and the texts.

What the channel must see goes through the outbox (``bot.delivery``): written in the change's
transaction, delivered with retries, superseded and paced per channel. What only the clicking
player sees (a refusal, his hand) is answered directly through the interaction, whose token
lives 15 minutes: a failed answer is tried once more, and a refusal that still did not arrive
is given to him with his next click (``replies``). Pictures are drawn by the render pool, off
the loop.
"""

from __future__ import annotations

import functools
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from contextvars import ContextVar
from datetime import timedelta
from typing import Any, Concatenate, ParamSpec

import discord

from bot.delivery.channel import ChannelDeliverer
from bot.delivery.pacing import GLOBAL_LIMIT
from bot.delivery.sender import Sender
from bot.errors import TableError
from bot.games import ui_of
from bot.games.base import Reply, page_index, sheet_page_reply
from bot.i18n import game_t, t
from bot.model import STATUS_LOBBY, STATUS_PLAYING, Table, click_of
from bot.persist import archive, table_from_record
from bot.service import TableService
from bot.storage.models import OutboxEntry, OutboxItem
from bot.storage.protocol import TableStore
from bot.tables import limits
from bot.ui import builders
from bot.ui.alt import png_file
from bot.ui.blocked import Blocked
from bot.ui.components import question_view, sheet_view
from bot.ui.forgetting import Forgetting
from bot.ui.gone import Gone
from bot.ui.hands import Hands
from bot.ui.languages import Languages
from bot.ui.materials import Materials
from bot.ui.presenter import TablePresenter
from bot.ui.questions import STAY_LABELS, Questions
from bot.ui.rematch import Rematches, rule_changes, tell_seated
from bot.ui.removal import Removal
from bot.ui.replies import Replies
from bot.ui.sessions import message_id
from bot.ui.threads import Threads
from bot.ui.turn_pings import TurnPings
from bot.ui.unposted import Unposted
from bot.workers.pools import Pools

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
OUTBOX_KEEP_SECONDS = 24 * 3600  # delivered entries are kept this long, then pruned
FINISHED_CACHE = 64  # finished tables kept loaded for their old buttons
P = ParamSpec("P")
Handler = Callable[Concatenate["Controller", Interaction, P], Coroutine[Any, Any, None]]


# inside an ``answered`` handler (of this interaction's task): a handler another calls (a
# table's Hand button opens the hand, ``open_hand``) leaves the missed answers to the outer
_ANSWERING: ContextVar[bool] = ContextVar("answering", default=False)


def answered(handler: Handler[P]) -> Handler[P]:
    """Every click and command gets an answer: a REST failure or a bug in a handler is logged
    and the user is told (as a follow-up when the response is already done), never silence.
    An earlier answer that could not reach him is given to him now — once: after the
    outermost handler of a click, and after a slash command's answer by
    ``app.on_app_command_completion`` (for every command, this one's too)."""

    async def wrapper(self: Controller, interaction: Interaction, /, *args: P.args,
                      **kwargs: P.kwargs) -> None:
        outer = not _ANSWERING.get()
        inside = _ANSWERING.set(True)
        try:
            await handler(self, interaction, *args, **kwargs)
        except discord.HTTPException as exc:
            log.warning("answering %s failed: %s", handler.__name__, exc)
            await self.replies.error(interaction, "core.error",
                                     await self.languages.lang_for(interaction))
        except Exception:
            log.exception("%s failed", handler.__name__)
            await self.replies.error(interaction, "core.error",
                                     await self.languages.lang_for(interaction))
        finally:
            _ANSWERING.reset(inside)
        if outer and interaction.type is not discord.InteractionType.application_command:
            await self.replies.deliver_missed(interaction)

    functools.update_wrapper(wrapper, handler)
    return wrapper


class Controller:
    """The bot's answers to clicks and commands, and the owner of the parts named in the
    module's docstring (each holds a reference back here for what it shares)."""

    def __init__(self, bot: discord.Client, store: TableStore, *, seed: int | None = None,
                 pools: Pools | None = None, now: Callable[[], float] = time.time,
                 global_limit: int | None = None) -> None:
        self.bot = bot
        self.store = store
        self.now = now  # the wall clock (SimCord's virtual one in tests): token lifetimes
        self.pools = pools if pools is not None else Pools.create(0, 0)
        self.presenter = TablePresenter(self)
        self.service = TableService(store, self.presenter, seed=seed, on_finished=self._archive,
                                    ai=self.pools.ai, now=now)
        self.materials = Materials(self)
        # a table message refresh waits a moment while the table's AI seats move (their
        # chain's refresh supersedes it: one edit for a human's card and the AI cards after)
        # a lobby or a tournament whose first message is refused is closed (``unposted``)
        self.unposted = Unposted(self)
        self.gone = Gone(self)  # what played in a deleted channel or thread ends
        self.blocked = Blocked(self)  # a running table's channel refuses the bot: told
        self.delivery = Sender(store, ChannelDeliverer(self.materials),
                               hold=lambda entry: entry.table_id is not None
                               and self.service.ai_to_move(entry.table_id),
                               on_refused=self.unposted.refused,
                               on_gone=self.gone.deleted,
                               on_blocked=self.blocked.refused,
                               on_delivered=self.blocked.delivered,
                               global_limit=global_limit or GLOBAL_LIMIT)
        from bot.tournament.desk import TournamentDesk

        self.desk = TournamentDesk(self, seed)  # tournaments: a layer above the tables
        self.hands = Hands(self)
        self.replies = Replies(self)
        self.languages = Languages(self)
        self.threads = Threads(self)
        self.questions = Questions(self)
        self.forgetting = Forgetting(self)
        self.removal = Removal(self)
        self.rematches = Rematches(self)
        self.acting: set[tuple[int, int]] = set()
        self.pings = TurnPings(self)  # a turn's ping after a grace
        self.finished: OrderedDict[int, Table] = OrderedDict()  # loaded for old buttons

    # -- what the parts share ------------------------------------------------------------
    async def render(self, message: dict[str, Any], what: str) -> dict[str, Any]:
        """A message built with ``render=False``, its picture drawn by the render pool."""
        image = await self.pools.render.render(message.get("picture"), what)
        return builders.attach(message, image)

    async def reply_file(self, reply: Reply, table_id: int) -> discord.File | None:
        """A game's answer's picture (a score sheet's page) drawn by the render pool: off the
        loop, so a big sheet delays no other table's click; None when there is none or it
        failed (its totals in words still go)."""
        image = await self.pools.render.render(reply.picture,
                                               f"the score sheet of table {table_id}")
        return None if image is None else png_file(image, reply.filename, reply.description)

    async def send_reply(self, interaction: Interaction, reply: Reply, table_id: int,
                         lang: str) -> None:
        """A score sheet's answer as the deferred click's or command's followup: its picture
        (``reply_file``; failed, its totals in words go, or the error when there are none)
        with its pages' buttons."""
        file = await self.reply_file(reply, table_id)
        view = sheet_view(table_id, reply.pages, reply.page, reply.keys)
        await interaction.followup.send(
            reply.content or (discord.utils.MISSING if file else t("core.error", lang)),
            ephemeral=True, file=file or discord.utils.MISSING,
            view=view or discord.utils.MISSING)

    def known(self, table_id: int) -> Table | None:
        """A table of the bot in memory: in play, or finished/closed and cached."""
        return self.service.tables.get(table_id) or self.finished.get(table_id)

    async def table(self, table_id: int) -> Table | None:
        """A table of the bot: in play, or finished/closed and loaded from the database."""
        table = self.known(table_id)
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

    async def enqueue(self, entries: list[OutboxItem]) -> None:
        ids = await self.store.add_outbox(entries)
        self.delivery.submit(OutboxEntry.of(i, item, discord.utils.utcnow())
                             for i, item in zip(ids, entries, strict=True))

    # -- the archive and restarts -------------------------------------------------------
    async def _archive(self, table: Table) -> None:
        game_id = None
        try:
            game_id = await archive(self.store, table)
        except Exception:  # the game is saved as finished; its archive can be redone
            log.exception("archiving table %s failed", table.table_id)
        self.desk.service.table_finished(table, game_id)

    async def load_outbox(self) -> None:
        """At start-up, before the bot connects (``setup_hook``): old delivered entries
        pruned, and those left pending read for ``resume_all`` to send (a click that comes
        before it, after the gateway is up, waits for its table's: ``startup_gate``)."""
        try:
            await self.prune_outbox()
            await self.delivery.load_backlog()
        except Exception:
            log.exception("recovering the outbox failed")

    async def resume_all(self) -> None:
        """After a (re)start (``on_ready``, once): the outbox left from before
        (``load_outbox``) is delivered first (a click on one of its tables waits for it);
        then every table message is refreshed (re-posted if deleted), AI seats whose move
        is due play it, and the turn timers restart."""
        self.delivery.send_backlog()
        await self.desk.service.load()
        await self.hands.restore()
        for table in list(self.service.tables.values()):
            try:
                if table.parent_id == table.channel_id and table.status == STATUS_LOBBY:
                    # a restart between its thread and its first commit: it takes that
                    # thread (or a new one) and shows itself there now — or, expired
                    # meanwhile, closes there (or in its channel), never shown alive
                    await self.service.place_again(
                        table, functools.partial(self.threads.in_thread, table.channel_id),
                        functools.partial(self.threads.in_thread, table.channel_id, make=False))
                    if table.status != STATUS_LOBBY:
                        continue
                await self.service.resume(table)
                self.blocked.resumed(table)  # (its channel still refusing the bot: told)
            except Exception:
                log.exception("resuming table %s failed", table.table_id)
        self.service.resume_timers()
        await self.desk.service.resume()
        self.service.every("housekeeping", limits.SWEEP_SECONDS, self.housekeeping)

    async def housekeeping(self) -> None:
        """Every ``SWEEP_SECONDS`` while the bot runs (a bot may run for months): lobbies
        left untouched for a day close, delivered outbox entries older than
        ``OUTBOX_KEEP_SECONDS`` are pruned (as at a start-up)."""
        await self.service.expire_lobbies()
        await self.prune_outbox()  # (a failure: logged by ``service.every``)

    async def prune_outbox(self) -> None:
        """Delivered entries older than ``OUTBOX_KEEP_SECONDS`` forgotten, on the store's
        clock — the one that stamped their delivery: the bot's own clock is SimCord's virtual
        one in tests, whose dates lie months from the wall's."""
        await self.store.prune_outbox(timedelta(seconds=OUTBOX_KEEP_SECONDS))

    def shutdown(self) -> None:
        self.service.shutdown()
        self.desk.service.shutdown()
        self.delivery.close()
        self.hands.shutdown()
        self.removal.shutdown()
        self.pings.shutdown()

    # -- interactions -------------------------------------------------------------------
    @answered
    async def on_lobby(self, interaction: Interaction, table_id: int, op: str) -> None:
        lang = await self.languages.lang_at(interaction, table_id)
        user = interaction.user
        try:
            await interaction.response.defer()
            await self.delivery.startup_gate(table_id)
            if op == "join":
                await self.join(interaction, table_id, lang)
            elif op in ("leave", "quit"):  # quit: the creator confirmed closing the table
                await self.questions.leave_lobby(interaction, table_id, lang,
                                                 confirmed=op == "quit")
            elif op == "agree":
                await self.service.agree(table_id, user.id)
            elif op == "decline":  # a rematch's invitation: he does not play this time
                await self.rematches.decline(interaction, table_id, lang)
            else:
                await self.service.start(table_id, user.id)
        except TableError as exc:
            await self.replies.refuse_or_over(interaction, exc, lang, table_id)

    async def join(self, interaction: Interaction, table_id: int, lang: str) -> None:
        """The lobby's "Přisednout", also under a rematch's invitation (the lobby that
        changed is elsewhere: he is told he sits), whose rules he has not seen: changed
        since the finished table's, he accepts them in the lobby (review 82)."""
        user = interaction.user
        known = self.service.tables.get(table_id)
        elsewhere = known is not None and message_id(interaction) != known.message_id
        changes = None if known is None or not elsewhere or known.rematch is None \
            else rule_changes(known, lang)
        table = await self.service.join(table_id, user.id, user.display_name,
                                        agreed=changes is None)
        if message_id(interaction) == table.message_id:
            return
        await tell_seated(self.replies, interaction, "core.joined", lang, table_id,
                          (table.rematch or {}).get("of", "?"), changes)

    @answered
    async def on_stay(self, interaction: Interaction, kind: str, about: int) -> None:
        """A question's button that keeps things as they are (``StayButton``), lapsed or
        not: nothing changed, said in the language of its table, or tournament ("tn")."""
        lang = await (self.desk._answer_lang if kind == "tn"
                      else self.languages.lang_at)(interaction, about)
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
        lang = await self.languages.lang_at(interaction, table_id)
        if await self.questions.answered_lapsed(interaction, until, lang):
            return
        if op == "forget":
            await interaction.response.defer()
            await self.forgetting.forget(interaction.user.id)
            await interaction.edit_original_response(content=t("core.forgotten", lang),
                                                     view=None)
            return
        if op == "back":
            await self.questions.take_back(interaction, table_id, lang)
            return
        await interaction.response.defer()
        await self.delivery.startup_gate(table_id)
        view: discord.ui.View | None = None
        try:
            if op in ("abort", "abortlobby"):
                text = await self.questions.abort(interaction, table_id, op, lang)
            else:
                text = await self.questions.leave_game(interaction, table_id, op, lang)
        except TableError as exc:
            if exc.key == "changed" and (table := self.service.tables.get(table_id)):
                asked, button = (self.questions.abort_question if op.startswith("abort")
                                 else self.questions.leave_question)(table, interaction.user.id,
                                                                     lang)
                text = t("core.changed", lang) + "\n" + asked
                view = question_view(button, button.until, STAY_LABELS.get(button.op), lang)
            elif exc.key == "not_seated" and (table := self.service.tables.get(table_id)) \
                    and table.left_seat_of(interaction.user.id) is not None:
                text = t("core.left_game", lang, id=table_id)  # (a double click: done)
            else:
                text = await self.replies.refusal_text(exc, lang, table_id)
        try:
            await interaction.edit_original_response(content=text, view=view)
        except discord.HTTPException:
            await self.replies.tell(interaction, text, lang)

    @answered
    async def on_kick(self, interaction: Interaction, table_id: int, user_id: int, op: str,
                      until: int) -> None:
        """A click on a button of ``/<game> kick``'s question (``Removal.answer``)."""
        await self.removal.answer(interaction, table_id, user_id, op, until)

    @answered
    async def on_add_ai(self, interaction: Interaction, table_id: int, level: str) -> None:
        lang = await self.languages.lang_at(interaction, table_id)
        try:
            await interaction.response.defer()
            await self.service.add_ai(table_id, interaction.user.id, level)
        except TableError as exc:
            await self.replies.refuse_or_over(interaction, exc, lang, table_id)

    @answered
    async def on_option(self, interaction: Interaction, table_id: int, revision: int,
                        choice: str) -> None:
        """The creator changes one of the game's options or the table's turn timer; the
        seated players are asked to accept the changed options (Čl. 10, 13: an agreement of
        all at the start)."""
        lang = await self.languages.lang_at(interaction, table_id)
        table = self.service.tables.get(table_id)
        try:
            await interaction.response.defer()
            if table is None or table.state is not None:
                raise TableError("already_started" if table is not None else "no_table")
            if revision != table.settings.revision:
                raise TableError("stale_message")
            if choice.startswith(builders.TIMER_CHOICE):  # (a table's setting, not the game's)
                timer = builders.chosen_timer(choice, table.settings)
                if timer is None:
                    raise TableError("stale_message")
                await self.service.set_timer(table_id, interaction.user.id, timer)
                return
            options = builders.game_ui(table).change_option(
                table.settings.options, choice, table.settings.first_options())
            if options is None:
                raise TableError("stale_message")
            await self.service.set_options(table_id, interaction.user.id, options)
        except TableError as exc:
            await self.replies.refuse(interaction, exc, lang, self.replies.kind(table_id))
            return

    @answered
    async def on_table_button(self, interaction: Interaction, table_id: int, op: str) -> None:
        self.pings.clicked(table_id, interaction.user.id)  # (he is there: no turn ping)
        lang = await self.languages.lang_at(interaction, table_id)
        if op == "refresh":
            await self.refresh_hand(interaction, table_id, lang)
            return
        if op == "again":
            await self.rematches.again(interaction, table_id, lang)
            return
        table = self.service.tables.get(table_id)
        if table is None or table.status not in (STATUS_LOBBY, STATUS_PLAYING):
            if op == "hand":  # the game is over: its result instead of a hand
                over = await self.replies.over_text(table_id, lang)
                if over is not None:
                    await self.replies.tell(interaction, over, lang)
                    return
            table = table or await self.table(table_id)
        if table is None or table.state is None:
            await self.replies.error(interaction, "core.no_table", lang)
            return
        if op == "hand":
            await self.open_hand(interaction, table)
            return
        # any other click of an absent player at his table brings him back too (told)
        if op == "rules":
            await self.send_rules(interaction, table.game_kind, lang, table)
            if await self.come_back(table, interaction.user.id):
                await self.replies.error(interaction, self._back_key(table, interaction.user.id),
                                         lang)
            return
        # acknowledged before anything is drawn: a picture on a busy loop must not miss
        # Discord's three seconds (then the click would fail with no answer at all)
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = builders.game_ui(table).table_op(table, op, lang)
        if reply.picture is not None:  # (a score sheet's page with its pages' buttons)
            await self.send_reply(interaction, reply, table.table_id, lang)
        else:
            await interaction.followup.send(reply.content or t("core.stale", lang),
                                            ephemeral=True)
        if await self.come_back(table, interaction.user.id):
            await self.replies.error(interaction, self._back_key(table, interaction.user.id), lang)

    @answered
    async def on_sheet_page(self, interaction: Interaction, table_id: int, page: str) -> None:
        """A page's button under a score sheet: that ephemeral answer edited to the page (a
        finished table's from the database: the buttons outlive the game and restarts). One
        under the game's public final post answers the clicker alone, with the page and its
        pages' buttons (edited, the post changed for everybody)."""
        lang = await self.languages.lang_at(interaction, table_id)
        table = await self.table(table_id)
        if table is None or table.state is None:
            await self.replies.error(interaction, "core.no_table", lang)
            return
        # built once (its pages split by measuring every deal's text): a recipe, drawn below
        ui = builders.game_ui(table)
        book = ui.sheet_book(table, lang)
        index = page_index(book, page)  # (by its key: the page that holds it now)
        if index is None:
            await self.replies.error(interaction, "core.stale_message", lang)
            return
        reply = sheet_page_reply(ui, table, lang, index, book)
        message = interaction.message
        if message is None or not message.flags.ephemeral:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.send_reply(interaction, reply, table_id, lang)
            return
        await interaction.response.defer()  # (before drawing: Discord's three seconds)
        file = await self.reply_file(reply, table_id)  # (None: the page failed, its text goes)
        await interaction.edit_original_response(
            content=reply.content or (None if file else t("core.error", lang)),
            attachments=[file] if file else [],
            view=sheet_view(table_id, reply.pages, reply.page, reply.keys))
        if await self.come_back(table, interaction.user.id):  # (as any click at his table)
            await self.replies.error(interaction, self._back_key(table, interaction.user.id), lang)

    async def send_rules(self, interaction: Interaction, kind: str, lang: str,
                         table: Table | None = None) -> None:
        """The game's rules in brief; asked at a table, with that table's own rules (its
        options may differ from the defaults the summary speaks of)."""
        ui = ui_of(kind)
        text, sections = builders.rules_sections(builders.rules_text(kind, table, lang))
        embed = discord.Embed(title=game_t(kind, "rules_title", lang, game=ui.name(lang)),
                              description=text, colour=builders.EMBED_COLOUR)
        for name, value in sections:
            embed.add_field(name=name, value=value, inline=False)
        if table is not None and table.game_kind == kind:
            embed.add_field(name=t("core.rules_field", lang), value="\n".join(
                f"• {line}" for line in builders.table_rules_lines(ui, table, lang)),
                inline=False)
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
        lang = await self.languages.lang_for(interaction, table)
        user_id = interaction.user.id
        seat = table.seat_of(user_id)
        if seat is None or table.state is None:
            if not await self.questions.offer_return(interaction, table, lang):
                await self.replies.tell(
                    interaction, self.replies.spectator_text(table, user_id, lang), lang)
            return
        self.pings.clicked(table.table_id, user_id)  # (by the command too: he is there)
        if returned:  # (his click on the offer: it becomes his hand)
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        await self.delivery.startup_gate(table.table_id)
        back = await self.come_back(table, user_id) or returned
        if back:  # told at the top of his fresh hand (and its refreshes: ``Hands.message``)
            self.hands.back_notes[(table.table_id, user_id)] = self._back_key(
                table, user_id, returned=returned)
        else:  # (a new hand message of one long back: the last one told him)
            self.hands.back_notes.pop((table.table_id, user_id), None)
        message = await self.hands.message(table, seat, lang)
        shown = None
        if returned:
            await interaction.edit_original_response(**message)
        else:
            shown = (await interaction.followup.send(ephemeral=True, wait=True,
                                                     **_followup(message))).id
        await self.hands.take_over((table.table_id, user_id), interaction, lang,
                                   in_place=returned, shown=shown)

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
                    and await self.questions.offer_return(interaction, table, lang):
                return
            text = await self.replies.over_text(table_id, lang) or (
                self.replies.spectator_text(table, user_id, lang) if table is not None
                else t("core.no_table", lang))
            await interaction.response.edit_message(content=text, view=None, attachments=[])
            return
        await interaction.response.defer()
        await self.delivery.startup_gate(table_id)
        if await self.come_back(table, user_id):
            self.hands.back_notes[(table_id, user_id)] = self._back_key(table, user_id)
        else:
            self.hands.back_notes.pop((table_id, user_id), None)
        message = await self.hands.message(table, seat, lang)
        await interaction.edit_original_response(**message)
        await self.hands.take_over((table_id, user_id), interaction, lang, in_place=True)

    @answered
    async def on_action(self, interaction: Interaction, table_id: int, version: int,
                        index: int) -> None:
        await self._act(interaction, table_id,
                        lambda user_id: self.service.act(table_id, user_id, version, index),
                        click_of(version, index))

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
            click_of(version, actions))

    async def _act(self, interaction: Interaction, table_id: int,
                   act: Callable[[int], Coroutine[Any, Any, Any]],
                   move: list[Any]) -> None:
        """A click on the hand: the service acts, then the hand message shows the new state
        (or the refusal is answered and, when the state moved on, the hand refreshed). A
        stale click is told that the hand it was clicked in is current now — unless it is
        the click of his own move just made again (a double click): then the refreshed hand
        says all (``move``: the click, ``click_of``; his seat keeps his last)."""
        lang = await self.languages.lang_at(interaction, table_id)
        user_id = interaction.user.id
        key = (table_id, user_id)
        self.pings.clicked(table_id, user_id)
        await interaction.response.defer()
        await self.delivery.startup_gate(table_id)
        self.acting.add(key)
        was_absent = self._absent(table_id, user_id)
        # a click on an older hand message than his newest (review 66: told it is stale, or
        # past its last edit; after a restart too): it stays so, his newer hand shows the table
        replaced = self.hands.is_replaced(key, interaction)
        try:
            await act(user_id)
            self.hands.back_notes.pop(key, None)  # (his own move: "you are back" has done its work)
        except TableError as exc:
            back = was_absent and not self._absent(table_id, user_id)
            if exc.key == "stale" and not back:
                # (his own move again: nothing to say; after a restart too, his seat keeps it)
                if not self.service.clicked_again(table_id, user_id, move):
                    await self.replies.error(interaction, "core.stale_replaced" if replaced
                                             else "core.stale_moved", lang)
            elif not back or exc.key not in ("stale", "not_your_turn"):
                await self.replies.refuse_move(interaction, exc, lang, table_id, move[1])
            if back:  # (a click on his hand of before the AI stood in: that is all)
                await self.replies.error(interaction, self._back_at(table_id, user_id), lang)
            if exc.key not in ("stale", "not_your_turn", "illegal"):
                return
        else:
            if was_absent and not self._absent(table_id, user_id):
                await self.replies.error(interaction, self._back_at(table_id, user_id), lang)
        finally:
            self.acting.discard(key)
        table = self.service.tables.get(table_id)
        if table is None or table.state is None:
            return
        seat = table.seat_of(user_id)
        if seat is None:
            return
        if not replaced or key not in self.hands.sessions:
            self.hands.keep(key, interaction)
        if self.service.ai_to_move(table_id):
            # the AI seats after him move now: their chain's commit refreshes his hand
            # with their cards too (one picture instead of two), at the latest after a moment
            self.hands.hold(table, key)
        else:
            self.hands.refresh(table, key)  # (the latest state is shown)


def _followup(message: dict[str, Any]) -> dict[str, Any]:
    """Arguments of ``followup.send`` from a builder's message."""
    out: dict[str, Any] = {"content": message["content"], "view": message["view"],
                           "files": message["attachments"]}
    if message.get("embed") is not None:
        out["embed"] = message["embed"]
    return out
