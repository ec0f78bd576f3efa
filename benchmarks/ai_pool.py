"""AI decision times on the bot's worker pool (``bot.workers.AIPool``), per level.

Seat views are taken from random lóras (medium players, a fixed seed) at every decision with
more than one legal action, and sent to the pool as the bot sends them: ``--concurrency``
decisions in flight at once (1: each alone on an idle pool, its own time; more: as under
load, where the budget of a timed level shrinks with the queue). Reported per level: the
time a worker spent deciding (median, p95, max), the round trip seen by the event loop, and
the maturita choices apart (the issue-17 target is stated for them separately): the random
lóras reach few of them, so ``--maturita N`` adds N maturita choices from fresh deals (attempts
1–3, as ``benchmarks/ai_timing.py`` times them in one process).

Usage::

    PYTHONPATH=. python -m benchmarks.ai_pool --levels easy medium hard --decisions 400 \
        [--maturita 60] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from bot.workers import AIPool
from engine.ai import MediumAI
from engine.ai.maturita_fit import maturita_position
from engine.cards import shuffled_deal
from engine.lora import Lora


def views(count: int, seed: int) -> list[tuple[Any, bool]]:
    """(seat view, is it a maturita choice) at decisions with a choice."""
    rng = random.Random(seed)
    out: list[tuple[Any, bool]] = []
    while len(out) < count:
        lora = Lora(rng=random.Random(rng.getrandbits(64)))
        player = MediumAI(random.Random(rng.getrandbits(64)))
        while not lora.finished and len(out) < count:
            seat = lora.to_act
            assert seat is not None
            view = lora.view(seat)
            if len(view.legal) > 1 and rng.random() < 0.25:
                out.append((view, lora.phase == "choose"))
            lora.apply(player.decide(view))
    return out


def maturita_views(count: int, seed: int) -> list[tuple[Any, bool]]:
    """Seat views at the maturita choice of fresh deals, attempts 1–3 in turn."""
    out: list[tuple[Any, bool]] = []
    for i in range(count):
        rng = random.Random(f"pool-maturita/{seed}/{i}")
        lora = maturita_position(shuffled_deal(rng), i % 4, 1 + i % 3)
        seat = lora.to_act
        assert seat is not None
        out.append((lora.view(seat), True))
    return out


def _stats(seconds: Sequence[float]) -> dict[str, float]:
    ms = sorted(s * 1000 for s in seconds)
    if not ms:
        return {"n": 0}

    def at(q: float) -> float:
        return round(ms[min(len(ms) - 1, int(q * len(ms)))], 2)

    return {"n": len(ms), "median": at(0.5), "p95": at(0.95), "max": round(ms[-1], 2)}


async def measure(level: str, sample: list[tuple[Any, bool]], workers: int,
                  concurrency: int) -> dict[str, Any]:
    pool = AIPool(workers)
    pool.metrics.enabled = True
    await pool.start()
    trips: list[float] = []
    gate = asyncio.Semaphore(concurrency)

    async def one(i: int, view: Any) -> None:
        async with gate:
            started = time.perf_counter()
            await pool.decide("lora", level, view, f"bench/{i}")
            trips.append(time.perf_counter() - started)

    try:
        await asyncio.gather(*(one(i, v) for i, (v, _m) in enumerate(sample)))
    finally:
        pool.close()
    run = pool.metrics.run_seconds
    # decisions run in submission order per slot; pair them with their kind by job order
    kinds = list(zip(run, sample, strict=False)) if concurrency == 1 else []
    maturita = [s for s, (_v, m) in kinds if m]
    others = [s for s, (_v, m) in kinds if not m]
    return {
        "level": level,
        "decisions": len(sample),
        "worker_ms": _stats(run),
        "round_trip_ms": _stats(trips),
        "queue_ms": _stats(pool.metrics.queue_seconds),
        "budget_ms": sorted(set(pool.metrics.budgets_ms))[:3] if pool.metrics.budgets_ms
        else None,
        "maturita_choice_ms": _stats(maturita) if concurrency == 1 else None,
        "other_decisions_ms": _stats(others) if concurrency == 1 else None,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", nargs="+", default=["easy", "medium", "hard"])
    parser.add_argument("--decisions", type=int, default=400)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--maturita", type=int, default=0,
                        help="maturita choices from fresh deals added to the sample")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    sample = views(args.decisions, args.seed) + maturita_views(args.maturita, args.seed)

    async def run() -> list[dict[str, Any]]:
        return [await measure(level, sample, args.workers, args.concurrency)
                for level in args.levels]

    results = asyncio.run(run())
    report = {"benchmark": "ai_pool", "workers": args.workers,
              "concurrency": args.concurrency, "load_average": list(os.getloadavg()),
              "results": results}
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{'level':>8} {'what':>9} {'n':>5} {'median':>8} {'p95':>8} {'max':>8}")
        for r in results:
            rows = [("all", r["worker_ms"]), ("cards", r["other_decisions_ms"]),
                    ("maturita", r["maturita_choice_ms"])]
            for what, w in rows:
                if w and w.get("n"):
                    print(f"{r['level']:>8} {what:>9} {w['n']:>5} {w['median']:>8.2f} "
                          f"{w['p95']:>8.2f} {w['max']:>8.2f}")
            print(f"{r['level']:>8} {'trip50':>9} {r['round_trip_ms']['median']:>23.2f}")
        print("ms a worker spent per decision with a choice (cards: all but the maturita "
              "choices; maturita: the choice of the graduation game, concurrency 1 only); "
              "trip50: the event loop's round trip (median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
