"""T-ROUND (deals, money, dokup, the end of a round, the protocol), T-TOURNAMENT, and the
round as the game interface (``engine.game``)."""

import json
import random

import pytest

from engine.game import GameSpec, Outcome
from engine.taroky import SPEC
from engine.taroky.actions import EndRound, action_from_json
from engine.taroky.cards import parse_cards, parse_hand
from engine.taroky.errors import BadInput, GameOver, WrongPhase
from engine.taroky.events import DokupAdded, RoundEnding, RoundFinished
from engine.taroky.options import TarokyOptions
from engine.taroky.round import TarokyRound, places_of
from engine.taroky.tournament import draw_tables, standings, table_points, table_sheet
from tests.taroky.helpers import WORKED_HANDS, WORKED_SCRIPT, WORKED_TALON, step

WORKED = (tuple(parse_hand(h) for h in WORKED_HANDS), tuple(parse_cards(WORKED_TALON)))


def play_worked(rnd):
    for part in WORKED_SCRIPT.split(";"):
        rnd.apply(step(part.strip()))


def quick(rnd):
    """A quick legal action: the first, but ``done`` in the announcements (flek, re, sup …
    are unlimited, so always raising would never end)."""
    legal = rnd.legal_actions()
    return legal[-1] if rnd.deal.phase == "announce" else legal[0]


def test_T_ROUND_money_after_the_worked_example_and_the_next_dealer():
    rnd = TarokyRound(deals=[WORKED, WORKED])
    play_worked(rnd)
    assert rnd.money == [6050, 3950, 6050, 3950]
    assert (rnd.deal.deal_no, rnd.deal.dealer, rnd.deal.predak) == (2, 0, 1)
    assert rnd.to_act == 1
    row = rnd.protocol[0]
    assert (row.deal_no, row.dealer, row.predak, row.game, row.declarer) == (1, 3, 0, "1P", 0)
    assert (row.called, row.partner, row.alone, row.tiche_solo) == (18, 2, False, False)
    assert row.bids == ((0, "1P"), (1, "dobra"), (2, "dobra"), (3, "dobra"))
    assert row.hlasky == ((("tarocky", True),), (("honery", True),), (), (("barvicky", False),))
    p = row.pagat
    assert (p.seat, p.announced, p.level, p.won) == (0, True, 1, True)
    assert row.flek == (0, 1, 0) and row.tricks == (8, 2, 2, 0) and row.eyes == (59, 11)
    assert row.money == (1050, -1050, 1050, -1050)
    assert row.running == (6050, 3950, 6050, 3950) and row.results == (1050, -1050, 1050, -1050)
    assert row.taken[0] == tuple(parse_cards("XVIII Ch 3k Jp"))
    assert json.loads(json.dumps(row.to_json()))["partner"] == 2


def test_T_ROUND_dokup_the_smallest_multiple_that_avoids_going_below_zero():
    rnd = TarokyRound(deals=[WORKED], options=TarokyOptions(stake=1000))
    events = []
    for part in WORKED_SCRIPT.split(";"):
        events += rnd.apply(step(part.strip()))
    assert DokupAdded(1, 1000) in events and DokupAdded(3, 1000) in events
    assert rnd.money == [2050, 950, 2050, 950]
    assert rnd.dokup == [0, 1000, 0, 1000]
    assert rnd.results == (1050, -1050, 1050, -1050)
    assert rnd.protocol[0].dokup == (0, 1000, 0, 1000)


def test_T_ROUND_ends_after_the_deal_in_progress_when_time_is_up():
    rnd = TarokyRound(rng=random.Random(4))
    rnd.apply(quick(rnd))
    assert rnd.apply(EndRound()) == [RoundEnding()]
    with pytest.raises(WrongPhase):
        rnd.apply(EndRound())
    assert not rnd.finished
    events = []
    while not rnd.finished:
        events += rnd.apply(quick(rnd))
    assert len(rnd.protocol) == 1 and isinstance(events[-1], RoundFinished)
    assert rnd.legal_actions() == [] and rnd.to_act is None
    with pytest.raises(GameOver):
        rnd.apply(EndRound())


def test_the_deal_in_progress_begins_where_the_log_says_with_end_round_among_its_actions():
    rnd = TarokyRound(rng=random.Random(4), options=TarokyOptions(round_deals=2))
    assert rnd.deal_began == 0
    rnd.apply(quick(rnd))
    rnd.apply(EndRound())  # the table's request stands among the deal's actions
    rnd.apply(quick(rnd))
    assert rnd.deal_began == 0
    rnd = TarokyRound(rng=random.Random(4), options=TarokyOptions(round_deals=2))
    while rnd.deal.deal_no == 1:
        rnd.apply(quick(rnd))
    ended = len(rnd.log)
    assert rnd.deal_began == ended  # the new deal has no action yet
    rnd.apply(EndRound())
    assert rnd.deal_began == ended + 1
    rnd.apply(quick(rnd))
    rnd.apply(quick(rnd))
    assert rnd.deal_began == ended + 1 and rnd.log[ended + 1] == rnd.deal.log[0]


def test_T_ROUND_ends_after_a_number_of_deals():
    rnd = TarokyRound(rng=random.Random(5), options=TarokyOptions(round_deals=3))
    while not rnd.finished:
        rnd.apply(quick(rnd))
    assert [r.dealer for r in rnd.protocol] == [3, 0, 1]
    assert sum(rnd.money) == 4 * 5000 + sum(rnd.dokup)
    out = rnd.outcome()
    assert out.scores == rnd.results and out.unit == "hal" and out.lower_is_better is False
    assert out.places == places_of(rnd.results)
    assert [e["money"] for e in out.extras] == rnd.money


def test_T_ROUND_places_ties_share():
    assert places_of([100, -100, 100, -100]) == (1, 3, 1, 3)
    assert places_of([5, 4, 3, 2]) == (1, 2, 3, 4)
    assert places_of([0, 0, 0, 0]) == (1, 1, 1, 1)


def test_T_ROUND_json_round_trip_and_replay_of_the_log():
    rnd = TarokyRound(rng=random.Random(6), options=TarokyOptions(round_deals=2))
    rng = random.Random(1)
    for _ in range(70):
        rnd.apply(rng.choice(rnd.legal_actions()))
    rnd.apply(EndRound())
    data = json.loads(json.dumps(rnd.to_json()))
    back = TarokyRound.from_json(data)
    assert back.to_json() == rnd.to_json()
    assert back.legal_actions() == rnd.legal_actions()
    assert back.public_view() == rnd.public_view()
    data["summary"]["money"][0] += 1
    with pytest.raises(BadInput):
        TarokyRound.from_json(data)
    with pytest.raises(BadInput):
        TarokyRound.from_json({"log": []})


def test_T_ROUND_is_a_game_of_the_interface():
    assert isinstance(SPEC, GameSpec) and SPEC.name == "taroky" and SPEC.seats == 4
    rnd = SPEC.new({"round_limit": {"deals": 1}}, random.Random(2))
    ai = [SPEC.make_ai("medium", random.Random(s)) for s in range(4)]
    while not rnd.finished:
        seat = rnd.to_act
        rnd.apply(SPEC.action_from_json(ai[seat].decide(rnd.view(seat)).to_json()))
    out = rnd.outcome()
    assert isinstance(out, Outcome) and Outcome.from_json(out.to_json()) == out
    assert SPEC.from_json(rnd.to_json()).to_json() == rnd.to_json()
    assert SPEC.ai_levels == ("easy", "medium", "hard")
    assert action_from_json({"end_round": True}) == EndRound()


def test_T_TOURNAMENT_points_standings_sheet():
    assert table_points([1050, -1050, 1050, -1050]) == (3.5, 1.5, 3.5, 1.5)
    assert table_points([300, 100, -100, -300]) == (4.0, 3.0, 2.0, 1.0)
    assert table_points([0, 0, 0, 0]) == (2.5, 2.5, 2.5, 2.5)
    assert standings({"a": 7.0, "b": 7.0, "c": 2.0}, {"a": 100, "b": 300, "c": 0}) == [
        (1, "b"), (2, "a"), (3, "c"),
    ]
    assert standings({"a": 7.0, "b": 7.0}, {"a": 5, "b": 5}) == [(1, "a"), (1, "b")]
    tables = draw_tables(list(range(8)), random.Random(1))
    assert sorted(p for t in tables for p in t) == list(range(8)) and len(tables) == 2
    with pytest.raises(BadInput):
        draw_tables(list(range(6)), random.Random(1))
    rnd = TarokyRound(deals=[WORKED], options=TarokyOptions(stake=1000))
    play_worked(rnd)
    sheet = table_sheet(rnd, 3)
    assert [r.points for r in sheet.rows] == [3.5, 1.5, 3.5, 1.5]
    assert sheet.control_sum == 4 * 1000 + sum(r.dokup for r in sheet.rows) == 6000


def test_T_ROUND_time_limit_for_the_bots_clock():
    from engine.game import TimeLimit

    rnd = TarokyRound(rng=random.Random(4))
    assert SPEC.time_limit_of(rnd) == TimeLimit(3600.0, EndRound())
    rnd = TarokyRound(rng=random.Random(4), options=TarokyOptions(round_minutes=15))
    assert SPEC.time_limit_of(rnd) == TimeLimit(900.0, EndRound())
    rnd.apply(EndRound())
    assert SPEC.time_limit_of(rnd) is None  # asked to end already
    rnd = TarokyRound(rng=random.Random(4), options=TarokyOptions(round_deals=2))
    assert SPEC.time_limit_of(rnd) is None  # the engine counts the deals


def test_T_ROUND_outcome_details_hold_the_protocol():
    rnd = TarokyRound(deals=[WORKED])
    play_worked(rnd)
    out = rnd.outcome()
    assert out.details["protocol"] == [r.to_json() for r in rnd.protocol]
    assert Outcome.from_json(json.loads(json.dumps(out.to_json()))) == out


def test_T_ANNOUNCE_no_turn_passes_by_itself_in_the_bot():
    """Who may not flek tells his side (T-FLEK), a forced call tells there is no tiché sólo
    (T-CALL): a forced ``done`` or call is never auto-played, so the secret partner's turn
    and the declarer's call look like anybody's. (Review 93: only a Hotovo after the seat
    said all it could, whatever its cards, may come by itself — ``Deal.turn_over``; none in
    this deal.)"""
    rnd = TarokyRound(deals=[WORKED])
    for part in WORKED_SCRIPT.split(";"):
        if rnd.deal.phase in ("call", "announce"):
            assert SPEC.autoplay_allowed(rnd) is False
        else:
            assert SPEC.autoplay_allowed(rnd) is True
        rnd.apply(step(part.strip()))
