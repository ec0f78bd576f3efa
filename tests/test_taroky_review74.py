"""Review 74 (an English group's first Taroky round): what it found unclear, told by the
words a player reads."""

from __future__ import annotations

import dataclasses

import pytest

from bot.games.taroky.hand import hand
from bot.games.taroky.pictures import sheet
from bot.games.taroky.pictures.examples import _worked_script, drive, example, shuffled, worked
from bot.i18n import t
from engine.taroky import TarokyRound
from engine.taroky.actions import Play
from engine.taroky.cards import PAGAT
from engine.taroky.options import TarokyOptions
from tests.test_taroky_review70 import ui_table


def test_a_sheet_page_mid_round_counts_the_round_s_deals_not_those_played() -> None:
    """M3: after deal 1 of an 8-deal round the page read "deal 1 of 1" (and after deal 5
    "deals 1–5 of 5"), as if the round were over. A round of deals says its length; a round
    of minutes, while it runs, how many deals were played; once over, its deals."""
    rnd, _seat = example("bid")  # (a round of 4 deals, the first one played)
    view = rnd.public_view()
    assert len(view.protocol) == 1 and not view.finished
    assert sheet.subtitle(view, "en", (1, 1)) == "deal 1 of 4 · stake 50.00 Kč"
    assert sheet.subtitle(view, "cs", (1, 1)) == "rozdání 1. z 4 · vklad 50,00 Kč"
    assert sheet.subtitle(view, "en") == "stake 50.00 Kč · deals: 1"
    minutes = dataclasses.replace(view, options=TarokyOptions(round_minutes=60))
    assert sheet.subtitle(minutes, "en", (1, 1)) == "deal 1 · 1 played · stake 50.00 Kč"
    assert sheet.subtitle(minutes, "cs", (1, 1)) == (
        "rozdání 1. · odehráno 1 · vklad 50,00 Kč")
    three = dataclasses.replace(minutes, protocol=view.protocol * 3)
    assert sheet.subtitle(three, "en", (1, 3)) == "deals 1–3 · 3 played · stake 50.00 Kč"
    assert sheet.subtitle(three, "cs", (1, 3)) == (
        "rozdání 1.–3. · odehrána 3 · vklad 50,00 Kč")
    over = dataclasses.replace(three, finished=True)
    assert sheet.subtitle(over, "en", (2, 3)) == "deals 2–3 of 3 · stake 50.00 Kč"


def _announced_pagat() -> TarokyRound:
    """The worked example's 1P up to trick 1: Anička announced the pagát, Bohouš doubled it."""
    rnd = TarokyRound(deals=[worked(), shuffled(2, 0)], options=TarokyOptions(round_deals=4))
    drive(rnd, lambda r: r.deal.phase == "play", _worked_script())
    return rnd


def test_T_HLASKY_PAGAT_the_hand_reminds_its_announcer_to_keep_the_pagat() -> None:
    """M2: after the pagát ultimo was announced (in 2P automatically with the game) the hand
    never spoke of it again; a first-time player led I in trick 1 and lost 8 Kč. While it is
    open his hand says to keep I, just above the prompt; the other hands say nothing."""
    rnd = _announced_pagat()
    view = rnd.view(0)
    assert (view.public.pagat_by, view.public.to_act) == (0, 0)
    for lang, said in (("en", "You announced pagát ultimo: keep I for the last trick."),
                       ("cs", "Máš ohlášeného pagáta: nech si I na poslední štych.")):
        lines = hand(ui_table(rnd, lang), view, lang).lines
        assert lines[lines.index(said) + 1] == t("taroky.hand_lead", lang)
        assert said not in hand(ui_table(rnd, lang), rnd.view(1), lang).lines
    rnd.apply(Play(0, PAGAT))  # (led at once: the announcement has failed, nothing to keep)
    lines = hand(ui_table(rnd, "en"), rnd.view(0), "en").lines
    assert not any("keep I" in line for line in lines)


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_rules_summary_defines_its_roles_cards_hlasky_and_who_pays_whom(lang: str) -> None:
    """M1: a newcomer read "forehand", "declarer", "trul", "honours", "bought 4-1-1" and "Kč"
    undefined, the hlášky without a value or whom they count for, and never who pays whom.
    The summary says them (T-SEATS, T-PLAY-LEAD, T-DECK, T-TALON-411, T-SCORE-HLASKY,
    T-SCORE-NET), each topic still one embed field."""
    from bot.ui.builders import rules_sections, rules_text

    description, fields = rules_sections(rules_text("taroky", None, lang))
    topics = dict(fields)
    assert list(topics) == {
        "cs": ["Role a karty", "Licitace", "1P/2P", "Preferanc", "Sólo", "Štychy", "Hlášky",
               "Oči", "Placení", "Varšava"],
        "en": ["Roles and cards", "Bidding", "1P/2P", "Preferans", "Solo", "Tricks",
               "Declarations", "Eyes", "Payment", "Warsaw"]}[lang]
    assert len(description) + sum(len(k) + len(v) for k, v in fields) < 6000 - 1500
    roles, payment = {"cs": ("Role a karty", "Placení"),
                      "en": ("Roles and cards", "Payment")}[lang]
    assert topics[roles] == {
        "cs": "**Předák**, hráč po rozdávajícím, licituje první a vynáší do prvního štychu (v"
              " preferanci a sólu vynáší vydražitel); **vydražitel** (kdo vyhraje licitaci)"
              " hraje proti ostatním, v 1P/2P se spoluhráčem. **Škýz** je nejvyšší tarok, XXI"
              " mond druhý; pagát, mond a škýz jsou **trul**, trul a čtyři králové jsou"
              " **honéry**.",
        "en": "The **forehand**, the player after the dealer, bids first and leads the first"
              " trick (in preferans and solo the declarer leads); the **declarer** wins the"
              " bidding and plays against the others, in 1P/2P with a partner. The **Škýz** is"
              " the highest tarok, XXI mond the next; pagát, mond and Škýz are the **trul**,"
              " the trul and the four kings the **honours**."}[lang]
    assert {"cs": "Talon se bere 4-1-1: vydražitel vezme 4 jeho karty, další dva hráči po 1 a"
                  " každý odloží stejný počet karet (ne krále a trul;",
            "en": "The talon is bought 4-1-1: the declarer takes 4 of its cards, the next two"
                  " players 1 each, and each lays away as many (no kings or trul;"}[lang] in (
        topics["1P/2P"])
    assert topics[payment].startswith({
        "cs": "Hraje se o koruny (Kč), tady jen virtuální (1 Kč = 100 h).",
        "en": "All money is in Kč, Czech crowns – virtual here (1 Kč = 100 h)."}[lang])
    assert topics[payment].endswith({
        "cs": " Počítají se jen straně, která hru vyhrála, ale honéry, trulhonéry a královské"
              " honéry vždy (při plichtě žádná). Hra, započtené hlášky, pagát a valát dají v"
              " každém rozdání jeden součet, zaokrouhlený jako výše; platí ho strana, proti"
              " které vyšel: ve 2 proti 2 každý její hráč jednomu hráči druhé strany, v 1 proti"
              " 3 vydražitel každému protihráči, nebo každý protihráč vydražiteli.",
        "en": " They count only for the side that won the game, but honours, trul with king(s)"
              " and four kings always (at 35:35 none does). The game, the counted declarations,"
              " the pagát ultimo and the valat make one sum per deal, rounded as above; the"
              " side it goes against pays it: in 2 v 2 each of its players pays one player of"
              " the other side, in 1 v 3 the declarer pays each opponent, or each opponent pays"
              " the declarer."}[lang])


def test_the_event_lines_of_doubles_turned_talon_cards_and_hlasky_read_as_english() -> None:
    """LOW 1–3: "Bob: double the game." put a button's label in an event line (beside
    "Carol announces pagát ultimo."); "it goes to the tricks of Alice"; "trul with a king"
    for a hand of trul and up to four kings. Czech keeps its table talk ("Bohouš: flek na
    hru.", as "Bohouš: dobrá.")."""
    from engine.taroky.events import Flekked, TalonTurned
    from engine.taroky.messages import event_text, word

    names = ["Alice", "Bob", "Carol", "Dave"]
    said = {(1, "game", 1): "Bob doubles the game.",
            (2, "game", 2): "Carol redoubles the game.",
            (1, "game", 3): "Bob re-redoubles the game.",
            (1, "pagat", 1): "Bob doubles the pagát ultimo.",
            (3, "valat", 2): "Dave redoubles valat.",
            (1, "game", 4): "Bob doubles the game again (×16)."}
    for (seat, item, level), line in said.items():
        assert event_text(Flekked(seat, item, level), "en", names) == line
    assert event_text(Flekked(1, "game", 1), "cs", names) == "Bob: flek na hru."
    assert event_text(TalonTurned(PAGAT, 0), "en", names) == (
        "A talon card is turned: I; it goes to Alice's tricks.")
    assert word("trulhonery", "en") == "trul with king(s)"


def test_a_hand_after_the_round_says_the_round_is_over_as_the_table_does() -> None:
    """LOW 4: after the round each hand ended "The game is over." beside the table's "The
    round is over."."""
    from bot.games.taroky.hand import prompt

    rnd, _seat = example("finished")
    assert rnd.finished
    assert prompt(ui_table(rnd, "en"), rnd.view(0), "en") == "The round is over."
    assert prompt(ui_table(rnd, "cs"), rnd.view(0), "cs") == "Konec kola."


def test_an_announced_valat_names_its_announcer_first() -> None:
    """LOW 5: "The valat (Bob, Dave) failed." although Dave alone announced it. The side's
    valát, its announcer first; a silent one stays the side's."""
    from bot.games.taroky.texts import deal_result
    from engine.taroky.scoring import ValatResult

    rnd, _seat = example("finished")
    row = rnd.protocol[0]  # Anička with Cecílie against Bohouš and Dalibor
    failed = dataclasses.replace(row, pagat=None, valat_by=2, valats=(
        ValatResult(side="D", announced=True, level=1, won=False),))
    assert deal_result(ui_table(rnd, "en"), failed, "en").splitlines()[0].endswith(
        " but the valat (Cecílie with Anička, doubled ×2) failed.")
    assert deal_result(ui_table(rnd, "cs"), failed, "cs").splitlines()[0].endswith(
        " ale valát (Cecílie + Anička, flek ×2) nevyšel.")
    silent = dataclasses.replace(row, pagat=None, valat_by=None, valats=(
        ValatResult(side="O", announced=False, level=0, won=True),))
    assert deal_result(ui_table(rnd, "en"), silent, "en").splitlines()[0].endswith(
        " The silent valat (Bohouš and Dalibor) made it.")
