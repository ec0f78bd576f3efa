"""T-FLEK: the medium AI fleks an opponent's valát once, not without end. Two medium sides
used to raise a valát's flek back and forth for ever (flek levels are unlimited, [P]), so a
round with an announced valát — the easy AI announces one at random — never ended."""

from __future__ import annotations

import random

from engine import games


def test_T_FLEK_medium_ai_rounds_with_a_valat_end():
    spec = games.get("taroky")
    levels = ("easy", "medium", "medium", "medium")
    fleked = 0
    for seed in range(40):
        rnd = spec.new({"round_limit": {"deals": 2}}, random.Random(seed))
        n = 0
        while not rnd.finished:
            seat = rnd.to_act
            rnd.apply(spec.ai_action(rnd, seat, levels[seat], random.Random(f"{seed}/{n}")))
            n += 1
            assert n < 1000, f"seed {seed}: the round does not end"
        fleked += sum(1 for a in rnd.log if a.to_json().get("announce") == "flek:valat")
    assert fleked > 0  # the case did come up
