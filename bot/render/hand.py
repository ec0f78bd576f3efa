"""A seat's hand picture: everything a player needs to play from his hand message alone.

The header names the game (tálie, game, trick) and whose turn it is; the left panel lists the
four players in play order (the viewer last) with their points so far, the one to act aglow,
under each name his cards left and his tags ("ty", "maturuje", čistá stovka, knocks), on two
lines where one is not enough; the right panel shows the table's middle — the current trick
in play order, the kvarta being built, the desítky rows with their suits, the čistá stovka
answers, the maturita choice or the final order; below, the seat's own cards, the playable
ones lifted and numbered like the buttons. Every word is at least SMALL px (11 px on a
phone, which shows the picture ``PHONE_W`` px wide). Only ``SeatView`` goes in: the seat's
hand, its legal actions and public facts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from PIL import Image, ImageDraw

from bot.render import cards, palette, trick_row
from bot.render.center import stovka_answer, stovka_outcome
from bot.render.common import (
    BADGE_COLOURS,
    BAR,
    FAINT,
    GOLD,
    MUTED,
    RED,
    TEXT,
    badge,
    check_names,
    encode,
    felt,
    panel,
    paste,
    phone_px,
    text,
)
from bot.render.fonts import Font, fit, fitted, font
from bot.render.minis import put_mini
from bot.render.names import fit_name, fit_said, fit_word, word_cut
from bot.render.strings import game_name, lang_of, s
from bot.render.suits import suit_icon, suit_ink
from bot.render.table import title_parts, total_label, trick_leader
from engine.actions import Choose, Declare, EndTurn, Lay, Lead, Play
from engine.cards import RANK_SYMBOLS, cards_of
from engine.contracts import MATURITA_GAME, Contract, maturita_choices
from engine.rules import trick_winner_offset
from engine.views import DesitkyView, KvartyView, PublicView, SeatView, TrickView

W, M = 800, 16
SMALL = phone_px(W, 11)  # the least size of a word here: 11 px high on a phone (26 px)
HEADER_H = 64
BOARD_Y, BOARD_H = 76, 338  # the players and the table's middle
LEFT_W = 290
RIGHT_X = M + LEFT_W + 14
RIGHT_W = W - RIGHT_X - M
CARD_W, LIFT, SUIT_GAP = 112, 22, 14
CARD_H = cards.card_height(CARD_W)
HAND_Y = BOARD_Y + BOARD_H + 14 + LIFT
LABEL_Y = HAND_Y + CARD_H + 34
H = LABEL_Y + 34
ACTING_FILL = (74, 60, 12, 230)
SLOT_W, SLOT_STEP = 86, 112
SLOT_H = cards.card_height(SLOT_W)
SLOTS_Y = BOARD_Y + 32  # the row of the trick (or kvarta) being played
NAMES_Y = SLOTS_Y + SLOT_H + 24  # the players' names under it: one line, or two around it
# The last trick: small cards under the names, each in its player's column
LAST_W = 60
LAST_Y = NAMES_Y + 28
NAME_PX, LAST_PX = trick_row.NAME_PX, SMALL  # the names under the trick; the last trick's line


def _check(view: SeatView) -> None:
    if not isinstance(view, SeatView):
        raise TypeError("hand pictures take a SeatView")


def hand_labels(view: SeatView) -> list[tuple[int, str]]:
    """(card, label) in display order: the hand sorted by suit and rank, labelled 1, 2, 3…"""
    _check(view)
    return [(card, str(i + 1)) for i, card in enumerate(cards_of(view.hand))]


def playable(view: SeatView) -> frozenset[int]:
    """The cards of the seat's legal actions (Play, Lead, Lay)."""
    return frozenset(a.card for a in view.legal if isinstance(a, Play | Lead | Lay))


def _status(view: SeatView, names: list[str], lang: str) -> tuple[str, tuple[int, int, int]]:
    legal = view.legal
    pub = view.public
    if any(isinstance(a, Declare) for a in legal):
        return s("hand_stovka", lang), GOLD
    if any(isinstance(a, Choose) for a in legal):
        return s("hand_choose", lang), GOLD
    if playable(view):
        if any(isinstance(a, EndTurn) for a in legal):
            return s("hand_lay_more", lang), GOLD
        if any(isinstance(a, Lay) for a in legal):
            return s("hand_lay", lang), GOLD
        return s("hand_your_turn", lang), GOLD
    if pub.finished or pub.to_act is None:
        return "", MUTED
    return s("to_act", lang, name=names[pub.to_act]), MUTED


# -- the header -------------------------------------------------------------------------
STATUS_PX, STATUS_PITCH = 26, 27  # the prompt at the top right: one line, or two of SMALL
TITLE2_PX = 30  # the game's name over the line after it (when the two do not fit side by side)


def status_lines(status: str, room: float) -> list[tuple[str, Font]]:
    """The prompt at the top right in at most ``room`` px: one line where it fits (condensed
    and down to SMALL before anything else), else two lines broken at a space, as even as
    can be and neither starting with a dash; cut only when even that does not fit."""
    label, fnt = fitted(status, STATUS_PX, "bold", room, smallest=SMALL)
    if label == status or " " not in status:
        return [(label, fnt)]
    width = max(room, W * 0.3)
    return [fitted(line, SMALL, "bold", width, smallest=SMALL)
            for line in halves(status, font(SMALL, "bold"))]


def halves(value: str, fnt: Font) -> tuple[str, str]:
    """``value`` in two lines broken at a space: as even as can be, the second not starting
    with a dash."""
    words = value.split()

    def key(k: int) -> tuple[bool, float]:
        first, second = " ".join(words[:k]), " ".join(words[k:])
        return second[0] in "–-", max(fnt.getlength(first), fnt.getlength(second))

    k = min(range(1, len(words)), key=key)
    return " ".join(words[:k]), " ".join(words[k:])


Label = tuple[str, Font]


def _side_by_side(title: str, sub: str, right: float) -> tuple[Label, Label] | None:
    """The game's name and the line after it side by side left of ``right``, both whole
    (condensed and a little smaller where need be), or None."""
    label, ft = fitted(title, 34, "bold", W * 0.4, smallest=26)
    after, fs = fitted(sub, SMALL, "regular", right - M - ft.getlength(label) - 12,
                       smallest=SMALL)
    return ((label, ft), (after, fs)) if label == title and after == sub else None


def _stacked_width(title: str, sub: str) -> float:
    """How wide the game's name over the line after it is when both are whole."""
    label, ft = fitted(title, TITLE2_PX, "bold", W * 0.6, smallest=SMALL + 1)
    return max(ft.getlength(label), font(SMALL, "narrow").getlength(sub))


def _header(img: Image.Image, view: SeatView, names: list[str], lang: str) -> None:
    """The game's name, the line after it and the prompt, each whole where it can be: all
    on one line; else the name over the line after it; else the prompt on two lines (rather
    than a line the phone cannot read); only then cut."""
    paste(img, panel(W, HEADER_H, BAR, radius=0), 0, 0)
    title, sub = title_parts(view.public, names, lang)
    status, colour = _status(view, names, lang)
    lines: list[Label] = []
    pair: tuple[Label, Label] | None = None
    if status:
        first = fitted(title, 34, "bold", W * 0.4, smallest=26)
        sub_w = font(SMALL, "narrow").getlength(sub) + 12 if sub else 0  # the least it needs
        room = W - M - (M + first[1].getlength(first[0])) - 24 - sub_w
        stacked_room = W - 2 * M - _stacked_width(title, sub) - 24
        for width, side in ((room, True), (stacked_room, False)):
            label, fs = fitted(status, STATUS_PX, "bold", width, smallest=SMALL)
            if label == status:
                lines = [(label, fs)]
                right = W - M - fs.getlength(label) - 24
                pair = _side_by_side(title, sub, right) if side else None
                if pair is not None or not side:
                    break
        else:
            lines = status_lines(status, room)
    right = W - M
    for i, (line, fs) in enumerate(lines):
        y = HEADER_H // 2 + 1 + (i - (len(lines) - 1) / 2) * STATUS_PITCH
        text(img, (W - M, y), line, fs, colour, "rm")
    if lines:
        right -= max(int(fs.getlength(line)) for line, fs in lines) + 24
    if pair is None and (len(lines) != 1 or not status):
        pair = _side_by_side(title, sub, right)
    if pair is not None:
        (label, ft), (after, fs) = pair
        x = M + text(img, (M, HEADER_H // 2), label, ft, anchor="lm")
        text(img, (x + 12, HEADER_H // 2 + 2), after, fs, MUTED, "lm")
        return
    label, ft = fitted(title, TITLE2_PX, "bold", right - M, smallest=SMALL + 1)
    text(img, (M, HEADER_H // 2 - (13 if sub else 0)), label, ft, anchor="lm")
    if sub:
        after, fs = fitted(sub, SMALL, "regular", right - M, smallest=SMALL)
        text(img, (M, HEADER_H // 2 + 15), after, fs, MUTED, "lm")


# -- the players --------------------------------------------------------------------------
def _order(viewer: int) -> list[int]:
    """The seats in play order from the viewer's left-hand neighbour; the viewer last."""
    return [(viewer + k) % 4 for k in (1, 2, 3, 0)]


RGB = tuple[int, int, int]
# A player's row: his name and points on a first line (totals right-aligned at TOTAL_R, this
# game's points at GAME_R), his card count and tags under it across the whole row, wrapped
# to a second line when they are too many; rows that need it are taller.
TOTAL_R, GAME_R = M + 214, M + LEFT_W - 10
HEAD_W, HEAD_GAP = 100, 12  # the widest a column's head may be; between two heads
ROWS_Y, ROW_GAP = BOARD_Y + 27, 8  # under the columns' heads, down to the board's foot
ROWS_H = BOARD_Y + BOARD_H - ROWS_Y
ROW_X0, ROW_X1 = M + 12, M + LEFT_W - 12  # the room of a row's words
NAME_ASCENT, TAG_PITCH, TAG_DESCENT = 25, 27, 6  # a row's lines: baselines from its top
ROW_PAD_MIN, MAX_TAG_LINES = 2, 3
ICON_W, ICON_DROP = 16, 5  # the face-down card before the card count, its foot under the line
SEP, SEP_PAD, COUNT_GAP = "·", 3, 8  # between two tags: a dot and 3 px each side
TAG_COLOURS: dict[str, RGB] = {"you": GOLD, "maturant": BADGE_COLOURS["maturant"],
                               "stovka": BADGE_COLOURS["stovka"], "knocks": GOLD}


def seat_tags(pub: PublicView, seat: int, viewer: int, lang: str) -> list[tuple[str, RGB]]:
    """The words under a player's name: "ty", "maturuje" ("maturuješ" for the viewer),
    čistá stovka declared (made or missed once the lóra is over), knocks so far; each with
    its colour."""
    tags: list[tuple[str, RGB]] = []
    if seat == viewer:
        tags.append((s("hand_you", lang), TAG_COLOURS["you"]))
    if pub.maturant == seat and not pub.finished:
        key = "tag_maturant_you" if seat == viewer else "tag_maturant"
        tags.append((s(key, lang), TAG_COLOURS["maturant"]))
    if pub.stovka[seat] is True:
        if pub.phase == "finished":  # made or missed (the final order's words)
            tags.append(stovka_outcome(pub, seat, lang))
        else:
            tags.append((s("tag_stovka", lang), TAG_COLOURS["stovka"]))
    if pub.knocks[seat]:
        tags.append((f"{s('knocks', lang)} ×{pub.knocks[seat]}", TAG_COLOURS["knocks"]))
    return tags


@dataclass(frozen=True)
class Piece:
    """A word of a player's row at (x, baseline): a tag, the dot between two, or the card
    count ("count": the face-down card at x, the number after it)."""

    kind: str
    text: str
    colour: RGB
    x: int
    baseline: int

    def box(self, fnt: Font) -> tuple[int, int, int, int]:
        """Its bounding box drawn in ``fnt``."""
        x0, y0, x1, y1 = (int(v) for v in fnt.getbbox(self.text, anchor="ls"))
        if self.kind == "count":
            icon_top = ICON_DROP - cards.card_height(ICON_W)
            return (self.x, self.baseline + min(y0, icon_top), self.x + ICON_W + 4 + x1,
                    self.baseline + max(y1, ICON_DROP))
        return self.x + x0, self.baseline + y0, self.x + x1, self.baseline + y1


@dataclass(frozen=True)
class Row:
    """A player's row as drawn: the panel (top, height), the baseline of his name and points,
    his name as drawn and its font, the points, and the pieces under it in ``tag_font``."""

    seat: int
    top: int
    height: int
    baseline: int
    name: str
    name_font: Font
    total: str
    game: str | None
    pieces: tuple[Piece, ...]
    tag_font: Font


TOTAL_FONT, GAME_FONT = font(30, "bold"), font(27, "bold")


def _count_width(n: int, fnt: Font) -> int:
    return ICON_W + 4 + int(fnt.getlength(str(n)))


def _sep_width(fnt: Font) -> float:
    return fnt.getlength(SEP) + 2 * SEP_PAD


def _wrap_tags(count: int | None, tags: Sequence[tuple[str, RGB]], fnt: Font
               ) -> list[list[tuple[str, str, RGB]]]:
    """The count and the tags as lines of (kind, text, colour), each line at most a row
    wide: greedy, a tag never split; a dot between two tags of a line."""
    width = ROW_X1 - ROW_X0
    lines: list[list[tuple[str, str, RGB]]] = [[]]
    used = 0.0
    if count is not None:
        lines[0].append(("count", str(count), MUTED))
        used = _count_width(count, fnt) + COUNT_GAP
    for tag, colour in tags:
        need = fnt.getlength(tag)
        if any(kind == "tag" for kind, _, _ in lines[-1]):
            need += _sep_width(fnt)
        if lines[-1] and used + need > width:
            lines.append([])
            used, need = 0, fnt.getlength(tag)
        if any(kind == "tag" for kind, _, _ in lines[-1]):
            lines[-1].append(("sep", SEP, FAINT))
        lines[-1].append(("tag", tag, colour))
        used += need
    return [line for line in lines if line]


def _heights(lines: Sequence[int]) -> tuple[list[int], int]:
    """The rows' panel heights for their numbers of tag lines, and the gap between them: all
    alike when they fit so, else each as tall as it needs, the room left shared (rows too
    tall for the board together keep their gaps and run on under it)."""
    natural = [NAME_ASCENT + n * TAG_PITCH + TAG_DESCENT + 2 * ROW_PAD_MIN for n in lines]
    even = (ROWS_H - 3 * ROW_GAP) // 4
    if max(natural) <= even:
        return [even] * 4, ROW_GAP
    room = ROWS_H - sum(natural)
    gap = max(2, min(ROW_GAP, room // 3)) if room >= 6 else ROW_GAP
    spare = max(0, ROWS_H - 3 * gap - sum(natural))
    return [h + spare // 4 for h in natural], gap


def player_rows(view: SeatView, names: Sequence[str], lang: str) -> list[Row]:
    """The players' rows of the hand picture, in play order from the viewer's left-hand
    neighbour (the viewer last), laid out so that no word runs into another."""
    pub = view.public
    playing = pub.phase == "play"
    order = _order(view.seat)
    tags = {seat: seat_tags(pub, seat, view.seat, lang) for seat in order}
    counts = {seat: pub.hand_counts[seat] if playing else None for seat in order}
    # bold where every row's words fit its one line; else condensed, a row wrapped to as
    # many lines as it needs (MAX_TAG_LINES at most): rows too tall for the board together
    # run on under it, and the picture grows with them (``overflow``) — no word smaller
    # than SMALL, none left out
    fnt = font(SMALL, "bold")
    lines = {seat: _wrap_tags(counts[seat], tags[seat], fnt) for seat in order}
    if any(len(lines[seat]) > 1 for seat in order):
        fnt = font(SMALL, "cond")
        lines = {seat: _wrap_tags(counts[seat], tags[seat], fnt)[:MAX_TAG_LINES]
                 for seat in order}
    heights, gap = _heights([len(lines[seat]) for seat in order])
    rows, top = [], ROWS_Y
    for seat, height in zip(order, heights, strict=True):
        block = NAME_ASCENT + len(lines[seat]) * TAG_PITCH + TAG_DESCENT
        baseline = top + (height - block) // 2 + NAME_ASCENT
        total = str(pub.totals[seat])
        room = TOTAL_R - int(TOTAL_FONT.getlength(total)) - 14 - ROW_X0
        name, fn = fit_name(names[seat], names, 27, "bold", room, SMALL, fit_word)
        pieces = []
        for k, line in enumerate(lines[seat]):
            x, y = ROW_X0, baseline + (k + 1) * TAG_PITCH
            for kind, value, colour in line:
                if kind == "count":
                    pieces.append(Piece(kind, value, colour, x, y))
                    x += _count_width(int(value), fnt) + COUNT_GAP
                    continue
                if kind == "sep":
                    pieces.append(Piece(kind, value, colour, x + SEP_PAD, y))
                    x += int(_sep_width(fnt))
                    continue
                value = fit(value, fnt, ROW_X1 - x)  # a tag wider than a row: cut
                pieces.append(Piece(kind, value, colour, x, y))
                x += int(fnt.getlength(value))
        rows.append(Row(seat, top, height, baseline, name, fn, total,
                        str(pub.running_points[seat]) if playing else None, tuple(pieces), fnt))
        top += height + gap
    return rows


def overflow(rows: Sequence[Row]) -> int:
    """How far the players' rows run on under the board (0: they fit in it): the cards and
    the picture's foot move down as far."""
    return max(0, rows[-1].top + rows[-1].height - (BOARD_Y + BOARD_H))


def _players(img: Image.Image, rows: Sequence[Row], view: SeatView, lang: str) -> None:
    pub = view.public
    # the columns' heads, right-aligned over them ("game" a little further), the total's
    # HEAD_GAP px clear of "game" (moved left of its column where need be); in a game that
    # counts, the totals are the ones before it ("předtím", "was", not "total": read as taking the
    # game's points in; a harakiri's never enter them)
    y = BOARD_Y + 14
    right = TOTAL_R
    if pub.phase == "play":
        added = "pts_game_head" if total_label(pub) == "pts_before" else "pts_game"
        label, fh = fitted(s(added, lang), SMALL, "regular", HEAD_W, smallest=SMALL)
        left = GAME_R + 6 - int(text(img, (GAME_R + 6, y), label, fh, MUTED, "rm"))
        right = min(TOTAL_R, left - HEAD_GAP)
    label, fh = fitted(s(total_label(pub), lang), SMALL, "regular", HEAD_W, smallest=SMALL)
    text(img, (right, y), label, fh, MUTED, "rm")
    for row in rows:
        acting = row.seat == pub.to_act
        fill = ACTING_FILL if acting else (4, 16, 11, 170)
        outline = (*GOLD, 255) if acting else None
        paste(img, panel(LEFT_W, row.height, fill, outline, 3, 12), M, row.top)
        text(img, (ROW_X0, row.baseline), row.name, row.name_font, TEXT, "ls")
        text(img, (TOTAL_R, row.baseline), row.total, TOTAL_FONT, TEXT, "rs")
        if row.game is not None:
            text(img, (GAME_R, row.baseline), row.game, GAME_FONT,
                 GOLD if row.game != "0" else MUTED, "rs")
        for piece in row.pieces:
            if piece.kind == "count":
                icon_top = piece.baseline + ICON_DROP - cards.card_height(ICON_W)
                cards.put(img, cards.BACK, ICON_W, piece.x, icon_top)
                text(img, (piece.x + ICON_W + 4, piece.baseline), piece.text, row.tag_font,
                     MUTED, "ls")
            else:
                text(img, (piece.x, piece.baseline), piece.text, row.tag_font, piece.colour,
                     "ls")


# -- the table's middle -----------------------------------------------------------------------
def _caption(img: Image.Image, y: int, value: str | Callable[[str], str],
             colour: tuple[int, int, int] = TEXT, size: int = SMALL, name: str = "") -> None:
    """A line centred in the table's middle, whole where it can be (condensed, down to
    SMALL); ``value`` may be a line around a player's ``name``: then the name is cut first."""
    width = RIGHT_W - 12
    line = value(name) if callable(value) else value
    label, f = fitted(line, size, "bold", width, smallest=min(size, SMALL))
    if label != line and callable(value):  # the name gives way, the words around it stay
        label = fit(value(word_cut(name, f, max(40, width - f.getlength(value(""))))), f, width)
    text(img, (RIGHT_X + RIGHT_W // 2, y), label, f, colour, "mm")


def _columns(n: int) -> list[int]:
    """The left edges of ``n`` slots in a row, centred in the table's middle."""
    return trick_row.columns(n, RIGHT_X, RIGHT_W, SLOT_W, SLOT_STEP)


def _row_of_cards(img: Image.Image, placed: Sequence[tuple[int, int | None]], names: list[str],
                  to_act: int | None, own: int | None = None) -> None:
    """Up to four (seat, card or None) in a row, each with its player's name under it (on
    two lines where one does not take it: ``trick_row``)."""
    trick_row.row_of_cards(img, placed, names, to_act, _columns(len(placed)), SLOTS_Y, SLOT_W,
                           SLOT_STEP, NAMES_Y, own)


def last_trick_places(view: SeatView) -> list[tuple[int, int, int, bool]]:
    """The last trick as the hand picture draws it: (seat, card, x, took it) in play order,
    each card small under its player's name in the row of the trick being played (the one
    who took it leads that row); [] when there is no last trick to show."""
    _check(view)
    pub = view.public
    part = pub.game
    if pub.phase != "play" or not isinstance(part, TrickView) or part.last_trick is None:
        return []
    lead = trick_leader(pub)
    if lead is None:
        return []
    first, played = part.last_trick
    winner = (first + trick_winner_offset(played)) % 4
    column = {(lead + j) % 4: x for j, x in enumerate(_columns(4))}
    places = []
    for i, card in enumerate(played):
        seat = (first + i) % 4
        places.append((seat, card, column[seat] + (SLOT_W - LAST_W) // 2, seat == winner))
    return places


def _last_trick(img: Image.Image, view: SeatView, names: list[str], lang: str) -> None:
    places = last_trick_places(view)
    if not places:
        return
    top = LAST_Y - 7
    paste(img, panel(RIGHT_W - 12, BOARD_Y + BOARD_H - 6 - top, (0, 0, 0, 70), radius=10),
          RIGHT_X + 6, top)
    for i, (_, card, x, took) in enumerate(places):
        put_mini(img, card, LAST_W, x, LAST_Y, "glow" if took else "plain")
        mark = badge(str(i + 1), MUTED, 30, px=SMALL)  # the order it was played in
        paste(img, mark, x - 4 - mark.width, LAST_Y + 2)
    winner = next(seat for seat, _, _, took in places if took)
    head = s("last_trick", lang)
    label, f = fit_said(lambda who: f"{head} · {s('takes', lang, name=who)}", names[winner],
                        names, LAST_PX, "bold", RIGHT_W - 16, LAST_PX, fit_word)
    text(img, (RIGHT_X + RIGHT_W // 2, BOARD_Y + BOARD_H - 16), label, f, MUTED, "mm")


def _trick(img: Image.Image, view: SeatView, part: TrickView, names: list[str],
           lang: str) -> None:
    pub = view.public
    lead = trick_leader(pub)
    if lead is None:
        return
    _caption(img, BOARD_Y + 14, lambda n: s("leads", lang, name=n),
             GOLD if not part.trick else TEXT, name=names[lead])
    _row_of_cards(img, trick_row.in_play_order(lead, part.trick), names, pub.to_act)
    _last_trick(img, view, names, lang)


def _kvarty(img: Image.Image, pub: PublicView, part: KvartyView, names: list[str],
            lang: str) -> None:
    if not part.kvarty:
        if pub.to_act is not None:
            _caption(img, BOARD_Y + 14, lambda n: s("leads", lang, name=n), GOLD,
                     name=names[pub.to_act])
        return
    last = part.kvarty[-1]
    if last.out is not None:
        state = s("kvarta_out", lang, name=names[last.out])
    else:
        state = s("kvarta_blown" if last.blown else "kvarta_complete", lang)
    _caption(img, BOARD_Y + 14, lambda n: f"{s('kvarta_by', lang, name=n)} · {state}",
             RED if last.blown else TEXT, SMALL, names[last.seat])
    placed = [(seat, card) for seat, card in last.placed][-4:]
    _row_of_cards(img, placed, names, None, own=last.seat)
    if last.next_leader is not None:
        _caption(img, BOARD_Y + BOARD_H - 14, lambda n: s("next_leads", lang, name=n), GOLD,
                 SMALL, names[last.next_leader])


TILE_W, TILE_H, TILE_STEP = 44, 56, 50


def _rows(img: Image.Image, part: DesitkyView) -> None:
    """Desítky: a row per suit, marked with the suit; a tile per rank, 7 to E; the laid ones
    light (this turn's aglow), the rest faint."""
    d = ImageDraw.Draw(img)
    turn = set(part.turn)
    icon = 48
    x0 = RIGHT_X + (RIGHT_W - (icon + 10 + TILE_STEP * 7 + TILE_W)) // 2
    for suit, row in enumerate(part.rows):
        y = BOARD_Y + (BOARD_H - (3 * 72 + TILE_H)) // 2 + suit * 72  # centred in the middle
        paste(img, suit_icon(suit, icon), x0, y + (TILE_H - icon) // 2)
        for rank in range(8):
            x = x0 + icon + 10 + rank * TILE_STEP
            card = suit * 8 + rank
            laid = row is not None and row[0] <= rank <= row[1]
            box = (x, y, x + TILE_W - 1, y + TILE_H - 1)
            if laid:
                if card in turn:
                    d.rounded_rectangle((box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), 10,
                                        fill=GOLD)
                d.rounded_rectangle(box, 8, fill=(252, 249, 239), outline=(40, 40, 40), width=2)
                text(img, (x + TILE_W // 2, y + TILE_H // 2), RANK_SYMBOLS[rank],
                     font(28 if rank != 3 else SMALL, "bold"), suit_ink(suit), "mm")
            else:
                d.rounded_rectangle(box, 8, outline=(110, 140, 122), width=2)
                text(img, (x + TILE_W // 2, y + TILE_H // 2), RANK_SYMBOLS[rank],
                     font(SMALL, "bold"), FAINT, "mm")


def _stovka(img: Image.Image, pub: PublicView, names: list[str], lang: str) -> None:
    _caption(img, BOARD_Y + 16, s("stovka_title", lang), GOLD, 26)
    for k in range(4):
        seat = (pub.leader + k) % 4
        status, colour = stovka_answer(pub, seat, lang)
        y = BOARD_Y + 64 + k * 48
        f = font(SMALL, "bold")
        text(img, (RIGHT_X + 20, y), fit_word(names[seat], names, f, RIGHT_W - 190), f, TEXT,
             "lm")
        text(img, (RIGHT_X + RIGHT_W - 20, y), status, f, colour, "rm")
    f = font(SMALL, "narrow")
    rule = s("stovka_rule", lang)
    lines = [rule] if f.getlength(rule) <= RIGHT_W - 24 or " " not in rule else halves(rule, f)
    for i, line in enumerate(lines):
        y = BOARD_Y + BOARD_H - 16 - (len(lines) - 1 - i) * (SMALL + 4)
        text(img, (RIGHT_X + RIGHT_W // 2, y), fit(line, f, RIGHT_W - 12), f, MUTED, "mm")


@dataclass(frozen=True)
class ChoiceLine:
    """A game the maturant may choose on this attempt, as the maturita panel lists it: its
    name, what the maturant must do in it, and the earlier attempts of this maturita that
    failed in it ("✗ 1. pokus")."""

    contract: Contract
    name: str
    goal: str
    failed: tuple[int, ...]


def choice_lines(pub: PublicView, lang: str) -> list[ChoiceLine]:
    """The games still open to the maturant on this attempt (R-MATURITA, the engine's
    ``maturita_choices``: public, the same for every seat), in the engine's order."""
    attempt = pub.attempt or 1
    failed: dict[Contract, list[int]] = {}
    for row in pub.protocol:
        if (row.tali == pub.tali and row.game == MATURITA_GAME and row.attempt is not None
                and row.failed and row.contract is not None):
            failed.setdefault(Contract(row.contract), []).append(row.attempt)
    return [ChoiceLine(c, game_name(c, lang), s(f"goal_{c.value}", lang),
                       tuple(failed.get(c, ())))
            for c in maturita_choices(attempt)]


CHOICE_TOP, CHOICE_PITCH = BOARD_Y + 94, 40  # the first game's line (its centre), the most pitch


def _choose(img: Image.Image, pub: PublicView, viewer: int, names: list[str],
            lang: str) -> None:
    """Maturita: who chooses the game (the maturant is told to), which attempt of three this
    is and what the maturant must do (take no point), then the games he may choose, each
    with its goal, those the earlier attempts failed in marked."""
    maturant = pub.maturant if pub.maturant is not None else pub.leader
    if maturant == viewer:
        _caption(img, BOARD_Y + 18, s("choose_you", lang), GOLD, 26)
    else:
        _caption(img, BOARD_Y + 18, lambda n: s("choose_who", lang, name=n), GOLD, 26,
                 names[maturant])
    _caption(img, BOARD_Y + 52, s("choose_rule", lang, attempt=pub.attempt or 1), TEXT, SMALL)
    lines = choice_lines(pub, lang)
    pitch = min(CHOICE_PITCH, (BOARD_Y + BOARD_H - 10 - CHOICE_TOP) // len(lines))
    x0, x1 = RIGHT_X + 16, RIGHT_X + RIGHT_W - 16
    bold = font(SMALL, "bold")
    stripe = panel(x1 - x0 + 16, pitch - 4, (255, 255, 255, 16), radius=8)
    for i, line in enumerate(lines):
        y = CHOICE_TOP + i * pitch
        if i % 2 == 0:
            paste(img, stripe, x0 - 8, y - pitch // 2 + 2)
        text(img, (x0, y), line.name, bold, RED if line.failed else TEXT, "lm")
        if line.failed:
            goal = " · ".join(s("choice_failed", lang, n=n) for n in line.failed)
            colour = RED
        else:
            goal, colour = line.goal, MUTED
        room = x1 - x0 - bold.getlength(line.name) - 12
        label, f = fitted(goal, SMALL, "regular", room, smallest=SMALL)
        text(img, (x1, y), label, f, colour, "rm")


def _order_panel(img: Image.Image, pub: PublicView, names: list[str], lang: str) -> None:
    _caption(img, BOARD_Y + 16, s("order_title", lang), GOLD, 26)
    medal = [GOLD, (200, 206, 214), (205, 140, 80), (120, 140, 130)]
    for place, seat in enumerate(pub.order or ()):
        y = BOARD_Y + 66 + place * 52
        paste(img, badge(str(place + 1), medal[place], 38, px=SMALL), RIGHT_X + 20, y - 19)
        f = font(SMALL, "bold")
        text(img, (RIGHT_X + 70, y), fit_word(names[seat], names, f, RIGHT_W - 200), f, TEXT,
             "lm")
        text(img, (RIGHT_X + RIGHT_W - 20, y), s("points", lang, n=pub.totals[seat]), f, TEXT,
             "rm")


def _middle(img: Image.Image, view: SeatView, names: list[str], lang: str) -> None:
    pub = view.public
    paste(img, panel(RIGHT_W, BOARD_H, (0, 0, 0, 70), radius=14), RIGHT_X, BOARD_Y)
    if pub.phase == "finished":
        _order_panel(img, pub, names, lang)
    elif pub.phase == "stovka":
        _stovka(img, pub, names, lang)
    elif pub.phase == "choose":
        _choose(img, pub, view.seat, names, lang)
    else:
        match pub.game:
            case TrickView() as part:
                _trick(img, view, part, names, lang)
            case KvartyView() as part:
                _kvarty(img, pub, part, names, lang)
            case DesitkyView() as part:
                _rows(img, part)
            case None:
                pass


# -- the seat's own cards ----------------------------------------------------------------------
def _positions(hand: list[int]) -> list[int]:
    gaps = sum(1 for a, b in pairwise(hand) if a // 8 != b // 8)
    room = W - 2 * M - CARD_W - gaps * SUIT_GAP
    step = min(118, room // max(1, len(hand) - 1))
    width = CARD_W + step * max(0, len(hand) - 1) + gaps * SUIT_GAP
    xs, x, prev = [], (W - width) // 2, None
    for card in hand:
        if prev is not None:
            x += step + (SUIT_GAP if card // 8 != prev // 8 else 0)
        xs.append(x)
        prev = card
    return xs


def _label(value: str, state: str) -> Image.Image:
    colour = {"on": GOLD, "off": (70, 82, 76), "neutral": (226, 230, 222)}[state]
    return badge(value, colour, 44)


def _hand(img: Image.Image, view: SeatView, lang: str, drop: int = 0,
          numbered: bool = True) -> None:
    hand = cards_of(view.hand)
    lit = playable(view)
    acting = bool(lit)
    if not hand:
        return
    xs = _positions(hand)
    for i, (card, x) in enumerate(zip(hand, xs, strict=True)):
        on = card in lit
        style = "glow" if on else ("dim" if acting else "plain")
        cards.put(img, card, CARD_W, x, HAND_Y + drop - (LIFT if on else 0), style)
        if not numbered:
            continue
        chip = _label(str(i + 1), "on" if on else ("off" if acting else "neutral"))
        visible = CARD_W if i == len(hand) - 1 else xs[i + 1] - x
        paste(img, chip, x + (min(visible, CARD_W) - chip.width) // 2,
              LABEL_Y + drop - chip.height // 2)


def hand_image(view: SeatView, lang: str = "cs", names: Sequence[str] | None = None,
               numbered: bool = True) -> Image.Image:
    """The hand message's picture as a Pillow image (RGB); ``numbered``: its cards carry
    the numbers of their buttons (none while an AI plays for the absent player: his only
    button is the one that brings him back — review 90)."""
    _check(view)
    lang = lang_of(lang)
    who = check_names(names if names is not None else [s("seat", lang, n=i + 1) for i in range(4)],
                      lang)
    rows = player_rows(view, who, lang)
    drop = overflow(rows)
    height = (H if view.hand else BOARD_Y + BOARD_H + 14) + drop  # no cards: the table alone
    img = felt(W, height).copy()
    _header(img, view, who, lang)
    _players(img, rows, view, lang)
    _middle(img, view, who, lang)
    _hand(img, view, lang, drop, numbered)
    return img


def render_hand(view: SeatView, lang: str = "cs", names: Sequence[str] | None = None,
                numbered: bool = True) -> bytes:
    """PNG of the hand message's picture; labels under the cards are those of
    ``hand_labels`` (``numbered``: see ``hand_image``)."""
    return encode(hand_image(view, lang, names, numbered), palette.lora())
