"""Picture cards: spodek (S, Unter), svršek (F, Ober), král (K, King) and eso (E, Ace).

Each picture is drawn inside the notched frame on its own layer and clipped to it. Clothing
uses the suit colours, and every figure also shows the suit symbol, so the suit reads at a
glance; the poses differ (symbol low at the waist / raised above the head / crowned king on a
throne with a sceptre / big symbol with a banner) so the rank reads by shape as well.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from .draw import INK, RGB, SS, Pen, Point, arc, bezier, hexc, mirror, mix, new_layer
from .glyphs import draw_text
from .suits import Suit, draw_suit, draw_suit_halo

SKIN = hexc("#f7d4b4")
SKIN_SHADE = hexc("#e2a985")
CHEEK = (232, 120, 110, 90)
HAIR = hexc("#7a4a26")
BLOND = hexc("#d8a33f")
GREY = hexc("#ece8df")
GOLD = hexc("#f0c24a")
GOLD_DARK = hexc("#b07d18")
WHITE = hexc("#ffffff")
SHOE = hexc("#3a2a20")
LIPS = hexc("#b5524a")
LAUREL = hexc("#6f9a3a")


def _accent(suit: Suit) -> RGB:
    """Trim colour that contrasts with the suit clothing (gold, or red on yellow bells)."""
    return hexc("#d0402c") if suit.key == "b" else GOLD


# ---------------------------------------------------------------- heads


def face(pen: Pen, cx: float, cy: float, rx: float = 14.0, ry: float = 16.0) -> None:
    """Face oval with eyes, brows, nose, mouth and cheeks (looking at the viewer)."""
    pen.ellipse(cx, cy, rx, ry, SKIN, INK, 1.3)
    for side in (-1, 1):
        ex = cx + side * rx * 0.38
        pen.dot(ex, cy + 1, 1.7, INK)
        pen.stroke([(ex - 3.2, cy - 4.2), (ex + 3.2, cy - 4.6 + side * 0.4)], HAIR, 1.1)
        pen.dot(cx + side * rx * 0.55, cy + 7, 3.0, CHEEK)
    pen.stroke([(cx + 0.5, cy + 1.5), (cx - 1.5, cy + 7), (cx + 1.5, cy + 7.5)], SKIN_SHADE, 1.1)
    pen.stroke(arc(cx, cy + 8.5, 3.6, 2.4, 30, 150, 8), LIPS, 1.2)


def moustache(pen: Pen, cx: float, cy: float, color: RGB, curl: float = 1.0) -> None:
    """A two-lobed moustache centred under the nose."""
    half = [(0.0, 0.0), *bezier((0.0, 0.0), (4, -2.5), (9, -1), (11 + curl * 2, -3 * curl), 8)]
    low = bezier((11 + curl * 2, -3 * curl), (9, 2.5), (4, 3), (0.0, 1.8), 8)
    right = [*half, *low]
    pen.shape([(cx + x, cy + y) for x, y in right], color, INK, 0.9)
    pen.shape([(cx - x, cy + y) for x, y in right], color, INK, 0.9)


def beard(pen: Pen, cx: float, cy: float, color: RGB, length: float, point: float = 3.0) -> None:
    """Beard hanging from the jaw of a face at (cx, cy); leaves the mouth free."""
    rx, ry = 14.2, 16.2
    outer = []
    for x, y in arc(cx, cy, rx, ry, 8, 172, 24):
        t = max(0.0, (y - cy) / ry)
        outer.append((x, y + length * t**point))
    inner = bezier((cx - rx + 0.8, cy + 1), (cx - 9, cy + 6), (cx - 8, cy + 15), (cx, cy + 15), 8)
    inner += [(2 * cx - x, y) for x, y in reversed(inner)][1:]
    pen.shape([*outer, *inner], color, INK, 1.2)
    for dx in (-5, 0, 5):
        pen.stroke(
            [(cx + dx, cy + 19), (cx + dx * 0.7, cy + 14 + length * 0.7)],
            mix(color, INK, 0.28),
            0.8,
        )


def scaled(pen: Pen, k: float, fx: float = 90.0, fy: float = 250.0) -> Pen:
    """A pen that scales the picture by k around the fixed point (fx, fy)."""
    return pen.at(fx - fx * k, fy - fy * k, k)


# ---------------------------------------------------------------- spodek (Unter)


def draw_unter(pen: Pen, s: Suit) -> None:
    """Young page standing, low beret with a feather, the suit symbol held low at the waist."""
    pen.ellipse(90, 249, 36, 5, mix(s.tint, s.dark, 0.22), None)
    _unter_legs(pen, s)
    _unter_tunic(pen, s)
    _unter_head(pen, s)
    _unter_arms(pen, s)


def _unter_legs(pen: Pen, s: Suit) -> None:
    """Hose with garters and shoes."""
    for x0, x1 in ((81, 79), (99, 101)):
        pen.limb([(x0, 184), (x1, 238)], s.dark, 10.5)
        pen.stroke([(x0 - 5.5, 212), (x0 + 4.5, 212)], _accent(s), 2.6, caps=False)
    for x in (75, 105):
        pen.ellipse(x, 243, 10, 5, SHOE, INK, 1.2)


def _unter_tunic(pen: Pen, s: Suit) -> None:
    """Belted tunic in the suit colour with a white collar and buttons."""
    acc = _accent(s)
    half = [
        (90, 110),
        *bezier((78, 111), (70, 113), (66, 118), (65, 128), 6),
        *bezier((65, 128), (66, 142), (71, 148), (71, 158), 6),
        (63, 190),
    ]
    pen.shape(mirror(half, 90), s.main, INK, 1.4)
    pen.stroke([(64, 188), (90, 191), (116, 188)], acc, 3.0)
    pen.stroke([(90, 164), (90, 188)], s.dark, 1.4, caps=False)
    pen.shape([(70, 153), (110, 153), (110.5, 161), (69.5, 161)], SHOE, INK, 1.0)
    pen.stroke([(90, 120), (90, 150)], s.dark, 1.6, caps=False)
    for y in (126, 138):
        pen.ellipse(90, y, 2.2, 2.2, acc, INK, 0.8)
    pen.shape([(76, 110), (104, 110), (99, 121), (90, 116), (81, 121)], WHITE, INK, 1.1)


def _unter_arms(pen: Pen, s: Suit) -> None:
    """Both arms bent to the waist, hands holding the suit symbol."""
    for side in (-1, 1):
        pts = [(90 + side * 23, 122), (90 + side * 28, 146), (90 + side * 15, 164)]
        pen.limb(pts, s.dark, 11)
        pen.limb([(90 + side * 17.5, 162.5), (90 + side * 15, 165)], WHITE, 11, 1.0)
    draw_suit_halo(pen, s.key, 90, 166, 40, 1.8)
    for side in (-1, 1):
        pen.ellipse(90 + side * 14, 170, 5, 5.5, SKIN, INK, 1.1)


def _unter_head(pen: Pen, s: Suit) -> None:
    """Head with short blond hair and a tilted beret with a feather."""
    pen.shape([(85, 96), (95, 96), (95, 112), (85, 112)], SKIN, INK, 1.1)
    hair = mirror([(90, 72), *bezier((77, 72), (72, 80), (73, 92), (76, 98), 8), (79, 96)], 90)
    pen.shape(hair, BLOND, INK, 1.3)
    face(pen, 90, 90, 13.5, 15.5)
    pen.shape(
        [
            *bezier((75, 84), (82, 76), (98, 76), (105, 84), 8),
            *bezier((105, 84), (100, 79), (80, 79), (75, 84), 8),
        ],
        BLOND,
        None,
    )
    feather = [
        *bezier((102, 74), (114, 66), (124, 52), (130, 44), 10),
        *bezier((130, 44), (126, 58), (116, 70), (104, 78), 10),
    ]
    pen.shape(feather, WHITE, INK, 1.1)
    pen.stroke(bezier((104, 76), (114, 68), (122, 57), (128, 47), 8), s.light, 0.9)
    beret = [
        *bezier((70, 80), (64, 64), (92, 56), (112, 66), 12),
        *bezier((112, 66), (112, 74), (106, 79), (98, 80), 6),
    ]
    pen.shape(beret, s.dark, INK, 1.3)
    pen.shape([(71, 78), (108, 78), (109, 83), (71, 84)], _accent(s), INK, 1.1)
    pen.ellipse(101, 70, 3.5, 3.5, s.main, INK, 1.0)


# ---------------------------------------------------------------- svršek (Ober)


def draw_ober(pen: Pen, s: Suit) -> None:
    """Bearded man in a plumed hat raising the suit symbol high above his head."""
    cx = 84
    pen.ellipse(cx, 250, 36, 5, mix(s.tint, s.dark, 0.22), None)
    _ober_legs(pen, s, cx)
    _ober_doublet(pen, s, cx)
    pen.limb([(cx - 19, 130), (cx - 30, 152), (cx - 18, 170)], s.main, 11)
    pen.ellipse(cx - 16, 170, 5, 5.5, SKIN, INK, 1.1)
    pen.ellipse(cx - 21, 133, 7.5, 7, s.dark, INK, 1.2)
    _ober_head(pen, s, cx)
    pen.limb([(cx + 19, 130), (cx + 34, 112), (cx + 40, 86)], s.main, 11)
    pen.limb([(cx + 39.5, 90), (cx + 40, 86)], WHITE, 11, 1.0)
    pen.ellipse(cx + 21, 131, 7.5, 7, s.dark, INK, 1.2)
    draw_suit_halo(pen, s.key, cx + 40, 50, 40, 1.8)
    pen.ellipse(cx + 40, 78, 5.5, 6, SKIN, INK, 1.1)


def _ober_legs(pen: Pen, s: Suit, cx: float) -> None:
    """Cape hanging behind, stockings, shoes and puffed breeches."""
    cape = [
        (cx - 18, 126),
        *bezier((cx - 30, 140), (cx - 40, 180), (cx - 38, 214), (cx - 36, 222), 8),
        (cx - 14, 206),
    ]
    pen.shape(cape, s.dark, INK, 1.4)
    for x0, x1 in ((cx - 9, cx - 11), (cx + 9, cx + 11)):
        pen.limb([(x0, 200), (x1, 240)], GREY, 9)
    for x in (cx - 15, cx + 15):
        pen.ellipse(x, 244, 10, 5, SHOE, INK, 1.2)
    breeches = [(cx - 20, 184), (cx + 20, 184), (cx + 22, 204), (cx + 1, 207), (cx, 198)]
    breeches += [(cx - 1, 207), (cx - 22, 204)]
    pen.shape(breeches, s.dark, INK, 1.3)


def _ober_doublet(pen: Pen, s: Suit, cx: float) -> None:
    """Doublet with a peplum, a diagonal sash, belt and collar."""
    acc = _accent(s)
    half = [
        (cx, 122),
        *bezier((cx - 12, 122), (cx - 21, 124), (cx - 23, 132), (cx - 22, 146), 6),
        (cx - 17, 170),
        (cx - 23, 190),
    ]
    pen.shape(mirror(half, cx), s.main, INK, 1.4)
    for dx in (-11, 0, 11):
        pen.stroke([(cx + dx * 0.9, 178), (cx + dx * 1.15, 190)], s.dark, 1.3)
    pen.shape([(cx - 21, 131), (cx - 14, 124), (cx + 19, 166), (cx + 13, 173)], acc, INK, 1.0)
    pen.shape([(cx - 18, 168), (cx + 18, 168), (cx + 18.5, 176), (cx - 18.5, 176)], SHOE, INK, 1.0)
    pen.shape([(cx - 4, 167), (cx + 4, 167), (cx + 4, 177), (cx - 4, 177)], GOLD, INK, 1.0)
    collar = [(cx - 11, 122), (cx + 11, 122), (cx + 7, 132), (cx, 127), (cx - 7, 132)]
    pen.shape(collar, WHITE, INK, 1.1)


def _ober_head(pen: Pen, s: Suit, cx: float) -> None:
    """Head with a brown beard and a wide plumed hat."""
    cy = 106
    pen.shape(
        [(cx - 5, cy + 6), (cx + 5, cy + 6), (cx + 5, cy + 20), (cx - 5, cy + 20)], SKIN, INK, 1.1
    )
    hair = mirror(
        [
            (cx, cy - 14),
            *bezier(
                (cx - 14, cy - 14), (cx - 17, cy - 4), (cx - 16, cy + 6), (cx - 13, cy + 10), 8
            ),
        ],
        cx,
    )
    pen.shape(hair, HAIR, INK, 1.3)
    face(pen, cx, cy, 13.5, 15.5)
    beard(pen, cx, cy, HAIR, 12, 4.0)
    pen.stroke(arc(cx, cy + 13, 3.2, 1.6, 20, 160, 6), LIPS, 1.2)
    moustache(pen, cx, cy + 9.5, HAIR)
    _ober_hat(pen, s, cx, cy)


def _ober_hat(pen: Pen, s: Suit, cx: float, cy: float) -> None:
    """Wide-brimmed hat with a band and a white plume."""
    plume = [
        *bezier((cx - 8, cy - 22), (cx - 24, cy - 32), (cx - 36, cy - 26), (cx - 40, cy - 12), 10),
        *bezier((cx - 40, cy - 12), (cx - 32, cy - 20), (cx - 20, cy - 22), (cx - 6, cy - 14), 10),
    ]
    pen.shape(plume, WHITE, INK, 1.1)
    rib = bezier((cx - 8, cy - 19), (cx - 20, cy - 25), (cx - 32, cy - 24), (cx - 38, cy - 15), 8)
    pen.stroke(rib, s.light, 1.0)
    dome = bezier(
        (cx - 13, cy - 12), (cx - 14, cy - 30), (cx + 12, cy - 34), (cx + 14, cy - 12), 12
    )
    pen.shape(dome, s.dark, INK, 1.3)
    pen.shape(arc(cx, cy - 12, 24, 5.5, 0, 360, 40), s.main, INK, 1.3)
    band = [*arc(cx, cy - 12, 15, 3, 180, 360, 12), *arc(cx, cy - 17, 14, 3, 0, -180, 12)]
    pen.shape(band, _accent(s), INK, 1.0)


# ---------------------------------------------------------------- král (King)


def draw_king(pen: Pen, s: Suit) -> None:
    """Crowned, bearded king on a throne, ermine collar, orb and a sceptre topped by the suit;
    the suit's emblem big on his robe, so the suit reads by shape at a phone's size."""
    _throne(pen, s)
    _king_robe(pen, s)
    draw_suit_halo(pen, s.key, 90, 200, 38, 1.8)
    _king_head(pen, s)
    _king_hands(pen, s)


def _throne(pen: Pen, s: Suit) -> None:
    """Arched throne back with gold finials, a gold dais and the king's shoes."""
    throne = [(44, 240), (44, 74), *arc(90, 74, 46, 30, 180, 360, 24), (136, 240)]
    pen.shape(throne, mix(s.dark, INK, 0.25), INK, 1.5)
    inner = [(50, 240), (50, 78), *arc(90, 78, 40, 25, 180, 360, 20), (130, 240)]
    pen.shape(inner, None, GOLD, 1.4)
    for x in (44, 136):
        pen.ellipse(x, 74, 6, 6, GOLD, INK, 1.1)
    pen.shape([(38, 238), (142, 238), (142, 262), (38, 262)], GOLD, INK, 1.3)
    pen.stroke([(38, 246), (142, 246)], GOLD_DARK, 1.0, caps=False)
    for x in (78, 102):
        pen.ellipse(x, 235, 9, 4.5, SHOE, INK, 1.2)


def _king_robe(pen: Pen, s: Suit) -> None:
    """Long robe in the suit colour with ermine front and collar."""
    half = [
        (90, 122),
        *bezier((72, 122), (58, 128), (52, 150), (50, 190), 10),
        (47, 228),
        *bezier((47, 228), (60, 233), (75, 233), (90, 231), 8),
    ]
    pen.shape(mirror(half, 90), s.main, INK, 1.5)
    for side in (-1, 1):
        pen.stroke(arc(90 + side * 20, 214, 16, 8, 200, 340, 10), s.dark, 1.4)
    pen.shape([(83, 140), (97, 140), (98.5, 231.5), (81.5, 231.5)], WHITE, INK, 1.1)
    _ermine_dots(pen, [(90, 160), (90, 184), (90, 208)])
    collar = [
        (90, 150),
        *bezier((76, 150), (62, 144), (56, 136), (58, 128), 8),
        *bezier((58, 128), (68, 120), (80, 118), (90, 118), 6),
    ]
    pen.shape(mirror(collar[::-1], 90), WHITE, INK, 1.2)
    _ermine_dots(pen, [(64, 134), (74, 142), (106, 142), (116, 134), (90, 145)])


def _king_hands(pen: Pen, s: Suit) -> None:
    """Wide sleeves; sceptre topped by the suit symbol in one hand, orb in the other."""
    for side in (-1, 1):
        pen.limb([(90 + side * 30, 138), (90 + side * 34, 166), (90 + side * 26, 184)], s.main, 14)
        pen.limb([(90 + side * 27.5, 181), (90 + side * 26, 184)], WHITE, 14, 1.0)
    pen.limb([(118, 226), (118, 92)], GOLD, 3.4)
    draw_suit_halo(pen, s.key, 118, 78, 26, 1.3)
    pen.ellipse(118, 186, 6, 6.5, SKIN, INK, 1.1)
    pen.ellipse(62, 180, 11, 11, GOLD, INK, 1.3)
    pen.stroke([(51.5, 180), (72.5, 180)], GOLD_DARK, 1.4, caps=False)
    pen.stroke([(62, 169), (62, 164)], GOLD_DARK, 3.0)
    pen.stroke([(59, 165.5), (65, 165.5)], GOLD_DARK, 2.4)
    pen.ellipse(63, 190, 6, 6.5, SKIN, INK, 1.1)


def _ermine_dots(pen: Pen, pts: Sequence[Point]) -> None:
    """Black ermine tails at the given points."""
    for x, y in pts:
        pen.shape([(x, y - 3.5), (x + 1.8, y + 1.5), (x, y + 3), (x - 1.8, y + 1.5)], INK, None)


def _king_head(pen: Pen, s: Suit) -> None:
    """Grey-bearded head under a gold crown with jewels in the suit colour."""
    cx, cy = 90, 98
    hair = mirror(
        [
            (cx, cy - 12),
            *bezier((cx - 15, cy - 12), (cx - 18, cy), (cx - 18, cy + 10), (cx - 14, cy + 16), 8),
        ],
        cx,
    )
    pen.shape(hair, GREY, INK, 1.3)
    face(pen, cx, cy, 13.5, 15.5)
    beard(pen, cx, cy, GREY, 20, 2.0)
    pen.stroke(arc(cx, cy + 13, 3.2, 1.6, 20, 160, 6), LIPS, 1.2)
    moustache(pen, cx, cy + 9.5, GREY, 0.6)
    _crown(pen, s, cx, cy)


def _crown(pen: Pen, s: Suit, cx: float, cy: float) -> None:
    """Gold crown with pearls and suit-coloured jewels over a velvet cap."""
    pen.shape(arc(cx, cy - 14, 14, 12, 180, 360, 16), s.main, INK, 1.2)
    top = cy - 30
    crown = [(cx - 16, cy - 10), (cx - 17, top + 2), (cx - 9, cy - 20), (cx, top - 2)]
    crown += [(cx + 9, cy - 20), (cx + 17, top + 2), (cx + 16, cy - 10)]
    pen.shape(crown, GOLD, INK, 1.3)
    band = [(cx - 16.5, cy - 16), (cx + 16.5, cy - 16), (cx + 16, cy - 9), (cx - 16, cy - 9)]
    pen.shape(band, GOLD, INK, 1.2)
    for x, y in ((cx - 17, top), (cx, top - 4), (cx + 17, top)):
        pen.ellipse(x, y, 2.6, 2.6, WHITE, INK, 0.9)
    for dx in (-9, 0, 9):
        pen.ellipse(cx + dx, cy - 12.5, 2.4 if dx else 2.8, 2.2, s.main, INK, 0.8)


# ---------------------------------------------------------------- eso (Ace)


# the Ace's medallion: its centre, and its symbol's centre and height (the pictures cut the
# medallion out as the suit's mark: bot/render/suits.py)
ACE_CENTRE = (90, 112)
ACE_SYMBOL = (90, 110, 86)


def draw_ace(pen: Pen, s: Suit) -> None:
    """Large suit symbol over a sunburst, framed by laurels, with an 'ESO' banner."""
    cx, cy = ACE_CENTRE
    _sunburst(pen, s, cx, cy)
    _laurel(pen, cx, cy, 1)
    _laurel(pen, cx, cy, -1)
    x, y, size = ACE_SYMBOL
    draw_suit(pen, s.key, x, y, size, 2.4)
    _banner(pen, s)
    _flourish(pen, s, 90, 230)


def _flourish(pen: Pen, s: Suit, cx: float, cy: float) -> None:
    """Small suit symbol between two curled scrolls, under the banner."""
    for side in (-1, 1):
        curl = bezier(
            (cx + side * 9, cy),
            (cx + side * 20, cy - 9),
            (cx + side * 30, cy + 9),
            (cx + side * 38, cy - 1),
            16,
        )
        pen.stroke(curl, s.dark, 1.8)
        pen.stroke(
            arc(cx + side * 38, cy + 3, 4, 4, -90 - side * 90, 180 - side * 90, 10), s.dark, 1.8
        )
        pen.dot(cx + side * 20, cy + 4, 1.8, s.dark)
    draw_suit(pen, s.key, cx, cy, 16, 1.1)


def _sunburst(pen: Pen, s: Suit, cx: float, cy: float) -> None:
    """Alternating rays behind a double-ringed medallion."""
    ray = mix(s.tint, s.light, 0.32)
    for i in range(0, 32, 2):
        a0, a1 = i * 360 / 32, (i + 1) * 360 / 32
        pen.shape([(cx, cy), *arc(cx, cy, 200, 200, a0, a1, 2)], ray, None)
    pen.ellipse(cx, cy, 60, 60, s.tint, None)
    pen.ellipse(cx, cy, 60, 60, None, s.dark, 1.2)
    pen.ellipse(cx, cy, 56, 56, None, _accent(s), 1.6)


def _laurel(pen: Pen, cx: float, cy: float, side: int) -> None:
    """A laurel branch curving up one side of the central medallion."""
    pts = arc(cx, cy, 64, 64, 90 + side * 22, 90 + side * 120, 30)
    pen.stroke(pts, GOLD_DARK, 1.4)
    for i in range(3, len(pts) - 1, 4):
        x, y = pts[i]
        ang = math.degrees(math.atan2(y - cy, x - cx))
        for off in (-28, 28):
            a = math.radians(ang + off)
            lx, ly = x + 6 * math.cos(a), y + 6 * math.sin(a)
            sub = pen.at(lx, ly, 1, math.degrees(a))
            sub.shape(arc(0, 0, 5.5, 2.4, 0, 360, 16), LAUREL, INK, 0.9)


def _banner(pen: Pen, s: Suit) -> None:
    """Ribbon with folded, forked tails and the word ESO."""
    y0, h, sag = 180, 22, 6
    for side in (-1, 1):
        tail = [
            (90 + side * 42, y0 + 4),
            (90 + side * 62, y0 + 1),
            (90 + side * 55, y0 + 12),
            (90 + side * 62, y0 + 23),
            (90 + side * 42, y0 + 26),
        ]
        pen.shape(tail, s.dark, INK, 1.2)
        pen.shape(
            [
                (90 + side * 42, y0 + 26),
                (90 + side * 48, y0 + h + sag * 0.4),
                (90 + side * 48, y0 + 4),
            ],
            mix(s.dark, INK, 0.4),
            INK,
            1.0,
        )
    top = arc(90, y0 - 40, 200, 40 + sag, 90 + 14, 90 - 14, 20)
    bottom = [(x, y + h) for x, y in reversed(top)]
    pen.shape([*top, *bottom], s.main, INK, 1.4)
    pen.stroke([(x, y + 2.5) for x, y in top], _accent(s), 1.0)
    pen.stroke([(x, y + h - 2.5) for x, y in top], _accent(s), 1.0)
    lum = 0.299 * s.main[0] + 0.587 * s.main[1] + 0.114 * s.main[2]
    text = WHITE if lum < 150 else mix(s.dark, INK, 0.5)
    draw_text(pen, "ESO", 90, y0 + 4.5 + sag * 0.5, 13, text, stroke=0.26, spacing=0.2)


# ---------------------------------------------------------------- frame + dispatch

_SCALE = {"S": 1.13, "F": 1.06}
_FIGURES: dict[str, Callable[[Pen, Suit], None]] = {
    "S": draw_unter,
    "F": draw_ober,
    "K": draw_king,
    "E": draw_ace,
}


def figure_layer(rank: str, suit: Suit, frame: Sequence[Point]) -> Image.Image:
    """The tinted picture panel with the figure for `rank`, clipped to `frame`."""
    art = new_layer()
    pen = Pen.on(art)
    pen.shape(frame, suit.tint, None)
    _FIGURES[rank](scaled(pen, _SCALE.get(rank, 1.0)), suit)
    mask = Image.new("L", art.size, 0)
    ImageDraw.Draw(mask).polygon([(x * SS, y * SS) for x, y in frame], fill=255)
    out = new_layer()
    out.paste(art, (0, 0), mask)
    Pen.on(out).shape(frame, None, INK, 1.4)
    return out
