"""The replay CLI on bad input (REPLAY.md): standard input, unreadable files, invalid JSON,
wrong types, unknown and duplicate cards, wrong hand sizes, actions of the wrong kind,
running out of deals. Always one JSON object, the right exit status, never a traceback."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cards import deal_str
from engine.lora import Lora
from tests.helpers import (
    ROOT,
    at_choose,
    drive_recorded,
    kdeal,
    noten_deal,
    replay,
    run_cli,
    tali_deals,
    xdeal,
)

EVEN = [
    "7h Eh 8l Kl 9b Fb 10a Sa",
    "8h Kh 9l Fl 10b Sb 7a Ea",
    "9h Fh 10l Sl 7b Eb 8a Ka",
    "10h Sh 7l El 8b Kb 9a Fa",
]
KEYS = [
    "finished",
    "to_act",
    "legal",
    "points",
    "knocks",
    "events",
    "protocol",
    "totals",
    "order",
    "error",
]
CORPUS = Path(__file__).resolve().parent / "replay"


def cli(*args, stdin=None):
    out, status, err = run_cli("replay", *args, stdin=stdin)
    assert "Traceback" not in err, err
    assert err == ""
    lines = out.splitlines()
    assert len(lines) == 1, out
    return json.loads(lines[0]), status


def scenario(**kw):
    data = {"contract": "vsechny", "leader": 0, "hands": EVEN, "actions": []}
    data.update(kw)
    return data


def assert_bad(out, status, index=None):
    assert status == 2
    assert list(out) == KEYS
    assert out["error"]["code"] == "bad_input"
    assert out["error"]["index"] == index
    assert isinstance(out["error"]["message"], str) and out["error"]["message"]


# -- where the input comes from ------------------------------------------------------------
def test_replay_cli_reads_standard_input_with_dash():
    out, status = cli("-", stdin=json.dumps(scenario(actions=[{"seat": 0, "play": "8l"}])))
    assert status == 0 and out["error"] is None
    assert out["to_act"] == 1
    assert out["legal"] == [{"seat": 1, "play": "9l"}, {"seat": 1, "play": "Fl"}]
    assert list(out) == KEYS


def test_replay_cli_reads_a_file(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario()), encoding="utf-8")
    out, status = cli(str(path))
    assert status == 0 and out["to_act"] == 0 and len(out["legal"]) == 8


def test_replay_cli_missing_file_is_bad_input(tmp_path):
    out, status = cli(str(tmp_path / "missing.json"))
    assert_bad(out, status)
    assert out["error"]["message"].startswith("Soubor nelze přečíst: ")


def test_replay_cli_directory_is_bad_input(tmp_path):
    out, status = cli(str(tmp_path), "--lang", "en")
    assert_bad(out, status)
    assert out["error"]["message"].startswith("Cannot read the file: ")


def test_replay_cli_file_not_utf8_is_bad_input(tmp_path):
    path = tmp_path / "latin2.json"
    path.write_bytes('{"contract": "červené"}'.encode("iso8859_2"))
    assert_bad(*cli(str(path)))
    out, status, err = run_cli("replay", "-", stdin=None)  # empty standard input
    assert status == 2 and err == ""
    assert json.loads(out)["error"]["code"] == "bad_input"


def test_replay_cli_stdin_not_utf8_is_bad_input():
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "-"],
        input=b'{"contract": "\xe8erven\xe9"}',
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 2 and proc.stderr == b""
    assert json.loads(proc.stdout)["error"]["code"] == "bad_input"


def test_replay_cli_unreadable_jsonl_file_exits_2(tmp_path):
    out, status, err = run_cli("replay", "--jsonl", str(tmp_path / "missing.jsonl"))
    assert status == 2 and err == ""
    assert json.loads(out)["error"]["code"] == "bad_input"


def test_replay_cli_usage_errors_are_argparse_not_tracebacks():
    out, status, err = run_cli("replay")
    assert status == 2 and "Traceback" not in err and out == ""
    out, status, err = run_cli("replay", "-", "--lang", "de")
    assert status == 2 and "Traceback" not in err


# -- invalid JSON --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["", "   ", "{", '{"contract": "vsechny",}', "nul", "[" * 100_000, "{'a': 1}", "\ufeff{}"],
    ids=["empty", "blank", "open", "trailing_comma", "nul", "deep", "single_quotes", "bom"],
)
def test_replay_cli_invalid_json_is_bad_input(text):
    out, status = cli("-", stdin=text)
    assert_bad(out, status)


def test_replay_cli_invalid_json_message():
    out, _ = cli("-", "--lang", "en", stdin="{")
    assert out["error"]["message"] == "The input is not valid JSON (JSONDecodeError)."


def test_replay_cli_lone_surrogate_escape_is_echoed_as_valid_json():
    out, status = cli("-", stdin='{"contract": "\\ud800", "hands": []}')
    assert_bad(out, status)
    assert out["error"]["message"] == "Neznámá hra „\ud800“."


def test_replay_cli_output_is_utf8_whatever_the_locale():
    env = dict(os.environ, PYTHONIOENCODING="ascii", PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "-"],
        input='{"contract": "ďábel"}'.encode(),
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 2 and proc.stderr == b""
    out = json.loads(proc.stdout.decode("utf-8"))
    assert out["error"]["message"] == "Neznámá hra „ďábel“."


# -- wrong types ---------------------------------------------------------------------------
WRONG = {
    "scenario_list": [scenario()],
    "scenario_number": 7,
    "scenario_string": "vsechny",
    "scenario_null": None,
    "contract_missing": {"hands": EVEN},
    "contract_unknown": scenario(contract="durch"),
    "contract_number": scenario(contract=3),
    "contract_maturita": scenario(contract="maturita"),
    "hands_missing": {"contract": "vsechny"},
    "hands_string": scenario(hands=" ".join(EVEN)),
    "hands_object": scenario(hands={"0": EVEN[0]}),
    "hands_numbers": scenario(hands=[1, 2, 3, 4]),
    "hand_list_of_cards": scenario(hands=[EVEN[0].split(), *EVEN[1:]]),
    "leader_string": scenario(leader="0"),
    "leader_4": scenario(leader=4),
    "leader_negative": scenario(leader=-1),
    "leader_bool": scenario(leader=True),
    "leader_float": scenario(leader=0.0),
    "maturant_5": scenario(maturant=5),
    "maturant_in_harakiri": scenario(contract="harakiri", maturant=0),
    "options_list": scenario(options=["panak"]),
    "options_unknown": scenario(options={"svatba": True}),
    "option_red_king_value": scenario(options={"red_king_first_trick": "sometimes"}),
    "option_panak_string": scenario(options={"panak": "yes"}),
    "option_stovka_number": scenario(options={"cista_stovka": 1}),
    "actions_object": scenario(actions={"seat": 0, "play": "8l"}),
    "actions_string": scenario(actions="8l"),
    "lora_not_bool": {"lora": 1, "deals": [EVEN]},
    "lora_deals_missing": {"lora": True},
    "lora_deals_object": {"lora": True, "deals": {"0": EVEN}},
    "lora_deal_short": {"lora": True, "deals": [EVEN[:3]]},
    "lora_first_leader_string": {"lora": True, "deals": [EVEN], "first_leader": "1"},
    "lora_no_deals": {"lora": True, "deals": []},
}


@pytest.mark.parametrize("name", sorted(WRONG))
def test_replay_cli_wrong_types_are_bad_input(name):
    out, status = replay(WRONG[name])
    assert_bad(out, status)
    assert out["legal"] == [] and out["to_act"] is None


WRONG_ACTIONS = {
    "not_object": "8l",
    "seat_missing": {"play": "8l"},
    "seat_string": {"seat": "0", "play": "8l"},
    "seat_4": {"seat": 4, "play": "8l"},
    "seat_bool": {"seat": False, "play": "8l"},
    "no_kind": {"seat": 0},
    "two_kinds": {"seat": 0, "play": "8l", "lead": "8l"},
    "extra_key": {"seat": 0, "play": "8l", "note": "x"},
    "play_number": {"seat": 0, "play": 8},
    "play_null": {"seat": 0, "play": None},
    "play_empty_list": {"seat": 0, "play": []},
    "play_list_of_numbers": {"seat": 0, "play": [8]},
    "lead_list": {"seat": 0, "lead": ["8l"]},
    "choose_number": {"seat": 0, "choose": 2},
    "choose_unknown": {"seat": 0, "choose": "durch"},
    "stovka_string": {"seat": 0, "cista_stovka": "yes"},
    "end_turn_false": {"seat": 0, "end_turn": False},
    "card_unknown": {"seat": 0, "play": "11l"},
    "card_word": {"seat": 0, "play": "eso"},
}


@pytest.mark.parametrize("name", sorted(WRONG_ACTIONS))
def test_replay_cli_malformed_action_is_bad_input_at_its_index(name):
    actions = [{"seat": 0, "play": "8l"}, WRONG_ACTIONS[name]]
    out, status = replay(scenario(actions=actions))
    assert_bad(out, status, index=1)
    # the state before the refused action: after 8l, seat 1 must follow leaves
    assert out["to_act"] == 1
    assert out["legal"] == [{"seat": 1, "play": "9l"}, {"seat": 1, "play": "Fl"}]


# -- cards in the hands --------------------------------------------------------------------
def test_replay_cli_unknown_card_in_a_hand():
    hands = [EVEN[0].replace("Sa", "Xa"), *EVEN[1:]]
    out, status = replay(scenario(hands=hands))
    assert_bad(out, status)
    assert out["error"]["message"] == "Neznámá karta „Xa“."
    out, status = replay(scenario(hands=hands), "--lang", "en")
    assert out["error"]["message"] == "Unknown card “Xa”."


def test_replay_cli_duplicate_card_in_one_hand():
    hands = [EVEN[0].replace("Sa", "7h"), *EVEN[1:]]
    out, status = replay(scenario(hands=hands))
    assert_bad(out, status)
    assert out["error"]["message"] == "Karta 7h je rozdaná dvakrát."


def test_replay_cli_duplicate_card_in_two_hands():
    hands = [EVEN[0].replace("Sa", "Kh"), *EVEN[1:]]
    out, status = replay(scenario(hands=hands), "--lang", "en")
    assert_bad(out, status)
    assert out["error"]["message"] == "Card Kh is dealt twice."


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ([EVEN[0] + " Ea", *EVEN[1:]], "Seat 0 has 9 cards instead of 8."),
        ([EVEN[0], EVEN[1], EVEN[2], "10h Sh 7l El 8b Kb 9a"], "Seat 3 has 7 cards instead of 8."),
        ([*EVEN[:3], ""], "Seat 3 has 0 cards instead of 8."),
        (EVEN[:3], "A deal must have four hands."),
        ([*EVEN, EVEN[0]], "A deal must have four hands."),
    ],
)
def test_replay_cli_hands_of_wrong_size(hands, message):
    out, status = replay(scenario(hands=hands), "--lang", "en")
    assert_bad(out, status)
    assert out["error"]["message"] == message


def test_replay_cli_bad_deal_inside_a_lora():
    out, status = replay({"lora": True, "deals": [EVEN, [*EVEN[:3], EVEN[3] + " 7h"]]})
    assert_bad(out, status)


# -- actions of the wrong kind (refused, exit 3) --------------------------------------------
@pytest.mark.parametrize(
    ("contract", "action"),
    [
        ("vsechny", {"seat": 0, "lead": "8l"}),
        ("vsechny", {"seat": 0, "play": ["8l"]}),
        ("vsechny", {"seat": 0, "choose": "vsechny"}),
        ("vsechny", {"seat": 0, "cista_stovka": True}),
        ("vsechny", {"seat": 0, "end_turn": True}),
        ("kvarty", {"seat": 0, "play": "8l"}),
        ("desitky", {"seat": 0, "play": "10a"}),
        ("desitky", {"seat": 0, "lead": "10a"}),
    ],
)
def test_replay_cli_action_of_the_wrong_kind_is_wrong_phase(contract, action):
    out, status = replay(scenario(contract=contract, actions=[action]))
    assert status == 3
    assert out["error"]["code"] == "wrong_phase" and out["error"]["index"] == 0
    assert out["to_act"] == 0 and out["legal"]


def test_replay_cli_a_lora_refuses_a_choice_outside_maturita():
    out, status = replay(
        {"lora": True, "deals": [EVEN], "actions": [{"seat": 0, "choose": "kvarty"}]},
        "--lang",
        "en",
    )
    assert status == 3
    assert out["error"] == {
        "index": 0,
        "code": "wrong_phase",
        "message": "That action does not belong to Hearts.",
    }
    assert out["legal"] == [{"seat": 0, "play": c} for c in ["8l", "Kl", "9b", "Fb", "10a", "Sa"]]
    assert out["protocol"] == [] and out["totals"] == [0, 0, 0, 0]


def test_replay_cli_a_refused_action_stops_the_replay():
    actions = [{"seat": 1, "play": "8h"}, {"seat": 0, "play": "8l"}]
    out, status = replay(scenario(actions=actions))
    assert status == 3 and out["error"]["index"] == 0
    assert out["to_act"] == 0 and out["events"] == []


# -- running out of deals in a lóra --------------------------------------------------------
def test_replay_cli_out_of_deals_in_a_lora_states_the_position_before():
    path = CORPUS / "lora_out_of_deals.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    out, status = replay(data)
    assert_bad(out, status, index=len(data["actions"]) - 2)
    assert out["error"]["message"] == "Došla rozdání (3)."
    # the same as replaying only the actions before the refused one
    before, status2 = replay(dict(data, actions=data["actions"][:-2]))
    assert status2 == 0
    for key in ("finished", "to_act", "legal", "points", "protocol", "totals", "order"):
        assert out[key] == before[key], key
    assert out["to_act"] == 1 and out["legal"] == [{"seat": 1, "play": "Fa"}]


def test_replay_cli_out_of_deals_when_a_failed_maturita_is_dealt_again():
    # tálie 1 dealt as in test_rules_maturita, and only one maturita deal: seat 0 has no
    # ten, chooses desítky, knocks, fails — and the second attempt cannot be dealt.
    deals = tali_deals(0, 1, [noten_deal(0)])
    lora = Lora(deals=deals)
    actions = drive_recorded(lora, at_choose)
    data = {
        "lora": True,
        "deals": [deal_str(d) for d in deals],
        "actions": [*actions, {"seat": 0, "choose": "desitky"}],
    }
    out, status = replay(data)
    assert_bad(out, status, index=len(actions))
    # still the choice of the first attempt; no maturita row was written
    assert out["to_act"] == 0 and out["finished"] is False
    assert [a["choose"] for a in out["legal"]] == [
        "cervene",
        "filky",
        "vsechny",
        "cerveny_kral",
        "kvarty",
        "desitky",
    ]
    assert len(out["protocol"]) == 7
    assert out["totals"] == [0, 56, 16, 16]


def test_replay_cli_out_of_deals_at_the_start_of_a_lora():
    out, status = replay({"lora": True, "deals": []}, "--lang", "en")
    assert_bad(out, status)
    assert out["error"]["message"] == "Ran out of deals (0)."


def test_replay_cli_lora_with_one_deal_plays_the_first_game():
    data = {"lora": True, "first_leader": 2, "deals": [deal_str(xdeal(0))]}
    out, status = replay(data)
    assert status == 0
    assert out["to_act"] == 2 and out["finished"] is False
    assert out["totals"] == [0, 0, 0, 0] and out["protocol"] == [] and out["order"] is None


# -- --jsonl -------------------------------------------------------------------------------
def test_replay_cli_jsonl_bad_line_gets_its_own_error_and_the_run_goes_on():
    good = json.dumps(scenario(actions=[{"seat": 0, "play": "8l"}]))
    refused = json.dumps(scenario(actions=[{"seat": 0, "play": "8h"}]))
    kv = json.dumps({"contract": "kvarty", "hands": deal_str(kdeal(0))})
    text = "\n".join([good, "{oops", refused, "", "42", kv, '{"lora": true, "deals": []}'])
    out, status, err = run_cli("replay", "--jsonl", "-", stdin=text + "\n")
    assert status == 0 and err == ""
    results = [json.loads(line) for line in out.splitlines()]
    assert [(r["error"] or {}).get("code") for r in results] == [
        None,
        "bad_input",
        "not_in_hand",
        "bad_input",
        None,
        "bad_input",
    ]
    assert [(r["error"] or {}).get("index") for r in results] == [None, None, 0, None, None, None]
    assert results[0]["to_act"] == 1
    assert results[4]["legal"] == [{"seat": 0, "lead": "Sh"}, {"seat": 0, "lead": "Sl"}]


def test_replay_cli_jsonl_only_newline_ends_a_line():
    # U+2028 is allowed unescaped inside a JSON string: it must not split the line
    line = json.dumps(dict(scenario(), note="a\u2028b"), ensure_ascii=False)
    out, status, err = run_cli("replay", "--jsonl", "-", stdin=line + "\r\n" + line + "\n")
    assert status == 0 and err == ""
    results = [json.loads(x) for x in out.splitlines()]
    assert len(results) == 2
    assert all(r["error"] is None and r["to_act"] == 0 for r in results)


def test_replay_cli_never_a_traceback_on_odd_input():
    odd = [
        '{"contract": "vsechny", "hands": ' + json.dumps(EVEN) + ', "actions": [{"seat": 0,'
        ' "play": "8l"}, {"seat": 1, "play": "Zz"}]}',
        '{"contract": NaN}',
        '{"contract": "kvarty", "hands": ' + json.dumps(EVEN) + ', "actions": [{"seat": 0,'
        ' "lead": "7h"}, {"seat": 0, "lead": "Eh"}]}',
        '{"lora": true, "deals": [' + json.dumps(EVEN) + '], "actions": [{"seat": 0,'
        ' "cista_stovka": true}]}',
        '{"contract": "desitky", "hands": ' + json.dumps(EVEN) + ', "actions": [{"seat": 0,'
        ' "play": ["10a", "10a"]}]}',
        '{"contract": "harakiri", "hands": ' + json.dumps(EVEN) + ', "leader": 3}',
        '{"contract": "desitky", "hands": '
        + json.dumps(deal_str(noten_deal(0)))
        + ', "maturant": 0, "actions": [{"seat": 1, "play": ["10h"]}]}',
    ]
    for text in odd:
        out, status, err = run_cli("replay", "-", stdin=text)
        assert err == "", text
        data = json.loads(out)
        assert list(data) == KEYS
        assert status in (0, 2, 3)


# -- maturita attempts ---------------------------------------------------------------------
def test_replay_cli_the_maturant_leads_his_attempt():
    # noten_deal(1): seat 1 holds no ten. As maturant he leads, knocks at once and fails.
    out, status = replay({"contract": "desitky", "maturant": 1, "hands": deal_str(noten_deal(1))})
    assert status == 0 and out["finished"] is True
    assert out["points"] == [0, 8, 0, 0] and out["knocks"] == [0, 1, 0, 0]


def test_replay_cli_a_maturant_who_does_not_lead_is_bad_input():
    data = {"contract": "desitky", "maturant": 1, "leader": 0, "hands": deal_str(noten_deal(1))}
    out, status = replay(data, "--lang", "en")
    assert_bad(out, status)
    assert out["error"]["message"] == "Bad value of field “maturant”: 1."


# -- R-KVARTY through the CLI: the example of issue 10 -------------------------------------
OWN = [
    "7h 10h 7l 10l 7b 10b Sa Ea",
    "8h 9h 8l 9l 8b 9b Fa Ka",
    "Sh Fh Kh Eh Sl Fl Kl El",
    "Sb Fb Kb Eb 7a 8a 9a 10a",
]
OWN_LEADS = [{"seat": 0, "lead": x} for x in ("7h", "7l", "7b", "Sa")]


def test_replay_cli_R_KVARTY_LEAD_the_leader_lays_his_own_cards_first():
    # 7h, 7l, 7b: seat 0 lays 7 and 10, seat 1 fills 8 and 9, seat 0 tops it and leads on.
    # Sa: the run is Sa Fa Ka Ea; seat 0 lays Sa and Ea, his last two cards, and is out
    # before seat 1 fills: seat 1 keeps Fa Ka (2), seats 2 and 3 all 8.
    out, status = replay({"contract": "kvarty", "hands": OWN, "actions": OWN_LEADS})
    assert status == 0 and out["error"] is None
    assert out["finished"] is True and out["points"] == [0, 2, 8, 8]
    assert out["events"][:2] == [
        "hráč 0 vynáší 7h, 10h: kvarta 7h 8h 9h 10h; dál vynáší hráč 0.",
        "hráč 0 vynáší 7l, 10l: kvarta 7l 8l 9l 10l; dál vynáší hráč 0.",
    ]
    assert out["events"][3] == "hráč 0 vynáší Sa, Ea a nemá už žádnou kartu: konec hry."


def test_replay_cli_R_KVARTY_END_the_maturant_whose_own_cards_empty_his_hand_passes():
    data = {"contract": "kvarty", "hands": OWN, "maturant": 0, "actions": OWN_LEADS}
    out, status = replay(data, "--lang", "en")
    assert status == 0 and out["finished"] is True
    # a pass: he has no point (the others' 2, 8, 8 are not recorded in maturita)
    assert out["points"] == [0, 0, 0, 0]
    assert out["events"][3:] == [
        "seat 0 leads Sa, Ea and has no cards left: the game is over.",
        "End of Quarts: 0 / 0 / 0 / 0.",
    ]


def test_replay_cli_R_KVARTY_NEXT_after_an_odfouknuta_kvarta_its_leader_leads():
    hands = [
        "7h 9h Fh 7l 8l 9l 10l Ea",
        "10h Kh Sl Fl Kl El 7b 8b",
        "Sh Eh 9b 10b Sb Fb Kb Eb",
        "8h 7a 8a 9a 10a Sa Fa Ka",
    ]
    actions = [{"seat": 0, "lead": "9h"}, {"seat": 0, "lead": "7h"}, {"seat": 3, "lead": "7a"}]
    out, status = replay({"contract": "kvarty", "hands": hands, "actions": actions})
    # 7h 8h (9h played) is odfouknutá: seat 0 leads again, seat 3's lead is refused
    assert status == 3 and out["error"]["code"] == "not_your_turn"
    assert out["error"]["index"] == 2 and out["to_act"] == 0
    assert out["events"][-1] == "hráč 0 vynáší 7h: odfouknutá kvarta 7h 8h; dál vynáší hráč 0."
