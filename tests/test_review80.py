"""Review 80 (an English club's Lóra tournament): the absent entrant is told herself, the
organiser after it; a seat an AI played from the game's start says "the whole game" (not
"from the 1st round of eight on" beside the tournament's "AI from round 2", nor "An AI
finished the game"), alike in the final order, the score sheet's note and the alt texts."""

from __future__ import annotations

import random

from bot.games.lora import UI, sheet_notes
from bot.tournament import model
from bot.tournament.desk import TournamentDesk
from bot.tournament.examples import example_tournament
from tests.botkit import open_table


def _absent_notice(lang: str, round_no: int, *entrants: int, organiser: int | None) -> str:
    t_ = example_tournament("lora", rounds=2)
    t_.settings["lang"] = lang
    t_.organiser_id = organiser
    desk = TournamentDesk.__new__(TournamentDesk)
    (post,) = desk.absent_shown(t_, round_no, list(entrants))
    return str(post.payload["content"])


def test_the_absent_entrant_is_mentioned_and_the_organiser_told_after_it() -> None:
    t_ = example_tournament("lora", rounds=2)
    fiona, gus = (model.entrant(t_, n) for n in (3, 4))
    assert (fiona.user_id, gus.user_id) == (1002, 1003)
    assert _absent_notice("en", 1, 3, organiser=1000) == (
        "<@1002>, you made no move of your own in round 1 (an AI played for you). From round"
        " 2 on the tournament counts this as a withdrawal: an AI substitute plays your seat,"
        " and you stay in the standings but not on the podium. (For your information,"
        " organiser <@1000>.)")
    assert _absent_notice("cs", 1, 3, organiser=1000) == (
        "<@1002>, v 1. kole za tebe tahy hrála AI – ani jeden tah nebyl tvůj vlastní. Od 2."
        " kola to turnaj počítá jako odstoupení: dál za tebe hraje AI náhradník; v pořadí"
        " zůstáváš, na stupně vítězů ale nepostupuješ. (Na vědomí organizátorovi <@1000>.)")
    # two of them, in the last round; the organiser among them is not told twice
    assert _absent_notice("en", 2, 3, 4, organiser=1003) == (
        "<@1002> and <@1003>, you made no move of your own in round 2 (an AI played for"
        " you). The tournament counts this as a withdrawal: you stay in the standings but not"
        " on the podium.")
    assert _absent_notice("cs", 2, 3, 4, organiser=None) == (
        "<@1002> a <@1003>, v 2. kole za vás tahy hrála AI – ani jeden tah nebyl váš"
        " vlastní. Turnaj to počítá jako odstoupení: v pořadí zůstáváte, na stupně vítězů ale"
        " nepostupujete.")


def _play(harness, table, rng) -> None:  # type: ignore[no-untyped-def]
    while not table.state.finished:
        action = rng.choice(table.state.legal_actions())
        s = table.seats[action.seat]
        harness.service._apply(table, action, by="ai" if s.user_id is None else s.user_id)


async def test_a_seat_an_ai_played_from_the_start_says_the_whole_game(harness) -> None:  # type: ignore[no-untyped-def]
    """Cyril withdrew before his first move: "an AI played from the 1st round of eight on"
    (the end post), "AI from round of eight 1 on" (the sheet); Fiona's seat, an AI's from
    the start, "An AI finished the game" on the sheet and nothing in the alt texts."""
    _guild, _ch, [_alice, bob], tid = await open_table(harness, ["alice", "bob"],
                                                        ("easy",) * 2, language="en")
    table = harness.service.tables[tid]
    await harness.service.leave(tid, bob.id)  # before a move of his own
    await harness.env.settle()
    seat = next(i for i, s in enumerate(table.seats) if s is not None and s.name == "Bob")
    assert table.seats[seat].left and table.seats[seat].left_at is not None
    _play(harness, table, random.Random(5))
    assert UI.seat_name(table, seat, "en") == "Bob (an AI played the whole game)"
    assert UI.seat_name(table, seat, "cs") == "Bob (celou hru hrála AI)"
    # (not also "AI played 227 of their moves": that is all of them)
    assert sheet_notes(table, "en")[seat] == ["An AI played the whole game"]
    assert sheet_notes(table, "cs")[seat] == ["Celou hru hrála AI"]
    # the final order in words (the table picture's and the score sheet's alt text) too
    place = table.state.outcome().places[seat]
    points = table.state.totals[seat]
    assert any(line.startswith(f"{place}") and f" Bob (an AI played the whole game) – {points}"
               in line for line in UI.sheet_lines(table, "en")), UI.sheet_lines(table, "en")
    # a tournament's substitute sits there from the game's start (``left_at`` 0): the same
    table.seats[seat].left_at = 0
    assert UI.seat_name(table, seat, "en") == "Bob (an AI played the whole game)"


async def test_a_seat_left_after_a_move_of_its_own_says_from_which_round_of_eight(
        harness) -> None:  # type: ignore[no-untyped-def]
    _guild, _ch, [_alice, bob], tid = await open_table(harness, ["alice", "bob"],
                                                        ("easy",) * 2, language="en")
    table = harness.service.tables[tid]
    rng = random.Random(8)
    seat = next(i for i, s in enumerate(table.seats) if s is not None and s.name == "Bob")
    while table.state.tali == 1 and not any(  # Bob moves once, in the 1st round of eight
            getattr(a, "seat", None) == seat for a in table.state.log):
        action = rng.choice(table.state.legal_actions())
        s = table.seats[action.seat]
        harness.service._apply(table, action, by="ai" if s.user_id is None else s.user_id)
    assert table.state.tali == 1
    await harness.service._play_on(table, [])
    await harness.service.leave(tid, bob.id)
    await harness.env.settle()
    _play(harness, table, rng)
    assert UI.seat_name(table, seat, "en") == (
        "Bob (an AI played from the 1st round of eight on)")
    ai_moves = table.seats[seat].ai_moves  # (the AI's moves for him: he might come back)
    assert sheet_notes(table, "en")[seat] == [
        "AI from the 1st round of eight", f"AI played {ai_moves} of their moves"]
    assert sheet_notes(table, "cs")[seat] == [
        "Od 1. tálie hrála AI", f"Tahů zahraných AI: {ai_moves}"]
