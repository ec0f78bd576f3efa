"""The score sheet by pages, each one a phone reads as a plain picture (``PHONE_W`` px wide,
at most 656 px high): a page per tálie (its games with their points and running totals, the
maturita's attempts, the marks and the legend it needs) and an overview (per player each
tálie's sum, the total, the place, čistá stovka, harakiri and the notes).

The tall sheet (``sheet.sheet_image``) shown on a phone was ~194 px wide, its least words
5 px: a page is ``PAGE_W`` = 2 × ``PHONE_W`` px wide, so every word is drawn at least
``LEAST`` = 22 px (11 px there), and no taller than ``PAGE_H_MAX`` (the phone's 656 px).
The palette, panels and colours are the tall sheet's; a cell holds the game's points over
the running total (side by side they left the games' names too little room).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.render import palette
from bot.render.common import (
    BADGE_COLOURS,
    BAR,
    DARK,
    FAINT,
    GOLD,
    MUTED,
    PHONE_H,
    PHONE_W,
    RED,
    TEXT,
    badge,
    check_names,
    dots,
    encode,
    felt,
    panel,
    paste,
    text,
)
from bot.render.fonts import Font, fit, fitted, font
from bot.render.names import fit_apart, heads_lines
from bot.render.sheet import (
    LEGEND_PARTS,
    TOTAL_COLOUR,
    Line,
    Totals,
    _lines,
    draw_lines,
    draw_rules,
    harakiri_lines,
    label_parts,
    now_line,
    stovka_line,
    tali_leader,
)
from bot.render.sheet import legend_lines as sheet_legend_lines
from bot.render.strings import lang_of, s
from engine.contracts import (
    CERVENY_KRAL_GAME,
    MATURITA_GAME,
    STOVKA_TALIE,
    TALIE_PER_LORA,
    Contract,
)
from engine.lora import ProtocolRow
from engine.views import PublicView

PAGE_W = 2 * PHONE_W  # 684: a word LEAST px high is 11 px on a phone
PAGE_H_MAX = PHONE_H * PAGE_W // PHONE_W  # shown at PHONE_W, at most PHONE_H px high
LEAST = 22
M = 16
BLOCK_W = PAGE_W - 2 * M
CELL_W = 100
NAME_W = BLOCK_W - 4 * CELL_W  # the games' names
HEADER_H, TITLE_H, NAMES_H = 64, 48, 62
ROW_H = 76  # a game's row: its points over the running total
PTS_PX, TOTAL_PX = 36, 32  # the points; the running totals (their digits 11+ px of ink there)
PTS_Y, TOTAL_Y = 23, 58  # their centres in a row
NUM_RIGHT = 14  # both end this far left of the cell's right edge
LABEL_PX = 26  # a game's name, down to LEAST beside a maturita attempt's badge
TAG_H, TAG_PX, TAG_PAD, TAG_GAP = 32, LEAST, 10, 6
HEAD_PX, HEAD_LINE = 26, 26  # the players' names over the columns (down to LEAST)
HEAD_FACES = [font(px, "cond") for px in range(HEAD_PX, LEAST - 1, -1)]
KNOCK_D, KNOCK_STEP = 10, 13  # the knocks' dots: a strip of two columns at the cell's left
KNOCK_X, KNOCK_ROWS = 8, 5
KNOCK_COUNT_Y, KNOCK_COUNT_PX = 18, 26  # more knocks than dots fit: their count's top and
# size (down to LEAST where the points leave less room), one dot over it
STOVKA_X, STOVKA_PAD = 4, 4  # a declarer's "100" from his cell's left, in the červený
# král game's row; its pill's room either side of the word
LEGEND_PX, LEGEND_LINE = 24, 30
SUM_ROW_H, TOTAL_ROW_H = 54, 64  # the overview's rows: a tálie's sums; the totals
BOX_PX, BOX_LINE, BOX_HEAD = 24, 30, 44  # the overview's players' boxes
OVERVIEW = TALIE_PER_LORA  # the overview's page, after the tálie's


def page_count() -> int:
    """The pages: one per tálie, then the overview."""
    return TALIE_PER_LORA + 1


def first_page(view: PublicView) -> int:
    """The page to open on: the tálie being played, the overview once the games are over
    (a harakiri play-off too: its points are there). Until the first game of a new tálie
    is scored, the previous tálie's, whole with its running totals (the new one's page
    was empty; the header says which game is played; review 61)."""
    if view.phase == "finished" or view.contract is Contract.HARAKIRI:
        return OVERVIEW
    tali = max(1, min(TALIE_PER_LORA, view.tali))
    if tali > 1 and tali_sums(view)[tali - 1] is None:
        tali -= 1
    return tali - 1


def _header(img: Image.Image, view: PublicView, lang: str) -> None:
    paste(img, panel(PAGE_W, HEADER_H, BAR, radius=0), 0, 0)
    x = M + text(img, (M, HEADER_H // 2), s("sheet_title", lang), font(32, "bold"), anchor="lm")
    now, fnt = fitted(now_line(view, lang), 26, "regular", PAGE_W - x - 16 - M, smallest=LEAST)
    text(img, (x + 16, HEADER_H // 2 + 1), now, fnt, MUTED, "lm")


def _heads(img: Image.Image, y: int, names: Sequence[str]) -> None:
    """The players' names over the four columns (two lines where one is too narrow)."""
    fnt, heads = heads_lines(CELL_W - 8, names, HEAD_FACES)
    for seat, head in enumerate(heads):
        cx = NAME_W + seat * CELL_W + CELL_W // 2
        for k, part in enumerate(head):
            cy = y + NAMES_H // 2 + (k - (len(head) - 1) / 2) * HEAD_LINE
            text(img, (cx, cy), part, fnt, MUTED, "mm")


def _cell(img: Image.Image, d: ImageDraw.ImageDraw, x: int, y: int, row: ProtocolRow,
          tot: Totals, seat: int) -> None:
    """A player's cell of a game: its points (circled for the red king, on a red box for a
    failed maturita), the knocks' dots left of them, the running total under them."""
    pts = row.points[seat]
    bad = row.failed and row.maturant == seat
    f = font(PTS_PX, "cond")
    right, cy = x + CELL_W - NUM_RIGHT, y + PTS_Y
    w = f.getlength(str(pts))
    colour = RED if bad else (TEXT if pts else FAINT)
    if bad:
        d.rounded_rectangle((right - w - 6, cy - 16, right + 5, cy + 16), 7, fill=RED)
        colour = DARK
    text(img, (right, cy), str(pts), f, colour, "rm")
    if row.red_king == seat and pts:
        r, cx = 19, right - w / 2
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=RED, width=3)
    total = font(TOTAL_PX, "cond")
    text(img, (right, y + TOTAL_Y), str(tot[seat]), total, TOTAL_COLOUR, "rm")
    numbers_left = right - max(w, total.getlength(str(tot[seat])))
    _knocks(img, d, x, y, row.knocks[seat], numbers_left, right - w)


def _knocks(img: Image.Image, d: ImageDraw.ImageDraw, x: int, y: int, n: int,
            numbers_left: float, points_left: float) -> None:
    """A cell's ``n`` knocks: a dot each, top to bottom, a second column past KNOCK_ROWS
    where the numbers (``numbers_left``: the wider one's left edge) leave room; more than
    fit, one dot over their count (12 dots were cut to five beside a three-digit total and
    read as 5), left of the points (``points_left``: their left edge)."""
    columns = 2 if numbers_left - 4 >= x + KNOCK_X + KNOCK_STEP + KNOCK_D else 1
    if n > columns * KNOCK_ROWS:
        count, fnt = fitted(str(n), KNOCK_COUNT_PX, "cond", points_left - x - 10,
                            smallest=LEAST)
        cx = max(x + KNOCK_X + KNOCK_D / 2, x + 4 + fnt.getlength(count) / 2)
        cx = min(cx, points_left - 4 - fnt.getlength(count) / 2)
        dots(d, cx - KNOCK_D / 2, y + KNOCK_COUNT_Y - KNOCK_D - 3, 1, KNOCK_D, GOLD)
        text(img, (cx, y + KNOCK_COUNT_Y), count, fnt, GOLD, "mt")
        return
    for k in range(n):
        column, place = divmod(k, KNOCK_ROWS)
        in_column = min(KNOCK_ROWS, n - column * KNOCK_ROWS)  # (centred in the row)
        top = y + (ROW_H - in_column * KNOCK_STEP + KNOCK_STEP - KNOCK_D) // 2 + (
            place * KNOCK_STEP)
        dots(d, x + KNOCK_X + column * KNOCK_STEP, top, 1, KNOCK_D, GOLD)


def label_layout(line: Line, lang: str) -> tuple[Image.Image | None, list[tuple[str, int]],
                                                  Font]:
    """A line's label on a page: a maturita attempt's badge (None: not one), the game's
    name as lines with where each starts, and its font — beside the badge where it fits
    (LABEL_PX down to LEAST), else under it; whole, cut only past a second line."""
    tag, name, now = label_parts(line, lang, TAG_H, TAG_PX, TAG_PAD)
    x = M // 2 + (int(font(LABEL_PX, "cond").getlength("▶ ")) if now else 0)
    room = NAME_W - x - 6
    beside = x + (tag.width + TAG_GAP if tag is not None else 0)
    for px in range(LABEL_PX, LEAST - 1, -1):
        fnt = font(px, "cond")
        if fnt.getlength(name) <= NAME_W - beside - 6:
            return tag, [(name, beside)], fnt
    fnt = font(LEAST, "cond")
    if tag is not None and fnt.getlength(name) <= room:
        return tag, [("", beside), (name, x)], fnt
    return tag, [(fit(name, fnt, NAME_W - beside - 6), beside)], fnt


def _label(img: Image.Image, y: int, line: Line, lang: str) -> None:
    state = line[3]
    colour = TEXT if state == "done" else (GOLD if state == "now" else FAINT)
    tag, parts, fnt = label_layout(line, lang)
    if state == "now":
        text(img, (M // 2, y + ROW_H // 2), "▶", font(LABEL_PX, "cond"), GOLD, "lm")
    two = len(parts) == 2
    if tag is not None:
        tag_y = y + (ROW_H // 2 - TAG_H - 1 if two else (ROW_H - TAG_H) // 2)
        paste(img, tag, parts[0][1] - tag.width - TAG_GAP, tag_y)
    if two:
        text(img, (parts[1][1], y + ROW_H * 3 // 4), parts[1][0], fnt, colour, "lm")
    else:
        text(img, (parts[0][1], y + ROW_H // 2), parts[0][0], fnt, colour, "lm")


def _block(tali: int, lines: Sequence[Line], names: Sequence[str], leader: str, rows: int,
           lang: str, declared: Sequence[int] = ()) -> Image.Image:
    """One tálie: title, the players' names, a line per game / maturita attempt; the
    ``declared`` seats' čistá stovka marked where it was declared (``_stovka``)."""
    h = TITLE_H + NAMES_H + rows * ROW_H + 8
    img = panel(BLOCK_W, h, (4, 16, 11, 150), radius=12).copy()
    d = ImageDraw.Draw(img)
    paste(img, panel(BLOCK_W, TITLE_H, (0, 0, 0, 120), radius=12), 0, 0)
    title, fnt = fitted(s("sheet_tali", lang, tali=tali, name=leader), 28, "bold",
                        BLOCK_W - 28, smallest=LEAST)
    text(img, (14, TITLE_H // 2), title, fnt, GOLD, "lm")
    _heads(img, TITLE_H, names)
    draw_lines(img, d, TITLE_H + NAMES_H, lines, lang, (ROW_H, NAME_W, CELL_W), _label, _cell)
    _stovka(img, TITLE_H + NAMES_H, lines, declared, lang)
    draw_rules(d, TITLE_H + 4, h - 6, NAME_W, CELL_W)
    return img


def _stovka(img: Image.Image, y0: int, lines: Sequence[Line], declared: Sequence[int],
            lang: str) -> None:
    """The table's "100" badge in each declarer's cell of the červený král game, before
    which he declared čistá stovka (R-STOVKA), as the paper sheet marks it (review 61): at
    the cell's left, clear of the points and of the red king's ring."""
    at = next((i for i, line in enumerate(lines)
               if line[0] == CERVENY_KRAL_GAME and line[4] is None), None)
    if at is None or not declared:
        return
    # (condensed: a bold "100" crowded the red king's ring in a cell)
    mark = badge(s("badge_stovka", lang), BADGE_COLOURS["stovka"], TAG_H, LEAST, 2 * STOVKA_PAD,
                 style="cond")
    for seat in declared:
        paste(img, mark, NAME_W + seat * CELL_W + STOVKA_X, y0 + at * ROW_H + PTS_Y - TAG_H // 2)


def legend_parts(lines: Sequence[Line], lang: str, stovka: bool = False) -> list[str]:
    """The legend a tálie's page needs: the marks drawn on it, in the tall sheet's order,
    then the čistá stovka's (``stovka``: drawn on it)."""
    rows = [line[1] for line in lines if line[1] is not None]
    need = {
        "attempt": any(line[0] == MATURITA_GAME and line[4] is not None for line in lines),
        "failed": any(r.failed for r in rows),
        "king": any(r.red_king is not None and r.points[r.red_king] for r in rows),
        "knock": any(any(r.knocks) for r in rows),
    }
    return [s(f"sheet_legend_{part}", lang) for part in LEGEND_PARTS if need[part]] + (
        [s("sheet_legend_stovka", lang)] if stovka else [])


def _legend(img: Image.Image, y: int, parts: Sequence[str]) -> None:
    fnt = font(LEGEND_PX)
    for k, line in enumerate(legend_lines(parts, fnt)):
        text(img, (PAGE_W // 2, y + k * LEGEND_LINE), line, fnt, FAINT, "ma")


def legend_lines(parts: Sequence[str], fnt: Font) -> list[str]:
    """The legend's parts on as few lines as the page's width takes, a part never split."""
    return sheet_legend_lines(" · ".join(parts), fnt, BLOCK_W)


def _legend_h(parts: Sequence[str]) -> int:
    return LEGEND_LINE * len(legend_lines(parts, font(LEGEND_PX))) + (M if parts else 0)


def tali_page(view: PublicView, names: Sequence[str], lang: str, tali: int) -> Image.Image:
    """The page of tálie ``tali`` (1–4); every tálie's page is as high as the longest's."""
    lang = lang_of(lang)
    who = check_names(names, lang)
    blocks, _harakiri = _lines(view)
    rows = max(len(b) for b in blocks)
    lines = blocks[tali - 1]
    marked = _marked(view, tali)
    parts = legend_parts(lines, lang, bool(marked))
    every = [p for k, b in enumerate(blocks)
             for p in legend_parts(b, lang, bool(_marked(view, k + 1)))]
    block_h = TITLE_H + NAMES_H + rows * ROW_H + 8
    height = HEADER_H + M + block_h + M + _legend_h(list(dict.fromkeys(every)))
    img = felt(PAGE_W, height).copy()
    _header(img, view, lang)
    leader = who[tali_leader(view, tali)]
    paste(img, _block(tali, lines, who, leader, rows, lang, marked), M, HEADER_H + M)
    _legend(img, HEADER_H + M + block_h + M, parts)
    return img


def _marked(view: PublicView, tali: int) -> list[int]:
    """The seats whose čistá stovka is marked on tálie ``tali``'s page (declared: R-STOVKA)."""
    return [seat for seat in range(4) if view.stovka[seat] is True] if tali == STOVKA_TALIE else []


def tali_sums(view: PublicView) -> list[Totals | None]:
    """Each tálie's points per player (None: none of its games played yet)."""
    out: list[Totals | None] = [None] * TALIE_PER_LORA
    for row in view.protocol:
        if row.tali is None:
            continue
        was = out[row.tali - 1] or (0, 0, 0, 0)
        out[row.tali - 1] = (was[0] + row.points[0], was[1] + row.points[1],
                             was[2] + row.points[2], was[3] + row.points[3])
    return out


def box_lines(view: PublicView, harakiri: Sequence[ProtocolRow], lang: str,
              notes: Sequence[Sequence[str]]) -> list[list[tuple[str, tuple[int, int, int]]]]:
    """Each player's box's lines on the overview: čistá stovka, harakiri, the notes of the
    moves nobody clicked for him (at most four, as on the tall sheet)."""
    width = BLOCK_W - 28
    hara = harakiri_lines(harakiri, lang, width, BOX_PX)
    out = []
    for seat in range(4):
        stovka = stovka_line(view, seat, lang)
        lines: list[tuple[str, tuple[int, int, int]]] = [stovka] if stovka else []
        if hara[seat]:
            lines.append((hara[seat], MUTED))
        lines += [(note, FAINT) for note in notes[seat]]
        out.append(lines[:4])
    return out


def _sum_table(view: PublicView, who: Sequence[str], lang: str) -> Image.Image:
    """The overview's table: a row per tálie (its sums), the totals, the places."""
    sums = tali_sums(view)
    places = {seat: i + 1 for i, seat in enumerate(view.order or ())}
    h = TITLE_H + NAMES_H + TALIE_PER_LORA * SUM_ROW_H + TOTAL_ROW_H + (
        SUM_ROW_H if places else 0) + 8
    img = panel(BLOCK_W, h, (4, 16, 11, 150), radius=12).copy()
    d = ImageDraw.Draw(img)
    paste(img, panel(BLOCK_W, TITLE_H, (0, 0, 0, 120), radius=12), 0, 0)
    title = s("sheet_overview" if places else "sheet_overview_running", lang)  # (places: the end)
    text(img, (14, TITLE_H // 2), fit(title, font(28, "bold"), BLOCK_W - 28), font(28, "bold"),
         GOLD, "lm")
    _heads(img, TITLE_H, who)
    y = TITLE_H + NAMES_H
    label = font(LABEL_PX, "cond")
    for k, tot in enumerate(sums):
        if k % 2:
            d.rectangle((2, y, BLOCK_W - 3, y + SUM_ROW_H - 1), fill=(16, 50, 34))
        text(img, (M // 2 + 4, y + SUM_ROW_H // 2), s("sheet_tali_short", lang, tali=k + 1),
             label, TEXT if tot is not None else FAINT, "lm")
        for seat in range(4):
            right = NAME_W + (seat + 1) * CELL_W - NUM_RIGHT
            value = "–" if tot is None else str(tot[seat])
            text(img, (right, y + SUM_ROW_H // 2), value, font(PTS_PX - 4, "cond"),
                 TEXT if tot is not None and tot[seat] else FAINT, "rm")
        y += SUM_ROW_H
    d.line((8, y + 2, BLOCK_W - 9, y + 2), fill=MUTED, width=2)
    text(img, (M // 2 + 4, y + TOTAL_ROW_H // 2), s("sheet_total", lang), font(28, "bold"),
         TEXT, "lm")
    big = total_font([str(v) for v in view.totals])
    for seat in range(4):
        right = NAME_W + (seat + 1) * CELL_W - NUM_RIGHT
        text(img, (right, y + TOTAL_ROW_H // 2 + 2), str(view.totals[seat]), big, TEXT, "rm")
    y += TOTAL_ROW_H
    if places:
        text(img, (M // 2 + 4, y + SUM_ROW_H // 2), s("sheet_order", lang), label, GOLD, "lm")
        for seat, place in sorted(places.items()):
            right = NAME_W + (seat + 1) * CELL_W - NUM_RIGHT
            text(img, (right, y + SUM_ROW_H // 2), s("sheet_place_short", lang, n=place),
                 font(PTS_PX - 4, "cond"), GOLD, "rm")
    draw_rules(d, TITLE_H + 4, h - 6, NAME_W, CELL_W)
    return img


TOTAL_ROOM = CELL_W - NUM_RIGHT - 14  # px: a lóra's total, clear of its column's rule


def total_font(values: Sequence[str]) -> Font:
    """The one font of the four lóra totals: 40 px bold, else condensed as the widest needs
    ("110" nearly touched its column's rule; review 77)."""
    faces = [font(40, "bold")] + [font(px, "cond") for px in range(40, 31, -2)]
    return next((f for f in faces if all(f.getlength(v) <= TOTAL_ROOM for v in values)),
                faces[-1])


def _box(who: Sequence[str], seat: int, lines: Sequence[tuple[str, tuple[int, int, int]]]
         ) -> Image.Image:
    h = BOX_HEAD + BOX_LINE * len(lines) + 8
    img = panel(BLOCK_W, h, (4, 16, 11, 170), radius=12).copy()
    name = fit_apart(who[seat], who, font(26, "bold"), BLOCK_W - 28)
    text(img, (14, BOX_HEAD // 2 + 2), name, font(26, "bold"), TEXT, "lm")
    for i, (line, colour) in enumerate(lines):
        shown, fnt = fitted(line, BOX_PX, "bold", BLOCK_W - 28, smallest=LEAST)
        text(img, (14, BOX_HEAD + i * BOX_LINE + BOX_LINE // 2 - 2), shown, fnt, colour, "lm")
    return img


def overview_page(view: PublicView, names: Sequence[str], lang: str,
                  notes: Sequence[Sequence[str]] | None = None) -> Image.Image:
    """The overview: the tálie's sums, the totals and places, then a box per player with
    something to say (čistá stovka, harakiri, the notes)."""
    lang = lang_of(lang)
    who = check_names(names, lang)
    _blocks, harakiri = _lines(view)
    table = _sum_table(view, who, lang)
    boxes = [_box(who, seat, lines) for seat, lines in
             enumerate(box_lines(view, harakiri, lang, notes or ((), (), (), ()))) if lines]
    height = HEADER_H + M + table.height + M + sum(b.height + M // 2 for b in boxes) + M // 2
    img = felt(PAGE_W, height).copy()
    _header(img, view, lang)
    y = HEADER_H + M
    paste(img, table, M, y)
    y += table.height + M
    for box in boxes:
        paste(img, box, M, y)
        y += box.height + M // 2
    return img


def page_image(view: PublicView, names: Sequence[str], lang: str, page: int,
               notes: Sequence[Sequence[str]] | None = None) -> Image.Image:
    """Page ``page`` (0–3: a tálie's, 4: the overview) as a Pillow image (RGB)."""
    if not isinstance(view, PublicView):
        raise TypeError("render_sheet_page takes a PublicView")
    if not 0 <= page < page_count():
        raise ValueError("no such page of the score sheet")
    if page == OVERVIEW:
        return overview_page(view, names, lang, notes)
    return tali_page(view, names, lang, page + 1)


def render_sheet_page(view: PublicView, names: Sequence[str], lang: str = "cs",
                      page: int = OVERVIEW,
                      notes: Sequence[Sequence[str]] | None = None) -> bytes:
    """PNG of a page of the score sheet (by default the overview)."""
    return encode(page_image(view, names, lang, page, notes), palette.lora())
