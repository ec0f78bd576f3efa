"""Fitting the maturita model (``engine.ai.maturita_model``) on the hard player's own games.

``collect``: for random deals, the maturant's raw estimates of every game (attempt 3, so all
seven are allowed) and, for each game, whether the hard player passed it as maturant against
the given defenders. ``fit``: a logistic regression per game (Newton's method with a small
ridge) of that outcome on ``maturita.features``. ``render``: the model module's text.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from engine.actions import Choose
from engine.ai import maturita
from engine.cards import shuffled_deal
from engine.contracts import MATURITA_ATTEMPTS, MATURITA_GAME, Contract, maturita_choices
from engine.lora import Deal, Lora

ESTIMATE_WORLDS = 120


def maturita_position(deal: Deal, maturant: int, attempt: int = MATURITA_ATTEMPTS) -> Lora:
    """A lóra at the maturita choice of tálie 1 with ``deal`` dealt, ``maturant`` to choose."""
    lora = Lora(deals=[deal] * 12, first_leader=maturant)
    data = lora.to_json()
    data.update(
        phase="choose",
        game_no=MATURITA_GAME,
        attempt=attempt,
        game=None,
        pending_deal=list(deal),
    )
    return Lora.from_json(data)


def collect_one(args: tuple[int, int, str, str]) -> dict[str, Any]:
    seed, index, maturant_level, defenders = args
    rng = random.Random(f"maturita-fit/{seed}/{index}")
    deal = shuffled_deal(rng)
    seat = index % 4
    view = maturita_position(deal, seat).view(seat)
    est = maturita.estimates(view, random.Random(rng.getrandbits(64)), ESTIMATE_WORLDS)
    out: dict[str, Any] = {"index": index, "features": {}, "passed": {}}
    for contract in maturita_choices(MATURITA_ATTEMPTS):
        e = est[contract]
        out["features"][contract.value] = [e.p_medium, e.p_best]
        out["passed"][contract.value] = play_attempt(
            deal, seat, contract, maturant_level, defenders, rng
        )
    return out


def play_attempt(
    deal: Deal, seat: int, contract: Contract, maturant: str, defenders: str, rng: random.Random
) -> bool:
    """Whether ``seat``'s maturita in ``contract`` passes on ``deal``, played by the levels."""
    from engine.ai import make_ai  # (engine.ai imports this module)

    lora = maturita_position(deal, seat)
    lora.apply(Choose(seat, contract))
    bots = [
        make_ai(maturant if s == seat else defenders, random.Random(rng.getrandbits(64)))
        for s in range(4)
    ]
    while lora.attempt == MATURITA_ATTEMPTS and lora.game_no == MATURITA_GAME:
        s = lora.to_act
        assert s is not None
        lora.apply(bots[s].decide(lora.view(s)))
    return not lora.protocol[-1].failed


def collect(
    deals: int, path: str, seed: int = 0, maturant: str = "hard", defenders: str = "hard",
    workers: int = 1, start: int = 0,
) -> None:  # fmt: skip
    jobs = [(seed, i, maturant, defenders) for i in range(start, start + deals)]
    with open(path, "a", encoding="utf-8") as f:
        if workers <= 1:
            for job in jobs:
                f.write(json.dumps(collect_one(job)) + "\n")
                f.flush()
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                for row in pool.map(collect_one, jobs, chunksize=2):
                    f.write(json.dumps(row) + "\n")
                    f.flush()


def solve_linear(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (small systems)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[p] = m[p], m[i]
        for r in range(n):
            if r != i and m[i][i] != 0.0:
                f = m[r][i] / m[i][i]
                for c in range(i, n + 1):
                    m[r][c] -= f * m[i][c]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def logistic(xs: Sequence[tuple[float, ...]], ys: list[bool], ridge: float = 1.0) -> list[float]:
    """Maximum-likelihood logistic regression (Newton steps); the constant is not shrunk."""
    d = len(xs[0])
    w = [0.0] * d
    for _ in range(25):
        g = [0.0] * d
        h = [[0.0] * d for _ in range(d)]
        for x, y in zip(xs, ys, strict=True):
            z = max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x, strict=True))))
            p = 1.0 / (1.0 + math.exp(-z))
            for j in range(d):
                g[j] += (float(y) - p) * x[j]
                for k in range(d):
                    h[j][k] += p * (1.0 - p) * x[j] * x[k]
        for j in range(1, d):
            g[j] -= ridge * w[j]
            h[j][j] += ridge
        step = solve_linear(h, g)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def load(paths: list[str]) -> list[dict[str, Any]]:
    """Collected rows; rows of ``benchmarks/maturita_study.py`` (estimates at 120 worlds
    under ``f120``) are read as the same."""
    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            rows += [json.loads(line) for line in f if line.strip()]
    return [r if "features" in r else {**r, "features": r["f120"]} for r in rows]


Coefficients = dict[str, tuple[float, float, float]]


def fit(rows: list[dict[str, Any]]) -> Coefficients:
    out: Coefficients = {}
    for contract in maturita_choices(MATURITA_ATTEMPTS):
        name = contract.value
        xs = [
            maturita.features(maturita.Estimate(r["features"][name][0], r["features"][name][1], 0))
            for r in rows
        ]
        ys = [bool(r["passed"][name]) for r in rows]
        w = logistic(xs, ys)
        out[name] = (round(w[0], 4), round(w[1], 4), round(w[2], 4))
    return out


def chooser_pass_rate(
    rows: list[dict[str, Any]], coefficients: dict[str, tuple[float, float, float]],
    attempt: int = 1,
) -> float:  # fmt: skip
    """How often the game the model picks (among the games of ``attempt``) was passed."""
    choices = [c.value for c in maturita_choices(attempt)]
    passed = 0
    for r in rows:

        def score(name: str, r: dict[str, Any] = r) -> float:
            f = r["features"][name]
            x = maturita.features(maturita.Estimate(f[0], f[1], 0))
            w = coefficients.get(name)
            if w is None:
                return float(f[0])
            return sum(a * b for a, b in zip(w, x, strict=True))

        best = max(choices, key=score)
        passed += bool(r["passed"][best])
    return passed / max(len(rows), 1)


def render(coefficients: dict[str, tuple[float, float, float]], note: str) -> str:
    lines = [
        '"""Fitted by ``python -m engine.ai fit-maturita`` (see ``engine.ai.maturita``): per',
        "game, the logistic coefficients on (1, logit p_medium, logit p_best) of the chance that",
        "the hard player passes a maturita it chose. Generated file; refit after changing how hard",
        'plays."""',
        "",
        f"# {note}",
        "COEFFICIENTS: dict[str, tuple[float, float, float]] = {",
    ]
    for name, w in coefficients.items():
        lines.append(f'    "{name}": ({w[0]}, {w[1]}, {w[2]}),')
    lines.append("}")
    return "\n".join(lines) + "\n"


def cross_validated(rows: list[dict[str, Any]], folds: int = 5) -> dict[str, float]:
    """Pass rates of the chooser fitted on the other folds, and of the raw medium estimate."""
    fitted = raw = 0.0
    for f in range(folds):
        test = [r for i, r in enumerate(rows) if i % folds == f]
        train = [r for i, r in enumerate(rows) if i % folds != f]
        fitted += chooser_pass_rate(test, fit(train)) * len(test)
        raw += chooser_pass_rate(test, {}) * len(test)
    return {"fitted": round(fitted / len(rows), 4), "p_medium": round(raw / len(rows), 4)}


__all__ = ["Contract", "collect", "cross_validated", "fit", "load", "render"]
