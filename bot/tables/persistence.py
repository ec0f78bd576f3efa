"""The second layer of the table service: a change saved with the outbox entries it must
show, in one transaction, or the table put back as it was last saved."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from bot.errors import TableError, UserAlreadySeated
from bot.model import Seat, Table
from bot.storage.models import OutboxEntry, OutboxItem
from bot.tables.registry import TableRegistry, log, spec_of
from engine.game import state_text


def db_key(exc: Exception) -> str:
    """The refusal told when the database refused a change."""
    return "already_seated" if isinstance(exc, UserAlreadySeated) else "db_error"


class TablePersistence(TableRegistry):
    """Saving the tables."""

    async def _save(self, table: Table, outbox: Sequence[OutboxItem] = (), *,
                    game: bool = False, channel_id: int | None = None) -> None:
        """Commit the table (state, seats, and the pending actions in its log) and the
        ``outbox`` entries of the change in one transaction, then hand the entries over for
        delivery.

        If the database refuses (locked, full, a seat rule), the table is put back as it was
        last saved and the user is told: an action is never half-applied, nothing of it is
        shown."""
        started = time.perf_counter()
        seats = table.seats_json()
        try:
            state = None if table.state is None else state_text(table.state)
            ids = await self.store.update_table(
                table.table_id,
                status=table.status,
                message_id=table.message_id,
                seats=seats,
                settings=table.settings.to_json(),
                state=state,
                version=table.version,
                actions=list(table.pending),
                extra=table.extra_json(),
                outbox=list(outbox),
                channel_id=channel_id,
            )
        except Exception as exc:
            log.exception("saving table %s failed", table.table_id)
            self._restore_saved(table)
            raise TableError(db_key(exc)) from exc
        table.saved = (state, seats, table.status)
        table.recent.keep()
        table.pending.clear()
        table.unshown.clear()
        self.metrics.record_db(time.perf_counter() - started)
        if outbox:
            now = datetime.now(UTC)
            entries = [OutboxEntry.of(i, item, now) for i, item in zip(ids, outbox, strict=True)]
            self.presenter.committed(table, entries, game)

    async def _send(self, table: Table, outbox: Sequence[OutboxItem], *,
                    save: bool = False) -> None:
        """Entries that are no change of the game (a reminder), in their own transaction
        (``save``: with the table's extra — its turn reminded)."""
        if not outbox:
            return
        if save:
            ids = await self.store.update_table(table.table_id, extra=table.extra_json(),
                                                outbox=list(outbox))
        else:
            ids = await self.store.add_outbox(list(outbox))
        now = datetime.now(UTC)
        entries = [OutboxEntry.of(i, item, now) for i, item in zip(ids, outbox, strict=True)]
        self.presenter.committed(table, entries, False)

    def _restore_saved(self, table: Table) -> None:
        table.unshown.clear()
        table.recent.undo()
        if table.saved is None:
            return
        state, seats, status = table.saved
        table.pending.clear()
        table.state = None if state is None else spec_of(table).from_json(json.loads(state))
        table.seats = [None if x is None else Seat.from_json(x) for x in seats]
        table.status = status

    async def set_message(self, table: Table, message_id: int | None,
                          later: Sequence[OutboxItem] = ()) -> None:
        """The table's message is ``message_id`` now; ``later``: the entries that end the
        one it replaces, in the same transaction (``_note_ids``)."""
        await self._set_id(table, "message_id", message_id, later, message_id=message_id)

    async def set_ping(self, table: Table, message_id: int | None,
                       later: Sequence[OutboxItem] = ()) -> None:
        await self._set_id(table, "ping_message_id", message_id, later)

    async def set_pointer(self, table: Table, message_id: int,
                          later: Sequence[OutboxItem] = ()) -> None:
        await self._set_id(table, "pointer_id", message_id, later)

    async def note_ids(self, table: Table, later: Sequence[OutboxItem] = ()) -> None:
        """Save which messages are the table's (its extra: ping, pointer, a rematch's
        invitation); ``later``: the entries the change queues, in the same transaction
        (``_note_ids``)."""
        await self._note_ids(table, later)

    async def _set_id(self, table: Table, attr: str, value: int | None,
                      later: Sequence[OutboxItem], **fields: Any) -> None:
        old = getattr(table, attr)
        setattr(table, attr, value)
        try:
            await self._note_ids(table, later, **fields)
        except Exception:
            setattr(table, attr, old)  # (its post is found again and this redone)
            raise

    async def _note_ids(self, table: Table, later: Sequence[OutboxItem] = (),
                        **fields: Any) -> None:
        """Remember which messages are the table's. A refusal here costs nothing of the game
        (the ids stay in memory and are saved with the next move) — unless ``later`` comes
        with them: the entries that end the message a new one replaces, written in the same
        transaction (queued apart, a crash between the two queued them twice or, saved
        first, never); then it is raised, and the delivery of the new one tries again."""
        try:
            if later:
                fields["outbox"] = list(later)
            ids = await self.store.update_table(table.table_id, extra=table.extra_json(),
                                                **fields)
        except Exception:
            if later:
                raise
            log.warning("could not save the message ids of table %s", table.table_id)
            return
        if later:
            now = datetime.now(UTC)
            self.presenter.committed(table, [OutboxEntry.of(i, item, now) for i, item
                                             in zip(ids, later, strict=True)], False)

    def restore(self, table: Table) -> None:
        """Take a table loaded from the database (after a restart)."""
        self.tables[table.table_id] = table
