"""A saved state's action log is built once per action (``engine.log_json``), and the JSON and
its stored text are the same as building them anew at every save: for Lóra, a Taroky round
and a Taroky deal."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Play
from engine.log_json import LogJSON, json_text
from engine.lora import Lora
from engine.taroky.deal import TarokyDeal, random_deal
from engine.taroky.options import TarokyOptions
from engine.taroky.round import TarokyRound


def _fresh(log):
    return [a.to_json() for a in log]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), saves=st.integers(1, 7))
def test_a_lora_saved_every_few_actions_has_the_log_built_anew(seed, saves):
    rng = random.Random(seed)
    lora = Lora(rng=random.Random(seed))
    steps = 0
    while not lora.finished and steps < 400:
        lora.apply(rng.choice(lora.legal_actions()))
        steps += 1
        if steps % saves == 0:
            state = lora.to_json()
            assert state["log"] == _fresh(lora.log)
            assert lora.to_json_text() == json_text(state)
            back = Lora.from_json(json.loads(json.dumps(state)))
            assert back.to_json() == state
    assert lora.to_json()["log"] == _fresh(lora.log)


def test_taroky_round_and_deal_logs_as_built_anew():
    rng = random.Random(11)
    rnd = TarokyRound(rng=random.Random(3), options=TarokyOptions(round_deals=2))
    steps = 0
    while not rnd.over and rnd.legal_actions():
        rnd.apply(rng.choice(rnd.legal_actions()))
        steps += 1
        if steps % 5 == 0:
            assert rnd.to_json()["log"] == _fresh(rnd.log)
            # the round's log is not its last key: the text keeps the keys' order
            assert rnd.to_json_text() == json_text(rnd.to_json())
            assert rnd.deal.to_json()["log"] == _fresh(rnd.deal.log)
    assert steps > 20
    assert rnd.to_json()["log"] == _fresh(rnd.log)
    hands, talon = random_deal(random.Random(5), 1)
    deal = TarokyDeal(hands, talon, 1, TarokyOptions())
    for _ in range(12):
        deal.apply(rng.choice(deal.legal_actions()))
        assert deal.to_json()["log"] == _fresh(deal.log)


def test_each_action_is_built_once_and_each_save_gets_a_list_of_its_own():
    built = []

    class Counted(Play):
        def to_json(self):
            built.append(self)
            return super().to_json()

    log = [Counted(0, 3), Counted(1, 4)]
    cache = LogJSON()
    first = cache.of(log)
    log.append(Counted(2, 5))
    second = cache.of(log)
    assert len(built) == 3  # the first two were not built again
    assert first == _fresh(log[:2]) and second == _fresh(log)
    second.append({"seat": 9})
    assert cache.of(log) == _fresh(log)  # a caller's list is its own


def test_a_log_replaced_or_cut_is_rebuilt_from_where_it_differs():
    cache = LogJSON()
    log = [Play(0, 1), Play(1, 2), Play(2, 3)]
    assert cache.of(log) == _fresh(log)
    other = [log[0], Play(1, 7)]
    assert cache.of(other) == _fresh(other)
    assert cache.of(log[:1]) == _fresh(log[:1])
    assert cache.of([]) == []


def test_a_state_s_text_splices_the_log_where_it_stands():
    cache = LogJSON()
    log = [Play(0, 1), Play(1, 2)]
    data = {"a": 1, "log": None, "z": "\u00e1\x00"}
    assert cache.state_text(data, log) == json_text({**data, "log": _fresh(log)})


def test_a_state_holding_the_mark_s_text_is_serialized_whole():
    cache = LogJSON()
    log = [Play(0, 1)]
    data = {"note": "\x00log\x00", "log": None}
    assert cache.state_text(data, log) == json_text({**data, "log": _fresh(log)})


def test_the_bot_stores_a_game_without_its_own_text_by_its_json():
    from engine.game import state_text
    from tests.toy_game import ToyGame

    game = ToyGame([[1, 2], [3, 4]], 0)
    assert not hasattr(game, "to_json_text")
    assert state_text(game) == json_text(game.to_json())
    lora = Lora(rng=random.Random(2))
    lora.apply(lora.legal_actions()[0])
    assert state_text(lora) == json_text(lora.to_json())
