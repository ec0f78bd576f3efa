"""R-DESITKY: rows from the tens, multi-card turns (opening and extending in one turn), the
auto end of a turn, forced knocks (several in a row), the end; exact points and knocks.
"""

from engine.actions import EndTurn, Lay, LayTurn
from engine.rules import TENS_MASK, desitky_next_ends
from tests.helpers import c, deal, kinds, lay_turn, new_game, refusal, short

# D1: a whole game: a three-card first turn, a six-card turn opening a second row, a
# voluntary end, one knock, and a seven-card turn that ends the game.
D1 = deal(
    "10h 9h Sh 8l 7b 8b Ka Ea",
    "10l 9l Sl Fl 7h 8h 7a 8a",
    "10b 9b Sb Fh Kh Eh 9a 10a",
    "7l Kl El Fb Kb Eb Sa Fa",
)
# D3: the leader lays 10h, the others open three rows, then the leader must knock.
D3 = deal(
    "10h 7l 8l 7b 8b 7a 8a Kh",
    "10l 9h 8h 7h Sh Fh Eh Sl",
    "10b 9l Fl Kl El 9b Sb Fb",
    "10a 9a Sa Fa Ka Ea Kb Eb",
)
# D4: seats 0 and 1 hold no ten: two knocks before anybody lays a card.
D4 = deal(
    "7h 8h 9h Sh 7l 8l 9l Sl",
    "7b 8b 9b Sb 7a 8a 9a Sa",
    "10h Fh Kh Eh 10l Fl Kl El",
    "10b Fb Kb Eb 10a Fa Ka Ea",
)
# D5: seat 0 holds every ten and the cards next to them: after his 10h the three others
# knock in a row, and his next turn opens and extends rows until his hand is empty.
D5 = deal(
    "10h 10l 10b 10a 9h Sh 9l Sl",
    "7h 8h Fh Kh Eh 7l 8l Fl",
    "Kl El 7b 8b 9b Sb Fb Kb",
    "Eb 7a 8a 9a Sa Fa Ka Ea",
)


def turn_cards(events):
    return [[short([Lay(0, x)])[0] for x in e.cards] for e in events if e.kind == "turn_ended"]


# -- R-DESITKY -----------------------------------------------------------------------------
def test_R_DESITKY_rows_go_down_to_7_and_up_to_E_from_the_ten():
    ends = desitky_next_ends(TENS_MASK, c("10h"))
    assert short([Lay(0, x) for x in range(32) if ends >> x & 1]) == [
        "9h",
        "Sh",
        "10l",
        "10b",
        "10a",
    ]
    for card in ("9h", "8h", "7h"):
        ends = desitky_next_ends(ends, c(card))
    assert not ends & 0xFF & ~(1 << c("Sh"))  # nothing below 7h
    for card in ("Sh", "Fh", "Kh", "Eh"):
        ends = desitky_next_ends(ends, c(card))
    assert not ends & 0xFF  # the hearts row is closed at both ends


def test_R_DESITKY_one_point_per_card_left_plus_one_per_knock_whole_game():
    game, start = new_game("desitky", D1, leader=0)
    assert start == []
    lay_turn(game, 0, "10h 9h Sh")
    lay_turn(game, 1, "8h 7h 10l 9l Sl Fl")
    lay_turn(game, 2, "Fh")
    lay_turn(game, 3, "Kl El")
    ev = lay_turn(game, 0, "8l")  # then seat 1 (7a 8a) has nothing: a knock
    assert kinds(ev) == ["card_laid", "turn_ended", "knock"]
    assert game.knocks == [0, 1, 0, 0]
    assert game.to_act == 2
    ev = lay_turn(game, 2, "Kh Eh 10b 9b Sb 10a 9a")
    assert kinds(ev)[-2:] == ["turn_ended", "game_ended"]
    assert game.finished and game.to_act is None
    # left: 0: 7b 8b Ka Ea; 1: 7a 8a (+1 knock); 2: none; 3: 7l Fb Kb Eb Sa Fa
    assert game.points == [4, 3, 0, 6]
    assert game.knocks == [0, 1, 0, 0]


# -- R-DESITKY-TURN ------------------------------------------------------------------------
def test_R_DESITKY_TURN_leader_starts_and_may_only_open_a_row():
    game, _ = new_game("desitky", D1, leader=0)
    assert game.to_act == 0
    assert short(game.legal_actions()) == ["10h"]
    err = refusal(game, Lay(0, c("9h")))
    assert (err.code, err.rule) == ("not_playable", "R-DESITKY-TURN")
    assert err.message("cs") == "Kartu 9h nelze přiložit k žádné řadě. (R-DESITKY-TURN)"
    assert err.message("en") == "9h fits no row. (R-DESITKY-TURN)"


def test_R_DESITKY_TURN_cards_one_at_a_time_then_end_turn():
    game, _ = new_game("desitky", D1, leader=0)
    err = refusal(game, EndTurn(0))
    assert (err.code, err.rule) == ("must_lay", "R-DESITKY-TURN")
    assert err.message("cs") == "Musíš přiložit aspoň jednu kartu. (R-DESITKY-TURN)"
    assert err.message("en") == "You must lay at least one card. (R-DESITKY-TURN)"
    game.apply(Lay(0, c("10h")))
    assert game.to_act == 0
    assert short(game.legal_actions()) == ["9h", "Sh", "end"]  # the row opened this turn
    game.apply(Lay(0, c("9h")))
    assert short(game.legal_actions()) == ["Sh", "end"]
    ev = game.apply(Lay(0, c("Sh")))  # nothing more to lay: the turn ends by itself
    assert kinds(ev) == ["card_laid", "turn_ended"]
    assert game.to_act == 1
    assert short(game.legal_actions()) == ["8h", "10l"]
    game.apply(Lay(1, c("10l")))
    assert short(game.legal_actions()) == ["8h", "9l", "Sl", "end"]
    ev = game.apply(EndTurn(1))
    assert kinds(ev) == ["turn_ended"]
    assert game.to_act == 2


def test_R_DESITKY_TURN_open_and_extend_several_rows_in_one_turn():
    game, _ = new_game("desitky", D1, leader=0)
    lay_turn(game, 0, "10h 9h Sh")
    ev = lay_turn(game, 1, "8h 7h 10l 9l Sl Fl")
    assert turn_cards(ev) == [["8h", "7h", "10l", "9l", "Sl", "Fl"]]
    assert game.rows() == [(0, 4), (2, 5), None, None]  # hearts 7–S, leaves 9–F
    assert game.to_act == 2


def test_R_DESITKY_TURN_voluntary_end_after_one_card():
    game, _ = new_game("desitky", D1, leader=0)
    lay_turn(game, 0, "10h 9h Sh")
    lay_turn(game, 1, "8h 7h 10l 9l Sl Fl")
    assert short(game.legal_actions()) == ["Fh", "10b", "10a"]
    ev = lay_turn(game, 2, "Fh")  # could go on with Kh, 10b, 10a, and stops
    assert kinds(ev) == ["card_laid", "turn_ended"]
    assert game.to_act == 3
    assert short(game.legal_actions()) == ["Kl"]


def test_R_DESITKY_TURN_a_whole_turn_is_refused_as_one_and_changes_nothing():
    game, _ = new_game("desitky", D1, leader=0)
    err = refusal(game, LayTurn(0, (c("9h"), c("10h"))))  # 9h before its row is open
    assert err.code == "not_playable"
    err = refusal(game, LayTurn(0, (c("10h"), c("8h"))))
    assert err.code == "not_in_hand"
    lay_turn(game, 0, "10h Sh 9h")  # any order that fits at every step
    err = refusal(game, LayTurn(1, (c("10l"), c("Fl"))))  # Fl before Sl
    assert (err.code, err.message("en")) == ("not_playable", "Fl fits no row. (R-DESITKY-TURN)")
    err = refusal(game, LayTurn(2, (c("Fh"),)))
    assert err.code == "not_your_turn"


def test_R_DESITKY_TURN_cards_after_the_auto_end_are_refused():
    game, _ = new_game("desitky", D1, leader=0)
    # after 10h 9h Sh seat 0 has nothing more: a fourth card cannot be part of his turn
    err = refusal(game, LayTurn(0, (c("10h"), c("9h"), c("Sh"), c("8l"))))
    assert err.code == "not_playable"


# -- R-DESITKY-KNOCK -----------------------------------------------------------------------
def test_R_DESITKY_KNOCK_forced_at_the_start_several_in_a_row():
    game, start = new_game("desitky", D4, leader=0)
    assert kinds(start) == ["knock", "knock"]
    assert [e.seat for e in start] == [0, 1]
    assert start[0].text("cs") == "hráč 0: ťuk!"
    assert start[0].text("en") == "seat 0: knock!"
    assert game.knocks == [1, 1, 0, 0]
    assert game.points == [1, 1, 0, 0]
    assert game.to_act == 2
    assert short(game.legal_actions()) == ["10h", "10l"]


def test_R_DESITKY_KNOCK_three_seats_in_a_row_then_the_layer_again():
    game, _ = new_game("desitky", D5, leader=0)
    assert short(game.legal_actions()) == ["10h", "10l", "10b", "10a"]
    ev = lay_turn(game, 0, "10h")
    assert kinds(ev) == ["card_laid", "turn_ended", "knock", "knock", "knock"]
    assert [e.seat for e in ev if e.kind == "knock"] == [1, 2, 3]
    assert game.knocks == [0, 1, 1, 1]
    assert game.to_act == 0
    assert short(game.legal_actions()) == ["9h", "Sh", "10l", "10b", "10a"]
    ev = lay_turn(game, 0, "9h Sh 10l 9l Sl 10b 10a")
    assert game.finished
    assert game.points == [0, 9, 9, 9]


def test_R_DESITKY_KNOCK_is_never_an_action_and_a_knocking_seat_is_skipped():
    game, _ = new_game("desitky", D3, leader=0)
    lay_turn(game, 0, "10h")
    lay_turn(game, 1, "10l")
    lay_turn(game, 2, "10b")
    ev = lay_turn(game, 3, "10a")
    assert kinds(ev)[-1] == "knock" and ev[-1].seat == 0
    assert game.to_act == 1
    assert game.points == [1, 0, 0, 0]
    err = refusal(game, Lay(0, c("7l")))
    assert err.code == "not_your_turn"


# -- R-DESITKY-END -------------------------------------------------------------------------
def test_R_DESITKY_END_the_moment_a_seat_lays_his_last_card():
    game, _ = new_game("desitky", D5, leader=0)
    lay_turn(game, 0, "10h")
    ev = game.apply(Lay(0, c("10a")))
    assert not game.finished
    for card in ("9h", "Sh", "10l", "9l", "Sl"):
        ev = game.apply(Lay(0, c(card)))
    assert not game.finished
    ev = game.apply(Lay(0, c("10b")))
    assert kinds(ev) == ["card_laid", "turn_ended", "game_ended"]
    assert game.finished and game.legal_actions() == []
    err = refusal(game, Lay(1, c("9b")))
    assert err.code == "game_over"
    # 1 point per card left + 1 per knock: seat 0 laid all 8 (0); seats 1, 2, 3 laid
    # nothing (8 cards each) and each knocked once after the 10h: 8 + 1 = 9.
    assert game.knocks == [0, 1, 1, 1]
    assert game.points == [0, 9, 9, 9]
    assert list(game.recorded_points()) == [0, 9, 9, 9]


# -- maturita in desítky (R-MATURITA) ------------------------------------------------------
def test_R_MATURITA_desitky_knock_at_the_start_fails_at_once():
    game, start = new_game("desitky", D4, leader=0, maturant=0)
    assert kinds(start) == ["knock", "game_ended"]
    assert game.finished and game.maturita_failed
    assert list(game.recorded_points()) == [8, 0, 0, 0]


def test_R_MATURITA_desitky_knock_later_fails():
    game, _ = new_game("desitky", D3, leader=0, maturant=0)
    lay_turn(game, 0, "10h")
    lay_turn(game, 1, "10l")
    lay_turn(game, 2, "10b")
    ev = lay_turn(game, 3, "10a")
    assert kinds(ev)[-2:] == ["knock", "game_ended"]
    assert game.finished and game.maturita_failed
    assert list(game.recorded_points()) == [8, 0, 0, 0]


def test_R_MATURITA_desitky_fails_when_another_seat_sheds_first():
    game, _ = new_game("desitky", D1, leader=0, maturant=0)
    lay_turn(game, 0, "10h 9h Sh")
    lay_turn(game, 1, "8h 7h 10l 9l Sl Fl")
    lay_turn(game, 2, "Fh")
    lay_turn(game, 3, "Kl El")
    lay_turn(game, 0, "8l")  # seat 1 knocks: not the maturant, the game goes on
    assert not game.finished
    lay_turn(game, 2, "Kh Eh 10b 9b Sb 10a 9a")
    assert game.finished and game.maturita_failed
    assert list(game.recorded_points()) == [8, 0, 0, 0]


def test_R_MATURITA_desitky_others_knocks_do_not_matter():
    game, _ = new_game("desitky", D5, leader=0, maturant=0)
    lay_turn(game, 0, "10h")
    lay_turn(game, 0, "9h Sh 10l 9l Sl 10b 10a")
    assert game.finished and not game.maturita_failed
    assert list(game.recorded_points()) == [0, 0, 0, 0]
