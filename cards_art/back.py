"""The card back: a burgundy field with a gold diagonal lattice, double border and a medallion."""

from __future__ import annotations

from PIL import Image, ImageDraw

from .draw import CREAM, INK, SS, Pen, hexc, new_layer
from .suits import draw_suit

FIELD = hexc("#7a1826")
FIELD_DARK = hexc("#5c0f1b")
GOLD = hexc("#e2b85c")
INNER = (9, 9, 171, 261)
STEP = 15.0


def clip_rounded(
    layer: Image.Image, box: tuple[float, float, float, float], radius: float
) -> Image.Image:
    """Keep only the part of `layer` inside a rounded box (card units)."""
    mask = Image.new("L", layer.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(tuple(v * SS for v in box), radius=radius * SS, fill=255)
    out = Image.new("RGBA", layer.size, (0, 0, 0, 0))
    out.paste(layer, (0, 0), mask)
    return out


def _lattice(pen: Pen) -> None:
    """Diagonal gold lattice with dots on the crossings and dark diamonds in the cells."""
    x0, y0, x1, y1 = INNER
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    half = STEP / 2
    n = 14
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            x, y = cx + (i + j) * half, cy + (j - i) * half
            if x0 - STEP < x < x1 + STEP and y0 - STEP < y < y1 + STEP:
                d = STEP * 0.3
                pen.shape(
                    [(x + half, y - d), (x + half + d, y), (x + half, y + d), (x + half - d, y)],
                    FIELD_DARK,
                    None,
                )
    span = 400
    for i in range(-n, n + 1):
        ox = cx + i * STEP
        pen.stroke([(ox - span, cy - span), (ox + span, cy + span)], GOLD, 1.1, caps=False)
        pen.stroke([(ox - span, cy + span), (ox + span, cy - span)], GOLD, 1.1, caps=False)
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            x, y = cx + (i + j) * half, cy + (j - i) * half
            pen.dot(x, y, 1.9, GOLD)


def _medallion(pen: Pen) -> None:
    """Central oval with the four suit symbols."""
    cx, cy = 90, 135
    pen.ellipse(cx, cy, 46, 60, FIELD, INK, 5.0)
    pen.ellipse(cx, cy, 46, 60, None, GOLD, 2.6)
    pen.ellipse(cx, cy, 39, 53, CREAM, GOLD, 1.6)
    pen.ellipse(cx, cy, 39, 53, None, INK, 0.8)
    for key, dx, dy in (("h", 0, -28), ("l", 19, 0), ("a", 0, 28), ("b", -19, 0)):
        draw_suit(pen, key, cx + dx, cy + dy, 24, 1.3)


def draw_back(pen: Pen, img: Image.Image) -> None:
    """Paint the back design onto the card face `img` (already has border and cream face)."""
    x0, y0, x1, y1 = INNER
    pen.draw.rounded_rectangle(tuple(v * SS for v in INNER), radius=7 * SS, fill=FIELD)
    pattern = new_layer()
    _lattice(Pen.on(pattern))
    img.alpha_composite(clip_rounded(pattern, INNER, 7))
    for inset, color, width in ((0, INK, 1.6), (6, GOLD, 2.2), (9.5, GOLD, 0.9)):
        pen.draw.rounded_rectangle(
            ((x0 + inset) * SS, (y0 + inset) * SS, (x1 - inset) * SS, (y1 - inset) * SS),
            radius=max(2, 7 - inset / 2) * SS,
            outline=color,
            width=round(width * SS),
        )
    _medallion(pen)
