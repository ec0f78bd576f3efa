"""Review 75's smaller findings of a Czech Taroky club tournament: the podium among those who
played on, the CSV's shared places, "not rated" at a tournament table, the sheet's order, the
round number in a round-2 table's record, the withdrawal told in the tournament's rules."""

from __future__ import annotations

import random

from bot.model import Seat, Table, TableSettings
from bot.tournament.examples import example_tournament
from bot.tournament.export import standings_csv
from bot.tournament.pictures import sheet_footer
from bot.tournament.scoring import Standing, among
from bot.unrated import unrated_note
from engine import games
from engine.taroky.round import TarokyRound
from tests.taroky_kit import default_policy


def _row(entrant: int, place: int, last: int | None = None) -> Standing:
    return Standing(entrant, place, 10.0 - place, 0, (), last or place)


def test_the_podium_places_those_who_played_on_among_themselves() -> None:
    """H1: the standings keep one who withdrew in his place; the podium and the 🏆 go by
    ``among``: the same order without him, equals still sharing a place (a range)."""
    rows = [_row(1, 1), _row(2, 2, 3), _row(3, 2, 3), _row(4, 4), _row(5, 5)]
    kept = among(rows, lambda n: n != 1)
    assert [(r.entrant, r.place, r.last_place) for r in kept] == [
        (2, 1, 2), (3, 1, 2), (4, 3, 3), (5, 4, 4)]
    kept = among(rows, lambda n: n != 3)
    assert [(r.entrant, r.place, r.last_place) for r in kept] == [
        (1, 1, 1), (2, 2, 2), (4, 3, 3), (5, 4, 4)]


def test_the_csv_writes_a_shared_place_as_its_range() -> None:
    """L3: "6;1;Anna" and "6;7;AI Karel" where the embed and the picture said "6.–7."."""
    t = example_tournament("taroky", rounds=1, seed=18)
    rows = [line.split(";") for line in
            standings_csv(t, "cs").decode("utf-8-sig").splitlines()[1:]]
    assert [row[0] for row in rows] == ["1", "2–4", "2–4", "2–4", "5–6", "5–6", "7", "8"]


def _table(tournament: dict[str, int] | None) -> Table:
    seats: list[Seat | None] = [Seat(7, "Hana", ai_moves=30, moves=30),
                                Seat(8, "Bohouš", moves=30), Seat(None, "AI Karel", ai="easy"),
                                Seat(9, "Anna", moves=30)]
    return Table(1, 1, 1, 1, TableSettings(lang="cs"), seats, "taroky", tournament=tournament)


def test_not_rated_at_a_tournament_table_says_the_tournament_points_count() -> None:
    """M1: "Hra se nehodnotí" under a tournament table's end read as "this table does not
    count", its sheet's points right below it. At a tournament's table it says what it is
    about: the leaderboard; the tournament's points and places count."""
    link = {"id": 2, "round": 1, "table": 1}
    assert unrated_note(_table(link), 0.25, "cs") == (
        "Do žebříčku (hodnocení hráčů) se tento stůl nepočítá: AI odehrála víc než 25 % tahů"
        " tohoto hráče: Hana. Body a místa v turnaji platí.")
    assert unrated_note(_table(link), 0.25, "en") == (
        "This table does not count for the leaderboard (the players' rating): an AI made more"
        " than 25% of Hana's moves. Its tournament points and places count.")
    assert unrated_note(_table(None), 0.25, "cs") == (
        "Hra se nehodnotí: AI odehrála víc než 25 % tahů tohoto hráče: Hana.")


def test_a_taroky_sheet_says_what_its_order_goes_by() -> None:
    """M2: with a dokup, Božena's 55,00 placed below Karel's 48,00 (both right by T-ROUND:
    the result is money − stake − dokup); the sheet said only "Body 4-3-2-1 podle pořadí"."""
    t = example_tournament("taroky", rounds=1)
    labels = [f.label for f in sheet_footer(t, t.tables[0], "cs")]
    assert labels[1:] == ["Pořadí u stolu určuje výsledek = peníze − vklad − dokup",
                          "Body 4-3-2-1 podle pořadí u stolu (při shodě se body dělí)"]
    assert [f.label for f in sheet_footer(t, t.tables[0], "en")][1] == (
        "Places go by the result = money − stake − top-up")
    lora = example_tournament("lora")
    assert len(sheet_footer(lora, lora.tables[0], "cs")) == 1  # (its column is the order)


def test_a_round_2_table_records_round_2() -> None:
    """L1: every round-2 table's outcome and protocol rows said round 1 (``TarokyRound.new``
    never set it); the tournament's options for the table name its round."""
    rules = games.get("taroky").tournament_rules()
    options = rules.numbered(rules.round_options({}, {"deals": 1}, 2), 2)
    assert options["round"] == 2
    rnd = TarokyRound.new(options, random.Random(5))
    assert rnd.round_no == 2
    for _ in range(1000):
        if rnd.finished:
            break
        chosen = default_policy(rnd)
        for action in chosen if isinstance(chosen, list) else [chosen]:
            rnd.apply(action)
    outcome = rnd.outcome()
    assert outcome is not None and outcome.details["round"] == 2
    assert {row["round"] for row in outcome.details["protocol"]} == {2}
    # a table of its own, or a first round, as before (its options as they were saved)
    assert "round" not in rules.round_options({}, {"deals": 1}, 2)
    assert TarokyRound.new(rules.numbered({}, 1), random.Random(5)).round_no == 1
    lora = games.get("lora").tournament_rules()
    assert lora.numbered({"x": 1}, 2) == {"x": 1}  # (Lóra's record has no round)
