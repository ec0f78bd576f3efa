"""The leaderboard picture: one page (up to ten players) of a guild's ratings.

Columns: rank (gold, silver and bronze medals for 1–3), name, rating (with a "provisional" tag),
games, wins and average points per lóra; the legend says that the rating orders it (an
average that reads "fewer is better" is not the order). Sized for phones: 760 px wide,
still readable when Discord shrinks it to 400 px.
"""

from __future__ import annotations

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
    encode,
    felt,
    panel,
    paste,
    phone_px,
    readable_name,
    text,
)
from bot.render.fonts import Font, clean_name, fit, fitted, font

if TYPE_CHECKING:
    from bot.storage import LeaderboardRow

MAX_ROWS = 10
W, M = 760, 16
HEADER_H, COLS_H, ROW_H, LEGEND_LINE = 62, 42, 68, 26
SMALL_PX = phone_px(W, 11)  # the least size of a word here (the tag, the legend) on a phone
RANK_CX, NAME_X = 56, 94
# right edges of the numeric columns, and where the name must end: where they stand when
# their texts are short (Lóra's); wider texts (Taroky's money) move the columns left
RATING_R, GAMES_R, WINS_R, AVG_R = 458, 548, 630, W - M - 14
NAME_END = 330  # (the "provisional" tag under a rating, 11 px on a phone, reaches 331)
COL_GAP = 18  # px at least between a column's widest text and the next column
NAME_GAP = 5  # px at least between the name and the rating's widest text (its tag)
MEDAL_D = 44
MEDALS: dict[int, RGB] = {1: GOLD, 2: (198, 206, 214), 3: (214, 140, 76)}
STRIPE: RGB = (16, 50, 34)
TAG_FILL: RGB = (34, 72, 54)


def s(key: str, lang: str, kind: str = "lora") -> str:
    """The leaderboard picture's words: ``lb_x`` is ``<kind>.board.x`` of the catalog when
    the game words it its own way, else ``core.board.x``."""
    return game_t(kind, f"board.{key.removeprefix('lb_')}", lang)


def _shade(colour: RGB, k: float) -> RGB:
    r, g, b = colour
    return (min(255, int(r * k)), min(255, int(g * k)), min(255, int(b * k)))


@lru_cache(maxsize=8)
def medal(rank: int, colour: RGB, size: int = MEDAL_D) -> Image.Image:
    """A round medal with ``rank`` on it (RGBA), drawn 4× larger and scaled down (smooth)."""
    k = 4
    big = size * k
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse((0, 0, big - 1, big - 1), fill=(*_shade(colour, 0.62), 255))
    d.ellipse((3 * k, 3 * k, big - 1 - 3 * k, big - 1 - 3 * k), fill=(*colour, 255))
    d.ellipse((7 * k, 7 * k, big - 1 - 7 * k, big - 1 - 7 * k),
              outline=(*_shade(colour, 1.25), 255), width=2 * k)
    img = img.resize((size, size), Image.Resampling.LANCZOS)
    text(img, (size / 2, size / 2 + 1), str(rank), font(int(size * 0.55), "bold"), DARK, "mm")
    return img


@lru_cache(maxsize=4)
def _tag(value: str) -> Image.Image:
    """The small "provisional" pill (RGBA)."""
    f = font(SMALL_PX, "cond")  # condensed: the names keep their room beside it
    w, h = int(f.getlength(value)) + 10, 26
    img = panel(w, h, (*TAG_FILL, 255), radius=h // 2).copy()
    text(img, (w / 2, h / 2), value, f, MUTED, "mm")
    return img


def _legend(lang: str, provisional: bool, kind: str) -> list[tuple[str, Font]]:
    """The legend's lines and their fonts: SMALL_PX, condensed where a line is too wide."""
    keys = ("lb_legend_order", "lb_legend_avg", "lb_legend_provisional") if provisional \
        else ("lb_legend_order", "lb_legend_avg")
    return [fitted(s(key, lang, kind), SMALL_PX, "regular", W - 2 * M, SMALL_PX) for key in keys]


Columns = tuple[int, int, int, int, int]  # name end, then the right edges: rating … average
DEFAULT_COLUMNS: Columns = (NAME_END, RATING_R, GAMES_R, WINS_R, AVG_R)


def _columns(rows: Sequence[LeaderboardRow], lang: str, kind: str,
             avg: Sequence[str]) -> Columns:
    """Where the name ends and each numeric column's right edge is for these rows: each column
    as far right as its usual place, but left of the next column by its widest text (label or
    value) and ``COL_GAP``, so a wide value (``+415.50 Kč``) never runs into its neighbour."""
    label = font(20, "cond")
    fc = font(27, "cond")

    def widest(key: str, values: Sequence[str]) -> float:
        return max([label.getlength(s(key, lang, kind)), *(fc.getlength(v) for v in values)])

    avg_r = AVG_R
    wins_r = min(WINS_R, int(avg_r - widest("lb_avg", avg) - COL_GAP))
    games_r = min(GAMES_R, int(wins_r - widest("lb_wins", [str(r.wins) for r in rows])
                               - COL_GAP))
    rating_r = min(RATING_R, int(games_r - widest("lb_games", [str(r.games) for r in rows])
                                 - COL_GAP))
    fr = font(30, "bold")
    rating_w = max([fr.getlength(str(r.rating)) for r in rows]
                   + [_tag(s("lb_provisional", lang)).width for r in rows if r.provisional]
                   + [0.0])
    name_end = min(NAME_END, int(rating_r - rating_w - NAME_GAP))
    return (name_end, rating_r, games_r, wins_r, avg_r)


@lru_cache(maxsize=32)
def _base(lang: str, title: str, rows: int, provisional: bool,
          kind: str = "lora", columns: Columns = DEFAULT_COLUMNS) -> Image.Image:
    """Felt, the title bar, the table's panel with column labels and row stripes (RGB)."""
    body = max(rows, 1) * ROW_H
    legend = _legend(lang, provisional, kind) if rows else []
    height = HEADER_H + M + COLS_H + body + 8 + M + len(legend) * LEGEND_LINE + (8 if legend else 0)
    img = felt(W, height).copy()
    paste(img, panel(W, HEADER_H, BAR, radius=0), 0, 0)
    ft = font(30, "bold")
    text(img, (M + 2, HEADER_H // 2), fit(title, ft, W - 2 * M - 4), ft, TEXT, "lm")
    top = HEADER_H + M
    paste(img, panel(W - 2 * M, COLS_H + body + 8, (4, 16, 11, 170), radius=14), M, top)
    fc = font(20, "cond")
    cy = top + COLS_H // 2 + 2
    text(img, (RANK_CX, cy), s("lb_rank", lang, kind), fc, MUTED, "mm")
    text(img, (NAME_X, cy), s("lb_player", lang, kind), fc, MUTED, "lm")
    for key, right in zip(("lb_rating", "lb_games", "lb_wins", "lb_avg"), columns[1:],
                          strict=True):
        text(img, (right, cy), s(key, lang, kind), fc, MUTED, "rm")
    d = ImageDraw.Draw(img)
    y0 = top + COLS_H
    d.line((M + 10, y0 - 1, W - M - 11, y0 - 1), fill=(60, 96, 78), width=1)
    for i in range(1, rows, 2):
        y = y0 + i * ROW_H
        d.rectangle((M + 3, y, W - M - 4, y + ROW_H - 1), fill=STRIPE)
    if not rows:
        f = font(24)
        text(img, (W // 2, y0 + ROW_H // 2), s("lb_empty", lang, kind), f, MUTED, "mm")
    y = top + COLS_H + body + 8 + M
    for line, f in legend:
        text(img, (W // 2, y + LEGEND_LINE // 2), line, f, FAINT, "mm")
        y += LEGEND_LINE
    return img


def _row(img: Image.Image, y: int, row: LeaderboardRow, lang: str, avg: str,
         columns: Columns = DEFAULT_COLUMNS) -> None:
    name_end, rating_r, games_r, wins_r, avg_r = columns
    cy = y + ROW_H // 2
    rank = int(row.rank)
    if rank in MEDALS:
        piece = medal(rank, MEDALS[rank])
        paste(img, piece, RANK_CX - MEDAL_D // 2, cy - MEDAL_D // 2)
    else:
        fr = font(24 if rank < 1000 else 18, "bold")
        text(img, (RANK_CX, cy), str(rank), fr, MUTED, "mm")
    name = readable_name(row.name, lang, rank, "rank")  # unreadable: by its rank
    # a long name: condensed (at the same size) before ellipsized
    name, fn = fitted(name, 27, "bold", name_end - NAME_X, smallest=27)
    text(img, (NAME_X, cy), name, fn, GOLD if rank == 1 else TEXT, "lm")
    fr = font(30, "bold")
    if row.provisional:
        tag = _tag(s("lb_provisional", lang))
        text(img, (rating_r, cy - 12), str(row.rating), fr, MUTED, "rm")
        paste(img, tag, rating_r - tag.width, cy + 8)
    else:
        text(img, (rating_r, cy), str(row.rating), fr, TEXT, "rm")
    fc = font(27, "cond")
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
