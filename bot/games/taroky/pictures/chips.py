"""The chips that say the game (who plays, the card called, each flekable item with its
level) on the table's strip and on the finished deal's picture: laid out in rows within a
width so that every chip is whole — regular while the rows hold them, else condensed; the
names whole while two rows hold them, else cut as much as needed (only in the chips too
wide for a row whole)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from PIL import Image

from bot.games.taroky.words import pic
from bot.render.common import GOLD, MUTED, PANEL, RGB, TEXT, panel, paste, text
from bot.render.fonts import CONDENSED, Font, font
from bot.render.names import fit_apart

SMALLEST = 24  # px: the chips' words by default (12 px on a phone's 430; the table's: its own)
GAP = 8  # px between chips, and between their rows
ROWS = 2  # rows the names stay whole in
NAME_CUTS = (None, 260, 200, 150, 110, 80)  # px of a name: whole, then cut
STYLES = ("regular", "narrow")  # the chips' face: regular, else condensed
Chip = tuple[str, str, RGB]  # (label, value, the value's colour)


def varsava_chips(declarer: int, zduch: bool, bids: Sequence[tuple[int, str]],
                  names: Sequence[str], lang: str) -> list[Chip]:
    """Who made the Varšava: the předák who chose it, or the zadák who pushed him into it
    and the předák (review 72: "volí předák Bob" read oddly, "žďuchaná, předák: Alice" did
    not say who pushed)."""
    if not zduch:
        return [(pic("varsava_chosen", lang), names[declarer], GOLD)]
    pusher = next((s for s, bid in bids if bid == "zduch"), None)
    return [*([] if pusher is None else [(pic("varsava_pushed", lang), names[pusher], GOLD)]),
            (pic("varsava_predak", lang), names[declarer], GOLD)]


class ChipRows(NamedTuple):
    """The chips as drawn: in rows, their style ("regular", or "narrow": condensed) and the
    px of their words."""

    rows: list[list[Chip]]
    style: str
    px: int = SMALLEST

    def height(self, chip_h: int) -> int:
        """The height the rows take, each chip ``chip_h`` px high (``GAP`` between rows)."""
        return len(self.rows) * (chip_h + GAP) - GAP if self.rows else 0


def fonts(style: str, px: int = SMALLEST) -> tuple[Font, Font]:
    """A chip's fonts, its label's and its value's (bold): regular, or both condensed."""
    return font(px, style), font(px, CONDENSED["bold"] if style == "narrow" else "bold")


def chip_width(label: str, value: str, style: str = "regular", px: int = SMALLEST) -> int:
    """A chip's width; a chip without a value (an item not flekováno) is its label alone."""
    fl, fv = fonts(style, px)
    return int(fl.getlength(label) + fv.getlength(value)) + (30 if value else 24)


def fill_rows(widths: Sequence[int], width: int, gap: int,
              most: int | None = None) -> list[list[int]]:
    """Things ``widths`` px wide (their indices) in order, as many on a row as fit ``width``
    px with ``gap`` between them, at most ``most`` on a row (a thing wider than the row
    alone on it) — the chips' rows, and the finished deal's talon groups'."""
    rows: list[list[int]] = []
    room = 0
    for i, w in enumerate(widths):
        if rows and (most is None or len(rows[-1]) < most) and room >= w + gap:
            rows[-1].append(i)
            room -= w + gap
        else:
            rows.append([i])
            room = width - w
    return rows


def pack(chips: Sequence[Chip], width: int, style: str,
         px: int = SMALLEST) -> list[list[Chip]]:
    """The chips in order, as many on a row as fit ``width`` px (a chip wider than that
    alone on its row)."""
    widths = [chip_width(chip[0], chip[1], style, px) for chip in chips]
    return [[chips[i] for i in row] for row in fill_rows(widths, width, GAP)]


def chip_rows(chips_of: Callable[[list[str]], list[Chip]], names: Sequence[str],
              width: int, px: int = SMALLEST, one_row: bool = False,
              most_rows: int = ROWS) -> ChipRows | None:
    """The chips ``chips_of`` makes of the players' names, in rows ``width`` px wide, their
    words ``px`` px: the first of (names whole, then cut shorter) × (regular, then
    condensed) that takes at most ``most_rows`` rows with every chip within the width — with
    ``one_row`` (a picture short of height) first one row, the names whole, condensed if
    need be. A name is cut only in a chip too wide for a row whole where the rows take
    that, else in every chip; apart from the other names cut so (``fit_apart``). Should
    even the shortest names need more, the chips take as few more rows as they can (the
    names cut least that do): a chip is never cut off — None where even the names cut
    to the least leave a chip wider than a row (a valát of three long names with its flek
    and money), for the caller to say less."""
    tries = [(None, 1)] if one_row else []
    whole = chips_of(list(names))
    fewest: ChipRows | None = None  # should no try take ROWS rows: the one of fewest rows
    for most, limit in [*tries, *((most, most_rows) for most in NAME_CUTS)]:
        short = list(names) if most is None else [
            fit_apart(n, names, font(px, "bold"), most) for n in names]
        cut = chips_of(short)
        for style in STYLES:
            some = [w if chip_width(w[0], w[1], style, px) <= width else c
                    for w, c in zip(whole, cut, strict=True)]
            for chips in dict.fromkeys((tuple(some), tuple(cut))):  # (the fewest cut first)
                rows = pack(chips, width, style, px)
                if not all(chip_width(label, value, style, px) <= width
                           for row in rows for label, value, _c in row):
                    continue
                if len(rows) <= limit:
                    return ChipRows(rows, style, px)
                if fewest is None or len(rows) < len(fewest.rows):
                    fewest = ChipRows(rows, style, px)
    return fewest


def draw_chips(img: Image.Image, x: int, y: int, height: int, laid: ChipRows) -> int:
    """Draws the chips' rows from (``x``, ``y``), each chip ``height`` px high; returns the
    height they take."""
    fl, fv = fonts(laid.style, laid.px)
    for row in laid.rows:
        cx = x
        for label, value, colour in row:
            w = chip_width(label, value, laid.style, laid.px)
            paste(img, panel(w, height, PANEL, radius=12), cx, y)
            cy = y + height // 2
            lx = cx + 12 + int(text(img, (cx + 12, cy + 1), label, fl,
                                    MUTED if value else TEXT, "lm"))
            if value:
                text(img, (lx + 6, cy), value, fv, colour, "lm")
            cx += w + GAP
        y += height + GAP
    return laid.height(height)
