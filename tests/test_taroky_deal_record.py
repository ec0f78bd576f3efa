"""A finished Taroky deal's record: the picture's chips for every announcement that moved
money (with whose it was), the statistics of a 35:35 the table pays, and the valát as a
verb's object ("hlásí valáta", as "flek na valáta")."""

from __future__ import annotations

import re

import pytest

from bot.locales import cs
from engine.taroky import messages
from engine.taroky.events import Announced
from engine.taroky.messages import event_text
from tests.helpers import drawn_texts

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def test_the_valat_is_valata_wherever_it_is_the_verb_s_object() -> None:
    """"Bob hlásí valát." and "můžeš ohlásit valát" beside "flek na valáta": the animate
    accusative throughout, as the pagát's ("hlásí pagáta"); the nominative stays ("Tvoje
    hlášení: valát", "Tichý valát (…) vyšel")."""
    assert event_text(Announced(1, "valat"), "cs", NAMES) == "Bob hlásí valáta."
    assert event_text(Announced(1, "valat"), "en", NAMES) == (
        "Bob announces valat (all 12 tricks).")
    assert messages.game_object("valat", "cs") == "valáta"
    assert cs.STRINGS["taroky.obj_valat"] == "valáta"
    assert "– a **valáta**, slib strany" in cs.STRINGS["taroky.rules_text"]
    # no Czech sentence announces, adds or fleks a "valát" in the nominative
    verb = re.compile(r"(hlás\w*|přidat|flek na|re na|sup na) valát\b")
    texts = [*cs.STRINGS.values(), *messages.WORDS["cs"].values(),
             *messages.EVENTS["cs"].values()]
    assert [x for x in texts if verb.search(x)] == []


def test_a_tie_the_table_pays_counts_in_the_statistics_by_who_paid() -> None:
    """A 35:35 under "platit o jedno oko" is the declarer's loss when his side pays it
    (``tie_payer`` "D": not among his games won), his win when the opponents do (they gave
    the game's last flek), neither paid nor won under "zero": the engine's money decides,
    as the stats field says it ("1P: 1× (0)")."""
    from bot.games.taroky import UI
    from bot.games.taroky.stats import taroky_stats
    from bot.storage.models import PlayerStats, SeatResult
    from engine.game import Outcome
    from tests.taroky_kit import default_policy
    from tests.test_taroky_review72 import _flek_game, _tie

    def stats(rnd, seat: int) -> PlayerStats:  # type: ignore[no-untyped-def]
        row = rnd.protocol[0]
        outcome = Outcome(places=(1, 1, 1, 1), scores=row.money, unit="hal",
                          lower_is_better=False, details={"protocol": [row.to_json()]})
        out = PlayerStats(user_id=1, game_kind="taroky", games=1)
        out.results.append(SeatResult(1, seat, 1, row.money[seat], outcome))
        return out

    for rnd, payer, won in ((_tie(default_policy), "D", 0), (_tie(_flek_game), "O", 1),
                            (_tie(default_policy, "zero"), None, 0)):
        row = rnd.protocol[0]
        assert (row.declarer, row.partner, row.tie_payer) == (0, 1, payer)
        declarer, partner = taroky_stats(stats(rnd, 0)), taroky_stats(stats(rnd, 1))
        assert (declarer.declared, declarer.won) == ({"1P": 1}, {"1P": won})
        assert (partner.partner, partner.partner_won) == (1, won)
        assert won == int(row.money[0] > 0)  # (the side paid, or was paid)
        fields = dict((name, value) for name, value, _inline in
                      UI.stats_fields(stats(rnd, 0), "cs"))
        assert fields["Hry vydražitele (vyhrané)"] == f"první povinnost: 1× ({won})"


def test_the_deal_picture_shows_every_item_that_moved_money_with_whose_it_was(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Review 72 LOW 6: the result's account named "taročky (Anička) +0,50 Kč · honéry
    (Bohouš) −0,50 Kč · … pagát ×2 −8,00 Kč", the picture only "pagát flek ×2 ✗". Now each
    hláška that counted has its chip with its holder and what it brought him (Dalibor's
    barvičky, not counted, moved nothing: no chip), and the pagát's says what it cost — all
    drawn, the names whole. Since review 81 each for the declarer's side, as the account
    says it (Bohouš's honéry −0,50, not his +0,50), the pagát with its owner."""
    from bot.games.taroky.pictures import chips as chip_module
    from bot.games.taroky.pictures import deal as deal_picture
    from bot.games.taroky.pictures.examples import NAMES as EXAMPLE_NAMES
    from bot.games.taroky.pictures.examples import example
    from bot.games.taroky.texts import account, finished_deal
    from bot.render.common import GOLD, GREEN, RED, TEXT

    rnd, _seat = example("finished")
    row, deal = rnd.protocol[0], finished_deal(rnd, 1)
    assert deal is not None
    assert account(row, EXAMPLE_NAMES, "cs") == (
        "Účet pro hráče Anička a Cecílie: hra +1,20 Kč · taročky (Anička) +0,50 Kč · honéry"
        " (Bohouš) −0,50 Kč · barvičky (Dalibor) nepočítá se – strana prohrála · pagát ×2"
        " −8,00 Kč = −6,80 Kč,"
        " zaokrouhleno na −7,00 Kč.")
    assert deal_picture._chips(deal, row, EXAMPLE_NAMES, "cs") == [
        ("hraje", "Anička", GOLD), ("volá", "XIX", TEXT), ("+", "Cecílie", GOLD),
        ("taročky (Anička)", "+0,50", GREEN), ("honéry (Bohouš)", "−0,50", RED),
        ("pagát (Anička)", "flek ×2 ✗ −8,00", RED)]
    assert deal_picture._chips(deal, row, EXAMPLE_NAMES, "en")[3:] == [
        ("8–9 taroks (Anička)", "+0.50", GREEN), ("honours (Bohouš)", "−0.50", RED),
        ("pagát ultimo (Anička)", "doubled ×2 ✗ −8.00", RED)]
    drawn = drawn_texts(monkeypatch, chip_module)
    img = deal_picture.deal_image(deal, row, EXAMPLE_NAMES, "cs")
    assert drawn == ["hraje", "Anička", "volá", "XIX", "+", "Cecílie", "taročky (Anička)",
                     "+0,50", "honéry (Bohouš)", "−0,50", "pagát (Anička)", "flek ×2 ✗ −8,00"]
    assert img.height <= deal_picture.MOST_H


def test_the_opponents_valat_names_whose_it_is_as_their_pagat() -> None:
    """Review 72: "tichý valát ✓" beside the opponents' pagát "pagát Dalibor" read as the
    declarer's side's. The opponents' valát names who announced it, a silent one the
    side's players; since review 81 the declarer's side's too ("valát Anička + Cecílie"),
    each signed for the declarer's side, as the protocol."""
    import dataclasses

    from bot.games.taroky.pictures import deal as deal_picture
    from bot.games.taroky.pictures.examples import NAMES as EXAMPLE_NAMES
    from bot.games.taroky.pictures.examples import example
    from bot.games.taroky.texts import finished_deal
    from bot.render.common import RED
    from engine.taroky.scoring import ValatResult

    rnd, _seat = example("finished")
    deal = finished_deal(rnd, 1)
    assert deal is not None
    base = dataclasses.replace(rnd.protocol[0], hlasky=((), (), (), ()), pagat=None)
    announced = dataclasses.replace(base, flek=(0, 0, 1), valat_by=3,
                                    valats=(ValatResult("O", True, 1, True),))
    assert deal_picture._chips(deal, announced, EXAMPLE_NAMES, "cs")[3:] == [
        ("valát (Dalibor + Bohouš)", "flek ×2 ✓ −16,00", RED)]
    assert deal_picture._chips(deal, announced, EXAMPLE_NAMES, "en")[3:] == [
        ("valat (Dalibor with Bohouš)", "doubled ×2 ✓ −16.00", RED)]
    both = dataclasses.replace(base, valat_by=0, valats=(
        ValatResult("D", True, 0, False), ValatResult("O", False, 0, True)))
    assert deal_picture._chips(deal, both, EXAMPLE_NAMES, "cs")[3:] == [
        ("valát (Anička + Cecílie)", "✗ −8,00", RED),
        ("tichý valát (Bohouš + Dalibor)", "✓ −4,00", RED)]
    alone = dataclasses.replace(base, partner=None, alone=True,
                                valats=(ValatResult("O", False, 0, True),))
    assert deal_picture._chips(deal, alone, EXAMPLE_NAMES, "en")[-1] == (
        "silent valat (Bohouš, Cecílie and Dalibor)", "✓ −4.00", RED)
