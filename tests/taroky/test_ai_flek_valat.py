"""T-FLEK: the medium AI fleks an opponent's valát once, not without end. Two medium sides
used to raise a valát's flek back and forth for ever (flek levels are unlimited, [P]), so a
round with an announced valát never ended. The valát comes from a seat that announces one
whenever it may (the easy AI did so at random until it got the medium's caution)."""

from __future__ import annotations

import random

from engine import games
from engine.taroky.actions import Announce


def test_T_FLEK_medium_ai_rounds_with_a_valat_end():
    spec = games.get("taroky")
    fleked = 0
    for seed in range(40):
        rnd = spec.new({"round_limit": {"deals": 2}}, random.Random(seed))
        n = 0
        while not rnd.finished:
            seat = rnd.to_act
            valat = Announce(seat, "valat")
            if seat == 0 and valat in rnd.view(seat).legal:
                action = valat  # the seat that always announces a valát
            else:
                action = spec.ai_action(rnd, seat, "medium", random.Random(f"{seed}/{n}"))
            rnd.apply(action)
            n += 1
            assert n < 1000, f"seed {seed}: the round does not end"
        fleked += sum(1 for a in rnd.log if a.to_json().get("announce") == "flek:valat")
    assert fleked > 0  # the case did come up
