"""Tarok scenes II–X: a year of Czech country life, from the rooster at dawn to mushroom time."""

from __future__ import annotations

import math

from .draw import INK, Pen, Point, arc, bezier, hexc, mirror, mix
from .scenery import (
    BARK,
    FOLIAGE,
    GRASS,
    GRASS_DARK,
    HILL_FAR,
    ROOF,
    STONE,
    STONE_DARK,
    WHITE,
    WOOD,
    WOOD_DARK,
    birds,
    cloud,
    cottage,
    fence,
    fir,
    hill,
    sky,
    sun,
    tree,
    tufts,
)

RUST = hexc("#c8642a")
RUST_DARK = hexc("#8a3b1a")
COMB = hexc("#e03a2a")
YELLOW = hexc("#f4c430")
TAIL = hexc("#2f6a55")
STRAW = hexc("#e8bf5a")
STRAW_DARK = hexc("#b8862a")
WHEAT = hexc("#f0cf6a")
FIELD = hexc("#e9c15a")
WATER = hexc("#6fb3d6")
WATER_DARK = hexc("#3f86b0")
CARP = hexc("#d8902e")
BEER = hexc("#f2a92a")
FOAM = hexc("#fffaf0")
HOP = hexc("#9ccf5a")
MUSHROOM = hexc("#8a4b22")
BLOSSOM = hexc("#fbd3df")
FIR_DEEP = hexc("#2a6a3e")
RIBBONS = (hexc("#e03a2a"), hexc("#2f6fc0"), hexc("#f4c430"), hexc("#3f9a4a"), hexc("#e86fa8"))


def _meadow(p: Pen, y: float, color: str = "#7cbf4e") -> None:
    """Far hills and a near meadow whose edge sits around height y."""
    hill(p, [(0, y - 28), (60, y - 40), (120, y - 26), (180, y - 36)], HILL_FAR, INK, 1.0)
    hill(p, [(0, y), (70, y - 8), (130, y + 2), (180, y - 6)], hexc(color), INK, 1.2)


# ---------------------------------------------------------------- II kohout


def rooster(p: Pen) -> None:
    """II: a rooster crowing at sunrise in front of the garden fence."""
    sky(p, hexc("#ffd9a0"), hexc("#fff3d6"))
    sun(p, 128, 92, 22, 14, hexc("#ffc23a"))
    hill(p, [(0, 150), (80, 136), (180, 148)], hexc("#b6d58a"), INK, 1.0)
    fence(p, 8, 172, 190, 26)
    hill(p, [(0, 196), (90, 188), (180, 194)], GRASS, INK, 1.2)
    tufts(p, [(30, 232), (118, 240), (60, 250)])
    c = p.at(0, 8)
    for i, col in enumerate((TAIL, INK, hexc("#3f8a6a"), TAIL)):
        a = i * 11
        c.limb(bezier((108, 146), (118, 118 - a), (140, 112 - a), (146, 132 - a * 0.6), 14), col, 5)
    for x0, x1 in ((90, 87), (102, 104)):
        c.limb([(x0, 160), (x1, 186)], YELLOW, 3.2, 1.0)
        c.stroke([(x1 - 6, 188), (x1, 186), (x1 + 6, 188)], INK, 1.4)
    body = bezier((74, 132), (70, 168), (120, 172), (116, 142), 16)
    body += bezier((116, 142), (108, 128), (86, 128), (74, 132), 10)[1:]
    c.shape(body, RUST, INK, 1.4)
    c.shape(arc(100, 148, 14, 9, 0, 360, 24), RUST_DARK, INK, 1.1)
    for dy in (-3, 1, 5):
        c.stroke(arc(100, 148 + dy, 10, 5, 20, 150, 8), mix(RUST_DARK, INK, 0.3), 0.8)
    neck = [(72, 136), (68, 112), (86, 108), (90, 134)]
    c.shape(neck, hexc("#e8a030"), INK, 1.2)
    for y in (116, 122, 128):
        c.stroke([(72, y), (76, y + 4), (80, y), (84, y + 4), (88, y)], RUST, 1.0)
    c.ellipse(76, 106, 9, 8, RUST, INK, 1.2)
    for x, y, r in ((71, 97, 3.6), (76, 95, 4.2), (81, 96, 3.8), (85, 99, 3)):
        c.ellipse(x, y, r, r, COMB, INK, 1.0)
    c.ellipse(76, 106, 9, 8, RUST, None)
    c.shape([(68, 104), (58, 103), (61, 108), (68, 109)], YELLOW, INK, 1.0)
    c.shape([(68, 112), (66, 121), (71, 123), (73, 113)], COMB, INK, 1.0)
    c.dot(73, 104, 1.5, INK)
    for r in (5, 9, 13):
        c.stroke(arc(55, 104, r, r, 150, 210, 8), INK, 0.9)


# ---------------------------------------------------------------- III včelín


def _bee(p: Pen, x: float, y: float, angle: float = 0.0) -> None:
    """A little bee: striped body and two wings."""
    b = p.at(x, y, 1, angle)
    for side in (-1, 1):
        b.ellipse(side * 1.5, -4, 2.8, 3.8, hexc("#e8f4ff"), INK, 0.7)
    b.ellipse(0, 0, 4.5, 3.2, YELLOW, INK, 0.8)
    for dx in (-1.2, 1.2):
        b.stroke([(dx, -2.8), (dx, 2.8)], INK, 0.9, caps=False)


def beehive(p: Pen) -> None:
    """III: a straw beehive on a stand under a blossoming tree, bees about."""
    sky(p)
    cloud(p, 120, 40, 1.0)
    _meadow(p, 200)
    p.limb(bezier((20, 260), (34, 160), (60, 90), (150, 60), 16), BARK, 6)
    p.limb(bezier((60, 120), (80, 100), (92, 96), (112, 96), 10), BARK, 3)
    for x, y in (
        (150, 60),
        (128, 66),
        (104, 76),
        (112, 96),
        (86, 100),
        (66, 96),
        (44, 122),
        (140, 80),
        (96, 88),
    ):
        for i in range(5):
            a = math.radians(i * 72 + x)
            p.ellipse(x + 4 * math.cos(a), y + 4 * math.sin(a), 3.4, 3.4, BLOSSOM, INK, 0.7)
        p.dot(x, y, 1.6, YELLOW)
    p.shape([(56, 214), (126, 214), (126, 220), (56, 220)], WOOD, INK, 1.1)
    for x in (62, 120):
        p.limb([(x, 220), (x, 246)], WOOD_DARK, 4, 1.0)
    half = [(91, 130), *bezier((72, 130), (60, 150), (58, 190), (60, 214), 14)]
    p.shape(mirror(half, 91), STRAW, INK, 1.4)
    for i in range(1, 7):
        y = 130 + i * 12
        w = 14 + 17 * math.sqrt(i / 6)
        p.stroke(arc(91, y - 4, w, 5, 20, 160, 14), STRAW_DARK, 1.4)
    p.ellipse(91, 203, 7, 5, INK, None)
    for x, y, a in ((112, 176, 20), (128, 150, -15), (72, 160, 10), (140, 186, 30), (100, 114, 0)):
        _bee(p, x, y, a)
    p.stroke(bezier((98, 198), (118, 206), (130, 176), (112, 176), 12), mix(INK, WHITE, 0.5), 0.7)
    tufts(p, [(30, 236), (96, 250), (70, 232)])


# ---------------------------------------------------------------- IV větrný mlýn


def windmill(p: Pen) -> None:
    """IV: a stone windmill with turning sails above striped fields."""
    sky(p)
    cloud(p, 138, 36, 0.9)
    cloud(p, 40, 104, 0.7)
    hill(p, [(0, 196), (60, 186), (120, 192), (180, 184)], HILL_FAR, INK, 1.0)
    for i, col in enumerate((FIELD, GRASS, hexc("#d9a84a"), hexc("#9ccb62"))):
        y = 206 + i * 14
        hill(p, [(0, y), (90, y - 6), (180, y + 2)], col, INK, 1.0)
    tower = [(74, 206), (80, 118), (106, 118), (112, 206)]
    p.shape(tower, STONE, INK, 1.4)
    for y in (140, 162, 184):
        p.stroke([(76 + (206 - y) * 0.07, y), (110 - (206 - y) * 0.07, y)], STONE_DARK, 1.0)
    p.shape([(86, 206), (86, 186), *arc(93, 186, 7, 7, 180, 360, 8), (100, 206)], WOOD, INK, 1.1)
    p.ellipse(93, 150, 4, 5, hexc("#9cc9e6"), INK, 1.0)
    p.shape([(74, 120), (93, 92), (112, 120)], ROOF, INK, 1.3)
    hub = (96, 112)
    for k in range(4):
        a = math.radians(25 + 90 * k)
        ux, uy = math.cos(a), math.sin(a)
        vx, vy = -uy, ux
        pts = [
            (hub[0] + ux * d + vx * o, hub[1] + uy * d + vy * o)
            for d, o in ((14, 0), (62, 0), (62, 11), (14, 11))
        ]
        p.shape(pts, hexc("#fbf4e4"), INK, 1.1)
        for t in (0.33, 0.66):
            d = 14 + 48 * t
            p.stroke(
                [
                    (hub[0] + ux * d, hub[1] + uy * d),
                    (hub[0] + ux * d + vx * 11, hub[1] + uy * d + vy * 11),
                ],
                WOOD_DARK,
                0.8,
            )
        p.limb([hub, (hub[0] + ux * 64, hub[1] + uy * 64)], WOOD_DARK, 2.2, 0.8)
    p.ellipse(*hub, 4.5, 4.5, WOOD_DARK, INK, 1.0)
    birds(p, [(130, 70), (142, 78)])


# ---------------------------------------------------------------- V čáp


def stork(p: Pen) -> None:
    """V: a stork on its nest on the chimney of a village cottage."""
    sky(p, hexc("#aed8f2"))
    cloud(p, 60, 100, 0.8)
    _meadow(p, 222)
    tree(p, 150, 226, 54)
    cottage(p, 80, 250, 84, 46)
    p.shape([(104, 176), (104, 148), (118, 148), (118, 190)], hexc("#b05a3a"), INK, 1.2)
    p.shape([(101, 148), (121, 148), (121, 142), (101, 142)], hexc("#8e4630"), INK, 1.1)
    nest = [*arc(111, 140, 20, 7, 180, 360, 14)[::-1], *arc(111, 136, 18, 10, 0, 180, 14)]
    p.shape(nest, WOOD, INK, 1.2)
    for i in range(7):
        x = 94 + i * 5.5
        p.stroke([(x, 134 + (i % 2) * 3), (x + 8, 140 - (i % 3) * 2)], WOOD_DARK, 0.9)
    red = hexc("#e0452e")
    p.limb([(113, 128), (113, 104)], red, 2.2, 0.8)
    p.limb([(119, 128), (121, 116), (117, 110)], red, 2.2, 0.8)
    body = [*bezier((96, 84), (98, 110), (130, 112), (140, 92), 14), (128, 88)]
    body += bezier((128, 88), (116, 82), (104, 80), (96, 84), 8)[1:]
    p.shape(body, WHITE, INK, 1.3)
    wing = [*bezier((106, 90), (116, 104), (132, 104), (146, 88), 10), (130, 88)]
    p.shape(wing, INK, INK, 1.0)
    neck = bezier((100, 88), (90, 76), (88, 60), (96, 52), 12)
    p.limb(neck, WHITE, 7, 1.2)
    p.ellipse(97, 52, 6, 5, WHITE, INK, 1.2)
    p.shape([(92, 50), (70, 62), (92, 55)], red, INK, 1.0)
    p.dot(98, 50, 1.2, INK)


# ---------------------------------------------------------------- VI májka


def maypole(p: Pen) -> None:
    """VI: the village maypole with its wreath and ribbons, the village around it."""
    sky(p, hexc("#b3dcf5"))
    cloud(p, 136, 74, 0.8)
    _meadow(p, 212)
    cottage(p, 40, 222, 40, 24, roof=hexc("#d06a3a"))
    cottage(p, 142, 210, 36, 22, roof=hexc("#b84a2e"))
    p.limb([(90, 252), (90, 44)], hexc("#d9b07a"), 4.4)
    fir(p, 90, 66, 42)
    p.ellipse(90, 78, 16, 4.5, None, INK, 5.2)
    p.ellipse(90, 78, 16, 4.5, None, FOLIAGE, 3.2)
    for i, col in enumerate(RIBBONS):
        a = -40 + i * 20
        sway = 8 * math.sin(math.radians(a * 3))
        end = (90 + 46 * math.sin(math.radians(a)), 150 + abs(a) * 0.3)
        path = bezier(
            (90 + 14 * math.sin(math.radians(a)), 80),
            (end[0] * 0.6 + 36 + sway, 100),
            (end[0] - sway, 126),
            end,
            14,
        )
        p.limb(path, col, 3.0, 0.8)
    for x, y, col in ((60, 92, RIBBONS[0]), (120, 96, RIBBONS[2]), (72, 110, RIBBONS[4])):
        p.ellipse(x, y, 3, 3, col, INK, 0.8)
    tufts(p, [(30, 240), (120, 244), (70, 234)])
    for x, y, col in ((40, 250, RIBBONS[0]), (58, 238, RIBBONS[2]), (110, 236, RIBBONS[4])):
        p.ellipse(x, y, 2.6, 2.6, col, INK, 0.8)


# ---------------------------------------------------------------- VII žně


def _sheaf(p: Pen, x: float, base: float, k: float = 1.0) -> None:
    """A standing sheaf of wheat: a bundle tied at the waist under a fan of ears."""
    s = p.at(x, base, k)
    bundle = [(-13, 0), (-5, -22), (-22, -40), (22, -40), (5, -22), (13, 0)]
    s.shape(bundle, WHEAT, INK, 1.2)
    for dx in (-8, -4, 0, 4, 8):
        s.stroke([(dx, -1), (dx * 0.35, -22), (dx * 1.9, -39)], STRAW_DARK, 0.8)
    for radius, n, a0 in ((27, 9, -152.0), (34, 8, -146.0)):
        for i in range(n):
            ang = a0 + (-2 * a0 - 180) * i / (n - 1)
            a = math.radians(ang)
            ex, ey = radius * math.cos(a), -22 + radius * math.sin(a) * 0.9
            ear = s.at(ex, ey, 1, ang + 90)
            ear.stroke([(0, -5), (0, -12)], STRAW_DARK, 0.6)
            ear.ellipse(0, 0, 2.6, 6, WHEAT, STRAW_DARK, 1.0)
            ear.stroke([(-1.2, -2), (1.2, 2)], STRAW_DARK, 0.5)
    s.limb([(-6, -22), (6, -22)], hexc("#c8302c"), 3.0, 0.8)


def harvest(p: Pen) -> None:
    """VII: sheaves in a golden field under the summer sun, a sickle and poppies."""
    sky(p, hexc("#9fd3f5"), horizon=130)
    sun(p, 126, 50, 18)
    cloud(p, 72, 92, 0.7)
    hill(p, [(0, 126), (90, 116), (180, 124)], HILL_FAR, INK, 1.0)
    hill(p, [(0, 134), (80, 128), (180, 136)], FIELD, INK, 1.2)
    for y in (148, 166, 188, 214, 242):
        p.stroke([(0, y), (90, y - 4), (180, y + 1)], STRAW_DARK, 1.0, caps=False)
    _sheaf(p, 42, 164, 0.62)
    _sheaf(p, 142, 160, 0.58)
    _sheaf(p, 94, 234, 1.45)
    blade = [*arc(42, 222, 20, 20, 200, 330, 16), *arc(44, 226, 15, 16, 320, 205, 16)]
    p.shape(blade, hexc("#d8dde2"), INK, 1.1)
    p.limb([(24, 214), (16, 240)], WOOD, 3.4, 1.0)
    for x, y in ((22, 182), (156, 222), (118, 254), (34, 252), (162, 190), (64, 176)):
        p.ellipse(x, y, 3.4, 3.4, hexc("#e0302a"), INK, 0.8)
        p.dot(x, y, 1.0, INK)
    for x, y in ((140, 196), (112, 170), (26, 206)):
        p.ellipse(x, y, 2.8, 2.8, hexc("#4f7fe0"), INK, 0.8)


# ---------------------------------------------------------------- VIII chmel a pivo


def _hop(p: Pen, x: float, y: float) -> None:
    """A hop cone in overlapping scales."""
    for row, (dy, n) in enumerate(((-5, 1), (-1.5, 2), (2, 2), (5.5, 1))):
        for i in range(n):
            dx = (i - (n - 1) / 2) * 4
            p.ellipse(x + dx, y + dy, 3.2, 3.0, mix(HOP, WHITE, 0.1 * row), INK, 0.7)


def hops(p: Pen) -> None:
    """VIII: hop vines climbing their poles, and a mug of foaming beer."""
    sky(p, hexc("#bde2f2"))
    hill(p, [(0, 176), (90, 168), (180, 178)], HILL_FAR, INK, 1.0)
    hill(p, [(0, 192), (90, 186), (180, 192)], GRASS, INK, 1.2)
    for x in (30, 72, 114, 156):
        p.limb([(x, 196), (x + 4, 40)], WOOD, 2.4, 0.8)
    p.stroke([(20, 44), (170, 38)], INK, 0.9, caps=False)
    for x in (30, 72, 114, 156):
        vine = [(x + 4 * math.sin(t / 6) + (t / 160) * 4, 194 - t) for t in range(0, 150, 6)]
        p.stroke(vine, GRASS_DARK, 1.6)
        for i, t in enumerate(range(20, 150, 26)):
            side = 1 if i % 2 else -1
            vx, vy = x + side * 7 + t / 40, 194 - t
            p.ellipse(vx, vy, 5, 4, FOLIAGE, INK, 0.8)
            _hop(p, x - side * 6 + t / 40, 194 - t + 8)
    mx, base = 94, 250
    body = [(mx - 26, base - 66), (mx + 26, base - 66), (mx + 24, base), (mx - 24, base)]
    handle = [*arc(mx + 28, base - 36, 14, 18, -80, 80, 14)]
    p.limb(handle, hexc("#dfe8ec"), 6, 1.2)
    p.shape(body, BEER, INK, 1.4)
    for dx in (-14, 0, 14):
        p.stroke([(mx + dx, base - 56), (mx + dx * 0.95, base - 8)], mix(BEER, WHITE, 0.35), 2.0)
    foam: list[Point] = []
    for i in range(5):
        foam += arc(mx - 22 + i * 11, base - 68, 7, 7, 180, 360, 8)
    foam += [(mx + 30, base - 64), (mx + 28, base - 58), (mx - 28, base - 58), (mx - 30, base - 64)]
    p.shape(foam, FOAM, INK, 1.3)
    p.shape(
        [(mx - 24, base - 10), (mx + 24, base - 10), (mx + 24, base), (mx - 24, base)],
        mix(BEER, INK, 0.2),
        INK,
        1.1,
    )


# ---------------------------------------------------------------- IX rybník


def pond(p: Pen) -> None:
    """IX: a carp leaping from a South Bohemian pond, a fishing boat, reeds and a willow."""
    sky(p, hexc("#c4e3f5"))
    cloud(p, 70, 92, 0.9)
    hill(p, [(0, 150), (60, 140), (180, 146)], HILL_FAR, INK, 1.0)
    for x in (24, 60, 150):
        fir(p, x, 156, 30)
    hill(p, [(0, 158), (180, 158)], WATER, INK, 1.2)
    for i, y in enumerate((172, 190, 212, 236)):
        x0 = 20 + (i * 37) % 60
        p.stroke([(x0, y), (x0 + 40, y)], WATER_DARK, 1.2)
        p.stroke([(x0 + 60, y + 6), (x0 + 84, y + 6)], mix(WATER, WHITE, 0.5), 1.2)
    boat = [(112, 176), (168, 176), (160, 186), (118, 186)]
    p.shape(boat, WOOD, INK, 1.2)
    p.limb([(150, 176), (160, 150)], WOOD_DARK, 1.6, 0.6)
    c = p.at(84, 150, 1, -28)
    tail = [(30, 0), (44, -10), (40, 0), (44, 10)]
    c.shape(tail, CARP, INK, 1.2)
    fish = [*bezier((-34, 0), (-24, -16), (16, -16), (32, 0), 16)]
    fish += bezier((32, 0), (16, 14), (-24, 14), (-34, 0), 16)[1:]
    c.shape(fish, CARP, INK, 1.4)
    c.shape([(-4, -11), (8, -20), (18, -10)], mix(CARP, INK, 0.25), INK, 1.0)
    for i in range(5):
        for j in range(2):
            c.stroke(arc(-14 + i * 8, -4 + j * 7, 4, 3.5, -60, 60, 6), mix(CARP, INK, 0.35), 0.8)
    c.dot(-24, -3, 2.0, INK)
    c.stroke([(-34, 2), (-38, 7)], INK, 0.9)
    for dx, h in ((-20, 14), (6, 20), (26, 10)):
        p.ellipse(84 + dx, 204 + h * 0.2, 5, 2, WHITE, None)
    for x, y in ((40, 196), (110, 190), (70, 212)):
        p.ellipse(x, y, 3, 2, mix(WATER, WHITE, 0.6), None)
    p.stroke(arc(84, 206, 30, 8, 0, 360, 30), mix(WATER, WHITE, 0.55), 1.3)
    for x in range(14, 44, 5):
        p.stroke([(x, 260), (x + (x % 3) - 1, 200 + (x * 7) % 20)], GRASS_DARK, 1.6)
    for x in (20, 34):
        p.limb([(x, 214), (x, 200)], MUSHROOM, 3.2, 0.8)


# ---------------------------------------------------------------- X houby


def mushrooms(p: Pen) -> None:
    """X: a fat boletus and a wicker basket on the forest floor among the firs."""
    sky(p, hexc("#cde6f0"), hexc("#eef6f2"))
    hill(p, [(0, 120), (50, 104), (110, 116), (180, 100)], hexc("#7fae86"), INK, 1.0)
    for x, h in ((20, 96), (52, 120), (86, 84), (130, 110), (164, 128)):
        fir(p, x, 174, h, mix(FIR_DEEP, WHITE, 0.12 if h > 100 else 0.25))
    hill(p, [(0, 170), (90, 164), (180, 172)], hexc("#8cbf6a"), INK, 1.2)
    hill(p, [(0, 200), (90, 194), (180, 204)], hexc("#6ea84e"), INK, 1.2)
    for x, y in ((40, 186), (150, 184), (110, 214), (24, 230)):
        for dx in (-3, 0, 3):
            p.stroke([(x + dx, y), (x + dx * 2, y - 6)], GRASS_DARK, 1.0)
    stem = [(70, 236), *bezier((68, 210), (62, 184), (72, 170), (86, 170), 10)]
    stem = mirror(stem, 86)
    p.shape(stem, hexc("#f3e6cc"), INK, 1.3)
    for y in (190, 204, 218):
        p.stroke(arc(86, y, 12, 3, 20, 160, 8), hexc("#d8c7a6"), 1.0)
    cap = [*bezier((48, 176), (44, 138), (128, 138), (124, 176), 18)]
    cap += bezier((124, 176), (110, 184), (62, 184), (48, 176), 12)[1:]
    p.shape(cap, MUSHROOM, INK, 1.5)
    p.stroke(
        bezier((62, 158), (68, 148), (84, 144), (96, 146), 10), mix(MUSHROOM, WHITE, 0.35), 2.4
    )
    p.ellipse(62, 220, 10, 14, hexc("#f3e6cc"), INK, 1.1)
    p.shape([*arc(62, 204, 14, 10, 180, 360, 14), (62, 204)], hexc("#c8302c"), INK, 1.2)
    for x, y in ((56, 200), (64, 197), (69, 202)):
        p.dot(x, y, 1.4, WHITE)
    bx, by = 126, 238
    p.stroke(arc(bx, by - 14, 22, 26, 180, 360, 20), WOOD_DARK, 5.0)
    p.stroke(arc(bx, by - 14, 22, 26, 180, 360, 20), WOOD, 3.0)
    basket = [*arc(bx, by - 14, 26, 6, 180, 360, 14), *arc(bx, by - 14, 22, 22, 0, 180, 16)]
    p.shape(basket, WOOD, INK, 1.3)
    for i in range(1, 4):
        p.stroke(arc(bx, by - 14, 22, 6 + i * 5, 20, 160, 12), WOOD_DARK, 1.0)
    p.ellipse(bx - 6, by - 18, 7, 4, MUSHROOM, INK, 0.9)
    p.ellipse(bx + 8, by - 18, 6, 3.5, hexc("#d89a3a"), INK, 0.9)
