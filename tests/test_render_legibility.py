"""Accessibility review 50: the pictures read on a phone and without colour.

A phone (430 px) shows a plain picture (an attachment, not in an embed) about ``PHONE_W``
(342) px wide, so a word drawn ``px`` px high in a picture ``width`` px wide is
``px × 342 / width`` px high there; a picture inside an
embed (``IN_EMBED``: the table messages, the leaderboard, the round's standings) is shown
``EMBED_W`` (310) px wide and at most ``EMBED_H`` (280) px high (a taller one narrower still:
``shown_width``). Every word of every picture is at least 11 px there (the Lóra table's legend,
counters and header were 6–9 px in its embed; at 430 px its 24 px labels were 10 px, its card counts
8 px, the hand's last-trick order 7.5 px). Every colour words are written in has a contrast
of at least 4.5 : 1 (WCAG, small text) on the felt and the panels they are drawn on (FAINT
was 2.8 : 1 and RED 3.0 : 1 on the felt), and the dark text on the badges on their fills.
"""

from __future__ import annotations

import functools
import io
import itertools
import re
from collections.abc import Callable
from functools import partial

import pytest
from PIL import Image, ImageDraw

from bot.render import (
    clear_caches,
    common,
    leaderboard,
    render_hand,
    render_leaderboard,
    render_sheet_page,
    render_table,
    seats,
    sheet,
    sheet_pages,
)
from bot.render.bench import NAMES, example
from bot.render.common import EMBED_H, EMBED_W, PHONE_H, PHONE_W, TEXT
from bot.render.strings import s
from bot.storage.models import TournamentRecord

MIN_PHONE_PX = 11


def _lora_table(kind: str) -> Callable[[], bytes]:
    return lambda: render_table(example(kind).public_view(), NAMES, "cs")


def _lora_hand(kind: str, lang: str = "cs") -> Callable[[], bytes]:
    def draw() -> bytes:
        lora = example(kind)
        return render_hand(lora.view(lora.to_act if lora.to_act is not None else 0), lang,
                           NAMES)
    return draw


def _sheet_page(kind: str, lang: str, page: int) -> Callable[[], bytes]:
    """A page of the Lóra score sheet (``bot.render.sheet_pages``): of a finished lóra with
    maturita attempts (failed ones too) and knocks ("finished"), of one with a harakiri
    play-off and declared čisté stovky ("harakiri"), of one in play ("trick")."""
    def draw() -> bytes:
        from tests.test_render_phone import _rich

        lora = _rich() if kind == "harakiri" else example(kind)
        return render_sheet_page(lora.public_view(), NAMES, lang, page,
                                 notes=SHEET_NOTES[lang])
    return draw


# the notes a box may carry (an AI for one who left, an AI standing in), at their longest
SHEET_NOTES = {lang: [[s("sheet_left_again", lang, n=4, tali="1., 2.", v="v", nums="1, 2"),
                       s("sheet_stand_in", lang, n=256)],
                      [], [s("sheet_left_from", lang, n=3)], []] for lang in ("cs", "en")}
SHEET_CASES = [(kind, lang, page) for kind in ("finished", "harakiri", "trick")
               for lang in ("cs", "en") for page in range(5)]


def _leaderboard() -> bytes:
    from tests.test_render_leaderboard import _rows

    return render_leaderboard(_rows(), "cs", title="Žebříček")


def _taroky(kind: str, what: str) -> Callable[[], bytes]:
    def draw() -> bytes:
        from bot.games.taroky.pictures.__main__ import picture

        return picture(kind, what)
    return draw


def _taroky_deal(n: int, lang: str = "cs") -> Callable[[], bytes]:
    """Deal ``n`` of the finished example (1P, Varšava, 3P2, sólo) as counted."""
    def draw() -> bytes:
        from bot.games.taroky.pictures import render_deal
        from bot.games.taroky.pictures.examples import NAMES as TAROKY_NAMES
        from bot.games.taroky.pictures.examples import example as taroky_example
        from bot.games.taroky.texts import finished_deal

        rnd, _seat = taroky_example("finished")
        deal = finished_deal(rnd, n)
        assert deal is not None
        return render_deal(deal, rnd.protocol[n - 1], TAROKY_NAMES, lang)
    return draw


def _tall_taroky_deal() -> bytes:
    """A 3P deal of random play whose picture was 1666 px high (800 wide: shown 315 px
    wide, its 26 px words 10.2 px; review 65 saw one 1620 px high): three opponents with
    tricks, the declarer's two rows, a valát flekked, the talon's both trojky."""
    import random

    from bot.games.taroky.pictures import render_deal
    from bot.games.taroky.texts import finished_deal
    from engine.taroky import TarokyRound
    from engine.taroky.deal import random_deal
    from engine.taroky.options import TarokyOptions

    rnd = TarokyRound(deals=[random_deal(random.Random("tall/283"), 3)],
                      options=TarokyOptions(round_deals=1))
    rng = random.Random(283)
    while not rnd.finished:
        rnd.apply(rng.choice(rnd.legal_actions()))
    deal = finished_deal(rnd, 1)
    assert deal is not None and rnd.protocol[0].game == "3P3"
    return render_deal(deal, rnd.protocol[0], ["Ann", "Bob", "Cyril", "Dana"], "en")


def _taroky_preferanc() -> bytes:
    """The table of a preferanc deal on third cards (both trojkas shown, their box's lines
    of cards by name) at its first trick."""
    from bot.games.taroky.pictures import render_table as render_taroky_table
    from bot.games.taroky.pictures.examples import NAMES as TAROKY_NAMES
    from bot.games.taroky.pictures.examples import drive, script, shuffled
    from engine.taroky import TarokyRound
    from engine.taroky.options import TarokyOptions

    rnd = TarokyRound(deals=[shuffled(4, 3)], options=TarokyOptions(round_deals=4))
    drive(rnd, lambda r: r.deal.phase == "play" and len(r.deal.tricks) == 1,
          script(bid={0: "3P"}, trojka={0: (False, False)}, announce={0: ["valat"]}))
    assert rnd.deal.game == "3P3" and len(rnd.deal.shown) == 6
    return render_taroky_table(rnd.public_view(), TAROKY_NAMES, "cs")


def _taroky_laid() -> bytes:
    """The table in play with five taroks laid away face up (their box's mini cards)."""
    import dataclasses

    from bot.games.taroky.pictures import render_table as render_taroky_table
    from bot.games.taroky.pictures.examples import NAMES as TAROKY_NAMES
    from bot.games.taroky.pictures.examples import example as taroky_example
    from engine.taroky.cards import parse_card

    view = taroky_example("play")[0].public_view()
    ii, iv, v, xvi, xx = (parse_card(c) for c in ("II", "IV", "V", "XVI", "XX"))
    deal = dataclasses.replace(view.deal, face_up_discards=((ii, v), (xvi,), (), (xx, iv)))
    return render_taroky_table(dataclasses.replace(view, deal=deal), TAROKY_NAMES, "cs")


@functools.cache
def _example_tournament(kind: str, field: int) -> TournamentRecord:
    from bot.tournament.examples import example_tournament

    return example_tournament(kind, field_size=field)


def _tournament(kind: str, what: str, field: int = 8, page: int = 1) -> Callable[[], bytes]:
    def draw() -> bytes:
        from bot.tournament.pictures import sheet_png, standings_png

        t = _example_tournament(kind, field)
        if what == "standings":
            return standings_png(t, 2, "cs", page)
        return sheet_png(t, next(iter(t.tables)), "cs")
    return draw


# a larger field's standings: a picture (an embed) per eight entrants, every one legible
FIELD_PAGES = {9: 2, 12: 2, 16: 2, 33: 5}
LARGE_STANDINGS = {f"tournament_standings_{kind}_{field}_page_{page}":
                   _tournament(kind, "standings", field, page)
                   for kind in ("lora", "taroky") for field, pages in FIELD_PAGES.items()
                   for page in range(1, pages + 1)}


PICTURES: dict[str, Callable[[], bytes]] = {
    **{f"lora_table_{k}": _lora_table(k)
       for k in ("trick", "kvarty", "desitky", "stovka", "choose", "finished")},
    **{f"lora_hand_{k}": _lora_hand(k) for k in ("trick", "kvarty", "desitky", "stovka")},
    "lora_hand_trick_en": _lora_hand("trick", "en"),
    **{f"lora_sheet_{kind}_{lang}_{page}": _sheet_page(kind, lang, page)
       for kind, lang, page in SHEET_CASES},
    "leaderboard": _leaderboard,
    **{f"taroky_{what}_{kind}": _taroky(kind, what)
       for kind, what in (("play", "table"), ("bid", "table"), ("discard", "hand"),
                          ("play", "hand"), ("varsava", "hand"), ("discard", "table"),
                          ("varsava", "table"), ("finished", "table"),
                          ("finished", "sheet"), ("finished", "deal"))},
    # the finished deal's picture (a plain attachment): each game, both languages, and a
    # tall 3P one
    **{f"taroky_deal_{n}_{lang}": _taroky_deal(n, lang)
       for n in range(1, 5) for lang in ("cs", "en")},
    "taroky_deal_tall_3p": _tall_taroky_deal,


    "taroky_table_preferanc": _taroky_preferanc,
    "taroky_table_laid": _taroky_laid,
    **{f"tournament_{what}_{kind}": _tournament(kind, what)
       for kind in ("lora", "taroky") for what in ("standings", "sheet")},
    **LARGE_STANDINGS,
}

# the pictures shown inside an embed (the table messages, the leaderboard's, the round's
# standings post): narrower than a plain picture, and no taller than EMBED_H
IN_EMBED = {
    "lora_table_trick", "lora_table_kvarty", "lora_table_desitky", "lora_table_stovka",
    "lora_table_choose", "lora_table_finished",
    "taroky_table_play", "taroky_table_bid", "taroky_table_discard", "taroky_table_varsava",
    "taroky_table_finished", "taroky_table_preferanc", "taroky_table_laid",
    "leaderboard", "tournament_standings_lora", "tournament_standings_taroky",
    *LARGE_STANDINGS,
}


# The score sheets are tall: a phone caps a picture's height (0.8 × the window's, PHONE_H =
# 656 px on a 932 px phone), so it shows them narrower still than PHONE_W (the whole Lóra
# sheet, 638 × 2158, ~194 px wide). Both come in pages a phone reads whole at PHONE_W: the
# Lóra sheet's (a tálie's, the overview: ``bot.render.sheet_pages``), the Taroky protocol's
# (``test_every_page_of_the_taroky_protocol_is_legible_on_a_phone``).


def shown_width(name: str, width: int, height: int) -> float:
    """How wide a phone shows the picture ``name`` (``width`` × ``height`` px): ``PHONE_W``,
    or in an embed ``EMBED_W`` — less when it is taller than ``PHONE_H`` (``EMBED_H`` in an
    embed) would be there."""
    if name in IN_EMBED:
        return min(EMBED_W, EMBED_H * width / height)
    return min(PHONE_W, PHONE_H * width / height)


def test_a_tall_picture_is_shown_narrower() -> None:
    assert shown_width("leaderboard", 760, 910) == pytest.approx(233.8, abs=0.1)
    assert shown_width("leaderboard", 760, 600) == EMBED_W
    assert shown_width("lora_hand_trick", 800, 600) == PHONE_W
    # a plain picture taller than PHONE_H at PHONE_W: the whole Lóra sheet ~194 px wide
    assert shown_width("lora_hand_trick", 638, 2158) == pytest.approx(193.9, abs=0.1)


def _forget_pieces() -> None:
    """Forget the cached texts and composed pieces (not the palettes), so that every word of
    the next picture is drawn while the test watches."""
    from bot.games.taroky.pictures import hand as taroky_hand
    from bot.games.taroky.pictures import table as taroky_table

    clear_caches(keep_palette=True)
    taroky_hand._hand_image.cache_clear()
    taroky_table.seat_panel.cache_clear()


def _small_words(name: str, draw: Callable[[], bytes],
                 monkeypatch: pytest.MonkeyPatch) -> tuple[list[tuple[int, float, str]], float]:
    """The words of the picture ``draw`` makes (as ``name``) under ``MIN_PHONE_PX`` as a
    phone shows it: (size, size shown, word); and how wide it is shown."""
    draw()  # the palettes and the examples, before watching
    _forget_pieces()
    drawn: list[tuple[int, str]] = []
    real = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: object, value: object, *args: object,
            **kwargs: object) -> None:
        fnt = kwargs.get("font", args[1] if len(args) > 1 else None)
        if str(value).strip():
            drawn.append((getattr(fnt, "size", 0), str(value)))
        real(self, xy, value, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    try:
        width, height = Image.open(io.BytesIO(draw())).size
    finally:
        monkeypatch.undo()
        clear_caches()
    assert len(drawn) >= 3, "the spy saw no words"
    shown = shown_width(name, width, height)
    return sorted({(px, round(px * shown / width, 1), value) for px, value in drawn
                   if px * shown / width < MIN_PHONE_PX}), shown


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_every_word_is_at_least_11_px_on_a_phone(name: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    small, shown = _small_words(name, PICTURES[name], monkeypatch)
    assert small == [], f"{name} (shown {shown:.0f} px wide): words under {MIN_PHONE_PX} px"


@pytest.mark.parametrize("case", ["1", "4", "12", "busy"])
def test_every_page_of_the_taroky_protocol_is_legible_on_a_phone(
        case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every page of a finished round's protocol (1, 4, 12 deals: první povinnost, Varšava,
    preferanc, sólo, fleks; the 12 with a pagát, a valát and ×8 in each deal and long
    names), both languages: shown at the full PHONE_W (no taller than PHONE_H there), its
    least words 11 px at least."""
    from bot.games.taroky.pictures import protocol_pages, render_sheet
    from tests.taroky_protocol_rounds import CASES, finished_view

    view, names = finished_view(case), CASES[case]
    for lang in ("cs", "en"):
        for k in range(len(protocol_pages(view, names, lang))):
            small, shown = _small_words(
                "taroky_protocol_page", partial(render_sheet, view, names, lang, page=k),
                monkeypatch)
            assert shown == PHONE_W and small == [], (case, lang, k, small)


def test_the_smallest_sizes_are_11_px_on_a_phone() -> None:
    """The named least sizes of the layouts, at their pictures' widths as a phone shows them
    (the table inside its embed)."""
    from bot.render import center, hand, table
    from bot.tournament import render as tournament

    assert seats.PICTURE_W == center.PICTURE_W == table.W
    for px, width, shown in (
            (seats.SMALL_PX, table.W, EMBED_W), (center.SMALL_PX, table.W, EMBED_W),
            (seats.LEGEND_PX, table.W, EMBED_W), (center.MINI_RANK, table.W, EMBED_W),
            (center.ROW_RANK, table.W, EMBED_W),
            (hand.SMALL, hand.W, PHONE_W),
            (leaderboard.SMALL_PX, leaderboard.W, EMBED_W),
            (tournament.SMALL_PX, tournament.W, EMBED_W),
            (tournament.SHEET_PILL_PX, tournament.W, PHONE_W)):
        assert px * shown / width >= MIN_PHONE_PX, (px, width, shown)
    assert "lora_table_trick" in IN_EMBED and "lora_hand_trick" not in IN_EMBED


def test_the_sheet_pages_smallest_size_is_11_px_on_a_phone() -> None:
    """The least size of the Lóra sheet's pages (a badge's text, a game's name beside it, a
    player's name over his column, a box's line) at their width, shown ``PHONE_W`` wide:
    no page is taller than a phone shows at that width (every case of ``PICTURES``)."""
    assert sheet_pages.LEAST * PHONE_W / sheet_pages.PAGE_W >= MIN_PHONE_PX
    assert sheet_pages.TAG_PX >= sheet_pages.LEAST and sheet_pages.BOX_PX >= sheet_pages.LEAST
    assert sheet_pages.PAGE_H_MAX * PHONE_W / sheet_pages.PAGE_W <= PHONE_H
    for kind, lang, page in SHEET_CASES:
        width, height = Image.open(io.BytesIO(_sheet_page(kind, lang, page)())).size
        assert width == sheet_pages.PAGE_W and height <= sheet_pages.PAGE_H_MAX, (
            kind, lang, page, height)
        assert shown_width(f"lora_sheet_{kind}_{lang}_{page}", width, height) == PHONE_W


def test_every_page_of_a_larger_field_s_standings_is_checked() -> None:
    """The pages checked are all there are: 9 entrants take two pictures, 33 five."""
    from bot.tournament.pictures import standings_pages

    for field, pages in FIELD_PAGES.items():
        assert standings_pages(_example_tournament("lora", field)) == pages
    assert len(LARGE_STANDINGS) == 2 * sum(FIELD_PAGES.values()) == 22


def test_the_pictures_in_embeds_are_among_those_checked() -> None:
    """A name in ``IN_EMBED`` that is no picture's would check nothing at the embed's width."""
    assert set(PICTURES) >= IN_EMBED


TOURNAMENT = {"cs": "turnaj č. 12 · 3. kolo · stůl 10",
              "en": "tournament 12 · round 3 · table 10"}  # (a table's name, as its thread's)


def _taroky_deal_bodies() -> dict[str, int]:
    """The tallest finished deal's picture without its chips (``deal._height``, no chips'
    rows) that each game's shape can make: every split of the 12 tricks, each game's shape
    (1P with a partner and alone, its 4-1-1 laid away; 3P with its trojky; sólo with the
    talon the opponents'; Varšava's six talon cards, one per name)."""
    from bot.games.taroky.pictures import deal as dp

    def seat(tricks: int, laid: int) -> tuple[str, str, int, list[int], list[int]]:
        return ("x", "", tricks, list(range(4 * tricks)), list(range(laid)))

    def theirs(n: int) -> tuple[str, str, int, list[int], list[int]]:
        return ("z talonu · horní trojka · ukázaná", "", -1, list(range(n)), [])

    tallest: dict[str, int] = {}
    for t in itertools.product(range(13), repeat=4):
        if sum(t) != 12:
            continue
        a, b, c, d = t
        shapes: dict[str, tuple[list[dp.Group], list[dp.Block]]] = {
            "1P": ([("x", "", [0] * 4), ("y", "", [0]), ("z", "", [0])],  # with a partner
                   [("d", "", TEXT, [seat(a, 4), seat(b, 0)]),
                    ("o", "", TEXT, [seat(c, 1), seat(d, 1)])]),
            "1P alone": ([("x", "", [0] * 4), ("y", "", [0]), ("z", "", [0])],
                         [("d", "", TEXT, [seat(a, 4)]),
                          ("o", "", TEXT, [seat(b, 1), seat(c, 1), seat(d, 0)])]),
            "3P": ([("x", "horní trojka · ukázaná", [0] * 3)],
                   [("d", "", TEXT, [seat(a, 3)]),
                    ("o", "", TEXT, [seat(b, 0), seat(c, 0), seat(d, 0), theirs(3)])]),
            "6P": ([], [("d", "", TEXT, [seat(a, 0)]),
                        ("o", "", TEXT, [seat(b, 0), seat(c, 0), seat(d, 0), theirs(6)])]),
            "W": ([("x", "", [0])] * 6, [("p", "", TEXT, [seat(k, 0)]) for k in t]),
        }
        for shape, (groups, blocks) in shapes.items():
            rows, _widths, _labels = dp._talon_layout(groups, ["x", "y", "z", "w"])
            tallest[shape] = max(tallest.get(shape, 0),
                                 dp._height(0, dp._talon_height(groups, rows), blocks))
    return tallest


def test_every_finished_taroky_deal_is_shown_at_phone_width_its_cards_read() -> None:
    """Review 65 LOW 5: the finished deal's picture, 800 px wide with 80 px cards, was up
    to 1666 px high: shown narrower than ``PHONE_W``, its least words were 10 px and its
    cards 32 px wide (their indices 5 px high). The tallest picture its layout can make —
    every split of the 12 tricks, each game's shape (``_taroky_deal_bodies``), three rows
    of chips — is at most ``MOST_H`` high, so a phone shows it ``PHONE_W`` wide: its least
    words 12 px there, its cards (their tops) 53 px wide, nearly a hand's 64."""
    from bot.games.taroky.pictures import deal as deal_picture
    from bot.games.taroky.pictures import hand as taroky_hand

    dp = deal_picture
    assert dp.MOST_H * PHONE_W / dp.W <= PHONE_H
    assert dp.SMALLEST * PHONE_W / dp.W >= 12
    assert dp.CARD_W * PHONE_W / dp.W >= 53
    assert taroky_hand.CARD_W * PHONE_W / taroky_hand.W >= 64
    chips = 3 * (dp.CHIP_H + 8) - 8
    tallest = max(_taroky_deal_bodies().values()) + chips
    assert tallest <= dp.MOST_H, tallest


def _ink_runs(face: Image.Image, box: tuple[int, int, int, int]) -> list[tuple[int, int, int, int]]:
    """The ink in ``box`` of a card's record face (what differs from the plate's ground, read
    above the rank), in runs of rows one under the other: each run's bounding box."""
    part = face.convert("RGB").crop(box)
    ground = part.getpixel((part.width // 2, 1))
    assert isinstance(ground, tuple)
    ink = Image.eval(part.convert("L"), lambda v: 0)
    for x in range(part.width):
        for y in range(part.height):
            pixel = part.getpixel((x, y))
            assert isinstance(pixel, tuple)
            if sum(abs(a - b) for a, b in zip(pixel, ground, strict=True)) > 150:
                ink.putpixel((x, y), 255)
    runs: list[tuple[int, int, int, int]] = []
    start = None
    for y in range(part.height + 1):
        row = ink.crop((0, y, part.width, y + 1)).getbbox() if y < part.height else None
        if row is not None and start is None:
            start = y
        elif row is None and start is not None:
            left, _t, right, _b = ink.crop((0, start, part.width, y)).getbbox() or (0, 0, 0, 0)
            runs.append((left, start, right, y))
            start = None
    return runs


def test_a_finished_taroky_deal_s_card_indices_read_on_a_phone() -> None:
    """Review 77 MEDIUM 3: the record's cards overlap, each showing a ``STEP`` px strip with
    the art's index, its rank 18 px high in the 800 px picture (7.7 px on a phone): 8♣/8♠ and
    D♥/D♦ hard to tell apart in a row of 19. Every card in both languages (its face's own
    letters: D / Q) shows its rank — a tarok its number, the škýz Š — and a suit card its
    sign under it, each at least 11 px high as a phone shows the picture, within the strip
    the next card leaves uncovered."""
    from bot.games.taroky.pictures import deal as dp
    from bot.games.taroky.pictures import record
    from engine.taroky.cards import NUM_TAROKS

    scale = PHONE_W / dp.W
    assert (dp.CARD_W, dp.STEP, dp.TAB_H) == (record.CARD_W, record.STEP, record.TAB_H)
    left, top, right, bottom = record.PLATE
    assert right < record.STEP
    for lang in ("cs", "en"):
        for card in range(54):
            runs = _ink_runs(record.record_face(card, lang),
                             (left + 2, top + 1, right - 1, bottom - 2))
            if card == NUM_TAROKS - 1:  # Š: its caron a run of its own over it
                runs = runs[1:]
            rank = runs[0]
            assert (rank[3] - rank[1]) * scale >= MIN_PHONE_PX, (lang, card, runs)
            if card >= NUM_TAROKS:
                sign = runs[1]
                assert (sign[3] - sign[1]) * scale >= MIN_PHONE_PX, (lang, card, runs)
                assert len(runs) == 2, (lang, card, runs)


def test_a_finished_taroky_deal_s_most_chips_stay_within_its_height() -> None:
    """Review 72 LOW 6: the deal's chips name every item that moved money (each hláška that
    counted, with its holder; the pagát and each valát with their fleks, ✓/✗ and money;
    the opponents' with whose they are). The most each game can have — the game sup, four
    hlášky counted (the opponents' three and the one honour hláška), the opponents' pagát
    sup and valát re, or the declarer's valát failed beside their silent one — with long
    names in both languages take at most the rows its tallest picture leaves them
    (``_taroky_deal_bodies``): no picture is taller than ``MOST_H``."""
    import dataclasses

    from bot.games.taroky.pictures import deal as dp
    from bot.games.taroky.pictures.examples import example as taroky_example
    from bot.games.taroky.texts import finished_deal
    from engine.taroky.scoring import PagatResult, ValatResult

    long = ["Maximilián Šťastný-Kovářík", "Bartoloměj Přemyslovský z Dubé",
            "Wolfgang Amadeus Mozartovič", "Kristýna Wiesenthalerová"]
    bodies = _taroky_deal_bodies()
    rnd, _seat = taroky_example("finished")  # 1P with a partner, Varšava, 3P2, sólo
    checked = set()
    for n in (1, 3, 4):
        row, deal = rnd.protocol[n - 1], finished_deal(rnd, n)
        assert deal is not None
        rows = [row] if row.partner is None else [row, dataclasses.replace(
            row, partner=None, alone=True)]
        for one in rows:
            shape = ("1P" if one.partner is not None else "1P alone") if one.game == "1P" \
                else one.game[:2]
            others = [x for x in range(4) if x not in one.declarers]
            hlasky: list[tuple[tuple[str, bool], ...]] = [(), (), (), ()]
            for k, x in enumerate(others):
                hlasky[x] = ((("taroky", "barvy", "barvicky")[k], True),)
            hlasky[others[0]] += (("kralovske_honery", True),)
            pagat = PagatResult(others[-1], "O", True, 3, True, 12)
            for valats, by in (((ValatResult("O", True, 2, True),), others[0]),
                               ((ValatResult("D", True, 2, False),
                                 ValatResult("O", False, 0, True)), one.declarer)):
                most = dataclasses.replace(one, flek=(3, 3, 2), hlasky=tuple(hlasky),
                                           pagat=pagat, valats=valats, valat_by=by)
                for lang in ("cs", "en"):
                    assert len(dp._chips(deal, most, long, lang)) >= 8
                    strip, legend = dp._chip_rows(deal, most, long, lang, bodies[shape])
                    priced = any(re.search(r"[+−]\d+[.,]\d\d$", value)
                                 for line in strip.rows for _l, value, _c in line)
                    assert bool(legend) == priced  # (review 81: their money's sign)
                    height = (bodies[shape] + strip.height(dp.CHIP_H)
                              + dp.legend_height(legend))
                    assert height <= dp.MOST_H, (shape, lang, len(strip.rows))
            checked.add(shape)
    assert checked == {"1P", "1P alone", "3P", "6P"}


def test_the_taroky_table_s_smallest_size_is_11_px_in_an_embed() -> None:
    """The table message's picture is shown ``EMBED_W`` px wide on a phone, and no taller
    than ``EMBED_H``: its least size (its chips' too) is 11 px there at its width and at its
    greatest height (``H_MOST``), which no example state passes — long names, the AI's and
    the away marks, a tournament's table (its name in a bar under it), both languages (at
    860 × 840, and up to 968 px high, its 31 px words were 10.3 px and less there)."""
    from bot.games.taroky.pictures import table as taroky_table
    from bot.games.taroky.pictures.examples import KINDS
    from bot.games.taroky.pictures.examples import NAMES as TAROKY_NAMES
    from bot.games.taroky.pictures.examples import example as taroky_example

    most = taroky_table.H_MOST
    assert taroky_table.SMALLEST * min(EMBED_W / taroky_table.W, EMBED_H / most) >= MIN_PHONE_PX
    assert taroky_table.TABLE_INSET.px == taroky_table.SMALLEST
    assert most >= taroky_table.H and taroky_table.H * EMBED_W <= EMBED_H * taroky_table.W
    long = ["Maximilián Šťastný-Kovářík", "Bartoloměj Přemyslovský z Dubé",
            "Wolfgang Amadeus Mozartovič", "Kristýna Wiesenthalerová"]
    heights = set()
    for kind in KINDS:
        view = taroky_example(kind)[0].public_view()
        for names in (TAROKY_NAMES, long):
            for lang in ("cs", "en"):
                for marks, bar in itertools.product(((), (None, "ai", None, "away")),
                                                    ("", TOURNAMENT[lang])):
                    img = taroky_table.table_image(view, names, lang, marks=marks,
                                                   tournament=bar)
                    assert img.width == taroky_table.W
                    assert taroky_table.H <= img.height <= most, (kind, names[0], lang, marks,
                                                                  bar)
                    heights.add(img.height)
    # (none taller than the embed shows 310 px wide: a tournament's name where its bar
    # would make it taller lies at the end of the strip or at the foot of a column)
    assert heights == {taroky_table.H}


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _over(fill: tuple[int, int, int, int], under: tuple[int, int, int]) -> tuple[int, int, int]:
    a = fill[3] / 255
    return tuple(round(f * a + u * (1 - a)) for f, u in zip(fill[:3], under, strict=True))  # type: ignore[return-value]


def test_contrast_is_computed_as_wcag_says() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    assert contrast((110, 140, 122), common.FELT) < 3  # the old FAINT on the felt


GROUNDS = {
    "felt": common.FELT,
    "dark felt": common.FELT_DARK,
    "panel": _over(common.PANEL, common.FELT),
    "bar": _over(common.BAR, common.FELT),
}
INKS = {
    "TEXT": common.TEXT, "MUTED": common.MUTED, "FAINT": common.FAINT, "GOLD": common.GOLD,
    "RED": common.RED, "GREEN": common.GREEN, "BLUE": common.BLUE,
    "sheet totals": sheet.TOTAL_COLOUR,
}


@pytest.mark.parametrize("ink", sorted(INKS))
def test_every_text_colour_is_4_5_to_1_on_the_felt_and_the_panels(ink: str) -> None:
    for ground, rgb in GROUNDS.items():
        assert contrast(INKS[ink], rgb) >= 4.5, (ink, ground, round(contrast(INKS[ink], rgb), 2))


def test_dark_text_on_the_badges_is_4_5_to_1() -> None:
    """Badges, pills and a failed maturita's points: DARK on their fills."""
    fills = {"GOLD": common.GOLD, "RED": common.RED, "GREEN": common.GREEN,
             "MUTED": common.MUTED, "TEXT": common.TEXT, **common.BADGE_COLOURS}
    for name, fill in fills.items():
        assert contrast(common.DARK, fill) >= 4.5, name
