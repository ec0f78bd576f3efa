"""The seat panels of the table: name, role badges, face-down cards, points, knocks."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render import cards
from bot.render.common import (
    BADGE_COLOURS,
    GOLD,
    MUTED,
    PANEL,
    TEXT,
    badge,
    dots,
    panel,
    paste,
    text,
    wrap,
)
from bot.render.fonts import Font, fit, font
from bot.render.names import fit_name
from bot.render.strings import s

BACK_W = 44
ACTING = (74, 60, 12, 220)
BADGE_D = 34
SMALL_PX = 26  # px: the least size of a word or a letter on the table (11 px on a phone)
LEGEND_W = 274  # the legend's room left of the bottom seat (which starts at x 290)
LEGEND_SIZE = 28  # px: the legend's words (12 px shown 430 px wide on a phone)
LEGEND_ROW = BADGE_D + 2  # px: a role's line in the legend
LEGEND_LINE = 30  # px: the second line of a wrapped label
COLOURS = {**BADGE_COLOURS, "trick": (235, 235, 228)}


def badge_image(kind: str, lang: str) -> Image.Image:
    """The badge of a role: "dealer", "leader" (the tálie's výnos), "trick" (leads the current
    trick), "maturant" or "stovka"."""
    return badge(s(f"badge_{kind}", lang), COLOURS[kind], BADGE_D, px=SMALL_PX)


def _fan(img: Image.Image, x: int, y: int, count: int, step: int) -> int:
    """Face-down cards fanned from (x, y) with a count chip; returns the width used."""
    if count <= 0:
        return 0
    for i in range(count):
        cards.put(img, cards.BACK, BACK_W, x + i * step, y)
    width = BACK_W + (count - 1) * step
    chip = badge(str(count), TEXT, 34, px=SMALL_PX)
    paste(img, chip, x + width - chip.width + 10, y + cards.card_height(BACK_W) - chip.height + 8)
    return width


def _badges(img: Image.Image, x: int, y: int, kinds: tuple[str, ...], lang: str) -> int:
    for kind in kinds:
        b = badge_image(kind, lang)
        paste(img, b, x, y)
        x += b.width + 5
    return x


def _points(img: Image.Image, x: int, y: int, label: str, value: int) -> int:
    x += int(text(img, (x, y + 3), label, font(SMALL_PX), MUTED))
    x += int(text(img, (x + 6, y - 1), str(value), font(33, "bold"), TEXT)) + 6
    return x + 14


def _knocks(img: Image.Image, x: int, y: int, n: int, lang: str, room: int = 999) -> None:
    """The knocks: the word and a dot each (one dot and ×n past four); the dots alone when
    the word does not fit in ``room``."""
    draw = ImageDraw.Draw(img)
    word = s("knocks", lang)
    need = font(SMALL_PX).getlength(word) + 6 + (16 * min(n, 4) if n <= 4 else 16 + 44)
    if need <= room:
        x += int(text(img, (x, y + 3), word, font(SMALL_PX), MUTED)) + 6
    if n <= 4:
        dots(draw, x, y + 12, n, 13, GOLD, 16)
    else:
        dots(draw, x, y + 12, 1, 13, GOLD)
        text(img, (x + 16, y), f"×{n}", font(30, "bold"), GOLD)


@lru_cache(maxsize=256)
def seat_panel(
    shape: str,
    name: str,
    count: int,
    total: int,
    game: int | None,
    knocks: int,
    kinds: tuple[str, ...],
    acting: bool,
    lang: str,
    total_label: str = "pts_lora",
    names: tuple[str, ...] = (),
) -> Image.Image:
    """One seat's panel (RGBA): "wide" (top/bottom) or "tall" (left/right); warm if acting.
    ``total`` is labelled ``total_label`` (the lóra's total, or a play-off's sum so far);
    ``names``: every seat's, that a cut name stays apart from (``panel_name``)."""
    w, h = (420, 88) if shape == "wide" else (220, 250)
    img = panel(w, h, ACTING if acting else PANEL).copy()
    badges_w = sum(badge_image(k, lang).width + 5 for k in kinds)
    if shape == "wide":
        _fan(img, 12, 11, count, 13)
        nx = px = 170 if count else 20
        py = 48
        name_w = w - nx - 12 - badges_w
        label, fnt = panel_name(name, names, name_w)
        text(img, (nx, 4 + _lower(fnt, 36)), label, fnt)
        _badges(img, w - 12 - badges_w + 5, 8, kinds, lang)
        x = _points(img, px, py, s(total_label, lang), total)
        if game is not None:
            x = _points(img, x, py, s("pts_game", lang), game)
        if knocks:
            _knocks(img, x, py, knocks, lang, w - 8 - x)
    else:
        label, fnt = panel_name(name, names, w - 24)
        text(img, (12, 6 + _lower(fnt, 36)), label, fnt)
        _badges(img, 12, 50, kinds, lang)
        _fan(img, 14, 94, count, 14)
        x = _points(img, 12, 170, s(total_label, lang), total)
        y = 170
        if game is not None:
            x = _points(img, 12, 208, s("pts_game", lang), game)
            y = 208
        if knocks:
            _knocks(img, x, y, knocks, lang, w - 8 - x)
    return img


def panel_name(name: str, names: Sequence[str], width: float) -> tuple[str, Font]:
    """A seat's name on its panel within ``width`` px: bold, condensed and a little smaller
    where need be, and only then cut — apart from the other ``names`` cut so
    ("Maximilián…ngen" / "Maximilián…ngová", not two "Maximilián…": ``fit_apart``)."""
    return fit_name(name, names, 36, "bold", width)


def _lower(fnt: object, size: int) -> int:
    """How far a name set smaller than ``size`` px moves down to sit on the same middle."""
    return (size - int(getattr(fnt, "size", size))) // 2


def legend_room(kind: str, lang: str, width: int = LEGEND_W) -> int:
    """How wide the legend's label of ``kind`` may be in a legend ``width`` px wide."""
    return width - 10 - badge_image(kind, lang).width - 8 - 10


def legend_label(kind: str, lang: str, width: int = LEGEND_W) -> tuple[list[str], Font]:
    """The legend's words for ``kind``, ``LEGEND_SIZE`` px: on one line (regular, else
    condensed) where they fit ``legend_room``, else wrapped between words on two."""
    word, room = s(f"legend_{kind}", lang), legend_room(kind, lang, width)
    faces = (font(LEGEND_SIZE), font(LEGEND_SIZE, "narrow"))
    for f in faces:
        if f.getlength(word) <= room:
            return [word], f
    for f in faces:
        lines = wrap(word, f, room)
        if all(f.getlength(line) <= room for line in lines):
            return lines, f
    f = faces[-1]  # (a word wider than the room: none of the catalog's is)
    return [fit(line, f, room) for line in wrap(word, f, room)], f


def legend_height(kinds: Sequence[str], lang: str, width: int = LEGEND_W) -> int:
    """The height of the legend box of ``kinds`` (at most ``width`` px wide)."""
    return 10 + sum(LEGEND_ROW + LEGEND_LINE * (len(legend_label(k, lang, width)[0]) - 1)
                    for k in kinds)


@lru_cache(maxsize=32)
def legend(kinds: tuple[str, ...], lang: str, most: int = LEGEND_W) -> Image.Image:
    """The badge legend (RGBA), a line per role shown on the table (two for a long label),
    at most ``most`` px wide (it sits beside the bottom seat)."""
    labels = [legend_label(k, lang, most) for k in kinds]
    width = 10 + max(badge_image(k, lang).width + 8 + int(max(f.getlength(x) for x in lines))
                     for k, (lines, f) in zip(kinds, labels, strict=True)) + 10
    img = panel(width, legend_height(kinds, lang, most), radius=12).copy()
    y = 5
    for kind, (lines, f) in zip(kinds, labels, strict=True):
        b = badge_image(kind, lang)
        paste(img, b, 10, y + 1)
        for i, line in enumerate(lines):
            text(img, (10 + b.width + 8, y + 1 + BADGE_D / 2 + i * LEGEND_LINE), line, f,
                 MUTED, "lm")
        y += LEGEND_ROW + LEGEND_LINE * (len(lines) - 1)
    return img
