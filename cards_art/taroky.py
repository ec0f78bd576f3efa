"""The Taroky deck: 22 taroks, 32 French-suited cards and a back, laid out on the shared card.

File names are the engine notation (T-DECK): taroks `I` … `XXI` and `Sk`; suit cards rank then
suit, `Kh Qh Ch Jh Ah 2h 3h 4h` (red h, k) and `Kx … 10x 9x 8x 7x` (black x, p); plus `back`.
These faces carry the notation's (English) index. A card whose index reads differently on a
table in another language gets its own face under `<lang>/` with the same name: the Czech
queens `cs/Qh` … `cs/Qp` show `D` (dáma), as the bot's Czech texts write `D♥`.

The index is made for a fanned hand where only the left quarter of a card shows at 70–90 px
width: taroks sit in a navy band with a large white Arabic number over the gold Roman numeral
(the trul on a gold plaque), suit cards have the rank over the suit symbol on a cream face.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

from .card import CARD_H, CARD_W, DISCORD_DARK, card_base, contact_sheet, finish, notched_frame
from .draw import INK, RGB, SS, Pen, Point, hexc, mix, new_layer, rounded_poly
from .french_suits import FRENCH, RED_SUITS, FrenchSuit, draw_french
from .glyphs import draw_text
from .tarok_scenes import SCENES
from .taroky_back import draw_taroky_back
from .taroky_courts import draw_court

ROMAN = [
    "I",
    "II",
    "III",
    "IV",
    "V",
    "VI",
    "VII",
    "VIII",
    "IX",
    "X",
    "XI",
    "XII",
    "XIII",
    "XIV",
    "XV",
    "XVI",
    "XVII",
    "XVIII",
    "XIX",
    "XX",
    "XXI",
]
TAROKS = (*ROMAN, "Sk")
TRUL = ("I", "XXI", "Sk")
SUIT_KEYS = ("h", "k", "x", "p")
RED_RANKS = ("4", "3", "2", "A", "J", "C", "Q", "K")
BLACK_RANKS = ("7", "8", "9", "10", "J", "C", "Q", "K")
COURTS = ("J", "C", "Q", "K")
# The index letters of a language that differ from the notation (the base faces' index); the
# bot's card labels (engine/taroky/messages.py RANK_LABELS) must say the same.
LOCAL_INDEX: dict[str, dict[str, str]] = {"cs": {"Q": "D"}}
OUT_DIR = Path(__file__).resolve().parent / "taroky_png"
PREVIEW = Path(__file__).resolve().parent / "taroky_preview.png"
FAN = Path(__file__).resolve().parent / "taroky_fan.png"

NAVY = hexc("#1d3b72")
NAVY_DARK = hexc("#132a55")
GOLD = hexc("#f0c24a")
GOLD_DARK = hexc("#a8771a")
PALE_GOLD = hexc("#ffe7a3")
WHITE = hexc("#ffffff")

# Taroks: a navy band, the picture window notched for the index column.
BAND = (5.5, 5.5, CARD_W - 5.5, CARD_H - 5.5)
WINDOW = (11.0, 11.0, CARD_W - 11.0, CARD_H - 11.0)
T_NOTCH_X, T_NOTCH_Y = 47, 68
T_INDEX_X = 26.5

# Suit cards: Lóra's notched frame and index column.
S_FRAME = (12, 12, 168, 258)
S_NOTCH_X, S_NOTCH_Y = 40, 70

L, M, R = 61, 90, 119
PIPS: dict[str, tuple[float, list[Point]]] = {
    "2": (44, [(M, 62), (M, 208)]),
    "3": (40, [(M, 56), (M, 135), (M, 214)]),
    "4": (36, [(L, 66), (R, 66), (L, 204), (R, 204)]),
    # the Lóra deck's first layouts (Lóra's columns moved inwards for its bigger index symbol;
    # the French pips read by shape already, so these faces stay as they were)
    "7": (34, [(L, 55), (R, 55), (M, 91), (M, 135), (M, 179), (L, 215), (R, 215)]),
    "8": (34, [(L, 55), (R, 55), (M, 95), (L, 135), (R, 135), (M, 175), (L, 215), (R, 215)]),
    "9": (30, [*[(x, y) for y in (48, 106, 164, 222) for x in (L, R)], (M, 135)]),
    "10": (30, [*[(x, y) for y in (48, 106, 164, 222) for x in (L, R)], (M, 77), (M, 193)]),
}


def tarok_window() -> list[Point]:
    """The notched picture window of a tarok."""
    return notched_frame(WINDOW, T_NOTCH_X, T_NOTCH_Y, 7)


def suit_frame() -> list[Point]:
    """The notched frame of a suit card."""
    return notched_frame(S_FRAME, S_NOTCH_X, S_NOTCH_Y)


def arabic(numeral: str) -> int:
    """Value of a Roman numeral up to XXI."""
    return ROMAN.index(numeral) + 1


def _rotated_pair(layer: Image.Image) -> Image.Image:
    """Add the copy of a top-left index turned into the bottom-right corner."""
    layer.alpha_composite(layer.rotate(180))
    return layer


def _star(pen: Pen, cx: float, cy: float, r: float, fill: RGB) -> None:
    """A five-pointed star."""
    pts = []
    for i in range(10):
        a = math.radians(-90 + i * 36)
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    pen.shape(pts, fill, INK, 1.0)


def tarok_index(name: str) -> Image.Image:
    """Large Arabic number (or Š for the škýz) over the Roman numeral, in both corners."""
    layer = new_layer()
    pen = Pen.on(layer)
    trul = name in TRUL
    big, small = (INK, NAVY) if trul else (WHITE, GOLD)
    if trul:
        plaque = [(8.5, 8.5), (T_NOTCH_X - 3.5, 8.5), (T_NOTCH_X - 3.5, 61), (8.5, 61)]
        pen.shape(rounded_poly(plaque, 5), GOLD, INK, 1.2)
    if name == "Sk":
        draw_text(pen, "Š", T_INDEX_X, 17, 27, big, stroke=0.26)
        _star(pen, T_INDEX_X, 53, 6.5, NAVY if trul else GOLD)
    else:
        num = str(arabic(name))
        squeeze = 0.74 if len(num) > 1 else 1.0
        draw_text(pen, num, T_INDEX_X, 12, 31, big, stroke=0.26, spacing=0.1, squeeze=squeeze)
        rs = 0.72 if len(name) > 3 else 0.85
        draw_text(pen, name, T_INDEX_X, 48, 11.5, small, stroke=0.28, spacing=0.16, squeeze=rs)
    return _rotated_pair(layer)


def draw_tarok(name: str) -> Image.Image:
    """Render one tarok at final size."""
    img = card_base()
    pen = Pen.on(img)
    pen.draw.rounded_rectangle(tuple(v * SS for v in BAND), radius=8 * SS, fill=NAVY)
    window = tarok_window()
    art = new_layer()
    SCENES[name](Pen.on(art))
    mask = Image.new("L", art.size, 0)
    ImageDraw.Draw(mask).polygon([(x * SS, y * SS) for x, y in window], fill=255)
    img.paste(art, (0, 0), mask)
    pen.shape(window, None, GOLD if name in TRUL else PALE_GOLD, 2.4)
    pen.shape(window, None, INK, 1.0)
    img.alpha_composite(tarok_index(name))
    return finish(img)


def suit_index(rank: str, suit: FrenchSuit) -> Image.Image:
    """Rank over suit symbol, in both corners."""
    layer = new_layer()
    pen = Pen.on(layer)
    squeeze = 0.74 if len(rank) > 1 else 1.0
    draw_text(pen, rank, 23, 10, 30, suit.ink, stroke=0.25, spacing=0.08, squeeze=squeeze)
    draw_french(pen, suit.key, 23, 56, 22, 1.3)
    return _rotated_pair(layer)


def _ace(pen: Pen, suit: FrenchSuit) -> None:
    """The ace (the red '1'): one big pip in a ringed medallion with corner flourishes."""
    cx, cy = 90, 135
    ring = mix(suit.tint, suit.light, 0.5)
    pen.ellipse(cx, cy, 56, 56, suit.tint, suit.light, 2.0)
    pen.ellipse(cx, cy, 50, 50, None, ring, 1.0)
    for i in range(12):
        sub = pen.at(cx, cy, 1, i * 30)
        sub.ellipse(0, -53, 2.4, 2.4, suit.light, None)
    draw_french(pen, suit.key, cx, cy, 78, 2.4)


def draw_suit_card(rank: str, suit_key: str, index: str | None = None) -> Image.Image:
    """Render one suit card at final size; `index` is the letter in its corners (the rank's
    notation unless a language writes it differently)."""
    suit = FRENCH[suit_key]
    img = card_base()
    pen = Pen.on(img)
    if rank in COURTS:
        img.alpha_composite(draw_court(rank, suit, suit_frame()))
    else:
        pen.shape(suit_frame(), None, mix(suit.light, (255, 255, 255), 0.35), 1.2)
        if rank == "A":
            _ace(pen, suit)
        else:
            size, centres = PIPS[rank]
            for x, y in centres:
                draw_french(pen, suit_key, x, y, size, 1.6, 180 if y > CARD_H / 2 else 0)
    img.alpha_composite(suit_index(index or rank, suit))
    return finish(img)


def draw_back_card() -> Image.Image:
    """Render the Taroky back at final size."""
    img = card_base()
    draw_taroky_back(Pen.on(img), img)
    return finish(img)


def suit_names(suit_key: str) -> list[str]:
    """The eight cards of a suit, lowest to highest (T-DECK order)."""
    ranks = RED_RANKS if suit_key in RED_SUITS else BLACK_RANKS
    return [f"{r}{suit_key}" for r in ranks]


def card_names() -> list[str]:
    """All 54 card names in canonical order, then `back`."""
    return [*TAROKS, *[n for s in SUIT_KEYS for n in suit_names(s)], "back"]


def local_names() -> list[str]:
    """The per-language faces as paths under the deck's folder, e.g. 'cs/Qh' (the cards whose
    index a language writes differently; suit order h k x p)."""
    return [f"{lang}/{name}" for lang, letters in LOCAL_INDEX.items() for s in SUIT_KEYS
            for name in suit_names(s) if name[:-1] in letters]


def all_cards() -> dict[str, Image.Image]:
    """Render every card keyed by its file path without '.png' (e.g. 'XXI', 'Sk', '10x', 'Ah',
    'back'; a per-language face 'cs/Qh')."""
    cards = {name: draw_tarok(name) for name in TAROKS}
    for s in SUIT_KEYS:
        for name in suit_names(s):
            cards[name] = draw_suit_card(name[:-1], s)
    cards["back"] = draw_back_card()
    for path in local_names():
        lang, name = path.split("/")
        cards[path] = draw_suit_card(name[:-1], name[-1], LOCAL_INDEX[lang][name[:-1]])
    return cards


def preview(cards: dict[str, Image.Image]) -> Image.Image:
    """Taroks in three rows, then one row per suit, then the per-language faces, on
    alternating dark and white halves."""
    slots = [(i % 8, i // 8, n) for i, n in enumerate(TAROKS)]
    slots += [(6, 2, "back"), (7, 2, "back")]
    for row, s in enumerate(SUIT_KEYS, start=3):
        slots += [(col, row, n) for col, n in enumerate(suit_names(s))]
    local = local_names()
    slots += [(i % 8, 7 + i // 8, n) for i, n in enumerate(local)]
    return contact_sheet(cards, slots, 8, 7 + -(-len(local) // 8))


# Three 16-card hands as the bot may fan them: canonical order, only a strip of each card shows.
FAN_HANDS = (
    (
        "I",
        "II",
        "V",
        "VIII",
        "X",
        "XIV",
        "XVII",
        "XVIII",
        "XXI",
        "Sk",
        "4h",
        "Ah",
        "Kh",
        "3k",
        "Qk",
        "Ck",
    ),
    (
        "III",
        "IX",
        "XII",
        "XIX",
        "XX",
        "2h",
        "Jh",
        "4k",
        "Jk",
        "Kk",
        "7x",
        "10x",
        "Cx",
        "8p",
        "9p",
        "Qp",
    ),
    (
        "IV",
        "VI",
        "VII",
        "XI",
        "XIII",
        "XV",
        "XVI",
        "3h",
        "Qh",
        "Ch",
        "2k",
        "Ak",
        "8x",
        "9x",
        "Jx",
        "Kx",
    ),
)


def fan_sample(cards: dict[str, Image.Image], width: int = 400, card_w: int = 80) -> Image.Image:
    """The legibility check: each hand overlapped into `width` px with cards `card_w` px wide."""
    card_h = round(card_w * CARD_H / CARD_W)
    row_h = card_h + 8
    sheet = Image.new("RGBA", (width, row_h * len(FAN_HANDS)), DISCORD_DARK)
    for row, hand in enumerate(FAN_HANDS):
        step = (width - card_w) / (len(hand) - 1)
        for i, name in enumerate(hand):
            small = cards[name].resize((card_w, card_h), Image.Resampling.LANCZOS)
            sheet.alpha_composite(small, (round(i * step), row * row_h + 4))
    return sheet
