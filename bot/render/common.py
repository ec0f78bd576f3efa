"""Shared look: colours, the felt, panels, badges, text helpers and the PNG encoder."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from bot.render.fonts import Font, clean_name, font

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

FELT: RGB = (21, 74, 50)
FELT_DARK: RGB = (11, 40, 28)
BAR: RGBA = (6, 22, 15, 215)
PANEL: RGBA = (4, 16, 11, 170)
TEXT: RGB = (240, 240, 232)
MUTED: RGB = (168, 190, 176)
FAINT: RGB = (110, 140, 122)
GOLD: RGB = (246, 196, 68)
RED: RGB = (236, 90, 80)
GREEN: RGB = (110, 214, 130)
BLUE: RGB = (96, 182, 255)
DARK: RGB = (18, 24, 20)
BADGE_COLOURS: dict[str, RGB] = {
    "dealer": (120, 170, 230),
    "leader": (246, 196, 68),
    "maturant": (200, 130, 230),
    "stovka": (236, 110, 90),
}


def check_names(names: Sequence[str]) -> list[str]:
    """Four printable player names."""
    if len(names) != 4:
        raise ValueError("names must hold four player names")
    return [clean_name(n) for n in names]


@lru_cache(maxsize=8)
def felt(width: int, height: int) -> Image.Image:
    """The dark green felt with a soft vignette (RGB); never modified, copy before drawing."""
    grad = Image.radial_gradient("L").resize((width, height), Image.Resampling.BILINEAR)
    mask = grad.point(lambda v: min(255, max(0, (v - 70) * 2)))
    return Image.composite(Image.new("RGB", (width, height), FELT_DARK),
                           Image.new("RGB", (width, height), FELT), mask)


@lru_cache(maxsize=256)
def panel(width: int, height: int, fill: RGBA = PANEL, outline: RGBA | None = None,
          line: int = 2, radius: int = 16) -> Image.Image:
    """A rounded translucent box (RGBA)."""
    img = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle(
        (0, 0, width - 1, height - 1), radius, fill=fill, outline=outline, width=line
    )
    return img


@lru_cache(maxsize=64)
def glow_ring(width: int, height: int, colour: RGB, pad: int = 10, radius: int = 18) -> Image.Image:
    """A glowing rounded outline around a ``width``×``height`` box; ``pad`` px larger each side."""
    w, h = width + 2 * pad, height + 2 * pad
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((pad - 3, pad - 3, w - pad + 2, h - pad + 2), radius + 3,
                        outline=(*colour, 255), width=7)
    img = img.filter(ImageFilter.GaussianBlur(pad / 2.5))
    ImageDraw.Draw(img).rounded_rectangle(
        (pad - 1, pad - 1, w - pad, h - pad), radius, outline=(*colour, 255), width=4
    )
    return img


@lru_cache(maxsize=64)
def badge(text: str, colour: RGB, size: int = 30) -> Image.Image:
    """A coloured disc (or pill for longer text) with dark bold text."""
    f = font(int(size * 0.62), "bold")
    w = max(size, int(f.getlength(text)) + size // 2)
    img = Image.new("RGBA", (w, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, size - 1), size // 2, fill=(*colour, 255),
                        outline=(0, 0, 0, 200), width=2)
    d.text((w / 2, size / 2 + 1), text, font=f, fill=DARK, anchor="mm")
    return img


def paste(canvas: Image.Image, img: Image.Image, x: float, y: float) -> None:
    """Paste an RGBA piece with its alpha."""
    canvas.paste(img, (int(x), int(y)), img)


@lru_cache(maxsize=4096)
def _glyphs(value: str, fnt: Font, fill: RGB, anchor: str) -> tuple[Image.Image, int, int, float]:
    """``value`` rendered once (RGBA), its offset from the anchor point, and its advance."""
    x0, y0, x1, y1 = (int(v) for v in fnt.getbbox(value, anchor=anchor))
    img = Image.new("RGBA", (max(1, x1 - x0), max(1, y1 - y0)), (*fill, 0))
    ImageDraw.Draw(img).text((-x0, -y0), value, font=fnt, fill=(*fill, 255), anchor=anchor)
    return img, x0, y0, fnt.getlength(value)


def text(img: Image.Image, xy: tuple[float, float], value: str, fnt: Font,
         fill: RGB = TEXT, anchor: str = "la") -> float:
    """Draw ``value`` at ``xy`` (Pillow anchors); returns its width. Rendered text is cached."""
    if not value:
        return 0.0
    piece, x0, y0, width = _glyphs(value, fnt, fill, anchor)
    img.paste(piece, (round(xy[0]) + x0, round(xy[1]) + y0), piece)
    return width


def dots(draw: ImageDraw.ImageDraw, x: float, y: float, n: int, d: int = 8,
         colour: RGB = GOLD, step: int | None = None) -> float:
    """``n`` dots (knocks) left to right from (x, y) top-left; returns the width used."""
    step = step or d + d // 2
    for i in range(n):
        draw.ellipse((x + i * step, y, x + i * step + d, y + d), fill=colour)
    return n * step


def wrap(value: str, fnt: Font, width: float) -> list[str]:
    """Greedy word wrap to ``width`` px."""
    lines: list[str] = []
    line = ""
    for word in value.split():
        cand = f"{line} {word}".strip()
        if line and fnt.getlength(cand) > width:
            lines.append(line)
            line = word
        else:
            line = cand
    if line:
        lines.append(line)
    return lines


def encode(img: Image.Image, colors: int = 256) -> bytes:
    """PNG bytes with an adaptive palette and a fast zlib level.

    The palette is found by the fast octree on a third-size copy, then mapped onto the whole
    picture without dithering: a few ms instead of quantising every pixel through the octree.
    """
    rgb = img.convert("RGB") if img.mode != "RGB" else img
    palette = rgb.reduce(3).quantize(colors=colors, method=Image.Quantize.FASTOCTREE)
    pal = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    pal.save(buf, "PNG", compress_level=3)
    return buf.getvalue()
