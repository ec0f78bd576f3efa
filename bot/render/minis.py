"""Mini cards: a small Lóra card drawn as its rank over its suit's medallion, not as the whole
face shrunk.

Shrunk to 60–72 px (the last trick, the earlier kvarty), a face's corner symbol is 3–4 px on
a phone and the picture cards differ only by their clothes' colour, which colour-blind players
cannot tell apart. A mini card shows the rank big and the suit as the medallion of its Ace, a
shape, in the card's top-left part, so it reads even where the next card covers its right.
"""

from __future__ import annotations

from functools import lru_cache, partial

from PIL import Image, ImageDraw

from bot.render import cards
from bot.render.common import DARK, paste
from bot.render.fonts import font
from bot.render.suits import suit_icon, suit_ink
from engine.cards import RANK_SYMBOLS

FACE = (253, 249, 239)  # the cards' cream


@lru_cache(maxsize=256)
def mini_face(card: int, width: int, free: int | None = None, rank_px: int | None = None,
              height: int | None = None) -> Image.Image:
    """The mini card ``width`` px wide, a card's height (RGBA, transparent corners); ``free``:
    how much of its left the next card leaves uncovered in a fan (None: all of it) — the rank
    is kept in it, a "10" narrowed (its height kept), so that it never reads "1(".
    ``rank_px``: the rank's size, a "10" too (by default half the width, a "10" less), for a
    narrow card whose rank must still be read at a size; ``height``: shorter than a card's
    (the medallion then smaller, under the rank)."""
    h = height or cards.card_height(width)
    img = Image.new("RGBA", (width, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, width - 1, h - 1), max(3, width // 12), fill=(*FACE, 255),
                        outline=(*DARK, 255), width=max(1, width // 30))
    suit, rank = divmod(card, 8)
    column = round(width * 0.36)  # the middle of the part a covering neighbour leaves free
    if rank_px is None:
        _rank(img, RANK_SYMBOLS[rank], suit, width, column, free)
        icon = suit_icon(suit, round(width * 0.64))
        paste(img, icon, column - icon.width // 2, round(width * 0.58))
        return img
    if free is None:
        column = width // 2
    y = rank_px // 2 + max(2, width // 16)
    _rank(img, RANK_SYMBOLS[rank], suit, width, column, free, rank_px, y)
    top = y + rank_px // 2
    icon = suit_icon(suit, min(round(width * 0.64), h - top - max(3, width // 12)))
    paste(img, icon, column - icon.width // 2, top + (h - top - icon.height) // 2)
    return img


def _rank(img: Image.Image, label: str, suit: int, width: int, column: int,
          free: int | None, px: int | None = None, y: int | None = None) -> None:
    """The rank centred at ``column`` (``px`` high, its middle at ``y``; by default from the
    width); in a fan (``free``), when its ink would reach under the next card, moved into the
    free part (less a pad on each side), and narrowed to fit it if wider ("10")."""
    size = px or round(width * (0.44 if len(label) > 1 else 0.5))
    f = font(size, "cond" if len(label) > 1 else "bold")
    y = round(width * 0.3) if y is None else y
    whole = partial(ImageDraw.Draw(img).text, (column, y), label, font=f, fill=suit_ink(suit),
                    anchor="mm")
    if free is None:
        whole()
        return
    left, top, right, bottom = (round(v) for v in f.getbbox(label, anchor="mm"))
    layer = Image.new("RGBA", (right - left, bottom - top), (0, 0, 0, 0))
    ImageDraw.Draw(layer).text((-left, -top), label, font=f, fill=suit_ink(suit), anchor="mm")
    ink = layer.getchannel("A").getbbox() or (0, 0, layer.width, layer.height)
    if column + left + ink[2] <= free - 2:  # it shows whole where it is
        whole()
        return
    pad = max(3, width // 16)
    glyphs = layer.crop((ink[0], 0, ink[2], layer.height))
    room = free - 2 * pad
    narrow = glyphs.resize((min(room, glyphs.width), glyphs.height), Image.Resampling.LANCZOS)
    img.alpha_composite(narrow, (pad + (room - narrow.width) // 2, y + top))


@lru_cache(maxsize=256)
def mini_tile(card: int, width: int, style: str = "plain", free: int | None = None,
              rank_px: int | None = None, height: int | None = None) -> Image.Image:
    """The mini card on a tile like ``cards.tile``'s (shadow, or the gold glow)."""
    return cards.framed(mini_face(card, width, free, rank_px, height), width, style)


def put_mini(canvas: Image.Image, card: int, width: int, x: int, y: int,
             style: str = "plain", free: int | None = None, rank_px: int | None = None,
             height: int | None = None) -> None:
    """Paste the mini card so that its top-left corner lands at (x, y); ``free``,
    ``rank_px``, ``height``: as ``mini_face``'s."""
    cards.lay(canvas, mini_tile(card, width, style, free, rank_px, height), width, x, y)
