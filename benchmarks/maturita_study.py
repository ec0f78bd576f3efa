"""Which maturita chooser passes most often, judged on the same games (README, issue 17).

``python benchmarks/maturita_study.py collect FILE --deals 400 [--seed 7] [--defenders medium]``
appends one row per deal: the maturant's raw estimates (``engine.ai.maturita.estimates``) at
120 and at 480 worlds, and for *every* game allowed at attempt 3 whether the hard player, as
maturant against ``--defenders``, passed it. ``python benchmarks/maturita_study.py report FILE``
prints the pass rate of the game each chooser picks (the calibrated model, raw estimates,
always červený král, a refit cross-validated on the rows, hindsight) and per game the model's
mean chance against the passes.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Callable
from typing import Any

from engine.ai import maturita
from engine.ai.maturita_fit import fit, maturita_position, play_attempt
from engine.ai.maturita_model import COEFFICIENTS
from engine.cards import shuffled_deal
from engine.contracts import MATURITA_ATTEMPTS, maturita_choices

Score = Callable[[str, list[float]], float]


def collect_one(seed: int, index: int, defenders: str) -> dict[str, Any]:
    rng = random.Random(f"mstudy/{seed}/{index}")
    deal = shuffled_deal(rng)
    seat = index % 4
    view = maturita_position(deal, seat).view(seat)
    out: dict[str, Any] = {"index": index, "f120": {}, "f480": {}, "passed": {}}
    e120 = maturita.estimates(view, random.Random(rng.getrandbits(64)), 120)
    e480 = maturita.estimates(view, random.Random(rng.getrandbits(64)), 480)
    for contract in maturita_choices(MATURITA_ATTEMPTS):
        out["f120"][contract.value] = [e120[contract].p_medium, e120[contract].p_best]
        out["f480"][contract.value] = [e480[contract].p_medium, e480[contract].p_best]
        out["passed"][contract.value] = play_attempt(deal, seat, contract, "hard", defenders, rng)
    return out


def chance(w: tuple[float, ...], f: list[float]) -> float:
    x = maturita.features(maturita.Estimate(f[0], f[1], 0))
    z = sum(a * b for a, b in zip(w, x, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def pass_rate(rows: list[dict[str, Any]], key: str, score: Score, attempt: int) -> float:
    names = [c.value for c in maturita_choices(attempt)]
    passed = 0
    for r in rows:
        pick = max(names, key=lambda n, r=r: score(n, r[key][n]))
        passed += bool(r["passed"][pick])
    return passed / len(rows)


def report(rows: list[dict[str, Any]]) -> None:
    def model(n: str, f: list[float]) -> float:
        return chance(COEFFICIENTS[n], f)

    def king(n: str, f: list[float]) -> float:
        return float(n == "cerveny_kral")

    choosers: list[tuple[str, str, Score]] = [
        ("model, 120 worlds", "f120", model),
        ("model, 480 worlds", "f480", model),
        ("raw p_medium", "f120", lambda n, f: f[0]),
        ("raw p_best", "f120", lambda n, f: f[1]),
        ("always cerveny_kral", "f120", king),
    ]
    print(f"{len(rows)} deals")
    for attempt in (1, 3):
        for label, key, score in choosers:
            p = pass_rate(rows, key, score, attempt)
            h = 1.96 * math.sqrt(p * (1 - p) / len(rows))
            print(f"attempt {attempt}: {label:<22} {p:.3f} [{p - h:.3f}, {p + h:.3f}]")
        refit = 0.0
        for fold in range(5):
            test = [r for i, r in enumerate(rows) if i % 5 == fold]
            train = [
                {"features": r["f120"], "passed": r["passed"]}
                for i, r in enumerate(rows)
                if i % 5 != fold
            ]
            w = fit(train)
            refit += pass_rate(test, "f120", lambda n, f, w=w: chance(w[n], f), attempt) * len(test)
        print(f"attempt {attempt}: {'refit, 5-fold CV':<22} {refit / len(rows):.3f}")
        names = [c.value for c in maturita_choices(attempt)]
        hindsight = sum(any(r["passed"][n] for n in names) for r in rows) / len(rows)
        print(f"attempt {attempt}: {'hindsight':<22} {hindsight:.3f}")
    for c in maturita_choices(MATURITA_ATTEMPTS):
        n = c.value
        predicted = sum(chance(COEFFICIENTS[n], r["f120"][n]) for r in rows) / len(rows)
        passed = sum(r["passed"][n] for r in rows) / len(rows)
        print(f"{n:<15} model {predicted:.3f}  passed {passed:.3f}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("collect", "report"))
    ap.add_argument("path")
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--defenders", default="medium")
    args = ap.parse_args()
    if args.what == "collect":
        with open(args.path, "a", encoding="utf-8") as f:
            for i in range(args.start, args.start + args.deals):
                f.write(json.dumps(collect_one(args.seed, i, args.defenders)) + "\n")
                f.flush()
        return 0
    with open(args.path, encoding="utf-8") as f:
        report([json.loads(line) for line in f if line.strip()])
    return 0


if __name__ == "__main__":
    sys.exit(main())
