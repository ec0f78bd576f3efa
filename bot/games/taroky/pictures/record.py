"""A card's top as the finished deal's record draws it: the card's art cut to its top, its
index redrawn large on a plate in the strip that the next card leaves uncovered.

The record lays each pile's cards ``STEP`` px apart, so only that strip of a card shows. The
art's own index there (a rank over a suit sign, a tarok's number over its numeral) was 18 px
high in the 800 px picture, 7.7 px on a phone, and 8♣/8♠ or D♥/D♦ hard to tell apart in a
row of 19 (review 77). Here the rank (a tarok's number, the škýz's Š) and the suit sign are
each ``INDEX_PX`` high — 11.5 px on a phone — in the index's own colours, read from the art.
"""

from __future__ import annotations

from collections import Counter

from PIL import Image, ImageDraw

from bot.render import cards
from bot.render.common import RGB
from bot.render.fonts import font
from bot.render.minis import taroky_index

DECK = "taroky"
CARD_W = 124  # px: the record's cards
TAB_H = round(cards.card_height(CARD_W) * 0.42)  # px (78): a card's top that is shown
STEP = 40  # px between a pile's cards: the strip of each that shows
INDEX_PX = 27  # px: the ink height of a rank and of a suit sign (11.5 px on a phone)
BORDER = 3  # px: the card's own border, left as it is
PLATE = (BORDER, BORDER, STEP - 3, TAB_H - BORDER)  # the index's plate: within the strip
TOP = 5  # px: the rank's ink below the plate's top
GAP = 5  # px: between the rank and the sign (3 under a "J"'s or a "Q"'s tail)
ART_BOX = (8, 8, 38, 60)  # the art's index (180 px wide), where its colours are read


def _colours(art: Image.Image) -> tuple[RGB, RGB]:
    """The art's index colours: its ground (the commonest) and its ink (the commonest far
    from the ground)."""
    box = art.crop(ART_BOX).convert("RGBA")
    seen: Counter[RGB] = Counter()
    for n, colour in box.getcolors(box.width * box.height) or []:
        if isinstance(colour, tuple) and colour[3] == 255:  # (RGBA: a tuple)
            seen[(colour[0], colour[1], colour[2])] += n
    ground = seen.most_common(1)[0][0]
    far = [(n, c) for c, n in seen.items()
           if sum(abs(a - b) for a, b in zip(c, ground, strict=True)) > 200]
    return ground, max(far)[1] if far else (0, 0, 0)


def _glyph(value: str, style: str, ink: RGB, width: int) -> Image.Image:
    """``value`` drawn so that its ink (a capital's, a digit's) is ``INDEX_PX`` high, cropped
    to its ink, narrowed to ``width`` if wider (a "10" as the art narrows it)."""
    probe = font(100, style)
    left, top, right, bottom = probe.getbbox("8" if value[0].isalnum() else value, anchor="ls")
    size = round(100 * INDEX_PX / (bottom - top))
    fnt = font(size, style)
    left, top, right, bottom = (round(v) for v in fnt.getbbox(value, anchor="ls"))
    layer = Image.new("RGBA", (right - left + 4, bottom - top + 4), (0, 0, 0, 0))
    ImageDraw.Draw(layer).text((2 - left, 2 - top), value, font=fnt, fill=ink, anchor="ls")
    layer = layer.crop(layer.getchannel("A").getbbox())
    if layer.width > width:
        layer = layer.resize((width, layer.height), Image.Resampling.LANCZOS)
    return layer


def record_face(card: int, lang: str) -> Image.Image:
    """The card's top (``TAB_H`` of a card ``CARD_W`` wide, RGBA) with its index on a
    plate in the art's index colours: the rank ``TOP`` px under the plate's top, the suit
    sign ``GAP`` under the rank, both ``INDEX_PX`` high (a digit's ink: a "Š", a "J" or a
    "Q" reaches further), centred in the plate."""
    local = cards.face_lang(card, DECK, lang)
    ground, ink = _colours(cards.art(card, DECK, local))
    face = cards.scaled(card, CARD_W, DECK, local).copy()
    rank, sign = taroky_index(card, lang)
    left, top, right, bottom = PLATE
    if not sign:  # a tarok's plate ends under its number: its picture shows below
        bottom = top + TOP + INDEX_PX + 2 * GAP
    draw = ImageDraw.Draw(face)
    draw.rounded_rectangle((left, top, right, bottom), 4, fill=ground)
    room = right - left - 4
    centre = (left + right) // 2
    y = top + TOP
    for value, style in ((rank, "cond"), (sign, "bold")):
        if value:
            glyph = _glyph(value, style, ink, room)
            face.alpha_composite(glyph, (centre - glyph.width // 2, y))
            y = max(y + INDEX_PX + GAP, y + glyph.height + 3)  # (clear of a "J"'s tail)
    return cards.cut(face, TAB_H)


def record_tile(card: int, lang: str) -> Image.Image:
    """``record_face`` on its tile (its shadow), for ``cards.lay``: composed anew each time
    from the cached art (``cards``), so that it follows ``bot.render.clear_caches``."""
    return cards.framed(record_face(card, lang), CARD_W)


def put_record(img: Image.Image, card: int, x: int, y: int, lang: str) -> None:
    """Paste the card's record top with its top-left corner at (x, y)."""
    cards.lay(img, record_tile(card, lang), CARD_W, x, y)


__all__ = ["CARD_W", "INDEX_PX", "PLATE", "STEP", "TAB_H", "put_record", "record_face"]
