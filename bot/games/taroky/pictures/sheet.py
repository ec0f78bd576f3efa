"""The protocol of a Taroky round: one row per finished deal (the game and who played it, the
partner or "alone", fleks, hlášky (counted or not), pagát and valát, eyes, each player's money
for the deal and the running money), then dokup, money and result per player; when the round
is over, the table's sheet of T-TOURNAMENT (points 4-3-2-1 and the control sum).

Drawn from the round's public view: the protocol rows exist only for finished deals, when
everything may be shown (the partner included), so nothing secret is in them.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.taroky.pictures import palette
from bot.games.taroky.words import amount, card_label, money, pic, short_game, word
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
)
from bot.render.fonts import Font, fit, font
from engine.taroky.protocol import DealRecord
from engine.taroky.tournament import table_points
from engine.taroky.views import TableView

W = 900
M = 14
NO_W, GAME_W, EYES_W = 40, 292, 76
COL_W = (W - 2 * M - NO_W - GAME_W - EYES_W) // 4
X_NO = M + 8
X_GAME = M + NO_W
X_EYES = X_GAME + GAME_W
X_COLS = X_EYES + EYES_W
CELL_W = COL_W - 8  # what a value of a player's column may take (8 px from its neighbour's)
PIECE_GAP = 5
HEADER_H, NAMES_H, ROW_H, FOOT_ROW = 58, 44, 66, 42
DETAIL_W = GAME_W + EYES_W - 8  # a deal's detail line, under its game and its eyes
DETAIL_SIZE, DETAIL_SMALLEST = 18, 16  # px; a detail too long for one line takes two
DETAIL_LINE = 21  # each further detail line: the row is that much taller
DETAIL_LINES = 5  # at most (hlášky of three seats, fleks, pagát and valát)
STRIPE = (16, 50, 34)


def _colour(hal: int) -> RGB:
    return GREEN if hal > 0 else (RED if hal < 0 else FAINT)


def _detail(row: DealRecord, names: list[str], lang: str) -> str:
    """The second line of a deal: partner or alone, fleks, hlášky, pagát, valát."""
    return " · ".join(_detail_parts(row, names, lang))


def _detail_parts(row: DealRecord, names: list[str], lang: str) -> list[str]:
    parts: list[str] = []
    if row.game in ("1P", "2P") and row.called is not None:
        called = card_label(row.called, lang)
        if row.tiche_solo:
            parts.append(pic("sheet_silent", lang, card=called))
        elif row.alone:
            parts.append(pic("sheet_alone", lang, card=called))
        elif row.partner is not None:
            parts.append(pic("sheet_partner", lang, name=names[row.partner], card=called))
    if row.game == "W":
        parts.append(pic("sheet_zduch", lang) if row.zduch else pic("sheet_chosen", lang))
        blana = [names[s] for s in range(4) if row.blana and row.blana[s]]
        if blana:
            parts.append(pic("sheet_blana", lang, names=", ".join(blana)))
    if row.flek[0]:
        parts.append(f"{word('game', lang)} ×{2 ** row.flek[0]}")
    for s, seat in enumerate(row.hlasky_money):  # counted: what it brought; else marked so
        for h, counted, hal in seat:
            parts.append(pic("sheet_hlaska", lang, hlaska=word(h, lang), name=names[s],
                             money=amount(hal, lang, signed=True)) if counted
                         else pic("sheet_hlaska_void", lang, hlaska=word(h, lang),
                                  name=names[s]))
    if row.pagat is not None:
        mark = "✓" if row.pagat.won else "✗"
        key = "sheet_pagat" if row.pagat.announced else "sheet_pagat_silent"
        level = f" ×{2 ** row.pagat.level}" if row.pagat.level else ""
        parts.append(pic(key, lang, name=names[row.pagat.seat]) + f"{level} {mark}")
    for v in row.valats:
        mark = "✓" if v.won else "✗"
        side = pic("side_d" if v.side == "D" else "side_o", lang)
        if v.side == "D" and row.partner is None:  # a declarer alone: his name, as the pagát
            side = names[row.declarer]
        key = "sheet_valat" if v.announced else "sheet_valat_silent"
        level = f" ×{2 ** v.level}" if v.level else ""
        parts.append(pic(key, lang, side=side) + f"{level} {mark}")
    return parts


def detail_lines(parts: Sequence[str], width: int = DETAIL_W) -> tuple[list[str], Font]:
    """A deal's detail whole: on one line (the regular font, else the condensed one), else
    on two to ``DETAIL_LINES`` split between its parts (condensed, from ``DETAIL_SIZE`` down to
    ``DETAIL_SMALLEST`` px) — the channel's result message has it whole, so should the
    protocol. Only what does not fit even so is cut with "…" (absurd flek levels)."""
    whole = " · ".join(parts)
    if not whole:
        return [], font(DETAIL_SIZE)
    for style in ("regular", "narrow"):
        f = font(DETAIL_SIZE, style)
        if f.getlength(whole) <= width:
            return [whole], f
    best: tuple[float, list[str]] = (float("inf"), [whole])
    for count in range(2, DETAIL_LINES + 1):
        for size in range(DETAIL_SIZE, DETAIL_SMALLEST - 1, -1):
            f = font(size, "narrow")
            fitting: tuple[float, list[str]] | None = None  # the most even split that fits
            for cuts in itertools.combinations(range(1, len(parts)), count - 1):
                bounds = (0, *cuts, len(parts))
                lines = [" · ".join(parts[a:b]) for a, b in itertools.pairwise(bounds)]
                lines = [line + " ·" for line in lines[:-1]] + lines[-1:]
                widest = max(f.getlength(line) for line in lines)
                if widest <= width and (fitting is None or widest < fitting[0]):
                    fitting = (widest, lines)
                if size == DETAIL_SMALLEST and widest < best[0]:
                    best = (widest, lines)
            if fitting is not None:
                return fitting[1], f
    f = font(DETAIL_SMALLEST, "narrow")
    return [fit(line, f, width) for line in best[1]], f


def row_height(lines: Sequence[str]) -> int:
    """A deal's row with these detail lines: taller by ``DETAIL_LINE`` for each line past the
    first."""
    return ROW_H + DETAIL_LINE * max(0, len(lines) - 1)


def _whole(hal: int, lang: str) -> str:
    """Money in whole Kč when it is whole (a dokup), else with haléře."""
    return str(hal // 100) if hal % 100 == 0 else amount(hal, lang)


def _eyes(row: DealRecord) -> str:
    if row.eyes is not None:
        return f"{row.eyes[0]}:{row.eyes[1]}"
    return ""


def _row(img: Image.Image, y: int, row: DealRecord, names: list[str], lang: str,
         stripe: bool, detail: tuple[list[str], Font]) -> None:
    """One deal's row; ``detail``: its detail lines and their font (``detail_lines``)."""
    d = ImageDraw.Draw(img)
    lines, fs = detail
    height = row_height(lines)
    if stripe:
        d.rectangle((M + 3, y, W - M - 4, y + height - 1), fill=STRIPE)
    fb = font(23, "bold")
    text(img, (X_NO, y + ROW_H // 2), str(row.deal_no), font(20), MUTED, "lm")
    title = f"{short_game(row.game, lang)} · {names[row.declarer]}"
    varsava = row.game == "W" and row.eyes_by_seat is not None  # (no eyes of a side)
    room = DETAIL_W if varsava else GAME_W - 10
    if fb.getlength(title) > room:  # a long name: condensed, then smaller, then cut
        fb = sized(title, 23, "cond", room, smallest=19)
    text(img, (X_GAME, y + 8), fit(title, fb, room), fb, TEXT)
    for i, line in enumerate(lines):
        text(img, (X_GAME, y + 38 + i * DETAIL_LINE), line, fs, MUTED)
    if varsava:
        eyes = row.eyes_by_seat
    else:
        eyes = None
        text(img, (X_EYES + EYES_W - 12, y + 20), _eyes(row), font(22), TEXT, "rm")
    for seat in range(4):
        right = X_COLS + (seat + 1) * COL_W - 12
        change = row.money[seat]
        value = amount(change, lang, signed=True) if change else "·"
        text(img, (right, y + 20), value, sized(value, 25, "cond"), _colour(change), "rm")
        pieces = [(amount(row.running[seat], lang), MUTED)]  # right to left
        if row.dokup[seat]:  # topped up before this deal's payments
            pieces.append(("↑" + _whole(row.dokup[seat], lang), GOLD))
        if eyes is not None:  # Varšava: each player's own eyes, left of the running money
            pieces.append((pic("eyes_n", lang, n=eyes[seat]), MUTED))
        for x, piece, f, colour in placed(pieces, right, 18):
            text(img, (x, y + 48), piece, f, colour, "rm")


def header_name(name: str) -> tuple[str, Font]:
    """A player's name over his column: condensed, a little smaller when long ("AI Jaroslav"
    was "AI Jar…"), cut with "…" only when even that does not fit."""
    f = sized(name, 23, "cond", COL_W - 14, smallest=18)
    return fit(name, f, COL_W - 14), f


def sized(value: str, size: int, style: str = "regular", width: int = CELL_W,
          smallest: int = 12) -> Font:
    """The font of ``style`` at ``size`` px, smaller when ``value`` would not fit a player's
    column (large sums: "+1234,00" must not run into the next column)."""
    f = font(size, style)
    while f.getlength(value) > width and size > smallest:
        size -= 1
        f = font(size, style)
    return f


def placed(pieces: Sequence[tuple[str, RGB]], right: int,
           size: int) -> list[tuple[float, str, Font, RGB]]:
    """Pieces of one line of a player's column, right to left from ``right`` (their right
    edges), ``PIECE_GAP`` apart, in one font made small enough for all to fit the column."""
    shown = [(p, c) for p, c in pieces if p]
    f = font(size)
    while size > 12 and sum(f.getlength(p) for p, _ in shown) + PIECE_GAP * (
            len(shown) - 1) > CELL_W:
        size -= 1
        f = font(size)
    out = []
    x = float(right)
    for piece, colour in shown:
        out.append((x, piece, f, colour))
        x -= f.getlength(piece) + PIECE_GAP
    return out


def _footer(img: Image.Image, y: int, label: str, values: Sequence[str],
            colours: Sequence[RGB], bold: bool = True) -> None:
    text(img, (X_GAME, y + FOOT_ROW // 2), label, font(22), MUTED, "lm")
    for seat, (value, colour) in enumerate(zip(values, colours, strict=True)):
        f = sized(value, 25, "bold" if bold else "regular")
        text(img, (X_COLS + (seat + 1) * COL_W - 12, y + FOOT_ROW // 2), value, f, colour, "rm")


def sheet_image(view: TableView, names: Sequence[str], lang: str = "cs",
                round_no: int | None = None) -> Image.Image:
    """The round's protocol (RGB); ``round_no``: the round it is of a tournament (a table
    of a tournament plays one round of the engine, numbered 1)."""
    if not isinstance(view, TableView):
        raise TypeError("the Taroky protocol takes a TableView")
    lang = lang_of(lang)
    who = check_names(names)
    rows = view.protocol
    feet = 4 if view.finished else 3
    details = [detail_lines(_detail_parts(row, who, lang)) for row in rows]
    heights = [row_height(lines) for lines, _f in details]
    body = sum(heights) if rows else ROW_H
    height = HEADER_H + M + NAMES_H + body + 8 + feet * FOOT_ROW + (34 if view.finished else 0)
    height += M + 8
    img = felt(W, height).copy()
    paste(img, panel(W, HEADER_H, BAR, radius=0), 0, 0)
    title = pic("sheet_title", lang, n=round_no or view.round_no)
    x = M + text(img, (M, HEADER_H // 2), title, font(30, "bold"), TEXT, "lm")
    sub = pic("sheet_sub", lang, stake=money(view.options.stake, lang), deals=len(rows))
    text(img, (x + 16, HEADER_H // 2 + 1), fit(sub, font(21), W - x - 40), font(21), MUTED,
         "lm")
    top = HEADER_H + M
    paste(img, panel(W - 2 * M, height - top - M, PANEL, radius=14), M, top)
    cy = top + NAMES_H // 2
    text(img, (X_NO, cy), "#", font(20), MUTED, "lm")
    text(img, (X_GAME, cy), pic("sheet_game", lang), font(20), MUTED, "lm")
    text(img, (X_EYES + EYES_W - 12, cy), pic("sheet_eyes", lang), font(20), MUTED, "rm")
    for seat in range(4):
        right = X_COLS + (seat + 1) * COL_W - 12
        name, fh = header_name(who[seat])
        text(img, (right, cy), name, fh, TEXT, "rm")
    y = top + NAMES_H
    d = ImageDraw.Draw(img)
    d.line((M + 10, y - 1, W - M - 11, y - 1), fill=(60, 96, 78), width=1)
    if not rows:
        text(img, (W // 2, y + ROW_H // 2), pic("sheet_empty", lang), font(22), FAINT, "mm")
    for i, (row, detail) in enumerate(zip(rows, details, strict=True)):
        _row(img, y + sum(heights[:i]), row, who, lang, i % 2 == 1, detail)
    y += body + 8
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
        control = pic("sheet_control", lang, money=money(sum(view.money), lang),
                      stakes=money(4 * view.options.stake, lang),
                      dokup=money(sum(view.dokup), lang))
        text(img, (W // 2, y + 16), fit(control, font(19), W - 4 * M), font(19), FAINT, "mm")
    return img


def render_sheet(view: TableView, names: Sequence[str], lang: str = "cs",
                 round_no: int | None = None) -> bytes:
    """PNG of the round's protocol (``round_no``: a tournament's round)."""
    return encode(sheet_image(view, names, lang, round_no), palette.taroky())
