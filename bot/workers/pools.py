"""The bot's worker pools (``Pools``): one for the AI, one for the pictures."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Sequence
from dataclasses import dataclass

from bot.workers.ai_pool import AIPool
from bot.workers.render_pool import RenderPool


def default_workers() -> int:
    """One worker per core."""
    return max(1, os.cpu_count() or 1)


@dataclass
class Pools:
    """The bot's worker pools."""

    ai: AIPool
    render: RenderPool

    @classmethod
    def create(cls, ai_workers: int | None = None, render_workers: int | None = None,
               preload: Sequence[str] = ()) -> Pools:
        """``None``: the defaults (one AI worker and one render worker per core)."""
        return cls(AIPool(default_workers() if ai_workers is None else ai_workers,
                          preload=preload),
                   RenderPool(default_workers() if render_workers is None else render_workers))

    async def start(self) -> None:
        await asyncio.gather(self.ai.start(), self.render.start())

    def close(self) -> None:
        self.ai.close()
        self.render.close()
