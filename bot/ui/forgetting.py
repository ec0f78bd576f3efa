"""``/… forget-me``: what forgetting a user does (``Forgetting.plan``), asked first and then
done, so that the question and the deed cannot differ."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.errors import TableError
from bot.i18n import t
from bot.model import STATUS_LOBBY, STATUS_PLAYING
from bot.storage.models import TournamentStatus
from bot.tournament import model as tournament_model
from bot.ui.components import ConfirmButton

if TYPE_CHECKING:
    from bot.ui.controller import Controller

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]


# a step of forgetting a user: its line in the question, the table or tournament, the
# others a lobby closes for, and what does it (``Forgetting.plan``)
ForgetStep = tuple[str, int, str, Callable[[], Awaitable[object]] | None]


class Forgetting:
    """Forgetting a user (``Controller.forgetting``)."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl

    async def ask(self, interaction: Interaction, lang: str) -> None:
        """``/… forget-me`` cannot be undone: asked first, saying what it does (``plan``
        worded: what becomes of each table and tournament he is in; what is deleted, what
        stays anonymized); the button does ``forget``."""
        leaves = "".join(t(f"core.forget_{what}", lang, id=id_, names=names)
                         for what, id_, names, _act in self.plan(interaction.user.id)
                         if what != "seat")
        questions = self.ctl.questions
        button = ConfirmButton(0, "forget", questions.confirm_until(), t("core.btn_forget", lang))
        await questions.ask(interaction, t("core.forget_confirm", lang, leaves=leaves), button,
                            lang)

    def plan(self, user_id: int) -> list[ForgetStep]:
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
        for tb in sorted(self.ctl.service.tables.values(), key=lambda tb: tb.table_id):
            if tb.status not in (STATUS_LOBBY, STATUS_PLAYING) or tb.seat_of(user_id) is None:
                continue
            others = ", ".join(s.name for s in tb.seats
                               if s is not None and s.user_id is not None and s.user_id != user_id)
            if tb.tournament is not None:
                what = "seat"
            elif tb.status == STATUS_LOBBY:
                what = "closes_lobby" if user_id == tb.creator_id and others else "leaves_lobby"
            else:
                closes = self.ctl.service.closes_on_leaving(tb, user_id)
                what = "closes_game" if closes else "leaves_game"
            plan.append((what, tb.table_id, others, functools.partial(
                self.ctl.service.leave, tb.table_id, user_id, anonymize=True)))
        desk = self.ctl.desk.service  # (the tournaments)
        for tr in sorted(desk.tournaments.values(), key=lambda tr: tr.tournament_id):
            tid = tr.tournament_id
            registering = tr.status == TournamentStatus.REGISTRATION
            if tr.organiser_id == user_id and registering:  # nobody could start it
                plan.append(("cancels_tournament", tid, "",
                             functools.partial(desk.cancel, tid)))
                continue
            e = tournament_model.entrant_of_user(tr, user_id)
            if e is not None and not tournament_model.has_withdrawn(e):
                # before the start off the list (a nameless entry would get an AI then)
                leave = functools.partial(desk.leave, tid, user_id)
                plan.append(("unregisters", tid, "", leave) if registering
                            else ("withdraws", tid, "", None))
            if tr.organiser_id == user_id:
                plan.append(("organises", tid, "", None))
        return plan

    async def forget(self, user_id: int) -> None:
        """/… forget-me: ``plan`` as it is now done (off every table, an AI taking a
        running seat, nameless; off the tournaments), then his personal data out of the
        database; his games stay, anonymized."""
        for what, id_, _names, act in self.plan(user_id):
            try:
                if act is not None:
                    await act()
            except TableError:
                log.warning("forgetting %s: %s %s failed", user_id, what, id_)
        await self.ctl.service.forget_left(user_id)
        self.ctl.hands.forget(user_id)
        await self.ctl.store.forget_user(user_id)
        self.ctl.languages.chosen.pop(user_id, None)
        self.ctl.service.forget_user(user_id)
        await self.ctl.desk.service.refresh()  # his entries are nameless now
