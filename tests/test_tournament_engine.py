"""Tournaments in the engine: table points by place, standings, the draw that avoids repeated
opponents, and the per-game hooks (T-TOURNAMENT for Taroky; R-RANK with harakiri, Čl. 17–20,
for Lóra)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import games
from engine.game import Outcome
from engine.lora_tournament import sheet_notes
from engine.taroky.round import TarokyRound
from engine.tournament import (
    GENERIC,
    check_length,
    draw_tables,
    meetings,
    place_points,
    ranked,
    repeats,
)


def play_out(kind: str, options: dict | None, seed: int, level: str = "easy"):
    spec = games.get(kind)
    state = spec.new(options, random.Random(seed))
    n = 0
    while not state.finished:
        state.apply(spec.ai_action(state, state.to_act, level, random.Random(seed * 10000 + n)))
        n += 1
    return state


def partitions(players: list[int], size: int):
    """Every split of ``players`` into unordered tables of ``size``."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for others in combinations(rest, size - 1):
        left = [p for p in rest if p not in others]
        for tail in partitions(left, size):
            yield [[first, *others], *tail]


# -- table points and standings ---------------------------------------------------------
def test_T_TOURNAMENT_4_3_2_1_by_place_and_shared_ties():
    assert place_points((1, 2, 3, 4)) == (4.0, 3.0, 2.0, 1.0)
    assert place_points((3, 1, 4, 2)) == (2.0, 4.0, 1.0, 3.0)
    assert place_points((1, 1, 3, 4)) == (3.5, 3.5, 2.0, 1.0)
    assert place_points((1, 2, 2, 4)) == (4.0, 2.5, 2.5, 1.0)
    assert place_points((1, 2, 2, 2)) == (4.0, 2.0, 2.0, 2.0)
    assert place_points((1, 1, 1, 1)) == (2.5, 2.5, 2.5, 2.5)
    assert place_points((2, 1)) == (1.0, 2.0)  # a two-seat game: 2-1
    for places in ((1, 2, 3, 4), (1, 1, 3, 4), (1, 1, 1, 4), (1, 2, 2, 4)):
        assert sum(place_points(places)) == 10.0


def test_T_TOURNAMENT_points_from_a_played_round_share_ties():
    rnd = play_out("taroky", {"round_limit": {"deals": 2}}, 3)
    outcome = rnd.outcome()
    assert outcome is not None
    points = place_points(outcome.places)
    for a in range(4):
        for b in range(4):
            if outcome.scores[a] > outcome.scores[b]:
                assert points[a] > points[b]
            if outcome.scores[a] == outcome.scores[b]:
                assert points[a] == points[b]


def test_T_TOURNAMENT_standings_money_breaks_ties_then_shared_place():
    entries = {"a": (7.0, 100), "b": (7.0, 300), "c": (2.0, 0), "d": (5.0, -50),
               "e": (5.0, -50)}
    assert ranked(entries, lower_is_better=False) == [
        (1, "b"), (2, "a"), (3, "d"), (3, "e"), (5, "c")]


def test_R_RANK_tournament_standings_fewer_penalty_points_break_ties():
    entries = {"a": (7.0, 180), "b": (7.0, 150), "c": (4.5, 120), "d": (4.5, 120)}
    assert ranked(entries, lower_is_better=True) == [(1, "b"), (2, "a"), (3, "c"), (3, "d")]


# -- the draw ---------------------------------------------------------------------------
def test_T_TOURNAMENT_draw_partitions_at_random_and_is_reproducible():
    players = list(range(1, 13))
    tables = draw_tables(players, random.Random(5))
    assert len(tables) == 3 and all(len(t) == 4 for t in tables)
    assert sorted(p for t in tables for p in t) == players
    assert draw_tables(players, random.Random(5)) == tables
    seen = {tuple(sorted(map(tuple, map(sorted, draw_tables(players, random.Random(s))))))
            for s in range(20)}
    assert len(seen) > 15  # not one fixed arrangement
    with pytest.raises(ValueError):
        draw_tables(list(range(6)), random.Random(1))


def test_T_TOURNAMENT_draw_eight_players_repeat_the_fewest_opponents():
    """Two tables of four after two tables of four: some pairs must meet again; the
    fewest possible is 4 (each new table takes two from each old one)."""
    first = [[1, 2, 3, 4], [5, 6, 7, 8]]
    met = meetings(first)
    best = min(repeats(p, met) for p in partitions(list(range(1, 9)), 4))
    assert best == 4
    for seed in range(30):
        assert repeats(draw_tables(list(range(1, 9)), random.Random(seed), met=met), met) == 4


def test_T_TOURNAMENT_draw_sixteen_players_meet_nobody_again_in_round_two():
    rng = random.Random(11)
    players = list(range(16))
    for seed in range(10):
        rng = random.Random(seed)
        first = draw_tables(players, rng)
        second = draw_tables(players, rng, met=meetings(first))
        assert repeats(second, meetings(first)) == 0


def test_T_TOURNAMENT_draw_twelve_players_finds_the_fewest_repeats():
    """Against every split of twelve players, after random earlier rounds."""
    players = list(range(12))
    splits = list(partitions(players, 4))
    for seed in range(6):
        rng = random.Random(seed)
        earlier = [t for _ in range(2) for t in draw_tables(players, rng)]
        met = meetings(earlier)
        best = min(repeats(s, met) for s in splits)
        assert repeats(draw_tables(players, rng, met=met), met) == best


# -- the per-game hooks -----------------------------------------------------------------
def test_games_declare_their_tournament_rules():
    taroky, lora = games.get("taroky").tournament_rules(), games.get("lora").tournament_rules()
    assert taroky.round_units == ("deals", "minutes") and taroky.default_rounds == 4
    assert dict(taroky.default_length) == {"minutes": 60}
    assert lora.round_units == () and lora.default_length == {}
    assert GENERIC.columns[0].key == "score"
    assert check_length(taroky, {"deals": 3}) == {"deals": 3}
    assert check_length(lora, {}) == {}
    for bad in ({"deals": 0}, {"hours": 1}, {"deals": 2, "minutes": 5}):
        with pytest.raises(ValueError):
            check_length(taroky, bad)
    with pytest.raises(ValueError):
        check_length(lora, {"deals": 2})


def test_T_ROUND_tournament_round_options_set_the_limit():
    rules = games.get("taroky").tournament_rules()
    options = rules.round_options({"flek_max": 3}, {"deals": 2}, 3)
    assert options["round_limit"] == {"deals": 2} and options["flek_max"] == 3
    assert rules.round_options(None, {"minutes": 45}, 3)["round_limit"] == {"minutes": 45}
    rnd = TarokyRound.new(options, random.Random(1))
    assert rnd.options.round_deals == 2


def test_T_TOURNAMENT_round_options_carry_the_tournaments_number_of_rounds():
    """Review 53: a table of a 3-round tournament recorded "rounds": 4 (the default); it
    records 3, and the number changes nothing in the round's play or money."""
    rules = games.get("taroky").tournament_rules()
    three = rules.round_options({"stake": 1000}, {"deals": 2}, 3)
    assert three["rounds"] == 3 and three["stake"] == 1000
    four = rules.round_options({"stake": 1000}, {"deals": 2}, 4)
    assert {k: v for k, v in three.items() if k != "rounds"} == {
        k: v for k, v in four.items() if k != "rounds"}
    a, b = play_out("taroky", three, 5), play_out("taroky", four, 5)
    assert a.options.rounds == 3 and b.options.rounds == 4
    assert (a.money, a.dokup, a.results) == (b.money, b.dokup, b.results)
    assert a.to_json()["log"] == b.to_json()["log"]
    lora = games.get("lora").tournament_rules()  # (Lóra's options have no such number)
    assert lora.round_options({}, {}, 3) == {}


def test_T_TOURNAMENT_sheet_dokup_money_and_control_sum():
    rules = games.get("taroky").tournament_rules()
    options = rules.round_options({"stake": 1000}, {"deals": 3}, 4)
    rnd = play_out("taroky", options, 7)
    outcome = rnd.outcome()
    assert outcome is not None
    assert [c.key for c in rules.columns] == ["dokup", "money"]
    for seat in range(4):
        assert rules.values(outcome, seat) == (rnd.dokup[seat], rnd.money[seat])
    control = rules.control(outcome, options)
    assert control is not None and control.ok
    assert control.value == sum(rnd.money) == 4 * 1000 + sum(rnd.dokup)
    broken = Outcome(outcome.places, outcome.scores, "hal", False,
                     ({**outcome.extras[0], "money": outcome.extras[0]["money"] + 50},
                      *outcome.extras[1:]))
    assert not rules.control(broken, options).ok


def test_R_HARAKIRI_tournament_sheet_notes_harakiri_and_stovka():
    lora = play_out("lora", {"cista_stovka": True}, 26)
    outcome = lora.outcome()
    assert outcome is not None
    assert outcome.details["ties"] == [[0, 1]] and outcome.scores[:2] == (78, 78)
    rules = games.get("lora").tournament_rules()
    assert rules.values(outcome, 0) == (78,)
    assert sheet_notes(outcome, 0) == (("harakiri", 13), ("stovka_missed", None))
    assert sheet_notes(outcome, 1) == (("harakiri", 11), ("stovka_missed", None))
    assert sheet_notes(outcome, 2) == ()
    assert outcome.places[1] < outcome.places[0]  # fewer harakiri points: the better place
    assert place_points(outcome.places) == (1.0, 2.0, 4.0, 3.0)


@given(st.lists(st.integers(-50, 50), min_size=2, max_size=6))
def test_T_TOURNAMENT_points_of_any_results_share_ties_and_keep_the_sum(results):
    """Over any results of a table (more is better): places as the games give them (ties
    share the better place), points summing to n + … + 1, more for a better result, equal
    for equal results."""
    n = len(results)
    places = tuple(1 + sum(1 for r in results if r > mine) for mine in results)
    points = place_points(places)
    assert sum(points) == n * (n + 1) / 2
    for a in range(n):
        for b in range(n):
            if results[a] > results[b]:
                assert points[a] > points[b]
            elif results[a] == results[b]:
                assert points[a] == points[b]


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 5), st.integers(0, 2**32 - 1))
def test_T_TOURNAMENT_a_draw_seats_everyone_once(tables, seed):
    players = list(range(4 * tables))
    rng = random.Random(seed)
    earlier = draw_tables(players, rng)
    drawn = draw_tables(players, rng, met=meetings(earlier))
    assert sorted(p for t in drawn for p in t) == players
    assert all(len(t) == 4 for t in drawn)


def test_T_TOURNAMENT_draw_spreads_the_ai_entrants_evenly_and_still_avoids_repeats():
    people, ais = list(range(1, 6)), [101, 102, 103]  # five people, three AIs: two tables
    for seed in range(40):
        tables = draw_tables(people + ais, random.Random(seed), spread=ais)
        assert sorted(p for t in tables for p in t) == sorted(people + ais)
        assert sorted(sum(p in ais for p in t) for t in tables) == [1, 2]
    # twelve entrants, six of them AIs: two at each table, and the second round still meets
    # as few earlier opponents as twelve allow (three tables of round one, four seats: at
    # least one pair per table met before — 3)
    people, ais = list(range(1, 7)), list(range(101, 107))
    for seed in range(10):
        first = draw_tables(people + ais, random.Random(seed), spread=ais)
        assert [sum(p in ais for p in t) for t in first] == [2, 2, 2]
        second = draw_tables(people + ais, random.Random(seed + 100), met=meetings(first),
                             spread=ais)
        assert [sum(p in ais for p in t) for t in second] == [2, 2, 2]
        assert repeats(second, meetings(first)) == 3
    # without AIs to spread the draw is the plain one
    assert draw_tables(people + ais, random.Random(5), spread=()) == draw_tables(
        people + ais, random.Random(5))
