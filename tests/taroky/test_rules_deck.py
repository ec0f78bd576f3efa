"""T-DECK, T-COUNT, T-COUNT-SIDE, T-SEATS, T-DEAL."""

import random
from itertools import pairwise

import pytest

from engine.taroky.cards import (
    CARD_NAMES,
    FULL_DECK,
    card_str,
    card_value,
    cards_of,
    eyes,
    parse_card,
    parse_hand,
    pile_value,
)
from engine.taroky.deal import TarokyDeal, deal_cards, random_deal
from engine.taroky.errors import BadInput
from engine.taroky.messages import card_label
from engine.taroky.options import TarokyOptions
from engine.taroky.play import trick_winner
from engine.taroky.round import TarokyRound
from tests.taroky.helpers import WORKED_SCRIPT, run, worked_deal

SPEC_ORDER = (
    "I II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI Sk "
    "4h 3h 2h Ah Jh Ch Qh Kh 4k 3k 2k Ak Jk Ck Qk Kk "
    "7x 8x 9x 10x Jx Cx Qx Kx 7p 8p 9p 10p Jp Cp Qp Kp"
)


def test_T_DECK_the_54_cards_in_canonical_order():
    assert " ".join(CARD_NAMES) == SPEC_ORDER
    assert len(CARD_NAMES) == 54
    assert [parse_card(n) for n in SPEC_ORDER.split()] == list(range(54))
    assert all(card_str(parse_card(n)) == n for n in CARD_NAMES)


def test_T_DECK_notation_is_case_sensitive():
    assert card_str(parse_card("X")) == "X"  # tarok ten
    assert card_str(parse_card("10x")) == "10x"  # a club
    for bad in ("x", "10X", "kh", "KH", "sk", "SK", "7h", "Ax", "i", "XXII", "", "1h"):
        with pytest.raises(BadInput):
            parse_card(bad)


def test_T_DECK_card_values_sum_to_106():
    assert [card_value(parse_card(c)) for c in ("Kh", "I", "XXI", "Sk")] == [5, 5, 5, 5]
    assert [card_value(parse_card(c)) for c in ("Qp", "Ck", "Jx", "Ah", "4h", "10p", "II")] == [
        4, 3, 2, 1, 1, 1, 1,
    ]
    assert pile_value(FULL_DECK) == 106
    assert sum(card_value(parse_card(c)) for c in SPEC_ORDER.split()[22:30]) == 18


def test_T_DECK_trick_strength_red_pips_run_backwards():
    hearts = [parse_card(c) for c in ["4h", "3h", "2h", "Ah", "Jh", "Ch", "Qh", "Kh"]]
    for lo, hi in pairwise(hearts):
        assert trick_winner([lo, hi]) == 1 and trick_winner([hi, lo]) == 0
    clubs = [parse_card(c) for c in ["7x", "8x", "9x", "10x", "Jx", "Cx", "Qx", "Kx"]]
    for lo, hi in pairwise(clubs):
        assert trick_winner([lo, hi]) == 1
    taroks = list(range(22))
    for lo, hi in pairwise(taroks):
        assert trick_winner([lo, hi]) == 1
    assert trick_winner([parse_card("I"), parse_card("Kh")]) == 0  # a tarok beats any suit card


def test_T_DECK_labels_with_suit_symbols():
    assert [card_label(parse_card(c)) for c in ("Kh", "Qk", "10x", "Jp", "XXI", "Sk")] == [
        "K♥", "D♦", "10♣\ufe0e", "J♠\ufe0e", "XXI", "Škýz",
    ]
    assert card_label(parse_card("Qk"), "en") == "Q♦"


def test_T_COUNT_examples_of_W():
    def e(text):
        return eyes(parse_hand(text))

    assert e("Kh Kx Ah") == 9
    assert e("II III IV") == 1
    assert e("Qh 9x 8x") == 4
    assert e("XXI I 8x") == 9
    assert e("Qh Ch V") == 6
    assert e("II III") == 1
    assert e("Kh Kx Ah II III IV Qk 9x 8x XXI I 8p Qp Cp V VI VII") == 30  # one pile of 17
    assert e("") == 0 and e("II") == 0 and e("Kh") == 4


def test_T_COUNT_the_deck_is_70_eyes():
    assert eyes(FULL_DECK) == 70


def test_T_COUNT_grouping_never_matters():
    rng = random.Random(5)
    for _ in range(200):
        cards = rng.sample(range(54), rng.randrange(0, 20))
        pile = sum(1 << c for c in cards)
        by_threes = 0
        for i in range(0, len(cards), 3):
            group = cards[i : i + 3]
            by_threes += sum(card_value(c) for c in group) - (2 if len(group) == 3 else 1)
        assert eyes(pile) == by_threes


def test_T_COUNT_SIDE_two_sides_always_total_70():
    rng = random.Random(7)
    for _ in range(300):
        cards = list(range(54))
        rng.shuffle(cards)
        k = rng.randrange(55)
        a = sum(1 << c for c in cards[:k])
        assert eyes(a) + eyes(FULL_DECK & ~a) == 70


def test_T_COUNT_SIDE_one_combined_pile_not_partners_added():
    d = worked_deal()
    run(d, WORKED_SCRIPT)
    pile = d.pile_of_side("D")
    assert eyes(pile) == 59
    seat0 = d.piles[0] | sum(1 << c for c in d.discards[0])
    seat2 = d.piles[2] | sum(1 << c for c in d.discards[2])
    assert seat0 | seat2 == pile
    # why one pile: partners with two small cards each are 1 eye together, not 1 + 1
    assert eyes(parse_hand("II III IV V")) == 1
    assert eyes(parse_hand("II III")) + eyes(parse_hand("IV V")) == 2


def test_T_SEATS_roles_and_rotation():
    d = TarokyDeal(*random_deal(random.Random(1), 3), 3)
    assert (d.dealer, d.predak, d.to_act) == (3, 0, 0)
    d2 = TarokyDeal(*random_deal(random.Random(1), 1), 1)
    assert (d2.predak, d2.to_act) == (2, 2)
    rnd = TarokyRound(rng=random.Random(3), options=TarokyOptions(round_deals=3))
    assert (rnd.deal.dealer, rnd.deal.predak) == (3, 0)  # seat 3 deals first


def test_T_DEAL_talon_first_then_sixes_from_the_predak():
    hands, talon = deal_cards(list(range(54)), 3)
    assert talon == (0, 1, 2, 3, 4, 5)
    assert cards_of(hands[0]) == [*range(6, 12), *range(30, 36)]
    assert cards_of(hands[1]) == [*range(12, 18), *range(36, 42)]
    assert cards_of(hands[2]) == [*range(18, 24), *range(42, 48)]
    assert cards_of(hands[3]) == [*range(24, 30), *range(48, 54)]
    hands, _ = deal_cards(list(range(54)), 0)  # dealer 0: seat 1 is předák
    assert cards_of(hands[1]) == [*range(6, 12), *range(30, 36)]
    assert cards_of(hands[0]) == [*range(24, 30), *range(48, 54)]


def test_T_DEAL_reproducible_from_the_injected_rng():
    a = random_deal(random.Random(42), 3)
    b = random_deal(random.Random(42), 3)
    assert a == b
    assert random_deal(random.Random(43), 3) != a
    hands, talon = a
    assert len(talon) == 6 and all(h.bit_count() == 12 for h in hands)


@pytest.mark.parametrize(
    "hands,talon",
    [
        (["I II"], "III"),
        ([""] * 4, ""),
    ],
)
def test_T_DEAL_a_wrong_deal_is_bad_input(hands, talon):
    with pytest.raises(BadInput):
        TarokyDeal([parse_hand(h) for h in hands], [parse_card(c) for c in talon.split()], 3)
