"""The worker pool's pipes (``bot.workers._PipePool``): each worker reads its jobs from a pipe
of its own and writes its answers back, framed; the event loop reads them. A job's failure
reaches its caller alone, an answer of any size arrives whole, many answers read at once
each reach their own job, and the pool adds no thread to the bot's process — not a manager
and a feeder per pool, which held the GIL a tenth of the time at 200 tables."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from bot.workers import WorkerPool
from tests import pool_gate


@pytest.fixture
async def pool() -> Any:
    pool = WorkerPool("test", 2)
    await pool.start()
    yield pool
    pool.close()


async def test_a_job_s_exception_reaches_its_caller_alone(pool: WorkerPool) -> None:
    with pytest.raises(ValueError, match="no such card"):
        await pool.run(pool_gate.fail, "no such card")
    with pytest.raises(RuntimeError, match="StopIteration"):
        await pool.run(pool_gate.stop)
    with pytest.raises(RuntimeError, match="does not pickle"):
        await pool.run(pool_gate.unpicklable)
    assert (await pool.run(pool_gate.echo, 7))[0] == 7
    assert pool.metrics.replaced == 0


async def test_an_answer_larger_than_a_pipe_holds_arrives_whole(pool: WorkerPool) -> None:
    big, small = await asyncio.gather(pool.run(pool_gate.blob, 3_000_000, 7),
                                      pool.run(pool_gate.blob, 10, 9))
    assert big == bytes([7]) * 3_000_000 and small == bytes([9]) * 10


async def test_many_answers_each_reach_their_own_job(pool: WorkerPool) -> None:
    """More jobs than the workers' pipes take at once: each answer goes to its own caller,
    and both workers did some."""
    results = await asyncio.gather(*(pool.run(pool_gate.echo, i) for i in range(200)))
    assert [value for value, _pid in results] == list(range(200))
    assert {pid for _value, pid in results} == set(pool.pids())
    assert pool.queued() == 0 and pool.running == 0


async def test_a_pool_runs_no_thread_in_the_bot_s_process() -> None:
    """Its workers are started in a thread that ends when they are (``start``); then the
    event loop alone feeds them and reads their answers."""
    before = {t.ident for t in threading.enumerate()}
    pool = WorkerPool("counted", 2)
    try:
        await pool.start()
        assert [r[0] for r in await asyncio.gather(
            *(pool.run(pool_gate.echo, i) for i in range(20)))] == list(range(20))
        added = [t.name for t in threading.enumerate()
                 if t.ident not in before and t.name != "counted-pool-start"]
        assert added == []
    finally:
        pool.close()

