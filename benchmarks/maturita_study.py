"""Which maturita chooser passes most often, judged on the same games (docs/AI_STRENGTH.md).

``python benchmarks/maturita_study.py collect FILE --deals 400 [--seed 7] [--defenders medium]
[--f480] [--cpu-clock]`` appends one row per deal: the maturant's raw estimates
(``engine.ai.maturita.estimates``: ``p_medium``, ``p_best``) at 120 worlds (and at
480 with ``--f480``), and for *every* game allowed at attempt 3 whether the hard player (as at
tables, time budgets; on each process's CPU clock with ``--cpu-clock``), as maturant against
``--defenders``, passed it. ``python benchmarks/maturita_study.py report FILE[,FILE…]
[--train FILE[,FILE…]]`` prints the pass rate of the game each chooser picks (the calibrated
model, raw estimates, always červený král, a refit — cross-validated on the rows, or fitted on
``--train`` and judged on FILE, with its picks' paired difference from the model's — and
hindsight) and per game the model's mean chance against the passes.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Callable
from typing import Any

from engine import clock
from engine.ai import maturita, maturita_fit
from engine.ai.maturita_fit import Coefficients, fit, maturita_position, play_attempt
from engine.ai.maturita_model import COEFFICIENTS
from engine.cards import shuffled_deal
from engine.contracts import MATURITA_ATTEMPTS, maturita_choices

Score = Callable[[str, list[float]], float]


def collect_one(seed: int, index: int, defenders: str, f480: bool = False) -> dict[str, Any]:
    rng = random.Random(f"mstudy/{seed}/{index}")
    deal = shuffled_deal(rng)
    seat = index % 4
    view = maturita_position(deal, seat).view(seat)
    out: dict[str, Any] = {"index": index, "f120": {}, "passed": {}}
    e120 = maturita.estimates(view, random.Random(rng.getrandbits(64)), 120)
    e480 = maturita.estimates(view, random.Random(rng.getrandbits(64)), 480) if f480 else None
    for contract in maturita_choices(MATURITA_ATTEMPTS):
        e = e120[contract]
        out["f120"][contract.value] = [e.p_medium, e.p_best]
        if e480 is not None:
            e = e480[contract]
            out.setdefault("f480", {})[contract.value] = [e.p_medium, e.p_best]
        out["passed"][contract.value] = play_attempt(deal, seat, contract, "hard", defenders, rng)
    return out


def chance(w: tuple[float, ...], f: list[float]) -> float:
    x = maturita.features(maturita.Estimate(f[0], f[1], 0))
    z = sum(a * b for a, b in zip(w, x, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def passes(rows: list[dict[str, Any]], key: str, score: Score, attempt: int) -> list[bool]:
    """Per row, whether the game the chooser picks (among those of ``attempt``) was passed."""
    names = [c.value for c in maturita_choices(attempt)]
    out = []
    for r in rows:
        f = r[key]
        pick = max(names, key=lambda n: score(n, f[n]))
        out.append(bool(r["passed"][pick]))
    return out


def pass_rate(rows: list[dict[str, Any]], key: str, score: Score, attempt: int) -> float:
    return sum(passes(rows, key, score, attempt)) / len(rows)


def paired(a: list[bool], b: list[bool]) -> tuple[float, float]:
    """Mean of b − a over the same rows and the half-width of its 95% CI."""
    d = [float(y) - float(x) for x, y in zip(a, b, strict=True)]
    m = sum(d) / len(d)
    var = sum((x - m) ** 2 for x in d) / max(len(d) - 1, 1)
    return m, 1.96 * math.sqrt(var / len(d))


def refit_rate(
    rows: list[dict[str, Any]], train: list[dict[str, Any]] | None, attempt: int
) -> float:
    """The pass rate of a refitted model's picks: fitted on ``train`` and judged on ``rows``,
    or 5-fold cross-validated on ``rows``."""

    def rate(test: list[dict[str, Any]], w: Coefficients) -> float:
        def score(n: str, f: list[float]) -> float:
            return chance(w[n], f)

        return pass_rate(test, "f120", score, attempt)

    if train is not None:
        return rate(rows, fit(train))
    total = 0.0
    for fold in range(5):
        test = [r for i, r in enumerate(rows) if i % 5 == fold]
        rest = [r for i, r in enumerate(rows) if i % 5 != fold]
        total += rate(test, fit(rest)) * len(test)
    return total / len(rows)


def report(rows: list[dict[str, Any]], train: list[dict[str, Any]] | None = None) -> None:
    def model(n: str, f: list[float]) -> float:
        return chance(COEFFICIENTS[n], f)

    def king(n: str, f: list[float]) -> float:
        return float(n == "cerveny_kral")

    choosers: list[tuple[str, str, Score]] = [
        ("model, 120 worlds", "f120", model),
        ("raw p_medium", "f120", lambda n, f: f[0]),
        ("raw p_best", "f120", lambda n, f: f[1]),
        ("always cerveny_kral", "f120", king),
    ]
    if all("f480" in r for r in rows):
        choosers.insert(1, ("model, 480 worlds", "f480", model))
    how = "CV" if train is None else f"fit on {len(train)}"
    print(f"{len(rows)} deals")
    for attempt in (1, 3):
        for label, key, score in choosers:
            p = pass_rate(rows, key, score, attempt)
            h = 1.96 * math.sqrt(p * (1 - p) / len(rows))
            print(f"attempt {attempt}: {label:<22} {p:.3f} [{p - h:.3f}, {p + h:.3f}]")
        p = refit_rate(rows, train, attempt)
        h = 1.96 * math.sqrt(p * (1 - p) / len(rows))
        print(f"attempt {attempt}: {'refit, ' + how:<22} {p:.3f} [{p - h:.3f}, {p + h:.3f}]")
        if train is not None:
            w = fit(train)

            def refitted(n: str, f: list[float], w: Coefficients = w) -> float:
                return chance(w[n], f)

            m, h = paired(
                passes(rows, "f120", model, attempt), passes(rows, "f120", refitted, attempt)
            )
            print(
                f"attempt {attempt}:   its picks − the model's {m:+.3f} "
                f"[{m - h:+.3f}, {m + h:+.3f}]"
            )
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
    ap.add_argument("--f480", action="store_true", help="also the estimates at 480 worlds")
    ap.add_argument("--cpu-clock", action="store_true", help="budgets on the CPU clock")
    ap.add_argument("--train", default=None, help="fit the refits on these rows instead of CV")
    args = ap.parse_args()
    if args.what == "collect":
        if args.cpu_clock:
            clock.count_cpu_time()
        with open(args.path, "a", encoding="utf-8") as f:
            for i in range(args.start, args.start + args.deals):
                row = collect_one(args.seed, i, args.defenders, args.f480)
                f.write(json.dumps(row) + "\n")
                f.flush()
        return 0
    report(load(args.path), None if args.train is None else load(args.train))
    return 0


def load(paths: str) -> list[dict[str, Any]]:
    """The rows of comma-separated files (``maturita_fit.load``: ``f120`` read as the fit's
    ``features``)."""
    return maturita_fit.load(paths.split(","))


if __name__ == "__main__":
    sys.exit(main())
