"""Taroky's pictures: golden layouts (stand-in card faces, one with the real art), legibility
of a 16-card hand at phone width, and what each picture is drawn from.

Regenerate after an intended change with::

    LORA_UPDATE_GOLDEN=1 PYTHONPATH=. python -m pytest -q tests/test_taroky_pictures.py
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest
from PIL import Image

from bot.games.taroky.pictures import clear_caches, render_hand, render_sheet, render_table
from bot.games.taroky.pictures import hand as hand_picture
from bot.games.taroky.pictures.examples import KINDS, NAMES, drive, example, shuffled
from bot.i18n import tn
from bot.render import cards as card_art
from bot.render.common import EMBED_W
from bot.render.fonts import font
from bot.render.names import fit_apart
from engine.taroky import TarokyRound
from engine.taroky.cards import NUM_TAROKS, parse_card
from engine.taroky.options import TarokyOptions
from tests.test_render_golden import REAL_ART_MAX, STAND_IN_MAX, _check

PHONE = 400  # px: how wide a phone shows a picture in a message
READ_AT, LEGIBLE = 430, 12  # px: a phone's width, at which words are at least 12 px
EMBED_LEGIBLE = 11  # px: the least word of the table's picture, shown EMBED_W px wide


@cache
def _example(kind: str) -> tuple[TarokyRound, int]:
    return example(kind)


def _table(kind: str, lang: str = "cs") -> bytes:
    rnd, _seat = _example(kind)
    return render_table(rnd.public_view(), NAMES, lang)


def _hand(kind: str, lang: str = "cs") -> bytes:
    rnd, seat = _example(kind)
    return render_hand(rnd.view(seat), NAMES, lang)


CASES: dict[str, Callable[[], bytes]] = {
    "taroky_table_bid": lambda: _table("bid"),
    "taroky_table_trojka": lambda: _table("trojka"),
    "taroky_table_announce": lambda: _table("announce", "en"),
    "taroky_table_play": lambda: _table("play"),
    "taroky_table_solo": lambda: _table("solo"),
    "taroky_table_varsava": lambda: _table("varsava"),
    "taroky_table_finished_en": lambda: _table("finished", "en"),
    "taroky_hand_discard": lambda: _hand("discard"),
    "taroky_hand_trojka": lambda: _hand("trojka", "en"),
    "taroky_hand_play": lambda: _hand("play"),
    "taroky_sheet_finished": lambda: render_sheet(_example("finished")[0].public_view(),
                                                  NAMES),
    "taroky_deal_first_duty": lambda: _deal(1),
    "taroky_deal_varsava": lambda: _deal(2),
    "taroky_deal_preferans_en": lambda: _deal(3, "en"),
}


def _deal(n: int, lang: str = "cs") -> bytes:
    """Deal ``n`` of the finished example (1P, Varšava, 3P2, sólo) as counted."""
    from bot.games.taroky.pictures import render_deal
    from bot.games.taroky.texts import finished_deal

    rnd, _seat = _example("finished")
    deal = finished_deal(rnd, n)
    assert deal is not None
    return render_deal(deal, rnd.protocol[n - 1], NAMES, lang)


@pytest.fixture
def stand_in_art(tmp_path: Path) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(card_art, "TAROKY_ART_DIR", tmp_path)
        clear_caches()
        yield
    clear_caches()


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_layout(name: str, stand_in_art: None) -> None:
    _check(name, CASES[name](), STAND_IN_MAX)


def test_golden_with_the_real_taroky_art() -> None:
    clear_caches()
    _check("taroky_art_hand_discard", CASES["taroky_hand_discard"](), REAL_ART_MAX)


def test_examples_reach_their_states() -> None:
    states = {kind: _example(kind)[0] for kind in KINDS}
    assert states["bid"].deal.phase == "bid" and states["bid"].deal.deal_no == 2
    assert states["discard"].view(0).discard_left == 4
    assert states["trojka"].deal.trojka_step == 1 and len(states["trojka"].deal.shown) == 3
    assert states["announce"].deal.levels["pagat"] == 1
    assert states["play"].deal.partner_public
    assert states["solo"].deal.game == "6P" and len(states["solo"].deal.turned) == 4
    assert states["varsava"].deal.game == "W" and states["varsava"].deal.zduch
    finished = states["finished"]
    assert finished.finished and [r.game for r in finished.protocol] == ["1P", "W", "3P2",
                                                                         "6P"]


@pytest.mark.parametrize("kind", ["discard", "play"])
def test_the_hand_greys_every_card_the_engines_legal_actions_exclude(
        kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Review 68 L4: in the discard picture the kings were greyed, but the taroks that may
    not be laid away (dimmed: their dark art still read as allowed) looked like allowed
    cards. Every card of the hand outside the engine's legal moves (a discard: the cards of
    some legal whole discard) is drawn without colour; the others lit."""
    from engine.taroky.actions import Discard, Play
    from engine.taroky.cards import cards_of

    rnd, seat = _example(kind)
    view = rnd.view(seat)
    allowed = {a.card for a in view.legal if isinstance(a, Play | Discard)}
    allowed |= set(cards_of(view.discardable))
    drawn: dict[int, str] = {}
    real = hand_picture.cards.put

    def spy(img: Image.Image, card: int, width: int, x: int, y: int, style: str = "plain",
            deck: str = "lora", lang: str = "") -> None:
        if width == hand_picture.CARD_W:  # (the hand's rows, not the extras below)
            drawn[card] = style
        real(img, card, width, x, y, style, deck, lang)

    monkeypatch.setattr(hand_picture.cards, "put", spy)
    hand_picture._hand_image.cache_clear()
    hand_picture.hand_image(view, NAMES, "cs")
    hand_picture._hand_image.cache_clear()
    hand = set(cards_of(view.hand))
    assert drawn == {c: "glow" if c in allowed else "grey" for c in hand}
    if kind == "discard":  # Anička lays 4 away of 7 suit cards: no tarok, no king
        assert {c for c in hand if drawn[c] == "grey"} == {c for c in hand if c < NUM_TAROKS
                                                          } | {parse_card("Kh")}
    tile = card_art.tile(parse_card("XX"), 150, "grey", "taroky").convert("RGB")
    assert max(max(px) - min(px) for px in set(tile.getdata())) <= 2  # grey: no colour left


def test_a_sixteen_card_hand_stays_legible_at_phone_width() -> None:
    """Even sixteen taroks in one row leave every card's corner index visible on a phone
    (a strip of at least 18 px of a card at least 70 px wide, the art's index is in its left
    fifth); a usual hand of 16 (taroks and suits in two rows) shows much more."""
    scale = PHONE / hand_picture.W
    assert hand_picture.CARD_W * scale >= 70
    worst = hand_picture._positions(list(range(16)))
    assert min(b - a for a, b in itertools.pairwise(worst)) * scale >= 18
    assert worst[0] >= 0 and worst[-1] + hand_picture.CARD_W <= hand_picture.W
    usual = hand_picture._positions([NUM_TAROKS + c for c in (0, 1, 2, 3, 8, 9, 10, 16, 17)])
    assert min(b - a for a, b in itertools.pairwise(usual)) * scale >= 35


def test_the_protocol_keeps_every_value_inside_its_players_column() -> None:
    """A round's sums run into hundreds of Kč ("+134,00", "−377,00", even "+1234,00"): each
    value of a player's column fits the column (condensed, never below the sheet's smallest
    size) instead of running into its neighbour's; the running money and a dokup share the
    line under it while they fit at that size, else take two (seen: "+109,00+134,00" in one
    run, "40 o." under "↑20", then pieces squeezed to 13 px)."""
    from bot.games.taroky.pictures import sheet
    from bot.render.common import GOLD, MUTED
    from bot.render.fonts import font

    for value, size, style in (("+1234,00", 25, "bold"), ("−377,00", 25, "bold"),
                               ("−1234,00", 25, "regular"), ("330,00", 25, "regular")):
        f = sheet.sized(value, size, style)
        assert f.getlength(value) <= sheet.CELL_W and f.size >= sheet.SMALLEST
    assert sheet.sized("+9,50", 25, "bold").size == 25  # small values keep their size
    f = font(sheet.SMALLEST)
    for pieces, count in (([("9,50", MUTED), ("↑120", GOLD)], 1),
                          ([("1003,00", MUTED), ("↑120", GOLD)], 2)):
        lines = sheet.column_lines(pieces)
        assert len(lines) == count and [p for line in lines for p in line] == pieces
        for line in lines:
            assert sum(f.getlength(p) for p, _c in line) + sheet.PIECE_GAP * (
                len(line) - 1) <= sheet.CELL_W


def test_the_protocol_shows_usual_names_whole_over_the_columns() -> None:
    """Names like "AI Jaroslav" or "AI Božena" fit over a player's column on one line (they
    were cut to "AI Jar…", "AI Bo…"); only a long name is cut."""
    from bot.games.taroky.pictures import sheet

    for name in ("AI Karel", "AI Jaroslav", "AI Božena", "Bohouš", "Cecílie", "Bohuslava",
                 "Ann (AI)"):
        lines, f = sheet.header_lines(name)
        assert lines == [name] and f.getlength(name) <= sheet.COL_W - 8
        assert f.size >= sheet.SMALLEST
    lines, _f = sheet.header_lines("Přemysl Novák-Ottendorfer Šťastný")
    assert len(lines) == 2 and lines[-1].endswith("…")


def test_the_protocol_puts_a_longer_name_whole_on_two_lines_over_its_column(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A name one line cannot take ("AI Bohuslava", "Jaroslava (AI)": cut to ten letters,
    "AI Bohusl…") goes whole on two lines over the column, broken after a space or a
    hyphen, at the sheet's smallest size at least, each line within the column; the
    picture draws those lines."""
    from bot.games.taroky.pictures import pages, sheet

    names = ["AI Bohuslava Veselá", "Jaroslava (AI)", "Kristýna Nováková",
             "Anna-Marie Veselá"]
    assert sheet.header_lines("AI Bohuslava")[0] == ["AI Bohuslava"]  # (a column's room)
    for name in names:
        lines, f = sheet.header_lines(name)
        assert len(lines) == 2 and " ".join(lines).replace("- ", "-") == name, lines
        assert all(f.getlength(x) <= sheet.COL_W - 8 for x in lines) and f.size >= 21
    for lang in ("cs", "en"):
        drawn = _sizes(monkeypatch, sheet)
        pages.sheet_image(_example("finished")[0].public_view(), names, lang)
        texts = [t for t, _s in drawn]
        for name in names:
            first, second = sheet.header_lines(name)[0]
            assert first in texts and second in texts, (name, lang)


def test_T_HLASKY_VALAT_the_protocol_names_whose_valat_it_is() -> None:
    """A valát's line names its side's players, as the pagát's names its owner: a sólo's is
    the declarer's, a pair's the two players' (was "valát hráčů", of the declarers, and
    "tichý valát hráčů ✓" did not say whose), the opponents' theirs (English said "valát of
    the Anička") — as the result and the deal's picture name them (review 81: "Alena +
    Bohouš + Dana" there, "Alena, Bohouš, Dana" here)."""
    import dataclasses

    from bot.games.taroky.pictures import sheet
    from engine.taroky.scoring import ValatResult

    rnd, _seat = _example("finished")
    solo = rnd.protocol[3]
    assert solo.game == "6P" and solo.partner is None and solo.declarer == 0
    failed = (ValatResult(side="D", announced=True, level=2, won=False),)
    assert "valát Anička ×4 ✗ −32,00" in sheet._detail_parts(
        dataclasses.replace(solo, valats=failed), NAMES, "cs")
    assert "valat Anička ×4 ✗ −32.00" in sheet._detail_parts(
        dataclasses.replace(solo, valats=failed), NAMES, "en")
    theirs = (ValatResult(side="O", announced=False, level=0, won=True),)
    assert "tichý valát Bohouš + Cecílie + Dalibor ✓ −4,00" in sheet._detail_parts(
        dataclasses.replace(solo, valats=theirs), NAMES, "cs")
    pair = rnd.protocol[0]
    assert (pair.declarer, pair.partner) == (0, 2)
    assert "valát Anička + Cecílie ×4 ✗ −32,00" in sheet._detail_parts(
        dataclasses.replace(pair, valats=failed), NAMES, "cs")
    silent = (ValatResult(side="D", announced=False, level=0, won=True),)
    assert "tichý valát Anička + Cecílie ✓ +4,00" in sheet._detail_parts(
        dataclasses.replace(pair, valats=silent), NAMES, "cs")
    assert "silent valat Anička and Cecílie ✓ +4.00" in sheet._detail_parts(
        dataclasses.replace(pair, valats=silent), NAMES, "en")
    # (known1: English read "Cecílie with Bohouš, Dalibor"; Czech keeps its "+", no case)
    assert "silent valat Bohouš, Cecílie and Dalibor ✓ −4.00" in sheet._detail_parts(
        dataclasses.replace(solo, valats=theirs), NAMES, "en")
    announced = (ValatResult(side="O", announced=True, level=1, won=True),)
    assert "valat Cecílie with Bohouš and Dalibor ×2 ✓ −16.00" in sheet._detail_parts(
        dataclasses.replace(solo, valats=announced, valat_by=2), NAMES, "en")
    assert "valát Cecílie + Bohouš + Dalibor ×2 ✓ −16,00" in sheet._detail_parts(
        dataclasses.replace(solo, valats=announced, valat_by=2), NAMES, "cs")


def test_T_SCORE_NET_the_protocol_says_a_capped_sum_is_the_cap_not_a_rounding() -> None:
    """"Σ +52,00 → +40,00" read as a rounding: the cap is called so ("→ strop"); a sum
    rounded up to 50 hal keeps the bare arrow."""
    import dataclasses

    from bot.games.taroky.pictures import sheet

    rnd, _seat = _example("finished")
    solo = rnd.protocol[3]

    def total(s: int, a: int, lang: str) -> str:
        row = dataclasses.replace(solo, components={**(solo.components or {}), "S": s, "A": a})
        return sheet._detail_parts(row, NAMES, lang)[-1]

    assert total(5200, 4000, "cs") == "Σ +52,00 → strop +40,00"
    assert total(-7200, 4000, "cs") == "Σ −72,00 → strop −40,00"
    assert total(5200, 4000, "en") == "Σ +52.00 → cap +40.00"
    assert total(-960, 1000, "cs") == "Σ −9,60 → −10,00"
    assert total(4020, 4000, "cs") == "Σ +40,20 → strop +40,00"


LONG_NAMES = ["Maximilián Šťastný-Kovářík", "Bartoloměj Přemyslovský z Dubé",
              "Kristýna Nováková-Dvořáková", "AI Božena"]


def test_the_protocol_shows_a_long_detail_whole_on_more_lines() -> None:
    """A deal's detail (partner, fleks, hlášky, pagát, valát) ended in "…" when long, while
    the channel's result message has it whole; with long names even a single hláška was cut
    ("taročky Maximilián Šťastný-Kovářík (nezapočte…)", the words that it did not count
    lost): the detail takes the whole row's width and as many lines as it needs, broken
    between its parts, and its row grows by a line for each."""
    import dataclasses

    from PIL import Image

    from bot.games.taroky.pictures import sheet
    from engine.taroky.scoring import PagatResult, ValatResult

    rnd, _seat = _example("finished")
    view = rnd.public_view()
    pair = next(r for r in view.protocol if r.partner is not None)
    long = dataclasses.replace(
        pair, flek=(2, *pair.flek[1:]),
        pagat=PagatResult(seat=3, side="O", announced=True, level=2, won=True),
        valats=(ValatResult(side="O", announced=True, level=2, won=False),))
    for names in (LONG_NAMES, [n[:32] + "x" * (32 - len(n)) for n in LONG_NAMES]):
        for lang in ("cs", "en"):  # (a Discord name has at most 32 characters)
            parts = sheet._detail_parts(long, names, lang)
            lines, f = sheet.detail_lines(parts)
            assert " ".join(lines) == " · ".join(parts) and "…" not in " ".join(lines)
            assert all(f.getlength(line) <= sheet.DETAIL_W for line in lines)
            assert f.size >= sheet.SMALLEST and len(lines) >= 3
    void = next(p for p in sheet._detail_parts(long, LONG_NAMES, "cs") if "nezapočteno" in p)
    assert any(void in line
               for line in sheet.detail_lines(sheet._detail_parts(long, LONG_NAMES, "cs"))[0])
    short = sheet._detail_parts(dataclasses.replace(
        long, flek=pair.flek, hlasky=((), (), (), ()), pagat=None, valats=()), NAMES,
        "cs")
    assert sheet.detail_lines(short)[0] == [" · ".join(short)]  # one line
    with_long = dataclasses.replace(view, protocol=(*view.protocol, long))
    grown = Image.open(io.BytesIO(render_sheet(with_long, LONG_NAMES)))
    lines = sheet.detail_lines(sheet._detail_parts(long, LONG_NAMES, "cs"))[0]
    plain = Image.open(io.BytesIO(render_sheet(dataclasses.replace(
        view, protocol=(*view.protocol, dataclasses.replace(
            long, flek=pair.flek, hlasky=((), (), (), ()), pagat=None, valats=()))),
        LONG_NAMES)))
    few = sheet.detail_lines(sheet._detail_parts(dataclasses.replace(
        long, flek=pair.flek, hlasky=((), (), (), ()), pagat=None, valats=()), LONG_NAMES,
        "cs"))[0]
    assert grown.height == plain.height + (len(lines) - len(few)) * sheet.DETAIL_LINE


def test_a_part_longer_than_a_line_is_broken_between_its_words() -> None:
    """Parts go whole to the next line; only a part wider than a whole line is broken, and
    then between its words, never cut."""
    from bot.games.taroky.pictures import sheet
    from bot.render.fonts import fit, font

    f = font(sheet.SMALLEST)
    parts = ["hra ×2", "blána Maximilián Šťastný-Kovářík, Bartoloměj Přemyslovský z Dubé, "
             "Kristýna Nováková-Dvořáková", "pagát AI Karel ×4 ✓"]
    lines = sheet.wrap_parts(parts, f, 400)
    assert " ".join(lines) == " · ".join(parts) and "…" not in " ".join(lines)
    assert all(f.getlength(line) <= 400 for line in lines)
    assert lines[-1] == "pagát AI Karel ×4 ✓"  # whole on its own line
    assert sheet.wrap_parts(["a", "b", "c"], f, 400) == ["a · b · c"]
    assert sheet.wrap_parts(["ab" * 40, "c"], f, 200) == [
        fit("ab" * 40 + " ·", f, 200), "c"]  # one word wider than a line: the only cut


def _sizes(monkeypatch: pytest.MonkeyPatch, module: object) -> list[tuple[str, int]]:
    """Every text the module draws from now on, with its font's size."""
    from bot.render import common

    drawn: list[tuple[str, int]] = []

    def spy(img: object, xy: tuple[float, float], value: str, fnt: object,
            *args: object) -> float:
        drawn.append((value, int(getattr(fnt, "size", 0))))
        return common.text(img, xy, value, fnt, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(module, "text", spy)
    return drawn


def test_the_protocol_is_legible_at_phone_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shown 430 px wide on a phone, no word of the protocol is smaller than 12 px (the
    detail lines and the running money were 16–18 px on a 900 px picture: 7–8 px): long
    names, a Varšava, dokups, three-digit sums, a busy detail, both languages; the sheet of a
    long round is pages a phone shows whole at its full width."""
    import dataclasses

    from bot.games.taroky.pictures import pages, sheet
    from engine.taroky.scoring import PagatResult, ValatResult

    rnd, _seat = _example("finished")
    view = rnd.public_view()
    busy = dataclasses.replace(
        view.protocol[0], flek=(3, *view.protocol[0].flek[1:]),
        pagat=PagatResult(seat=3, side="O", announced=True, level=2, won=True),
        valats=(ValatResult(side="O", announced=True, level=1, won=False),),
        running=(123456, -37700, 950, 100300))
    full = dataclasses.replace(view, protocol=(*view.protocol, busy) * 3)
    for names in (NAMES, LONG_NAMES):
        for lang in ("cs", "en"):
            drawn = _sizes(monkeypatch, sheet)
            img = pages.sheet_image(full, names, lang)
            assert drawn and min(size for _t, size in drawn) * READ_AT / img.width >= LEGIBLE
            cut = [t for t, _s in drawn if t.endswith("…")]  # only names are cut (a
            assert all(any(t[:-1].rstrip() in n for n in names)  # name's second line too)
                       for t in cut)
    # a round of 16 deals (played at random: hlášky, fleks, dokups), by pages
    long_round = TarokyRound(deals=[shuffled(100 + i, i % 4) for i in range(16)],
                             options=TarokyOptions(round_deals=16))
    drive(long_round, lambda r: False, lambda r, legal: None, seed=5)
    assert long_round.finished
    view = long_round.public_view()
    count = len(pages.protocol_pages(view, LONG_NAMES))
    assert count >= 3  # (its deals on two pages at least, then the summary)
    for k in range(count):  # (its account lines in 26 px: 12 px on a phone)
        img = pages.sheet_image(view, LONG_NAMES, page=k)
        assert img.height <= sheet.PAGE_H and img.width == sheet.W


def test_T_SCORE_HLASKY_the_protocol_shows_every_hlaska_counted_with_its_money_or_not() -> None:
    """The protocol's row listed fleks, pagát and valát but no hláška, so a deal's money did
    not add up: the row's detail has each part of the money the engine scored (the game,
    each seat's hlášky, pagát, valát, with their fleks), + for the declarer side, − for the
    opponents (a legend under the sheet says so), a hláška not counted marked
    "(nezapočteno – strana prohrála)" / "(not counted, side lost)" — or at 35:35 "– 35:35",
    the deal account's reason (it said only "(nezapočteno)") — then their sum and what it is
    rounded to."""
    import dataclasses

    from bot.games.taroky.pictures import sheet
    from bot.games.taroky.words import pic

    rnd, _seat = _example("finished")
    row = rnd.protocol[0]  # 1P: Anička with Cecílie won; Bohouš's honéry count anyway
    assert sheet._detail_parts(row, NAMES, "cs") == [
        "+ Cecílie (XIX)", "hra +1,20", "taročky Anička +0,50", "honéry Bohouš −0,50",
        "barvičky Dalibor (nezapočteno – strana prohrála)", "pagát Anička ×2 ✗ −8,00",
        "Σ −6,80 → −7,00"]
    assert sheet._detail_parts(row, NAMES, "en")[1:5] == [
        "game +1.20", "8–9 taroks Anička +0.50", "honours Bohouš −0.50",
        "1–2 taroks Dalibor (not counted, side lost)"]
    tie = dataclasses.replace(row, eyes=(35, 35), hlasky=(
        (("tarocky", False),), (("honery", False),), (), (("barvicky", False),)))
    assert sheet._detail_parts(tie, NAMES, "cs")[2:5] == [
        "taročky Anička (nezapočteno – 35:35)", "honéry Bohouš (nezapočteno – 35:35)",
        "barvičky Dalibor (nezapočteno – 35:35)"]
    assert sheet._detail_parts(tie, NAMES, "en")[3] == "honours Bohouš (not counted, 35:35)"
    assert sheet._detail_parts(rnd.protocol[3], NAMES, "cs") == [
        "hra ×2 −9,60", "Σ −9,60 → −10,00"]
    assert sheet._detail_parts(rnd.protocol[2], NAMES, "cs")[-1] == "Σ −7,00"
    assert pic("sheet_legend", "cs") == ("Účet (hra … Σ): + pro stranu vydražitele,"
                                         " − pro soupeře · ✓ vyšlo · ✗ nevyšlo")
    assert pic("sheet_legend", "en") == ("Settlement (game … Σ): + declarer's side,"
                                         " − opponents · ✓ made · ✗ failed")
    for deal in rnd.protocol:
        if deal.components is None:
            continue
        side = {deal.declarer, deal.partner}
        h = sum(hal if s in side else -hal
                for s, seat in enumerate(deal.hlasky_money) for _h, _c, hal in seat)
        assert h == deal.components["H"]
    assert rnd.protocol[2].components is not None and rnd.protocol[2].components["H"] == -100
    # with fleks, pagát and valát as well the row shows it all, on more lines
    import dataclasses

    from engine.taroky.scoring import PagatResult, ValatResult

    busy = dataclasses.replace(
        row, flek=(2, *row.flek[1:]),
        pagat=PagatResult(seat=3, side="O", announced=True, level=2, won=True),
        valats=(ValatResult(side="O", announced=True, level=2, won=False),))
    for lang in ("cs", "en"):
        parts = sheet._detail_parts(busy, NAMES, lang)
        lines, _f = sheet.detail_lines(parts)
        assert " ".join(lines) == " · ".join(parts) and "…" not in " ".join(lines)


def test_the_table_strip_says_a_flek_of_x16_and_more_once() -> None:
    """The strip showed "hra flek ×32 ×32": from ×16 on the level's name is its multiplier
    already; lower levels keep their name and multiplier."""
    from bot.games.taroky.words import flek_text

    assert [flek_text(n, "cs") for n in range(6)] == [
        "", "flek ×2", "re ×4", "sup ×8", "další flek ×16", "další flek ×32"]
    assert [flek_text(n, "en") for n in (1, 2, 3, 4, 5)] == [
        "doubled ×2", "redoubled ×4", "re-redoubled ×8", "doubled again ×16",
        "doubled again ×32"]


def test_an_announced_valat_without_a_flek_is_its_chip_alone_without_a_dash() -> None:
    """The strip read "valát Bob —": the dash (no flek) told a player nothing. An item not
    flekováno is its chip alone ("valát Bob"); a flekované one adds its level."""
    import dataclasses

    from bot.games.taroky.pictures import table

    rnd, _seat = example("play")
    deal = rnd.public_view().deal
    # (before the I fell in trick 7: the pagát still open, no ✗)
    announced = dataclasses.replace(deal, valat_by=1, pagat_by=3, flek=(0, 0, 0),
                                    history=deal.history[:6], trick=())
    assert table.strip_chips(announced, NAMES, "cs")[-2:] == [
        ("pagát Dalibor", "", table.TEXT), ("valát Bohouš", "", table.TEXT)]
    flekked = dataclasses.replace(announced, flek=(0, 0, 1))
    assert table.strip_chips(flekked, NAMES, "en")[-1] == ("valat Bohouš", "doubled ×2",
                                                           table.RED)


QUEENS = {NUM_TAROKS + 8 * suit + 6: "hkxp"[suit] for suit in range(4)}


def test_a_queen_shows_the_index_its_label_uses_in_each_language(tmp_path: Path) -> None:
    """A Czech table reads D♥ in its texts and sees a D on the queen; an English table reads
    Q♥ and sees a Q: the face a picture loads is the card drawn with its label's rank letter
    (``cs/Qh.png`` … and ``Qh.png`` …). The other cards and the back have one face for both
    languages (their labels read the same)."""
    from bot.games.taroky.words import card_label
    from cards_art import taroky as taroky_art
    from cards_art.card import save_png

    clear_caches()
    for queen, suit in QUEENS.items():
        faces = {}
        for lang in ("cs", "en"):
            letter = card_label(queen, lang)[:1]  # (♣ and ♠ are followed by U+FE0E)
            assert letter == {"cs": "D", "en": "Q"}[lang]
            save_png(taroky_art.draw_suit_card("Q", suit, letter), tmp_path / "drawn.png")
            with Image.open(tmp_path / "drawn.png") as im:
                drawn = im.convert("RGBA").tobytes()
            face = card_art.face_lang(queen, "taroky", lang)
            assert face == ("cs" if lang == "cs" else "")
            faces[lang] = card_art.art(queen, "taroky", face).tobytes()
            assert faces[lang] == drawn, (queen, lang)
        assert faces["cs"] != faces["en"]
        small = {lang: card_art.scaled(queen, 90, "taroky", lang).tobytes() for lang in ("cs", "")}
        assert small["cs"] != small[""]  # the language is part of the cache key
    others = [c for c in range(54) if c not in QUEENS] + [card_art.BACK]
    assert all(card_art.face_lang(c, "taroky", "cs") == "" for c in others)
    assert card_art.face_lang(next(iter(QUEENS)), "lora", "cs") == ""


@pytest.mark.parametrize("picture", ["hand", "table"])
def test_the_pictures_put_the_queen_of_the_tables_language(
        picture: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hand (and its laid-away row), the table's trick and insets (last trick, talon)
    pass the table's language down to the card faces."""
    from bot.games.taroky.pictures import palette

    palette.taroky()  # built once from every base face: before the spy
    laid: list[tuple[int, str]] = []
    tile = card_art.tile

    def spy(card: int, width: int, style: str = "plain", deck: str = "lora",
            lang: str = "", top: int | None = None) -> Image.Image:
        laid.append((card, lang))
        return tile(card, width, style, deck, lang, top)

    monkeypatch.setattr(card_art, "tile", spy)
    kind = "discard" if picture == "hand" else "play"
    for lang, face in (("cs", "cs"), ("en", ""), ("xx", "cs")):  # unknown: Czech
        laid.clear()
        hand_picture._hand_image.cache_clear()  # the composed hand (put is called anew)
        if picture == "hand":
            _hand(kind, lang)
        else:
            _table(kind, lang)
        queens = {(c, f) for c, f in laid if c in QUEENS}
        assert queens and {f for _c, f in queens} == {face}, (lang, queens)
        assert {f for c, f in laid if c not in QUEENS} == {""}


def test_the_table_header_keeps_the_deal_number_and_the_game_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A long name of the player to act ("Na tahu: Bartoloměj Přemyslovský z Dubé") took the
    header's width and cut the deal ("2. rozdání p…"): the deal's number and the game stay
    whole, the name gives way (condensed, then cut), the words around it stay."""
    from bot.games.taroky.pictures import table
    from bot.games.taroky.words import game_name, pic

    rnd, _seat = _example("play")
    view = rnd.public_view()
    assert view.to_act is not None and view.deal.game is not None
    for lang in ("cs", "en"):
        names = list(NAMES)
        names[view.to_act] = "Bartoloměj Přemyslovský z Dubé"
        drawn = _sizes(monkeypatch, table)
        table.table_image(view, names, lang)
        title, game = pic("deal_no", lang, n=view.deal.deal_no), game_name(view.deal.game, lang)
        assert (title, table.TITLE_PX) in drawn and game in [t for t, _s in drawn]
        who = next(t for t, _s in drawn if t.startswith(pic("to_act", lang, name="")))
        if lang == "cs":  # ("1. rozdání první povinnost": the name gives way)
            assert who.endswith("…") and who.startswith(pic("to_act", lang, name="Bart"))
        label, f = table.to_act(names[view.to_act], lang, 300)
        assert f.getlength(label) <= 300 and label.startswith(pic("to_act", lang, name="Bart"))


NAMES_32 = [(n + "W" * 32)[:32] for n in (  # 32 characters: the longest a name is shown
    "Maximilián Šťastný-Kovářík z Dub", "Bartoloměj Přemyslovský z Dubé ",
    "Wolfgang Amadeus Mozartovič ml. ", "Kristýna Wiesenthalerová-Nováků")]


def _busiest(kind: str) -> object:
    """The ``kind`` example's table as první povinnost with XIX called and the game, the
    pagát and the valát all flekked to their widest level ("re-redouble ×8"), the pagát and
    the valát by other seats: the most the strip says."""
    import dataclasses

    from engine.taroky.cards import parse_card

    view = _example(kind)[0].public_view()
    deal = view.deal
    assert deal.declarer is not None
    busy = dataclasses.replace(deal, game="1P", called=parse_card("XIX"), flek=(3, 3, 3),
                               pagat_by=3, valat_by=1)
    return dataclasses.replace(view, deal=busy)


def _drawn_within(monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str]]:
    """Spies on every word and piece the Taroky pictures draw: (the words, what was drawn
    off the image it was drawn on, sideways; the acting bottom seat's glow may fade out
    under the picture's edge)."""
    import sys

    from bot.render import common

    words: list[str] = []
    off: list[str] = []

    def spy_text(img: Image.Image, xy: tuple[float, float], value: str, fnt: object,
                 fill: object = common.TEXT, anchor: str = "la") -> float:
        width = common.text(img, xy, value, fnt, fill, anchor)  # type: ignore[arg-type]
        left = xy[0] - {"l": 0.0, "m": width / 2, "r": width}.get(anchor[0], 0.0)
        if value:
            words.append(value)
            if left < 0 or left + width > img.width:
                off.append(f"{value!r} at x {left:.0f}..{left + width:.0f}")
        return width

    def spy_paste(canvas: Image.Image, piece: Image.Image, x: float, y: float) -> None:
        common.paste(canvas, piece, x, y)
        if x < 0 or x + piece.width > canvas.width:
            off.append(f"a piece {piece.size} at {(x, y)} on {canvas.size}")

    for name, module in list(sys.modules.items()):
        if name.startswith("bot.games.taroky.pictures"):
            if getattr(module, "text", None) is common.text:
                monkeypatch.setattr(module, "text", spy_text)
            if getattr(module, "paste", None) is common.paste:
                monkeypatch.setattr(module, "paste", spy_paste)
    return words, off


@pytest.mark.parametrize("kind", ["play", "finished"])
@pytest.mark.parametrize("lang", ["cs", "en"])
def test_every_chip_of_the_table_strip_lies_within_the_picture(
        kind: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the game, the pagát and the valát all flekked and 32-character names the strip's
    chips ran off the 860 px picture (names cut to 80 px even), the valát's chip entirely:
    the chips wrap to a second row (the English ones, 11 px in the embed, would take a
    third: their flek levels are then their multipliers, "×8", on two; the picture grows by
    the row, at least), each chip whole, every word and piece of the picture within it."""
    from bot.games.taroky.pictures import table
    from bot.games.taroky.words import level_text, pic, times

    view = _busiest(kind)
    words, off = _drawn_within(monkeypatch)
    img = table.table_image(view, NAMES_32, lang)  # type: ignore[arg-type]
    assert off == []
    for key in ("plays", "calls", "flek_game"):
        assert pic(key, lang) in words
    for key in ("pagat_by", "valat_by"):  # each announcement's chip, with its flek
        assert any(w.startswith(pic(key, lang, name="")) for w in words), key
    # (the English levels' names take a third row: where it makes the picture taller, they
    # are their multipliers, on two)
    brief = lang == "en"
    # (in the play the I fell already: the pagát's level marked ✗, lost)
    lost = [w for w in words if w in (f"{level_text(3, lang)} {table.LOST}",
                                      f"{times(3).strip()} {table.LOST}")]
    assert len(lost) == (kind == "play")
    levels = [w.removesuffix(" " + table.LOST) for w in words]
    assert levels.count(level_text(3, lang)) + levels.count(times(3).strip()) == 3
    assert brief or levels.count(level_text(3, lang)) == 3
    from bot.games.taroky.pictures.chips import chip_width

    assert len(table.strip_rows(view.deal, NAMES_32, lang).rows) == {  # type: ignore[attr-defined]
        "cs": 2, "en": 3}[lang]
    strip = table.strip_rows(view.deal, NAMES_32, lang, brief)  # type: ignore[attr-defined]
    more = len(strip.rows) - 1
    assert more == 1
    assert img.width == table.W and img.height >= table.H
    assert strip.px == table.SMALLEST and all(
        sum(chip_width(label, value, strip.style, strip.px) + 8
            for label, value, _c in row) - 8 <= table.W - 24 for row in strip.rows)


def test_the_table_strip_keeps_one_row_and_the_names_whole_where_they_fit() -> None:
    """The example's strip (short names, the game flekked, the pagát announced) is one row
    of whole names: the picture keeps its height; a long name alone is cut only in the chip
    too wide for a row whole (the declarer's pagát: "pagát ultimo {name} double ×2"),
    whole in the declarer's own."""
    import dataclasses

    from bot.games.taroky.pictures import table

    deal = _example("play")[0].public_view().deal
    deal = dataclasses.replace(deal, history=deal.history[:6], trick=())  # (before the I fell)
    strip = table.strip_rows(deal, NAMES, "cs")
    assert [[(label, value) for label, value, _c in row] for row in strip.rows] == [
        [(label, value) for label, value, _c in table.strip_chips(deal, NAMES, "cs")]]
    assert table.strip_extra(strip) == 0
    names = list(NAMES)
    assert deal.declarer is not None
    names[deal.declarer] = NAMES_32[0]
    strip = table.strip_rows(deal, names, "en")
    chips = [chip for row in strip.rows for chip in row]
    assert chips[0][1] == NAMES_32[0] and len(strip.rows) == 2
    assert [label for label, value, _c in chips if "…" in label + value] == [
        "pagát ultimo " + fit_apart(NAMES_32[0], names, font(table.SMALLEST, "bold"), 260)]


def test_a_pushed_varsava_s_chip_says_who_was_pushed_into_it() -> None:
    """The chip of a žďuchaná Varšava names the předák pushed into it as the one who was
    pushed ("žďuch: AI Karel" read as if he pushed), in the source's words (review 48:
    "žďuch do Varšavy dostává:" was not): on the table and the deal's picture."""
    import dataclasses

    from bot.games.taroky.pictures import deal as deal_picture
    from bot.games.taroky.pictures import table
    from bot.games.taroky.texts import finished_deal
    from bot.render.common import GOLD

    varsava = _example("varsava")[0].public_view().deal
    assert varsava.zduch and varsava.predak is not None
    pushed = NAMES[varsava.predak]
    # (review 72: and who pushed him, the zadák)
    pusher = next(NAMES[s] for s, bid in varsava.bids if bid == "zduch")
    assert table.strip_chips(varsava, NAMES, "cs") == [
        ("žďuch zadáka", pusher, GOLD), ("předák", pushed, GOLD)]
    assert table.strip_chips(varsava, NAMES, "en") == [
        ("pushed by", pusher, GOLD), ("forehand", pushed, GOLD)]
    rnd, _seat = _example("finished")
    deal = finished_deal(rnd, 2)
    assert deal is not None
    row = dataclasses.replace(rnd.protocol[1], zduch=True, bids=((3, "zduch"),))
    assert row.game == "W" and deal_picture._chips(deal, row, NAMES, "cs") == [
        ("žďuch zadáka", NAMES[3], GOLD), ("předák", NAMES[row.declarer], GOLD)]


def test_the_header_names_the_game_also_at_the_round_s_end_and_a_pushed_varsava() -> None:
    """Review 53: the end-of-round table said "plays AI Libuše" with no game (the header
    only "End of round 3"): its subtitle names the last deal's game, whose tricks it shows;
    a pushed Varšava is named as the glossary names it, here and on the deal's picture."""
    import dataclasses

    from bot.games.taroky.pictures.table import header_texts

    finished = _example("finished")[0].public_view()
    assert finished.finished and finished.deal.game == "6P"
    assert header_texts(finished, "en", 3) == ("End of round 3", "deal 4 · solo")
    assert header_texts(finished, "cs") == ("Konec kola", "4. rozdání · sólo")  # (review 93:
    assert header_texts(finished, "en") == ("End of the round", "deal 4 · solo")  # as embed)
    assert header_texts(dataclasses.replace(finished, round_no=2), "cs")[0] == "Konec 2. kola"
    varsava = _example("varsava")[0].public_view()
    assert varsava.deal.zduch
    assert header_texts(varsava, "cs") == ("1. rozdání", "žďuchaná Varšava")
    assert header_texts(varsava, "en") == ("Deal 1", "Warsaw (pushed)")
    chosen = dataclasses.replace(varsava, deal=dataclasses.replace(varsava.deal, zduch=False))
    assert header_texts(chosen, "en") == ("Deal 1", "Warsaw")
    bid = _example("bid")[0].public_view()
    assert header_texts(bid, "en") == ("Deal 2", "bidding")
    # the phase as the embed text writes it next to the deal ("2. rozdání · licitace"),
    # lower case like the games' names there, not the middle's title "Licitace"
    assert header_texts(bid, "cs") == ("2. rozdání", "licitace")
    choose = dataclasses.replace(bid, deal=dataclasses.replace(bid.deal, phase="choose"))
    assert header_texts(choose, "cs") == ("2. rozdání", "předák volí hru")
    assert header_texts(choose, "en") == ("Deal 2", "the forehand chooses")


def test_T_VARSAVA_SCORE_the_table_marks_no_declarer_in_varsava() -> None:
    """In Varšava everybody plays for himself: the předák who chose it (or was pushed into
    it) has his P, not the red H of a declarer playing against the others; in other games
    the declarer has it."""
    from bot.games.taroky.pictures import table

    varsava = _example("varsava")[0].public_view().deal
    assert varsava.game == "W" and varsava.declarer == varsava.predak
    assert all("declarer" not in table._kinds(varsava, seat) for seat in range(4))
    assert "predak" in table._kinds(varsava, varsava.predak)
    play = _example("play")[0].public_view().deal
    assert play.declarer is not None and "declarer" in table._kinds(play, play.declarer)


def test_the_protocol_labels_the_placing_points_and_the_sign_of_a_deals_parts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A finished round's protocol had a row "Body 2 · 2 · 4 · 2" next to eyes and Kč that a
    player could not place: it is labelled "Body za pořadí" / "Placing points" (whole), and
    a legend under the sheet says a deal's parts are + for the declarer side. The points
    are a tournament's table's (review 81: a table of its own had them too)."""
    from bot.games.taroky.pictures import pages, sheet, summary

    seen: list[str] = []
    real = sheet.text

    def spy(img: object, xy: object, value: str, *args: object, **kw: object) -> float:
        seen.append(value)
        return real(img, xy, value, *args, **kw)  # type: ignore[arg-type]

    for module in (sheet, pages, summary):
        monkeypatch.setattr(module, "text", spy)
    view = _example("finished")[0].public_view()
    for lang, label, legend in (
            ("cs", "Body za pořadí", "Účet (hra … Σ): + pro stranu vydražitele, − pro soupeře"
                                     " · ✓ vyšlo · ✗ nevyšlo · ↑ dokup před platbou"),
            ("en", "Placing points",
             "Settlement (game … Σ): + declarer's side, − opponents · ✓ made · ✗ failed"
             " · ↑ top-up before the payment")):
        seen.clear()
        pages.sheet_image(view, NAMES, lang, round_no=1)
        # (the label over its column, on two lines; the legend whole, the ✗ of a failed
        # pagát or valát too, on as many lines as they take)
        assert label in " ".join(seen), lang
        assert all(part in " ".join(seen) for part in legend.split(" · ")), lang
        seen.clear()
        pages.sheet_image(view, NAMES, lang)  # (a table of its own: no placing points)
        assert label.split()[0] not in " ".join(seen), lang
        assert all(part in " ".join(seen) for part in legend.split(" · ")), lang


def test_the_legend_lists_only_the_badges_the_table_shows(monkeypatch) -> None:
    """The Varšava table's legend still listed "H hraje" and "S spoluhráč" though no seat has
    either badge: it explains only the badges some seat shows (the ones ``_kinds`` and the
    marks give), in both languages, and in a game with a declarer it keeps his H."""
    from bot.games.taroky.pictures import table
    from bot.games.taroky.words import pic

    seen: list[str] = []
    real = table.text

    def spy(img: object, xy: object, value: str, *args: object, **kw: object) -> float:
        seen.append(value)
        return real(img, xy, value, *args, **kw)  # type: ignore[arg-type]

    for kind, marks, kinds in (
        ("varsava", (), ("dealer", "predak", "lead")),
        ("bid", (), ("dealer", "predak")),
        ("varsava", (None, "ai", None, None), ("dealer", "predak", "lead", "ai")),
    ):
        view = _example(kind)[0].public_view()
        assert table.legend_kinds(view.deal, marks) == kinds
        shown = {k for seat in range(4) for k in table._kinds(view.deal, seat)}
        assert set(kinds) - {"ai", "away"} == shown
        for lang in ("cs", "en"):
            seen.clear()
            with monkeypatch.context() as mp:
                mp.setattr(table, "text", spy)
                table.table_image(view, NAMES, lang, marks=marks)
            for k in ("dealer", "predak", "declarer", "partner", "ai", "away", "lost"):
                assert (pic(f"legend_{k}", lang) in seen) == (k in kinds), (kind, lang, k)
            # (who leads: where the picture is no taller for its line, ``table_image``)
            assert pic("legend_lead", lang) not in seen or "lead" in kinds
    play = _example("play")[0].public_view().deal
    assert {"declarer", "partner", "lead", "lost"} <= set(table.legend_kinds(play))


def test_the_table_insets_titles_fit_whole() -> None:
    """The English talon box read "Shown sets of t…" after a rejected trojka: every box's
    title fits its box at the table's smallest size (condensed if need be), in both
    languages."""
    from bot.games.taroky.pictures import table
    from bot.games.taroky.words import pic

    box = table.TABLE_INSET
    for lang in ("cs", "en"):
        for key in ("turned", "shown_one", "shown_many", "talon", "laid_taroks", "last_trick"):
            title = pic(key, lang)
            shown, f = table.inset_title(title, box)
            assert shown == title and f.getlength(title) <= box.w - 20, key
            assert f.size == table.SMALLEST


def test_the_seats_hlasky_are_legible_at_phone_width() -> None:
    """What a seat said (its hlášky and announcements) was 21 px, about 9 px on a phone: it
    is at least 11 px shown ``EMBED_W`` wide (the table's picture is in an embed), whole on
    the lines it takes (a seat takes two of them, else a shorter wording: ``_seat_note``)."""
    from bot.games.taroky.pictures import table

    for note in ("taročky, honéry, pagát", "taroky, trulhonéry, valát",
                 "8–9 taroks, honours, valát", "four kings, trul with king(s)"):
        for shape in ("wide", "tall"):
            width = table.note_width(shape)
            lines, f = table.note_lines(note, width, 3)
            assert f.size * EMBED_W / table.W >= EMBED_LEGIBLE
            assert " ".join(lines) == note and all(f.getlength(x) <= width for x in lines)
    lines, f = table.note_lines("a " * 80, 180)  # only what two lines cannot take is cut
    assert len(lines) == 2 and lines[-1].endswith("…")


TABLE_SMALLEST = 31  # px of an 860 px picture: 11 px shown EMBED_W (310) px wide


def _marked_states() -> Iterator[tuple[object, tuple[str | None, ...]]]:
    """Every example's table view, plain and with an AI and an away mark."""
    for kind in KINDS:
        view = _example(kind)[0].public_view()
        yield view, ()
        yield view, (None, "ai", None, "away")


def test_every_word_on_the_table_is_legible_at_phone_width(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Shown 430 px wide on a phone, the table's small words were about 10 px (20–21 px of
    860: "štychy", the legend, "bere …", the strip's labels, the insets' titles; the badges'
    letters and the count chips 17–18 px); in the table message's embed (``EMBED_W``, 310 px
    wide) its 24 px words were 8.7 px: every text the table draws, badges included, is at
    least 31 px (11 px there), in every example state, both languages, usual and long
    names."""
    from bot.games.taroky.pictures import table
    from bot.render import common

    badges: list[tuple[str, int]] = []

    def badge_spy(value: str, colour: object, size: int = 30, px: int | None = None,
                  pad: int | None = None) -> object:
        badges.append((value, px or int(size * 0.62)))
        return common.badge(value, colour, size, px, pad)  # type: ignore[arg-type]

    monkeypatch.setattr(table, "badge", badge_spy)
    for view, marks in _marked_states():
        for names in (NAMES, LONG_NAMES):
            for lang in ("cs", "en"):
                table.seat_panel.cache_clear()
                drawn = _sizes(monkeypatch, table)
                badges.clear()
                img = table.table_image(view, names, lang, marks=marks)  # type: ignore[arg-type]
                assert drawn and badges
                small = [(t, s) for t, s in drawn + badges if t and s < TABLE_SMALLEST]
                assert not small, (lang, small)
                assert TABLE_SMALLEST * EMBED_W / img.width >= EMBED_LEGIBLE
    table.seat_panel.cache_clear()


def _longest_notes(lang: str) -> list[tuple[str, ...]]:
    """What a seat can say at most: a count hláška and an honour one (the longest words),
    pagát (still open, and lost: "✗"), valát and playing alone; and without playing
    alone."""
    import dataclasses

    from bot.games.taroky.pictures import table

    lost = _example("play")[0].public_view().deal  # (the I fell in trick 7)
    notes = []
    for count, honour, deal in itertools.product(
            ("tarocky", "taroky", "barvicky", "barvy"),
            ("trul", "trulhonery", "honery", "kralovske_honery"),
            (dataclasses.replace(lost, history=lost.history[:6], trick=()), lost)):
        for alone in (True, False):
            said = dataclasses.replace(
                deal, hlasky=((count, honour),) * 4, pagat_by=deal.declarer,
                valat_by=deal.declarer, alone=alone, partner=None if alone else deal.partner)
            assert said.declarer is not None
            notes.append(table._seat_note(said, said.declarer, lang))
    return notes


def test_the_longest_hlaska_note_is_never_cut_in_any_seat() -> None:
    """A side seat cut a long note on its second line ("8–9 taroks, trul / with king,
    pag…"): every note a seat can have (both hlášky, pagát, valát, playing alone) is whole
    in either panel, on as many lines as it takes (the panel grows), broken after a part's
    comma where it can be; when even so it is too long, the announcements by their short
    names (as on the strip) are whole instead, never a cut word."""
    from bot.games.taroky.pictures import table

    for lang in ("cs", "en"):
        for notes in _longest_notes(lang):
            for shape in ("wide", "tall"):
                lines, f = table.seat_note_lines(notes, shape)
                assert " ".join(lines) in notes and "…" not in " ".join(lines), (shape, lines)
                assert all(f.getlength(x) <= table.note_width(shape) for x in lines)
                assert f.size >= TABLE_SMALLEST
                assert len(lines) <= table.NOTE_LINES[shape]
                whole = table.note_lines(notes[0], table.note_width(shape),
                                         table.NOTE_LINES[shape])[0]
                if " ".join(whole) == notes[0] and all(x.endswith(",") for x in whole[:-1]):
                    assert lines == whole  # the whole note first, where it fits
    en = _longest_notes("en")[0]
    # the whole, the short words, the short words without the announcements (the strip's)
    assert en == ("8–9 taroks, trul, pagát ultimo, valat, plays alone",
                  "8–9 taroks, trul, pagát, valat, alone", "8–9 taroks, trul, alone")
    # parts stay whole on a line where they can: "trul with king(s)" is not broken
    lines = table.wrap_parts(["8–9 taroks", "trul with king(s)"], table.font(24), 206, ",")
    assert lines == ["8–9 taroks,", "trul with king(s)"]


def test_the_table_keeps_its_boxes_apart_with_the_longest_notes_and_legend() -> None:
    """Seats grown by the longest notes stay clear of the trick's cards (they of each
    other), of the legend (all six badges explained), of the boxes in the corners (the
    last trick's winner on two lines) and inside the picture, which grows only as much as
    its fullest column needs; the legend's words are whole, each on one line, in both
    languages, within the left column."""
    from bot.games.taroky.pictures import table

    kinds = ("dealer", "predak", "declarer", "partner", "ai", "away")
    most = {shape: max(len(table.seat_note_lines(notes, shape)[0])
                       for lang in ("cs", "en") for notes in _longest_notes(lang))
            for shape in ("wide", "tall")}
    heights = {pos: table.seat_height("wide" if pos in (0, 2) else "tall",
                                      most["wide" if pos in (0, 2) else "tall"], 2)
               for pos in range(4)}
    box = table.TABLE_INSET
    at = None
    for lang in ("cs", "en"):
        lines, f, _line, legend_h = table.legend_layout(kinds, lang)
        assert all(len(x) == 1 for x in lines), lines  # no legend word wrapped
        width = max(table._badge(k, lang).width + 8 + f.getlength(x[0])
                    for k, x in zip(kinds, lines, strict=True)) + 18
        assert width <= table.LEGEND_W
        for strip_rows, talon in itertools.product((0, 1), (False, True)):
            top = table.BODY_TOP + strip_rows * table.STRIP_H
            corners = (box.plain_h if talon else 0, box.h + box.line)
            tops = {3: top + corners[0] + table.M if talon else top,
                    1: top + corners[1] + table.M}
            at = table.layout(heights, top, corners, legend_h, box.plain_h)
            boxes = {pos: (x, y, table.SEAT_W["wide" if pos in (0, 2) else "tall"],
                           heights[pos]) for pos, (x, y) in at.seats.items()}
            unders = (legend_h, box.plain_h) if at.legend_left else (box.plain_h, legend_h)
            card_top = at.cy - at.dy - table.TRICK_H // 2
            card_bottom = at.cy + at.dy + table.TRICK_H // 2
            assert at.dy >= table.TRICK_DY_MIN and 2 * at.dy >= table.TRICK_H
            assert boxes[2][1] == top and boxes[2][1] + boxes[2][3] + 8 <= card_top
            assert boxes[0][1] >= card_bottom + 8
            assert boxes[0][1] + boxes[0][3] + table.M == at.height
            assert boxes[1][1] >= tops[1] and boxes[3][1] >= tops[3]
            assert boxes[3][1] + boxes[3][3] + 8 <= at.height - table.M - unders[0]
            assert boxes[1][1] + boxes[1][3] + 8 <= at.height - table.M - unders[1]
            # (taller only as its fullest column needs, the legend where it lies lower)
            assert at.height == max(table.H,
                                    tops[3] + heights[3] + 2 * table.M + unders[0],
                                    tops[1] + heights[1] + 2 * table.M + unders[1],
                                    top + heights[2] + heights[0] + 3 * table.M
                                    + 2 * table.TRICK_DY_MIN + table.TRICK_H)
            swapped = table.layout(heights, top, corners, box.plain_h, legend_h)
            assert at.height <= swapped.height
    assert at is not None
    for pos, x in ((3, table.LEFT_X), (2, table.CENTER_X), (1, table.RIGHT_X)):
        assert at.seats[pos][0] == x
    assert table.LEFT_X + table.SIDE_W + 8 <= table.CENTER_X
    w, _h, side, _dy = table.trick_size(table.TRICK_CROSS)  # the smallest trick
    assert table.CX - side - w // 2 >= table.CENTER_X
    assert table.CX + side + w // 2 <= table.CENTER_X + table.CENTER_W
    assert table.CENTER_X + table.CENTER_W + 8 <= table.RIGHT_X
    assert table.RIGHT_X + table.SIDE_W + table.M == table.W


def test_a_seats_money_and_tricks_stay_inside_its_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Review 9: in the top seat (11 cards, no badge) "53,00 Kč štychy 0" ran over the
    panel's right edge. Every word of every seat ends inside its panel (``SEAT_PAD`` from
    the edge), the money and the tricks whole and at least 24 px: 0–16 cards, two-digit
    trick counts, money up to five digits, with and without badges, usual and long names,
    both languages."""
    from bot.games.taroky.pictures import table
    from bot.games.taroky.words import money
    from bot.render import common

    drawn: list[tuple[float, str, object, str]] = []

    def spy(img: object, xy: tuple[float, float], value: str, fnt: object,
            fill: object = common.TEXT, anchor: str = "la") -> float:
        drawn.append((xy[0], value, fnt, anchor))
        return common.text(img, xy, value, fnt, fill, anchor)  # type: ignore[arg-type]

    monkeypatch.setattr(table, "text", spy)
    panel = table.seat_panel.__wrapped__  # type: ignore[attr-defined]
    for shape, lang, name, kinds, count, hal, tricks in itertools.product(
            ("wide", "tall"), ("cs", "en"), (NAMES[2], LONG_NAMES[1]),
            ((), ("predak",), ("dealer", "predak", "declarer", "ai")), (0, 11, 12, 16),
            (5300, 123450, 1234550), (None, 0, 12)):
        cash = money(hal, lang)
        drawn.clear()
        img = panel(shape, name, count, tricks, cash, kinds, (), False, lang)
        for x, value, f, anchor in drawn:
            width = f.getlength(value)  # type: ignore[attr-defined]
            left = x - {"l": 0, "m": width / 2, "r": width}[anchor[0]]
            case = (shape, lang, kinds, count, cash, tricks, value)
            assert left >= 0 and left + width <= img.width - table.SEAT_PAD, case
            assert f.size >= TABLE_SMALLEST, case  # type: ignore[attr-defined]
        shown = [value for _x, value, _f, _a in drawn]
        # (review 89: the count with its noun, "0 štychů", "12 tricks", not "tricks 12")
        assert cash in shown and (tricks is None
                                  or tn("taroky.pic.tricks", lang, tricks) in shown)
    assert tn("taroky.pic.tricks", "en", 1) == "1 trick"
    assert tn("taroky.pic.tricks", "cs", 0) == "0 štychů"
    # the review's seat: the regular words, the cards fanned 6 px apart
    assert table.values_layout("wide", 11, money(5300, "cs"), ("", "0 štychů")) == (
        6, "regular")


def test_a_side_seat_s_badges_stay_within_its_panel_beside_any_number_of_cards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A side seat with two roles and a mark (an AI plays for it, or it is away) beside 9
    cards or more had its third badge cut off at the panel's edge (as review 59 found of
    the Lóra seats). With 0–16 cards, both languages, every badge lies whole within its
    panel (10 px from its edge), right of the cards' count chip, and crowded badges
    overlap at most ``BADGE_OVERLAP`` px of their rims (never over a letter)."""
    from bot.games.taroky.pictures import table

    placed: list[tuple[int, int, float]] = []
    real = table.paste

    def spy(canvas: Image.Image, img: Image.Image, x: float, y: float) -> None:
        placed.append((img.width, img.height, x))
        real(canvas, img, x, y)

    monkeypatch.setattr(table, "paste", spy)
    panel = table.seat_panel.__wrapped__  # type: ignore[attr-defined]
    for lang, count, kinds in itertools.product(
            ("cs", "en"), range(17), (("dealer", "declarer", "ai"),
                                      ("dealer", "partner", "ai"),
                                      ("predak", "declarer", "away"))):
        placed.clear()
        img = panel("tall", NAMES[1], count, 3, "50,00 Kč", kinds, (), False, lang)
        badges = [(x, w) for w, h, x in placed if h == table.BADGE_D]
        chips = [(x, w) for w, h, x in placed if h == table.COUNT_D]
        case = (lang, count, kinds)
        assert len(badges) == 3 and len(chips) == (1 if count else 0), case
        assert badges[-1][0] + badges[-1][1] <= img.width - 10, case
        assert all(x + w - nx <= table.BADGE_OVERLAP
                   for (x, w), (nx, _w) in itertools.pairwise(badges)), case
        assert not chips or badges[0][0] >= chips[0][0] + chips[0][1], case


def test_a_wide_seat_s_long_note_lies_beside_its_cards_its_words_inside(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The top or the bottom seat whose note took two lines under its cards ("8–9 taroks,
    pagát ultimo") made the middle column, and so the picture, taller than its embed shows
    whole (806 px). Such a note lies beside the cards (on at most two lines), the money and
    the tricks on a row under them: the panel as low as one in the play with a note of a
    line. Every
    longest note, 0–16 cards, both languages: never taller than under the cards, the note
    whole, every word inside the panel and 31 px."""
    import dataclasses

    from bot.games.taroky.pictures import table
    from bot.games.taroky.words import money
    from bot.render import common

    drawn: list[tuple[float, str, object, object]] = []

    def spy(img: object, xy: tuple[float, float], value: str, fnt: object,
            fill: object = common.TEXT, anchor: str = "la") -> float:
        drawn.append((xy[0], value, fnt, fill))
        return common.text(img, xy, value, fnt, fill, anchor)  # type: ignore[arg-type]

    monkeypatch.setattr(table, "text", spy)
    panel = table.seat_panel.__wrapped__  # type: ignore[attr-defined]
    deal = _example("play")[0].public_view().deal
    pagat = dataclasses.replace(deal, hlasky=(("tarocky",),) * 4, pagat_by=deal.declarer)
    assert pagat.declarer is not None
    for lang, count, tricks, hal in itertools.product(("cs", "en"), (0, 5, 9, 12, 16),
                                                      (None, 12), (5000, -123450)):
        rows = 1 if tricks is None else 2
        cash = money(hal, lang)
        notes = [*_longest_notes(lang), table._seat_note(pagat, pagat.declarer, lang)]
        for note in notes:
            drawn.clear()
            img = panel("wide", NAMES[0], count, tricks, cash, ("predak",), note, False, lang)
            under = table.seat_note_lines(note, "wide")[0]
            case = (lang, note, count, tricks)
            assert img.height <= table.seat_height("wide", len(under), rows), case
            said = [v for _x, v, _f, fill in drawn if fill == common.GOLD]
            assert " ".join(said) in note, case
            for x, value, f, _fill in drawn:
                assert x + f.getlength(value) <= img.width - table.SEAT_PAD, case  # type: ignore[attr-defined]
                assert f.size >= TABLE_SMALLEST, case  # type: ignore[attr-defined]
            shown = [v for _x, v, _f, _fill in drawn]
            assert cash in shown and (tricks is None
                                      or tn("taroky.pic.tricks", lang, tricks) in shown), case
        if 0 < count <= 12 and lang == "en" and hal == 5000:  # (beside the cards)
            assert table.note_beside(count, cash, ("", "") if tricks is None else (
                "", "12 tricks"), notes[-1]) is not None, case
            assert img.height == table.seat_height("wide", 1, 2), case  # (a row under)


def test_a_role_badge_s_letter_is_its_legend_word_s_first_letter() -> None:
    """The English declarer's badge "P" was explained as "declarer": an English player could
    not tell why P (a partner?). Each letter badge is the first letter of the word its legend
    gives, in both languages (Czech "H hraje"). The legend then said "P plays" while the chip
    said "declarer Alice": one role, two words (review 64 LOW 4). English names the role
    "declarer" in both (the chip can't say "plays Alice": review 60), and as "declarer" and
    "dealer" both start with D, its badge is a star, like the partner's "+", not a letter."""
    from bot.games.taroky.words import pic

    for lang in ("cs", "en"):
        for kind in ("dealer", "predak", "declarer", "partner"):
            letter, word = pic(f"badge_{kind}", lang), pic(f"legend_{kind}", lang)
            assert not letter.isalpha() or word[0].upper() == letter, (lang, kind)
        # (the legend's word for the declarer is the chip's)
        assert pic("legend_declarer", lang) == pic("plays", lang), lang
    assert pic("plays", "en") == "declarer" and pic("badge_declarer", "en") == "★"
    assert pic("badge_dealer", "en") == "D"


def test_T_VARSAVA_SCORE_the_protocol_shows_who_paid_whom_in_varsava() -> None:
    """The Varšava row had the předák under "vydražitel", "zvolená" alone on a line of its
    own and no payment, under a legend of the declarer's side: its detail tells the blána
    and who paid whom, pair by pair (each rounded on its own, T-VARSAVA-SCORE); the legend
    says that there each plays for themselves, and only the sides' legend when no Varšava."""
    import dataclasses

    from bot.games.taroky.pictures import sheet
    from bot.games.taroky.words import pic

    rnd, _seat = _example("finished")
    row = rnd.protocol[1]  # Varšava, eyes 22, 21, 5, 22 (Anička and Dalibor equal: nothing)
    assert row.eyes_by_seat == (22, 21, 5, 22) and row.blana == (False,) * 4
    # by hand: 22→21 1 eye 10 → 50; 22→5 17 eyes 170 → 200; 21→5 160 → 200
    assert sheet._detail_parts(row, NAMES, "cs") == [
        "Anička → Bohouš 0,50, Cecílie 2,00", "Bohouš → Cecílie 2,00",
        "Dalibor → Bohouš 0,50, Cecílie 2,00"]
    blana = dataclasses.replace(row, blana=(False, False, True, False))
    assert sheet._detail_parts(blana, NAMES, "en")[0] == "no trick: Cecílie"
    assert sheet.legend(rnd.protocol, "cs") == (
        "Účet (hra … Σ): + pro stranu vydražitele, − pro soupeře · ✓ vyšlo · ✗ nevyšlo"
        " · ↑ dokup před platbou · Varšava: každý za sebe, kdo → komu platí")
    assert sheet.legend([row], "en") == "Warsaw: each for themselves, payer → receiver"
    assert sheet.legend([rnd.protocol[0]], "cs") == pic("sheet_legend", "cs")


def test_the_protocol_legend_wraps_between_its_parts_evenly() -> None:
    """The Czech legend under the protocol wrapped word by word and left "✗ nevyšlo" alone on
    its second line: it breaks between its parts only, its lines as even as they can be
    (the marks stay together), in both languages; review 64: a line ends with its part, no
    "·" dangling after it."""
    from bot.games.taroky.pictures import sheet
    from bot.games.taroky.words import pic

    assert sheet.control_lines(pic("sheet_legend", "cs"))[0] == [
        "Účet (hra … Σ): + pro stranu vydražitele, − pro soupeře", "✓ vyšlo · ✗ nevyšlo"]
    assert sheet.control_lines(pic("sheet_legend", "en"))[0] == [
        "Settlement (game … Σ): + declarer's side, − opponents", "✓ made · ✗ failed"]
    rows = _example("finished")[0].protocol  # (a dokup in deals 3 and 4)
    assert sheet.control_lines(sheet.legends(rows, "en")[0])[0] == [
        "Settlement (game … Σ): + declarer's side, − opponents",
        "✓ made · ✗ failed · ↑ top-up before the payment"]
    # the control sum, too wide for a line, breaks before its "=" (was "… + Σ" / "dokup …")
    view = _example("finished")[0].public_view()
    assert sheet.control_lines(sheet.control_text(view, "cs"))[0] == [
        "Kontrola: Σ peníze 110,00 Kč = vklady + dokup 110,00 Kč ✓"]  # (review 97: one line)


def test_T_TOURNAMENT_the_protocol_s_control_sum_writes_the_stakes_as_their_sum() -> None:
    """Review 48: "Σ peníze 200,00 Kč = 4 × vklad 200,00 Kč + Σ dokup 0,00 Kč" read as four
    times 200. Review 97: worded as the tournament's sheet's check line, ✓ and all."""
    from bot.games.taroky.pictures import sheet

    rnd, _seat = _example("finished")
    view = rnd.public_view()
    assert view.finished and sum(view.money) == 4 * view.options.stake + sum(view.dokup)
    assert sheet.control_text(view, "cs") == (
        "Kontrola: Σ peníze 110,00 Kč = vklady + dokup 110,00 Kč ✓")  # (stake 20, dokup 30)
    assert sheet.control_text(view, "en") == (
        "Check: Σ money 110.00 Kč = stakes + top-ups 110.00 Kč ✓")


def test_T_VIEW_a_finished_deal_is_drawn_whole_and_legible_at_phone_width(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Decision 18: the deal as counted. Every card of the deck is in exactly one side's
    (Varšava: player's) part — tricks, discards, the opponents' talon cards — and the talon
    cards the seats took are drawn above as they went; a card is drawn once but for those
    (a sólo's 54 cards were 60: its talon drawn above too); no word under 12 px on a phone,
    only names cut, every card inside the picture: each game of the example, both
    languages, long names. A deal in
    progress is not drawn, and an older deal replays to the same finished view."""
    from bot.games.taroky.pictures import deal as deal_picture
    from bot.games.taroky.texts import finished_deal
    from engine.taroky.views import deal_public_view

    rnd, _seat = _example("finished")
    drawn_cards: list[int] = []

    def put(img: object, card: int, x: int, y: int, lang: str) -> None:
        drawn_cards.append(card)
        assert x >= 0 and x + deal_picture.CARD_W <= deal_picture.W - deal_picture.M

    monkeypatch.setattr(deal_picture, "put_record", put)
    for n in range(1, 5):
        deal = finished_deal(rnd, n)
        assert deal is not None and deal.deal_no == n and deal.reveal is not None
        row = rnd.protocol[n - 1]
        for names in (NAMES, LONG_NAMES):
            for lang in ("cs", "en"):
                drawn_cards.clear()
                drawn = _sizes(monkeypatch, deal_picture)
                ends: list[float] = []
                sized = deal_picture.text

                def spy(img: object, xy: tuple[float, float], value: str, *args: object,
                        sized: object = sized, ends: list[float] = ends) -> float:
                    width = sized(img, xy, value, *args)  # type: ignore[operator]
                    anchor = str(args[2]) if len(args) > 2 else "la"
                    ends.append(xy[0] + (0 if anchor.startswith("r") else width))
                    return float(width)

                monkeypatch.setattr(deal_picture, "text", spy)
                img = deal_picture.deal_image(deal, row, names, lang)
                assert max(ends) <= deal_picture.W - deal_picture.M, (n, lang)
                assert min(size for _t, size in drawn) * READ_AT / img.width >= LEGIBLE
                assert all(any(t[:-1].rstrip() in n for n in names)
                           for t, _s in drawn if t.endswith("…"))
                # the talon's box: only what the seats took (each card again where it
                # counts); the opponents' talon cards are drawn once, under them; Varšava's
                # turned cards only in the box, each under its winner (review 64: twice)
                theirs = deal.reveal.opp_talon
                boxed = [c for c in row.talon if c not in theirs]
                talon, counted = drawn_cards[:len(boxed)], drawn_cards[len(boxed):]
                assert sorted(talon) == sorted(boxed)
                if row.game == "W":
                    assert sorted(drawn_cards) == list(range(54)), (n, lang)
                    continue
                assert sorted(counted) == list(range(54)), (n, lang)
                assert all(drawn_cards.count(c) == 1 for c in theirs)
                assert len(drawn_cards) == (54 if row.game == "6P" else 60 - len(theirs))
    live = TarokyRound(deals=[shuffled(7, 0)], options=TarokyOptions())
    assert finished_deal(live, 1) is None
    with pytest.raises(ValueError):
        deal_picture.deal_image(deal_public_view(live.deal), rnd.protocol[0], NAMES)
    # the round keeps its last deal: the same view as the one replayed from the log
    assert rnd.deal.finished and finished_deal(rnd, 4) == rnd.deal_view()


def test_the_deal_s_chips_wrap_to_a_second_row_before_a_name_is_cut(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Five chips (who plays, the card called, the partner, the game's flek, the announced
    pagát) do not fit one row: they wrap to a second, each name whole ("hraje AI B…" was
    cut); short ones stay on one row (the chips' words are 29 px since review 65, 12 px on
    a phone; the partner's chip "+ Cyril" since review 70, so the pagát's fitted beside —
    since review 72 (LOW 6) it says what it cost, "−8,00", and wraps; since review 81 it
    names its owner, as the protocol)."""
    import dataclasses

    from bot.games.taroky.pictures import deal as deal_picture
    from bot.games.taroky.texts import finished_deal

    rnd, _seat = _example("finished")
    deal = finished_deal(rnd, 1)
    assert deal is not None
    # (without its hlášky, which add their chips: review 72 LOW 6)
    first = dataclasses.replace(rnd.protocol[0], hlasky=((), (), (), ()))
    assert first.pagat is not None
    row = dataclasses.replace(first, flek=(1, 0, 0),
                              pagat=dataclasses.replace(first.pagat, level=0))
    names = ["AI Božena", "AI Karel", "AI Jaroslav", "Ann"]
    rows = deal_picture._chip_rows(deal, row, names, "cs")[0].rows
    assert [[(label, value) for label, value, _c in chips] for chips in rows] == [
        [("hraje", "AI Božena"), ("volá", "XIX"), ("+", "AI Jaroslav")],
        [("hra", "flek ×2"), ("pagát (AI Božena)", "✗ −4,00")]]
    drawn = _sizes(monkeypatch, deal_picture)
    deal_picture.deal_image(deal, row, names, "en")
    words = [value for value, _size in drawn]
    assert "AI Božena" in words and "AI Jaroslav" in words and not any(
        w.endswith("…") for w in words)
    short = ["Ann", "Bob", "Cyril", "Dana"]
    assert [[value for _l, value, _c in chips] for chips in deal_picture._chip_rows(
        deal, dataclasses.replace(first, pagat=None), short, "cs")[0].rows] == [
        ["Ann", "XIX", "Cyril"]]
    assert [[value for _l, value, _c in chips] for chips in deal_picture._chip_rows(
        deal, first, short, "cs")[0].rows] == [["Ann", "XIX", "Cyril"], ["flek ×2 ✗ −8,00"]]


def test_T_FLEK_the_deal_s_picture_tags_the_pagat_s_and_the_valat_s_own_flek_and_result(
) -> None:
    """The finished deal's chips told only the game's flek: a pagát ultimo flekked up to sup
    (×8) read as if nothing was doubled. An announced pagát and valát have their chips
    with their own flek, as the game's (no flek: the chip says it was announced) — and
    (review 60 LOW 3) whether each made it, ✓ green or ✗ red as the protocol marks it; a
    silent pagát and a silent valát have theirs too (they were left out). Since review 72 (LOW 6)
    each with what it brought its owner ("−8,00"), the opponents' valát with whose it is,
    and after the game's chips each hláška that counted, with its holder."""
    import dataclasses

    from bot.games.taroky.pictures import deal as deal_picture
    from bot.games.taroky.texts import finished_deal
    from bot.render.common import GREEN, RED, TEXT
    from engine.taroky.scoring import ValatResult

    rnd, _seat = _example("finished")
    deal = finished_deal(rnd, 1)
    assert deal is not None
    row = rnd.protocol[0]  # Anička's pagát, flekked by Bohouš, failed
    assert row.pagat is not None and row.pagat.announced and row.flek == (0, 1, 0)
    assert not row.pagat.won and row.pagat.level == 1 and row.valats == ()
    # (review 81: each with whose it is and what it brought the declarer's side, as the
    # protocol has them — the opponents' honéry −0,50, their silent valát −4,00)
    assert deal_picture._chips(deal, row, NAMES, "cs")[-1] == (
        "pagát (Anička)", "flek ×2 ✗ −8,00", RED)
    sup = dataclasses.replace(row, flek=(1, 3, 2), valat_by=2,
                              pagat=dataclasses.replace(row.pagat, level=3),
                              valats=(ValatResult("D", True, 2, True),))
    assert deal_picture._chips(deal, sup, NAMES, "cs")[-5:] == [
        ("hra", "flek ×2", RED), ("taročky (Anička)", "+0,50", GREEN),
        ("honéry (Bohouš)", "−0,50", RED), ("pagát (Anička)", "sup ×8 ✗ −32,00", RED),
        ("valát (Cecílie + Anička)", "re ×4 ✓ +32,00", GREEN)]
    assert deal_picture._chips(deal, sup, NAMES, "en")[-2:] == [
        ("pagát ultimo (Anička)", "re-redoubled ×8 ✗ −32.00", RED),
        ("valat (Cecílie with Anička)", "redoubled ×4 ✓ +32.00", GREEN)]
    plain = dataclasses.replace(row, flek=(0, 0, 0),
                                pagat=dataclasses.replace(row.pagat, level=0, won=True))
    assert deal_picture._chips(deal, plain, NAMES, "cs") == [
        ("hraje", "Anička", deal_picture.GOLD), ("volá", "XIX", TEXT),
        ("+", "Cecílie", deal_picture.GOLD), ("taročky (Anička)", "+0,50", GREEN),
        ("honéry (Bohouš)", "−0,50", RED), ("pagát (Anička)", "✓ +4,00", GREEN)]
    silent = dataclasses.replace(
        row, flek=(0, 0, 0), pagat=dataclasses.replace(row.pagat, announced=False, level=0),
        valats=(ValatResult("O", False, 0, True),))
    assert deal_picture._chips(deal, silent, NAMES, "cs")[-2:] == [
        ("tichý pagát (Anička)", "✗ −2,00", RED),
        ("tichý valát (Bohouš + Dalibor)", "✓ −4,00", RED)]
    assert deal_picture._chips(deal, silent, NAMES, "en")[-2:] == [
        ("silent pagát ultimo (Anička)", "✗ −2.00", RED),
        ("silent valat (Bohouš and Dalibor)", "✓ −4.00", RED)]


def test_T_TALON_the_table_shows_the_taroks_laid_away_face_up_by_rank(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The box of the taroks laid away face up listed them seat by seat in the order laid:
    they are in the order of their rank."""
    import dataclasses

    from bot.games.taroky.pictures import table
    from engine.taroky.cards import parse_card

    deal = _example("play")[0].public_view().deal
    xvi, ii, v = (parse_card(c) for c in ("XVI", "II", "V"))
    laid = dataclasses.replace(deal, face_up_discards=((xvi, ii), (), (), (v,)))
    boxes: list[tuple[str, list[int]]] = []
    monkeypatch.setattr(table, "_inset", lambda img, x, y, box, title, shown, *a, **k:
                        boxes.append((title, list(shown))))
    table._talon(None, laid, "cs", table.H, table.trojka_lines(laid, "cs"))  # type: ignore[arg-type]
    assert ("Odložené taroky", [ii, v, xvi]) in boxes


ALIKE = ["Šárka Nováková", "Šárka Novotná", "Bohuslava Nováčková",
         "Maximiliána Nováková-Dvořáková", "Maximiliána Nováková-Dvořáčková"]


def test_the_last_trick_names_its_winner_whole_on_a_second_line() -> None:
    """Review 48: "bere Šárka Nová…" lost the surname: a winner who does not fit beside
    "bere" goes on two lines (the table's bigger words: up to three; the hand's box two),
    the box a line taller for each and the side seats as much lower (clear of it); a name
    the lines cannot take is cut apart from one that starts alike."""
    from bot.games.taroky.pictures import hand, table

    names = ALIKE[:4]
    assert table.takes_lines("Cyril", names, "cs")[0] == ["bere Cyril"]
    for name in ("Šárka Nováková", "Bohuslava Nováčková"):
        for lang, whole in (("cs", f"bere {name}"), ("en", f"{name} takes")):
            for box in (table.TABLE_INSET, hand.LAST_BOX):
                lines, f = table.takes_lines(name, names, lang, box)
                assert 2 <= len(lines) <= box.most and " ".join(lines) == whole
                assert all(f.getlength(line) <= box.w - 20 for line in lines)
    assert table.takes_lines("Bohuslava Nováčková", names, "en")[0] == [
        "Bohuslava", "Nováčková", "takes"]
    cut = [table.takes_lines(n, ALIKE[3:], "cs")[0] for n in ALIKE[3:]]
    assert cut[0][0] == "bere" and cut[0][1] != cut[1][1]  # (told apart)
    rnd, _seat = _example("play")
    deal = rnd.public_view().deal
    assert deal.last_trick is not None
    names = list(NAMES)
    assert table.trick_drop(table.last_takes(deal, names, "cs")) == 0
    names[deal.last_trick.winner] = "Bohuslava Nováčková"
    takes = table.last_takes(deal, names, "cs")
    assert table.trick_drop(takes) == table.LINE
    box_h = table.last_trick_height(takes)
    assert box_h == table.TABLE_INSET.h + table.LINE
    seen: list[tuple[int, tuple[int, int]]] = []
    real = table.layout

    def spy(heights: dict[int, int], top: int, corners: tuple[int, int],
            *args: int) -> object:
        seen.append((top, corners))
        return real(heights, top, corners, *args)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(table, "layout", spy)
        at = table.table_image(rnd.public_view(), names, "cs").height
    top, corners = seen[-1]  # (as drawn: the badge of who leads gone where it costs height)
    assert at >= table.H and corners == (0, box_h)  # (the last trick: the right column's)
    laid = real({pos: 400 if pos % 2 else 160 for pos in range(4)}, top, corners, 0, 0)
    assert laid.seats[1][1] >= top + box_h + table.M and laid.seats[3][1] >= top
    render_table(rnd.public_view(), names, "cs")  # (drawn)


def test_the_protocol_gives_a_long_declarer_a_line_of_his_own() -> None:
    """Review 48: "Šárka Nov… 59:11" lost the surname: a declarer goes on his game's line
    between the game and the eyes where he fits whole; else on a line of his own under it,
    across the row (Varšava's předák after "předák"), whole at Discord's 32 characters;
    only what that line cannot take is cut, apart from a name that starts alike."""
    import dataclasses

    from bot.games.taroky.pictures import pages, sheet
    from tests.taroky_protocol_rounds import LONGEST

    rnd, _seat = _example("finished")
    first, varsava = rnd.protocol[0], rnd.protocol[1]  # 1P by seat 0; Varšava, předák 1
    who = sheet.who_layout(first, NAMES, "cs")
    assert (who.name, who.own_line) == (NAMES[0], False)
    names = ["Šárka Nováková", "Bohuslava Nováčková", *NAMES[2:]]
    assert sheet.who_layout(first, names, "cs")[::2] == ("Šárka Nováková", False)
    assert sheet.who_layout(varsava, names, "cs")[::2] == ("Bohuslava Nováčková", False)
    for row in (first, varsava):
        who = sheet.who_layout(row, LONGEST, "cs")
        assert who.own_line and who.name in LONGEST, row.game
        lay = sheet.layout(row, LONGEST, "cs")
        below = 1 + 1 + (2 if row.eyes_by_seat is not None else 1)  # name, money, …
        assert lay.height == sheet.row_height(below, len(lay.detail))
    for row in rnd.protocol:  # (whole in English too, on the game's line or under it)
        assert sheet.who_layout(row, LONGEST, "en").name in LONGEST
    assert sheet.layout(first, NAMES, "cs").height == sheet.row_height(2, len(
        sheet.layout(first, NAMES, "cs").detail))
    alike = [n * 3 for n in ALIKE[3:]] * 2  # wider than a line: cut, each told apart
    shown = [sheet.who_layout(dataclasses.replace(first, declarer=s), alike, "cs").name
             for s in (0, 1)]
    assert shown[0] != shown[1] and all("…" in n for n in shown)
    pages.sheet_image(rnd.public_view(), LONGEST, "cs")  # (drawn)


def test_the_talon_s_box_lies_under_the_strip_s_second_row(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The talon's box stayed at the strip's first row's foot: a second row of the strip
    ("game double ×2") was drawn over its title ("From the talon"); it lies under the
    strip's rows, as the last trick's box does."""
    from bot.games.taroky.pictures import table
    from bot.games.taroky.words import pic

    view = _example("solo")[0].public_view()
    names = ["Maximilián Šťastný-Kovářík", "Bartoloměj Přemyslovský z Dubé",
             "Wolfgang Amadeus Mozartovič", "Kristýna Wiesenthalerová"]
    strip = table.strip_rows(view.deal, names, "en")
    assert len(strip.rows) == 2
    boxes: dict[str, tuple[int, int]] = {}
    real = table._inset
    monkeypatch.setattr(table, "_inset", lambda img, x, y, box, title, *a, **k: (
        boxes.__setitem__(title, (x, y)), real(img, x, y, box, title, *a, **k)))
    last = table.draw_last_trick
    monkeypatch.setattr(table, "draw_last_trick", lambda img, deal, takes, lang, at, *a: (
        boxes.__setitem__(pic("last_trick", lang), at), last(img, deal, takes, lang, at, *a)))
    table.table_image(view, names, "en")
    top = table.BODY_TOP + table.STRIP_H
    assert boxes[pic("turned", "en")] == (table.LEFT_X, top)
    assert boxes[pic("last_trick", "en")] == (table.RIGHT_X, top)


BAR = {"cs": "turnaj č. 12 · 3. kolo · stůl 10", "en": "tournament 12 · round 3 · table 10"}


def _crowded_states() -> Iterator[object]:
    """The most the table shows: every example as první povinnost (or its sólo) with the
    valát announced by the declarer, the pagát by the next or the last seat, the game and
    both flekked (to re-redouble, the widest English level), or both announced by the
    declarer (whose note, its hláška besides, then takes two lines at the top or the
    bottom), each flekked once; and a sólo played at random with every announcement and
    flek its seats could make (its talon turned, the legend of five)."""
    import dataclasses
    import random

    from engine.taroky.actions import Announce
    from engine.taroky.deal import random_deal

    for kind in KINDS:
        view = _example(kind)[0].public_view()
        deal = view.deal
        if deal.declarer is None or deal.game == "W":
            yield view
            continue
        for flek, pagat in (((3, 3, 3), 1), ((2, 0, 1), 3), ((1, 1, 1), 0)):
            busy = dataclasses.replace(deal, flek=flek, valat_by=deal.declarer,
                                       pagat_by=(deal.declarer + pagat) % 4)
            yield dataclasses.replace(view, deal=busy)
    rnd = TarokyRound(deals=[random_deal(random.Random("0/0"), 0)],
                      options=TarokyOptions(round_deals=1, flek_max=3))
    rng = random.Random(0)
    while rnd.deal.phase != "play" or len(rnd.deal.tricks) < 6:
        legal = rnd.legal_actions()
        said = [a for a in legal if isinstance(a, Announce) and a.item != "done"]
        rnd.apply(rng.choice(said) if said and rng.random() < 0.8 else rng.choice(legal))
    view = rnd.public_view()
    assert view.deal.game == "6P" and view.deal.flek == (3, 3, 3)
    yield view


def test_a_crowded_table_stays_within_its_embed_s_height_its_words_whole_sized(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With three rows of chips (the game, the pagát and the valát flekked, long names), the
    longest notes, the legend of six badges and a tournament's bar under it, the table
    was up to 1000 px high: shown in its embed (``EMBED_H``) it was narrower than
    ``EMBED_W``, its 31 px words under 11 px. Every such state, both languages, usual,
    long and 32-character names, with an AI's and an away mark, in a tournament or not, is
    at most ``H_MOST`` high and every word still 31 px (a level by its multiplier alone,
    the legend split between the side columns, the tournament at the end of the strip or
    the names in the chips cut shorter, where that keeps the picture within)."""
    from bot.games.taroky.pictures import table

    assert table.H_MOST * 11 <= table.SMALLEST * 280 < (table.H_MOST + 1) * 11
    heights = set()
    for view in _crowded_states():
        for names, lang, marks, bar in itertools.product(
                (NAMES, LONG_NAMES, NAMES_32), ("cs", "en"), ((), (None, "ai", None, "away")),
                (False, True)):
            table.seat_panel.cache_clear()
            drawn = _sizes(monkeypatch, table)
            img = table.table_image(view, names, lang, marks=marks,  # type: ignore[arg-type]
                                    tournament=BAR[lang] if bar else "")
            case = (view.deal.game, view.deal.flek, names[0], lang, marks, bar)  # type: ignore[attr-defined]
            assert table.H <= img.height <= table.H_MOST, (img.height, case)
            small = [(t, s) for t, s in drawn if t and s < TABLE_SMALLEST]
            assert drawn and not small, (case, small)
            heights.add(img.height)
    assert max(heights) >= table.H_MOST - 4  # (they grow to about the most: the test is tight)
    table.seat_panel.cache_clear()


def _random_round_view(seed: int, nth: int) -> object:
    """The ``nth`` table view of a round played at random from ``seed`` (its deals, options
    and choices; the announcements and fleks taken eagerly by most rounds), as the sweep of
    the table's heights drew them: a view now and then while the round is played."""
    import random

    from engine.taroky.actions import Announce
    from engine.taroky.deal import random_deal

    rng = random.Random(seed)
    options = TarokyOptions(round_deals=rng.choice([1, 2, 4]), flek_max=rng.choice([5, 3, 1]))
    rnd = TarokyRound(deals=[random_deal(random.Random(f"{seed}/{i}"), i % 4)
                             for i in range(options.round_deals)], options=options)
    eager = rng.random() < 0.7
    seen = 0
    while not rnd.finished:
        if rng.random() < 0.08:
            if seen == nth:
                return rnd.public_view()
            seen += 1
        legal = rnd.legal_actions()
        said = [a for a in legal if isinstance(a, Announce) and a.item != "done"]
        rnd.apply(rng.choice(said) if eager and said and rng.random() < 0.8
                  else rng.choice(legal))
    raise AssertionError((seed, nth, seen))


def test_a_solo_with_its_talon_five_badges_long_names_and_a_tournament_fits_its_embed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A sólo flekked to ×32 with the pagát and the valát, its talon's box over the left seat,
    the legend of five badges under it (the dealer, the forehand, the declarer, an AI's
    mark and an away one), long names (who took the last trick on three lines) and a
    tournament's name at the foot of the right column: the left column was 790 px high,
    1 px past ``H_MOST`` (so shown in its embed narrower than ``EMBED_W``, its words under
    11 px) — the legend's box is 2 px lower now; its words are still 31 px. An English
    tournament's name ("… · table 10") takes three lines at a column's foot: the picture
    was 803 px high with it in a bar under it — the seats' notes take their fewest lines
    then (``briefest``), and who took the last trick stays whole on three."""
    from bot.games.taroky.pictures import table

    view = _random_round_view(6, 9)
    deal = view.deal  # type: ignore[attr-defined]
    marks = (None, "ai", None, "away")
    assert (deal.game, deal.flek, deal.phase) == ("6P", (5, 5, 5), "play")
    assert deal.pagat_by is not None and deal.valat_by == deal.declarer
    assert table.talon_box(deal, "en") is not None
    assert table.legend_kinds(deal, marks, lead=False) == (
        "dealer", "predak", "declarer", "ai", "away")  # (and "lead" where no taller for it)
    assert "lead" in table.legend_kinds(deal, marks)
    heights = {}
    czech = "turnaj č. 1 · 2. kolo · stůl 1"  # (the sweep's: two lines at a column's foot)
    for names, lang, bar in itertools.product((LONG_NAMES, NAMES_32), ("cs", "en"),
                                              (czech, BAR["en"])):
        table.seat_panel.cache_clear()
        drawn = _sizes(monkeypatch, table)
        img = table.table_image(view, names, lang, marks=marks,  # type: ignore[arg-type]
                                tournament=bar)
        heights[names[0], lang, bar] = img.height
        small = [(t, s) for t, s in drawn if t and s < TABLE_SMALLEST]
        assert drawn and not small, (lang, small)
        if names == LONG_NAMES and lang == "en":  # (Bartoloměj Přemyslovský z Dubé took it)
            said = [t for t, _s in drawn]
            # (whole with either bar: where the picture would be taller, the seats'
            # notes take their fewest lines first, ``briefest``, before a name is cut)
            assert "z Dubé takes" in said and "takes" not in said, said
    assert max(heights.values()) <= table.H_MOST, heights
    # (that full: 788 px while the last trick's box showed its cards as faces; its mini
    # cards without who played each under them, where the picture would be taller than
    # ``H_MOST`` with them, leave it 4 px lower)
    assert heights[LONG_NAMES[0], "en", czech] == table.H_MOST - 5, heights
    table.seat_panel.cache_clear()


def test_the_protocol_explains_a_dokup_where_a_row_shows_one_and_counts_varsava_eyes() -> None:
    """Review 64: a row's gold "↑20" (a dokup before the deal's payment) was explained
    nowhere on its page, and Varšava's "22 e." was cryptic: the legend says what "↑" is
    where a shown row has one (with the first legend), and the eyes are words."""
    import dataclasses

    from bot.games.taroky.pictures import sheet
    from bot.render.common import MUTED

    rows = _example("finished")[0].protocol  # dokup in deals 3 and 4
    assert sheet.legends(rows[:2], "en") == [
        "Settlement (game … Σ): + declarer's side, − opponents · ✓ made · ✗ failed",
        "Warsaw: each for themselves, payer → receiver"]
    assert sheet.legends(rows[2:], "cs") == [
        "Účet (hra … Σ): + pro stranu vydražitele, − pro soupeře · ✓ vyšlo · ✗ nevyšlo"
        " · ↑ dokup před platbou"]
    varsava = dataclasses.replace(rows[1], dokup=(0, 1000, 0, 0))
    assert sheet.legends([varsava], "en") == [
        "Warsaw: each for themselves, payer → receiver · ↑ top-up before the payment"]
    assert [c[-1] for c in sheet.layout(rows[1], list(NAMES), "en").columns] == [
        [("22 eyes", MUTED)], [("21 eyes", MUTED)], [("5 eyes", MUTED)], [("22 eyes", MUTED)]]
    few = dataclasses.replace(rows[1], eyes_by_seat=(1, 2, 5, 62))
    assert [c[-1][0][0] for c in sheet.layout(few, list(NAMES), "cs").columns] == [
        "1 oko", "2 oči", "5 očí", "62 očí"]


def test_varsava_s_turned_talon_cards_are_drawn_once_each_under_its_winner() -> None:
    """Review 64: each turned talon card of a Varšava was drawn in the talon's box and again
    in its winner's pile, and one name stood over two cards: each card is in the box alone,
    under the name of the player it went to, and not in his pile."""
    from bot.games.taroky.pictures import deal as deal_picture
    from bot.games.taroky.texts import finished_deal

    rnd, _seat = _example("finished")
    deal, row = finished_deal(rnd, 2), rnd.protocol[1]
    assert deal is not None and deal.reveal is not None and row.game == "W"
    groups = deal_picture._talon_groups(deal, row, deal.reveal, list(NAMES), "cs")
    assert groups == [(NAMES[seat], "", [card]) for card, seat in deal.turned
                      if seat is not None]
    assert len(groups) == 6
    turned = {card for card, _seat in deal.turned}
    blocks = deal_picture._blocks(deal, row, deal.reveal, list(NAMES), "cs")
    piles = [pile for _t, _e, _c, seats in blocks for _n, _r, _k, pile, _l in seats]
    assert not turned & {c for pile in piles for c in pile}
    assert sorted([*turned, *(c for pile in piles for c in pile)]) == list(range(54))


def test_T_HLASKY_PAGAT_the_table_marks_an_announced_pagat_lost_once_the_I_fell() -> None:
    """Review 64 LOW 5: with the I played in trick 7 (lost) the strip still read "pagát
    ultimo Alice double ×2" and the seat "8–9 taroks, pagát ultimo" until the deal ended.
    The public view says it failed (``pagat_lost``) once the I falls before the last trick
    — in a completed trick or the one in progress — not while it is still to be played,
    nor when it falls in the last trick (won or beaten there: the counted deal says), and
    the strip and the seat mark it ✗ (red on the strip, as the deal's picture does)."""
    import dataclasses

    from bot.games.taroky.pictures import table
    from bot.render.common import RED, TEXT
    from engine.taroky.cards import PAGAT
    from engine.taroky.scoring import PagatResult

    rnd, _seat = _example("play")
    deal = rnd.public_view().deal
    assert deal.pagat_by == 0 and deal.flek[1] == 1
    assert [k for k, t in enumerate(deal.history) if PAGAT in t.cards] == [6]  # trick 7
    assert deal.pagat_lost
    assert table.strip_chips(deal, NAMES, "cs")[-1] == ("pagát Anička", "flek ×2 ✗", RED)
    assert table.strip_chips(deal, NAMES, "en")[-1] == ("pagát ultimo Anička",
                                                        "doubled ×2 ✗", RED)
    assert table._seat_note(deal, 0, "cs") == ("taročky, pagát ✗", "taročky")
    assert table._seat_note(deal, 0, "en") == ("8–9 taroks, pagát ultimo ✗",
                                               "8–9 taroks, pagát ✗", "8–9 taroks")
    before = dataclasses.replace(deal, history=deal.history[:6], trick=())
    assert not before.pagat_lost
    assert table.strip_chips(before, NAMES, "en")[-1] == ("pagát ultimo Anička",
                                                          "doubled ×2", RED)
    assert table._seat_note(before, 0, "en") == ("8–9 taroks, pagát ultimo",
                                                 "8–9 taroks, pagát", "8–9 taroks")
    silent = dataclasses.replace(before, flek=(0, 0, 0))
    assert table.strip_chips(silent, NAMES, "en")[-1] == ("pagát ultimo Anička", "", TEXT)
    lost = dataclasses.replace(silent, trick=((0, PAGAT),))  # (the trick in progress)
    assert lost.pagat_lost
    assert table.strip_chips(lost, NAMES, "en")[-1] == ("pagát ultimo Anička", "✗", RED)
    last = dataclasses.replace(lost, history=deal.history[:1] * 11)  # (played in trick 12)
    assert not last.pagat_lost
    assert not dataclasses.replace(deal, pagat_by=None).pagat_lost
    counted = _example("finished")[0].public_view().deal.score
    assert counted is not None
    for won in (True, False):
        score = dataclasses.replace(counted, pagat=PagatResult(0, "D", True, 1, won, 12))
        assert dataclasses.replace(last, score=score).pagat_lost is not won


def test_a_side_seat_with_no_cards_has_no_loose_row() -> None:
    """Review 64 LOW 9: at the round's end a side seat kept the row of its cards, gone:
    Dave's F badge floated alone on it, Bob's was a blank line. With no cards its badges
    lie beside its name where the name stays whole so, its money right under the name (as
    the wide seats have it): 66 px lower; a name the badges would cut keeps them on the row
    under it; a seat with cards is as it was."""
    from bot.games.taroky.pictures import table

    names = tuple(NAMES)
    assert table.seat_height("tall", 0, 2) == 192 and table.seat_height("tall", 0, 2, True) == 126
    for kinds in ((), ("predak",), ("dealer", "declarer")):
        bare = table.seat_panel("tall", "Dalibor", 0, 2, "41.50 Kč", kinds, ("",), False,
                                "en", names)
        assert bare.height == 126, kinds
        held = table.seat_panel("tall", "Dalibor", 3, 2, "41.50 Kč", kinds, ("",), False,
                                "en", names)
        assert held.height == 192, kinds
    long = "Maximilián Hohenzollern"
    assert table.bare_name(long, (*names[:3], long), 0) == long
    assert table.bare_name(long, (*names[:3], long), 47 + 47) is None
    assert table.seat_panel("tall", long, 0, 2, "41.50 Kč", ("predak", "dealer"), ("",),
                            False, "en", (*names[:3], long)).height == 192
    assert table.seat_panel("tall", long, 0, 2, "41.50 Kč", (), ("",), False, "en",
                            (*names[:3], long)).height == 126
    # (the round's end drawn so: both side seats 126 px high)
    rnd, _seat = _example("finished")
    pieces = table._pieces(rnd.public_view(), list(NAMES), "en")
    assert pieces[1].height == pieces[3].height == 126


def test_a_seats_note_takes_no_third_line_so_the_table_fits_its_embed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A sólo with 32-character names, an AI's and an away mark, a tournament, the talon's
    turned cards and the legend: a side seat's note on a third line ("8–9 taroks, /
    honours, / pagát ultimo") made the picture 794 px high, past ``H_MOST`` (shown
    narrower in its embed, its words under 11 px). Such a note is said shorter
    (``_seat_note``: the short words, then without the announcements the strip names), and
    where the picture is taller even so, each seat's in its fewest lines (``briefest``):
    the picture is no taller than ``H_MOST`` and every word it draws at least 31 px."""
    import dataclasses

    from bot.games.taroky.pictures import table

    names = [(n + "W" * 32)[:32] for n in (
        "Maximilián Šťastný-Kovářík z Dub", "Bartoloměj Přemyslovský z Dubé ",
        "Wolfgang Amadeus Mozartovič ml. ", "Kristýna Wiesenthalerová-Nováků")]
    view = _example("solo")[0].public_view()
    deal = dataclasses.replace(view.deal, hlasky=((), ("tarocky", "trulhonery"), (),
                                                  ("tarocky", "honery")),
                               pagat_by=3, valat_by=1, flek=(3, 3, 3))
    assert deal.declarer == 1 and deal.turned  # (the talon's box top left)
    notes = table._seat_note(deal, 3, "en")
    assert notes[0] == "8–9 taroks, honours, pagát ultimo"
    assert len(table.note_lines(notes[0], table.note_width("tall"), 5)[0]) == 3
    # both side columns full (a two-line note on either side): the notes in their fewest
    # lines where the picture is taller than H_MOST (it was 810 px, in English)
    both = dataclasses.replace(deal, hlasky=((), ("tarocky",), ("barvicky",),
                                             ("taroky", "trulhonery")))
    for lang, bar, said in itertools.product(
            ("cs", "en"),
            ("tournament 12 · round 3 · table 10", "turnaj č. 1 · 2. kolo · stůl 1"),
            (deal, both)):
        crowded = dataclasses.replace(view, deal=said)
        table.seat_panel.cache_clear()
        drawn = _sizes(monkeypatch, table)
        img = table.table_image(crowded, names, lang, marks=(None, "ai", None, "away"),
                                tournament=bar)
        assert table.H <= img.height <= table.H_MOST, (lang, bar, said.hlasky, img.height)
        small = [(t, s) for t, s in drawn if t and s < TABLE_SMALLEST]
        assert drawn and not small, (lang, small)
        hlasky = ("taroks", "taroky", "taročky", "barvičky", "king", "honours", "honéry")
        cut = [t for t, _s in drawn if "…" in t and any(h in t for h in hlasky)]
        assert not cut, (lang, cut)  # (a seat's note is whole: the strip names its pagát)
    table.seat_panel.cache_clear()
