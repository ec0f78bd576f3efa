"""The Taroky back: a navy field with a gold star lattice, a double border and a medallion.

Navy and gold (the colours of the tarok band) instead of the Lóra back's burgundy lattice, so
the two decks never mix up at the table; the medallion holds the four French suits around a
gold star.
"""

from __future__ import annotations

import math

from PIL import Image

from .back import clip_rounded
from .draw import CREAM, INK, RGB, SS, Pen, hexc, new_layer, rounded_poly
from .french_suits import draw_french

FIELD = hexc("#1d3b72")
FIELD_LIGHT = hexc("#2a4f8f")
GOLD = hexc("#e2b85c")
INNER = (9, 9, 171, 261)
STEP = 18.0


def _star(pen: Pen, x: float, y: float, r: float, color: RGB) -> None:
    """A small eight-pointed star."""
    pts = []
    for i in range(16):
        a = math.radians(i * 22.5 - 90)
        rr = r if i % 2 == 0 else r * 0.42
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    pen.shape(pts, color, None)


def _pattern(pen: Pen) -> None:
    """Light navy checks crossed by thin gold lines, a star on every other crossing."""
    x0, y0, x1, y1 = INNER
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    for i in range(-6, 7):
        for j in range(-9, 10):
            if (i + j) % 2 == 0:
                x, y = cx + i * STEP, cy + j * STEP
                pen.shape(
                    [(x, y), (x + STEP, y), (x + STEP, y + STEP), (x, y + STEP)], FIELD_LIGHT, None
                )
    for i in range(-6, 8):
        x = cx + i * STEP
        pen.stroke([(x, y0 - 5), (x, y1 + 5)], GOLD, 0.7, caps=False)
    for j in range(-9, 11):
        y = cy + j * STEP
        pen.stroke([(x0 - 5, y), (x1 + 5, y)], GOLD, 0.7, caps=False)
    for i in range(-6, 8):
        for j in range(-9, 11):
            if (i + j) % 2 == 0:
                _star(pen, cx + i * STEP, cy + j * STEP, 4.2, GOLD)


def _medallion(pen: Pen) -> None:
    """A cream diamond-shaped medallion with the four suits around a gold star."""
    cx, cy = 90, 135
    for grow, fill, line, width in (
        (8, FIELD, INK, 4.0),
        (8, None, GOLD, 2.4),
        (2, CREAM, GOLD, 1.6),
        (2, None, INK, 0.8),
    ):
        rx, ry = 44 + grow, 58 + grow
        pts = [(cx, cy - ry), (cx + rx, cy), (cx, cy + ry), (cx - rx, cy)]
        pen.shape(rounded_poly(pts, 10), fill, line, width)
    for key, dx, dy in (("h", 0, -30), ("x", 20, 0), ("k", 0, 30), ("p", -20, 0)):
        draw_french(pen, key, cx + dx, cy + dy, 20, 1.2)
    _star(pen, cx, cy, 8, GOLD)
    pen.ellipse(cx, cy, 2, 2, INK, None)


def draw_taroky_back(pen: Pen, img: Image.Image) -> None:
    """Paint the back design onto the card face `img` (already has border and cream face)."""
    x0, y0, x1, y1 = INNER
    pen.draw.rounded_rectangle(tuple(v * SS for v in INNER), radius=7 * SS, fill=FIELD)
    pattern = new_layer()
    _pattern(Pen.on(pattern))
    img.alpha_composite(clip_rounded(pattern, INNER, 7))
    for inset, color, width in ((0, INK, 1.6), (6, GOLD, 2.2), (9.5, GOLD, 0.9)):
        pen.draw.rounded_rectangle(
            ((x0 + inset) * SS, (y0 + inset) * SS, (x1 - inset) * SS, (y1 - inset) * SS),
            radius=max(2, 7 - inset / 2) * SS,
            outline=color,
            width=round(width * SS),
        )
    _medallion(pen)
