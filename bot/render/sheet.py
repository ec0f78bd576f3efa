"""The score sheet (protokol): 4 tálie × 8 games × 4 players with running totals.

Red-king points are circled, knocks are dots, maturita attempts get a row each (failed ones in
red), čistá stovka, harakiri and the final order sit in the players' boxes at the bottom.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render import palette
from bot.render.common import (
    BAR,
    DARK,
    FAINT,
    GOLD,
    GREEN,
    MUTED,
    RED,
    RGB,
    TEXT,
    badge,
    check_names,
    dots,
    encode,
    felt,
    panel,
    paste,
    phone_px,
    text,
    wrap,
)
from bot.render.fonts import Font, fit, fitted, font
from bot.render.names import fit_apart, heads_lines, name_lines
from bot.render.strings import game_name, lang_of, playoff_sums, s
from engine.contracts import GAMES_PER_TALIE, MATURITA_GAME, TALIE_ORDER, TALIE_PER_LORA, Contract
from engine.lora import ProtocolRow, harakiri_playoffs
from engine.views import PublicView

M, NAME_W, CELL_W, ROW_H = 16, 206, 100, 34
BLOCK_W = NAME_W + 4 * CELL_W
RULE = (60, 96, 78)  # the lines between a cell's points and total, between the columns
HEADER_H, TITLE_H, NAMES_H = 56, 38, 54
# the players' names in the column heads: 22 px condensed, down to 20 px (13 px on a phone;
# at 14 px they were 9 px there and cut to 6–8 letters, review 47)
HEAD_PX, HEAD_MIN, HEAD_LINE = 22, 20, 23  # HEAD_LINE: two lines' pitch
BOX_H = 168
PTS_X, TOTAL_PAD = 40, 5  # a cell: the game's points end at PTS_X, the running total at the
# cell's right edge less TOTAL_PAD; a thin rule between them keeps "8" and "104" apart
LABEL_PX = 21  # the games' names (the points are larger)
LABEL_X = 10  # where a line's label starts
# a maturita attempt's badge ("M3 ✗"): its height, text size, room beside the text and the
# gap before the game's name; beside it a name may be smaller, down to LABEL_MIN px
TAG_H, TAG_PX, TAG_PAD, TAG_GAP, LABEL_MIN = 26, 17, 8, 4, 16
# the running totals: a little larger than the games' names, 15 px on a phone, and lighter
# than the muted texts (at 19 px they were a hard-to-read 6 px of ink there, review 15; at
# 21 px in MUTED still small and grey, review 21)
TOTAL_PX, TOTAL_COLOUR = 22, (200, 218, 206)  # (between MUTED and TEXT)
# the knocks' dots under a desítky number: 7 px (4.7 px on a phone; 5 px were a 2 px speck
# there, review 21), the row's numbers lifted by 3 px to make room for them
KNOCK_D, KNOCK_STEP, KNOCK_LIFT = 7, 9, 3
KNOCK_ROOM = PTS_X + 4  # their room: from the cell's left + 3 px to the rule's left (5 dots)
# more knocks than that: one dot and their count, the row's numbers lifted by 6 px over it
KNOCK_COUNT_PX, KNOCK_COUNT_LIFT = 15, 6
BOX_PX = 17  # a box's lines under the total (condensed before anything is cut)
LEGEND_BOTTOM = 12  # px between the legend's last line (its descent included) and the edge

Totals = tuple[int, int, int, int]
# One line of a tálie block: (game number, the row or None if not played yet, running totals
# after it, state "done" / "now" / "later", the maturita attempt and game being played now).
Line = tuple[int, ProtocolRow | None, Totals | None, str, int | None, Contract | None]


def tali_leader(view: PublicView, tali: int) -> int:
    """The seat that leads tálie ``tali`` (1–4): the lead moves a seat on each tálie."""
    return (view.first_leader + tali - 1) % 4


def _lines(view: PublicView) -> tuple[list[list[Line]], list[ProtocolRow]]:
    """The lines of every tálie block, and the harakiri rows."""
    cum = [0, 0, 0, 0]
    done: dict[int, list[tuple[ProtocolRow, Totals]]] = {t: [] for t in range(1, 5)}
    harakiri = []
    for row in view.protocol:
        if row.tali is None:
            harakiri.append(row)
            continue
        for i in range(4):
            cum[i] += row.points[i]
        done[row.tali].append((row, (cum[0], cum[1], cum[2], cum[3])))
    live = view.phase != "finished" and view.contract is not Contract.HARAKIRI
    blocks: list[list[Line]] = []
    for tali in range(1, TALIE_PER_LORA + 1):
        by_game: dict[int, list[tuple[ProtocolRow, Totals]]] = {}
        for row, tot in done[tali]:
            assert row.game is not None
            by_game.setdefault(row.game, []).append((row, tot))
        lines: list[Line] = []
        for game in range(1, GAMES_PER_TALIE + 1):
            is_now = live and view.tali == tali and view.game_no == game
            for row, tot in by_game.get(game, []):
                lines.append((game, row, tot, "done", row.attempt, row.contract))
            if is_now:
                chosen = view.contract if view.phase == "play" else None
                lines.append((game, None, None, "now", view.attempt, chosen))
            elif not by_game.get(game):
                lines.append((game, None, None, "later", None, None))
        blocks.append(lines)
    return blocks, harakiri


def _cell(img: Image.Image, d: ImageDraw.ImageDraw, x: int, y: int, row: ProtocolRow,
          tot: Totals, seat: int) -> None:
    pts = row.points[seat]
    bad = row.failed and row.maturant == seat
    f = font(25, "cond")
    colour = RED if bad else (TEXT if pts else FAINT)
    px, cy = x + PTS_X, y + ROW_H // 2
    # a row with knocks: room for their dots, more for a count
    lift = (KNOCK_COUNT_LIFT if any(map(_counted, row.knocks))
            else KNOCK_LIFT if any(row.knocks) else 0)
    if bad:  # a failed maturita's points: dark on a red box, a shape besides the colour
        w = f.getlength(str(pts))
        top = cy - lift - 11
        d.rounded_rectangle((px - w - 5, top, px + 4, top + 22), 6, fill=RED)
        colour = DARK
    text(img, (px, cy - lift), str(pts), f, colour, "rm")
    if row.red_king == seat and pts:
        r = 16
        cx = px - f.getlength(str(pts)) / 2
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=RED, width=3)
    d.line((x + PTS_X + 8, y + 9, x + PTS_X + 8, y + ROW_H - 9), fill=RULE, width=1)
    text(img, (x + CELL_W - TOTAL_PAD, cy + 2 - lift), str(tot[seat]), font(TOTAL_PX, "cond"),
         TOTAL_COLOUR, "rm")
    if row.knocks[seat]:
        _knocks(img, d, x, y, row.knocks[seat], px - f.getlength(str(pts)) / 2)


def _counted(n: int) -> bool:
    """Whether ``n`` knocks are one dot and their count: more dots than fit from the cell's
    left to the rule before the running total."""
    return KNOCK_STEP * n - (KNOCK_STEP - KNOCK_D) > KNOCK_ROOM


def _knocks(img: Image.Image, d: ImageDraw.ImageDraw, x: int, y: int, n: int,
            cx: float) -> None:
    """A cell's ``n`` knocks under its points (centred on ``cx``): a dot each while they
    fit left of the rule before the running total, else one dot and their count ("•12";
    eight dots ran across the rule under the total and more were not drawn)."""
    y_dots = y + ROW_H - KNOCK_D - 1
    count = font(KNOCK_COUNT_PX, "cond") if _counted(n) else None
    width = (KNOCK_STEP * n - (KNOCK_STEP - KNOCK_D) if count is None
             else KNOCK_D + 2 + count.getlength(str(n)))
    left = min(max(x + 3, cx - width / 2), x + 3 + KNOCK_ROOM - width)
    if count is None:
        dots(d, left, y_dots, n, KNOCK_D, GOLD, KNOCK_STEP)
        return
    dots(d, left, y_dots, 1, KNOCK_D, GOLD)
    text(img, (left + KNOCK_D + 2, y_dots + KNOCK_D), str(n), count, GOLD, "ls")


def _label(img: Image.Image, y: int, line: Line, lang: str) -> None:
    _game, _row, _, state, _, _ = line
    colour = TEXT if state == "done" else (GOLD if state == "now" else FAINT)
    tag, name, x, f = label_layout(line, lang)
    if state == "now":
        text(img, (LABEL_X, y + ROW_H // 2), "▶ ", font(LABEL_PX, "cond"), GOLD, "lm")
    if tag is not None:
        paste(img, tag, x - tag.width - TAG_GAP, y + (ROW_H - TAG_H) // 2)
    text(img, (x, y + ROW_H // 2), name, f, colour, "lm")


def label_layout(line: Line, lang: str) -> tuple[Image.Image | None, str, int, Font]:
    """A line's label: a maturita attempt's badge (None: not one), the game's name as drawn,
    where it starts and its font — the name whole in the games' font, or a few px smaller
    where a badge leaves too little room (down to LABEL_MIN: every game's name fits beside
    the widest badge in both languages); cut only past that."""
    tag, name, now = label_parts(line, lang, TAG_H, TAG_PX, TAG_PAD)
    f = font(LABEL_PX, "cond")
    x = LABEL_X
    if now:
        x += int(f.getlength("▶ "))
    if tag is not None:
        x += tag.width + TAG_GAP
    room = NAME_W - x - 4
    for px in range(LABEL_PX, LABEL_MIN - 1, -1):
        f = font(px, "cond")
        if f.getlength(name) <= room:
            return tag, name, x, f
    return tag, fit(name, f, room), x, f


def label_parts(line: Line, lang: str, tag_h: int, tag_px: int, tag_pad: int
                ) -> tuple[Image.Image | None, str, bool]:
    """What a line's label says: a maturita attempt's badge ``tag_h`` px high (None: not
    one; red when failed, green when passed, gold while played), the game's name (the
    maturant's chosen game on an attempt's line), and whether it is the game being played."""
    game, row, _, state, attempt, chosen = line
    name = game_name(TALIE_ORDER[game - 1], lang)
    tag = None
    if game == MATURITA_GAME and attempt is not None:
        failed = row is not None and row.failed
        colour_tag = RED if failed else (GREEN if row is not None else GOLD)
        # a pill that hugs its text: the longest games' names keep room beside it
        tag = badge(s("sheet_attempt", lang, n=attempt) + (" ✗" if failed else ""), colour_tag,
                    tag_h, tag_px, tag_pad)
        if chosen is not None:
            name = game_name(chosen, lang)
    return tag, name, state == "now"


HEAD_FACES = [font(size, "cond") for size in range(HEAD_PX, HEAD_MIN - 1, -1)]


def _name_lines(name: str, width: int, names: Sequence[str] = ()) -> tuple[Font, list[str]]:
    """A player's name in a column head (``names.name_lines``): condensed, HEAD_PX down to
    HEAD_MIN px (13 px on a phone). The tests' seam: ``_block`` lays all four out at one
    size with ``heads_lines``."""
    return name_lines(name, width, names, HEAD_FACES)


@lru_cache(maxsize=32)
def _block(tali: int, lines: tuple[Line, ...], names: tuple[str, ...], leader: str,
           rows: int, lang: str) -> Image.Image:
    """One tálie: title, player names, a line per game / maturita attempt."""
    h = TITLE_H + NAMES_H + rows * ROW_H + 8
    img = panel(BLOCK_W, h, (4, 16, 11, 150), radius=12).copy()
    d = ImageDraw.Draw(img)
    paste(img, panel(BLOCK_W, TITLE_H, (0, 0, 0, 120), radius=12), 0, 0)
    text(img, (12, TITLE_H // 2), fit(s("sheet_tali", lang, tali=tali, name=leader),
                                    font(22, "bold"), BLOCK_W - 24), font(22, "bold"), GOLD, "lm")
    fn, heads = heads_lines(CELL_W - 8, names, HEAD_FACES)
    for seat, head in enumerate(heads):
        cx = NAME_W + seat * CELL_W + CELL_W // 2
        for k, part in enumerate(head):
            cy = TITLE_H + NAMES_H // 2 + (k - (len(head) - 1) / 2) * HEAD_LINE
            text(img, (cx, cy), part, fn, MUTED, "mm")
    draw_lines(img, d, TITLE_H + NAMES_H, lines, lang,
               (ROW_H, NAME_W, CELL_W), _label, _cell)
    draw_rules(d, TITLE_H + 4, h - 6, NAME_W, CELL_W)
    return img


LabelDrawer = Callable[[Image.Image, int, Line, str], None]
CellDrawer = Callable[[Image.Image, ImageDraw.ImageDraw, int, int, ProtocolRow, Totals, int],
                      None]


def draw_lines(img: Image.Image, d: ImageDraw.ImageDraw, y0: int, lines: Sequence[Line],
               lang: str, grid: tuple[int, int, int], label: LabelDrawer,
               cell: CellDrawer) -> None:
    """A tálie's rows from ``y0`` (the tall sheet's and a page's, each with its own ``grid``
    of row height, names' width and cell width and its own drawers): the game in play lit,
    every other row striped, the game's name and each seat's points."""
    row_h, name_w, cell_w = grid
    for i, line in enumerate(lines):
        _, row, tot, state, _, _ = line
        y = y0 + i * row_h
        if state == "now":
            d.rectangle((2, y, img.width - 3, y + row_h - 1), fill=(70, 62, 22))
        elif i % 2:
            d.rectangle((2, y, img.width - 3, y + row_h - 1), fill=(16, 50, 34))
        label(img, y, line, lang)
        if row is not None and tot is not None:
            for seat in range(4):
                cell(img, d, name_w + seat * cell_w, y, row, tot, seat)


def draw_rules(d: ImageDraw.ImageDraw, top: int, bottom: int, name_w: int, cell_w: int) -> None:
    """The lines between the names' column and the players' columns, from ``top`` to
    ``bottom``."""
    for seat in range(4):
        x = name_w + seat * cell_w
        d.line((x, top, x, bottom), fill=RULE, width=1)


def _boxes(img: Image.Image, y: int, view: PublicView, names: list[str],
           harakiri: list[ProtocolRow], lang: str, per_row: int,
           notes: Sequence[Sequence[str]]) -> None:
    bw = (img.width - (per_row + 1) * M) // per_row
    places = {seat: i + 1 for i, seat in enumerate(view.order or ())}
    lines = harakiri_lines(harakiri, lang, bw - 24)
    for seat in range(4):
        x = M + (seat % per_row) * (bw + M)
        y0 = y + (seat // per_row) * (BOX_H + M)
        _box(img, x, y0, bw, seat, view, names, lines[seat], places, lang, notes[seat])


def box_fits(line: str, width: float, px: int = BOX_PX) -> bool:
    """Whether a box's line is drawn whole in ``width`` px (as ``_box`` draws it, at ``px``)."""
    return fitted(line, px, "bold", width, smallest=px)[0] == line


def harakiri_line(harakiri: Sequence[ProtocolRow], seat: int, lang: str,
                  width: float | None = None, sums: bool = False, px: int = BOX_PX) -> str:
    """A box's harakiri line: the seat's points in the play-offs he was in (R-HARAKIRI), each
    game's, with their sum for a play-off of several games; "" when he was in none.

    ``sums``: only each play-off's sum ("Harakiri: 28 → 0 → 17"), the form of every box when
    one box's games' points do not fit (``harakiri_lines``); should even the sums not fit in
    ``width`` px (many play-offs), the last ones after "…" (the last decided his place)."""
    playoffs = harakiri_playoffs(harakiri, seat)
    if not playoffs:
        return ""
    label = s("sheet_harakiri", lang)
    if not sums:
        return f"{label}: " + playoff_sums(
            [s("sheet_harakiri_sum", lang, points=", ".join(map(str, p)), sum=sum(p))
             if len(p) > 1 else str(p[0]) for p in playoffs]
        )
    totals = [sum(p) for p in playoffs]
    line = f"{label}: {playoff_sums(totals)}"
    for k in range(len(totals) - 1, 0, -1):
        if width is None or box_fits(line, width, px):
            break
        line = f"{label}: {playoff_sums(['…', *totals[-k:]])}"
    return line


def harakiri_lines(harakiri: Sequence[ProtocolRow], lang: str, width: float,
                   px: int = BOX_PX) -> list[str]:
    """The four boxes' harakiri lines (``harakiri_line``), never cut in boxes ``width`` px
    wide: each game's points where every box's fit, else every box the play-offs' sums
    (play-offs repeated after ties, a four-game play-off's longer lists); ``px``: the
    boxes' font size."""
    full = [harakiri_line(harakiri, seat, lang) for seat in range(4)]
    if all(box_fits(line, width, px) for line in full):
        return full
    return [harakiri_line(harakiri, seat, lang, width, sums=True, px=px) for seat in range(4)]


def stovka_word(view: PublicView, seat: int, lang: str) -> tuple[str, RGB]:
    """A declarer's čistá stovka on the sheet: declared while the lóra's games go on; made
    (exactly 100) or missed once they are over (harakiri adds no points)."""
    going = view.phase != "finished" and view.contract is not Contract.HARAKIRI
    if going:
        return s("sheet_stovka_yes", lang), GOLD
    if view.totals[seat] == 100:
        return s("sheet_stovka_made", lang), GREEN
    return s("sheet_stovka_missed", lang), RED


def stovka_line(view: PublicView, seat: int, lang: str) -> tuple[str, RGB] | None:
    """A seat's box's čistá stovka line, for a declarer only: "not declared" in every other
    box said nothing (four times when nobody declared: review 67)."""
    if not view.stovka[seat]:
        return None
    word, colour = stovka_word(view, seat, lang)
    return f"{s('sheet_stovka', lang)}: {word}", colour


def _box(img: Image.Image, x: int, y: int, bw: int, seat: int, view: PublicView,
         names: list[str], pts: str, places: dict[int, int],
         lang: str, notes: Sequence[str]) -> None:
    """One player's box: name, total, čistá stovka, harakiri points (``pts``: his line of
    ``harakiri_lines``), place, and the notes of the moves nobody clicked for him."""
    paste(img, panel(bw, BOX_H, (4, 16, 11, 170), radius=12), x, y)
    text(img, (x + 12, y + 20), fit_apart(names[seat], names, font(21, "bold"), bw - 24),
         font(21, "bold"), TEXT, "lm")
    text(img, (x + 12, y + 58), s("sheet_total", lang), font(18), MUTED, "lm")
    text(img, (x + bw - 12, y + 58), str(view.totals[seat]), font(40, "bold"), TEXT, "rm")
    stovka = stovka_line(view, seat, lang)
    lines = [stovka] if stovka else []
    if pts:
        lines.append((pts, MUTED))
    if seat in places:
        lines.append((s("sheet_place", lang, n=places[seat]), GOLD))
    lines += [(note, FAINT) for note in notes]
    for i, (line, colour) in enumerate(lines[:4]):  # condensed before anything is cut
        label, fnt = fitted(line, BOX_PX, "bold", bw - 24, smallest=BOX_PX)
        text(img, (x + 12, y + 92 + i * 21), label, fnt, colour, "lm")


def sheet_width(columns: int) -> int:
    """How wide the sheet is with ``columns`` columns of tálie."""
    return (columns + 1) * M + columns * BLOCK_W


def phone_columns() -> int:
    """The layout a phone can read: 2 columns of tálie (half as tall) if the games' names
    are still PHONE_TEXT px high when the sheet is shrunk to a phone's width, else 1.

    Two columns are 1260 px wide: on a 430 px screen a game's name would be 7 px high and
    its points 8.5 px; one column (638 px) keeps them at 14 and 17 px, so 1."""
    return 2 if phone_px(sheet_width(2)) <= LABEL_PX else 1


def sheet_image(view: PublicView, names: Sequence[str], lang: str = "cs",
                columns: int | None = None,
                notes: Sequence[Sequence[str]] | None = None) -> Image.Image:
    """The score sheet as a Pillow image (RGB); ``columns`` 2 (landscape), 1 (tall) or None:
    the one a phone can read (``phone_columns``); ``notes``: per seat, short lines for his
    box (the moves nobody clicked for him)."""
    if not isinstance(view, PublicView):
        raise TypeError("render_sheet takes a PublicView")
    if columns is None:
        columns = phone_columns()
    if columns not in (1, 2):
        raise ValueError("columns must be 1 or 2")
    lang = lang_of(lang)
    who = check_names(names, lang)
    blocks, harakiri = _lines(view)
    grid = [list(range(r, r + columns)) for r in range(0, 4, columns)]
    heights = [max(len(blocks[t]) for t in row) for row in grid]
    block_h = [TITLE_H + NAMES_H + n * ROW_H + 8 for n in heights]
    per_row = 4 if columns == 2 else 2
    boxes_h = (4 // per_row) * (BOX_H + M)
    width = sheet_width(columns)
    legend_font = font(legend_size(width))
    legend = legend_lines(legend_text(lang), legend_font, width - 2 * M)
    # a line's pitch: from the ascender line down to the lowest ink (descenders, symbols)
    legend_h = max(int(legend_font.getbbox(line, anchor="la")[3]) for line in legend) + 2
    legend_y = HEADER_H + M + sum(h + M for h in block_h) + boxes_h  # under the boxes' margin
    height = legend_y + legend_h * len(legend) + LEGEND_BOTTOM
    img = felt(width, height).copy()
    paste(img, panel(width, HEADER_H, BAR, radius=0), 0, 0)
    x = M + text(img, (M, HEADER_H // 2), s("sheet_title", lang), font(30, "bold"), anchor="lm")
    now, now_font = fitted(now_line(view, lang), 22, "regular", width - x - 18 - M)
    text(img, (x + 18, HEADER_H // 2 + 1), now, now_font, MUTED, "lm")
    y = HEADER_H + M
    for r, row in enumerate(grid):
        for c, t in enumerate(row):
            leader = who[tali_leader(view, t + 1)]
            piece = _block(t + 1, tuple(blocks[t]), tuple(who), leader, heights[r], lang)
            paste(img, piece, M + c * (BLOCK_W + M), y)
        y += block_h[r] + M
    _boxes(img, y, view, who, harakiri, lang, per_row, notes or ((), (), (), ()))
    for k, line in enumerate(legend):
        text(img, (width // 2, legend_y + k * legend_h), line, legend_font, FAINT, "ma")
    return img


def now_line(view: PublicView, lang: str) -> str:
    """The header's words beside the title: the lóra is over, the harakiri play-off, or
    the tálie and game being played."""
    if view.phase == "finished":
        return s("finished_title", lang)
    if view.contract is Contract.HARAKIRI:
        now = game_name(Contract.HARAKIRI, lang)
        if view.harakiri_replayed:  # R-HARAKIRI: the tie persisted, played again
            now += " · " + s("harakiri_playoff", lang, n=view.harakiri_playoff)
        return now
    game = game_name(view.contract or Contract.CERVENE, lang)
    if view.attempt is not None:
        game = (s("maturita_title", lang, game=game) if view.phase == "play"
                else game_name(Contract.MATURITA, lang))
    return s("sheet_now", lang, tali=view.tali, game=game)


LEGEND_PARTS = ("attempt", "failed", "king", "knock")  # the legend's parts, in its order


def legend_text(lang: str) -> str:
    """The whole legend (the tall sheet's): its parts joined."""
    return " · ".join(s(f"sheet_legend_{part}", lang) for part in LEGEND_PARTS)


def legend_size(width: int) -> int:
    """The legend's font size: readable on a phone for one column (638 px, shown at its
    width), and for two (1260 px, shown in an embed) no larger than the games' names."""
    return max(16, min(phone_px(width), LABEL_PX))


def legend_lines(legend: str, fnt: Font, width: float) -> list[str]:
    """The legend's parts (split at " · ") on as few lines as ``width`` takes, a part never
    split (only one wider than a line is cut)."""
    return [fit(line, fnt, width) for line in wrap(legend, fnt, width, " · ")]


def render_sheet(view: PublicView, names: Sequence[str], lang: str = "cs",
                 columns: int | None = None,
                 notes: Sequence[Sequence[str]] | None = None) -> bytes:
    """PNG of the score sheet: 2 columns of tálie (landscape), 1 (tall) or by default the
    one a phone can read (``phone_columns``)."""
    return encode(sheet_image(view, names, lang, columns, notes), palette.lora())
