"""Composing what a change of a table must show (the service's ``Presenter``): the lobby, the
game's announcements and final order, the table message, and the ping of the human to act —
outbox items written in the change's transaction."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.commands import command_shown
from bot.delivery import items
from bot.games import GameUI
from bot.games.base import SheetBook, page_keys, picture_legend
from bot.i18n import counted, game_key, t, unlisted
from bot.model import RECENT_EVENTS, STATUS_PLAYING, Seat, Table
from bot.storage.models import OutboxEntry, OutboxItem
from bot.tournament.words import table_place
from bot.ui import builders
from bot.ui.alt import sentences, spoken
from bot.ui.components import SheetPageButton, TableButton
from engine.game import GameEvent

if TYPE_CHECKING:
    from bot.ui.controller import Controller



PAGE_BUTTONS = 20  # a final post's page buttons at most: four rows of Discord's five (the
# fifth row for "play again")


class TablePresenter:
    """The service's ``Presenter`` (``Controller.presenter``)."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        # table -> the text of its last composed ping, None once its removal was composed
        # (not known after a restart): a text there is a ping that may still stand
        # (``_pinged``), reworded when the turn it names goes on but asks something else
        # (``_reworded``)
        self.ping_texts: dict[int, str | None] = {}
        # table -> the user id of the last human who moved there, from the actions committed
        # ("by" a user id in the table's log): every move since was an AI seat's (or a forced
        # one), so his turn after them is still his own move (``_turn_ping``). An AI standing
        # in for an absent human ends it (his turn came after a timeout: he is pinged).
        # ``composing``: what a change composed and not committed yet makes of it (None: it
        # ends it), counted once the change is committed
        self.movers: dict[int, int] = {}
        self.composing: dict[int, int | None] = {}
        # table -> the turn ping the change being composed defers (its version, seat and
        # player), armed once the change is committed (``TurnPings``)
        self.deferred: dict[int, tuple[int, int, int]] = {}

    def lobby_shown(self, table: Table) -> list[OutboxItem]:
        """The lobby refreshed; a rematch's invitation too, when what it says has changed
        (an invited player sat down, declined, left)."""
        return [items.table_refresh(table.channel_id, table.table_id),
                *self.ctl.rematches.invite_refresh(table)]

    def options_shown(self, table: Table, asked: Sequence[int],
                      lifted: bool = False) -> list[OutboxItem]:
        """The lobby with changed options (its message edited: it says who is still to
        accept them), and a post that mentions those ``asked`` to accept them now. Only
        those newly asked (review 72: each flip of the rule select posted anew, pinging
        the same player six times in a few seconds). That post is the table's ping (a
        lobby has no other; the game's first turn ends it): when the change is taken back
        and nobody has to accept anything (``lifted``) it goes (review 87: it stayed,
        asking for a click on a button no longer there)."""
        out = self.lobby_shown(table)
        users = [s.user_id for i in asked if (s := table.seats[i]) is not None]
        if users:
            mentions = ", ".join(f"<@{u}>" for u in users)
            key = "core.options_changed" if len(users) > 1 else "core.options_changed_one"
            text = t(key, table.settings.lang, id=table.table_id, mentions=mentions)
            out.append(items.ping(table.channel_id, table.table_id, text))
        elif lifted:
            out.append(items.unping(table.channel_id, table.table_id))
        return out

    def closed_shown(self, table: Table, reason: str, by: str | None = None,
                     tournament: int | None = None, *,
                     returners: Sequence[int] = ()) -> list[OutboxItem]:
        if reason == "gone":
            self._forget_mover(table.table_id)  # (its ping text with it)
            return self._gone_shown(table)
        if reason == "aborted" and table.state is not None:
            self.ctl.hands.aborted(table)  # (its open hands stop looking live)
        refresh = items.table_refresh(table.channel_id, table.table_id, closed=reason)
        if tournament is not None:  # (its closed lobby names it too: ``Materials``)
            refresh.payload["tournament"] = tournament
        out = [refresh,
               *self._closed_post(table, reason, by, tournament, returners),
               *self.ctl.threads.pointer(table),
               *self.ctl.rematches.invite_done(table, "core.again_invite_closed")]
        unping = self._unping(table)
        self._forget_mover(table.table_id)
        return out if unping is None else [unping, *out]

    @staticmethod
    def _closed_post(table: Table, reason: str, by: str | None, tournament: int | None,
                     returners: Sequence[int]) -> list[OutboxItem]:
        """The post that says the table closed. When its last player left, its message says
        why and there is nobody else to tell, but those who left it before and could have
        come back (mentioned: review 71, two public lines said the same to nobody)."""
        lang = table.settings.lang
        if reason != "everyone_left":
            if isinstance((table.rematch or {}).get("invite"), list):
                # a rematch's lobby and invitation both say it closed (review 82: a third
                # post said it again)
                return []
            text = builders.closed_text(table, f"core.closed_{reason}", lang, by, tournament)
            return [items.post(table.channel_id, text, table_id=table.table_id)]
        if not returners:
            return []
        mentions = " ".join(f"<@{u}>" for u in returners)
        return [items.post(table.channel_id, t("core.closed_everyone_left_returners", lang,
                                               id=table.table_id, mentions=mentions),
                           mentions=True, table_id=table.table_id)]

    def _gone_shown(self, table: Table) -> list[OutboxItem]:
        """A table whose channel or thread was deleted: nothing can be shown where it played;
        a table in a thread of its own is told in the channel it was opened in (its players
        mentioned) and its line there says it ended. (Its players in a deleted channel learn
        it from their next click: ``Replies.over_text``.)"""
        if not table.in_thread or table.tournament is not None:
            return []
        assert table.parent_id is not None
        lang = table.settings.lang
        mentions = " ".join(f"<@{u}>" for u in table.humans())
        key = "core.closed_gone_thread" if table.state is not None \
            else "core.closed_gone_thread_lobby"  # (no game to count)
        text = t(key, lang, id=table.table_id, game=builders.game_ui(table).name(lang))
        return [*self.ctl.threads.pointer(table),
                items.post(table.parent_id, f"{text} {mentions}".strip(), mentions=True,
                           table_id=table.table_id)]

    def note(self, table: Table, key: str, seat: int, **values: str) -> None:
        if key == "absent" and not self.ctl.service.can_stand_in(table, seat):
            key = "absent_waits"  # nobody else plays: no AI moves for him, the table waits
        table.recent.add([_note_line(table, key, seat, **values)])

    def withdrew(self, table: Table, seat: int) -> list[OutboxItem]:
        """A post in the table's thread, not only a recent line (review 58: the others saw
        "(an AI plays for the absent player)" on later moves, as after a missed turn)."""
        text = _note_line(table, "withdrew", seat)
        table.recent.add([text])
        return [items.post(table.channel_id, text, table_id=table.table_id)]

    def removed(self, table: Table, seat: int, by: str,
                member: bool = True) -> list[OutboxItem]:
        """A post that mentions him (a removed player has no answer of his own to read):
        who removed him, and — from a running game — that an AI plays his seat and how he
        takes it back. One no longer a ``member`` of the server can neither read it nor
        click: named, not pinged, not told to come back (review 87)."""
        s = table.seats[seat]
        if s is None or s.user_id is None:
            return []
        key = "core.kicked_lobby" if table.state is None else "core.kicked_game"
        if not member:
            text = t(f"{key}_gone", table.settings.lang, name=s.name, id=table.table_id)
            return [items.post(table.channel_id, text, table_id=table.table_id)]
        text = t(key, table.settings.lang, mention=f"<@{s.user_id}>", id=table.table_id,
                 by=by, hand=t("core.btn_hand", table.settings.lang),
                 join=t("core.btn_join", table.settings.lang))
        return [items.post(table.channel_id, text, mentions=True, table_id=table.table_id)]

    def reminder(self, table: Table, seat: int, seconds_left: int) -> list[OutboxItem]:
        s = table.seats[seat]
        if s is None or s.user_id is None:
            return []
        key = ("core.reminder" if self.ctl.service.can_stand_in(table, seat)
               else "core.reminder_wait")
        text = t(key, table.settings.lang, mention=f"<@{s.user_id}>", seconds=seconds_left)
        self.ping_texts[table.table_id] = text
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
        # a new deal: its lines start the message's recent events anew (review 57: the last
        # deal's tricks read under the new deal's heading; its result was posted)
        start = ui.deal_lines_from(events)
        if start is not None:
            table.recent.cut()
        table.recent.add(ui.event_lines(table, events[start or 0:]),
                         [seat for seat in movers if seat is not None])
        starts = ui.starts_deal(events)
        lines = ui.announcements(table, events)
        # a finished deal's picture (all shown) goes with its result line (the post's text;
        # the picture's alt text says in short what it shows, not that line again)
        pictures = ui.deal_pictures(table, events)
        # a deal starts: the table message is posted anew and the old one becomes the
        # record of these lines (one edit instead of a post beside it and its deletion) —
        # unless there is no old one yet (a table started at once, a tournament's) or they
        # do not fit in one message (a long AI chain's): then the lines are posted before
        # the table message, ahead of its first move's ping. The game's end likewise: its
        # last results read above the final table picture, then the final order (review
        # 54: the last harakiri's came below the picture, kept where its game started)
        ends = state.finished and bool(lines)
        repost = starts or ends
        recorded = repost and table.message_id is not None and items.record_fits(lines)
        refresh = items.table_refresh(channel, tid, repost=repost,
                                      record=lines if recorded else (), pictures=pictures)
        out = [] if refresh.payload.get("record") else [
            items.post(channel, text, table_id=tid,
                       pictures=[(name, file, alt) for i, name, file, alt in pictures
                                 if i == k])
            for k, text in enumerate(lines)]
        out.extend(self.ctl.rematches.invite_done(table, "core.again_invite_started"))
        out.append(refresh)
        if state.finished:  # (below the final table picture)
            out.append(self._final(table, ui))
            out.extend(self.ctl.threads.pointer(table))
        self._note_mover(table)
        had_ping = self._pinged(tid) or table.ping_message_id is not None
        ping = self._turn_ping(table, ui, events, origin)
        if state.finished:
            self._forget_mover(tid)
        if starts and ping is not None and not ping.payload.get("clear"):
            # a deal starts with a human to act: the table message posted anew at the
            # bottom notifies him itself (its first line; its "Moje karty" button gives the
            # fresh hand) — one message instead of a ping posted and deleted beside it
            refresh.payload["ping"] = True
            self.ping_texts[tid] = None
            ping = items.unping(channel, tid) if had_ping else None  # a ping of before goes
        elif ping is not None or starts:
            # this change pings (or unpings) on its own, or its deal starts with the turn
            # of the one whose click started it (no mention: review 96)
            refresh.payload["ping"] = False
        elif not had_ping and self._turn_holds(table, events):
            # nothing moved and his turn goes on (a restart, another player left), with no
            # ping of its own: the table message keeps the line naming him (the deal's
            # ping; an edit notifies nobody) instead of losing it to the edit
            refresh.payload["ping"] = True
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
            line = counted(game_key(table.game_kind, "place"), lang, outcome.scores[seat],
                           n=outcome.places[seat], place=table_place(outcome.places, seat, lang),
                           name=ui.seat_name(table, seat, lang), points=outcome.scores[seat])
            lines.append(unlisted(line + ui.outcome_note(outcome, seat, lang)))
        return lines

    def _final(self, table: Table, ui: GameUI) -> OutboxItem:
        """The final order, with the game's final picture (drawn when it is sent) attached
        beside the embed (inside, Discord would fit a tall sheet into a landscape box) and,
        when the game is not rated, why (``Materials.rating_note``, also when it is sent).
        Its "play again" line is public: it names ``/… new`` as a client of the table's
        language lists it (a Czech table: ``/lora nová``). Its buttons open the sheet's
        pages (each tálie, the deals), answered to the clicker alone (reviews 62, 64: the
        post showed only the overview and did not say where the rest was)."""
        lang = table.settings.lang
        embed = discord.Embed(title=builders.table_title(table, "final_title", lang),
                              colour=builders.EMBED_COLOUR)
        embed.add_field(name=t("core.final_order", lang),
                        value="\n".join(self.final_lines(table, lang)), inline=False)
        has_picture = ui.final_picture(table, lang) is not None
        book = ui.sheet_book(table, lang) if has_picture else SheetBook([], [])
        pages = book.labels
        buttons = [{"custom_id": SheetPageButton(table.table_id, key).custom_id, "label": label,
                    "style": discord.ButtonStyle.secondary.value}
                   for key, label in zip(page_keys(book), pages, strict=True)
                   ] if 1 < len(pages) <= PAGE_BUTTONS else []
        if buttons:
            embed.add_field(name=t("core.final_pages_heading", lang),
                            value=t("core.final_pages_line", lang, first=pages[0],
                                    last=pages[-1]), inline=False)
        if table.tournament is None:  # (a tournament's next round is the tournament's)
            embed.add_field(name=t("core.again_heading", lang),
                            value=t("core.again_line", lang, new=command_shown(
                                ui, "new", lang == "cs")), inline=False)
            buttons.append({"custom_id": TableButton(table.table_id, "again").custom_id,
                            "label": t("core.btn_again", lang),
                            "style": discord.ButtonStyle.success.value})
        legend = picture_legend(table, lang) if has_picture else ""
        if legend:  # who the sheet's stand-ins are ("hráč 3" in it is 🎲🎲 of the order)
            embed.set_footer(text=legend)
        sheet = ("final", t("core.sheet_file", lang),
                 spoken(sentences(ui.sheet_lines(table, lang)), lang, ui.card_words(lang)))
        item = items.post(table.channel_id, embed=cast(dict[str, Any], embed.to_dict()),
                          pictures=[sheet] if has_picture else (),
                          table_id=table.table_id, buttons=buttons)
        item.payload["rating"] = True
        return item

    def _hand_button(self, table: Table) -> dict[str, Any]:
        """The ping's button: a fresh hand message at the bottom of the channel."""
        label = t("core.btn_hand", table.settings.lang)
        return {"custom_id": TableButton(table.table_id, "hand").custom_id, "label": label,
                "style": discord.ButtonStyle.primary.value}

    def _unping(self, table: Table) -> OutboxItem | None:
        """The turn ping or reminder no longer holds (the game is over or aborted, nobody is
        to be pinged): it goes (an entry that supersedes a ping not sent yet)."""
        if not self._pinged(table.table_id) and table.ping_message_id is None:
            return None
        self.ping_texts[table.table_id] = None
        return items.unping(table.channel_id, table.table_id)

    def _turn_ping(self, table: Table, ui: GameUI, events: Sequence[GameEvent],
                   origin: int | None) -> OutboxItem | None:
        """The ping of the human to act as this change leaves the table (``TurnPings``: at
        most one a deal): at once at a deal's first turn, unless his click just started it;
        otherwise deferred by the grace, whoever moved last, if he has not had his ping in
        this deal — a ping of another turn standing goes now."""
        assert table.state is not None
        tid = table.table_id
        pings = self.ctl.pings
        self.deferred.pop(tid, None)
        starts = ui.starts_deal(events)
        if ui.deal_lines_from(events) is not None:  # (a deal ended, the next began: Lóra's
            pings.new_deal(tid)  # stovka question and maturant's choice are its own)
        found = self._human_to_act(table)
        if found is None:
            pings.cancel(tid)
            return self._unping(table)
        seat, s = found
        assert s.user_id is not None
        if s.absent:
            pings.cancel(tid)
            return None  # the table waits for him (or an AI stands in): his ping still holds
        if self._turn_holds(table, events):
            self._resume_ping(table, seat, s.user_id)
            return None  # nothing moved, his turn goes on: what it showed him still holds
        pings.cancel(tid)
        own = (s.user_id == origin or (tid, s.user_id) in self.ctl.acting
               or s.user_id == self._mover(table))
        text = ui.turn_ping(table, seat, f"<@{s.user_id}>")
        if starts and not own:  # (posted with the table message: ``game_shown``)
            pings.mark(tid, s.user_id)
            turn = self.ctl.service.timer.mark_turn(table)
            if turn is not None:
                turn.pinged = True
            self.ping_texts[tid] = text
            return items.ping(table.channel_id, tid, text, buttons=[self._hand_button(table)])
        if not pings.had(tid, s.user_id) and pings.wanted(table.settings.turn_timer):
            self.deferred[tid] = (table.version, seat, s.user_id)
        if own and not starts:
            # he is still on the move he just made (AI turns — applied by the service's
            # driver after his click — kvarty lead again): his hand shows his turn, no
            # new ping now; the one standing is reworded if it asked something else
            return self._reworded(table, text, f"<@{s.user_id}>")
        return self._unping(table)

    def _resume_ping(self, table: Table, seat: int, user_id: int) -> None:
        """His turn goes on (a restart, another player left): the grace ping armed again
        when none is pending and the turn was neither pinged nor reminded (review 96: one
        pending at a restart was lost)."""
        pings, turn = self.ctl.pings, table.turn
        if (not pings.pending(table.table_id) and turn is not None and not turn.pinged
                and not turn.reminded and table.ping_message_id is None
                and not pings.had(table.table_id, user_id)
                and pings.wanted(table.settings.turn_timer)):
            self.deferred[table.table_id] = (table.version, seat, user_id)

    def turn_ping_now(self, table: Table, seat: int) -> list[OutboxItem]:
        """The deferred ping of the human at ``seat`` whose turn it still is after the grace
        (``TurnPings``), asking what his turn asks now."""
        s = table.seats[seat]
        assert s is not None
        text = builders.game_ui(table).turn_ping(table, seat, f"<@{s.user_id}>")
        self.ping_texts[table.table_id] = text
        return [items.ping(table.channel_id, table.table_id, text,
                           buttons=[self._hand_button(table)])]

    def _reworded(self, table: Table, text: str, mention: str) -> OutboxItem | None:
        """The ping standing, edited to ``text`` when it no longer fits (review 63:
        "<@Dave>, hlásíš." stood as the channel's newest line while he had to play a card):
        what it asks follows his turn without notifying him again. A plain "your turn" of
        his fits any decision of his (no edit for each trick he leads)."""
        tid = table.table_id
        if not self._pinged(tid):  # none stands, or its removal is on its way (an AI seat
            # was to act after his click), or a ping from before a restart (text unknown)
            if table.ping_message_id is None or tid in self.ping_texts:
                return None
        elif self.ping_texts.get(tid) in (text, t("core.your_turn", table.settings.lang,
                                                  mention=mention)):
            return None  # it still says what his turn asks
        self.ping_texts[tid] = text
        return items.reword(table.channel_id, tid, text, buttons=[self._hand_button(table)])

    def _pinged(self, table_id: int) -> bool:
        """The table's last composed ping may still stand (its removal not composed)."""
        return self.ping_texts.get(table_id) is not None

    def _turn_holds(self, table: Table, events: Sequence[GameEvent]) -> bool:
        """Nothing moved since the turn of the human to act (present) began: it goes on."""
        found = self._human_to_act(table)
        turn = table.turn  # (as saved before this change: a restart keeps it)
        return (found is not None and not found[1].absent and not events and turn is not None
                and (turn.version, turn.seat) == (table.version, found[0]))

    def ping_line(self, table: Table) -> str | None:
        """The line of a table message sent with ``ping`` (posted anew, or edited with
        nothing moved): the human to act as the table is now (when it is sent), if the table
        waits for him."""
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
        self.ping_texts.pop(table_id, None)
        self.composing.pop(table_id, None)
        self.deferred.pop(table_id, None)
        self.ctl.pings.forget(table_id)
        for key in [k for k in self.ctl.hands.back_notes if k[0] == table_id]:
            del self.ctl.hands.back_notes[key]

    def committed(self, table: Table, entries: Sequence[OutboxEntry], game: bool) -> None:
        if game and table.table_id in self.composing:
            mover = self.composing.pop(table.table_id)
            if mover is None:
                self.movers.pop(table.table_id, None)
            else:
                self.movers[table.table_id] = mover
        deferred = self.deferred.pop(table.table_id, None) if game else None
        if deferred is not None and table.status == STATUS_PLAYING:
            self.ctl.pings.arm(table.table_id, *deferred)
        self.ctl.delivery.submit(entries)
        if table.status != STATUS_PLAYING:
            self.ctl.blocked.ended(table.table_id)  # (an outage ends with its game)
        if game:
            self.ctl.hands.refresh_all(table)
        self.ctl.hands.due()

    async def table_changed(self, table: Table, events: Sequence[GameEvent]) -> None:
        """Show a table as it is now (outside a change: tests, tools), and wait for it."""
        await self._show(table, self.game_shown(table, events, None), game=True)

    async def lobby_changed(self, table: Table) -> None:
        await self._show(table, self.lobby_shown(table))

    async def _show(self, table: Table, outbox: list[OutboxItem], game: bool = False) -> None:
        ids = await self.ctl.store.add_outbox(outbox)
        self.committed(table, [OutboxEntry.of(i, item, discord.utils.utcnow())
                               for i, item in zip(ids, outbox, strict=True)], game)
        await self.ctl.delivery.settled(table.table_id)

    def chain_ended(self, table_id: int) -> None:
        self.ctl.delivery.release(table_id)
        self.ctl.hands.release(table_id)


def _note_line(table: Table, key: str, seat: int, **values: str) -> str:
    """A recent-events line about ``seat`` (``core.note_<key>``) in the table's language."""
    return t(f"core.note_{key}", table.settings.lang, name=table.names()[seat], **values)
