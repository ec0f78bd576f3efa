"""Per-game duplicate duel of two hard-player settings: a cheap, sharp comparison.

``python benchmarks/ai_duel.py cervene "infer=1" "infer=0" --deals 600 [--field medium]``

Each deal is one partial game (or, with ``--maturita``, one maturita attempt of that game)
from fixed cards, played by setting A in one seat and, separately, by setting B in that same
seat, among three ``--field`` players; the figure is B's points minus A's in that seat
(positive: A better), mean over the four seats (with ``--only-maturant``, the maturant's seat
only, and the maturant's failures are counted too; with ``--only-defenders``, the three
defenders' seats, each scoring 8 when the maturant passed), with a 95% CI over deals. A setting is a
comma-separated list of ``engine.ai.search.SearchConfig`` fields (``worlds=40,infer=0``);
budgets are counts of worlds (no time limit), so a duel does not depend on the machine's load.
``hard1`` and ``medium`` may stand for A, B or the field (``hard1`` with 40 worlds, ``hard1:MS``
with its own world cap and a time budget of MS per card); so may ``hard`` (``hard:MS``): the hard
player as at tables, with its time budgets. In a setting, ``budget_ms=40,close_ms=80`` adds time
budgets to the world budgets (before 1 December 2026 a setting's time budgets were dropped: the
duels of docs/AI_STRENGTH.md marked "time budgets" ran hard on its world budgets only).
This is how the parts of the hard player were measured while it was built (docs/AI_STRENGTH.md).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import fields, replace
from typing import Any

from engine import clock
from engine.actions import Choose
from engine.ai import Hard1AI, HardAI, make_ai
from engine.ai.maturita_fit import maturita_position
from engine.ai.search import SearchConfig
from engine.cards import shuffled_deal
from engine.contracts import MATURITA_GAME, TALIE_ORDER, Contract
from engine.lora import Deal, Lora


def make(spec: str, rng: random.Random) -> Any:
    if spec in ("medium", "hard") or spec.startswith("hard:"):  # as at tables (time budgets)
        return make_ai(spec, rng)
    if spec == "hard1":
        return Hard1AI(rng, budget_ms=None, max_worlds=40)
    if spec.startswith("hard1:"):  # hard1 as at tables: a time budget of MS per card
        return Hard1AI(rng, budget_ms=float(spec.partition(":")[2]))
    values: dict[str, Any] = {"budget_ms": None, "close_ms": None, "worlds": 40}
    values["close_worlds"] = 40
    types = {f.name: f.type for f in fields(SearchConfig)}
    for item in filter(None, spec.split(",")):
        key, value = item.split("=")
        kind = str(types[key])
        values[key] = (
            value in ("1", "true")
            if "bool" in kind
            else float(value)
            if ("float" in kind)
            else int(value)
        )
    # desítky searched card by card: the setting's worlds unless it says otherwise
    values.setdefault("desitky_worlds", values["worlds"])
    values.setdefault("desitky_close_worlds", values["close_worlds"])
    config = replace(SearchConfig(), **values)
    return HardAI(rng, budget_ms=config.budget_ms, config=config)


def position(contract: Contract, deal: Deal, leader: int, maturita: bool) -> Lora:
    """A lóra at the start of ``contract`` with ``deal`` (as a maturita attempt if asked)."""
    if maturita:
        lora = maturita_position(deal, leader)
        lora.apply(Choose(leader, contract))
        return lora
    lora = Lora(deals=[deal] * 12, first_leader=leader)
    data = lora.to_json()
    from engine.lora import new_partial_game

    game = new_partial_game(contract, deal, leader, lora.options)
    game.start()
    data.update(game_no=TALIE_ORDER.index(contract) + 1, game=game.to_json())
    return Lora.from_json(data)


def play(contract: Contract, deal: Deal, leader: int, maturita: bool, specs: list[str],
         seeds: list[int]) -> tuple[tuple[int, ...], bool]:  # fmt: skip
    lora = position(contract, deal, leader, maturita)
    start = len(lora.protocol)
    bots = [make(specs[s], random.Random(seeds[s])) for s in range(4)]
    while len(lora.protocol) == start:
        seat = lora.to_act
        assert seat is not None
        lora.apply(bots[seat].decide(lora.view(seat)))
    row = lora.protocol[start]
    assert not maturita or row.game == MATURITA_GAME
    return row.points, row.failed


def duel(args: tuple[str, str, str, str, bool, bool, int, int, bool]) -> dict[str, Any]:
    a, b, field, name, maturita, only_maturant, seed, index, only_defenders = args
    rng = random.Random(f"duel/{seed}/{name}/{index}")
    deal = shuffled_deal(rng)
    leader = index % 4
    seeds = [rng.getrandbits(32) for _ in range(4)]
    diffs = []
    fails = {"a": 0, "b": 0}
    mfails = {"a": 0, "b": 0}  # the maturant failed while this setting defended
    seats = [leader] if only_maturant else list(range(4))
    if only_defenders:
        seats = [s for s in range(4) if s != leader]
    for seat in seats:
        points = {}
        for who, spec in (("a", a), ("b", b)):
            specs = [field] * 4
            specs[seat] = spec
            pts, failed = play(Contract(name), deal, leader, maturita, specs, seeds)
            points[who] = pts[seat]
            if maturita and seat != leader:  # a defender: 8 when the maturant passed
                points[who] = 0 if failed else 8
            if maturita and seat == leader:
                fails[who] += failed
            elif maturita:
                mfails[who] += failed
        diffs.append(points["b"] - points["a"])
    return {"diff": sum(diffs) / len(diffs), "fails": fails, "mfails": mfails}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("contract", choices=[c.value for c in TALIE_ORDER[:7]])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--field", default="medium")
    ap.add_argument("--deals", type=int, default=150)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--maturita", action="store_true")
    ap.add_argument("--only-maturant", action="store_true")
    ap.add_argument("--only-defenders", action="store_true")
    ap.add_argument(
        "--cpu-clock",
        action="store_true",
        help="time budgets count each player's CPU time (fair on a busy machine)",
    )
    ap.add_argument("--save", help="write each deal's result to this JSONL file as it comes")
    args = ap.parse_args()
    jobs = [
        (args.a, args.b, args.field, args.contract, args.maturita, args.only_maturant,
         args.seed, i, args.only_defenders)
        for i in range(args.deals)
    ]  # fmt: skip
    initializer = clock.count_cpu_time if args.cpu_clock else None
    results = []
    save = open(args.save, "w") if args.save else None  # noqa: SIM115
    with ProcessPoolExecutor(args.workers, initializer=initializer) as pool:
        for i, r in enumerate(pool.map(duel, jobs, chunksize=2)):
            results.append(r)
            if save is not None:  # each deal as it comes: a stopped duel keeps its figures
                save.write(json.dumps({"deal": i, **r}) + "\n")
                save.flush()
    if save is not None:
        save.close()
    values = [r["diff"] for r in results]
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / max(n - 1, 1))
    half = 1.96 * sd / math.sqrt(n)
    line = f"{args.contract}: {args.a!r} vs {args.b!r} among {args.field}, {n} deals: "
    line += f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] points per game"
    if args.maturita:
        fa = sum(r["fails"]["a"] for r in results)
        fb = sum(r["fails"]["b"] for r in results)
        line += f"; the maturant failed: A {fa}, B {fb}"
        if args.only_defenders:  # per defender seat: A's and B's failed maturants
            fa = sum(r["mfails"]["a"] for r in results)
            fb = sum(r["mfails"]["b"] for r in results)
            line += f"; with A / B defending: {fa} / {fb} of {3 * n}"
    print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
