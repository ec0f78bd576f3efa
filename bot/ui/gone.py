"""A channel or thread deleted under a table or tournament (review 41): the table ended there
(nothing of it can be shown any more), yet it went on "playing" and kept its players from
every other table. Told by the gateway (``CHANNEL_DELETE``, ``THREAD_DELETE``: ``app``), or
else by the sender's first "gone" (404 Unknown Channel) there.

- A table of its own ends as an abort (unrated, its seats free, saved: ``close_gone``); a
  table in a thread of its own tells the channel it was opened in (its players mentioned)
  and its line there says it ended; the players of a deleted channel read it at their next
  click on it (``Replies.over_text``); a lobby's players, whose next command found no
  table (a lobby is nobody's last table), are told once: by the channel's line when its
  lobby was in a thread of its own, else at their next command (``lobby_gone``).
- A tournament whose channel is deleted is cancelled (its tables end with it).
- A tournament's table whose thread is deleted is played again in a new thread, as a
  restart plays a table aborted from outside (``TournamentService.table_gone``): the
  tournament goes on, its players mentioned in the new thread.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.i18n import t
from bot.model import STATUS_LOBBY, STATUS_PLAYING, Table
from bot.storage.models import TournamentStatus

if TYPE_CHECKING:
    from bot.ui.controller import Controller

log = logging.getLogger(__name__)

# how long a deleted channel's id is kept (``Gone.handled``): its reports come together (the
# gateway's event, the sender's 404s, its threads'); a later one finds nothing left to end
HANDLED_SECONDS = 3600
# how long a lobby thread's line in its channel stands for telling its players
# (``Gone.told_in``): the channel deleted later, they had a day to read it (it mentioned
# them) — their next command does not tell them again about a lobby long gone
LINE_SECONDS = 24 * 3600
# how long a player's note of his lobby closed so waits for his next command (``lobbies``)
NOTE_SECONDS = 7 * 24 * 3600


def gone_text(table: Table, lang: str) -> str:
    """What a player reads of a table that ended because its channel or thread was deleted
    (his next command, a click on its old button): a lobby is closed, with no game that
    would not count."""
    lobby = "_lobby" if table.state is None else ""
    where = "_thread" if table.in_thread else ""
    return t(f"core.delivery.gone{lobby}{where}", lang, id=table.table_id)


class Gone:
    """Ending what played in a deleted channel (``Controller.gone``)."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        # channel → when its deletion was handled (or is being: a second report is ignored);
        # kept ``HANDLED_SECONDS`` (the bot sees every deleted channel of its servers). A
        # failed close drops its channel again, so that the next report retries
        self.handled: dict[int, float] = {}
        # (server, player) → his lobby closed so, and when: told at his next command that
        # finds him at no table, once (``lobby_gone``; review 42), within ``NOTE_SECONDS``
        self.lobbies: dict[tuple[int, int], tuple[Table, float]] = {}
        # channel → the lobbies of its threads whose players its line mentioned instead
        # (``Presenter._gone_shown``), and when: told at their next command after all if the
        # channel is found deleted too within ``LINE_SECONDS`` (its line may have gone with
        # it); dropped after that
        self.told_in: dict[int, list[tuple[Table, list[int], float]]] = {}

    def deleted(self, channel_id: int) -> None:
        """The channel (or thread) ``channel_id`` no longer exists (an event, or the
        sender's "gone"): what played there ends, in a task of its own (the service's:
        shutdown stops it)."""
        self._forget_old()
        if channel_id in self.handled:
            return
        self.handled[channel_id] = self.ctl.now()
        self.ctl.service._spawn(self.channel_gone(channel_id))

    def _forget_old(self) -> None:
        """Drop what is kept past its time (``HANDLED_SECONDS``, ``LINE_SECONDS``,
        ``NOTE_SECONDS``): a bot that runs for months keeps only what may still matter."""
        now = self.ctl.now()
        for channel_id in [c for c, when in self.handled.items()
                           if now - when >= HANDLED_SECONDS]:
            del self.handled[channel_id]
        for parent, lines in list(self.told_in.items()):
            kept = [line for line in lines if now - line[2] < LINE_SECONDS]
            if kept:
                self.told_in[parent] = kept
            else:
                del self.told_in[parent]
        for key in [k for k, (_, when) in self.lobbies.items() if now - when >= NOTE_SECONDS]:
            del self.lobbies[key]

    def _played_in(self, channel_id: int, tournaments: list[int]) -> list[Table]:
        """The open tables that played in the channel, or in a thread of it (a deleted
        channel takes its threads along: a table's own, a tournament's of ``tournaments``)."""
        return [x for x in self.ctl.service.tables.values()
                if x.is_open
                and (x.channel_id == channel_id
                     or (x.in_thread and x.parent_id == channel_id)
                     or (x.tournament is not None and x.tournament.get("id") in tournaments))]

    async def channel_gone(self, channel_id: int) -> None:
        desk = self.ctl.desk.service
        cancelled = [tr.tournament_id for tr in desk.tournaments.values()
                     if tr.channel_id == channel_id and tr.status in (
                         TournamentStatus.REGISTRATION, TournamentStatus.PLAYING)]
        failed = False
        for table, user_ids, _ in self.told_in.pop(channel_id, []):
            self._note(table, user_ids)
        for table in self._played_in(channel_id, cancelled):
            link = table.tournament
            # (also a lobby in a thread of its own, which tells the channel too: that
            # channel may be the one deleted, its threads told gone first)
            lobby = [] if table.state is not None or link is not None else table.humans()
            try:
                await self.ctl.service.close_gone(table.table_id)
            except Exception:
                if table.status not in (STATUS_LOBBY, STATUS_PLAYING):
                    continue  # (closed meanwhile)
                # (its end not saved, say the database refused: it plays on as saved, and
                # the channel's next report — the sender's 404, an event — tries again)
                log.exception("closing table %s, whose channel %s is gone, failed",
                              table.table_id, channel_id)
                failed = True
                continue
            log.warning("table %s closed: its channel %s was deleted", table.table_id,
                        channel_id)
            if lobby and self._told_in_channel(table, channel_id):
                assert table.parent_id is not None
                self.told_in.setdefault(table.parent_id, []).append(
                    (table, lobby, self.ctl.now()))
            else:
                self._note(table, lobby)
            if link is not None and link.get("id") not in cancelled \
                    and not self._tournament_gone(link.get("id")):
                try:
                    await desk.table_gone(table)
                except Exception:
                    log.exception("playing table %s of a tournament again failed",
                                  table.table_id)
        for tournament_id in cancelled:
            try:
                await desk.cancel(tournament_id)
            except Exception:
                log.exception("cancelling tournament %s, whose channel %s is gone, failed",
                              tournament_id, channel_id)
                failed = True
                continue
            log.warning("tournament %s cancelled: its channel %s was deleted",
                        tournament_id, channel_id)
        if failed:
            self.handled.pop(channel_id, None)

    def _note(self, table: Table, user_ids: list[int]) -> None:
        """Its players told at their next command (a later lobby's note stays)."""
        now = self.ctl.now()
        for user_id in user_ids:
            key = (table.guild_id, user_id)
            if key not in self.lobbies or self.lobbies[key][0].table_id < table.table_id:
                self.lobbies[key] = table, now

    def _told_in_channel(self, table: Table, channel_id: int) -> bool:
        """The closed table's players are mentioned by its line in the channel it was opened
        in (``Presenter._gone_shown``: a table in a thread of its own), and that channel was
        not deleted (with the thread, or before it)."""
        parent = table.parent_id
        return (table.in_thread and table.tournament is None and parent is not None
                and parent != channel_id and parent not in self.handled
                and self.ctl.materials.channel(parent) is not None)

    def _tournament_gone(self, tournament_id: object) -> bool:
        """The tournament's own channel was deleted too (its report being handled in another
        task, which cancels it): its table whose thread went with it is not played again
        in a new thread of the deleted channel."""
        tournament = self.ctl.desk.service.tournaments.get(tournament_id) \
            if isinstance(tournament_id, int) else None
        return tournament is not None and tournament.channel_id in self.handled

    def lobby_gone(self, guild_id: int | None, user_id: int) -> Table | None:
        """The lobby of the server the player sat at that closed because its channel or
        thread was deleted, if he has not been told yet (then he has)."""
        if guild_id is None:
            return None
        note = self.lobbies.pop((guild_id, user_id), None)
        if note is None or self.ctl.now() - note[1] >= NOTE_SECONDS:
            return None
        return note[0]
