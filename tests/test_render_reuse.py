"""The render pool draws a recipe once: a picture asked for again (the same render function
with an equal view, names and language) is the PNG drawn before, and a recipe being drawn is
waited for rather than drawn twice. Different views are different pictures."""

from __future__ import annotations

import asyncio
import functools
import pickle
from collections.abc import Callable

import pytest

from bot.render import render_hand, render_table
from bot.render.bench import NAMES, example
from bot.workers import RenderPool
from bot.workers.render_pool import _recipe

DRAWN: list[str] = []


def counted(value: str) -> bytes:
    """A picklable recipe that records each drawing."""
    DRAWN.append(value)
    return value.encode()


def broken(value: str) -> bytes:
    DRAWN.append(value)
    raise RuntimeError("no picture")


@pytest.fixture(autouse=True)
def _clear() -> None:
    DRAWN.clear()


async def test_an_equal_recipe_is_drawn_once() -> None:
    pool = RenderPool(0)
    first = await pool.render(functools.partial(counted, "a"), "a")
    again = await pool.render(functools.partial(counted, "a"), "a")
    other = await pool.render(functools.partial(counted, "b"), "b")
    assert (first, again, other) == (b"a", b"a", b"b")
    assert DRAWN == ["a", "b"]
    assert (pool.requests, pool.reused) == (3, 1)


def test_equal_views_give_equal_keys_and_different_views_different_ones() -> None:
    """Keys from views built anew: the same state is one key, another seat's hand, the
    table after one more card, or another language is another key."""
    lora = example("trick")
    seat = lora.to_act if lora.to_act is not None else 0

    def key(fn: Callable[..., bytes], *args: object) -> bytes:
        got = _recipe(functools.partial(fn, *args))
        assert got is not None
        return got

    assert key(render_hand, lora.view(seat), "cs", NAMES) == key(render_hand, lora.view(seat),
                                                                 "cs", NAMES)
    assert key(render_table, lora.public_view(), NAMES) == key(render_table, lora.public_view(),
                                                               NAMES)
    hands = {key(render_hand, lora.view(s), "cs", NAMES) for s in range(4)}
    assert len(hands) == 4
    assert key(render_hand, lora.view(seat), "en", NAMES) not in hands
    before = key(render_table, lora.public_view(), NAMES)
    lora.apply(lora.legal_actions()[0])
    assert key(render_table, lora.public_view(), NAMES) != before
    assert key(render_table, lora.public_view(), NAMES) != key(render_hand, lora.view(seat),
                                                               "cs", NAMES)


async def test_a_real_picture_is_reused_byte_for_byte() -> None:
    lora = example("trick")
    pool = RenderPool(0)
    first = await pool.render(functools.partial(render_table, lora.public_view(), NAMES), "t")
    again = await pool.render(functools.partial(render_table, lora.public_view(), NAMES), "t")
    assert first is not None and first == again
    assert pool.reused == 1


async def test_a_failed_picture_is_not_kept() -> None:
    pool = RenderPool(0)
    assert await pool.render(functools.partial(broken, "x"), "x") is None
    assert await pool.render(functools.partial(broken, "x"), "x") is None
    assert DRAWN == ["x", "x"]
    assert pool.reused == 0


async def test_what_does_not_pickle_is_drawn_every_time() -> None:
    pool = RenderPool(0)
    for _ in range(2):
        assert await pool.render(lambda: counted("l"), "l") == b"l"
    assert DRAWN == ["l", "l"]
    assert pool.reused == 0


async def test_only_the_latest_pictures_are_kept() -> None:
    pool = RenderPool(0)
    for i in range(RenderPool.REUSE + 1):
        await pool.render(functools.partial(counted, str(i)), "n")
    await pool.render(functools.partial(counted, str(RenderPool.REUSE)), "n")  # kept
    await pool.render(functools.partial(counted, "0"), "n")  # the oldest: forgotten
    assert DRAWN.count("0") == 2 and DRAWN.count(str(RenderPool.REUSE)) == 1


async def test_a_recipe_being_drawn_is_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two requests for one recipe while a worker draws it: one drawing, both get it; if
    that drawing fails, the waiting request draws it itself."""
    pool = RenderPool(1)  # not inline; the worker is replaced by a controllable drawing
    release = asyncio.Event()
    calls: list[str] = []

    async def draw_there(recipe: bytes, what: str) -> bytes | None:
        calls.append(what)
        await release.wait()
        picture: Callable[[], bytes] = pickle.loads(recipe)  # sent as its key's bytes
        return picture()

    monkeypatch.setattr(pool, "_draw_there", draw_there)
    recipe = functools.partial(counted, "w")
    both = asyncio.gather(pool.render(recipe, "first"), pool.render(recipe, "second"))
    await asyncio.sleep(0)
    release.set()
    assert await both == [b"w", b"w"]
    assert calls == ["first"] and pool.reused == 1

    release.clear()
    outcomes = iter([None, b"late"])

    async def fail_once(recipe: bytes, what: str) -> bytes | None:
        calls.append(what)
        await release.wait()
        return next(outcomes)

    monkeypatch.setattr(pool, "_draw_there", fail_once)
    recipe = functools.partial(counted, "f")
    both = asyncio.gather(pool.render(recipe, "third"), pool.render(recipe, "fourth"))
    await asyncio.sleep(0)
    release.set()
    assert await both == [None, b"late"]
    assert calls[-2:] == ["third", "fourth"]


def big(value: str) -> bytes:
    """A picklable recipe of a large picture (a megabyte)."""
    DRAWN.append(value)
    return value.encode() * 2**20


async def test_the_kept_pictures_are_bounded_by_their_size_too() -> None:
    """Review 49: 64 large pictures stayed resident; the pool keeps at most REUSE_BYTES."""
    pool = RenderPool(0)
    pool.REUSE_BYTES = 3 * 2**20 + 1000  # three of them and their recipes
    for value in "abcd":
        await pool.render(functools.partial(big, value), value)
    assert pool._done_bytes <= pool.REUSE_BYTES and len(pool._done) == 3
    await pool.render(functools.partial(big, "d"), "d")  # the newest three are kept
    await pool.render(functools.partial(big, "a"), "a")  # the oldest was dropped
    assert DRAWN == ["a", "b", "c", "d", "a"]
    assert pool._done_bytes == sum(len(k) + len(v) for k, v in pool._done.items())
