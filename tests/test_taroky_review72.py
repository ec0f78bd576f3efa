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
        " as a loss by one eye by the side that gave the last double, Cecílie and Dalibor (the"
        " table's rule).")
    zero = _tie(default_policy, "zero")
    assert zero.protocol[0].tie_payer is None and head(zero, "cs").endswith(
        "– Anička + Bohouš: plichta 35:35.")


def test_a_tie_s_picture_colours_neither_side_and_its_chip_says_who_pays() -> None:
    """M2: the deal picture coloured the declarers' 35 green (the opponents' flek) and said
    nothing of the tie, nor did the protocol's row ("oči 35:35")."""
    from bot.games.taroky.pictures import sheet
    from bot.render.common import MUTED

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
        # the protocol's row: "plichta 35:35", not "oči 35:35"
        assert sheet.line_end(row, "cs") == [("35:35", TEXT), ("plichta", MUTED)]
        assert sheet.line_end(row, "en")[1] == ("tie", MUTED)


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


async def test_the_lobby_s_rule_switches_ask_each_player_once_and_not_for_rules_he_accepted(
        harness) -> None:
    """M4: every flip of the lobby's rule select posted a new message pinging the seated
    players (six pinged Bob in a few seconds), and switched back to the rules all had
    accepted, all were asked again and the creator could not start."""
    from tests.botkit import controls

    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("taroky")
    alice, bob, carol = (guild.add_member(env.create_user(n, global_name=n.title()))
                         for n in ("alice", "bob", "carol"))
    await alice.slash(ch, "taroky new", language="cs")
    table = harness.service.tables[1]
    await bob.click(ch.last_message, custom_id="lora:l:1:join")

    def lobby():  # type: ignore[no-untyped-def]
        return next(m for m in ch.history() if m.id == table.message_id)

    async def flip(choice: str) -> list[str]:
        """The creator flips a switch: the posts it made besides the lobby's edit."""
        seen = {m.id for m in ch.history()}
        message = lobby()
        select = next(c for c in controls(message) if c["type"] == 3)
        await alice.select(message, [choice], custom_id=select["custom_id"])
        return [m.content for m in ch.history() if m.id not in seen]

    asked_bob = ("Pravidla stolu č. 1 se změnila – " + bob.mention
                 + ", podívej se na ně a potvrď je tlačítkem „Souhlasím s pravidly“ (nebo od"
                 " stolu odejdi).")
    assert await flip("varsava") == [asked_bob]
    assert table.not_agreed() == [1]
    assert await flip("varsava") == []  # (back to what Bob accepted: nobody to ask)
    assert table.not_agreed() == [] and table.settings.options["varsava"] is True
    assert await flip("tie") == [asked_bob]
    assert await flip("solo_talon") == []  # (Bob is asked already: the lobby says so)
    assert lobby().embeds[0].fields[0].value.splitlines()[1].endswith(
        "⏳ čeká se na souhlas se změněnými pravidly")
    await bob.click(lobby(), custom_id="lora:l:1:agree")
    await carol.click(lobby(), custom_id="lora:l:1:join")
    assert await flip("zduch") == [
        f"Pravidla stolu č. 1 se změnila – {bob.mention}, {carol.mention},"
        " podívejte se na ně a potvrďte je tlačítkem „Souhlasím s pravidly“ (nebo od stolu"
        " odejděte)."]
    assert await flip("zduch") == [] and table.not_agreed() == []
    await alice.click(lobby(), custom_id="lora:lai:1:easy")
    await alice.click(lobby(), custom_id="lora:l:1:start")
    assert table.status == "playing"


def test_options_switched_back_are_their_old_revision_kept_over_a_restart() -> None:
    """M4: the same options are the same revision (its seats' agreement stands); new ones
    a revision never used, also after the settings were saved and read back."""
    from bot.model import TableSettings

    settings = TableSettings(options={"tie": "zero"})
    settings.revise({"tie": "one_eye"})
    assert settings.revision == 1
    settings.revise({"tie": "zero"})
    assert settings.revision == 0
    settings = TableSettings.from_json(settings.to_json())
    settings.revise({"tie": "zero", "varsava": False})
    assert settings.revision == 2  # (not 1: that was {"tie": "one_eye"})
    settings.revise({"tie": "one_eye"})
    assert (settings.revision, settings.options) == (1, {"tie": "one_eye"})
    assert "revisions" not in TableSettings().to_json()


def test_a_finished_deal_s_suit_card_tops_show_their_sign_large_enough_on_a_phone(
        monkeypatch) -> None:
    """LOW 5: each card top's suit sign was ~6 px on a phone (♣/♠, ♥/♦ hard to tell). The
    record draws every card's index itself (review 77: ``record``, its rank too), the sign
    under the rank at least 11 px on a phone (measured for every card in
    ``test_render_legibility``); each of the deal's cards is drawn so."""
    from PIL import Image

    from bot.games.taroky.pictures import deal as pictures_deal
    from bot.games.taroky.pictures import record
    from bot.games.taroky.texts import finished_deal
    from bot.render.common import PHONE_W
    from engine.taroky.cards import parse_card
    from tests.taroky_protocol_rounds import NAMES as ROUND_NAMES
    from tests.taroky_protocol_rounds import varied

    def sign_height(card: int) -> int:
        """The height of the ink under the rank in the plate (a dark or red sign)."""
        left, top, right, _bottom = record.PLATE
        below = top + record.TOP + record.INDEX_PX + 2  # (under the rank's ink)
        face = record.record_face(card, "cs").convert("L")
        ink = Image.eval(face.crop((left + 2, below, right - 1, record.TAB_H - 4)),
                         lambda v: 255 if v < 150 else 0)
        box = ink.getbbox()
        assert box is not None
        return box[3] - box[1]

    scale = PHONE_W / pictures_deal.W
    for name in ("7x", "8p", "3h", "Ak", "4k", "Kh", "Qk"):
        assert sign_height(parse_card(name)) * scale >= 11, name
    drawn = []
    monkeypatch.setattr(pictures_deal, "put_record",
                        lambda _img, card, x, y, lang: drawn.append((card, lang)))
    rnd = varied(1)
    deal = finished_deal(rnd, 1)
    assert deal is not None
    pictures_deal.deal_image(deal, rnd.protocol[0], ROUND_NAMES, "en")
    assert {card for card, _lang in drawn} == set(range(54))
    assert {lang for _card, lang in drawn} == {"en"}


def test_a_protocol_page_s_picture_names_the_deals_it_holds(monkeypatch) -> None:
    """LOW 10: every page's picture said "rozdání: 9" alone (shared, it did not say which
    deals it held); the summary and the whole protocol keep the count."""
    from bot.games.taroky.pictures import pages, sheet
    from tests.helpers import drawn_texts
    from tests.taroky_protocol_rounds import NAMES as ROUND_NAMES
    from tests.taroky_protocol_rounds import varied

    view = varied(12).public_view()
    assert pages.protocol_pages(view, ROUND_NAMES) == ["Rozdání 1.–4.", "Rozdání 5.–8.",
                                                       "Rozdání 9.–12.", "Součet"]
    seen = drawn_texts(monkeypatch, sheet)

    def sub(lang: str, page: int | None, round_no: int | None = None) -> str:
        seen.clear()
        pages.sheet_image(view, ROUND_NAMES, lang, round_no, page=page)
        return seen[1]

    assert sub("cs", 1) == "rozdání 5.–8. z 12 · vklad 20,00 Kč"
    # (beside a tournament's "Score sheet – round 1" cut, the range kept whole; beside a
    # table of its own's "Score sheet" whole: review 81)
    assert sub("en", 0, 1) == "deals 1–4 of 12 · stake 20.00…"
    assert sub("en", 0) == "deals 1–4 of 12 · stake 20.00 Kč"
    assert sub("cs", 3) == sub("cs", None) == "vklad 20,00 Kč · rozdání: 12"


async def test_a_spectator_asking_for_cards_in_the_channel_of_a_thread_s_table_is_pointed_there(
        harness) -> None:
    """LOW 11: asked in the channel where the bot said "stůl č. 1 hraje ve vlákně #…", the
    cards command answered "Nesedíš u žádného stolu na tomto serveru." alone."""
    from tests.botkit import reply
    from tests.test_bot_threads import set_threads, setup, start_with_ai, thread_of

    guild, ch, (alice, eve) = setup(harness, ["alice", "eve"])
    await set_threads(harness, guild, ch, "always")
    await alice.slash(ch, "taroky new", language="cs")
    table = harness.service.tables[1]
    thread = thread_of(ch, table)
    await start_with_ai(alice, thread, 1)
    assert table.status == "playing"
    res = await eve.slash(ch, "taroky hand")
    assert reply(res).content == (  # (in her client's English)
        f"You sit at no table. Table 1 plays in the thread <#{thread.id}>: you can see its"
        " table and score sheet there; nobody sees another's hand.")
    res = await eve.slash(thread, "taroky hand")  # (in the thread: as before, its Czech)
    assert reply(res).content == (
        "U tohoto stolu nesedíš – karty ostatních nevidí nikdo. Stůl a protokol vidíš.")
