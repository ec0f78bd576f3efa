"""Review 58 (an English Lóra tournament): "1 pt" in English lists of points, the
tournament's CSV, a withdrawal told at the table, an AI-played seat's name in the game's
lines, and the tied winners' names joined as a sentence joins them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.lora import UI
from bot.games.lora.texts import lora_sheet_lines
from bot.games.taroky import UI as TAROKY_UI
from bot.i18n import and_list, counted
from bot.model import Seat, Table, TableSettings
from bot.render.strings import s
from bot.storage.models import SubstitutionRecord
from bot.tournament import model
from bot.tournament.desk import leader_lines, podium_lines
from bot.tournament.examples import example_tournament
from bot.tournament.export import standings_csv
from engine import games
from engine.lora import Lora
from tests.botkit import BotHarness, channel_delivered, reply
from tests.helpers import taroky_seats_at_a_deal_end
from tests.tournament_kit import record, with_bob

NAMES = ["Ann", "Bob", "Cyril", "Dana"]


def test_english_writes_one_point_as_1_pt_and_czech_b_for_any_number() -> None:
    """Review 58 MED 1: "7th **Dana** – 1 pts" in the standings after round 1."""
    t_ = example_tournament("lora")
    assert leader_lines(t_, 1, "en").splitlines()[5:8] == [
        "6th **Eliška** – 2 pts (63 penalty pts)", "7th **Anička** – 1 pt (77 penalty pts)",
        "8th **Cecílie** – 1 pt (86 penalty pts)"]
    assert leader_lines(t_, 1, "cs").splitlines()[5:8] == [
        "6\\. **Eliška** – 2 b. (63 trestných b.)", "7\\. **Anička** – 1 b. (77 trestných b.)",
        "8\\. **Cecílie** – 1 b. (86 trestných b.)"]
    assert podium_lines(t_, "en") == [
        # (review 75 L2: every line says its tie-break figure, not only tied ones)
        "1st Dalibor – 8 pts (87 penalty pts)",
        "2nd František Xaver Kolowrat – 5 pts (118 penalty pts)",
        "3rd AI Božena – 5 pts (120 penalty pts)"]
    assert counted("core.tournament.podium_line", "en", 1.0, place="3rd", name="Ann",
                   points="1") == "3rd Ann – 1 pt"
    assert counted("core.tournament.leader_line", "en", 1.5, place="3rd", name="Ann",
                   points="1.5") == "3rd **Ann** – 1.5 pts"
    # a table's final order and its sheet's totals
    assert counted("lora.place", "en", 1, place="1st", name="Ann", points=1) == "1st Ann – 1 pt"
    assert counted("lora.place", "cs", 1, place="1.", name="Ann", points=1) == "1. Ann – 1 b."
    spec = games.get("lora")
    lora = spec.new({}, random.Random(3))
    step = 0
    while 1 not in lora.totals:
        lora.apply(spec.ai_action(lora, lora.to_act, "medium", random.Random(step)))
        step += 1
    assert lora_sheet_lines(lora, NAMES, "en") == [
        "Total points:", "Ann: 4 pts", "Bob: 0 pts", "Cyril: 1 pt", "Dana: 3 pts"]
    assert lora_sheet_lines(lora, NAMES, "cs") == [
        "Body celkem:", "Ann: 4 b.", "Bob: 0 b.", "Cyril: 1 b.", "Dana: 3 b."]
    # the pictures' seat totals
    assert [s("points", "en", n=n) for n in (0, 1, 2)] == ["0 pts", "1 pt", "2 pts"]
    assert [s("points", "cs", n=n) for n in (1, 5)] == ["1 b.", "5 b."]


def test_the_tournament_csv_has_a_row_per_entrant_in_the_standings_order() -> None:
    """Review 58 MED 2: the export had the JSON and the pictures; a club organiser wants the
    standings in a spreadsheet. A member renamed since is named as today; Bohouš withdrew
    in round 1; Dalibor's round-2 seat was played by an AI while he was at another table."""
    t_ = example_tournament("lora")
    dalibor = next(x for x in t_.tables if x.round_no == 2 and 4 in x.seats)
    t_.substitutions.append(SubstitutionRecord(2, dalibor.table_no, dalibor.seats.index(4), 4,
                                               "busy"))
    sheet = standings_csv(t_, "en", {1000: "Anna Nová"})
    assert sheet.startswith(b"\xef\xbb\xbf")
    assert sheet.decode("utf-8-sig").split("\r\n") == [
        "Place,No.,Player,Points,Round 1,Round 2,Penalty points,Note",
        "1,4,Dalibor,8,4,4,87,round 2: AI (player at another table)",
        "2,6,František Xaver Kolowrat,5,2,3,118,",
        "3,8,AI Božena,5,3,2,120,AI player (easy)",
        "4,3,Cecílie,5,1,4,132,",
        "5,7,AI Karel,5,4,1,138,AI player (medium)",
        "6,5,Eliška,4,2,2,122,",
        "7,1,Anna Nová,4,1,3,130,",
        "8,2,Bohouš,4,3,1,150,AI from round 1",
        ""]
    # Taroky: its tie-break is the result in crowns; Czech cells, ";" and decimal commas
    assert standings_csv(example_tournament("taroky"), "cs").decode("utf-8-sig").split(
        "\r\n") == [
        "Místo;Č.;Hráč;Body;1. kolo;2. kolo;Výsledek (Kč);Poznámka",
        "1;5;Eliška;8;4;4;27,00;",
        "2;2;Bohouš;5,5;3;2,5;9,50;AI od 1. kola",
        "3;3;Cecílie;5,5;3;2,5;-2,00;",
        "4;6;František Xaver Kolowrat;5;4;1;9,50;",
        "5;8;AI Božena;5;1;4;6,50;AI hráč (lehký)",
        "6;7;AI Karel;5;2;3;-2,50;AI hráč (střední)",
        "7;1;Anička;3,5;2;1,5;-19,00;",
        "8;4;Dalibor;2,5;1;1,5;-29,00;",
        ""]


async def _two_people_at_a_tournament_table(h: BotHarness, lang: str) -> tuple[Any, ...]:
    """Tournament 1 (Lóra, one round) of Ann, Bob and two AI players, started (``with_bob``):
    its one table plays in a thread."""
    ch, ann, bob, message = await with_bob(h, "lora", rounds=1, language=lang)
    (slot,) = model.tables_of(await record(h, 1), 1)
    thread = next(x for x in ch.threads if x.id == slot.thread_id)
    return ch, ann, bob, message, h.service.tables[slot.table_id], thread


@pytest.mark.settle(5.0)
async def test_a_withdrawal_is_told_once_in_the_table_thread(harness: BotHarness) -> None:
    """Review 58 MED 3: Bob withdrew (the tournament message's Withdraw) while his table
    played; its thread had no line of it, the others only saw "(an AI plays for the absent
    player)" on later moves, as after a missed turn."""
    h = harness
    ch, _ann, bob, message, table, thread = await _two_people_at_a_tournament_table(h, "en")
    ask = reply(await bob.click(message, custom_id="lora:tn:1:leave"))
    res = await bob.click(ask, label="Withdraw, an AI plays on")
    assert reply(res).content == "You withdrew from tournament 1; an AI plays for you."
    await channel_delivered(h, ch.id, thread.id)
    line = "Bob withdraws from the tournament – an AI plays the seat to the end."
    assert [m.content for m in thread.history() if "withdr" in (m.content or "")] == [line]
    assert line in table.recent.lines and bob.id not in table.humans()


@pytest.mark.settle(5.0)
async def test_leaving_a_tournament_table_is_told_as_a_withdrawal(harness: BotHarness) -> None:
    """Leaving a tournament's table withdraws from the tournament (an AI replaces him to its
    end): the thread says so, in the tournament's language."""
    h = harness
    ch, _ann, bob, _message, table, thread = await _two_people_at_a_tournament_table(h, "cs")
    ask = reply(await bob.slash(thread, "lora leave"))
    await bob.click(ask, label="Odejít, dohraje AI")
    await channel_delivered(h, ch.id, thread.id)
    assert [m.content for m in thread.history() if "odstupuje" in (m.content or "")] == [
        "Bob odstupuje z turnaje – místo do konce hraje AI."]
    assert bob.id not in table.humans()


def test_the_lines_of_a_seat_an_ai_plays_since_its_player_left_name_it_as_the_ai() -> None:
    """Review 58 LOW 4: at a tournament table Eve's withdrawn seat was "Eve → AI" in the
    opening and the final order, plain "Eve" in the lines of the moves and results the AI
    made for it. A seat only absent (an AI stands in, the line says so) and one taken back
    keep the plain name; so does the seat in the final order's own wording."""
    lora = Lora(rng=random.Random(11))
    rng = random.Random(11)
    seats = [Seat(1, "Ann"), Seat(None, "Eve", "medium", left=True, left_at=0),
             Seat(None, "AI Božena", "easy"), Seat(4, "Dana", absent=True)]
    table = Table(1, 1, 1, 1, TableSettings(lang="en"), seats, "lora", state=lora)
    events = []
    for step in range(168):
        events += lora.apply(rng.choice(lora.legal_actions()))
        if step == 39:
            first = list(events)  # (Hearts and Obers' first tricks)
    said = UI.announcements(table, events)
    assert said[:3] == [
        "■ **Hearts** (game 1 of the 1st round of eight). Points: Ann 0 · Eve (AI) 4 · AI Božena 4"
        " · Dana 0\nLast moves: AI Božena takes trick 6 (8🔔 7❤️ 8❤️ 10❤️): 3 pts. AI Božena"
        " takes trick 7 (10🔔 E🌰 K❤️ 10🍃): 1 pt. Eve (AI) takes trick 8 (9❤️ S❤️ F❤️ E❤️):"
        " 4 pts.",
        "▶ **Obers** (game 2 of the 1st round of eight). Dana deals, Ann leads.",
        "■ **Obers** (game 2 of the 1st round of eight). Points: Ann 0 · Eve (AI) 6 · AI Božena 2"
        " · Dana 0\nLast moves: Eve (AI) takes trick 6 (E🌰 9❤️ S🍃 K❤️): 0 pts. Eve (AI)"
        " takes trick 7 (S🌰 10🍃 K🔔 10🔔): 0 pts. Eve (AI) takes trick 8 (F🌰 7🍃 8🔔 9🔔):"
        " 2 pts."]
    assert said[7] == "Standings before King of hearts: Ann 1, Dana 4, AI Božena 11, Eve (AI) 16"
    tricks = UI.event_lines(table, first)
    assert tricks[3] == "Eve (AI) takes trick 4 (8🍃 9🍃 F🌰 K🌰): 0 pts."
    assert tricks[8] == "End of Hearts: Ann 0 · Eve (AI) 4 · AI Božena 4 · Dana 0."
    assert table.move_names() == ["Ann", "Eve (AI)", "AI Božena", "Dana"]
    # she took her seat back (a table of her own): her name again
    table.seats[1] = Seat(2, "Eve", left_at=0, left_before=[0, 3])
    assert UI.event_lines(table, first)[3] == "Eve takes trick 4 (8🍃 9🍃 F🌰 K🌰): 0 pts."


def test_names_in_a_sentence_join_the_last_with_and() -> None:
    """Review 58 LOW 6: "shared by AI Božena, AI Jaroslav" (the winners' post)."""
    assert [and_list(names, "en") for names in (
        [], ["Ann"], ["Ann", "Bob"], ["Ann", "Bob", "AI Karel"])] == [
        "", "Ann", "Ann and Bob", "Ann, Bob and AI Karel"]
    assert and_list(["Ann", "Bob", "AI Karel"], "cs") == "Ann, Bob a AI Karel"


def test_taroky_lines_of_a_seat_an_ai_plays_since_its_player_left_name_it_as_the_ai() -> None:
    """Review 58 LOW 4 at a Taroky table, as at Lóra's: Eve's withdrawn seat is "Eve (AI)"
    in the lines of its moves, the deal's result and the next deal's announcement; the
    absent Dana (an AI stands in) and Eve once she took her seat back keep their names."""
    table, events = taroky_seats_at_a_deal_end()
    lines = TAROKY_UI.event_lines(table, events)
    assert lines[:6] == ["Ann: solo.", "Eve (AI): pass.", "AI Božena: pass.", "Dana: pass.",
                         "Ann plays solo.", "Eve (AI) announces valat (all 12 tricks)."]
    assert lines[34] == "Eve (AI) takes trick 5 (led by Dana: J♠\ufe0e III XIX 10♠\ufe0e)."
    said = TAROKY_UI.announcements(table, events)
    assert said[0].splitlines()[0].endswith(
        "The valat (Eve (AI) with AI Božena and Dana, doubled again ×256) failed.")
    assert said[0].splitlines()[2] == (
        "This deal: Ann −120.00 Kč, Eve (AI) +40.00 Kč, AI Božena +40.00 Kč, Dana +40.00 Kč")
    assert said[1] == "▶ **Deal 2** – Ann deals, Eve (AI) is the forehand."
    # she took her seat back: her name again
    table.seats[1] = Seat(2, "Eve", left_at=0, left_before=[0, 3])
    assert TAROKY_UI.event_lines(table, events)[34] == (
        "Eve takes trick 5 (led by Dana: J♠\ufe0e III XIX 10♠\ufe0e).")
    assert TAROKY_UI.announcements(table, events)[1] == (
        "▶ **Deal 2** – Ann deals, Eve is the forehand.")
