"""Review 85's findings (an English newcomer alone with three AIs): a hláška not counted says
why, the decision prompts gloss the words they offer, "you can only pass" says why, the last
trick's initials leave out "AI ", a trick's line names its leader, an opponent reads her own
side, and the lobby and the help say what the AI levels do."""

from __future__ import annotations

import dataclasses

from bot.games.taroky import hand as hand_mod
from bot.games.taroky.hand import gloss_line, hand, prompt, refusal_text
from bot.games.taroky.pictures.examples import NAMES as EXAMPLE_NAMES
from bot.games.taroky.pictures.examples import example
from bot.games.taroky.texts import account_parts
from bot.model import Seat
from bot.render.fonts import font
from bot.render.names import AI_PREFIX, short_names
from bot.tables.seating import AI_NAMES, ai_player
from bot.ui.builders import lobby_description
from engine.taroky.actions import Announce, Bid
from engine.taroky.events import TrickTaken
from engine.taroky.messages import event_text
from tests.test_taroky_ui import _table, _to_announcements, _worked_round


def test_a_hlaska_not_counted_says_why_its_side_lost_or_35_35() -> None:
    """M1: "8–9 taroks (Nora) not counted" beside an honour that was: the side lost, or at
    35:35 none counts (T-SCORE-HLASKY)."""
    rnd, _seat = example("finished")
    row = rnd.protocol[0]  # won 47:23 by Anička and Cecílie: Dalibor's barvičky do not count
    assert account_parts(row, EXAMPLE_NAMES, "cs")[3] == (
        "barvičky (Dalibor) nepočítá se – strana prohrála")
    assert account_parts(row, EXAMPLE_NAMES, "en")[3] == (
        "1–2 taroks (Dalibor) not counted (side lost)")
    tie = dataclasses.replace(row, eyes=(35, 35), hlasky=(
        (("tarocky", False),), (("honery", False),), (), (("barvicky", False),)))
    assert account_parts(tie, EXAMPLE_NAMES, "cs")[1:4] == [
        "taročky (Anička) nepočítá se – 35:35", "honéry (Bohouš) nepočítá se – 35:35",
        "barvičky (Dalibor) nepočítá se – 35:35"]
    assert account_parts(tie, EXAMPLE_NAMES, "en")[2] == "honours (Bohouš) not counted (35:35)"


def test_the_bidding_and_the_choice_gloss_each_game_offered_under_the_prompt() -> None:
    """M2: what each bid commits the seat to, a short clause each, only the offered ones
    (no dobrá), under the prompt; the buttons stay short."""
    rnd = _worked_round()
    cs, en = _table(rnd), _table(rnd, "en")
    assert gloss_line(rnd.view(0), "en") == (
        "1P: you and a partner you call · 2P: as 1P, with pagát ultimo announced · 3P: you"
        " vs. three, a set of three from the talon · 6P: you vs. three, no talon")
    lines = hand(cs, rnd.view(0), "cs").lines
    at = lines.index("Licitace: ohlas hru.")
    assert lines[at + 1] == (
        "1P: se spoluhráčem, kterého zavoláš · 2P: jako 1P, s ohlášeným pagátem · 3P: ty"
        " proti třem, s trojkou z talonu · 6P: ty proti třem, bez talonu")
    for action in (Bid(0, "1P"), Bid(1, "dobra"), Bid(2, "dobra")):
        rnd.apply(action)
    assert gloss_line(rnd.view(3), "en") == (  # the zadák: no 2P without I, the push
        "3P: you vs. three, a set of three from the talon · 6P: you vs. three, no talon ·"
        " Push: the forehand must play Warsaw")
    assert gloss_line(rnd.view(3), "cs").endswith(" · žďuch: předák musí hrát Varšavu")
    assert gloss_line(rnd.view(1), "en") == ""  # not his turn
    rnd.apply(Bid(3, "dobra"))
    assert prompt(en, rnd.view(0), "en") == "Everyone passed: choose the game."
    assert gloss_line(rnd.view(0), "en") == (
        "1P: you and a partner you call · 2P: as 1P, with pagát ultimo announced · Warsaw:"
        " each for themselves, the fewest eyes win")
    assert gloss_line(rnd.view(0), "cs").endswith(
        " · Varšava: každý sám za sebe, vyhrává nejméně očí")


def test_the_announcements_gloss_pagat_and_valat_with_the_engine_s_values(monkeypatch) -> None:
    """M2: "valat – your side takes all 12 tricks (8 Kč)", the values the engine scores."""
    rnd = _to_announcements(_worked_round())
    view = rnd.view(0)  # the declarer, holding I
    assert gloss_line(view, "en") == (
        "Pagát ultimo: win the last trick with I (4.00 Kč) · valat: your side takes all 12"
        " tricks (8.00 Kč)")
    assert gloss_line(view, "cs") == (
        "Pagát: poslední štych vezmeš pagátem (4,00 Kč) · valát: tvoje strana vezme všech 12"
        " štychů (8,00 Kč)")
    rnd.apply(Announce(0, "done"))
    assert gloss_line(rnd.view(1), "en") == (  # no I: the valat alone; a flek needs none
        "Valat: your side takes all 12 tricks (8.00 Kč)")
    monkeypatch.setattr(hand_mod, "VALAT_ANNOUNCED", 1600)  # (read, never written down)
    assert gloss_line(rnd.view(1), "en").endswith("(16.00 Kč)")


def test_only_pass_says_why_from_the_engine_s_cases() -> None:
    """M3 (T1 d2: she announced and doubled, then read only "you can only pass now"): the
    pagát and valat only in a first turn; each double the other side's to give."""
    rnd = _to_announcements(_worked_round())
    for seat, items in ((0, ["pagat"]), (1, ["flek:game", "flek:pagat"]), (2, []), (3, []),
                        (0, [])):
        for item in [*items, "done"]:
            rnd.apply(Announce(seat, item))
    assert rnd.to_act == 1 and [a.item for a in rnd.view(1).legal] == ["done"]
    assert prompt(_table(rnd, "en"), rnd.view(1), "en") == (  # (review 88: plainer)
        "Announcements: you can only pass now – you can announce pagát ultimo or valat only"
        " on your first turn; only your opponents may redouble the game or redouble the"
        " pagát ultimo.")
    assert prompt(_table(rnd), rnd.view(1), "cs") == (  # (review 88: 146 → 117 characters)
        "Hlášení: zbývá jen dobrá – pagáta nebo valáta lze hlásit jen v 1. tahu; re na hru"
        " nebo re na pagáta dají jen soupeři.")
    assert gloss_line(rnd.view(1), "en") == ""


def test_only_pass_tells_the_pagat_s_announcer_it_is_his() -> None:
    """Review 88 L1 (Nora, who had announced the pagát, read that it is announced only in a
    first turn): his own pagát comes first, the valat still only in a first turn."""
    rnd = _to_announcements(_worked_round())
    for seat, item in ((0, "pagat"), (0, "done"), (1, "valat"), (1, "flek:game"), (1, "done"),
                       (2, "flek:game"), (2, "flek:valat"), (2, "done"), (3, "done")):
        rnd.apply(Announce(seat, item))
    assert rnd.to_act == 0 and [a.item for a in rnd.view(0).legal] == ["done"]
    assert prompt(_table(rnd), rnd.view(0), "cs") == (
        "Hlášení: zbývá jen dobrá – pagáta už máš ohlášeného; valáta lze hlásit jen v 1."
        " tahu; sup na hru, flek na pagáta nebo re na valáta dají jen soupeři.")
    assert prompt(_table(rnd, "en"), rnd.view(0), "en") == (
        "Announcements: you can only pass now – you have announced pagát ultimo already; you"
        " can announce valat only on your first turn; only your opponents may re-redouble the"
        " game, double the pagát ultimo or redouble valat.")
    assert refusal_text(rnd, Announce(0, "pagat"), "cs") == "Pagáta už máš ohlášeného."
    assert refusal_text(rnd, Announce(0, "pagat"), "en") == (
        "You have announced pagát ultimo already.")


def test_the_last_trick_s_initials_leave_out_the_ai_prefix() -> None:
    """L1: "N AK AB AJ" read as codes; "N K B J" — and still apart from a human "Karel"."""
    assert all(name.startswith(AI_PREFIX) for name in AI_NAMES)
    assert ai_player([None] * 4, "easy").name.startswith(AI_PREFIX)
    f = font(12)
    names = ["Nora", "AI Karel", "AI Božena", "AI Jaroslav"]
    assert short_names(names, f, 20) == ["N", "K", "B", "J"]
    assert short_names(["Nora", "AI 1", "AI 2", "AI 3"], f, 20) == ["N", "1", "2", "3"]
    assert short_names(["Karel", "AI Karel", "AI Božena", "AI Jaroslav"], f, 20) == [
        "K", "AK", "AB", "AJ"]  # (the bare initials would read alike)


def test_a_trick_s_line_names_its_leader() -> None:
    """L2: "AI Jaroslav takes trick 12 (IV I Q♦ 3♥)": who played the I?"""
    from engine.taroky.cards import parse_cards

    names = ["Nora", "AI Karel", "AI Božena", "AI Jaroslav"]
    e = TrickTaken(3, 12, tuple(parse_cards("IV I Qk 3h")), 1)
    assert event_text(e, "en", names) == (
        "AI Jaroslav takes trick 12 (led by AI Karel: IV I Q♦ 3♥).")
    assert event_text(e, "cs", names) == (
        "AI Jaroslav bere 12. štych (vynáší AI Karel: IV I D♦ 3♥).")
    assert event_text(e, "en", names, brief=True) == "AI Jaroslav takes trick 12."


def test_the_lobby_says_what_the_ai_levels_do() -> None:
    """L6: "+ AI (easy)" … with nothing saying what a level changes."""
    rnd = _worked_round()
    table = _table(rnd, "en")
    table.seats = [Seat(1, "Nora"), None, None, None]
    table.creator_id = 1
    assert lobby_description(table, False).splitlines() == [
        "Take a seat or add AI players. The creator starts the game once there are 4.",
        "AI levels: **easy** bids cautiously, then plays a random legal card; **medium** plays"
        " by rules of thumb; **hard** tries its cards out on many possible deals."]
    table.settings.lang = "cs"
    assert lobby_description(table, False).splitlines()[1] == (
        "Úrovně AI: **lehký** licituje opatrně a hraje náhodnou povolenou kartu; **střední**"
        " hraje podle jednoduchých zásad; **těžký** zkouší karty na mnoha možných rozdáních.")
