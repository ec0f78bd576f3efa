"""The Lóra deck: 32 German-suited (mariášové) cards and a back, laid out on the shared card.

File names: <rank><suit> with ranks 7 8 9 10 S F K E and suits h (hearts, červené),
l (leaves, zelené), b (bells, kule), a (acorns, žaludy), plus back.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from .back import draw_back
from .card import card_base, contact_sheet, finish, notched_frame
from .draw import Pen, Point, new_layer
from .figures import figure_layer
from .glyphs import draw_text
from .suits import SUITS, Suit, draw_suit

RANKS = ("7", "8", "9", "10", "S", "F", "K", "E")
SUIT_KEYS = ("h", "l", "b", "a")
OUT_DIR = Path(__file__).resolve().parent / "png"
PREVIEW = Path(__file__).resolve().parent / "preview.png"

# Pip centres (card units) and pip height for the number cards: two outer columns plus a
# middle one; every layout is symmetric top-to-bottom. The columns keep clear of the indices'
# big suit symbols, so a corner symbol never reads as one more pip.
L, M, R = 67, 90, 113
PIP_LAYOUTS: dict[str, tuple[float, list[Point]]] = {
    "7": (32, [(L, 55), (R, 55), (M, 91), (M, 135), (M, 179), (L, 215), (R, 215)]),
    "8": (32, [(L, 55), (R, 55), (M, 95), (L, 135), (R, 135), (M, 175), (L, 215), (R, 215)]),
    "9": (28, [*[(x, y) for y in (48, 106, 164, 222) for x in (L, R)], (M, 135)]),
    "10": (28, [*[(x, y) for y in (48, 106, 164, 222) for x in (L, R)], (M, 77), (M, 193)]),
}

# Notched frame around the picture of the figure cards (leaves room for the two indices).
NOTCH_X, NOTCH_Y = 44, 80
# The index's suit symbol: big enough to tell the suits apart by shape on a phone (a hand card
# is about 60 px wide there, so the symbol is about 11 px), not by colour alone.
INDEX_SUIT = (23, 59, 34)
FRAME = (12, 12, 168, 258)


def frame_outline() -> list[Point]:
    """Picture frame with the top-left and bottom-right corners cut out for the indices."""
    return notched_frame(FRAME, NOTCH_X, NOTCH_Y)


def index_layer(rank: str, suit: Suit) -> Image.Image:
    """Top-left index (rank over suit) plus its copy rotated into the bottom-right corner."""
    layer = new_layer()
    pen = Pen.on(layer)
    squeeze = 0.78 if len(rank) > 1 else 1.0
    draw_text(pen, rank, 23, 10, 29, suit.ink, stroke=0.24, spacing=0.1, squeeze=squeeze)
    x, y, size = INDEX_SUIT
    draw_suit(pen, suit.key, x, y, size, 1.5)
    layer.alpha_composite(layer.rotate(180))
    return layer


def draw_pips(img: Image.Image, rank: str, suit: Suit) -> None:
    """Lay out the suit symbols of a number card."""
    size, centres = PIP_LAYOUTS[rank]
    pen = Pen.on(img)
    for x, y in centres:
        draw_suit(pen, suit.key, x, y, size, 1.6)


def draw_card(rank: str, suit_key: str) -> Image.Image:
    """Render one card face at final size."""
    suit = SUITS[suit_key]
    img = card_base()
    if rank in PIP_LAYOUTS:
        Pen.on(img).shape(frame_outline(), None, suit.main, 1.4)
        draw_pips(img, rank, suit)
    else:
        img.alpha_composite(figure_layer(rank, suit, frame_outline()))
    img.alpha_composite(index_layer(rank, suit))
    return finish(img)


def draw_back_card() -> Image.Image:
    """Render the card back at final size."""
    img = card_base()
    draw_back(Pen.on(img), img)
    return finish(img)


def all_cards() -> dict[str, Image.Image]:
    """Render every card keyed by its file stem (e.g. '10l', 'Eh', 'back')."""
    cards = {f"{r}{s}": draw_card(r, s) for s in SUIT_KEYS for r in RANKS}
    cards["back"] = draw_back_card()
    return cards


def preview(cards: dict[str, Image.Image]) -> Image.Image:
    """All cards in a grid on Discord-dark and white quadrants, so each rank shows on both."""
    names = [f"{r}{s}" for s in SUIT_KEYS for r in RANKS]
    slots = [(i % 8, i // 8, n) for i, n in enumerate(names)]
    slots += [(3, 4, "back"), (4, 4, "back")]
    return contact_sheet(cards, slots, 8, 5)
