"""Taroky court cards: král (K), dáma (Q), kaval (C, a rider) and kluk (J), French-suited.

Drawn in the style of the Lóra figures (figures.py: the same faces, beards and outlines) but
with their own poses: a standing king with a sword and a sceptre topped by the suit, a queen
with a rose and the suit symbol, a cavalier on horseback with the suit on the saddle cloth,
and a jack with a halberd and the suit on his shield. The cloth colours come from the suit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from .draw import INK, RGB, SS, Pen, Point, arc, bezier, hexc, mirror, mix, new_layer
from .figures import BLOND, GOLD, GREY, HAIR, SHOE, SKIN, WHITE, beard, face, moustache
from .french_suits import FrenchSuit, draw_french
from .suits import with_halo

STEEL = hexc("#cfd6de")
STEEL_DARK = hexc("#8a96a4")
HORSE = hexc("#f2ece0")
HORSE_SHADE = hexc("#cfc6b4")
MANE = hexc("#6e4a2e")
ROSE = hexc("#d8304a")
LEAF = hexc("#3f8a4a")
POLE = hexc("#8a5a2e")


def _symbol(pen: Pen, s: FrenchSuit, x: float, y: float, size: float, lw: float = 1.4) -> None:
    """The suit symbol with a cream halo, so it reads on any cloth."""
    with_halo(pen, lambda q: draw_french(q, s.key, x, y, size, lw))


def _hand(pen: Pen, x: float, y: float) -> None:
    """A round hand."""
    pen.ellipse(x, y, 5, 5.5, SKIN, INK, 1.1)


def _ermine(pen: Pen, pts: Sequence[Point]) -> None:
    """Black ermine tails."""
    for x, y in pts:
        pen.shape([(x, y - 3), (x + 1.6, y + 1.4), (x, y + 2.6), (x - 1.6, y + 1.4)], INK, None)


def _crown(pen: Pen, cx: float, base: float, w: float, jewel: RGB, tall: float = 14) -> None:
    """A gold crown with three points, pearls and jewels."""
    top = base - tall
    pts = [(cx - w, base), (cx - w - 1, top), (cx - w / 2, base - tall * 0.45), (cx, top - 3)]
    pts += [(cx + w / 2, base - tall * 0.45), (cx + w + 1, top), (cx + w, base)]
    pen.shape(pts, GOLD, INK, 1.2)
    pen.shape(
        [(cx - w - 0.5, base - 6), (cx + w + 0.5, base - 6), (cx + w, base), (cx - w, base)],
        GOLD,
        INK,
        1.0,
    )
    for x, y in ((cx - w - 1, top), (cx, top - 4), (cx + w + 1, top)):
        pen.ellipse(x, y, 2.4, 2.4, WHITE, INK, 0.8)
    for dx in (-w / 2, 0, w / 2):
        pen.ellipse(cx + dx, base - 3, 2.0, 1.8, jewel, INK, 0.7)


def _jewel(s: FrenchSuit) -> RGB:
    """Jewel colour: the suit's red, or the cloth colour for the black suits."""
    return s.main if s.key in ("h", "k") else s.cloth


# ---------------------------------------------------------------- K král


def draw_king(pen: Pen, s: FrenchSuit) -> None:
    """A standing king in a long cape, sword at his side, sceptre topped by the suit symbol."""
    cx = 90
    pen.ellipse(cx, 250, 40, 5, mix(s.tint, s.cloth_dark, 0.25), None)
    cape = [(cx - 20, 122), (cx - 46, 238), (cx + 46, 238), (cx + 20, 122)]
    pen.shape(cape, s.cloth_dark, INK, 1.4)
    for x in (cx - 14, cx + 14):
        pen.ellipse(x, 242, 9, 4.5, SHOE, INK, 1.1)
    half = [(cx, 122), *bezier((cx - 14, 122), (cx - 22, 130), (cx - 24, 160), (cx - 32, 240), 10)]
    pen.shape(mirror([*half, (cx, 240)], cx), s.cloth, INK, 1.4)
    pen.shape(
        [(cx - 8, 132), (cx + 8, 132), (cx + 12, 240), (cx - 12, 240)], s.cloth_light, INK, 1.1
    )
    for y in (150, 180, 210):
        pen.stroke([(cx - 9, y), (cx + 9, y)], s.trim, 1.6, caps=False)
    pen.shape([(cx - 22, 168), (cx + 22, 168), (cx + 22.5, 175), (cx - 22.5, 175)], SHOE, INK, 1.0)
    pen.shape([(cx - 4, 167), (cx + 4, 167), (cx + 4, 176), (cx - 4, 176)], GOLD, INK, 0.9)
    collar = [(cx, 144), *bezier((cx - 14, 144), (cx - 30, 138), (cx - 32, 126), (cx - 24, 120), 8)]
    collar += bezier((cx - 24, 120), (cx - 14, 116), (cx - 6, 116), (cx, 116), 6)[1:]
    pen.shape(mirror(collar[::-1], cx), WHITE, INK, 1.2)
    _ermine(pen, [(cx - 22, 128), (cx - 10, 136), (cx + 10, 136), (cx + 22, 128), (cx, 140)])
    pen.limb([(cx - 26, 130), (cx - 34, 156), (cx - 30, 176)], s.cloth, 11)
    pen.limb([(cx - 30, 226), (cx - 30, 184)], STEEL, 4.5, 1.1)
    pen.limb([(cx - 40, 182), (cx - 20, 182)], GOLD, 3, 1.0)
    pen.ellipse(cx - 30, 170, 3.5, 3.5, GOLD, INK, 1.0)
    _hand(pen, cx - 30, 178)
    pen.limb([(cx + 26, 130), (cx + 36, 152), (cx + 34, 164)], s.cloth, 11)
    pen.limb([(cx + 36, 214), (cx + 38, 84)], GOLD, 3.4, 1.1)
    _hand(pen, cx + 35, 164)
    _symbol(pen, s, cx + 38, 72, 24)
    hair = mirror(
        [(cx, 84), *bezier((cx - 15, 84), (cx - 18, 96), (cx - 18, 106), (cx - 14, 112), 8)], cx
    )
    pen.shape(hair, GREY, INK, 1.3)
    face(pen, cx, 98, 13.5, 15.5)
    beard(pen, cx, 98, GREY, 18, 2.2)
    pen.stroke(arc(cx, 111, 3.2, 1.6, 20, 160, 6), hexc("#b5524a"), 1.2)
    moustache(pen, cx, 107.5, GREY, 0.6)
    pen.shape(arc(cx, 84, 14, 10, 180, 360, 14), s.cloth, INK, 1.1)
    _crown(pen, cx, 86, 15, _jewel(s), 16)


# ---------------------------------------------------------------- Q dáma


def draw_queen(pen: Pen, s: FrenchSuit) -> None:
    """A crowned queen in a bell-shaped gown holding a rose and the suit symbol."""
    cx = 90
    pen.ellipse(cx, 250, 44, 5, mix(s.tint, s.cloth_dark, 0.25), None)
    hair_back = mirror(
        [(cx, 80), *bezier((cx - 18, 80), (cx - 22, 110), (cx - 22, 130), (cx - 16, 140), 10)], cx
    )
    pen.shape(hair_back, HAIR if s.key in ("k", "p") else BLOND, INK, 1.3)
    skirt = [(cx, 160), *bezier((cx - 16, 160), (cx - 30, 190), (cx - 44, 230), (cx - 46, 246), 12)]
    pen.shape(mirror([*skirt, (cx, 246)], cx), s.cloth, INK, 1.4)
    panel = [(cx - 10, 162), (cx + 10, 162), (cx + 22, 246), (cx - 22, 246)]
    pen.shape(panel, s.cloth_light, INK, 1.1)
    for y in (186, 210, 234):
        k = (y - 162) / 84
        w = 10 + 12 * k
        pen.stroke([(cx - w, y), (cx + w, y)], s.trim, 1.6, caps=False)
        pen.dot(cx, y, 2.0, s.trim)
    pen.stroke([(cx - 44, 244), (cx + 44, 244)], s.cloth_dark, 3, caps=True)
    bodice = [(cx - 15, 124), (cx + 15, 124), (cx + 12, 162), (cx - 12, 162)]
    pen.shape(bodice, s.cloth, INK, 1.3)
    pen.shape([(cx - 6, 126), (cx + 6, 126), (cx, 160)], s.cloth_light, INK, 1.0)
    pen.shape([(cx - 15, 156), (cx + 15, 156), (cx + 16, 163), (cx - 16, 163)], GOLD, INK, 1.0)
    pen.shape([(cx - 5, 106), (cx + 5, 106), (cx + 5, 124), (cx - 5, 124)], SKIN, INK, 1.0)
    neck = arc(cx, 120, 13, 7, 0, 180, 16)
    pen.shape([(cx - 15, 120), (cx + 15, 120), *neck[::-1]], SKIN, None)
    pen.stroke(arc(cx, 120, 11, 6, 20, 160, 12), GOLD, 1.6)
    pen.dot(cx, 126.5, 2.0, _jewel(s))
    for side in (-1, 1):
        pen.ellipse(cx + side * 18, 130, 8, 7.5, s.cloth_light, INK, 1.2)
    pen.limb([(cx - 20, 134), (cx - 30, 158), (cx - 20, 174)], s.cloth, 9)
    pen.limb([(cx + 20, 134), (cx + 34, 140), (cx + 40, 118)], s.cloth, 9)
    _symbol(pen, s, cx - 16, 180, 26)
    _hand(pen, cx - 20, 170)
    pen.limb([(cx + 41, 116), (cx + 44, 88)], LEAF, 1.8, 0.7)
    pen.ellipse(cx + 47, 98, 4, 2, LEAF, INK, 0.7)
    for a in range(0, 360, 72):
        sub = pen.at(cx + 44, 84, 1, a)
        sub.ellipse(0, -4, 3.6, 4.4, ROSE, INK, 0.8)
    pen.ellipse(cx + 44, 84, 3, 3, mix(ROSE, INK, 0.25), INK, 0.7)
    _hand(pen, cx + 41, 114)
    face(pen, cx, 98, 13, 15)
    pen.stroke(arc(cx, 106.5, 3.0, 1.8, 20, 160, 6), hexc("#c4424a"), 1.4)
    fringe = [*bezier((cx - 14, 96), (cx - 12, 82), (cx + 12, 80), (cx + 14, 96), 12)]
    fringe += bezier((cx + 14, 96), (cx + 6, 86), (cx - 6, 86), (cx - 14, 96), 10)[1:]
    pen.shape(fringe, HAIR if s.key in ("k", "p") else BLOND, INK, 1.2)
    _crown(pen, cx, 84, 11, _jewel(s), 12)


# ---------------------------------------------------------------- C kaval


def _horse(pen: Pen, s: FrenchSuit) -> None:
    """A white horse walking to the left, with saddle cloth and bridle."""
    for x0, x1, x2, shade in (
        (64, 58, 54, True),
        (116, 122, 126, True),
        (72, 74, 70, False),
        (108, 104, 110, False),
    ):
        col = HORSE_SHADE if shade else HORSE
        pen.limb([(x0, 196), (x1, 222), (x2, 242)], col, 8.5, 1.2)
        pen.ellipse(x2, 244, 5.5, 3.2, MANE, INK, 1.0)
    tail = [*bezier((128, 176), (146, 176), (146, 206), (138, 226), 10)]
    tail += bezier((138, 226), (136, 208), (134, 190), (126, 184), 8)[1:]
    pen.shape(tail, MANE, INK, 1.2)
    body = [*bezier((56, 186), (52, 160), (110, 156), (130, 172), 14)]
    body += bezier((130, 172), (138, 196), (118, 206), (90, 204), 12)[1:]
    body += bezier((90, 204), (66, 206), (58, 200), (56, 186), 8)[1:]
    pen.shape(body, HORSE, INK, 1.5)
    neck = [(66, 176), (50, 144), (40, 132), (54, 124), (72, 150), (84, 168)]
    pen.shape(neck, HORSE, INK, 1.4)
    head = [*bezier((40, 132), (34, 138), (24, 150), (22, 156), 8)]
    head += bezier((22, 156), (24, 164), (34, 162), (40, 154), 8)[1:]
    head += [(52, 140), (54, 124)]
    pen.shape(head, HORSE, INK, 1.4)
    pen.shape([(50, 124), (52, 112), (56, 124)], HORSE, INK, 1.0)
    mane = [(54, 124), (58, 120), (66, 134), (76, 150), (86, 166), (80, 168), (66, 150)]
    pen.shape(mane, MANE, INK, 1.0)
    pen.dot(40, 138, 1.6, INK)
    pen.dot(25, 155, 1.2, INK)
    pen.stroke([(28, 156), (46, 140), (54, 126)], s.cloth_dark, 1.6)
    pen.stroke([(46, 140), (94, 158)], s.cloth_dark, 1.2)
    cloth = [(80, 160), (124, 166), (122, 200), (82, 202)]
    pen.shape(cloth, s.cloth, INK, 1.3)
    pen.stroke([(82, 196), (122, 194)], s.trim, 1.6, caps=False)
    for x in range(86, 122, 7):
        pen.stroke([(x, 202), (x + 1, 206)], s.trim, 1.3)
    _symbol(pen, s, 110, 184, 18, 1.2)


def draw_cavalier(pen: Pen, s: FrenchSuit) -> None:
    """The kaval: a rider in a plumed hat on a white horse, a lance with a pennant."""
    cx = 98
    pen.ellipse(84, 248, 54, 5, mix(s.tint, s.cloth_dark, 0.25), None)
    pen.limb([(cx + 24, 236), (cx + 30, 22)], POLE, 3, 1.0)
    pennant = [(cx + 29, 30), (cx + 62, 38), (cx + 28, 48)]
    pen.shape(pennant, s.cloth, INK, 1.1)
    pen.shape([(cx + 30, 24), (cx + 33, 16), (cx + 27, 16)], STEEL, INK, 1.0)
    _horse(pen, s)
    torso = [(cx - 16, 164), (cx - 14, 122), (cx + 14, 122), (cx + 16, 164)]
    pen.shape(torso, s.cloth, INK, 1.4)
    pen.shape([(cx - 5, 124), (cx + 5, 124), (cx + 4, 162), (cx - 4, 162)], s.cloth_light, INK, 1.0)
    pen.limb([(cx - 6, 162), (cx - 18, 180), (cx - 14, 206)], s.cloth_dark, 10)
    boot = [(cx - 20, 198), (cx - 8, 198), (cx - 8, 214), (cx - 24, 216), (cx - 24, 210)]
    pen.shape(boot, SHOE, INK, 1.1)
    pen.stroke([(cx - 22, 218), (cx - 8, 218)], STEEL, 1.6)
    pen.limb([(cx + 14, 128), (cx + 24, 148), (cx + 25, 156)], s.cloth, 9)
    _hand(pen, cx + 25, 158)
    pen.limb([(cx - 14, 128), (cx - 24, 146), (cx - 38, 152)], s.cloth, 9)
    _hand(pen, cx - 40, 152)
    pen.shape(
        [(cx - 11, 120), (cx + 11, 120), (cx + 7, 130), (cx, 125), (cx - 7, 130)], WHITE, INK, 1.0
    )
    pen.shape([(cx - 4, 106), (cx + 4, 106), (cx + 4, 120), (cx - 4, 120)], SKIN, INK, 1.0)
    hair = mirror(
        [(cx, 84), *bezier((cx - 13, 84), (cx - 15, 94), (cx - 14, 104), (cx - 11, 110), 8)], cx
    )
    pen.shape(hair, HAIR, INK, 1.2)
    face(pen, cx, 98, 12, 14)
    moustache(pen, cx, 106, HAIR, 1.2)
    plume = [*bezier((cx - 6, 78), (cx - 20, 62), (cx - 36, 60), (cx - 40, 70), 10)]
    plume += bezier((cx - 40, 70), (cx - 30, 68), (cx - 18, 72), (cx - 4, 84), 10)[1:]
    pen.shape(plume, WHITE, INK, 1.0)
    pen.stroke(
        bezier((cx - 6, 80), (cx - 18, 68), (cx - 30, 66), (cx - 38, 69), 8), s.cloth_light, 1.0
    )
    pen.shape(
        bezier((cx - 13, 86), (cx - 14, 68), (cx + 12, 66), (cx + 13, 86), 12),
        s.cloth_dark,
        INK,
        1.2,
    )
    pen.shape(arc(cx, 86, 22, 5, 0, 360, 36), s.cloth, INK, 1.2)
    pen.shape(
        [*arc(cx, 86, 13.5, 2.6, 180, 360, 10), *arc(cx, 81, 13, 2.6, 0, -180, 10)],
        s.trim,
        INK,
        0.9,
    )


# ---------------------------------------------------------------- J kluk


def draw_jack(pen: Pen, s: FrenchSuit) -> None:
    """A young squire in a feathered cap with a halberd, the suit symbol on his shield."""
    cx = 88
    pen.ellipse(cx, 250, 36, 5, mix(s.tint, s.cloth_dark, 0.25), None)
    hx = cx + 36
    pen.limb([(hx, 246), (hx, 36)], POLE, 3.2, 1.0)
    blade = [(hx, 60), (hx + 16, 52), (hx + 20, 64), (hx + 16, 76), (hx, 70)]
    pen.shape(blade, STEEL, INK, 1.2)
    pen.shape([(hx, 62), (hx - 10, 58), (hx, 68)], STEEL, INK, 1.0)
    pen.shape([(hx - 3, 38), (hx, 20), (hx + 3, 38)], STEEL, INK, 1.1)
    for x0, x1, col in ((cx - 8, cx - 10, s.cloth_dark), (cx + 8, cx + 10, s.cloth_light)):
        pen.limb([(x0, 186), (x1, 238)], col, 10)
    for x in (cx - 15, cx + 15):
        pen.ellipse(x, 243, 10, 5, SHOE, INK, 1.1)
    half = [(cx, 122), *bezier((cx - 12, 122), (cx - 20, 126), (cx - 22, 136), (cx - 21, 150), 6)]
    half += [(cx - 18, 170), (cx - 24, 194)]
    pen.shape(mirror(half, cx), s.cloth, INK, 1.4)
    for dx in (-12, 0, 12):
        pen.stroke([(cx + dx * 0.9, 180), (cx + dx * 1.15, 192)], s.cloth_dark, 1.3)
    pen.shape([(cx - 18, 168), (cx + 18, 168), (cx + 18.5, 176), (cx - 18.5, 176)], SHOE, INK, 1.0)
    pen.shape([(cx - 4, 167), (cx + 4, 167), (cx + 4, 177), (cx - 4, 177)], GOLD, INK, 0.9)
    pen.stroke([(cx, 128), (cx, 166)], s.cloth_dark, 1.4, caps=False)
    pen.shape(
        [(cx - 11, 122), (cx + 11, 122), (cx + 7, 132), (cx, 127), (cx - 7, 132)], WHITE, INK, 1.0
    )
    pen.limb([(cx + 20, 128), (cx + 32, 146), (cx + 36, 130)], s.cloth, 10)
    _hand(pen, hx, 128)
    pen.limb([(cx - 20, 128), (cx - 30, 148), (cx - 24, 160)], s.cloth, 10)
    shield = [(cx - 50, 140), (cx - 10, 140), (cx - 10, 170)]
    shield += bezier((cx - 10, 170), (cx - 12, 188), (cx - 24, 196), (cx - 30, 200), 8)
    shield += bezier((cx - 30, 200), (cx - 36, 196), (cx - 48, 188), (cx - 50, 170), 8)[1:]
    pen.shape(shield, s.tint, INK, 1.5)
    pen.shape(shield, None, s.trim, 1.0)
    draw_french(pen, s.key, cx - 30, 166, 30, 1.5)
    pen.shape([(cx - 4, 106), (cx + 4, 106), (cx + 4, 122), (cx - 4, 122)], SKIN, INK, 1.0)
    hair = mirror(
        [(cx, 82), *bezier((cx - 13, 82), (cx - 16, 92), (cx - 15, 102), (cx - 12, 108), 8)], cx
    )
    pen.shape(hair, BLOND if s.key in ("h", "x") else HAIR, INK, 1.2)
    face(pen, cx, 98, 12.5, 14.5)
    feather = [*bezier((cx + 8, 78), (cx + 20, 66), (cx + 28, 52), (cx + 32, 44), 10)]
    feather += bezier((cx + 32, 44), (cx + 28, 58), (cx + 20, 70), (cx + 10, 82), 10)[1:]
    pen.shape(feather, WHITE, INK, 1.0)
    cap = [*bezier((cx - 18, 88), (cx - 22, 70), (cx + 6, 64), (cx + 20, 76), 12)]
    cap += bezier((cx + 20, 76), (cx + 18, 84), (cx + 12, 88), (cx + 6, 88), 6)[1:]
    pen.shape(cap, s.cloth_dark, INK, 1.2)
    pen.shape([(cx - 17, 84), (cx + 16, 84), (cx + 17, 89), (cx - 17, 90)], s.trim, INK, 1.0)


_COURTS: dict[str, Callable[[Pen, FrenchSuit], None]] = {
    "K": draw_king,
    "Q": draw_queen,
    "C": draw_cavalier,
    "J": draw_jack,
}


def draw_court(rank: str, suit: FrenchSuit, frame: Sequence[Point]) -> Image.Image:
    """The tinted picture panel with the court figure for `rank`, clipped to `frame`."""
    art = new_layer()
    pen = Pen.on(art)
    pen.shape(frame, suit.tint, None)
    _COURTS[rank](pen, suit)
    mask = Image.new("L", art.size, 0)
    ImageDraw.Draw(mask).polygon([(x * SS, y * SS) for x, y in frame], fill=255)
    out = new_layer()
    out.paste(art, (0, 0), mask)
    Pen.on(out).shape(frame, None, INK, 1.4)
    return out
