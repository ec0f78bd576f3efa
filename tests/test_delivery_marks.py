"""The sender's marks (which outbox entries ended) at a shutdown: a write of marks cancelled by
the shutdown of the loop's tasks does not stop the bot's shutdown (before, it raised, the
database stayed open, and pytest handed the failed test's database to the next tests)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.delivery.sender import Sender
from bot.storage.models import OutboxDone


class _BlockedStore:
    """A store whose write of marks waits until the test lets it go (or cancels it)."""

    def __init__(self) -> None:
        self.batches: list[list[OutboxDone]] = []
        self.release: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    async def outbox_done(self, batch: list[OutboxDone]) -> None:
        self.batches.append(list(batch))
        await self.release


class _NoDelivery:
    def route(self, entry: Any) -> str:
        return "none"

    def describe(self, entry: Any) -> str:
        return "nothing"

    async def deliver(self, entry: Any, before_post: Any) -> None:
        raise AssertionError("nothing is delivered here")


async def _writing_marks() -> tuple[Sender, _BlockedStore]:
    """A stopped sender (marks are written at once) whose write of one mark is under way."""
    store = _BlockedStore()
    sender = Sender(store, _NoDelivery())  # type: ignore[arg-type]
    sender._mark(OutboxDone(7, "delivered", 70))
    await asyncio.sleep(0)
    assert store.batches == [[OutboxDone(7, "delivered", 70)]]
    return sender, store


async def test_flushing_marks_after_their_write_was_cancelled_returns() -> None:
    sender, store = await _writing_marks()
    store.release.cancel()  # the storage's writer cancelled by a shutdown of the loop's tasks
    await sender.flush_marks()
    assert sender._mark_task is not None and sender._mark_task.cancelled()
    assert store.batches == [[OutboxDone(7, "delivered", 70)]]  # not written twice


async def test_a_cancelled_flush_is_cancelled_and_the_write_goes_on() -> None:
    sender, store = await _writing_marks()
    flush = asyncio.ensure_future(sender.flush_marks())
    await asyncio.sleep(0)
    flush.cancel()
    with pytest.raises(asyncio.CancelledError):
        await flush
    task = sender._mark_task
    assert task is not None and not task.done()  # shielded: the write itself goes on
    store.release.set_result(None)
    await task
    assert not task.cancelled()


async def test_a_flush_cancelled_with_the_write_in_one_pass_is_cancelled() -> None:
    """The caller and the write cancelled together (a shutdown cancelling every task): the
    caller's own cancellation is not taken for the write's."""
    sender, store = await _writing_marks()
    flush = asyncio.ensure_future(sender.flush_marks())
    await asyncio.sleep(0)
    store.release.cancel()
    flush.cancel()
    with pytest.raises(asyncio.CancelledError):
        await flush
    assert sender._mark_task is not None and sender._mark_task.cancelled()
