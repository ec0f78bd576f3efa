"""Building blocks of the tarok scenes: sky, sun, clouds, hills, trees, cottages, fences.

Every function draws in card units with a `Pen` onto a layer that the caller clips to the
tarok's picture window (x 11..169, y 11..259, corners notched for the indices). Flat colours
with near-black outlines, like the figures of the Lóra deck.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from .draw import INK, RGB, Pen, Point, arc, bezier, hexc, mix

SKY = hexc("#bfe0f5")
SKY_HAZE = hexc("#e4f2fa")
SUN = hexc("#ffd54a")
CLOUD = hexc("#ffffff")
GRASS = hexc("#7cbf4e")
GRASS_DARK = hexc("#4f9a3a")
HILL_FAR = hexc("#a9d08a")
FOLIAGE = hexc("#4e9a3c")
FIR = hexc("#2f7a45")
BARK = hexc("#7a4a26")
WALL = hexc("#f6efe0")
ROOF = hexc("#c8512e")
WOOD = hexc("#a86a34")
WOOD_DARK = hexc("#6e4220")
STONE = hexc("#d9cdb6")
STONE_DARK = hexc("#a8977a")
SNOW = hexc("#ffffff")
WINDOW = hexc("#ffe08a")
WHITE = hexc("#ffffff")
MOONLIGHT = hexc("#fff2b0")


def fill(p: Pen, color: RGB, box: tuple[float, float, float, float] = (0, 0, 180, 270)) -> None:
    """A plain rectangle without outline."""
    x0, y0, x1, y1 = box
    p.shape([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], color, None)


def sky(p: Pen, top: RGB = SKY, haze: RGB = SKY_HAZE, horizon: float = 190) -> None:
    """Sky in four flat bands that lighten towards the horizon."""
    fill(p, top)
    for i in range(1, 4):
        y = 11 + (horizon - 11) * (0.25 + 0.2 * i)
        fill(p, mix(top, haze, i / 3.2), (0, y, 180, horizon + 40))


def sun(p: Pen, x: float, y: float, r: float, rays: int = 12, color: RGB = SUN) -> None:
    """A round sun with short triangular rays."""
    for i in range(rays):
        a = 2 * math.pi * (i + 0.5) / rays
        d = 0.22
        tri = [
            (x + (r + 2) * math.cos(a - d), y + (r + 2) * math.sin(a - d)),
            (x + (r + 9) * math.cos(a), y + (r + 9) * math.sin(a)),
            (x + (r + 2) * math.cos(a + d), y + (r + 2) * math.sin(a + d)),
        ]
        p.shape(tri, color, INK, 1.0)
    p.ellipse(x, y, r, r, color, INK, 1.2)


def moon(p: Pen, x: float, y: float, r: float, color: RGB = MOONLIGHT) -> None:
    """A crescent moon opening to the left."""
    outer = arc(x, y, r, r, -70, 250, 30)
    inner = arc(x - r * 0.45, y - r * 0.15, r * 0.8, r * 0.8, 235, -55, 30)
    p.shape([*outer, *inner], color, INK, 1.1)


def cloud(p: Pen, x: float, y: float, k: float = 1.0, color: RGB = CLOUD) -> None:
    """A puffy cloud with a flat base, about 40 x 16 units at k=1."""
    bumps = [(-13, 0, 8), (-3, -5, 10), (9, -2, 8), (16, 2, 5.5)]
    top: list[Point] = []
    for bx, by, r in bumps:
        top += arc(x + bx * k, y + by * k, r * k, r * k, 180, 360, 10)
    pts = [(x - 21 * k, y + 5 * k), *top, (x + 21.5 * k, y + 5 * k)]
    p.shape(pts, color, INK, 1.0)


def hill(
    p: Pen,
    ridge: Sequence[Point],
    color: RGB,
    outline: RGB | None = INK,
    width: float = 1.2,
    bottom: float = 270,
) -> None:
    """A hill or field whose top follows a smooth curve through the ridge points."""
    pts: list[Point] = []
    for a, b in itertools.pairwise(ridge):
        mx = (b[0] - a[0]) / 2
        pts += bezier(a, (a[0] + mx, a[1]), (b[0] - mx, b[1]), b, 10)[:-1]
    pts.append(ridge[-1])
    p.shape([*pts, (ridge[-1][0], bottom), (ridge[0][0], bottom)], color, outline, width)


def tree(p: Pen, x: float, base: float, h: float, color: RGB = FOLIAGE) -> None:
    """A deciduous tree: trunk and a crown of three overlapping round puffs."""
    p.limb([(x, base), (x, base - h * 0.45)], BARK, h * 0.09, 1.0)
    r = h * 0.26
    for dx, dy, k in ((-0.55, -0.55, 0.85), (0.55, -0.55, 0.85), (0.0, -0.8, 1.0)):
        p.ellipse(x + dx * r, base - h * 0.35 + dy * r * 1.2, r * k, r * k, color, INK, 1.0)
    p.dot(x - r * 0.3, base - h * 0.72, r * 0.25, mix(color, WHITE, 0.25))


def fir(p: Pen, x: float, base: float, h: float, color: RGB = FIR, snow: bool = False) -> None:
    """A fir tree in three stacked tiers (optionally with snow on the tiers)."""
    p.limb([(x, base), (x, base - h * 0.2)], BARK, h * 0.08, 1.0)
    for i in range(3):
        y0 = base - h * (0.15 + 0.27 * i)
        half = h * (0.32 - 0.07 * i)
        tier = [(x - half, y0), (x, y0 - h * 0.42), (x + half, y0)]
        p.shape(tier, color, INK, 1.0)
        if snow:
            p.shape(
                [
                    (x - half * 0.5, y0 - h * 0.21),
                    (x, y0 - h * 0.42),
                    (x + half * 0.5, y0 - h * 0.21),
                    (x, y0 - h * 0.17),
                ],
                SNOW,
                None,
            )


def cottage(
    p: Pen,
    x: float,
    base: float,
    w: float,
    h: float,
    wall: RGB = WALL,
    roof: RGB = ROOF,
    snow: bool = False,
    lit: bool = False,
) -> None:
    """A gabled village cottage seen from its gable end, with a door and two windows."""
    x0, x1 = x - w / 2, x + w / 2
    p.shape([(x0, base), (x0, base - h), (x1, base - h), (x1, base)], wall, INK, 1.2)
    peak = base - h - w * 0.55
    p.shape([(x0 - 4, base - h + 2), (x, peak), (x1 + 4, base - h + 2)], roof, INK, 1.2)
    if snow:
        cap = [(x0 - 4, base - h + 2), (x, peak), (x1 + 4, base - h + 2), (x1 - 2, base - h - 3)]
        cap += [(x, peak + 7), (x0 + 2, base - h - 3)]
        p.shape(cap, SNOW, INK, 1.0)
    p.ellipse(x, base - h - w * 0.22, w * 0.07, w * 0.09, WINDOW if lit else WOOD_DARK, INK, 0.9)
    glass = WINDOW if lit else hexc("#9cc9e6")
    for side in (-1, 1):
        wx = x + side * w * 0.27
        p.shape(
            [
                (wx - 4, base - h * 0.72),
                (wx + 4, base - h * 0.72),
                (wx + 4, base - h * 0.4),
                (wx - 4, base - h * 0.4),
            ],
            glass,
            INK,
            1.0,
        )
        p.stroke([(wx, base - h * 0.72), (wx, base - h * 0.4)], INK, 0.7, caps=False)
    dw = w * 0.11
    p.shape(
        [(x - dw, base), (x - dw, base - h * 0.6), (x + dw, base - h * 0.6), (x + dw, base)],
        WOOD,
        INK,
        1.0,
    )


def fence(p: Pen, x0: float, x1: float, y: float, h: float = 14, color: RGB = WOOD) -> None:
    """A picket fence from x0 to x1 standing on y."""
    for yy in (y - h * 0.35, y - h * 0.75):
        p.limb([(x0, yy), (x1, yy)], color, 2.0, 0.8)
    n = max(2, int((x1 - x0) / 8))
    for i in range(n + 1):
        px = x0 + (x1 - x0) * i / n
        p.shape(
            [(px - 2, y), (px - 2, y - h + 2), (px, y - h), (px + 2, y - h + 2), (px + 2, y)],
            color,
            INK,
            0.9,
        )


def birds(p: Pen, pts: Sequence[Point], size: float = 4.0) -> None:
    """Distant birds as small 'v' strokes."""
    for x, y in pts:
        p.stroke(
            [
                *arc(x - size / 2, y, size / 2, size / 2.5, 200, 340, 6),
                *arc(x + size / 2, y, size / 2, size / 2.5, 200, 340, 6),
            ],
            INK,
            0.9,
        )


def tufts(p: Pen, pts: Sequence[Point], color: RGB = GRASS_DARK) -> None:
    """Little grass tufts."""
    for x, y in pts:
        for dx, lean in ((-2.5, -2), (0, 0), (2.5, 2)):
            p.stroke([(x + dx, y), (x + dx + lean, y - 5)], color, 1.0)


def stars(p: Pen, pts: Sequence[Point], r: float = 1.6, color: RGB = MOONLIGHT) -> None:
    """Small four-pointed twinkling stars."""
    for x, y in pts:
        p.shape(
            [
                (x, y - 2.2 * r),
                (x + 0.5 * r, y - 0.5 * r),
                (x + 2.2 * r, y),
                (x + 0.5 * r, y + 0.5 * r),
                (x, y + 2.2 * r),
                (x - 0.5 * r, y + 0.5 * r),
                (x - 2.2 * r, y),
                (x - 0.5 * r, y - 0.5 * r),
            ],
            color,
            None,
        )
