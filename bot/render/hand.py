"""A seat's hand picture: everything a player needs to play from his hand message alone.

The header names the game (tálie, game, trick) and whose turn it is; the left panel lists the
four players in play order (the viewer last) with their points so far, the one to act aglow;
the right panel shows the table's middle — the current trick in play order, the kvarta being
built, the desítky rows with their suits, the čistá stovka answers, the maturita choice or the
final order; below, the seat's own cards, the playable ones lifted and numbered like the
buttons. Only ``SeatView`` goes in: the seat's hand, its legal actions and public facts.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from PIL import Image, ImageDraw

from bot.render import cards, palette
from bot.render.center import stovka_answer
from bot.render.common import (
    BAR,
    FAINT,
    GOLD,
    GREEN,
    MUTED,
    RED,
    TEXT,
    badge,
    check_names,
    encode,
    felt,
    panel,
    paste,
    text,
)
from bot.render.fonts import fit, fitted, font
from bot.render.strings import game_name, lang_of, s
from bot.render.suits import suit_icon, suit_ink
from bot.render.table import title_parts
from engine.actions import Choose, Declare, EndTurn, Lay, Lead, Play
from engine.cards import RANK_SYMBOLS, cards_of
from engine.contracts import MATURITA_GAME
from engine.rules import trick_winner_offset
from engine.views import DesitkyView, KvartyView, PublicView, SeatView, TrickView

W, M = 800, 16
HEADER_H = 64
BOARD_Y, BOARD_H = 76, 338  # the players and the table's middle
LEFT_W = 290
RIGHT_X = M + LEFT_W + 14
RIGHT_W = W - RIGHT_X - M
ROW_H = (BOARD_H - 28) // 4
ROW_PAD = (ROW_H - 66) // 2  # a player's row is drawn for 66 px, centred in ROW_H
CARD_W, LIFT, SUIT_GAP = 112, 22, 14
CARD_H = cards.card_height(CARD_W)
HAND_Y = BOARD_Y + BOARD_H + 14 + LIFT
LABEL_Y = HAND_Y + CARD_H + 34
H = LABEL_Y + 34
ACTING_FILL = (74, 60, 12, 230)
SLOT_W, SLOT_STEP = 96, 112
SLOT_H = cards.card_height(SLOT_W)
SLOTS_Y = BOARD_Y + 36  # the row of the trick (or kvarta) being played
NAMES_Y = SLOTS_Y + SLOT_H + 16  # the players' names under it
# The last trick: small cards under the names, each in its player's column
LAST_W = 60
LAST_Y = NAMES_Y + 18


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
def _header(img: Image.Image, view: SeatView, names: list[str], lang: str) -> None:
    paste(img, panel(W, HEADER_H, BAR, radius=0), 0, 0)
    title, sub = title_parts(view.public, names, lang)
    status, colour = _status(view, names, lang)
    # each part whole where it can be: condensed and a little smaller before a cut
    label, ft = fitted(title, 34, "bold", W * 0.4, smallest=26)
    x = M + text(img, (M, HEADER_H // 2), label, ft, anchor="lm")
    right = W - M
    if status:
        status, fs = fitted(status, 26, "bold", min(W * 0.36, W - M - x - 24), smallest=18)
        right -= int(fs.getlength(status)) + 24
        text(img, (W - M, HEADER_H // 2 + 1), status, fs, colour, "rm")
    if sub and right - x > 80:
        label, fsub = fitted(sub, 22, "regular", right - x - 12, smallest=17)
        text(img, (x + 12, HEADER_H // 2 + 2), label, fsub, MUTED, "lm")


# -- the players --------------------------------------------------------------------------
def _order(viewer: int) -> list[int]:
    """The seats in play order from the viewer's left-hand neighbour; the viewer last."""
    return [(viewer + k) % 4 for k in (1, 2, 3, 0)]


RGB = tuple[int, int, int]


def _tags(pub: PublicView, seat: int, viewer: int, lang: str) -> list[tuple[str, RGB]]:
    tags: list[tuple[str, RGB]] = []
    if seat == viewer:
        tags.append((s("hand_you", lang), GOLD))
    if pub.maturant == seat and not pub.finished:
        tags.append((s("legend_maturant", lang), (200, 130, 230)))
    if pub.stovka[seat] is True:
        tags.append((s("badge_stovka", lang), (236, 110, 90)))
    if pub.knocks[seat]:
        tags.append((f"{s('knocks', lang)} ×{pub.knocks[seat]}", GOLD))
    return tags


def _players(img: Image.Image, view: SeatView, names: list[str], lang: str) -> None:
    pub = view.public
    playing = pub.phase == "play"
    fh = font(18)
    text(img, (M + 212, BOARD_Y + 6), s("pts_lora", lang), fh, MUTED, "rm")
    if playing:
        text(img, (M + LEFT_W - 10, BOARD_Y + 6), s("pts_game", lang), fh, MUTED, "rm")
    for i, seat in enumerate(_order(view.seat)):
        y = BOARD_Y + 28 + i * ROW_H
        acting = seat == pub.to_act
        fill = ACTING_FILL if acting else (4, 16, 11, 170)
        outline = (*GOLD, 255) if acting else None
        paste(img, panel(LEFT_W, ROW_H - 8, fill, outline, 3, 12), M, y)
        fn, ftot = font(27, "bold"), font(30, "bold")
        room = 214 - 12 - int(ftot.getlength(str(pub.totals[seat]))) - 14
        size = 27 if fn.getlength(names[seat]) <= room else 22  # smaller before it is cut
        fn = font(size, "bold")
        top = y + ROW_PAD
        text(img, (M + 12, top + 4 + (27 - size) // 2), fit(names[seat], fn, room), fn, TEXT)
        tx = M + 12
        if playing:
            tx = _count(img, tx, top + 35, pub.hand_counts[seat]) + 12
        for tag, colour in _tags(pub, seat, view.seat, lang):
            tx += int(text(img, (tx, top + 36), tag, font(17, "bold"), colour)) + 12
        text(img, (M + 214, y + (ROW_H - 8) // 2), str(pub.totals[seat]), ftot, TEXT, "rm")
        if playing:
            text(img, (M + LEFT_W - 10, y + (ROW_H - 8) // 2), str(pub.game_points[seat]),
                 font(27, "bold"), GOLD if pub.game_points[seat] else MUTED, "rm")


def _count(img: Image.Image, x: int, y: int, n: int) -> int:
    """A small face-down card and the number of cards left; returns the right edge."""
    cards.put(img, cards.BACK, 14, x, y)
    return x + 18 + int(text(img, (x + 18, y + 1), str(n), font(18, "bold"), MUTED))


# -- the table's middle -----------------------------------------------------------------------
def _caption(img: Image.Image, y: int, value: str, colour: tuple[int, int, int] = TEXT,
             size: int = 24) -> None:
    f = font(size, "bold")
    text(img, (RIGHT_X + RIGHT_W // 2, y), fit(value, f, RIGHT_W - 8), f, colour, "mm")


def _slot(img: Image.Image, x: int, y: int, colour: tuple[int, int, int, int],
          mark: str = "") -> None:
    paste(img, panel(SLOT_W, SLOT_H, (0, 0, 0, 60), colour, 3, 10), x, y)
    if mark:
        text(img, (x + SLOT_W // 2, y + SLOT_H // 2), mark, font(40, "bold"), GOLD, "mm")


def _columns(n: int) -> list[int]:
    """The left edges of ``n`` slots in a row, centred in the table's middle."""
    x0 = RIGHT_X + (RIGHT_W - (SLOT_W + SLOT_STEP * (n - 1))) // 2
    return [x0 + j * SLOT_STEP for j in range(n)]


def _row_of_cards(img: Image.Image, placed: Sequence[tuple[int, int | None]], names: list[str],
                  to_act: int | None, own: int | None = None) -> None:
    """Up to four (seat, card or None) in a row, each with its player's name under it."""
    y = SLOTS_Y
    for (seat, card), x in zip(placed, _columns(len(placed)), strict=True):
        if card is None:
            waiting = seat == to_act
            _slot(img, x, y, (*GOLD, 255) if waiting else (255, 255, 255, 60),
                  "?" if waiting else "")
        else:
            cards.put(img, card, SLOT_W, x, y, "glow" if seat == own else "plain")
        f = font(21, "bold")
        if f.getlength(names[seat]) > SLOT_STEP - 6:
            f = font(17, "bold")
        colour = GOLD if seat in (to_act, own) else TEXT
        text(img, (x + SLOT_W // 2, NAMES_Y), fit(names[seat], f, SLOT_STEP - 6), f,
             colour, "mm")


def _trick_lead(pub: PublicView, part: TrickView) -> int | None:
    """Who leads the trick being played: its first card's player, or the one to lead it."""
    return part.trick[0][0] if part.trick else pub.to_act


def last_trick_places(view: SeatView) -> list[tuple[int, int, int, bool]]:
    """The last trick as the hand picture draws it: (seat, card, x, took it) in play order,
    each card small under its player's name in the row of the trick being played (the one
    who took it leads that row); [] when there is no last trick to show."""
    _check(view)
    pub = view.public
    part = pub.game
    if pub.phase != "play" or not isinstance(part, TrickView) or part.last_trick is None:
        return []
    lead = _trick_lead(pub, part)
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
        cards.put(img, card, LAST_W, x, LAST_Y, "glow" if took else "plain")
        mark = badge(str(i + 1), MUTED, 24)  # the order it was played in
        paste(img, mark, x - 5 - mark.width, LAST_Y + 4)
    winner = next(seat for seat, _, _, took in places if took)
    line = f"{s('last_trick', lang)} · {s('takes', lang, name=names[winner])}"
    label, f = fitted(line, 22, "bold", RIGHT_W - 16, smallest=18)
    text(img, (RIGHT_X + RIGHT_W // 2, BOARD_Y + BOARD_H - 16), label, f, MUTED, "mm")


def _trick(img: Image.Image, view: SeatView, part: TrickView, names: list[str],
           lang: str) -> None:
    pub = view.public
    lead = _trick_lead(pub, part)
    if lead is None:
        return
    _caption(img, BOARD_Y + 14, s("leads", lang, name=names[lead]), GOLD if not part.trick
             else TEXT)
    played = dict(part.trick)
    placed = [((lead + k) % 4, played.get((lead + k) % 4)) for k in range(4)]
    _row_of_cards(img, placed, names, pub.to_act)
    _last_trick(img, view, names, lang)


def _kvarty(img: Image.Image, pub: PublicView, part: KvartyView, names: list[str],
            lang: str) -> None:
    if not part.kvarty:
        if pub.to_act is not None:
            _caption(img, BOARD_Y + 14, s("leads", lang, name=names[pub.to_act]), GOLD)
        return
    last = part.kvarty[-1]
    if last.out is not None:
        state = s("kvarta_out", lang, name=names[last.out])
    else:
        state = s("kvarta_blown" if last.blown else "kvarta_complete", lang)
    _caption(img, BOARD_Y + 14, f"{s('kvarta_by', lang, name=names[last.seat])} · {state}",
             RED if last.blown else TEXT, 21)
    placed = [(seat, card) for seat, card in last.placed][-4:]
    _row_of_cards(img, placed, names, None, own=last.seat)
    if last.next_leader is not None:
        _caption(img, BOARD_Y + BOARD_H - 12, s("next_leads", lang, name=names[last.next_leader]),
                 GOLD, 20)


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
                     font(26 if rank != 3 else 22, "bold"), suit_ink(suit), "mm")
            else:
                d.rounded_rectangle(box, 8, outline=(110, 140, 122), width=2)
                text(img, (x + TILE_W // 2, y + TILE_H // 2), RANK_SYMBOLS[rank],
                     font(20 if rank != 3 else 17, "bold"), FAINT, "mm")


def _stovka(img: Image.Image, pub: PublicView, names: list[str], lang: str) -> None:
    _caption(img, BOARD_Y + 16, s("stovka_title", lang), GOLD, 26)
    for k in range(4):
        seat = (pub.leader + k) % 4
        status, colour = stovka_answer(pub, seat, lang)
        y = BOARD_Y + 64 + k * 48
        f = font(23, "bold")
        text(img, (RIGHT_X + 20, y), fit(names[seat], f, RIGHT_W - 190), f, TEXT, "lm")
        text(img, (RIGHT_X + RIGHT_W - 20, y), status, f, colour, "rm")
    f = font(17)
    text(img, (RIGHT_X + RIGHT_W // 2, BOARD_Y + BOARD_H - 14),
         fit(s("stovka_rule", lang), f, RIGHT_W - 8), f, MUTED, "mm")


def _choose(img: Image.Image, pub: PublicView, names: list[str], lang: str) -> None:
    attempt = pub.attempt or 1
    maturant = pub.maturant if pub.maturant is not None else pub.leader
    _caption(img, BOARD_Y + 16, s("choose_title", lang, attempt=attempt), GOLD, 26)
    _caption(img, BOARD_Y + 60, s("choose_who", lang, name=names[maturant]), TEXT, 23)
    y = BOARD_Y + 110
    for row in pub.protocol:
        if row.tali == pub.tali and row.game == MATURITA_GAME and row.attempt is not None:
            line = s("attempt_line", lang, attempt=row.attempt, game=game_name(row.contract, lang))
            if row.failed:
                line += f" – {s('attempt_failed', lang)}"
            _caption(img, y, line, RED if row.failed else GREEN, 21)
            y += 34


def _order_panel(img: Image.Image, pub: PublicView, names: list[str], lang: str) -> None:
    _caption(img, BOARD_Y + 16, s("order_title", lang), GOLD, 26)
    medal = [GOLD, (200, 206, 214), (205, 140, 80), (120, 140, 130)]
    for place, seat in enumerate(pub.order or ()):
        y = BOARD_Y + 66 + place * 52
        paste(img, badge(str(place + 1), medal[place], 38), RIGHT_X + 20, y - 19)
        f = font(24, "bold")
        text(img, (RIGHT_X + 70, y), fit(names[seat], f, RIGHT_W - 200), f, TEXT, "lm")
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
        _choose(img, pub, names, lang)
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


def _hand(img: Image.Image, view: SeatView, lang: str) -> None:
    hand = cards_of(view.hand)
    lit = playable(view)
    acting = bool(lit)
    if not hand:
        return
    xs = _positions(hand)
    for i, (card, x) in enumerate(zip(hand, xs, strict=True)):
        on = card in lit
        style = "glow" if on else ("dim" if acting else "plain")
        cards.put(img, card, CARD_W, x, HAND_Y - (LIFT if on else 0), style)
        chip = _label(str(i + 1), "on" if on else ("off" if acting else "neutral"))
        visible = CARD_W if i == len(hand) - 1 else xs[i + 1] - x
        paste(img, chip, x + (min(visible, CARD_W) - chip.width) // 2, LABEL_Y - chip.height // 2)


def hand_image(view: SeatView, lang: str = "cs", names: Sequence[str] | None = None) -> Image.Image:
    """The hand message's picture as a Pillow image (RGB)."""
    _check(view)
    lang = lang_of(lang)
    who = check_names(names if names is not None else [s("seat", lang, n=i + 1) for i in range(4)])
    height = H if view.hand else BOARD_Y + BOARD_H + 14  # no cards: the table alone
    img = felt(W, height).copy()
    _header(img, view, who, lang)
    _players(img, view, who, lang)
    _middle(img, view, who, lang)
    _hand(img, view, lang)
    return img


def render_hand(view: SeatView, lang: str = "cs", names: Sequence[str] | None = None) -> bytes:
    """PNG of the hand message's picture; labels under the cards are those of
    ``hand_labels``."""
    return encode(hand_image(view, lang, names), palette.lora())
