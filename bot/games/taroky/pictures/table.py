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
from bot.games.taroky.words import card_label, game_name, level_text, money, pic, word
from bot.i18n import lang_of
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
    wrap,
)
from bot.render.fonts import Font, fit, fitted, font
from engine.taroky.views import PublicView, TableView

DECK = "taroky"
W, H = 860, 720
HEADER_H = 54
STRIP_Y, STRIP_H = 60, 44
# Seat panels by position: 0 bottom, 1 right, 2 top, 3 left (counter-clockwise).
BOXES = {  # (the wide ones clear of the trick's cards, the tall ones of the legend)
    0: (250, 586, 360, 128),
    1: (648, 256, 200, 258),
    2: (250, 112, 360, 128),
    3: (12, 256, 200, 258),
}
SMALLEST = 24  # px: the seats' words (what each said) and the header (12 px at 430 px wide)
NOTE_LINE = 26
TRICK_W = 100
TRICK_H = cards.card_height(TRICK_W)
CX, CY = 430, 410
TRICK_OFF = {0: (0, 84), 1: (112, 0), 2: (0, -84), 3: (-112, 0)}
INSET_W, INSET_H = 226, 136
LEFT_INSET = (12, 112)
RIGHT_INSET = (622, 112)
FACE_UP_INSET = (622, 572)
SMALL_W = 46
ACTING = (74, 60, 12, 220)
BADGE_D = 30
BADGE_COLOURS: dict[str, RGB] = {
    "dealer": (120, 170, 230),
    "predak": (246, 196, 68),
    "declarer": (236, 110, 90),
    "partner": (200, 130, 230),
    # a human's seat played by an AI (absent, or gone), an absent player the table waits for
    "ai": (150, 160, 172),
    "away": (150, 160, 172),
}
MARKS = ("ai", "away")  # the bot's marks of a seat (``table_image``), badges in this order


def position(seat: int) -> int:
    """Where a seat sits on the picture: seat 0 at the bottom, the next seat in playing order
    (to its right) on the right, and so on."""
    return seat % 4


@lru_cache(maxsize=8)
def _base() -> Image.Image:
    img = felt(W, H).copy()
    paste(img, panel(W, HEADER_H, BAR, radius=0), 0, 0)
    return img


def _header(img: Image.Image, view: TableView, names: list[str], lang: str,
            round_no: int | None = None) -> None:
    deal = view.deal
    if view.finished:
        title, sub = pic("round_over", lang), pic("round_no", lang, n=round_no or view.round_no)
    else:
        title = pic("deal_no", lang, n=deal.deal_no)
        sub = game_name(deal.game, lang) if deal.game is not None else pic(
            "phase_" + deal.phase, lang)
    x = 14 + text(img, (14, HEADER_H // 2), title, font(29, "bold"), TEXT, "lm")  # whole
    x += 12
    room = W - 14 - x  # for the game and who is to act, 24 px apart
    sub_w = font(SMALLEST).getlength(sub) if sub else 0
    if view.to_act is not None:
        who, f = to_act(names[view.to_act], lang, max(room - sub_w - 24, min(room // 2, 320)))
        room -= int(text(img, (W - 14, HEADER_H // 2 + 1), who, f, GOLD, "rm")) + 24
    if sub:
        label, fr = fitted(sub, SMALLEST, "regular", room, smallest=SMALLEST)
        text(img, (x, HEADER_H // 2 + 1), label, fr, MUTED, "lm")


def to_act(name: str, lang: str, width: float) -> tuple[str, Font]:
    """"Na tahu: {name}" within ``width`` px: condensed first, then the name (never the words
    around it) cut with "…"."""
    whole = pic("to_act", lang, name=name)
    label, f = fitted(whole, 25, "bold", width, smallest=SMALLEST)
    if label == whole:
        return label, f
    words = f.getlength(pic("to_act", lang, name=""))
    return pic("to_act", lang, name=fit(name, f, width - words)), f


def _chip(img: Image.Image, x: int, label: str, value: str, colour: RGB = TEXT) -> int:
    """A labelled value on the game strip; returns the x after it."""
    fl, fv = font(21), font(24, "bold")
    w = _chip_width(label, value)
    paste(img, panel(w, STRIP_H - 8, PANEL, radius=12), x, STRIP_Y + 4)
    cy = STRIP_Y + STRIP_H // 2
    lx = x + 12 + text(img, (x + 12, cy + 1), label, fl, MUTED, "lm")
    text(img, (lx + 6, cy), value, fv, colour, "lm")
    return x + w + 8


def _chip_width(label: str, value: str) -> int:
    return int(font(21).getlength(label) + font(24, "bold").getlength(value)) + 30


def _levels(level: int, lang: str) -> str:
    """An item's flek level on the strip: "re ×4"; from ×16 on the level's name is its
    multiplier already ("flek ×32"), not said twice."""
    return "—" if level == 0 else level_text(level, lang)


def _strip(img: Image.Image, deal: PublicView, names: list[str], lang: str) -> None:
    """The game: who plays, the called tarok, and each flekable item with its level; long
    names cut as much as the strip needs to stay within the picture."""
    if deal.declarer is None or deal.game is None:
        return
    for most in (None, 260, 200, 150, 110, 80):  # px of a name
        short = names if most is None else [fit(n, font(24, "bold"), most) for n in names]
        chips = strip_chips(deal, short, lang)
        if sum(_chip_width(label, value) + 8 for label, value, _c in chips) - 8 <= W - 24:
            break
    x = 12
    for label, value, colour in chips:
        x = _chip(img, x, label, value, colour)


def strip_chips(deal: PublicView, names: list[str], lang: str) -> list[tuple[str, str, RGB]]:
    """The strip's chips: (label, value, the value's colour)."""
    assert deal.declarer is not None
    if deal.game == "W":
        return [(pic("varsava_zduch" if deal.zduch else "varsava_chosen", lang),
                 names[deal.declarer], GOLD)]
    chips = [(pic("plays", lang), names[deal.declarer], GOLD)]
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
    return badge(pic(f"badge_{kind}", lang), BADGE_COLOURS[kind], BADGE_D)


def _seat_note(deal: PublicView, seat: int, lang: str) -> str:
    """What the seat said: its bid while bidding, later its hlášky and announcements."""
    if deal.phase in ("bid", "choose"):
        said = [b for s, b in deal.bids if s == seat]
        return word(said[-1], lang) if said else ""
    parts = []
    if deal.hlasky is not None:
        parts += [word(h, lang) for h in deal.hlasky[seat]]
    if deal.pagat_by == seat:
        parts.append(word("pagat", lang))
    if deal.valat_by == seat:
        parts.append(word("valat", lang))
    if deal.declarer == seat and deal.alone and deal.game in ("1P", "2P"):
        parts.append(pic("alone", lang))
    return ", ".join(parts)


@lru_cache(maxsize=256)
def seat_panel(shape: str, name: str, count: int, tricks: int | None, cash: str,
               kinds: tuple[str, ...], note: str, acting: bool, lang: str) -> Image.Image:
    """One seat (RGBA): name and role badges, face-down cards, tricks taken, money, what it
    said. "wide" for the top and bottom, "tall" for the sides."""
    w, h = (BOXES[0][2], BOXES[0][3]) if shape == "wide" else (BOXES[1][2], BOXES[1][3])
    img = panel(w, h, ACTING if acting else PANEL).copy()
    badges = [_badge(k, lang) for k in kinds]
    badges_w = sum(b.width + 5 for b in badges)
    fn = font(26, "bold")
    if shape == "wide":
        fan_w = _fan(img, 10, 12, count, 6)
        nx = 10 + (fan_w + 20 if count else 0)
        text(img, (nx, 8), fit(name, fn, w - nx - 12 - badges_w), fn)
        bx = w - 10 - badges_w + 5
        for b in badges:
            paste(img, b, bx, 9)
            bx += b.width + 5
        x = nx + _value(img, nx, 44, "", cash)
        if tricks is not None:
            _value(img, x + 16, 44, pic("tricks", lang), str(tricks))
        lines, fs = note_lines(note, w - 24)
        for i, line in enumerate(lines):
            text(img, (12, 74 + i * NOTE_LINE), line, fs, GOLD)
    else:
        text(img, (10, 8), fit(name, fn, w - 20), fn)
        bx = 10
        for b in badges:
            paste(img, b, bx, 42)
            bx += b.width + 5
        _fan(img, 12, 78, count, 6)
        _value(img, 10, 140, "", cash)
        if tricks is not None:
            _value(img, 10, 170, pic("tricks", lang), str(tricks))
        lines, fs = note_lines(note, w - 20)
        for i, line in enumerate(lines):
            text(img, (10, 202 + i * NOTE_LINE), line, fs, GOLD)
    return img


def note_lines(note: str, width: int, most: int = 2) -> tuple[list[str], Font]:
    """What a seat said (its hlášky, announcements), ``SMALLEST`` px: on one line, condensed
    if need be, else on up to ``most`` lines; only what does not fit even so is cut."""
    regular, narrow = font(SMALLEST), font(SMALLEST, "narrow")
    for f in (regular, narrow):
        if f.getlength(note) <= width:
            return ([note] if note else []), f
    for f in (regular, narrow):
        lines = wrap(note, f, width)
        if len(lines) <= most and all(f.getlength(line) <= width for line in lines):
            return lines, f
    lines = wrap(note, narrow, width)
    return [fit(line, narrow, width) for line in lines[:most - 1]] + [
        fit(" ".join(lines[most - 1:]), narrow, width)], narrow


def _value(img: Image.Image, x: int, y: int, label: str, value: str) -> int:
    fl, fv = font(21), font(25, "bold")
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
    chip = badge(str(count), TEXT, 28)
    paste(img, chip, x + width - chip.width + 8, y + cards.card_height(bw) - chip.height + 6)
    return width


def _seats(img: Image.Image, view: TableView, names: list[str], lang: str,
           marks: Sequence[str | None] = ()) -> None:
    deal = view.deal
    playing = deal.phase in ("play", "done")
    for seat in range(4):
        pos = position(seat)
        x, y, w, h = BOXES[pos]
        acting = seat == view.to_act
        if acting:
            paste(img, glow_ring(w, h, GOLD, 12), x - 12, y - 12)
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
        )
        paste(img, piece, x, y)


def _trick(img: Image.Image, deal: PublicView, names: list[str], lang: str) -> None:
    if deal.phase != "play":
        return
    if not deal.trick:
        if deal.to_act is not None:
            text(img, (CX, CY), pic("leads", lang, name=names[deal.to_act]), font(27), MUTED,
                 "mm")
        return
    for seat, card in deal.trick:
        dx, dy = TRICK_OFF[position(seat)]
        cards.put(img, card, TRICK_W, CX + dx - TRICK_W // 2, CY + dy - TRICK_H // 2,
                  "plain", DECK, lang)


def _inset(img: Image.Image, x: int, y: int, title: str, shown: Sequence[int], lang: str,
           lit: int | None = None, note: str = "", backs: int = 0) -> None:
    """A small box with a title and up to six small cards (``lit``: the one that glows), the
    faces as a table in ``lang`` shows them."""
    paste(img, panel(INSET_W, INSET_H, PANEL, radius=14), x, y)
    label, ft = fitted(title, 21, "bold", INSET_W - 20, smallest=19)
    text(img, (x + 10, y + 8), label, ft, TEXT)
    n = len(shown) + backs
    step = SMALL_W + 6 if n <= 4 else (INSET_W - 20 - SMALL_W) // max(1, n - 1)
    for i, card in enumerate(shown):
        cards.put(img, card, SMALL_W, x + 10 + i * step, y + 38,
                  "glow" if i == lit else "plain", DECK, lang)
    for j in range(backs):
        cards.put(img, cards.BACK, SMALL_W, x + 10 + (len(shown) + j) * step, y + 38,
                  "plain", DECK)
    if note:
        fn = font(21)
        text(img, (x + 10, y + INSET_H - 15), fit(note, fn, INSET_W - 20), fn, MUTED, "lm")


def _last_trick(img: Image.Image, deal: PublicView, names: list[str], lang: str) -> None:
    last = deal.last_trick
    if last is None:
        return
    order = [card for _seat, card in last.played]
    winner_index = [seat for seat, _card in last.played].index(last.winner)
    _inset(img, *RIGHT_INSET, pic("last_trick", lang), order, lang, winner_index,
           pic("takes", lang, name=names[last.winner]))


def _talon(img: Image.Image, deal: PublicView, lang: str) -> None:
    """The talon's public side: face down until bought, rejected trojkas, turned cards."""
    if deal.turned:
        _inset(img, *LEFT_INSET, pic("turned", lang), [c for c, _ in deal.turned], lang,
               backs=6 - len(deal.turned) if deal.game == "W" else 0)
    elif deal.shown:
        _inset(img, *LEFT_INSET, pic("shown", lang), list(deal.shown), lang)
    elif deal.phase in ("bid", "choose", "call", "trojka") or (
            deal.game == "6P" and deal.phase != "done"):
        _inset(img, *LEFT_INSET, pic("talon", lang), [], lang, backs=6)
    face_up = [c for cs in deal.face_up_discards for c in cs]
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
            text(img, (CX - 10, CY - 50 + i * 40), fit(names[seat], f, 190), f, TEXT, "rm")
            text(img, (CX + 10, CY - 50 + i * 40), value, f, colour, "lm")
        return
    key = {"bid": "phase_bid", "choose": "phase_choose", "call": "phase_call",
           "trojka": "phase_trojka", "discard": "phase_discard",
           "announce": "phase_announce"}.get(deal.phase)
    if key is not None:
        text(img, (CX, CY), pic(key, lang), font(29, "bold"), MUTED, "mm")
        if deal.phase == "discard":
            counts = [f"{names[s]} {n}" for s, n in enumerate(deal.discard_counts) if n]
            if counts:
                text(img, (CX, CY + 40), fit(pic("laid", lang) + " " + ", ".join(counts),
                                              font(21), 380), font(21), FAINT, "mm")


def _mark(marks: Sequence[str | None], seat: int) -> tuple[str, ...]:
    """The seat's mark ("ai", "away"), as a badge kind."""
    mark = marks[seat] if seat < len(marks) else None
    return (mark,) if mark in MARKS else ()


def legend_kinds(deal: PublicView, marks: Sequence[str | None] = ()) -> tuple[str, ...]:
    """The badges the legend explains: those some seat shows (no declarer or partner before
    the game is known, nor in Varšava), in a fixed order."""
    shown = {k for seat in range(4) for k in _kinds(deal, seat) + _mark(marks, seat)}
    return tuple(k for k in ("dealer", "predak", "declarer", "partner", *MARKS) if k in shown)


def _legend(img: Image.Image, deal: PublicView, lang: str,
            marks: Sequence[str | None] = ()) -> None:
    kinds = legend_kinds(deal, marks)
    if not kinds:
        return
    f = font(20)
    line = BADGE_D + (4 if len(kinds) <= 5 else 0)  # (six lines: clear of the left seat)
    width = 16 + max(_badge(k, lang).width + 10 + int(f.getlength(pic(f"legend_{k}", lang)))
                     for k in kinds)
    box = panel(width + 12, line * len(kinds) + 12, radius=12).copy()
    for i, kind in enumerate(kinds):
        b = _badge(kind, lang)
        y = 6 + i * line
        paste(box, b, 10, y + 3)
        text(box, (10 + b.width + 10, y + 3 + BADGE_D / 2), pic(f"legend_{kind}", lang), f,
             MUTED, "lm")
    paste(img, box, 12, H - 12 - box.height)


def table_image(view: TableView, names: Sequence[str], lang: str = "cs",
                round_no: int | None = None, marks: Sequence[str | None] = ()) -> Image.Image:
    """The table as a Pillow image (RGB), from the public view only (``round_no``: the round
    of a tournament the table plays; ``marks``: per seat "ai" when an AI plays for the human
    there, "away" for an absent human the table waits for, or None)."""
    if not isinstance(view, TableView):
        raise TypeError("the Taroky table picture takes a TableView")
    lang = lang_of(lang)
    who = check_names(names)
    img = _base().copy()
    _header(img, view, who, lang, round_no)
    _strip(img, view.deal, who, lang)
    _legend(img, view.deal, lang, marks)
    _seats(img, view, who, lang, marks)
    if not view.finished:
        _talon(img, view.deal, lang)
    _last_trick(img, view.deal, who, lang)
    _trick(img, view.deal, who, lang)
    _center_note(img, view, who, lang)
    return img


def render_table(view: TableView, names: Sequence[str], lang: str = "cs",
                 round_no: int | None = None, marks: Sequence[str | None] = ()) -> bytes:
    """PNG of the table (public view only)."""
    return encode(table_image(view, names, lang, round_no, marks), palette.taroky())


__all__ = ["BLUE", "position", "render_table", "table_image"]
