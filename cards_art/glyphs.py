"""A minimal stroke font for the card indices and banners of both decks.

Lóra uses `7 8 9 10 S F K E` and the ace banner `ESO`; Taroky adds the digits, the Roman
numerals `I V X`, the French ranks `K Q C J A` and the trul names `PAGÁT MOND ŠKÝZ`.

Glyphs are centre-line polylines in a box 1 unit high; they are drawn as thick round-capped
strokes, so the result does not depend on any font installed on the machine (deterministic).
"""

from __future__ import annotations

from dataclasses import dataclass

from .draw import RGB, Pen, Point, arc, bezier


@dataclass(frozen=True)
class Glyph:
    """Centre-line strokes of one character and its advance width (both in em units)."""

    width: float
    strokes: tuple[tuple[Point, ...], ...]


def _g(width: float, *strokes: list[Point]) -> Glyph:
    """Build a glyph from its advance width and strokes."""
    return Glyph(width, tuple(tuple(s) for s in strokes))


def _stadium(w: float) -> list[Point]:
    """Closed stadium (straight-sided oval) of width w, used for the digit 0."""
    r = w / 2
    return [*arc(r, r, r, r, 180, 360, 20), *arc(r, 1 - r, r, r, 0, 180, 20), (0.0, r)]


def _s_curve() -> list[Point]:
    """Centre line of the letter S: two stacked arcs joined in the middle."""
    top = arc(0.3, 0.25, 0.28, 0.25, -25, -270, 30)
    bottom = arc(0.3, 0.75, 0.3, 0.25, -90, 155, 30)
    return [*top, *bottom[1:]]


GLYPHS: dict[str, Glyph] = {
    "7": _g(0.6, [(0.0, 0.0), (0.6, 0.0), (0.38, 0.4), (0.2, 1.0)]),
    "8": _g(
        0.62,
        arc(0.31, 0.235, 0.26, 0.235, 0, 360, 40),
        arc(0.31, 0.725, 0.31, 0.275, 0, 360, 40),
    ),
    "9": _g(
        0.62,
        arc(0.31, 0.32, 0.31, 0.32, 0, 360, 40),
        bezier((0.62, 0.3), (0.64, 0.75), (0.45, 1.0), (0.08, 1.0), 20),
    ),
    "1": _g(0.32, [(0.0, 0.2), (0.32, 0.0), (0.32, 1.0)]),
    "0": _g(0.6, _stadium(0.6)),
    "O": _g(0.74, arc(0.37, 0.5, 0.37, 0.5, 0, 360, 48)),
    "S": _g(0.6, _s_curve()),
    "F": _g(0.54, [(0.54, 0.0), (0.0, 0.0), (0.0, 1.0)], [(0.0, 0.48), (0.44, 0.48)]),
    "E": _g(
        0.54,
        [(0.54, 0.0), (0.0, 0.0), (0.0, 1.0), (0.54, 1.0)],
        [(0.0, 0.48), (0.44, 0.48)],
    ),
    "K": _g(0.58, [(0.0, 0.0), (0.0, 1.0)], [(0.58, 0.0), (0.02, 0.6)], [(0.2, 0.4), (0.6, 1.0)]),
    "2": _g(
        0.62,
        [
            *arc(0.3, 0.28, 0.28, 0.28, 200, 380, 24),
            *bezier((0.56, 0.38), (0.5, 0.58), (0.2, 0.74), (0.02, 1.0), 16)[1:],
            (0.62, 1.0),
        ],
    ),
    "3": _g(
        0.6,
        [*arc(0.3, 0.25, 0.26, 0.25, 205, 450, 24), *arc(0.3, 0.75, 0.3, 0.25, 270, 520, 28)],
    ),
    "4": _g(0.64, [(0.47, 1.0), (0.47, 0.0), (0.0, 0.68), (0.64, 0.68)]),
    "5": _g(
        0.6,
        [(0.56, 0.0), (0.1, 0.0), (0.07, 0.46), *arc(0.3, 0.68, 0.3, 0.29, 222, 515, 28)],
    ),
    "6": _g(
        0.62,
        arc(0.31, 0.69, 0.3, 0.31, 0, 360, 36),
        bezier((0.55, 0.04), (0.3, -0.05), (0.02, 0.2), (0.01, 0.68), 16),
    ),
    "I": _g(0.0, [(0.0, 0.0), (0.0, 1.0)]),
    "V": _g(0.62, [(0.0, 0.0), (0.31, 1.0), (0.62, 0.0)]),
    "X": _g(0.62, [(0.0, 0.0), (0.62, 1.0)], [(0.62, 0.0), (0.0, 1.0)]),
    "Q": _g(0.74, arc(0.37, 0.5, 0.37, 0.5, 0, 360, 48), [(0.44, 0.7), (0.76, 1.04)]),
    "C": _g(0.62, arc(0.37, 0.5, 0.37, 0.5, 42, 318, 40)),
    "J": _g(0.5, [(0.2, 0.0), (0.5, 0.0), (0.5, 0.68), *arc(0.26, 0.68, 0.24, 0.3, 0, 165, 16)]),
    "A": _g(0.68, [(0.0, 1.0), (0.34, 0.0), (0.68, 1.0)], [(0.14, 0.64), (0.54, 0.64)]),
    "P": _g(
        0.56,
        [
            (0.0, 1.0),
            (0.0, 0.0),
            (0.3, 0.0),
            *arc(0.3, 0.26, 0.26, 0.26, 270, 450, 16),
            (0.0, 0.52),
        ],
    ),
    "G": _g(
        0.72,
        [*arc(0.37, 0.5, 0.37, 0.5, -42, -350, 40), (0.74, 0.56), (0.44, 0.56)],
    ),
    "T": _g(0.62, [(0.0, 0.0), (0.62, 0.0)], [(0.31, 0.0), (0.31, 1.0)]),
    "M": _g(0.78, [(0.0, 1.0), (0.0, 0.0), (0.39, 0.62), (0.78, 0.0), (0.78, 1.0)]),
    "N": _g(0.62, [(0.0, 1.0), (0.0, 0.0), (0.62, 1.0), (0.62, 0.0)]),
    "D": _g(
        0.62,
        [(0.26, 0.0), (0.0, 0.0), (0.0, 1.0), (0.26, 1.0), *arc(0.26, 0.5, 0.36, 0.5, 90, -90, 24)],
    ),
    "Z": _g(0.6, [(0.02, 0.0), (0.6, 0.0), (0.0, 1.0), (0.62, 1.0)]),
    "Y": _g(0.64, [(0.0, 0.0), (0.32, 0.5), (0.64, 0.0)], [(0.32, 0.5), (0.32, 1.0)]),
}
# Accented capitals: the base strokes plus an accent above the cap height.
_ACUTE = ((0.0, -0.16), (0.14, -0.34))
_CARON = ((-0.15, -0.34), (0.0, -0.17), (0.15, -0.34))


def _accented(base: str, accent: tuple[Point, ...]) -> Glyph:
    """`base` with an accent centred over it."""
    g = GLYPHS[base]
    mid = g.width / 2
    return Glyph(g.width, (*g.strokes, tuple((mid + x, y) for x, y in accent)))


GLYPHS["Á"] = _accented("A", _ACUTE)
GLYPHS["Ý"] = _accented("Y", _ACUTE)
GLYPHS["Š"] = _accented("S", _CARON)


def text_width(text: str, stroke: float, spacing: float = 0.12, squeeze: float = 1.0) -> float:
    """Visible width of `text` in em units, including the stroke thickness."""
    inner = sum(GLYPHS[ch].width * squeeze for ch in text)
    return inner + len(text) * stroke + (len(text) - 1) * spacing


def draw_text(
    pen: Pen,
    text: str,
    cx: float,
    top: float,
    size: float,
    color: RGB,
    stroke: float = 0.22,
    spacing: float = 0.12,
    squeeze: float = 1.0,
) -> None:
    """Draw `text` horizontally centred on cx; `size` is the visible cap height in units."""
    em = size / (1 + stroke)
    x = cx - text_width(text, stroke, spacing, squeeze) * em / 2 + stroke * em / 2
    y = top + stroke * em / 2
    for ch in text:
        g = GLYPHS[ch]
        for line in g.strokes:
            pts = [(x + px * squeeze * em, y + py * em) for px, py in line]
            pen.stroke(pts, color, stroke * em)
        x += (g.width * squeeze + stroke + spacing) * em
