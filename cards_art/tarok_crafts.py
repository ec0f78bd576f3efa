"""Tarok scenes XI–XIV: Czech crafts and music — potter, glassmaker, smith and bagpiper."""

from __future__ import annotations

import math

from .draw import INK, RGB, Pen, arc, bezier, hexc, mirror, mix
from .scenery import WHITE, WOOD, WOOD_DARK, fill

PLASTER = hexc("#f1e2c4")
PLASTER_DARK = hexc("#dcc59c")
GLAZE = hexc("#fbf6e8")
COBALT = hexc("#2f5fb0")
CLAY = hexc("#c8703a")
RUBY = hexc("#c0203a")
RUBY_DARK = hexc("#7a0f24")
NIGHT = hexc("#2a2f4a")
FIRE = hexc("#ffb03a")
FIRE_HOT = hexc("#fff0a0")
IRON = hexc("#5a6470")
IRON_LIGHT = hexc("#8e98a4")
GOATSKIN = hexc("#a0703e")
HORN = hexc("#e8d8b0")
FOLK_RED = hexc("#c8302c")
FOLK_GREEN = hexc("#3f8a4a")


def _wall(p: Pen, color: RGB, floor: float, floor_color: RGB = WOOD) -> None:
    """An interior: plastered wall with a folk-painted border and a plank floor."""
    fill(p, color)
    fill(p, floor_color, (0, floor, 180, 270))
    p.stroke([(0, floor), (180, floor)], INK, 1.2, caps=False)
    for x in range(-20, 200, 26):
        p.stroke([(x, floor), (x - 14, 270)], WOOD_DARK, 1.0, caps=False)


def _folk_band(p: Pen, y: float) -> None:
    """A painted folk border: red tulips and green leaves along a line."""
    p.stroke([(0, y), (180, y)], FOLK_RED, 1.6, caps=False)
    for x in range(30, 180, 28):
        p.ellipse(x, y - 6, 3.4, 4.2, FOLK_RED, INK, 0.7)
        for side in (-1, 1):
            leaf = p.at(x + side * 6, y - 3, 1, side * 50)
            leaf.ellipse(0, 0, 1.8, 4.0, FOLK_GREEN, INK, 0.6)


def _flower(p: Pen, x: float, y: float, r: float, color: RGB) -> None:
    """A painted five-petal flower."""
    for i in range(5):
        a = math.radians(i * 72 - 90)
        p.ellipse(x + r * math.cos(a), y + r * math.sin(a), r * 0.62, r * 0.62, color, None)
    p.dot(x, y, r * 0.45, hexc("#f4c430"))


# ---------------------------------------------------------------- XI hrnčíř


def _jug(p: Pen, x: float, base: float, k: float, glaze: RGB, paint: RGB) -> None:
    """A bellied folk jug with a handle and painted flowers."""
    j = p.at(x, base, k)
    j.limb(arc(20, -46, 10, 14, -90, 90, 14), glaze, 4.5, 1.2)
    half = [(0.0, 0.0), *bezier((-14, 0), (-30, -14), (-28, -44), (-12, -56), 14)]
    half += [(-11, -70), (-15, -76)]
    j.shape(mirror(half[::-1]), glaze, INK, 1.4)
    j.shape([(-15, -76), (15, -76), (18, -79), (-18, -79)], glaze, INK, 1.1)
    j.stroke([(-26, -24), (26, -24)], paint, 1.4, caps=False)
    j.stroke([(-11, -62), (11, -62)], paint, 1.4, caps=False)
    _flower(j, 0, -40, 6, paint)
    for side in (-1, 1):
        _flower(j, side * 16, -38, 3.5, paint)
        j.stroke(arc(side * 8, -46, 6, 4, 180, 360, 6), FOLK_GREEN, 1.0)


def potter(p: Pen) -> None:
    """XI: folk pottery — a painted jug on the potter's wheel, plates on the shelf behind."""
    _wall(p, PLASTER, 214)
    _folk_band(p, 40)
    p.shape([(30, 120), (176, 120), (176, 126), (30, 126)], WOOD, INK, 1.1)
    for x, col in ((66, COBALT), (104, FOLK_RED), (142, FOLK_GREEN)):
        p.ellipse(x, 98, 18, 18, GLAZE, INK, 1.2)
        p.ellipse(x, 98, 12, 12, None, col, 1.4)
        _flower(p, x, 98, 4.5, col)
    for x in (20, 160):
        p.limb([(x, 126), (x, 134)], WOOD_DARK, 3, 0.8)
    p.shape([(48, 214), (132, 214), (122, 200), (58, 200)], WOOD_DARK, INK, 1.2)
    p.ellipse(90, 200, 40, 7, WOOD, INK, 1.2)
    _jug(p, 90, 200, 1.25, GLAZE, COBALT)
    _jug(p, 36, 252, 0.45, CLAY, WHITE)
    p.ellipse(120, 246, 16, 5, CLAY, INK, 1.0)
    p.shape([*arc(120, 246, 16, 5, 0, 180, 10), (104, 236), (136, 236)], CLAY, INK, 1.1)
    p.ellipse(120, 236, 16, 4.5, mix(CLAY, INK, 0.3), INK, 1.0)


# ---------------------------------------------------------------- XII sklář


def _goblet(p: Pen, x: float, base: float, k: float) -> None:
    """A Bohemian ruby goblet with cut facets and a clear foot."""
    g = p.at(x, base, k)
    clear = hexc("#dff0f8")
    g.shape(mirror([(0.0, 0.0), (-24, 0), (-22, -6), (-5, -12)][::-1]), clear, INK, 1.2)
    g.shape(mirror([(0.0, -10), (-5, -10), (-4, -40), (-7, -46)][::-1]), clear, INK, 1.2)
    for y in (-22, -30):
        g.ellipse(0, y, 7, 3.5, clear, INK, 1.0)
    bowl = [(0.0, -46), *bezier((-10, -46), (-30, -60), (-30, -96), (-26, -112), 14)]
    g.shape(mirror(bowl[::-1]), RUBY, INK, 1.4)
    for dx in (-16, -6, 6, 16):
        g.stroke([(dx * 0.5, -52), (dx, -108)], RUBY_DARK, 1.6)
    for cx, cy in ((-12, -78), (10, -78), (-1, -94), (0, -66)):
        g.shape(
            [(cx, cy - 7), (cx + 5, cy), (cx, cy + 7), (cx - 5, cy)],
            mix(RUBY, WHITE, 0.45),
            INK,
            0.8,
        )
    g.ellipse(0, -112, 26, 5, mix(RUBY, WHITE, 0.3), INK, 1.2)
    g.stroke(bezier((-20, -100), (-22, -80), (-16, -62), (-10, -56), 10), (255, 255, 255, 170), 2)


def glassmaker(p: Pen) -> None:
    """XII: Bohemian glass — a ruby goblet before the glowing furnace, the blowpipe beside."""
    fill(p, NIGHT)
    p.shape(
        [(20, 210), (20, 90), *arc(90, 90, 70, 64, 180, 360, 24), (160, 210)],
        hexc("#8a5a4a"),
        INK,
        1.4,
    )
    for y in range(100, 210, 14):
        off = 0 if (y // 14) % 2 else 10
        for x in range(20 + off, 160, 20):
            p.stroke([(x, y), (x, y + 14)], hexc("#6a4238"), 0.9, caps=False)
        p.stroke([(20, y), (160, y)], hexc("#6a4238"), 0.9, caps=False)
    p.shape([(50, 210), (50, 140), *arc(90, 140, 40, 40, 180, 360, 20), (130, 210)], FIRE, INK, 1.4)
    p.shape([(62, 210), (62, 150), *arc(90, 150, 28, 28, 180, 360, 16), (118, 210)], FIRE_HOT, None)
    for dx in (-14, 0, 14):
        flame = bezier((90 + dx - 8, 210), (90 + dx - 8, 180), (90 + dx, 170), (90 + dx, 158), 8)
        flame += bezier(
            (90 + dx, 158), (90 + dx + 2, 176), (90 + dx + 8, 186), (90 + dx + 8, 210), 8
        )[1:]
        p.shape(flame, hexc("#ff7a2a"), None)
    fill(p, hexc("#4a3a36"), (0, 210, 180, 270))
    p.stroke([(0, 210), (180, 210)], INK, 1.2, caps=False)
    p.limb([(18, 206), (58, 132)], IRON_LIGHT, 2.6, 0.9)
    p.ellipse(59, 129, 7, 6, FIRE_HOT, INK, 1.0)
    _goblet(p, 90, 256, 1.0)


# ---------------------------------------------------------------- XIII kovář


def smith(p: Pen) -> None:
    """XIII: the village smithy — a hammer striking a glowing horseshoe on the anvil."""
    fill(p, hexc("#3a3440"))
    p.shape([(96, 40), (176, 40), (176, 150), (96, 150)], hexc("#5a4a48"), INK, 1.3)
    p.shape(
        [(110, 150), (110, 110), *arc(136, 110, 26, 22, 180, 360, 16), (162, 150)], FIRE, INK, 1.2
    )
    p.ellipse(136, 140, 20, 8, FIRE_HOT, None)
    for x in (124, 136, 148):
        p.shape([(x - 5, 150), (x, 122 + (x % 7)), (x + 5, 150)], hexc("#ff7a2a"), None)
    fill(p, hexc("#5a4a40"), (0, 226, 180, 270))
    p.stroke([(0, 226), (180, 226)], INK, 1.2, caps=False)
    p.shape([(64, 228), (116, 228), (106, 206), (74, 206)], WOOD_DARK, INK, 1.3)
    anvil = [(30, 170), (70, 170), (78, 166), (132, 166), (132, 184), (112, 188), (104, 206)]
    anvil += [(76, 206), (68, 188), (52, 182)]
    p.shape(anvil, IRON, INK, 1.5)
    p.stroke([(52, 172), (130, 170)], IRON_LIGHT, 2.0)
    shoe = [*arc(92, 162, 16, 12, 180, 360, 16), *arc(92, 162, 9, 6, 360, 180, 12)]
    p.shape(shoe, hexc("#ff8a3a"), INK, 1.2)
    for a in (200, 240, 300, 340):
        r = math.radians(a)
        p.dot(92 + 12.5 * math.cos(r), 162 + 9 * math.sin(r), 1.1, INK)
    h = p.at(96, 130, 1, -50)
    h.limb([(0, 0), (62, 0)], WOOD, 4.5, 1.2)
    h.shape([(-7, -14), (7, -14), (7, 14), (-7, 14)], IRON, INK, 1.3)
    h.stroke([(-4, -11), (-4, 11)], IRON_LIGHT, 1.4)
    for a, d in ((200, 22), (230, 28), (260, 24), (290, 26), (320, 20), (170, 18)):
        r = math.radians(a)
        x0, y0 = 92 + 8 * math.cos(r), 150 + 8 * math.sin(r)
        p.stroke([(x0, y0), (x0 + d * math.cos(r), y0 + d * math.sin(r))], FIRE_HOT, 1.6)
    for x, y in ((60, 120), (124, 130), (70, 104), (116, 106)):
        p.dot(x, y, 1.6, FIRE_HOT)


# ---------------------------------------------------------------- XIV dudy


def bagpipes(p: Pen) -> None:
    """XIV: Chodsko bagpipes with the goat's head, and a fiddle, on a painted wall."""
    _wall(p, hexc("#e9eef4"), 226, hexc("#b88a58"))
    _folk_band(p, 40)
    _folk_band(p, 214)
    bag = [*bezier((50, 150), (40, 110), (90, 84), (122, 104), 16)]
    bag += bezier((122, 104), (146, 124), (132, 176), (96, 176), 14)[1:]
    bag += bezier((96, 176), (70, 176), (56, 170), (50, 150), 10)[1:]
    p.limb([(112, 108), (150, 52)], WOOD, 5, 1.2)
    p.limb([(150, 52), (162, 40)], HORN, 9, 1.2)
    p.shape([*arc(166, 36, 9, 6, 180, 360, 10), *arc(166, 36, 9, 6, 0, 180, 10)], HORN, INK, 1.0)
    p.shape(bag, GOATSKIN, INK, 1.5)
    for x, y in ((70, 124), (96, 114), (120, 128), (106, 160), (76, 160)):
        p.stroke(arc(x, y, 6, 3, 20, 160, 6), mix(GOATSKIN, INK, 0.3), 1.0)
    p.stroke(bezier((58, 140), (80, 150), (110, 146), (132, 130), 14), INK, 7.5)
    p.stroke(bezier((58, 140), (80, 150), (110, 146), (132, 130), 14), FOLK_RED, 5)
    for t in (0.2, 0.45, 0.7):
        bx, by = bezier((58, 140), (80, 150), (110, 146), (132, 130), 10)[round(t * 10)]
        p.dot(bx, by, 1.6, hexc("#f4c430"))
    p.limb([(58, 166), (58, 204)], WOOD, 6, 1.2)
    for y in (178, 188, 198):
        p.dot(58, y, 1.2, INK)
    bell = [*bezier((54, 202), (50, 212), (44, 220), (40, 226), 6), (76, 226)]
    bell += bezier((76, 226), (72, 220), (66, 212), (62, 202), 6)
    p.shape(bell, HORN, INK, 1.2)
    for side in (-1, 1):
        p.limb(
            bezier(
                (58 + side * 4, 144),
                (58 + side * 10, 128),
                (58 + side * 20, 126),
                (58 + side * 22, 136),
                10,
            ),
            HORN,
            2.8,
            0.9,
        )
        p.shape(
            [(58 + side * 6, 146), (58 + side * 18, 150), (58 + side * 8, 152)],
            hexc("#f3ead8"),
            INK,
            1.0,
        )
    head = [*bezier((50, 146), (48, 156), (52, 166), (58, 170), 8)]
    p.shape(mirror(head[::-1], 58), hexc("#f3ead8"), INK, 1.2)
    for side in (-1, 1):
        p.dot(58 + side * 4.5, 153, 1.3, INK)
    p.ellipse(58, 166, 3, 2, hexc("#d8a0a0"), INK, 0.7)
    p.limb([(66, 106), (52, 66)], WOOD, 3, 1.0)
    p.limb([(128, 112), (146, 100)], WOOD, 4, 1.0)
    fiddle = p.at(140, 182, 0.9, 20)
    body = [*bezier((0, -40), (-16, -40), (-20, -24), (-10, -14), 10)]
    body += bezier((-10, -14), (-22, -4), (-20, 24), (0, 24), 10)[1:]
    fiddle.shape(mirror(body, 0), hexc("#b8642a"), INK, 1.3)
    fiddle.limb([(0, -40), (0, -78)], INK, 4)
    fiddle.ellipse(0, -82, 4, 5, hexc("#8a4a20"), INK, 1.0)
    for side in (-1, 1):
        fiddle.stroke(arc(side * 7, -8, 2, 8, 0, 360, 12), INK, 0.8)
    fiddle.stroke([(0, -38), (0, 16)], hexc("#e8e8e8"), 0.7)
    fiddle.shape([(-5, 10), (5, 10), (5, 14), (-5, 14)], INK, None)
