"""Tarok scenes XV–XVIII: Prague and its castles — bridge tower, orloj, Hradčany, Karlštejn."""

from __future__ import annotations

import math

from .draw import INK, RGB, Pen, arc, hexc, mix
from .scenery import (
    FIR,
    FOLIAGE,
    GRASS,
    STONE,
    STONE_DARK,
    WHITE,
    birds,
    cloud,
    fill,
    fir,
    hill,
    sky,
    sun,
    tree,
)

RIVER = hexc("#5fa6cf")
RIVER_LIGHT = hexc("#a8d4ea")
TILE = hexc("#c8512e")
TILE_DARK = hexc("#9a3a22")
SLATE = hexc("#4a5566")
COPPER = hexc("#6fb8a0")
GOLD = hexc("#f0c24a")
GOTHIC = hexc("#cdbf9f")
GOTHIC_DARK = hexc("#9c8a68")
DIAL_BLUE = hexc("#3f78c0")
DIAL_BROWN = hexc("#8a5a2e")


def _river(p: Pen, y: float) -> None:
    """The Vltava: water from y down with light ripples."""
    fill(p, RIVER, (0, y, 180, 270))
    p.stroke([(0, y), (180, y)], INK, 1.2, caps=False)
    for i, yy in enumerate(range(round(y) + 10, 262, 13)):
        x0 = 16 + (i * 41) % 90
        p.stroke([(x0, yy), (x0 + 30, yy)], RIVER_LIGHT, 1.3)


def _gable_roofs(p: Pen, y: float, xs: list[float], color: RGB = TILE) -> None:
    """A row of small town houses with red roofs."""
    for i, x in enumerate(xs):
        w = 18 + (i * 7) % 8
        h = 14 + (i * 5) % 10
        wall = (hexc("#f3e4c8"), hexc("#efd3a8"), hexc("#e9e0d0"))[i % 3]
        p.shape(
            [(x - w / 2, y), (x - w / 2, y - h), (x + w / 2, y - h), (x + w / 2, y)], wall, INK, 1.0
        )
        p.shape(
            [(x - w / 2 - 2, y - h), (x, y - h - w * 0.6), (x + w / 2 + 2, y - h)], color, INK, 1.0
        )
        p.shape(
            [(x - 2, y - h + 4), (x + 2, y - h + 4), (x + 2, y - h + 9), (x - 2, y - h + 9)],
            hexc("#5a7aa0"),
            None,
        )


def _spire(p: Pen, x: float, base: float, w: float, h: float, color: RGB = SLATE) -> None:
    """A steep pointed roof with a gold finial."""
    p.shape([(x - w / 2, base), (x, base - h), (x + w / 2, base)], color, INK, 1.2)
    p.limb([(x, base - h), (x, base - h - 6)], GOLD, 1.4, 0.6)
    p.dot(x, base - h - 6, 1.8, GOLD)


# ---------------------------------------------------------------- XV Karlův most


def bridge(p: Pen) -> None:
    """XV: Charles Bridge and its Old Town bridge tower over the Vltava."""
    sky(p, hexc("#f6cfa0"), hexc("#fde9cf"), 160)
    sun(p, 150, 122, 14, 12, hexc("#ffb84a"))
    _gable_roofs(p, 166, [16, 38, 150, 168])
    _river(p, 178)
    tx, top = 110, 70
    p.shape([(tx - 22, 178), (tx - 22, top), (tx + 22, top), (tx + 22, 178)], GOTHIC, INK, 1.4)
    p.shape(
        [(tx - 10, 178), (tx - 10, 150), *arc(tx, 150, 10, 14, 180, 360, 12), (tx + 10, 178)],
        hexc("#5a4a3a"),
        INK,
        1.2,
    )
    for y in (100, 124):
        p.shape(
            [
                (tx - 6, y + 14),
                (tx - 6, y + 4),
                *arc(tx, y + 4, 6, 7, 180, 360, 8),
                (tx + 6, y + 14),
            ],
            hexc("#3a4a60"),
            INK,
            1.0,
        )
    p.stroke([(tx - 22, 142), (tx + 22, 142)], GOTHIC_DARK, 1.2, caps=False)
    p.shape(
        [(tx - 26, top), (tx - 26, top - 6), (tx + 26, top - 6), (tx + 26, top)], GOTHIC, INK, 1.2
    )
    _spire(p, tx, top - 6, 52, 48)
    for side in (-1, 1):
        _spire(p, tx + side * 24, top - 6, 10, 22)
    deck = 178
    p.shape([(0, deck), (0, deck - 8), (tx - 22, deck - 8), (tx - 22, deck)], GOTHIC, INK, 1.2)
    for x in (-10, 18, 46, 74):
        p.shape(
            [
                (x + 8, 262),
                (x + 8, 204),
                *arc(x + 22, 204, 14, 18, 180, 360, 12),
                (x + 36, 262),
                (x + 40, 262),
                (x + 40, deck),
                (x + 4, deck),
                (x + 4, 262),
            ],
            GOTHIC,
            INK,
            1.2,
        )
    for x in (20, 50, 78):
        p.limb([(x, deck - 8), (x, deck - 22)], hexc("#3a3530"), 3.2, 0.6)
        p.dot(x, deck - 25, 2.6, hexc("#3a3530"))
    birds(p, [(150, 80), (160, 92), (140, 96)])


# ---------------------------------------------------------------- XVI orloj


def orloj(p: Pen) -> None:
    """XVI: the Old Town astronomical clock — the dial with the sun hand and the zodiac ring."""
    fill(p, GOTHIC)
    for y in range(20, 270, 16):
        p.stroke([(0, y), (180, y)], GOTHIC_DARK, 0.8, caps=False)
    p.shape(
        [(14, 262), (14, 60), *arc(90, 60, 76, 44, 180, 360, 24), (166, 262)],
        mix(GOTHIC, WHITE, 0.2),
        INK,
        1.4,
    )
    cx, cy = 90, 128
    p.ellipse(cx, cy, 58, 58, GOLD, INK, 1.4)
    p.ellipse(cx, cy, 50, 50, DIAL_BLUE, INK, 1.2)
    p.shape([*arc(cx, cy, 50, 50, 20, 160, 24)], DIAL_BROWN, INK, 1.0)
    p.shape(
        [*arc(cx, cy + 22, 50, 30, 200, 340, 20)[::-1], *arc(cx, cy, 50, 50, 200, 340, 20)],
        hexc("#7aaee0"),
        None,
    )
    for i in range(24):
        a = math.radians(i * 15)
        p.stroke(
            [
                (cx + 51 * math.cos(a), cy + 51 * math.sin(a)),
                (cx + 57 * math.cos(a), cy + 57 * math.sin(a)),
            ],
            INK,
            1.0 if i % 2 else 1.6,
        )
    p.ellipse(cx, cy - 10, 30, 30, None, GOLD, 2.4)
    p.ellipse(cx, cy - 10, 30, 30, None, INK, 0.8)
    for i in range(12):
        a = math.radians(i * 30)
        p.dot(cx + 30 * math.cos(a), cy - 10 + 30 * math.sin(a), 2.2, WHITE)
    p.limb([(cx, cy), (cx + 34, cy - 30)], GOLD, 2.4, 0.9)
    p.ellipse(cx + 26, cy - 23, 6, 6, GOLD, INK, 1.0)
    p.ellipse(cx - 22, cy + 14, 5, 5, hexc("#e8e8f0"), INK, 1.0)
    p.limb([(cx, cy), (cx - 22, cy + 14)], INK, 1.4, 0.4)
    p.ellipse(cx, cy, 4, 4, GOLD, INK, 1.0)
    p.shape([(58, 60), (122, 60), (126, 70), (54, 70)], TILE_DARK, INK, 1.2)
    for x in (66, 82, 98, 114):
        p.shape(
            [(x - 5, 60), (x - 5, 48), *arc(x, 48, 5, 6, 180, 360, 8), (x + 5, 60)],
            hexc("#5a4a3a"),
            INK,
            1.0,
        )
    p.shape([(60, 212), (120, 212), (120, 250), (60, 250)], mix(GOTHIC, WHITE, 0.3), INK, 1.2)
    p.ellipse(90, 231, 16, 16, GOLD, INK, 1.2)
    p.ellipse(90, 231, 11, 11, hexc("#f6efe0"), INK, 1.0)
    for i in range(12):
        a = math.radians(i * 30)
        p.dot(90 + 13.5 * math.cos(a), 231 + 13.5 * math.sin(a), 1.1, INK)


# ---------------------------------------------------------------- XVII Pražský hrad


def castle(p: Pen) -> None:
    """XVII: Prague Castle and St Vitus above the Lesser Town roofs and the river."""
    sky(p, hexc("#a9d3f0"))
    cloud(p, 138, 40, 0.8)
    hill(p, [(0, 150), (60, 128), (140, 126), (180, 140)], hexc("#8cbf6a"), INK, 1.2)
    p.shape([(16, 134), (16, 112), (150, 112), (150, 130)], hexc("#f1ead8"), INK, 1.3)
    for x in range(22, 150, 9):
        p.shape([(x, 118), (x + 4, 118), (x + 4, 126), (x, 126)], hexc("#5a6a80"), None)
    p.shape([(14, 112), (152, 112), (148, 104), (18, 104)], TILE_DARK, INK, 1.2)
    cx = 92
    body = [(cx - 30, 112), (cx - 30, 80), (cx + 34, 80), (cx + 34, 112)]
    p.shape(body, GOTHIC, INK, 1.3)
    p.shape([(cx - 32, 80), (cx + 2, 58), (cx + 36, 80)], SLATE, INK, 1.2)
    for side in (-1, 1):
        x = cx + side * 10 - 4
        p.shape([(x - 5, 80), (x - 5, 40), (x + 5, 40), (x + 5, 80)], GOTHIC, INK, 1.2)
        _spire(p, x, 40, 13, 34)
        p.shape([(x - 2.5, 66), (x - 2.5, 54), (x + 2.5, 54), (x + 2.5, 66)], hexc("#3a4a60"), None)
    p.ellipse(cx - 4, 94, 7, 7, hexc("#d84a6a"), INK, 1.0)
    tx = cx + 44
    p.shape([(tx - 8, 112), (tx - 8, 54), (tx + 8, 54), (tx + 8, 112)], GOTHIC, INK, 1.2)
    p.shape([(tx - 10, 54), (tx - 10, 48), (tx + 10, 48), (tx + 10, 54)], COPPER, INK, 1.0)
    p.shape([*arc(tx, 48, 9, 12, 180, 360, 12)], COPPER, INK, 1.1)
    p.shape([*arc(tx, 32, 4, 6, 180, 360, 8), (tx + 4, 37), (tx - 4, 37)], COPPER, INK, 1.0)
    p.limb([(tx, 26), (tx, 18)], GOLD, 1.2, 0.5)
    p.ellipse(tx, 66, 4, 4, GOLD, INK, 0.8)
    for x, h in ((26, 40), (40, 30), (160, 34)):
        tree(p, x, 150, h, FOLIAGE)
    hill(p, [(0, 176), (90, 170), (180, 178)], GRASS, None)
    _gable_roofs(p, 190, [14, 36, 58, 80, 102, 124, 146, 168])
    _river(p, 200)
    for x, w in ((30, 20), (110, 16)):
        p.stroke([(x, 226), (x + w, 226)], WHITE, 1.6)


# ---------------------------------------------------------------- XVIII Karlštejn


def karlstejn(p: Pen) -> None:
    """XVIII: Karlštejn castle on its wooded hill, the Great Tower above the walls."""
    sky(p, hexc("#b9ddf3"))
    cloud(p, 70, 56, 0.8)
    hill(p, [(0, 176), (40, 150), (90, 112), (140, 148), (180, 170)], hexc("#6ea84e"), INK, 1.3)
    for x, y, h in ((24, 188, 40), (46, 170, 36), (140, 170, 34), (158, 186, 40), (64, 152, 26)):
        fir_or_tree(p, x, y, h)
    p.shape([(54, 150), (54, 126), (128, 126), (128, 150)], STONE, INK, 1.3)
    for x in range(56, 128, 9):
        p.shape([(x, 126), (x, 121), (x + 5, 121), (x + 5, 126)], STONE, INK, 0.9)
    p.shape([(60, 126), (60, 100), (84, 100), (84, 126)], hexc("#e8dcc0"), INK, 1.2)
    p.shape([(56, 100), (72, 84), (88, 100)], TILE, INK, 1.2)
    tx = 106
    p.shape(
        [(tx - 16, 126), (tx - 16, 56), (tx + 16, 56), (tx + 16, 126)], hexc("#e8dcc0"), INK, 1.3
    )
    for y in (70, 92):
        for dx in (-8, 8):
            p.shape(
                [
                    (tx + dx - 3, y + 10),
                    (tx + dx - 3, y),
                    *arc(tx + dx, y, 3, 4, 180, 360, 6),
                    (tx + dx + 3, y + 10),
                ],
                hexc("#3a4a60"),
                None,
            )
    p.shape([(tx - 20, 56), (tx, 22), (tx + 20, 56)], TILE_DARK, INK, 1.3)
    p.limb([(tx, 22), (tx, 14)], GOLD, 1.2, 0.5)
    p.dot(tx, 14, 2, GOLD)
    p.stroke([(52, 150), (130, 150)], STONE_DARK, 1.2, caps=False)
    hill(p, [(0, 226), (90, 216), (180, 222)], GRASS, INK, 1.2)
    p.stroke([(20, 250), (60, 232), (96, 236), (120, 218)], hexc("#e8d8b0"), 4.0)
    for x, h in ((40, 28), (150, 34)):
        tree(p, x, 236, h, hexc("#78b04a"))


def fir_or_tree(p: Pen, x: float, base: float, h: float) -> None:
    """Alternate firs and leafy trees on a wooded slope."""
    if int(x) % 2:
        tree(p, x, base, h, hexc("#5a9a44"))
    else:
        fir(p, x, base, h, FIR)
