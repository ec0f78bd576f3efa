"""T-PLAY: the lead, following, winning the trick, the Varšava restrictions."""

from engine.taroky.cards import cards_str, parse_card, parse_cards, parse_hand
from engine.taroky.play import legal_mask, play_refusal, trick_winner
from tests.taroky.helpers import WORKED_BIDDING, WORKED_DISCARDS, deal, refusal, run, worked_deal


def legal_of(hand, trick, varsava=False, mond_rule=True):
    return cards_str(
        c for c in range(54)
        if legal_mask(parse_hand(hand), parse_cards(trick), varsava, mond_rule) >> c & 1
    )


def why(hand, card, trick, varsava=False, mond_rule=True):
    r = play_refusal(parse_hand(hand), parse_card(card), parse_cards(trick), varsava, mond_rule)
    return None if r is None else r[0]


def _to_play(d):
    while d.phase != "play":
        d.apply(d.legal_actions()[-1] if d.phase == "announce" else d.legal_actions()[0])


def test_T_PLAY_LEAD_who_leads_the_first_trick():
    d = worked_deal()
    run(d, WORKED_BIDDING + "; " + WORKED_DISCARDS)
    _to_play(d)
    assert d.to_act == 0  # 1P: the předák
    d = deal(["Kh", "Kk", "I"])
    run(d, "0 bid 1P; 1 bid dobra; 2 bid 2P; 3 bid dobra; 2 call XIX")
    _to_play(d)
    assert (d.declarer, d.to_act) == (2, 0)  # 2P by seat 2: the předák still leads
    d = deal(["Kh"])
    run(d, "0 bid 1P; 1 bid 3P; 2 bid dobra; 3 bid dobra; 1 trojka take")
    _to_play(d)
    assert d.to_act == 1  # 3P: the declarer
    d = deal(["Kh"])
    run(d, "0 bid 1P; 1 bid dobra; 2 bid dobra; 3 bid 6P")
    _to_play(d)
    assert d.to_act == 3  # 6P: the declarer
    d = deal(["Kh"], dealer=1)
    run(d, "2 bid 1P; 3 bid dobra; 0 bid dobra; 1 bid zduch")
    assert (d.game, d.to_act) == ("W", 2)  # Varšava: the předák


def test_T_PLAY_FOLLOW_suit_then_tarok_then_anything():
    assert legal_of("II Kh 4h 7x", "Ah") == "4h Kh"
    assert why("II Kh 4h 7x", "II", "Ah") == "must_follow_suit"
    assert why("II Kh 4h 7x", "7x", "Ah") == "must_follow_suit"
    assert legal_of("II V 7x", "Ah") == "II V"
    assert why("II V 7x", "7x", "Ah") == "must_play_tarok"
    assert legal_of("7x 8p", "Ah") == "7x 8p"
    assert legal_of("II Kh", "X") == "II"
    assert why("II Kh", "Kh", "X") == "must_play_tarok"
    assert legal_of("Kh 7x", "X") == "Kh 7x"
    assert legal_of("II Kh 7x", "") == "II Kh 7x"
    assert why("II Kh", "Kp", "X") == "not_in_hand"


def test_T_PLAY_FOLLOW_no_duty_to_overtake():
    assert legal_of("II V XX 7x", "Ah X") == "II V XX"
    assert legal_of("II V XX", "X") == "II V XX"


def test_T_PLAY_FOLLOW_in_the_deal_refusals_change_nothing():
    d = worked_deal()
    run(d, WORKED_BIDDING + "; " + WORKED_DISCARDS)
    _to_play(d)
    run(d, "0 play XX")
    assert refusal(d, "1 play Ah") == "must_play_tarok"
    assert refusal(d, "1 play VIII") == "not_in_hand"
    assert refusal(d, "2 play II") == "not_your_turn"


def test_T_PLAY_WIN_highest_tarok_else_highest_of_the_suit_led():
    def w(text):
        return trick_winner(parse_cards(text))

    assert w("Ah Kh II Kx") == 2
    assert w("Ah Kh Qh Kx") == 1  # an off-suit king takes nothing
    assert w("4h 3h 2h Ah") == 3
    assert w("7x Kh 8x 10x") == 3
    assert w("II Sk XXI I") == 1
    assert w("I Kh Kk Kx") == 0  # the pagát alone takes kings


def test_T_PLAY_W_pagat_last():
    assert legal_of("I V Kh", "", varsava=True) == "V Kh"
    assert why("I V Kh", "I", "", varsava=True) == "pagat_last"
    assert legal_of("I Kh", "", varsava=True) == "I Kh"
    assert legal_of("I V", "III", varsava=True) == "V"
    assert why("I V", "I", "III", varsava=True) == "pagat_last"
    assert why("I 4h", "I", "Ah", varsava=True) == "must_follow_suit"  # the first rule first


def test_T_PLAY_W_mond_not_onto_skyz():
    assert legal_of("XXI II", "Sk", varsava=True) == "II"
    assert why("XXI II", "XXI", "Sk", varsava=True) == "mond_on_skyz"
    assert legal_of("XXI I", "Sk", varsava=True) == "XXI"  # XXI and I only: XXI
    assert legal_of("XXI 7x", "Sk", varsava=True) == "XXI"  # his last tarok
    assert legal_of("XXI II", "Ah Sk", varsava=True) == "II"  # Sk trumped a heart
    assert legal_of("XXI II", "Sk", varsava=True, mond_rule=False) == "II XXI"


def test_T_PLAY_W_overtake_the_highest_tarok():
    assert legal_of("V XII XV 7x", "Ah X", varsava=True) == "XII XV"  # trumping a suit lead too
    assert why("V XII XV 7x", "V", "Ah X", varsava=True) == "must_overtake"
    assert legal_of("V IX", "X", varsava=True) == "V IX"  # nothing higher: anything
    assert legal_of("V XII", "X IV", varsava=True) == "XII"
    assert legal_of("2h Ah", "4h Kh", varsava=True) == "2h Ah"  # suit cards never overtake
    assert legal_of("V XII", "X", varsava=False) == "V XII"


def test_T_PLAY_all_12_tricks_are_played():
    d = worked_deal()
    run(d, WORKED_BIDDING + "; " + WORKED_DISCARDS)
    _to_play(d)
    while not d.finished:
        d.apply(d.legal_actions()[0])
    assert len(d.tricks) == 12 and sum(d.won) == 12
    assert all(h == 0 for h in d.hands)


def test_T_PLAY_FOLLOW_the_refusal_says_whether_a_tarok_or_a_missing_suit_makes_a_tarok_due():
    """The player's reason read "a tarok was led, or you have none of the suit led" in both
    cases: the refusal carries what was led, and the words say which it is."""
    import random

    from bot.games.taroky.words import refusal as words
    from engine.taroky.cards import TAROK, color
    from engine.taroky.errors import TarokyError
    from engine.taroky.options import TarokyOptions
    from tests.taroky.helpers import step
    from tests.taroky.test_properties import new_deal

    d = worked_deal()
    run(d, WORKED_BIDDING + "; " + WORKED_DISCARDS)
    _to_play(d)
    run(d, "0 play XX")
    try:
        d.apply(step("1 play Ah"))
    except TarokyError as exc:
        assert (exc.code, exc.params["led"]) == ("must_play_tarok", "tarok")
        assert words(exc, "cs") == "Je vynesen tarok – musíš hrát tarok."
        assert words(exc, "en") == "A tarok was led – you must play a tarok."
    else:
        raise AssertionError("accepted")
    rng = random.Random(5)
    for seed in range(200):  # a suit led to a seat without it who holds taroks and suit cards
        d = new_deal(seed, 3, TarokyOptions())
        while not d.finished:
            seat = d.to_act
            if d.phase == "play" and d.trick and color(d.trick[0]) != TAROK:
                hand = d.hands[seat]
                others = [c for c in range(54) if hand >> c & 1 and color(c) != TAROK]
                if (not any(color(c) == color(d.trick[0]) for c in others)
                        and any(hand >> c & 1 and color(c) == TAROK for c in range(54))
                        and others):
                    from engine.taroky.actions import Play

                    try:
                        d.apply(Play(seat, others[0]))
                    except TarokyError as exc:
                        assert (exc.code, exc.params["led"]) == ("must_play_tarok", "suit")
                        assert words(exc, "cs") == "Vynesenou barvu nemáš – musíš hrát tarok."
                        assert words(exc, "en") == (
                            "You have none of the suit led – you must play a tarok.")
                        return
                    raise AssertionError("accepted")
            d.apply(rng.choice(d.legal_actions()))
    raise AssertionError("no such moment in 200 deals")
