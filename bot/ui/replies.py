"""What a click or command is told privately: an ephemeral answer tried twice (an answer that
still did not arrive is given with the player's next click), a ``TableError`` in the table's
game's words, what an old button of a table that is over answers, and what one who does not
sit at the table is told instead of his hand."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.bounded import Bounded
from bot.errors import TableError
from bot.games import ui_of
from bot.i18n import game_key, t
from bot.model import STATUS_ABORTED, STATUS_FINISHED, Table
from bot.storage.models import TournamentStatus
from bot.tournament import model as tournament_model
from bot.ui import builders
from bot.ui.gone import gone_text

if TYPE_CHECKING:
    from bot.ui.controller import Controller

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
OPENER_SECONDS = 14 * 60  # an interaction's token lives 15 minutes
USERS_NOTED = 10_000  # the players whose missed answers and notes are held


class Replies:
    """The private answers of the controller (``Controller.replies``)."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        # user -> answers that did not reach him, each with its language; news for him that
        # came with no interaction to answer (``notify``): told at his next one — held for
        # the last ``USERS_NOTED`` players (one who never comes back is not held for ever)
        self.missed: dict[int, list[tuple[str, str]]] = Bounded(USERS_NOTED)
        self.notes: dict[int, list[str]] = Bounded(USERS_NOTED)
        # ("table"|"tournament", id) -> the command that opened it and when (the wall
        # clock): its interaction may tell the opener what became of it (``notify``)
        self.openers: dict[tuple[str, int], tuple[Interaction, float]] = {}

    def opened(self, what: tuple[str, int], interaction: Interaction) -> None:
        """``interaction`` opened ``what`` (a table, a tournament): while its token lives,
        what happens to it soon after (its message refused) is told there."""
        now = self.ctl.now()
        for key, (_, since) in list(self.openers.items()):
            if now - since > OPENER_SECONDS:
                del self.openers[key]
        self.openers[what] = (interaction, now)

    async def notify(self, user_id: int, text: str, what: tuple[str, int]) -> None:
        """Tell ``user_id`` privately, with no interaction of his to answer: as a follow-up of
        the command that opened ``what`` while its token lives (it may not be answered yet:
        then right after its answer), else with his next click or command
        (``deliver_missed``)."""
        opener = self.openers.pop(what, None)
        if opener is not None and opener[0].user.id == user_id \
                and opener[0].response.is_done():
            try:
                await opener[0].followup.send(text, ephemeral=True)
                return
            except discord.HTTPException as exc:
                log.warning("could not follow up interaction %s: %s", opener[0].id, exc)
        self.notes.setdefault(user_id, []).append(text)

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
        """What did not reach him before (``missed``, ``notes``), with this interaction."""
        user_id = interaction.user.id
        texts = self.missed.pop(user_id, None) or []
        notes = self.notes.pop(user_id, None) or []
        if not texts and not notes:
            return
        text = "\n".join([*(t("core.delivery.missed", lang, text=x) for lang, x in texts),
                          *notes])
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            if texts:
                self.missed.setdefault(user_id, []).extend(texts)
            if notes:
                self.notes.setdefault(user_id, []).extend(notes)

    async def refuse(self, interaction: Interaction, exc: TableError, lang: str,
                     kind: str | None) -> None:
        """A ``TableError`` as the table's game words it (with the engine's refusal in the
        game's words when it carries one: a refused choice of several cards); one seated at
        another table is told which (``seated_answer``)."""
        seated = self.seated_answer(interaction, exc, lang)
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

    def seated_answer(self, interaction: Interaction, exc: TableError,
                      lang: str) -> str | None:
        """``already_seated`` as ``/<game> new`` words it (``commands.seated_text``, the one
        text of it): the table he sits at — named with its own game, not the one asked —, a
        tournament's named, and what leaving it would mean; None for another refusal (or if
        he sits nowhere by now: then ``core.already_seated``, which names no command)."""
        if exc.key != "already_seated" or interaction.guild_id is None:
            return None
        seated = self.ctl.service.table_of_user(interaction.guild_id, interaction.user.id)
        if seated is None:
            return None
        from bot.commands import czech_client, seated_text

        return seated_text(seated, lang, czech_client(interaction))

    def kind(self, table_id: int) -> str | None:
        table = self.ctl.known(table_id)
        return None if table is None else table.game_kind

    async def over_text(self, table_id: int, lang: str) -> str | None:
        """What an old button of a finished or closed table answers (None: no such table)."""
        table = await self.ctl.table(table_id)
        if table is None:
            return None
        if table.status == STATUS_FINISHED and table.state is not None \
                and table.state.finished:
            title = builders.table_title(table, "final_title", lang)
            order = "\n".join(self.ctl.presenter.final_lines(table, lang))
            return t("core.delivery.over", lang, title=title, order=order)
        if table.status == STATUS_ABORTED and table.gone:
            return gone_text(table, lang)
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
        await self.refuse(interaction, exc, lang, self.kind(table_id))

    async def refuse_move(self, interaction: Interaction, exc: TableError, lang: str,
                          table_id: int, choice: object) -> None:
        """``refuse_or_over`` for a click on the hand; a raw click on a disabled control
        (``choice``: its index; Discord greys them out) is told why, as the hand tells it."""
        table = self.ctl.service.tables.get(table_id)
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

    async def refusal_text(self, exc: TableError, lang: str, table_id: int) -> str:
        """A refusal as ``refuse_or_over`` words it: a table that is over, its result."""
        if exc.key in ("no_table", "game_over", "not_started"):
            text = await self.over_text(table_id, lang)
            if text is not None:
                return text
        kind = self.kind(table_id)
        return t(game_key(kind, exc.key) if kind is not None else f"core.{exc.key}", lang,
                 **exc.params)

    def spectator_text(self, table: Table, user_id: int, lang: str) -> str:
        """No hand for one who does not sit at the table; one who left a running
        tournament is reminded that an AI plays his seat to the end of it, one whose seat
        at this tournament table an AI plays this round (he was playing elsewhere when it
        began) is told so."""
        link = table.tournament
        left = None if link is None else self.tournament_left_text(
            table.guild_id, user_id, lang, int(link["id"]))
        if left is None and link is not None:
            left = self.tournament_busy_text(link, user_id, lang)
        return left or t("core.spectator_hand", lang)

    def tournament_busy_text(self, link: dict[str, Any], user_id: int,
                             lang: str) -> str | None:
        """``user_id``'s seat at the tournament's table ``link`` is an AI substitute's this
        round because he was playing at another table when it began; None if it is not."""
        t_ = self.ctl.desk.service.tournaments.get(int(link["id"]))
        e = None if t_ is None else tournament_model.entrant_of_user(t_, user_id)
        if t_ is None or e is None:
            return None
        r, n = int(link["round"]), int(link["table"])
        if tournament_model.busy_seat(t_, r, n, e) is None:
            return None
        last = r >= tournament_model.settings_of(t_).rounds  # (no next round to play)
        return t("core.tournament.busy_hand_last" if last else "core.tournament.busy_hand",
                 lang, table=builders.tournament_table_ref(link, lang))

    def tournament_left_text(self, guild_id: int | None, user_id: int, lang: str,
                             tournament_id: int | None = None) -> str | None:
        """What one who left a running tournament of the server for good (left its table,
        or withdrew) is told where he looks for his cards or his table (Moje karty at its
        table, ``/… hand``, ``/… leave``, ``/… abort``): an AI plays his seat to the end of
        it. None if he did not (``tournament_id``: that tournament only; else the newest
        such)."""
        found = []
        for t_ in self.ctl.desk.service.tournaments.values():
            if t_.guild_id != guild_id or t_.status != TournamentStatus.PLAYING or (
                    tournament_id is not None and t_.tournament_id != tournament_id):
                continue
            e = tournament_model.entrant_of_user(t_, user_id)
            if e is not None and tournament_model.has_withdrawn(e):
                found.append((t_, e))
        if not found:
            return None
        best, e = max(found, key=lambda p: p[0].tournament_id)
        absent = tournament_model.withdrawn_for_absence(best, e)
        if absent is not None:  # why (review 80)
            return t("core.tournament.left_hand_absent", lang, id=best.tournament_id,
                     round=absent)
        return t("core.tournament.left_hand", lang, id=best.tournament_id)
