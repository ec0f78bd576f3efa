"""T-CALL, T-CALL-PARTNER, T-TALON (4-1-1, discards, preferanc trojkas, sólo, Varšava)."""

from engine.taroky.cards import card_str, cards_of, mask_of, parse_card, parse_cards
from engine.taroky.events import Discarded, PartnerRevealed
from engine.taroky.options import TarokyOptions
from tests.taroky.helpers import deal, legal, refusal, run, values, worked_deal

TO_CALL = "0 bid 1P; 1 bid dobra; 2 bid dobra; 3 bid dobra; 0 choose 1P"


def test_T_CALL_legal_calls():
    d = worked_deal()
    run(d, TO_CALL)
    assert legal(d) == ["0 call XIX"]  # he lacks XIX
    d = deal(["XIX Kh"], "XVIII")
    run(d, TO_CALL)
    assert values(d) == ["XVIII", "XIX"]
    assert refusal(d, "0 call XVII") == "bad_call"  # he lacks XVIII
    d = deal(["XIX XVIII Kh"], "XVII")
    run(d, TO_CALL)
    assert values(d) == ["XVII", "XVIII", "XIX"]
    assert refusal(d, "0 call XVI") == "bad_call"


def test_T_CALL_never_below_XVI_nor_a_suit_card():
    d = deal(["XIX XVIII XVII XVI XV Kh"])
    run(d, TO_CALL)
    assert values(d) == ["XVI", "XVII", "XVIII", "XIX"]
    assert refusal(d, "0 call XV") == "bad_call"
    assert refusal(d, "0 call Kh") == "bad_call"
    assert refusal(d, "0 call XX") == "bad_call"


def test_T_CALL_tiche_solo_when_calling_a_held_tarok():
    d = deal(["XIX XVIII XVII XVI Kh"])  # forced: he holds XIX … XVI
    run(d, TO_CALL + "; 0 call XVIII")
    assert (d.alone, d.partner) == (True, None)
    d = deal(["XIX Kh"], "XVIII")  # at will
    run(d, TO_CALL + "; 0 call XIX")
    assert (d.alone, d.partner) == (True, None)


def test_T_CALL_PARTNER_the_holder_after_the_exchange():
    d = worked_deal()
    run(d, TO_CALL + "; 0 call XIX")
    assert (d.partner, d.alone) == (2, False)
    # the called tarok drawn by the declarer: he plays alone
    d = deal(["Kh"], "XIX XX XXI Sk I II")
    run(d, TO_CALL + "; 0 call XIX")
    assert (d.partner, d.alone) == (None, True)
    # talon[4] goes to the seat after the declarer: he is the partner
    d = deal(["Kh"], "XX XXI Sk I XIX II")
    run(d, TO_CALL + "; 0 call XIX")
    assert (d.partner, d.alone) == (1, False)


def test_T_CALL_PARTNER_a_called_tarok_laid_away_face_up_reveals_him():
    # seat 2 holds only taroks and kings and takes talon[5], a tarok: he must lay away a tarok
    d = deal(
        ["Kh", "Kk", "XIX XVIII XVII XVI XV XIV XIII XII XI X Kx Kp"],
        "2h 3h 4h 2k 3k IX",
    )
    run(d, TO_CALL + "; 0 call XIX")
    assert d.partner == 2
    run(d, "0 discard 2h; 0 discard 3h; 0 discard 4h; 0 discard 2k; 1 discard 3k")
    assert values(d) == ["IX", "X", "XI", "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX"]
    events = run(d, "2 discard XIX")
    assert Discarded(2, parse_card("XIX")) in events and PartnerRevealed(2) in events
    assert d.public_view().partner == 2


def test_T_TALON_411_who_takes_what():
    d = worked_deal()
    run(d, TO_CALL + "; 0 call XIX")
    assert [cards_of(mask_of(t)) for t in d.taken] == [
        sorted(parse_cards("XVIII Ch 3k Jp")),
        [parse_card("7x")],
        [parse_card("XIII")],
        [],
    ]
    assert d.discard_queue == [[0, 4], [1, 1], [2, 1]]
    assert [h.bit_count() for h in d.hands] == [16, 13, 13, 12]


def test_T_TALON_411_in_2P_counted_from_the_declarer():
    d = deal(["Kh", "Kk", "I"], "II III IV V VI VII")
    run(d, "0 bid 1P; 1 bid dobra; 2 bid 2P; 3 bid dobra; 2 call XIX")
    assert [tuple(card_str(c) for c in t) for t in d.taken] == [
        ("VII",), (), ("II", "III", "IV", "V"), ("VI",),
    ]
    assert d.discard_queue == [[2, 4], [3, 1], [0, 1]]
    assert d.to_act == 2


def test_T_TALON_DISCARD_legal_discards_and_refusals():
    d = deal(["I XXI Sk Kh II III VI VII VIII IX Ah 4h"], "IV V Kx Jk 2k 3k")
    run(d, TO_CALL + "; 0 call XIX")
    assert values(d) == ["4h", "Ah", "Jk"]
    assert refusal(d, "0 discard Kh") == "discard_king_or_trul"
    assert refusal(d, "0 discard Kx") == "discard_king_or_trul"
    for trul in ("I", "XXI", "Sk"):
        assert refusal(d, f"0 discard {trul}") == "discard_king_or_trul"
    assert refusal(d, "0 discard II") == "discard_tarok"
    assert refusal(d, "0 discard Qp") == "not_in_hand"
    run(d, "0 discard Ah; 0 discard 4h")
    assert values(d) == ["Jk"]
    events = run(d, "0 discard Jk")
    assert events == [Discarded(0, None)]  # hidden
    # nothing but taroks and kings left: a tarok (never a trul card) may go now
    assert values(d) == ["II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]
    events = run(d, "0 discard II")
    assert events[0] == Discarded(0, parse_card("II"))  # face up
    assert d.public_view().face_up_discards[0] == (parse_card("II"),)


def test_T_TALON_cards_cannot_be_refused():
    d = worked_deal()
    run(d, TO_CALL + "; 0 call XIX")
    assert d.phase == "discard"  # the talon is handed out at once; no action refuses a card
    assert all(a.to_json().keys() == {"seat", "discard"} for a in d.legal_actions())


TO_TROJKA = "0 bid 3P; 1 bid dobra; 2 bid dobra; 3 bid dobra"


def test_T_TALON_3P_take_the_upper_trojka():
    d = deal(["XX"], "XIX XVIII Kh 2h 3h 4h")
    run(d, TO_TROJKA)
    assert legal(d) == ["0 trojka take", "0 trojka reject"]
    assert d.view(0).trojka_cards == tuple(parse_cards("XIX XVIII Kh"))
    assert d.view(1).trojka_cards == ()
    run(d, "0 trojka take")
    assert (d.game, d.shown, d.phase) == ("3P1", [], "discard")
    assert d.opp_talon == mask_of(parse_cards("2h 3h 4h"))  # face down, the opponents'
    assert d.discard_queue == [[0, 3]]


def test_T_TALON_3P_second_and_third():
    d = deal(["XX"], "XIX XVIII Kh 2h 3h 4h")
    run(d, TO_TROJKA + "; 0 trojka reject")
    assert d.shown == parse_cards("XIX XVIII Kh")  # the rejected trojka is shown
    assert d.view(0).trojka_cards == tuple(parse_cards("2h 3h 4h"))
    run(d, "0 trojka take")
    assert d.game == "3P2"
    assert d.opp_talon == mask_of(parse_cards("XIX XVIII Kh"))
    d = deal(["XX"], "XIX XVIII Kh 2h 3h 4h")
    run(d, TO_TROJKA + "; 0 trojka reject; 0 trojka reject")
    assert d.game == "3P3"
    assert d.shown == parse_cards("XIX XVIII Kh 2h 3h 4h")
    assert d.hands[0] & mask_of(parse_cards("XIX XVIII Kh")) == mask_of(parse_cards("XIX XVIII Kh"))
    assert d.opp_talon == mask_of(parse_cards("2h 3h 4h"))


def _play_first_legal(d, tricks):
    while d.phase != "done" and len(d.tricks) < tricks:
        d.apply(d.legal_actions()[0])


def _to_play(d):
    while d.phase != "play":
        d.apply(d.legal_actions()[-1] if d.phase == "announce" else d.legal_actions()[0])


def test_T_TALON_6P_talon_turned_after_tricks_1_to_6():
    talon = "2h 3h 4h 2k 3k 4k"
    d = deal(["XX"], talon)
    run(d, "0 bid 6P; 1 bid dobra; 2 bid dobra; 3 bid dobra")
    _to_play(d)
    for k in range(1, 8):
        _play_first_legal(d, k)
        assert [c for c, _ in d.turned] == parse_cards(talon)[: min(k, 6)]
        assert all(s is None for _, s in d.turned)
    _play_first_legal(d, 12)
    assert d.pile_of_side("O") & mask_of(parse_cards(talon)) == mask_of(parse_cards(talon))


def test_T_TALON_6P_hidden_option_turns_nothing():
    talon = "2h 3h 4h 2k 3k 4k"
    d = deal(["XX"], talon, options=TarokyOptions(solo_talon="hidden"))
    run(d, "0 bid 6P; 1 bid dobra; 2 bid dobra; 3 bid dobra")
    _to_play(d)
    _play_first_legal(d, 12)
    assert d.turned == []
    assert d.public_view().reveal.talon == tuple(parse_cards(talon))


def test_T_TALON_W_talon_cards_go_to_the_trick_winner():
    talon = "Kh Qh Ch Kk Qk Ck"
    d = deal(["II III IV 4h 3h 2h 4k 3k 2k 7x 8x 9x"], talon)
    run(d, "0 bid 1P; 1 bid dobra; 2 bid dobra; 3 bid dobra; 0 choose W")
    for k in range(1, 13):
        _play_first_legal(d, k)
        leader, cards, winner = d.tricks[-1]
        assert len(cards) == 4  # the talon card is not part of the trick
        if k <= 6:
            card = parse_cards(talon)[k - 1]
            assert d.turned[-1] == (card, winner)
            assert d.piles[winner] >> card & 1
    assert sum(p.bit_count() for p in d.piles) == 54


def _whole_discards(hand: int, count: int) -> set[int]:
    """Every whole discard of ``count`` cards reachable one card at a time (brute force over
    the orders, without the engine's memo)."""
    from engine.taroky.talon import discard_mask

    out: set[int] = set()

    def walk(h: int, laid: int) -> None:
        if laid.bit_count() == count:
            out.add(laid)
            return
        for c in cards_of(discard_mask(h)):
            if not laid >> c & 1:
                walk(h & ~(1 << c), laid | 1 << c)

    walk(hand, 0)
    return out


def test_T_TALON_DISCARD_options_are_the_cards_of_some_legal_whole_discard():
    """The seat's discard options (for a multi-card choice) follow the one-card rule: a
    card is offered iff some order of single legal discards lays it away with the rest."""
    import random

    from engine.taroky.cards import FULL_DECK
    from engine.taroky.talon import discard_options

    rng = random.Random(7)
    deck = cards_of(FULL_DECK)
    for _ in range(150):
        count = rng.choice((1, 3, 4))
        hand = mask_of(rng.sample(deck, 12 + count))
        whole = _whole_discards(hand, count)
        union = 0
        for laid in whole:
            union |= laid
        assert discard_options(hand, count) == union
    # the rule in words: suit cards first; taroks only when every non-king suit card goes too
    hand = mask_of(parse_cards("I II III IV V XXI Sk Kh Kk Qh 2k 7x 8x 9p 10p Kp"))
    assert discard_options(hand, 4) == mask_of(parse_cards("Qh 2k 7x 8x 9p 10p"))
    hand = mask_of(parse_cards("I II III IV V VI VII XXI Sk Kh Kk Kx Kp Qh 2k 7x"))
    assert discard_options(hand, 4) == mask_of(parse_cards("II III IV V VI VII Qh 2k 7x"))


def test_T_TALON_DISCARD_the_seat_view_says_how_many_and_which():
    d = deal(["I XXI Sk Kh II III VI VII VIII IX Ah 4h"], "IV V Kx Jk 2k 3k")
    run(d, TO_CALL + "; 0 call XIX")
    view = d.view(0)
    assert view.discard_left == 4
    assert view.discardable == mask_of(parse_cards("II III IV V VI VII VIII IX 4h Ah Jk"))
    assert d.view(1).discard_left == 0 and d.view(1).discardable == 0
    run(d, "0 discard Ah")
    assert d.view(0).discard_left == 3


def test_T_CALL_a_held_tarok_is_a_silent_solo():
    from engine.taroky.talon import silent_solo

    hand = mask_of(parse_cards("XIX XVIII Kh"))
    assert silent_solo(hand, parse_card("XVIII")) and silent_solo(hand, parse_card("XIX"))
    assert not silent_solo(hand, parse_card("XVII"))
