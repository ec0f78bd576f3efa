"""Screen readers (review 50): every picture the bot sends carries an alt text in the table's
language (what it shows, in words; a seat's own view only in his hand), the Lóra hand says in
words what only its picture showed (the trick in progress, the last kvarta, the desítky rows,
his cards), the score sheet comes with its totals as text, and the pagers' buttons have words.
"""

from __future__ import annotations

from bot.delivery import items
from bot.games.lora.texts import now_lines
from bot.records import page_button
from bot.tournament.examples import example_tournament
from bot.tournament.pictures import sheet_alt, standings_alt
from bot.ui.alt import ALT_LIMIT, alt_text, sentences
from engine.actions import Lay, Lead
from engine.lora import Lora
from tests.botkit import channel_delivered, open_table, put_state, reply, table_message
from tests.helpers import c, first_legal, lora_deals, new_game, play_cards
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
        "Poslední kvarta: Anna vynáší 7❤️, 8❤️: kvarta 7❤️ 8❤️ 9❤️ 10❤️; dál vynáší Cyril."]
    assert now_lines(part, NAMES, "en", viewer=0) == [
        "Last quart: You lead 7❤️, 8❤️: quart 7❤️ 8❤️ 9❤️ 10❤️; Cyril leads next."]
    told = ["Vynášíš 7❤️, 8❤️: kvarta 7❤️ 8❤️ 9❤️ 10❤️; dál vynáší Cyril."]
    assert now_lines(part, NAMES, "cs", viewer=0, told=told) == []


def test_R_DESITKY_the_rows_ends_and_the_cards_laid_in_the_turn_are_told() -> None:
    game, _ = new_game("desitky", K1, 0)
    assert game.to_act == 1  # (Anna holds no ten: knocked)
    assert now_lines(game.public_part([]), NAMES, "cs") == ["Řady: ❤️ – · 🍃 – · 🔔 – · 🌰 –"]
    game.apply(Lay(1, c("10l")))
    assert now_lines(game.public_part([]), NAMES, "cs") == [
        "Řady: ❤️ – · 🍃 10 · 🔔 – · 🌰 –", "V tomto tahu přiloženo: 10🍃"]
    assert now_lines(game.public_part([]), NAMES, "en") == [
        "Rows: ❤️ – · 🍃 10 · 🔔 – · 🌰 –", "Laid this turn: 10🍃"]


# -- alt texts as Discord takes them ------------------------------------------------------
def test_an_alt_text_is_one_line_of_sentences_without_marks_within_discords_limit() -> None:
    assert sentences(["**Červené** – 1. tálie", "", "Na tahu: Anna", "Body: 3."]) == (
        "**Červené** – 1. tálie. Na tahu: Anna. Body: 3.")
    assert alt_text("**Červené**\nNa tahu: __Anna__") == "Červené Na tahu: Anna"
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
    assert standings_alt(t, 2, "cs") == (
        "Konečné pořadí po 2. kole: 1. **Dalibor** – 8 b.; 2. **František Xaver Kolowrat**"
        " – 5 b.; 3. **AI Božena** – 5 b.; 4. **Cecílie** – 5 b.; 5. **AI Karel** – 5 b.;"
        " 6. **Eliška** – 4 b.; 7. **Anička** – 4 b.; 8. **Bohouš** – 4 b.")
    assert sheet_alt(t, t.tables[0], "en") == (
        "Table sheet · table 1: 1st AI Karel: Penalty points 49, Points 4; 2nd AI Božena:"
        " Penalty points 60, Points 3; 3rd Eliška: Penalty points 63, Points 2; 4th Cecílie:"
        " Penalty points 86, Points 1")


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
    and letters), its picture's alt text says his cards, the trick and whose turn; the table
    picture's, the game, the turn, the trick and every seat's points and cards."""
    ch, users, table = await _lora_table(harness, "cs")
    await _click(harness, ch, table, users, first_legal(table.state))
    assert table.state.to_act == 1
    hand = await _hand(ch, table, users, 1)
    assert hand.content.splitlines()[2:4] == [
        "Ve štychu: Anna K🍃", "V ruce máš: 7❤️ 8❤️ · 7🍃 8🍃 · 7🔔 8🔔 · 7🌰 8🌰"]
    assert [(a.filename, a.description) for a in hand.attachments] == [(
        "hand.png", "Tvoje karty: 7❤️ 8❤️ · 7🍃 8🍃 · 7🔔 8🔔 · 7🌰 8🌰. Ve štychu: Anna K🍃."
                    " Na tahu: Bob.")]
    [picture] = table_message(ch, table).attachments
    assert (picture.filename, picture.description) == ("table.png", (
        "Červené – 1. tálie, 1. hra. Na tahu: Bob. Ve štychu: Anna K🍃. Body a karty: Anna –"
        " v této hře 0, celkem 0, karet v ruce 7; Bob – v této hře 0, celkem 0, karet v ruce"
        " 8; Cyril – v této hře 0, celkem 0, karet v ruce 8; Dana – v této hře 0, celkem 0,"
        " karet v ruce 8."))
    res = await users[2].click(table_message(ch, table),
                               custom_id=f"lora:t:{table.table_id}:sheet")
    sheet = reply(res)
    assert sheet.content == "Body celkem:\n• Anna: 0 b.\n• Bob: 0 b.\n• Cyril: 0 b.\n• Dana: 0 b."
    assert [(a.filename, a.description) for a in sheet.attachments] == [
        ("protokol.png", "Body celkem: Anna: 0 b. Bob: 0 b. Cyril: 0 b. Dana: 0 b.")]


async def test_the_taroky_table_hand_and_sheet_say_in_english_what_they_show(harness):
    _g, ch, users, tid = await open_table(harness, [n.lower() for n in NAMES], game="taroky",
                                          language="en")
    table = harness.service.tables[tid]
    [picture] = table_message(ch, table).attachments
    assert picture.description == (
        "Deal 1 · bidding. Bidding: Anna. Money and cards: Anna – 50.00 Kč, 12 cards in hand;"
        " Bob – 50.00 Kč, 12 cards in hand; Cyril – 50.00 Kč, 12 cards in hand; Dana – 50.00"
        " Kč, 12 cards in hand.")
    hand = await _hand(ch, table, users, 0)
    assert [a.description for a in hand.attachments] == [
        "Your cards: V XII XIII XIV · K♥ · 2♦ · 7♣ 8♣ J♣ · 8♠ 9♠ C♠."]
    res = await users[2].click(table_message(ch, table),
                               custom_id=f"lora:t:{table.table_id}:sheet")
    sheet = reply(res)
    rows = [f"{name}: money 50.00 Kč, result 0.00 Kč" for name in NAMES]
    assert sheet.content == "\n".join(["Money and result:", *(f"• {row}" for row in rows)])
    assert [a.description for a in sheet.attachments] == [
        "Money and result: " + " ".join(f"{row}." for row in rows)]


async def test_the_final_sheet_posted_through_the_outbox_says_the_final_order(harness):
    """The final post's sheet is drawn when the outbox sends it: its alt text was written
    into the entry with it (a restart sends the same)."""
    from tests.test_bot_records import _finished_game

    _guild, ch, _users, table = await _finished_game(harness)
    await channel_delivered(harness)
    outcome = table.state.outcome()
    names = table.names()
    [final] = [m for m in ch.history() if any(a.filename == "protokol.png"
                                               for a in m.attachments)]
    assert [a.description for a in final.attachments] == ["Konečné pořadí: " + " ".join(
        f"{outcome.places[s]}. {names[s]} – {outcome.scores[s]} b." for s in outcome.order())]
