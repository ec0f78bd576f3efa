"""``python -m engine bench``: throughput of the rollout fast path and of whole loras.

Figures, not pass/fail: the README states what this machine measured. The comparison with
OpenSpiel's Hearts in the same run is ``python benchmarks/compare_openspiel.py`` (the engine
itself never imports benchmarks/ or open_spiel).
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from engine.cards import shuffled_deal
from engine.contracts import Contract
from engine.fast import FAST_CODES, random_playout
from engine.lora import Lora

TRICK_CONTRACTS = (
    Contract.CERVENE,
    Contract.FILKY,
    Contract.PRVNI_POSLEDNI,
    Contract.VSECHNY,
    Contract.CERVENY_KRAL,
)


def bench_playouts(seconds: float, seed: int = 0) -> dict[str, Any]:
    """Random playouts of each trick contract from fixed deals, round robin.

    Every playout starts at the first trick, so it plays ``4 * tricks`` cards.
    """
    rng = random.Random(seed)
    rnd = rng.random
    deals = [list(shuffled_deal(rng)) for _ in range(16)]
    playouts = dict.fromkeys(TRICK_CONTRACTS, 0)
    cards = dict.fromkeys(TRICK_CONTRACTS, 0)
    spent = dict.fromkeys(TRICK_CONTRACTS, 0.0)
    clock = time.perf_counter
    end = clock() + seconds
    while clock() < end:
        for contract in TRICK_CONTRACTS:
            code = FAST_CODES[contract]
            n = tricks_played = 0
            t0 = clock()
            for deal in deals:
                for leader in range(4):
                    _, tricks = random_playout(code, deal, leader, [], 0, 0, rnd)
                    n += 1
                    tricks_played += tricks
            spent[contract] += clock() - t0
            playouts[contract] += n
            cards[contract] += 4 * tricks_played
    total = sum(spent.values())
    return {
        "trick_playouts_per_s": round(sum(playouts.values()) / total),
        "card_plays_per_s": round(sum(cards.values()) / total),
        "per_contract_playouts_per_s": {
            c.value: round(playouts[c] / spent[c]) for c in TRICK_CONTRACTS
        },
    }


def bench_loras(seconds: float, seed: int = 0) -> dict[str, Any]:
    """Random whole loras through the validated API (legal_actions + apply)."""
    rng = random.Random(seed)
    loras = actions = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    while time.perf_counter() < end or loras == 0:
        lora = Lora(rng=random.Random(rng.getrandbits(64)))
        while not lora.finished:
            lora.apply(rng.choice(lora.legal_actions()))
            actions += 1
        loras += 1
    spent = time.perf_counter() - t0
    return {"loras_per_s": round(loras / spent, 1), "actions_per_s": round(actions / spent)}


def run(seconds: float = 2.0, as_json: bool = False) -> dict[str, Any]:
    result = {**bench_playouts(seconds), **bench_loras(seconds), "seconds": seconds}
    if as_json:
        print(json.dumps(result))
    else:
        print(f"trick playouts/s   {result['trick_playouts_per_s']:>12,}")
        print(f"card plays/s       {result['card_plays_per_s']:>12,}")
        for name, value in result["per_contract_playouts_per_s"].items():
            print(f"  {name:<16} {value:>12,} playouts/s")
        print(f"loras/s            {result['loras_per_s']:>12,}")
        print(f"lora actions/s     {result['actions_per_s']:>12,}")
    return result
