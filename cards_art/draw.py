"""Tiny supersampled vector toolkit: geometry helpers and an affine `Pen` over ImageDraw.

All coordinates are in *card units* (a card is 180 x 270 units); the pen multiplies them by
`SS` so that everything is drawn supersampled and later downscaled with LANCZOS.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

Point = tuple[float, float]
RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Color = RGB | RGBA

SS = 4  # supersampling factor
INK: RGB = (31, 26, 23)  # near-black used for every outline
CREAM: RGB = (253, 249, 239)  # card face


def hexc(code: str) -> RGB:
    """Convert '#rrggbb' to an RGB tuple."""
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Linear blend of two colours (t=0 gives a, t=1 gives b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 20) -> list[Point]:
    """Sample a cubic Bezier curve into n+1 points."""
    pts = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        pts.append(
            (
                a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
            )
        )
    return pts


def arc(
    cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 32
) -> list[Point]:
    """Points on an elliptic arc; angles in degrees, clockwise on screen (y grows down)."""
    pts = []
    for i in range(n + 1):
        a = math.radians(a0 + (a1 - a0) * i / n)
        pts.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    return pts


def mirror(pts: Sequence[Point], cx: float = 0.0) -> list[Point]:
    """Mirror a half outline about x=cx and append it reversed, giving a closed symmetric one."""
    return [*pts, *[(2 * cx - x, y) for x, y in reversed(pts)]]


def rounded_poly(pts: Sequence[Point], r: float, n: int = 6) -> list[Point]:
    """Round every corner of a closed polygon with radius-ish r (quadratic corner blend)."""
    out: list[Point] = []
    m = len(pts)
    for i in range(m):
        p0, p1, p2 = pts[i - 1], pts[i], pts[(i + 1) % m]
        d0 = math.dist(p0, p1)
        d1 = math.dist(p1, p2)
        t0 = min(r, d0 / 2) / d0
        t1 = min(r, d1 / 2) / d1
        a = (p1[0] + (p0[0] - p1[0]) * t0, p1[1] + (p0[1] - p1[1]) * t0)
        b = (p1[0] + (p2[0] - p1[0]) * t1, p1[1] + (p2[1] - p1[1]) * t1)
        for j in range(n + 1):
            t = j / n
            u = 1 - t
            out.append(
                (
                    u * u * a[0] + 2 * u * t * p1[0] + t * t * b[0],
                    u * u * a[1] + 2 * u * t * p1[1] + t * t * b[1],
                )
            )
    return out


def new_layer(w: int = 180, h: int = 270) -> Image.Image:
    """A transparent supersampled RGBA layer for a w x h unit picture."""
    return Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))


@dataclass(frozen=True)
class Pen:
    """Draws in local units mapped by translation, uniform scale and rotation onto a layer."""

    draw: ImageDraw.ImageDraw
    ox: float = 0.0
    oy: float = 0.0
    k: float = 1.0
    c: float = 1.0
    s: float = 0.0
    img: Image.Image | None = field(default=None, compare=False, repr=False)

    @classmethod
    def on(cls, img: Image.Image) -> Pen:
        """A pen drawing on img in card units."""
        return cls(ImageDraw.Draw(img), img=img)

    def at(self, x: float, y: float, k: float = 1.0, angle: float = 0.0) -> Pen:
        """A child pen whose origin is local (x, y), scaled by k and rotated by angle degrees."""
        px, py = self.pt((x, y))
        a = math.radians(angle)
        ca, sa = math.cos(a), math.sin(a)
        return Pen(
            self.draw,
            px / SS,
            py / SS,
            self.k * k,
            self.c * ca - self.s * sa,
            self.s * ca + self.c * sa,
            self.img,
        )

    def pt(self, p: Point) -> Point:
        """Map a local point to layer pixels."""
        x, y = p
        return (
            SS * (self.ox + self.k * (self.c * x - self.s * y)),
            SS * (self.oy + self.k * (self.s * x + self.c * y)),
        )

    def px(self, width: float) -> int:
        """Local line width to pixels (never zero)."""
        return max(1, round(width * self.k * SS))

    def shape(
        self,
        pts: Sequence[Point],
        fill: Color | None,
        outline: Color | None = INK,
        width: float = 1.4,
    ) -> None:
        """Filled polygon with an optional outline centred on its edge (rounded joints)."""
        mapped = [self.pt(p) for p in pts]
        if fill is not None:
            self.draw.polygon(mapped, fill=fill)
        if outline is not None and width > 0:
            self.draw.line(
                [*mapped, mapped[0], mapped[1]], fill=outline, width=self.px(width), joint="curve"
            )

    def ellipse(
        self,
        cx: float,
        cy: float,
        rx: float,
        ry: float,
        fill: Color | None,
        outline: Color | None = INK,
        width: float = 1.4,
    ) -> None:
        """Ellipse (as a fine polygon so it follows the pen rotation)."""
        self.shape(arc(cx, cy, rx, ry, 0, 360, 72)[:-1], fill, outline, width)

    def stroke(self, pts: Sequence[Point], fill: Color, width: float, caps: bool = True) -> None:
        """Polyline with rounded joints and (optionally) round caps."""
        mapped = [self.pt(p) for p in pts]
        w = self.px(width)
        self.draw.line(mapped, fill=fill, width=w, joint="curve")
        if caps:
            r = w / 2
            for x, y in (mapped[0], mapped[-1]):
                self.draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)

    def limb(self, pts: Sequence[Point], fill: Color, width: float, edge: float = 1.4) -> None:
        """A thick outlined stroke (arm, leg, staff...)."""
        self.stroke(pts, INK, width + 2 * edge)
        self.stroke(pts, fill, width)

    def dot(self, x: float, y: float, r: float, fill: Color) -> None:
        """A small filled circle without outline."""
        self.ellipse(x, y, r, r, fill, None)
