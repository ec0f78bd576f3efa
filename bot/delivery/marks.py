"""The sender's marks (delivered, superseded, dropped), written in batches. A lost mark is
harmless: an edit or delete is redone, and a POST is found by its recorded attempt before it
is made again (``bot.delivery.sender``). While deliveries are under way the marks wait, up to
``MARKS_HELD`` of them, and go in one write when the last delivery under way ends or the
count is reached."""

from __future__ import annotations

import asyncio
import logging

from bot.storage.models import OutboxDone
from bot.storage.protocol import TableStore

log = logging.getLogger(__name__)

# marks kept back while deliveries are under way: one write for many (a lost mark is
# harmless, see the module's docstring); written at once when none is under way
MARKS_HELD = 64


class OutboxMarks:
    """The marks kept back while deliveries are under way, and their writes (the
    lowest layer of ``Sender``)."""

    store: TableStore
    _marks: list[OutboxDone]
    _mark_task: asyncio.Task[None] | None
    _running: int

    def _mark(self, done: OutboxDone) -> None:
        self._marks.append(done)
        if len(self._marks) >= MARKS_HELD or not self._running:
            self._flush_marks()

    def _flush_marks(self, everything: bool = False) -> None:
        """Write the marks kept back (unless a write is under way: it takes them too)."""
        if self._marks and (self._mark_task is None or self._mark_task.done()):
            self._mark_task = asyncio.get_running_loop().create_task(
                self._write_marks(everything))

    async def _write_marks(self, everything: bool = False) -> None:
        while self._marks:
            batch, self._marks = self._marks, []
            try:
                await self.store.outbox_done(batch)
            except Exception:  # harmless: see the module's docstring
                log.warning("could not mark %d outbox entries", len(batch))
                return
            if not everything and self._running and len(self._marks) < MARKS_HELD:
                return  # the marks since wait for the next (``_mark``, ``_run``)

    async def flush_marks(self) -> None:
        """Write every mark kept back, after the write under way."""
        await self._marks_written()
        self._flush_marks(everything=True)
        await self._marks_written()

    async def _marks_written(self) -> None:
        """Until the write of marks under way ends. One cancelled by a shutdown of the loop's
        tasks is no failure of ours: its entries are delivered again at the next start (the
        module's docstring), and the caller (a shutdown) goes on closing — unless it is
        cancelled itself (in the same pass of the loop too: its count of cancellations)."""
        task = self._mark_task
        if task is None or task.done():
            return
        me = asyncio.current_task()
        cancelling = me.cancelling() if me is not None else 0
        try:
            await asyncio.shield(task)
        except asyncio.CancelledError:
            if not task.cancelled() or (me is not None and me.cancelling() > cancelling):
                raise  # the caller itself is cancelled
            log.warning("a write of outbox marks was cancelled: its entries go again")
