"""R-STOVKA: in the third tálie, right before the deal of červený král, every seat answers in
turn from that tálie's leader; the declarations change the final order (R-RANK)."""

from engine.actions import Choose, Declare, Play
from engine.contracts import Contract, Options
from engine.lora import Lora
from tests.helpers import c, drive, kinds, lora_deals, refusal, short


def at_stovka(lora):
    return lora.phase == "stovka"


def test_R_STOVKA_asked_in_the_third_tali_before_the_deal_of_cerveny_kral():
    lora = Lora(first_leader=1, deals=lora_deals(1, [0, 0, 0, 0]))
    events = drive(lora, at_stovka)
    assert (lora.tali, lora.game_no) == (3, 5)
    assert len(lora.deals) == 2 * 8 + 4  # červený král is not dealt yet
    assert lora.game is None or lora.game.finished
    asked = [e for e in events if e.kind == "stovka_asked"]
    assert [e.first for e in asked] == [3]  # the leader of tálie 3 (first leader 1 + 2)
    assert asked[0].text("cs") == ("Před červeným králem: kdo hlásí čistou stovku? Začíná hráč 3.")
    assert lora.to_act == 3
    assert short(lora.legal_actions()) == ["no", "yes"]


def test_R_STOVKA_every_seat_answers_in_turn_clockwise():
    lora = Lora(first_leader=1, deals=lora_deals(1, [0, 0, 0, 0]))
    drive(lora, at_stovka)
    order = []
    for answer in (True, False, False, True):
        seat = lora.to_act
        order.append(seat)
        events = lora.apply(Declare(seat, answer))
        assert events[0].kind == "stovka_answered" and events[0].declared is answer
    assert order == [3, 0, 1, 2]
    assert lora.stovka == [False, False, True, True]
    assert kinds(events) == ["stovka_answered", "game_started"]
    started = events[1]
    assert (started.contract, started.tali, started.game, started.leader) == (
        Contract.CERVENY_KRAL,
        3,
        5,
        3,
    )
    assert len(lora.deals) == 21 and lora.phase == "play"


def test_R_STOVKA_refusals_while_answering():
    lora = Lora(deals=lora_deals(0, [0, 0, 0, 0]))
    drive(lora, at_stovka)
    assert lora.to_act == 2
    assert refusal(lora, Declare(3, True)).code == "not_your_turn"
    err = refusal(lora, Play(2, c("7h")))
    assert (err.code, err.detail) == ("wrong_phase", "expected_stovka")
    assert err.message("cs") == "Teď se odpovídá na čistou stovku."
    assert err.message("en") == "The clean hundred question is being answered now."
    assert refusal(lora, Choose(2, Contract.CERVENE)).code == "wrong_phase"


def test_R_STOVKA_asked_once_per_lora():
    lora = Lora(deals=lora_deals(0, [0, 0, 1, 1], {1: 1, 3: 1}))
    events = list(lora.start_events) + drive(lora, lambda lo: lo.finished)
    assert sum(e.kind == "stovka_asked" for e in events) == 1
    assert sum(e.kind == "stovka_answered" for e in events) == 4


def test_R_STOVKA_not_asked_when_the_option_is_off():
    lora = Lora(options=Options(cista_stovka=False), deals=lora_deals(0, [0, 0, 0, 0]))
    phases = set()
    drive(lora, lambda lo: phases.add(lo.phase) or (lo.tali, lo.game_no) == (3, 6))
    assert "stovka" not in phases
    assert lora.stovka == [None, None, None, None]
    assert len(lora.deals) == 2 * 8 + 6


def declaring(seats):
    """first_legal, except that ``seats`` declare čistá stovka."""

    def policy(lora):
        if lora.phase == "stovka":
            return Declare(lora.to_act, lora.to_act in seats)
        return lora.legal_actions()[0]

    return policy


def test_R_STOVKA_a_declarer_who_misses_ranks_below_every_non_declarer():
    # totals by hand (see test_rules_lora): [128, 136, 48, 56]; without a declaration the
    # order is [2, 3, 0, 1]. Seat 2 declares and ends with 48, not 100: last.
    lora = Lora(deals=lora_deals(0, [0, 0, 1, 1], {1: 1, 3: 1}))
    drive(lora, lambda lo: lo.finished, declaring({2}))
    assert lora.totals == [128, 136, 48, 56]
    assert lora.order == [3, 0, 1, 2]


def test_R_STOVKA_several_declarers_who_miss_fewest_points_first():
    lora = Lora(deals=lora_deals(0, [0, 0, 1, 1], {1: 1, 3: 1}))
    drive(lora, lambda lo: lo.finished, declaring({1, 2}))
    assert lora.order == [3, 0, 2, 1]
