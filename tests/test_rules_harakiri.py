"""R-HARAKIRI in a lóra: who leads (2-way and 3/4-way ties), summing four games, repeated
play-offs, points that never enter the totals, the protocol rows.

Every harakiri is dealt ``xdeal(x)``: seat x takes every trick (40 points) whatever anyone
plays, so the outcome below does not depend on the play. The whole-lóra end-to-end case
(replay JSON with given deals) is ``tests/replay/lora_tie_harakiri.json``, checked here and
in test_replay_corpus.
"""

import json
from pathlib import Path

from engine.contracts import Contract
from engine.lora import Lora, harakiri_playoffs
from engine.lora_tournament import sheet_notes
from tests.helpers import drive, replay, xdeal

N = None
CORPUS = Path(__file__).resolve().parent / "replay"


def final(totals, deals, stovka=(N, N, N, N), first_leader=0):
    lora = Lora(first_leader=first_leader, deals=list(deals), start=False)
    lora.totals = list(totals)
    lora.stovka = list(stovka)
    events = lora._begin_final_order()
    events += drive(lora, lambda lo: lo.finished)
    return lora, events


def harakiri_games(events):
    return [(e.leader, e.dealer) for e in events if e.kind == "game_started"]


def harakiri_rows(lora):
    return [r.replay_json() for r in lora.protocol if r.contract is Contract.HARAKIRI]


def row(points):
    return {"tali": None, "game": None, "contract": "harakiri", "points": points}


def test_R_HARAKIRI_two_tied_one_game_led_by_a_seat_not_in_the_tie():
    lora, events = final([10, 20, 20, 30], [xdeal(2)])
    needed = [e for e in events if e.kind == "harakiri_needed"]
    assert [(e.seats, e.games) for e in needed] == [((1, 2), 1)]
    assert needed[0].text("cs") == "Shoda bodů (hráč 1, hráč 2): hraje se harakiri (1×)."
    assert harakiri_games(events) == [(0, 3)]  # seat 0, the first leader, is not tied
    assert harakiri_rows(lora) == [row([0, 0, 40, 0])]
    assert lora.order == [0, 1, 2, 3]  # 2 took 40, 1 took 0: 1 is better
    assert lora.totals == [10, 20, 20, 30]  # harakiri points never enter the totals


def test_R_HARAKIRI_two_tied_leader_is_the_first_untied_seat_clockwise_from_first_leader():
    # first leader 1 is tied with 2: seat 3 leads
    lora, events = final([10, 20, 20, 30], [xdeal(1)], first_leader=1)
    assert harakiri_games(events) == [(3, 2)]
    assert lora.order == [0, 2, 1, 3]
    # first leader 0 tied with 1: seat 2 leads
    lora, events = final([20, 20, 5, 30], [xdeal(0)])
    assert harakiri_games(events) == [(2, 1)]
    assert lora.order == [2, 1, 0, 3]
    # first leader 3, tie of 3 and 0: seat 1 leads
    lora, events = final([20, 5, 30, 20], [xdeal(3)], first_leader=3)
    assert harakiri_games(events) == [(1, 0)]
    assert lora.order == [1, 0, 3, 2]


def test_R_HARAKIRI_three_tied_four_games_lead_rotating_from_first_leader():
    # tie of 0, 1, 3 at 20; seat 2 (5) is first. First leader 2: leaders 2, 3, 0, 1.
    deals = [xdeal(0), xdeal(1), xdeal(1), xdeal(2)]
    lora, events = final([20, 20, 5, 20], deals, first_leader=2)
    assert [(e.seats, e.games) for e in events if e.kind == "harakiri_needed"] == [((0, 1, 3), 4)]
    assert harakiri_games(events) == [(2, 1), (3, 2), (0, 3), (1, 0)]
    assert harakiri_rows(lora) == [
        row([40, 0, 0, 0]),
        row([0, 40, 0, 0]),
        row([0, 40, 0, 0]),
        row([0, 0, 40, 0]),
    ]
    # sums: 0 → 40, 1 → 80, 3 → 0 (seat 2's 40 do not matter)
    assert lora.order == [2, 3, 0, 1]
    assert lora.totals == [20, 20, 5, 20]


def test_R_HARAKIRI_four_tied_then_a_two_seat_play_off():
    # all at 30: four games led by 0, 1, 2, 3. Sums 0: 0, 1: 40, 2: 40, 3: 80.
    # Seats 1 and 2 are still tied: one more game, led by seat 0 (not tied), won by 1.
    deals = [xdeal(3), xdeal(3), xdeal(2), xdeal(1), xdeal(1)]
    lora, events = final([30, 30, 30, 30], deals)
    needed = [(e.seats, e.games) for e in events if e.kind == "harakiri_needed"]
    assert needed == [((0, 1, 2, 3), 4), ((1, 2), 1)]
    assert harakiri_games(events) == [(0, 3), (1, 0), (2, 1), (3, 2), (0, 3)]
    assert lora.order == [0, 2, 1, 3]
    assert len(harakiri_rows(lora)) == 5


def test_R_HARAKIRI_repeated_while_still_tied():
    # tie of 1 and 2, led by 0: the first game goes to seat 0 (not tied), 1 and 2 both 0:
    # played again the same way; the second goes to seat 1.
    lora, events = final([10, 20, 20, 30], [xdeal(0), xdeal(1)])
    needed = [(e.seats, e.games) for e in events if e.kind == "harakiri_needed"]
    assert needed == [((1, 2), 1), ((1, 2), 1)]
    assert harakiri_games(events) == [(0, 3), (0, 3)]
    assert harakiri_rows(lora) == [row([40, 0, 0, 0]), row([0, 40, 0, 0])]
    assert lora.order == [0, 2, 1, 3]


def test_R_HARAKIRI_several_tied_groups_best_places_first():
    # {0, 1} at 10 first (leader 2), then {2, 3} at 30 (leader 0)
    lora, events = final([10, 10, 30, 30], [xdeal(0), xdeal(3)])
    needed = [e.seats for e in events if e.kind == "harakiri_needed"]
    assert needed == [(0, 1), (2, 3)]
    assert harakiri_games(events) == [(2, 1), (0, 3)]
    assert lora.order == [1, 0, 2, 3]


def test_R_HARAKIRI_orders_declarers_who_made_100():
    lora, events = final([100, 100, 50, 60], [xdeal(0)], stovka=(True, True, False, False))
    assert [e.seats for e in events if e.kind == "harakiri_needed"] == [(0, 1)]
    assert harakiri_games(events) == [(2, 1)]
    assert lora.order == [1, 0, 2, 3]


def test_R_HARAKIRI_orders_declarers_who_missed_with_equal_points():
    lora, events = final([50, 10, 50, 40], [xdeal(2)], stovka=(True, False, True, False))
    assert [e.seats for e in events if e.kind == "harakiri_needed"] == [(0, 2)]
    assert harakiri_games(events) == [(1, 0)]
    assert lora.order == [1, 3, 0, 2]


def test_R_HARAKIRI_game_rules_red_lead_and_all_eight_tricks():
    lora = Lora(deals=[xdeal(1)], start=False)
    lora.totals = [10, 20, 20, 30]
    lora._begin_final_order()
    # seat 0 leads with S and F of every suit: hearts refused (R-TRICK-RED-LEAD)
    assert [a.to_json()["play"] for a in lora.legal_actions()] == [
        "Sl",
        "Fl",
        "Sb",
        "Fb",
        "Sa",
        "Fa",
    ]
    events = drive(lora, lambda lo: lo.finished)
    assert sum(e.kind == "trick_taken" for e in events) == 8


def test_R_HARAKIRI_end_to_end_lora_with_given_deals_via_replay():
    """A whole lóra from the replay corpus: tálie 1–4 dealt so that seat x_t = 0, 1, 0, 1
    takes every trick of games 1–5 (40 each time) and every leader sheds all his cards in
    kvarty and desítky (8 + 8 to each of the three others); maturita passes. Totals by hand:
    0 and 1: 48 + 80 = 128; 2 and 3: 48. Ties {2, 3} (played first, 48 < 128) and {0, 1}.
    {2, 3}: led by 0; deal 33 gives every trick to 1 → still tied → again, deal 34 to 2 →
    3 before 2. {0, 1}: led by 2; deal 35 to 1 → 0 before 1. Order 3, 2, 0, 1."""
    scenario = json.loads((CORPUS / "lora_tie_harakiri.json").read_text(encoding="utf-8"))
    assert len(scenario["deals"]) == 35
    out, status = replay(scenario)
    assert status == 0 and out["error"] is None
    assert out["finished"] is True and out["to_act"] is None and out["legal"] == []
    assert out["totals"] == [128, 128, 48, 48]
    assert out["order"] == [3, 2, 0, 1]
    rows = out["protocol"]
    assert len(rows) == 35
    assert rows[32:] == [row([0, 40, 0, 0]), row([0, 0, 40, 0]), row([0, 40, 0, 0])]
    assert [r["points"] for r in rows[:8]] == [[8, 0, 0, 0]] * 5 + [[0, 8, 8, 8]] * 2 + [
        [0, 0, 0, 0]
    ]
    harakiri_lines = [e for e in out["events"] if e.startswith(("Shoda bodů", "Pořád shoda"))]
    assert harakiri_lines == [
        "Shoda bodů (hráč 2, hráč 3): hraje se harakiri (1×).",
        "Pořád shoda (hráč 2, hráč 3): harakiri se hraje znovu (1×).",
        "Shoda bodů (hráč 0, hráč 1): hraje se harakiri (1×).",
    ]


def test_R_HARAKIRI_a_seats_harakiri_points_are_those_of_his_own_play_offs():
    # {2, 3} at 10 first (led by 0): deal 1 to seat 1 (not tied: 2 and 3 still tied), again,
    # deal 2 to seat 3 → 2 before 3. Then {0, 1} at 30 (led by 2): deal 3 to seat 0.
    lora, _ = final([30, 30, 10, 10], [xdeal(1), xdeal(3), xdeal(0)])
    assert lora.order == [2, 3, 1, 0]
    outcome = lora.outcome()
    assert outcome is not None
    # seat 1's 40 came from the {2, 3} play-off: not his; seat 0's 40 is his own
    assert [e["harakiri"] for e in outcome.extras] == [[40], [0], [0, 0], [0, 40]]
    assert [e["harakiri_sums"] for e in outcome.extras] == [[40], [0], [0, 0], [0, 40]]
    assert [sheet_notes(outcome, s) for s in range(4)] == [
        (("harakiri", 40),),
        (("harakiri", 0),),
        (("harakiri", 0),),
        (("harakiri", 40),),
    ]
    rows = [r for r in lora.protocol if r.contract is Contract.HARAKIRI]
    assert [(r.tied, r.playoff_game, r.playoff_games) for r in rows] == [
        ((2, 3), 1, 1),
        ((2, 3), 1, 1),
        ((0, 1), 1, 1),
    ]
    # the rows keep the tied seats through the saved state and the outcome's sheet
    again = Lora.from_json(json.loads(json.dumps(lora.to_json())))
    assert again.outcome() == outcome
    assert [harakiri_playoffs(again.protocol, s) for s in range(4)] == [
        [[40]],
        [[0]],
        [[0], [0]],
        [[0], [40]],
    ]


def test_R_HARAKIRI_four_games_tell_which_game_and_the_tied_seats_running_sums():
    # the tie of 0, 1, 3 (first leader 2) of test_R_HARAKIRI_three_tied_four_games_…
    deals = [xdeal(0), xdeal(1), xdeal(1), xdeal(2)]
    lora = Lora(first_leader=2, deals=deals, start=False)
    lora.totals = [20, 20, 5, 20]
    events = lora._begin_final_order()
    view = lora.public_view()
    assert (view.harakiri_seats, view.harakiri_game, view.harakiri_games) == ((0, 1, 3), 1, 4)
    assert view.harakiri_sums == (0, 0, 0)
    events += drive(lora, lambda lo: lo.harakiri is not None and lo.harakiri.played == 2)
    view = lora.public_view()
    assert (view.harakiri_game, view.harakiri_games, view.harakiri_sums) == (3, 4, (40, 40, 0))
    events += drive(lora, lambda lo: lo.finished)
    started = [(e.playoff_game, e.playoff_games) for e in events if e.kind == "game_started"]
    assert started == [(1, 4), (2, 4), (3, 4), (4, 4)]
    ended = [
        (e.tied, e.playoff_game, e.playoff_games, e.points, e.sums)
        for e in events
        if e.kind == "game_ended"
    ]
    assert ended == [
        ((0, 1, 3), 1, 4, (40, 0, 0, 0), (40, 0, 0)),
        ((0, 1, 3), 2, 4, (0, 40, 0, 0), (40, 40, 0)),
        ((0, 1, 3), 3, 4, (0, 40, 0, 0), (40, 80, 0)),
        ((0, 1, 3), 4, 4, (0, 0, 40, 0), (40, 80, 0)),
    ]
    outcome = lora.outcome()
    assert outcome is not None
    assert [e["harakiri_sums"] for e in outcome.extras] == [[40], [80], [], [0]]
    assert lora.public_view().harakiri_game is None


def test_R_HARAKIRI_event_lines_name_the_tied_seats_and_the_game_of_four():
    deals = [xdeal(0), xdeal(1), xdeal(1), xdeal(2)]
    lora, events = final([20, 20, 5, 20], deals, first_leader=2)
    lines = [e.text("cs") for e in events if e.kind in ("game_started", "game_ended")]
    assert lines[:2] == [
        "Harakiri (1. hra ze 4), vynáší hráč 2.",
        "Konec 1. hry Harakiri ze 4: hráč 0 40, hráč 1 0, hráč 3 0;"
        " součet hráč 0 40, hráč 1 0, hráč 3 0.",
    ]
    assert lines[-1] == (
        "Konec 4. hry Harakiri ze 4: hráč 0 0, hráč 1 0, hráč 3 0;"
        " součet hráč 0 40, hráč 1 80, hráč 3 0."
    )
    _, events = final([10, 20, 20, 30], [xdeal(0), xdeal(1)])
    assert [e.text("en") for e in events if e.kind in ("game_started", "game_ended")] == [
        "Harakiri; seat 0 leads.",
        "End of Harakiri: seat 1 0, seat 2 0.",  # seat 0 took the 40: not in the tie
        "Harakiri; seat 0 leads.",
        "End of Harakiri: seat 1 40, seat 2 0.",
    ]
