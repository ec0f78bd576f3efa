"""A saved state is a snapshot: playing on never changes a JSON taken earlier."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.lora import Lora


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 1200))
def test_to_json_shares_nothing_with_the_live_state(seed, cut):
    rng = random.Random(seed)
    lora = Lora(rng=random.Random(seed))
    snapshots = []
    steps = 0
    while not lora.finished:
        if steps % 97 == 0 or steps == cut:
            state = lora.to_json()
            snapshots.append((state, json.dumps(state, sort_keys=True)))
        lora.apply(rng.choice(lora.legal_actions()))
        steps += 1
    final = lora.to_json()
    snapshots.append((final, json.dumps(final, sort_keys=True)))
    restored = Lora.from_json(json.loads(snapshots[-1][1]))
    assert restored.to_json() == final
    for state, text in snapshots:
        assert json.dumps(state, sort_keys=True) == text


def test_a_snapshot_taken_during_harakiri_stays_as_it_was():
    for seed in range(300):
        rng = random.Random(seed)
        lora = Lora(rng=random.Random(seed))
        taken = None
        while not lora.finished:
            if lora.harakiri is not None and taken is None:
                state = lora.to_json()
                taken = (state, json.dumps(state, sort_keys=True))
            lora.apply(rng.choice(lora.legal_actions()))
        if taken is not None:
            assert json.dumps(taken[0], sort_keys=True) == taken[1]
            return
    raise AssertionError("no harakiri in 300 random loras")
