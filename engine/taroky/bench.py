"""``python -m engine bench --game taroky``: deals per second through the validated API and
playouts per second through the fast path the AI uses.

Figures, not pass/fail: the README states what this machine measured.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from engine.taroky.ai.sim import DealSim
from engine.taroky.ai.worlds import World
from engine.taroky.cards import mask_of
from engine.taroky.deal import TarokyDeal
from engine.taroky.fast import random_playout


def bench_deals(seconds: float, seed: int = 0) -> dict[str, Any]:
    """Whole random deals (every action a random legal one) through ``legal_actions`` and
    ``apply``, with the views of the seat to act built at every step."""
    rng = random.Random(seed)
    deals = actions = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    while time.perf_counter() < end or deals == 0:
        d = TarokyDeal.random(random.Random(rng.getrandbits(64)), deals % 4)
        while not d.finished:
            legal = d.legal_actions()
            done = d.phase == "announce" and rng.random() < 0.5  # levels are unlimited
            d.apply(legal[-1] if done else rng.choice(legal))
            actions += 1
        deals += 1
    spent = time.perf_counter() - t0
    return {"deals_per_s": round(deals / spent, 1), "actions_per_s": round(actions / spent)}


def _positions(seed: int, count: int) -> list[TarokyDeal]:
    """Deals at their first lead, games as random bidding gives them."""
    rng = random.Random(seed)
    out: list[TarokyDeal] = []
    while len(out) < count:
        d = TarokyDeal.random(random.Random(rng.getrandbits(64)), len(out) % 4)
        while d.phase != "play":
            legal = d.legal_actions()
            d.apply(legal[-1] if d.phase == "announce" else rng.choice(legal))
        out.append(d)
    return out


def bench_playouts(seconds: float, seed: int = 0) -> dict[str, Any]:
    """Random playouts of 12 tricks, and the AI's policy playouts (with scoring), from the
    first lead of fixed deals."""
    rng = random.Random(seed)
    positions = _positions(seed, 16)
    n = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    while time.perf_counter() < end:
        for d in positions:
            assert d.leader is not None
            random_playout(list(d.hands), [], d.leader, 0, d.varsava, d.options.mond_rule, rng)
            n += 1
    random_spent = time.perf_counter() - t0
    sims = []
    for d in positions:
        untaken = [c for c in d.talon if not any(c in t for t in d.taken)]
        world = World(list(d.hands), [mask_of(x) for x in d.discards], untaken)
        sims.append(DealSim(d.view(d.leader or 0), world))
    m = 0
    t1 = time.perf_counter()
    end = t1 + seconds
    while time.perf_counter() < end:
        for sim in sims:
            sim.money(sim.run())
            m += 1
    policy_spent = time.perf_counter() - t1
    return {
        "random_playouts_per_s": round(n / random_spent),
        "card_plays_per_s": round(48 * n / random_spent),
        "policy_playouts_per_s": round(m / policy_spent),
    }


def run(seconds: float = 2.0, as_json: bool = False) -> dict[str, Any]:
    result = {**bench_playouts(seconds), **bench_deals(seconds), "seconds": seconds}
    if as_json:
        print(json.dumps(result))
    else:
        print(f"random playouts/s   {result['random_playouts_per_s']:>10,}")
        print(f"card plays/s        {result['card_plays_per_s']:>10,}")
        print(f"policy playouts/s   {result['policy_playouts_per_s']:>10,}  (AI rollouts, scored)")
        print(f"deals/s             {result['deals_per_s']:>10,}  (validated API)")
        print(f"actions/s           {result['actions_per_s']:>10,}")
    return result
