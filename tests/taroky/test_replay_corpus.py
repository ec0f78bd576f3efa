"""T-REPLAY and T-RENONC: the Taroky replay corpus through the real CLI.

Every error code of T-RENONC (but ``discard_count``, which one-card discards cannot give) has
a scenario. ``HAND`` repeats the figures worked out by hand (see ``replay/README.md``).
"""

import json
from pathlib import Path

import pytest

from engine.taroky.errors import CODES
from tests.helpers import run_cli

CORPUS = Path(__file__).resolve().parent / "replay"
EXPECTED = sorted(CORPUS.glob("*.expected.json"))

# name: (exit, error code, error index, money, eyes or eyes per seat)
HAND = {
    "worked_example": (0, None, None, [1050, -1050, 1050, -1050], [59, 11]),
    "solo_silent_valat": (0, None, None, [7500, -2500, -2500, -2500], [68, 2]),
    "varsava_zduch_blana": (0, None, None, [1450, 1450, 150, -3050], [0, 0, 9, 61]),
    "choose_phase": (0, None, None, None, None),
    "trojka_phase": (0, None, None, None, None),
    "discard_phase_3P3": (0, None, None, None, None),
    "announce_phase": (0, None, None, None, None),
    "err_bad_input_unknown_card": (2, "bad_input", None, None, None),
    "err_bad_input_unknown_word": (2, "bad_input", None, None, None),
    "err_bad_input_hand_size": (2, "bad_input", None, None, None),
    "err_bad_input_unknown_option": (2, "bad_input", None, None, None),
    "err_bad_input_end_round": (2, "bad_input", None, None, None),
    "err_game_over": (3, "game_over", 68, [1050, -1050, 1050, -1050], [59, 11]),
    "err_not_your_turn": (3, "not_your_turn", 0, None, None),
    "err_wrong_phase": (3, "wrong_phase", 0, None, None),
    "err_not_in_hand": (3, "not_in_hand", 6, None, None),
    "err_must_open": (3, "must_open", 0, None, None),
    "err_bid_too_low": (3, "bid_too_low", 1, None, None),
    "err_no_pagat_for_2P": (3, "no_pagat_for_2P", 1, None, None),
    "err_zduch_not_allowed": (3, "zduch_not_allowed", 1, None, None),
    "err_varsava_not_allowed": (3, "varsava_not_allowed", 4, None, None),
    "err_bad_call": (3, "bad_call", 5, None, None),
    "err_discard_king_or_trul": (3, "discard_king_or_trul", 6, None, None),
    "err_discard_tarok": (3, "discard_tarok", 6, None, None),
    "err_must_follow_suit": (3, "must_follow_suit", 42, None, None),
    "err_must_play_tarok": (3, "must_play_tarok", 21, None, None),
    "err_pagat_last": (3, "pagat_last", 5, None, None),
    "err_mond_on_skyz": (3, "mond_on_skyz", 7, None, None),
    "err_must_overtake": (3, "must_overtake", 6, None, None),
    "err_announce_not_allowed": (3, "announce_not_allowed", 13, None, None),
    "err_flek_not_allowed": (3, "flek_not_allowed", 12, None, None),
}

# The output object of T-REPLAY for the worked example, as TAROKY.md prints it.
SPEC_OUTPUT = {
    "finished": True, "to_act": None, "phase": "done", "legal": [],
    "game": "1P", "declarer": 0, "called": "XIX", "partner": 2, "alone": False,
    "hlasky": [["tarocky"], ["honery"], [], ["barvicky"]],
    "flek": {"game": 0, "pagat": 1, "valat": 0},
    "tricks": [8, 2, 2, 0], "eyes": [59, 11], "eyes_by_seat": None,
    "components": {"G": 240, "H": 0, "P": 800, "V": 0, "S": 1040, "A": 1050},
    "money": [1050, -1050, 1050, -1050],
    "error": None,
}  # fmt: skip


def _load(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


def _run(path: Path, *args: str):
    out, status, err = run_cli("replay", str(path), *args)
    assert err == "", err
    return json.loads(out), status


@pytest.mark.parametrize("expected", EXPECTED, ids=lambda p: p.name[: -len(".expected.json")])
def test_T_REPLAY_corpus_scenario(expected):
    want = _load(expected)
    out, status = _run(CORPUS / (expected.name.split(".")[0] + ".json"), *want["args"])
    assert isinstance(out["events"], list) and all(isinstance(e, str) and e for e in out["events"])
    del out["events"]
    assert status == want["exit"]
    assert out == want["output"]


@pytest.mark.parametrize("name", sorted(HAND))
def test_T_REPLAY_corpus_matches_the_hand_computation(name):
    out = _load(CORPUS / f"{name}.expected.json")
    status, code, index, money, eyes = HAND[name]
    assert out["exit"] == status
    o = out["output"]
    assert (o["error"] or {}).get("code") == code
    assert (o["error"] or {}).get("index") == index
    assert o["money"] == money
    assert (o["eyes"] or o["eyes_by_seat"]) == eyes
    if money is not None:
        assert sum(money) == 0
    if o["finished"] or code == "bad_input":
        assert o["to_act"] is None and o["legal"] == []
    else:
        assert o["legal"] and {a["seat"] for a in o["legal"]} == {o["to_act"]}


def test_T_REPLAY_the_worked_example_gives_the_spec_output():
    out, status = _run(CORPUS / "worked_example.json")
    del out["events"]
    assert status == 0 and out == SPEC_OUTPUT


def test_T_RENONC_every_refusal_code_has_a_scenario():
    seen = {HAND[n][1] for n in HAND} - {None}
    assert seen == set(CODES) - {"discard_count"}
    assert set(HAND) == {p.name[: -len(".expected.json")] for p in EXPECTED}


def test_T_REPLAY_CONVENTIONS_legal_orders():
    def legal(name):
        return _load(CORPUS / f"{name}.expected.json")["output"]["legal"]

    assert [a["choose"] for a in legal("choose_phase")] == ["1P", "2P", "W"]
    assert [a["trojka"] for a in legal("trojka_phase")] == ["take", "reject"]
    assert [a["announce"] for a in legal("announce_phase")] == [
        "valat", "flek:game", "flek:pagat", "done",
    ]
    assert [a["discard"] for a in legal("discard_phase_3P3")] == [
        "Jh", "Ch", "Qh", "3k", "Cx", "8p",
    ]
