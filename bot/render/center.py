"""The middle of the table: the trick, the kvarty, the desítky rows and the phase banners."""

from __future__ import annotations

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
    phone_px,
    text,
    wrap,
)
from bot.render.fonts import fit, fitted, font
from bot.render.minis import put_mini
from bot.render.names import fit_apart
from bot.render.strings import game_name, playoff_sums, s
from bot.render.suits import suit_icon
from engine.contracts import MATURITA_GAME
from engine.lora import harakiri_playoffs
from engine.rules import trick_winner_offset
from engine.views import DesitkyView, KvartyView, PublicView, TrickView

CX, CY = 500, 380  # the middle of the table (a picture 2 × CX = 1000 px wide)
# The notes of the banners (the čistá stovka rule, stovka made or missed, harakiri sums): big
# enough to read where a phone shows the table at its width (PHONE_W)
NOTE_PX = phone_px(2 * CX)
SMALL_PX = phone_px(2 * CX, 11)  # the least size of a word here: 11 px high on a phone
# The trick: a cross of cards that never overlap, so every corner index stays visible.
TRICK_W = 146
TRICK_CY = 376
TRICK_OFF = {0: (0, 113), 1: (-160, 0), 2: (0, -113), 3: (160, 0)}  # by position


def _centred_note(img: Image.Image, note: str) -> None:
    text(img, (CX, CY), note, font(32), MUTED, "mm")


def draw_trick(img: Image.Image, view: PublicView, part: TrickView, names: list[str], lang: str,
               bottom: int) -> None:
    """The current trick, each card in front of the seat that played it, in play order."""
    if not part.trick:
        if view.to_act is not None:
            _centred_note(img, s("leads", lang, name=names[view.to_act]))
        return
    h = cards.card_height(TRICK_W)
    for seat, card in part.trick:
        dx, dy = TRICK_OFF[(seat - bottom) % 4]
        cards.put(img, card, TRICK_W, CX + dx - TRICK_W // 2, TRICK_CY + dy - h // 2)


def draw_last_trick(img: Image.Image, part: TrickView, names: list[str], lang: str,
                    x: int, y: int) -> None:
    """A small inset of the last completed trick; the winning card glows."""
    last = part.last_trick
    if last is None:
        return
    lead, played = last
    winner = (lead + trick_winner_offset(played)) % 4
    w, step = 72, 50
    box = panel(272, 180, radius=14)
    paste(img, box, x, y)
    f = font(SMALL_PX, "bold")
    text(img, (x + 136, y + 19), fit(s("last_trick", lang), f, 256), f, anchor="mm")
    text(img, (x + 136, y + 161), fit(s("takes", lang, name=names[winner]), f, 256), f, GOLD, "mm")
    cx = x + (272 - (w + step * (len(played) - 1))) // 2
    for i, card in enumerate(played):
        style = "glow" if (lead + i) % 4 == winner else "plain"
        put_mini(img, card, w, cx + i * step, y + 36, style)


# the mini cards' fans, (card width, step): each card leaves ``step`` px of the one under it
# free, where its rank shows whole ("10" narrowed into it: ``minis.mini_face``)
KVARTY_FAN = (68, 33)  # the earlier kvarty: up to four in a group 167 px wide
TURN_FAN = (60, 32)  # desítky: the cards laid this turn


def draw_kvarty(img: Image.Image, view: PublicView, part: KvartyView, names: list[str],
                lang: str) -> None:
    """The last kvarta large, with who put each card; up to three earlier ones small."""
    if not part.kvarty:
        if view.to_act is not None:
            _centred_note(img, s("leads", lang, name=names[view.to_act]))
        return
    earlier = part.kvarty[-4:-1]
    if earlier:
        text(img, (CX, 170), s("earlier_kvarty", lang), font(SMALL_PX), MUTED, "mm")
        gw, gap = 167, 8
        cw, step = KVARTY_FAN
        x0 = CX - (len(earlier) * gw + (len(earlier) - 1) * gap) // 2
        for i, kv in enumerate(earlier):
            gx = x0 + i * (gw + gap)
            f = font(SMALL_PX, "bold")
            text(img, (gx + gw // 2, 197), fit_apart(names[kv.seat], names, f, gw), f, TEXT, "mm")
            cx = gx + (gw - (cw + step * (len(kv.placed) - 1))) // 2
            for j, (_, card) in enumerate(kv.placed):
                put_mini(img, card, cw, cx + j * step, 212, free=step)
    last = part.kvarty[-1]
    if last.out is not None:  # a hand emptied: the game ended on this kvarta
        state = s("kvarta_out", lang, name=names[last.out])
    else:  # "odfouknutá" only for a run stopped by a played card (R-KVARTY-NEXT)
        state = s("kvarta_blown" if last.blown else "kvarta_complete", lang)
    head = f"{s('kvarta_by', lang, name=names[last.seat])} · {state}"
    text(img, (CX, 336), fit(head, font(26, "bold"), 520), font(26, "bold"),
         RED if last.blown else TEXT, "mm")
    if last.next_leader is not None:
        text(img, (CX, 364),
             fit(s("next_leads", lang, name=names[last.next_leader]), font(SMALL_PX), 520),
             font(SMALL_PX), GOLD, "mm")
    cw, step = 118, 132
    n = len(last.placed)
    x0 = CX - (cw + step * (n - 1)) // 2
    for j, (seat, card) in enumerate(last.placed):
        own = seat == last.seat
        cards.put(img, card, cw, x0 + j * step, 390, "glow" if own else "plain")
        tag = fit_apart(names[seat], names, font(SMALL_PX, "bold"), step - 4)
        colour = GOLD if own else TEXT
        text(img, (x0 + j * step + cw // 2, 588), tag, font(SMALL_PX, "bold"), colour, "mm")


ROW_W, ROW_Y_STEP, ROW_X_STEP = 72, 110, 51  # rows 160…598: between the top and bottom seats
ROW_X0, ROW_Y0, ROW_ICON = 238, 160, 46  # the columns end at 719: clear of "this turn"
# where the rows end (the table's legend keeps clear of them)
ROWS_BOTTOM = ROW_Y0 + 3 * ROW_Y_STEP + cards.card_height(ROW_W)
ROWS_RIGHT = ROW_X0 + ROW_ICON + 6 + 7 * ROW_X_STEP + ROW_W
TURN_INSET = (722, 66, 266)  # x, y, width of the "this turn" panel: clear of the rows


def draw_rows(img: Image.Image, part: DesitkyView, lang: str) -> None:
    """Desítky: a row per suit, marked with the suit's medallion, cards low to high at their
    rank's column (the rows never overlap); this turn's cards glow; a row not opened yet shows
    an empty place where its ten goes."""
    h = cards.card_height(ROW_W)
    slot = panel(ROW_W, h, (0, 0, 0, 45), (255, 255, 255, 70), 2, 9)
    turn = set(part.turn)
    x0 = ROW_X0 + ROW_ICON + 6
    for suit, row in enumerate(part.rows):
        y = ROW_Y0 + suit * ROW_Y_STEP
        paste(img, suit_icon(suit, ROW_ICON), ROW_X0, y + (h - ROW_ICON) // 2)
        if row is None:
            paste(img, slot, x0 + 3 * ROW_X_STEP, y)
            text(img, (x0 + 3 * ROW_X_STEP + ROW_W // 2, y + h // 2), "10", font(26, "bold"),
                 FAINT, "mm")
            continue
        lo, hi = row
        for rank in range(lo, hi + 1):
            card = suit * 8 + rank
            cards.put(img, card, ROW_W, x0 + rank * ROW_X_STEP, y,
                      "glow" if card in turn else "plain")


def draw_turn(img: Image.Image, view: PublicView, part: DesitkyView, names: list[str],
              lang: str) -> None:
    """Desítky: the cards laid so far in the current turn (top-right inset)."""
    if not part.turn or view.to_act is None:
        return
    x, y, w = TURN_INSET
    cw, step = TURN_FAN
    box = panel(w, 150, radius=14)
    paste(img, box, x, y)
    text(img, (x + 14, y + 10), fit(s("this_turn", lang, name=names[view.to_act]),
                                  font(SMALL_PX, "cond"), w - 28), font(SMALL_PX, "cond"))
    shown = part.turn[-6:]
    for i, card in enumerate(shown):
        put_mini(img, card, cw, x + 16 + i * step, y + 44, "glow", free=step)


def _banner(img: Image.Image, title: str, height: int = 330, width: int = 480) -> int:
    x, y = CX - width // 2, CY - height // 2
    paste(img, panel(width, height, (5, 18, 12, 225), (*GOLD, 255), 3, 20), x, y)
    text(img, (CX, y + 38), title, font(38, "bold"), GOLD, "mm")
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


RULE_W, RULE_LINE = 440, NOTE_PX + 4  # the čistá stovka rule's lines


def stovka_banner(lang: str) -> tuple[list[str], int]:
    """The čistá stovka rule's lines at NOTE_PX and the height of the banner holding them."""
    lines = wrap(s("stovka_rule", lang), font(NOTE_PX, "narrow"), RULE_W)
    return lines, 246 + RULE_LINE * len(lines)


# A stovka answer row: the name left, the status right, at least STOVKA_GAP px apart.
STOVKA_ROW, STOVKA_GAP = 400, 18


def draw_stovka(img: Image.Image, view: PublicView, names: list[str], lang: str) -> None:
    """Čistá stovka: the question, the rule and every seat's answer so far."""
    rule = font(NOTE_PX, "narrow")
    lines, height = stovka_banner(lang)
    y = _banner(img, s("stovka_title", lang), height)
    yy = y + 80
    for line in lines:
        text(img, (CX, yy), fit(line, rule, RULE_W), rule, MUTED, "mm")
        yy += RULE_LINE
    yy += 14
    for k in range(4):
        seat = (view.leader + k) % 4
        status, colour = stovka_answer(view, seat, lang)
        fb = font(27, "bold")
        room = STOVKA_ROW - fb.getlength(status) - STOVKA_GAP  # the name: what the status leaves
        name, fn = fitted(names[seat], 27, "bold", room)
        text(img, (CX - STOVKA_ROW // 2, yy), name, fn, TEXT, "lm")
        text(img, (CX + STOVKA_ROW // 2, yy), status, fb, colour, "rm")
        yy += 40


def draw_choose(img: Image.Image, view: PublicView, names: list[str], lang: str) -> None:
    """Maturita: who is choosing and how the earlier attempts went (which attempt this is,
    the header says)."""
    y = _banner(img, s("choose_title", lang), 260)
    maturant = view.maturant if view.maturant is not None else view.leader
    text(img, (CX, y + 88), fit(s("choose_who", lang, name=names[maturant]), font(30, "bold"), 440),
         font(30, "bold"), TEXT, "mm")
    yy = y + 140
    for row in view.protocol:
        if row.tali == view.tali and row.game == MATURITA_GAME and row.attempt is not None:
            line = s("attempt_line", lang, attempt=row.attempt, game=game_name(row.contract, lang))
            if row.failed:
                line += f" – {s('attempt_failed', lang)}"
            text(img, (CX, yy), fit(line, font(SMALL_PX), 440), font(SMALL_PX),
                 RED if row.failed else GREEN, "mm")
            yy += 34


def harakiri_note(view: PublicView, seat: int, lang: str) -> str:
    """Under a name in the final order: his harakiri sums when a play-off put him there among
    his equals (R-HARAKIRI), else ""."""
    sums = [sum(p) for p in harakiri_playoffs(view.protocol, seat)]
    return s("harakiri_note", lang, points=playoff_sums(sums)) if sums else ""


# The final order's box: between the side seats (x 234 and 766) and the top and bottom ones
# (y 154 and 604), 16 and 8 px clear of them; a place is its name line and its notes' lines
ORDER_W, ORDER_MAX_H = 500, 432
ORDER_HEAD, NAME_LINE, NOTE_LINE, PLACE_GAP, ORDER_FOOT = 72, 42, NOTE_PX + 5, 10, 14
ORDER_LEFT, ORDER_RIGHT = CX - ORDER_W // 2 + 16, CX + ORDER_W // 2 - 16
NOTE_X = ORDER_LEFT + 52  # a place's name, and its notes under it to the box's right edge
NOTE_W = ORDER_RIGHT - NOTE_X
NOTE_SEP = " · "
Part = tuple[str, RGB]


def stovka_outcome(view: PublicView, seat: int, lang: str) -> Part:
    """A declarer's čistá stovka once the lóra is over: made (exactly 100) or missed."""
    made = view.totals[seat] == 100
    return s("stovka_made" if made else "stovka_missed", lang), GREEN if made else RED


def _order_notes(view: PublicView, seat: int, lang: str) -> list[Part]:
    """A seat's notes in the final order: his čistá stovka made or missed, his harakiri sums."""
    parts: list[Part] = []
    if view.stovka[seat] is True:
        parts.append(stovka_outcome(view, seat, lang))
    note = harakiri_note(view, seat, lang)
    if note:
        parts.append((note, MUTED))
    return parts


def order_layout(view: PublicView, lang: str) -> tuple[int, int, list[list[list[Part]]]]:
    """The final order's box: its top and height, and per place its notes' lines (each a
    list of parts): the notes on one line where they fit at NOTE_PX, else one a line as long
    as the box is not too tall (the others on one line, smaller: ``_note_line``)."""
    parts = [_order_notes(view, seat, lang) for seat in view.order or ()]
    f = font(NOTE_PX, "narrow")

    def one_line(p: list[Part]) -> bool:
        return f.getlength(NOTE_SEP.join(t for t, _ in p)) <= NOTE_W

    def height(notes: list[list[list[Part]]]) -> int:
        return (ORDER_HEAD + len(notes) * NAME_LINE + max(0, len(notes) - 1) * PLACE_GAP
                + NOTE_LINE * sum(len(n) for n in notes) + ORDER_FOOT)

    notes = [([p] if one_line(p) else [[q] for q in p]) if p else [] for p in parts]
    for i, p in enumerate(parts):  # too tall: places' notes back on one line, from the top
        if height(notes) <= ORDER_MAX_H:
            break
        if len(notes[i]) > 1:
            notes[i] = [p]
    h = height(notes)
    return CY - h // 2, h, notes


def _note_line(img: Image.Image, y: int, parts: list[Part]) -> None:
    """One line of notes, each part in its colour, smaller if need be (cut only below
    three quarters of NOTE_PX)."""
    whole = NOTE_SEP.join(t for t, _ in parts)
    label, f = fitted(whole, NOTE_PX, "narrow", NOTE_W, smallest=NOTE_PX * 3 // 4)
    if label != whole:  # cut: in one colour
        text(img, (NOTE_X, y), label, f, parts[0][1], "lm")
        return
    x: float = NOTE_X
    for i, (part, colour) in enumerate(parts):
        if i:
            x += text(img, (x, y), NOTE_SEP, f, MUTED, "lm")
        x += text(img, (x, y), part, f, colour, "lm")


def draw_order(img: Image.Image, view: PublicView, names: list[str], lang: str) -> None:
    """The final order with points, čistá stovka outcomes and harakiri sums."""
    _, height, notes = order_layout(view, lang)
    y = _banner(img, s("order_title", lang), height, ORDER_W)  # at order_layout's top
    medal = [GOLD, (200, 206, 214), (205, 140, 80), (120, 140, 130)]
    f = font(30, "bold")
    yy = y + ORDER_HEAD
    for place, seat in enumerate(view.order or ()):
        mid = yy + NAME_LINE // 2
        paste(img, badge(str(place + 1), medal[place], 40, px=SMALL_PX), ORDER_LEFT, mid - 20)
        points = s("points", lang, n=view.totals[seat])
        room = ORDER_RIGHT - f.getlength(points) - 16 - NOTE_X
        text(img, (NOTE_X, mid), fit(names[seat], f, room), f, TEXT, "lm")
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
        text(img, (x + cw // 2, 334), fit_apart(names[seat], names, font(21, "bold"), cw + gap),
             font(21, "bold"), GOLD if seat == winner else TEXT, "mm")
    return img
