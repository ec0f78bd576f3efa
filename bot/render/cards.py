"""Card pictures from ``cards_art/png`` (Lóra) and ``cards_art/taroky_png`` (Taroky): loaded
once, scaled once per size, shadowed tiles.

The art belongs to ``cards_art/`` (180×270 RGBA); this module never draws a card face. A
missing file gives a plain labelled placeholder so a picture can still be made. ``deck``
names the deck a card number belongs to ("lora", the default, or "taroky").

``lang`` is the table's language: a card whose index reads differently in it has its own face
in the deck's ``<lang>/`` folder (Taroky's Czech queens ``cs/Qh.png`` … show ``D`` as the
Czech texts write ``D♥``; the base faces show the notation's ``Q``). The language is part of
every cache key, but ``put`` passes it on only for a card that has such a face (``face_lang``),
so the other cards are loaded and scaled once for all languages.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from bot.render.common import GOLD
from bot.render.fonts import font
from engine.cards import card_str
from engine.taroky.cards import card_str as taroky_card_str

ART_DIR = Path(__file__).resolve().parents[2] / "cards_art" / "png"
TAROKY_ART_DIR = ART_DIR.parent / "taroky_png"
NOTATION = {"lora": card_str, "taroky": taroky_card_str}
BACK = -1  # the card back
ART_W, ART_H = 180, 270
EDGE = (20, 15, 13)  # the faces' dark border


def card_height(width: int) -> int:
    return round(width * ART_H / ART_W)


def margin(width: int) -> int:
    """Room around a card in its tile for the shadow and the glow."""
    return max(5, width // 10)


def _name(card: int, deck: str = "lora") -> str:
    return "back" if card == BACK else NOTATION[deck](card)


def _folder(deck: str) -> Path:
    return TAROKY_ART_DIR if deck == "taroky" else ART_DIR


@lru_cache(maxsize=16)
def _local_faces(folder: Path, lang: str) -> frozenset[str]:
    """The card names with their own face in ``lang`` (files of ``folder/lang``)."""
    if not lang.isalpha():
        return frozenset()
    return frozenset(p.stem for p in (folder / lang).glob("*.png"))


def face_lang(card: int, deck: str = "lora", lang: str = "") -> str:
    """``lang`` when the card has its own face in that language, else "" (the base face)."""
    if card == BACK or _name(card, deck) not in _local_faces(_folder(deck), lang):
        return ""
    return lang


def _placeholder(name: str) -> Image.Image:
    img = Image.new("RGBA", (ART_W, ART_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    box = (0, 0, ART_W - 1, ART_H - 1)
    d.rounded_rectangle(box, 14, fill=(235, 235, 228), outline=(40, 40, 40), width=3)
    d.text((ART_W // 2, ART_H // 2), name, font=font(48, "bold"), fill=(40, 40, 40), anchor="mm")
    return img


@lru_cache(maxsize=128)
def art(card: int, deck: str = "lora", lang: str = "") -> Image.Image:
    """The card's picture at its own size (RGBA): its face in ``lang`` if it has one, else the
    base face, or a placeholder when the file is missing."""
    name = _name(card, deck)
    local = face_lang(card, deck, lang)
    path = _folder(deck) / local / f"{name}.png" if local else _folder(deck) / f"{name}.png"
    try:
        with Image.open(path) as im:
            img = im.convert("RGBA")
    except (OSError, ValueError):
        return _placeholder(name)
    if img.size != (ART_W, ART_H):
        img = img.resize((ART_W, ART_H), Image.Resampling.LANCZOS)
    return img


@lru_cache(maxsize=1024)
def scaled(card: int, width: int, deck: str = "lora", lang: str = "") -> Image.Image:
    """The card (or BACK) ``width`` px wide, as a table in ``lang`` shows it."""
    img = art(card, deck, lang)
    if width == ART_W:
        return img
    return img.resize((width, card_height(width)), Image.Resampling.LANCZOS)


@lru_cache(maxsize=64)
def _shadow(width: int, height: int, colour: tuple[int, int, int, int], grow: int,
            blur: float) -> Image.Image:
    """The shadow (or glow) of a card ``width`` × ``height`` px on its tile."""
    m = margin(width)
    img = Image.new("RGBA", (width + 2 * m, height + 2 * m), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = max(3, width // 12)
    box = (m - grow, m - grow, m + width + grow, m + height + grow)
    d.rounded_rectangle(box, r + grow, fill=colour)
    return img.filter(ImageFilter.GaussianBlur(blur))


@lru_cache(maxsize=2048)
def tile(card: int, width: int, style: str = "plain", deck: str = "lora",
         lang: str = "", top: int | None = None) -> Image.Image:
    """The card on a transparent tile ``margin(width)`` larger on each side, with a shadow,
    as a table in ``lang`` shows it; with ``top`` only its top ``top`` px (``cut``).

    ``style``: "plain", "glow" (a gold glow: playable / just laid), "dim" (darkened) or
    "grey" (greyed: not allowed now, on any art).
    """
    face = scaled(card, width, deck, lang)
    return framed(face if top is None else cut(face, top), width, style)


def cut(face: Image.Image, height: int) -> Image.Image:
    """The top ``height`` px of a card's ``face`` (its index and the top of its picture),
    rounded and bordered where it is cut as at its top: a card whose lower part is not
    needed (the finished deal's record of every card)."""
    if height >= face.height:
        return face
    part = face.crop((0, 0, face.width, height))
    radius = max(3, face.width // 12)
    box = (0, 0, part.width - 1, height - 1)
    mask = Image.new("L", part.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(box, radius, fill=255)
    part.putalpha(ImageChops.multiply(part.getchannel("A"), mask))
    ImageDraw.Draw(part).rounded_rectangle(box, radius, outline=(*EDGE, 255),
                                           width=max(1, round(face.width * 3 / ART_W)))
    return part


def framed(face: Image.Image, width: int, style: str = "plain") -> Image.Image:
    """``face`` (a card ``width`` px wide) on its tile: the shadow or the glow of ``style``."""
    m = margin(width)
    off = max(2, width // 40)
    h = face.height  # a card's, or a shorter mini card's
    if style == "glow":
        base = _shadow(width, h, (*GOLD, 255), max(2, m // 3), m / 3).copy()
    else:
        shadow = _shadow(width, h, (0, 0, 0, 150), 0, m / 3)
        base = Image.new("RGBA", shadow.size, (0, 0, 0, 0))
        base.alpha_composite(shadow, (off, off))
    if style == "dim":
        dark = Image.new("RGBA", face.size, (18, 28, 24, 255))
        alpha = face.getchannel("A")
        face = Image.blend(face, dark, 0.55)
        face.putalpha(alpha)
    elif style == "grey":  # without colour and darkened: a dark face dimmed read as allowed
        alpha = face.getchannel("A")
        grey = face.convert("L").convert("RGBA")
        face = Image.blend(grey, Image.new("RGBA", face.size, (40, 40, 40, 255)), 0.4)
        face.putalpha(alpha)
    base.alpha_composite(face, (m, m))
    return base


def put(canvas: Image.Image, card: int, width: int, x: int, y: int, style: str = "plain",
        deck: str = "lora", lang: str = "", top: int | None = None) -> None:
    """Paste the card's tile (its face on a table in ``lang``; its top ``top`` px only, if
    given) so that the card's top-left corner lands at (x, y)."""
    lay(canvas, tile(card, width, style, deck, face_lang(card, deck, lang), top),
        width, x, y)


def lay(canvas: Image.Image, tile_: Image.Image, width: int, x: int, y: int) -> None:
    """Paste a card's tile (``tile``, ``minis.mini_tile``: the card ``width`` px wide and
    its margin around) so that the card's top-left corner lands at (x, y)."""
    m = margin(width)
    canvas.paste(tile_, (x - m, y - m), tile_)
