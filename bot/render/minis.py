"""Mini cards: a small card drawn as its rank over its suit's mark, not as the whole face
shrunk.

Shrunk to 60–72 px (the last trick, the earlier kvarty), a face's corner symbol is 3–4 px on
a phone and the picture cards differ only by their clothes' colour, which colour-blind players
cannot tell apart. A mini card shows the rank big and the suit as a shape in the card's
top-left part, so it reads even where the next card covers its right: a Lóra card its Ace's
medallion, a Taroky suit card its index sign; a tarok is its number as its index writes it
(white on the index's navy, the trul's on gold), over a piece of its picture (review 77: the
Taroky last trick's faces shrunk to 18 px on a phone told neither 8♣ from 9♣ nor IV from IX).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from typing import NamedTuple

from PIL import Image, ImageChops, ImageDraw

from bot.render import cards
from bot.render.common import DARK, RGB, paste
from bot.render.fonts import font
from bot.render.suits import suit_icon, suit_ink
from engine.cards import RANK_SYMBOLS
from engine.taroky.cards import NUM_TAROKS, TRUL, color, suit_card
from engine.taroky.messages import SUIT_SYMBOLS, rank_label

FACE = (253, 249, 239)  # the cards' cream
# Taroky: the index's navy and the trul's gold (the art's), the red and black suits' ink
NAVY, TRUL_GOLD = (25, 56, 112), (241, 195, 74)
TAROKY_INK = ((211, 42, 43), (211, 42, 43), (37, 37, 43), (37, 37, 43))
SIGN_BOX = (9, 43, 37, 69)  # a suit card's index sign in its art (within the frame's notch)
SCENE_BOX = (48, 24, 172, 246)  # a tarok's picture in its art, right of its index band


class Look(NamedTuple):
    """What a mini card shows: its rank's words and ink, its face's colour, and its suit's
    mark ``size`` px across under the rank (None: a tarok's picture instead)."""

    label: str
    ink: RGB
    face: RGB
    mark: Callable[[int], Image.Image] | None


def look(card: int, deck: str = "lora", lang: str = "") -> Look:
    """The mini card of ``card`` in ``deck`` ("lora", "taroky") on a table in ``lang``."""
    if deck != "taroky":
        suit, rank = divmod(card, 8)
        return Look(RANK_SYMBOLS[rank], suit_ink(suit), FACE, partial(suit_icon, suit))
    label = taroky_index(card, lang)[0]
    if card < NUM_TAROKS:
        gold = (1 << card) & TRUL != 0
        return Look(label, NAVY if gold else (255, 255, 255), TRUL_GOLD if gold else NAVY, None)
    suit = color(card)
    return Look(label, TAROKY_INK[suit], FACE, partial(taroky_sign, suit))


def taroky_index(card: int, lang: str) -> tuple[str, str]:
    """The rank and the suit sign a Taroky card's index shows in ``lang`` ("D", "♥";
    "10", "♣"); a tarok its number ("21", the škýz "Š") and no sign."""
    if card < NUM_TAROKS:
        return ("Š" if card == NUM_TAROKS - 1 else str(card + 1)), ""
    return rank_label(card, lang), SUIT_SYMBOLS[color(card)]


@lru_cache(maxsize=32)
def taroky_sign(suit: int, size: int) -> Image.Image:
    """A Taroky suit's sign ``size`` px high (RGBA), cut from its lowest card's index: its
    ink kept, the face's cream around it made clear."""
    art = cards.art(suit_card(suit, 0), "taroky").crop(SIGN_BOX)
    cream = art.getpixel((0, art.height // 2))
    assert isinstance(cream, tuple)
    diff = ImageChops.difference(art.convert("RGB"), Image.new("RGB", art.size, cream[:3]))
    alpha = diff.convert("L").point(lambda v: min(255, v * 4))
    sign = art.copy()
    sign.putalpha(alpha)
    sign = sign.crop(alpha.getbbox() or (0, 0, art.width, art.height))
    return sign.resize((max(1, round(sign.width * size / sign.height)), size),
                       Image.Resampling.LANCZOS)


def _scene(card: int, width: int, height: int) -> Image.Image:
    """A tarok's picture cut to ``width`` × ``height`` px (its middle, as much as fits)."""
    art = cards.art(card, "taroky").crop(SCENE_BOX)
    scale = max(width / art.width, height / art.height)
    big = art.resize((max(width, round(art.width * scale)), max(height, round(art.height * scale))),
                     Image.Resampling.LANCZOS)
    left, top = (big.width - width) // 2, (big.height - height) // 2
    return big.crop((left, top, left + width, top + height))


@lru_cache(maxsize=256)
def mini_face(card: int, width: int, free: int | None = None, rank_px: int | None = None,
              height: int | None = None, deck: str = "lora", lang: str = "") -> Image.Image:
    """The mini card ``width`` px wide, a card's height (RGBA, transparent corners); ``free``:
    how much of its left the next card leaves uncovered in a fan (None: all of it) — the rank
    is kept in it, a "10" narrowed (its height kept), so that it never reads "1(".
    ``rank_px``: the rank's size, a "10" too (by default half the width, a "10" less), for a
    narrow card whose rank must still be read at a size; ``height``: shorter than a card's
    (the medallion then smaller, under the rank); ``deck``, ``lang``: a Taroky card on a
    table in that language (``look``)."""
    h = height or cards.card_height(width)
    seen = look(card, deck, lang)
    img = Image.new("RGBA", (width, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    radius = max(3, width // 12)
    outline = partial(d.rounded_rectangle, (0, 0, width - 1, h - 1), radius,
                      outline=(*DARK, 255), width=max(1, width // 30))
    outline(fill=(*seen.face, 255))
    column = round(width * 0.36)  # the middle of the part a covering neighbour leaves free
    if rank_px is None:
        _rank(img, seen.label, seen.ink, width, column, free)
        top = round(width * 0.58)
    else:
        if free is None:
            column = width // 2
        y = rank_px // 2 + max(2, width // 16)
        _rank(img, seen.label, seen.ink, width, column, free, rank_px, y)
        top = y + rank_px // 2
    if seen.mark is None:  # a tarok: its picture under its number
        scene = _scene(card, width - 2 * radius, h - top - 2 * radius)
        paste(img, scene, radius, top + radius)
        outline()  # (again over the picture's edge)
        return img
    if rank_px is None:
        icon = seen.mark(round(width * 0.64))
        paste(img, icon, column - icon.width // 2, round(width * 0.58))
        return img
    icon = seen.mark(min(round(width * 0.64), h - top - radius))
    paste(img, icon, column - icon.width // 2, top + (h - top - icon.height) // 2)
    return img


def _rank(img: Image.Image, label: str, ink: RGB, width: int, column: int,
          free: int | None, px: int | None = None, y: int | None = None) -> None:
    """The rank centred at ``column`` (``px`` high, its middle at ``y``; by default from the
    width); in a fan (``free``), when its ink would reach under the next card, moved into the
    free part (less a pad on each side), and narrowed to fit it if wider ("10")."""
    size = px or round(width * (0.44 if len(label) > 1 else 0.5))
    f = font(size, "cond" if len(label) > 1 else "bold")
    y = round(width * 0.3) if y is None else y
    whole = partial(ImageDraw.Draw(img).text, (column, y), label, font=f, fill=ink, anchor="mm")
    if free is None:
        whole()
        return
    left, top, right, bottom = (round(v) for v in f.getbbox(label, anchor="mm"))
    layer = Image.new("RGBA", (right - left, bottom - top), (0, 0, 0, 0))
    ImageDraw.Draw(layer).text((-left, -top), label, font=f, fill=ink, anchor="mm")
    box = layer.getchannel("A").getbbox() or (0, 0, layer.width, layer.height)
    if column + left + box[2] <= free - 2:  # it shows whole where it is
        whole()
        return
    pad = max(3, width // 16)
    glyphs = layer.crop((box[0], 0, box[2], layer.height))
    room = free - 2 * pad
    narrow = glyphs.resize((min(room, glyphs.width), glyphs.height), Image.Resampling.LANCZOS)
    img.alpha_composite(narrow, (pad + (room - narrow.width) // 2, y + top))


@lru_cache(maxsize=256)
def mini_tile(card: int, width: int, style: str = "plain", free: int | None = None,
              rank_px: int | None = None, height: int | None = None, deck: str = "lora",
              lang: str = "") -> Image.Image:
    """The mini card on a tile like ``cards.tile``'s (shadow, or the gold glow)."""
    return cards.framed(mini_face(card, width, free, rank_px, height, deck, lang), width, style)


def put_mini(canvas: Image.Image, card: int, width: int, x: int, y: int,
             style: str = "plain", free: int | None = None, rank_px: int | None = None,
             height: int | None = None, deck: str = "lora", lang: str = "") -> None:
    """Paste the mini card so that its top-left corner lands at (x, y); ``free``,
    ``rank_px``, ``height``, ``deck``, ``lang``: as ``mini_face``'s."""
    cards.lay(canvas, mini_tile(card, width, style, free, rank_px, height, deck, lang),
              width, x, y)
