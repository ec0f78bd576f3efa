"""The pictures' pool (``RenderPool``): PNGs drawn from picklable recipes, the last ones
kept by their recipe."""

from __future__ import annotations

import asyncio
import functools
import logging
import pickle
from collections import OrderedDict
from collections.abc import Callable, Sequence

from bot.workers.worker_pool import SLOTS_PER_WORKER, WorkerPool

log = logging.getLogger(__name__)

# What a picture worker does at its start, before its first job (``worker_process._prepare``):
# each game's fixed palette, built from its example pictures and every card face (loading
# and scaling the card art on the way): 1–3 s that the first picture after a start waited for
WARM_UP = ("bot.render.palette:lora", "bot.games.taroky.pictures.palette:taroky")

class RenderPool(WorkerPool):
    """Pictures (PNG bytes) from picklable recipes; anything else is drawn here.

    A picture is a pure function of its recipe (the render function and its view, names,
    language), so a recipe drawn a moment ago is not drawn again: the last ``REUSE`` pictures
    are kept by their recipe's pickle (and a recipe being drawn is waited for, not drawn
    twice). ``reused`` counts the pictures served so.
    """

    REUSE = 64
    REUSE_BYTES = 32 * 2**20  # and at most this much of them (a big sheet is some 1 MB)

    def __init__(self, workers: int, *, nice: int = 5, start_method: str | None = None,
                 warm_up: Sequence[str] = WARM_UP) -> None:
        # the pictures go to the workers' pipes at once, first come first served (a
        # picture cannot be made cheaper, and has no chain to go before): a worker goes on
        # with its queue however busy the loop (fed as the AI's, a few a worker, the
        # pictures' queue p99 grew to 1.5 s at 200 tables: docs/LOAD.md)
        slots = SLOTS_PER_WORKER * max(1, workers)
        super().__init__("render", workers, nice=nice, start_method=start_method,
                         slots=slots, room=slots, preload=warm_up)
        self.requests = 0
        self.reused = 0
        self._done: OrderedDict[bytes, bytes] = OrderedDict()
        self._done_bytes = 0  # the size of what ``_done`` holds (recipes and pictures)
        self._drawing: dict[bytes, asyncio.Future[bytes | None]] = {}

    async def render(self, picture: Callable[[], bytes] | None, what: str) -> bytes | None:
        """The PNG, or None when there is no picture or drawing it failed (the message then
        goes out without it, as ``bot.ui.builders.draw`` does)."""
        if picture is None:
            return None
        self.requests += 1
        key = _recipe(picture)
        if key is None:  # not a picklable recipe (a test's patched function): drawn here
            return self._draw_here(picture, what)
        done = self._done.get(key)
        if done is not None:
            self._done.move_to_end(key)
            self.reused += 1
            return done
        drawing = self._drawing.get(key)
        if drawing is not None:
            png = await asyncio.shield(drawing)
            if png is not None:
                self.reused += 1
                return png
            # that drawing failed or was cancelled: this request draws it itself
        future: asyncio.Future[bytes | None] = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        png = None
        try:
            if self.inline:
                png = self._draw_here(picture, what)
            else:
                png = await self._draw_there(key, what)
        finally:
            if self._drawing.get(key) is future:
                del self._drawing[key]
            future.set_result(png)
        if png is not None:
            self._keep(key, png)
        return png

    def _keep(self, key: bytes, png: bytes) -> None:
        """Keep a picture for reuse within ``REUSE`` pictures and ``REUSE_BYTES``, the
        least recently used going first."""
        old = self._done.pop(key, None)
        if old is not None:
            self._done_bytes -= len(key) + len(old)
        self._done[key] = png
        self._done_bytes += len(key) + len(png)
        while self._done and (len(self._done) > self.REUSE
                              or self._done_bytes > self.REUSE_BYTES):
            gone, picture = self._done.popitem(last=False)
            self._done_bytes -= len(gone) + len(picture)

    @staticmethod
    def _draw_here(picture: Callable[[], bytes], what: str) -> bytes | None:
        try:
            return picture()
        except Exception:
            log.exception("rendering %s failed", what)
            return None

    async def _draw_there(self, recipe: bytes, what: str) -> bytes | None:
        """Drawn in a worker from the recipe's pickle (the bytes it was kept by: the loop
        pickles a picture once)."""
        try:
            return await self.run(_draw_recipe, recipe)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("rendering %s failed", what)
            return None


def _draw_recipe(recipe: bytes) -> bytes:
    """In a worker: the picture of a recipe's pickle."""
    picture: Callable[[], bytes] = pickle.loads(recipe)
    return picture()


def _recipe(fn: object) -> bytes | None:
    """A picture recipe's pickle (its key: equal pickles draw equal pictures), or None when
    it is not a picklable ``functools.partial``."""
    if not isinstance(fn, functools.partial):
        return None
    try:
        return pickle.dumps(fn)
    except Exception:
        return None
