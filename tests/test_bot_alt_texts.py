"""Screen readers (review 50): every picture the bot sends carries an alt text in the table's
language (what it shows, in words; a seat's own view only in his hand), the Lóra hand says in
words what only its picture showed (the trick in progress, the last kvarta, the desítky rows,
his cards), the score sheet comes with its totals as text, and the pagers' buttons have words.
"""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import pytest

from bot.delivery import items
from bot.games import ui_of
from bot.games.lora.hand import hand_alt
from bot.games.lora.texts import lora_sheet_lines, now_lines, points_line, turn_line
from bot.games.taroky.words import spoken_cards as taroky_cards
from bot.i18n import t
from bot.model import Seat
from bot.records import page_button
from bot.render.bench import example
from bot.tournament.examples import example_tournament
from bot.tournament.pictures import mid_sentence, sheet_alt, standings_alt
from bot.ui.alt import ALT_LIMIT, alt_text, sentences, spoken
from engine.actions import Declare, Lay, Lead
from engine.lora import Lora
from engine.taroky import TarokyRound
from tests.botkit import channel_delivered, open_table, put_state, reply, table_message
from tests.helpers import (
    c,
    first_legal,
    harakiri_played_off,
    lora_at_kvarty,
    lora_deals,
    new_game,
    play_cards,
)
from tests.test_bot_announcements import _click
from tests.test_rules_kvarty import K1

NAMES = ["Anna", "Bob", "Cyril", "Dana"]


# -- the words of what lies on the table ------------------------------------------------
def test_the_trick_in_progress_is_told_with_who_played_each_card() -> None:
    game, _ = new_game("cervene", K1, 0)
    play_cards(game, "7l 8l")
    assert now_lines(game.public_part([]), NAMES, "cs") == ["Ve štychu: Anna 7🍃, Bob 8🍃"]
    assert now_lines(game.public_part([]), NAMES, "en") == ["In the trick: Anna 7🍃, Bob 8🍃"]
    play_cards(game, "Sl El")  # (the trick taken: nothing on the table)
    assert now_lines(game.public_part([]), NAMES, "cs") == []


def test_R_KVARTY_the_last_kvarta_is_told_in_the_readers_words_once() -> None:
    """Anna leads 7❤️ with her 8❤️, Bob adds 9❤️, Cyril 10❤️ (K1): a whole kvarta, Cyril
    leads next. Her own hand says it as hers, and not twice when its event line is there."""
    game, _ = new_game("kvarty", K1, 0)
    game.apply(Lead(0, c("7h")))
    part = game.public_part([])
    assert now_lines(part, NAMES, "cs") == [
        "Poslední kvarta: Anna vynáší 7❤️, 8❤️: kvarta 7❤️ 8❤️ 9❤️ 10❤️; dál vynáší Cyril"
        " (přikládá 10❤️)."]
    assert now_lines(part, NAMES, "en", viewer=0) == [
        "Last quart: you lead 7❤️, 8❤️: quart 7❤️ 8❤️ 9❤️ 10❤️; Cyril leads next (added 10❤️)."]
    told = ["Vynášíš 7❤️, 8❤️: kvarta 7❤️ 8❤️ 9❤️ 10❤️; dál vynáší Cyril (přikládá 10❤️)."]
    assert now_lines(part, NAMES, "cs", viewer=0, told=told) == []


def test_R_DESITKY_the_rows_ends_and_the_cards_laid_in_the_turn_are_told() -> None:
    game, _ = new_game("desitky", K1, 0)
    assert game.to_act == 1  # (Anna holds no ten: knocked)
    # (a row not started is said in words: a bare "–" is read "dash", or nothing)
    assert now_lines(game.public_part([]), NAMES, "cs") == [
        "Řady: ❤️ nezačatá · 🍃 nezačatá · 🔔 nezačatá · 🌰 nezačatá"]
    game.apply(Lay(1, c("10l")))
    assert now_lines(game.public_part([]), NAMES, "cs") == [
        "Řady: ❤️ nezačatá · 🍃 10 · 🔔 nezačatá · 🌰 nezačatá", "V tomto tahu přiloženo: 10🍃"]
    assert now_lines(game.public_part([]), NAMES, "en") == [
        "Rows: ❤️ not started · 🍃 10 · 🔔 not started · 🌰 not started", "Laid this turn: 10🍃"]


# -- alt texts as Discord takes them ------------------------------------------------------
def test_an_alt_text_is_one_line_of_sentences_without_marks_within_discords_limit() -> None:
    assert sentences(["**Červené** – 1. tálie", "", "Na tahu: Anna", "Body: 3."]) == (
        "Červené – 1. tálie. Na tahu: Anna. Body: 3.")
    assert alt_text("**Červené**\nNa tahu: __Anna__") == "Červené Na tahu: Anna"


def test_a_line_ending_in_its_own_stop_inside_marks_gets_no_second_one() -> None:
    """Review 52: the end table's alt read "Konec lóry.. Konečné pořadí: …"."""
    assert sentences(["**Konec lóry.**", "Konečné pořadí:", "1. Anna – 57 b."]) == (
        "Konec lóry. Konečné pořadí: 1. Anna – 57 b.")
    assert sentences(["**The lóra is over.**", "**Hurá!**", "__Proč?__", "Tak…"]) == (
        "The lóra is over. Hurá! Proč? Tak…")


def test_the_message_texts_line_marks_are_not_read_out() -> None:
    """"■ result", "▶ new game", "• event": a screen reader said "black square"."""
    assert alt_text("■ **1. rozdání**: výhra\n▶ **2. rozdání**\n• Anna vynáší") == (
        "1. rozdání: výhra 2. rozdání Anna vynáší")
    assert sentences(["■ **Harakiri**", "• Anna: 3 b."]) == "Harakiri. Anna: 3 b."
    assert alt_text("  ") is None
    long = alt_text("slovo " * 400)
    assert long is not None and len(long) <= ALT_LIMIT and long.endswith("slovo…")


def test_an_outbox_picture_keeps_its_alt_text_and_reads_one_written_before_it() -> None:
    post = items.post(1, "x", pictures=[("final", "protokol.png", "Konečné pořadí: …")])
    assert [items.picture_of(p) for p in post.payload["pictures"]] == [
        ("final", "protokol.png", "Konečné pořadí: …")]
    assert items.picture_of(["final", "protokol.png"]) == ("final", "protokol.png", None)
    old = items.table_refresh(1, 2, repost=True, record=["a"],
                              pictures=[(0, "deal:1", "deal-1.png", "Rozdání 1")])
    new = items.table_refresh(1, 2, repost=True, record=["b"],
                              pictures=[(0, "deal:2", "deal-2.png", "Rozdání 2")])
    items.carry(old, new)
    assert new.payload["pictures"] == [[0, "deal:1", "deal-1.png", "Rozdání 1"],
                                       [1, "deal:2", "deal-2.png", "Rozdání 2"]]


def test_the_pagers_buttons_say_where_they_go() -> None:
    assert [page_button("x", d, False, "cs").label for d in ("prev", "next")] == [
        "◀ Předchozí", "Další ▶"]
    assert [page_button("x", d, False, "en").label for d in ("prev", "next")] == [
        "◀ Previous", "Next ▶"]


def test_the_tournament_pictures_say_every_place_in_words() -> None:
    t = example_tournament("lora")
    # (review 53: no "**" to be read out; Bohouš marked as the picture tags him; review 83:
    # the penalty points that order equal points, as the picture's last column)
    assert standings_alt(t, 2, "cs") == (
        "Konečné pořadí po 2. kole: 1. Dalibor – 8 bodů, trestné body 87; 2. František Xaver"
        " Kolowrat – 5 bodů, trestné body 118; 3. AI Božena – 5 bodů, trestné body 120; 4."
        " Cecílie – 5 bodů, trestné body 132; 5. AI Karel – 5 bodů, trestné body 138; 6. Eliška"
        " – 4 body, trestné body 122; 7. Anička – 4 body, trestné body 130; 8. Bohouš (AI od 1."
        " kola) – 4 body, trestné body 150")  # (review 92: "b." in words)
    # (the columns' heads lower-case inside the sentence; "AI" kept; review 83: the tags the
    # picture gives a player, a čistá stovka's in words; review 92: its ✗ left out, "·" a
    # comma)
    assert sheet_alt(t, t.tables[0], "en") == (
        "Table sheet, table 1: 1st AI Karel (medium): penalty points 49, points 4; 2nd AI"
        " Božena (easy): penalty points 60, points 3; 3rd Eliška: penalty points 63, points 2;"
        " 4th Cecílie (clean hundred missed): penalty points 86, points 1")
    assert sheet_alt(t, t.tables[1], "cs") == (
        "Zápisový lístek, stůl 2: 1. Dalibor: trestné body 39, body 4; 2. Bohouš (AI od"
        " 1. kola): trestné body 58, body 3; 3. František Xaver Kolowrat: trestné body 61,"
        " body 2; 4. Anička (čistá stovka nevyšla): trestné body 77, body 1")
    taroky = example_tournament("taroky")  # (the tiebreak in money; the control sum)
    # (review 97: the money with its unit, not the column's "výsledek (Kč) +27,00"; the
    # check in natural order, "peníze celkem …, souhlasí")
    assert standings_alt(taroky, 2, "en").startswith(
        "Final standings after round 2: 1st Eliška – 8 points, result +27.00 Kč; 2nd Bohouš"
        " (AI from round 1) – 5.5 points, result +9.50 Kč; 3rd Cecílie – 5.5 points, result"
        " −2.00 Kč; ")
    assert "3. Cecílie – 5,5 bodu, výsledek −2,00 Kč; " in standings_alt(taroky, 2, "cs")
    assert sheet_alt(taroky, taroky.tables[1], "cs") == (
        "Zápisový lístek, stůl 2: 1. František Xaver Kolowrat: dokup 0,00 Kč, peníze 70,00"
        " Kč, body 4; 2. Bohouš (AI od 1. kola): dokup 0,00 Kč, peníze 60,00 Kč, body 3;"
        " 3. Anička: dokup 0,00 Kč, peníze 40,00 Kč, body 2; 4. Dalibor: dokup 0,00 Kč,"
        " peníze 30,00 Kč, body 1. Kontrola: peníze celkem 200,00 Kč = vklady + dokup 200,00"
        " Kč, souhlasí")
    assert sheet_alt(taroky, taroky.tables[1], "en").endswith(
        "4th Dalibor: top-up 0.00 Kč, money 30.00 Kč, points 1. Check: money in total 200.00"
        " Kč = stakes + top-ups 200.00 Kč, matches")
    assert [mid_sentence(w) for w in ("Trestné body", "Top-up", "AI", "Body")] == [
        "trestné body", "top-up", "AI", "body"]


# -- through Discord -----------------------------------------------------------------------
async def _lora_table(harness, lang):
    _g, ch, users, tid = await open_table(harness, [n.lower() for n in NAMES], language=lang)
    table = harness.service.tables[tid]
    await put_state(harness, table, Lora(first_leader=0, deals=lora_deals(0, [0, 1, 2, 3])))
    return ch, users, table


async def _hand(ch, table, users, seat):
    user = next(u for u in users if table.seat_of(u.id) == seat)
    return reply(await user.click(table_message(ch, table),
                                  custom_id=f"lora:t:{table.table_id}:hand"))


async def test_the_lora_hand_and_table_tell_the_trick_and_the_cards_in_words(harness):
    """Anna leads K🍃: Bob's hand names it and his cards in words (his buttons are numbers
    and letters), its picture's alt text says the trick and that it is his turn, as the
    picture does ("Jsi na tahu", not his name), and not his cards again (review 52); the
    table picture's, the game, the turn, the trick and every seat's points and cards."""
    ch, users, table = await _lora_table(harness, "cs")
    await _click(harness, ch, table, users, first_legal(table.state))
    assert table.state.to_act == 1
    hand = await _hand(ch, table, users, 1)
    assert hand.content.splitlines()[2:4] == [
        "Ve štychu: Anna K🍃", "V ruce máš: 7❤️ 8❤️ · 7🍃 8🍃 · 7🔔 8🔔 · 7🌰 8🌰"]
    # (the alt texts read the suit as its word: a screen reader calls 🍃 "list vlající ve
    # větru"; review 83)
    assert [(a.filename, a.description) for a in hand.attachments] == [(
        "hand.png", "Tvoje karty (vypsané v textu zprávy). Ve štychu: Anna zelený král. Jsi na"
        " tahu.")]
    other = await _hand(ch, table, users, 2)  # (another's turn: named)
    assert [a.description for a in other.attachments] == [
        "Tvoje karty (vypsané v textu zprávy). Ve štychu: Anna zelený král. Na tahu: Bob."]
    [picture] = table_message(ch, table).attachments
    assert (picture.filename, picture.description) == ("table.png", (
        # (review 92: the trick, dealer and leader the picture shows)
        "Červené – 1. tálie, 1. hra. 1. štych z osmi. Rozdává Dana, tálii vynáší Anna. Na tahu:"
        " Bob. Ve štychu: Anna zelený král. Body a karty: Anna –"
        " před touto hrou 0, v této hře 0, 7 karet v ruce; Bob – před touto hrou 0, v této hře"
        " 0, 8 karet v ruce; Cyril – před touto hrou 0, v této hře 0, 8 karet v ruce; Dana –"
        " před touto hrou 0, v této hře 0, 8 karet v ruce."))
    res = await users[2].click(table_message(ch, table),
                               custom_id=f"lora:t:{table.table_id}:sheet")
    sheet = reply(res)
    assert sheet.content == ("**Protokol – 1. tálie**\nBody celkem:\n• Anna: 0 b.\n• Bob: 0 b.\n"
                             "• Cyril: 0 b.\n• Dana: 0 b.")
    assert [(a.filename, a.description) for a in sheet.attachments] == [
        ("protokol.png", "Protokol – 1. tálie, vynáší Anna. Zatím se v ní nehrálo."  # (its
         " Body celkem: Anna: 0 bodů. Bob: 0 bodů. Cyril: 0 bodů. Dana: 0 bodů.")]  # page:
    # review 61; its points in words: review 92)


async def test_the_taroky_table_hand_and_sheet_say_in_english_what_they_show(harness):
    _g, ch, users, tid = await open_table(harness, [n.lower() for n in NAMES], game="taroky",
                                          language="en")
    table = harness.service.tables[tid]
    [picture] = table_message(ch, table).attachments
    assert picture.description == (
        "Deal 1, bidding. Bidding: Anna. Money and cards: Anna – 50.00 Kč, 12 cards in hand;"
        " Bob – 50.00 Kč, 12 cards in hand; Cyril – 50.00 Kč, 12 cards in hand; Dana – 50.00"
        " Kč, 12 cards in hand.")
    hand = await _hand(ch, table, users, 0)
    # (the message lists his cards: not heard twice; his own turn in the second person)
    assert ("In your hand: V XII XIII XIV · K♥ · 2♦ · 7♣\ufe0e 8♣\ufe0e J♣\ufe0e"
            " · 8♠\ufe0e 9♠\ufe0e C♠\ufe0e") in hand.content
    assert [a.description for a in hand.attachments] == [
        "Your cards (listed in the message). Your turn to bid."]
    res = await users[2].click(table_message(ch, table),
                               custom_id=f"lora:t:{table.table_id}:sheet")
    sheet = reply(res)
    rows = [f"{name}: money 50.00 Kč, result 0.00 Kč" for name in NAMES]
    assert sheet.content == "\n".join([  # (its one page's title, as Lóra's: review 76)
        "**Score sheet – Total**", "Money and result:", *(f"• {row}" for row in rows)])
    assert [a.description for a in sheet.attachments] == [
        "Money and result: " + " ".join(f"{row}." for row in rows)]


async def test_the_final_sheet_posted_through_the_outbox_says_the_final_order(harness):
    """The final post's sheet is drawn when the outbox sends it: its alt text was written
    into the entry with it (a restart sends the same), each place with the final post's
    note (review 52: a declarer who missed čistá stovka ranks below fewer points)."""
    from tests.test_bot_records import _finished_game

    _guild, ch, _users, table = await _finished_game(harness)
    await channel_delivered(harness)
    outcome = table.state.outcome()
    names = table.names()
    [final] = [m for m in ch.history() if any(a.filename == "protokol.png"
                                               for a in m.attachments)]
    assert [outcome.extra(s)["cista_stovka"] for s in range(4)] == [True, True, True, False]
    assert [a.description for a in final.attachments] == [
        "Konečné pořadí: 1. AI Karel – 70 bodů. 2. Cyril – 54 bodů (čistá stovka nevyšla)."
        " 3. Bob – 73 bodů (čistá stovka nevyšla). 4. Alice – 82 bodů (čistá stovka nevyšla)."]
    assert [names[s] for s in outcome.order()] == ["AI Karel", "Cyril", "Bob", "Alice"]
    # the end table's picture says it as well, its first sentence with one full stop
    [picture] = [a for m in ch.history() for a in m.attachments if a.filename == "table.png"
                 and (a.description or "").startswith("Konec lóry")]
    assert picture.description == (
        "Konec lóry. Konečné pořadí: 1. AI Karel – 70 bodů. 2. Cyril – 54 bodů (čistá stovka"
        " nevyšla). 3. Bob – 73 bodů (čistá stovka nevyšla). 4. Alice – 82 bodů (čistá stovka"
        " nevyšla).")


# -- the sheet's text: the final post's notes (review 52) ------------------------------------
def test_R_STOVKA_the_sheets_text_says_who_declared_while_the_lora_goes_on() -> None:
    """The sheet picture shows "Čistá stovka: hlásí" for a declarer: its text says it too."""
    lora = example("stovka")
    while lora.phase == "stovka":
        seat = lora.to_act
        lora.apply(Declare(seat, seat == 1))
    assert lora.stovka == [False, True, False, False]
    assert lora_sheet_lines(lora, NAMES, "cs") == [
        "Body celkem:", "Anna: 80 b.", "Bob: 26 b. (hlásí čistou stovku)", "Cyril: 31 b.",
        "Dana: 41 b."]
    assert lora_sheet_lines(lora, NAMES, "en")[2] == "Bob: 26 pts (declares a clean hundred)"


def test_R_HARAKIRI_the_final_sheets_text_gives_the_play_off_sums_as_the_final_post() -> None:
    lora, _ = harakiri_played_off(2)
    assert lora_sheet_lines(lora, NAMES, "cs") == [
        "Konečné pořadí:", "1. Cyril – 5 b.", "2. Dana – 20 b., harakiri: 0 → 0 b. (méně je lépe)",
        "3. Anna – 20 b., harakiri: 0 → 40 b. (méně je lépe)",
        "4. Bob – 20 b., harakiri: 0 → 80 b. (méně je lépe)"]
    outcome = lora.outcome()
    assert outcome is not None
    ui = ui_of("lora")  # the final post's note is the same one
    assert [ui.outcome_note(outcome, s, "en") for s in range(4)] == [
        ", harakiri: 0 → 40 pts (fewer is better)", ", harakiri: 0 → 80 pts (fewer is better)",
        "", ", harakiri: 0 → 0 pts (fewer is better)"]


def test_the_hand_alt_says_the_seats_own_choice_and_answer_in_the_second_person() -> None:
    table = SimpleNamespace(names=lambda: NAMES)
    choose = example("choose").public_view()
    assert choose.to_act == 0
    assert turn_line(table, choose, "cs", viewer=0) == "Maturuješ a volíš hru."
    assert turn_line(table, choose, "en", viewer=0) == "You play Graduation and choose the game."
    assert turn_line(table, choose, "cs", viewer=1) == "Maturant **Anna** volí hru."
    stovka = example("stovka").public_view()
    assert stovka.to_act == 3
    assert turn_line(table, stovka, "cs", viewer=3) == "Odpovídáš: hlásíš čistou stovku?"
    assert turn_line(table, stovka, "en", viewer=3) == "You answer: a clean hundred?"
    assert turn_line(table, stovka, "cs") == "Odpovídá **Dana**: hlásí čistou stovku?"


def test_between_games_the_alt_heads_the_totals_without_cards() -> None:
    """Review 52: "Body a karty:" headed a list with no card counts (none are dealt)."""
    table = SimpleNamespace(names=lambda: NAMES)
    view = example("choose").public_view()
    assert view.game is None
    assert points_line(table, view, "cs") == (
        "Body celkem: Anna – 25; Bob – 10; Cyril – 12; Dana – 22.")
    assert points_line(table, view, "en") == (
        "Total points: Anna – 25; Bob – 10; Cyril – 12; Dana – 22.")


def test_the_taroky_deal_pictures_alt_says_what_it_shows() -> None:
    """Its result line is the post's text: the alt no longer repeats it (review 52); it
    says who took which talon cards, what each laid away and each side's eyes, the cards in
    words (review 92: it said only what kind of picture it was)."""
    from bot.games.taroky.pictures.examples import NAMES as ROUND
    from bot.games.taroky.pictures.examples import example
    from bot.games.taroky.texts import deal_alt
    from bot.games.taroky.words import spoken_cards

    row = example("finished")[0].protocol[0]
    said = {lang: spoken(deal_alt(row, ROUND, lang), lang, spoken_cards(lang))
            for lang in ("cs", "en")}
    assert said == {
        "cs": "1. rozdání po sečtení. Z talonu vzali: Anička tarok 18, srdcový kaval, kárová"
              " trojka, pikový kluk; Bohouš křížová sedma; Cecílie tarok 13. Odloženo: Anička"
              " srdcový kluk, srdcový kaval, srdcová dáma, kárová trojka; Bohouš srdcová"
              " čtyřka; Cecílie kárový kaval. Oči: Anička a Cecílie 47 očí, výhra; Bohouš a"
              " Dalibor 23 očí, prohra.",
        "en": "Deal 1 as counted. Taken from the talon: Anička tarok 18, cavalier of hearts, 3"
              " of diamonds, jack of spades; Bohouš 7 of clubs; Cecílie tarok 13. Laid away:"
              " Anička jack of hearts, cavalier of hearts, queen of hearts, 3 of diamonds;"
              " Bohouš 4 of hearts; Cecílie cavalier of diamonds. Eyes: Anička and Cecílie 47"
              " eyes, won; Bohouš and Dalibor 23 eyes, lost."}
    for rnd, _seat in (example(kind) for kind in ("finished", "varsava", "solo")):
        for row in rnd.protocol:
            for lang in ("cs", "en"):
                alt = spoken(deal_alt(row, ROUND, lang), lang, spoken_cards(lang))
                assert len(alt) <= 400 and "♠" not in alt and "♣" not in alt


# -- the hand picture in words, both games alike (review 52, L3 and L7) ------------------------
LAST_KVARTA = {
    "cs": ("• Vynášíš 7❤️, 8❤️: kvarta 7❤️ 8❤️ 9❤️ 10❤️; dál vynáší Cyril (přikládá 10❤️).",
           # (a card a verb takes as its object: "vynášíš červenou sedmu"; review 97)
           "Tvoje karty (vypsané v textu zprávy). Poslední kvarta: vynášíš červenou sedmu,"
           " červenou osmu: kvarta červená sedma, červená osma, červená devítka, červená"
           " desítka; dál vynáší Cyril (přikládá červenou desítku). Na tahu: Cyril."),
    "en": ("• You lead 7❤️, 8❤️: quart 7❤️ 8❤️ 9❤️ 10❤️; Cyril leads next (added 10❤️).",
           "Your cards (listed in the message). Last quart: you lead 7 of hearts, 8 of hearts:"
           " quart 7 of hearts, 8 of hearts, 9 of hearts, 10 of hearts; Cyril leads next (added"
           " 10 of hearts). To act: Cyril."),
}


@pytest.mark.parametrize("lang", ["cs", "en"])
async def test_R_KVARTY_the_hand_alt_tells_the_last_kvarta_its_event_line_tells(harness, lang):
    """Anna leads 7❤️ with her 8❤️, Bob adds 9❤️, Cyril 10❤️ (K1). Her message tells it once,
    as its event line; the alt, read with the picture that draws it, tells it as well (it
    left it out), and her cards only as listed in the message (its "V ruce máš" line)."""
    _g, ch, users, tid = await open_table(harness, [n.lower() for n in NAMES], language=lang)
    table = harness.service.tables[tid]
    await put_state(harness, table, lora_at_kvarty(K1))
    await _click(harness, ch, table, users, Lead(0, c("7h")))
    hand = await _hand(ch, table, users, 0)
    event, alt = LAST_KVARTA[lang]
    lines = hand.content.splitlines()
    assert event in lines
    assert not any(line.startswith(("Poslední kvarta", "Last quart")) for line in lines)
    assert [a.description for a in hand.attachments] == [alt]


LAST_TRICK = {
    "cs": ("Tvoje karty (vypsané v textu zprávy). Ve štychu: Anna kulový král, Bob kulová"
           " sedma. Poslední štych: Anna zelené eso, Bob zelená osma, Cyril zelená desítka, Dana"
           " zelený filek – bere Anna."
           " {turn}."),
    "en": ("Your cards (listed in the message). In the trick: Anna King of bells, Bob 7 of"
           " bells. Last trick: Anna Ace of leaves, Bob 8 of leaves, Cyril 10 of leaves, Dana"
           " Ober of leaves – taken by Anna."
           " {turn}."),
}


@pytest.mark.parametrize(("lang", "own", "other"), [("cs", "Jsi na tahu", "Na tahu: Cyril"),
                                                    ("en", "Your turn", "To act: Cyril")])
async def test_the_lora_hand_alt_tells_the_trick_and_the_last_trick_it_draws(harness, lang, own,
                                                                              other):
    """The hand picture draws the trick in progress and, under it, the last trick and who took
    it: its alt says both (the last trick was left out), whose turn in the reader's person."""
    ch, users, table = await _lora_table(harness, lang)
    while (len(table.state.public_view().game.tricks), len(table.state.public_view().game.trick)
           ) != (2, 2):  # Anna takes two tricks (the others' 8🍃 10🍃 F🍃 go by themselves),
        await _click(harness, ch, table, users, first_legal(table.state))  # leads K🔔, Bob 7🔔
    assert table.state.to_act == 2
    alts = [(await _hand(ch, table, users, seat)).attachments[0].description for seat in (2, 0)]
    assert alts == [LAST_TRICK[lang].format(turn=own), LAST_TRICK[lang].format(turn=other)]
    # the table picture draws the last trick and the trick's number too: its alt says them
    # (review 92: only the hand's did)
    [picture] = table_message(ch, table).attachments
    last = LAST_TRICK[lang].split(". ")[2]
    assert last in picture.description
    assert {"cs": "3. štych z osmi. ", "en": "Trick 3 of 8. "}[lang] in picture.description


def test_R_STOVKA_the_hand_alt_tells_the_answers_so_far() -> None:
    """The čistá stovka panel lists each answer: the alt the ones given (who answers now is
    its last sentence); the answering seat in the second person."""
    table = SimpleNamespace(names=lambda: NAMES)
    lora = example("stovka")
    assert lora.stovka == [None, None, False, None] and lora.to_act == 3
    assert hand_alt(table, lora.view(3), "cs") == (
        "Čistá stovka: Cyril nehlásí. Odpovídáš: hlásíš čistou stovku?")
    assert hand_alt(table, lora.view(0), "en") == (
        "Clean hundred: Cyril passes. Dana answers: a clean hundred?")
    lora.apply(Declare(3, True))
    assert hand_alt(table, lora.view(3), "cs") == (
        "Čistá stovka: Cyril nehlásí, Dana hlásí. Odpovídá Anna: hlásí čistou stovku?")


def test_R_MATURITA_the_hand_alt_names_the_games_the_maturant_may_choose() -> None:
    table = SimpleNamespace(names=lambda: NAMES)
    lora = example("choose")
    assert lora.attempt == 2
    assert hand_alt(table, lora.view(1), "cs") == (
        "Tvoje karty (vypsané v textu zprávy). Na výběr: Červené, Filky, Všechny, Červený král,"
        " Kvarty (neúspěch v pokusu 1), Desítky. Maturant Anna volí hru.")
    assert hand_alt(table, lora.view(0), "en") == (
        "Your cards (listed in the message). To choose from: Hearts, Obers, All tricks, King of"
        " hearts, Quarts (failed in attempt 1), Tens. You play Graduation and choose the game.")


TAROKY_PLAY = {  # Cecílie led Q♦, Dalibor followed 4♦; Anička is to play
    "cs": ("Tvoje karty (vypsané v textu zprávy). Jsi na tahu.",
           "Tvoje karty (vypsané v textu zprávy). Na tahu: Anička."),
    "en": ("Your cards (listed in the message). Your turn.",
           "Your cards (listed in the message). To act: Anička."),
}


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_taroky_hand_alt_says_whose_turn_and_lists_the_cards_as_lora(lang) -> None:
    """Taroky's hand alt had no turn (Lóra's has: his own in the second person) and named
    his cards when they were on buttons; now as Lóra's: his cards once, in the message's
    "V ruce máš" line (on his turn too), the alt points there; the trick is the message's
    line, not the alt's (the picture draws his hand only)."""
    from bot.games.taroky.hand import hand as taroky_hand
    from bot.games.taroky.pictures.examples import example as taroky_example
    from tests.test_taroky_ui import _table

    rnd, seat = taroky_example("play")
    assert seat == 0
    parts = [taroky_hand(_table(rnd, lang), rnd.view(s), lang) for s in (0, 1)]
    assert [p.alt for p in parts] == list(TAROKY_PLAY[lang])
    cards = t("core.hand_cards", lang, cards="VIII XVII XVIII XX · J♠\ufe0e")
    assert cards in parts[0].lines
    assert t("core.hand_trick", lang, cards="Cecílie " + ("D♦" if lang == "cs" else "Q♦")
             + ", Dalibor 4♦") in parts[0].lines


def test_the_taroky_hand_alt_tells_the_cards_drawn_under_the_hand() -> None:
    """The trojka the declarer looks at, the cards taken from the talon: drawn below his hand,
    under their titles, and so said by the alt; his own turn in the phase's words."""
    from bot.games.taroky.hand import hand as taroky_hand
    from bot.games.taroky.pictures.examples import example as taroky_example
    from tests.test_taroky_ui import _table

    rnd, seat = taroky_example("trojka")
    assert taroky_hand(_table(rnd), rnd.view(seat), "cs").alt == (
        "Tvoje karty (vypsané v textu zprávy). Dolní trojka (vidíš jen ty): VII XI D♥."
        " Rozhoduješ se o trojce.")
    rnd, seat = taroky_example("discard")
    assert taroky_hand(_table(rnd, "en"), rnd.view(seat), "en").alt == (
        "Your cards (listed in the message). From the talon: XVIII C♥ 3♦ J♠\ufe0e. Your turn to lay"
        " away.")
    # (Bohouš took 7♣ from the talon: his own to know, his own hand says it)
    assert taroky_hand(_table(rnd), rnd.view(1), "cs").alt == (
        "Tvoje karty (vypsané v textu zprávy). Z talonu: 7♣\ufe0e. Odkládá: Anička.")


def _preferanc_with_a_flekked_valat() -> TarokyRound:
    """Review 68's run 3, deal 1: preferanc na prvních whose declarer must lay taroks away
    face up (II III IV), announces valát; Bohouš gives flek on the game and on the valát;
    two tricks taken, a card led in the third."""
    from bot.games.taroky.pictures.examples import drive, script
    from engine.taroky.options import TarokyOptions
    from tests.taroky.helpers import fill

    masks, talon = fill(["I II III IV V VI VII VIII IX X XI XII"], "XIII XIV Kh XV XVI Kx")
    rnd = TarokyRound(deals=[((masks[0], masks[1], masks[2], masks[3]), tuple(talon))],
                      options=TarokyOptions(round_deals=4))
    return drive(rnd, lambda r: len(r.deal.tricks) == 2 and len(r.deal.trick) == 1,
                 script(bid={0: "3P"}, trojka={0: (True,)},
                        announce={0: ["valat"], 1: ["flek:game", "flek:valat"]}))


def test_the_taroky_table_alt_names_every_public_fact_its_picture_shows() -> None:
    """Review 68 M1: the table picture's alt left out the flek levels, each seat's hlášky
    and tricks, the last trick, the taroks laid away face up and the sólo's turned talon
    cards — public (T-VIEW), and once their event lines scrolled away, lost to a screen
    reader. No earlier trick than the last, no hidden card."""
    from bot.games.taroky.pictures.examples import example as taroky_example
    from bot.games.taroky.texts import table_alt
    from tests.test_taroky_ui import _table

    rnd = _preferanc_with_a_flekked_valat()
    assert table_alt(_table(rnd), "cs") == (
        "1. rozdání · preferanc na prvních – hraje Anička. Hlášení: hra flek ×2, valát Anička"
        " flek ×2. Na tahu: Cecílie. Ve štychu: Bohouš 2♥. Poslední štych (2.): Bohouš XVIII,"
        " Cecílie K♦, Dalibor J♠\ufe0e, Anička XII – bere Bohouš. Odložené taroky: II III IV."
        " Peníze a karty: Anička – 50,00 Kč, 10 karet v ruce, 0 štychů, hlášky: taroky;"
        " Bohouš – 50,00 Kč, 9 karet v ruce, 2 štychy; Cecílie – 50,00 Kč, 10 karet v ruce,"
        " 0 štychů, hlášky: barvy; Dalibor – 50,00 Kč, 10 karet v ruce, 0 štychů, hlášky:"
        " barvy.")
    assert table_alt(_table(rnd, "en"), "en") == (
        "Deal 1 · preferans on first cards – Anička plays. Announced: game doubled ×2, valat"
        " Anička doubled ×2. To act: Cecílie. In the trick: Bohouš 2♥. Last trick (no. 2):"
        " Bohouš XVIII, Cecílie K♦, Dalibor J♠\ufe0e, Anička XII – taken by Bohouš. Taroks laid"
        " away: II III IV. Money and cards: Anička – 50.00 Kč, 10 cards in hand, 0 tricks,"
        " declared: 10+ taroks; Bohouš – 50.00 Kč, 9 cards in hand, 2 tricks; Cecílie –"
        " 50.00 Kč, 10 cards in hand, 0 tricks, declared: no tarok; Dalibor – 50.00 Kč, 10"
        " cards in hand, 0 tricks, declared: no tarok.")
    solo, _seat = taroky_example("solo")  # sólo: a talon card turned after each trick
    assert table_alt(_table(solo), "cs") == (
        "1. rozdání · sólo – hraje Bohouš. Hlášení: hra flek ×2. Na tahu: Bohouš. Ve štychu:"
        " Anička J♠\ufe0e. Poslední štych (4.): Cecílie D♣\ufe0e, Dalibor 8♣\ufe0e,"
        " Anička K♣\ufe0e, Bohouš C♣\ufe0e – bere"
        " Anička. Z talonu: XVIII XX XI VI. Peníze a karty: Anička – 50,00 Kč, 7 karet v"
        " ruce, 2 štychy; Bohouš – 50,00 Kč, 8 karet v ruce, 1 štych; Cecílie – 50,00 Kč, 8"
        " karet v ruce, 1 štych; Dalibor – 50,00 Kč, 8 karet v ruce, 0 štychů.")
    play, _seat = taroky_example("play")  # 1P, the pagát lost: I went in trick 7
    said = table_alt(_table(play), "cs")
    assert "Hlášení: pagát Anička flek ×2 (nevyšel)." in said
    assert "Poslední štych (7.): Anička I, Bohouš IV, Cecílie IX, Dalibor V – bere Cecílie." \
        in said and "(6.)" not in said
    assert "Odložen" not in said  # (the hidden discards untold)
    announce, _seat = taroky_example("announce")  # the partner (Cecílie, XIX) still secret
    said = table_alt(_table(announce), "cs")
    assert "spoluhráč" not in said and "Odložen" not in said and "štych" not in said
    assert "s vydražitelem" not in said and " + " not in said  # (the partner's words now)
    # the longest names Discord allows still fit its limit (no words cut off at the end),
    # its cards said in words as it is sent (review 92: longer than their symbols)
    long = [c * 32 for c in "ABCD"]
    for kind, lang in itertools.product(("play", "solo", "announce"), ("cs", "en")):
        rnd, _seat = taroky_example(kind)
        table = _table(rnd, lang)
        table.seats = [Seat(100 + i, name) for i, name in enumerate(long)]
        assert len(spoken(table_alt(table, lang), lang, taroky_cards(lang))) <= ALT_LIMIT
    table = _table(_preferanc_with_a_flekked_valat(), "en")
    table.seats = [Seat(100 + i, name) for i, name in enumerate(long)]
    assert len(spoken(table_alt(table, "en"), "en", taroky_cards("en"))) <= ALT_LIMIT


def test_the_taroky_alts_say_the_cards_in_words() -> None:
    """Review 92: "D♠︎" read "dé" and a variation selector, "XVIII" spelt out letter by
    letter: the alt says "piková dáma", "tarok 18", the pagát, mond and škýz by name, a row
    of cards with commas; the message text keeps the symbols."""
    from bot.games.taroky.texts import table_alt
    from tests.test_taroky_ui import _table

    rnd = _preferanc_with_a_flekked_valat()
    said = spoken(table_alt(_table(rnd), "cs"), "cs", taroky_cards("cs"))
    assert said.startswith("1. rozdání, preferanc na prvních – hraje Anička.")
    assert ("Ve štychu: Bohouš srdcová dvojka. Poslední štych (2.): Bohouš tarok 18, Cecílie"
            " kárový král, Dalibor pikový kluk, Anička tarok 12 – bere Bohouš. Odložené taroky:"
            " tarok 2, tarok 3, tarok 4.") in said
    said = spoken(table_alt(_table(rnd, "en"), "en"), "en", taroky_cards("en"))
    assert ("In the trick: Bohouš 2 of hearts. Last trick (no. 2): Bohouš tarok 18, Cecílie"
            " king of diamonds, Dalibor jack of spades, Anička tarok 12 – taken by Bohouš.") \
        in said
    assert spoken("Ve štychu: Anna I, Bob XXI, Cyril Škýz, Dana D♣\ufe0e.", "cs",
                  taroky_cards("cs")) == (
        "Ve štychu: Anna pagát, Bob mond, Cyril škýz, Dana křížová dáma.")
    # a one-letter numeral is a card but where a word follows it ("V tomto rozdání")
    assert spoken("V tomto rozdání volá V; bez spoluhráče, XIX v talonu. Talon: X V I", "cs",
                  taroky_cards("cs")) == ("V tomto rozdání volá tarok 5; bez spoluhráče,"
                                          " tarok 19 v talonu. Talon: tarok 10, tarok 5, pagát")


def test_every_suit_card_is_said_as_czech_players_say_it() -> None:
    """Review 97: "král piky", "10 kříže", "eso žaludy" — and "4 srdce" heard as four
    hearts. Czech makes the suit an adjective agreeing with the rank: "pikový král",
    "srdcová čtyřka", "žaludské eso"; English keeps "king of spades", "Ace of acorns"."""
    from bot.games.lora.cards import spoken_cards as lora_cards

    taroky_ranks = {"4": "á čtyřka", "3": "á trojka", "2": "á dvojka", "A": "é eso",
                    "7": "á sedma", "8": "á osma", "9": "á devítka", "10": "á desítka",
                    "J": "ý kluk", "C": "ý kaval", "D": "á dáma", "K": "ý král"}
    taroky_suits = {"♥": ("srdcov", ("4", "3", "2", "A")), "♦": ("károv", ("4", "3", "2", "A")),
                    "♣": ("křížov", ("10", "9", "8", "7")), "♠": ("pikov", ("10", "9", "8", "7"))}
    expected = {f"{rank}{symbol}": stem + taroky_ranks[rank]
                for symbol, (stem, pips) in taroky_suits.items()
                for rank in (*pips, "J", "C", "D", "K")}
    said = {label: word for label, word in taroky_cards("cs").words.items()
            if label[-1] in taroky_suits}
    assert said == expected
    assert said["K♠"] == "pikový král" and said["4♥"] == "srdcová čtyřka"
    assert said["A♦"] == "kárové eso" and said["10♣"] == "křížová desítka"
    assert taroky_cards("en").words["K♠"] == "king of spades"
    assert taroky_cards("en").words["4♥"] == "4 of hearts"

    lora_ranks = {"7": "á sedma", "8": "á osma", "9": "á devítka", "10": "á desítka",
                  "S": "ý spodek", "F": "ý filek", "K": "ý král", "E": "é eso"}
    lora_suits = {"❤": "červen", "🍃": "zelen", "🔔": "kulov", "🌰": "žaludsk"}
    assert lora_cards("cs").words == {f"{rank}{symbol}": stem + ending
                                      for symbol, stem in lora_suits.items()
                                      for rank, ending in lora_ranks.items()}
    assert lora_cards("cs").words["E🌰"] == "žaludské eso"
    assert lora_cards("cs").words["F🍃"] == "zelený filek"
    assert lora_cards("en").words["E🌰"] == "Ace of acorns"
    assert spoken("Talon: 4♥ 3♦ A♦", "cs", taroky_cards("cs")) == (
        "Talon: srdcová čtyřka, kárová trojka, kárové eso")
    # a verb's object in its case, the row after it too ("přikládá 7❤, 8❤"); the rest as named
    assert spoken("Přikládáš 7❤️, 8🍃 10🔔; Bob vynáší S🌰, hraje K❤️. Ve štychu: Anna F🍃, E❤️",
                  "cs", lora_cards("cs")) == (
        "Přikládáš červenou sedmu, zelenou osmu, kulovou desítku; Bob vynáší žaludského spodka,"
        " hraje červeného krále. Ve štychu: Anna zelený filek, červené eso")
    assert spoken("V tomto rozdání volá XXI; tvůj spoluhráč je ten, kdo má D♠. Talon: I 4♥",
                  "cs", taroky_cards("cs")) == (
        "V tomto rozdání volá monda; tvůj spoluhráč je ten, kdo má pikovou dámu. Talon: pagát,"
        " srdcová čtyřka")
    assert taroky_cards("cs").objects["J♣"] == "křížového kluka"
    assert taroky_cards("cs").objects["10♣"] == "křížovou desítku"
    assert taroky_cards("cs").objects["A♥"] == "srdcové eso"
    assert lora_cards("cs").objects["F🍃"] == "zeleného filka"
    assert spoken("You lead 7❤️, play K🍃", "en", lora_cards("en")) == (
        "You lead 7 of hearts, play King of leaves")


def test_the_talon_cards_taken_are_in_the_same_order_in_the_text_and_the_alt() -> None:
    """Review 92: "From the talon you took: II VIII XVIII J♦." and then "From the talon: II
    XVIII J♦ VIII." — heard one after the other, two sets; now both in the usual order (and
    the picture's row with them)."""
    from dataclasses import replace

    from bot.games.taroky.hand import hand as taroky_hand
    from bot.games.taroky.pictures.examples import example as taroky_example
    from bot.games.taroky.pictures.hand import extra_cards
    from tests.test_taroky_ui import _table

    rnd, seat = taroky_example("discard")
    view = rnd.view(seat)
    view = replace(view, taken=tuple(reversed(sorted(view.taken))))  # (as drawn, any order)
    parts = taroky_hand(_table(rnd, "en"), view, "en")
    assert "From the talon you took: XVIII C♥ 3♦ J♠\ufe0e." in parts.lines
    assert parts.alt.startswith("Your cards (listed in the message). From the talon: XVIII C♥"
                                " 3♦ J♠\ufe0e.")
    assert extra_cards(view, "en")[1] == tuple(sorted(view.taken))


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_taroky_hand_says_what_was_taken_and_what_was_laid_away_in_the_usual_order(
        lang: str) -> None:
    """Review 68: after the discard the hand text still read "Z talonu máš: XVIII C♥ 3♦ J♠"
    (3♦ and J♠ laid away), and the alt's "Odloženo" listed the cards in the order chosen
    (M2, L1). Now the line says both, in words fitting any player, and both list the cards
    in the usual order — until the announcements, when T-VIEW hides the discards."""
    from bot.games.taroky.hand import hand as taroky_hand
    from bot.games.taroky.pictures.examples import example as taroky_example
    from engine.taroky.actions import Discard
    from engine.taroky.cards import parse_card
    from tests.test_taroky_ui import _table

    rnd, seat = taroky_example("discard")
    assert seat == 0
    for card in ("Cx", "Jp", "3k", "8p"):  # the review's order of choosing
        rnd.apply(Discard(0, parse_card(card)))
    parts = taroky_hand(_table(rnd, lang), rnd.view(0), lang)
    said = {"cs": ("Vzato z talonu: XVIII C♥ 3♦ J♠\ufe0e · odloženo za talon:"
                   " 3♦ C♣\ufe0e 8♠\ufe0e J♠\ufe0e.",
                   "Tvoje karty (vypsané v textu zprávy). Odloženo: 3♦ C♣\ufe0e 8♠\ufe0e J♠\ufe0e."
                   " Odkládá: Bohouš."),
            "en": ("From the talon you took: XVIII C♥ 3♦ J♠\ufe0e · laid away:"
                   " 3♦ C♣\ufe0e 8♠\ufe0e J♠\ufe0e.",
                   "Your cards (listed in the message). Laid away: 3♦ C♣\ufe0e 8♠\ufe0e J♠\ufe0e."
                   " Laying away: Bohouš.")}[lang]
    assert [x for x in parts.lines if "XVIII C♥" in x] == [said[0]]
    assert parts.alt == said[1]
    while rnd.deal.phase == "discard":  # the others lay away: the announcements begin
        rnd.apply(next(a for a in rnd.legal_actions() if isinstance(a, Discard)))
    lines = taroky_hand(_table(rnd, lang), rnd.view(0), lang).lines
    assert not [x for x in lines if "J♠" in x and "XVIII" not in x]
    assert not [x for x in lines if x.startswith(said[0][:8])]
