"""The table picture: four seats around the felt, the game in the middle, a header and legend.

Only ``PublicView`` goes in, so nothing hidden can be drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from bot.render import center, palette
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
from bot.render.fonts import fitted, font
from bot.render.names import fit_said
from bot.render.seats import LEGEND_W, legend, legend_height, seat_panel
from bot.render.strings import game_name, lang_of, s
from engine.contracts import TRICK_CONTRACTS, Contract
from engine.views import DesitkyView, KvartyView, PublicView, TrickView

W, H = 1000, 700
HEADER_H = 60
# Panel boxes (x, y, w, h) by position on the picture: 0 bottom, 1 left, 2 top, 3 right.
BOXES = {
    0: (290, 604, 420, 88),
    1: (14, 240, 220, 250),
    2: (290, 66, 420, 88),
    3: (766, 240, 220, 250),
}
INSET = (716, 66)  # top-right corner: last trick / this turn
# the legend's corners: under the side seats, 14 px from the bottom edge
LEGEND_H = H - 14 - (BOXES[1][1] + BOXES[1][3]) - 8
MARKS = ("ai", "away")  # the bot's marks of a seat (``table_image``), badges in this order


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
    """The game's name, where in the lóra it is, and who is to act, each whole where it can
    be: condensed and a little smaller before anything is cut (the middle gives way first)."""
    title, sub = title_parts(view, names, lang)
    right: float = W - 18
    if view.to_act is not None:
        # (a long name cut apart from the others alike, as on the seat panels)
        label, fw = fit_said(lambda who: s("to_act", lang, name=who), names[view.to_act],
                             names, 32, "bold", 360, 24)
        right -= text(img, (right, HEADER_H // 2 + 1), label, fw, GOLD, "rm") + 24
    room = right - 18
    sub_w = font(28).getlength(sub) + 14 if sub else 0
    label, fb = fitted(title, 40, "bold", max(300, min(560, room - sub_w)), smallest=34)
    parts = sub.split(" · ") if sub else []
    rest = room - fb.getlength(label) - 14
    if label != title or (sub and fitted(sub, 28, "regular", rest, smallest=22)[0] != sub):
        # not both whole so: the game's name whole first ("Graduation – Quarts"), as large as
        # leaves the line after it whole, the line's last parts left out first
        for k in range(len(parts), -1, -1):
            least = font(22, "narrow").getlength(" · ".join(parts[:k])) + 14 if k else 0
            label, fb = fitted(title, 40, "bold", min(560, room - least), smallest=34)
            if label == title or k == 0:
                parts = parts[:k]
                break
    x = 18 + text(img, (18, HEADER_H // 2), label, fb, anchor="lm")
    if parts:
        label, fr = fitted(" · ".join(parts), 28, "regular", right - x - 14, smallest=22)
        text(img, (x + 14, HEADER_H // 2 + 1), label, fr, MUTED, "lm")


def trick_leader(view: PublicView) -> int | None:
    """Who leads the current trick (its first card, or the seat about to lead it)."""
    match view.game:
        case TrickView(trick=trick) if view.phase == "play":
            return trick[0][0] if trick else view.to_act
        case _:
            return None


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


def _legend_kinds(view: PublicView, marks: Sequence[str | None] = ()) -> tuple[str, ...]:
    kinds = ["dealer", "leader"] if view.in_tali else []
    if trick_leader(view) is not None:
        kinds.append("trick")
    if view.maturant is not None and view.phase != "finished":
        kinds.append("maturant")
    if any(a is True for a in view.stovka):
        kinds.append("stovka")
    kinds += [k for k in MARKS if k in marks]
    return tuple(kinds)


def legend_columns(kinds: Sequence[str], lang: str,
                   left_h: int = LEGEND_H) -> tuple[tuple[str, ...], ...]:
    """The legend's roles in the bottom-left corner (under the left seat, beside the bottom
    one; ``left_h`` px high at most) and, those that do not fit there, in the bottom-right
    one."""
    for k in range(len(kinds), -1, -1):
        if k == 0 or legend_height(kinds[:k], lang) <= left_h:
            return tuple(kinds[:k]), tuple(kinds[k:])
    return tuple(kinds), ()


def legend_space(view: PublicView) -> tuple[int, int]:
    """How high the legend may rise in the bottom-left corner and how wide it may be in the
    bottom-right one: in desítky clear of the rows (below their suit icons on the left, which
    start at ``center.ROW_X0``, right of their last column on the right)."""
    if isinstance(view.game, DesitkyView) and view.phase != "finished":
        return H - 14 - center.ROWS_BOTTOM - 6, W - 14 - center.ROWS_RIGHT - 6
    return LEGEND_H, LEGEND_W


def _seats(img: Image.Image, view: PublicView, names: list[str], lang: str,
           highlight: int | None, bottom: int, marks: Sequence[str | None] = ()) -> None:
    playing = view.phase == "play"
    # a play-off of several games: the tied seats show their sum so far instead of the lóra
    # total they are tied on (R-HARAKIRI)
    summed = dict(zip(view.harakiri_seats or (), view.harakiri_sums, strict=False))
    if (view.harakiri_games or 1) <= 1:
        summed = {}
    for seat in range(4):
        pos = (seat - bottom) % 4
        x, y, w, h = BOXES[pos]
        if seat == highlight:
            ring = glow_ring(w, h, BLUE, 16)
            paste(img, ring, x - 16, y - 16)
        if seat == view.to_act:
            ring = glow_ring(w, h, GOLD, 12)
            paste(img, ring, x - 12, y - 12)
        piece = seat_panel(
            "wide" if pos in (0, 2) else "tall",
            names[seat],
            view.hand_counts[seat],
            summed.get(seat, view.totals[seat]),
            view.game_points[seat] if playing else None,
            view.knocks[seat],
            _kinds(view, seat) + _mark(marks, seat),
            seat == view.to_act,
            lang,
            "pts_sum" if seat in summed else "pts_lora",
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
    left_h, right_w = legend_space(view)
    left, right = legend_columns(_legend_kinds(view, marks), lang, left_h)
    if left:
        leg = legend(left, lang)
        paste(img, leg, 14, H - 14 - leg.height)
    if right:
        leg = legend(right, lang, right_w)
        paste(img, leg, W - 14 - leg.width, H - 14 - leg.height)
    _seats(img, view, who, lang, highlight_seat, bottom_seat, marks)
    if view.phase == "finished":
        center.draw_order(img, view, who, lang)
    elif view.phase == "stovka":
        center.draw_stovka(img, view, who, lang)
    elif view.phase == "choose":
        center.draw_choose(img, view, who, lang)
    else:
        match view.game:
            case KvartyView() as part:
                center.draw_kvarty(img, view, part, who, lang)
            case DesitkyView() as part:
                center.draw_rows(img, part, lang)
                center.draw_turn(img, view, part, who, lang)
            case TrickView() as part:
                center.draw_trick(img, view, part, who, lang, bottom_seat)
                center.draw_last_trick(img, part, who, lang, *INSET)
            case None:
                pass
    return with_footer(img, tournament)


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
