"""The protocol of a Taroky round: one row per finished deal (a line of the game, who played
it and the eyes; under it, in the players' four columns across the picture, each player's
money for the deal and the running money — Varšava: each player's eyes too; then the deal's
detail: the partner or "alone", each part of its money — the game with its flek, hlášky
(counted or not), pagát and valát, + for the declarer side — their sum and what is paid;
Varšava: who pays whom), the legend of the parts' sign under the deals; then the totals
(``summary``: dokup, money and result per player, at the round's end the table's sheet of
T-TOURNAMENT, placing points 4-3-2-1 and the control sum). Drawn whole (the export) or by
pages a phone shows at its full width (``parts``).

Drawn from the round's public view: the protocol rows exist only for finished deals, when
everything may be shown (the partner included), so nothing secret is in them.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.games.taroky.texts import valat_owners
from bot.games.taroky.words import (
    alone_in_talon,
    amount,
    card_label,
    money,
    pic,
    short_game,
    times,
    word,
)
from bot.i18n import tn
from bot.render.common import (
    BAR,
    FAINT,
    GOLD,
    GREEN,
    MUTED,
    PHONE_H,
    PHONE_W,
    RED,
    RGB,
    TEXT,
    panel,
    paste,
    phone_px,
    text,
    wrap,
    wrap_parts,
)
from bot.render.fonts import CONDENSED, Font, fitted, font
from bot.render.names import breaks, cut_lines, fit_apart
from engine.taroky.protocol import DealRecord
from engine.taroky.views import TableView

W = 740
# A page is shown whole at a phone's PHONE_W px (no taller than PHONE_H / PHONE_W of its
# width): its least words are 11 px there, 24 px at 740 (the one-picture protocol's 21 px
# were 9.7 px, and less where it was taller than that); the export draws the same sizes.
SMALLEST = phone_px(W, 11)
PAGE_H = PHONE_H * W // PHONE_W  # the tallest page still shown PHONE_W px wide
M = 10
NO_W = 38
X_NO = M + NO_W - 8  # the deal's number: its right edge
X_GAME = M + NO_W  # a deal's lines begin here, its game line and its detail across the row
X_END = W - M - 10  # ... and end here, the last player's column too
COL_W = (X_END - X_GAME) // 4  # each player's column, across the whole row
CELL_W = COL_W - 12  # what a value of a player's column may take (from its neighbour's)
PIECE_GAP = 6
HEADER_H, NAMES_H = 60, 74
PAD = 8  # above and below a deal's lines
FIRST_LINE, LINE = 35, 30  # a deal's first line (the game, the declarer, the eyes), each further
DETAIL_W = X_END - X_GAME  # a deal's detail lines: under its whole row
# a deal's account under its row, in the text's colour, a little larger than the least words
DETAIL_SIZE, DETAIL_LINE = 26, 33
VALUE_PX, TITLE_PX = 26, 30  # a player's money (the game's name), the page's title
GAME_MOST = 300  # what a game's name may take of its line
STRIPE = (16, 50, 34)
RULE: RGB = (60, 96, 78)  # the lines under the players' names and over the totals


def _colour(hal: int) -> RGB:
    return GREEN if hal > 0 else (RED if hal < 0 else FAINT)


def _detail_parts(row: DealRecord, names: list[str], lang: str) -> list[str]:
    parts: list[str] = []
    if row.game in ("1P", "2P") and row.called is not None:
        called = card_label(row.called, lang)
        if row.tiche_solo:
            parts.append(pic("sheet_silent", lang, card=called))
        elif row.alone:
            parts.append(alone_in_talon(row.called, lang))
        elif row.partner is not None:
            parts.append(pic("sheet_partner", lang, name=names[row.partner], card=called))
    if row.components is None:  # Varšava: the blána, then who pays whom, pair by pair
        blana = [names[s] for s in range(4) if row.blana and row.blana[s]]
        if blana:
            parts.append(pic("sheet_blana", lang, names=", ".join(blana)))
        for payer in range(4):
            owed = row.payments_of(payer)
            if owed:
                parts.append(f"{names[payer]} → " + ", ".join(
                    f"{names[r]} {amount(hal, lang)}" for r, hal in owed))
        return parts
    # the money's parts as the engine scored them, each for the declarer side (+) — they
    # add up to the sum, whose rounding (or cap) gives what each payer pays
    parts.append(f"{word('game', lang)}{times(row.flek[0])} "
                 f"{amount(row.components['G'], lang, signed=True)}")
    # counted: what it brought; else marked so, with why as the deal's account says it
    # (35:35 counts none, else its side lost the game: T-SCORE-HLASKY)
    void = "sheet_hlaska_void_" + ("tie" if row.tie else "lost")
    eyes = ":".join(map(str, row.eyes or ()))
    for s, seat in row.hlasky_said:
        for h, counted, hal in seat:
            parts.append(pic("sheet_hlaska", lang, hlaska=word(h, lang), name=names[s],
                             money=amount(hal if s in row.declarers else -hal, lang,
                                          signed=True)) if counted
                         else pic(void, lang, hlaska=word(h, lang), name=names[s], eyes=eyes))
    if row.pagat is not None:
        mark = "✓" if row.pagat.won else "✗"
        key = "sheet_pagat" if row.pagat.announced else "sheet_pagat_silent"
        parts.append(pic(key, lang, name=names[row.pagat.seat])
                     + f"{times(row.pagat.level)} {mark} "
                     + amount(row.pagat.amount, lang, signed=True))
    for v in row.valats:  # whose: as the result and the deal's picture name it
        mark = "✓" if v.won else "✗"
        key = "sheet_valat" if v.announced else "sheet_valat_silent"
        parts.append(pic(key, lang, names=valat_owners(row, v, names, lang))
                     + f"{times(v.level)} {mark} "
                     + amount(v.amount, lang, signed=True))
    total, paid = row.components["S"], row.components["A"]
    paid = -paid if total < 0 else paid
    if paid == total:
        parts.append(pic("sheet_sum", lang, total=amount(total, lang, signed=True)))
    else:  # rounded up to 50 hal, or cut down to the cap (T-SCORE-NET): said which
        key = "sheet_sum_paid" if abs(paid) > abs(total) else "sheet_sum_cap"
        parts.append(pic(key, lang, total=amount(total, lang, signed=True),
                         paid=amount(paid, lang, signed=True)))
    return parts


def detail_lines(parts: Sequence[str], width: int = DETAIL_W) -> tuple[list[str], Font]:
    """A deal's detail whole, on as many lines as it takes: broken between its parts, a part
    longer than a line (long names) between its words; in the regular font, or the condensed
    one when that takes fewer lines, both ``DETAIL_SIZE`` px. The channel's result message has
    it whole, so has the protocol: only a single word wider than a whole line would be cut
    (no word of the catalog, nor a name of Discord's 32 characters, is)."""
    if not parts:
        return [], font(DETAIL_SIZE)
    best: tuple[list[str], Font] | None = None
    for style in ("regular", "narrow"):
        f = font(DETAIL_SIZE, style)
        lines = wrap_parts(parts, f, width)
        if best is None or len(lines) < len(best[0]):
            best = (lines, f)
    assert best is not None
    return best


class Who(NamedTuple):
    """The declarer's name (Varšava: the předák's, after "předák") in a deal's row, in
    ``font``: on the game's line, or (``own_line``) on a line of its own under it."""

    name: str
    font: Font
    own_line: bool = False


class Layout(NamedTuple):
    """A deal's row: its detail lines and their font, each player's lines under his money
    (pieces right to left: the running money, a dokup), its height; the declarer's name
    (``who``)."""

    detail: list[str]
    detail_font: Font
    columns: list[list[list[tuple[str, RGB]]]]
    height: int
    who: Who


def _whole_in(name: str, room: float) -> Font | None:
    """The font (regular, else condensed, ``SMALLEST`` px) that takes ``name`` whole in
    ``room`` px; None if neither does."""
    shown, f = fitted(name, SMALLEST, "regular", room, smallest=SMALLEST)
    return f if shown == name else None


def game_title(row: DealRecord, lang: str) -> tuple[str, Font]:
    """The game's name at the start of a deal's line, bold (condensed when long)."""
    return fitted(short_game(row.game, lang), VALUE_PX, "bold", GAME_MOST, smallest=SMALLEST)


def line_end(row: DealRecord, lang: str) -> list[tuple[str, RGB]]:
    """The end of a deal's line, right to left: the eyes, labelled ("oči 47:23", a tie
    "plichta 35:35"); Varšava's: how the předák came to play it."""
    if row.eyes_by_seat is not None:
        return [(pic("sheet_zduch" if row.zduch else "sheet_chosen", lang), MUTED)]
    if row.eyes is None:
        return []
    # (a tie so named: review 72 found nothing of it on the protocol's row)
    return [(_eyes(row), TEXT), (pic("sheet_tie" if row.tie else "sheet_eyes", lang), MUTED)]


def _pieces_w(pieces: Sequence[tuple[str, RGB]]) -> float:
    f = font(SMALLEST)
    return sum(f.getlength(p) for p, _c in pieces) + PIECE_GAP * max(0, len(pieces) - 1)


def who_layout(row: DealRecord, names: Sequence[str], lang: str) -> Who:
    """Where the declarer's name goes (review 48: "Šárka Nov… 59:11" lost the surname): on
    the game's line between the game and the eyes ("1. povinnost  Ann  oči 59:11"; Varšava:
    after "předák") when it fits there whole, condensed at worst; else on a line of its own
    under it, across the row; only beyond that cut, apart from the others
    (``fit_apart``)."""
    fe = font(SMALLEST)
    predak = fe.getlength(pic("sheet_predak", lang)) + PIECE_GAP if row.eyes_by_seat else 0
    who = names[row.predak if row.eyes_by_seat is not None else row.declarer]
    title, ft = game_title(row, lang)
    end = _pieces_w(line_end(row, lang))
    room = X_END - (X_GAME + ft.getlength(title) + 16 + predak) - (end + 16 if end else 0)
    f = _whole_in(who, room)
    if f is not None:
        return Who(who, f)
    full = DETAIL_W - predak
    f = _whole_in(who, full)
    if f is not None:
        return Who(who, f, own_line=True)
    narrow = font(SMALLEST, "narrow")
    return Who(fit_apart(who, names, narrow, full), narrow, own_line=True)


def layout(row: DealRecord, names: list[str], lang: str) -> Layout:
    detail, f = detail_lines(_detail_parts(row, names, lang))
    columns = []
    for seat in range(4):
        pieces = [(amount(row.running[seat], lang), MUTED)]
        if row.dokup[seat]:  # topped up before this deal's payments
            pieces.append(("↑" + _whole(row.dokup[seat], lang), GOLD))
        columns.append(column_lines(pieces))
    who = who_layout(row, names, lang)
    below = max(len(c) for c in columns)
    columns = [c + [[]] * (below - len(c)) for c in columns]
    if row.eyes_by_seat is not None:  # Varšava: each player's own eyes, on a line of their own
        columns = [[*c, [(tn("taroky.pic.deal_eyes", lang, eyes), MUTED)]]
                   for c, eyes in zip(columns, row.eyes_by_seat, strict=True)]
        below += 1
    # the lines under the game's: the declarer's own, the money, the players' columns
    return Layout(detail, f, columns, row_height(int(who.own_line) + 1 + below, len(detail)),
                  who)


def row_height(below: int, details: int) -> int:
    """A deal's row: its first line, ``below`` lines under it, then ``details`` lines."""
    return PAD + FIRST_LINE + LINE * below + DETAIL_LINE * details + PAD


def column_lines(pieces: Sequence[tuple[str, RGB]],
                 width: int = CELL_W) -> list[list[tuple[str, RGB]]]:
    """Pieces of a player's column, right to left, ``PIECE_GAP`` apart in the ``SMALLEST``
    font: on one line while they fit, the rest on the next."""
    f = font(SMALLEST)
    lines: list[list[tuple[str, RGB]]] = [[]]
    used = 0.0
    for piece, colour in pieces:
        if not piece:
            continue
        w = f.getlength(piece)
        if lines[-1] and used + PIECE_GAP + w > width:
            lines.append([])
            used = 0.0
        used += (PIECE_GAP if lines[-1] else 0) + w
        lines[-1].append((piece, colour))
    return lines


def _whole(hal: int, lang: str) -> str:
    """Money in whole Kč when it is whole (a dokup), else with haléře."""
    return str(hal // 100) if hal % 100 == 0 else amount(hal, lang)


def _eyes(row: DealRecord) -> str:
    if row.eyes is not None:
        return f"{row.eyes[0]}:{row.eyes[1]}"
    return ""


def baseline(y: int, line: int) -> int:
    """The baseline of a row's ``line`` (0: the first) for a row at ``y``."""
    return y + PAD + (26 if line == 0 else FIRST_LINE + LINE * line - 8)


def right_edge(seat: int) -> int:
    """Where a player's column ends (its values are drawn to the right edge)."""
    return X_GAME + (seat + 1) * COL_W


def _pieces(img: Image.Image, right: float, at: int, pieces: Sequence[tuple[str, RGB]]) -> None:
    """``pieces`` right to left from ``right``, ``PIECE_GAP`` apart, on the baseline ``at``."""
    x = right
    for piece, colour in pieces:
        x -= PIECE_GAP + text(img, (x, at), piece, font(SMALLEST), colour, "rs")


def _row(img: Image.Image, y: int, row: DealRecord, stripe: bool, lay: Layout,
         lang: str) -> None:
    """One deal's row: the line of its game, its declarer and the eyes; each player's money
    over his running money in his column; the detail under the whole row."""
    d = ImageDraw.Draw(img)
    if stripe:
        d.rectangle((M + 3, y, W - M - 4, y + lay.height - 1), fill=STRIPE)
    no = str(row.deal_no)
    text(img, (X_NO, baseline(y, 0)), no, sized(no, SMALLEST, "regular", NO_W - 12), MUTED,
         "rs")
    title, ft = game_title(row, lang)
    x = X_GAME + text(img, (X_GAME, baseline(y, 0)), title, ft, TEXT, "ls") + 16
    who = lay.who
    if who.own_line:
        x = X_GAME
    at = baseline(y, int(who.own_line))
    if row.eyes_by_seat is not None:  # "předák Ann": the role muted, the name after it
        x += PIECE_GAP + text(img, (x, at), pic("sheet_predak", lang), font(SMALLEST), MUTED,
                              "ls")
    text(img, (x, at), who.name, who.font, TEXT, "ls")
    _pieces(img, X_END, baseline(y, 0), line_end(row, lang))
    money_line = 1 + int(who.own_line)
    for seat in range(4):
        right = right_edge(seat)
        change = row.money[seat]
        value = amount(change, lang, signed=True)  # ("0,00": a lone "·" read as a stray dot)
        text(img, (right, baseline(y, money_line)), value, sized(value, VALUE_PX, "bold"),
             _colour(change), "rs")
        for i, pieces in enumerate(lay.columns[seat]):
            _pieces(img, right, baseline(y, money_line + 1 + i), pieces)
    below = money_line + max(len(c) for c in lay.columns)
    for i, line in enumerate(lay.detail):
        text(img, (X_GAME, y + PAD + FIRST_LINE + LINE * below + DETAIL_LINE * (i + 1) - 9),
             line, lay.detail_font, TEXT, "ls")


NAME_W = COL_W - 8  # a player's name over his column (8 px from its neighbour's at least)
NAME_FONTS = (  # (size, style, lines): bold as long as it can be, then on two lines
    (SMALLEST + 2, "cond", 1), (SMALLEST + 1, "cond", 1), (SMALLEST, "cond", 1),
    (SMALLEST + 1, "cond", 2),
    (SMALLEST, "cond", 2), (SMALLEST, "narrow", 1), (SMALLEST, "narrow", 2))


def header_lines(name: str, names: Sequence[str] = (), width: int = NAME_W
                 ) -> tuple[list[str], Font]:
    """A player's name over his column: on one line, condensed bold, a little smaller; else
    on two lines, broken after a space or a hyphen ("AI Bohuslava" was "AI Bohusl…"), the
    first never a lone letter; then the same in condensed regular; only what two lines
    cannot take is cut (``cut_lines``: a word wider than the column cut with "…", never
    broken across lines) — told apart from the other ``names`` ("Maximilián" / "Hohe…ngen"
    beside "Hohe…ngová", not two "Hohenzoll…"); ``width``: the room it has."""
    f = font(SMALLEST, "narrow")
    for size, style, lines in NAME_FONTS:
        f = font(size, style)
        if lines == 1 and f.getlength(name) <= width:
            return [name], f
        for i in reversed(breaks(name) if lines == 2 else []):
            first, rest = name[:i].rstrip(), name[i:].strip()
            if f.getlength(first) <= width and f.getlength(rest) <= width:
                return [first, rest], f
    return cut_lines(name, f, width, names), f


def left_lines(name: str, lang: str, names: Sequence[str] = (), width: int = NAME_W
               ) -> tuple[list[str], Font]:
    """The heading of a seat an AI took over from a player who left: his name on one line
    (as small as a name gets, cut only beyond, apart from the other ``names``), the mark
    under it."""
    f = font(SMALLEST, "narrow")
    for size, style, lines in NAME_FONTS:
        f = font(size, style)
        if lines == 1 and f.getlength(name) <= width:
            break
    return [fit_apart(name, names, f, width), pic("sheet_left", lang)], f


def name_lines(seat: int, who: Sequence[str], left: Sequence[bool], lang: str,
               width: int = NAME_W) -> tuple[list[str], Font]:
    """A player's name as a heading (``header_lines``), or with the mark of an AI that took
    his seat over when he left (``left_lines``)."""
    if left[seat]:
        return left_lines(who[seat], lang, who, width)
    return header_lines(who[seat], who, width)


def sized(value: str, size: int, style: str = "regular", width: int = CELL_W) -> Font:
    """The font of ``style`` at ``size`` px, else its condensed face from ``size`` down to
    ``SMALLEST`` px, for ``value`` to fit a player's column (large sums: "+1234,00" must not
    run into the next column); never cut (money), at worst condensed at ``SMALLEST``."""
    f = font(size, style)
    if f.getlength(value) <= width:
        return f
    narrow = CONDENSED.get(style, style)
    for px in range(size, SMALLEST - 1, -1):
        f = font(px, narrow)
        if f.getlength(value) <= width:
            return f
    return f


def control_lines(control: str) -> tuple[list[str], Font]:
    """A note under the sheet (the legend, the control sum): on one line (condensed if need
    be), else wrapped; a note of parts (" · ") between its parts, as evenly as its lines
    allow (``even_parts``: the legend's "✗ nevyšlo" was left alone on a line), condensed
    rather than a part broken inside; an equation
    (the control sum) before its "=" (it was broken between "Σ" and "dokup")."""
    for style in ("regular", "narrow"):
        f = font(SMALLEST, style)
        if f.getlength(control) <= W - 4 * M:
            return [control], f
    parts = control.split(" · ")
    for style in ("regular", "narrow"):  # (a part broken inside: "− for the / opponents")
        f = font(SMALLEST, style)
        if len(parts) > 1 and all(f.getlength(p) <= W - 4 * M for p in parts):
            return even_parts(parts, f, W - 4 * M), f
    f = font(SMALLEST)
    if len(parts) > 1:
        return even_parts(parts, f, W - 4 * M), f
    left, eq, right = control.partition(" = ")
    halves = [left, f"= {right}"]
    if eq and all(f.getlength(half) <= W - 4 * M for half in halves):
        return halves, f
    return wrap(control, f, W - 4 * M), f


def even_parts(parts: Sequence[str], f: Font, width: float) -> list[str]:
    """``parts`` on as few lines as ``wrap_parts`` takes, broken between parts only, so
    that the longest line is as short as it can be; a line broken there ends with its part,
    no " ·" dangling after it (review 64); ``wrap_parts`` itself when a part is wider than
    a line."""
    greedy = [line.removesuffix(" ·") for line in wrap_parts(parts, f, width)]
    if any(f.getlength(p) > width for p in parts):
        return greedy
    best: tuple[float, list[str]] | None = None
    for cuts in itertools.combinations(range(1, len(parts)), len(greedy) - 1):
        bounds = (0, *cuts, len(parts))
        lines = [" · ".join(parts[a:b]) for a, b in itertools.pairwise(bounds)]
        widest = max(f.getlength(line) for line in lines)
        if widest <= width and (best is None or widest < best[0]):
            best = (widest, lines)
    return greedy if best is None else best[1]


def legends(rows: Sequence[DealRecord], lang: str) -> list[str]:
    """The legends of the rows' details: the sign of a deal's account (the declarer side's)
    where a game has sides; with a Varšava, that there each pays each ("kdo → komu"); with
    a dokup (gold "↑20" before a running money), what it is — with the first of them
    (review 64: "↑20" was explained nowhere on its page)."""
    out = [pic("sheet_legend", lang)] if any(r.eyes is not None for r in rows) else []
    if any(r.eyes_by_seat is not None for r in rows):
        out.append(pic("sheet_legend_varsava", lang))
    if any(any(r.dokup) for r in rows):
        dokup = pic("sheet_legend_dokup", lang)
        out[:1] = [f"{out[0]} · {dokup}" if out else dokup]
    return out


def legend(rows: Sequence[DealRecord], lang: str) -> str:
    """The rows' ``legends`` in one text."""
    return " · ".join(legends(rows, lang))


def control_text(view: TableView, lang: str) -> str:
    """T-TOURNAMENT's control sum: Σ money = the four stakes + Σ dokup, with ✓ or ✗ — in the
    words of the tournament's sheet (review 97: two check lines; review 48: "4 × vklad
    200,00 Kč" read as four times 200)."""
    total, expected = sum(view.money), 4 * view.options.stake + sum(view.dokup)
    return pic("sheet_control", lang, money=money(total, lang), expected=money(expected, lang),
               mark="✓" if total == expected else "✗")


def subtitle(view: TableView, lang: str, shown: tuple[int, int] | None = None) -> str:
    """The title bar's stake and deals: the whole sheet the deals played; a page its first
    and last deal of the round's length — the deals a round of deals has, the deals played
    once it is over, else how many were played so far (review 74: "deal 1 of 1" after the
    first deal of a round of eight read as if the round were over)."""
    stake, played = money(view.options.stake, lang), len(view.protocol)
    if shown is None:
        return pic("sheet_sub", lang, stake=stake, deals=played)
    deals = view.options.round_deals or (played if view.finished else None)
    first, last = shown
    span = "deal" if first == last else "deals"
    if deals is None:
        return pic(f"sheet_sub_{span}_so_far", lang, stake=stake, first=first, last=last,
                   played=tn("taroky.pic.sheet_played", lang, played))
    return pic(f"sheet_sub_{span}", lang, stake=stake, first=first, last=last, deals=deals)


def title_bar(img: Image.Image, view: TableView, lang: str, round_no: int | None,
              shown: tuple[int, int] | None = None) -> None:
    """The bar over the protocol: its title (a tournament's table: the round; review 81: a
    table of its own read "1. kolo" too), the stake and the deals played; ``shown``: a
    page's first and last deal, which it names (review 72: a page shared alone did not say
    which deals it held)."""
    paste(img, panel(W, HEADER_H, BAR, radius=0), 0, 0)
    title = (pic("sheet_title_table", lang) if round_no is None
             else pic("sheet_title", lang, n=round_no))
    x = M + 4 + text(img, (M + 4, HEADER_H // 2), title, font(TITLE_PX, "bold"), TEXT, "lm")
    sub, fs = fitted(subtitle(view, lang, shown), SMALLEST, "regular", W - x - 14 - M,
                     smallest=SMALLEST)
    text(img, (x + 14, HEADER_H // 2 + 1), sub, fs, MUTED, "lm")


def names_heading(img: Image.Image, top: int, who: Sequence[str], left: Sequence[bool],
                  lang: str) -> int:
    """The players' names over their columns from ``top`` (two lines' names on two
    lines, an AI's mark gold under a name); returns where the first deal's row begins."""
    first, second = top + 32, top + 32 + LINE
    for seat in range(4):
        lines, fn = name_lines(seat, who, left, lang)
        right = right_edge(seat)
        if len(lines) == 1:
            text(img, (right, top + NAMES_H // 2), lines[0], fn, TEXT, "rm")
        else:
            text(img, (right, first), lines[0], fn, TEXT, "rs")
            text(img, (right, second), lines[1], fn, GOLD if left[seat] else TEXT, "rs")
    y = top + NAMES_H
    ImageDraw.Draw(img).line((M + 10, y - 1, W - M - 11, y - 1), fill=RULE, width=1)
    return y


def draw_deals(img: Image.Image, y: int, rows: Sequence[DealRecord], lays: Sequence[Layout],
               first: int, lang: str) -> int:
    """The deals' rows from ``y`` (every other one striped, counting from the protocol's
    ``first`` row); returns where they end."""
    for i, (row, lay) in enumerate(zip(rows, lays, strict=True)):
        _row(img, y, row, (first + i) % 2 == 1, lay, lang)
        y += lay.height
    return y


def layouts(view: TableView, names: Sequence[str], lang: str) -> list[Layout]:
    """Every deal's row laid out (``names``: as ``check_names`` gives them)."""
    return [layout(row, list(names), lang) for row in view.protocol]
