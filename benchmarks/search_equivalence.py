"""The hard player's decisions as a fingerprint, to show that a faster search decides alike.

``PYTHONPATH=. python benchmarks/search_equivalence.py [--deals 3] [--seed 17]``

Plays seeded partial games of every game of the tálie (the five trick games, kvarty, desítky)
and maturita attempts (hard as the maturant, making the maturita choice too, and hard
defending), with hard on world budgets (``budget_ms=None``: deterministic for its RNG state)
in one seat among medium players, and in every seat of one more deal per game (so that the
searching-opponent paths — ``search.strong_seats``, the lead model, the lookahead — run too).
Prints per game the number of hard decisions, the worlds they used, the CPU seconds they
took, and a SHA-256 over every decision (seat, action, worlds used); the last line is the
fingerprint over all of them. Runs against any checkout (``PYTHONPATH=/path/to/checkout``):
two checkouts with the same fingerprint made the same decisions from the same worlds. Also
printed: the CPU time of drawing worlds (``Beliefs.draw``) and of the rest of the card
searches (rollouts, scoring), per world drawn.

``--stops`` instead plays hard as at tables (time budgets, on the process's CPU clock) and
tallies per game why its card searches stopped drawing worlds (``CardSearch.stop``: the
world cap, the time budget, the close budget or cap, settled early), with the worlds used
and the CPU milliseconds per decision; ``--set worlds=128,close_worlds=240`` changes the
``SearchConfig`` (world caps, budgets) of hard. With ``--stops`` it also prints the median and
95th percentile of the CPU milliseconds per decision, and where a joint search of the seat's
own next decisions is on (``own_joint``, ``kvarty_joint``, ``desitky_joint``) how often it
ranked the close candidates (``joint``) and chose another card than the flat search
(``changed``), or was stopped by the close budget (``stopped``: the flat search's card).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from collections import Counter
from dataclasses import replace
from typing import Any

from engine import clock
from engine.ai import HardAI, MediumAI
from engine.ai.hard import DEFAULT_BUDGET_MS
from engine.ai.maturita_fit import maturita_position
from engine.ai.posterior import Beliefs
from engine.ai.search import CardSearch, SearchConfig
from engine.cards import shuffled_deal
from engine.contracts import MATURITA_GAME, TALIE_ORDER, Contract
from engine.lora import Deal, Lora, new_partial_game

GAMES = [c.value for c in TALIE_ORDER[:7]] + ["maturita-maturant", "maturita-defender"]

# CPU time of the parts of hard's card searches (the methods wrapped in ``main``)
SPENT: dict[str, float] = {"draw": 0.0, "drawn": 0, "search": 0.0, "searches": 0}


def _timed_parts() -> None:
    """Count the CPU time of ``Beliefs.draw`` (the worlds) and ``CardSearch.run`` (the whole
    search) in ``SPENT``; the results are untouched."""
    draw, run = Beliefs.draw, CardSearch.run

    def timed_draw(self: Beliefs, count: int) -> list[list[int]]:
        t = time.process_time()
        out = draw(self, count)
        SPENT["draw"] += time.process_time() - t
        SPENT["drawn"] += len(out)
        return out

    def timed_run(self: CardSearch) -> int:
        t = time.process_time()
        out = run(self)
        SPENT["search"] += time.process_time() - t
        SPENT["searches"] += 1
        return out

    Beliefs.draw = timed_draw  # type: ignore[method-assign]
    CardSearch.run = timed_run  # type: ignore[method-assign]


def start(name: str, deal: Deal, leader: int) -> Lora:
    if name.startswith("maturita"):
        return maturita_position(deal, leader)
    lora = Lora(deals=[deal] * 12, first_leader=leader)
    data = lora.to_json()
    game = new_partial_game(Contract(name), deal, leader, lora.options)
    game.start()
    data.update(game_no=TALIE_ORDER.index(Contract(name)) + 1, game=game.to_json())
    return Lora.from_json(data)


def play(name: str, deal: Deal, leader: int, hard_seats: list[int], seeds: list[int],
         timed: bool, stops: Counter[str], worlds: list[int],
         config: SearchConfig | None = None,
         times: list[float] | None = None,
         joints: Counter[str] | None = None) -> list[str]:  # fmt: skip
    lora = start(name, deal, leader)
    budget = DEFAULT_BUDGET_MS if timed else None
    players: list[Any] = [
        HardAI(random.Random(seeds[s]), budget, config)
        if s in hard_seats
        else MediumAI(random.Random(seeds[s]))
        for s in range(4)
    ]  # fmt: skip
    out: list[str] = []
    n0 = len(lora.protocol)
    while len(lora.protocol) == n0:
        seat = lora.to_act
        assert seat is not None
        view = lora.view(seat)
        player = players[seat]
        t = time.process_time()
        action = player.decide(view)
        spent = time.process_time() - t
        if seat in hard_seats and len(view.legal) > 1:
            if times is not None:
                times.append(spent * 1000)
            joint = getattr(player, "last_joint", "")
            if joint and joints is not None:
                joints["joint"] += joint != "stopped"
                joints["changed"] += joint == "changed"
                joints["stopped"] += joint == "stopped"
            used = getattr(player, "last_worlds", 0)
            out.append(f"{seat}:{action!r}:{used}")
            worlds.append(used)
            stop = getattr(player, "last_stop", "")
            if stop:
                stops[stop] += 1
        lora.apply(action)
    assert not name.startswith("maturita") or lora.protocol[n0].game == MATURITA_GAME
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=3, help="deals per game with one hard seat")
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--games", nargs="*", default=GAMES)
    ap.add_argument("--stops", action="store_true", help="time budgets: why searches stopped")
    ap.add_argument("--all-hard", type=int, default=1, help="deals per game with hard in all seats")
    ap.add_argument("--set", default="", help="SearchConfig fields: worlds=128,...")
    args = ap.parse_args()
    config = None
    if args.set:
        values: dict[str, Any] = {k: float(v) if "." in v else int(v) for k, v in
                  (item.split("=") for item in args.set.split(","))}  # fmt: skip
        config = replace(SearchConfig(), **values)
    if args.stops:
        clock.count_cpu_time()
    _timed_parts()
    total = hashlib.sha256()
    for name in args.games:
        h = hashlib.sha256()
        stops: Counter[str] = Counter()
        joints: Counter[str] = Counter()
        times: list[float] = []
        worlds: list[int] = []
        decisions = 0
        t0 = time.process_time()
        for key in SPENT:
            SPENT[key] = 0
        for i in range(args.deals + args.all_hard):
            rng = random.Random(f"equivalence/{args.seed}/{name}/{i}")
            deal = shuffled_deal(rng)
            leader = i % 4
            seeds = [rng.getrandbits(32) for _ in range(4)]
            if i >= args.deals:
                seats = [0, 1, 2, 3]
            elif name == "maturita-maturant":
                seats = [leader]
            elif name == "maturita-defender":
                seats = [(leader + 1 + i % 3) & 3]
            else:
                seats = [(leader + i) & 3]
            for line in play(
                name, deal, leader, seats, seeds, args.stops, stops, worlds, config, times, joints
            ):
                h.update(line.encode() + b"\n")
                decisions += 1
        cpu = time.process_time() - t0
        total.update(h.digest())
        line = f"{name:18s} {decisions:4d} decisions {sum(worlds):6d} worlds {cpu:7.2f} s"
        if args.stops:
            n = max(sum(stops.values()), 1)
            line += "  " + " ".join(f"{k} {v / n:.0%}" for k, v in sorted(stops.items()))
            line += f"  worlds mean {sum(worlds) / max(len(worlds), 1):.0f}"
            line += f"  {cpu * 1000 / max(decisions, 1):.1f} ms per decision"
            times.sort()
            if times:
                p50, p95 = times[len(times) // 2], times[min(len(times) - 1, len(times) * 19 // 20)]
                line += f" (median {p50:.1f}, p95 {p95:.1f}, max {times[-1]:.1f})"
            if joints:
                n = max(decisions, 1)
                line += f"  joint {joints['joint'] / n:.0%} changed {joints['changed'] / n:.0%}"
                line += f" stopped {joints['stopped'] / n:.0%}"
        else:
            line += f"  {h.hexdigest()[:16]}"
            drawn = max(SPENT["drawn"], 1.0)
            line += f"  drawing {SPENT['draw'] * 1000 / drawn:.3f} ms/world"
            line += f", the rest {(SPENT['search'] - SPENT['draw']) * 1000 / drawn:.3f} ms/world"
        print(line, flush=True)
    if not args.stops:
        print(f"fingerprint {total.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
