"""A seat's own hand: sorted cards, the playable ones lifted, numbered like the bot's buttons.

Only ``SeatView`` goes in: the seat's hand, its legal actions and public facts.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from bot.render import cards
from bot.render.common import (
    BAR,
    FAINT,
    GOLD,
    MUTED,
    badge,
    encode,
    felt,
    panel,
    paste,
    text,
)
from bot.render.fonts import fit, font
from bot.render.strings import game_name, lang_of, s
from engine.actions import Choose, Declare, EndTurn, Lay, Lead, Play
from engine.cards import cards_of
from engine.views import DesitkyView, SeatView

CARD_W = cards.ART_W
CARD_H = cards.ART_H
STEP, SUIT_GAP, MARGIN = 118, 26, 28
HEADER_H, LIFT = 54, 30
CARD_Y = HEADER_H + 18 + LIFT
LABEL_Y = CARD_Y + CARD_H + 36
HEIGHT = LABEL_Y + 36
LAID_W, LAID_STEP = 110, 44


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


def _status(view: SeatView, lang: str) -> tuple[str, tuple[int, int, int]]:
    legal = view.legal
    if any(isinstance(a, Declare) for a in legal):
        return s("hand_stovka", lang), GOLD
    if any(isinstance(a, Choose) for a in legal):
        return s("hand_choose", lang), GOLD
    if playable(view):
        more = any(isinstance(a, EndTurn) for a in legal)
        return s("hand_lay_more" if more else "hand_your_turn", lang), GOLD
    return s("hand_wait", lang), MUTED


def _positions(hand: list[int]) -> list[int]:
    xs, x, prev = [], MARGIN, None
    for card in hand:
        if prev is not None:
            x += STEP + (SUIT_GAP if card // 8 != prev // 8 else 0)
        xs.append(x)
        prev = card
    return xs


@lru_cache(maxsize=64)
def _label(value: str, state: str) -> Image.Image:
    colour = {"on": GOLD, "off": (70, 82, 76), "neutral": (226, 230, 222)}[state]
    return badge(value, colour, 44)


@lru_cache(maxsize=128)
def _hand_image(hand: tuple[int, ...], lit: frozenset[int], acting: bool, laid: tuple[int, ...],
                status: str, status_colour: tuple[int, int, int], game: str,
                lang: str) -> Image.Image:
    xs = _positions(list(hand))
    width = (xs[-1] + CARD_W if xs else 0) + MARGIN
    if laid:
        width += 30 + LAID_W + LAID_STEP * (len(laid) - 1) + MARGIN
    width = max(width, 760)
    img = felt(width, HEIGHT).copy()
    paste(img, panel(width, HEADER_H, BAR, radius=0), 0, 0)
    x = MARGIN + text(img, (MARGIN, HEADER_H // 2), s("hand_title", lang), font(28, "bold"),
                      anchor="lm")
    gw = font(20).getlength(game)
    text(img, (x + 18, HEADER_H // 2 + 1), fit(status, font(22, "bold"), width - x - gw - 70),
         font(22, "bold"), status_colour, "lm")
    text(img, (width - MARGIN, HEADER_H // 2 + 1), game, font(20), MUTED, "rm")
    if not hand:
        text(img, (width // 2, CARD_Y + CARD_H // 2), s("hand_empty", lang), font(28), FAINT, "mm")
    for i, (card, x) in enumerate(zip(hand, xs, strict=True)):
        on = card in lit
        style = "glow" if on else ("dim" if acting else "plain")
        cards.put(img, card, CARD_W, x, CARD_Y - (LIFT if on else 0), style)
        chip = _label(str(i + 1), "on" if on else ("off" if acting else "neutral"))
        visible = CARD_W if i == len(hand) - 1 else STEP
        paste(img, chip, x + (visible - chip.width) // 2, LABEL_Y - chip.height // 2)
    if laid:
        lx = (xs[-1] + CARD_W if xs else 0) + 30
        top = CARD_Y + (CARD_H - cards.card_height(LAID_W)) // 2
        text(img, (lx, top - 26), s("hand_laid", lang), font(20, "bold"), GOLD)
        for j, card in enumerate(laid):
            cards.put(img, card, LAID_W, lx + j * LAID_STEP, top, "glow")
    return img


def hand_image(view: SeatView, lang: str = "cs") -> Image.Image:
    """The hand as a Pillow image (RGB)."""
    _check(view)
    lang = lang_of(lang)
    lit = playable(view)
    pub = view.public
    match pub.game:
        case DesitkyView(turn=turn) if pub.to_act == view.seat:
            laid = turn
        case _:
            laid = ()
    status, colour = _status(view, lang)
    game = game_name(pub.contract, lang) if pub.contract is not None else ""
    return _hand_image(tuple(cards_of(view.hand)), lit, bool(lit), tuple(laid), status, colour,
                       game, lang)


def render_hand(view: SeatView, lang: str = "cs") -> bytes:
    """PNG of the seat's hand; labels under the cards are those of ``hand_labels``."""
    return encode(hand_image(view, lang))
