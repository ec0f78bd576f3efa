"""The trul: I pagát (a juggler at his table), XXI mond (the world) and škýz (the jester).

The three highest-scoring taroks get full figures in the style of the Lóra court cards, a
radiant background and a ribbon with their name, so they stand out from the genre scenes.
"""

from __future__ import annotations

import math

from .draw import INK, RGB, Pen, Point, arc, bezier, hexc, mirror, mix
from .figures import HAIR, SKIN, face
from .glyphs import draw_text
from .scenery import WHITE, fill, stars

GOLD = hexc("#f0c24a")
GOLD_DARK = hexc("#b07d18")
RED = hexc("#d0362c")
RED_DARK = hexc("#8e1f1c")
GREEN = hexc("#3f9a4a")
GREEN_DARK = hexc("#246a30")
BLUE = hexc("#2f6fc0")
PURPLE = hexc("#6b4f9e")
OCEAN = hexc("#4f9ad8")
LAND = hexc("#8cc063")
LAND_DARK = hexc("#c9a85a")
CLOTH = hexc("#2f5a9a")


def _rays(p: Pen, cx: float, cy: float, base: RGB, ray: RGB, n: int = 36) -> None:
    """A full sunburst behind a figure."""
    fill(p, base)
    for i in range(0, n, 2):
        a0, a1 = i * 360 / n, (i + 1) * 360 / n
        p.shape([(cx, cy), *arc(cx, cy, 260, 260, a0, a1, 2)], ray, None)


def _banner(p: Pen, text: str, cx: float, y: float, w: float, color: RGB) -> None:
    """A ribbon with forked tails carrying a name in cream letters."""
    for side in (-1, 1):
        tail = [
            (cx + side * (w / 2 - 6), y + 4),
            (cx + side * (w / 2 + 12), y + 4),
            (cx + side * (w / 2 + 6), y + 12),
            (cx + side * (w / 2 + 12), y + 20),
            (cx + side * (w / 2 - 6), y + 20),
        ]
        p.shape(tail, mix(color, INK, 0.35), INK, 1.1)
    p.shape(
        [(cx - w / 2, y), (cx + w / 2, y), (cx + w / 2, y + 17), (cx - w / 2, y + 17)],
        color,
        INK,
        1.3,
    )
    p.stroke([(cx - w / 2 + 3, y + 2.5), (cx + w / 2 - 3, y + 2.5)], GOLD, 0.9, caps=False)
    p.stroke([(cx - w / 2 + 3, y + 14.5), (cx + w / 2 - 3, y + 14.5)], GOLD, 0.9, caps=False)
    draw_text(p, text, cx, y + 4, 9.5, hexc("#fff6dc"), stroke=0.26, spacing=0.22)


def _hand(p: Pen, x: float, y: float) -> None:
    """A round hand."""
    p.ellipse(x, y, 5, 5.5, SKIN, INK, 1.1)


# ---------------------------------------------------------------- I pagát


def pagat(p: Pen) -> None:
    """I: the pagát — a juggler in a plumed hat juggling three balls over his table of cups."""
    _rays(p, 96, 100, hexc("#fde9c8"), hexc("#f8d49a"))
    cx = 96
    for side, col in ((-1, RED), (1, GOLD)):
        half = [
            (cx, 116),
            *bezier(
                (cx + side * 14, 116),
                (cx + side * 24, 120),
                (cx + side * 26, 134),
                (cx + side * 24, 190),
                10,
            ),
            (cx, 190),
        ]
        p.shape(half, col, INK, 1.4)
    p.stroke([(cx, 118), (cx, 186)], INK, 1.0, caps=False)
    for y in (130, 146, 162):
        p.ellipse(cx, y, 2.2, 2.2, GOLD if y % 2 else RED_DARK, INK, 0.8)
    collar = [(cx - 14, 114), (cx + 14, 114), (cx + 10, 124), (cx + 4, 120), (cx, 126)]
    collar += [(cx - 4, 120), (cx - 10, 124)]
    p.shape(collar, WHITE, INK, 1.0)
    p.shape([(cx - 5, 100), (cx + 5, 100), (cx + 5, 116), (cx - 5, 116)], SKIN, INK, 1.1)
    hair = mirror(
        [(cx, 76), *bezier((cx - 14, 76), (cx - 17, 86), (cx - 16, 98), (cx - 12, 104), 8)], cx
    )
    p.shape(hair, HAIR, INK, 1.2)
    face(p, cx, 94, 13, 15)
    p.stroke(arc(cx, 103, 4, 2.5, 20, 160, 8), INK, 0.9)
    p.shape([*arc(cx, 80, 32, 7, 0, 360, 40)], RED, INK, 1.3)
    p.shape(
        [*bezier((cx - 14, 80), (cx - 16, 58), (cx + 14, 56), (cx + 14, 80), 14)],
        RED_DARK,
        INK,
        1.3,
    )
    p.shape([*arc(cx, 76, 15, 3, 180, 360, 10), *arc(cx, 70, 14, 3, 0, -180, 10)], GOLD, INK, 1.0)
    plume = [*bezier((cx + 8, 66), (cx + 22, 50), (cx + 34, 46), (cx + 44, 50), 10)]
    plume += bezier((cx + 44, 50), (cx + 32, 56), (cx + 20, 62), (cx + 10, 72), 10)[1:]
    p.shape(plume, WHITE, INK, 1.0)
    p.limb([(cx - 22, 126), (cx - 40, 110), (cx - 48, 84)], RED, 10)
    _hand(p, cx - 48, 82)
    p.limb([(cx - 50, 90), (cx - 58, 44)], INK, 3.2)
    p.limb([(cx - 57, 50), (cx - 58, 44)], WHITE, 3.2, 0.8)
    p.limb([(cx + 22, 126), (cx + 42, 140), (cx + 54, 126)], GOLD, 10)
    _hand(p, cx + 55, 124)
    balls = ((cx + 56, 108, BLUE), (cx + 40, 46, GREEN), (cx + 64, 70, RED))
    p.stroke([*arc(cx + 46, 96, 26, 56, 250, 340, 16)], mix(INK, WHITE, 0.55), 0.8)
    for x, y, col in balls:
        p.ellipse(x, y, 6, 6, col, INK, 1.2)
        p.dot(x - 2, y - 2, 1.6, (255, 255, 255, 170))
    top = 180
    p.shape([(26, top), (160, top), (166, top + 8), (20, top + 8)], hexc("#8a5a2e"), INK, 1.3)
    cloth = [(24, top + 8), (162, top + 8), (158, 226), (28, 226)]
    p.shape(cloth, CLOTH, INK, 1.3)
    for x in range(32, 156, 10):
        p.stroke([(x, 226), (x + 2, 232)], GOLD, 1.6)
    p.stroke([(30, 218), (156, 218)], GOLD, 1.4, caps=False)
    for x in (62, 126):
        p.shape(
            [(x - 8, top), (x - 6, top - 18), (x + 6, top - 18), (x + 8, top)], GOLD_DARK, INK, 1.1
        )
        p.ellipse(x, top - 18, 6, 2, GOLD, INK, 0.9)
    p.ellipse(94, top - 5, 5, 5, RED, INK, 1.0)
    p.shape([(40, 248), (40, 240)], None, None)
    _banner(p, "PAGÁT", 72, 236, 62, RED_DARK)


# ---------------------------------------------------------------- XXI mond


def _continent(p: Pen, pts: list[Point], cx: float, cy: float, r: float) -> None:
    """A land mass given in unit-disc coordinates."""
    p.shape([(cx + x * r, cy + y * r) for x, y in pts], LAND, INK, 1.0)


def mond(p: Pen) -> None:
    """XXI: the mond — the world as a globe on a gold stand, with a meridian ring and stars."""
    _rays(p, 94, 124, hexc("#1f3f7a"), hexc("#2a4f8f"), 40)
    stars(
        p,
        [(60, 30), (150, 30), (30, 100), (160, 190), (40, 196), (130, 16), (20, 150), (160, 120)],
        1.8,
    )
    cx, cy, r = 94, 122, 50
    p.ellipse(cx, cy, r + 10, r + 10, None, hexc("#ffe7a3"), 1.0)
    p.limb([(cx, cy + r), (cx, 212)], GOLD, 6, 1.2)
    p.shape([*arc(cx, 214, 30, 8, 180, 360, 14), *arc(cx, 222, 34, 8, 0, 180, 14)], GOLD, INK, 1.3)
    p.ellipse(cx, 196, 9, 4, GOLD, INK, 1.1)
    p.ellipse(cx, cy, r, r, OCEAN, INK, 1.6)
    europe = [
        (-0.35, -0.75),
        (0.0, -0.82),
        (0.28, -0.6),
        (0.18, -0.42),
        (0.35, -0.3),
        (0.1, -0.22),
        (-0.12, -0.3),
        (-0.3, -0.36),
        (-0.44, -0.5),
    ]
    africa = [
        (-0.3, -0.16),
        (0.18, -0.14),
        (0.4, 0.0),
        (0.34, 0.24),
        (0.14, 0.5),
        (0.04, 0.74),
        (-0.1, 0.56),
        (-0.14, 0.26),
        (-0.4, 0.08),
    ]
    asia = [(0.36, -0.72), (0.7, -0.6), (0.92, -0.3), (0.84, -0.05), (0.62, -0.1), (0.46, -0.24)]
    america = [(-0.98, -0.2), (-0.7, -0.28), (-0.62, 0.0), (-0.72, 0.3), (-0.9, 0.4)]
    for land in (europe, africa, asia, america):
        _continent(p, land, cx, cy, r)
    _continent(p, [(0.5, 0.3), (0.7, 0.34), (0.68, 0.5), (0.5, 0.46)], cx, cy, r)
    for lat in (-0.5, 0.0, 0.5):
        half = r * math.sqrt(1 - lat * lat)
        p.stroke(arc(cx, cy + lat * r, half, half * 0.18, 0, 180, 20), (255, 255, 255, 110), 0.9)
    for k in (0.35, 0.75):
        p.stroke(arc(cx, cy, r * k, r, 270, 450, 24), (255, 255, 255, 110), 0.9)
    p.stroke(arc(cx - 18, cy - 20, 22, 22, 200, 260, 10), (255, 255, 255, 170), 3.0)
    ring = p.at(cx, cy, 1, -20)
    ring.shape(
        [*arc(0, 0, r + 6, r + 6, 90, 270, 30), *arc(0, 0, r + 2, r + 2, 270, 90, 30)],
        GOLD,
        INK,
        1.2,
    )
    ring.ellipse(0, -r - 4, 3, 3, GOLD, INK, 1.0)
    _banner(p, "MOND", 74, 236, 56, hexc("#2f5a9a"))


# ---------------------------------------------------------------- škýz


def _bell(p: Pen, x: float, y: float) -> None:
    """A little gold jingle bell."""
    p.ellipse(x, y, 3.6, 3.6, GOLD, INK, 1.0)
    p.stroke([(x - 1.5, y + 1.2), (x + 1.5, y + 1.2)], INK, 0.7, caps=False)


def _harlequin(p: Pen) -> None:
    """A harlequin diamond pattern in two soft tones."""
    fill(p, hexc("#efe4f6"))
    for i in range(-1, 10):
        for j in range(-1, 14):
            if (i + j) % 2:
                continue
            x, y = i * 20 + 10, j * 22
            p.shape([(x, y - 11), (x + 10, y), (x, y + 11), (x - 10, y)], hexc("#e0d0ee"), None)


def skyz(p: Pen) -> None:
    """Škýz: the jester in motley and a belled cap, dancing with his marotte raised."""
    _harlequin(p)
    cx = 92
    for side, col in ((-1, GREEN), (1, RED)):
        leg = [(cx + side * 8, 168), (cx + side * 16, 196), (cx + side * 18, 222)]
        p.limb(leg, col, 10)
        shoe = [
            (cx + side * 13, 218),
            (cx + side * 24, 218),
            (cx + side * 34, 210),
            (cx + side * 28, 224),
            (cx + side * 13, 226),
        ]
        p.shape(shoe, mix(col, INK, 0.2), INK, 1.1)
        _bell(p, cx + side * 34, 210)
    for side, col in ((-1, RED), (1, GREEN)):
        half = [
            (cx, 116),
            *bezier(
                (cx + side * 14, 116),
                (cx + side * 24, 122),
                (cx + side * 22, 140),
                (cx + side * 20, 172),
                10,
            ),
            (cx, 176),
        ]
        p.shape(half, col, INK, 1.4)
    for y in (136, 156):
        for side in (-1, 1):
            p.shape(
                [
                    (cx + side * 10, y - 6),
                    (cx + side * 15, y),
                    (cx + side * 10, y + 6),
                    (cx + side * 5, y),
                ],
                GOLD,
                INK,
                0.8,
            )
    hem: list[Point] = []
    for i in range(7):
        x = cx - 21 + i * 7
        hem += [(x, 170), (x + 3.5, 180)]
    hem += [(cx + 28, 170)]
    p.shape([(cx - 21, 166), *hem, (cx + 21, 166)], GOLD, INK, 1.1)
    for i in range(3):
        p.dot(cx - 17.5 + i * 14 + 7, 178, 0.1, INK)
    ruff: list[Point] = []
    for i in range(13):
        a = math.radians(180 + i * 15)
        rr = 20 if i % 2 else 14
        ruff.append((cx + rr * math.cos(a), 116 - rr * 0.45 * math.sin(a) * -1 + 2))
    p.shape([*arc(cx, 116, 22, 8, 0, 360, 26)], WHITE, INK, 1.1)
    for i in range(8):
        a = 200 + i * 20
        p.stroke(arc(cx, 116, 22, 8, a, a + 6, 2), INK, 0.8)
    p.limb([(cx - 20, 124), (cx - 34, 148), (cx - 22, 166)], GREEN, 9)
    _hand(p, cx - 20, 166)
    p.limb([(cx + 20, 124), (cx + 40, 110), (cx + 46, 84)], RED, 9)
    _hand(p, cx + 46, 82)
    p.limb([(cx + 44, 96), (cx + 50, 44)], WOOD_STICK, 3)
    p.ellipse(cx + 51, 40, 7, 7.5, SKIN, INK, 1.0)
    for side in (-1, 1):
        p.shape(
            [(cx + 51 - 7, 36), (cx + 51 + side * 12, 24), (cx + 51 + 6, 36)],
            RED if side < 0 else GREEN,
            INK,
            1.0,
        )
        _bell(p, cx + 51 + side * 12, 24)
    p.dot(cx + 49, 40, 0.9, INK)
    p.dot(cx + 53, 40, 0.9, INK)
    face(p, cx, 96, 13, 15)
    p.stroke(arc(cx, 103, 5, 3, 15, 165, 8), INK, 1.0)
    cap_band = [*arc(cx, 86, 15, 4, 180, 360, 12), *arc(cx, 80, 14, 3, 0, -180, 12)]
    points = (
        (RED, [(cx - 14, 84), (cx - 26, 58), (cx - 44, 50), (cx - 36, 64), (cx - 6, 80)]),
        (GREEN, [(cx + 14, 84), (cx + 26, 58), (cx + 44, 50), (cx + 36, 64), (cx + 6, 80)]),
        (GOLD, [(cx - 8, 82), (cx - 6, 54), (cx + 4, 40), (cx + 6, 56), (cx + 8, 82)]),
    )
    for col, pts in points:
        smooth = bezier(pts[0], pts[1], pts[2], pts[2], 8) + bezier(
            pts[2], pts[3], pts[4], pts[4], 8
        )
        p.shape(smooth, col, INK, 1.2)
    p.shape(cap_band, PURPLE, INK, 1.1)
    for x, y in ((cx - 44, 50), (cx + 44, 50), (cx + 4, 40)):
        _bell(p, x, y)
    _banner(p, "ŠKÝZ", 72, 236, 56, PURPLE)


WOOD_STICK = hexc("#8a5a2e")
