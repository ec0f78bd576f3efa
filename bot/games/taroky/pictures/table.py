"""The Taroky table: four seats (play goes counter-clockwise: seat 0 at the bottom, then right,
top, left), the game strip (game, declarer, called tarok, flek levels, pagát and valát), the
trick in progress, the last trick, and the talon's public cards (rejected trojkas, cards
turned in sólo and Varšava, taroks laid away face up).

Only the table's public view (``TableView``) goes in: hands, hidden discards, the talon's
hidden cards and the secret partner are not in it, so they cannot be drawn. Of the completed
tricks only ``last_trick`` is drawn (``history`` is a player's memory, not the table's).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from bot.games.taroky.pictures import palette
from bot.games.taroky.pictures.chips import Chip, ChipRows, chip_rows, draw_chips
from bot.games.taroky.words import card_label, game_name, level_text, money, pic, word
from bot.i18n import lang_of, tn
from bot.render import cards
from bot.render.common import (
    BAR,
    BLUE,
    FAINT,
    GOLD,
    GREEN,
    MUTED,
    PANEL,
    RED,
    RGB,
    TEXT,
    badge,
    check_names,
    encode,
    felt,
    glow_ring,
    panel,
    paste,
    text,
    with_footer,
    wrap,
    wrap_parts,
)
from bot.render.fonts import Font, fit, fitted, font
from bot.render.names import fit_apart, fit_name, fit_said
from engine.taroky.views import PublicView, TableView

DECK = "taroky"
W, H = 860, 800
HEADER_H = 54
STRIP_Y, STRIP_H = 60, 44  # a row of the strip's chips (a chip and the gap under it)
# Seat panels by position: 0 bottom, 1 right, 2 top, 3 left (counter-clockwise), at their
# smallest: a seat whose note takes more lines grows (the bottom one upwards), see seat_box.
BOXES = {  # (the wide ones clear of the trick's cards, the tall ones of the legend)
    0: (250, H - 134, 360, 128),
    1: (622, 256, 226, 258),
    2: (250, 112, 360, 128),
    3: (12, 256, 226, 258),
}
SMALLEST = 24  # px: no word on the table is smaller (12 px shown 430 px wide on a phone)
NOTE_LINE = 26
NOTE_LINES = {"wide": 3, "tall": 4}  # what a seat said: at most so many lines
NOTE_TOP = {"wide": 74, "tall": 202}
SEAT_PAD = 12  # px: a seat's words end so far from its panel's right edge
FAN_STEPS = (6, 5, 4, 3, 2, 1, 0)  # px between a wide seat's face-down cards: closer for room
VALUE_GAP = {"regular": 16, "narrow": 12}  # px between a wide seat's money and its tricks
TRICK_W = 100
TRICK_H = cards.card_height(TRICK_W)
CX, CY = 430, 448
TRICK_OFF = {0: (0, 84), 1: (112, 0), 2: (0, -84), 3: (-112, 0)}
CENTER_W = 360  # the words in the middle: between the side seats
INSET_W, INSET_H = 226, 136
LEFT_INSET = (12, 112)
RIGHT_INSET = (622, 112)
FACE_UP_INSET = (622, H - 148)
SMALL_W = 46
ACTING = (74, 60, 12, 220)
BADGE_D = 34
COUNT_D = 32  # the count chip on a seat's face-down cards
LEGEND_W = BOXES[0][0] - 12 - 12  # the legend, left of the bottom seat
LEGEND_BOTTOM = 8  # px under it
BODY_TOP = BOXES[2][1] - 12  # what lies under the strip starts here (the top seat's glow)
BADGE_COLOURS: dict[str, RGB] = {
    "dealer": (120, 170, 230),
    "predak": (246, 196, 68),
    "declarer": (236, 110, 90),
    "partner": (200, 130, 230),
    # a human's seat played by an AI (absent, or gone), an absent player the table waits for
    "ai": (150, 160, 172),
    "away": (150, 160, 172),
}
Takes = tuple[list[str], Font]  # who took the last trick: its lines, and their font
MARKS = ("ai", "away")  # the bot's marks of a seat (``table_image``), badges in this order


def position(seat: int) -> int:
    """Where a seat sits on the picture: seat 0 at the bottom, the next seat in playing order
    (to its right) on the right, and so on."""
    return seat % 4


@lru_cache(maxsize=8)
def _base(extra: int = 0) -> Image.Image:
    """The felt and the header's bar, ``extra`` px taller for more rows of the strip."""
    img = felt(W, H + extra).copy()
    paste(img, panel(W, HEADER_H, BAR, radius=0), 0, 0)
    return img


def header_texts(view: TableView, lang: str, round_no: int | None = None) -> tuple[str, str]:
    """The header's title and its muted subtitle: the deal and its game (or the phase
    before the game is known); once the round is over, the round's end and the last deal's
    game, whose tricks the picture still shows (its strip's "plays Ann" named no game:
    review 53; no subtitle "round 1" repeating the title's word: review 44)."""
    deal = view.deal
    if view.finished:
        title = pic("round_over", lang, n=round_no or view.round_no)
        return title, "" if deal.game is None else pic(
            "last_deal", lang, n=deal.deal_no, game=game_name(deal.game, lang, zduch=deal.zduch))
    sub = game_name(deal.game, lang, zduch=deal.zduch) if deal.game is not None else pic(
        "phase_" + deal.phase, lang)
    return pic("deal_no", lang, n=deal.deal_no), sub


def _header(img: Image.Image, view: TableView, names: list[str], lang: str,
            round_no: int | None = None) -> None:
    title, sub = header_texts(view, lang, round_no)
    x = 14 + text(img, (14, HEADER_H // 2), title, font(29, "bold"), TEXT, "lm")  # whole
    x += 12
    room = W - 14 - x  # for the game and who is to act, 24 px apart
    sub_w = font(SMALLEST).getlength(sub) if sub else 0
    if view.to_act is not None:
        who, f = to_act(names[view.to_act], lang, max(room - sub_w - 24, min(room // 2, 320)),
                        names)
        room -= int(text(img, (W - 14, HEADER_H // 2 + 1), who, f, GOLD, "rm")) + 24
    if sub:
        label, fr = fitted(sub, SMALLEST, "regular", room, smallest=SMALLEST)
        text(img, (x, HEADER_H // 2 + 1), label, fr, MUTED, "lm")


def to_act(name: str, lang: str, width: float,
           names: Sequence[str] = ()) -> tuple[str, Font]:
    """"Na tahu: {name}" within ``width`` px: condensed first, then the name (never the words
    around it) cut, apart from the other ``names`` (``fit_apart``)."""
    return named("to_act", lang, name, 25, "bold", width, names)


def named(key: str, lang: str, name: str, size: int, style: str,
          width: float, names: Sequence[str] = ()) -> tuple[str, Font]:
    """The picture's text ``key`` about ``name`` ("bere {name}", "{name} takes") within
    ``width`` px: at ``size``, else condensed down to ``SMALLEST``, else the name (never the
    words around it) cut, told apart from the other ``names`` cut so ("Jan…Novák" /
    "Jan…Nováček": ``fit_apart``)."""
    return fit_said(lambda who: pic(key, lang, name=who), name, names, size, style, width,
                    min(size, SMALLEST))


def seat_name(name: str, names: Sequence[str], width: float) -> tuple[str, Font]:
    """A seat's name on its panel within ``width`` px: bold, condensed and smaller down to
    ``SMALLEST`` where need be, and only then cut — apart from the other ``names`` cut so
    ("Maximilián…ngen" / "Maximilián…ngová", not two "Maximilián Ho…": ``fit_apart``)."""
    return fit_name(name, names, 26, "bold", width, SMALLEST)


def _levels(level: int, lang: str) -> str:
    """An item's flek level on the strip: "re ×4"; from ×16 on the level's name is its
    multiplier already ("flek ×32"), not said twice; none without a flek (its chip is then
    only the item and whose it is: "valát Bob", no cryptic dash)."""
    return "" if level == 0 else level_text(level, lang)


def strip_rows(deal: PublicView, names: list[str], lang: str) -> ChipRows:
    """The strip's chips as drawn, in rows within the picture (none before the game is
    known): wrapped to a second row, condensed, and only then the names cut, as much as
    two rows need (``chips.chip_rows``); each further row makes the picture taller
    (``strip_extra``)."""
    if deal.declarer is None or deal.game is None:
        return ChipRows([], "regular")
    return chip_rows(lambda short: strip_chips(deal, short, lang), names, W - 24)


def strip_chips(deal: PublicView, names: list[str], lang: str) -> list[Chip]:
    """The strip's chips: (label, value, the value's colour)."""
    assert deal.declarer is not None
    if deal.game == "W":
        return [(pic("varsava_zduch" if deal.zduch else "varsava_chosen", lang),
                 names[deal.declarer], GOLD)]
    chips: list[Chip] = [(pic("plays", lang), names[deal.declarer], GOLD)]
    if deal.called is not None:
        chips.append((pic("calls", lang), card_label(deal.called, lang), TEXT))
    if deal.flek[0]:
        chips.append((pic("flek_game", lang), _levels(deal.flek[0], lang), RED))
    if deal.pagat_by is not None:
        chips.append((pic("pagat_by", lang, name=names[deal.pagat_by]),
                      _levels(deal.flek[1], lang), RED if deal.flek[1] else TEXT))
    if deal.valat_by is not None:
        chips.append((pic("valat_by", lang, name=names[deal.valat_by]),
                      _levels(deal.flek[2], lang), RED if deal.flek[2] else TEXT))
    return chips


def _kinds(deal: PublicView, seat: int) -> tuple[str, ...]:
    kinds = []
    if seat == deal.dealer:
        kinds.append("dealer")
    if seat == deal.predak:
        kinds.append("predak")
    if seat == deal.declaring:  # (nobody in Varšava: each for himself)
        kinds.append("declarer")
    if deal.partner is not None and seat == deal.partner:
        kinds.append("partner")
    return tuple(kinds)


def _badge(kind: str, lang: str) -> Image.Image:
    return badge(pic(f"badge_{kind}", lang), BADGE_COLOURS[kind], BADGE_D, SMALLEST)


def _seat_note(deal: PublicView, seat: int, lang: str) -> tuple[str, ...]:
    """What the seat said: its bid while bidding, later its hlášky and announcements; then
    the same in short (the announcements by their short names, as the strip has them), for
    a seat where the whole does not fit."""
    if deal.phase in ("bid", "choose"):
        said = [b for s, b in deal.bids if s == seat]
        return (word(said[-1], lang),) if said else ("",)
    notes = []
    for short in (False, True):
        parts = []
        if deal.hlasky is not None:
            parts += [word(h, lang) for h in deal.hlasky[seat]]
        if deal.pagat_by == seat:
            parts.append(pic("note_pagat", lang) if short else word("pagat", lang))
        if deal.valat_by == seat:
            parts.append(pic("note_valat", lang) if short else word("valat", lang))
        if deal.declarer == seat and deal.alone and deal.game in ("1P", "2P"):
            parts.append(pic("alone", lang))
        notes.append(", ".join(parts))
    return tuple(dict.fromkeys(notes))


@lru_cache(maxsize=256)
def seat_panel(shape: str, name: str, count: int, tricks: int | None, cash: str,
               kinds: tuple[str, ...], notes: tuple[str, ...], acting: bool,
               lang: str, names: tuple[str, ...] = ()) -> Image.Image:
    """One seat (RGBA): name and role badges, face-down cards, tricks taken, money, what it
    said (whole, on as many lines as it takes: the panel grows). "wide" for the top and
    bottom, "tall" for the sides; ``names``: every seat's, that a cut name stays apart from
    (``seat_name``)."""
    w = BOXES[0][2] if shape == "wide" else BOXES[1][2]
    lines, fs = seat_note_lines(notes, shape)
    img = panel(w, seat_height(shape, len(lines)), ACTING if acting else PANEL).copy()
    badges = [_badge(k, lang) for k in kinds]
    badges_w = sum(b.width + 5 for b in badges)
    took = ("", "") if tricks is None else (pic("tricks", lang), str(tricks))
    if shape == "wide":
        step, style, up = wide_values(count, cash, took)
        _fan(img, 10, 12, count, step)
        nx = name_x(count, step)
        right = w - SEAT_PAD - badges_w  # the name row's end, left of the badges
        if up:  # (money too long for the row of both: the tricks end the name's row)
            right -= int(_value_width(*took, style))
            _value(img, right, 10, *took, style)
            right -= 16
        shown, fn = seat_name(name, names, right - nx)
        text(img, (nx, 8), shown, fn)
        bx = w - 10 - badges_w + 5
        for b in badges:
            paste(img, b, bx, 9)
            bx += b.width + 5
        x = nx + _value(img, nx, 44, "", cash, style)
        if took[0] and not up:
            _value(img, x + VALUE_GAP[style], 44, *took, style)
        for i, line in enumerate(lines):
            text(img, (12, NOTE_TOP[shape] + i * NOTE_LINE), line, fs, GOLD)
    else:
        shown, fn = seat_name(name, names, w - 20)
        text(img, (10, 8), shown, fn)
        bx = 10
        for b in badges:
            paste(img, b, bx, 42)
            bx += b.width + 5
        _fan(img, 12, 78, count, 6)
        room = w - 10 - SEAT_PAD
        _value(img, 10, 140, "", cash, _value_style("", cash, room))
        if took[0]:
            _value(img, 10, 170, *took, _value_style(*took, room))
        for i, line in enumerate(lines):
            text(img, (10, NOTE_TOP[shape] + i * NOTE_LINE), line, fs, GOLD)
    return img


def name_x(count: int, step: int) -> int:
    """Where a wide seat's name and money start: right of its face-down cards."""
    return 10 + (36 + (count - 1) * step + 20 if count > 0 else 0)


def wide_values(count: int, cash: str, took: tuple[str, str]) -> tuple[int, str, bool]:
    """How a wide seat fits its money and "štychy N" on one row right of its cards, within
    ``SEAT_PAD`` of its right edge: the cards' step (6 px, closer where the row needs the
    room), the words' style (regular, else condensed) and whether the tricks go up to the
    name's row instead (only money of six digits needs that)."""
    for style in ("regular", "narrow"):
        need = _value_width("", cash, style) + (
            VALUE_GAP[style] + _value_width(*took, style) if took[0] else 0)
        for step in FAN_STEPS:
            if name_x(count, step) + need <= BOXES[0][2] - SEAT_PAD:
                return step, style, False
    return FAN_STEPS[-1], "narrow", bool(took[0])


def note_width(shape: str) -> int:
    """How wide a line of what a seat said may be."""
    return BOXES[0][2] - 24 if shape == "wide" else BOXES[1][2] - 20


def seat_height(shape: str, lines: int) -> int:
    """A seat's panel with ``lines`` lines of what it said (room for two at least)."""
    smallest = BOXES[0][3] if shape == "wide" else BOXES[1][3]
    return max(smallest, NOTE_TOP[shape] + lines * NOTE_LINE + (2 if shape == "wide" else 4))


def seat_box(pos: int, height: int, drop: int = 0) -> tuple[int, int, int, int]:
    """Where a seat's panel ``height`` px high lies: the bottom one grows upwards, the others
    downwards; the side ones ``drop`` px lower (under a taller last trick, ``trick_drop``)."""
    x, y, w, h = BOXES[pos]
    return x, (y + h - height if pos == 0 else y + (drop if pos in (1, 3) else 0)), w, height


def seat_note_lines(notes: Sequence[str], shape: str) -> tuple[list[str], Font]:
    """The lines of the first of ``notes`` (what a seat said, then in short) that fits the
    seat whole in ``NOTE_LINES`` lines."""
    lines: list[str] = []
    f = font(SMALLEST)
    for note in notes:
        lines, f = note_lines(note, note_width(shape), NOTE_LINES[shape])
        if " ".join(lines) == note:
            break
    return lines, f


def note_lines(note: str, width: int, most: int = 2) -> tuple[list[str], Font]:
    """What a seat said (its hlášky, announcements), ``SMALLEST`` px: on one line, condensed
    if need be, else wrapped between words on as few lines as the regular or the condensed
    face takes, up to ``most``; only what does not fit even so is cut (no note of the
    catalog is: ``NOTE_LINES`` takes the longest)."""
    regular, narrow = font(SMALLEST), font(SMALLEST, "narrow")
    for f in (regular, narrow):
        if f.getlength(note) <= width:
            return ([note] if note else []), f
    best: tuple[list[str], Font] | None = None
    for by_parts in (True, False):  # its parts whole on a line where they can be
        for f in (regular, narrow):
            lines = (wrap_parts(note.split(", "), f, width, ",") if by_parts
                     else wrap(note, f, width))
            if len(lines) <= most and all(f.getlength(line) <= width for line in lines) and (
                    best is None or len(lines) < len(best[0])):
                best = lines, f
        if best is not None:
            return best
    lines = wrap(note, narrow, width)
    return [fit(line, narrow, width) for line in lines[:most - 1]] + [
        fit(" ".join(lines[most - 1:]), narrow, width)], narrow


def _value_fonts(style: str) -> tuple[Font, Font]:
    """A seat's value (money, tricks): its label's font and its value's, regular or
    condensed ("narrow")."""
    if style == "narrow":
        return font(SMALLEST, "narrow"), font(25, "cond")
    return font(SMALLEST), font(25, "bold")


def _value_width(label: str, value: str, style: str = "regular") -> float:
    fl, fv = _value_fonts(style)
    return (fl.getlength(label) + 6 if label else 0) + fv.getlength(value)


def _value_style(label: str, value: str, room: float) -> str:
    """Regular where ``room`` px take it, else condensed."""
    return "regular" if _value_width(label, value) <= room else "narrow"


def _value(img: Image.Image, x: int, y: int, label: str, value: str,
           style: str = "regular") -> int:
    fl, fv = _value_fonts(style)
    dx = int(text(img, (x, y + 3), label, fl, MUTED)) + (6 if label else 0)
    return dx + int(text(img, (x + dx, y), value, fv, TEXT))


def _fan(img: Image.Image, x: int, y: int, count: int, step: int) -> int:
    """Face-down cards with a count chip; returns the width used."""
    if count <= 0:
        return 0
    bw = 36
    for i in range(count):
        cards.put(img, cards.BACK, bw, x + i * step, y, "plain", DECK)
    width = bw + (count - 1) * step
    chip = badge(str(count), TEXT, COUNT_D, SMALLEST)
    paste(img, chip, x + width - chip.width + 8, y + cards.card_height(bw) - chip.height + 6)
    return width


def _seats(img: Image.Image, view: TableView, names: list[str], lang: str,
           marks: Sequence[str | None] = (), drop: int = 0) -> None:
    deal = view.deal
    playing = deal.phase in ("play", "done")
    for seat in range(4):
        pos = position(seat)
        acting = seat == view.to_act
        piece = seat_panel(
            "wide" if pos in (0, 2) else "tall",
            names[seat],
            deal.hand_counts[seat],
            deal.tricks_taken[seat] if playing else None,
            money(view.money[seat], lang),
            _kinds(deal, seat) + _mark(marks, seat),
            _seat_note(deal, seat, lang),
            acting,
            lang,
            tuple(names),
        )
        x, y, w, h = seat_box(pos, piece.height, drop)
        if acting:
            paste(img, glow_ring(w, h, GOLD, 12), x - 12, y - 12)
        paste(img, piece, x, y)


def _trick(img: Image.Image, deal: PublicView, names: list[str], lang: str) -> None:
    if deal.phase != "play":
        return
    if not deal.trick:
        if deal.to_act is not None:
            label, f = named("leads", lang, names[deal.to_act], 27, "regular", CENTER_W,
                             names)
            text(img, (CX, CY), label, f, MUTED, "mm")
        return
    for seat, card in deal.trick:
        dx, dy = TRICK_OFF[position(seat)]
        cards.put(img, card, TRICK_W, CX + dx - TRICK_W // 2, CY + dy - TRICK_H // 2,
                  "plain", DECK, lang)


def _inset(img: Image.Image, x: int, y: int, title: str, shown: Sequence[int], lang: str,
           lit: int | None = None, backs: int = 0, extra: int = 0) -> None:
    """A small box with a title and up to six small cards (``lit``: the one that glows), the
    faces as a table in ``lang`` shows them; room for a line under them (``extra`` px
    taller: for more)."""
    paste(img, panel(INSET_W, INSET_H + extra, PANEL, radius=14), x, y)
    label, ft = fitted(title, SMALLEST, "bold", INSET_W - 20, smallest=SMALLEST)
    text(img, (x + 10, y + 6), label, ft, TEXT)
    n = len(shown) + backs
    step = SMALL_W + 6 if n <= 4 else (INSET_W - 20 - SMALL_W) // max(1, n - 1)
    for i, card in enumerate(shown):
        cards.put(img, card, SMALL_W, x + 10 + i * step, y + 38,
                  "glow" if i == lit else "plain", DECK, lang)
    for j in range(backs):
        cards.put(img, cards.BACK, SMALL_W, x + 10 + (len(shown) + j) * step, y + 38,
                  "plain", DECK)


def draw_last_trick(img: Image.Image, deal: PublicView, takes: Takes | None, lang: str,
                    at: tuple[int, int] = RIGHT_INSET) -> None:
    """The last trick's box at ``at`` (its top-left corner): its cards in play order, the
    winner's aglow, who took it under them (``takes``: ``last_takes``; None: nothing)."""
    last = deal.last_trick
    if last is None or takes is None:
        return
    order = [card for _seat, card in last.played]
    winner_index = [seat for seat, _card in last.played].index(last.winner)
    lines, f = takes
    extra = (len(lines) - 1) * NOTE_LINE
    _inset(img, *at, pic("last_trick", lang), order, lang, winner_index, extra=extra)
    for i, line in enumerate(lines):
        text(img, (at[0] + 10, at[1] + INSET_H - 16 + i * NOTE_LINE), line,
             f, MUTED, "lm")


def takes_lines(name: str, names: Sequence[str], lang: str) -> Takes:
    """Who took the last trick, under its cards: "bere {name}" on one line (condensed if
    need be), else on two, broken between words — so that a surname is not lost (review
    48: "bere Šárka Nová…"); a name two lines cannot take is cut apart from the others
    (``fit_apart``: "Jan…Novák" / "Jan…Nováček"), its words on a line of their own."""
    width = INSET_W - 20
    whole = pic("takes", lang, name=name)
    label, f = fitted(whole, SMALLEST, "regular", width, smallest=SMALLEST)
    if label == whole:
        return [label], f
    for style in ("regular", "narrow"):
        f = font(SMALLEST, style)
        lines = wrap(whole, f, width)
        if len(lines) == 2 and all(f.getlength(line) <= width for line in lines):
            return lines, f
    before, _, after = pic("takes", lang, name="\0").partition("\0")
    cut = fit_apart(name, names, f, width)
    return [line for line in (before.strip(), cut, after.strip()) if line][:2], f


def last_takes(deal: PublicView, names: Sequence[str], lang: str) -> Takes | None:
    """``takes_lines`` for the last trick's winner (None: no trick taken yet)."""
    last = deal.last_trick
    return None if last is None else takes_lines(names[last.winner], names, lang)


def trick_drop(takes: Takes | None) -> int:
    """How much taller the last trick's box is than ``INSET_H`` (its winner on two lines,
    ``takes``: ``last_takes``): the side seats under it lie so much lower, clear of it."""
    return 0 if takes is None else (len(takes[0]) - 1) * NOTE_LINE


def _talon(img: Image.Image, deal: PublicView, lang: str) -> None:
    """The talon's public side: face down until bought, rejected trojkas, turned cards."""
    if deal.turned:
        _inset(img, *LEFT_INSET, pic("turned", lang), [c for c, _ in deal.turned], lang,
               backs=6 - len(deal.turned) if deal.game == "W" else 0)
    elif deal.shown:
        # one set of three shown (preferanc on second cards), or both (on third)
        sets = len(deal.shown) // 3
        _inset(img, *LEFT_INSET, tn("taroky.pic.shown", lang, sets), list(deal.shown), lang)
    elif deal.phase in ("bid", "choose", "call", "trojka") or (
            deal.game == "6P" and deal.phase != "done"):
        _inset(img, *LEFT_INSET, pic("talon", lang), [], lang, backs=6)
    face_up = sorted(c for cs in deal.face_up_discards for c in cs)  # by rank
    if face_up and deal.phase != "done":  # taroks laid away lie face up all the deal
        _inset(img, *FACE_UP_INSET, pic("laid_taroks", lang), face_up[:6], lang)


def _center_note(img: Image.Image, view: TableView, names: list[str], lang: str) -> None:
    deal = view.deal
    if view.finished:
        order = sorted(range(4), key=lambda s: -view.results[s])
        f = font(27, "bold")
        text(img, (CX, CY - 96), pic("results", lang), font(25), MUTED, "mm")
        for i, seat in enumerate(order):
            value = money(view.results[seat], lang, signed=True)
            colour = GREEN if view.results[seat] > 0 else (RED if view.results[seat] < 0
                                                          else TEXT)
            text(img, (CX - 10, CY - 50 + i * 40), fit_apart(names[seat], names, f, 190), f,
                 TEXT, "rm")
            text(img, (CX + 10, CY - 50 + i * 40), value, f, colour, "lm")
        return
    key = {"bid": "phase_bid", "choose": "phase_choose", "call": "phase_call",
           "trojka": "phase_trojka", "discard": "phase_discard",
           "announce": "phase_announce"}.get(deal.phase)
    if key is not None:
        phase, fp = fitted(pic(key, lang), 29, "bold", CENTER_W, smallest=SMALLEST)
        text(img, (CX, CY), phase, fp, MUTED, "mm")
        if deal.phase == "discard":
            counts = [f"{names[s]} {n}" for s, n in enumerate(deal.discard_counts) if n]
            if counts:
                laid, fl = fitted(pic("laid", lang) + " " + ", ".join(counts), SMALLEST,
                                  "regular", CENTER_W, smallest=SMALLEST)
                text(img, (CX, CY + 40), laid, fl, FAINT, "mm")


def _mark(marks: Sequence[str | None], seat: int) -> tuple[str, ...]:
    """The seat's mark ("ai", "away"), as a badge kind."""
    mark = marks[seat] if seat < len(marks) else None
    return (mark,) if mark in MARKS else ()


def legend_kinds(deal: PublicView, marks: Sequence[str | None] = ()) -> tuple[str, ...]:
    """The badges the legend explains: those some seat shows (no declarer or partner before
    the game is known, nor in Varšava), in a fixed order."""
    shown = {k for seat in range(4) for k in _kinds(deal, seat) + _mark(marks, seat)}
    return tuple(k for k in ("dealer", "predak", "declarer", "partner", *MARKS) if k in shown)


def legend_layout(kinds: Sequence[str], lang: str) -> tuple[list[list[str]], Font, int, int]:
    """The legend's words beside each badge (on one line while they fit ``LEGEND_W``, else
    wrapped), their font (regular, else condensed; ``SMALLEST`` px), the line of a badge and
    the box's height."""
    words = [pic(f"legend_{k}", lang) for k in kinds]
    rooms = [LEGEND_W - 26 - _badge(k, lang).width for k in kinds]
    f = font(SMALLEST)
    if any(f.getlength(w) > r for w, r in zip(words, rooms, strict=True)):
        f = font(SMALLEST, "narrow")
    lines = [wrap(w, f, r) for w, r in zip(words, rooms, strict=True)]
    line = BADGE_D + (2 if len(kinds) <= 5 else 0)  # (six: clear of the left seat)
    height = sum(line + NOTE_LINE * (len(ls) - 1) for ls in lines) + 12
    return lines, f, line, height


def _legend(img: Image.Image, deal: PublicView, lang: str,
            marks: Sequence[str | None] = ()) -> None:
    kinds = legend_kinds(deal, marks)
    if not kinds:
        return
    lines, f, line, height = legend_layout(kinds, lang)
    width = max(_badge(k, lang).width + 8 + int(max(f.getlength(x) for x in ls))
                for k, ls in zip(kinds, lines, strict=True))
    box = panel(width + 18, height, radius=12).copy()
    y = 6
    for kind, ls in zip(kinds, lines, strict=True):
        b = _badge(kind, lang)
        paste(box, b, 8, y + (line - BADGE_D) // 2)
        for i, x in enumerate(ls):
            text(box, (8 + b.width + 8, y + line / 2 + i * NOTE_LINE), x, f, MUTED, "lm")
        y += line + NOTE_LINE * (len(ls) - 1)
    paste(img, box, 12, H - LEGEND_BOTTOM - box.height)


def table_image(view: TableView, names: Sequence[str], lang: str = "cs",
                round_no: int | None = None, marks: Sequence[str | None] = (),
                tournament: str = "") -> Image.Image:
    """The table as a Pillow image (RGB), from the public view only (``round_no``: the round
    of a tournament the table plays; ``marks``: per seat "ai" when an AI plays for the human
    there, "away" for an absent human the table waits for, or None; ``tournament``: a
    tournament's table as its thread names it, in a bar under the table, "": none). 860 px
    wide, 800 high, a row of the strip taller where its chips take two."""
    if not isinstance(view, TableView):
        raise TypeError("the Taroky table picture takes a TableView")
    lang = lang_of(lang)
    who = check_names(names, lang)
    strip = strip_rows(view.deal, who, lang)
    extra = strip_extra(strip)
    img = _base(extra).copy()
    # the rest is laid out for a picture H px high: drawn on the felt it will lie on, then
    # moved down under the strip's further rows
    body = img if not extra else img.crop((0, extra, W, H + extra))
    _legend(body, view.deal, lang, marks)
    takes = last_takes(view.deal, who, lang)
    _seats(body, view, who, lang, marks, trick_drop(takes))
    if not view.finished:
        _talon(body, view.deal, lang)
    draw_last_trick(body, view.deal, takes, lang)
    _trick(body, view.deal, who, lang)
    _center_note(body, view, who, lang)
    if extra:
        img.paste(body.crop((0, BODY_TOP, W, H)), (0, BODY_TOP + extra))
    _header(img, view, who, lang, round_no)
    draw_chips(img, 12, STRIP_Y + 4, STRIP_H - 8, strip)
    return with_footer(img, tournament)


def strip_extra(strip: ChipRows) -> int:
    """How much taller the picture is for the strip's rows past the first."""
    return max(0, len(strip.rows) - 1) * STRIP_H


def render_table(view: TableView, names: Sequence[str], lang: str = "cs",
                 round_no: int | None = None, marks: Sequence[str | None] = (),
                 tournament: str = "") -> bytes:
    """PNG of the table (public view only; ``tournament``: ``table_image``'s)."""
    return encode(table_image(view, names, lang, round_no, marks, tournament),
                  palette.taroky())


__all__ = ["BLUE", "position", "render_table", "table_image"]
