"""Duplicate arena: how much better AI ``a`` plays than AI ``b`` on the same cards.

Every deal is a whole lóra (``--talie 4``, the default: the four tálie with their maturita
attempts, the čistá stovka question and any harakiri play-off) or its first ``talie`` tálie,
from fixed cards: the cards of each partial game are keyed by (tálie, game, maturita attempt)
— or by the play-off game — so a maturita failed in one run and passed in another does not
shift the deals of the games after it.

The tested seat plays among three copies of the ``field`` (``b`` unless ``--field`` says
otherwise). Each deal is played with ``a`` in each of the four seats and with ``b`` in each of
the four seats (when the field is ``b`` itself, the one run of four ``b`` serves for all four
seats). The figure of a deal is the mean over the four seats of ``b``'s points minus ``a``'s
points in the same seat (positive: ``a`` took fewer penalty points), per tálie and per
contract; harakiri points are kept apart (a tie-break, not a tálie). The tables give the mean
over deals with a 95% confidence interval (normal approximation over the per-deal figures).

Maturita: per attempt of ``a`` (``b``) as maturant, whether it passed, and per attempt of an
opponent while ``a`` (``b``) defended — points do not show a defence, since a defender's own
points are never recorded in maturita. Decision times are measured around each ``decide``
call, apart for cards (``card``: calls with more than one legal action), maturita choices and
stovka answers.
"""

from __future__ import annotations

import json
import math
import random
import sys
from collections.abc import Iterable
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Any

from engine import clock
from engine.cards import shuffled_deal
from engine.contracts import TALIE_ORDER, Contract
from engine.lora import Deal, Lora

CONTRACTS = [c.value for c in TALIE_ORDER]
HARAKIRI = Contract.HARAKIRI.value
KINDS = ("card", "choose", "stovka")


def _seed(*parts: object) -> int:
    return random.Random("/".join(str(p) for p in parts)).getrandbits(64)


class KeyedLora(Lora):
    """A lóra whose every deal is fixed by what is being dealt, not by how many came before
    (so that duplicate runs keep the same cards for the same game)."""

    def __init__(self, seed: int, index: int, first_leader: int) -> None:
        self.arena_key = (seed, index)
        super().__init__(first_leader=first_leader, rng=random.Random(0))

    def _next_deal(self) -> Deal:
        if self.harakiri is not None:
            key = f"harakiri/{sum(1 for row in self.protocol if row.tali is None)}"
        else:
            key = f"{self.tali}/{self.game_no}/{self.attempt or 0}"
        seed, index = self.arena_key
        deal = shuffled_deal(random.Random(f"arena/{seed}/{index}/{key}"))
        self.deals.append(deal)
        return deal


def _maturita_counts() -> dict[str, int]:
    return {"attempts": 0, "passed": 0, "defended": 0, "opponent_failed": 0}


def play_lora(
    levels: list[str], seed: int, index: int, talie: int, seeds: list[int]
) -> dict[str, Any]:
    """One lóra (its first ``talie`` tálie) with the given AI level per seat."""
    from engine.ai import make_ai

    bots = [make_ai(levels[s], random.Random(seeds[s])) for s in range(4)]
    lora = KeyedLora(seed, index, index % 4)
    times: dict[str, dict[str, list[float]]] = {lv: {k: [] for k in KINDS} for lv in set(levels)}
    while not lora.finished and lora.tali <= talie:
        seat = lora.to_act
        assert seat is not None
        view = lora.view(seat)
        t = clock.now()
        action = bots[seat].decide(view)
        dt = round((clock.now() - t) * 1000, 3)
        if len(view.legal) > 1:
            kind = "card" if lora.phase == "play" else lora.phase
            times[levels[seat]][kind].append(dt)
        lora.apply(action)
    per_contract = {c: [0, 0, 0, 0] for c in [*CONTRACTS, HARAKIRI]}
    maturita = [_maturita_counts() for _ in range(4)]
    for row in lora.protocol:
        if row.tali is None:
            name = HARAKIRI
        elif row.tali > talie:
            continue
        else:
            name = Contract.MATURITA.value if row.game == 8 else row.contract.value
        for s in range(4):
            per_contract[name][s] += row.points[s]
        if row.maturant is not None:
            m = maturita[row.maturant]
            m["attempts"] += 1
            m["passed"] += not row.failed
            for s in range(4):
                if s != row.maturant:
                    maturita[s]["defended"] += 1
                    maturita[s]["opponent_failed"] += row.failed
    totals = [sum(per_contract[c][s] for c in CONTRACTS) for s in range(4)]
    declared = [lora.stovka[s] is True for s in range(4)]
    made = [declared[s] and lora.totals[s] == 100 and lora.finished for s in range(4)]
    place = [0.0] * 4
    if lora.order is not None:
        for rank, s in enumerate(lora.order):
            place[s] = rank + 1.0
    return {
        "totals": totals,
        "per_contract": per_contract,
        "maturita": maturita,
        "stovka": {"declared": declared, "made": made},
        "place": place,
        "times": times,
    }


def play_deal(
    a: str, b: str, seed: int, index: int, field: str | None = None, talie: int = 4
) -> dict[str, Any]:
    """The duplicate runs of one deal: per seat, ``b``'s points minus ``a``'s."""
    field = b if field is None else field
    seeds = [_seed("ai", seed, index, s) for s in range(4)]
    runs: dict[str, list[dict[str, Any]]] = {a: [], b: []}
    times: dict[str, dict[str, list[float]]] = {}
    base = None
    if field == b:
        base = play_lora([b] * 4, seed, index, talie, seeds)
        _merge(times, base["times"])
    for who in (a, b) if base is None else (a,):
        for s in range(4):
            levels = [field] * 4
            levels[s] = who
            run = play_lora(levels, seed, index, talie, seeds)
            _merge(times, run["times"])
            runs[who].append(run)
    if base is not None:
        runs[b] = [base] * 4
    ra, rb = runs[a], runs[b]
    n = talie
    diff = [(rb[s]["totals"][s] - ra[s]["totals"][s]) / n for s in range(4)]
    contracts = [*CONTRACTS, HARAKIRI]
    diff_contract = {
        c: sum(rb[s]["per_contract"][c][s] - ra[s]["per_contract"][c][s] for s in range(4)) / 4 / n
        for c in contracts
    }
    maturita = {}
    stovka = {}
    place = {}
    for who, rs in (("a", ra), ("b", rb)):
        m = _maturita_counts()
        for s in range(4):
            for k, v in rs[s]["maturita"][s].items():
                m[k] += v
        maturita[who] = m
        stovka[who] = {
            k: sum(rs[s]["stovka"][k][s] for s in range(4)) for k in ("declared", "made")
        }
        place[who] = sum(rs[s]["place"][s] for s in range(4)) / 4
    return {
        "index": index,
        "diff": sum(diff) / 4,
        "diff_contract": diff_contract,
        "maturita": maturita,
        "stovka": stovka,
        "place": place,
        "times": times,
    }


Times = dict[str, dict[str, list[float]]]


def _merge(into: Times, part: Times) -> None:
    for level, kinds in part.items():
        mine = into.setdefault(level, {k: [] for k in KINDS})
        for k, v in kinds.items():
            mine[k].extend(v)


def mean_ci(values: list[float]) -> dict[str, float]:
    n = len(values)
    if n == 0:
        return {"mean": 0.0, "lo": 0.0, "hi": 0.0, "n": 0}
    m = sum(values) / n
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return {"mean": round(m, 3), "lo": round(m - half, 3), "hi": round(m + half, 3), "n": n}


def rate_ci(successes: int, trials: int) -> dict[str, float]:
    """A proportion with its 95% Wilson interval."""
    if trials == 0:
        return {"rate": 0.0, "lo": 0.0, "hi": 0.0, "n": 0}
    z = 1.96
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    return {
        "rate": round(p, 3),
        "lo": round(centre - half, 3),
        "hi": round(centre + half, 3),
        "n": trials,
    }


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


def summarize(
    a: str,
    b: str,
    seed: int,
    results: Iterable[dict[str, Any]],
    field: str | None = None,
    talie: int = 4,
) -> dict[str, Any]:
    rs = sorted(results, key=lambda r: r["index"])
    field = b if field is None else field
    times: dict[str, dict[str, list[float]]] = {}
    for r in rs:
        _merge(times, r["times"])
    maturita: dict[str, Any] = {}
    for who in ("a", "b"):
        m = _maturita_counts()
        for r in rs:
            for k, v in r["maturita"][who].items():
                m[k] += v
        maturita[who] = {
            "pass_per_attempt": rate_ci(m["passed"], m["attempts"]),
            "failures_per_maturita": round((m["attempts"] - m["passed"]) / max(4 * len(rs), 1), 3),
            "opponent_fail_per_attempt_defended": rate_ci(m["opponent_failed"], m["defended"]),
        }
    return {
        "a": a,
        "b": b,
        "field": field,
        "deals": len(rs),
        "talie_per_deal": talie,
        "seed": seed,
        "meaning": "points of b minus points of a in the same seat, per tálie (mean of seats)",
        "per_tali": mean_ci([r["diff"] for r in rs]),
        "per_contract": {
            c: mean_ci([r["diff_contract"][c] for r in rs]) for c in [*CONTRACTS, HARAKIRI]
        },
        "maturita": maturita,
        "stovka": {
            who: {k: sum(r["stovka"][who][k] for r in rs) for k in ("declared", "made")}
            for who in ("a", "b")
        },
        "mean_place": {who: mean_ci([r["place"][who] for r in rs]) for who in ("a", "b")},
        "decision_time": {
            lv: {k: time_stats(times[lv][k]) for k in KINDS}
            for lv in dict.fromkeys((a, b, field))
            if lv in times
        },
    }


def run(
    a: str,
    b: str,
    deals: int,
    seed: int = 0,
    workers: int = 1,
    progress: bool = True,
    field: str | None = None,
    talie: int = 4,
    decisive: float | None = None,
    min_deals: int = 40,
    save: str | None = None,
    cpu_clock: bool = False,
    resume: bool = False,
) -> dict[str, Any]:
    """Play ``deals`` duplicate deals; with ``decisive`` set, stop as soon as (after
    ``min_deals``) the 95% CI of the per-tálie figure lies wholly on one side of it. With
    ``cpu_clock`` the players' time budgets (and the decision times reported) count CPU
    time, so a machine busy with other work does not shrink them. ``save`` appends each
    deal's result to a JSONL file as it comes; with ``resume`` the deals already there are
    kept and not played again (a stopped run goes on; ``deals=0`` only summarizes it; one
    already decisive plays no more)."""
    setup = {"a": a, "b": b, "field": field, "seed": seed, "talie": talie,
             "cpu_clock": cpu_clock}
    results: list[dict[str, Any]] = []
    if resume:
        if save is None:
            raise ValueError("resume needs the file of the run (save)")
        results = saved_results(save, setup)
    have = {r["index"] for r in results}

    def settled() -> bool:
        if decisive is None or len(results) < max(min_deals, 2):
            return False
        pt = mean_ci([x["diff"] for x in results])
        return bool(pt["lo"] > decisive or pt["hi"] < decisive)

    def done(r: dict[str, Any]) -> bool:
        results.append(r)
        if save is not None:
            with open(save, "a", encoding="utf-8") as f:
                f.write(json.dumps({**r, "setup": setup}, ensure_ascii=False) + "\n")
        if progress:
            _progress(a, b, seed, results, deals, field, talie)
        return settled()

    todo = [] if settled() else [i for i in range(deals) if i not in have]
    initializer = clock.count_cpu_time if cpu_clock else None
    if workers <= 1:
        if initializer is not None:
            initializer()
        for i in todo:
            if done(play_deal(a, b, seed, i, field, talie)):
                break
    elif todo:
        with ProcessPoolExecutor(max_workers=workers, initializer=initializer) as pool:
            futures: list[Future[dict[str, Any]]] = [
                pool.submit(play_deal, a, b, seed, i, field, talie) for i in todo
            ]
            for f in as_completed(futures):
                if done(f.result()):
                    for g in futures:
                        g.cancel()
                    break
    return summarize(a, b, seed, results, field, talie)


def saved_results(path: str, setup: dict[str, Any]) -> list[dict[str, Any]]:
    """The deals of a saved run (``run(save=…)``), once each; a line saved by another
    setup (players, field, seed, tálie, clock of the budgets) is an error — its deals are
    other games. Lines without a setup (files written before it was recorded) are taken as
    they are, a setup without the clock (saved before it was recorded) as of either clock.
    A last line cut short (the run was killed while writing it) is cut off the file, so
    that the deals appended next start on a line of their own; that deal is played again."""
    results: dict[int, dict[str, Any]] = {}
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return []
    if text and not text.endswith("\n"):
        complete = text[: text.rfind("\n") + 1]
        with open(path, "w", encoding="utf-8") as f:
            f.write(complete)
        text = complete
    lines = [line for line in text.splitlines() if line.strip()]
    for n, line in enumerate(lines, 1):
        r = json.loads(line)
        saved = r.pop("setup", None)
        if saved is not None and "cpu_clock" not in saved:
            saved = {**saved, "cpu_clock": setup.get("cpu_clock")}
        if saved is not None and saved != setup:
            raise ValueError(f"{path}:{n} was saved by another run: {saved} (this: {setup})")
        results.setdefault(int(r["index"]), r)
    return [results[i] for i in sorted(results)]


def _progress(
    a: str,
    b: str,
    seed: int,
    results: list[dict[str, Any]],
    deals: int,
    field: str | None,
    talie: int,
) -> None:
    if len(results) % 10 == 0 or len(results) == deals:
        s = summarize(a, b, seed, results, field, talie)
        pt = s["per_tali"]
        mp = s["maturita"]["a"]["pass_per_attempt"]
        print(
            f"[{len(results)}/{deals}] per tálie {pt['mean']:+.2f} "
            f"[{pt['lo']:+.2f}, {pt['hi']:+.2f}]  maturita pass {mp['rate']:.2f} ({mp['n']})",
            file=sys.stderr,
            flush=True,
        )


def print_table(s: dict[str, Any]) -> None:
    a, b = s["a"], s["b"]
    print(
        f"duplicate arena: {a} vs {b} in a {s['field']} field, {s['deals']} deals of "
        f"{s['talie_per_deal']} tálie, seed {s['seed']}"
    )
    print(f"({s['meaning']}; positive: {a} is better)")
    pt = s["per_tali"]
    print(f"{'per tálie':<16} {pt['mean']:+7.2f}  95% CI [{pt['lo']:+.2f}, {pt['hi']:+.2f}]")
    for c, v in s["per_contract"].items():
        print(f"  {c:<14} {v['mean']:+7.2f}  95% CI [{v['lo']:+.2f}, {v['hi']:+.2f}]")
    for who in ("a", "b"):
        m = s["maturita"][who]
        p, d = m["pass_per_attempt"], m["opponent_fail_per_attempt_defended"]
        print(
            f"maturita {s[who]:<7} passes {p['rate']:.3f} per attempt [{p['lo']:.3f}, "
            f"{p['hi']:.3f}] ({p['n']} attempts); defending, the maturant failed "
            f"{d['rate']:.3f} [{d['lo']:.3f}, {d['hi']:.3f}]"
        )
        st, mp = s["stovka"][who], s["mean_place"][who]
        print(
            f"         {s[who]:<7} čistá stovka declared {st['declared']}, made {st['made']};"
            f" mean place {mp['mean']:.2f}"
        )
    for lv, t in s["decision_time"].items():
        for kind in KINDS:
            x = t[kind]
            if x["n"]:
                print(
                    f"{lv:<7} {kind:<7} median {x['median_ms']:7.2f} ms  p95 "
                    f"{x['p95_ms']:7.2f} ms  max {x['max_ms']:8.2f} ms  ({x['n']} decisions)"
                )


def _fit_maturita(args: Any) -> int:
    from engine.ai import maturita_fit

    if args.collect:
        maturita_fit.collect(
            args.collect, args.data[0], args.seed, args.maturant, args.defenders,
            args.workers, args.start,
        )  # fmt: skip
    rows = maturita_fit.load(args.data)
    coefficients = maturita_fit.fit(rows)
    report = {
        "deals": len(rows),
        "coefficients": coefficients,
        "pass_rate_in_sample": {
            "attempts_1_2": round(maturita_fit.chooser_pass_rate(rows, coefficients, 1), 4),
            "attempt_3": round(maturita_fit.chooser_pass_rate(rows, coefficients, 3), 4),
        },
        "cross_validated_attempts_1_2": maturita_fit.cross_validated(rows),
        "passed_per_game": {
            name: round(sum(r["passed"][name] for r in rows) / max(len(rows), 1), 4)
            for name in coefficients
        },
    }
    print(json.dumps(report, ensure_ascii=False, indent=1))
    if args.write:
        note = f"{len(rows)} deals; maturant {args.maturant}, defenders {args.defenders}"
        with open(args.write, "w", encoding="utf-8") as f:
            f.write(maturita_fit.render(coefficients, note))
    return 0


def main(argv: list[str] | None = None) -> int:
    import argparse

    from engine.ai import ARENA_LEVELS, make_ai

    levels = f"{', '.join(ARENA_LEVELS)} or hard:MS"
    parser = argparse.ArgumentParser(prog="python -m engine.ai", description="Lóra AI tools")
    sub = parser.add_subparsers(dest="command", required=True)
    ap = sub.add_parser("arena", help="duplicate play of two AI levels")
    ap.add_argument("--a", default="hard", help=f"the tested player: {levels}")
    ap.add_argument("--b", default="medium", help=f"the yardstick: {levels}")
    ap.add_argument("--field", default=None, help="the three opponents (default: b)")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--talie", type=int, default=4, choices=range(1, 5), help="tálie per deal")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument(
        "--decisive",
        type=float,
        default=None,
        help="stop once the 95%% CI of the per-tálie figure excludes this value",
    )
    ap.add_argument("--min-deals", type=int, default=40)
    ap.add_argument("--save", default=None, help="append every deal's result to this JSONL")
    ap.add_argument(
        "--resume",
        action="store_true",
        help="keep the deals already in --save and play only the others "
        "(--deals 0: only the figures of the saved run)",
    )
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    ap.add_argument("--game", choices=("lora", "taroky"), default="lora")
    ap.add_argument(
        "--cpu-clock",
        action="store_true",
        help="time budgets count each player's CPU time (fair on a busy machine)",
    )
    fp = sub.add_parser("fit-maturita", help="collect games and fit the maturita model")
    fp.add_argument("--collect", type=int, default=0, help="deals to play and append to --data")
    fp.add_argument("--data", nargs="+", required=True, help="JSONL files of collected deals")
    fp.add_argument("--start", type=int, default=0, help="index of the first deal to collect")
    fp.add_argument("--maturant", default="hard")
    fp.add_argument("--defenders", default="hard")
    fp.add_argument("--seed", type=int, default=0)
    fp.add_argument("--workers", type=int, default=1)
    fp.add_argument("--write", default=None, help="write the fitted model module here")
    args = parser.parse_args(argv)
    if args.command == "fit-maturita":
        return _fit_maturita(args)
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
    for level in (args.a, args.b, args.field):
        if level is None:
            continue
        try:
            make_ai(level, random.Random(0))
        except ValueError as exc:
            parser.error(str(exc))
    if args.resume and args.save is None:
        parser.error("--resume needs --save FILE: the run to go on with")
    summary = run(
        args.a,
        args.b,
        args.deals,
        args.seed,
        args.workers,
        not args.quiet,
        args.field,
        args.talie,
        args.decisive,
        args.min_deals,
        args.save,
        args.cpu_clock,
        args.resume,
    )
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print_table(summary)
    return 0
