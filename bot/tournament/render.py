"""The tournament's pictures: the standings and a table's sheet (zápisový lístek).

Pure drawing from lines of text prepared by ``bot.tournament.pictures`` (the words and the
numbers are chosen there); the look is the shared one of ``bot.render.common``. 760 px wide
like the leaderboard, and like it laid out for an embed: the round's standings are posted in
one, on a phone ``EMBED_W`` (310) px wide and at most ``EMBED_H`` (280) px high, so their
words are ``SMALL_PX`` or more (11 px there) and eight entrants fit that box (a larger
field is drawn a page of eight at a time, ``bot.tournament.pictures.PAGE``). The sheets are
plain pictures (about 340 px wide on a phone); their tags may condense to ``SHEET_PILL_PX``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.render.common import (
    BAR,
    FAINT,
    GOLD,
    GREEN,
    MUTED,
    RED,
    RGB,
    TEXT,
    embed_px,
    encode,
    felt,
    panel,
    paste,
    phone_px,
    text,
    wrap,
    wrap_parts,
)
from bot.render.fonts import Font, clean_name, fit, fitted, font
from bot.render.leaderboard import MEDALS, medal
from bot.render.names import fit_initial

W, M = 760, 8
SMALL_PX = embed_px(W)  # the least size of a word (labels, tags, the legend): 11 px in an embed
HEADER_H, COLS_H, ROW_H, FOOT_LINE, PAD = 74, 34, 60, 30, 8
NAME_PX, PILL_H = 28, 30  # a name (bold; condensed when long), a tag's pill under it
# a row with tags: the name's baseline NAME_BASE px above the row's middle (its capitals at
# the row's top), the pills from PILL_TOP px below it to the row's end — the name's
# descenders ("AI Jiří") 2 px clear of them (review 62: they touched; 11 px words on a phone
# leave neither smaller), the pill tall enough to hold its own ("lehký": they poked out)
NAME_BASE, PILL_TOP = 8, 0
STRIPE: RGB = (16, 50, 34)
LINE: RGB = (60, 96, 78)
TAG_FILL: RGB = (34, 72, 54)
SUB_FILL: RGB = (92, 58, 30)


@dataclass(frozen=True, slots=True)
class Tag:
    """A small pill under a name: "AI", "AI substitute", "harakiri 11" …"""

    label: str
    warn: bool = False  # a substitute (amber) rather than a plain note
    short: str = ""  # the same fact in fewer words, drawn where ``label`` would be cut


@dataclass(frozen=True, slots=True)
class StandingLine:
    place: int
    name: str
    tags: tuple[Tag, ...]
    rounds: tuple[str, ...]  # table points per round, as shown ("4", "2,5", "–")
    points: str
    score: str  # the tiebreak (money, penalty points)
    leader: bool = False
    place_text: str = ""  # a shared place as the language writes it ("5.–6."); else the place
    medal: int = 0  # the podium's place (1–3) of one on it, its medal's colour; 0: none


@dataclass(frozen=True, slots=True)
class SheetLine:
    name: str
    tags: tuple[Tag, ...]
    values: tuple[str, ...]  # the game's own columns
    place: int
    points: str
    place_text: str = ""  # the place as the language writes it ("1.", "1st"); else "1."
    number: str = ""  # the player's number in the tournament (T-TOURNAMENT's sheet)


@dataclass(frozen=True, slots=True)
class Footer:
    label: str
    ok: bool | None = None  # a control sum: green when it holds, red when not


def _header(img: Image.Image, title: str, subtitle: str) -> None:
    paste(img, panel(W, HEADER_H, BAR, radius=0), 0, 0)
    ft = font(30, "bold")
    text(img, (M + 4, 22), fit(clean_name(title), ft, W - 2 * M - 8), ft, TEXT, "lm")
    fs = font(SMALL_PX)
    text(img, (M + 4, 55), fit(clean_name(subtitle), fs, W - 2 * M - 8), fs, MUTED, "lm")


PILL_PAD, PILL_MIN = 14, 60  # a pill's padding; narrower room left: the tags stop there
PILL_TIGHT = 8  # the padding of a pill whose words are condensed regular to fit
PILL_PX = SMALL_PX  # a tag's words
# a sheet's tag in a narrow name column (Taroky's): condensed down to 11 px on a phone
# showing the sheet 342 px wide (25 px), then condensed regular, before it is cut
SHEET_PILL_PX = phone_px(W, 11)


def pill_text(value: str, room: float | None = None,
              smallest: int = PILL_PX) -> tuple[str, Font]:
    """A tag's words as its pill draws them in ``room`` px at most (condensed, down to
    ``smallest`` px, else condensed regular at ``smallest`` in a tighter pill, else cut with
    an ellipsis), and their font."""
    if room is None:
        return value, font(PILL_PX, "bold")
    label, f = fitted(value, PILL_PX, "bold", room - PILL_PAD, smallest=smallest)
    if label == value:
        return label, f
    return fitted(value, smallest, "narrow", room - PILL_TIGHT, smallest=smallest)


def _pill_width(value: str) -> int:
    """How wide ``_pill`` draws ``value`` given all the room it needs."""
    return int(font(PILL_PX, "bold").getlength(value)) + PILL_PAD


def _pill(value: str, warn: bool, room: float | None = None,
          smallest: int = PILL_PX) -> Image.Image:
    """A tag's pill; in ``room`` px at most (``pill_text``)."""
    value, f = pill_text(value, room, smallest)
    w, h = int(f.getlength(value)) + PILL_PAD, PILL_H
    if room is not None and w > room:  # (condensed regular: the tighter pill)
        w = int(f.getlength(value)) + PILL_TIGHT
    img = panel(w, h, (*(SUB_FILL if warn else TAG_FILL), 255), radius=h // 2).copy()
    text(img, (w / 2, pill_baseline(f)), value, f, GOLD if warn else MUTED, "ms")
    return img


def pill_baseline(f: Font) -> int:
    """The baseline of a pill's words in ``f``, from the pill's top: an ascender's top and a
    descender's foot ("lý") equally far inside it (a middle anchor set "lehký" 1 px low, its
    "ý" under the pill)."""
    _, top, _, bottom = f.getbbox("lý", anchor="ls")
    return round((PILL_H - top - bottom) / 2)


def _name(img: Image.Image, x: int, cy: int, name: str, tags: Sequence[Tag], end: int,
          gold: bool, smallest: int = PILL_PX) -> None:
    """The player's name and, below it, his tags. No entrant number: written "2." next to a
    place it read as one, and no player refers to it (the export keeps it)."""
    clean = clean_name(name)
    fn = font(NAME_PX, "bold")
    room = end - x
    if fn.getlength(clean) > room:
        fn = font(NAME_PX, "cond")
        clean = fit_initial(clean, fn, room)
    colour = GOLD if gold else TEXT
    if tags:
        text(img, (x, cy - NAME_BASE), clean, fn, colour, "ls")
    else:
        text(img, (x, cy), clean, fn, colour, "lm")
    tx = x
    for pill in tag_pills(tags, end - x, smallest):
        paste(img, pill, tx, cy + PILL_TOP)
        tx += pill.width + 6


def tag_pills(tags: Sequence[Tag], room: float, smallest: int = PILL_PX) -> list[Image.Image]:
    """The pills drawn under a name within ``room`` px (``drawn_tags``)."""
    return [pill for _words, pill in drawn_tags(tags, room, smallest)]


def drawn_tags(tags: Sequence[Tag], room: float,
               smallest: int = PILL_PX) -> list[tuple[str, Image.Image]]:
    """The words and pills drawn under a name within ``room`` px: a tag too wide for what is
    left is condensed (down to ``smallest`` px) or cut, not dropped (a sheet's "left · AI
    finished" is wider than a Taroky name column), only one with less than ``PILL_MIN`` px
    left is. A tag with a ``short`` form draws that one rather than cut its label (review 87:
    "čistá sto…" lost whether the stovka was made)."""
    drawn: list[tuple[str, Image.Image]] = []
    left = float(room)
    for tag in tags:
        if left < PILL_MIN:
            break
        label, fits = tag.label, _pill_width(tag.label) <= left
        cut = "" if fits else pill_text(label, left, smallest)[0]
        if not fits and tag.short and cut != label:
            label = tag.short
            fits = _pill_width(label) <= left
            cut = "" if fits else pill_text(label, left, smallest)[0]
        words = label if fits else cut
        pill = _pill(label, tag.warn) if fits else _pill(label, tag.warn, left, smallest)
        drawn.append((words, pill))
        left -= pill.width + 6
    return drawn


def _place(img: Image.Image, cx: int, cy: int, place: int, shown: str = "",
           podium: int = 0) -> None:
    """The place ("5"), on a medal for one the podium gives a place (``podium``, its colour:
    review 97 — the medals went by the place, to those the podium passes over); a shared
    place ``shown`` as the range it covers ("5.–6.", condensed to the column), in its
    medal's colour (a medal would say "2" of a place written "2.–3." everywhere else)."""
    if podium in MEDALS and not shown:
        piece = medal(place, MEDALS[podium], MEDAL_D, SMALL_PX)
        paste(img, piece, cx - MEDAL_D // 2, cy - MEDAL_D // 2)
    else:
        value, f = fitted(shown or str(place), SMALL_PX, "bold", PLACE_ROOM, SMALL_PX)
        text(img, (cx, cy), value, f, MEDALS.get(podium, MUTED), "mm")


FOOT_FONT = SMALL_PX
MEDAL_D = 38


def _foot_font(line: Footer) -> Font:
    """A footer's font: a control sum bold, a legend regular; condensed (more words a line)."""
    return font(FOOT_FONT, "cond" if line.ok is not None else "narrow")


def _footer_lines(footer: Sequence[Footer]) -> list[tuple[str, Footer]]:
    """Each footer wrapped to the picture's width; an equation (a control sum) breaks after
    its "=", so each side's value stays with its unit and mark."""
    out = []
    for line in footer:
        f = _foot_font(line)
        sides = line.label.split(" = ")
        parts = wrap_parts(sides, f, W - 2 * M - 8, " =") if len(sides) > 1 \
            else wrap(line.label, f, W - 2 * M - 8)
        for part in parts or [""]:
            out.append((part, line))
    return out


def _frame(title: str, subtitle: str, rows: int, footer: Sequence[Footer]) -> Image.Image:
    body = max(rows, 1) * ROW_H
    lines = _footer_lines(footer)
    height = (HEADER_H + M + COLS_H + body + PAD + M + len(lines) * FOOT_LINE
              + (PAD if lines else 0))
    img = felt(W, height).copy()
    _header(img, title, subtitle)
    paste(img, panel(W - 2 * M, COLS_H + body + PAD, (4, 16, 11, 170), radius=12), M,
          HEADER_H + M)
    d = ImageDraw.Draw(img)
    y0 = HEADER_H + M + COLS_H
    d.line((M + 8, y0 - 1, W - M - 9, y0 - 1), fill=LINE, width=1)
    for i in range(1, rows, 2):
        y = y0 + i * ROW_H
        d.rectangle((M + 3, y, W - M - 4, y + ROW_H - 1), fill=STRIPE)
    y = HEADER_H + M + COLS_H + body + PAD + M
    for part, line in lines:
        colour = MUTED if line.ok is None else (GREEN if line.ok else RED)
        f = _foot_font(line)
        text(img, (W // 2, y + FOOT_LINE // 2), part, f, colour, "mm")
        y += FOOT_LINE
    return img


# -- the standings ----------------------------------------------------------------------
PLACE_CX, NAME_X, PLACE_ROOM = 44, 88, 80  # (a shared place "5.–6.": PLACE_ROOM)
POINTS_R, SCORE_R = 598, W - M - 12
ROUND_COLUMNS = 3  # at most this many round columns; more rounds: the earliest are summed
# px between round columns (half points "3,5 3,5" ran together at 10), between them and the
# points
ROUND_GAP, POINTS_GAP = 16, 22
ROUND_PX, SCORE_PX = 28, 30  # a round's points, the tiebreak score (condensed)
NAME_ROOM = 160  # the narrowest the name column gets (cs at 12 rounds sums one round more)


@dataclass(frozen=True, slots=True)
class Column:
    """Where a column of the standings stands: its right edge and its width."""

    right: float
    width: float

    @property
    def centre(self) -> float:
        """Where its heading and its values are centred ("R7" over "2,5", not beside it)."""
        return self.right - self.width / 2


def points_right(lines: Sequence[StandingLine], score_head: str) -> float:
    """The points' right edge: ``POINTS_R``, or further left when the score column (its
    heading "Výsledek (Kč)", its values) needs the room."""
    widest = max([font(SCORE_PX, "cond").getlength(line.score) for line in lines]
                 + [font(SMALL_PX, "cond").getlength(score_head)])
    return min(POINTS_R, SCORE_R - widest - POINTS_GAP)


def round_columns(round_labels: Sequence[str], lines: Sequence[StandingLine],
                  labels: tuple[str, str, str]) -> tuple[list[Column], float]:
    """The round columns, each as wide as its widest text (its heading and values centred
    in it) plus ``ROUND_GAP``, ending the widest total plus ``POINTS_GAP`` before the
    points' right edge (a total "11,5" ran into the last round's "3,5" when they had a
    fixed 80 px); and the name column's end. ``labels``: the player, points and score
    headings."""
    fr, fl, fp = font(ROUND_PX, "cond"), font(SMALL_PX, "cond"), font(32, "bold")
    widest_total = max([fp.getlength(line.points) for line in lines]
                       + [fl.getlength(labels[1])])
    right = points_right(lines, labels[2]) - widest_total - POINTS_GAP
    columns: list[Column] = []
    for i in reversed(range(len(round_labels))):
        width = max([fl.getlength(round_labels[i])]
                    + [fr.getlength(line.rounds[i]) for line in lines if i < len(line.rounds)])
        columns.insert(0, Column(right, width))
        right -= width + ROUND_GAP
    return columns, right


def standings_image(title: str, subtitle: str, labels: tuple[str, str, str],
                    round_labels: Sequence[str], lines: Sequence[StandingLine],
                    footer: Sequence[Footer] = (), *, folded: bool = False,
                    layout: Sequence[StandingLine] = ()) -> Image.Image:
    """Place and name (with tags), points per round, points, and the tiebreak score.
    ``labels``: the player, points and score headings. At most ``ROUND_COLUMNS`` rounds:
    the caller sums the earlier ones into the first column (``folded``: set apart by a
    line), so that the numbers shown add up to the points. ``layout``: every line of the
    standings when ``lines`` are one page of them — the columns stand where they do on
    every page (else they are laid out for ``lines``)."""
    if len(round_labels) > ROUND_COLUMNS:
        raise ValueError("too many round columns")
    img = _frame(title, subtitle, len(lines), footer)
    laid = layout or lines
    columns, name_end = round_columns(round_labels, laid, labels)
    points_r = points_right(laid, labels[2])
    fc = fl = font(SMALL_PX, "cond")
    cy = HEADER_H + M + COLS_H // 2 + 1
    text(img, (PLACE_CX, cy), "#", fc, MUTED, "mm")
    text(img, (NAME_X, cy), labels[0], fc, MUTED, "lm")
    for label, col in zip(round_labels, columns, strict=True):
        text(img, (col.centre, cy), label, fl, MUTED, "mm")
    text(img, (points_r, cy), labels[1], fc, MUTED, "rm")
    text(img, (SCORE_R, cy), labels[2], fc, MUTED, "rm")
    y0 = HEADER_H + M + COLS_H
    if folded and columns:
        x = columns[0].right + ROUND_GAP // 2
        ImageDraw.Draw(img).line((x, y0 - COLS_H + 8, x, y0 + len(lines) * ROW_H - 4),
                                 fill=LINE, width=1)
    for i, line in enumerate(lines):
        cy = y0 + i * ROW_H + ROW_H // 2
        _place(img, PLACE_CX, cy, line.place, line.place_text, line.medal)
        _name(img, NAME_X, cy, line.name, line.tags, int(name_end), line.leader)
        fr = font(ROUND_PX, "cond")
        for j, (value, col) in enumerate(zip(line.rounds, columns, strict=False)):
            colour = FAINT if value == "–" else TEXT if folded and j == 0 else MUTED
            text(img, (col.centre, cy), value, fr, colour, "mm")
        text(img, (points_r, cy), line.points, font(32, "bold"), GOLD if line.leader else TEXT,
             "rm")
        text(img, (SCORE_R, cy), line.score, font(SCORE_PX, "cond"), TEXT, "rm")
    return img


def render_standings(title: str, subtitle: str, labels: tuple[str, str, str],
                     round_labels: Sequence[str], lines: Sequence[StandingLine],
                     footer: Sequence[Footer] = (), *, folded: bool = False,
                     layout: Sequence[StandingLine] = ()) -> bytes:
    return encode(standings_image(title, subtitle, labels, round_labels, lines, footer,
                                  folded=folded, layout=layout))


# -- a table's sheet --------------------------------------------------------------------
SHEET_PLACE_R, SHEET_POINTS_R = W - M - 105, W - M - 12
# (a shared place at a table, "2nd–3rd" the widest, whole in PLACE_GAP, condensed: review 65
# read "2nd–3…"; the place column took its 3 px from the points', the names keep theirs)
VALUE_W, PLACE_GAP = 106, 127
NUMBER_R, NUMBER_W = M + 50, 48  # the players' numbers: right edge, and the room they take
# the place and its heading centred in their column: right-aligned, the heading ended a
# space before the points' ("Place Points" read as one, review 69)
SHEET_PLACE_CX = SHEET_PLACE_R - (PLACE_GAP - 12) // 2


def values_left(columns: int) -> int:
    """The left edge of a sheet's value columns (``columns`` of them, left of the place)."""
    return SHEET_PLACE_R - PLACE_GAP - columns * VALUE_W


def name_column(columns: int, numbered: bool) -> tuple[int, int]:
    """Where a sheet's name column starts (after the players' numbers when ``numbered``)
    and how wide it is, its name and tags, left of the game's ``columns``."""
    x = M + 16 + (NUMBER_W if numbered else 0)
    return x, values_left(columns) + 10 - x


def sheet_place(label: str) -> tuple[str, Font]:
    """A place on a table's sheet as drawn, in the room its column has (cut only past it)."""
    return fitted(label, NAME_PX, "bold", PLACE_GAP - 12, SMALL_PX)


def sheet_image(title: str, subtitle: str, labels: tuple[str, str, str],
                columns: Sequence[str], lines: Sequence[SheetLine],
                footer: Sequence[Footer] = (), number_label: str = "") -> Image.Image:
    """The table's lines (best place first: ``pictures.placed_lines``): the player's
    number in the tournament (when given: T-TOURNAMENT's sheet has it), name (with tags),
    the game's columns, the place at the table and the table points. ``labels``: player,
    place, points; ``number_label``: the numbers' heading."""
    img = _frame(title, subtitle, len(lines), footer)
    values_x0 = values_left(len(columns))
    fc = font(SMALL_PX, "cond")
    cy = HEADER_H + M + COLS_H // 2 + 1
    numbered = any(line.number for line in lines)
    name_x, name_w = name_column(len(columns), numbered)
    if numbered:
        text(img, (NUMBER_R, cy), number_label, fc, MUTED, "rm")
    text(img, (name_x, cy), labels[0], fc, MUTED, "lm")
    room = VALUE_W - 8 if len(columns) > 1 else 2 * VALUE_W  # one column may spread left
    for i, label in enumerate(columns):
        text(img, (values_x0 + (i + 1) * VALUE_W, cy), fit(label, fc, room), fc, MUTED, "rm")
    text(img, (SHEET_PLACE_CX, cy), labels[1], fc, MUTED, "mm")
    text(img, (SHEET_POINTS_R, cy), labels[2], fc, MUTED, "rm")
    y0 = HEADER_H + M + COLS_H
    for i, line in enumerate(lines):
        cy = y0 + i * ROW_H + ROW_H // 2
        if line.number:
            text(img, (NUMBER_R, cy), line.number, font(SMALL_PX, "cond"), MUTED, "rm")
        _name(img, name_x, cy, line.name, line.tags, name_x + name_w, line.place == 1,
              SHEET_PILL_PX)
        fv = font(ROUND_PX, "cond")
        for j, value in enumerate(line.values):
            text(img, (values_x0 + (j + 1) * VALUE_W, cy), value, fv, TEXT, "rm")
        place, fp = sheet_place(line.place_text or f"{line.place}.")
        text(img, (SHEET_PLACE_CX, cy), place, fp, MUTED, "mm")
        text(img, (SHEET_POINTS_R, cy), line.points, font(32, "bold"),
             GOLD if line.place == 1 else TEXT, "rm")
    return img


def render_table_sheet(title: str, subtitle: str, labels: tuple[str, str, str],
                       columns: Sequence[str], lines: Sequence[SheetLine],
                       footer: Sequence[Footer] = (), number_label: str = "") -> bytes:
    return encode(sheet_image(title, subtitle, labels, columns, lines, footer, number_label))
