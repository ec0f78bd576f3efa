"""Review 55's findings: a Czech line that starts "4. štych" made a Markdown numbered list
(shown "1. štych", renumbered) — every line the bot sends for Markdown escapes its number;
the Lóra hand names a new game's goal; one English wording for whose turn it is; a single
shown set of three in the singular; Taroky's deal start told once; harakiri explained."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.lora.cards import cards_text
from bot.games.taroky.texts import event_lines as taroky_event_lines
from bot.i18n import t, tn, unlisted
from engine.rules import trick_winner_offset
from engine.taroky.events import DealStarted
from tests.botkit import Players, open_table, reply


# -- the escape -----------------------------------------------------------------------------
def test_unlisted_escapes_a_line_starting_with_a_number_and_a_dot_only() -> None:
    assert unlisted("4. štych (vynáší Bob): 7❤️") == "4\\. štych (vynáší Bob): 7❤️"
    assert unlisted("1. Anna – 3 b.\n2.–4. Bob – 9 b.\n5. Cyril – 12 b.") == (
        "1\\. Anna – 3 b.\n2.–4. Bob – 9 b.\n5\\. Cyril – 12 b.")
    assert unlisted("  12. Dana") == "  12\\. Dana"  # (indented, and two digits)
    assert unlisted("3.") == "3\\."  # (an empty item is a list item too)
    # not a list item: a bullet first, a number mid-line, a decimal, a shared place, bold
    for text in ("• 1. rozdání: rozdává Bob", "Bereš 4. štych (7❤️): 1 b.", "10.5 b.",
                 "2.–4. Bob", "**1. rozdání** · licitace", "1.P"):
        assert unlisted(text) == text


def test_every_catalog_text_starting_with_a_number_is_escaped_where_sent_or_not_markdown(
        ) -> None:
    """The audit, kept: a catalog text whose line can start "N. " (Czech writes an ordinal
    "4.") is either escaped where the bot composes it (``unlisted``) or never Markdown
    (a picture's word, an alt text, a button's label). A new one must be placed here."""
    import re

    from bot.i18n import CATALOGS

    escaped = {  # where: lora.texts.last_trick_text, records (leaderboard),
        "lora.last_trick", "core.lb_row", "taroky.lb_row",  # tournament.desk, builders
        "core.tournament.entrant", "core.tournament.entrant_ai",
        "core.tournament.entrant_replaced",
        "core.tournament.entrant_absent", "core.tournament.entrant_absent_over",  # (review 75)
        "core.tournament.table_closed"}
    plain = {"core.tournament.pic_round", "taroky.deal_alt", "taroky.short_1P",
             "taroky.short_2P", "lora.playoff_no",  # (playoff_no: after " · " only)
             "core.tournament.csv_round", "core.tournament.csv_busy",  # (a CSV's cells)
             "lora.btn_page_tali", "taroky.btn_page_deal",  # (page buttons' labels)
             "lora.alt_trick_no",  # (an alt text's sentence, review 92)
             "core.ac_date"}  # (an autocomplete choice's name, after "{id} – "; review 94)
    starts = re.compile(r"(^|\n)[ \t]*(\{[^}]*\}\.|\{[^}]*:nth\}|\d+\.)[ \t]")
    found = {key for cat in CATALOGS.values() for key, text in cat.items()
             if starts.search(text) and ".pic." not in key}
    assert found == escaped | plain


# -- the Czech last trick ---------------------------------------------------------------------
async def test_the_czech_last_trick_reply_escapes_its_number(harness) -> None:
    """It read "1. štych …" for the 4th trick: Discord renumbered it as a list item."""
    _g, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    players = Players(harness, ch, tid, users, random.Random(2))
    table = players.table
    while len(table.state.public_view().game.tricks) < 4:
        await players.move()
    res = await users[0].click(players.table_message(), custom_id=f"lora:t:{tid}:last")
    last = reply(res)
    leader, cards = table.state.public_view().game.last_trick
    names = table.names()
    winner = names[(leader + trick_winner_offset(cards)) % 4]
    assert last.content == (
        f"4\\. štych (vynáší {names[leader]}): {cards_text(cards)} – bere **{winner}**.")


# -- a final order with a shared place ----------------------------------------------------------
async def test_the_final_order_escapes_each_places_number_but_not_a_shared_place(
        harness, monkeypatch) -> None:
    _g, ch, users, tid = await open_table(harness, ["alice"], ("easy",) * 3)
    table = harness.service.tables[tid]
    rng = random.Random(3)
    while not table.state.finished:
        action = rng.choice(table.state.legal_actions())
        harness.service._apply(table, action, by=table.seats[action.seat].user_id or "ai")
    outcome = table.state.outcome()
    tied = replace(outcome, places=(1, 2, 2, 4), scores=(10, 20, 20, 30),
                   extras=({},) * 4, details={})
    monkeypatch.setattr(type(table.state), "outcome", lambda self: tied)
    names = table.names()
    lines = harness.bot.controller.presenter.final_lines(table, "cs")
    assert lines == [f"1\\. {names[0]} – 10 b.", f"2.–3. {names[1]} – 20 b.",
                     f"2.–3. {names[2]} – 20 b.", f"4\\. {names[3]} – 30 b."]


# -- the lesser texts ------------------------------------------------------------------------------
def test_whose_turn_reads_alike_in_the_picture_and_the_message() -> None:
    for lang in ("cs", "en"):
        turn = t("core.turn_line", lang, name="Alex").replace("**", "")
        assert t("lora.pic.to_act", lang, name="Alex") == turn
        assert t("taroky.pic.to_act", lang, name="Alex") == turn
    assert t("lora.pic.to_act", "en", name="Alex") == "To act: Alex"  # (fits the header)


def test_one_shown_set_of_three_is_singular() -> None:
    assert [tn("taroky.pic.shown", "cs", n) for n in (1, 2)] == [
        "Ukázaná trojka", "Ukázané trojky"]
    assert [tn("taroky.pic.shown", "en", n) for n in (1, 2)] == [
        "Shown set of 3", "Shown sets of 3"]


def test_the_lora_rules_say_what_harakiri_is() -> None:
    """R-HARAKIRI: one game scoring five games at once; fewer points, better place."""
    assert t("lora.rules_text", "cs").endswith(
        "Shodu bodů rozhoduje **harakiri**: hra, ve které se počítají body Červených, Filků,"
        " První – poslední, Všech a Červeného krále najednou; méně bodů je lepší místo"
        " (shodují-li se tři nebo čtyři hráči, hrají se čtyři takové hry a body se sčítají).")
    assert t("lora.rules_text", "en").endswith(
        "Ties are played off by **harakiri**: a game that scores Hearts, Obers, First and"
        " last, All tricks and King of hearts at once; fewer points is the better place"
        " (three or four tied players play four such games and add up the points).")


async def test_a_new_lora_games_hand_names_its_goal(harness) -> None:
    """The hand said only "Hraje se Červené, vynáší …": it adds the goal, in the maturita
    menu's words; the table's events stay short."""
    _g, ch, users, tid = await open_table(harness, ["alice"], ("easy",) * 3)
    players = Players(harness, ch, tid, users, random.Random(2))
    hand = await players.open_hand(users[0])
    started = [line for line in hand.content.splitlines() if "Hraje se Červené" in line]
    assert started == ["• Hraje se Červené, vynášíš ty. Neber žádnou červenou."]
    from bot.games.lora.events import Words
    from engine.contracts import Contract
    from engine.events import GameStarted

    names = ["Anna", "Bob", "Cyril", "Dana"]
    filky = GameStarted(Contract.FILKY, tali=1, game=2, leader=1, dealer=0)
    assert Words("cs", names, viewer=0).line(filky) == (
        "Hraje se Filky, vynáší Bob. Neber žádného filka.")
    assert Words("en", names, viewer=1).line(filky) == (
        "Now Obers; you lead. Take no Ober.")
    assert Words("cs", names).line(filky) == "Hraje se Filky, vynáší Bob."  # the table's


def test_the_taroky_deal_start_is_not_an_event_line_at_the_table() -> None:
    """The channel's "▶ 1. rozdání – rozdává …" and the picture's markers tell it; the
    table's recent events said it a third time."""
    from types import SimpleNamespace

    from bot.model import TableSettings

    names = ["Anna", "Bob", "Cyril", "Dana"]
    table = SimpleNamespace(settings=TableSettings(lang="cs"), names=lambda: names,
                            move_names=lambda: names)
    assert taroky_event_lines(table, [DealStarted(1, 3, 0)]) == []  # type: ignore[arg-type]
