"""R-LORA (4 tálie × 8 games, leader and dealer rotation, deals in order, renonc impossible)
and R-PROTOCOL (the score sheet) on whole lóras driven by a simple policy.

The deals come from ``helpers.lora_deals``: in tálie t seat ``xs[t-1]`` takes every trick of
games 1–5, the leader sheds everything in kvarty and desítky, and maturita (červené, chosen
by the policy) is failed ``fails[seat]`` times before it is passed. By hand, seat s ends with
``48 + 40 * xs.count(s) + 8 * fails[s]``.
"""

import pytest

from engine.actions import Choose, Declare, LayTurn, Play
from engine.contracts import TALIE_ORDER, Contract, Options
from engine.errors import BadInput
from engine.lora import Lora
from tests.helpers import (
    at_choose,
    at_game,
    c,
    drive,
    kdeal,
    lora_deals,
    noten_deal,
    refusal,
    short,
    tali_deals,
    xdeal,
)
from tests.test_rules_desitky import D4, D5

CASES = [
    # first_leader, xs, fails, totals, order
    (0, [0, 0, 1, 1], {1: 1, 3: 1}, [128, 136, 48, 56], [2, 3, 0, 1]),
    (2, [2, 2, 3, 3], {3: 1, 1: 1}, [48, 56, 128, 136], [0, 1, 2, 3]),
]


def whole_lora(first_leader, xs, fails, options=None):
    lora = Lora(
        options=options, first_leader=first_leader, deals=lora_deals(first_leader, xs, fails)
    )
    events = list(lora.start_events)
    events += drive(lora, lambda lo: lo.finished)
    return lora, events


@pytest.mark.parametrize(("first", "xs", "fails", "totals", "order"), CASES)
def test_R_LORA_four_tali_of_eight_games_in_the_fixed_order(first, xs, fails, totals, order):
    lora, events = whole_lora(first, xs, fails)
    started = [e for e in events if e.kind == "game_started"]
    expected = []
    for t in range(1, 5):
        leader = (first + t - 1) % 4
        for g, contract in enumerate(TALIE_ORDER[:7], 1):
            expected.append((contract, t, g, leader, (leader + 3) % 4, None))
        for attempt in range(1, fails.get(leader, 0) + 2):
            expected.append((Contract.CERVENE, t, 8, leader, (leader + 3) % 4, attempt))
    got = [(e.contract, e.tali, e.game, e.leader, e.dealer, e.attempt) for e in started]
    assert got == expected
    assert lora.finished and lora.phase == "finished" and lora.to_act is None
    assert lora.legal_actions() == []
    assert lora.totals == totals
    assert lora.order == order


@pytest.mark.parametrize(("first", "xs", "fails", "totals", "order"), CASES)
def test_R_LORA_every_seat_leads_and_maturates_exactly_once(first, xs, fails, totals, order):
    lora, events = whole_lora(first, xs, fails)
    maturants = [e.seat for e in events if e.kind == "maturita_dealt" and e.attempt == 1]
    assert maturants == [first, (first + 1) % 4, (first + 2) % 4, (first + 3) % 4]
    assert [lora.leader_of_tali(t) for t in (1, 2, 3, 4)] == maturants


def test_R_LORA_nothing_is_accepted_after_the_end():
    lora, _ = whole_lora(*CASES[0][:3])
    for action in (Play(0, c("7h")), Choose(0, Contract.CERVENE), Declare(1, True)):
        err = refusal(lora, action)
        assert err.code == "game_over"
        assert err.message("cs") == "Hra už skončila."
        assert err.message("en") == "The game is over."


def test_R_LORA_the_old_leader_deals_the_next_tali():
    lora = Lora(first_leader=1, deals=lora_deals(1, [0, 0, 0, 0]))
    assert (lora.leader, lora.dealer) == (1, 0)
    drive(lora, at_game(2, 1))
    assert (lora.leader, lora.dealer) == (2, 1)  # tálie 1's leader (1) now deals
    drive(lora, at_game(3, 1))
    assert (lora.leader, lora.dealer) == (3, 2)


def test_R_LORA_one_deal_per_partial_game_in_order():
    deals = lora_deals(0, [0, 1, 2, 3])
    lora = Lora(deals=deals)
    assert len(lora.deals) == 1 and lora.game.deal == deals[0]
    drive(lora, at_game(1, 6))
    assert len(lora.deals) == 6 and lora.game.deal == deals[5]
    drive(lora, at_choose)
    assert len(lora.deals) == 8  # the maturita attempt is dealt before the choice
    assert lora.pending_deal == deals[7]


def test_R_LORA_the_leader_of_the_tali_leads_every_game():
    lora = Lora(first_leader=3, deals=lora_deals(3, [0, 0, 0, 0]))
    for g in range(1, 8):
        drive(lora, at_game(1, g))
        assert lora.game.leader == 3 and lora.to_act == 3


def test_R_LORA_renonc_cannot_happen_every_refusal_changes_nothing():
    lora = Lora(deals=lora_deals(0, [1, 1, 1, 1]))
    # červené: seat 0 (S and F of every suit in xdeal(1)) leads; hearts are refused
    assert short(lora.legal_actions()) == ["Sl", "Fl", "Sb", "Fb", "Sa", "Fa"]
    assert refusal(lora, Play(0, c("Sh"))).code == "red_lead"
    assert refusal(lora, Play(1, c("Kl"))).code == "not_your_turn"
    assert refusal(lora, Play(0, c("Kh"))).code == "not_in_hand"
    assert refusal(lora, Choose(0, Contract.FILKY)).code == "wrong_phase"
    assert refusal(lora, Declare(0, True)).code == "wrong_phase"
    lora.apply(Play(0, c("Sl")))
    assert refusal(lora, Play(1, c("Kh"))).code == "must_follow_suit"


def test_R_LORA_running_out_of_deals_is_bad_input_and_changes_nothing():
    lora = Lora(deals=[xdeal(1)])  # one deal only: the end of červené cannot deal filky
    drive(lora, lambda lo: len(lo.game.trick) == 3 and lo.game.tricks_done == 7)
    err = refusal(lora, lora.legal_actions()[0])
    assert isinstance(err, BadInput)
    assert err.code == "bad_input" and err.detail == "out_of_deals"
    assert err.message("en") == "Ran out of deals (1)."
    assert lora.game.tricks_done == 7 and lora.to_act == 0


def test_R_LORA_given_first_leader_and_options():
    lora = Lora(options=Options(cista_stovka=False), first_leader=3, deals=[kdeal(3)])
    assert lora.leader == 3 and lora.dealer == 2 and lora.to_act == 3
    with pytest.raises(BadInput):
        Lora(first_leader=4, deals=[kdeal(0)])
    with pytest.raises(BadInput):
        Lora()  # neither rng nor deals


# -- R-PROTOCOL ----------------------------------------------------------------------------
def test_R_PROTOCOL_one_row_per_game_and_attempt_with_running_totals():
    first, xs, fails, totals, _ = CASES[0]
    lora, _ = whole_lora(first, xs, fails)
    rows = []
    for t in range(1, 5):
        leader, x = (first + t - 1) % 4, xs[t - 1]
        for g in range(1, 6):
            rows.append(
                {
                    "tali": t,
                    "game": g,
                    "contract": TALIE_ORDER[g - 1].value,
                    "points": [8 if s == x else 0 for s in range(4)],
                }
            )
        for g, con in ((6, "kvarty"), (7, "desitky")):
            rows.append(
                {
                    "tali": t,
                    "game": g,
                    "contract": con,
                    "points": [0 if s == leader else 8 for s in range(4)],
                }
            )
        n = fails.get(leader, 0)
        for attempt in range(1, n + 2):
            failed = attempt <= n
            rows.append(
                {
                    "tali": t,
                    "game": 8,
                    "contract": "cervene",
                    "points": [8 if failed and s == leader else 0 for s in range(4)],
                    "attempt": attempt,
                }
            )
    assert [r.replay_json() for r in lora.protocol] == rows
    assert len(rows) == 34
    sums = [sum(r["points"][s] for r in rows) for s in range(4)]
    assert sums == totals == lora.totals


def test_R_PROTOCOL_marks_the_red_king_knocks_and_failed_attempts():
    first, xs, fails, _, _ = CASES[0]
    lora, _ = whole_lora(first, xs, fails)
    kings = [r.red_king for r in lora.protocol if r.contract is Contract.CERVENY_KRAL]
    assert kings == xs
    assert all(r.red_king is None for r in lora.protocol if r.contract is not Contract.CERVENY_KRAL)
    failed = [(r.tali, r.attempt, r.maturant) for r in lora.protocol if r.failed]
    assert failed == [(2, 1, 1), (4, 1, 3)]
    assert all(r.knocks == (0, 0, 0, 0) for r in lora.protocol)


def test_R_PROTOCOL_knocks_of_desitky_are_on_the_sheet():
    # tálie 1 desítky dealt as D4: seats 0 and 1 knock at once; then (lowest card first)
    # seat 2 lays 10h 10l, seat 3 10b 10a, seat 0 9h 8h 7h Sh 9l 8l 7l Sl and is out.
    deals = lora_deals(0, [1, 1, 1, 1])
    deals[6] = D4
    lora = Lora(deals=deals)
    drive(lora, at_choose)
    row = lora.protocol[6]
    assert (row.tali, row.game, row.contract) == (1, 7, Contract.DESITKY)
    assert row.knocks == (1, 1, 0, 0)
    assert row.points == (1, 9, 6, 6)


def _maturita_row(maturita_deal, contract, turns=None):
    """Tálie 1 (seat 0 leads) up to its maturita, one attempt of ``contract``."""
    deals = tali_deals(0, 1, [maturita_deal, xdeal(1)]) + lora_deals(0, [0, 0, 0, 0])[8:]
    lora = Lora(deals=deals)
    drive(lora, at_choose)
    lora.apply(Choose(0, contract))
    for seat, cards in turns or []:
        lora.apply(LayTurn(seat, tuple(c(x) for x in cards.split())))
    drive(lora, lambda lo: lo.phase != "play" or lo.game_no != 8)
    return lora.protocol[7]


def test_R_PROTOCOL_maturita_row_has_no_knocks_of_the_other_seats():
    # D5: the maturant lays 10h and stops; seats 1, 2, 3 knock; he lays his other seven:
    # passed. Their knocks are points, and the others' points are not recorded (R-MATURITA).
    row = _maturita_row(D5, Contract.DESITKY, [(0, "10h"), (0, "9h Sh 10l 9l Sl 10b 10a")])
    assert (row.points, row.failed) == ((0, 0, 0, 0), False)
    assert row.knocks == (0, 0, 0, 0)


def test_R_PROTOCOL_maturita_row_keeps_the_maturants_own_knock():
    row = _maturita_row(noten_deal(0), Contract.DESITKY)
    assert (row.points, row.failed, row.knocks) == ((8, 0, 0, 0), True, (1, 0, 0, 0))


def test_R_PROTOCOL_maturita_row_circles_the_red_king_only_for_the_maturant():
    row = _maturita_row(xdeal(2), Contract.CERVENY_KRAL)  # seat 2 takes K♥: passed
    assert (row.points, row.red_king) == ((0, 0, 0, 0), None)
    row = _maturita_row(xdeal(0), Contract.CERVENY_KRAL)  # the maturant takes K♥: failed
    assert (row.points, row.red_king) == ((8, 0, 0, 0), 0)


def test_R_PROTOCOL_standing_shown_before_cerveny_kral_and_maturita():
    lora = Lora(deals=lora_deals(0, [2, 2, 2, 2]))
    drive(lora, at_game(1, 5))
    assert lora.public_view().totals == (0, 0, 32, 0)  # games 1–4 all to seat 2
    assert lora.public_view().contract is Contract.CERVENY_KRAL
    drive(lora, at_choose)
    view = lora.public_view()
    assert view.totals == (0, 16, 56, 16)  # + K♥ 8 to 2, kvarty and desítky 8+8 to 1, 2, 3
    assert (view.maturant, view.attempt, view.contract) == (0, 1, Contract.MATURITA)


def test_R_PROTOCOL_stovka_declarations_are_kept():
    lora = Lora(deals=lora_deals(0, [0, 0, 0, 0]))
    drive(lora, lambda lo: lo.phase == "stovka")
    for seat, answer in ((2, True), (3, False), (0, False), (1, True)):
        lora.apply(Declare(seat, answer))
    assert lora.public_view().stovka == (False, True, True, False)
    assert lora.to_json()["stovka"] == [False, True, True, False]
