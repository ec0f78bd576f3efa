"""Properties of a lobby's seating at a rematch and of a table's JSON (hypothesis).

A rematch ("Hrát znovu") keeps the order of play: a former player who comes back takes his
old seat, newcomers and AI players take the seats nobody of the finished table had while
one is free, and no seat is given twice. The lobby's ``join``/``add_ai`` take their seat
from ``free_seat``; here a lobby is filled by the same calls in any order."""

from __future__ import annotations

import json

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bot.model import Seat, TableSettings, TurnClock, click_of
from bot.tables.seating import free_seat, rematch_seats

QUICK = settings(max_examples=100, deadline=None)


@st.composite
def rematches(draw: st.DrawFn) -> tuple[int, dict[int, int], list[tuple[str, int | None]]]:
    """A finished table of 2–6 seats (humans 1…, some seats AI), its rematch's former
    players by seat, and who comes to the new lobby in what order: ("kept", user) for a
    former player, ("new", user) for a newcomer, ("ai", None) for an AI player added."""
    count = draw(st.integers(2, 6))
    humans = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    old = {100 + i: i for i, human in enumerate(humans) if human}
    coming = draw(st.lists(st.sampled_from(sorted(old)), unique=True)) if old else []
    others = draw(st.lists(st.sampled_from(["new", "ai"]), max_size=count))
    arrivals: list[tuple[str, int | None]] = [("kept", u) for u in coming]
    arrivals += [(kind, 900 + i if kind == "new" else None) for i, kind in enumerate(others)]
    order = draw(st.permutations(range(len(arrivals))))
    return count, old, [arrivals[i] for i in order]


@QUICK
@given(rematches())
@example(drawn=(2, {100: 0, 101: 1}, [("ai", None), ("kept", 100)]))  # an AI before them
def test_a_rematch_lobby_keeps_the_former_players_seats_and_gives_no_seat_twice(drawn):
    count, old, arrivals = drawn
    rematch = {"of": 7, "seats": {str(u): i for u, i in old.items()}}
    assert rematch_seats(json.loads(json.dumps(rematch)), count) == old
    kept = set(old.values())
    seats: list[tuple[str, int | None] | None] = [None] * count
    crowded = False  # someone came when only former players' seats were free
    for who in arrivals:
        free = [i for i, s in enumerate(seats) if s is None]
        if not free:
            break
        kind, user = who
        seat = free_seat(seats, rematch, user if kind != "ai" else None)
        assert seat in free  # no seat twice
        if kind == "kept" and old[user] in free:
            assert seat == old[user]  # his old seat
        elif set(free) - kept:
            assert seat not in kept  # a newcomer or an AI: a seat nobody of the old table had
        elif kind != "kept":
            crowded = True  # (it must take a former player's seat: nothing else is free)
        seats[seat] = who
    # the former players who came back and AI players for the rest: everyone in his seat,
    # unless an AI came while only former players' seats were free (it took one of them)
    if all(kind != "new" for kind, _ in arrivals) and not crowded:
        for i, s in enumerate(seats):
            if s is not None and s[0] == "kept":
                assert old[s[1]] == i


@QUICK
@given(st.integers(1, 6), st.lists(st.booleans(), min_size=1, max_size=6))
def test_without_a_rematch_the_first_free_seat(count, taken):
    seats = [object() if t else None for t in taken[:count]] + [None] * max(0, count - len(taken))
    free = [i for i, s in enumerate(seats) if s is None]
    if free:
        assert free_seat(seats, None, 5) == free[0] == free_seat(seats, {"of": 1}, 5)


# -- a table's JSON -----------------------------------------------------------------------
versions = st.lists(st.integers(0, 10**6), max_size=4)
seats_st = st.builds(
    Seat,
    user_id=st.none() | st.integers(1, 2**63 - 1),
    name=st.text(max_size=20),
    ai=st.sampled_from([None, "easy", "medium", "hard"]),
    absent=st.booleans(),
    ai_moves=st.integers(0, 500),
    moves=st.integers(0, 500),
    agreed=st.integers(0, 50),
    left=st.booleans(),
    ai_at=versions,
    left_by=st.none() | st.integers(1, 2**63 - 1),
    left_at=st.none() | st.integers(0, 10**6),
    left_before=versions,
    ai_stood=st.booleans(),
    # his last click that moved: an action's index, or several actions' JSON
    clicked=st.none() | st.builds(
        click_of, st.integers(0, 10**6),
        st.integers(0, 40) | st.lists(st.dictionaries(st.text(max_size=4), st.integers()
                                                      | st.text(max_size=4), max_size=3),
                                      max_size=4)),
)
settings_st = st.builds(
    TableSettings,
    options=st.dictionaries(st.text(max_size=8), st.integers() | st.booleans() | st.text(
        max_size=8) | st.none(), max_size=4),
    turn_timer=st.integers(0, 3600),
    lang=st.sampled_from(["cs", "en"]),
    seating=st.sampled_from(["draw", "join"]),
    autoplay=st.booleans(),
    ai_level=st.sampled_from(["easy", "medium", "hard"]),
    revision=st.integers(0, 100),
)
clocks = st.builds(TurnClock, version=st.integers(0, 10**6), seat=st.integers(0, 3),
                   started=st.floats(0, 2e9, allow_nan=False), reminded=st.booleans())


@QUICK
@given(seats_st, settings_st, clocks)
def test_a_tables_seats_settings_and_turn_clock_json_round_trip(seat, table_settings, clock):
    """What a table stores (its seats, its settings, its turn's clock) reads back the same
    after the database's JSON text."""
    def again(data):
        return json.loads(json.dumps(data))

    assert Seat.from_json(again(seat.to_json())) == seat
    assert TableSettings.from_json(again(table_settings.to_json())) == table_settings
    assert TurnClock.from_json(again(clock.to_json())) == clock


@QUICK
@given(seats_st, st.integers(0, 500))
def test_a_seat_saved_with_its_forced_moves_counted_reads_back(seat, forced):
    """Seats were saved with "auto_moves" (the forced moves made for a player, counted and
    shown nowhere since the sheet stopped showing them): such a seat reads as the seat it
    was, without it, and is saved without it."""
    old = json.loads(json.dumps({**seat.to_json(), "auto_moves": forced}))
    assert Seat.from_json(old) == seat
    assert "auto_moves" not in Seat.from_json(old).to_json()
