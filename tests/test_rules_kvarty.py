"""R-KVARTY: the lead, automatic building, the next leader, the first lead (divoká karta),
královská kvarta and the end (also in the middle of a kvarta); exact points, legal leads,
error codes and messages. Every expected value below is worked out by hand in the comments.
"""

import pytest

from engine.actions import Lead
from engine.cards import card_str
from engine.rules import kvarta_window
from tests.helpers import c, deal, kinds, new_game, refusal, short

# K1: a whole game with help from the others, an incomplete kvarta, and others topping runs.
K1 = deal(
    "7h 8h Sh 7l Kb Eb Ka Ea",
    "9h Fh 8l 9l 10l 7b 8b 9b",
    "10h Kh Sl Fl Kl 10b Sb Fb",
    "Eh El 7a 8a 9a 10a Sa Fa",
)
# K3: the game ends in the middle of a kvarta when seat 1 adds his last card.
K3 = deal(
    "7h Sb Fb Kb Eb Sa Fa Ka",
    "8h 9h 10h Sl Fl Kl 8a 9a",
    "7a 10a El Sh Fh Kh Eh 7b",
    "7l 8l 9l 10l 8b 9b 10b Ea",
)
# ROYAL: divoká karta and královská kvarta, F,E | F,E | K,E | K,E (the example of Čl. 14).
ROYAL = deal(
    "Fh Eh Fl El Kb Eb Ka Ea",
    "7h 8h 9h 10h Sh Kh 7l 8l",
    "9l 10l Sl Kl 7b 8b 9b 10b",
    "Sb Fb 7a 8a 9a 10a Sa Fa",
)
# WILD: divoká karta without royalty (F and K of every suit, no ace).
WILD = deal(
    "Fh Kh Fl Kl Fb Kb Fa Ka",
    "Eh El 7h 8h 9h 10h Sh 7l",
    "Eb Ea 8l 9l 10l Sl 7b 8b",
    "9b 10b Sb 7a 8a 9a 10a Sa",
)
# KINGS: no card below F and no filek: the first lead starts at a king.
KINGS = deal(
    "Kh Eh Kl El Kb Eb Ka Ea",
    "7h 8h 7l 8l 7b 8b 7a 8a",
    "9h 10h 9l 10l 9b 10b 9a 10a",
    "Sh Fh Sl Fl Sb Fb Sa Fa",
)
# LAST: the leader keeps the lead and leads his last card, 7a: nothing is added to it.
LAST = deal(
    "Sh Fh Kh Eh Kl El Eb 7a",
    "7h 8h 9h 10h 7l 8l 9l 10l",
    "Sl Fl 7b 8b 9b 10b Sb Fb",
    "Kb 8a 9a 10a Sa Fa Ka Ea",
)


def lead(game, seat, card):
    events = game.apply(Lead(seat, c(card)))
    built = [e for e in events if e.kind == "kvarta_built"]
    assert len(built) == 1
    return built[0], events


def placed(built):
    return [(s, card_str(x)) for s, x in built.placed]


# -- R-KVARTY (the window) -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("start", "window"),
    [
        ("7h", "7h 8h 9h 10h"),
        ("9l", "9l 10l Sl Fl"),
        ("Sb", "Sb Fb Kb Eb"),
        ("Fa", "Fa Ka Ea"),
        ("Kh", "Kh Eh"),
        ("El", "El"),
    ],
)
def test_R_KVARTY_window_is_four_ranks_cut_at_the_ace(start, window):
    assert short(_leads(kvarta_window(c(start)))) == window.split()


def _leads(cards):
    return [Lead(0, x) for x in cards]


def test_R_KVARTY_one_point_per_card_left_whole_game():
    game, _ = new_game("kvarty", K1, leader=0)
    for seat, card in [
        (0, "8h"),
        (0, "7h"),
        (0, "7l"),
        (1, "7b"),
        (2, "Sl"),
        (3, "7a"),
        (3, "Sa"),
        (0, "Kb"),
    ]:
        assert game.to_act == seat
        lead(game, seat, card)
    # left: seat 1 Fh; seat 2 Kh Sb Fb; seat 3 Eh
    assert game.finished and game.to_act is None
    assert game.points == [0, 1, 3, 1]
    assert list(game.recorded_points()) == [0, 1, 3, 1]


# -- R-KVARTY-LEAD -------------------------------------------------------------------------
def test_R_KVARTY_LEAD_builds_with_the_others_cards_and_shows_own_cards():
    game, _ = new_game("kvarty", K1, leader=0)
    built, events = lead(game, 0, "8h")
    assert placed(built) == [(0, "8h"), (1, "9h"), (2, "10h"), (0, "Sh")]
    assert short(_leads(built.own_cards)) == ["8h", "Sh"]  # shown as "8, S"
    assert built.complete is True
    assert events[0].text("cs") == "hráč 0 vynáší 8h, Sh: kvarta 8h 9h 10h Sh; dál vynáší hráč 0."
    assert events[0].text("en") == "seat 0 leads 8h, Sh: quart 8h 9h 10h Sh; seat 0 leads next."
    assert game.cards_left() == [6, 7, 7, 8]


def test_R_KVARTY_LEAD_incomplete_kvarta_stops_at_a_played_card():
    game, _ = new_game("kvarty", K1, leader=0)
    lead(game, 0, "8h")
    built, events = lead(game, 0, "7h")  # 8h is already played: "odfouknutá"
    assert placed(built) == [(0, "7h")]
    assert built.complete is False
    assert built.next_leader == 0
    assert events[0].text("cs") == "hráč 0 vynáší 7h: odfouknutá kvarta 7h; dál vynáší hráč 0."
    assert game.cards_left() == [5, 7, 7, 8]


def test_R_KVARTY_LEAD_after_the_first_lead_any_card_may_start():
    game, _ = new_game("kvarty", K1, leader=0)
    lead(game, 0, "8h")
    assert short(game.legal_actions()) == ["7h", "7l", "Kb", "Eb", "Ka", "Ea"]
    built, _ = lead(game, 0, "Ea")  # the ace alone is a complete kvarta
    assert placed(built) == [(0, "Ea")] and built.complete is True
    built, _ = lead(game, 0, "Kb")
    assert placed(built) == [(0, "Kb"), (0, "Eb")] and built.complete is True


def test_R_KVARTY_LEAD_not_in_hand_and_not_your_turn():
    game, _ = new_game("kvarty", K1, leader=0)
    err = refusal(game, Lead(0, c("9h")))
    assert (err.code, err.rule) == ("not_in_hand", "R-KVARTY-LEAD")
    assert err.message("en") == "9h is not in your hand. (R-KVARTY-LEAD)"
    err = refusal(game, Lead(1, c("9h")))
    assert err.code == "not_your_turn"


# -- R-KVARTY-NEXT -------------------------------------------------------------------------
def test_R_KVARTY_NEXT_the_seat_of_the_highest_card_leads():
    game, _ = new_game("kvarty", K1, leader=0)
    assert lead(game, 0, "8h")[0].next_leader == 0  # he tops the run with Sh
    assert lead(game, 0, "7h")[0].next_leader == 0  # incomplete: he leads again
    built, _ = lead(game, 0, "7l")  # 7l, then 8l 9l 10l of seat 1
    assert placed(built) == [(0, "7l"), (1, "8l"), (1, "9l"), (1, "10l")]
    assert built.next_leader == 1 and game.to_act == 1
    assert short(game.legal_actions()) == ["Fh", "7b", "8b", "9b"]
    built, _ = lead(game, 1, "7b")
    assert placed(built) == [(1, "7b"), (1, "8b"), (1, "9b"), (2, "10b")]
    assert game.to_act == 2
    built, _ = lead(game, 2, "Sl")
    assert placed(built) == [(2, "Sl"), (2, "Fl"), (2, "Kl"), (3, "El")]
    assert game.to_act == 3
    built, _ = lead(game, 3, "7a")  # a full kvarta from his own hand
    assert built.next_leader == 3
    built, _ = lead(game, 3, "Sa")
    assert placed(built) == [(3, "Sa"), (3, "Fa"), (0, "Ka"), (0, "Ea")]
    assert game.to_act == 0


# -- R-KVARTY-FIRST ------------------------------------------------------------------------
def test_R_KVARTY_FIRST_first_lead_must_start_at_spodek_or_lower():
    game, _ = new_game("kvarty", K1, leader=0)
    assert short(game.legal_actions()) == ["7h", "8h", "Sh", "7l"]
    for card in ("Kb", "Eb", "Ka", "Ea"):
        err = refusal(game, Lead(0, c(card)))
        assert (err.code, err.rule) == ("kvarty_first_lead", "R-KVARTY-FIRST")


def test_R_KVARTY_FIRST_error_messages():
    game, _ = new_game("kvarty", K1, leader=0)
    err = refusal(game, Lead(0, c("Ea")))
    assert err.message("cs") == (
        "První kvarta musí začít nejvýš spodkem (divoká karta: filkem, jinak králem)."
        " (R-KVARTY-FIRST)"
    )
    assert err.message("en") == (
        "The first quart must start at the Unter or lower (divoká karta: at an Ober, else a"
        " King). (R-KVARTY-FIRST)"
    )


def test_R_KVARTY_FIRST_divoka_karta_must_start_at_filek():
    game, _ = new_game("kvarty", WILD, leader=0)
    assert short(game.legal_actions()) == ["Fh", "Fl", "Fb", "Fa"]
    err = refusal(game, Lead(0, c("Kh")))
    assert err.code == "kvarty_first_lead"
    built, events = lead(game, 0, "Fh")
    assert kinds(events) == ["divoka_karta", "kvarta_built"]
    assert events[0].seat == 0
    assert placed(built) == [(0, "Fh"), (0, "Kh"), (1, "Eh")]
    assert built.complete is True and game.to_act == 1
    # after the first lead, any card: seat 1 may lead his ace alone
    assert short(game.legal_actions()) == ["7h", "8h", "9h", "10h", "Sh", "7l", "El"]


def test_R_KVARTY_FIRST_divoka_karta_without_filek_starts_at_a_king():
    game, _ = new_game("kvarty", KINGS, leader=0)
    assert short(game.legal_actions()) == ["Kh", "Kl", "Kb", "Ka"]
    err = refusal(game, Lead(0, c("Eh")))
    assert err.code == "kvarty_first_lead"
    _, events = lead(game, 0, "Kh")
    assert kinds(events) == ["divoka_karta", "kralovska_kvarta", "kvarta_built"]


def test_R_KVARTY_FIRST_only_the_first_lead_of_the_game():
    game, _ = new_game("kvarty", WILD, leader=0)
    lead(game, 0, "Fh")  # seat 1 (Eh) leads next
    _, events = lead(game, 1, "El")
    assert "divoka_karta" not in kinds(events)


# -- R-KVARTY-ROYAL ------------------------------------------------------------------------
def test_R_KVARTY_ROYAL_leader_keeps_the_lead_and_sheds_everything():
    game, _ = new_game("kvarty", ROYAL, leader=0)
    assert short(game.legal_actions()) == ["Fh", "Fl"]
    built, events = lead(game, 0, "Fh")
    assert kinds(events) == ["divoka_karta", "kralovska_kvarta", "kvarta_built"]
    assert events[1].text("cs") == "hráč 0 má královskou kvartu!"
    assert placed(built) == [(0, "Fh"), (1, "Kh"), (0, "Eh")]
    built, _ = lead(game, 0, "Fl")
    assert placed(built) == [(0, "Fl"), (2, "Kl"), (0, "El")]
    lead(game, 0, "Kb")
    assert game.to_act == 0
    built, events = lead(game, 0, "Ka")
    assert placed(built) == [(0, "Ka"), (0, "Ea")]
    assert kinds(events)[-1] == "game_ended"
    assert game.finished
    assert game.points == [0, 7, 7, 8]


def test_R_KVARTY_ROYAL_kings_and_aces_only():
    game, _ = new_game("kvarty", KINGS, leader=0)
    for card in ("Kh", "Kl", "Kb", "Ka"):
        assert game.to_act == 0
        lead(game, 0, card)
    assert game.finished and game.points == [0, 8, 8, 8]


def test_R_KVARTY_ROYAL_not_announced_for_a_plain_divoka_karta():
    game, _ = new_game("kvarty", WILD, leader=0)
    _, events = lead(game, 0, "Fa")
    assert "kralovska_kvarta" not in kinds(events)


# -- R-KVARTY-END --------------------------------------------------------------------------
def test_R_KVARTY_END_in_the_middle_of_a_kvarta_nothing_more_is_added():
    game, _ = new_game("kvarty", K3, leader=0)
    assert short(game.legal_actions()) == ["7h", "Sb", "Sa"]
    built, _ = lead(game, 0, "7h")
    assert placed(built) == [(0, "7h"), (1, "8h"), (1, "9h"), (1, "10h")]
    built, _ = lead(game, 1, "Sl")
    assert placed(built) == [(1, "Sl"), (1, "Fl"), (1, "Kl"), (2, "El")]
    assert game.cards_left() == [7, 2, 7, 8]
    built, events = lead(game, 2, "7a")
    # seat 1 adds 8a and 9a, his last card: the game ends, 10a stays in seat 2's hand
    assert placed(built) == [(2, "7a"), (1, "8a"), (1, "9a")]
    assert built.complete is False
    assert kinds(events) == ["kvarta_built", "game_ended"]
    assert game.finished and game.to_act is None
    assert game.hands[2] >> c("10a") & 1
    assert game.points == [7, 0, 6, 8]


def test_R_KVARTY_END_the_leaders_own_last_card_gets_nothing_added():
    game, _ = new_game("kvarty", LAST, leader=0)
    lead(game, 0, "Sh")
    lead(game, 0, "Kl")
    lead(game, 0, "Eb")
    assert game.cards_left() == [1, 8, 8, 8]
    built, _ = lead(game, 0, "7a")  # "na poslední kartu se nepřikládá": 8a is not added
    assert placed(built) == [(0, "7a")]
    assert game.finished
    assert game.points == [0, 8, 8, 8]


def test_R_KVARTY_END_no_action_after_the_end():
    game, _ = new_game("kvarty", LAST, leader=0)
    for card in ("Sh", "Kl", "Eb", "7a"):
        lead(game, 0, card)
    assert game.legal_actions() == []
    err = refusal(game, Lead(1, c("7h")))
    assert err.code == "game_over"


# -- maturita in kvarty (R-MATURITA) -------------------------------------------------------
def test_R_MATURITA_kvarty_fails_when_another_seat_sheds_first():
    game, _ = new_game("kvarty", K3, leader=0, maturant=0)
    lead(game, 0, "7h")
    lead(game, 1, "Sl")
    lead(game, 2, "7a")
    assert game.finished and game.maturita_failed
    assert list(game.recorded_points()) == [8, 0, 0, 0]


def test_R_MATURITA_kvarty_passes_when_the_maturant_sheds_first():
    game, _ = new_game("kvarty", ROYAL, leader=0, maturant=0)
    for card in ("Fh", "Fl", "Kb", "Ka"):
        lead(game, 0, card)
    assert game.finished and not game.maturita_failed
    assert list(game.recorded_points()) == [0, 0, 0, 0]  # the others' cards are not recorded
