"""Duplicate arena: how much better AI ``a`` plays than AI ``b`` on the same cards.

Every deal is one whole tálie (the 8 games, maturita included) from fixed cards: the deals
of the seven games and of up to three maturita attempts. It is played five times: once by
four copies of ``b`` (the baseline), and once with ``a`` in each seat against three copies of
``b``. The figure of a deal is the mean over the four seats of ``b``'s points in the baseline
minus ``a``'s points in the same seat (positive: ``a`` took fewer penalty points), per tálie
and per contract; the table gives the mean over deals with a 95% confidence interval
(normal approximation over the per-deal figures). Decision times are measured around each
``decide`` call; "all" counts every call, "choices" only calls with more than one legal
action.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from engine.cards import shuffled_deal
from engine.contracts import TALIE_ORDER, Contract
from engine.lora import Lora

CONTRACTS = [c.value for c in TALIE_ORDER]
DEALS_PER_TALIE = 11  # 7 games, 3 maturita attempts, and the first deal of tálie 2


def _seed(*parts: object) -> int:
    return random.Random("/".join(str(p) for p in parts)).getrandbits(64)


def play_tali(
    levels: list[str],
    deals: list[tuple[int, int, int, int]],
    first_leader: int,
    seeds: list[int],
) -> dict[str, Any]:
    """One tálie with the given AI level per seat: points per seat and contract, times."""
    from engine.ai import make_ai

    bots = [make_ai(levels[s], random.Random(seeds[s])) for s in range(4)]
    lora = Lora(deals=deals, first_leader=first_leader)
    times: dict[str, list[float]] = {lv: [] for lv in set(levels)}
    choice_times: dict[str, list[float]] = {lv: [] for lv in set(levels)}
    while lora.tali == 1 and not lora.finished:
        seat = lora.to_act
        assert seat is not None
        view = lora.view(seat)
        t = time.perf_counter()
        action = bots[seat].decide(view)
        dt = (time.perf_counter() - t) * 1000
        times[levels[seat]].append(dt)
        if len(view.legal) > 1:
            choice_times[levels[seat]].append(dt)
        lora.apply(action)
    per_contract = {c: [0, 0, 0, 0] for c in CONTRACTS}
    fails = 0
    for row in lora.protocol:
        if row.tali != 1:
            continue
        name = Contract.MATURITA.value if row.game == 8 else row.contract.value
        for s in range(4):
            per_contract[name][s] += row.points[s]
        fails += row.failed
    totals = [sum(per_contract[c][s] for c in CONTRACTS) for s in range(4)]
    return {
        "totals": totals,
        "per_contract": per_contract,
        "maturita_fails": fails,
        "times": times,
        "choice_times": choice_times,
    }


def play_deal(a: str, b: str, seed: int, index: int) -> dict[str, Any]:
    """The five runs of one duplicate deal; the per-seat differences (b − a)."""
    rng = random.Random(_seed("arena", seed, index))
    deals = [shuffled_deal(rng) for _ in range(DEALS_PER_TALIE)]
    first_leader = index % 4
    seeds = [_seed("ai", seed, index, s) for s in range(4)]
    base = play_tali([b] * 4, deals, first_leader, seeds)
    times: dict[str, list[float]] = {a: [], b: []}
    choice_times: dict[str, list[float]] = {a: [], b: []}
    _merge(times, base["times"])
    _merge(choice_times, base["choice_times"])
    diff_total = []
    diff_contract: dict[str, list[int]] = {c: [] for c in CONTRACTS}
    fails_a = 0
    for s in range(4):
        levels = [b] * 4
        levels[s] = a
        run = play_tali(levels, deals, first_leader, seeds)
        _merge(times, run["times"])
        _merge(choice_times, run["choice_times"])
        diff_total.append(base["totals"][s] - run["totals"][s])
        for c in CONTRACTS:
            diff_contract[c].append(base["per_contract"][c][s] - run["per_contract"][c][s])
        if s == first_leader:
            fails_a = run["maturita_fails"]
    return {
        "index": index,
        "diff": sum(diff_total) / 4,
        "diff_contract": {c: sum(v) / 4 for c, v in diff_contract.items()},
        "maturita_fails": {"a": fails_a, "b": base["maturita_fails"]},
        "times": times,
        "choice_times": choice_times,
    }


def _merge(into: dict[str, list[float]], part: dict[str, list[float]]) -> None:
    for k, v in part.items():
        into.setdefault(k, []).extend(v)


def mean_ci(values: list[float]) -> dict[str, float]:
    n = len(values)
    if n == 0:
        return {"mean": 0.0, "lo": 0.0, "hi": 0.0, "n": 0}
    m = sum(values) / n
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return {"mean": round(m, 3), "lo": round(m - half, 3), "hi": round(m + half, 3), "n": n}


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def time_stats(values: list[float]) -> dict[str, float]:
    return {
        "median_ms": round(percentile(values, 0.5), 2),
        "p95_ms": round(percentile(values, 0.95), 2),
        "max_ms": round(max(values, default=0.0), 2),
        "n": len(values),
    }


def summarize(a: str, b: str, seed: int, results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    rs = sorted(results, key=lambda r: r["index"])
    times: dict[str, list[float]] = {a: [], b: []}
    choice_times: dict[str, list[float]] = {a: [], b: []}
    for r in rs:
        _merge(times, r["times"])
        _merge(choice_times, r["choice_times"])
    return {
        "a": a,
        "b": b,
        "deals": len(rs),
        "seed": seed,
        "meaning": "points of b minus points of a in the same seat, per tálie (mean of seats)",
        "per_tali": mean_ci([r["diff"] for r in rs]),
        "per_contract": {c: mean_ci([r["diff_contract"][c] for r in rs]) for c in CONTRACTS},
        "maturita_fails_per_maturant_tali": {
            "a": round(sum(r["maturita_fails"]["a"] for r in rs) / max(len(rs), 1), 3),
            "b": round(sum(r["maturita_fails"]["b"] for r in rs) / max(len(rs), 1), 3),
        },
        "decision_time": {
            lv: {"all": time_stats(times[lv]), "choices": time_stats(choice_times[lv])}
            for lv in dict.fromkeys((a, b))
        },
    }


def run(
    a: str, b: str, deals: int, seed: int = 0, workers: int = 1, progress: bool = True
) -> dict[str, Any]:
    results: list[dict[str, Any]] = []
    if workers <= 1:
        for i in range(deals):
            results.append(play_deal(a, b, seed, i))
            if progress:
                _progress(a, b, seed, results, deals)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(play_deal, a, b, seed, i) for i in range(deals)]
            for f in futures:
                results.append(f.result())
                if progress:
                    _progress(a, b, seed, results, deals)
    return summarize(a, b, seed, results)


def _progress(a: str, b: str, seed: int, results: list[dict[str, Any]], deals: int) -> None:
    if len(results) % 10 == 0 or len(results) == deals:
        s = summarize(a, b, seed, results)
        pt = s["per_tali"]
        print(
            f"[{len(results)}/{deals}] per tálie {pt['mean']:+.2f} "
            f"[{pt['lo']:+.2f}, {pt['hi']:+.2f}]",
            file=sys.stderr,
            flush=True,
        )


def print_table(s: dict[str, Any]) -> None:
    a, b = s["a"], s["b"]
    print(f"duplicate arena: {a} vs {b}, {s['deals']} tálie, seed {s['seed']}")
    print(f"({s['meaning']}; positive: {a} is better)")
    pt = s["per_tali"]
    print(f"{'per tálie':<16} {pt['mean']:+7.2f}  95% CI [{pt['lo']:+.2f}, {pt['hi']:+.2f}]")
    for c, v in s["per_contract"].items():
        print(f"  {c:<14} {v['mean']:+7.2f}  95% CI [{v['lo']:+.2f}, {v['hi']:+.2f}]")
    mf = s["maturita_fails_per_maturant_tali"]
    print(f"maturita failures per tálie as maturant: {a} {mf['a']}, {b} {mf['b']}")
    for lv, t in s["decision_time"].items():
        for kind in ("all", "choices"):
            x = t[kind]
            print(
                f"{lv:<7} {kind:<8} median {x['median_ms']:7.2f} ms  p95 {x['p95_ms']:7.2f} ms"
                f"  max {x['max_ms']:8.2f} ms  ({x['n']} decisions)"
            )


def main(argv: list[str] | None = None) -> int:
    import argparse

    from engine.ai import LEVELS, make_ai

    parser = argparse.ArgumentParser(prog="python -m engine.ai", description="Lóra AI tools")
    sub = parser.add_subparsers(dest="command", required=True)
    ap = sub.add_parser("arena", help="duplicate play of two AI levels")
    ap.add_argument("--a", default="hard", help=f"{', '.join(LEVELS)} or hard:MS")
    ap.add_argument("--b", default="medium", help=f"{', '.join(LEVELS)} or hard:MS")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    ap.add_argument("--game", choices=("lora", "taroky"), default="lora")
    args = parser.parse_args(argv)
    if args.game == "taroky":
        from engine.taroky.ai import make_ai as make_taroky_ai
        from engine.taroky.ai.arena import main as taroky_main

        for level in (args.a, args.b):
            try:
                make_taroky_ai(level, random.Random(0))
            except ValueError as exc:
                parser.error(str(exc))
        a, b, n = args.a, args.b, args.deals
        return taroky_main(a, b, n, args.seed, args.workers, args.json, args.quiet)
    for level in (args.a, args.b):
        try:
            make_ai(level, random.Random(0))
        except ValueError as exc:
            parser.error(str(exc))
    summary = run(args.a, args.b, args.deals, args.seed, args.workers, not args.quiet)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print_table(summary)
    return 0
