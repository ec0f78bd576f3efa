"""T-SCORE (rates, game, hlášky, pagát and valát, net, payment) and T-VARSAVA-SCORE."""

from engine.taroky.scoring import (
    RATES,
    PagatResult,
    counted_hlasky,
    game_component,
    net_amount,
    round_up,
    score_game,
    score_varsava,
    settle,
)
from tests.taroky.helpers import WORKED_SCRIPT, run, worked_deal

NO_HLASKY = ((), (), (), ())


def game(**kw):
    base = dict(
        game="1P",
        declarer=0,
        partner=2,
        eyes_d=36,
        tricks=(3, 3, 3, 3),
        hlasky=NO_HLASKY,
        game_level=0,
        pagat=None,
        valat_side=None,
        valat_level=0,
        tie="zero",
        cap=4000,
    )
    base.update(kw)
    return score_game(**base)


def test_T_SCORE_RATES_per_eye():
    assert RATES == {"1P": 10, "2P": 10, "3P1": 10, "3P2": 20, "3P3": 30, "6P": 60}


def test_T_SCORE_GAME_difference_to_35_times_rate_times_flek():
    assert [game_component(36, 10, lv, "zero") for lv in range(4)] == [10, 20, 40, 80]
    assert game_component(59, 10, 0, "zero") == 240
    assert game_component(20, 60, 2, "zero") == -3600
    assert game_component(41, 20, 1, "zero") == 240


def test_T_SCORE_GAME_tie():
    assert game_component(35, 10, 0, "zero") == 0
    assert game_component(35, 10, 3, "zero") == 0
    assert game_component(35, 10, 0, "one_eye") == -10  # the declarer side pays one eye
    assert game_component(35, 20, 1, "one_eye") == 40  # the opponents gave the last level
    assert game_component(35, 20, 2, "one_eye") == -80  # the declarer side gave re


def test_T_SCORE_GAME_valat_does_not_change_G():
    s = game(eyes_d=70 - 4, tricks=(8, 0, 4, 0))  # opponents: only their discards, 4 eyes
    assert s.components["G"] == 310 and s.components["V"] == 400


def test_T_SCORE_HLASKY_winner_counts_honours_always_tie_nothing():
    hl = (("tarocky",), ("honery",), ("trul",), ("barvicky", "trulhonery"))
    sides = ("D", "O", "D", "O")
    assert counted_hlasky(hl, sides, 40) == ((True,), (True,), (True,), (False, True))
    assert counted_hlasky(hl, sides, 30) == ((False,), (True,), (False,), (True, True))
    assert counted_hlasky(hl, sides, 35) == ((False,), (False,), (False,), (False, False))
    s = game(eyes_d=40, hlasky=hl)
    assert s.components["H"] == 50 - 50 + 50 - 100


def test_T_SCORE_BINDING_pagat_and_valat_count_won_lost_or_tied():
    s = game(eyes_d=35, pagat=PagatResult(1, "O", False, 0, True))
    assert (s.components["G"], s.components["P"], s.components["S"]) == (0, -200, -200)
    s = game(eyes_d=20, pagat=PagatResult(0, "D", True, 2, True))
    assert s.components["P"] == 1600


def test_T_SCORE_NET_examples():
    # 3P2 won with 41 eyes, flek, the declarer holds taroky: S = 6·20·2 + 100 = 340 → 350
    s = game(game="3P2", partner=None, eyes_d=41, game_level=1, hlasky=(("taroky",), (), (), ()))
    assert (s.components["S"], s.components["A"]) == (340, 350)
    assert s.money == (1050, -350, -350, -350)
    # sólo lost 5:65 with re: 30 · 60 · 4 = 7200 → capped at 4000
    s = game(game="6P", partner=None, eyes_d=5, game_level=2)
    assert (s.components["S"], s.components["A"]) == (-7200, 4000)
    assert s.money == (-12000, 4000, 4000, 4000)
    # tie, declarer side taročky, an opponent honéry and a silent pagát: −200
    s = game(
        eyes_d=35,
        hlasky=(("tarocky",), ("honery",), (), ()),
        pagat=PagatResult(1, "O", False, 0, True),
    )
    assert (s.components["S"], s.components["A"]) == (-200, 200)
    assert s.money == (-200, 200, -200, 200)


def test_T_SCORE_NET_the_17_eye_example_of_P():
    s = game(eyes_d=18)  # the declarer side made 18 eyes: 17 short of 35
    assert (s.components["G"], s.components["A"]) == (-170, 200)


def test_T_SCORE_NET_rounding_and_cap():
    assert [round_up(x) for x in (0, 1, 49, 50, 51, 1040)] == [0, 50, 50, 50, 100, 1050]
    assert net_amount(-1040, 4000) == 1050
    assert net_amount(9999, 4000) == 4000
    assert net_amount(9999, None) == 10000
    assert settle(0, 0, 2, 4000) == (0, (0, 0, 0, 0), ())


def test_T_SCORE_NET_who_pays_whom():
    # 2 v 2: the declarer with the opponent next after him, the partner with the other
    assert settle(100, 1, 3, 4000) == (100, (-100, 100, -100, 100), ((2, 1, 100), (0, 3, 100)))
    assert settle(-100, 1, 2, 4000)[2] == ((1, 3, 100), (2, 0, 100))
    # 1 v 3 (and a 1P declarer alone): three times
    assert settle(-100, 2, None, 4000)[1] == (100, 100, -300, 100)
    s = game(partner=None, eyes_d=45)
    assert s.money == (300, -100, -100, -100)


def test_T_SCORE_the_worked_example():
    d = worked_deal()
    run(d, WORKED_SCRIPT)
    s = d.score
    assert s.eyes == (59, 11)
    assert s.components == {"G": 240, "H": 0, "P": 800, "V": 0, "S": 1040, "A": 1050}
    assert s.money == (1050, -1050, 1050, -1050)
    assert s.payments == ((1, 0, 1050), (3, 2, 1050))
    assert s.counted == ((True,), (True,), (), (False,))
    assert d.won == [8, 2, 2, 0]


def test_T_VARSAVA_SCORE_the_example():
    s = score_varsava((0, 9, 23, 38), (0, 2, 4, 6), 4000)
    assert s.money == (1500, 250, -500, -1250)
    assert sorted(s.payments) == sorted(
        [(1, 0, 200), (2, 0, 500), (3, 0, 800), (2, 1, 150), (3, 1, 300), (3, 2, 150)]
    )
    assert s.blana == (True, False, False, False)
    assert s.components is None and s.eyes is None


def test_T_VARSAVA_SCORE_equal_eyes_rounding_and_cap_per_payment():
    s = score_varsava((10, 10, 21, 29), (3, 3, 3, 3), 4000)
    # 0 ↔ 1 equal (10:10): no payment at all. 2 → 0 and 2 → 1: 11 · 10 = 110 → 150;
    # 3 → 0 and 3 → 1: 19 · 10 = 190 → 200; 3 → 2: 8 · 10 = 80 → 100.
    assert sorted(s.payments) == [(2, 0, 150), (2, 1, 150), (3, 0, 200), (3, 1, 200), (3, 2, 100)]
    assert s.money == (150 + 200, 150 + 200, -150 - 150 + 100, -200 - 200 - 100)
    s = score_varsava((0, 0, 0, 70), (0, 0, 0, 12), 1000)  # 70 × 20 = 1400 → cap 1000 each
    assert s.money == (1000, 1000, 1000, -3000)
