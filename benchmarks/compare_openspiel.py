"""Our rollout fast path against OpenSpiel's Hearts, measured in the same run.

The target (README, docs): ``engine.fast.random_playout`` plays at least 2x as many cards per
second as OpenSpiel's C++ Hearts driven from Python (``benchmarks/openspiel_hearts.py``).
Both figures depend on the machine and on whatever else it is doing, so they are measured
here side by side, in alternating rounds (OpenSpiel, then ours, ``--rounds`` times, each
``--seconds`` long), and the ratio is taken of the two medians.

The engine never imports this file or open_spiel; without open_spiel this prints our figure
alone (``"openspiel_available": false`` with ``--json``) and exits 0.

Usage::

    python benchmarks/compare_openspiel.py [--seconds 2] [--rounds 3] [--seed 0] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import openspiel_hearts  # noqa: E402
from engine.bench import bench_playouts  # noqa: E402

TARGET_RATIO = 2.0


def compare(seconds: float = 2.0, rounds: int = 3, seed: int = 0) -> dict[str, Any]:
    """Alternate the two measures ``rounds`` times; medians, ratio and the per-round figures."""
    ours: list[float] = []
    theirs: list[float] = []
    playouts: list[float] = []
    version = None
    for i in range(rounds):
        measured = openspiel_hearts.measure(seconds, seed + i)
        if measured is not None:
            theirs.append(measured["openspiel_card_plays_per_s"])
            version = measured["openspiel_version"]
        result = bench_playouts(seconds, seed + i)
        ours.append(result["card_plays_per_s"])
        playouts.append(result["trick_playouts_per_s"])
    out: dict[str, Any] = {
        "card_plays_per_s": round(statistics.median(ours)),
        "trick_playouts_per_s": round(statistics.median(playouts)),
        "openspiel_available": bool(theirs),
        "openspiel_version": version,
        "openspiel_card_plays_per_s": None,
        "ratio": None,
        "target_ratio": TARGET_RATIO,
        "meets_target": None,
        "rounds": rounds,
        "seconds_per_measure": seconds,
        "per_round": {
            "card_plays_per_s": [round(x) for x in ours],
            "openspiel_card_plays_per_s": [round(x) for x in theirs],
        },
    }
    if theirs:
        reference = statistics.median(theirs)
        ratio = statistics.median(ours) / reference
        out.update(
            openspiel_card_plays_per_s=round(reference),
            ratio=round(ratio, 2),
            meets_target=ratio >= TARGET_RATIO,
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="per measure (default 2)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="RNG seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds positive")

    result = compare(args.seconds, args.rounds, args.seed)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"engine.fast card plays/s     {result['card_plays_per_s']:>12,}")
    print(f"engine.fast playouts/s       {result['trick_playouts_per_s']:>12,}")
    if not result["openspiel_available"]:
        print("open_spiel is not installed (pip install .[bench]): no comparison.")
        return 0
    print(
        f"OpenSpiel {result['openspiel_version']} hearts card plays/s "
        f"{result['openspiel_card_plays_per_s']:>12,}"
    )
    verdict = "meets" if result["meets_target"] else "MISSES"
    print(f"ratio                        {result['ratio']:>12.2f}  ({verdict} the 2x target)")
    print(f"medians of {args.rounds} alternating rounds of {args.seconds:g} s each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
