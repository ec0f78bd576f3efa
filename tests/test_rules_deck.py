"""R-DECK: 32 German-suited cards, the notation, 4 seats clockwise, 8 cards each dealt in twos."""

import random

import pytest

from engine.cards import (
    FULL_DECK,
    card_str,
    cards_of,
    hand_str,
    parse_card,
    parse_deal,
    parse_hand,
    shuffled_deal,
)
from engine.errors import BadInput
from tests.helpers import c, new_game, play_cards

ALL = [
    "7h",
    "8h",
    "9h",
    "10h",
    "Sh",
    "Fh",
    "Kh",
    "Eh",
    "7l",
    "8l",
    "9l",
    "10l",
    "Sl",
    "Fl",
    "Kl",
    "El",
    "7b",
    "8b",
    "9b",
    "10b",
    "Sb",
    "Fb",
    "Kb",
    "Eb",
    "7a",
    "8a",
    "9a",
    "10a",
    "Sa",
    "Fa",
    "Ka",
    "Ea",
]


def test_R_DECK_32_cards_in_notation_order_suits_h_l_b_a_ranks_7_to_E():
    assert [card_str(i) for i in range(32)] == ALL
    assert [parse_card(n) for n in ALL] == list(range(32))
    assert parse_card("7h") == 0
    assert parse_card("Eh") == 7
    assert parse_card("7l") == 8
    assert parse_card("10b") == 19
    assert parse_card("Ea") == 31


def test_R_DECK_notation_is_case_insensitive_and_round_trips():
    assert parse_card("kH") == parse_card("Kh")
    assert parse_card(" 10L ") == parse_card("10l")
    assert hand_str(parse_hand("Ea 7h 10l Sb")) == "7h 10l Sb Ea"
    assert cards_of(parse_hand("Fa Fh")) == [c("Fh"), c("Fa")]


@pytest.mark.parametrize("text", ["1h", "11h", "Oh", "Kx", "", "K", "h7", "10"])
def test_R_DECK_unknown_card_is_bad_input(text):
    with pytest.raises(BadInput) as exc:
        parse_card(text)
    assert exc.value.code == "bad_input"
    assert exc.value.detail == "unknown_card"


def test_R_DECK_a_deal_is_four_hands_of_8_that_make_the_whole_deck():
    hands = [" ".join(ALL[i * 8 : i * 8 + 8]) for i in range(4)]
    masks = parse_deal(hands)
    assert [m.bit_count() for m in masks] == [8, 8, 8, 8]
    assert masks[0] | masks[1] | masks[2] | masks[3] == FULL_DECK


def test_R_DECK_wrong_deals_are_refused_with_their_reason():
    hands = [" ".join(ALL[i * 8 : i * 8 + 8]) for i in range(4)]
    with pytest.raises(BadInput) as exc:
        parse_deal(hands[:3])
    assert exc.value.detail == "deal_not_four_hands"
    seven = [*hands[:3], " ".join(ALL[24:31])]
    with pytest.raises(BadInput) as exc:
        parse_deal(seven)
    assert exc.value.detail == "hand_size"
    assert exc.value.message("en") == "Seat 3 has 7 cards instead of 8."
    assert exc.value.message("cs") == "Hráč 3 má 7 karet místo 8."
    twice = [hands[0], hands[1], hands[2], " ".join([*ALL[24:31], "7h"])]
    with pytest.raises(BadInput) as exc:
        parse_deal(twice)
    assert exc.value.detail == "duplicate_card"
    with pytest.raises(BadInput) as exc:
        parse_hand("7h 7H")
    assert exc.value.detail == "duplicate_card"


def test_R_DECK_shuffled_deal_gives_8_each_two_at_a_time_from_the_injected_rng():
    deal1 = shuffled_deal(random.Random(7))
    assert deal1 == shuffled_deal(random.Random(7))
    assert [m.bit_count() for m in deal1] == [8, 8, 8, 8]
    assert deal1[0] | deal1[1] | deal1[2] | deal1[3] == FULL_DECK
    # Čl. 6: in twos, clockwise: cards 0,1 to seat 0, 2,3 to seat 1, ... 8,9 to seat 0 again.
    deck = list(range(32))
    random.Random(7).shuffle(deck)
    for i, card in enumerate(deck):
        assert deal1[(i // 2) % 4] >> card & 1


def test_R_DECK_play_passes_clockwise_to_the_left():
    # Every seat holds two cards of every suit, so all follow suit: the order is visible.
    hands = (
        "7h Eh 8l Kl 9b Fb 10a Sa",
        "8h Kh 9l Fl 10b Sb 7a Ea",
        "9h Fh 10l Sl 7b Eb 8a Ka",
        "10h Sh 7l El 8b Kb 9a Fa",
    )
    from tests.helpers import deal

    game, _ = new_game("vsechny", deal(*hands), leader=2)
    seen = []
    for card in ["10l", "7l", "8l", "9l"]:
        seen.append(game.to_act)
        play_cards(game, card)
    assert seen == [2, 3, 0, 1]
