"""R-KVARTY: the lead (the leader lays all his own cards of the run at once, then the others
fill the gaps, lower card first), the next leader (complete run: the owner of its highest card;
incomplete, "odfouknutá": the leader again), the first lead (divoká karta), královská kvarta and
the end (also in the middle of a kvarta); exact points, legal leads, error codes and messages.
Every expected value below is worked out by hand in the comments.
"""

import pytest

from engine.actions import Lead
from engine.cards import card_str
from engine.messages import event_text
from engine.rules import kvarta_window
from tests.helpers import c, deal, kinds, lora_at_kvarty, new_game, refusal, short

# K1: a whole game with help from the others, an incomplete kvarta, and others topping runs.
K1 = deal(
    "7h 8h Sh 7l Kb Eb Ka Ea",
    "9h Fh 8l 9l 10l 7b 8b 9b",
    "10h Kh Sl Fl Kl 10b Sb Fb",
    "Eh El 7a 8a 9a 10a Sa Fa",
)
# K3: seat 2 leads 7a with 10a of his own; seat 1 adds 8a and 9a, his last cards.
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
# OWN: the example of the issue: seat 0 holds 7 and 10 of hearts, leaves and bells, and S and E
# of acorns; seat 1 fills 8 and 9 each time and holds F and K of acorns.
OWN = deal(
    "7h 10h 7l 10l 7b 10b Sa Ea",
    "8h 9h 8l 9l 8b 9b Fa Ka",
    "Sh Fh Kh Eh Sl Fl Kl El",
    "Sb Fb Kb Eb 7a 8a 9a 10a",
)
# BLOWN: seat 0 leads 9h (topping it with his Fh), then 7h: 9h is played, so the run is 7h 8h,
# with 8h from seat 3 — an incomplete kvarta, and seat 0 leads again.
BLOWN = deal(
    "7h 9h Fh 7l 8l 9l 10l Ea",
    "10h Kh Sl Fl Kl El 7b 8b",
    "Sh Eh 9b 10b Sb Fb Kb Eb",
    "8h 7a 8a 9a 10a Sa Fa Ka",
)
# FILL: seat 1 leads; at the end seat 3 holds only 8a and seat 1 only 9a when seat 0 leads 7a.
FILL = deal(
    "Kb Eb 7a 10a 7h 8h 9h 10h",
    "7l 8l 9l 10l Sl Fl Kl 9a",
    "Sh Fh Kh Eh Sa Fa Ka Ea",
    "El 7b 8b 9b 10b Sb Fb 8a",
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


# -- R-KVARTY-LEAD: the leader's own cards first ------------------------------------------
def test_R_KVARTY_LEAD_the_leader_lays_all_his_own_cards_of_the_run_at_once():
    game, _ = new_game("kvarty", OWN, leader=0)
    built, events = lead(game, 0, "7h")
    # run 7h 8h 9h 10h: seat 0 lays 7h and 10h ("7, 10"), seat 1 fills 8h then 9h
    assert short(_leads(built.own_cards)) == ["7h", "10h"]
    assert [(s, card_str(x)) for s, x in built.filled] == [(1, "8h"), (1, "9h")]
    assert placed(built) == [(0, "7h"), (1, "8h"), (1, "9h"), (0, "10h")]
    assert built.complete is True and built.out is None
    assert built.next_leader == 0  # his 10h is the highest card
    assert events[0].text("cs") == "hráč 0 vynáší 7h, 10h: kvarta 7h 8h 9h 10h; dál vynáší hráč 0."
    assert events[0].text("en") == "seat 0 leads 7h, 10h: quart 7h 8h 9h 10h; seat 0 leads next."
    assert game.cards_left() == [6, 6, 8, 8]


def test_R_KVARTY_LEAD_the_text_names_players_and_cards_as_the_caller_writes_them():
    game, _ = new_game("kvarty", OWN, leader=0)
    _, events = lead(game, 0, "7h")

    def card_text(x):
        return card_str(x)[:-1] + "♥"

    assert event_text(events[0], "en", ["Ann", "Bob", "Cyril", "Dana"], card_text) == (
        "Ann leads 7♥, 10♥: quart 7♥ 8♥ 9♥ 10♥; Ann leads next."
    )


def test_R_KVARTY_END_the_leader_whose_own_cards_empty_his_hand_has_gone_out():
    """The example of the issue: [0, 2, 8, 8]; read the other way (Sa, Fa, Ka: seat 1 out
    first) it would be [1, 0, 8, 8]."""
    game, _ = new_game("kvarty", OWN, leader=0)
    for card in ("7h", "7l", "7b"):  # each: 7 and 10 his own, 8 and 9 from seat 1; he tops it
        assert game.to_act == 0
        lead(game, 0, card)
    assert game.cards_left() == [2, 2, 8, 8]  # seat 0: Sa Ea; seat 1: Fa Ka
    built, events = lead(game, 0, "Sa")
    # run Sa Fa Ka Ea: he lays Sa and Ea, his last two cards; nobody fills
    assert short(_leads(built.own_cards)) == ["Sa", "Ea"]
    assert built.filled == () and built.out == 0 and built.next_leader is None
    assert kinds(events) == ["kvarta_built", "game_ended"]
    assert events[0].text("cs") == "hráč 0 vynáší Sa, Ea a nemá už žádnou kartu: konec hry."
    assert events[0].text("en") == (
        "seat 0 leads Sa, Ea and has no cards left: the game is over."
    )
    assert game.finished and game.points == [0, 2, 8, 8]


def test_R_KVARTY_END_with_the_leader_as_maturant_his_own_last_cards_pass_the_attempt():
    game, _ = new_game("kvarty", OWN, leader=0, maturant=0)
    for card in ("7h", "7l", "7b", "Sa"):
        lead(game, 0, card)
    assert game.finished and not game.maturita_failed
    assert game.points == [0, 2, 8, 8]
    assert list(game.recorded_points()) == [0, 0, 0, 0]


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


def test_R_KVARTY_NEXT_after_an_incomplete_kvarta_the_leader_leads_again():
    game, _ = new_game("kvarty", BLOWN, leader=0)
    built, events = lead(game, 0, "9h")  # 9h Fh his own, 10h from seat 1, Sh from seat 2
    assert placed(built) == [(0, "9h"), (1, "10h"), (2, "Sh"), (0, "Fh")]
    assert built.complete is True and built.next_leader == 0
    assert "odfouknutá" not in events[0].text("cs")
    built, events = lead(game, 0, "7h")  # 9h is played: the run is 7h 8h, 8h from seat 3
    assert placed(built) == [(0, "7h"), (3, "8h")]
    assert built.complete is False and built.blown and card_str(built.stopper) == "9h"
    # seat 3 laid the highest card, but after an incomplete kvarta the leader goes on
    assert built.next_leader == 0 and game.to_act == 0
    assert events[0].text("cs") == (
        "hráč 0 vynáší 7h: odfouknutá kvarta 7h 8h; dál vynáší hráč 0."
    )
    # (the bot's English word, "incomplete quart", in the terminal and replays too)
    assert events[0].text("en") == "seat 0 leads 7h: incomplete quart 7h 8h; seat 0 leads next."
    assert game.cards_left() == [5, 7, 7, 7]
    lead(game, 0, "7l")  # all four his own
    built, _ = lead(game, 0, "Ea")  # his last card
    assert built.out == 0 and game.finished and built.stopper is None
    assert game.points == [0, 7, 7, 7]


def test_R_KVARTY_NEXT_a_run_up_to_the_ace_is_complete_and_the_aces_owner_leads():
    game, _ = new_game("kvarty", WILD, leader=0)
    built, events = lead(game, 0, "Fh")  # F K E: Fh Kh his own, Eh from seat 1
    assert short(_leads(built.own_cards)) == ["Fh", "Kh"]
    assert built.filled == ((1, c("Eh")),)
    assert built.complete is True and not built.blown and built.stopper is None
    assert built.next_leader == 1 and game.to_act == 1
    assert events[-1].text("cs") == "hráč 0 vynáší Fh, Kh: kvarta Fh Kh Eh; dál vynáší hráč 1."


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
        "The first quart must start at the Unter or lower (with a wild card, no card below the"
        " Ober: at an Ober, else at a King). (R-KVARTY-FIRST)"
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


def test_R_KVARTY_FIRST_a_wild_leaders_refusal_tells_his_case_under_the_contracts_code():
    """The replay contract's code stays ``kvarty_first_lead``; its detail (the message and
    the hands' reason, ``refused_cards``) is the divoká karta's case, decided by the game."""
    from engine.lora import refused_cards

    game, _ = new_game("kvarty", WILD, leader=0)
    err = refusal(game, Lead(0, c("Kh")))
    assert (err.code, err.detail, err.rule) == (
        "kvarty_first_lead", "kvarty_first_lead_wild", "R-KVARTY-FIRST")
    assert err.to_json(0)["code"] == "kvarty_first_lead"
    assert err.message("cs") == ("S divokou kartou (žádná karta pod filkem) začíná první kvarta"
                                 " filkem, bez filka králem. (R-KVARTY-FIRST)")
    assert err.message("en") == ("With a wild card (no card below the Ober) the first quart"
                                 " starts at an Ober, without one at a King. (R-KVARTY-FIRST)")
    plain, _ = new_game("kvarty", K1, leader=0)
    assert refusal(plain, Lead(0, c("Ea"))).detail == "kvarty_first_lead"
    lora = lora_at_kvarty(WILD, ROYAL)
    assert refused_cards(lora, lora.view(0)) == {
        "kvarty_first_lead_wild": [c(x) for x in ("Kh", "Kl", "Kb", "Ka")]}


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
def test_R_KVARTY_END_a_filler_adds_his_last_card_after_the_leaders_own_cards():
    game, _ = new_game("kvarty", K3, leader=0)
    assert short(game.legal_actions()) == ["7h", "Sb", "Sa"]
    built, _ = lead(game, 0, "7h")
    assert placed(built) == [(0, "7h"), (1, "8h"), (1, "9h"), (1, "10h")]
    built, _ = lead(game, 1, "Sl")
    assert placed(built) == [(1, "Sl"), (1, "Fl"), (1, "Kl"), (2, "El")]
    assert game.cards_left() == [7, 2, 7, 8]
    built, events = lead(game, 2, "7a")
    # seat 2 lays 7a and 10a, his own; seat 1 adds 8a and 9a, his last card: the game ends
    assert short(_leads(built.own_cards)) == ["7a", "10a"]
    assert [(s, card_str(x)) for s, x in built.filled] == [(1, "8a"), (1, "9a")]
    assert built.complete is True and built.out == 1 and built.next_leader is None
    assert kinds(events) == ["kvarta_built", "game_ended"]
    assert events[0].text("cs") == (
        "hráč 2 vynáší 7a, 10a, ostatní přikládají 8a 9a; hráč 1 už nemá žádnou kartu:"
        " konec hry."
    )
    assert "odfouknutá" not in events[0].text("cs")
    assert game.finished and game.to_act is None
    assert not game.hands[2] >> c("10a") & 1
    # left: seat 0 Sb Fb Kb Eb Sa Fa Ka; seat 2 Sh Fh Kh Eh 7b; seat 3 all 8
    assert game.points == [7, 0, 5, 8]


def test_R_KVARTY_END_fillers_add_the_lower_card_first_and_the_first_empty_hand_ends_it():
    game, _ = new_game("kvarty", FILL, leader=1)
    built, _ = lead(game, 1, "7l")  # all four his own
    assert built.next_leader == 1
    built, _ = lead(game, 1, "Sl")  # Sl Fl Kl his own, El from seat 3, who tops it
    assert built.next_leader == 3
    built, _ = lead(game, 3, "7b")  # all four his own
    built, _ = lead(game, 3, "Sb")  # Sb Fb his own, Kb and Eb from seat 0
    assert placed(built) == [(3, "Sb"), (3, "Fb"), (0, "Kb"), (0, "Eb")]
    assert built.next_leader == 0
    assert game.cards_left() == [6, 1, 8, 1]  # seat 1 holds 9a, seat 3 holds 8a
    built, events = lead(game, 0, "7a")
    # he lays 7a and 10a; of 8a (seat 3) and 9a (seat 1) the lower goes first: seat 3 is out
    # and 9a is not added
    assert short(_leads(built.own_cards)) == ["7a", "10a"]
    assert built.filled == ((3, c("8a")),)
    assert built.out == 3 and built.complete is True
    assert game.finished and game.hands[1] == 1 << c("9a")
    assert game.points == [4, 1, 8, 0]


def test_R_KVARTY_END_fillers_lower_card_first_as_maturita_failure():
    game, _ = new_game("kvarty", FILL, leader=1, maturant=1)
    for seat, card in [(1, "7l"), (1, "Sl"), (3, "7b"), (3, "Sb"), (0, "7a")]:
        lead(game, seat, card)
    assert game.finished and game.maturita_failed  # seat 3 shed first; 9a stays with him
    assert list(game.recorded_points()) == [0, 8, 0, 0]


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


# -- saved states ----------------------------------------------------------------------------
def test_a_kvarty_state_saved_before_the_own_cards_first_reading_still_loads():
    """A running table saved by the previous engine holds its kvarty as ``placed`` (every card
    in rank order) without ``filled`` and ``out``; it loads, and plays on by R-KVARTY."""
    from engine.contracts import Options
    from engine.lora import partial_game_from_json

    game, _ = new_game("kvarty", BLOWN, leader=0)
    lead(game, 0, "9h")
    data = game.to_json()
    old = data["kvarty"][0]
    assert old["filled"] == [[1, "10h"], [2, "Sh"]] and old["out"] is None
    data["kvarty"] = [
        {
            "kind": "kvarta_built",
            "seat": 0,
            "own_cards": ["9h", "Fh"],
            "placed": [[0, "9h"], [1, "10h"], [2, "Sh"], [0, "Fh"]],
            "complete": True,
            "next_leader": 0,
        }
    ]
    loaded = partial_game_from_json(data, Options())
    assert loaded.to_json() == game.to_json()
    built, _ = lead(loaded, 0, "7h")
    assert built.blown and loaded.to_act == 0


# -- R-KVARTY-FIRST / R-KVARTY-ROYAL recorded: the game, its views, its protocol row ----------
def test_R_KVARTY_FIRST_wild_is_recorded_and_told_to_the_leader_alone_until_he_leads():
    from engine.kvarty import KvartyGame
    from engine.views import KvartyView

    lora = lora_at_kvarty(WILD, ROYAL)
    game = lora.game
    assert isinstance(game, KvartyGame)
    assert (game.wild, game.royal) == (True, False)
    assert game.first_leader_marks() == (True, False)
    # before his first lead only his own view has it (it tells he holds no card below F)
    assert lora.public_view().game == KvartyView((), False, False)
    assert lora.view(0).game == KvartyView((), True, False)
    assert lora.view(1).game == KvartyView((), False, False)
    lora.apply(Lead(0, c("Fh")))
    assert lora.public_view().game.wild is True  # announced with the lead
    assert lora.view(2).game.wild is True


def test_R_KVARTY_ROYAL_royal_is_recorded_with_wild_in_the_protocol_row():
    from engine.contracts import Contract
    from tests.helpers import drive

    lora = lora_at_kvarty(WILD, ROYAL)
    drive(lora, lambda lo: lo.tali == 2 and lo.game_no == 7)
    rows = [r for r in lora.protocol if r.contract is Contract.KVARTY]
    assert [(r.tali, r.wild, r.royal) for r in rows] == [(1, True, False), (2, True, True)]
    # the royal leader (seat 1) sheds everything: ROYAL's [0, 7, 7, 8] turned by one seat
    assert rows[1].points == (8, 0, 7, 7)
    assert rows[1].to_json()["wild"] is True and rows[1].to_json()["royal"] is True
    assert "royal" not in rows[0].to_json()


def test_R_KVARTY_FIRST_not_wild_records_nothing_and_rows_save_as_before():
    from engine.contracts import Contract, Options
    from engine.lora import ProtocolRow, partial_game_from_json
    from tests.helpers import drive

    game, _ = new_game("kvarty", K1, leader=0)
    assert (game.wild, game.royal) == (False, False)
    data = game.to_json()
    assert (data["wild"], data["royal"]) == (False, False)  # the game's save carries them
    assert partial_game_from_json(data, Options()).first_leader_marks() == (False, False)
    old = {k: v for k, v in data.items() if k not in ("wild", "royal")}  # saved before them
    assert partial_game_from_json(old, Options()).first_leader_marks() == (False, False)
    lora = lora_at_kvarty(K1, K3)
    drive(lora, lambda lo: lo.tali == 2 and lo.game_no == 7)
    rows = [r for r in lora.protocol if r.contract is Contract.KVARTY]
    assert [(r.wild, r.royal) for r in rows] == [(False, False), (False, False)]
    assert all("wild" not in r.to_json() and "royal" not in r.to_json() for r in lora.protocol)
    assert ProtocolRow.from_json(rows[0].to_json()) == rows[0]
    # the replay's rows (REPLAY.md) never carry them
    assert all(set(r.replay_json()) <= {"tali", "game", "contract", "points", "attempt"}
               for r in lora.protocol)


def test_R_KVARTY_FIRST_wild_and_royal_json_round_trip():
    import json

    from engine.contracts import Contract, Options
    from engine.lora import Lora, ProtocolRow, partial_game_from_json
    from tests.helpers import drive

    game, _ = new_game("kvarty", ROYAL, leader=0)
    data = game.to_json()
    assert (data["wild"], data["royal"]) == (True, True)
    again = partial_game_from_json(json.loads(json.dumps(data)), Options())
    assert again.first_leader_marks() == (True, True) and again.to_json() == data
    row = ProtocolRow(1, 6, Contract.KVARTY, (0, 8, 8, 8), wild=True, royal=True)
    assert ProtocolRow.from_json(json.loads(json.dumps(row.to_json()))) == row
    lora = lora_at_kvarty(WILD, ROYAL)
    drive(lora, lambda lo: lo.tali == 2 and lo.game_no == 7)
    loaded = Lora.from_json(json.loads(json.dumps(lora.to_json())))
    assert loaded.protocol == lora.protocol and loaded.to_json() == lora.to_json()


def test_R_KVARTY_FIRST_an_old_save_without_the_marks_recomputes_them_from_the_deal():
    """A table saved before the marks were recorded: its running kvarty game and its kvarty
    rows have no ``wild``/``royal``; loaded, they are the first leader's dealt hand's."""
    import json

    from engine.contracts import Contract, Options
    from engine.lora import Lora, partial_game_from_json
    from tests.helpers import drive

    game, _ = new_game("kvarty", WILD, leader=0)
    old = game.to_json()
    del old["wild"]
    assert partial_game_from_json(old, Options()).first_leader_marks() == (True, False)
    lora = lora_at_kvarty(WILD, ROYAL)
    drive(lora, lambda lo: lo.tali == 2 and lo.game_no == 7)
    data = json.loads(json.dumps(lora.to_json()))
    for row in data["protocol"]:
        row.pop("wild", None)
        row.pop("royal", None)
    loaded = Lora.from_json(data)
    assert [(r.wild, r.royal) for r in loaded.protocol if r.contract is Contract.KVARTY] == [
        (True, False), (True, True)]
    assert loaded.protocol == lora.protocol


def test_R_KVARTY_ROYAL_a_load_keeps_the_marks_saved_not_the_deal_s():
    """The marks are recorded once from the dealt hand and told to all with the first lead;
    a load keeps the saved ones. Re-deriving them from the saved deal would let the public
    view follow hidden cards (the views' swap check: two other seats' cards exchanged in the
    save, one of them the leader's)."""
    from engine.contracts import Options
    from engine.lora import partial_game_from_json

    game, _ = new_game("kvarty", K1, leader=0)
    data = game.to_json()
    data["deal"] = list(ROYAL)  # a save whose leader's dealt hand would be royal
    assert partial_game_from_json(data, Options()).first_leader_marks() == (False, False)
    royal = new_game("kvarty", ROYAL, leader=0)[0].to_json()
    royal["deal"] = list(K1)
    assert partial_game_from_json(royal, Options()).first_leader_marks() == (True, True)
