"""Review 72 (a Czech Taroky club: lobby switches, rules, a whole round, pictures): what it
found wrong, told by the words and pictures a player gets."""

from __future__ import annotations

import random

from bot.games.taroky.pictures import deal as deal_picture
from bot.games.taroky.texts import deal_result, finished_deal
from bot.render.common import TEXT
from engine.taroky import TarokyRound
from engine.taroky.actions import Announce
from engine.taroky.deal import random_deal
from engine.taroky.options import TarokyOptions
from tests.taroky_kit import default_policy
from tests.test_taroky_review70 import ui_table


def _flek_game(rnd: TarokyRound):  # type: ignore[no-untyped-def]
    """``default_policy``, but an opponent fleks the game once."""
    seat, deal = rnd.to_act, rnd.deal
    if (deal.phase == "announce" and deal.levels["game"] < 1
            and Announce(seat, "flek:game") in rnd.legal_actions()):
        return Announce(seat, "flek:game")
    return default_policy(rnd)


def _tie(policy, tie: str = "one_eye") -> TarokyRound:  # type: ignore[no-untyped-def]
    """A real 35:35 1P deal (Anička with Bohouš, the example's names) played to its end."""
    rnd = TarokyRound(options=TarokyOptions(tie=tie),
                      deals=[random_deal(random.Random("tie/10"), 3)])
    while not rnd.protocol:
        acts = policy(rnd)
        for act in acts if isinstance(acts, list) else [acts]:
            rnd.apply(act)
    assert rnd.protocol[0].eyes == (35, 35)
    return rnd


def test_a_tie_paid_as_a_loss_by_one_eye_says_so_and_who_pays_it() -> None:
    """M2: a 35:35 under "platit o jedno oko" read "výhra 35:35" / "prohra 35:35"."""
    plain, flek = _tie(default_policy), _tie(_flek_game)
    assert [plain.protocol[0].tie_payer, flek.protocol[0].tie_payer] == ["D", "O"]

    def head(rnd: TarokyRound, lang: str) -> str:
        return deal_result(ui_table(rnd, lang), rnd.protocol[0], lang).splitlines()[0]

    assert head(plain, "cs") == (
        "■ **1. rozdání: první povinnost** – Anička + Bohouš: plichta 35:35; podle pravidel"
        " stolu ji Anička a Bohouš platí jako prohru o jedno oko.")
    assert head(flek, "cs") == (
        "■ **1. rozdání: první povinnost, flek ×2** – Anička + Bohouš: plichta 35:35; podle"
        " pravidel stolu ji jako prohru o jedno oko platí strana, která dala poslední flek:"
        " Cecílie a Dalibor.")
    assert head(plain, "en") == (
        "■ **Deal 1: first duty** – Anička with partner Bohouš: a tie 35:35, paid by Anička"
        " and Bohouš as a loss by one eye (the table's rule).")
    assert head(flek, "en") == (
        "■ **Deal 1: first duty, doubled ×2** – Anička with partner Bohouš: a tie 35:35, paid"
        " as a loss by one eye by the side that gave the last flek, Cecílie and Dalibor (the"
        " table's rule).")
    zero = _tie(default_policy, "zero")
    assert zero.protocol[0].tie_payer is None and head(zero, "cs").endswith(
        "– Anička + Bohouš: plichta 35:35.")


def test_a_tie_s_picture_colours_neither_side_and_its_chip_says_who_pays() -> None:
    """M2: the deal picture coloured the declarers' 35 green (the opponents' flek) and said
    nothing of the tie."""
    names = ["Alice", "Bob", "Carol", "Dave"]
    for rnd, pays in ((_tie(default_policy), "o oko platí vydražitel se spoluhráčem"),
                      (_tie(_flek_game), "o oko platí protihráči"),
                      (_tie(default_policy, "zero"), "")):
        row, deal = rnd.protocol[0], finished_deal(rnd, 1)
        assert deal is not None
        chips = deal_picture._chips(deal, row, names, "cs")
        assert ("plichta", pays, TEXT) in chips
        assert deal.reveal is not None
        blocks = deal_picture._blocks(deal, row, deal.reveal, names, "cs")
        assert [(title, eyes, colour) for title, eyes, colour, _s in blocks] == [
            ("Vydražitel se spoluhráčem", "35 očí", TEXT), ("Protihráči", "35 očí", TEXT)]


def test_the_rules_summary_at_a_table_follows_its_varsava_push_and_cap() -> None:
    """M3: with Varšava off the table's Pravidla still offered Varšava and the push and
    explained Varšava; the cap read "strop (turnajový) 40 Kč" whatever the table's."""
    import dataclasses

    from bot.games.taroky.pictures.examples import example
    from bot.ui.builders import rules_sections, rules_text

    rnd, _seat = example("play")
    table = ui_table(rnd)

    def fields(options: TarokyOptions | None, lang: str = "cs") -> dict[str, str]:
        table.settings = dataclasses.replace(table.settings, options=(
            options or TarokyOptions()).to_json(), lang=lang)
        return dict(rules_sections(rules_text("taroky", None if options is None else table,
                                              lang))[1])

    general, off = fields(None), fields(TarokyOptions(varsava=False, cap=None))
    assert general["Licitace"].endswith(
        "Když všichni řeknou dobrá, předák hraje 1P, 2P, nebo Varšavu; zadák může místo dobré"
        " **žďuchnout** do Varšavy.")
    assert general["Oči"].endswith("zaokrouhleno nahoru po 50 h, strop (turnajový) 40,00 Kč.")
    assert "Varšava" in general
    assert off["Licitace"].endswith(
        "Když všichni řeknou dobrá, předák hraje 1P, nebo 2P (Varšava se u tohoto stolu"
        " nehraje).")
    assert "Varšava" not in off and off["Oči"].endswith("zaokrouhleno nahoru po 50 h, bez stropu.")
    no_push = fields(TarokyOptions(zduch=False, cap=2000))
    assert no_push["Licitace"].endswith("předák hraje 1P, 2P, nebo Varšavu.")
    assert no_push["Oči"].endswith("po 50 h, strop 20,00 Kč.") and "Varšava" in no_push
    en = fields(TarokyOptions(varsava=False), "en")
    assert en["Bidding"].endswith(
        "If all pass, the forehand plays 1P or 2P (this table does not play Warsaw).")
    assert "Warsaw" not in en and en["Eyes"].endswith("rounded up to 50 h, capped at 40.00 Kč.")
