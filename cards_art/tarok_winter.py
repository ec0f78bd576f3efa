"""Tarok scenes XIX–XX: winter — a snowy cottage by day, the village church on a starry night."""

from __future__ import annotations

from .draw import INK, Pen, arc, hexc, mix
from .scenery import (
    SNOW,
    WALL,
    WINDOW,
    WOOD_DARK,
    cottage,
    fence,
    fill,
    fir,
    hill,
    moon,
    sky,
    stars,
)

SNOW_SHADE = hexc("#dbe8f4")
WINTER_SKY = hexc("#c9d9ea")
NIGHT_SKY = hexc("#1f2c55")
NIGHT_HAZE = hexc("#3c4f86")
CARROT = hexc("#f08a2a")
SCARF = hexc("#d0302c")


def _snowfall(p: Pen, seed: int, n: int = 40) -> None:
    """Evenly scattered snowflakes (a fixed pattern, so the card is deterministic)."""
    for i in range(n):
        x = (seed * 37 + i * 53) % 160 + 10
        y = (seed * 11 + i * 97) % 240 + 14
        p.ellipse(x, y, 1.8, 1.8, SNOW, mix(INK, SNOW, 0.5), 0.5)


def winter(p: Pen) -> None:
    """XIX: a snowed-in cottage with smoke from the chimney, a snowman and firs."""
    sky(p, WINTER_SKY, hexc("#eef3f8"))
    hill(p, [(0, 150), (70, 136), (180, 146)], SNOW_SHADE, INK, 1.0)
    for x, h in ((30, 46), (150, 54), (162, 36)):
        fir(p, x, 160, h, snow=True)
    hill(p, [(0, 176), (90, 168), (180, 176)], SNOW, INK, 1.2)
    p.shape([(104, 114), (104, 96), (114, 96), (114, 124)], hexc("#b05a3a"), INK, 1.1)
    for i, (dx, r) in enumerate(((0, 5), (5, 6.5), (0, 8), (7, 9.5))):
        p.ellipse(109 + dx, 86 - i * 14, r, r * 0.8, hexc("#f4f6f8"), mix(INK, SNOW, 0.4), 1.0)
    cottage(p, 86, 196, 70, 38, WALL, hexc("#8a4a30"), snow=True, lit=True)
    fence(p, 118, 170, 214, 16, WOOD_DARK)
    fill(p, SNOW, (0, 214, 180, 270))
    p.stroke([(0, 214), (180, 214)], mix(INK, SNOW, 0.4), 1.0, caps=False)
    sx, sy = 46, 244
    p.ellipse(sx, sy, 15, 13, SNOW, INK, 1.2)
    p.ellipse(sx, sy - 20, 11, 10, SNOW, INK, 1.2)
    p.ellipse(sx, sy - 36, 8, 8, SNOW, INK, 1.2)
    p.shape(
        [(sx - 8, sy - 42), (sx - 6, sy - 54), (sx + 6, sy - 54), (sx + 8, sy - 42)],
        WOOD_DARK,
        INK,
        1.0,
    )
    p.shape([(sx, sy - 36), (sx + 12, sy - 34), (sx, sy - 33)], CARROT, INK, 0.8)
    for dx in (-3, 3):
        p.dot(sx + dx, sy - 39, 1.2, INK)
    p.limb([(sx - 9, sy - 29), (sx + 9, sy - 29)], SCARF, 3, 0.8)
    p.limb([(sx + 6, sy - 29), (sx + 9, sy - 20)], SCARF, 3, 0.8)
    for side in (-1, 1):
        p.stroke([(sx + side * 10, sy - 20), (sx + side * 22, sy - 30)], WOOD_DARK, 1.4)
    for y in (234, 244):
        p.dot(sx, y - 20, 1.3, INK)
    _snowfall(p, 3)


def night(p: Pen) -> None:
    """XX: the village church on the hill under the moon and the stars, windows lit."""
    sky(p, NIGHT_SKY, NIGHT_HAZE, 200)
    moon(p, 138, 50, 14)
    stars(
        p,
        [
            (66, 30),
            (100, 46),
            (160, 90),
            (20, 96),
            (120, 84),
            (60, 80),
            (150, 20),
            (34, 130),
            (84, 20),
        ],
    )
    hill(p, [(0, 180), (90, 150), (180, 176)], hexc("#dfe7f2"), INK, 1.2)
    cx = 92
    p.shape([(cx - 26, 170), (cx - 26, 130), (cx + 30, 130), (cx + 30, 170)], WALL, INK, 1.3)
    p.shape([(cx - 30, 130), (cx + 2, 110), (cx + 34, 130)], hexc("#8a4a30"), INK, 1.2)
    p.shape(
        [
            (cx - 28, 130),
            (cx + 2, 112),
            (cx + 32, 130),
            (cx + 26, 130),
            (cx + 2, 118),
            (cx - 22, 130),
        ],
        SNOW,
        None,
    )
    tx = cx - 16
    p.shape([(tx - 10, 170), (tx - 10, 98), (tx + 10, 98), (tx + 10, 170)], WALL, INK, 1.3)
    p.ellipse(tx, 110, 5, 5, hexc("#f6efe0"), INK, 1.0)
    p.stroke([(tx, 110), (tx, 106)], INK, 0.8)
    p.stroke([(tx, 110), (tx + 3, 110)], INK, 0.8)
    onion = [*arc(tx, 90, 11, 9, 180, 360, 14), (tx + 11, 92), (tx - 11, 92)]
    p.shape([(tx - 11, 98), (tx - 11, 92), (tx + 11, 92), (tx + 11, 98)], hexc("#4a6a5a"), INK, 1.1)
    p.shape(onion, hexc("#4a6a5a"), INK, 1.2)
    p.shape(
        [*arc(tx, 80, 5, 6, 180, 360, 8), (tx + 5, 82), (tx - 5, 82)], hexc("#4a6a5a"), INK, 1.0
    )
    p.limb([(tx, 74), (tx, 62)], hexc("#f0c24a"), 1.2, 0.5)
    p.limb([(tx - 4, 67), (tx + 4, 67)], hexc("#f0c24a"), 1.2, 0.5)
    for x in (cx + 4, cx + 18):
        p.shape(
            [(x - 4, 160), (x - 4, 144), *arc(x, 144, 4, 5, 180, 360, 6), (x + 4, 160)],
            WINDOW,
            INK,
            1.0,
        )
    p.shape(
        [(tx - 5, 170), (tx - 5, 156), *arc(tx, 156, 5, 6, 180, 360, 6), (tx + 5, 170)],
        WOOD_DARK,
        INK,
        1.0,
    )
    for x, h in ((30, 44), (150, 50), (164, 34), (16, 32)):
        fir(p, x, 190, h, hexc("#1f4a3a"), snow=True)
    hill(p, [(0, 210), (90, 200), (180, 208)], SNOW, INK, 1.2)
    for x, base in ((46, 240), (118, 236)):
        cottage(p, x, base, 40, 22, WALL, hexc("#7a3e2a"), snow=True, lit=True)
    p.stroke([(60, 262), (84, 220), (92, 178)], SNOW_SHADE, 3.0)
