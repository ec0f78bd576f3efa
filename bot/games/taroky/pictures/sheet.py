"""The protocol of a Taroky round: one row per finished deal (the game and who played it, the
partner or "alone", each part of its money — the game with its flek, hlášky (counted or not),
pagát and valát, + for the declarer side — their sum and what is paid, eyes, each player's
money for the deal and the running money; Varšava: each player's eyes and who pays whom),
then dokup, money and result per player; when the round is over, the table's sheet of
T-TOURNAMENT (placing points 4-3-2-1 and the control sum); under it the legend of the
parts' sign (and of Varšava's payments).

Drawn from the round's public view: the protocol rows exist only for finished deals, when
everything may be shown (the partner included), so nothing secret is in them.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.games.taroky.pictures import palette
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
from bot.i18n import lang_of
from bot.render.common import (
    BAR,
    FAINT,
    GOLD,
    GREEN,
    MUTED,
    PANEL,
    RED,
    RGB,
    TEXT,
    check_names,
    encode,
    felt,
    panel,
    paste,
    text,
    wrap,
    wrap_parts,
)
from bot.render.fonts import CONDENSED, Font, fit, fitted, font
from bot.render.names import breaks, cut_in_two, fit_apart
from engine.taroky.protocol import DealRecord
from engine.taroky.tournament import table_points
from engine.taroky.views import TableView

W = 740
SMALLEST = 21  # px: no word is smaller (12 px at a phone's 430 px)
M = 10
NO_W, COL_W = 38, 122
X_NO = M + NO_W - 8  # the deal's number: its right edge
X_GAME = M + NO_W
X_COLS = W - M - 4 * COL_W  # a deal's game and declarer, with its eyes, left of the players
GAME_W = X_COLS - X_GAME
X_EYES = X_COLS - 12  # the eyes' right edge
CELL_W = COL_W - 10  # what a value of a player's column may take (10 px from its neighbour's)
PIECE_GAP = 6
HEADER_H, NAMES_H, FOOT_ROW = 56, 68, 40
PAD = 8  # above and below a deal's lines
FIRST_LINE, LINE = 32, 27  # a deal's first line (the game, each player's money), each further
DETAIL_W = W - M - 12 - X_GAME  # a deal's detail lines: under its whole row
# a deal's account under its row: read on a phone (14 px at 430 px wide), in the text's colour
DETAIL_SIZE, DETAIL_LINE = 25, 31
STRIPE = (16, 50, 34)


def _colour(hal: int) -> RGB:
    return GREEN if hal > 0 else (RED if hal < 0 else FAINT)


def _detail(row: DealRecord, names: list[str], lang: str) -> str:
    """The detail of a deal: partner or alone, then the parts of its money (the game with
    its flek, hlášky, pagát, valát) and their sum → what is paid."""
    return " · ".join(_detail_parts(row, names, lang))


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
    for s, seat in enumerate(row.hlasky_money):  # counted: what it brought; else marked so
        for h, counted, hal in seat:
            parts.append(pic("sheet_hlaska", lang, hlaska=word(h, lang), name=names[s],
                             money=amount(hal if s in row.declarers else -hal, lang,
                                          signed=True)) if counted
                         else pic("sheet_hlaska_void", lang, hlaska=word(h, lang),
                                  name=names[s]))
    if row.pagat is not None:
        mark = "✓" if row.pagat.won else "✗"
        key = "sheet_pagat" if row.pagat.announced else "sheet_pagat_silent"
        parts.append(pic(key, lang, name=names[row.pagat.seat])
                     + f"{times(row.pagat.level)} {mark} "
                     + amount(row.pagat.amount, lang, signed=True))
    for v in row.valats:  # whose: the side's players by name, as the pagát's owner
        mark = "✓" if v.won else "✗"
        side = ", ".join(names[s] for s in row.side_seats(v.side))
        key = "sheet_valat" if v.announced else "sheet_valat_silent"
        parts.append(pic(key, lang, names=side) + f"{times(v.level)} {mark} "
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
    """The declarer's name (Varšava: the předák's) in a deal's row: its lines from line
    ``first`` (1: beside "předák" in Varšava) in ``font``, and the eyes' line."""

    lines: list[str]
    font: Font
    first: int = 1
    eyes_line: int = 1


class Layout(NamedTuple):
    """A deal's row: its detail lines and their font, each player's second and further lines
    (pieces right to left: the running money, a dokup, Varšava's eyes), its height; the
    declarer's name (``who``)."""

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


def _two_lines(name: str, room: float, last_room: float) -> tuple[list[str], Font] | None:
    """``name`` broken after a space or a hyphen into two lines, the first within ``room``
    px, the second within ``last_room`` (beside the eyes), in one font; None if it cannot."""
    for style in ("regular", "narrow"):
        f = font(SMALLEST, style)
        for i in reversed(breaks(name)):
            first, rest = name[:i].rstrip(), name[i:].strip()
            if f.getlength(first) <= room and f.getlength(rest) <= last_room:
                return [first, rest], f
    return None


def who_layout(row: DealRecord, names: Sequence[str], lang: str) -> Who:
    """Where the declarer's name goes (review 48: "Šárka Nov… 59:11" lost the surname): beside
    his eyes ("Ann 59:11"; Varšava: after "předák") when it fits whole, condensed at worst;
    else on a line of its own, the eyes under it; else on two lines (the eyes beside the
    second, or under it); only then cut, apart from the others (``fit_apart``)."""
    fe = font(SMALLEST)
    full = GAME_W - 8
    if row.eyes_by_seat is not None:
        who = names[row.predak]
        beside = full - fe.getlength(pic("sheet_predak", lang)) - PIECE_GAP
        f = _whole_in(who, beside)
        if f is not None:
            return Who([who], f)
        f = _whole_in(who, full)
        if f is not None:
            return Who([who], f, first=2)
        split = _two_lines(who, full, full)
        if split is not None:
            return Who(split[0], split[1], first=2)
        return Who([fit_apart(who, names, font(SMALLEST, "narrow"), full)],
                   font(SMALLEST, "narrow"), first=2)
    who, eyes = names[row.declarer], _eyes(row)
    eyes_w = fe.getlength(eyes) + 10 if eyes else 0
    f = _whole_in(who, full - eyes_w)
    if f is not None:
        return Who([who], f)
    f = _whole_in(who, full)
    if f is not None:
        return Who([who], f, eyes_line=2)
    split = _two_lines(who, full, full - eyes_w)
    if split is not None:
        return Who(split[0], split[1], eyes_line=2)
    split = _two_lines(who, full, full)
    if split is not None:
        return Who(split[0], split[1], eyes_line=3)
    narrow = font(SMALLEST, "narrow")
    return Who([fit_apart(who, names, narrow, full)], narrow, eyes_line=2)


def layout(row: DealRecord, names: list[str], lang: str) -> Layout:
    detail, f = detail_lines(_detail_parts(row, names, lang))
    columns = []
    for seat in range(4):
        pieces = [(amount(row.running[seat], lang), MUTED)]
        if row.dokup[seat]:  # topped up before this deal's payments
            pieces.append(("↑" + _whole(row.dokup[seat], lang), GOLD))
        columns.append(column_lines(pieces))
    who = who_layout(row, names, lang)
    # the lines under the first: the players' (running money, dokup), the name's, the eyes'
    below = max([len(c) for c in columns] + [who.first + len(who.lines) - 1]
                + ([who.eyes_line] if row.eyes is not None else []))
    columns = [c + [[]] * (below - len(c)) for c in columns]
    if row.eyes_by_seat is not None:  # Varšava: each player's own eyes, on a line of their own
        columns = [[*c, [(pic("eyes_n", lang, n=eyes), MUTED)]]
                   for c, eyes in zip(columns, row.eyes_by_seat, strict=True)]
        below += 1
    return Layout(detail, f, columns, row_height(below, len(detail)), who)


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
    return y + PAD + (24 if line == 0 else FIRST_LINE + LINE * line - 7)


def _row(img: Image.Image, y: int, row: DealRecord, names: list[str], lang: str,
         stripe: bool, lay: Layout) -> None:
    """One deal's row: the game over the declarer and the eyes, each player's money over his
    running money, then the detail under the whole row."""
    d = ImageDraw.Draw(img)
    if stripe:
        d.rectangle((M + 3, y, W - M - 4, y + lay.height - 1), fill=STRIPE)
    no = str(row.deal_no)
    text(img, (X_NO, baseline(y, 0)), no, sized(no, SMALLEST, "regular", NO_W - 12), MUTED,
         "rs")
    title, ft = fitted(short_game(row.game, lang), 24, "bold", GAME_W - 8, smallest=SMALLEST)
    text(img, (X_GAME, baseline(y, 0)), title, ft, TEXT, "ls")
    eyes = _eyes(row)
    fe = font(SMALLEST)
    varsava = row.eyes_by_seat is not None  # each for himself: the předák, not a declarer
    left = float(X_GAME)
    if varsava:  # "předák Ann": the role muted, the name after it (or under it, ``Who``)
        left += PIECE_GAP + text(img, (left, baseline(y, 1)), pic("sheet_predak", lang), fe,
                                 MUTED, "ls")
    who = lay.who
    for i, name in enumerate(who.lines):
        at_line = who.first + i
        text(img, (left if at_line == 1 else X_GAME, baseline(y, at_line)), name, who.font,
             TEXT, "ls")
    if eyes:
        text(img, (X_EYES, baseline(y, who.eyes_line)), eyes, fe, TEXT, "rs")
    elif varsava:  # the line of each player's eyes, labelled; how the předák came to play it
        at = baseline(y, len(lay.columns[0]))
        label = pic("sheet_eyes", lang)
        how, fh = fitted(pic("sheet_zduch" if row.zduch else "sheet_chosen", lang), SMALLEST,
                         "regular", GAME_W - 18 - fe.getlength(label), smallest=SMALLEST)
        text(img, (X_GAME, at), how, fh, MUTED, "ls")
        text(img, (X_EYES, at), label, fe, MUTED, "rs")
    for seat in range(4):
        right = X_COLS + (seat + 1) * COL_W - 10
        change = row.money[seat]
        value = amount(change, lang, signed=True) if change else "·"
        text(img, (right, baseline(y, 0)), value, sized(value, 25, "bold"), _colour(change),
             "rs")
        for i, pieces in enumerate(lay.columns[seat]):
            x = float(right)
            for piece, colour in pieces:
                x -= PIECE_GAP + text(img, (x, baseline(y, 1 + i)), piece, font(SMALLEST),
                                      colour, "rs")
    below = max(len(c) for c in lay.columns)
    for i, line in enumerate(lay.detail):
        text(img, (X_GAME, y + PAD + FIRST_LINE + LINE * below + DETAIL_LINE * (i + 1) - 8),
             line, lay.detail_font, TEXT, "ls")


NAME_W = COL_W - 8  # a player's name over his column (8 px from its neighbour's at least)
NAME_FONTS = (  # (size, style, lines): bold as long as it can be, then on two lines
    (23, "cond", 1), (22, "cond", 1), (SMALLEST, "cond", 1), (22, "cond", 2),
    (SMALLEST, "cond", 2), (SMALLEST, "narrow", 1), (SMALLEST, "narrow", 2))


def header_lines(name: str, names: Sequence[str] = ()) -> tuple[list[str], Font]:
    """A player's name over his column: on one line, condensed bold, a little smaller; else
    on two lines, broken after a space or a hyphen ("AI Bohuslava" was "AI Bohusl…"), the
    first never a lone letter; then the same in condensed regular; a word wider than the
    column is broken inside; only what two lines cannot take is cut — its second line
    told apart from those of the other ``names`` with the same first line ("Maximilián" /
    "Hohe…ngen" beside "Hohe…ngová", not two "Hohenzoll…": ``fit_apart``)."""
    f = font(SMALLEST, "narrow")
    for size, style, lines in NAME_FONTS:
        f = font(size, style)
        if lines == 1 and f.getlength(name) <= NAME_W:
            return [name], f
        for i in reversed(breaks(name) if lines == 2 else []):
            first, rest = name[:i].rstrip(), name[i:].strip()
            if f.getlength(first) <= NAME_W and f.getlength(rest) <= NAME_W:
                return [first, rest], f
    first, rest = cut_in_two(name, f, NAME_W)
    rivals = [rest, *(other_rest for other_first, other_rest in
                      (cut_in_two(other, f, NAME_W) for other in names if other != name)
                      if other_first == first)]
    return [first, fit_apart(rest, rivals, f, NAME_W)], f


def left_lines(name: str, lang: str, names: Sequence[str] = ()) -> tuple[list[str], Font]:
    """The heading of a seat an AI took over from a player who left: his name on one line
    (as small as a name gets, cut only beyond, apart from the other ``names``), the mark
    under it."""
    f = font(SMALLEST, "narrow")
    for size, style, lines in NAME_FONTS:
        f = font(size, style)
        if lines == 1 and f.getlength(name) <= NAME_W:
            break
    return [fit_apart(name, names, f, NAME_W), pic("sheet_left", lang)], f


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


def _footer(img: Image.Image, y: int, label: str, values: Sequence[str],
            colours: Sequence[RGB], bold: bool = True) -> None:
    cy = y + FOOT_ROW // 2
    text(img, (X_GAME, cy), fit(label, font(22), X_COLS - X_GAME), font(22), MUTED, "lm")
    for seat, (value, colour) in enumerate(zip(values, colours, strict=True)):
        f = sized(value, 25, "bold" if bold else "regular")
        text(img, (X_COLS + (seat + 1) * COL_W - 10, cy), value, f, colour, "rm")


def control_lines(control: str) -> tuple[list[str], Font]:
    """A note under the sheet (the legend, the control sum): on one line (condensed if need
    be), else wrapped; a note of parts (" · ") between its parts, as evenly as its lines
    allow (``even_parts``: the legend's "✗ nevyšlo" was left alone on a line)."""
    for style in ("regular", "narrow"):
        f = font(SMALLEST, style)
        if f.getlength(control) <= W - 4 * M:
            return [control], f
    f = font(SMALLEST)
    parts = control.split(" · ")
    if len(parts) > 1:
        return even_parts(parts, f, W - 4 * M), f
    return wrap(control, f, W - 4 * M), f


def even_parts(parts: Sequence[str], f: Font, width: float) -> list[str]:
    """``parts`` on as few lines as ``wrap_parts`` takes, broken between parts only, so
    that the longest line is as short as it can be (" ·" ends a line before a break, so
    ``" ".join`` of the lines gives the parts joined again); ``wrap_parts`` itself when a
    part is wider than a line."""
    greedy = wrap_parts(parts, f, width)
    if any(f.getlength(p + " ·") > width for p in parts):
        return greedy
    best: tuple[float, list[str]] | None = None
    for cuts in itertools.combinations(range(1, len(parts)), len(greedy) - 1):
        bounds = (0, *cuts, len(parts))
        lines = [" · ".join(parts[a:b]) + (" ·" if b < len(parts) else "")
                 for a, b in itertools.pairwise(bounds)]
        widest = max(f.getlength(line) for line in lines)
        if widest <= width and (best is None or widest < best[0]):
            best = (widest, lines)
    return greedy if best is None else best[1]


def legend(rows: Sequence[DealRecord], lang: str) -> str:
    """The legend of the rows' details: the sign of a deal's parts (the declarer side's)
    where a game has sides; with a Varšava, that there each pays each ("kdo → komu")."""
    legends = [pic("sheet_legend", lang)] if any(r.eyes is not None for r in rows) else []
    if any(r.eyes_by_seat is not None for r in rows):
        legends.append(pic("sheet_legend_varsava", lang))
    return " · ".join(legends)


def control_text(view: TableView, lang: str) -> str:
    """T-TOURNAMENT's control sum: Σ money = the four stakes + Σ dokup — the stakes as their
    sum, "vklady 200,00 Kč" as the tournament's sheet writes it (review 48: "4 × vklad
    200,00 Kč" read as four times 200)."""
    return pic("sheet_control", lang, money=money(sum(view.money), lang),
               stakes=money(4 * view.options.stake, lang), dokup=money(sum(view.dokup), lang))


def sheet_image(view: TableView, names: Sequence[str], lang: str = "cs",
                round_no: int | None = None,
                left: Sequence[bool] = (False,) * 4) -> Image.Image:
    """The round's protocol (RGB); ``round_no``: the round it is of a tournament (a table
    of a tournament plays one round of the engine, numbered 1); ``left``: per seat, an AI
    took it over from a player who left (marked under his name)."""
    if not isinstance(view, TableView):
        raise TypeError("the Taroky protocol takes a TableView")
    lang = lang_of(lang)
    who = check_names(names, lang)
    rows = view.protocol
    feet = 4 if view.finished else 3
    lays = [layout(row, who, lang) for row in rows]
    body = sum(lay.height for lay in lays) if rows else FIRST_LINE + 2 * PAD
    # under the sheet: the legend of the deals' details, then the control sum
    notes = [control_lines(legend(rows, lang))] if rows else []
    if view.finished:
        notes.append(control_lines(control_text(view, lang)))
    height = HEADER_H + M + NAMES_H + body + 8 + feet * FOOT_ROW
    height += (8 + LINE * sum(len(lines) for lines, _f in notes) if notes else 0) + M + 8
    img = felt(W, height).copy()
    paste(img, panel(W, HEADER_H, BAR, radius=0), 0, 0)
    title = pic("sheet_title", lang, n=round_no or view.round_no)
    x = M + 4 + text(img, (M + 4, HEADER_H // 2), title, font(28, "bold"), TEXT, "lm")
    sub, fs = fitted(pic("sheet_sub", lang, stake=money(view.options.stake, lang),
                         deals=len(rows)), SMALLEST, "regular", W - x - 14 - M,
                     smallest=SMALLEST)
    text(img, (x + 14, HEADER_H // 2 + 1), sub, fs, MUTED, "lm")
    top = HEADER_H + M
    paste(img, panel(W - 2 * M, height - top - M, PANEL, radius=14), M, top)
    cy = top + NAMES_H // 2
    fh = font(SMALLEST)
    # the left column's heading as its rows: the game; the declarer and the eyes
    first, second = top + 30, top + 30 + LINE
    text(img, (X_NO, first), "#", fh, MUTED, "rs")
    text(img, (X_GAME, first), fit(pic("sheet_game", lang), fh, GAME_W - 8), fh, MUTED, "ls")
    eyes_head = pic("sheet_eyes", lang)
    declarer, fd = fitted(pic("sheet_declarer", lang), SMALLEST, "regular",
                          GAME_W - fh.getlength(eyes_head) - 20, smallest=SMALLEST)
    text(img, (X_GAME, second), declarer, fd, MUTED, "ls")
    text(img, (X_EYES, second), eyes_head, fh, MUTED, "rs")
    for seat in range(4):
        lines, fn = (left_lines(who[seat], lang, who) if left[seat]
                     else header_lines(who[seat], who))
        right = X_COLS + (seat + 1) * COL_W - 10
        if len(lines) == 1:
            text(img, (right, cy), lines[0], fn, TEXT, "rm")
        else:  # on the lines of the left column's heading
            text(img, (right, first), lines[0], fn, TEXT, "rs")
            text(img, (right, second), lines[1], fn, GOLD if left[seat] else TEXT, "rs")
    y = top + NAMES_H
    d = ImageDraw.Draw(img)
    d.line((M + 10, y - 1, W - M - 11, y - 1), fill=(60, 96, 78), width=1)
    if not rows:
        empty, fe = fitted(pic("sheet_empty", lang), 22, "regular", W - 4 * M,
                           smallest=SMALLEST)
        text(img, (W // 2, y + body // 2), empty, fe, FAINT, "mm")
    for i, (row, lay) in enumerate(zip(rows, lays, strict=True)):
        _row(img, y, row, who, lang, i % 2 == 1, lay)
        y += lay.height
    if not rows:
        y += body
    y += 8
    d.line((M + 10, y - 4, W - M - 11, y - 4), fill=(60, 96, 78), width=1)
    _footer(img, y, pic("sheet_dokup", lang), [amount(v, lang) for v in view.dokup],
            [TEXT if v else FAINT for v in view.dokup], bold=False)
    y += FOOT_ROW
    _footer(img, y, pic("sheet_money", lang), [amount(v, lang) for v in view.money],
            [TEXT] * 4)
    y += FOOT_ROW
    _footer(img, y, pic("sheet_result", lang),
            [amount(v, lang, signed=True) for v in view.results],
            [_colour(v) for v in view.results])
    y += FOOT_ROW
    if view.finished:
        points = table_points(view.results)
        _footer(img, y, pic("sheet_points", lang),
                [f"{p:g}".replace(".", "," if lang == "cs" else ".") for p in points],
                [GOLD] * 4)
        y += FOOT_ROW
    y += 8
    for lines, fc in notes:
        for line in lines:
            text(img, (W // 2, y + LINE // 2), line, fc, FAINT, "mm")
            y += LINE
    return img


def render_sheet(view: TableView, names: Sequence[str], lang: str = "cs",
                 round_no: int | None = None, left: Sequence[bool] = (False,) * 4) -> bytes:
    """PNG of the round's protocol (``round_no``: a tournament's round; ``left``: the seats
    an AI took over from players who left)."""
    return encode(sheet_image(view, names, lang, round_no, left), palette.taroky())
