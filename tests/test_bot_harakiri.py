"""What the players see of harakiri (R-HARAKIRI): only the play-offs a seat was in count as
his (the sheet, the results post, the final order picture); the tie's order shows it came from
harakiri; a play-off of four games says which game it is and the tied seats' sums, and its
lines leave the untied seat out.

Every harakiri is dealt ``xdeal(x)``: seat x takes every trick (40 points) whatever is played.
"""

from __future__ import annotations

from typing import Any

from bot.games.lora import UI
from bot.games.lora.events import Words
from bot.render import table as table_render
from bot.render.center import harakiri_note
from bot.render.sheet import harakiri_line
from bot.render.table import table_image, title_parts
from engine.game import Outcome
from engine.lora import Lora
from tests.helpers import drive, harakiri_played_off, xdeal

NAMES = ["Alice", "Bob", "Cyril", "Dana"]


def two_ties() -> tuple[Lora, list[Any]]:
    """{Cyril, Dana} at 10 first (led by Alice): the first game goes to Bob (not tied, so they
    are still tied), the second to Dana; then {Alice, Bob} at 30 (led by Cyril): to Alice."""
    lora = Lora(first_leader=0, deals=[xdeal(1), xdeal(3), xdeal(0)], start=False)
    lora.totals = [30, 30, 10, 10]
    events = lora._begin_final_order()
    events += drive(lora, lambda lo: lo.finished)
    assert lora.order == [2, 3, 1, 0]
    return lora, events


def three_way() -> Lora:
    """Alice, Bob and Dana tied at 20 (Cyril 5), first leader Cyril: four games summed, led
    by Cyril, Dana, Alice, Bob, won by Alice, Bob, Bob, Cyril."""
    lora = Lora(first_leader=2, deals=[xdeal(0), xdeal(1), xdeal(1), xdeal(2)], start=False)
    lora.totals = [20, 20, 5, 20]
    return lora


def test_R_HARAKIRI_the_sheet_lists_a_seats_own_play_offs_only():
    lora, _ = two_ties()
    view = lora.public_view()
    assert [harakiri_line(view.protocol, s, "cs") for s in range(4)] == [
        "Harakiri: 40",
        "Harakiri: 0",  # not Bob's: the 40 of the Cyril–Dana play-off
        "Harakiri: 0 → 0",
        "Harakiri: 0 → 40",
    ]


def test_R_HARAKIRI_a_four_game_play_off_on_the_sheet_has_its_sum():
    lora = three_way()
    lora._begin_final_order()
    drive(lora, lambda lo: lo.finished)
    view = lora.public_view()
    assert harakiri_line(view.protocol, 0, "cs") == "Harakiri: 40, 0, 0, 0 (součet 40)"
    assert harakiri_line(view.protocol, 1, "en") == "Harakiri: 0, 40, 40, 0 (total 80)"
    assert harakiri_line(view.protocol, 2, "cs") == ""  # Cyril was not tied


def test_R_HARAKIRI_the_results_post_says_the_tie_was_played_off():
    lora, _ = two_ties()
    outcome = lora.outcome()
    assert outcome is not None
    assert [UI.outcome_note(outcome, s, "cs") for s in range(4)] == [
        ", harakiri: 40 b. (méně je lépe)",
        ", harakiri: 0 b. (méně je lépe)",
        ", harakiri: 0 → 0 b. (méně je lépe)",
        ", harakiri: 0 → 40 b. (méně je lépe)",
    ]
    assert [UI.outcome_note(outcome, s, "en") for s in (0, 1)] == [
        ", harakiri: 40 pts (fewer is better)", ", harakiri: 0 pts (fewer is better)"]


def test_R_HARAKIRI_one_harakiri_point_is_one_pt_in_english() -> None:
    """The note says points in the language's number (English "1 pt"), Czech "b." always."""
    outcome = Outcome((1, 2, 3, 4), (10, 20, 20, 30), "points", True,
                      extras=({}, {"harakiri_sums": [1]}, {"harakiri_sums": [0, 1]}, {}))
    assert UI.outcome_note(outcome, 1, "en") == ", harakiri: 1 pt (fewer is better)"
    assert UI.outcome_note(outcome, 2, "en") == ", harakiri: 0 → 1 pt (fewer is better)"
    assert UI.outcome_note(outcome, 1, "cs") == ", harakiri: 1 b. (méně je lépe)"


def test_R_HARAKIRI_the_final_order_picture_notes_the_harakiri_sums():
    lora, _ = two_ties()
    view = lora.public_view()
    assert [harakiri_note(view, s, "cs") for s in range(4)] == [
        "harakiri: 40 b. (méně je lépe)",
        "harakiri: 0 b. (méně je lépe)",
        "harakiri: 0 → 0 b. (méně je lépe)",
        "harakiri: 0 → 40 b. (méně je lépe)",
    ]
    assert harakiri_note(view, 3, "en") == "harakiri: 0 → 40 pts (fewer is better)"
    assert harakiri_note(view, 3, "en", short=True) == "harakiri: 0 → 40 pts"
    untied = Lora(first_leader=0, deals=[], start=False)
    untied.totals = [10, 20, 30, 40]
    untied._begin_final_order()
    assert harakiri_note(untied.public_view(), 0, "cs") == ""


def test_R_HARAKIRI_the_lines_of_a_two_seat_play_off_name_the_tied_seats_only():
    _, events = two_ties()
    words = Words("cs", NAMES)
    lines = [words.line(e) for e in events if e.kind in ("game_ended", "game_started")]
    assert lines == [
        "Harakiri, vynáší Alice.",
        "Konec hry Harakiri: Cyril 0 · Dana 0.",  # Bob took the 40: not in the tie
        "Harakiri · 2. rozstřel, vynáší Alice.",  # still tied: played off again
        "Konec hry Harakiri: Cyril 0 · Dana 40.",
        "Harakiri, vynáší Cyril.",
        "Konec hry Harakiri: Alice 40 · Bob 0.",
    ]


def test_R_HARAKIRI_the_lines_of_a_four_game_play_off_say_which_game_and_the_sums():
    lora = three_way()
    events = lora._begin_final_order()
    events += drive(lora, lambda lo: lo.finished)
    cs, en = Words("cs", NAMES), Words("en", NAMES, viewer=3)
    shown = [e for e in events if e.kind in ("harakiri_needed", "game_started", "game_ended")]
    assert [cs.line(e) for e in shown[:5]] == [
        "Shoda bodů (Alice, Bob, Dana): hrají se čtyři hry harakiri, body se sčítají.",
        "Harakiri (1. hra ze 4), vynáší Cyril.",
        "Konec 1. hry Harakiri ze 4: Alice 40 · Bob 0 · Dana 0;"
        " součet Alice 40 · Bob 0 · Dana 0.",
        "Harakiri (2. hra ze 4), vynáší Dana.",
        "Konec 2. hry Harakiri ze 4: Alice 0 · Bob 40 · Dana 0;"
        " součet Alice 40 · Bob 40 · Dana 0.",
    ]
    assert [en.line(e) for e in shown[7:]] == [
        "Harakiri (game 4 of 4); Bob leads.",
        "End of Harakiri game 4 of 4: Alice 0 · Bob 0 · Dana 0; total Alice 40 · Bob 80 · Dana 0.",
    ]
    assert en.line(shown[3]) == "Harakiri (game 2 of 4); you lead."


def test_R_HARAKIRI_the_table_shows_the_play_off_game_and_the_tied_seats_sums(monkeypatch):
    lora = three_way()
    lora._begin_final_order()
    drive(lora, lambda lo: lo.harakiri is not None and lo.harakiri.played == 2)
    view = lora.public_view()
    title = ("Harakiri", "o pořadí: Alice, Bob, Dana · 3. hra ze 4")
    assert title_parts(view, NAMES, "cs") == title
    assert title_parts(view, NAMES, "en")[1] == "tie-break: Alice, Bob, Dana · game 3 of 4"
    two = Lora(first_leader=0, deals=[xdeal(0)], start=False)
    two.totals = [10, 20, 20, 30]
    two._begin_final_order()
    assert title_parts(two.public_view(), NAMES, "cs")[1] == "o pořadí: Bob, Cyril"  # one game
    panels: list[tuple[Any, ...]] = []
    real = table_render.seat_panel

    def spy(*args: Any, **kwargs: Any) -> Any:
        panels.append((args[0], args[2], args[-1]))
        return real(*args, **kwargs)

    monkeypatch.setattr(table_render, "seat_panel", spy)
    table_image(view, NAMES, "cs")
    # the tied seats: their sum of the two games played; Cyril (not tied): his lóra total
    assert sorted(panels) == [
        ("Alice", 40, "pts_sum"),
        ("Bob", 40, "pts_sum"),
        ("Cyril", 5, "pts_lora"),
        ("Dana", 0, "pts_sum"),
    ]


def test_R_HARAKIRI_the_announcements_of_a_four_game_play_off_say_which_game():
    from bot.model import Seat, Table, TableSettings

    lora = three_way()
    events = lora._begin_final_order()
    events += drive(lora, lambda lo: lo.finished)
    seats = [Seat(None, n, "easy") for n in NAMES]
    table = Table(1, 1, 1, 1, TableSettings(lang="cs"), seats, "lora", state=lora)
    # each game's result follows it (a deal start's record keeps it): the tied seats' points
    # and their sums so far; a result the next game follows keeps its last tricks (review 69)
    said = UI.announcements(table, events)
    last = ("Poslední tahy: {0} bere 6. štych (E🌰 8🌰 10🌰 F🌰): 3 b. {0} bere 7. štych"
            " (K❤️ 7❤️ 9❤️ S❤️): 13 b. {0} bere 8. štych (E❤️ 8❤️ 10❤️ F❤️): 11 b.")
    assert [x.split("\n")[1:] for x in said[2::2]] == [
        [last.format("Alice")], [last.format("Bob")], [last.format("Bob")], []]
    assert [x.split("\n")[0] for x in said] == [
        "Shoda bodů (Alice, Bob, Dana): hrají se čtyři hry harakiri, body se sčítají.",
        "▶ **Harakiri** (1. hra ze 4) – vynáší Cyril.",
        "■ **Harakiri** (1. hra ze 4). Body: Alice 40 · Bob 0 · Dana 0;"
        " součet: Alice 40 · Bob 0 · Dana 0",
        "▶ **Harakiri** (2. hra ze 4) – vynáší Dana.",
        "■ **Harakiri** (2. hra ze 4). Body: Alice 0 · Bob 40 · Dana 0;"
        " součet: Alice 40 · Bob 40 · Dana 0",
        "▶ **Harakiri** (3. hra ze 4) – vynáší Alice.",
        "■ **Harakiri** (3. hra ze 4). Body: Alice 0 · Bob 40 · Dana 0;"
        " součet: Alice 40 · Bob 80 · Dana 0",
        "▶ **Harakiri** (4. hra ze 4) – vynáší Bob.",
        "■ **Harakiri** (4. hra ze 4). Body: Alice 0 · Bob 0 · Dana 0;"
        " součet: Alice 40 · Bob 80 · Dana 0",
    ]
    table.settings.lang = "en"
    assert UI.announcements(table, events)[2].split("\n")[0] == (
        "■ **Harakiri** (game 1 of 4). Points: Alice 40 · Bob 0 · Dana 0;"
        " total: Alice 40 · Bob 0 · Dana 0")


def test_R_HARAKIRI_an_archived_sheet_keeps_each_seats_own_play_offs():
    """The export's sheet is rebuilt from the archived outcome (its protocol rows)."""
    from bot.render.export import sheet_lora
    from engine.lora_spec import SPEC

    lora, _ = two_ties()
    outcome = lora.outcome()
    assert outcome is not None
    export = {"replay": SPEC.record_of(lora), "outcome": outcome.to_json(),
              "options": {"options": lora.options.to_json()}}
    view = sheet_lora(export).public_view()
    assert [harakiri_line(view.protocol, s, "en") for s in range(4)] == [
        "Harakiri: 40",
        "Harakiri: 0",
        "Harakiri: 0 → 0",
        "Harakiri: 0 → 40",
    ]


# -- a tie that persists: harakiri is played again ---------------------------------------------
def test_R_HARAKIRI_a_persisting_tie_is_told_it_is_played_again():
    _, events = two_ties()
    needed = [e for e in events if e.kind == "harakiri_needed"]
    assert [e.playoff for e in needed] == [1, 2, 1]
    assert [Words("cs", NAMES).line(e) for e in needed] == [
        "Shoda bodů (Cyril, Dana): hraje se jedna hra harakiri.",
        "Pořád shoda (Cyril, Dana): harakiri se hraje znovu.",
        "Shoda bodů (Alice, Bob): hraje se jedna hra harakiri.",
    ]
    assert [Words("en", NAMES).line(e) for e in needed] == [
        "Tie (Cyril, Dana): one game of harakiri is played.",
        "Still tied (Cyril, Dana): harakiri is played again.",
        "Tie (Alice, Bob): one game of harakiri is played.",
    ]
    _, events = harakiri_played_off(2)
    needed = [e for e in events if e.kind == "harakiri_needed"]
    assert [Words("cs", NAMES).line(e) for e in needed] == [
        "Shoda bodů (Alice, Bob, Dana): hrají se čtyři hry harakiri, body se sčítají.",
        "Pořád shoda (Alice, Bob, Dana): harakiri se hraje znovu, hrají se čtyři hry,"
        " body se sčítají.",
    ]
    assert Words("en", NAMES).line(needed[1]) == (
        "Still tied (Alice, Bob, Dana): harakiri is played again, four games, their points"
        " summed.")


def test_R_HARAKIRI_the_games_of_a_play_off_are_counted_in_words_in_number_agreement():
    from engine.events import HarakiriNeeded

    cs = Words("cs", NAMES)
    assert [cs.line(HarakiriNeeded((0, 1), n)) for n in (1, 2, 3, 4, 5)] == [
        "Shoda bodů (Alice, Bob): hraje se jedna hra harakiri.",
        "Shoda bodů (Alice, Bob): hrají se dvě hry harakiri, body se sčítají.",
        "Shoda bodů (Alice, Bob): hrají se tři hry harakiri, body se sčítají.",
        "Shoda bodů (Alice, Bob): hrají se čtyři hry harakiri, body se sčítají.",
        "Shoda bodů (Alice, Bob): hraje se 5 her harakiri, body se sčítají.",
    ]
    assert Words("en", NAMES).line(HarakiriNeeded((0, 1), 2)) == (
        "Tie (Alice, Bob): two games of harakiri are played, their points summed.")


def test_R_HARAKIRI_a_repeated_play_off_says_which_play_off_it_is():
    from bot.games.lora.texts import game_line
    from bot.model import Seat, Table, TableSettings

    lora, events = harakiri_played_off(2)
    seats = [Seat(None, n, "easy") for n in NAMES]
    table = Table(1, 1, 1, 1, TableSettings(lang="cs"), seats, "lora", state=lora)
    said = UI.announcements(table, events)
    assert [line for line in said if line.startswith("▶")][3:6] == [
        "▶ **Harakiri** (4. hra ze 4) – vynáší Bob.",
        "▶ **Harakiri** (1. hra ze 4) · 2. rozstřel – vynáší Cyril.",
        "▶ **Harakiri** (2. hra ze 4) · 2. rozstřel – vynáší Dana.",
    ]
    assert said[9] == ("Pořád shoda (Alice, Bob, Dana): harakiri se hraje znovu, hrají se"
                       " čtyři hry, body se sčítají.")
    table.settings.lang = "en"
    assert UI.announcements(table, events)[10] == (
        "▶ **Harakiri** (game 1 of 4) · 2nd play-off – Cyril leads.")
    second = next(e for e in events if e.kind == "game_started" and e.playoff == 2)
    assert Words("en", NAMES, viewer=2).line(second) == (
        "Harakiri (game 1 of 4) · 2nd play-off; you lead.")
    assert Words("cs", NAMES).line(second) == "Harakiri (1. hra ze 4) · 2. rozstřel, vynáší Cyril."
    # the title while the second play-off is played: the table's picture, the hand's line
    again = Lora(first_leader=2, deals=[xdeal(2)] * 4 + [xdeal(0)] * 4, start=False)
    again.totals = [20, 20, 5, 20]
    again._begin_final_order()
    view = again.public_view()
    assert view.harakiri_playoff == 1 and not view.harakiri_replayed
    assert title_parts(view, NAMES, "cs")[1] == "o pořadí: Alice, Bob, Dana · 1. hra ze 4"
    assert game_line(view, "cs") == "**Harakiri** – rozstřel o pořadí"
    drive(again, lambda lo: lo.harakiri is not None and lo.harakiri.played == 0
          and len(lo.protocol) == 4)
    view = again.public_view()
    assert view.harakiri_playoff == 2 and view.harakiri_replayed
    assert not Lora(deals=[xdeal(0)]).public_view().harakiri_replayed  # (none: None)
    assert title_parts(view, NAMES, "cs") == (
        "Harakiri", "o pořadí: Alice, Bob, Dana · 1. hra ze 4 · 2. rozstřel")
    assert title_parts(view, NAMES, "en")[1] == (
        "tie-break: Alice, Bob, Dana · game 1 of 4 · 2nd play-off")
    assert game_line(view, "cs") == "**Harakiri** – 2. rozstřel o pořadí"
    assert game_line(view, "en") == "**Harakiri** – 2nd play-off for places"
