"""Shared look: colours, the felt, panels, badges, text helpers, palettes and the PNG encoder."""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from bot.render.fonts import Font, clean_name, fit, fitted, font
from bot.render.strings import lang_of, s

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

FELT: RGB = (21, 74, 50)
FELT_DARK: RGB = (11, 40, 28)
BAR: RGBA = (6, 22, 15, 215)
PANEL: RGBA = (4, 16, 11, 170)
# The colours words are written in: each at least 4.5 : 1 against the felt, the darker felt
# and the panels (WCAG's contrast for small text; tests/test_render_contrast.py), so FAINT
# (zeros, games still to come, footnotes) and RED stay readable for low vision, and RED is
# light enough to differ from GOLD by lightness too (colour-blind players).
TEXT: RGB = (240, 240, 232)
MUTED: RGB = (168, 190, 176)
FAINT: RGB = (156, 180, 164)
GOLD: RGB = (246, 196, 68)
RED: RGB = (255, 142, 130)
GREEN: RGB = (110, 214, 130)
BLUE: RGB = (96, 182, 255)
DARK: RGB = (18, 24, 20)
BADGE_COLOURS: dict[str, RGB] = {
    "dealer": (120, 170, 230),
    "leader": (246, 196, 68),
    "maturant": (200, 130, 230),
    "stovka": (236, 110, 90),
    # a human's seat played by an AI (absent, or gone), an absent player the table waits for
    "ai": (150, 160, 172),
    "away": (150, 160, 172),
}


# A plain picture (an attachment, not in an embed) is shown PHONE_W px wide on a 430 px phone
# (measured in SimCord's preview: the avatar's gutter and the margins take the rest; a tall
# one is narrower still, its height capped at 0.8 × the window's); words meant to be read
# there are at least PHONE_TEXT px high after that scaling.
PHONE_W, PHONE_TEXT = 342, 13
# ... and at most PHONE_H px high (0.8 × a 932 px phone's window): a taller picture is shown
# narrower than PHONE_W, its words smaller still.
PHONE_H = 656
# A picture inside an embed (the table message, the leaderboard, the tournament standings) is
# shown narrower: the embed's frame and padding leave it about EMBED_W of a phone's PHONE_W px
# (measured in SimCord's preview at 430 px, as a real client lays out an embed).
EMBED_W = 310
# ... and at most EMBED_H px high (the preview's ``img.embed-image { max-height: 280px }``, at
# any window size): a picture taller than EMBED_H / EMBED_W of its width is scaled down to
# that height, so shown narrower than EMBED_W — its words smaller still.
EMBED_H = 280


def embed_px(width: int, px: float = 11) -> int:
    """The font size a picture ``width`` px wide, shown in an embed (``EMBED_W`` px wide, no
    taller than ``EMBED_H``), needs for text ``px`` high there."""
    return math.ceil(px * width / EMBED_W)


def phone_px(width: int, px: float = PHONE_TEXT) -> int:
    """The font size a picture ``width`` px wide needs for text ``px`` high on a phone."""
    return math.ceil(px * width / PHONE_W)


def check_names(names: Sequence[str], lang: str = "cs") -> list[str]:
    """Four player names as the pictures draw them (``clean_name``); a name with nothing
    readable left (emoji only, a script no font has) is its seat's stand-in ("hráč na
    místě 2"; at a tournament's table the caller has put the entrant's: ``entrant_names``)."""
    if len(names) != 4:
        raise ValueError("names must hold four player names")
    return [readable_name(name, lang, seat + 1) for seat, name in enumerate(names)]


# What a stand-in's number is: a seat at the table, an entrant's number in the tournament
# (the same in every picture of the tournament: standings, sheets, its tables), a rank
STAND_INS = {"seat": "stand_in_seat", "entrant": "stand_in_entrant", "rank": "seat"}


def readable_name(name: str, lang: str, n: int, by: str = "seat") -> str:
    """``name`` as the pictures can draw it (``clean_name``); with nothing readable left
    (emoji only, a script no font has), a stand-in that says what ``n`` is (``by``, one of
    ``STAND_INS``): "hráč 2" (a seat), "hráč č. 7" (the entrant's number in his
    tournament), "hráč 3" (a rank) — so that two such players still differ."""
    return clean_name(name, s(STAND_INS[by], lang_of(lang), n=n))


def entrant_names(names: Sequence[str], lang: str, entrants: Sequence[int] | None) -> list[str]:
    """A table's names for its pictures: at a tournament's table (``entrants``: the seats'
    entrants by their numbers in the tournament) an unreadable name as its entrant's
    stand-in ("hráč č. 7", as the tournament's standings and sheets name him); elsewhere as
    they are (the pictures put the seat's stand-in, ``check_names``)."""
    if entrants is None or len(entrants) != len(names):
        return list(names)
    return [readable_name(name, lang, n, "entrant")
            for name, n in zip(names, entrants, strict=True)]


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
def badge(text: str, colour: RGB, size: int = 30, px: int | None = None,
          pad: int | None = None, style: str = "bold") -> Image.Image:
    """A coloured disc (or pill for longer text) with dark text in ``style`` (``px``: its
    size, by default about three fifths of the disc's; ``pad``: a pill's room beside the
    text, by default half the disc's size)."""
    f = font(px or int(size * 0.62), style)
    w = max(size, int(f.getlength(text)) + (size // 2 if pad is None else pad))
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


def wrap(value: str, fnt: Font, width: float, sep: str = " ") -> list[str]:
    """Greedy word wrap to ``width`` px; with ``sep`` (e.g. " · ") whole parts between
    separators are wrapped instead of words (a line longer than ``width`` is left so)."""
    lines: list[str] = []
    line = ""
    for word in value.split() if sep == " " else value.split(sep):
        cand = f"{line}{sep}{word}" if line else word
        if line and fnt.getlength(cand) > width:
            lines.append(line)
            line = word
        else:
            line = cand
    if line:
        lines.append(line)
    return lines


def wrap_parts(parts: Sequence[str], f: Font, width: float, mark: str = " ·") -> list[str]:
    """``parts`` joined by ``mark`` and a space, wrapped to ``width`` px: a part goes whole to
    the next line when it does not fit the rest of this one (``mark`` ends the line before:
    " ·" on a score sheet, "," in a seat's note), and is broken
    between its words only when it is longer than a line. ``" ".join`` of the lines gives
    the parts joined again."""
    lines: list[str] = []
    line = ""
    for i, part in enumerate(parts):
        piece = part if i == len(parts) - 1 else part + mark
        joined = f"{line} {piece}".strip()
        if f.getlength(joined) <= width:
            line = joined
            continue
        if line and f.getlength(piece) <= width:
            lines.append(line)
            line = piece
            continue
        words = part.split()  # the part is wider than a line: on from this one, by words
        if piece != part:
            words[-1] += mark
        for w in words:
            if line and f.getlength(f"{line} {w}") > width:
                lines.append(line)
                line = ""
            line = f"{line} {w}".strip()
            if f.getlength(line) > width:  # one word wider than a line
                lines.append(fit(line, f, width))
                line = ""
    if line:
        lines.append(line)
    return lines


def adaptive_palette(rgb: Image.Image, colors: int = 256) -> Image.Image:
    """A palette for this one picture: the fast octree on a third-size copy (≈ 1–4 ms)."""
    return rgb.reduce(3).quantize(colors=colors, method=Image.Quantize.FASTOCTREE)


def encode(img: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG bytes of ``img`` in 256 colours, without dithering.

    ``palette``: a fixed palette (``fixed_palette``, built once per process for a game's
    pictures), else one found for this picture (``adaptive_palette``). Each pixel goes to its
    nearest palette colour; the PNG is written by ``png``.
    """
    rgb = img.convert("RGB") if img.mode != "RGB" else img
    mapped = rgb.quantize(palette=palette if palette is not None else adaptive_palette(rgb),
                          dither=Image.Dither.NONE)
    return png(mapped)


def _compressor() -> Callable[[bytes], bytes]:
    """zlib's format made by ISA-L's deflate (``isal``) at its level 1: about five times
    faster than zlib's level 1 here and as small as zlib's level 3; zlib's level 1 without it."""
    try:
        from isal import isal_zlib
    except ImportError:  # pragma: no cover - isal is a dependency; a platform without its wheel
        return lambda data: zlib.compress(data, 1)
    return lambda data: isal_zlib.compress(data, 1)


_deflate = _compressor()


def _chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))


def png(pal: Image.Image) -> bytes:
    """The PNG of a palette ("P") picture: 8 bits per pixel, no filter, one IDAT chunk."""
    if pal.mode != "P":
        raise ValueError("png() takes a palette picture")
    w, h = pal.size
    rows = Image.new("P", (w + 1, h), 0)
    rows.paste(pal, (1, 0))  # every row starts with its filter type, 0 (none)
    colours = bytes(pal.getpalette("RGB") or [0, 0, 0])
    return b"".join((
        b"\x89PNG\r\n\x1a\n",
        _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),
        _chunk(b"PLTE", colours[:768]),
        _chunk(b"IDAT", _deflate(rows.tobytes())),
        _chunk(b"IEND", b""),
    ))


def named_colours() -> list[RGB]:
    """The colours the drawing names (text, felt, badges…): a fixed palette holds them exactly."""
    return [FELT, FELT_DARK, TEXT, MUTED, FAINT, GOLD, RED, GREEN, BLUE, DARK,
            *BADGE_COLOURS.values(), (255, 255, 255), (0, 0, 0)]


def with_footer(img: Image.Image, label: str, size: int | None = None) -> Image.Image:
    """``img`` with a bar under it that says ``label`` (a tournament's table picture: the
    table as its thread names it, "turnaj č. 1 · 2. kolo · stůl 1"), ``size`` px (by
    default read ``PHONE_TEXT`` px high on a phone); ``img`` itself when ``label`` is empty.
    Under the picture, not in its header: the header's game, deal and who is to act keep
    their room."""
    if not label:
        return img
    size = size or phone_px(img.width)
    bar = Image.new("RGB", (img.width, footer_height(size)), FELT_DARK)  # the felt's edge
    paste(bar, panel(bar.width, bar.height, BAR, radius=0), 0, 0)
    shown, fnt = fitted(label, size, "regular", img.width - 36, smallest=size)
    text(bar, (bar.width / 2, bar.height / 2 + 1), shown, fnt, MUTED, "mm")
    return stack([img, bar])


def footer_height(size: int) -> int:
    """The height of ``with_footer``'s bar for words ``size`` px high."""
    return size + 24


def stack(pictures: Sequence[Image.Image]) -> Image.Image:
    """The pictures one under another (RGB, on the felt's colour)."""
    width = max(p.width for p in pictures)
    out = Image.new("RGB", (width, sum(p.height for p in pictures)), FELT)
    y = 0
    for p in pictures:
        rgb = p.convert("RGB") if p.mode != "RGB" else p
        out.paste(rgb, (0, y))
        y += p.height
    return out


def _palette_image(entries: Sequence[RGB]) -> Image.Image:
    flat = [v for colour in entries for v in colour]
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat + flat[:3] * (256 - len(entries)))
    return pal


def mapped(colours: Sequence[RGB], palette: Image.Image) -> list[RGB]:
    """What ``encode`` turns each of ``colours`` into with ``palette``."""
    img = Image.new("RGB", (len(colours), 1))
    img.putdata(list(colours))
    out = img.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
    return list(out.get_flattened_data())  # type: ignore[arg-type]


def _keep_exact(entries: list[RGB], fixed: int) -> list[RGB]:
    """``entries`` without those that Pillow's mapping cannot reach or that take an earlier
    entry's pixels (it maps through a coarse cache: not always to the nearest colour)."""
    while True:
        got = mapped(entries, _palette_image(entries))
        drop = {i for i, (want, out) in enumerate(zip(entries, got, strict=True))
                if want != out and i >= fixed}
        drop |= {entries.index(out) for i, (want, out) in enumerate(zip(entries, got, strict=True))
                 if want != out and i < fixed and entries.index(out) >= fixed}
        if not drop:
            return entries
        entries = [c for i, c in enumerate(entries) if i not in drop]


def fixed_palette(samples: Sequence[Image.Image], art: Sequence[Image.Image] = (),
                  exact: Iterable[RGB] = (), common: int = 64, min_pixels: int = 200
                  ) -> Image.Image:
    """A 256-colour palette for every picture like ``samples`` (built once, then each picture
    is only mapped onto it: no per-picture quantisation).

    In it: the ``exact`` colours, then the ``common`` most frequent colours of the samples
    covering at least ``min_pixels`` pixels (flat fills: the felt's steps, panels, stripes),
    then the octree's colours of the samples and of ``art`` (card faces) for the rest. Every
    entry is one that a picture's pixel of that very colour maps to (``encode``).
    """
    entries = list(dict.fromkeys(exact))
    fixed = len(entries)
    # at half size: flat fills keep their colour, and it is four times fewer pixels to count
    small = stack([*samples, *art]).reduce(2)
    counts = sorted(small.getcolors(small.width * small.height) or [], reverse=True)
    frequent: list[RGB] = [colour for n, colour in counts[:common]  # type: ignore[misc]
                           if 4 * n >= min_pixels]
    entries = _keep_exact(list(dict.fromkeys([*entries, *frequent])), fixed)
    for colours in (256 - len(entries), 256):  # the octree's colours for the room left, then
        room = 256 - len(entries)              # more of them where some were dropped
        if room <= 0:
            break
        octree = small.quantize(colors=colours, method=Image.Quantize.FASTOCTREE)
        flat = octree.getpalette("RGB") or []
        more = [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat) - 2, 3)]
        more = [c for c in dict.fromkeys(more) if c not in set(entries)][:room]
        entries = _keep_exact([*entries, *more], fixed)
    return _palette_image(entries)
