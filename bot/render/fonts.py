"""Fonts: DejaVu Sans shipped in ``fonts/`` (licence in ``fonts/LICENSE``), else Pillow's own.

Every picture text goes through ``ShapedFont``, which measures and draws it without variation
selectors (``without_selectors``): a chat text's ♣/♠ + U+FE0E is drawn as the bare sign.

DejaVu has no CJK glyphs. A text with characters DejaVu lacks is drawn in runs: DejaVu for
what it has, a system font for the rest (``FALLBACK_FILES``: Noto Sans CJK, which the Docker
image installs, or WenQuanYi / Droid), and a player's name keeps only the characters some
font can draw (``clean_name``), so no picture shows a missing-glyph box.
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "cond": "DejaVuSansCondensed-Bold.ttf",
    "narrow": "DejaVuSansCondensed.ttf",  # the regular weight, condensed
}
# System fonts for the scripts DejaVu lacks (CJK), best first, by weight: Debian's
# fonts-noto-cjk, fonts-wqy-zenhei, fonts-wqy-microhei, fonts-droid-fallback.
_NOTO = "/usr/share/fonts/opentype/noto/NotoSansCJK-"
_OTHERS = ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
           "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
           "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")
FALLBACK_FILES: dict[str, tuple[str, ...]] = {
    "bold": (_NOTO + "Bold.ttc", _NOTO + "Regular.ttc", *_OTHERS),
    "regular": (_NOTO + "Regular.ttc", *_OTHERS),
}
WEIGHT = {"regular": "regular", "narrow": "regular", "bold": "bold", "cond": "bold"}
NOTDEF = "\uffff"  # a noncharacter: every font draws its missing-glyph box for it
# Variation selectors choose a sign's presentation in a chat client (Taroky's texts write ♣/♠
# with VS-15, engine.taroky.messages.TEXT_SUITS); a picture draws the bare sign, so every
# text is measured and drawn without them (DejaVu draws them as nothing today; a fallback
# font might draw a box).
SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")


def without_selectors(text: str) -> str:
    """``text`` without the variation selectors U+FE0E and U+FE0F: what a picture draws."""
    return text.translate(SELECTORS)

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=16)
def _probe(path: str) -> ImageFont.FreeTypeFont | None:
    """``path`` at one size with the basic layout (one glyph per character), or None."""
    try:
        return ImageFont.truetype(path, 24, layout_engine=ImageFont.Layout.BASIC)
    except OSError:
        return None


@lru_cache(maxsize=16384)
def has_glyph(path: str, ch: str) -> bool:
    """Whether the font file ``path`` has a glyph for ``ch``: it draws ``ch`` other than its
    missing-glyph box (Pillow shows no cmap; fontTools is not a dependency)."""
    if ch.isascii() and ch.isprintable():
        return True  # DejaVu, every CJK font and Pillow's own (no DejaVu file) have it
    probe = _probe(path)
    if probe is None:
        return False
    drawn, box = probe.getmask(ch), probe.getmask(NOTDEF)
    return drawn.size != box.size or bytes(drawn) != bytes(box)


@lru_cache(maxsize=8192)
def covers(path: str, text: str) -> bool:
    """Whether the font file ``path`` can draw every character of ``text``."""
    return text.isascii() or all(has_glyph(path, ch) for ch in text)


@lru_cache(maxsize=8)
def fallback_file(weight: str) -> str | None:
    """The first installed system font for the scripts DejaVu lacks, in ``weight``."""
    return next((p for p in FALLBACK_FILES[weight] if _probe(p) is not None), None)


@lru_cache(maxsize=4096)
def runs(path: str, weight: str, text: str) -> tuple[tuple[str | None, str], ...]:
    """``text`` in runs of one font each: (None, run) for the font at ``path``, (fallback
    file, run) for characters only the fallback has; one run when no fallback is needed."""
    other = fallback_file(weight)
    if covers(path, text) or other is None:
        return ((None, text),)
    out: list[tuple[str | None, str]] = []
    for ch in text:
        which = None if has_glyph(path, ch) or not has_glyph(other, ch) else other
        if out and out[-1][0] == which:
            out[-1] = (which, out[-1][1] + ch)
        else:
            out.append((which, ch))
    return tuple(out)


def _drawn(text: Any) -> Any:
    """What a font of the pictures measures and draws of ``text`` (Pillow also passes bytes)."""
    if isinstance(text, str) and not text.isascii():
        return without_selectors(text)
    return text


class ShapedFont(ImageFont.FreeTypeFont):
    """A DejaVu font that measures and draws the characters it lacks (CJK) in the system
    fallback font of the same size and weight: a mixed text in runs, baseline to baseline."""

    weight = "regular"

    def _runs(self, text: Any) -> tuple[tuple[ImageFont.FreeTypeFont | None, str], ...]:
        if not isinstance(text, str) or text.isascii():
            return ((None, text),)
        return tuple((None if f is None else _sized(f, int(self.size)), run)
                     for f, run in runs(str(self.path), self.weight, text))

    def getlength(self, text: Any, *args: Any, **kwargs: Any) -> float:
        text = _drawn(text)
        parts = self._runs(text)
        if len(parts) == 1 and parts[0][0] is None:
            return super().getlength(text, *args, **kwargs)
        own = super().getlength
        return sum(own(run) if f is None else f.getlength(run) for f, run in parts)

    def _layout(self, text: str, anchor: str | None) -> tuple[Image.Image, float, float]:
        """A mixed ``text`` drawn in its runs on an "L" canvas, and the canvas's top-left
        relative to the ``anchor`` point (Pillow's anchors; "la" by default)."""
        pieces = []
        x = 0.0
        for f, run in self._runs(text):
            fnt = f if f is not None else _sized(str(self.path), int(self.size))
            left, top, right, bottom = fnt.getbbox(run, anchor="ls")
            pieces.append((fnt, run, x, left, top, right, bottom))
            x += fnt.getlength(run)
        x0 = min(p[2] + p[3] for p in pieces)
        y0 = min(p[4] for p in pieces)
        x1 = max(p[2] + p[5] for p in pieces)
        y1 = max(p[6] for p in pieces)
        canvas = Image.new("L", (max(1, math.ceil(x1 - x0)), max(1, math.ceil(y1 - y0))))
        draw = ImageDraw.Draw(canvas)
        for fnt, run, px, *_ in pieces:
            draw.text((px - x0, -y0), run, font=fnt, fill=255, anchor="ls")
        h, v = (anchor or "la")[0], (anchor or "la")[1]
        ascent, descent = self.getmetrics()
        ax = {"l": 0.0, "m": x / 2, "r": x}[h]
        ay = {"a": -ascent, "s": 0.0, "d": descent, "m": (descent - ascent) / 2,
              "t": y0, "b": y1}[v]
        return canvas, x0 - ax, y0 - ay

    # Pillow's own signatures: ImageDraw.text passes ``anchor`` by position
    def getbbox(
        self, text: Any, mode: str = "", direction: str | None = None,
        features: list[str] | None = None, language: str | None = None,
        stroke_width: float = 0, anchor: str | None = None,
    ) -> tuple[float, float, float, float]:
        text = _drawn(text)
        parts = self._runs(text)
        if len(parts) == 1 and parts[0][0] is None:
            return super().getbbox(text, mode, direction, features, language, stroke_width,
                                   anchor)
        canvas, left, top = self._layout(text, anchor)
        return left, top, left + canvas.width, top + canvas.height

    def getmask2(
        self, text: Any, mode: str = "", direction: str | None = None,
        features: list[str] | None = None, language: str | None = None,
        stroke_width: float = 0, anchor: str | None = None, ink: int = 0,
        start: tuple[float, float] | None = None, *args: Any, **kwargs: Any,
    ) -> Any:
        text = _drawn(text)
        parts = self._runs(text)
        if len(parts) == 1 and parts[0][0] is None:
            return super().getmask2(text, mode, direction, features, language, stroke_width,
                                    anchor, ink, start, *args, **kwargs)
        canvas, left, top = self._layout(text, anchor)
        return canvas.im, (round(left), round(top))


@lru_cache(maxsize=64)
def _sized(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


@lru_cache(maxsize=128)
def font(size: int, style: str = "regular") -> Font:
    """The font of ``style`` ("regular", "bold", "cond": condensed bold, "narrow": condensed
    regular) at ``size`` px, cached."""
    try:
        shaped = ShapedFont(str(FONT_DIR / FILES[style]), size)
    except OSError:
        return ImageFont.load_default(size)
    shaped.weight = WEIGHT[style]
    return shaped


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


def drawable(ch: str) -> bool:
    """Whether some font of the pictures can draw ``ch`` (DejaVu, else the fallback)."""
    if not ch.isprintable():
        return False
    if has_glyph(str(FONT_DIR / FILES["regular"]), ch):
        return True
    other = fallback_file("regular")
    return other is not None and has_glyph(other, ch)


def clean_name(name: str, stand_in: str = "?") -> str:
    """A player's name with only the characters a font of the pictures can draw (no control
    characters, no emoji, no CJK without a CJK font); ``stand_in`` when no letter or digit
    is left (a name of emoji), so that such players still differ (e.g. "player 2")."""
    out = " ".join("".join(ch for ch in str(name) if drawable(ch)).split())
    return out if any(ch.isalnum() for ch in out) else stand_in
