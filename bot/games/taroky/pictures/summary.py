"""The protocol's totals: a line per player (his name, dokup, money, result; at the round's
end his placing points of T-TOURNAMENT) under their headings — the summary page, and the
foot of the whole protocol. A line per player, across the picture, so that each name and
each sum has room at the protocol's least size (the four players' columns under the deals
were too narrow for a label beside them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.games.taroky.pictures.sheet import (
    LINE,
    RULE,
    SMALLEST,
    STRIPE,
    VALUE_PX,
    X_END,
    X_GAME,
    M,
    W,
    _colour,
    header_lines,
    sized,
)
from bot.games.taroky.words import amount, pic
from bot.render.common import FAINT, GOLD, MUTED, RGB, TEXT, text
from bot.render.fonts import Font, font
from engine.taroky.tournament import table_points
from engine.taroky.views import TableView

# the totals' columns, right to left from X_END: (heading, width)
COLUMNS = (("sheet_points", 122), ("sheet_result", 146), ("sheet_money", 134),
           ("sheet_dokup", 104))
HEAD_PAD, ROW_PAD = 10, 7  # above the headings' lines, above and below a player's lines


def columns(view: TableView, points: bool = False) -> list[tuple[str, int]]:
    """The totals' columns, left to right: (heading key, right edge); the placing points
    only at the round's end, and only a tournament's table's (``points``; review 81: they
    mean nothing to a table of its own)."""
    edges, right = [], X_END
    for key, width in COLUMNS:
        if (view.finished and points) or key != "sheet_points":
            edges.append((key, right))
            right -= width
    return edges[::-1]


def name_room(view: TableView, points: bool = False) -> int:
    """What a player's name may take, left of his totals."""
    key, right = columns(view, points)[0]
    return right - dict(COLUMNS)[key] - X_GAME - 10


def _width(key: str) -> int:
    return dict(COLUMNS)[key] - 10


def head_lines(key: str, lang: str) -> list[str]:
    """A column's heading: on one line, else broken at its last space that fits
    ("Body za" over "pořadí")."""
    f = font(SMALLEST)
    label = pic(key, lang)
    if f.getlength(label) <= _width(key):
        return [label]
    for i in reversed([i for i, ch in enumerate(label) if ch == " "]):
        if f.getlength(label[:i]) <= _width(key) and f.getlength(label[i + 1:]) <= _width(key):
            return [label[:i], label[i + 1:]]
    return [label]


def _values(view: TableView, seat: int, lang: str,
            points: bool = False) -> dict[str, tuple[str, Font, RGB]]:
    """A player's totals by their heading: the text, its font, its colour."""
    dokup = amount(view.dokup[seat], lang)
    cash = amount(view.money[seat], lang)
    result = amount(view.results[seat], lang, signed=True)
    out = {
        "sheet_dokup": (dokup, sized(dokup, VALUE_PX, "regular", _width("sheet_dokup")),
                        TEXT if view.dokup[seat] else FAINT),
        "sheet_money": (cash, sized(cash, VALUE_PX, "bold", _width("sheet_money")), TEXT),
        "sheet_result": (result, sized(result, VALUE_PX, "bold", _width("sheet_result")),
                         _colour(view.results[seat])),
    }
    if view.finished and points:
        placed = f"{table_points(view.results)[seat]:g}".replace(
            ".", "," if lang == "cs" else ".")
        out["sheet_points"] = (placed, font(VALUE_PX, "bold"), GOLD)
    return out


class Name(NamedTuple):
    """A player's name in the totals, in ``font``: left of his totals (``beside``), else
    whole on a line of its own over them; under it or beside his totals the mark of an AI
    that took his seat over when he left (``mark``)."""

    name: str
    font: Font
    beside: bool
    mark: str

    @property
    def lines(self) -> int:
        return 2 if self.mark or not self.beside else 1


def name_layout(view: TableView, seat: int, who: Sequence[str], left: Sequence[bool],
                lang: str, points: bool = False) -> Name:
    """Where a player's name goes: on his totals' line when it fits there on one line
    (as over the deals' columns, ``header_lines``); else across the row, over them (it was
    cut on two lines beside them: "Šťastný-Kov…"), cut only beyond, apart from the others."""
    mark = pic("sheet_left", lang) if left[seat] else ""
    lines, f = header_lines(who[seat], who, name_room(view, points))
    if lines == [who[seat]]:  # (whole: a word too long for it is cut on one line)
        return Name(lines[0], f, True, mark)
    lines, f = header_lines(who[seat], who, X_END - X_GAME)
    return Name(lines[0], f, False, mark)  # (one line: no name of 32 characters is wider)


def summary_height(view: TableView, who: Sequence[str], left: Sequence[bool],
                   lang: str, points: bool = False) -> int:
    """How high the totals are (their headings and a line per player; ``points``: with
    the placing points, ``columns``)."""
    heads = max(len(head_lines(key, lang)) for key, _r in columns(view, points))
    rows = sum(2 * ROW_PAD + LINE * name_layout(view, seat, who, left, lang, points).lines
               for seat in range(4))
    return HEAD_PAD + LINE * heads + 8 + rows


def draw_summary(img: Image.Image, y: int, view: TableView, who: Sequence[str],
                 left: Sequence[bool], lang: str, points: bool = False) -> int:
    """The totals from ``y``: the headings (muted, over their values), then a line per
    player, every other one striped (``points``: with the placing points); returns where
    they end."""
    cols = columns(view, points)
    heads = max(len(head_lines(key, lang)) for key, _r in cols)
    fh = font(SMALLEST)
    for key, right in cols:  # the headings stand on the line over the values
        lines = head_lines(key, lang)
        for i, line in enumerate(lines):
            at = y + HEAD_PAD + LINE * (heads - len(lines) + i + 1) - 8
            text(img, (right, at), line, fh, MUTED, "rs")
    y += HEAD_PAD + LINE * heads + 8
    d = ImageDraw.Draw(img)
    d.line((M + 10, y - 1, W - M - 11, y - 1), fill=RULE, width=1)
    for seat in range(4):
        name = name_layout(view, seat, who, left, lang, points)
        height = 2 * ROW_PAD + LINE * name.lines
        if seat % 2 == 1:
            d.rectangle((M + 3, y, W - M - 4, y + height - 1), fill=STRIPE)
        at = y + ROW_PAD + LINE - 7
        text(img, (X_GAME, at), name.name, name.font, TEXT, "ls")
        text(img, (X_GAME, at + LINE), name.mark, font(SMALLEST), GOLD, "ls")
        values = _values(view, seat, lang, points)
        below = 0 if name.beside else LINE
        for key, right in cols:
            value, fv, colour = values[key]
            text(img, (right, at + below), value, fv, colour, "rs")
        y += height
    return y
