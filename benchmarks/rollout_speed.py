"""Speed of the hard player's trick-game rollouts: microseconds of CPU per rollout.

``python benchmarks/rollout_speed.py [--deals 200] [--repeat 20] [--rounds 5]``

From fixed positions of the five trick games (random deals, 0–20 cards played by the medium
rules), ``policy.trick_rollout`` plays each on to the end ``--repeat`` times: with the medium
rules in every seat, and (where the code has it) with the three seats other than the one to
act leading by the lead model of strong opponents (``policy.model_lead``, the table of
``engine.ai.lead_weights``). Prints process CPU time per rollout of each, per round and the
fastest round (the least disturbed by other work on the machine). Runs against any checkout
(``PYTHONPATH=/path/to/checkout``): without the lead model only the medium line.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

import engine.ai.policy as P
from engine.cards import shuffled_deal
from engine.contracts import Contract
from engine.rules import trick_winner_offset

try:
    from engine.ai.lead_weights import LEAD_WEIGHTS
except ImportError:  # a checkout from before the lead model
    LEAD_WEIGHTS = {}

GAMES = ("cervene", "filky", "prvni_posledni", "vsechny", "cerveny_kral")
Position = tuple[int, list[int], list[int], int, int, int]


def positions(deals: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out: list[Position] = []
    for i in range(deals):
        code = P.fast_code(Contract(GAMES[i % 5]))
        hands = list(shuffled_deal(rng))
        leader, index, taken = rng.randrange(4), 0, 0
        trick: list[int] = []
        voids = [0, 0, 0, 0]
        for _ in range(rng.randrange(21)):  # play some cards by the medium rules
            s = (leader + len(trick)) & 3
            remaining = hands[0] | hands[1] | hands[2] | hands[3]
            c = P.trick_policy(code, s, hands[s], trick, leader, index, remaining, voids, -1, False)
            hands[s] &= ~(1 << c)
            trick.append(c)
            if len(trick) == 4:
                leader = (leader + trick_winner_offset(trick)) & 3
                for x in trick:
                    taken |= 1 << x
                trick, index = [], index + 1
        out.append((code, hands, trick, leader, index, taken))
    return out


def run(pos: list[Position], repeat: int, modelled: bool) -> float:
    n = 0
    t0 = time.process_time()
    for code, hands, trick, leader, index, taken in pos:
        to_act = (leader + len(trick)) & 3
        leads: Any = None
        if modelled:
            w = LEAD_WEIGHTS.get(code)
            leads = [None if s == to_act else w for s in range(4)]
        for _ in range(repeat):
            if leads is None:
                P.trick_rollout(code, hands, trick, leader, index, taken, [0, 0, 0, 0], -1, False)
            else:
                P.trick_rollout(
                    code, hands, trick, leader, index, taken, [0, 0, 0, 0], -1, False,
                    (False, False, False, False), -1, None, leads,
                )  # fmt: skip
            n += 1
    return (time.process_time() - t0) / n * 1e6


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    pos = positions(args.deals, args.seed)
    has_model = bool(LEAD_WEIGHTS)
    medium: list[float] = []
    model: list[float] = []
    for rnd in range(args.rounds):  # interleaved
        medium.append(run(pos, args.repeat, False))
        line = f"round {rnd + 1}: medium {medium[-1]:.1f} µs per rollout"
        if has_model:
            model.append(run(pos, args.repeat, True))
            line += f", three seats leading by the model {model[-1]:.1f} µs"
        print(line)
    line = f"fastest round: medium {min(medium):.1f} µs"
    if model:
        line += f", the model {min(model):.1f} µs"
    print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
