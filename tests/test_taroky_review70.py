"""Review 70 (a Czech Taroky club tries the rule edge cases): the words it found wrong."""

from __future__ import annotations

import dataclasses

from bot.games.taroky.hand import item_text, prompt
from bot.games.taroky.pictures import sheet
from bot.games.taroky.pictures.examples import NAMES as EXAMPLE_NAMES
from bot.games.taroky.pictures.examples import example, worked
from bot.games.taroky.texts import _pagat_result, account_parts, deal_result
from bot.games.taroky.words import level_text
from bot.i18n import in_ordinal, t, v_before
from bot.model import STATUS_PLAYING, Seat, Table, TableSettings
from engine.taroky import TarokyRound
from engine.taroky.actions import Announce, Bid, Call, Choose
from engine.taroky.cards import parse_card
from engine.taroky.events import Flekked
from engine.taroky.messages import event_text
from engine.taroky.options import TarokyOptions
from engine.taroky.scoring import PagatResult, ValatResult

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def ui_table(state: TarokyRound, lang: str = "cs") -> Table:
    """A playing table of the example's players around ``state``."""
    seats: list[Seat | None] = [Seat(100 + i, name) for i, name in enumerate(EXAMPLE_NAMES)]
    return Table(1, 1, 1, 1, TableSettings(options=state.options.to_json(), lang=lang), seats,
                 game_kind="taroky", status=STATUS_PLAYING, state=state)


def test_czech_says_ve_before_the_ordinals_read_with_a_cluster() -> None:
    """M1: "padl už ve 4. štychu" (ve čtvrtém), not "v 4."; "v 5." (v pátém) stays."""
    ve = [n for n in range(1, 51) if v_before(n) == "ve"]
    assert ve == [2, 3, 4, 12, 13, 14, *range(20, 50)]
    assert [v_before(n) for n in (100, 200, 500, 1000, 2000)] == ["ve", "ve", "v", "v", "ve"]
    assert [in_ordinal(n, "cs") for n in (1, 4, 12)] == ["v 1.", "ve 4.", "ve 12."]
    assert in_ordinal(4, "en") == "in the 4th"


def test_the_pagat_that_fell_early_says_the_trick_with_the_right_preposition() -> None:
    def early(trick: int, lang: str = "cs") -> str:
        return _pagat_result(PagatResult(3, "O", True, 3, False, trick), NAMES, lang)

    assert early(4) == "Pagát (Dave, sup ×8) nevyšel – padl už ve 4. štychu."
    assert early(3) == "Pagát (Dave, sup ×8) nevyšel – padl už ve 3. štychu."
    assert early(2) == "Pagát (Dave, sup ×8) nevyšel – padl už ve 2. štychu."
    assert early(5) == "Pagát (Dave, sup ×8) nevyšel – padl už v 5. štychu."
    assert early(4, "en") == ("The pagát ultimo (Dave, re-redoubled ×8) failed – the pagát (I)"
                              " was already played in trick 4.")


def test_a_forced_card_in_the_third_trick_begins_with_ve() -> None:
    assert t("taroky.hand_forced_one", "cs", card="XIV", number=3) == (
        "Ve 3. štychu šla tvoje karta XIV (automaticky).")
    assert t("taroky.hand_forced_one", "cs", card="XIV", number=7) == (
        "V 7. štychu šla tvoje karta XIV (automaticky).")


def _announcing() -> TarokyRound:
    """The worked deal (1P, XIX called) at its announcements: Anička (seat 0) speaks."""
    rnd = TarokyRound(deals=[worked()], options=TarokyOptions(round_deals=1))
    for action in (Bid(0, "1P"), Bid(1, "dobra"), Bid(2, "dobra"), Bid(3, "dobra"),
                   Choose(0, "1P"), Call(0, parse_card("XIX"))):
        rnd.apply(action)
    while rnd.deal.phase == "discard":
        rnd.apply(rnd.legal_actions()[0])
    return rnd


def _sup_on_the_game() -> TarokyRound:
    """The worked deal with flek, re and sup said on the game: Cecílie (seat 2) is offered
    the level above sup."""
    rnd = _announcing()
    for seat, item in ((0, "done"), (1, "flek:game"), (1, "done"), (2, "done"), (3, "done"),
                       (0, "flek:game"), (0, "done"), (1, "flek:game"), (1, "done")):
        rnd.apply(Announce(seat, item))
    assert rnd.to_act == 2 and rnd.view(2).public.flek[0] == 3
    return rnd


def test_a_flek_above_sup_is_not_worded_as_the_first_flek() -> None:
    """M2: "Flek ×16 na hru" read as the first doubling, next to "sup" as the third."""
    rnd = _sup_on_the_game()
    view = rnd.view(2)
    assert item_text("flek:game", view, "cs") == "Další flek ×16 na hru"
    assert item_text("flek:game", view, "en") == "Double the game again (×16)"
    cs, en = (ui_table(rnd, lang) for lang in ("cs", "en"))
    assert prompt(cs, view, "cs") == (
        "Hlášení: můžeš ohlásit další flek ×16 na hru, nebo říct dobrá.")
    [said] = [e for e in rnd.apply(Announce(2, "flek:game")) if isinstance(e, Flekked)]
    assert event_text(said, "cs", EXAMPLE_NAMES) == "Cecílie: další flek ×16 na hru."
    assert event_text(said, "en", EXAMPLE_NAMES) == "Cecílie doubles the game again (×16)."
    assert prompt(cs, rnd.view(2), "cs").startswith("Tvoje hlášení: další flek ×16 na hru.")
    assert prompt(en, rnd.view(2), "en").startswith(
        "You announced: double the game again (×16).")
    assert [level_text(n, "cs") for n in (3, 4, 5)] == ["sup ×8", "další flek ×16",
                                                        "další flek ×32"]
    assert [level_text(n, "en") for n in (3, 4)] == ["re-redoubled ×8", "doubled again ×16"]


def test_the_silent_valat_says_that_it_made_it_as_the_silent_pagat_does() -> None:
    """L2: "Tichý pagát (Dave) vyšel. Tichý valát (Dave)!" — the valát's line had no verb."""
    rnd, _seat = example("finished")
    row = dataclasses.replace(  # (Anička with Cecílie)
        rnd.protocol[0], pagat=PagatResult(seat=0, side="D", announced=False, level=0, won=True),
        valats=(ValatResult(side="D", announced=False, level=0, won=True),))
    assert deal_result(ui_table(rnd), row, "cs").splitlines()[0].endswith(
        ": hra vyhrána 47:23. Tichý pagát (Anička) vyšel. Tichý valát (Anička + Cecílie)"
        " vyšel.")
    assert deal_result(ui_table(rnd, "en"), row, "en").splitlines()[0].endswith(
        " The silent pagát ultimo (Anička) made it. The silent valat (Anička and Cecílie) made"
        " it.")


def test_the_hlasky_are_listed_declarer_first_as_they_were_announced() -> None:
    """L3: "hra +3,40 Kč · barvičky (Carol) nezapočteno · taročky (Dave) …" — by seat, the
    opponent before the declarer; T-ANNOUNCE publishes the declarer's first, then in
    playing order (Dalibor 3, then 0, 1, 2), and the result and the protocol row say so."""
    rnd, _seat = example("finished")
    row = dataclasses.replace(
        rnd.protocol[0], declarer=3, partner=None, pagat=None, valats=(),
        hlasky=((), (("honery", True),), (("barvicky", False),),
                (("tarocky", True), ("trulhonery", True))))
    assert [s for s, _h in row.hlasky_said] == [3, 1, 2]
    assert account_parts(row, EXAMPLE_NAMES, "cs")[1:] == [
        "taročky (Dalibor) +0,50 Kč", "trulhonéry (Dalibor) +1,00 Kč",
        "honéry (Bohouš) −0,50 Kč", "barvičky (Cecílie) nepočítá se – strana prohrála"]
    assert sheet._detail_parts(row, EXAMPLE_NAMES, "cs")[1:5] == [
        "taročky Dalibor +0,50", "trulhonéry Dalibor +1,00", "honéry Bohouš −0,50",
        "barvičky Cecílie (nezapočteno – strana prohrála)"]


def test_the_partner_is_told_of_without_a_masculine_spoluhrac() -> None:
    """L4: "Alice je spoluhráč vydražitele.", "Carol (spoluhráč Alice)" and the deal
    picture's "spoluhráč" chip and role named a player of unknown gender as a man (and the
    second read as "Alice's partner")."""
    from bot.games.taroky.pictures import deal as deal_picture
    from bot.games.taroky.texts import finished_deal
    from bot.games.taroky.words import pic
    from engine.taroky.events import PartnerRevealed

    assert event_text(PartnerRevealed(0), "cs", NAMES) == "Alice hraje s vydražitelem."
    assert event_text(PartnerRevealed(0), "en", NAMES) == "Alice is the declarer's partner."
    rnd, _seat = example("finished")
    row = rnd.protocol[0]  # Anička with Cecílie
    assert deal_result(ui_table(rnd), row, "cs").startswith(
        "■ **1. rozdání: první povinnost** – Anička + Cecílie: hra vyhrána 47:23, ale")
    deal = finished_deal(rnd, 1)
    assert deal is not None
    chips = deal_picture._chips(deal, row, EXAMPLE_NAMES, "cs")
    assert chips[:3] == [("hraje", "Anička", deal_picture.GOLD), ("volá", "XIX", deal_picture.TEXT),
                         ("+", "Cecílie", deal_picture.GOLD)]
    [side, _theirs] = deal_picture._blocks(deal, row, deal.reveal, EXAMPLE_NAMES, "cs")
    assert [(name, role) for name, role, *_rest in side[3]] == [
        ("Anička", "hraje"), ("Cecílie", "s vydražitelem")]
    assert pic("legend_partner", "cs") == "spolu s H"  # (the table's badge S, beside "H hraje")


def test_the_pagat_is_pagata_wherever_it_is_the_verb_s_object() -> None:
    """L5: "Bob hlásí pagát." beside "flek na pagáta": the animate accusative throughout;
    the nominative stays ("Tvoje hlášení: pagát", "Pagát (Bob) vyšel")."""
    from engine.taroky.events import Announced, PagatPromised

    assert event_text(Announced(1, "pagat"), "cs", NAMES) == "Bob hlásí pagáta."
    assert event_text(Announced(1, "valat"), "cs", NAMES) == "Bob hlásí valáta."
    assert event_text(PagatPromised(1), "cs", NAMES) == (
        "Bob hlásí pagáta s hrou (druhá povinnost).")
    assert event_text(Announced(1, "pagat"), "en", NAMES) == "Bob announces pagát ultimo."
    rnd = _announcing()
    cs, en = ui_table(rnd), ui_table(rnd, "en")
    assert prompt(cs, rnd.view(0), "cs") == (
        "Hlášení: můžeš ohlásit pagáta, valáta, nebo říct dobrá.")
    assert prompt(en, rnd.view(0), "en") == (
        "Announcements: you may announce pagát ultimo or valat, or pass.")
    assert item_text("pagat", rnd.view(0), "cs") == "Pagát"  # (the button: the item's name)
    rnd.apply(Announce(0, "pagat"))
    assert prompt(cs, rnd.view(0), "cs") == (
        "Tvoje hlášení: pagát. Můžeš přidat valáta, nebo skončit tlačítkem Hotovo.")
    assert "Pak lze ohlásit **pagáta** (ultimo)" in t("taroky.rules_text", "cs")


def test_the_deal_picture_names_the_owner_of_the_opponents_pagat() -> None:
    """L1: "pagát sup ×8 ✗" in red beside a lost game read as the declarer's pagát failing,
    though it was the opponents' (Dave's), and its failure paid the declarer's side."""
    from bot.games.taroky.pictures import deal as deal_picture
    from bot.games.taroky.texts import finished_deal

    rnd, _seat = example("finished")
    deal = finished_deal(rnd, 1)
    assert deal is not None
    theirs = dataclasses.replace(  # (Anička with Cecílie; Dalibor's pagát, sup, lost)
        rnd.protocol[0], flek=(0, 3, 0), pagat=PagatResult(3, "O", True, 3, False, 4))
    # (after the hlášky's chips; each with what it brought the declarer's side, as the
    # protocol signs it: review 81 M1 — review 72 LOW 6 had its owner's "−32,00")
    assert deal_picture._chips(deal, theirs, EXAMPLE_NAMES, "cs")[5:] == [
        ("pagát (Dalibor)", "sup ×8 ✗ +32,00", deal_picture.GREEN)]  # (review 89)
    assert deal_picture._chips(deal, theirs, EXAMPLE_NAMES, "en")[5:] == [
        ("pagát ultimo (Dalibor)", "re-redoubled ×8 ✗ +32.00", deal_picture.GREEN)]
    ours = dataclasses.replace(theirs, pagat=PagatResult(2, "D", True, 3, False, 4))
    # the declarer's side's pagát named too, as the protocol names it (review 81: unnamed)
    assert deal_picture._chips(deal, ours, EXAMPLE_NAMES, "cs")[5:] == [
        ("pagát (Cecílie)", "sup ×8 ✗ −32,00", deal_picture.RED)]
