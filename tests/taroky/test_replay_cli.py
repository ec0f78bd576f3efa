"""T-REPLAY through ``python -m engine replay``: files, standard input, ``--jsonl``,
``--lang en``, the exit statuses, and the in-process entry point."""

import json
from pathlib import Path

from engine.replay import run_scenario
from tests.helpers import run_cli
from tests.taroky.helpers import WORKED_HANDS, WORKED_TALON

CORPUS = Path(__file__).resolve().parent / "replay"


def scenario(actions):
    return {"game": "taroky", "dealer": 3, "hands": WORKED_HANDS, "talon": WORKED_TALON,
            "actions": actions}  # fmt: skip


def test_T_REPLAY_stdin_gives_the_same_as_the_file():
    path = CORPUS / "worked_example.json"
    by_file, status, _ = run_cli("replay", str(path))
    by_stdin, status2, err = run_cli("replay", "-", stdin=path.read_text(encoding="utf-8"))
    assert err == "" and (by_file, status) == (by_stdin, status2) and status == 0


def test_T_REPLAY_jsonl_one_output_per_line_mixed_games():
    lines = [
        json.dumps(scenario([{"seat": 0, "bid": "1P"}])),
        "not json",
        json.dumps(scenario([{"seat": 0, "bid": "dobra"}])),
        (CORPUS.parent.parent / "replay" / "cervene_even.json").read_text().replace("\n", " "),
    ]
    out, status, err = run_cli("replay", "--jsonl", "-", stdin="\n".join(lines) + "\n")
    assert status == 0 and err == ""
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == 4
    assert rows[0]["to_act"] == 1 and rows[0]["phase"] == "bid"
    assert rows[1]["error"]["code"] == "bad_input"
    assert rows[2]["error"]["code"] == "must_open" and rows[2]["error"]["index"] == 0
    assert "points" in rows[3] and rows[3]["error"] is None  # a Lóra line in the same run


def test_T_REPLAY_english_messages_and_exit_statuses():
    out, status, _ = run_cli(
        "replay", "-", "--lang", "en", stdin=json.dumps(scenario([{"seat": 0, "bid": "dobra"}]))
    )
    data = json.loads(out)
    assert status == 3
    assert data["error"]["message"] == "The forehand must open the bidding; passing is not allowed."
    assert data["events"] == ["Deal 1: seat 3 deals, seat 0 is the forehand."]
    out, status, _ = run_cli("replay", "-", stdin=json.dumps(scenario([{"seat": 9, "bid": "1P"}])))
    assert status == 2 and json.loads(out)["error"]["index"] is None


def test_T_REPLAY_messages_never_show_codes_or_rule_ids():
    for name in sorted(CORPUS.glob("err_*.expected.json")):
        error = json.loads(name.read_text(encoding="utf-8"))["output"]["error"]
        msg = error["message"]
        assert "T-" not in msg and error["code"] not in msg and "_" not in msg


def test_T_REPLAY_CONVENTIONS_options_in_json():
    data = scenario([{"seat": 0, "bid": "1P"}])
    data["options"] = {
        "varsava": False, "zduch": False, "flek_max": 3, "cap": "none",
        "varsava_max_taroky": 3, "varsava_mond_na_skyze": "allowed", "tie": "one_eye",
        "solo_talon": "hidden", "stake": 5000, "dokup_step": 1000,
        "round_limit": {"deals": 8}, "rounds": 4,
    }  # fmt: skip
    out, status = run_scenario(data)
    assert status == 0 and out["error"] is None
    for bad in ({"flek_max": 0}, {"cap": "unlimited"}, {"tie": "one"}, {"varsava": "on"}):
        data["options"] = bad
        out, status = run_scenario(data)
        assert status == 2 and out["error"]["code"] == "bad_input"


def test_T_REPLAY_bad_scenarios_are_bad_input():
    for data in (
        [],
        {"game": "taroky"},
        {**scenario([]), "extra": 1},
        {**scenario([]), "dealer": 4},
        {**scenario([]), "actions": {}},
        {**scenario([]), "hands": WORKED_HANDS[:3]},
        {**scenario([{"seat": 0, "bid": "1P", "play": "I"}])},
        {**scenario([{"seat": True, "bid": "1P"}])},
    ):
        out, status = run_scenario(data)
        assert status == 2 and out["error"]["code"] == "bad_input" and out["error"]["index"] is None
