"""The four German (mariášové) suits: palettes and vector symbols.

Every symbol is drawn in a unit box (about -0.5..0.5 on both axes, centred on 0, 0) so it can be
placed at any size; silhouettes differ strongly (heart / upward leaf with stem / round bell
with a top ring / acorn with a wide cap) so the suits read without colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from PIL import Image, ImageDraw, ImageFilter

from .draw import CREAM, INK, RGB, SS, Pen, Point, arc, bezier, hexc, mirror, mix

WHITE_GLOSS = (255, 255, 255, 150)


@dataclass(frozen=True)
class Suit:
    """Colours of one suit: main fill, dark shade, light shade, panel tint and index ink."""

    key: str
    name: str
    main: RGB
    dark: RGB
    light: RGB
    tint: RGB
    ink: RGB


SUITS: dict[str, Suit] = {
    "h": Suit(
        "h",
        "červené",
        hexc("#d62b2b"),
        hexc("#931a1e"),
        hexc("#f27d70"),
        hexc("#fbe6e0"),
        hexc("#93010f"),
    ),
    "l": Suit(
        "l",
        "zelené",
        hexc("#70a65e"),
        hexc("#3f8040"),
        hexc("#b4dc9c"),
        hexc("#e5f1dc"),
        hexc("#325d4c"),
    ),
    "b": Suit(
        "b",
        "kule",
        hexc("#f9c540"),
        hexc("#d38c1a"),
        hexc("#ffe7a0"),
        hexc("#fcefd0"),
        hexc("#956a2b"),
    ),
    "a": Suit(
        "a",
        "žaludy",
        hexc("#612a00"),
        hexc("#351900"),
        hexc("#c8924e"),
        hexc("#f2e5d3"),
        hexc("#1e0d00"),
    ),
}


def heart_outline(n: int = 96) -> list[Point]:
    """Classic parametric heart, normalised to roughly +-0.5."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x / 31, (y - 2.5) / 31))
    return pts


def leaf_outline() -> list[Point]:
    """Linden leaf: a heart turned tip-up, slimmer, with a drawn-out tip."""
    pts = []
    for x, y in heart_outline():
        ny = -0.9 * y - 0.06
        stretch = 1.0 + 0.12 * max(0.0, -ny - 0.1)  # pull the tip upwards a little
        pts.append((0.84 * x, ny * stretch))
    return pts


def _heart(p: Pen, s: Suit, w: float) -> None:
    """Red heart with a gloss highlight."""
    p.shape(heart_outline(), s.main, INK, w)
    p.stroke(arc(-0.2, -0.16, 0.13, 0.12, 200, 265, 10), WHITE_GLOSS, 0.055)


def _leaf(p: Pen, s: Suit, w: float) -> None:
    """Green tip-up linden leaf with a curved stem and veins."""
    p.limb([(0.0, 0.2), (0.02, 0.38), (0.08, 0.52)], s.dark, 0.075, w / 2)
    p.shape(leaf_outline(), s.main, INK, w)
    vein = s.dark
    p.stroke([(0.0, 0.2), (0.0, -0.36)], vein, 0.04)
    for y0, dx, dy in ((0.12, 0.24, -0.13), (-0.04, 0.2, -0.12), (-0.18, 0.13, -0.09)):
        p.stroke([(0.0, y0), (dx, y0 + dy)], vein, 0.032)
        p.stroke([(0.0, y0), (-dx, y0 + dy)], vein, 0.032)
    p.stroke(arc(-0.12, -0.02, 0.16, 0.3, 190, 240, 10), WHITE_GLOSS, 0.045)


def _bell(p: Pen, s: Suit, w: float) -> None:
    """Round sleigh bell: top ring, studded band, slot with sound holes."""
    cy, r = 0.07, 0.41
    p.ellipse(0.0, -0.36, 0.085, 0.075, s.dark, INK, w)
    p.ellipse(0.0, -0.36, 0.03, 0.025, INK, None)
    p.ellipse(0.0, cy, r, r, s.main, INK, w)
    band = []
    for yb, a0, a1 in ((-0.09, 180, 0), (0.03, 0, 180)):
        rx = math.sqrt(r * r - (yb - cy) ** 2)
        band += arc(0.0, yb, rx, 0.07, a0, a1, 24)
    p.shape(band, s.dark, INK, w * 0.8)
    for x in (-0.2, 0.0, 0.2):
        p.dot(x, 0.0 + 0.055 * (1 - (x / r) ** 2) - 0.03, 0.03, s.light)
    p.stroke([(-0.19, 0.27), (0.19, 0.27)], INK, 0.04, caps=False)
    p.stroke([(0.0, 0.27), (0.0, 0.47)], INK, 0.04, caps=False)
    for x in (-0.19, 0.19):
        p.dot(x, 0.27, 0.055, INK)
    p.stroke(arc(-0.12, -0.02, 0.2, 0.2, 185, 245, 10), WHITE_GLOSS, 0.05)


def _acorn(p: Pen, s: Suit, w: float) -> None:
    """Acorn: pointed brown nut under a wide, lighter scaled cup, stalk on top (two tones, so
    the cup and the nut read apart at pip size; one dark tone read as a blob, review 87)."""
    p.limb([(0.0, -0.26), (0.03, -0.38), (0.09, -0.47)], s.dark, 0.07, w / 2)
    nut = mirror(bezier((0.0, 0.49), (0.14, 0.43), (0.28, 0.22), (0.26, -0.08), 16)[::-1])
    p.shape(nut, s.main, INK, w)
    p.stroke(
        bezier((-0.17, 0.06), (-0.17, 0.2), (-0.12, 0.3), (-0.06, 0.36), 10), WHITE_GLOSS, 0.05
    )
    p.ellipse(0.0, 0.42, 0.035, 0.03, s.dark, None)
    dome = bezier((-0.34, 0.03), (-0.36, -0.2), (-0.18, -0.3), (0.0, -0.3), 14)
    cap = [
        *dome,
        *[(-x, y) for x, y in reversed(dome)][1:],
        *arc(0.0, 0.03, 0.34, 0.07, 0, 180, 16),
    ]
    p.shape(cap, s.light, INK, w)
    for row, (y, half) in enumerate(((-0.2, 0.14), (-0.1, 0.24), (0.0, 0.28))):
        k = 2 + row
        for i in range(k):
            x = -half + 2 * half * i / (k - 1)
            p.stroke(arc(x, y - 0.03, 0.055, 0.045, 20, 160, 8), mix(s.light, s.dark, 0.55), 0.035)


_DRAWERS: dict[str, Callable[[Pen, Suit, float], None]] = {
    "h": _heart,
    "l": _leaf,
    "b": _bell,
    "a": _acorn,
}


def draw_suit(
    pen: Pen, key: str, x: float, y: float, size: float, lw: float = 1.5, angle: float = 0.0
) -> None:
    """Draw suit `key` centred at (x, y) with height ~size; lw is the outline width in units."""
    sub = pen.at(x, y, size, angle)
    _DRAWERS[key](sub, SUITS[key], lw / size)


def draw_suit_halo(
    pen: Pen,
    key: str,
    x: float,
    y: float,
    size: float,
    lw: float = 1.5,
    halo: float = 1.9,
    color: RGB = CREAM,
) -> None:
    """Like draw_suit, but with a cream halo so the symbol stands out on same-coloured cloth."""
    with_halo(pen, lambda p: draw_suit(p, key, x, y, size, lw), halo, color)


def with_halo(
    pen: Pen, paint: Callable[[Pen], None], halo: float = 1.9, color: RGB = CREAM
) -> None:
    """Run `paint` on a fresh layer and composite it over a solid halo of its silhouette."""
    assert pen.img is not None, "with_halo needs a pen created with Pen.on(image)"
    layer = Image.new("RGBA", pen.img.size, (0, 0, 0, 0))
    paint(replace(pen, draw=ImageDraw.Draw(layer), img=layer))
    box = layer.getbbox()
    if box is None:
        return
    r = max(1, round(halo * pen.k * SS))
    w, h = layer.size
    box = (
        max(0, box[0] - 2 * r),
        max(0, box[1] - 2 * r),
        min(w, box[2] + 2 * r),
        min(h, box[3] + 2 * r),
    )
    alpha = layer.crop(box).getchannel("A").filter(ImageFilter.GaussianBlur(r * 0.6))
    mask = alpha.point(lambda v: 255 if v >= 6 else 0)
    ring = Image.new("RGBA", mask.size, (*color, 255))
    pen.img.paste(ring, box[:2], mask)
    pen.img.alpha_composite(layer.crop(box), box[:2])
