"""The game on the table, under the seats: the trick, the kvarty, the desítky rows and the
phase banners, each within the table's game area (``Area``).

The table is shown inside an embed (``EMBED_W`` px wide on a phone): every word is at least
``SMALL_PX`` px, 11 px high there; a rank on a mini card too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from PIL import Image

from bot.render import cards
from bot.render.common import (
    BAR,
    FAINT,
    GOLD,
    GREEN,
    MUTED,
    RED,
    RGB,
    TEXT,
    badge,
    felt,
    panel,
    paste,
    text,
    wrap,
)
from bot.render.fonts import Font, fit, fitted, font
from bot.render.minis import put_mini
from bot.render.names import fit_name, fit_said, fit_word
from bot.render.seats import PICTURE_W, SMALL_PX
from bot.render.strings import game_name, playoff_sums, s
from bot.render.suits import suit_icon
from bot.render.trick_row import columns, slot
from engine.contracts import MATURITA_GAME
from engine.events import KvartaBuilt
from engine.lora import harakiri_playoffs
from engine.rules import trick_winner_offset
from engine.views import DesitkyView, KvartyView, PublicView, TrickView

CX = PICTURE_W // 2
NOTE_PX = SMALL_PX  # the banners' notes (the čistá stovka rule, its outcome, harakiri sums)
LABEL_PX = SMALL_PX + 2  # the game's lines: who leads, the last trick, a kvarta
LINE = 32  # px: a line of words at LABEL_PX
MINI_RANK = SMALL_PX  # a mini card's rank


class Area(NamedTuple):
    """The part of the table the game is drawn in (under the seats, above the legend)."""

    x: int
    y: int
    w: int
    h: int

    @property
    def cy(self) -> int:
        return self.y + self.h // 2


def _line(img: Image.Image, xy: tuple[float, float], words: Callable[[str], str], name: str,
          names: list[str], width: float, colour: RGB, anchor: str = "mm",
          style: str = "bold", bare: bool = False) -> float:
    """``words(name)`` at LABEL_PX within ``width`` px: condensed down to SMALL_PX, else the
    name cut at a word apart from the other ``names`` (``fit_said``, ``fit_word``; ``bare``:
    the name alone where the words leave it no room whole); returns its width."""
    label, f = fit_said(words, name, names, LABEL_PX, style, width, SMALL_PX, fit_word, bare)
    return text(img, xy, label, f, colour, anchor)


def _note(img: Image.Image, area: Area, y: float, words: Callable[[str], str], name: str,
          names: list[str]) -> None:
    _line(img, (area.x + area.w / 2, y), words, name, names, area.w - 20, MUTED)


# -- tricks -------------------------------------------------------------------------------
TRICK_MAX_W = 120  # a trick card's width at most
LAST_W = 48  # the last trick's mini cards (under their players' cards of this trick)


def trick_card_w(area: Area) -> int:
    """The trick cards' width: as large as leaves room under them for the last trick's line
    and mini cards."""
    room = area.h - 6 - 8 - LINE - cards.card_height(LAST_W) - 4
    return min(TRICK_MAX_W, room * cards.ART_W // cards.ART_H)


def draw_trick(img: Image.Image, view: PublicView, part: TrickView, names: list[str], lang: str,
               columns: Mapping[int, int], area: Area) -> None:
    """The current trick, each card under the seat that played it (``columns``: each seat's
    middle x); the one to play next has a gold place with "?". Under it the last trick's
    line ("Poslední štych · bere Cecílie", or who leads the first trick) and its cards, each
    under its player, the taken one aglow."""
    w = trick_card_w(area)
    y = area.y + 6
    played = dict(part.trick)
    for seat, cx in columns.items():
        x = cx - w // 2
        if seat in played:
            cards.put(img, played[seat], w, x, y)
        else:
            waiting = seat == view.to_act
            slot(img, x, y, w, (*GOLD, 255) if waiting else (255, 255, 255, 60),
                 "?" if waiting else "")
    mid = y + cards.card_height(w) + 8 + LINE // 2
    last = part.last_trick
    if last is None:
        if not part.trick and view.to_act is not None:
            _note(img, area, mid, lambda who: s("leads", lang, name=who), names[view.to_act],
                  names)
        return
    lead, cards_played = last
    winner = (lead + trick_winner_offset(cards_played)) % 4
    head = s("last_trick", lang)
    _line(img, (area.x + area.w / 2, mid),
          lambda who: f"{head} · {s('takes', lang, name=who)}", names[winner], names,
          area.w - 20, MUTED)  # grey as in the hand: past, not whose turn (review 77)
    for i, card in enumerate(cards_played):
        seat = (lead + i) % 4
        put_mini(img, card, LAST_W, columns[seat] - LAST_W // 2, mid + LINE // 2 + 2,
                 "glow" if seat == winner else "plain", rank_px=MINI_RANK)


# -- kvarty --------------------------------------------------------------------------------
EARLIER_W = 270  # the earlier kvarty's part of the area, on its right
KVARTY_FAN = (46, 32)  # the earlier kvarty: mini card width, step (their ranks whole: free)


def draw_kvarty(img: Image.Image, view: PublicView, part: KvartyView, names: list[str],
                lang: str, area: Area) -> None:
    """The last kvarta large, with who put each card, and its state; up to three earlier ones
    small on the right, each with who led it."""
    if not part.kvarty:
        if view.to_act is not None:
            _note(img, area, area.cy, lambda who: s("leads", lang, name=who),
                  names[view.to_act], names)
        return
    earlier = part.kvarty[-4:-1]
    left = Area(area.x, area.y, area.w - (EARLIER_W + 10 if earlier else 0), area.h)
    if earlier:
        _earlier(img, earlier, names, lang,
                 Area(area.x + area.w - EARLIER_W, area.y, EARLIER_W, area.h))
    last = part.kvarty[-1]
    cx = left.x + left.w / 2
    y = left.y + 4 + LINE // 2
    _line(img, (cx, y), lambda who: s("kvarta_by", lang, name=who), names[last.seat], names,
          left.w - 10, RED if last.blown else TEXT)
    y += LINE
    if last.out is not None:  # a hand emptied: the game ended on this kvarta
        _line(img, (cx, y), lambda who: s("kvarta_out", lang, name=who), names[last.out],
              names, left.w - 10, TEXT)
    else:  # "odfouknutá" only for a run stopped by a played card (R-KVARTY-NEXT)
        state = s("kvarta_blown" if last.blown else "kvarta_complete", lang)
        _state_line(img, cx, y, state, RED if last.blown else TEXT, last.next_leader, names,
                    lang, left.w - 10)
    n = len(last.placed)
    room = left.h - 2 * LINE - 4 - 8 - LINE - 2
    cw = min(104, room * cards.ART_W // cards.ART_H, (left.w - 10 * (n - 1)) // max(n, 1))
    step = max(cw + 10, min(left.w // max(n, 1), cw + 30))
    top = left.y + 4 + 2 * LINE + 6
    x0 = int(cx) - (cw + step * (n - 1)) // 2
    for j, (seat, card) in enumerate(last.placed):
        own = seat == last.seat
        cards.put(img, card, cw, x0 + j * step, top, "glow" if own else "plain")
        label, f = fit_name(names[seat], names, LABEL_PX, "bold", step - 6, SMALL_PX, fit_word)
        text(img, (x0 + j * step + cw // 2, top + cards.card_height(cw) + 4 + LINE // 2), label,
             f, GOLD if own else TEXT, "mm")


def _state_line(img: Image.Image, cx: float, y: float, state: str, colour: RGB,
                nxt: int | None, names: list[str], lang: str, width: float) -> None:
    """A kvarta's state and who leads next ("celá · dál vynáší Dalibor"), centred at (cx, y):
    the state in ``colour``, who leads next gold, his name cut apart where it must be."""
    sep = " · "
    if nxt is None:
        label, f = fitted(state, LABEL_PX, "bold", width, smallest=SMALL_PX)
        text(img, (cx, y), label, f, colour, "mm")
        return
    head = state + sep
    label, f = fit_said(lambda who: head + s("next_leads", lang, name=who), names[nxt], names,
                        LABEL_PX, "bold", width, SMALL_PX, fit_word)
    x = cx - f.getlength(label) / 2
    x += text(img, (x, y), state, f, colour, "lm")
    x += text(img, (x, y), sep, f, MUTED, "lm")
    text(img, (x, y), label[len(head):], f, GOLD, "lm")


def _earlier(img: Image.Image, earlier: tuple[KvartaBuilt, ...], names: list[str], lang: str,
             area: Area) -> None:
    """Up to three earlier kvarty, one a row: who led it, its cards fanned."""
    paste(img, panel(area.w, area.h, radius=14), area.x, area.y)
    f = font(SMALL_PX, "narrow")
    text(img, (area.x + area.w / 2, area.y + 4 + LINE // 2),
         fit(s("earlier_kvarty", lang), f, area.w - 16), f, MUTED, "mm")
    cw, step = KVARTY_FAN
    fan = cw + step * 3
    row_h = (area.h - LINE - 8) // 3
    h = min(cards.card_height(cw), row_h - 6)
    y = area.y + LINE + 6
    for kv in earlier:
        room = area.w - 16 - fan - 8
        label, fb = fit_name(names[kv.seat], names, SMALL_PX, "bold", room, SMALL_PX, fit_word)
        text(img, (area.x + 8, y + h // 2), label, fb, TEXT, "lm")
        x = area.x + area.w - 8 - fan
        for j, (_, card) in enumerate(kv.placed):
            put_mini(img, card, cw, x + j * step, y, free=step, rank_px=MINI_RANK, height=h)
        y += row_h


# -- desítky -------------------------------------------------------------------------------
ROW_ICON = 40  # the suit's medallion at a row's start
ROW_RANK = SMALL_PX + 4  # the rank on a row's card
ROW_W, ROW_STEP = 46, 49  # a row's card and its column (the cards never overlap)
ROW_GAP = 4  # between two rows
ROWS_W = ROW_ICON + 8 + ROW_W + 7 * ROW_STEP  # a row from its medallion to its ace
TURN_W = 256  # "this turn": the cards laid so far in the turn, right of the rows
TURN_STEP = 34  # their fan's step


def row_card_h(area: Area) -> int:
    """A row's card's height: the four rows fill the area's height."""
    return min(cards.card_height(ROW_W), (area.h - 8 - 3 * ROW_GAP) // 4)


def draw_rows(img: Image.Image, part: DesitkyView, area: Area) -> None:
    """Desítky: a row per suit, marked with the suit's medallion, cards low to high at their
    rank's column (the rows never overlap), each its rank over its suit; this turn's cards
    glow; a row not opened yet shows an empty place where its ten goes."""
    h = row_card_h(area)
    room = area.w - TURN_W - 12
    x_icon = area.x + (room - ROWS_W) // 2
    x0 = x_icon + ROW_ICON + 8
    empty = panel(ROW_W, h, (0, 0, 0, 45), (255, 255, 255, 70), 2, 8)
    turn = set(part.turn)
    y = area.y + 4
    for suit, row in enumerate(part.rows):
        paste(img, suit_icon(suit, ROW_ICON), x_icon, y + (h - ROW_ICON) // 2)
        if row is None:
            paste(img, empty, x0 + 3 * ROW_STEP, y)
            text(img, (x0 + 3 * ROW_STEP + ROW_W // 2, y + h // 2), "10",
                 font(SMALL_PX, "cond"), FAINT, "mm")
        else:
            lo, hi = row
            for rank in range(lo, hi + 1):
                card = suit * 8 + rank
                put_mini(img, card, ROW_W, x0 + rank * ROW_STEP, y,
                         "glow" if card in turn else "plain", rank_px=ROW_RANK, height=h)
        y += h + ROW_GAP


def draw_turn(img: Image.Image, view: PublicView, part: DesitkyView, names: list[str],
              lang: str, area: Area) -> None:
    """Desítky: who lays and the cards laid so far in the current turn (right of the rows)."""
    if not part.turn or view.to_act is None:
        return
    x, w = area.x + area.w - TURN_W, TURN_W
    h = cards.card_height(ROW_W)
    box_h = 6 + LINE + 4 + h + 12
    y = area.y + 4
    paste(img, panel(w, box_h, radius=14), x, y)
    _line(img, (x + w / 2, y + 6 + LINE // 2), lambda who: s("this_turn", lang, name=who),
          names[view.to_act], names, w - 16, TEXT, style="cond", bare=True)
    shown = part.turn[-(1 + (w - 16 - ROW_W) // TURN_STEP):]
    for i, (card, left) in enumerate(zip(shown, columns(len(shown), x, w, ROW_W, TURN_STEP),
                                         strict=True)):
        put_mini(img, card, ROW_W, left, y + 6 + LINE + 4, "glow",
                 free=TURN_STEP if i < len(shown) - 1 else None, rank_px=ROW_RANK)


TURN_FAN = (ROW_W, TURN_STEP)


# -- banners -------------------------------------------------------------------------------
TITLE_PX = 32
BANNER_W = 600


def _banner(img: Image.Image, area: Area, title: str, height: int, width: int = BANNER_W) -> int:
    """A framed box centred in ``area`` with ``title`` on top; returns its top."""
    x, y = area.x + (area.w - width) // 2, area.cy - height // 2
    paste(img, panel(width, height, (5, 18, 12, 225), (*GOLD, 255), 3, 18), x, y)
    text(img, (x + width / 2, y + 8 + LINE // 2), title, font(TITLE_PX, "bold"), GOLD, "mm")
    return y


def stovka_answer(view: PublicView, seat: int, lang: str) -> tuple[str, RGB]:
    """A seat's answer to the čistá stovka question so far, worded and coloured."""
    answer = view.stovka[seat]
    if answer is True:
        return s("stovka_yes", lang), GREEN
    if answer is False:
        return s("stovka_no", lang), MUTED
    if seat == view.to_act:
        return s("stovka_now", lang), GOLD
    return s("stovka_wait", lang), FAINT


RULE_W, RULE_LINE = BANNER_W - 40, NOTE_PX + 4  # the čistá stovka rule's lines
# A stovka answer row: the name left, the status right, at least STOVKA_GAP px apart.
STOVKA_ROW, STOVKA_GAP, STOVKA_LINE = 420, 18, 31


def stovka_banner(lang: str) -> tuple[list[str], int]:
    """The čistá stovka rule's lines at NOTE_PX and the height of the banner holding them."""
    lines = wrap(s("stovka_rule", lang), font(NOTE_PX, "narrow"), RULE_W)
    return lines, 8 + LINE + 6 + RULE_LINE * len(lines) + 6 + 4 * STOVKA_LINE + 10


def draw_stovka(img: Image.Image, view: PublicView, names: list[str], lang: str,
                area: Area) -> None:
    """Čistá stovka: the question, the rule and every seat's answer so far."""
    rule = font(NOTE_PX, "narrow")
    lines, height = stovka_banner(lang)
    y = _banner(img, area, s("stovka_title", lang), height)
    yy = y + 8 + LINE + 6 + RULE_LINE // 2
    for line in lines:
        text(img, (CX, yy), fit(line, rule, RULE_W), rule, MUTED, "mm")
        yy += RULE_LINE
    yy += 6 - RULE_LINE // 2 + STOVKA_LINE // 2
    fb = font(SMALL_PX, "bold")
    for k in range(4):
        seat = (view.leader + k) % 4
        status, colour = stovka_answer(view, seat, lang)
        room = STOVKA_ROW - fb.getlength(status) - STOVKA_GAP  # the name: what the status leaves
        name, fn = fit_name(names[seat], names, SMALL_PX, "bold", room, SMALL_PX, fit_word)
        text(img, (CX - STOVKA_ROW // 2, yy), name, fn, TEXT, "lm")
        text(img, (CX + STOVKA_ROW // 2, yy), status, fb, colour, "rm")
        yy += STOVKA_LINE


def draw_choose(img: Image.Image, view: PublicView, names: list[str], lang: str,
                area: Area) -> None:
    """Maturita: who is choosing and how the earlier attempts went (which attempt this is,
    the header says)."""
    rows = [row for row in view.protocol
            if row.tali == view.tali and row.game == MATURITA_GAME and row.attempt is not None]
    height = 8 + 2 * LINE + 10 + LINE * len(rows) + 12
    y = _banner(img, area, s("choose_title", lang), height, 520)
    maturant = view.maturant if view.maturant is not None else view.leader
    _line(img, (CX, y + 8 + LINE + LINE // 2 + 4), lambda who: s("choose_who", lang, name=who),
          names[maturant], names, 480, TEXT)
    yy = y + 8 + 2 * LINE + 10 + LINE // 2
    f = font(SMALL_PX)
    for row in rows:
        line = s("attempt_line", lang, attempt=row.attempt, game=game_name(row.contract, lang))
        if row.failed:
            line += f" – {s('attempt_failed', lang)}"
        text(img, (CX, yy), fit(line, f, 480), f, RED if row.failed else GREEN, "mm")
        yy += LINE


def harakiri_note(view: PublicView, seat: int, lang: str, short: bool = False) -> str:
    """Under a name in the final order: his harakiri points when a play-off put him there
    among his equals (R-HARAKIRI: fewer is the better place, and the note says so unless
    ``short``), else ""."""
    sums = [sum(p) for p in harakiri_playoffs(view.protocol, seat)]
    key = "harakiri_note_short" if short else "harakiri_note"
    return s(key, lang, n=sums[-1], points=playoff_sums(sums)) if sums else ""


# The final order's box, in the game area; a place is its name line and its notes' lines
ORDER_W = BANNER_W
ORDER_HEAD, NAME_LINE, NOTE_LINE, PLACE_GAP, ORDER_FOOT = 8 + LINE + 2, 33, NOTE_PX + 2, 2, 8
ORDER_LEFT, ORDER_RIGHT = CX - ORDER_W // 2 + 16, CX + ORDER_W // 2 - 16
NOTE_X = ORDER_LEFT + 44  # a place's name, and its notes under it to the box's right edge
NOTE_W = ORDER_RIGHT - NOTE_X
NOTE_SEP = " · "
NAME_PX = 28
Part = tuple[str, RGB]


def stovka_outcome(view: PublicView, seat: int, lang: str) -> Part:
    """A declarer's čistá stovka once the lóra is over: made (exactly 100) or missed."""
    made = view.totals[seat] == 100
    return s("stovka_made" if made else "stovka_missed", lang), GREEN if made else RED


def _order_notes(view: PublicView, seat: int, lang: str, short: bool = False) -> list[Part]:
    """A seat's notes in the final order: his čistá stovka made or missed, his harakiri sums
    (``short``: without "fewer is better")."""
    parts: list[Part] = []
    if view.stovka[seat] is True:
        parts.append(stovka_outcome(view, seat, lang))
    note = harakiri_note(view, seat, lang, short)
    if note:
        parts.append((note, MUTED))
    return parts


def _note_font() -> Font:
    return font(NOTE_PX, "narrow")


def order_layout(view: PublicView, lang: str, area: Area
                 ) -> tuple[int, int, list[list[list[Part]]]]:
    """The final order's box: its top and height, and per place its notes' lines (each a
    list of parts): the notes on one line where they fit at NOTE_PX, else one a line as long
    as the box fits the area (the others on one line: ``_note_line``); the box's title only
    where it still fits (``order_head``: the header says the lóra is over). The harakiri
    notes say "fewer is better" where they then stand whole, else they go without it."""
    notes = _order_lines([_order_notes(view, seat, lang) for seat in view.order or ()], area)
    if not all(_one_line(line) for place in notes for line in place):
        notes = _order_lines([_order_notes(view, seat, lang, short=True)
                              for seat in view.order or ()], area)
    h = _order_height(notes, order_head(notes, area))
    return area.cy - h // 2, h, notes


def _one_line(parts: list[Part]) -> bool:
    return _note_font().getlength(NOTE_SEP.join(t for t, _ in parts)) <= NOTE_W


def _order_lines(parts: list[list[Part]], area: Area) -> list[list[list[Part]]]:
    """Per place its notes' lines: on one line where they fit, else one a line as long as
    the box fits ``area`` (then places' notes back on one line, from the top)."""
    notes = [([p] if _one_line(p) else [[q] for q in p]) if p else [] for p in parts]
    for i, p in enumerate(parts):  # too tall: places' notes back on one line, from the top
        if _order_height(notes, ORDER_HEAD) <= area.h:
            break
        if len(notes[i]) > 1:
            notes[i] = [p]
    return notes


def _order_height(notes: list[list[list[Part]]], head: int) -> int:
    return (head + len(notes) * NAME_LINE + max(0, len(notes) - 1) * PLACE_GAP
            + NOTE_LINE * sum(len(n) for n in notes) + ORDER_FOOT)


def order_head(notes: list[list[list[Part]]], area: Area) -> int:
    """The room over the places: the title's where the box fits the area with it, else a
    margin."""
    return ORDER_HEAD if _order_height(notes, ORDER_HEAD) <= area.h else ORDER_FOOT


def _note_line(img: Image.Image, y: int, parts: list[Part]) -> None:
    """One line of notes, each part in its colour, condensed if need be (cut only then, not
    under NOTE_PX)."""
    whole = NOTE_SEP.join(t for t, _ in parts)
    label, f = fitted(whole, NOTE_PX, "narrow", NOTE_W, smallest=NOTE_PX)
    if label != whole:  # cut: in one colour
        text(img, (NOTE_X, y), label, f, parts[0][1], "lm")
        return
    x: float = NOTE_X
    for i, (part, colour) in enumerate(parts):
        if i:
            x += text(img, (x, y), NOTE_SEP, f, MUTED, "lm")
        x += text(img, (x, y), part, f, colour, "lm")


def draw_order(img: Image.Image, view: PublicView, names: list[str], lang: str,
               area: Area) -> None:
    """The final order with points, čistá stovka outcomes and harakiri sums."""
    _, height, notes = order_layout(view, lang, area)
    head = order_head(notes, area)
    y = _banner(img, area, s("order_title", lang) if head == ORDER_HEAD else "", height,
                ORDER_W)  # at order_layout's top
    medal = [GOLD, (200, 206, 214), (205, 140, 80), (120, 140, 130)]
    f = font(NAME_PX, "bold")
    yy = y + head
    for place, seat in enumerate(view.order or ()):
        mid = yy + NAME_LINE // 2
        paste(img, badge(str(place + 1), medal[place], 32, px=SMALL_PX), ORDER_LEFT, mid - 16)
        points = s("points", lang, n=view.totals[seat])
        room = ORDER_RIGHT - f.getlength(points) - 16 - NOTE_X
        name, fn = fit_name(names[seat], names, NAME_PX, "bold", room, SMALL_PX, fit_word)
        text(img, (NOTE_X, mid), name, fn, TEXT, "lm")
        text(img, (ORDER_RIGHT, mid), points, f, TEXT, "rm")
        yy += NAME_LINE
        for line in notes[place]:
            _note_line(img, yy + NOTE_LINE // 2, line)
            yy += NOTE_LINE
        yy += PLACE_GAP


def last_trick_image(part: TrickView, names: list[str], lang: str) -> Image.Image:
    """A picture of the last completed trick alone: the cards in play order, who played them."""
    last = part.last_trick
    assert last is not None
    lead, played = last
    winner = (lead + trick_winner_offset(played)) % 4
    cw, gap = 150, 18
    width = 2 * 24 + len(played) * cw + (len(played) - 1) * gap
    img = felt(width, 372).copy()
    paste(img, panel(width, 56, BAR, radius=0), 0, 0)
    head = f"{s('last_trick', lang)} · {s('takes', lang, name=names[winner])}"
    text(img, (24, 28), fit(head, font(26, "bold"), width - 48), font(26, "bold"), anchor="lm")
    for i, card in enumerate(played):
        seat = (lead + i) % 4
        x = 24 + i * (cw + gap)
        cards.put(img, card, cw, x, 76, "glow" if seat == winner else "plain")
        text(img, (x + cw // 2, 334), fit_word(names[seat], names, font(23, "bold"), cw + gap),
             font(23, "bold"), GOLD if seat == winner else TEXT, "mm")  # 11 px on a phone
    return img
