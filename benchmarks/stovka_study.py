"""Does hard's čistá stovka declaration cost it? A fork study (R-STOVKA, R-RANK; issue 17).

Lóras of the issue-17 arena's machinery (``engine.ai.arena.KeyedLora``: every deal keyed by
(tálie, game, maturita attempt), so two runs of one lóra get the same cards game for game)
with ``hard`` in seat 0 among three ``medium`` players. Each lóra is played up to seat 0's
answer to the čistá stovka question of the third tálie; the first two tálie and the four
games before the question are played by ``--prefix`` in seat 0 (``medium``: cheap, the
default; ``hard``: as in the arena). Only lóras where the shared rule
``engine.ai.objective.stovka_declare`` says yes for seat 0 are kept. From that exact state
the lóra is forked: (a) seat 0 declares, (b) it does not; both branches are played to the
end (harakiri included) with hard in seat 0 and the same medium opponents, every player's
RNG copied at the fork, so both branches see the same deals and start from the same RNG
states. Per pair: seat 0's points in the rest of the lóra, its final place, whether it made
exactly 100; the means of (a) − (b) with 95% CIs (positive points: declaring cost points;
positive place: declaring gave a worse place).

Hard plays on world budgets (``HardAI(budget_ms=None)``: counts of worlds, no time limit),
so the figures do not depend on the load of the machine and a run is deterministic for its
seed. Also reported: the distribution of the states at the question (seat 0's total, its
lead over the second seat, the points it needs for 100) over every lóra played, and for the
kept ones, so a medium prefix can be compared with a hard one; how often the medium
opponents declared and whether the pair differences differ when one of them did.

    nice -n 19 python benchmarks/stovka_study.py --loras 400 --seed 1 --save st.jsonl --json
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import sys
import time
from typing import Any

from engine.actions import Declare
from engine.ai import AI, make_ai
from engine.ai.arena import KeyedLora, _seed, mean_ci, rate_ci
from engine.ai.hard import HardAI
from engine.ai.objective import stovka_declare
from engine.lora import Lora

TESTED = 0


def make(level: str, seed: int) -> AI:
    if level == "hard":
        return HardAI(random.Random(seed), budget_ms=None)
    return make_ai(level, random.Random(seed))


def play_until(lora: Lora, bots: list[AI], stop: Any) -> None:
    while not lora.finished and not stop(lora):
        seat = lora.to_act
        assert seat is not None
        lora.apply(bots[seat].decide(lora.view(seat)))


def at_question(lora: Lora) -> bool:
    return lora.phase == "stovka" and lora.to_act == TESTED


def branch(lora: Lora, bots: list[AI], declare: bool) -> dict[str, Any]:
    lora = copy.deepcopy(lora)
    bots = copy.deepcopy(bots)
    before = lora.totals[TESTED]
    lora.apply(Declare(TESTED, declare))
    play_until(lora, bots, lambda _: False)
    assert lora.order is not None
    declared = [lora.stovka[s] is True for s in range(4)]
    return {
        "rest": lora.totals[TESTED] - before,
        "total": lora.totals[TESTED],
        "place": lora.order.index(TESTED) + 1,
        "made": declared[TESTED] and lora.totals[TESTED] == 100,
        "totals": list(lora.totals),
        "declared": declared,
        "made_by": [declared[s] and lora.totals[s] == 100 for s in range(4)],
    }


def state_of(lora: Lora) -> dict[str, Any]:
    t = list(lora.totals)
    others = sorted((t[s] for s in range(4) if s != TESTED), reverse=True)
    return {"totals": t, "lead": t[TESTED] - others[0], "need": 100 - t[TESTED]}


def play_one(seed: int, index: int, prefix: str) -> dict[str, Any]:
    levels = [prefix, "medium", "medium", "medium"]
    bots = [make(levels[s], _seed("ai", seed, index, s)) for s in range(4)]
    lora = KeyedLora(seed, index, index % 4)
    play_until(lora, bots, at_question)
    if lora.finished:  # the question is asked in every lóra with the option on
        raise AssertionError("no stovka question")
    yes = stovka_declare(lora.view(TESTED))
    out: dict[str, Any] = {"index": index, "state": state_of(lora), "declare": yes}
    out["answered_before"] = list(lora.stovka)
    if not yes:
        return out
    if prefix != "hard":
        bots[TESTED] = make("hard", _seed("hard", seed, index))
    out["a"] = branch(lora, bots, True)
    out["b"] = branch(lora, bots, False)
    return out


def summarize(rows: list[dict[str, Any]], args: argparse.Namespace) -> dict[str, Any]:
    pairs = [r for r in rows if r["declare"]]

    def dist(rs: list[dict[str, Any]]) -> dict[str, Any]:
        return {k: mean_ci([float(r["state"][k]) for r in rs]) for k in ("lead", "need")} | {
            "tested_total": mean_ci([float(r["state"]["totals"][TESTED]) for r in rs])
        }

    def diffs(rs: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "pairs": len(rs),
            "points_a_minus_b": mean_ci([float(r["a"]["rest"] - r["b"]["rest"]) for r in rs]),
            "place_a_minus_b": mean_ci([float(r["a"]["place"] - r["b"]["place"]) for r in rs]),
            "rest_points_a": mean_ci([float(r["a"]["rest"]) for r in rs]),
            "rest_points_b": mean_ci([float(r["b"]["rest"]) for r in rs]),
            "place_a": mean_ci([float(r["a"]["place"]) for r in rs]),
            "place_b": mean_ci([float(r["b"]["place"]) for r in rs]),
            "made_a": rate_ci(sum(r["a"]["made"] for r in rs), len(rs)),
            "hit_100_b": sum(r["b"]["total"] == 100 for r in rs),
            "first_place_a": sum(r["a"]["place"] == 1 for r in rs),
            "first_place_b": sum(r["b"]["place"] == 1 for r in rs),
        }

    def medium_declared(r: dict[str, Any]) -> bool:
        return any(r["b"]["declared"][s] for s in range(4) if s != TESTED)

    med_decl = sum(sum(r["b"]["declared"][s] for s in range(4) if s != TESTED) for r in pairs)
    med_made = sum(sum(r["b"]["made_by"][s] for s in range(4) if s != TESTED) for r in pairs)
    return {
        "seed": args.seed,
        "prefix": args.prefix,
        "loras": len(rows),
        "declare_rate": rate_ci(len(pairs), len(rows)),
        "state_all": dist(rows),
        "state_kept": dist(pairs),
        "meaning": "a: seat 0 (hard) declares; b: it does not; points of the rest of the lóra "
        "and final place (1 best), a − b (positive: declaring is worse)",
        "all": diffs(pairs),
        "medium_declared_too": diffs([r for r in pairs if medium_declared(r)]),
        "no_medium_declared": diffs([r for r in pairs if not medium_declared(r)]),
        "medium_declarations": med_decl,
        "medium_made": med_made,
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def show(s: dict[str, Any]) -> None:
    def ci(x: dict[str, float]) -> str:
        return f"{x['mean']:+.2f} [{x['lo']:+.2f}, {x['hi']:+.2f}] (n={x['n']})"

    print(f"čistá stovka fork study, seed {s['seed']}, prefix {s['prefix']}, {s['loras']} lóras")
    d = s["declare_rate"]
    print(f"stovka_declare yes for seat 0: {d['rate']:.3f} [{d['lo']:.3f}, {d['hi']:.3f}]")
    for k in ("state_all", "state_kept"):
        v = s[k]
        print(
            f"{k:<11} seat-0 total {ci(v['tested_total'])}, lead {ci(v['lead'])}, "
            f"need {ci(v['need'])}"
        )
    print(s["meaning"])
    for k in ("all", "medium_declared_too", "no_medium_declared"):
        v = s[k]
        if not v["pairs"]:
            print(f"{k}: no pairs")
            continue
        print(
            f"{k}: {v['pairs']} pairs; points a−b {ci(v['points_a_minus_b'])}; place a−b "
            f"{ci(v['place_a_minus_b'])}"
        )
        print(
            f"   rest points a {v['rest_points_a']['mean']:.2f} b {v['rest_points_b']['mean']:.2f};"
            f" place a {v['place_a']['mean']:.2f} b {v['place_b']['mean']:.2f}; made "
            f"{v['made_a']['rate']:.3f} [{v['made_a']['lo']:.3f}, {v['made_a']['hi']:.3f}]; "
            f"b ended on 100: {v['hit_100_b']}; first place a {v['first_place_a']} "
            f"b {v['first_place_b']}"
        )
    print(
        f"medium opponents declared {s['medium_declarations']} times in the kept lóras, made "
        f"{s['medium_made']}; load average {s['load_average']}"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--loras", type=int, default=200, help="lóras played to the question")
    ap.add_argument("--start", type=int, default=0, help="index of the first lóra")
    ap.add_argument("--pairs", type=int, default=0, help="stop after this many kept (0: no)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--prefix", choices=("medium", "hard"), default="medium")
    ap.add_argument("--save", default=None, help="append every lóra's row to this JSONL")
    ap.add_argument("--load", nargs="*", default=[], help="summarize these JSONL files too")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rows: list[dict[str, Any]] = []
    for path in args.load:
        with open(path, encoding="utf-8") as f:
            rows += [json.loads(line) for line in f if line.strip()]
    t0 = time.process_time()
    for i in range(args.start, args.start + args.loras):
        r = play_one(args.seed, i, args.prefix)
        rows.append(r)
        if args.save:
            with open(args.save, "a", encoding="utf-8") as f:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        kept = sum(x["declare"] for x in rows)
        if r["declare"]:
            print(
                f"[{i}] kept {kept}: a rest {r['a']['rest']} place {r['a']['place']} "
                f"made {r['a']['made']}; b rest {r['b']['rest']} place {r['b']['place']} "
                f"(cpu {time.process_time() - t0:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
        if args.pairs and kept >= args.pairs:
            break
    s = summarize(rows, args)
    if args.json:
        print(json.dumps(s, ensure_ascii=False))
    else:
        show(s)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
