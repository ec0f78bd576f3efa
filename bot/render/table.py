"""The table picture: the header, the four seats in a row, the game under them, the legend.

Only ``PublicView`` goes in, so nothing hidden can be drawn. The picture is shown inside an
embed, about ``EMBED_W`` px wide on a phone: its words are at least ``SMALL_PX`` px, 11 px
high there. Each seat has a column, in play order from ``bottom_seat``: its panel, and under
it the card it played to the trick and its card of the last trick.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from bot.render import center, palette
from bot.render.center import Area
from bot.render.common import (
    BAR,
    BLUE,
    GOLD,
    MUTED,
    check_names,
    encode,
    felt,
    glow_ring,
    panel,
    paste,
    text,
    with_footer,
)
from bot.render.fonts import fitted
from bot.render.names import fit_said, fit_word
from bot.render.seats import (
    SEAT_H,
    SEAT_W,
    SMALL_PX,
    bare_knocks,
    legend,
    legend_height,
    seat_panel,
)
from bot.render.strings import game_name, lang_of, s
from engine.contracts import TRICK_CONTRACTS, Contract
from engine.views import DesitkyView, KvartyView, PublicView, TrickView

W, H = 720, 540
HEADER_H = 76  # two lines: the game and who is to act; where in the lóra it is
LINE_1, LINE_2 = 22, 57  # their middles
MARGIN = 6  # the picture's edge, and between two seats
SEAT_Y = HEADER_H + 6
# Panel boxes (x, y, w, h) by position in the row, play order from the bottom seat
BOXES = {pos: (MARGIN + pos * (SEAT_W + MARGIN), SEAT_Y, SEAT_W, SEAT_H) for pos in range(4)}
GAME_Y = SEAT_Y + SEAT_H + 6
LEGEND_W = W - 2 * MARGIN
MARKS = ("ai", "away")  # the bot's marks of a seat (``table_image``), badges in this order
TITLE_PX, ACT_PX = 32, 28


@lru_cache(maxsize=8)
def _base(lang: str) -> Image.Image:
    """The felt with the header bar: the part that never changes."""
    img = felt(W, H).copy()
    paste(img, panel(W, HEADER_H, BAR, radius=0), 0, 0)
    return img


def title_parts(view: PublicView, names: list[str], lang: str) -> tuple[str, str]:
    """The game's name and the line after it (tálie, game, attempt, trick, harakiri tie)."""
    if view.phase == "finished":
        return s("finished_title", lang), ""
    contract = view.contract or Contract.CERVENE
    name = game_name(contract, lang)
    if contract is Contract.HARAKIRI:
        seats = view.harakiri_seats or ()
        sub = s("harakiri_for", lang, names=", ".join(names[x] for x in seats))
        if (view.harakiri_games or 1) > 1:  # R-HARAKIRI: four games, summed
            sub += " · " + s("harakiri_game", lang, game=view.harakiri_game,
                             games=view.harakiri_games)
        # the tie persisted and is played off again (last: long names leave it out first,
        # the hand's and the sheet's titles still say it)
        if view.harakiri_replayed:
            sub += " · " + s("harakiri_playoff", lang, n=view.harakiri_playoff)
        return name, sub
    if view.attempt is not None:
        sub = s("maturita_attempt", lang, attempt=view.attempt, tali=view.tali)
        if view.phase == "choose":
            return game_name(Contract.MATURITA, lang), sub
        return s("maturita_title", lang, game=name), sub
    sub = s("tali_game", lang, tali=view.tali, game=view.game_no)
    match view.game:
        case TrickView(tricks=tricks) if view.phase == "play" and contract in TRICK_CONTRACTS:
            sub += " · " + s("trick_no", lang, n=min(8, len(tricks) + 1))
        case _:
            pass
    return name, sub


def _header(img: Image.Image, view: PublicView, names: list[str], lang: str) -> None:
    """The game's name and who is to act on the first line, each whole where it can be
    (condensed and a little smaller before the name to act is cut, apart from the others);
    where in the lóra it is on the second, its last parts left out first where it is long;
    with no second line (the lóra over) the first in the band's middle (review 77)."""
    title, sub = title_parts(view, names, lang)
    parts = sub.split(" · ") if sub else []
    y = LINE_1 if parts else HEADER_H // 2
    right: float = W - 14
    if view.to_act is not None:
        label, fw = fit_said(lambda who: s("to_act", lang, name=who), names[view.to_act],
                             names, ACT_PX, "bold", 360, SMALL_PX, fit_word)
        right -= text(img, (right, y), label, fw, GOLD, "rm") + 20
    label, fb = fitted(title, TITLE_PX, "bold", right - 14, smallest=SMALL_PX)
    text(img, (14, y), label, fb, anchor="lm")
    for k in range(len(parts), 0, -1):
        whole = " · ".join(parts[:k])
        label, fr = fitted(whole, SMALL_PX, "regular", W - 28, smallest=SMALL_PX)
        if label == whole or k == 1:
            text(img, (14, LINE_2), label, fr, MUTED, "lm")
            break


def trick_leader(view: PublicView) -> int | None:
    """Who leads the current trick (its first card, or the seat about to lead it)."""
    match view.game:
        case TrickView(trick=trick) if view.phase == "play":
            return trick[0][0] if trick else view.to_act
        case _:
            return None


def total_label(view: PublicView) -> str:
    """The key naming the seats' lóra totals: in a game that counts, the total is the one
    before it ("before 11 / game 4", not a "total" read as taking the game in; a harakiri's
    points never enter the total)."""
    return "pts_before" if view.phase == "play" and view.harakiri_seats is None else "pts_lora"


def _kinds(view: PublicView, seat: int) -> tuple[str, ...]:
    if view.phase == "finished":
        return ("stovka",) if view.stovka[seat] is True else ()
    kinds = []
    if view.in_tali and seat == view.dealer:  # (none in a harakiri: review 54)
        kinds.append("dealer")
    if view.in_tali and seat == view.leader:
        kinds.append("leader")
    if seat == trick_leader(view):
        kinds.append("trick")
    if view.maturant == seat:
        kinds.append("maturant")
    if view.stovka[seat] is True:
        kinds.append("stovka")
    return tuple(kinds)


def _legend_kinds(view: PublicView, marks: Sequence[str | None] = (),
                  lang: str = "cs") -> tuple[str, ...]:
    kinds = ["dealer", "leader"] if view.in_tali else []
    if trick_leader(view) is not None:
        kinds.append("trick")
    if view.maturant is not None and view.phase != "finished":
        kinds.append("maturant")
    summed = _summed(view)
    if any(bare_knocks(game, knocks, lang, label)
           for game, knocks, label in (_game_row(view, seat, summed) for seat in range(4))):
        # a panel's knocks are dots without their word (review 83); before "stovka", so that
        # every role a desítky can have takes two lines (no "trick" in a desítky)
        kinds.append("knock")
    if any(a is True for a in view.stovka):
        kinds.append("stovka")
    kinds += [k for k in MARKS if k in marks]
    return tuple(kinds)


def _summed(view: PublicView) -> dict[int, int]:
    """A play-off of several games: the tied seats' sums so far, shown instead of the lóra
    total they are tied on (R-HARAKIRI); else none."""
    if (view.harakiri_games or 1) <= 1:
        return {}
    return dict(zip(view.harakiri_seats or (), view.harakiri_sums, strict=False))


def _game_row(view: PublicView, seat: int,
              summed: dict[int, int]) -> tuple[int | None, int, str]:
    """A seat panel's second row: this game's points (None: not in play), the knocks, and
    the label of the total above them (``summed``: ``_summed(view)``)."""
    game = view.running_points[seat] if view.phase == "play" else None
    label = "pts_sum" if seat in summed else total_label(view)
    return game, view.knocks[seat], label


def columns(bottom: int) -> dict[int, int]:
    """Each seat's column: the middle x of its panel (``bottom`` first, then in play order)."""
    return {seat: BOXES[(seat - bottom) % 4][0] + SEAT_W // 2 for seat in range(4)}


def game_area(legend_h: int) -> Area:
    """Where the game is drawn: under the seats, above a legend ``legend_h`` px high."""
    bottom = H - MARGIN - (legend_h + 4 if legend_h else 0)
    return Area(MARGIN, GAME_Y, W - 2 * MARGIN, bottom - GAME_Y)


def _seats(img: Image.Image, view: PublicView, names: list[str], lang: str,
           highlight: int | None, bottom: int, marks: Sequence[str | None] = ()) -> None:
    summed = _summed(view)
    for seat, colour in ((highlight, BLUE), (view.to_act, GOLD)):  # rings under the panels
        if seat is not None:
            x, y, w, h = BOXES[(seat - bottom) % 4]
            paste(img, glow_ring(w, h, colour, MARGIN, 14), x - MARGIN, y - MARGIN)
    for seat in range(4):
        x, y, _, _ = BOXES[(seat - bottom) % 4]
        game, knocks, label = _game_row(view, seat, summed)
        piece = seat_panel(
            names[seat],
            view.hand_counts[seat],
            summed.get(seat, view.totals[seat]),
            game,
            knocks,
            _kinds(view, seat) + _mark(marks, seat),
            seat == view.to_act,
            lang,
            label,
            names=tuple(names),
        )
        paste(img, piece, x, y)


def _mark(marks: Sequence[str | None], seat: int) -> tuple[str, ...]:
    """The seat's mark ("ai", "away"), as a badge kind."""
    mark = marks[seat] if seat < len(marks) else None
    return (mark,) if mark in MARKS else ()


def table_image(view: PublicView, names: Sequence[str], lang: str = "cs",
                highlight_seat: int | None = None, bottom_seat: int = 0,
                marks: Sequence[str | None] = (), tournament: str = "") -> Image.Image:
    """The table as a Pillow image (RGB). ``marks``: per seat "ai" (an AI plays for the
    human there), "away" (an absent human the table waits for) or None; ``tournament``:
    a tournament's table as its thread names it, in a bar under the table ("": none)."""
    if not isinstance(view, PublicView):
        raise TypeError("render_table takes a PublicView")
    lang = lang_of(lang)
    who = check_names(names, lang)
    img = _base(lang).copy()
    _header(img, view, who, lang)
    kinds = _legend_kinds(view, marks, lang)
    ended = view.phase == "finished"
    legend_h = legend_height(kinds, lang, LEGEND_W, ended)
    if kinds:
        paste(img, legend(kinds, lang, LEGEND_W, ended), MARGIN, H - MARGIN - legend_h)
    _seats(img, view, who, lang, highlight_seat, bottom_seat, marks)
    area = game_area(legend_h)
    if view.phase == "finished":
        center.draw_order(img, view, who, lang, area)
    elif view.phase == "stovka":
        center.draw_stovka(img, view, who, lang, area)
    elif view.phase == "choose":
        center.draw_choose(img, view, who, lang, area)
    else:
        match view.game:
            case KvartyView() as part:
                center.draw_kvarty(img, view, part, who, lang, area)
            case DesitkyView() as part:
                center.draw_rows(img, part, area)
                center.draw_turn(img, view, part, who, lang, area)
            case TrickView() as part:
                center.draw_trick(img, view, part, who, lang, columns(bottom_seat), area)
            case None:
                pass
    return with_footer(img, tournament, SMALL_PX)


def render_table(view: PublicView, names: Sequence[str], lang: str = "cs",
                 highlight_seat: int | None = None, bottom_seat: int = 0,
                 marks: Sequence[str | None] = (), tournament: str = "") -> bytes:
    """PNG of the table. The seat to act glows gold; ``highlight_seat`` gets a blue ring;
    ``tournament``: the tournament's table it is (``table_image``).

    ``bottom_seat`` rotates the picture so that seat is at the bottom (then clockwise: left,
    top, right).
    """
    return encode(table_image(view, names, lang, highlight_seat, bottom_seat, marks,
                              tournament), palette.lora())


def render_last_trick(view: PublicView, names: Sequence[str], lang: str = "cs") -> bytes | None:
    """PNG of the last completed trick (None before the first trick of a trick game)."""
    if not isinstance(view, PublicView):
        raise TypeError("render_last_trick takes a PublicView")
    match view.game:
        case TrickView() as part if part.last_trick is not None:
            return encode(center.last_trick_image(part, check_names(names, lang), lang_of(lang)),
                          palette.lora())
        case _:
            return None
