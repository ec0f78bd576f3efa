"""The Taroky table: four seats (play goes counter-clockwise: seat 0 at the bottom, then right,
top, left), the game strip (game, declarer, called tarok, flek levels, pagát and valát), the
trick in progress, the last trick, and the talon's public cards (rejected trojkas, cards
turned in sólo and Varšava, taroks laid away face up).

The picture is shown inside the table message's embed: on a phone about ``EMBED_W`` (310) px
wide and at most ``EMBED_H`` (280) px high, so its every word is at least ``SMALLEST`` px of
its 860 (11 px there) and it is no taller than ``H_MOST`` (a taller one would be shown
narrower, its words under 11 px). It is laid out in three columns: the left one (the
talon's box, the left seat, the legend), the middle one (the top seat, the trick, the bottom
seat) and the right one (the last trick, the right seat, the taroks laid away); each seat's
panel is as tall as what it says, each side seat lies as high as its column lets it, and the
legend and the laid taroks' box swap columns where that keeps the picture lower
(``layout``).

Only the table's public view (``TableView``) goes in: hands, hidden discards, the talon's
hidden cards and the secret partner are not in it, so they cannot be drawn. Of the completed
tricks only ``last_trick`` is drawn (``history`` is a player's memory, not the table's).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.games.taroky.pictures import palette
from bot.games.taroky.pictures.chips import (
    GAP,
    ROWS,
    Chip,
    ChipRows,
    chip_rows,
    chip_width,
    draw_chips,
    varsava_chips,
)
from bot.games.taroky.words import (
    card_label,
    flek_text,
    game_name,
    money,
    pic,
    times,
    trojkas,
    word,
)
from bot.i18n import lang_of, tn
from bot.render import cards
from bot.render.common import (
    BAR,
    BLUE,
    EMBED_H,
    EMBED_W,
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
    embed_px,
    encode,
    felt,
    footer_height,
    glow_ring,
    panel,
    paste,
    text,
    with_footer,
    wrap,
    wrap_parts,
)
from bot.render.fonts import Font, fit, fitted, font, without_selectors
from bot.render.minis import put_mini
from bot.render.names import fit_apart, fit_name, fit_said, short_names
from engine.taroky.cards import color
from engine.taroky.messages import SUIT_SYMBOLS
from engine.taroky.views import PublicView, TableView

DECK = "taroky"
W = 860
SMALLEST = embed_px(W)  # 31 px: no word is smaller (11 px in an embed)
H = EMBED_H * W // EMBED_W  # 776: the least height (the embed shows it EMBED_W wide)
H_MOST = SMALLEST * EMBED_H // 11  # 789: the most (a taller one is shown narrower)
TITLE_PX = SMALLEST + 3  # the header's title, the phase in the middle
LINE = 36  # px from a line of SMALLEST words to the next
M = 8  # px: the margin, and the gap between boxes
HEADER_H = 52
# a row of the strip's chips (a chip and the gap under it)
STRIP_Y, STRIP_H, CHIP_H = HEADER_H + 6, 54, 46
BODY_TOP = STRIP_Y + STRIP_H  # what lies under the strip's first row starts here
SIDE_W = 250  # the side columns' width
LEFT_X, RIGHT_X = M, W - M - SIDE_W
CENTER_X, CENTER_W = LEFT_X + SIDE_W + 10, W - 2 * (M + SIDE_W + 10)  # the middle column
CX = W // 2
SEAT_W = {"wide": CENTER_W, "tall": SIDE_W}  # the top and bottom seats, the side ones
SEAT_PAD = 12  # px: a seat's words end so far from its panel's right edge
VALUE_LINE = 36  # px: a row of a seat's money or tricks
VALUES_TOP = {"wide": 46, "tall": 112}  # a seat's money under its name (and cards)
TALL_FAN_Y = 46  # a side seat's face-down cards, under its name
WIDE_NAME_Y, WIDE_FAN_Y = 24, 46  # a wide seat's name (its middle) and face-down cards
NOTE_LINES = {"wide": 2, "tall": 2}  # what a seat said: at most so many lines (``_seat_note``)
FAN_STEPS = (6, 5, 4, 3, 2, 1, 0)  # px between a seat's face-down cards: closer for room
BACK_W = 36  # a face-down card in a seat's panel
BACK_H = cards.card_height(BACK_W)
TRICK_W = 84  # the trick's cards at least (the room the layout keeps for them)
TRICK_H = cards.card_height(TRICK_W)
# ... at most: the side cards clear of the top and bottom ones within the middle column
# (``trick_size``: as large as the room between the top and the bottom seat lets them)
TRICK_MAX_W = CENTER_W // 3 - 4  # (4 px: a gap between the side and the middle cards)
TRICK_DY = 84  # the top and bottom cards, at most (closer where the seats need the room)
TRICK_DY_MIN = TRICK_H // 2 + 2  # at least: clear of each other
TRICK_CROSS = 2 * TRICK_DY_MIN + TRICK_H  # the trick's cards from the top one to the bottom one
ACTING = (74, 60, 12, 220)
BADGE_D = 42
BADGE_GAP = 5  # px: between two badges
BADGE_OVERLAP = 6  # px: the most two crowded badges overlap (within a badge's rim)
COUNT_D = 40  # the count chip on a seat's face-down cards
LEGEND_W = SIDE_W  # the legend, under the left seat
LEGEND_LINE = BADGE_D + 4
# px above the legend's first badge's line and under its last: its badges 7 px within the
# box's rims (6 made the sólo's five-badge legend, talon box, long names and tournament
# 790 px high: 1 px past ``H_MOST``)
LEGEND_PAD = 5
BADGE_COLOURS: dict[str, RGB] = {
    "dealer": (120, 170, 230),
    "predak": (246, 196, 68),
    "declarer": (236, 110, 90),
    "partner": (200, 130, 230),
    # a human's seat played by an AI (absent, or gone), an absent player the table waits for
    "ai": (150, 160, 172),
    "away": (150, 160, 172),
    "lead": (235, 235, 228),  # leads the trick in progress (Lóra's "trick" badge: ▶)
}
Takes = tuple[list[str], Font]  # who took the last trick: its lines, and their font
MARKS = ("ai", "away")  # the bot's marks of a seat (``table_image``), badges in this order
LOST = "✗"  # an announcement that has failed already (the announced pagát, ``pagat_lost``)
LOST_PX = SMALLEST + 6  # the legend's ✗ (in the place of a badge)
RED_SUITS = (0, 1)  # ♥ ♦: their cards' names in red (the trojkas' box)


class Inset(NamedTuple):
    """A box of small cards under a title (the last trick, the talon's): its width, its
    words' px, its cards' width, its lines' step, how many lines may say who took the
    trick and whether a row under the last trick's cards says who played each."""

    w: int
    px: int
    card_w: int
    line: int
    most: int = 2
    players: bool = True  # the last trick's: who played each card, under it

    @property
    def cards_top(self) -> int:
        return self.px + 14

    @property
    def plain_h(self) -> int:
        """Its height with its cards and no line under them (the talon's, the laid taroks')."""
        return self.cards_top + cards.card_height(self.card_w) + 10

    @property
    def mini_w(self) -> int:
        """The last trick's mini cards' width: four in the box's width, ``MINI_GAP`` apart."""
        return (self.w - 20 - 3 * MINI_GAP) // 4

    @property
    def mini_h(self) -> int:
        """... and their height: lower than a card's (a rank and a sign, no more)."""
        return self.mini_w * 6 // 5

    @property
    def h(self) -> int:
        """The last trick's box: its mini cards, who played each under them and one line
        of who took it."""
        return self.cards_top + self.mini_h + 2 + (2 if self.players else 1) * self.line + 6


MINI_GAP = 6  # px between the last trick's mini cards
TABLE_INSET = Inset(SIDE_W, SMALLEST, 50, LINE, 3)


def position(seat: int) -> int:
    """Where a seat sits on the picture: seat 0 at the bottom, the next seat in playing order
    (to its right) on the right, and so on."""
    return seat % 4


@lru_cache(maxsize=8)
def _base(height: int) -> Image.Image:
    """The felt ``height`` px high and the header's bar."""
    img = felt(W, height).copy()
    paste(img, panel(W, HEADER_H, BAR, radius=0), 0, 0)
    return img


def header_texts(view: TableView, lang: str, round_no: int | None = None) -> tuple[str, str]:
    """The header's title and its muted subtitle: the deal and its game (or the phase
    before the game is known); once the round is over, the round's end and the last deal's
    game, whose tricks the picture still shows (its strip's "plays Ann" named no game:
    review 53; no subtitle "round 1" repeating the title's word: review 44). Before the
    game is known (bidding, the předák choosing) the phase in lower case, as the table's
    embed text writes it next to the deal ("1. rozdání · licitace"), not the middle's title.
    A table of its own (``round_no`` None, the engine's first round) plays one round: its end
    is "Konec kola", the words of its final embed's title ("Konec kola – stůl č. 1"; review
    93: the picture said "Konec hry"), only a tournament's round is numbered ("Konec 2.
    kola")."""
    deal = view.deal
    if view.finished:
        if round_no is None and view.round_no > 1:  # as ``sheet_image`` reads it
            round_no = view.round_no
        title = pic("round_end", lang) if round_no is None else pic("round_over", lang,
                                                                     n=round_no)
        return title, "" if deal.game is None else pic(
            "last_deal", lang, n=deal.deal_no, game=game_name(deal.game, lang, zduch=deal.zduch))
    sub = game_name(deal.game, lang, zduch=deal.zduch) if deal.game is not None else pic(
        "head_" + deal.phase, lang)
    return pic("deal_no", lang, n=deal.deal_no), sub


def _header(img: Image.Image, view: TableView, names: list[str], lang: str,
            round_no: int | None = None) -> None:
    title, sub = header_texts(view, lang, round_no)
    x = 14 + text(img, (14, HEADER_H // 2), title, font(TITLE_PX, "bold"), TEXT, "lm")
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
    return named("to_act", lang, name, SMALLEST, "bold", width, names)


def named(key: str, lang: str, name: str, size: int, style: str,
          width: float, names: Sequence[str] = (), smallest: int = SMALLEST
          ) -> tuple[str, Font]:
    """The picture's text ``key`` about ``name`` ("bere {name}", "{name} takes") within
    ``width`` px: at ``size``, else condensed down to ``smallest`` (the table's
    ``SMALLEST``; the hand's own), else the name (never the words around it) cut, told
    apart from the other ``names`` cut so ("Jan…Novák" / "Jan…Nováček": ``fit_apart``)."""
    return fit_said(lambda who: pic(key, lang, name=who), name, names, size, style, width,
                    min(size, smallest))


def seat_name(name: str, names: Sequence[str], width: float) -> tuple[str, Font]:
    """A seat's name on its panel within ``width`` px: bold, condensed where need be, and
    only then cut — apart from the other ``names`` cut so ("Maximilián…ngen" /
    "Maximilián…ngová", not two "Maximilián Ho…": ``fit_apart``)."""
    return fit_name(name, names, SMALLEST, "bold", width, SMALLEST)


def strip_rows(deal: PublicView, names: list[str], lang: str,
               brief: bool = False, rows: int = ROWS) -> ChipRows:
    """The strip's chips as drawn, in rows within the picture (none before the game is
    known): on one row, condensed if need be, else wrapped to a second (at most ``rows``),
    and only then the names cut, as much as the rows need (``chips.chip_rows``); each
    further row makes the picture taller (``strip_extra``); ``brief``: the flek levels by
    their multipliers (``strip_chips``)."""
    if deal.declarer is None or deal.game is None:
        return ChipRows([], "regular", SMALLEST)
    laid = chip_rows(lambda short: strip_chips(deal, short, lang, brief), names, W - 24,
                     SMALLEST, one_row=True, most_rows=rows)
    assert laid is not None  # (a strip's chip names one player: cut to the least, it fits)
    return laid


def strip_chips(deal: PublicView, names: list[str], lang: str,
                brief: bool = False) -> list[Chip]:
    """The strip's chips: (label, value, the value's colour); ``brief``: each flek level by
    its multiplier alone ("×8", not "re-redouble ×8")."""
    assert deal.declarer is not None
    if deal.game == "W":
        return varsava_chips(deal.declarer, deal.zduch, deal.bids, names, lang)

    def levels(level: int) -> str:
        return times(level).strip() if brief else flek_text(level, lang)

    chips: list[Chip] = [(pic("plays", lang), names[deal.declarer], GOLD)]
    if deal.called is not None:
        chips.append((pic("calls", lang), card_label(deal.called, lang), TEXT))
    if deal.flek[0]:
        chips.append((pic("flek_game", lang), levels(deal.flek[0]), RED))
    if deal.pagat_by is not None:
        # ✗ once it has failed (``I`` fell before the last trick), red, as the deal's
        # picture marks it: it read as still open until the deal ended (review 64)
        level = levels(deal.flek[1])
        chips.append((pic("pagat_by", lang, name=names[deal.pagat_by]),
                      f"{level} {LOST}".strip() if deal.pagat_lost else level,
                      RED if deal.flek[1] or deal.pagat_lost else TEXT))
    if deal.valat_by is not None:
        chips.append((pic("valat_by", lang, name=names[deal.valat_by]),
                      levels(deal.flek[2]), RED if deal.flek[2] else TEXT))
    return chips


def _kinds(deal: PublicView, seat: int, lead: bool = True) -> tuple[str, ...]:
    kinds = []
    if seat == deal.dealer:
        kinds.append("dealer")
    if seat == deal.predak:
        kinds.append("predak")
    if seat == deal.declaring:  # (nobody in Varšava: each for himself)
        kinds.append("declarer")
    if deal.partner is not None and seat == deal.partner:
        kinds.append("partner")
    if lead and deal.phase == "play" and seat == deal.leader:
        kinds.append("lead")
    return tuple(kinds)


def _badge(kind: str, lang: str) -> Image.Image:
    """A seat's badge of ``kind``; "lost": the legend's red ✗ (a failed announcement)."""
    if kind == "lost":
        img = Image.new("RGBA", (BADGE_D, BADGE_D), (0, 0, 0, 0))
        text(img, (BADGE_D / 2, BADGE_D / 2), LOST, font(LOST_PX, "bold"), RED, "mm")
        return img
    return badge(pic(f"badge_{kind}", lang), BADGE_COLOURS[kind], BADGE_D, SMALLEST)


def _seat_note(deal: PublicView, seat: int, lang: str) -> tuple[str, ...]:
    """What the seat said: its bid while bidding, later its hlášky and announcements — then
    the wordings a seat takes where the one before would need a third line
    (``seat_note_lines``): in short ("trul + king", "pagát"), then in short without the
    announcements, which the strip names with their announcer already. A third line made
    the picture up to 814 px high (an English sólo's side seat, over the talon's box and
    the legend): no seat's note takes one."""
    if deal.phase in ("bid", "choose"):
        said = [b for s, b in deal.bids if s == seat]
        return (word(said[-1], lang),) if said else ("",)
    notes = []
    for short, announced in ((False, True), (True, True), (True, False)):
        parts = []
        if deal.hlasky is not None:
            parts += [pic(f"said_{h}", lang) if short else word(h, lang)
                      for h in deal.hlasky[seat]]
        if deal.pagat_by == seat and announced:
            pagat = pic("said_pagat", lang) if short else word("pagat", lang)
            parts.append(f"{pagat} {LOST}" if deal.pagat_lost else pagat)
        if deal.valat_by == seat and announced:
            parts.append(pic("said_valat", lang) if short else word("valat", lang))
        if deal.declarer == seat and deal.alone and deal.game in ("1P", "2P"):
            parts.append(pic("said_alone" if short else "alone", lang))
        notes.append(", ".join(parts))
    return tuple(dict.fromkeys(notes))


@lru_cache(maxsize=256)
def seat_panel(shape: str, name: str, count: int, tricks: int | None, cash: str,
               kinds: tuple[str, ...], notes: tuple[str, ...], acting: bool,
               lang: str, names: tuple[str, ...] = ()) -> Image.Image:
    """One seat (RGBA): name and role badges, face-down cards, money, tricks taken, what it
    said (whole, on as many lines as it takes: the panel grows). "wide" for the top and
    bottom (the name and the badges; the cards, the money and the tricks under it beside
    them), "tall" for the sides (the name; the cards and the badges; the money; the
    tricks); ``names``: every seat's, that a cut name stays apart from (``seat_name``). A
    side seat with no cards left (the round over) has its badges beside its name where
    they fit so, its money under it: no row with a badge alone, or empty (review 64)."""
    w = SEAT_W[shape]
    badges = [_badge(k, lang) for k in kinds]
    badges_w = sum(b.width + BADGE_GAP for b in badges)
    bare = shape == "tall" and count == 0 and bare_name(name, names, badges_w) is not None
    lines, fs = seat_note_lines(notes, shape)
    # (its tricks counted as the eyes are, "1 trick", "5 štychů": review 89 read "tricks 1")
    took = ("", "") if tricks is None else ("", tn("taroky.pic.tricks", lang, tricks))
    step, style = values_layout(shape, count, cash, took)
    rows = 1 + (1 if took[1] else 0)
    beside = note_beside(count, cash, took, notes) if shape == "wide" else None
    height = (seat_height(shape, len(lines), rows, bare) if beside is None
              else beside_height(beside))
    img = panel(w, height, ACTING if acting else PANEL).copy()
    y = VALUES_TOP["wide" if bare else shape]
    if shape == "wide":
        # the badges at the right edge, BADGE_GAP apart; the name left of them, as far
        # from the first as that gap and 12 px
        row_w = sum(b.width + BADGE_GAP for b in badges) - BADGE_GAP
        shown, fn = seat_name(name, names,
                              w - SEAT_PAD - 12 - (row_w + BADGE_GAP if badges else 0))
        text(img, (12, WIDE_NAME_Y), shown, fn, TEXT, "lm")
        bx = w - 10 - row_w
        for b in badges:
            paste(img, b, bx, WIDE_NAME_Y - BADGE_D // 2)
            bx += b.width + BADGE_GAP
        if beside is not None:
            _fan(img, 12, WIDE_FAN_Y, count, beside.step)
            for i, line in enumerate(beside.lines):
                text(img, (values_x(count, beside.step), WIDE_FAN_Y + i * LINE), line,
                     beside.font, GOLD)
            vy = beside_height(beside) - 6 - VALUE_LINE
            vx = 12 + _value(img, 12, vy, "", cash, beside.style) + 16
            if took[1]:
                _value(img, vx, vy, *took, beside.style)
            return img
        _fan(img, 12, WIDE_FAN_Y, count, step)
        vx = values_x(count, step)
        _value(img, vx, y, "", cash, style)
        if took[1]:
            _value(img, vx, y + VALUE_LINE, *took, style)
    elif bare:
        shown, fn = seat_name(name, names, w - 10 - SEAT_PAD - badges_w)
        text(img, (10, 8), shown, fn)
        bx = w - 10 - badges_w + 5
        for b in badges:
            paste(img, b, bx, WIDE_NAME_Y - BADGE_D // 2)
            bx += b.width + 5
        _value(img, 10, y, "", cash, style)
        if took[1]:
            _value(img, 10, y + VALUE_LINE, *took, style)
    else:
        shown, fn = seat_name(name, names, w - 10 - SEAT_PAD)
        text(img, (10, 8), shown, fn)
        fan_step, gap = tall_row(count, [b.width for b in badges])
        bx = 12 + _fan(img, 12, TALL_FAN_Y, count, fan_step) + 12
        for b in badges:
            paste(img, b, bx, TALL_FAN_Y + 29 - BADGE_D // 2)
            bx += b.width + gap
        _value(img, 10, y, "", cash, style)
        if took[1]:
            _value(img, 10, y + VALUE_LINE, *took, style)
    top = note_top(shape, rows, bare)
    for i, line in enumerate(lines):
        text(img, (12 if shape == "wide" else 10, top + i * LINE), line, fs, GOLD)
    return img


class Beside(NamedTuple):
    """A wide seat's note beside its face-down cards: the cards' step, the note's lines
    and their font, and the style of the money and the tricks on a row under them."""

    step: int
    lines: list[str]
    font: Font
    style: str


def briefest(notes: tuple[str, ...], shape: str) -> tuple[str, ...]:
    """Of a seat's wordings (``_seat_note``) the first that takes its fewest lines whole
    (the last always is: ``seat_note_lines``)."""
    def lines(note: str) -> int:
        said = seat_note_lines((note,), shape)[0]
        return len(said) if " ".join(said) == note else NOTE_LINES[shape] + 1

    return (min(notes, key=lines),)


def note_beside(count: int, cash: str, took: tuple[str, str],
                notes: Sequence[str]) -> Beside | None:
    """A wide seat (the top or the bottom one) whose note would take two lines or more
    under its cards, its money and its tricks beside them ("8–9 taroks, pagát ultimo,
    valat"): the note beside the cards on at most two lines (the first of ``notes`` whole
    so; the cards closer where it needs the room), the money and the tricks on one row
    under them (regular, else condensed) — a lower panel, the middle column's tallest
    part where the seat's neighbours crowd it (the picture was up to 806 px high). None:
    the note under the cards, as it is lower or no higher, or nothing fits so."""
    if len(seat_note_lines(notes, "wide")[0]) < 2:
        return None
    row = [("", cash)] + ([took] if took[1] else [])
    styles = [style for style in ("regular", "narrow")
              if 12 + sum(_value_width(*v, style) + 16 for v in row) - 16
              <= SEAT_W["wide"] - SEAT_PAD]
    if not styles:
        return None
    for note in notes:  # (the whole wording with the cards closer, before a shorter one)
        for step in FAN_STEPS:
            width = SEAT_W["wide"] - SEAT_PAD - values_x(count, step)
            lines, f = note_lines(note, width, 2)
            if " ".join(lines) == note and all(f.getlength(x) <= width for x in lines):
                return Beside(step, lines, f, styles[0])
    return None


def beside_height(beside: Beside) -> int:
    """A wide seat's panel with its note beside its cards (``note_beside``)."""
    under_fan = WIDE_FAN_Y + BACK_H + 8 + 6  # (the count chip reaches 8 px under the cards)
    return max(WIDE_FAN_Y + len(beside.lines) * LINE + 2, under_fan) + VALUE_LINE + 6


def badge_gap(widths: Sequence[int], room: int) -> int | None:
    """The gap between badges ``widths`` px wide on a row ``room`` px wide: ``BADGE_GAP``,
    less (down to an overlap of ``BADGE_OVERLAP``) when crowded; None: they do not fit."""
    need = sum(widths)
    if len(widths) < 2:
        return BADGE_GAP if need <= room else None
    gap = min(BADGE_GAP, (room - need) // (len(widths) - 1))
    return gap if gap >= -BADGE_OVERLAP else None


def tall_row(count: int, widths: Sequence[int]) -> tuple[int, int]:
    """A side seat's row of ``count`` face-down cards and its badges (``widths`` px wide)
    within its panel's right edge less 10 px: the cards' step (6 px, closer where the
    badges need the room) and the badges' gap (``badge_gap``: crowded badges close up
    within their rims first). The most a seat shows (two roles and an AI's mark beside 16
    cards) fits so: the third badge was cut off at the panel's edge (as review 59 found of
    the Lóra seats)."""
    end = SEAT_W["tall"] - 10
    for step in FAN_STEPS:
        gap = badge_gap(widths, end - (12 + fan_width(count, step) + 12))
        if gap is not None:
            return step, gap
    return FAN_STEPS[-1], -BADGE_OVERLAP


def values_x(count: int, step: int) -> int:
    """Where a wide seat's money and tricks start: right of its face-down cards and their
    count."""
    return 12 + (fan_width(count, step) + 14 if count > 0 else 0)


def fan_width(count: int, step: int) -> int:
    """The width ``count`` face-down cards ``step`` px apart take with their count chip."""
    if count <= 0:
        return 0
    chip = _count_chip(count)
    return max(BACK_W + (count - 1) * step, chip.width - 10) + 10


def values_layout(shape: str, count: int, cash: str,
                  took: tuple[str, str]) -> tuple[int, str]:
    """How a seat fits its money and its tricks ("3 štychy"; each on its row) within
    ``SEAT_PAD`` of its right edge: its face-down cards' step (a wide seat's lie left of
    them: 6 px apart, closer where the words need the room) and the words' style (regular,
    else condensed)."""
    for style in ("regular", "narrow"):
        widest = max(_value_width("", cash, style),
                     _value_width(*took, style) if took[1] else 0)
        if shape == "tall":
            if 10 + widest <= SEAT_W[shape] - SEAT_PAD:
                return FAN_STEPS[0], style
            continue
        for step in FAN_STEPS:
            if values_x(count, step) + widest <= SEAT_W[shape] - SEAT_PAD:
                return step, style
    return FAN_STEPS[-1], "narrow"


def note_width(shape: str) -> int:
    """How wide a line of what a seat said may be."""
    return SEAT_W[shape] - (12 if shape == "wide" else 10) - SEAT_PAD


def note_top(shape: str, rows: int, bare: bool = False) -> int:
    """Where what a seat said starts: under its ``rows`` rows of money and tricks (a wide
    seat's: under its cards too; ``bare``: a side seat with no row of cards, its money
    under its name, as ``bare_name`` has it)."""
    under_fan = WIDE_FAN_Y + BACK_H + 8 + 6  # (the count chip reaches 8 px under the cards)
    top = VALUES_TOP["wide" if bare else shape]
    return max(top + rows * VALUE_LINE + 2, under_fan if shape == "wide" else 0)


def seat_height(shape: str, lines: int, rows: int = 1, bare: bool = False) -> int:
    """A seat's panel with ``rows`` rows of money and tricks and ``lines`` lines of what it
    said (``bare``: ``note_top``'s)."""
    return note_top(shape, rows, bare) + lines * LINE + 6


def bare_name(name: str, names: Sequence[str], badges_w: int) -> str | None:
    """A side seat's name as shown beside its badges (``badges_w`` px with their gaps) on
    its first row, where it is whole so (its cards gone, no row of its own for them);
    None: it would be cut there, the badges go on the row under it."""
    if not badges_w:
        return name
    shown, _f = seat_name(name, names, SEAT_W["tall"] - 10 - SEAT_PAD - badges_w)
    return shown if shown == name else None


def seat_note_lines(notes: Sequence[str], shape: str) -> tuple[list[str], Font]:
    """The lines of the first of ``notes`` (what a seat said, then shorter: ``_seat_note``)
    whole in ``NOTE_LINES`` lines with each of its parts whole on a line ("10+ taroks, trul
    + king," / "pagát", not "… trul" / "+ king, pagát"); where none is so, the first whole
    in them broken between words."""
    lines: list[str] = []
    f = font(SMALLEST)
    for by_parts in (True, False):
        for note in notes:
            lines, f = note_lines(note, note_width(shape), NOTE_LINES[shape])
            if " ".join(lines) == note and (
                    not by_parts or all(line.endswith(",") for line in lines[:-1])):
                return lines, f
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
    """A seat's value (money, tricks): its label's font and its value's (bold), regular or
    condensed ("narrow")."""
    if style == "narrow":
        return font(SMALLEST, "narrow"), font(SMALLEST, "cond")
    return font(SMALLEST), font(SMALLEST, "bold")


def _value_width(label: str, value: str, style: str = "regular") -> float:
    fl, fv = _value_fonts(style)
    return (fl.getlength(label) + 6 if label else 0) + fv.getlength(value)


def _value(img: Image.Image, x: int, y: int, label: str, value: str,
           style: str = "regular") -> int:
    fl, fv = _value_fonts(style)
    dx = int(text(img, (x, y), label, fl, MUTED)) + (6 if label else 0)
    return dx + int(text(img, (x + dx, y), value, fv, TEXT))


@lru_cache(maxsize=32)
def _count_chip(count: int) -> Image.Image:
    return badge(str(count), TEXT, COUNT_D, SMALLEST, 14)


def _fan(img: Image.Image, x: int, y: int, count: int, step: int) -> int:
    """Face-down cards with their count chip over the last; returns the width used."""
    if count <= 0:
        return 0
    for i in range(count):
        cards.put(img, cards.BACK, BACK_W, x + i * step, y, "plain", DECK)
    width = fan_width(count, step)
    chip = _count_chip(count)
    paste(img, chip, x + width - chip.width, y + BACK_H - COUNT_D + 8)
    return width


def _seats(img: Image.Image, view: TableView, pieces: dict[int, Image.Image],
           boxes: dict[int, tuple[int, int]]) -> None:
    for seat in range(4):
        pos = position(seat)
        piece = pieces[pos]
        x, y = boxes[pos]
        if seat == view.to_act:
            paste(img, glow_ring(piece.width, piece.height, GOLD, 12), x - 12, y - 12)
        paste(img, piece, x, y)


def _pieces(view: TableView, names: list[str], lang: str,
            marks: Sequence[str | None] = (), brief: bool = False,
            lead: bool = True) -> dict[int, Image.Image]:
    """Each seat's panel, by its position; ``brief``: each seat's note in the wording of its
    fewest lines (``briefest``); ``lead``: the badge of who leads the trick (``_kinds``)."""
    deal = view.deal
    playing = deal.phase in ("play", "done")
    out = {}
    for seat in range(4):
        pos = position(seat)
        out[pos] = seat_panel(
            "wide" if pos in (0, 2) else "tall",
            names[seat],
            deal.hand_counts[seat],
            deal.tricks_taken[seat] if playing else None,
            money(view.money[seat], lang),
            _kinds(deal, seat, lead) + _mark(marks, seat),
            briefest(_seat_note(deal, seat, lang), "wide" if pos in (0, 2) else "tall")
            if brief else _seat_note(deal, seat, lang),
            seat == view.to_act,
            lang,
            tuple(names),
        )
    return out


def trick_size(room: int) -> tuple[int, int, int, int]:
    """The trick's cards in the ``room`` px high between the top and the bottom seat: their
    width and height, how far the side ones lie from the middle and the top and bottom ones
    at most — as large as the room lets the top and bottom ones lie clear of each other, up to
    ``TRICK_MAX_W`` (the side ones then clear of them), at least ``TRICK_W`` (review 77:
    84 px, 30 px on a phone, in a mostly empty middle; Lóra's are 43 px there)."""
    height = max(TRICK_H, min(cards.card_height(TRICK_MAX_W), (room - 4) // 2))
    w = max(TRICK_W, min(TRICK_MAX_W, height * cards.ART_W // cards.ART_H))
    h = cards.card_height(w)
    return w, h, CENTER_W // 2 - w // 2, max(h // 2 + 2, min((room - h) // 2, h // 2 + 14))


def _trick(img: Image.Image, deal: PublicView, names: list[str], lang: str,
           cy: int, room: int) -> None:
    """The trick in progress around ``cy``, each card towards its player's seat, as large as
    the ``room`` between the top and the bottom seat lets it (``trick_size``); before its
    first card who leads it."""
    if deal.phase != "play":
        return
    if not deal.trick:
        if deal.to_act is not None:
            label, f = named("leads", lang, names[deal.to_act], SMALLEST + 2, "regular",
                             CENTER_W - 8, names)
            text(img, (CX, cy), label, f, MUTED, "mm")
        return
    w, h, side, dy = trick_size(room)
    offsets = {0: (0, dy), 1: (side, 0), 2: (0, -dy), 3: (-side, 0)}
    for seat, card in deal.trick:
        dx, ddy = offsets[position(seat)]
        cards.put(img, card, w, CX + dx - w // 2, cy + ddy - h // 2, "plain", DECK, lang)


def inset_title(title: str, box: Inset) -> tuple[str, Font]:
    """A box's title within it: bold (condensed if need be), else the regular face
    (condensed), at the box's px; only then cut."""
    room = box.w - 20
    label, f = fitted(title, box.px, "bold", room, smallest=box.px)
    if label != title:
        label, f = fitted(title, box.px, "regular", room, smallest=box.px)
    return label, f


def _inset(img: Image.Image, x: int, y: int, box: Inset, title: str, shown: Sequence[int],
           lang: str, backs: int = 0) -> None:
    """A box of ``box``'s size with a title and up to six small cards (the talon's, the
    taroks laid away), ``backs`` face down after them. The faces are mini cards a card's
    height (``put_mini``: a suit card its rank and sign, a tarok its number, at the box's
    px), their ranks within what the next card leaves free: six whole faces 50 px wide
    were 18 px on a phone, 12 px of each seen, their indices 3 px (review 83)."""
    paste(img, panel(box.w, box.plain_h, PANEL, radius=14), x, y)
    label, ft = inset_title(title, box)
    text(img, (x + 10, y + 6), label, ft, TEXT)
    n = len(shown) + backs
    step = box.card_w + 6 if n <= 4 else (box.w - 20 - box.card_w) // max(1, n - 1)
    free = step if step < box.card_w else None
    height = cards.card_height(box.card_w)
    for i, card in enumerate(shown):
        put_mini(img, card, box.card_w, x + 10 + i * step, y + box.cards_top, "plain",
                 free=free, rank_px=box.px, height=height, deck=DECK, lang=lang)
    for j in range(backs):
        cards.put(img, cards.BACK, box.card_w, x + 10 + (len(shown) + j) * step,
                  y + box.cards_top, "plain", DECK)


def last_trick_height(takes: Takes | None, box: Inset = TABLE_INSET) -> int:
    """The last trick's box: ``box``'s ``h``, a line taller for each further line of who
    took it (0: no trick taken yet)."""
    return 0 if takes is None else box.h + (len(takes[0]) - 1) * box.line


def draw_last_trick(img: Image.Image, deal: PublicView, takes: Takes | None, lang: str,
                    at: tuple[int, int], names: Sequence[str], box: Inset = TABLE_INSET) -> None:
    """The last trick's box at ``at`` (its top-left corner): its cards in play order as mini
    cards (a suit card its rank and sign, a tarok its number: ``minis``), the winner's
    aglow, who played each under it (``short_names``, else the order it was played in: the
    winner's gold, bold and underlined), who took it under them (``takes``: ``last_takes``;
    None: nothing)."""
    last = deal.last_trick
    if last is None or takes is None:
        return
    x, y = at
    paste(img, panel(box.w, last_trick_height(takes, box), PANEL, radius=14), x, y)
    label, ft = inset_title(pic("last_trick", lang), box)
    text(img, (x + 10, y + 6), label, ft, TEXT)
    w = box.mini_w
    f, bold = font(box.px), font(box.px, "bold")
    short = short_names(names, bold, w + MINI_GAP)  # (the winner's bold: fits it too)
    row = y + box.cards_top + box.mini_h + 2 + box.line // 2
    for i, (seat, card) in enumerate(last.played):
        left = x + 10 + i * (w + MINI_GAP)
        took = seat == last.winner
        put_mini(img, card, w, left, y + box.cards_top, "glow" if took else "plain",
                 rank_px=box.px, height=box.mini_h, deck=DECK, lang=lang)
        if box.players:  # (the order it was played in where the names read alike)
            who = short[seat] if short else str(i + 1)
            text(img, (left + w // 2, row), who, bold if took else f, GOLD if took else MUTED,
                 "mm")
            if took:
                _underline(img, left + w // 2,
                           row + round(bold.getbbox(who, anchor="mm")[3]) + 3,
                           bold.getlength(who))
    lines, f = takes
    under = row + (box.line if box.players else 0)
    for i, line in enumerate(lines):
        text(img, (x + 10, under + i * box.line), line, f, MUTED, "lm")


def _underline(img: Image.Image, cx: int, y: int, width: float) -> None:
    """A gold bar ``width`` px wide centred at ``cx`` from ``y`` down: under the last
    trick's winner, who was told only by gold (as grey as the others' in greyscale,
    review 83), as its bold is."""
    half = max(6, round(width / 2))
    ImageDraw.Draw(img).rectangle((cx - half, y, cx + half, y + 2), fill=GOLD)


def takes_lines(name: str, names: Sequence[str], lang: str, box: Inset = TABLE_INSET) -> Takes:
    """Who took the last trick, under its cards: "bere {name}" on one line (condensed if
    need be), else on two (the table's box: up to three), broken between words — so that a
    surname is not lost (review 48: "bere Šárka Nová…"); a name the lines cannot take is
    cut apart from the others (``fit_apart``: "Jan…Novák" / "Jan…Nováček"), its words on a
    line of their own."""
    width = box.w - 20
    whole = pic("takes", lang, name=name)
    label, f = fitted(whole, box.px, "regular", width, smallest=box.px)
    if label == whole:
        return [label], f
    for most in range(2, box.most + 1):
        for style in ("regular", "narrow"):
            f = font(box.px, style)
            lines = wrap(whole, f, width)
            if len(lines) == most and all(f.getlength(line) <= width for line in lines):
                return lines, f
    before, _, after = pic("takes", lang, name="\0").partition("\0")
    cut = fit_apart(name, names, f, width)
    return [line for line in (before.strip(), cut, after.strip()) if line][:2], f


def last_takes(deal: PublicView, names: Sequence[str], lang: str,
               box: Inset = TABLE_INSET) -> Takes | None:
    """``takes_lines`` for the last trick's winner (None: no trick taken yet)."""
    last = deal.last_trick
    return None if last is None else takes_lines(names[last.winner], names, lang, box)


def trick_drop(takes: Takes | None) -> int:
    """How much taller the last trick's box is than one line of who took it (``takes``:
    ``last_takes``): the side seats under it lie so much lower, clear of it."""
    return 0 if takes is None else (len(takes[0]) - 1) * LINE


def talon_box(deal: PublicView, lang: str) -> tuple[str, list[int], int] | None:
    """The talon's public side, the top left box: (its title, the cards shown, the backs
    after them) — face down until bought, rejected trojkas, turned cards; None: none."""
    if deal.turned:
        return (pic("turned", lang), [c for c, _ in deal.turned],
                6 - len(deal.turned) if deal.game == "W" else 0)
    if deal.shown:
        # one set of three shown (preferanc on second cards), or both (on third)
        sets = len(deal.shown) // 3
        return tn("taroky.pic.shown", lang, sets), list(deal.shown), 0
    if deal.phase in ("bid", "choose", "call", "trojka") or (
            deal.game == "6P" and deal.phase != "done"):
        return pic("talon", lang), [], 6
    return None


Part = tuple[str, Font, RGB]  # a piece of a line: its text, font and colour


SUIT_PX = SMALLEST + 8  # a card name's suit sign: the font's ♦ is a small diamond beside ♥


def _sign(value: str) -> tuple[str, str]:
    """A card's name as its rank and its bare suit sign ("" for a tarok's; a text's ♣/♠
    carries U+FE0E, ``TEXT_SUITS``)."""
    value = without_selectors(value)
    if value and value[-1] in SUIT_SYMBOLS:
        return value[:-1], value[-1]
    return value, ""


def label_length(value: str, f: Font) -> float:
    """The width ``draw_label`` draws ``value`` in."""
    rank, sign = _sign(value)
    return f.getlength(rank) + (font(SUIT_PX, "bold").getlength(sign) if sign else 0)


def draw_label(img: Image.Image, xy: tuple[float, float], value: str, f: Font,
               colour: RGB) -> float:
    """A word of a line, left-middle at ``xy``; a card's name with its suit sign larger
    (``SUIT_PX``: ♥ and ♦ were told apart only by a 7 px glyph on a phone, review 77).
    Returns its width."""
    rank, sign = _sign(value)
    at = text(img, xy, rank, f, colour, "lm")
    if sign:
        at += text(img, (xy[0] + at, xy[1]), sign, font(SUIT_PX, "bold"), colour, "lm")
    return at


def line_length(parts: Sequence[Part]) -> float:
    """The width of a line's ``parts`` one space apart (``_trojka_box``)."""
    return sum(label_length(value, f) for value, f, _c in parts) + sum(
        f.getlength(" ") for _v, f, _c in parts[:-1])


def _fitting(parts: Sequence[tuple[str, RGB]], styles: Sequence[str],
             width: int) -> list[Part]:
    """A line's ``parts`` one space apart in the first of ``styles`` it fits ``width`` px
    in at ``SMALLEST`` px (the last one's where none does)."""
    laid: list[Part] = []
    for style in styles:
        f = font(SMALLEST, style)
        laid = [(value, f, colour) for value, colour in parts]
        if line_length(laid) <= width:
            break
    return laid


Trojka = tuple[list[Part], list[Part]]  # a trojka's line in the box, its cards' (or none)
TROJKA_GAP = 8  # px between two trojkas' lines
# px from a line of the box to the next, and between two trojkas: at most ``H_MOST`` high
# (``table_image``) the lines closer, the box 20 px lower
TROJKA_STEPS = {False: (LINE, TROJKA_GAP), True: (LINE - 4, 0)}


def trojka_lines(deal: PublicView, lang: str) -> list[Trojka]:
    """The shown trojkas' box (``trojkas``), in lines of ``SMALLEST`` px: which trojka and
    whether the declarer took it, in words ("Horní vzatá", "Dolní odmítnutá": a ✓/✗ there
    read as the strip's ✗ of a failed announcement, review 77), then its cards by name,
    red suits red — six cards drawn in the box's width were some 12 px wide on a phone,
    their indices unreadable, and said neither which trojka was which nor which one was
    taken (review 63)."""
    width = TABLE_INSET.w - 20
    return [(_fitting([(pic(f"trojka_{which}_short", lang), MUTED),
                       (pic("trojka_taken" if taken else "trojka_refused", lang),
                        GREEN if taken else RED)],
                      ("regular", "narrow"), width),
             _fitting([(card_label(c, lang), RED if color(c) in RED_SUITS else TEXT)
                       for c in shown], ("bold", "cond", "narrow"), width))
            for which, taken, shown in trojkas(deal)]


def trojka_height(lines: Sequence[Trojka], tight: bool = False) -> int:
    """The height of the shown trojkas' box of these ``lines`` (``trojka_lines``);
    ``tight``: the lines closer (``TROJKA_STEPS``)."""
    step, gap = TROJKA_STEPS[tight]
    return (sum(step * (2 if faces else 1) for _which, faces in lines)
            + gap * (len(lines) - 1) + 12 + LINE - step)


def talon_height(deal: PublicView, lang: str, lines: Sequence[Trojka],
                 tight: bool = False) -> int:
    """The height of the talon's box, the top left one (0: none): the shown trojkas'
    ``lines`` (``trojka_lines``; ``tight``: closer) where there are some."""
    if lines:
        return trojka_height(lines, tight)
    return 0 if talon_box(deal, lang) is None else TABLE_INSET.plain_h


def _trojka_box(img: Image.Image, x: int, y: int, lines: Sequence[Trojka],
                tight: bool = False) -> None:
    """The shown trojkas' box at (``x``, ``y``): its lines (``trojka_lines``), each line's
    parts a space apart (``tight``: the lines closer)."""
    step, gap = TROJKA_STEPS[tight]
    paste(img, panel(TABLE_INSET.w, trojka_height(lines, tight), PANEL, radius=14), x, y)
    y += 6 + LINE // 2
    for which, faces in lines:
        for parts in (which, faces) if faces else (which,):
            at = x + 10
            for value, f, colour in parts:
                at += int(draw_label(img, (at, y), value, f, colour) + f.getlength(" "))
            y += step
        y += gap


def laid_taroks(deal: PublicView) -> list[int]:
    """The taroks laid away face up (they lie so all the deal), by rank: the bottom right
    box."""
    if deal.phase == "done":
        return []
    return sorted(c for cs in deal.face_up_discards for c in cs)[:6]


def _talon(img: Image.Image, deal: PublicView, lang: str, bottom: int, lines: Sequence[Trojka],
           laid_x: int = RIGHT_X, top: int = BODY_TOP, tight: bool = False) -> None:
    """The talon's box (top left, at ``top``: under the strip's rows; the shown trojkas'
    ``lines`` where there are some) and the taroks laid away (at ``laid_x``: in the right
    column, or the left one where the legend lies right; ending at ``bottom``)."""
    talon = None if lines else talon_box(deal, lang)
    if lines:
        _trojka_box(img, LEFT_X, top, lines, tight)
    elif talon is not None:
        title, shown, backs = talon
        _inset(img, LEFT_X, top, TABLE_INSET, title, shown, lang, backs=backs)
    face_up = laid_taroks(deal)
    if face_up:
        _inset(img, laid_x, bottom - TABLE_INSET.plain_h, TABLE_INSET, pic("laid_taroks", lang),
               face_up, lang)


def middle_lines(value: str, size: int, style: str, width: int) -> tuple[list[str], Font]:
    """A text of the middle (the phase, what was laid away) whole within ``width`` px: on a
    line at ``size`` (condensed, down to ``SMALLEST``), else on two broken between words as
    evenly as can be (condensed if need be); only what two lines cannot take is cut."""
    label, f = fitted(value, size, style, width, smallest=SMALLEST)
    if label == value:
        return [value], f
    words = value.split()
    for f in (font(SMALLEST, style), font(SMALLEST, "cond" if style == "bold" else "narrow")):
        splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
        fitting = [s for s in splits if max(f.getlength(x) for x in s) <= width]
        if fitting:
            return list(min(fitting, key=lambda s: max(f.getlength(x) for x in s))), f
    return [fit(value, f, width)], f


def _center_lines(view: TableView, names: list[str], lang: str
                  ) -> list[tuple[tuple[list[str], Font], RGB]]:
    """The middle's note before the play (the phase, what was laid away): its lines, their
    font and colour (none: no note)."""
    deal = view.deal
    key = {"bid": "phase_bid", "choose": "phase_choose", "call": "phase_call",
           "trojka": "phase_trojka", "discard": "phase_discard",
           "announce": "phase_announce"}.get(deal.phase)
    if key is None or view.finished:
        return []
    said = [(pic(key, lang), TITLE_PX, "bold", MUTED)]
    if deal.phase == "discard":
        counts = [f"{names[s]} {n}" for s, n in enumerate(deal.discard_counts) if n]
        if counts:
            said.append((pic("laid", lang) + " " + ", ".join(counts), SMALLEST, "regular",
                         FAINT))
    return [(middle_lines(value, size, style, CENTER_W - 8), colour)
            for value, size, style, colour in said]


def _lines_height(laid: list[tuple[tuple[list[str], Font], RGB]]) -> int:
    return sum(len(lines) for (lines, _f), _c in laid) * (LINE + 4) + 8 * (len(laid) - 1)


def middle_height(view: TableView, names: list[str], lang: str) -> int:
    """The room the middle needs between the top and the bottom seat: the trick's cards
    clear of each other while the cards are played, else the note it says (the phase, the
    round's results a row each; none after a deal) — no room kept for a trick not
    played."""
    if view.finished:
        return _results_height(True) + 2 * M
    if view.deal.phase == "play":
        return TRICK_CROSS
    laid = _center_lines(view, names, lang)
    return _lines_height(laid) + 2 * M if laid else 0


def _center_note(img: Image.Image, view: TableView, names: list[str], lang: str,
                 cy: int, room: int) -> None:
    """The middle's note (``_center_lines``) or the round's results, around ``cy`` within
    ``room`` px between the top and the bottom seat."""
    if view.finished:
        _results(img, view, names, lang, cy, room)
        return
    laid = _center_lines(view, names, lang)
    y = cy - _lines_height(laid) // 2 + (LINE + 4) // 2
    for (lines, f), colour in laid:
        for line in lines:
            text(img, (CX, y), line, f, colour, "mm")
            y += LINE + 4
        y += 8


def _results_layout(view: TableView, names: list[str], lang: str, room: int
                    ) -> tuple[list[int], list[str], Font, list[tuple[str, Font]], bool]:
    """The results' seats best first, their values, the values' font, the names as shown
    and whether each is beside its value: where a name would be cut there, on a line of
    its own with its value under it — while the ``room`` px high between the seats holds
    them so, else cut beside it."""
    order = sorted(range(4), key=lambda s: -view.results[s])
    values = [money(view.results[s], lang, signed=True) for s in order]
    fv = font(SMALLEST, "bold")
    if max(fv.getlength(v) for v in values) > CENTER_W // 2:
        fv = font(SMALLEST, "cond")
    room = CENTER_W - 16 - int(max(fv.getlength(v) for v in values)) - 16
    shown = [fit_name(names[s], names, SMALLEST, "bold", room, SMALLEST) for s in order]
    rows = all(name == names[s] for s, (name, _f) in zip(order, shown, strict=True))
    if not rows and _results_height(False) <= room:
        shown = [fit_name(names[s], names, SMALLEST, "bold", CENTER_W - 16, SMALLEST)
                 for s in order]
        return order, values, fv, shown, False
    return order, values, fv, shown, True


def _results_step(rows: bool) -> int:
    return 44 if rows else 2 * LINE + 8


def _results_height(rows: bool) -> int:
    """The results' height: their title and four rows (a name and its value on a row, or
    on two lines)."""
    return LINE + 8 + 4 * _results_step(rows)


def _results(img: Image.Image, view: TableView, names: list[str], lang: str, cy: int,
             room: int) -> None:
    """The round's results in the middle, best first: each name and what it won or lost on
    a row — or, where a name would be cut there, each name on a line of its own with its
    result under it."""
    order, values, fv, shown, rows = _results_layout(view, names, lang, room)
    colours = [GREEN if view.results[s] > 0 else (RED if view.results[s] < 0 else TEXT)
               for s in order]
    value_w = int(max(fv.getlength(v) for v in values))
    step = _results_step(rows)
    y = cy - _results_height(rows) // 2 + LINE // 2
    text(img, (CX, y), pic("results", lang), font(SMALLEST), MUTED, "mm")
    y += LINE // 2 + 8 + step // 2
    name_w = int(max(f.getlength(n) for n, f in shown))
    left = CX - (name_w + 16 + value_w) // 2
    for value, colour, (name, f) in zip(values, colours, shown, strict=True):
        if rows:
            text(img, (left + name_w, y), name, f, TEXT, "rm")
            text(img, (left + name_w + 16, y), value, fv, colour, "lm")
        else:
            text(img, (CX, y - LINE // 2), name, f, TEXT, "mm")
            text(img, (CX, y + LINE // 2), value, fv, colour, "mm")
        y += step


def _mark(marks: Sequence[str | None], seat: int) -> tuple[str, ...]:
    """The seat's mark ("ai", "away"), as a badge kind."""
    mark = marks[seat] if seat < len(marks) else None
    return (mark,) if mark in MARKS else ()


def legend_kinds(deal: PublicView, marks: Sequence[str | None] = (),
                 lead: bool = True) -> tuple[str, ...]:
    """The badges the legend explains: those some seat shows (no declarer or partner before
    the game is known, nor in Varšava), in a fixed order; and the red ✗ where an
    announcement shown has failed already ("pagát ✗": review 77, where the trojkas' ✗ once
    meant "refused")."""
    shown = {k for seat in range(4) for k in _kinds(deal, seat, lead) + _mark(marks, seat)}
    if deal.pagat_by is not None and deal.pagat_lost:
        shown.add("lost")
    return tuple(k for k in ("dealer", "predak", "declarer", "partner", "lead", *MARKS, "lost")
                 if k in shown)


def legend_layout(kinds: Sequence[str], lang: str) -> tuple[list[list[str]], Font, int, int]:
    """The legend's words beside each badge (on one line while they fit ``LEGEND_W``, else
    wrapped), their font (regular, else condensed; ``SMALLEST`` px), the line of a badge and
    the box's height (0: no badge to explain)."""
    if not kinds:
        return [], font(SMALLEST), LEGEND_LINE, 0
    words = [pic(f"legend_{k}", lang) for k in kinds]
    rooms = [LEGEND_W - 26 - _badge(k, lang).width for k in kinds]
    f = font(SMALLEST)
    if any(f.getlength(w) > r for w, r in zip(words, rooms, strict=True)):
        f = font(SMALLEST, "narrow")
    lines = [wrap(w, f, r) for w, r in zip(words, rooms, strict=True)]
    return lines, f, LEGEND_LINE, legend_height(lines)


def legend_height(lines: Sequence[Sequence[str]]) -> int:
    """The height of a legend's box of items on these ``lines`` (0: none)."""
    return sum(LEGEND_LINE + LINE * (len(ls) - 1) for ls in lines) + 2 * LEGEND_PAD if lines else 0


def _legend(img: Image.Image, kinds: Sequence[str], lang: str, bottom: int,
            x: int = LEFT_X, part: slice = slice(None)) -> int:
    """The legend of the badges shown at the bottom of a side column (``x``: the left one,
    or the right one where it lies lower there), ending at ``bottom`` — its items ``part``
    (where it is split between the columns: ``layout``); returns its box's height."""
    if not kinds[part]:
        return 0
    every, f, line, _height = legend_layout(kinds, lang)
    kinds, lines = kinds[part], every[part]
    width = max(_badge(k, lang).width + 8 + int(max(f.getlength(x) for x in ls))
                for k, ls in zip(kinds, lines, strict=True))
    box = panel(width + 18, legend_height(lines), radius=12).copy()
    y = LEGEND_PAD
    for kind, ls in zip(kinds, lines, strict=True):
        b = _badge(kind, lang)
        paste(box, b, 8, y + (line - BADGE_D) // 2)
        for i, said in enumerate(ls):
            text(box, (8 + b.width + 8, y + line / 2 + i * LINE), said, f, MUTED, "lm")
        y += line + LINE * (len(ls) - 1)
    paste(img, box, x, bottom - box.height)
    return box.height


class Layout(NamedTuple):
    """Where the table's parts lie: the picture's height, each seat's panel's top-left
    corner by position, the trick's centre and how far its top and bottom cards lie from
    it, whether the legend lies in the left column (else in the right one, the laid
    taroks' box then in the left) and how many of its last items lie at the foot of the
    other column instead (0: none)."""

    height: int
    seats: dict[int, tuple[int, int]]
    cy: int
    dy: int
    legend_left: bool = True
    legend_rest: int = 0
    foot: int | None = None


def layout(heights: dict[int, int], top: int, corners: tuple[int, int], legend_h: int,
           laid_h: int, least: int = H, cross: int = TRICK_CROSS,
           items: Sequence[Sequence[str]] = (), foot: tuple[int, int] = (0, 0)) -> Layout:
    """The table laid out for seats ``heights`` px high (by position), the body starting at
    ``top`` (under the strip), the boxes of the top corners ``corners`` px high (left,
    right; 0: none) with each side seat under its own, a legend ``legend_h`` px high and a
    box of laid taroks ``laid_h`` px high (0: none) at the bottom of a side column each —
    the legend on the left, unless it lies lower on the right: at least ``least`` high,
    taller where a column needs it — the middle one with the trick's cards clear of each
    other (``TRICK_DY_MIN``), or ``cross`` px (``middle_height``: no trick played). Given
    the legend's ``items`` (each one's lines), its last items may lie at the foot of the
    other column (under the laid taroks), where that keeps the picture lower. A box of
    ``foot`` px high (the tournament's name: in a side column, in the middle one; 0: none)
    lies at the very foot of the column (``Layout.foot``: by its seat's position) where
    the picture is lowest so. The side seats lie level with each other beside the trick
    where their columns leave them room, else each as near it as its column lets it."""
    tops = {3: top + corners[0] + M if corners[0] else top,
            1: top + corners[1] + M if corners[1] else top}
    middle = top + heights[2] + M + cross + M + heights[0] + M

    def box(h: int) -> int:
        return M + h if h else 0

    def tallest(unders: dict[int, int]) -> int:
        return max(least, middle + unders[0], *(tops[pos] + heights[pos] + unders[pos] + M
                                                for pos in (1, 3)))

    # (the legend whole, left then right; then split, most of it together first)
    parts = [(legend_h, 0, 0)] + [
        (legend_height(items[:k]), legend_height(items[k:]), len(items) - k)
        for k in range(len(items) - 1, 0, -1)]
    choices = [(side, rest_n, {3: box(first) if side else box(laid_h) + box(rest),
                               1: box(laid_h) + box(rest) if side else box(first), 0: 0}, at)
               for first, rest, rest_n in parts for side in (True, False)
               for at in ((1, 3, 0) if foot[0] else (None,))]
    for _side, _rest, under, at in choices:
        if at is not None:
            under[at] += box(foot[1] if at == 0 else foot[0])
    left, rest_n, under, at = min(choices, key=lambda c: tallest(c[2]))  # (the first, alike)
    height = tallest(under)
    bottom_y = height - M - under[0] - heights[0]
    free_top, free_bottom = top + heights[2] + M, bottom_y - M
    cy = (free_top + free_bottom) // 2
    dy = max(TRICK_DY_MIN, min(TRICK_DY, (free_bottom - free_top - TRICK_H) // 2))
    lowest = {pos: height - M - under[pos] - heights[pos] for pos in (1, 3)}
    level = max(tops[1], tops[3], min(cy - max(heights[1], heights[3]) // 2, *lowest.values()))
    side_y = {pos: level if level <= lowest[pos] else
              max(tops[pos], min(cy - heights[pos] // 2, lowest[pos])) for pos in (1, 3)}
    seats = {0: (CENTER_X, bottom_y), 1: (RIGHT_X, side_y[1]), 2: (CENTER_X, top),
             3: (LEFT_X, side_y[3])}
    return Layout(height, seats, cy, dy, left or not legend_h, rest_n, at)


def table_image(view: TableView, names: Sequence[str], lang: str = "cs",
                round_no: int | None = None, marks: Sequence[str | None] = (),
                tournament: str = "") -> Image.Image:
    """The table as a Pillow image (RGB), from the public view only (``round_no``: the round
    of a tournament the table plays; ``marks``: per seat "ai" when an AI plays for the human
    there, "away" for an absent human the table waits for, or None; ``tournament``: a
    tournament's table as its thread names it, in a bar under the table — or at the end of
    the strip, where the bar would make the picture taller and the strip's last row has
    the room, or in a box at the foot of a side column where that keeps it lower still
    (``layout``'s ``foot``); "": none). ``W`` px wide, at least ``H`` high with the bar
    (``layout``)."""
    if not isinstance(view, TableView):
        raise TypeError("the Taroky table picture takes a TableView")
    lang = lang_of(lang)
    who = check_names(names, lang)
    deal = view.deal
    trick_box = TABLE_INSET
    takes = last_takes(deal, who, lang)
    trojkas = trojka_lines(deal, lang)
    corners = (0 if view.finished else talon_height(deal, lang, trojkas),
               last_trick_height(takes))
    lead = True  # (where the picture is no taller so: ``_kinds``)
    pieces = _pieces(view, who, lang, marks)
    kinds = legend_kinds(deal, marks)
    laid_h = TABLE_INSET.plain_h if laid_taroks(deal) and not view.finished else 0
    strips = [strip_rows(deal, who, lang)]
    brief = strip_rows(deal, who, lang, brief=True)
    label_room = strip_label(tournament, brief) and not strip_label(tournament, strips[0])
    if len(brief.rows) < len(strips[0].rows) or (
            len(brief.rows) == len(strips[0].rows)
            and (cut_names(brief) < cut_names(strips[0]) or label_room)):
        strips.append(brief)  # (where it may take less room, or cut fewer names)
    legend = legend_layout(kinds, lang)
    # the flek levels by their multipliers alone where their names make the picture taller
    # or cut more names; the tournament at the end of the strip, or at the foot of a side
    # column, where its bar under the table makes it taller
    bar = footer_height(SMALLEST) if tournament else 0
    labels = (foot_label(tournament, SIDE_W), foot_label(tournament, CENTER_W))

    def lay(strip: ChipRows, where: str) -> tuple[ChipRows, str, Layout]:
        return strip, where, layout(
            {pos: piece.height for pos, piece in pieces.items()},
            BODY_TOP + strip_extra(strip), corners, legend[3], laid_h,
            H - (bar if where == "bar" else 0), middle_height(view, who, lang), legend[0],
            (foot_height(labels[0]), foot_height(labels[1])) if where == "foot" else (0, 0))

    def shown(where: str, at: Layout) -> int:  # (the picture's height, with the bar)
        return at.height + (bar if where == "bar" else 0)

    def choose(strips: list[ChipRows]) -> tuple[ChipRows, str, Layout]:
        laid = [lay(strip, where) for strip in strips for where in ("bar", "strip", "foot")
                if where == "bar" or (strip_label(tournament, strip) is not None
                                      if where == "strip" else None not in labels)]
        return min(laid, key=lambda c: (shown(c[1], c[2]), cut_names(c[0])))

    strip, where, at = choose(strips)
    if "lead" in kinds and shown(where, at) > H:
        # the badge of who leads the trick (and its legend's line) only where the picture
        # is its least height with it: the legend's seventh line made a crowded table
        # 784 px high (shown narrower than ``EMBED_W``), its eighth up to 814 px
        lead = False
        pieces = _pieces(view, who, lang, marks, lead=lead)
        kinds = legend_kinds(deal, marks, lead)
        legend = legend_layout(kinds, lang)
        strip, where, at = choose(strips)
    if shown(where, at) > H_MOST and takes:
        # the last trick's cards without who played each under them (its winner's aglow,
        # named under them): the box 13 px lower than its cards once were
        trick_box = TABLE_INSET._replace(players=False)
        corners = (corners[0], last_trick_height(takes, trick_box))
        strip, where, at = choose(strips)
    if shown(where, at) > H_MOST and "lost" in kinds:
        # no legend's line for the ✗ of a failed announcement (the strip's red): what the
        # picture had before it, the seats' notes whole, comes first
        kinds = tuple(k for k in kinds if k != "lost")
        legend = legend_layout(kinds, lang)
        strip, where, at = choose(strips)
    tight = False
    if shown(where, at) > H_MOST and trojkas:
        # the shown trojkas' lines closer (their box 20 px lower)
        tight = True
        corners = (0 if view.finished else talon_height(deal, lang, trojkas, tight),
                   corners[1])
        strip, where, at = choose(strips)
    if shown(where, at) > H_MOST:
        # each seat's note in its fewest lines (both side columns full: a two-line note
        # on either side, the talon's box, the legend and the tournament's box made an
        # English sólo 810 px high)
        pieces = _pieces(view, who, lang, marks, brief=True, lead=lead)
        strip, where, at = choose(strips)
    if shown(where, at) > H_MOST and len(strip.rows) > 1:
        # a row fewer, the names cut shorter: no taller than its words stay legible
        strip, where, at = choose([strip, *(strip_rows(deal, who, lang, brief, len(s.rows) - 1)
                                            for s in strips for brief in (False, True))])
    if shown(where, at) > H_MOST and takes and len(takes[0]) > 2:
        # who took the last trick on two lines, the name cut (an English tournament's name
        # takes three lines at a side column's foot: the picture was up to 803 px high)
        trick_box = trick_box._replace(most=2)
        takes = last_takes(deal, who, lang, trick_box)
        corners = (corners[0], last_trick_height(takes, trick_box))
        strip, where, at = choose([strip, *strips])
    top = BODY_TOP + strip_extra(strip)
    img = _base(at.height).copy()
    sides = (LEFT_X, RIGHT_X) if at.legend_left else (RIGHT_X, LEFT_X)
    foot = labels[1] if at.foot == 0 else labels[0]
    foot_x = {3: LEFT_X, 1: RIGHT_X, 0: CENTER_X}.get(at.foot) if at.foot is not None else None
    if foot is not None and foot_x is not None:
        _foot(img, foot, foot_x, at.height - M, CENTER_W if at.foot == 0 else SIDE_W)

    def bottom(x: int) -> int:  # (over the tournament's name where it lies in that column)
        return at.height - M - (foot_height(foot) + M if x == foot_x else 0)

    whole = len(kinds) - at.legend_rest
    _legend(img, kinds, lang, bottom(sides[0]), sides[0], slice(whole))
    rest = _legend(img, kinds, lang, bottom(sides[1]), sides[1], slice(whole, None))
    _seats(img, view, pieces, at.seats)
    if not view.finished:
        _talon(img, deal, lang, bottom(sides[1]) - (rest + M if rest else 0), trojkas,
               sides[1], top, tight)
    draw_last_trick(img, deal, takes, lang, (RIGHT_X, top), who, trick_box)
    room = at.seats[0][1] - at.seats[2][1] - pieces[2].height - 2 * M
    _trick(img, deal, who, lang, at.cy, room)
    _center_note(img, view, who, lang, at.cy, room)
    _header(img, view, who, lang, round_no)
    draw_chips(img, 12, STRIP_Y, CHIP_H, strip)
    if where == "strip":
        f = strip_label(tournament, strip)
        assert f is not None
        text(img, (W - 12 - 6, STRIP_Y + strip_extra(strip) + CHIP_H // 2 + 1), tournament, f,
             MUTED, "rm")
    if where != "bar":
        return img
    return with_footer(img, tournament, SMALLEST)


FootLabel = tuple[list[str], Font]  # the tournament's name at a column's foot: its lines


def foot_label(label: str, box_w: int) -> FootLabel | None:
    """The tournament's ``label`` on lines within a box ``box_w`` px wide (a side column's,
    the middle one's), ``SMALLEST`` px: its
    parts ("turnaj č. 12", "3. kolo", "stůl 10") joined by " · " on a line while they fit
    (a part broken between its words only where it is wider than a line), on the fewest
    lines, regular where the condensed face takes no fewer; None: no label, or a word
    wider than the box."""
    if not label:
        return None
    width = box_w - 16
    laid = []
    for style in ("regular", "narrow"):
        f = font(SMALLEST, style)
        lines: list[str] = []
        for part in label.split(" · "):
            joined = f"{lines[-1]} · {part}" if lines else part
            if lines and f.getlength(joined) <= width:
                lines[-1] = joined
            else:
                lines += [part] if f.getlength(part) <= width else wrap(part, f, width)
        if all(f.getlength(line) <= width for line in lines):
            laid.append((lines, f))
    return min(laid, key=lambda c: len(c[0])) if laid else None


def foot_height(label: FootLabel | None) -> int:
    """The height of ``foot_label``'s box (0: none)."""
    return len(label[0]) * LINE + 8 if label else 0


def _foot(img: Image.Image, label: FootLabel, x: int, bottom: int, width: int) -> None:
    """The tournament's name in a box ``width`` px wide at the very foot of a column
    (``layout``'s ``foot``), ending at ``bottom``."""
    lines, f = label
    box = panel(width, foot_height(label), BAR, radius=12).copy()
    for i, line in enumerate(lines):
        text(box, (width // 2, 4 + LINE // 2 + i * LINE + 1), line, f, MUTED, "mm")
    paste(img, box, x, bottom - box.height)


def cut_names(strip: ChipRows) -> int:
    """How many of the strip's chips have a name cut."""
    return sum("…" in label + value for row in strip.rows for label, value, _c in row)


def strip_label(label: str, strip: ChipRows) -> Font | None:
    """The font the tournament's ``label`` is whole in at the end of the strip's last row
    (regular, else condensed; ``SMALLEST`` px) instead of in a bar under the table; None:
    no label, or no room for it there."""
    if not label:
        return None
    last = strip.rows[-1] if strip.rows else []
    used = sum(chip_width(lab, value, strip.style, strip.px) + GAP for lab, value, _c in last)
    room = W - 24 - 12 - used  # (12 px clear of the last chip, 6 within the edge's)
    for style in ("regular", "narrow"):
        f = font(SMALLEST, style)
        if f.getlength(label) <= room:
            return f
    return None


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
