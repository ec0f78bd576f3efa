"""The leaderboard picture: one page (up to ten players) of a guild's ratings.

Columns: rank (gold, silver and bronze medals for 1–3), name, rating (with a "provisional" tag),
games, wins and average points per lóra; the legend says that the rating orders it (an
average that reads "fewer is better" is not the order). It is shown in the leaderboard's
embed, on a phone ``EMBED_W`` (310) px wide and at most ``EMBED_H`` (280) px high: its ten
rows, column labels and legend fit that box (at most ``EMBED_H / EMBED_W`` of its width
high), every word ``SMALL_PX`` or more — 11 px there. A provisional rating is marked "*"
beside it (a tag under it took a second line no row has room for), the legend says what it
means.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.i18n import game_t, lang_of, score_number
from bot.render.common import (
    BAR,
    DARK,
    FAINT,
    GOLD,
    MUTED,
    RGB,
    TEXT,
    embed_px,
    encode,
    felt,
    panel,
    paste,
    readable_name,
    text,
    wrap,
)
from bot.render.fonts import Font, clean_name, fit, fitted, font

if TYPE_CHECKING:
    from bot.storage import LeaderboardRow

MAX_ROWS = 10
W, M = 760, 8
HEADER_H, COLS_H, ROW_H, LEGEND_LINE, PAD = 44, 34, 45, 30, 4
# the least size of a word here (labels, ranks, the legend): 11 px in the embed
SMALL_PX = embed_px(W)
NAME_PX, NUMBER_PX = 30, 30  # a name (condensed, then cut, at NAME_PX - 2 at least), a number
MEDAL_D = 38
RANK_L, RANK_GAP = M + 8, 14  # the ranks' column's left edge; from it to the names
# the ranks' column and the names' start when the ranks are no wider than a medal (1–99)
RANK_CX, NAME_X = RANK_L + MEDAL_D // 2, RANK_L + MEDAL_D + RANK_GAP
# right edges of the numeric columns, and where the name must end: where they stand when
# their texts are short (Lóra's); wider texts (Taroky's money) move the columns left
RATING_R, GAMES_R, WINS_R, AVG_R = 433, 540, 634, W - M - 12
NAME_END = 324
COL_GAP = 14  # px at least between a column's widest text and the next column
NAME_GAP = 8  # px at least between the name and the rating's widest text
MARK = "*"  # beside a provisional rating; the legend says what it means
MEDALS: dict[int, RGB] = {1: GOLD, 2: (198, 206, 214), 3: (214, 140, 76)}
STRIPE: RGB = (16, 50, 34)


def s(key: str, lang: str, kind: str = "lora") -> str:
    """The leaderboard picture's words: ``lb_x`` is ``<kind>.board.x`` of the catalog when
    the game words it its own way, else ``core.board.x``."""
    return game_t(kind, f"board.{key.removeprefix('lb_')}", lang)


def _shade(colour: RGB, k: float) -> RGB:
    r, g, b = colour
    return (min(255, int(r * k)), min(255, int(g * k)), min(255, int(b * k)))


@lru_cache(maxsize=8)
def medal(rank: int, colour: RGB, size: int = MEDAL_D, px: int | None = None) -> Image.Image:
    """A round medal with ``rank`` on it (RGBA) in ``px`` bold (by default 0.55 of its
    size), drawn 4× larger and scaled down (smooth)."""
    k = 4
    big = size * k
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse((0, 0, big - 1, big - 1), fill=(*_shade(colour, 0.62), 255))
    d.ellipse((3 * k, 3 * k, big - 1 - 3 * k, big - 1 - 3 * k), fill=(*colour, 255))
    ring = max(5, size // 7) * k
    d.ellipse((ring, ring, big - 1 - ring, big - 1 - ring),
              outline=(*_shade(colour, 1.25), 255), width=2 * k)
    img = img.resize((size, size), Image.Resampling.LANCZOS)
    text(img, (size / 2, size / 2 + 1), str(rank), font(px or int(size * 0.55), "bold"), DARK,
         "mm")
    return img


def _legend(lang: str, provisional: bool, kind: str) -> list[tuple[str, Font]]:
    """The legend's items and their font (condensed ``SMALL_PX``): the order, the average,
    and the provisional mark's when a row has it. Each starts a line (``_legend_lines``)."""
    f = font(SMALL_PX, "narrow")
    items = [s("lb_legend_order", lang, kind), s("lb_legend_avg", lang, kind)]
    if provisional:
        items.append(f"{MARK} {s('lb_legend_provisional', lang, kind)}")
    return [(item, f) for item in items]


def balanced(value: str, f: Font, width: float) -> list[str]:
    """``value`` wrapped to ``width`` px in as few lines as it takes, its lines as even as
    they can be (no "ne průměr." left alone on the second line)."""
    lines = wrap(value, f, width)
    low, high = 1, int(width)
    while low < high:  # the narrowest width that still takes no more lines
        mid = (low + high) // 2
        tried = wrap(value, f, mid)
        if len(tried) <= len(lines) and all(f.getlength(line) <= mid for line in tried):
            high = mid
        else:
            low = mid + 1
    return wrap(value, f, high)


def _legend_lines(lang: str, provisional: bool, kind: str) -> list[tuple[str, Font]]:
    """The legend's items, each wrapped to the picture's width (``balanced``)."""
    return [(line, f) for item, f in _legend(lang, provisional, kind)
            for line in balanced(item, f, W - 2 * M)]


# the ranks' centre, the names' start and end, then the right edges: rating … average
Columns = tuple[int, int, int, int, int, int, int]
DEFAULT_COLUMNS: Columns = (RANK_CX, NAME_X, NAME_END, RATING_R, GAMES_R, WINS_R, AVG_R)


def _mark_w() -> int:
    """The room kept right of the ratings for a provisional one's mark."""
    return int(font(NUMBER_PX, "bold").getlength(MARK)) + 2


def _columns(rows: Sequence[LeaderboardRow], lang: str, kind: str,
             avg: Sequence[str]) -> Columns:
    """Where the name ends and each numeric column's right edge is for these rows: each column
    as far right as its usual place, but left of the next column by its widest text (label or
    value) and ``COL_GAP``, so a wide value (``+415.50 Kč``) never runs into its neighbour.
    (A label wider than its values, "Hodnocení", reaches left over the names' column: the
    labels' row has only "Hráč" there.)"""
    label = font(SMALL_PX, "cond")
    fc = font(NUMBER_PX, "cond")

    def widest(key: str, values: Sequence[str]) -> float:
        return max([label.getlength(s(key, lang, kind)), *(fc.getlength(v) for v in values)])

    avg_r = AVG_R
    wins_r = min(WINS_R, int(avg_r - widest("lb_avg", avg) - COL_GAP))
    games_r = min(GAMES_R, int(wins_r - widest("lb_wins", [str(r.wins) for r in rows])
                               - COL_GAP))
    rating_r = min(RATING_R, int(games_r - widest("lb_games", [str(r.games) for r in rows])
                                 - COL_GAP))
    fr = font(NUMBER_PX, "bold")
    rating_w = max([fr.getlength(str(r.rating)) for r in rows] + [0.0]) + _mark_w()
    name_end = min(NAME_END, int(rating_r - rating_w - NAME_GAP))
    # ranks past 99 (a big server's later pages) widen their column: never cut ("1…")
    rank_w = math.ceil(max([font(SMALL_PX, "bold").getlength(str(r.rank)) for r in rows]
                           + [MEDAL_D]))
    return (RANK_L + (rank_w + 1) // 2, RANK_L + rank_w + RANK_GAP, name_end, rating_r,
            games_r, wins_r, avg_r)


def height(rows: int, legend_lines: int) -> int:
    """The picture's height: the title bar, the table (labels and ``rows``), the legend."""
    legend = legend_lines * LEGEND_LINE + M if legend_lines else 0
    return HEADER_H + M + COLS_H + max(rows, 1) * ROW_H + PAD + M + legend


@lru_cache(maxsize=32)
def _base(lang: str, title: str, rows: int, provisional: bool,
          kind: str = "lora", columns: Columns = DEFAULT_COLUMNS) -> Image.Image:
    """Felt, the title bar, the table's panel with column labels and row stripes (RGB)."""
    body = max(rows, 1) * ROW_H
    legend = _legend_lines(lang, provisional, kind) if rows else []
    img = felt(W, height(rows, len(legend))).copy()
    paste(img, panel(W, HEADER_H, BAR, radius=0), 0, 0)
    ft = font(30, "bold")
    text(img, (M + 4, HEADER_H // 2), fit(title, ft, W - 2 * M - 8), ft, TEXT, "lm")
    top = HEADER_H + M
    paste(img, panel(W - 2 * M, COLS_H + body + PAD, (4, 16, 11, 170), radius=12), M, top)
    fc = font(SMALL_PX, "cond")
    cy = top + COLS_H // 2 + 1
    text(img, (columns[0], cy), s("lb_rank", lang, kind), fc, MUTED, "mm")
    text(img, (columns[1], cy), s("lb_player", lang, kind), fc, MUTED, "lm")
    for key, right in zip(("lb_rating", "lb_games", "lb_wins", "lb_avg"), columns[3:],
                          strict=True):
        text(img, (right, cy), s(key, lang, kind), fc, MUTED, "rm")
    d = ImageDraw.Draw(img)
    y0 = top + COLS_H
    d.line((M + 8, y0 - 1, W - M - 9, y0 - 1), fill=(60, 96, 78), width=1)
    for i in range(1, rows, 2):
        y = y0 + i * ROW_H
        d.rectangle((M + 3, y, W - M - 4, y + ROW_H - 1), fill=STRIPE)
    if not rows:
        f = font(NUMBER_PX)
        text(img, (W // 2, y0 + ROW_H // 2), s("lb_empty", lang, kind), f, MUTED, "mm")
    y = top + COLS_H + body + PAD + M
    for line, f in legend:
        text(img, (W // 2, y + LEGEND_LINE // 2), line, f, FAINT, "mm")
        y += LEGEND_LINE
    return img


def _row(img: Image.Image, y: int, row: LeaderboardRow, lang: str, avg: str,
         columns: Columns = DEFAULT_COLUMNS) -> None:
    rank_cx, name_x, name_end, rating_r, games_r, wins_r, avg_r = columns
    cy = y + ROW_H // 2
    rank = int(row.rank)
    if rank in MEDALS:
        piece = medal(rank, MEDALS[rank], MEDAL_D, SMALL_PX)
        paste(img, piece, rank_cx - MEDAL_D // 2, cy - MEDAL_D // 2)
    else:
        text(img, (rank_cx, cy), str(rank), font(SMALL_PX, "bold"), MUTED, "mm")
    name = readable_name(row.name, lang, rank, "rank")  # unreadable: by its rank
    # a long name: condensed (a little smaller) before ellipsized
    name, fn = fitted(name, NAME_PX, "bold", name_end - name_x, smallest=NAME_PX - 2)
    text(img, (name_x, cy), name, fn, GOLD if rank == 1 else TEXT, "lm")
    fr = font(NUMBER_PX, "bold")
    number_r = rating_r - _mark_w()
    if row.provisional:
        text(img, (number_r, cy), str(row.rating), fr, MUTED, "rm")
        text(img, (number_r + 2, cy), MARK, fr, MUTED, "lm")
    else:
        text(img, (number_r, cy), str(row.rating), fr, TEXT, "rm")
    fc = font(NUMBER_PX, "cond")
    text(img, (games_r, cy), str(row.games), fc, TEXT, "rm")
    text(img, (wins_r, cy), str(row.wins), fc, TEXT if row.wins else FAINT, "rm")
    text(img, (avg_r, cy), avg, fc, TEXT, "rm")


def averages(rows: Sequence[LeaderboardRow], lang: str,
             avg_text: Callable[[float | None], str] | None = None) -> list[str]:
    """The rows' average scores as the picture writes them: ``avg_text``'s, else
    ``score_number``'s (a true minus, as the other pictures)."""
    return [avg_text(r.avg_points) if avg_text is not None else score_number(r.avg_points, lang)
            for r in rows]


def leaderboard_image(rows: Sequence[LeaderboardRow], lang: str = "cs",
                      title: str = "", kind: str = "lora",
                      avg_text: Callable[[float | None], str] | None = None) -> Image.Image:
    """The leaderboard page as a Pillow image (RGB); ``kind`` the game whose words it uses,
    ``avg_text`` how its average score is written (default: a number)."""
    if len(rows) > MAX_ROWS:
        raise ValueError(f"at most {MAX_ROWS} leaderboard rows per picture")
    lang = lang_of(lang)
    head = clean_name(title) if title.strip() else s("lb_title", lang, kind)
    avg = averages(rows, lang, avg_text)
    columns = _columns(rows, lang, kind, avg)
    img = _base(lang, head, len(rows), any(r.provisional for r in rows), kind, columns).copy()
    y0 = HEADER_H + M + COLS_H
    for i, row in enumerate(rows):
        _row(img, y0 + i * ROW_H, row, lang, avg[i], columns)
    return img


def render_leaderboard(rows: Sequence[LeaderboardRow], lang: str = "cs", title: str = "",
                       kind: str = "lora",
                       avg_text: Callable[[float | None], str] | None = None) -> bytes:
    """PNG of one leaderboard page: ``rows`` are ``bot.storage.LeaderboardRow`` (at most 10),
    ``title`` the header (default "Žebříček" / "Leaderboard"), ``kind`` the game."""
    return encode(leaderboard_image(rows, lang, title, kind, avg_text))
