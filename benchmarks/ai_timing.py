"""Decision time of a Lóra AI level, in one process: per card and per maturita choice.

``python benchmarks/ai_timing.py [--level hard] [--field medium] [--loras 12] [--maturita 40]``

Part one plays ``--loras`` whole lóras (``--talie`` tálie each) from the arena's fixed cards
with the level in one seat among three ``--field`` players, the seat taking turns, and times
every ``decide`` call that has a choice (cards; the maturita choices and stovka answers of
those games too). Part two times ``--maturita`` maturita choices directly, from fresh deals at
the maturita choice of attempts 1–3. The level runs with its real time
budgets, so the figures depend on the machine and its load (the load average is printed).
This measures one process, not the bot's AI worker pool. Prints a table, and JSON with
``--json``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from typing import Any

from engine.ai import make_ai
from engine.ai.arena import KINDS, play_lora, time_stats
from engine.ai.maturita_fit import maturita_position
from engine.cards import shuffled_deal


def in_play(level: str, field: str, loras: int, talie: int, seed: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {k: [] for k in KINDS}
    for index in range(loras):
        seat = index % 4
        levels = [field] * 4
        levels[seat] = level
        rng = random.Random(f"timing/{seed}/{index}")
        result = play_lora(levels, seed, index, talie, [rng.getrandbits(32) for _ in range(4)])
        for kind in KINDS:
            times[kind].extend(result["times"][level][kind])
    return times


def maturita_choices(level: str, count: int, seed: int) -> list[float]:
    times = []
    for i in range(count):
        rng = random.Random(f"timing-maturita/{seed}/{i}")
        lora = maturita_position(shuffled_deal(rng), i % 4, 1 + i % 3)
        seat = lora.to_act
        assert seat is not None
        view = lora.view(seat)
        bot = make_ai(level, random.Random(rng.getrandbits(32)))
        t = time.perf_counter()
        bot.decide(view)
        times.append((time.perf_counter() - t) * 1000)
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--level", default="hard")
    ap.add_argument("--field", default="medium")
    ap.add_argument("--loras", type=int, default=12)
    ap.add_argument("--talie", type=int, default=4, choices=range(1, 5))
    ap.add_argument("--maturita", type=int, default=40, help="maturita choices timed directly")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    play = in_play(args.level, args.field, args.loras, args.talie, args.seed)
    direct = maturita_choices(args.level, args.maturita, args.seed)
    summary: dict[str, Any] = {
        "level": args.level,
        "field": args.field,
        "loras": args.loras,
        "talie": args.talie,
        "process": "single process (not the bot's AI worker pool)",
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "card": time_stats(play["card"]),
        "maturita_choice_in_play": time_stats(play["choose"]),
        "maturita_choice_direct": time_stats(direct),
        "stovka": time_stats(play["stovka"]),
        "wall_s": round(time.perf_counter() - start, 1),
    }
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    print(
        f"{args.level} among {args.field}: {args.loras} lóras × {args.talie} tálie, "
        f"load {summary['load_average']}, {summary['process']}"
    )
    for key in ("card", "maturita_choice_in_play", "maturita_choice_direct", "stovka"):
        s = summary[key]
        print(
            f"  {key:24} n={s['n']:6}  median {s['median_ms']:7.1f} ms  "
            f"p95 {s['p95_ms']:7.1f} ms  max {s['max_ms']:7.1f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
