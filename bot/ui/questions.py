"""Questions before a running table changes for good (leaving, closing it, taking a seat
back): asked ephemerally with a button that confirms (it lapses after ``CONFIRM_SECONDS``),
and what the confirming click does."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.commands import command_shown, czech_client
from bot.errors import TableError
from bot.games import ui_of
from bot.i18n import t
from bot.model import STATUS_ABORTED, STATUS_LOBBY, STATUS_PLAYING, Table
from bot.permissions import manages_server
from bot.ui import builders
from bot.ui.components import ConfirmButton, LobbyButton, question_view

if TYPE_CHECKING:
    from bot.ui.controller import Controller

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]


CONFIRM_SECONDS = 300  # a question before a running table changes for good lapses then
# the label of a question's button that changes nothing, by what the question asks
STAY_LABELS = {"leave": "core.btn_stay", "leaveclose": "core.btn_stay",
               "abort": "core.btn_keep_table", "abortlobby": "core.btn_keep_table",
               "forget": "core.btn_keep_data"}


class Questions:
    """The questions and their answers (``Controller.questions``)."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl

    async def leave_lobby(self, interaction: Interaction, table_id: int, lang: str, *,
                          confirmed: bool = False) -> None:
        """A player leaves a lobby (a click on Odejít, or ``/<game> leave``; the interaction
        is answered already). The creator's leaving closes the table: while others sit there
        he is asked first (a button confirms it), and he is told that it is closed."""
        user_id = interaction.user.id
        table = self.ctl.service.tables.get(table_id)
        if table is not None and table.status == STATUS_PLAYING and not confirmed:
            await self.ask_leave(interaction, table, lang)  # the lobby's button, in a game
            return
        if table is None or table.status != STATUS_LOBBY:
            raise TableError("already_started" if table is not None else "no_table")
        if table.seat_of(user_id) is None:
            if user_id in table.rematch_awaited():  # an invited player's "no" to a rematch
                await self.ctl.service.decline(table_id, user_id)
                await self.ctl.replies.error(interaction, self.ctl.rematches.declined_key(
                    table_id, user_id), lang, id=table_id)
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
        await self.ctl.service.leave(table_id, user_id)
        key = "core.left_lobby_closed" if creator else "core.left_lobby"
        await self.ctl.replies.tell(interaction, t(key, lang, id=table_id), lang)

    async def ask(self, interaction: Interaction, text: str, button: ConfirmButton,
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
        return int(self.ctl.now()) + CONFIRM_SECONDS

    async def answered_lapsed(self, interaction: Interaction, until: int, lang: str) -> bool:
        """A click on a question past ``until``: the question says so, its button gone
        (True); nothing done."""
        if self.ctl.now() <= until:
            return False
        await interaction.response.edit_message(content=t("core.confirm_expired", lang),
                                                view=None)
        return True

    def leave_question(self, table: Table, user_id: int, lang: str) -> tuple[str, ConfirmButton]:
        """What leaving the running game does, asked: an AI plays on for him and he may come
        back (not at a tournament's table: he withdraws), or the table closes (nobody else
        plays there); the button says which it confirmed."""
        tid = table.table_id
        if self.ctl.service.closes_on_leaving(table, user_id):
            # (who left before and could come back loses that too: named, review 71)
            away = [s.name for s in table.seats if s is not None and s.left_by is not None]
            text = t("core.leave_confirm_close_returners", lang, id=tid,
                     names=", ".join(away)) if away else t("core.leave_confirm_close", lang,
                                                             id=tid)
            return text, ConfirmButton(
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
        await self.ask(interaction, *self.leave_question(table, interaction.user.id, lang), lang)

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
        await self.ask(interaction, *self.abort_question(table, interaction.user.id, lang), lang)

    def returnable(self, table_id: int, user_id: int) -> Table | None:
        """The running table whose seat the user left and may take back, if any (not a
        tournament's he withdrew from)."""
        live = self.ctl.service.tables.get(table_id)
        if (live is None or live.status != STATUS_PLAYING or live.state is None
                or live.state.finished or live.left_seat_of(user_id) is None
                or self.withdrawn_at(live, user_id)):
            return None
        return live

    def withdrawn_at(self, table: Table, user_id: int) -> bool:
        """``table`` is a tournament's he withdrew from: no seat of it is his to take back."""
        return table.tournament is not None and self.ctl.desk.service.withdrawn_at(
            table.tournament, user_id)

    def returnable_of_game(self, guild_id: int, user_id: int, kind: str) -> Table | None:
        """A running table of the game ``kind`` on the server whose seat the user left and
        may take back (the latest, should there be several); None if none."""
        tables = [table for table in self.ctl.service.tables.values()
                  if table.guild_id == guild_id and table.game_kind == kind
                  and self.returnable(table.table_id, user_id) is not None]
        return max(tables, key=lambda table: table.table_id, default=None)

    def seated_elsewhere(self, table: Table, user_id: int, lang: str,
                         czech: bool) -> str | None:
        """One who left ``table`` sits at another table of the server meanwhile: he may take
        his seat back once he leaves that one (told which, and how: its leave command as his
        client lists it, ``czech``: a Czech one); None if he does not.
        A tournament's table is named as its thread names it, and leaving it would hand his
        seat to an AI for the rest of the tournament. The table he left is named with its
        game and channel ("stůl č. 1 (Lóra, #lora)"): its number alone could be the other
        one's ("stůl 1" of a tournament). ``table`` is a tournament's only when the round
        began while he was busy elsewhere (one who leaves a tournament's table does not come
        back to it): he is told where he plays (``builders.busy_at``)."""
        other = self.ctl.service.table_of_user(table.guild_id, user_id)
        if other is None or other.table_id == table.table_id:
            return None
        leave = command_shown(ui_of(other.game_kind), "leave", czech)
        if table.tournament is not None:  # his seat of a round he began busy elsewhere
            return t("core.tournament.take_back_elsewhere", lang, leave=leave,
                     at=builders.busy_at(other, lang),
                     table=builders.tournament_table_ref(table.tournament, lang))
        left = {"id": table.table_id, "game": builders.game_ui(table).name(lang),
                "channel": f"<#{table.channel_id}>"}
        if other.tournament is not None:
            return t("core.take_back_elsewhere_tournament", lang,
                     other=builders.tournament_table_ref(other.tournament, lang),
                     leave=leave, **left)
        return t("core.take_back_elsewhere", lang, other=other.table_id, leave=leave, **left)

    async def offer_return(self, interaction: Interaction, table: Table, lang: str) -> bool:
        """One who left the running game asks for his cards: he is offered his seat back
        (True), if he may take it; sitting at another table meanwhile, he is told to leave
        it first (True)."""
        live = self.returnable(table.table_id, interaction.user.id)
        if live is None:
            return False
        elsewhere = self.seated_elsewhere(live, interaction.user.id, lang,
                                          czech_client(interaction))
        if elsewhere is not None:
            await self.ctl.replies.tell(interaction, elsewhere, lang)
            return True
        button = ConfirmButton(live.table_id, "back", self.confirm_until(),
                               t("core.btn_take_back", lang), discord.ButtonStyle.primary)
        offer = (t("core.take_back_offer", lang, id=live.table_id) if live.tournament is None
                 else t("core.tournament.take_back_offer", lang,
                        table=builders.tournament_table_ref(live.tournament, lang)))
        await self.ask(interaction, offer, button, lang)
        return True

    async def abort(self, interaction: Interaction, table_id: int, op: str,
                    lang: str) -> str:
        table = self.ctl.service.get(table_id)
        if table.tournament is not None:
            raise TableError("tournament.no_abort")
        if not self.may_abort(table, interaction.user):
            raise TableError("no_permission", creator=builders.creator_shown(table))
        status = STATUS_LOBBY if op == "abortlobby" else STATUS_PLAYING
        await self.ctl.service.abort(table_id, by=interaction.user.display_name, status=status)
        return t("core.aborted_ok", lang, id=table_id)

    async def leave_game(self, interaction: Interaction, table_id: int, op: str,
                         lang: str) -> str:
        table = await self.ctl.service.leave(table_id, interaction.user.id,
                                             closes=op == "leaveclose")
        hand = ("core.left_game_closed" if table.status == STATUS_ABORTED
                else "core.hand_left" if table.tournament is None
                else "core.hand_left_tournament")
        ref = builders.tournament_table_ref(table.tournament or {}, lang)
        self.ctl.hands.left(table, interaction.user.id, t(hand, lang, id=table_id, table=ref))
        if table.status == STATUS_ABORTED:  # he was the last player there
            return t("core.left_game_closed", lang, id=table_id)
        if table.tournament is not None:
            try:  # the tournament's message shows his substitute now
                await self.ctl.desk.service.seat_left(table.tournament, interaction.user.id)
            except Exception:
                log.exception("telling tournament %s of a seat left failed", table.tournament)
            return t("core.left_game_tournament", lang, table=ref)
        return t("core.left_game", lang, id=table_id)

    async def take_back(self, interaction: Interaction, table_id: int, lang: str) -> None:
        """He plays the seat he left again: the offer becomes his hand, which says so (a
        refusal replaces the offer too)."""
        await self.ctl.delivery.startup_gate(table_id)
        user_id = interaction.user.id
        live = self.ctl.service.tables.get(table_id)
        if live is not None and self.withdrawn_at(live, user_id):  # (offered before he
            # withdrew from its tournament: the AI plays his seat to the end of it)
            await interaction.response.edit_message(
                content=self.ctl.replies.spectator_text(live, user_id, lang), view=None)
            return
        try:
            await self.ctl.service.take_back(table_id, user_id)
        except TableError as exc:
            live = self.ctl.service.tables.get(table_id)
            text = (self.seated_elsewhere(live, user_id, lang, czech_client(interaction))
                    if exc.key == "already_seated" and live is not None else None)
            text = text or await self.ctl.replies.refusal_text(exc, lang, table_id)
            await interaction.response.edit_message(content=text, view=None)
            return
        table = self.ctl.service.tables.get(table_id)
        if table is not None and table.tournament is not None:
            try:  # the tournament's message and sheet no longer mark an AI for him
                await self.ctl.desk.service.seat_back(table.tournament, user_id)
            except Exception:
                log.exception("telling tournament %s of a seat taken back failed",
                              table.tournament)
        if table is not None:
            await self.ctl.open_hand(interaction, table, returned=True)
