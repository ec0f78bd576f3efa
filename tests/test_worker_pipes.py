"""The worker pool's pipes (``bot.workers.pipes._PipePool``): each worker reads its jobs from a pipe
of its own and writes its answers back, framed; the event loop reads them. A job's failure
reaches its caller alone, an answer of any size arrives whole, many answers read at once
each reach their own job, and the pool adds no thread to the bot's process — not a manager
and a feeder per pool, which held the GIL a tenth of the time at 200 tables."""

from __future__ import annotations

import asyncio
import signal
import threading
from typing import Any

import pytest

from bot.workers import AIPool, WorkerPool
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
    with pytest.raises(RuntimeError, match="SystemExit"):
        await pool.run(pool_gate.leave)
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



async def test_a_job_cancelled_in_a_worker_s_pipe_runs_and_its_answer_is_dropped(tmp_path):
    """A job already in the worker's pipe cannot be taken back: cancelled, it runs, its
    answer is dropped, the count of the queue comes back to none and the next job is
    answered."""
    pool = AIPool(1)  # (its slots let the second job in at once)
    try:
        await pool.start()
        gate = tmp_path / "open"
        held = asyncio.ensure_future(pool.run(pool_gate.hold, str(gate)))
        in_pipe = asyncio.ensure_future(pool.run(pool_gate.echo, 1))
        await pool_gate.until(lambda: pool.running == 2 and pool.queued() == 1)
        pipes = pool._pool
        assert pipes is not None and pipes.inside == 2  # (in the pipe, not in the heap)
        in_pipe.cancel()
        with pytest.raises(asyncio.CancelledError):
            await in_pipe
        gate.touch()
        await asyncio.wait_for(held, 30)
        assert (await asyncio.wait_for(pool.run(pool_gate.echo, 2), 30))[0] == 2
        assert pool.queued() == 0 and pool.running == 0 and pipes.inside == 0
        backlog = pool._backlog  # (handed to the worker and started: three, the cancelled too)
        assert backlog is not None and list(backlog.counts)[:2] == [3, 3]
    finally:
        gate.touch()
        pool.close()


async def test_a_pool_closed_with_a_job_at_work_answers_it_then_ends_its_workers(tmp_path):
    pool = WorkerPool("closing", 1)
    gate = tmp_path / "open"
    try:
        await pool.start()
        held = asyncio.ensure_future(pool.run(pool_gate.hold, str(gate)))
        await pool_gate.until(lambda: pool.running == 1)
        [pid] = pool.pids()
        pipes = pool._pool
        assert pipes is not None
        pool.close()
        with pytest.raises(RuntimeError, match="closed"):
            await pool.run(pool_gate.echo, 1)
        gate.touch()
        assert await asyncio.wait_for(held, 30) == pid
        [worker] = pipes._workers
        await pool_gate.until(lambda: not worker.process.is_alive())
        assert worker.conn.closed
    finally:
        gate.touch()
        pool.close()


async def test_the_loop_never_waits_to_write_a_job() -> None:
    """Jobs far larger than a pipe holds go to one worker all at once (the pictures' pool
    takes every job into the pipes), and each answer is as large: the loop keeps what the
    pipe does not take and writes it as the worker reads, reading the answers meanwhile. A
    blocking write stopped the loop in it while the worker, its answer unread, stopped
    reading: both for good (the alarm ends such a wait here instead of the test run)."""
    from bot.workers import RenderPool

    def alarm(_signum: int, _frame: object) -> None:
        raise TimeoutError("the event loop was stuck writing to a worker")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(120)
    pool = RenderPool(1, warm_up=())
    try:
        await pool.start()
        data = [bytes([i]) * 400_000 for i in range(12)]
        answers = await asyncio.wait_for(
            asyncio.gather(*(pool.run(pool_gate.same, d) for d in data)), 60)
        assert answers == data
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        pool.close()


async def test_a_picture_worker_builds_the_palettes_before_its_first_picture() -> None:
    """A picture worker warms up at its start (``render_pool.WARM_UP``: each game's palette,
    the card art on the way): the first picture after a restart took 1–3 s building them."""
    from bot.workers import RenderPool

    pool = RenderPool(1)
    try:
        await pool.start()
        assert await asyncio.wait_for(pool.run(pool_gate.palettes_built, "first"), 60) == (1, 1)
    finally:
        pool.close()
    cold = RenderPool(1, warm_up=())
    try:
        await cold.start()
        assert await asyncio.wait_for(cold.run(pool_gate.palettes_built, "first"), 60) == (0, 0)
    finally:
        cold.close()
