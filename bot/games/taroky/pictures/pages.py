"""The protocol by pages, each shown whole at a phone's width (``PAGE_H``): pages of deals
(as few as they fit on, shared evenly, split between deals), then the summary (the totals:
dokup, money, result; at the round's end the placing points and the control sum). Their
buttons' labels, the page to open first, and the picture of one page — or of the whole
protocol (the export's)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.games.taroky.pictures import palette
from bot.games.taroky.pictures.sheet import (
    FIRST_LINE,
    HEADER_H,
    LINE,
    NAMES_H,
    PAD,
    PAGE_H,
    RULE,
    SMALLEST,
    Layout,
    M,
    W,
    control_lines,
    control_text,
    draw_deals,
    layouts,
    legends,
    names_heading,
    title_bar,
)
from bot.games.taroky.pictures.summary import draw_summary, summary_height
from bot.games.taroky.words import pic
from bot.i18n import LANGS, lang_of, t
from bot.render.common import FAINT, PANEL, check_names, encode, felt, panel, paste, text
from bot.render.fonts import Font, fitted
from engine.taroky.views import TableView


class Part(NamedTuple):
    """What one picture of the protocol holds: the deals at ``deals`` (indices of the
    protocol's rows) under the players' names, with their legend; with ``summary`` the
    totals (and the control sum at the round's end)."""

    deals: range
    summary: bool


def whole(view: TableView) -> Part:
    """The whole protocol on one picture (the export's)."""
    return Part(range(len(view.protocol)), True)


def _notes(view: TableView, part: Part, lang: str) -> list[tuple[list[str], Font]]:
    """The notes at a part's foot: the legends of its deals' details (each from a line of
    its own), the control sum at the round's end under the totals."""
    notes = [control_lines(note)
             for note in legends([view.protocol[i] for i in part.deals], lang)]
    if part.summary and view.finished:
        notes.append(control_lines(control_text(view, lang)))
    return notes


EMPTY_H = FIRST_LINE + 2 * PAD  # the line that says no deal is over yet


def part_height(view: TableView, part: Part, lays: Sequence[Layout], who: Sequence[str],
                left: Sequence[bool], lang: str, points: bool = False) -> int:
    """How high the picture of ``part`` is (``lays``: every row's ``layout``; ``points``:
    with the placing points, ``summary``)."""
    height = HEADER_H + M
    if part.deals:
        height += NAMES_H + sum(lays[i].height for i in part.deals)
    if part.summary:
        height += (0 if view.protocol else EMPTY_H) + summary_height(view, who, left, lang,
                                                                     points)
    notes = sum(len(lines) for lines, _f in _notes(view, part, lang))
    return height + 8 + LINE * notes + M + 8


def parts(view: TableView, names: Sequence[str], left: Sequence[bool]) -> list[Part]:
    """The protocol's pages: deals in their order, split between deals, each page no higher
    than ``PAGE_H`` (so a phone shows it at its full width); as few pages as a greedy fill
    takes, their deals shared out evenly (9 deals 5 + 4, not 8 and one alone; the earlier
    pages the fuller); then the summary. The same pages in every language (a page fits in
    each): the page a table's sheet opens on does not depend on who asks."""
    drawn = []
    for lang in LANGS:
        who = check_names(names, lang)
        drawn.append((who, layouts(view, who, lang), lang))
    known: dict[tuple[int, int], bool] = {}

    def fits(start: int, stop: int) -> bool:
        if (start, stop) not in known:
            known[start, stop] = all(
                part_height(view, Part(range(start, stop), False), lays, who, left, lang)
                <= PAGE_H for who, lays, lang in drawn)
        return known[start, stop]

    count = len(view.protocol)
    return [*(Part(deals, False) for deals in _even(count, _fill(count, fits), fits)),
            Part(range(0), True)]


Fits = Callable[[int, int], bool]


def _fill(count: int, fits: Fits) -> list[range]:
    """``count`` deals split in order, each page as many as ``fits`` it (the fewest pages)."""
    pages: list[range] = []
    start = 0
    for i in range(1, count):
        if not fits(start, i + 1):
            pages.append(range(start, i))
            start = i
    if count:
        pages.append(range(start, count))
    return pages


def _even(count: int, filled: list[range], fits: Fits) -> list[range]:
    """``count`` deals on as many pages as ``filled`` (``_fill``'s) that ``fits``, shared
    as evenly as they fit: the fullest page as small as can be, then the emptiest as full;
    earlier pages the fuller (``filled`` itself where nothing is more even)."""
    pages = len(filled)
    if pages <= 1:
        return filled
    for most in range(-(-count // pages), max(map(len, filled)) + 1):
        for least in range(count // pages, 0, -1):
            split = _split(count, pages, least, most, fits)
            if split is not None:
                return split
    return filled


def _split(count: int, pages: int, least: int, most: int, fits: Fits) -> list[range] | None:
    """``count`` deals on ``pages`` pages of ``least`` to ``most`` deals that ``fits``, each
    page the fullest that leaves the rest a split; None: there is none."""
    known: dict[tuple[int, int], bool] = {}

    def can(start: int, left: int) -> bool:
        if left == 0:
            return start == count
        if (start, left) not in known:
            known[start, left] = any(
                fits(start, start + n) and can(start + n, left - 1)
                for n in range(least, min(most, count - start) + 1))
        return known[start, left]

    if not can(0, pages):
        return None
    out, start = [], 0
    for left in range(pages, 0, -1):
        n = next(n for n in range(min(most, count - start), least - 1, -1)
                 if fits(start, start + n) and can(start + n, left - 1))
        out.append(range(start, start + n))
        start += n
    return out


def sheet_image(view: TableView, names: Sequence[str], lang: str = "cs",
                round_no: int | None = None, left: Sequence[bool] = (False,) * 4,
                page: int | Part | None = None) -> Image.Image:
    """The round's protocol (RGB): whole (``page`` None), or its page ``page`` (an index
    of ``protocol_pages``, or that page's ``Part`` where the caller split it already: the
    split measures every deal); ``round_no``: the round it is of a tournament, which its
    title names and whose placing points its totals have (None: the engine's round past
    the first is a tournament's too, its table's link unknown; else a table of its own,
    whose one round has neither: review 81); ``left``: per seat, an AI took it over from a
    player who left (marked under his name)."""
    if not isinstance(view, TableView):
        raise TypeError("the Taroky protocol takes a TableView")
    lang = lang_of(lang)
    who = check_names(names, lang)
    lays = layouts(view, who, lang)
    part = (whole(view) if page is None else page if isinstance(page, Part)
            else parts(view, names, left)[page])
    if round_no is None and view.round_no > 1:
        round_no = view.round_no
    points = round_no is not None
    img = felt(W, part_height(view, part, lays, who, left, lang, points)).copy()
    shown = None if page is None or not part.deals else deal_span(view, part)
    title_bar(img, view, lang, round_no, shown)
    top = HEADER_H + M
    paste(img, panel(W - 2 * M, img.height - top - M, PANEL, radius=14), M, top)
    y = top
    if part.deals:
        y = names_heading(img, top, who, left, lang)
        y = draw_deals(img, y, [view.protocol[i] for i in part.deals],
                       [lays[i] for i in part.deals], part.deals[0], lang)
    if part.summary:
        if not view.protocol:
            empty, fe = fitted(pic("sheet_empty", lang), SMALLEST + 1, "regular",
                               W - 4 * M, smallest=SMALLEST)
            text(img, (W // 2, y + EMPTY_H // 2), empty, fe, FAINT, "mm")
            y += EMPTY_H
        if part.deals:  # the totals under the deals
            ImageDraw.Draw(img).line((M + 10, y + 3, W - M - 11, y + 3), fill=RULE, width=1)
        y = draw_summary(img, y, view, who, left, lang, points)
    y += 8
    for lines, fc in _notes(view, part, lang):
        for line in lines:
            text(img, (W // 2, y + LINE // 2), line, fc, FAINT, "mm")
            y += LINE
    return img


def deal_span(view: TableView, part: Part) -> tuple[int, int]:
    """The numbers of the first and the last deal of a page with deals."""
    return view.protocol[part.deals[0]].deal_no, view.protocol[part.deals[-1]].deal_no


def page_label(view: TableView, part: Part, lang: str) -> str:
    """A page's button: its deals by number ("1.–5.", "6."), or the summary's word."""
    if part.summary:
        return t("taroky.btn_page_total", lang)
    first, last = deal_span(view, part)
    if first == last:
        return t("taroky.btn_page_deal", lang, n=first)
    return t("taroky.btn_page_deals", lang, first=first, last=last)


def page_keys(view: TableView, part: Part) -> tuple[str, ...]:
    """The keys of a page's button (``SheetBook.keys``): a page of deals by the numbers of
    the deals it holds ("d6", its first on its button), the summary "s". The pages are
    split anew as the round grows, so a button names what it opens, not where it was: a
    click opens the page that holds its first deal now."""
    if part.summary:
        return ("s",)
    return tuple(f"d{view.protocol[i].deal_no}" for i in part.deals)


def protocol_pages(view: TableView, names: Sequence[str], lang: str = "cs",
                   left: Sequence[bool] = (False,) * 4) -> list[str]:
    """The labels of the protocol's pages, in order (the summary last)."""
    return [page_label(view, part, lang_of(lang)) for part in parts(view, names, left)]


def first_page(view: TableView, names: Sequence[str],
               left: Sequence[bool] = (False,) * 4) -> int:
    """The page to open first (in any language): mid-round the one with the latest deal;
    at the round's end (or before any deal is over) the summary."""
    return opening_page(view, len(parts(view, names, left)))


def opening_page(view: TableView, count: int) -> int:
    """``first_page`` of a protocol split into ``count`` pages already (the split measures
    every deal's text: done once a click)."""
    return count - 1 if view.finished or not view.protocol else count - 2


def render_sheet(view: TableView, names: Sequence[str], lang: str = "cs",
                 round_no: int | None = None, left: Sequence[bool] = (False,) * 4,
                 page: int | Part | None = None) -> bytes:
    """PNG of the round's protocol: whole (``page`` None: the export's), or its page
    ``page`` (an index of ``protocol_pages``, IndexError beyond them; or the page's
    ``Part``: ``sheet_image``); ``round_no``: a
    tournament's round; ``left``: the seats an AI took over from players who left."""
    return encode(sheet_image(view, names, lang, round_no, left, page), palette.taroky())
