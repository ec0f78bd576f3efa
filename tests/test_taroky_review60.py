"""Review 60's wording of Taroky: the English chips say who declared ("declarer Anička",
"chosen by Bohouš", not the Czech word order "plays Anička", "chose it Bohouš"), the
Czech Varšava chip says who chose it ("volí předák"), the English valát is "valat" (glossed
where it is announced and in the rules; "all tricks" made clumsy sentences and is Lóra's
game), the deal's picture marks the pagát and the valát made or failed (silent ones too),
a failed announced pagát says why, and an AI's hidden discards for a player are counted on
one line."""

from __future__ import annotations

import dataclasses

from bot.games.taroky.pictures import deal as deal_picture
from bot.games.taroky.pictures import table as table_picture
from bot.games.taroky.pictures.examples import NAMES, example
from bot.games.taroky.texts import deal_result, event_lines, finished_deal
from bot.locales.en import STRINGS as EN
from bot.model import Unclicked
from bot.render.common import GOLD, RED
from engine.taroky import events as ev
from engine.taroky.messages import WORDS, event_text
from engine.taroky.scoring import PagatResult, ValatResult, pagat_result
from tests.test_taroky_ui import _table


def test_the_chips_name_the_declarer_and_who_chose_varsava_in_each_language_s_order() -> None:
    rnd, _seat = example("finished")  # 1: první povinnost by Anička; 2: Varšava by Bohouš
    first, varsava = finished_deal(rnd, 1), finished_deal(rnd, 2)
    assert first is not None and varsava is not None
    assert deal_picture._chips(first, rnd.protocol[0], NAMES, "en")[:3] == [
        ("declarer", "Anička", GOLD), ("calls", "XIX", deal_picture.TEXT),
        ("partner", "Cecílie", GOLD)]
    assert deal_picture._chips(first, rnd.protocol[0], NAMES, "cs")[0] == (
        "hraje", "Anička", GOLD)
    assert deal_picture._chips(varsava, rnd.protocol[1], NAMES, "en") == [
        ("chosen by", "Bohouš", GOLD)]
    assert deal_picture._chips(varsava, rnd.protocol[1], NAMES, "cs") == [
        ("volba předáka", "Bohouš", GOLD)]  # (review 72: "volí předák" read oddly)
    # the table's strip says it alike
    playing, _seat = example("play")
    assert table_picture.strip_chips(playing.public_view().deal, NAMES, "en")[0] == (
        "declarer", "Anička", GOLD)


def test_the_english_valat_is_the_game_s_word_glossed_where_it_is_announced() -> None:
    names = list(NAMES)
    assert event_text(ev.Announced(0, "valat"), "en", names) == (
        "Anička announces valat (all 12 tricks).")
    assert event_text(ev.Announced(0, "valat"), "cs", names) == "Anička hlásí valáta."
    assert event_text(ev.Announced(0, "pagat"), "en", names) == (
        "Anička announces pagát ultimo.")
    assert event_text(ev.Flekked(1, "valat", 1), "en", names) == "Bohouš doubles valat."
    assert event_text(ev.Flekked(1, "valat", 1), "cs", names) == "Bohouš: flek na valáta."
    # no English Taroky word calls it "all tricks" any more (Lóra's game of that name)
    assert not [k for k, v in EN.items() if k.startswith("taroky.") and "all tricks" in v]
    assert "all tricks" not in " ".join(WORDS["en"].values())
    assert "**valat**, a side's promise to take all 12 tricks" in EN["taroky.rules_text"]

    rnd, _seat = example("finished")
    row = rnd.protocol[0]  # Anička with Cecílie against Bohouš and Dalibor
    made = dataclasses.replace(row, pagat=None, valats=(
        ValatResult(side="D", announced=True, level=1, won=True),))
    assert deal_result(_table(rnd, "en"), made, "en").splitlines()[0].endswith(
        " The valat (Anička and Cecílie, doubled ×2) made it!")
    silent = dataclasses.replace(row, pagat=None, valats=(
        ValatResult(side="O", announced=False, level=0, won=True),))
    assert deal_result(_table(rnd, "en"), silent, "en").splitlines()[0].endswith(
        " The silent valat (Bohouš and Dalibor) made it.")
    assert " · silent valat −4.00 Kč = " in deal_result(_table(rnd, "en"), silent,
                                                        "en").splitlines()[1]


def test_a_failed_announced_pagat_says_why_from_the_trick_the_engine_says_it_went_in() -> None:
    """Review 60 LOW 6: "Pagát (Alice) nevyšel." told a new player nothing. The engine's
    result says in which trick ``I`` went: before the last, or beaten in it."""
    rnd, _seat = example("finished")
    row = rnd.protocol[0]  # Anička's pagát, flekked; I went in trick 7 (to Cecílie)
    assert row.pagat is not None and row.pagat.trick == 7 and row.pagat.early
    assert not row.pagat.won
    cs = deal_result(_table(rnd), row, "cs").splitlines()[0]
    # (review 68 L3: "– I padl …" read the numeral I as a word: the pagát is the subject)
    assert cs.endswith(" hra vyhrána 47:23, ale pagát (Anička, flek ×2) nevyšel – padl už"
                       " v 7. štychu.")
    en = deal_result(_table(rnd, "en"), row, "en").splitlines()[0]
    assert en.endswith(" won the game 47:23, but the pagát ultimo (Anička, doubled ×2) failed"
                       " – the pagát (I) was already played in trick 7.")
    beaten = dataclasses.replace(row, pagat=dataclasses.replace(row.pagat, trick=12))
    assert beaten.pagat is not None and not beaten.pagat.early
    assert deal_result(_table(rnd), beaten, "cs").splitlines()[0].endswith(
        ", ale pagát (Anička, flek ×2) nevyšel – poslední štych nevzal.")
    assert deal_result(_table(rnd, "en"), beaten, "en").splitlines()[0].endswith(
        ", but the pagát ultimo (Anička, doubled ×2) failed – the pagát (I) did not take the"
        " last trick.")
    # a silent one is only ever played in the last trick: nothing to explain
    silent = dataclasses.replace(row, pagat=PagatResult(1, "O", False, 0, False, 12))
    assert deal_result(_table(rnd), silent, "cs").splitlines()[0].endswith(
        " Tichý pagát (Bohouš) nevyšel.")
    # the engine's result: the trick 1-based; early only before the last
    sides = ("D", "O", "D", "O")
    early = pagat_result(seat=0, trick=4, won_trick=True, announced=True, level=0, sides=sides)
    last = pagat_result(seat=0, trick=11, won_trick=False, announced=True, level=0,
                        sides=sides)
    assert early is not None and (early.trick, early.early, early.won) == (5, True, False)
    assert last is not None and (last.trick, last.early, last.won) == (12, False, False)


def test_the_deal_s_picture_marks_the_pagat_and_valat_made_or_failed_silent_ones_too() -> None:
    rnd, _seat = example("finished")
    deal = finished_deal(rnd, 1)
    assert deal is not None
    row = dataclasses.replace(
        rnd.protocol[0], flek=(0, 0, 0), pagat=PagatResult(1, "O", False, 0, True, 12),
        valats=(ValatResult("D", True, 0, False), ValatResult("O", False, 0, True)))
    # (after the hlášky's chips; each with whose it is and what it brought the declarer's
    # side, as the protocol: review 81 — review 72 LOW 6 had its owner's, the declarer's
    # side's unnamed)
    assert deal_picture._chips(deal, row, NAMES, "cs")[5:] == [
        ("tichý pagát (Bohouš)", "✓ −2,00", RED), ("valát (Anička + Cecílie)", "✗ −8,00", RED),
        ("tichý valát (Bohouš + Dalibor)", "✓ −4,00", RED)]  # (whose in brackets: review 89)
    assert deal_picture._chips(deal, row, NAMES, "en")[5:] == [  # (the opponents' pagát: whose)
        ("silent pagát ultimo (Bohouš)", "✓ −2.00", RED),
        ("valat (Anička and Cecílie)", "✗ −8.00", RED),
        ("silent valat (Bohouš and Dalibor)", "✓ −4.00", RED)]
    # drawn whole within the picture, the names whole in six rows of chips (five before
    # review 89's brackets: the two hlášky's chips no longer share a row)
    strip, _legend = deal_picture._chip_rows(deal, row, list(NAMES), "en")
    assert len(strip.rows) == 6 and all(not v.endswith("…") for r in strip.rows
                                        for _l, v, _c in r)
    assert deal_picture.deal_image(deal, row, NAMES, "en").height <= deal_picture.MOST_H


def test_an_ai_s_hidden_discards_for_a_player_are_one_counted_line() -> None:
    """Review 60 LOW 7: four lines "Alice odkládá kartu (hraje AI).": one line,
    the cards counted (1 kartu, 2–4 karty, 5 karet); taroks laid face up by the same AI
    keep their own line; another seat's, or the seat's own later ones, are apart."""
    from engine.taroky.cards import parse_card

    rnd, _seat = example("play")

    def stood(seat: int, n: int) -> list[object]:
        return [x for _ in range(n) for x in (Unclicked(seat, "stand_in"),
                                               ev.Discarded(seat, None))]

    cs, en = _table(rnd), _table(rnd, "en")
    assert event_lines(cs, stood(0, 4)) == ["Anička odkládá 4 karty (tah AI)."]
    assert event_lines(en, stood(0, 4)) == [
        "Anička lays away 4 cards (AI move)."]
    assert event_lines(cs, stood(0, 1)) == ["Anička odkládá kartu (tah AI)."]
    assert event_lines(en, stood(0, 1)) == [
        "Anička lays away a card (AI move)."]
    assert event_lines(cs, stood(0, 2)) == ["Anička odkládá 2 karty (tah AI)."]
    assert event_lines(cs, stood(0, 5)) == ["Anička odkládá 5 karet (tah AI)."]
    xvi = parse_card("XVI")
    mixed = [*stood(0, 1), Unclicked(0, "stand_in"), ev.Discarded(0, xvi), *stood(0, 2),
             *stood(2, 1), ev.Discarded(0, None)]
    assert event_lines(cs, mixed) == [
        "Anička odkládá 3 karty (tah AI).",
        "Anička odkládá XVI lícem nahoru (tah AI).",
        "Cecílie odkládá kartu (tah AI)."]
