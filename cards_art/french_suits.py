"""The four French suits of the Taroky deck: palettes, cloth colours and vector symbols.

Symbols are drawn in a unit box (about -0.5..0.5, centred on 0, 0) like the German ones in
suits.py. Red hearts and diamonds, black clubs and spades; within a colour the silhouettes
differ (round heart / pointed lozenge, three-lobed club / pointed spade), so the suits read
without colour. Parts of a club or spade are merged under one outline: every part is first
drawn as a wide ink shape, then all fills on top, so no inner outlines show.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .draw import INK, RGB, Pen, Point, arc, bezier, hexc, mirror
from .suits import Suit, heart_outline

GLOSS = (255, 255, 255, 150)
BLACK_PIP = hexc("#25252b")


@dataclass(frozen=True)
class FrenchSuit(Suit):
    """A Taroky suit: the Suit colours plus the cloth colours of its court figures."""

    cloth: RGB
    cloth_dark: RGB
    cloth_light: RGB
    trim: RGB


_RED = (hexc("#d62b2b"), hexc("#931a1e"), hexc("#f27d70"))
_BLACK = (BLACK_PIP, hexc("#000000"), hexc("#8d8d96"))

FRENCH: dict[str, FrenchSuit] = {
    "h": FrenchSuit(
        "h",
        "srdce",
        *_RED,
        hexc("#fbe6e0"),
        hexc("#c11a20"),
        hexc("#d63a32"),
        hexc("#95201f"),
        hexc("#f4a08e"),
        hexc("#f0c24a"),
    ),
    "k": FrenchSuit(
        "k",
        "káry",
        *_RED,
        hexc("#fdecd2"),
        hexc("#c11a20"),
        hexc("#e8862a"),
        hexc("#a4501a"),
        hexc("#f8c98a"),
        hexc("#c8302c"),
    ),
    "x": FrenchSuit(
        "x",
        "kříže",
        *_BLACK,
        hexc("#e2eedd"),
        hexc("#1f1a17"),
        hexc("#3f8a4a"),
        hexc("#235a2e"),
        hexc("#9ccb8c"),
        hexc("#f0c24a"),
    ),
    "p": FrenchSuit(
        "p",
        "piky",
        *_BLACK,
        hexc("#e9e4f3"),
        hexc("#1f1a17"),
        hexc("#6b4f9e"),
        hexc("#3f2c66"),
        hexc("#b9a6dc"),
        hexc("#f0c24a"),
    ),
}
RED_SUITS = ("h", "k")


def diamond_outline() -> list[Point]:
    """A lozenge with gently inward-curved sides."""
    right = [
        *bezier((0.0, -0.5), (0.12, -0.3), (0.26, -0.12), (0.37, 0.0), 12),
        *bezier((0.37, 0.0), (0.26, 0.12), (0.12, 0.3), (0.0, 0.5), 12)[1:],
    ]
    return mirror(right[::-1])[:-1]


def spade_outline() -> list[Point]:
    """An upside-down heart, a little narrower, lifted to leave room for the stem."""
    return [(0.92 * x, -0.92 * y - 0.1) for x, y in heart_outline()]


def _stem() -> list[Point]:
    """Flared stem of a club or spade."""
    half = [(0.0, 0.05), *bezier((0.05, 0.05), (0.06, 0.3), (0.12, 0.44), (0.2, 0.49), 8)]
    return mirror([*half, (0.0, 0.49)][::-1])


def _merged(p: Pen, parts: Sequence[Sequence[Point]], fill: RGB, w: float) -> None:
    """Fill several overlapping parts under one common outline."""
    for part in parts:
        p.shape(part, INK, INK, 2 * w)
    for part in parts:
        p.shape(part, fill, None)


def _heart(p: Pen, s: Suit, w: float) -> None:
    """Red heart with a gloss highlight."""
    p.shape(heart_outline(), s.main, INK, w)
    p.stroke(arc(-0.2, -0.16, 0.13, 0.12, 200, 265, 10), GLOSS, 0.055)


def _diamond(p: Pen, s: Suit, w: float) -> None:
    """Red lozenge with a gloss highlight along its upper left side."""
    p.shape(diamond_outline(), s.main, INK, w)
    p.stroke([(-0.08, -0.27), (-0.2, -0.1)], GLOSS, 0.05)


def _club(p: Pen, s: Suit, w: float) -> None:
    """Black trefoil: three round leaves on a flared stem."""
    r = 0.2
    leaves = [arc(0.0, -0.24, r, r, 0, 360, 36), arc(-0.23, 0.06, r, r, 0, 360, 36)]
    leaves.append(arc(0.23, 0.06, r, r, 0, 360, 36))
    _merged(
        p, [_stem(), *leaves, [(-0.1, -0.1), (0.1, -0.1), (0.12, 0.12), (-0.12, 0.12)]], s.main, w
    )
    for cx, cy in ((0.0, -0.24), (-0.23, 0.06), (0.23, 0.06)):
        p.stroke(arc(cx - 0.04, cy - 0.02, 0.11, 0.11, 200, 260, 8), GLOSS, 0.045)


def _spade(p: Pen, s: Suit, w: float) -> None:
    """Black spade: a pointed leaf on a flared stem."""
    _merged(p, [_stem(), spade_outline()], s.main, w)
    p.stroke(arc(-0.16, 0.0, 0.12, 0.14, 120, 190, 10), GLOSS, 0.05)


_DRAWERS: dict[str, Callable[[Pen, Suit, float], None]] = {
    "h": _heart,
    "k": _diamond,
    "x": _club,
    "p": _spade,
}


def draw_french(
    pen: Pen, key: str, x: float, y: float, size: float, lw: float = 1.5, angle: float = 0.0
) -> None:
    """Draw French suit `key` centred at (x, y) with height ~size; lw is the outline width."""
    sub = pen.at(x, y, size, angle)
    _DRAWERS[key](sub, FRENCH[key], lw / size)
