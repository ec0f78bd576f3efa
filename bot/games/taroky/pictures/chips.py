"""The chips that say the game (who plays, the card called, each flekable item with its
level) on the table's strip and on the finished deal's picture: laid out in rows within a
width so that every chip is whole — regular while the rows hold them, else condensed; the
names whole while two rows hold them, else cut as much as needed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from PIL import Image

from bot.render.common import MUTED, PANEL, RGB, TEXT, panel, paste, text
from bot.render.fonts import CONDENSED, Font, fit, font

SMALLEST = 24  # px: the chips' words (12 px on a phone's 430)
GAP = 8  # px between chips, and between their rows
ROWS = 2  # rows the names stay whole in
NAME_CUTS = (None, 260, 200, 150, 110, 80)  # px of a name: whole, then cut
STYLES = ("regular", "narrow")  # the chips' face: regular, else condensed
Chip = tuple[str, str, RGB]  # (label, value, the value's colour)


class ChipRows(NamedTuple):
    """The chips as drawn: in rows, and their style ("regular", or "narrow": condensed)."""

    rows: list[list[Chip]]
    style: str

    def height(self, chip_h: int) -> int:
        """The height the rows take, each chip ``chip_h`` px high (``GAP`` between rows)."""
        return len(self.rows) * (chip_h + GAP) - GAP if self.rows else 0


def fonts(style: str) -> tuple[Font, Font]:
    """A chip's fonts, its label's and its value's (bold): regular, or both condensed."""
    return font(SMALLEST, style), font(SMALLEST, CONDENSED["bold"] if style == "narrow"
                                       else "bold")


def chip_width(label: str, value: str, style: str = "regular") -> int:
    """A chip's width; a chip without a value (an item not flekováno) is its label alone."""
    fl, fv = fonts(style)
    return int(fl.getlength(label) + fv.getlength(value)) + (30 if value else 24)


def pack(chips: Sequence[Chip], width: int, style: str) -> list[list[Chip]]:
    """The chips in order, as many on a row as fit ``width`` px (a chip wider than that
    alone on its row)."""
    rows: list[list[Chip]] = []
    room = 0
    for chip in chips:
        w = chip_width(chip[0], chip[1], style)
        if rows and room >= w + GAP:
            rows[-1].append(chip)
            room -= w + GAP
        else:
            rows.append([chip])
            room = width - w
    return rows


def chip_rows(chips_of: Callable[[list[str]], list[Chip]], names: Sequence[str],
              width: int) -> ChipRows:
    """The chips ``chips_of`` makes of the players' names, in rows ``width`` px wide: the
    first of (names whole, then cut shorter) × (regular, then condensed) that takes
    at most ``ROWS`` rows with every chip within the width. Should even the shortest names
    need more, the chips take more rows: a chip is never cut off."""
    rows: list[list[Chip]] = []
    for most in NAME_CUTS:
        short = list(names) if most is None else [fit(n, font(SMALLEST, "bold"), most)
                                                  for n in names]
        chips = chips_of(short)
        for style in STYLES:
            rows = pack(chips, width, style)
            if len(rows) <= ROWS and all(
                    chip_width(label, value, style) <= width
                    for row in rows for label, value, _c in row):
                return ChipRows(rows, style)
    return ChipRows(rows, STYLES[-1])


def draw_chips(img: Image.Image, x: int, y: int, height: int, laid: ChipRows) -> int:
    """Draws the chips' rows from (``x``, ``y``), each chip ``height`` px high; returns the
    height they take."""
    fl, fv = fonts(laid.style)
    for row in laid.rows:
        cx = x
        for label, value, colour in row:
            w = chip_width(label, value, laid.style)
            paste(img, panel(w, height, PANEL, radius=12), cx, y)
            cy = y + height // 2
            lx = cx + 12 + int(text(img, (cx + 12, cy + 1), label, fl,
                                    MUTED if value else TEXT, "lm"))
            if value:
                text(img, (lx + 6, cy), value, fv, colour, "lm")
            cx += w + GAP
        y += height + GAP
    return laid.height(height)
