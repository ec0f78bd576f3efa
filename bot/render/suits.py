"""The suits' marks for Lóra's pictures: each suit's medallion, cut from its Ace's art (a
disc with the suit's symbol), so a row of desítky or a legend names its suit without words."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render import cards
from bot.render.common import badge
from engine.cards import SUIT_LETTERS

# the medallion of an Ace in the art's own pixels (180×270): its centre (draw_ace's) and a
# radius inside its inner ring that clears the heart, the widest symbol (52–53 px from the
# centre; 55 px around 114 clipped the heart's lobes under the drawn ring, review 83)
_CX, _CY, _R = 90, 112, 58
# the cards' index ink (cards_art/suits.py): a rank's colour and a fallback disc's; the four step
# in lightness (maroon, dark green, ochre gold, near-black brown), so they differ without colour too
_INK = ((147, 1, 15), (50, 93, 76), (149, 106, 43), (30, 13, 0))


@lru_cache(maxsize=32)
def suit_icon(suit: int, size: int) -> Image.Image:
    """The suit's mark, ``size`` px across (RGBA): the Ace's medallion, or a lettered disc
    when the art is missing."""
    if not (cards.ART_DIR / f"E{SUIT_LETTERS[suit]}.png").exists():
        return badge(SUIT_LETTERS[suit].upper(), _INK[suit], size)
    art = cards.art(suit * 8 + 7)
    disc = art.crop((_CX - _R, _CY - _R, _CX + _R, _CY + _R)).convert("RGBA")
    mask = Image.new("L", disc.size, 0)
    ImageDraw.Draw(mask).ellipse((0, 0, disc.width - 1, disc.height - 1), fill=255)
    disc.putalpha(mask)
    ring = ImageDraw.Draw(disc)
    ring.ellipse((1, 1, disc.width - 2, disc.height - 2), outline=(0, 0, 0, 160), width=3)
    return disc.resize((size, size), Image.Resampling.LANCZOS)


def suit_ink(suit: int) -> tuple[int, int, int]:
    """The suit's colour for a rank written in it (the cards' index ink)."""
    return _INK[suit]
