"""The replay CLI under bad input: never a traceback, always a clean error object and status.

Hypothesis feeds malformed JSON, wrong types, unknown and duplicate cards, hands of the wrong
size, actions of the wrong kind and huge inputs, in process (fast) and through the real CLI.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards import CARD_NAMES, deal_str, shuffled_deal
from engine.replay import run_text

ROOT = Path(__file__).resolve().parent.parent
CODES = {
    "bad_input", "not_your_turn", "not_in_hand", "must_follow_suit", "red_lead",
    "red_king_first_trick", "kvarty_first_lead", "not_playable", "wrong_phase", "game_over",
    "must_lay",
}
KEYS = {"finished", "to_act", "legal", "points", "knocks", "events", "protocol", "totals",
        "order", "error"}
CONTRACTS = ["cervene", "filky", "prvni_posledni", "vsechny", "cerveny_kral", "kvarty",
             "desitky", "harakiri", "maturita", "nope", ""]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=5),
    max_leaves=25,
)
card_text = st.sampled_from([*CARD_NAMES, "11h", "Xa", "", "kh", " 7h ", "10", "h7"])
hand_text = st.lists(card_text, min_size=0, max_size=10).map(" ".join)
seat = st.one_of(st.integers(-2, 5), st.none(), st.text(max_size=2), st.booleans())


@st.composite
def actions(draw):
    kind = draw(st.sampled_from(["play", "lead", "lay", "choose", "cista_stovka", "end_turn",
                                 "junk"]))
    value = draw(st.one_of(card_text, st.lists(card_text, max_size=4), json_values,
                           st.sampled_from(CONTRACTS)))
    action = {"seat": draw(seat), kind: value}
    if draw(st.booleans()):
        action["seat"] = draw(st.integers(0, 3))
    return action


@st.composite
def scenarios(draw):
    rng = random.Random(draw(st.integers(0, 2**32)))
    hands = deal_str(shuffled_deal(rng))
    mutate = draw(st.integers(0, 5))
    if mutate == 1:
        hands[draw(st.integers(0, 3))] = draw(hand_text)
    elif mutate == 2:
        hands = hands[: draw(st.integers(0, 3))]
    elif mutate == 3:
        hands[0] = hands[1]  # duplicate cards
    elif mutate == 4:
        hands = draw(json_values)
    scenario = {
        "contract": draw(st.sampled_from(CONTRACTS)),
        "leader": draw(seat),
        "hands": hands,
        "actions": draw(st.lists(actions(), max_size=12)),
    }
    if draw(st.booleans()):
        scenario["options"] = draw(st.one_of(json_values, st.fixed_dictionaries(
            {"red_king_first_trick": st.sampled_from(["allowed", "forbidden", "x", 1])})))
    if draw(st.booleans()):
        scenario["maturant"] = draw(seat)
    if draw(st.integers(0, 4)) == 0:
        scenario = {"lora": draw(st.sampled_from([True, 1, "yes"])),
                    "deals": draw(st.one_of(st.just([hands]), json_values)),
                    "actions": scenario["actions"]}
    return scenario


def _check(out: dict, status: int) -> None:
    assert set(out) == KEYS
    assert status in (0, 2, 3)
    error = out["error"]
    if status == 0:
        assert error is None
    else:
        assert error["code"] in CODES
        assert isinstance(error["message"], str) and error["message"]
        assert (status == 2) == (error["code"] == "bad_input")
    json.dumps(out)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=scenarios())
def test_malformed_scenarios_give_clean_errors(scenario):
    out, status = run_text(json.dumps(scenario))
    _check(out, status)


@settings(max_examples=200, deadline=None)
@given(value=json_values)
def test_any_json_value_gives_a_clean_answer(value):
    out, status = run_text(json.dumps(value))
    _check(out, status)
    if not isinstance(value, dict):
        assert status == 2 and out["error"]["index"] is None


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=200))
def test_any_text_gives_a_clean_answer(text):
    out, status = run_text(text)
    _check(out, status)


def test_huge_inputs_are_refused_cleanly():
    huge_number = '{"contract": "cervene", "leader": 1' + "0" * 5000 + "}"
    deep = "[" * 100_000 + "]" * 100_000
    long_hand = {"contract": "cervene", "hands": ["7h " * 100_000] * 4, "actions": []}
    many = {"contract": "cervene", "hands": deal_str(shuffled_deal(random.Random(1))),
            "actions": [{"seat": 0, "play": "7h"}] * 50_000}
    for text in (huge_number, deep, json.dumps(long_hand), json.dumps(many)):
        out, status = run_text(text)
        _check(out, status)
        assert status in (2, 3)


@settings(max_examples=12, deadline=None)
@given(scenario=scenarios())
def test_the_real_cli_exits_2_or_3_without_a_traceback(scenario):
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "-"],
        input=json.dumps(scenario), capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert "Traceback" not in proc.stderr
    out = json.loads(proc.stdout)
    _check(out, proc.returncode)
