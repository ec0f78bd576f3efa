"""Properties of a tournament's pure logic over random results (hypothesis): the standings
(T-TOURNAMENT; Lóra Čl. 19–20 read the same way), the places they write as ranges, the draw
of tables, and the JSON of a tournament's settings and standings.

The expected values are recomputed here from the rules' words (4-3-2-1 by place, ties share
the points of the places they cover; standings by points, then the game's score in its
direction, still equal: a shared place), not read from the code under test."""

from __future__ import annotations

import json
import random
import re
from datetime import UTC, datetime
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.i18n import ordinal
from bot.storage.models import (
    EntrantRecord,
    TournamentRecord,
    TournamentStatus,
    TournamentTableRecord,
)
from bot.tournament.model import FILLS, TournamentSettings
from bot.tournament.scoring import Standing, standings
from bot.tournament.words import listed_place, place_label
from engine.game import Outcome
from engine.taroky import tournament as taroky_tournament
from engine.tournament import draw_tables, meetings, ranked, repeats

QUICK = settings(max_examples=60, deadline=None)
T0 = datetime(2026, 1, 1, tzinfo=UTC)


def points_by_place(places: list[int]) -> list[float]:
    """T-TOURNAMENT written out: place k of n gives n + 1 − k; a place shared by m seats
    gives each the mean of the m places it covers."""
    n = len(places)
    out = []
    for p in places:
        m = places.count(p)
        out.append(sum(n + 1 - k for k in range(p, p + m)) / m)
    return out


def places_of(scores: list[int], lower_is_better: bool) -> list[int]:
    """Ties share the better place (two firsts, then third)."""
    better = (lambda a, b: a < b) if lower_is_better else (lambda a, b: a > b)
    return [1 + sum(1 for o in scores if better(o, mine)) for mine in scores]


# -- standings (engine) -------------------------------------------------------------------
@QUICK
@given(
    rows=st.lists(st.tuples(st.integers(0, 12).map(lambda h: h / 2), st.integers(-3, 3)),
                  min_size=1, max_size=12),
    lower_is_better=st.booleans(),
)
def test_T_TOURNAMENT_ranked_lists_everyone_once_in_places_that_follow_the_key(
        rows, lower_is_better):
    """Every entrant once; his place is 1 + how many are strictly better (more points;
    equal points: the better score in the game's direction); equal keys share a place and
    keep the given order."""
    entries = {f"p{i}": row for i, row in enumerate(rows)}
    out = ranked(entries, lower_is_better=lower_is_better)
    assert sorted(p for _, p in out) == sorted(entries)

    def better(a: tuple[float, int], b: tuple[float, int]) -> bool:
        if a[0] != b[0]:
            return a[0] > b[0]
        return a[1] < b[1] if lower_is_better else a[1] > b[1]

    for place, p in out:
        assert place == 1 + sum(1 for q in entries if better(entries[q], entries[p]))
    assert [place for place, _ in out] == sorted(place for place, _ in out)
    for (pa, a), (pb, b) in combinations(out, 2):
        assert (pa == pb) == (entries[a] == entries[b])
        if pa == pb:  # a shared place keeps the given order
            assert list(entries).index(a) < list(entries).index(b)


@QUICK
@given(st.lists(st.integers(-8000, 8000), min_size=4, max_size=4))
def test_T_TOURNAMENT_taroky_table_points_of_round_results(results):
    points = taroky_tournament.table_points(results)
    assert list(points) == points_by_place(places_of(results, lower_is_better=False))
    assert sum(points) == 10.0


# -- standings of a tournament record (bot) ----------------------------------------------
@st.composite
def tournaments(draw: st.DrawFn) -> tuple[TournamentRecord, int]:
    """A tournament of 4–16 entrants, 1–4 rounds drawn at random; every table of the rounds
    before the last finished, some of the last one still playing; a round ``upto``."""
    n = 4 * draw(st.integers(1, 4))
    rounds = draw(st.integers(1, 4))
    lower_is_better = draw(st.booleans())
    kind = "lora" if lower_is_better else "taroky"
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    entrants = [EntrantRecord(100 + i, 1000 + i, f"P{i}") for i in range(n)]
    numbers = [e.entrant_no for e in entrants]
    tables: list[TournamentTableRecord] = []
    earlier: list[list[int]] = []
    for r in range(1, rounds + 1):
        drawn = draw_tables(numbers, rng, met=meetings(earlier))
        earlier += drawn
        for i, seats in enumerate(drawn, 1):
            result = None
            if r < rounds or draw(st.booleans()):
                scores = draw(st.lists(st.integers(-3, 3), min_size=4, max_size=4))
                result = Outcome(tuple(places_of(scores, lower_is_better)), tuple(scores),
                                 "points" if lower_is_better else "hal",
                                 lower_is_better).to_json()
            tables.append(TournamentTableRecord(r, i, list(seats), result=result))
    t = TournamentRecord(1, 1, 1, 1, kind, TournamentStatus.PLAYING, {"rounds": rounds},
                         rounds, None, T0, T0, entrants=entrants, tables=tables)
    return t, draw(st.integers(0, rounds))


@QUICK
@given(tournaments())
def test_T_TOURNAMENT_standings_of_random_results(drawn):
    """Every entrant once, with the sum of his table points (4-3-2-1, ties shared) and of
    his scores over the finished tables of rounds 1…upto, per round; places follow the
    points, then the score in the game's direction; a shared place covers exactly its tied
    entrants (``last_place``), the groups' ranges partition 1…n; every finished table gives
    out 10 points."""
    t, upto = drawn
    rows = standings(t, upto)
    lower = t.game_kind == "lora"
    assert sorted(r.entrant for r in rows) == sorted(e.entrant_no for e in t.entrants)
    points = {e.entrant_no: 0.0 for e in t.entrants}
    score = {e.entrant_no: 0 for e in t.entrants}
    per_round = {e.entrant_no: [None] * upto for e in t.entrants}
    finished = 0
    for slot in t.tables:
        if slot.round_no > upto or slot.result is None:
            continue
        finished += 1
        got = points_by_place(slot.result["places"])
        for seat, number in enumerate(slot.seats):
            points[number] += got[seat]
            score[number] += slot.result["scores"][seat]
            per_round[number][slot.round_no - 1] = got[seat]
    by = {r.entrant: r for r in rows}
    for number, row in by.items():
        assert (row.points, row.score, list(row.rounds)) == (
            points[number], score[number], per_round[number])
    assert sum(r.points for r in rows) == 10 * finished

    def key(r: Standing) -> tuple[float, int]:
        return (-r.points, r.score if lower else -r.score)

    covered: list[int] = []
    for row in rows:
        tied = [r for r in rows if key(r) == key(row)]
        assert row.place == 1 + sum(1 for r in rows if key(r) < key(row))
        assert row.last_place == row.place + len(tied) - 1
        assert row.shared == (len(tied) > 1)
        if row is tied[0]:
            covered += range(row.place, row.last_place + 1)
    assert covered == list(range(1, len(rows) + 1))
    assert [r.place for r in rows] == sorted(r.place for r in rows)


def place_range(text: str) -> tuple[int, int]:
    numbers = [int(x) for x in re.findall(r"\d+", text)]
    return numbers[0], numbers[-1]


@QUICK
@given(tournaments(), st.sampled_from(["cs", "en"]))
def test_T_TOURNAMENT_shared_places_are_written_as_the_range_of_the_tied(drawn, lang):
    """The standings write a shared place as the range its tied entrants cover ("2.–3." /
    "2nd–3rd"), an unshared one as one place ("2." / "2nd")."""
    t, upto = drawn
    for row in standings(t, upto):
        listed = listed_place(row, lang)
        assert place_range(listed) == (row.place, row.last_place)
        place, last = ordinal(row.place, lang), ordinal(row.last_place, lang)
        assert listed == (f"{place}–{last}" if row.shared else place)


@QUICK
@given(st.lists(st.integers(-3, 3), min_size=2, max_size=6), st.sampled_from(["cs", "en"]))
def test_T_TOURNAMENT_a_table_sheet_writes_a_shared_place_as_its_range(scores, lang):
    """A table's sheet (``place_label`` with the last place its ties cover, as the pictures
    call it): the range covers exactly the seats that share the place."""
    places = places_of(scores, lower_is_better=False)
    for place in places:
        tied = places.count(place)
        text = place_label(place, place + tied - 1, lang)
        assert place_range(text) == (place, place + tied - 1)
        assert ("–" in text) == (tied > 1)


@QUICK
@given(tournaments())
def test_standings_json_is_plain_json(drawn):
    t, upto = drawn
    for row in standings(t, upto):
        data = row.to_json()
        assert json.loads(json.dumps(data)) == data
        assert Standing(data["entrant"], data["place"], data["points"], data["score"],
                        tuple(data["rounds"]), data["last_place"]) == row


# -- the draw -----------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(
    size=st.integers(2, 5),
    tables=st.integers(1, 4),
    earlier_rounds=st.integers(0, 3),
    ai_share=st.integers(0, 100),
    seed=st.integers(0, 2**32 - 1),
)
def test_T_TOURNAMENT_a_draw_seats_everyone_once_spreads_ais_and_cannot_be_bettered_by_a_swap(
        size, tables, earlier_rounds, ai_share, seed):
    """Any table size: every entrant at exactly one table (nobody meets himself); the AI
    entrants' counts at two tables differ by at most one; no swap of two entrants of the
    same kind between two tables would meet fewer earlier opponents; the same seed draws
    the same tables."""
    players = list(range(size * tables))
    rng = random.Random(seed)
    ais = [p for p in players if rng.randrange(100) < ai_share]
    earlier = [t for _ in range(earlier_rounds) for t in draw_tables(players, rng, size)]
    met = meetings(earlier)
    state = rng.getstate()
    drawn = draw_tables(players, rng, size, met=met, spread=ais)
    rng.setstate(state)
    assert draw_tables(players, rng, size, met=met, spread=ais) == drawn
    assert sorted(p for t in drawn for p in t) == players
    assert all(len(t) == size == len(set(t)) for t in drawn)
    counts = [sum(p in ais for p in t) for t in drawn]
    assert max(counts) - min(counts) <= 1
    cost = repeats(drawn, met)
    for i, j in combinations(range(len(drawn)), 2):
        for a in range(size):
            for b in range(size):
                if (drawn[i][a] in ais) != (drawn[j][b] in ais):
                    continue
                ti, tj = list(drawn[i]), list(drawn[j])
                ti[a], tj[b] = tj[b], ti[a]
                swapped = [*drawn[:i], ti, *drawn[i + 1:j], tj, *drawn[j + 1:]]
                assert repeats(swapped, met) >= cost


# -- JSON of a tournament's settings ------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=8,
)
tournament_settings = st.builds(
    TournamentSettings,
    rounds=st.integers(1, 12),
    length=st.sampled_from([{}, {"deals": 3}, {"minutes": 45}]),
    fill=st.sampled_from(FILLS),
    ai_level=st.sampled_from(["easy", "medium", "hard"]),
    turn_timer=st.integers(0, 600),
    lang=st.sampled_from(["cs", "en"]),
    autoplay=st.booleans(),
    options=st.dictionaries(st.text(max_size=10), json_values, max_size=4),
    seed=st.integers(0, 2**63 - 1),
)


@QUICK
@given(tournament_settings)
def test_tournament_settings_json_round_trip(s):
    data = json.loads(json.dumps(s.to_json()))
    assert TournamentSettings.from_json(data) == s
    assert TournamentSettings.from_json(data).to_json() == s.to_json()
