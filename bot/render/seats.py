"""The seat panels of the table: name, points, knocks, role badges, cards left; the legend
of the badges.

The table is shown inside an embed, about ``EMBED_W`` px wide on a phone: every word here is
``SMALL_PX`` px or more, 11 px high there.
"""

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
    embed_px,
    panel,
    paste,
    text,
)
from bot.render.fonts import CONDENSED, Font, font
from bot.render.names import fit_word, word_cut
from bot.render.strings import s

PICTURE_W = 720  # the table picture's width (``table.W``)
SMALL_PX = embed_px(PICTURE_W)  # px: the least size of a word on the table (11 px in an embed)
NAME_PX = 30
VALUE_PX = 28  # the points
SEAT_W, SEAT_H = 172, 134
PAD = 10  # the panel's inner margin
NAME_Y = 5  # the top of the name's row
ROW_Y = (38, 68, 100)  # the tops of the points' rows and of the badges' row
BADGE_D = 30
BADGE_GAP = 4  # px: between two badges
BADGE_OVERLAP = 5  # px: the most two crowded badges overlap (within a badge's rim)
MARKS = ("ai", "away")  # a player's marks: before the name when the roles fill the badges' row
BACK_W = 20  # the card back beside the number of cards left
KNOCK_D = 11  # px: a knock's dot
ACTING = (74, 60, 12, 220)
COLOURS = {**BADGE_COLOURS, "trick": (235, 235, 228)}
LEGEND_PX = SMALL_PX
LEGEND_ROW = 34  # px: a line of the legend
LEGEND_GAP = 14  # px: between two roles on a line


def badge_image(kind: str, lang: str) -> Image.Image:
    """The badge of a role: "dealer", "leader" (the tálie's výnos), "trick" (leads the current
    trick), "maturant", "stovka", "ai" or "away"."""
    return badge(s(f"badge_{kind}", lang), COLOURS[kind], BADGE_D, px=SMALL_PX, pad=12)


def legend_mark(kind: str, lang: str) -> Image.Image:
    """What the legend shows before ``kind``'s words: a role's badge (``badge_image``), or
    for "knock" a knock's dot as the panels draw it."""
    if kind != "knock":
        return badge_image(kind, lang)
    img = Image.new("RGBA", (KNOCK_D + 1, KNOCK_D + 1), (0, 0, 0, 0))
    dots(ImageDraw.Draw(img), 0, 0, 1, KNOCK_D, GOLD)
    return img


def _points(img: Image.Image, x: int, y: int, label: str, value: int) -> int:
    """A label and its points from (x, y), the row's top; returns where they end."""
    f = font(SMALL_PX, "narrow")
    x += int(text(img, (x, y + 15), label, f, MUTED, "lm"))
    return x + 5 + int(text(img, (x + 5, y + 15), str(value), font(VALUE_PX, "bold"), TEXT, "lm"))


def _points_width(label: str, value: int) -> int:
    """How wide ``_points`` draws ``label`` and ``value``."""
    return (int(font(SMALL_PX, "narrow").getlength(label)) + 5
            + int(font(VALUE_PX, "bold").getlength(str(value))))


def _game_key(total_label: str) -> str:
    """The label of this game's points under the total labelled ``total_label``: under the
    total before the game they read as added to it ("předtím 45 / + hra 4": the 45 is not
    the lóra's total with the game's 4 in it; review 71)."""
    return "pts_game_added" if total_label == "pts_before" else "pts_game"


def _word_fits(n: int, lang: str, room: float) -> bool:
    """Whether the word "ťuk" fits before ``n`` knocks' dots in ``room`` px."""
    marks = 14 * min(n, 4) if n <= 4 else 14 + font(VALUE_PX, "bold").getlength(f"×{n}")
    return font(SMALL_PX, "narrow").getlength(s("knocks", lang)) + 5 + marks <= room


def _knocks(img: Image.Image, x: int, y: int, n: int, lang: str, room: int) -> int:
    """The knocks: the word and a dot each (one dot and ×n past four); the dots alone when
    the word does not fit in ``room`` (the legend then names the dot: ``bare_knocks``).
    Returns where they end."""
    draw = ImageDraw.Draw(img)
    if _word_fits(n, lang, room):
        f = font(SMALL_PX, "narrow")
        x += int(text(img, (x, y + 15), s("knocks", lang), f, MUTED, "lm")) + 5
    if n <= 4:
        return x + int(dots(draw, x, y + 10, n, KNOCK_D, GOLD, 14))
    dots(draw, x, y + 10, 1, KNOCK_D, GOLD)
    return x + 14 + int(text(img, (x + 14, y + 15), f"×{n}", font(VALUE_PX, "bold"), GOLD, "lm"))


def bare_knocks(game: int | None, knocks: int, lang: str, total_label: str = "pts_lora") -> bool:
    """Whether ``seat_panel`` shows a seat's knocks as dots without the word (no room for it
    beside this game's points ``game``): the table's legend then says what the dot is
    (review 83: a bare gold dot, explained nowhere)."""
    if game is None or not knocks:
        return False
    x = PAD + _points_width(s(_game_key(total_label), lang), game) + 10
    return not _word_fits(knocks, lang, SEAT_W - PAD - x)


def _count(img: Image.Image, right: int, y: int, count: int) -> int:
    """The number of cards left, beside a card back, ending at ``right``; returns its
    left edge."""
    f = font(VALUE_PX, "bold")
    x = right - int(f.getlength(str(count)))
    text(img, (x, y + 15), str(count), f, TEXT, "lm")
    x -= 4 + BACK_W
    cards.put(img, cards.BACK, BACK_W, x, y + 15 - cards.card_height(BACK_W) // 2)
    return x


def count_width(count: int) -> int:
    """How wide ``_count`` draws ``count``."""
    return int(font(VALUE_PX, "bold").getlength(str(count))) + 4 + BACK_W


@lru_cache(maxsize=256)
def seat_panel(
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
    """One seat's panel (RGBA), warm if acting: the name; the lóra's points (``total``
    labelled ``total_label``: the lóra's total, the one before the game in play, or a
    play-off's sum so far); this game's and
    the knocks; the role badges and the cards left (where a row has room, else beside the
    name); an AI or away mark last among the badges, or before the name when the roles fill
    their row. ``names``: every seat's, that a cut name
    stays apart from (``panel_name``)."""
    img = panel(SEAT_W, SEAT_H, ACTING if acting else PANEL, radius=14).copy()
    right = SEAT_W - PAD
    ends = {ROW_Y[0]: _points(img, PAD, ROW_Y[0], s(total_label, lang), total)}
    if game is not None:  # (no room for "před hrou 145" on the row above: review 71)
        x = _points(img, PAD, ROW_Y[1], s(_game_key(total_label), lang), game) + 10
        ends[ROW_Y[1]] = _knocks(img, x, ROW_Y[1], knocks, lang, right - x) if knocks else x
    badges = [badge_image(k, lang) for k in kinds]
    moved = []  # the AI or away mark goes before the name when the badges' row lacks room
    if gap(badges, right - PAD) is None:
        moved = [k for k in kinds if k in MARKS]
        badges = [badge_image(k, lang) for k in kinds if k not in MARKS]
    xs, free = badge_places(badges)
    for x, b in zip(xs, badges, strict=True):
        paste(img, b, x, ROW_Y[2] + 15 - BADGE_D // 2)
    starts = {y: end + 8 for y, end in ends.items()} | {ROW_Y[2]: free}  # where rows have room
    name_right = right
    if count > 0:  # the cards left: at the badges' row's end, else where a row has room,
        # else beside the name
        y = next((y for y in (ROW_Y[2], ROW_Y[0], ROW_Y[1])
                  if starts.get(y, PAD + 8) + count_width(count) <= right), NAME_Y)
        left = _count(img, right, y, count)
        name_right = left - 8 if y == NAME_Y else right
    x = PAD
    for kind in moved:
        b = badge_image(kind, lang)
        paste(img, b, x, NAME_Y + 15 - BADGE_D // 2)
        x += b.width + 6
    label, fnt = panel_name(name, names, name_right - x)
    text(img, (x, NAME_Y + 15), label, fnt, anchor="lm")
    return img


def gap(badges: Sequence[Image.Image], room: int) -> int | None:
    """The gap between the badges on a row ``room`` px wide: ``BADGE_GAP``, less (down to
    an overlap of ``BADGE_OVERLAP``) when crowded; None: they do not fit."""
    need = sum(b.width for b in badges)
    if len(badges) < 2:
        return BADGE_GAP if need <= room else None
    step = min(BADGE_GAP, (room - need) // (len(badges) - 1))
    return step if step >= -BADGE_OVERLAP else None


def badge_places(badges: Sequence[Image.Image]) -> tuple[list[int], int]:
    """The badges' left edges on their row and where the row has room again: left to right,
    closer (rims overlapping, never over a letter) when crowded. The most roles a seat holds
    (výnos or dealer, the trick's lead, maturant, stovka) fit so (review 59: the fifth badge
    was cut off); an AI or away mark besides goes before the name (``seat_panel``)."""
    step = gap(badges, SEAT_W - 2 * PAD)
    step = -BADGE_OVERLAP if step is None else step
    xs, x = [], PAD
    for b in badges:
        xs.append(x)
        x += b.width + step
    return xs, (x - step + BADGE_GAP if badges else PAD) + 8


NAME_ROOM = SEAT_W - 2 * PAD  # a panel's name, when nothing stands beside it


@lru_cache(maxsize=64)
def seat_face(names: tuple[str, ...]) -> Font:
    """The one font of every seat's name on the table: bold, else condensed and a little
    smaller (not under ``SMALL_PX``) where that takes every name whole, else where it keeps
    every name's words but the last whole ("Maxmilián Š…": ``word_cut``), else the smallest
    — all four alike, never one smaller than the others (review 77)."""
    faces = [font(NAME_PX, "bold")] + [font(px, CONDENSED["bold"])
                                       for px in range(NAME_PX, SMALL_PX - 1, -2)]
    for keeps in (lambda n, f: f.getlength(n) <= NAME_ROOM, _keeps_words):
        face = next((f for f in faces if all(keeps(n, f) for n in names)), None)
        if face is not None:
            return face
    return faces[-1]


def _keeps_words(name: str, fnt: Font) -> bool:
    """Whether ``name`` cut at a word in ``fnt`` keeps its words but the last whole (a name
    of one word: always — it is cut at its end at any size)."""
    words = name.split()
    return len(words) < 2 or word_cut(name, fnt, NAME_ROOM).startswith(
        " ".join(words[:-1]) + " " + words[-1][0])


def panel_name(name: str, names: Sequence[str], width: float) -> tuple[str, Font]:
    """A seat's name on its panel within ``width`` px, in the seats' one font
    (``seat_face``), cut where it must be at a word ("Cecílie D…"), apart from the other
    ``names`` cut so ("Maximilián…ngen" / "Maximilián…ngová", not two "Maximilián H…":
    ``fit_word``)."""
    fnt = seat_face(tuple(names) or (name,))
    return fit_word(name, names, fnt, width), fnt


def legend_label(kind: str, lang: str, ended: bool = False) -> tuple[str, Font]:
    """The legend's words for ``kind``: ``LEGEND_PX`` px, condensed; ``ended``: the lóra is
    over, and a role of ``ENDED`` is told in the past ("ohlášená čistá stovka", not "hlásí":
    the result is known; review 61)."""
    key = f"legend_{kind}_ended" if ended and kind in ENDED else f"legend_{kind}"
    return s(key, lang), font(LEGEND_PX, "narrow")


ENDED = ("stovka",)  # the roles the legend words otherwise once the lóra is over


def _item_width(kind: str, lang: str, ended: bool = False) -> int:
    word, f = legend_label(kind, lang, ended)
    return legend_mark(kind, lang).width + 6 + int(f.getlength(word))


def legend_lines(kinds: Sequence[str], lang: str, width: int,
                 ended: bool = False) -> list[tuple[str, ...]]:
    """The legend's roles on lines at most ``width`` px wide (a role never split)."""
    lines: list[tuple[str, ...]] = []
    line: tuple[str, ...] = ()
    used = 0
    for kind in kinds:
        w = _item_width(kind, lang, ended)
        if line and used + LEGEND_GAP + w > width:
            lines.append(line)
            line, used = (), 0
        used += (LEGEND_GAP if line else 0) + w
        line += (kind,)
    if line:
        lines.append(line)
    return lines


def legend_height(kinds: Sequence[str], lang: str, width: int, ended: bool = False) -> int:
    """The height of the legend of ``kinds`` at most ``width`` px wide (0: none)."""
    return LEGEND_ROW * len(legend_lines(kinds, lang, width, ended))


@lru_cache(maxsize=32)
def legend(kinds: tuple[str, ...], lang: str, width: int, ended: bool = False) -> Image.Image:
    """The badge legend (RGBA, ``width`` px wide): each role's badge (a knock's dot) and
    words, the roles centred on as few lines as take them (``ended``: ``legend_label``)."""
    lines = legend_lines(kinds, lang, width, ended)
    img = Image.new("RGBA", (width, max(1, LEGEND_ROW * len(lines))), (0, 0, 0, 0))
    for i, line in enumerate(lines):
        x = (width - (sum(_item_width(k, lang, ended) for k in line)
                      + LEGEND_GAP * (len(line) - 1))) // 2
        mid = i * LEGEND_ROW + LEGEND_ROW // 2
        for kind in line:
            b = legend_mark(kind, lang)
            paste(img, b, x, mid - b.height // 2)
            word, f = legend_label(kind, lang, ended)
            text(img, (x + b.width + 6, mid + 1), word, f, MUTED, "lm")
            x += _item_width(kind, lang, ended) + LEGEND_GAP
    return img
