"""A lobby or a tournament whose first message Discord refused (the bot may not post in its
channel, 403): nobody sees it, nobody can join it, and its opener sat at it with nothing to
click (review 27). It is closed — the lobby's seats free, the tournament cancelled — and its
opener told why (``Replies.notify``: a follow-up of the command that opened it, else with
his next click or command). ``/<game> new`` and ``/<game> tournament`` refuse such a channel
beforehand (``commands.refuse_unpostable``); this is for what they cannot foresee (a
permission taken away meanwhile, a restart's repost, a rematch's lobby)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.delivery import items
from bot.delivery.deliverer import DeliveryError
from bot.errors import TableError
from bot.i18n import t
from bot.model import STATUS_LOBBY
from bot.storage.models import OutboxEntry, TournamentStatus
from bot.tournament.model import settings_of

if TYPE_CHECKING:
    from bot.ui.controller import Controller

log = logging.getLogger(__name__)
FORBIDDEN = 403  # (another refusal, 400 say, is told without blaming the permissions)


class Unposted:
    """Closing what could not show itself (``Controller.unposted``; the sender's
    ``on_refused``)."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl

    def refused(self, entry: OutboxEntry, exc: DeliveryError) -> None:
        """An entry's POST was refused: a lobby's or a tournament's first message is closed
        (in a task of its own, the service's: the sender goes on, shutdown stops it)."""
        if entry.kind == items.TABLE and entry.table_id is not None:
            close = self._table(entry.table_id, entry.channel_id, exc)
        elif entry.kind == items.TOURNAMENT:
            close = self._tournament(int(entry.payload["tournament"]), entry.channel_id, exc)
        else:
            return
        self.ctl.service._spawn(close)

    async def _table(self, table_id: int, channel_id: int, exc: DeliveryError) -> None:
        table = self.ctl.service.tables.get(table_id)
        if table is None or table.status != STATUS_LOBBY or table.message_id is not None \
                or table.channel_id != channel_id:
            return  # (shown once, or closed meanwhile: a later refusal leaves it as it is)
        try:
            await self.ctl.service.abort(table_id, status=STATUS_LOBBY)
        except TableError:
            return  # (it started, or closed, meanwhile)
        except Exception:
            log.exception("closing table %s, whose lobby was refused, failed", table_id)
            return
        log.warning("table %s closed: its lobby could not be posted in channel %s (%s)",
                    table_id, channel_id, exc)
        await self._tell(table.creator_id, table.settings.lang, "core.", ("table", table_id),
                         channel_id, exc)

    async def _tournament(self, tournament_id: int, channel_id: int,
                          exc: DeliveryError) -> None:
        service = self.ctl.desk.service
        t_ = service.tournaments.get(tournament_id)
        if t_ is None or t_.status != TournamentStatus.REGISTRATION \
                or t_.message_id is not None or t_.channel_id != channel_id:
            return
        try:
            await service.cancel(tournament_id)
        except Exception:
            log.exception("cancelling tournament %s, whose message was refused, failed",
                          tournament_id)
            return
        log.warning("tournament %s cancelled: its message could not be posted in channel %s "
                    "(%s)", tournament_id, channel_id, exc)
        if t_.organiser_id is None:
            return
        await self._tell(t_.organiser_id, settings_of(t_).lang, "core.tournament.",
                         ("tournament", tournament_id), channel_id, exc)

    async def _tell(self, opener: int, lang: str, prefix: str, about: tuple[str, int],
                    channel_id: int, exc: DeliveryError) -> None:
        """Its opener is told, in his own language (else its), why it was closed: the bot
        may not post there (403), or Discord refused its message otherwise."""
        lang = await self.ctl.languages.chosen_lang(opener) or lang
        key = "post_refused" if exc.status == FORBIDDEN else "post_failed"
        text = t(f"{prefix}{key}", lang, id=about[1], channel=f"<#{channel_id}>")
        await self.ctl.replies.notify(opener, text, about)
