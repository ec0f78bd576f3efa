"""A collaborator of the table service that keeps one loop timer per table."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.tables.play import TablePlay


class LoopTimers:
    """Its loop timers (``call_later`` handles), at most one per table."""

    def __init__(self, service: TablePlay) -> None:
        self.service = service
        self.handles: dict[int, asyncio.TimerHandle] = {}

    def cancel(self, table_id: int) -> None:
        handle = self.handles.pop(table_id, None)
        if handle is not None:
            handle.cancel()
