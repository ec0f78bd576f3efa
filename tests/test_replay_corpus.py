"""The replay corpus (``tests/replay/``): every scenario through the real CLI
(``python -m engine replay``), compared with its expected output and exit status.

``NAME.json`` is the input; ``NAME.expected.json`` (and ``NAME.en.expected.json`` for a run
with ``--lang en``) holds ``{"args": [...], "exit": N, "output": {...}}``. The ``events``
lines are free form (REPLAY.md), so they are checked for shape only; every other field is
compared exactly. ``HAND`` below repeats the numbers worked out by hand (see the rule tests),
so that regenerating an expected file can never silently change them.
"""

import json
from pathlib import Path

import pytest

from engine.contracts import PLAYABLE_CONTRACTS
from tests.helpers import run_cli

CORPUS = Path(__file__).resolve().parent / "replay"
EXPECTED = sorted(CORPUS.glob("*.expected.json"))
CODES = {
    "bad_input",
    "not_your_turn",
    "not_in_hand",
    "must_follow_suit",
    "red_lead",
    "red_king_first_trick",
    "kvarty_first_lead",
    "not_playable",
    "wrong_phase",
    "game_over",
    "must_lay",
}

# name: (exit, points, knocks, error code, error index), all by hand
HAND = {
    "cervene_even": (0, [4, 0, 0, 4], [0, 0, 0, 0], None, None),
    "filky_even": (0, [2, 2, 2, 2], [0, 0, 0, 0], None, None),
    "prvni_posledni_even": (0, [4, 0, 4, 0], [0, 0, 0, 0], None, None),
    "vsechny_even": (0, [2, 2, 2, 2], [0, 0, 0, 0], None, None),
    "harakiri_even": (0, [20, 4, 8, 8], [0, 0, 0, 0], None, None),
    "cerveny_kral_even_unfinished": (0, [0, 0, 0, 0], [0, 0, 0, 0], None, None),
    "cerveny_kral_first_trick": (0, [8, 0, 0, 0], [0, 0, 0, 0], None, None),
    "cervene_solo_early_end": (0, [8, 0, 0, 0], [0, 0, 0, 0], None, None),
    "filky_solo_panak": (0, [8, 0, 0, 0], [0, 0, 0, 0], None, None),
    "kvarty_whole_game": (0, [0, 1, 3, 1], [0, 0, 0, 0], None, None),
    # K3: seat 2 lays 7a and 10a, seat 1 adds 8a and 9a (his last): seat 2 keeps 5 cards
    "kvarty_end_mid_kvarta": (0, [7, 0, 5, 8], [0, 0, 0, 0], None, None),
    # OWN (the example): seat 0 lays Sa and Ea, his last two, before anybody fills
    "kvarty_leader_lays_own_cards": (0, [0, 2, 8, 8], [0, 0, 0, 0], None, None),
    "maturita_kvarty_leader_goes_out": (0, [0, 0, 0, 0], [0, 0, 0, 0], None, None),
    # BLOWN: 7h 8h is odfouknutá (9h played): seat 0, not seat 3 (8h), leads again
    "kvarty_blown_leader_leads_again": (0, [0, 0, 0, 0], [0, 0, 0, 0], None, None),
    # FILL: 7a 10a his own; 8a (seat 3's last) goes before 9a (seat 1's last): seat 3 is out
    "kvarty_fillers_lower_card_first": (0, [4, 1, 8, 0], [0, 0, 0, 0], None, None),
    "kvarty_kralovska_kvarta": (0, [0, 7, 7, 8], [0, 0, 0, 0], None, None),
    "kvarty_divoka_karta_unfinished": (0, [0, 0, 0, 0], [0, 0, 0, 0], None, None),
    "desitky_whole_game": (0, [4, 3, 0, 6], [0, 1, 0, 0], None, None),
    "desitky_knocks_at_start": (0, [1, 1, 0, 0], [1, 1, 0, 0], None, None),
    "desitky_three_knocks_in_a_row": (0, [0, 9, 9, 9], [0, 1, 1, 1], None, None),
    "maturita_desitky_knock_at_start": (0, [8, 0, 0, 0], [1, 0, 0, 0], None, None),
    "maturita_desitky_knock_later": (0, [8, 0, 0, 0], [1, 0, 0, 0], None, None),
    "maturita_desitky_other_sheds_first": (0, [8, 0, 0, 0], [0, 1, 0, 0], None, None),
    "maturita_kvarty_fail": (0, [8, 0, 0, 0], [0, 0, 0, 0], None, None),
    "maturita_kvarty_pass": (0, [0, 0, 0, 0], [0, 0, 0, 0], None, None),
    "maturita_filky_fail_no_panak": (0, [8, 0, 0, 0], [0, 0, 0, 0], None, None),
    "maturita_vsechny_fail": (0, [8, 0, 0, 0], [0, 0, 0, 0], None, None),
    "maturita_cervene_pass": (0, [0, 0, 0, 0], [0, 0, 0, 0], None, None),
    "maturita_cerveny_kral_pass": (0, [0, 0, 0, 0], [0, 0, 0, 0], None, None),
    "maturita_desitky_maturant_leads": (0, [0, 8, 0, 0], [0, 1, 0, 0], None, None),
    "err_bad_input_maturant_not_leader": (2, [0, 0, 0, 0], [0, 0, 0, 0], "bad_input", None),
    "err_not_your_turn": (3, [0, 0, 0, 0], [0, 0, 0, 0], "not_your_turn", 0),
    "err_not_in_hand": (3, [0, 0, 0, 0], [0, 0, 0, 0], "not_in_hand", 0),
    "err_must_follow_suit": (3, [0, 0, 0, 0], [0, 0, 0, 0], "must_follow_suit", 1),
    "err_red_lead": (3, [0, 0, 0, 0], [0, 0, 0, 0], "red_lead", 0),
    "err_red_king_first_trick": (3, [0, 0, 0, 0], [0, 0, 0, 0], "red_king_first_trick", 2),
    "err_kvarty_first_lead": (3, [0, 0, 0, 0], [0, 0, 0, 0], "kvarty_first_lead", 0),
    "err_not_playable": (3, [0, 0, 0, 0], [0, 0, 0, 0], "not_playable", 0),
    "err_must_lay": (3, [0, 0, 0, 0], [0, 0, 0, 0], "must_lay", 0),
    "err_wrong_phase_lead_in_trick_game": (3, [0, 0, 0, 0], [0, 0, 0, 0], "wrong_phase", 0),
    "err_wrong_phase_card_in_kvarty": (3, [0, 0, 0, 0], [0, 0, 0, 0], "wrong_phase", 0),
    "err_wrong_phase_turn_in_trick_game": (3, [0, 0, 0, 0], [0, 0, 0, 0], "wrong_phase", 0),
    "err_wrong_phase_choose_in_partial_game": (3, [0, 0, 0, 0], [0, 0, 0, 0], "wrong_phase", 0),
    "err_game_over": (3, [8, 0, 0, 0], [0, 0, 0, 0], "game_over", 4),
    "err_bad_input_unknown_card": (2, [0, 0, 0, 0], [0, 0, 0, 0], "bad_input", 1),
    "err_bad_input_hand_size": (2, [0, 0, 0, 0], [0, 0, 0, 0], "bad_input", None),
    "err_bad_input_contract_maturita": (2, [0, 0, 0, 0], [0, 0, 0, 0], "bad_input", None),
}

# whole lóras: (exit, finished, totals, order, protocol rows, error code)
HAND_LORAS = {
    # see test_rules_harakiri.test_R_HARAKIRI_end_to_end_lora_with_given_deals_via_replay
    "lora_tie_harakiri": (0, True, [128, 128, 48, 48], [3, 2, 0, 1], 35, None),
    # first leader 1; seat s takes every trick of games 1–5 in the tálie it leads (40);
    # kvarty/desítky 48 each; maturita failures 1, 2, 3 once (8) and 0 three times (24):
    # 112, 96, 96, 96. Seat 0 declared čistá stovka and missed: last. {1, 2, 3}: four
    # harakiri led by 1, 2, 3, 0 won by 3, 2, 3, 2 → sums 0, 80, 80 → 1 first; {2, 3} led
    # by 1 won by 3 → 2, 3.
    "lora_stovka_missed_three_way_harakiri": (0, True, [112, 96, 96, 96], [1, 2, 3, 0], 42, None),
    # tálie 1 (seat 0 takes every trick, sheds in kvarty/desítky): 40, 16, 16, 16
    "lora_maturita_choice_refused": (3, False, [40, 16, 16, 16], None, 7, "wrong_phase"),
    # first leader 3: tálie 1 (x=0, leader 3): 56 16 16 0; tálie 2 (x=1, leader 0):
    # 56 72 32 16; tálie 3 games 1–4 (x=2): 56 72 64 16
    "lora_stovka_question": (3, False, [56, 72, 64, 16], None, 20, "not_your_turn"),
    # three deals: červené and filky to seat 2 (x=2), první–poslední cut before its end
    "lora_out_of_deals": (2, False, [0, 0, 16, 0], None, 2, "bad_input"),
}


def _input_of(expected: Path) -> Path:
    return CORPUS / (expected.name.split(".")[0] + ".json")


def _load(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


def _run(path: Path, *args: str):
    out, status, err = run_cli("replay", str(path), *args)
    assert err == "", err
    return json.loads(out), status


def _check_events(out):
    assert isinstance(out["events"], list)
    assert all(isinstance(e, str) and e for e in out["events"])


@pytest.mark.parametrize("expected", EXPECTED, ids=lambda p: p.name[: -len(".expected.json")])
def test_replay_corpus_scenario(expected):
    want = _load(expected)
    out, status = _run(_input_of(expected), *want["args"])
    _check_events(out)
    del out["events"]
    assert status == want["exit"]
    assert out == want["output"]


def test_replay_corpus_stdin_gives_the_same_output():
    path = CORPUS / "kvarty_whole_game.json"
    by_file, status = _run(path)
    out, status2, err = run_cli("replay", "-", stdin=path.read_text(encoding="utf-8"))
    assert err == ""
    assert (json.loads(out), status2) == (by_file, status) and status == 0


@pytest.mark.parametrize("name", sorted(HAND))
def test_replay_corpus_expected_matches_hand_computation(name):
    want = _load(CORPUS / f"{name}.expected.json")
    out = want["output"]
    status, points, knocks, code, index = HAND[name]
    assert want["exit"] == status
    assert out["points"] == points
    assert out["knocks"] == knocks
    assert (out["error"] or {}).get("code") == code
    assert (out["error"] or {}).get("index") == index
    if out["finished"] or (code == "bad_input" and index is None):
        assert out["to_act"] is None and out["legal"] == []
    else:
        assert out["to_act"] in (0, 1, 2, 3)
        assert out["legal"] and {a["seat"] for a in out["legal"]} == {out["to_act"]}


def test_replay_corpus_blown_kvarta_leaves_the_lead_with_its_leader():
    out = _load(CORPUS / "kvarty_blown_leader_leads_again.expected.json")["output"]
    assert out["to_act"] == 0  # R-KVARTY-NEXT: not seat 3, who laid its highest card
    assert [a["lead"] for a in out["legal"]] == ["7l", "8l", "9l", "10l", "Ea"]


@pytest.mark.parametrize("name", sorted(HAND_LORAS))
def test_replay_corpus_lora_expected_matches_hand_computation(name):
    want = _load(CORPUS / f"{name}.expected.json")
    out = want["output"]
    status, finished, totals, order, rows, code = HAND_LORAS[name]
    assert want["exit"] == status
    assert out["finished"] is finished
    assert out["totals"] == totals
    assert out["order"] == order
    assert len(out["protocol"]) == rows
    assert (out["error"] or {}).get("code") == code
    # the totals are the sum of the protocol without harakiri (R-PROTOCOL, R-HARAKIRI)
    sums = [0, 0, 0, 0]
    for row in out["protocol"]:
        if row["contract"] != "harakiri":
            sums = [a + b for a, b in zip(sums, row["points"], strict=True)]
    assert sums == totals


def test_replay_corpus_lora_b_protocol_rows_by_hand():
    out = _load(CORPUS / "lora_stovka_missed_three_way_harakiri.expected.json")["output"]
    maturita = [
        (r["tali"], r["attempt"], r["contract"], r["points"])
        for r in out["protocol"]
        if r["game"] == 8
    ]
    assert maturita == [
        (1, 1, "desitky", [0, 8, 0, 0]),
        (1, 2, "kvarty", [0, 0, 0, 0]),
        (2, 1, "vsechny", [0, 0, 8, 0]),
        (2, 2, "cerveny_kral", [0, 0, 0, 0]),
        (3, 1, "kvarty", [0, 0, 0, 8]),
        (3, 2, "filky", [0, 0, 0, 0]),
        (4, 1, "cervene", [8, 0, 0, 0]),
        (4, 2, "filky", [8, 0, 0, 0]),
        (4, 3, "prvni_posledni", [8, 0, 0, 0]),
    ]
    harakiri = [r["points"] for r in out["protocol"] if r["contract"] == "harakiri"]
    assert harakiri == [[0, 0, 0, 40], [0, 0, 40, 0], [0, 0, 0, 40], [0, 0, 40, 0], [0, 0, 0, 40]]
    assert all(r["tali"] is None and r["game"] is None for r in out["protocol"][37:])
    scenario = _load(CORPUS / "lora_stovka_missed_three_way_harakiri.json")
    answers = [a for a in scenario["actions"] if "cista_stovka" in a]
    assert answers == [
        {"seat": 3, "cista_stovka": False},
        {"seat": 0, "cista_stovka": True},
        {"seat": 1, "cista_stovka": False},
        {"seat": 2, "cista_stovka": False},
    ]


def test_replay_corpus_covers_every_error_code_and_contract():
    codes = set()
    contracts = set()
    maturita = set()
    loras = 0
    for expected in EXPECTED:
        error = _load(expected)["output"]["error"]
        if error:
            codes.add(error["code"])
        scenario = _load(_input_of(expected))
        if scenario.get("lora"):
            loras += _load(expected)["output"]["order"] is not None
        elif "contract" in scenario and not error:
            contracts.add(scenario["contract"])
            if scenario.get("maturant") is not None:
                maturita.add(scenario["contract"])
    assert codes == CODES
    assert contracts == {c.value for c in PLAYABLE_CONTRACTS}
    assert maturita == {"cervene", "filky", "vsechny", "cerveny_kral", "kvarty", "desitky"}
    assert loras >= 2


def test_replay_corpus_jsonl_one_output_per_line_bad_lines_included():
    out, status, err = run_cli("replay", "--jsonl", str(CORPUS / "batch.jsonl"))
    assert status == 0 and err == ""
    got = [json.loads(line) for line in out.splitlines()]
    want = [json.loads(line) for line in (CORPUS / "batch.expected.jsonl").read_text().splitlines()]
    for o in got:
        _check_events(o)
        del o["events"]
    assert got == want
    assert [(o["error"] or {}).get("code") for o in got] == [
        "must_follow_suit",
        "bad_input",
        "bad_input",
        None,
        "bad_input",
        None,
    ]


def test_replay_corpus_jsonl_from_stdin():
    text = (CORPUS / "batch.jsonl").read_text(encoding="utf-8")
    out, status, err = run_cli("replay", "--jsonl", "-", stdin=text)
    assert status == 0 and err == ""
    assert len(out.splitlines()) == 6
