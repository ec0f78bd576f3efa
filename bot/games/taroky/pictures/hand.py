"""A seat's own Taroky hand, legible on a phone: while the tricks are played, the trick in
progress first (who leads, the cards laid so far under their players' names, the one to play
next), the last trick beside it, as in Lóra's hand picture (review 55: the table message is
far from the hand on a phone); then the taroks in one row, the suits (grouped, a
gap between suits) in the next, the cards it may use now lifted and lit, the others greyed
while it acts. In the preferanc the trojka the declarer looks at, while discarding in 1P/2P
the cards the seat took from the talon (until it lays away), then the cards laid away so far,
are drawn below.

Only a ``SeatView`` goes in (with the players' names): the seat's own cards and public facts.
Up to 16 cards (12 + 4 from the talon) fit 800 px, which a phone shows about 342 px wide:
every card still shows its corner index, every word is at least SMALL px (11 px there).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise

from PIL import Image

from bot.games.taroky.pictures import palette
from bot.games.taroky.pictures.table import Inset, draw_last_trick, last_takes, named
from bot.games.taroky.words import card_label, pic, short_game
from bot.i18n import lang_of
from bot.render import cards, trick_row
from bot.render.common import (
    BAR,
    FAINT,
    GOLD,
    MUTED,
    RGB,
    TEXT,
    check_names,
    encode,
    felt,
    panel,
    paste,
    phone_px,
    text,
)
from bot.render.fonts import fit, font
from engine.taroky.actions import Discard, Play
from engine.taroky.cards import NUM_TAROKS, cards_of, color
from engine.taroky.views import PublicView, SeatView

DECK = "taroky"
W = 800
M = 20
CARD_W = 150
CARD_H = cards.card_height(CARD_W)
MAX_STEP = 100
SUIT_GAP = 18
LIFT = 24
HEADER_H = 60
ROW_GAP = 12
EXTRA_W = 112
EXTRA_H = cards.card_height(EXTRA_W)
EXTRA_LABEL = 34
SMALL = phone_px(W, 11)  # the least size of a word here: 11 px high on a phone (26 px)
# the last trick's box (the table's, its words SMALL px): width, words, cards, line
LAST_BOX = Inset(226, SMALL, 46, 28)
# The trick band under the header (only while the tricks are played): the trick in progress
# in slots left, the last trick's box (the table's) right
BAND_Y, BAND_H = HEADER_H + ROW_GAP, 226
SLOT_W, SLOT_STEP = 96, 112
SLOTS_Y = BAND_Y + 40
NAMES_Y = SLOTS_Y + cards.card_height(SLOT_W) + 26  # one line, or two around it
LAST_AT = (W - M - 10 - LAST_BOX.w, BAND_Y + (BAND_H - LAST_BOX.h) // 2)
TRICK_LEFT, TRICK_RIGHT = M, LAST_AT[0] - 6


def _check(view: SeatView) -> None:
    if not isinstance(view, SeatView):
        raise TypeError("a Taroky hand picture takes a Taroky SeatView")


def lit_cards(view: SeatView) -> frozenset[int]:
    """The cards the seat may use now: the cards it may play, or lay away (as part of a
    whole discard)."""
    out = {a.card for a in view.legal if isinstance(a, Play | Discard)}
    out.update(cards_of(view.discardable))
    return frozenset(out)


def rows_of(hand: Sequence[int]) -> list[list[int]]:
    """The taroks, then the suit cards (both in canonical order); empty rows left out."""
    taroks = [c for c in hand if c < NUM_TAROKS]
    suits = [c for c in hand if c >= NUM_TAROKS]
    return [row for row in (taroks, suits) if row]


def _positions(row: Sequence[int]) -> list[int]:
    """x of each card of a row, centred; suits get a gap between them."""
    gaps = sum(1 for a, b in pairwise(row) if color(a) != color(b))
    room = W - 2 * M - CARD_W - gaps * SUIT_GAP
    step = MAX_STEP if len(row) < 2 else min(MAX_STEP, room // (len(row) - 1))
    width = CARD_W + step * (len(row) - 1) + gaps * SUIT_GAP
    x = (W - width) // 2
    out = []
    for i, card in enumerate(row):
        if i:
            x += step + (SUIT_GAP if color(card) != color(row[i - 1]) else 0)
        out.append(x)
    return out


@lru_cache(maxsize=64)
def _hand_image(hand: tuple[int, ...], lit: frozenset[int], acting: bool, status: str,
                status_colour: RGB, subtitle: str, extra_title: str, extra: tuple[int, ...],
                lang: str, band: bool = False) -> Image.Image:
    """The picture with the hand (``band``: room for the trick band left empty)."""
    rows = rows_of(hand)
    row_h = LIFT + CARD_H
    top = HEADER_H + ROW_GAP + (BAND_H + ROW_GAP if band else 0)
    height = top + max(1, len(rows)) * (row_h + ROW_GAP) + M // 2
    if extra_title:
        height += EXTRA_LABEL + EXTRA_H + ROW_GAP
    img = felt(W, height).copy()
    paste(img, panel(W, HEADER_H, BAR, radius=0), 0, 0)
    fs = font(29, "bold")
    fsub = font(SMALL)
    sub_w = fsub.getlength(subtitle) if subtitle else 0
    text(img, (M, HEADER_H // 2), fit(status, fs, W - 2 * M - sub_w - 20), fs, status_colour,
         "lm")
    if subtitle:
        text(img, (W - M, HEADER_H // 2 + 1), subtitle, fsub, MUTED, "rm")
    y = top
    if not rows:
        text(img, (W // 2, y + row_h // 2), pic("hand_empty", lang), font(28), FAINT, "mm")
        y += row_h + ROW_GAP
    for row in rows:
        for card, cx in zip(row, _positions(row), strict=True):
            on = card in lit
            style = "glow" if on else ("grey" if acting else "plain")
            cards.put(img, card, CARD_W, cx, y + (0 if on else LIFT), style, DECK, lang)
        y += row_h + ROW_GAP
    if extra_title:
        text(img, (M, y + EXTRA_LABEL // 2), extra_title, font(SMALL, "bold"), GOLD, "lm")
        y += EXTRA_LABEL
        step = EXTRA_W + 14
        for i, card in enumerate(extra):
            cards.put(img, card, EXTRA_W, M + i * step, y, "plain", DECK, lang)
    return img


def shows_trick(pub: PublicView) -> bool:
    """Whether the hand picture shows the trick band: while the tricks are played."""
    return pub.phase == "play" and pub.leader is not None


def _trick_band(img: Image.Image, pub: PublicView, names: Sequence[str], lang: str) -> None:
    """Who leads, the trick in progress in play order (the one to play next: a gold slot),
    each card over its player's name; the last trick's box right of it. Public facts only."""
    assert pub.leader is not None
    paste(img, panel(W - 2 * M, BAND_H, (0, 0, 0, 70), radius=14), M, BAND_Y)
    width = TRICK_RIGHT - TRICK_LEFT
    label, f = named("leads", lang, names[pub.leader], SMALL, "bold", width - 20, names,
                     smallest=SMALL)
    text(img, (TRICK_LEFT + width // 2, BAND_Y + 20), label, f,
         GOLD if not pub.trick else TEXT, "mm")
    placed = trick_row.in_play_order(pub.leader, pub.trick)
    xs = trick_row.columns(4, TRICK_LEFT, width, SLOT_W, SLOT_STEP)
    trick_row.row_of_cards(img, placed, names, pub.to_act, xs, SLOTS_Y, SLOT_W, SLOT_STEP,
                           NAMES_Y, deck=DECK, lang=lang)
    draw_last_trick(img, pub, last_takes(pub, names, lang, LAST_BOX), lang, LAST_AT, names,
                    LAST_BOX)


def _status(view: SeatView, names: Sequence[str], lang: str) -> tuple[str, RGB]:
    pub = view.public
    if not view.legal:
        if pub.to_act is None:
            return pic("round_end", lang), MUTED
        return pic("hand_wait", lang, name=check_names(names, lang)[pub.to_act]), MUTED
    if pub.phase == "discard":
        return pic("hand_discard", lang, n=view.discard_left), GOLD
    if pub.phase == "play":
        return pic("hand_lead" if not pub.trick else "hand_play", lang), GOLD
    if pub.phase == "trojka":  # which one (review 77: "Vezmeš trojku?" over "Dolní trojka")
        return pic(f"hand_trojka_take_{pub.trojka}", lang), GOLD
    return pic(f"hand_{pub.phase}", lang), GOLD


def extra_cards(view: SeatView, lang: str) -> tuple[str, tuple[int, ...]]:
    """The cards drawn below the hand, under their title ("" and none: no such row): the
    trojka the declarer looks at, the cards laid away so far, the cards taken from the
    talon (until laid away)."""
    pub = view.public
    if view.trojka_cards:
        key = "hand_trojka_upper" if pub.trojka == "upper" else "hand_trojka_lower"
        return pic(key, lang), view.trojka_cards
    if view.own_discards:  # (in the usual order, not the order laid: review 68)
        return pic("hand_laid", lang), tuple(sorted(view.own_discards))
    if view.taken:  # bought from the talon (1P/2P), until laid away: which cards are new
        # (in the usual order too, as his message lists them: review 92 heard the text's
        # and the alt's orders one after the other as two sets)
        return pic("turned", lang), tuple(sorted(view.taken))
    return "", ()


def hand_image(view: SeatView, names: Sequence[str], lang: str = "cs") -> Image.Image:
    """The seat's hand as a Pillow image (RGB)."""
    _check(view)
    lang = lang_of(lang)
    pub = view.public
    status, colour = _status(view, names, lang)
    subtitle = pic("deal_no", lang, n=pub.deal_no)
    if pub.game is not None:
        subtitle += " · " + short_game(pub.game, lang, zduch=pub.zduch)
    lit = lit_cards(view)
    extra_title, extra = extra_cards(view, lang)
    band = shows_trick(pub)
    img = _hand_image(tuple(cards_of(view.hand)), lit, bool(lit), status, colour,
                      subtitle, extra_title, extra, lang, band)
    if not band:
        return img
    img = img.copy()
    _trick_band(img, pub, check_names(names, lang), lang)
    return img


def render_hand(view: SeatView, names: Sequence[str], lang: str = "cs") -> bytes:
    """PNG of the seat's hand (from its own view only)."""
    return encode(hand_image(view, names, lang), palette.taroky())


def groups_of(hand: Sequence[int]) -> list[list[int]]:
    """The hand as its picture groups it: the taroks, then each suit apart."""
    out: list[list[int]] = []
    for row in rows_of(hand):
        for i, card in enumerate(row):
            if i and (card < NUM_TAROKS or color(card) == color(row[i - 1])):
                out[-1].append(card)
            else:
                out.append([card])
    return out


def hand_text(view: SeatView, lang: str = "cs") -> str:
    """The hand as text (the hand message's "V ruce máš" line: a screen reader's, and the
    cards' when the picture cannot be drawn), grouped as the picture groups them: taroks,
    then each suit."""
    _check(view)
    return " · ".join(" ".join(card_label(c, lang) for c in group)
                      for group in groups_of(cards_of(view.hand)))
