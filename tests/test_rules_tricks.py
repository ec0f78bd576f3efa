"""R-TRICK and its sub-rules: follow suit, red lead, the red king in the first trick, the early
end of a trick game, panák; exact points of every trick contract and of harakiri.

Two hand-made deals:

EVEN: every seat holds two cards of every suit, so everybody always follows suit. The script
below is legal in every trick contract (hearts are led only in tricks 7–8, when the leaders
hold nothing else). Winners, by hand: T1 seat 2 (10l), T2 1 (10b), T3 0 (10a), T4 3 (El),
T5 2 (Eb), T6 1 (Ea), T7 3 (10h), T8 0 (Eh).

SOLO: seat 0 holds all the leaves, seat 3 all the acorns, seat 1 the low hearts and bells,
seat 2 the high ones. When seat 0 leads, he leads a leaf, nobody can follow, and he takes
the trick whatever the others throw (there are no trumps, 7a does not beat 7l).
"""

import pytest

from engine.actions import Play
from engine.cards import KH
from engine.rules import trick_legal_mask
from tests.helpers import c, deal, kinds, new_game, play_cards, refusal, short

EVEN = deal(
    "7h Eh 8l Kl 9b Fb 10a Sa",
    "8h Kh 9l Fl 10b Sb 7a Ea",
    "9h Fh 10l Sl 7b Eb 8a Ka",
    "10h Sh 7l El 8b Kb 9a Fa",
)
EVEN_SCRIPT = [
    "8l 9l 10l 7l",  # 0 leads; 2 takes
    "7b 8b 9b 10b",  # 2 leads; 1 takes
    "7a 8a 9a 10a",  # 1 leads; 0 takes
    "Kl Fl Sl El",  # 0 leads; 3 takes (Fl)
    "Kb Fb Sb Eb",  # 3 leads; 2 takes (Fb)
    "Ka Fa Sa Ea",  # 2 leads; 1 takes (Fa)
    "8h 9h 10h 7h",  # 1 leads; 3 takes 4 hearts
    "Sh Eh Kh Fh",  # 3 leads; 0 takes 4 hearts, Fh and K♥
]
EVEN_WINNERS = [2, 1, 0, 3, 2, 1, 3, 0]

SOLO = deal(
    "7l 8l 9l 10l Sl Fl Kl El",
    "7h 8h 9h 10h 7b 8b 9b 10b",
    "Sh Fh Kh Eh Sb Fb Kb Eb",
    "7a 8a 9a 10a Sa Fa Ka Ea",
)
# Seat 0 leads all eight tricks; the harakiri script of test_R_HARAKIRI_* below.
SOLO_ALL = [
    "7l 7b Kh 7a",
    "8l 7h Sh 8a",
    "9l 8h Fh 9a",
    "10l 9h Eh 10a",
    "Sl 10h Sb Sa",
    "Fl 8b Fb Fa",
    "Kl 9b Kb Ka",
    "El 10b Eb Ea",
]


# -- R-TRICK -----------------------------------------------------------------------------
def test_R_TRICK_leader_leads_any_card_where_no_red_lead_rule():
    for contract in ("filky", "prvni_posledni", "vsechny"):
        game, _ = new_game(contract, EVEN, leader=0)
        assert game.to_act == 0
        assert short(game.legal_actions()) == ["7h", "Eh", "8l", "Kl", "9b", "Fb", "10a", "Sa"]


def test_R_TRICK_must_follow_suit_exact_legal_cards_no_duty_to_overtake():
    game, _ = new_game("vsechny", EVEN, leader=0)
    play_cards(game, "8l")
    assert game.to_act == 1
    assert short(game.legal_actions()) == ["9l", "Fl"]
    play_cards(game, "9l")
    assert short(game.legal_actions()) == ["10l", "Sl"]
    play_cards(game, "10l")
    # 7l does not overtake 10l, and it is still legal: no duty to overtake (přebíjet).
    assert short(game.legal_actions()) == ["7l", "El"]


def test_R_TRICK_must_follow_suit_error_code_and_messages():
    game, _ = new_game("vsechny", EVEN, leader=0)
    play_cards(game, "8l")
    err = refusal(game, Play(1, c("8h")))
    assert err.code == "must_follow_suit"
    assert err.rule == "R-TRICK"
    assert err.message("cs") == "Musíš ctít barvu. (R-TRICK)"
    assert err.message("en") == "You must follow suit. (R-TRICK)"


def test_R_TRICK_void_seat_may_play_any_card():
    game, _ = new_game("cervene", SOLO, leader=0)
    play_cards(game, "7l")
    assert short(game.legal_actions()) == ["7h", "8h", "9h", "10h", "7b", "8b", "9b", "10b"]


def test_R_TRICK_highest_of_led_suit_wins_no_trumps():
    game, _ = new_game("vsechny", SOLO, leader=0)
    ev = play_cards(game, "7l 7h Sh 7a")  # 7a is a "higher" int than 7l: still no trump
    taken = [e for e in ev if e.kind == "trick_taken"]
    assert [(e.seat, e.penalty, e.number) for e in taken] == [(0, 1, 1)]
    assert game.to_act == 0


def test_R_TRICK_winner_leads_next_trick():
    game, _ = new_game("vsechny", EVEN, leader=0)
    leaders = []
    for trick in EVEN_SCRIPT:
        leaders.append(game.to_act)
        play_cards(game, trick)
    assert leaders == [0, *EVEN_WINNERS[:-1]]
    assert game.finished and game.to_act is None
    assert game.legal_actions() == []


def test_R_TRICK_not_your_turn_error_and_messages():
    game, _ = new_game("vsechny", EVEN, leader=0)
    err = refusal(game, Play(1, c("8h")))
    assert err.code == "not_your_turn"
    assert err.message("cs") == "Nejsi na tahu (hráč 1; na tahu je 0)."
    assert err.message("en") == "It is not your turn (seat 1; seat 0 is to act)."


def test_R_TRICK_not_in_hand_error_and_messages():
    game, _ = new_game("vsechny", EVEN, leader=0)
    err = refusal(game, Play(0, c("8h")))
    assert err.code == "not_in_hand"
    assert err.message("cs") == "Kartu 8h nemáš v ruce. (R-TRICK)"
    assert err.message("en") == "8h is not in your hand. (R-TRICK)"


def test_R_TRICK_game_over_after_the_end():
    game, _ = new_game("cerveny_kral", SOLO, leader=0)
    play_cards(game, "7l 7b Kh 7a")
    assert game.finished
    err = refusal(game, Play(0, c("8l")))
    assert err.code == "game_over"


@pytest.mark.parametrize(
    ("contract", "points"),
    [
        ("cervene", [4, 0, 0, 4]),  # T7: 4 hearts to 3; T8: 4 hearts to 0
        ("filky", [2, 2, 2, 2]),  # Fl→3 (T4), Fb→2 (T5), Fa→1 (T6), Fh→0 (T8)
        ("prvni_posledni", [4, 0, 4, 0]),  # first trick seat 2, last trick seat 0
        ("vsechny", [2, 2, 2, 2]),  # two tricks each
        ("cerveny_kral", [8, 0, 0, 0]),  # K♥ in T8, taken by 0
        ("harakiri", [20, 4, 8, 8]),  # see test_R_HARAKIRI_scores_all_five_games_at_once
    ],
)
def test_R_TRICK_points_of_each_contract_on_the_even_deal(contract, points):
    game, _ = new_game(contract, EVEN, leader=0)
    for trick in EVEN_SCRIPT:
        assert not game.finished
        play_cards(game, trick)
    assert game.finished
    assert game.points == points
    assert list(game.recorded_points()) == points
    assert sum(points) == (40 if contract == "harakiri" else 8)


def test_R_TRICK_penalty_per_trick_in_events():
    game, _ = new_game("filky", EVEN, leader=0)
    ev = []
    for trick in EVEN_SCRIPT:
        ev += play_cards(game, trick)
    taken = [(e.seat, e.penalty) for e in ev if e.kind == "trick_taken"]
    assert taken == [(2, 0), (1, 0), (0, 0), (3, 2), (2, 2), (1, 2), (3, 0), (0, 2)]
    assert [e.points for e in ev if e.kind == "game_ended"] == [(2, 2, 2, 2)]


# -- R-TRICK-RED-LEAD ----------------------------------------------------------------------
@pytest.mark.parametrize("contract", ["cervene", "cerveny_kral", "harakiri"])
def test_R_TRICK_RED_LEAD_no_heart_lead_while_holding_another_suit(contract):
    game, _ = new_game(contract, EVEN, leader=0)
    assert short(game.legal_actions()) == ["8l", "Kl", "9b", "Fb", "10a", "Sa"]
    err = refusal(game, Play(0, c("7h")))
    assert err.code == "red_lead"
    assert err.rule == "R-TRICK-RED-LEAD"


def test_R_TRICK_RED_LEAD_messages():
    game, _ = new_game("cervene", EVEN, leader=0)
    err = refusal(game, Play(0, c("Eh")))
    assert err.message("cs") == "Červenou lze vynést, až když nemáš jinou barvu. (R-TRICK-RED-LEAD)"
    assert err.message("en") == (
        "You may lead a heart only when you hold no other suit. (R-TRICK-RED-LEAD)"
    )


def test_R_TRICK_RED_LEAD_applies_to_every_lead_not_only_the_first():
    game, _ = new_game("cervene", EVEN, leader=0)
    for trick in EVEN_SCRIPT[:3]:
        play_cards(game, trick)
    assert game.to_act == 0  # took T3; holds 7h Eh Kl Fb Sa
    assert short(game.legal_actions()) == ["Kl", "Fb", "Sa"]


def test_R_TRICK_RED_LEAD_hearts_may_be_led_when_nothing_else_is_held():
    game, _ = new_game("cervene", EVEN, leader=0)
    for trick in EVEN_SCRIPT[:6]:
        play_cards(game, trick)
    assert game.to_act == 1  # holds 8h Kh only
    assert short(game.legal_actions()) == ["8h", "Kh"]


def test_R_TRICK_RED_LEAD_discarding_hearts_on_another_suit_is_allowed():
    game, _ = new_game("cervene", SOLO, leader=0)
    play_cards(game, "7l")
    assert "7h" in short(game.legal_actions())
    play_cards(game, "7h Sh 7a")
    assert game.points == [2, 0, 0, 0]


def test_R_TRICK_RED_LEAD_does_not_apply_in_filky_prvni_posledni_vsechny():
    # seat 1 of SOLO holds hearts and bells: he may lead a heart in these three
    for contract in ("filky", "prvni_posledni", "vsechny"):
        game, _ = new_game(contract, SOLO, leader=1)
        assert short(game.legal_actions()) == ["7h", "8h", "9h", "10h", "7b", "8b", "9b", "10b"]
    game, _ = new_game("cervene", SOLO, leader=1)
    assert short(game.legal_actions()) == ["7b", "8b", "9b", "10b"]


# -- R-TRICK-FIRST-KING --------------------------------------------------------------------
def test_R_TRICK_FIRST_KING_allowed_by_default_and_announced():
    game, _ = new_game("cerveny_kral", SOLO, leader=0)
    play_cards(game, "7l 7b")
    assert "Kh" in short(game.legal_actions())
    ev = play_cards(game, "Kh")
    assert kinds(ev) == ["card_played", "red_king_first_trick"]
    assert ev[1].seat == 2
    assert ev[1].text("cs") == "hráč 2 dává červeného krále do prvního štychu – na první se dává!"
    ev = play_cards(game, "7a")
    assert game.finished  # R-TRICK-END: K♥ taken in trick 1
    assert game.points == [8, 0, 0, 0]


def test_R_TRICK_FIRST_KING_forbidden_option_refuses_it_in_the_first_trick_only():
    game, _ = new_game("cerveny_kral", SOLO, leader=0, red_king_first_trick="forbidden")
    play_cards(game, "7l 7b")
    assert short(game.legal_actions()) == ["Sh", "Fh", "Eh", "Sb", "Fb", "Kb", "Eb"]
    err = refusal(game, Play(2, KH))
    assert err.code == "red_king_first_trick"
    assert err.rule == "R-TRICK-FIRST-KING"
    assert err.message("cs") == (
        "Červeného krále nelze dát do prvního štychu. (R-TRICK-FIRST-KING)"
    )
    assert err.message("en") == (
        "The king of hearts may not go into the first trick. (R-TRICK-FIRST-KING)"
    )
    play_cards(game, "Sh 7a")  # T1: seat 0 takes 7l 7b Sh 7a, no K♥: 0 points
    assert game.points == [0, 0, 0, 0] and not game.finished
    play_cards(game, "8l 8b")
    assert "Kh" in short(game.legal_actions())  # the second trick is no longer the first
    ev = play_cards(game, "Kh")
    assert "red_king_first_trick" not in kinds(ev)
    play_cards(game, "8a")
    assert game.finished and game.points == [8, 0, 0, 0]


def test_R_TRICK_FIRST_KING_forbidden_still_allows_a_forced_king():
    # A seat that must follow hearts and holds only K♥ in hearts plays it.
    hand = (1 << KH) | (1 << c("7l")) | (1 << c("8l"))
    assert trick_legal_mask(hand, 0, red_lead=True, forbid_kh=True) == 1 << KH
    # ... but a void seat may not discard it
    assert trick_legal_mask(hand, 2, red_lead=True, forbid_kh=True) == hand & ~(1 << KH)


def test_R_TRICK_FIRST_KING_leader_with_only_hearts_is_refused_for_the_king_not_red_lead():
    # He holds no other suit, so R-TRICK-RED-LEAD lets him lead any heart: K♥ is refused
    # by R-TRICK-FIRST-KING alone, and the error must say so.
    suits = deal(
        "7h 8h 9h 10h Sh Fh Kh Eh",
        "7l 8l 9l 10l Sl Fl Kl El",
        "7b 8b 9b 10b Sb Fb Kb Eb",
        "7a 8a 9a 10a Sa Fa Ka Ea",
    )
    game, _ = new_game("cerveny_kral", suits, leader=0, red_king_first_trick="forbidden")
    assert short(game.legal_actions()) == ["7h", "8h", "9h", "10h", "Sh", "Fh", "Eh"]
    err = refusal(game, Play(0, KH))
    assert (err.code, err.rule) == ("red_king_first_trick", "R-TRICK-FIRST-KING")
    game, _ = new_game("cerveny_kral", suits, leader=0)
    assert "Kh" in short(game.legal_actions())  # allowed by default


def test_R_TRICK_FIRST_KING_forbidden_option_concerns_only_cerveny_kral():
    game, _ = new_game("cervene", SOLO, leader=0, red_king_first_trick="forbidden")
    play_cards(game, "7l 7b")
    assert "Kh" in short(game.legal_actions())


# -- R-TRICK-END ---------------------------------------------------------------------------
def test_R_TRICK_END_cervene_ends_when_all_hearts_are_taken():
    game, _ = new_game("cervene", SOLO, leader=0)
    play_cards(game, "7l 7h Sh 7a")
    assert game.points == [2, 0, 0, 0]
    play_cards(game, "8l 8h Fh 8a 9l 9h Kh 9a")
    assert game.points == [6, 0, 0, 0] and not game.finished
    ev = play_cards(game, "10l 10h Eh 10a")
    assert game.finished and game.to_act is None
    assert game.points == [8, 0, 0, 0]
    assert ev[-1].kind == "game_ended"
    assert game.tricks_done == 4


def test_R_TRICK_END_filky_ends_when_all_four_filky_are_taken():
    game, _ = new_game("filky", SOLO, leader=0)
    play_cards(game, "Fl 7h Fh Fa")
    assert game.points == [6, 0, 0, 0] and not game.finished
    play_cards(game, "7l 8h Fb 7a")
    assert game.finished and game.tricks_done == 2
    assert game.points == [8, 0, 0, 0]


def test_R_TRICK_END_cerveny_kral_ends_when_the_red_king_is_taken():
    game, _ = new_game("cerveny_kral", EVEN, leader=0)
    for trick in EVEN_SCRIPT[:7]:
        play_cards(game, trick)
    assert not game.finished and game.points == [0, 0, 0, 0]
    play_cards(game, "Sh Eh Kh Fh")
    assert game.finished and game.points == [8, 0, 0, 0]


@pytest.mark.parametrize("contract", ["prvni_posledni", "vsechny", "harakiri"])
def test_R_TRICK_END_prvni_posledni_vsechny_harakiri_play_all_8_tricks(contract):
    game, _ = new_game(contract, SOLO, leader=0)
    for k, trick in enumerate(SOLO_ALL):
        assert not game.finished, k
        play_cards(game, trick)
    assert game.finished and game.tricks_done == 8


def test_R_TRICK_END_prvni_posledni_one_seat_takes_first_and_last():
    game, _ = new_game("prvni_posledni", SOLO, leader=0)
    play_cards(game, SOLO_ALL[0])
    assert game.points == [4, 0, 0, 0]
    for trick in SOLO_ALL[1:7]:
        play_cards(game, trick)
    assert game.points == [4, 0, 0, 0]
    play_cards(game, SOLO_ALL[7])
    assert game.points == [8, 0, 0, 0]


def test_R_TRICK_END_vsechny_one_point_per_trick():
    game, _ = new_game("vsechny", SOLO, leader=0)
    for trick in SOLO_ALL:
        play_cards(game, trick)
    assert game.points == [8, 0, 0, 0]


# -- R-TRICK-PANAK -------------------------------------------------------------------------
def test_R_TRICK_PANAK_announced_when_one_seat_takes_all_four_filky():
    game, _ = new_game("filky", SOLO, leader=0, panak=True)
    ev = play_cards(game, "Fl 7h Fh Fa 7l 8h Fb 7a")
    assert kinds(ev)[-2:] == ["panak", "game_ended"]
    assert ev[-2].seat == 0
    assert ev[-2].text("en") == "seat 0 took all four Obers and owes everyone a drink!"
    assert game.points == [8, 0, 0, 0]  # never changes points


def test_R_TRICK_PANAK_off_by_default():
    game, _ = new_game("filky", SOLO, leader=0)
    ev = play_cards(game, "Fl 7h Fh Fa 7l 8h Fb 7a")
    assert "panak" not in kinds(ev)
    assert game.points == [8, 0, 0, 0]


def test_R_TRICK_PANAK_not_when_the_filky_are_split():
    game, _ = new_game("filky", EVEN, leader=0, panak=True)
    ev = []
    for trick in EVEN_SCRIPT:
        ev += play_cards(game, trick)
    assert "panak" not in kinds(ev)


def test_R_TRICK_PANAK_never_in_maturita():
    game, _ = new_game("filky", SOLO, leader=0, maturant=0, panak=True)
    ev = play_cards(game, "Fl 7h Fh Fa")  # the maturant's first filek ends the attempt
    assert game.finished and game.maturita_failed
    assert "panak" not in kinds(ev)
    assert list(game.recorded_points()) == [8, 0, 0, 0]


# -- harakiri as a trick game (the lóra side is in test_rules_harakiri.py) ---------------
def test_R_HARAKIRI_red_king_in_first_trick_costs_14():
    game, _ = new_game("harakiri", SOLO, leader=0)
    ev = play_cards(game, SOLO_ALL[0])  # 7l 7b Kh 7a: K♥ 8 + first 4 + heart 1 + trick 1
    assert [e.penalty for e in ev if e.kind == "trick_taken"] == [14]
    assert game.points == [14, 0, 0, 0]
    assert not game.finished  # harakiri plays all 8 tricks
    for trick in SOLO_ALL[1:]:
        play_cards(game, trick)
    assert game.points == [40, 0, 0, 0]


def test_R_HARAKIRI_scores_all_five_games_at_once():
    game, _ = new_game("harakiri", EVEN, leader=0)
    ev = []
    for trick in EVEN_SCRIPT:
        ev += play_cards(game, trick)
    # T1 first trick 4+1 → 2; T2,T3 1 each → 1, 0; T4–T6 filek 2+1 → 3, 2, 1;
    # T7 4 hearts +1 → 3; T8 4 hearts + Fh 2 + K♥ 8 + last 4 + 1 = 19 → 0
    assert [e.penalty for e in ev if e.kind == "trick_taken"] == [5, 1, 1, 3, 3, 3, 5, 19]
    assert game.points == [20, 4, 8, 8]
