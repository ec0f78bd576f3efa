"""Shared card canvas for every deck: size, rounded face and border, notched frames, export.

Both decks (Lóra in generate.py, Taroky in taroky.py) build their faces on `card_base`, clip
and downscale with `finish`, and write palette PNGs with `save_png`, so the two decks share one
card shape and one export path.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from .draw import CREAM, INK, RGB, SS, Pen, Point, new_layer, rounded_poly

CARD_W, CARD_H = 180, 270
RADIUS = 12
BORDER = 3.6
DISCORD_DARK = (49, 51, 56, 255)


def notched_frame(
    box: tuple[float, float, float, float], notch_x: float, notch_y: float, r: float = 6
) -> list[Point]:
    """Rounded frame `box` with its top-left and bottom-right corners cut out for the indices."""
    x0, y0, x1, y1 = box
    return rounded_poly(
        [
            (notch_x, y0),
            (x1, y0),
            (x1, CARD_H - notch_y),
            (CARD_W - notch_x, CARD_H - notch_y),
            (CARD_W - notch_x, y1),
            (x0, y1),
            (x0, notch_y),
            (notch_x, notch_y),
        ],
        r,
    )


def card_base(face: RGB = CREAM) -> Image.Image:
    """Rounded card face with a dark border (transparent outside the corners), supersampled."""
    img = new_layer()
    box = (0, 0, CARD_W * SS - 1, CARD_H * SS - 1)
    Pen.on(img).draw.rounded_rectangle(
        box, radius=RADIUS * SS, fill=face, outline=INK, width=round(BORDER * SS)
    )
    return img


def finish(img: Image.Image) -> Image.Image:
    """Downscale a supersampled layer to the final card size, clipping to the rounded shape."""
    small = img.resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)
    mask = Image.new("L", img.size, 0)
    Pen.on(mask).draw.rounded_rectangle(
        (0, 0, CARD_W * SS - 1, CARD_H * SS - 1), radius=RADIUS * SS, fill=255
    )
    alpha = mask.resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)
    small.putalpha(alpha)
    return small


def save_png(img: Image.Image, path: Path) -> None:
    """Save a 256-colour palette PNG, optimised; keeps alpha for RGBA images."""
    if img.mode == "RGBA":
        pal = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        pal.putpalette(_snap_alpha(pal.getpalette("RGBA") or []), "RGBA")
    else:
        pal = img.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    pal.save(path, optimize=True)


def _snap_alpha(palette: list[int]) -> list[int]:
    """Make nearly opaque / nearly clear palette entries exactly opaque / clear."""
    out = list(palette)
    for i in range(3, len(out), 4):
        out[i] = 255 if out[i] >= 248 else 0 if out[i] <= 6 else out[i]
    return out


def contact_sheet(
    cards: dict[str, Image.Image],
    slots: Sequence[tuple[int, int, str]],
    cols: int,
    rows: int,
    gap: int = 14,
) -> Image.Image:
    """Cards at (col, row) slots on Discord-dark and white halves that swap every row."""
    cell_w, cell_h = CARD_W + gap, CARD_H + gap
    sheet = Image.new("RGBA", (cols * cell_w + gap, rows * cell_h + gap), (255, 255, 255, 255))
    half = sheet.width // 2
    for row in range(rows):
        x0 = 0 if row % 2 == 0 else half
        y0 = row * cell_h + gap // 2 if row else 0
        y1 = sheet.height if row == rows - 1 else (row + 1) * cell_h + gap // 2
        sheet.paste(DISCORD_DARK, (x0, y0, x0 + half, y1))
    for col, row, name in slots:
        sheet.alpha_composite(cards[name], (gap + col * cell_w, gap + row * cell_h))
    return sheet
