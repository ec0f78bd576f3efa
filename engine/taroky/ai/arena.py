"""Duplicate arena for Taroky: how much more money AI ``a`` makes than AI ``b`` on the same
cards.

Every deal (fixed cards, dealer ``index % 4``) is played five times: once by four copies of
``b`` (the baseline) and once with ``a`` in each seat against three copies of ``b``. The
figure of a deal is the mean over the four seats of ``a``'s money in a seat minus the
baseline ``b``'s money in that seat, in haléře: the luck of the cards cancels, what is left
is the play (bidding, calls, talon, announcements and cards). The summary gives the mean
over deals with a 95% confidence interval (normal approximation), the same per game of the
baseline deal, and decision times per level: all decisions, decisions with a choice, and
cards with a choice.

``python -m engine.ai arena --game taroky --a hard --b medium --deals N [--json]``
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from engine.ai.arena import mean_ci, time_stats
from engine.taroky.deal import TarokyDeal, random_deal


def _seed(*parts: object) -> int:
    return random.Random("/".join(str(p) for p in parts)).getrandbits(64)


def play_deal_with(
    levels: list[str], hands: tuple[int, int, int, int], talon: tuple[int, ...], dealer: int,
    seeds: list[int],
) -> dict[str, Any]:  # fmt: skip
    """One deal with the given AI level per seat: money per seat, the game, decision times."""
    from engine.taroky.ai import make_ai

    bots = [make_ai(levels[s], random.Random(seeds[s])) for s in range(4)]
    deal = TarokyDeal(hands, talon, dealer)
    times: dict[str, dict[str, list[float]]] = {
        lv: {"all": [], "choices": [], "cards": []} for lv in set(levels)
    }
    while not deal.finished:
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat)
        t = time.perf_counter()
        action = bots[seat].decide(view)
        dt = (time.perf_counter() - t) * 1000
        box = times[levels[seat]]
        box["all"].append(dt)
        if len(view.legal) > 1:
            box["choices"].append(dt)
            if deal.phase == "play":
                box["cards"].append(dt)
        deal.apply(action)
    assert deal.score is not None and deal.game is not None
    return {"money": list(deal.score.money), "game": deal.game, "times": times}


def play_deal(a: str, b: str, seed: int, index: int) -> dict[str, Any]:
    """The five runs of one duplicate deal."""
    dealer = index % 4
    hands, talon = random_deal(random.Random(_seed("taroky-arena", seed, index)), dealer)
    seeds = [_seed("taroky-ai", seed, index, s) for s in range(4)]
    base = play_deal_with([b] * 4, hands, talon, dealer, seeds)
    times: dict[str, dict[str, list[float]]] = {}
    _merge(times, base["times"])
    diffs = []
    games_a = []
    for s in range(4):
        levels = [b] * 4
        levels[s] = a
        run = play_deal_with(levels, hands, talon, dealer, seeds)
        _merge(times, run["times"])
        diffs.append(run["money"][s] - base["money"][s])
        games_a.append(run["game"])
    return {
        "index": index,
        "diff": sum(diffs) / 4,
        "game": base["game"],
        "games_a": games_a,
        "times": times,
    }


Times = dict[str, dict[str, list[float]]]  # level -> kind -> ms


def _merge(into: Times, part: Times) -> None:
    for level, kinds in part.items():
        box = into.setdefault(level, {"all": [], "choices": [], "cards": []})
        for kind, values in kinds.items():
            box[kind].extend(values)


def summarize(a: str, b: str, seed: int, results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    rs = sorted(results, key=lambda r: r["index"])
    times: dict[str, dict[str, list[float]]] = {}
    for r in rs:
        _merge(times, r["times"])
    games = sorted({r["game"] for r in rs})
    return {
        "game": "taroky",
        "a": a,
        "b": b,
        "deals": len(rs),
        "seed": seed,
        "meaning": "hal per deal: money of a minus money of b in the same seat (mean of seats)",
        "per_deal": mean_ci([r["diff"] for r in rs]),
        "per_game": {g: mean_ci([r["diff"] for r in rs if r["game"] == g]) for g in games},
        "decision_time": {
            lv: {kind: time_stats(values) for kind, values in times[lv].items()}
            for lv in dict.fromkeys((a, b))
            if lv in times
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
    if len(results) % 20 == 0 or len(results) == deals:
        pd = summarize(a, b, seed, results)["per_deal"]
        print(
            f"[{len(results)}/{deals}] per deal {pd['mean']:+.1f} hal "
            f"[{pd['lo']:+.1f}, {pd['hi']:+.1f}]",
            file=sys.stderr,
            flush=True,
        )


def print_table(s: dict[str, Any]) -> None:
    a, b = s["a"], s["b"]
    print(f"Taroky duplicate arena: {a} vs {b}, {s['deals']} deals, seed {s['seed']}")
    print(f"({s['meaning']}; positive: {a} is better)")
    pd = s["per_deal"]
    print(f"{'per deal':<10} {pd['mean']:+9.1f} hal  95% CI [{pd['lo']:+.1f}, {pd['hi']:+.1f}]")
    for g, v in s["per_game"].items():
        ci = f"[{v['lo']:+.1f}, {v['hi']:+.1f}]"
        print(f"  {g:<8} {v['mean']:+9.1f} hal  95% CI {ci}  n={v['n']}")
    for lv, kinds in s["decision_time"].items():
        for kind, x in kinds.items():
            print(
                f"{lv:<8} {kind:<8} median {x['median_ms']:7.2f} ms  p95 {x['p95_ms']:7.2f} ms"
                f"  max {x['max_ms']:8.2f} ms  ({x['n']} decisions)"
            )


def main(a: str, b: str, deals: int, seed: int, workers: int, as_json: bool, quiet: bool) -> int:
    from engine.taroky.ai import make_ai

    for level in (a, b):
        make_ai(level, random.Random(0))  # raises ValueError for an unknown level
    summary = run(a, b, deals, seed, workers, not quiet)
    if as_json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print_table(summary)
    return 0
