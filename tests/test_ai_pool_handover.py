"""The AI pool takes its decisions in at once (a worker's share of them into its pipe, the
rest into the pool's heap in the order of their chains) and a worker chooses a decision's
budget when it starts it, from the decisions still queued then — not the event loop, which
under load is slow to see a job end: a worker goes on with the decisions in its pipe while
the loop is held, a decision that waited gets the budget of the queue it finds, and a
decision cancelled before it started (its table moved on) is no longer counted."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import pytest

from bot.workers import AIPool
from bot.workers.decisions import MIN_BUDGET_FRACTION
from engine import games
from engine.lora import Lora
from tests import pool_gate


def _view() -> Any:
    lora = Lora(rng=random.Random(11))
    rng = random.Random(11)
    for _ in range(9):
        lora.apply(rng.choice(lora.legal_actions()))
    assert lora.to_act is not None
    return lora.view(lora.to_act)


async def _held(pool: AIPool, gate: Path) -> asyncio.Future[int]:
    """The pool's one worker held by a job (started: nothing queued behind it)."""
    await pool.start()
    held = asyncio.ensure_future(pool.run(pool_gate.hold, str(gate)))
    await pool_gate.until(lambda: pool.running == 1 and pool.queued() == 0)
    return held


@pytest.fixture
def pool() -> Any:
    pool = AIPool(1)
    pool.metrics.enabled = True
    yield pool
    pool.close()


async def test_the_worker_goes_on_with_its_pipe_while_the_loop_is_held(pool, tmp_path):
    """Eight hard decisions queue behind a held worker. Released, the worker decides those
    already in its pipe (its share of the pool's room) while the event loop is held and
    sees none of them end; then the loop, reading each answer, hands it the next. Each got
    the budget of the queue behind it when it started — the level below (medium) while even
    the floor was more than the queue allowed (seven and six waiting), then the default
    budget × 1 / (1 + waiting) down to the full one for the last."""
    from bot.workers.worker_pool import FEEDER_ROOM

    gate = tmp_path / "open"
    held = await _held(pool, gate)
    view = _view()
    decisions = [asyncio.ensure_future(pool.decide("lora", "hard", view, f"7/{i}"))
                 for i in range(8)]
    await asyncio.sleep(0)  # (each task hands its decision over)
    assert pool.running == 9 and pool.queued() == 8 and pool.waiting == 0
    in_pipe = FEEDER_ROOM * pool.workers  # (with the held one: the pool's room)
    gate.touch()
    deadline = time.perf_counter() + 60
    while pool.queued() > 8 - in_pipe:  # (those in its pipe started)
        assert time.perf_counter() < deadline, "the worker did not go on"
        time.sleep(0.005)  # the loop held: no job's end is seen meanwhile
    assert not any(d.done() for d in decisions)
    await held
    await asyncio.gather(*decisions)
    default = games.get("lora").ai_budgets["hard"]
    assert round(1 / 7, 3) < MIN_BUDGET_FRACTION < round(1 / 6, 3)
    assert pool.metrics.levels[1:] == ["hard>medium"] * 2 + ["hard"] * 6
    assert pool.metrics.fallbacks == 2
    assert pool.metrics.budgets_ms == [round(default / (1 + ahead), 1)
                                       for ahead in (5, 4, 3, 2, 1, 0)]


async def test_a_decision_cancelled_before_it_started_leaves_the_queue(pool, tmp_path):
    """Four decisions queue behind the held worker; the last is cancelled (its table moved
    on) before a worker took it: the other three are decided with the budgets of a queue
    of two, one and none, and the queue is empty after them."""
    gate = tmp_path / "open"
    held = await _held(pool, gate)
    view = _view()
    decisions = [asyncio.ensure_future(pool.decide("lora", "hard", view, f"8/{i}"))
                 for i in range(4)]
    await asyncio.sleep(0)
    assert pool.queued() == 4
    decisions[-1].cancel()
    await asyncio.sleep(0)
    assert pool.queued() == 3 and pool.running == 4
    gate.touch()
    await held
    await asyncio.gather(*decisions[:3])
    with pytest.raises(asyncio.CancelledError):
        await decisions[-1]
    default = games.get("lora").ai_budgets["hard"]
    assert pool.metrics.budgets_ms == [round(default / (1 + ahead), 1) for ahead in (2, 1, 0)]
    assert pool.queued() == 0 and pool.running == 0 and pool.metrics.jobs == 4


async def _fill_the_pipes(pool: AIPool) -> list[asyncio.Future[float]]:
    """Behind the held worker, the jobs the pool lets into the workers' pipes at once
    (``FEEDER_ROOM`` a worker and one more, the held one counted): they go first anyway."""
    from bot.workers.worker_pool import FEEDER_ROOM

    inside = [asyncio.ensure_future(pool.run(pool_gate.now, f"inside{i}"))
              for i in range(FEEDER_ROOM * pool.workers)]
    await pool_gate.until(lambda: pool.queued() == len(inside))
    return inside


async def test_decisions_go_to_the_worker_in_the_order_of_their_chains(pool, tmp_path):
    """Beyond what is already in the workers' pipes, a decision of a chain that began earlier (its
    ``order``) starts before those asked before it by newer chains, and the others keep
    their turn."""
    gate = tmp_path / "open"
    held = await _held(pool, gate)
    inside = await _fill_the_pipes(pool)
    base = time.perf_counter()
    new1 = asyncio.ensure_future(pool.run(pool_gate.now, "new1", order=base + 0.01))
    new2 = asyncio.ensure_future(pool.run(pool_gate.now, "new2", order=base + 0.02))
    old = asyncio.ensure_future(pool.run(pool_gate.now, "old", order=base - 0.5))
    await pool_gate.until(lambda: pool.queued() == len(inside) + 3)
    gate.touch()
    await held
    last_inside = max(await asyncio.gather(*inside))
    started = {"new1": await new1, "new2": await new2, "old": await old}
    assert last_inside < min(started.values())
    assert sorted(started, key=started.__getitem__) == ["old", "new1", "new2"]


async def test_an_old_order_gives_only_order_credit_of_precedence(pool, tmp_path, monkeypatch):
    """A chain's key is never more than ``ORDER_CREDIT`` before its decision was asked: a
    decision asked longer ago than that goes first, however old the later one's chain."""
    from bot.workers import worker_pool

    monkeypatch.setattr(worker_pool, "ORDER_CREDIT", 0.05)
    gate = tmp_path / "open"
    held = await _held(pool, gate)
    inside = await _fill_the_pipes(pool)
    first = asyncio.ensure_future(pool.run(pool_gate.now, "first"))
    await asyncio.sleep(0.2)
    ancient = asyncio.ensure_future(pool.run(pool_gate.now, "ancient",
                                             order=time.perf_counter() - 100))
    await pool_gate.until(lambda: pool.queued() == len(inside) + 2)
    gate.touch()
    await held
    await asyncio.gather(*inside)
    assert await first < await ancient


async def test_a_job_s_wait_in_the_heap_is_not_counted_as_the_workers_queue(pool, tmp_path):
    """The pool's metrics tell a job's stages apart: one held in the ordered heap while the
    workers' pipes were full waited there (``heap_seconds``), not with the workers; one let in at
    once waited in the heap for no time."""
    gate = tmp_path / "open"
    held = await _held(pool, gate)
    inside = await _fill_the_pipes(pool)
    behind = asyncio.ensure_future(pool.run(pool_gate.now, "behind"))
    await pool_gate.until(lambda: pool.queued() == len(inside) + 1)
    await asyncio.sleep(0.3)  # it stays in the heap: the workers have no room
    gate.touch()
    await held
    await asyncio.gather(*inside, behind)
    metrics = pool.metrics
    assert len(metrics.heap_seconds) == len(metrics.executor_seconds) == len(inside) + 2
    *first, last = metrics.heap_seconds  # (in the order the jobs ended: ``behind`` last)
    assert last >= 0.3
    assert max(first) < 0.3


def test_the_bot_never_waits_long_for_a_lock_a_dead_worker_held() -> None:
    """A worker killed inside its count of a started job leaves the workers' lock taken for
    good (a lock has no owner: taken here, it is the same). The bot's count of a job handed
    in waits for it once (``LOCK_WAIT``), then only tries it — counting without it — and
    takes it again once it is free."""
    import multiprocessing

    from bot.workers.backlog import _HELD, _SUBMITTED, _Backlog
    from bot.workers.worker_pool import _start_method

    backlog = _Backlog(multiprocessing.get_context(_start_method()))
    assert backlog.lock.acquire(timeout=1)  # the dead worker's hold
    backlog.handed_in(+1, 4)
    assert backlog.lock_lost
    backlog.handed_in(+1, 3)
    assert (backlog.counts[_SUBMITTED], backlog.counts[_HELD]) == (2, 3)
    assert backlog.queued() == 5
    backlog.lock.release()
    backlog.handed_in(-1, 3)
    assert not backlog.lock_lost and backlog.queued() == 4
    assert backlog.lock.acquire(timeout=1)  # (released by the count)
