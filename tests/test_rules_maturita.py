"""R-MATURITA in a lóra: dealt before the choice, the choices per attempt (první–poslední only
on the third), failing at the first penalty point, 8 points, at most three attempts, a success
records 0 for everybody. (The single-game side: test_rules_kvarty/desitky/tricks.)

Tálie 1 is led by seat 0 and dealt by ``tali_deals(0, 1, …)``: seat 1 takes every trick of
games 1–5, seat 0 sheds everything in kvarty and desítky. Before maturita the totals are
therefore [0, 40 + 16, 16, 16].
"""

import pytest

from engine.actions import Choose, Declare, Play
from engine.contracts import Contract
from engine.lora import Lora
from tests.helpers import (
    at_choose,
    at_game,
    c,
    drive,
    kdeal,
    kinds,
    lora_deals,
    noten_deal,
    refusal,
    short,
    tali_deals,
    xdeal,
)

BEFORE = [0, 56, 16, 16]
FIRST_CHOICES = ["cervene", "filky", "vsechny", "cerveny_kral", "kvarty", "desitky"]
THIRD_CHOICES = [
    "cervene",
    "filky",
    "prvni_posledni",
    "vsechny",
    "cerveny_kral",
    "kvarty",
    "desitky",
]


def lora_at_maturita(*maturita_deals):
    deals = tali_deals(0, 1, list(maturita_deals)) + lora_deals(0, [0, 0, 0, 0])[8:]
    lora = Lora(deals=deals)
    drive(lora, at_choose)
    assert lora.totals == BEFORE
    return lora


def finish_attempt(lora):
    """Play the chosen game on with the first legal card until the next choice or tálie."""
    return drive(lora, lambda lo: lo.phase != "play" or lo.game_no != 8)


def test_R_MATURITA_dealt_first_then_the_maturant_sees_his_hand_and_chooses():
    lora = lora_at_maturita(xdeal(2))
    assert lora.phase == "choose"
    assert (lora.tali, lora.game_no, lora.attempt) == (1, 8, 1)
    assert lora.to_act == 0
    assert len(lora.deals) == 8 and lora.pending_deal == xdeal(2)
    assert lora.view(0).hand == xdeal(2)[0]
    assert short(lora.view(0).legal) == FIRST_CHOICES
    assert lora.view(1).legal == ()
    assert lora.public_view().hand_counts == (8, 8, 8, 8)


def test_R_MATURITA_first_attempt_choices_exclude_prvni_posledni():
    lora = lora_at_maturita(xdeal(2))
    assert short(lora.legal_actions()) == FIRST_CHOICES
    err = refusal(lora, Choose(0, Contract.PRVNI_POSLEDNI))
    assert (err.code, err.detail, err.rule) == ("wrong_phase", "choice_not_allowed", "R-MATURITA")
    assert (
        err.message("cs")
        == "Hru První – poslední nelze zvolit při 1. pokusu maturity. (R-MATURITA)"
    )
    assert err.message("en") == (
        "First and last cannot be chosen on Graduation attempt 1. (R-MATURITA)"
    )
    for con in (Contract.MATURITA, Contract.HARAKIRI):
        assert refusal(lora, Choose(0, con)).code == "wrong_phase"


def test_R_MATURITA_only_the_maturant_chooses_and_only_a_choice_is_taken():
    lora = lora_at_maturita(xdeal(2))
    assert refusal(lora, Choose(1, Contract.CERVENE)).code == "not_your_turn"
    err = refusal(lora, Play(0, c("Sh")))
    assert (err.code, err.detail) == ("wrong_phase", "expected_choice")
    assert err.message("cs") == "Teď maturant volí hru."
    assert err.message("en") == "The game for Graduation is being chosen now."
    assert refusal(lora, Declare(0, False)).code == "wrong_phase"


def test_R_MATURITA_the_maturant_leads_the_chosen_game():
    lora = lora_at_maturita(kdeal(0))
    events = lora.apply(Choose(0, Contract.KVARTY))
    assert kinds(events) == ["maturita_chosen", "game_started"]
    assert (events[1].contract, events[1].leader, events[1].attempt) == (Contract.KVARTY, 0, 1)
    assert lora.game.maturant == 0 and lora.to_act == 0
    assert short(lora.legal_actions()) == ["Sh", "Sl"]  # R-KVARTY-FIRST applies too


def test_R_MATURITA_three_attempts_choices_and_points():
    # 1: desítky without a ten: knocks at once, fails inside the choice itself
    # 2: všechny where he takes every trick: fails at the first trick
    # 3: první–poslední (allowed now) where seat 1 takes every trick: passes
    lora = lora_at_maturita(noten_deal(0), xdeal(0), xdeal(1))
    events = lora.apply(Choose(0, Contract.DESITKY))
    assert kinds(events) == [
        "maturita_chosen",
        "game_started",
        "knock",
        "game_ended",
        "maturita_failed",
        "maturita_dealt",
    ]
    assert (lora.phase, lora.attempt, lora.to_act) == ("choose", 2, 0)
    assert short(lora.legal_actions()) == FIRST_CHOICES
    lora.apply(Choose(0, Contract.VSECHNY))
    events = drive(lora, at_choose)
    assert sum(e.kind == "card_played" for e in events) == 4  # ends after one trick
    assert lora.attempt == 3
    assert short(lora.legal_actions()) == THIRD_CHOICES
    lora.apply(Choose(0, Contract.PRVNI_POSLEDNI))
    events = finish_attempt(lora)
    assert [e.kind for e in events if e.kind.startswith("maturita")] == ["maturita_passed"]
    rows = [r.replay_json() for r in lora.protocol[7:]]
    assert rows == [
        {"tali": 1, "game": 8, "contract": "desitky", "points": [8, 0, 0, 0], "attempt": 1},
        {"tali": 1, "game": 8, "contract": "vsechny", "points": [8, 0, 0, 0], "attempt": 2},
        {"tali": 1, "game": 8, "contract": "prvni_posledni", "points": [0, 0, 0, 0], "attempt": 3},
    ]
    assert [r.failed for r in lora.protocol[7:]] == [True, True, False]
    assert lora.protocol[7].knocks == (1, 0, 0, 0)
    assert lora.totals == [16, 56, 16, 16]
    # the next tálie: seat 1 leads červené
    assert (lora.tali, lora.game_no, lora.phase, lora.to_act) == (2, 1, "play", 1)


def test_R_MATURITA_after_a_third_failure_the_tali_ends_anyway():
    lora = lora_at_maturita(xdeal(0), xdeal(0), xdeal(0))
    for con in (Contract.CERVENE, Contract.FILKY, Contract.PRVNI_POSLEDNI):
        lora.apply(Choose(0, con))
        finish_attempt(lora)
    assert [(r.attempt, r.failed) for r in lora.protocol[7:]] == [(1, True), (2, True), (3, True)]
    assert lora.totals == [24, 56, 16, 16]
    assert (lora.tali, lora.game_no, lora.to_act) == (2, 1, 1)
    assert lora.attempt is None


def test_R_MATURITA_fails_at_the_first_penalty_point_and_ends_at_once():
    # červené where he takes every trick: no heart is led before trick 7 (R-TRICK-RED-LEAD
    # and everybody follows suit), so the attempt ends after 7 tricks, not 8.
    lora = lora_at_maturita(xdeal(0), xdeal(1))
    lora.apply(Choose(0, Contract.CERVENE))
    events = drive(lora, at_choose)
    assert sum(e.kind == "card_played" for e in events) == 28
    assert [e.penalty for e in events if e.kind == "trick_taken"] == [0] * 6 + [4]
    assert lora.protocol[-1].points == (8, 0, 0, 0)


def test_R_MATURITA_a_success_records_0_for_everybody():
    # červené where seat 1 takes every heart: 8 points for seat 1 in the game, 0 recorded
    lora = lora_at_maturita(xdeal(1))
    lora.apply(Choose(0, Contract.CERVENE))
    events = finish_attempt(lora)
    ended = [e for e in events if e.kind == "game_ended"]
    assert ended[0].points == (0, 0, 0, 0)
    assert lora.protocol[-1].points == (0, 0, 0, 0)
    assert lora.totals == BEFORE
    assert "maturita_passed" in kinds(events)


def test_R_MATURITA_a_defenders_trick_counts_for_nothing_and_its_line_says_no_points():
    # červené where seat 1 takes every heart: his tricks are never recorded, so no line of
    # the table gives him points for them; the maturant's tricks keep theirs
    from bot.games.lora.events import table_lines

    lora = lora_at_maturita(xdeal(1))
    lora.apply(Choose(0, Contract.CERVENE))
    events = finish_attempt(lora)
    taken = [e for e in events if e.kind == "trick_taken"]
    assert {(e.seat, e.counted) for e in taken} == {(1, False)}
    assert sum(e.penalty for e in taken) == 8  # the hearts he took, which are not recorded
    names = ["Alice", "Bob", "Cyril", "Dana"]
    lines = [x for x in table_lines(taken, "cs", names) if "štych" in x]
    assert lines and all(x.endswith(").") and " b." not in x for x in lines), lines
    assert taken[0].text("en").endswith(").") and "pts" not in taken[0].text("en")
    # the maturant's own trick that fails him still shows its points
    lora = lora_at_maturita(xdeal(0), xdeal(1))
    lora.apply(Choose(0, Contract.CERVENE))
    events = drive(lora, at_choose)
    last = [e for e in events if e.kind == "trick_taken"][-1]
    assert (last.seat, last.counted, last.penalty) == (0, True, 4)
    assert table_lines([last], "cs", names)[0].endswith(": 4 b.")


@pytest.mark.parametrize(
    ("contract", "deal"),
    [
        (Contract.KVARTY, kdeal(0)),  # he sheds everything himself
        (Contract.CERVENY_KRAL, xdeal(3)),  # seat 3 takes K♥
        (Contract.FILKY, xdeal(2)),
    ],
)
def test_R_MATURITA_passes_in_other_games(contract, deal):
    lora = lora_at_maturita(deal)
    lora.apply(Choose(0, contract))
    finish_attempt(lora)
    assert lora.protocol[-1].contract is contract
    assert lora.protocol[-1].points == (0, 0, 0, 0) and not lora.protocol[-1].failed
    assert lora.tali == 2


def test_R_MATURITA_in_the_fourth_tali_then_the_lora_ends():
    lora = Lora(deals=lora_deals(0, [0, 0, 1, 2], {2: 1, 3: 2}))
    drive(lora, at_game(4, 7))
    drive(lora, at_choose)
    assert (lora.tali, lora.attempt, lora.to_act) == (4, 1, 3)
    drive(lora, lambda lo: lo.finished)
    assert [r.attempt for r in lora.protocol if r.tali == 4 and r.game == 8] == [1, 2, 3]
    # 48 + 40 per tálie of taking every trick + 8 per failure
    assert lora.totals == [128, 88, 96, 64]
    assert lora.order == [3, 1, 2, 0]
