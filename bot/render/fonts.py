"""Fonts: DejaVu Sans shipped in ``fonts/`` (licence in ``fonts/LICENSE``), else Pillow's own."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "cond": "DejaVuSansCondensed-Bold.ttf",
    "narrow": "DejaVuSansCondensed.ttf",  # the regular weight, condensed
}

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=128)
def font(size: int, style: str = "regular") -> Font:
    """The font of ``style`` ("regular", "bold", "cond": condensed bold, "narrow": condensed
    regular) at ``size`` px, cached."""
    try:
        return ImageFont.truetype(str(FONT_DIR / FILES[style]), size)
    except OSError:
        return ImageFont.load_default(size)


@lru_cache(maxsize=4096)
def fit(text: str, fnt: Font, width: float) -> str:
    """``text`` cut with an ellipsis so that it is at most ``width`` px wide (cached: the
    same names and labels are fitted in every picture)."""
    if fnt.getlength(text) <= width:
        return text
    while text and fnt.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


CONDENSED = {"bold": "cond", "regular": "narrow"}


@lru_cache(maxsize=4096)
def fitted(text: str, size: int, style: str, width: float,
           smallest: int | None = None) -> tuple[str, Font]:
    """``text`` whole where it can be: in ``style`` at ``size``, else condensed, else
    condensed a few px smaller (down to ``smallest``, by default four fifths of ``size``);
    only then cut with an ellipsis. Returns the text and the font to draw it with."""
    fnt = font(size, style)
    if fnt.getlength(text) <= width:
        return text, fnt
    narrow = CONDENSED.get(style, style)
    low = smallest if smallest is not None else max(1, size * 4 // 5)
    for px in range(size, low - 1, -2):
        fnt = font(px, narrow)
        if fnt.getlength(text) <= width:
            return text, fnt
    return fit(text, fnt, width), fnt


def clean_name(name: str) -> str:
    """A player's name without control characters and characters outside the BMP (emoji)."""
    out = "".join(ch for ch in str(name) if ch.isprintable() and ord(ch) < 0x10000)
    return out.strip() or "?"
