"""What the table service asks the Discord layer: the messages a change must show, and where
a new table plays."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

from bot.model import Table
from bot.storage.models import OutboxEntry, OutboxItem
from engine.game import GameEvent

# Where a new table plays, asked once it has its id: (channel id, entries that point there)
Place = Callable[[Table], Awaitable[tuple[int, Sequence[OutboxItem]]]]
# Whether a new table goes to a thread of its own (its ``Place``) or stays in the channel
# (None): decided while the channel takes no other new table
Placement = Callable[[], Awaitable[Place | None]]


class Presenter(Protocol):
    """What the service asks the Discord layer: the messages a change must show (outbox
    entries, composed without I/O and written in the change's transaction), and to deliver
    them once committed."""

    def lobby_shown(self, table: Table) -> list[OutboxItem]: ...

    def options_shown(self, table: Table, asked: Sequence[int],
                      lifted: bool = False) -> list[OutboxItem]:
        """The lobby after the creator changed the game's options or the table's turn timer;
        ``asked``: the seats that must accept them now and did not have to before (told
        once); ``lifted``: some had to, none has to any more (the change was taken back)."""
        ...

    def game_shown(self, table: Table, events: Sequence[GameEvent],
                   origin: int | None) -> list[OutboxItem]:
        """A game change (``origin``: the user whose click made it, not pinged for it)."""
        ...

    def closed_shown(self, table: Table, reason: str, by: str | None = None,
                     tournament: int | None = None, *,
                     returners: Sequence[int] = ()) -> list[OutboxItem]:
        """The table closed (``core.closed_<reason>``; ``by``: who closed it; ``tournament``:
        the tournament its creator plays; ``returners``: the users who left it and could
        have taken their seats back)."""
        ...

    def reminder(self, table: Table, seat: int, seconds_left: int) -> list[OutboxItem]: ...

    def note(self, table: Table, key: str, seat: int, **values: str) -> None:
        """A line of the table's recent events about ``seat`` (``core.note_<key>``)."""
        ...

    def withdrew(self, table: Table, seat: int) -> list[OutboxItem]:
        """The player of ``seat`` withdrew from the table's tournament (Withdraw, or left
        the table): an AI plays the seat to the end. A line in the table's log, once (and in
        its recent events)."""
        ...

    def removed(self, table: Table, seat: int, by: str,
                member: bool = True) -> list[OutboxItem]:
        """``by`` removed the player of ``seat`` (still his): he is told, by a mention (one
        no longer a ``member`` of the server is named: he reads nothing there)."""
        ...

    def committed(self, table: Table, entries: Sequence[OutboxEntry], game: bool) -> None:
        """The entries are in the database: deliver them (and refresh open hands after a
        game change)."""
        ...

    def chain_ended(self, table_id: int) -> None:
        """The table's AI chain is over (its refreshes held meanwhile may go)."""
        ...
