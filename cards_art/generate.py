"""Generate the Lóra card art: 32 German-suited (mariášové) cards and a back, as PNGs.

Run from the repository root::

    python -m cards_art.generate            # writes cards_art/png/*.png and cards_art/preview.png
    python -m cards_art.generate --no-preview

Everything is drawn procedurally with Pillow at SS x resolution (see draw.SS) and downscaled
with LANCZOS to 180 x 270 px RGBA, then palette-quantised. No font file is used: the indices
and the ace banner are drawn with the small stroke font in glyphs.py, so the output is the same
on every machine (no DejaVu / ImageFont.load_default dependency).

File names: <rank><suit>.png with ranks 7 8 9 10 S F K E and suits h (hearts, červené),
l (leaves, zelené), b (bells, kule), a (acorns, žaludy), plus back.png.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from PIL import Image

from .back import draw_back
from .draw import CREAM, INK, SS, Pen, Point, new_layer, rounded_poly
from .figures import figure_layer
from .glyphs import draw_text
from .suits import SUITS, Suit, draw_suit

CARD_W, CARD_H = 180, 270
RADIUS = 12
BORDER = 3.6
RANKS = ("7", "8", "9", "10", "S", "F", "K", "E")
SUIT_KEYS = ("h", "l", "b", "a")
OUT_DIR = Path(__file__).resolve().parent / "png"
PREVIEW = Path(__file__).resolve().parent / "preview.png"

# Pip centres (card units) and pip height for the number cards: two outer columns plus a
# middle one; every layout is symmetric top-to-bottom.
L, M, R = 61, 90, 119
PIP_LAYOUTS: dict[str, tuple[float, list[Point]]] = {
    "7": (34, [(L, 55), (R, 55), (M, 91), (M, 135), (M, 179), (L, 215), (R, 215)]),
    "8": (34, [(L, 55), (R, 55), (M, 95), (L, 135), (R, 135), (M, 175), (L, 215), (R, 215)]),
    "9": (30, [*[(x, y) for y in (48, 106, 164, 222) for x in (L, R)], (M, 135)]),
    "10": (30, [*[(x, y) for y in (48, 106, 164, 222) for x in (L, R)], (M, 77), (M, 193)]),
}

# Notched frame around the picture of the figure cards (leaves room for the two indices).
NOTCH_X, NOTCH_Y = 40, 70
FRAME = (12, 12, 168, 258)


def frame_outline() -> list[Point]:
    """Picture frame with the top-left and bottom-right corners cut out for the indices."""
    x0, y0, x1, y1 = FRAME
    return rounded_poly(
        [
            (NOTCH_X, y0),
            (x1, y0),
            (x1, CARD_H - NOTCH_Y),
            (CARD_W - NOTCH_X, CARD_H - NOTCH_Y),
            (CARD_W - NOTCH_X, y1),
            (x0, y1),
            (x0, NOTCH_Y),
            (NOTCH_X, NOTCH_Y),
        ],
        6,
    )


def card_base() -> Image.Image:
    """Rounded cream card face with a dark border (transparent outside the corners)."""
    img = new_layer()
    box = (0, 0, CARD_W * SS - 1, CARD_H * SS - 1)
    Pen.on(img).draw.rounded_rectangle(
        box, radius=RADIUS * SS, fill=CREAM, outline=INK, width=round(BORDER * SS)
    )
    return img


def index_layer(rank: str, suit: Suit) -> Image.Image:
    """Top-left index (rank over suit) plus its copy rotated into the bottom-right corner."""
    layer = new_layer()
    pen = Pen.on(layer)
    squeeze = 0.78 if len(rank) > 1 else 1.0
    draw_text(pen, rank, 23, 10, 29, suit.ink, stroke=0.24, spacing=0.1, squeeze=squeeze)
    draw_suit(pen, suit.key, 23, 55, 23, 1.3)
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
        Pen.on(img).shape(frame_outline(), None, suit.light, 1.2)
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


def finish(img: Image.Image) -> Image.Image:
    """Downscale a supersampled layer to the final card size, clipping to the rounded shape."""
    small = img.resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)
    mask = Image.new("L", img.size, 0)
    Pen.on(mask).draw.rounded_rectangle(
        (0, 0, CARD_W * SS - 1, CARD_H * SS - 1), radius=RADIUS * SS, fill=255
    )
    alpha = mask.resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)
    small.putalpha(alpha)
    return small


def save_png(img: Image.Image, path: Path) -> None:
    """Save a 256-colour palette PNG, optimised; keeps alpha for RGBA images."""
    if img.mode == "RGBA":
        pal = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        pal.putpalette(_snap_alpha(pal.getpalette("RGBA") or []), "RGBA")
    else:
        pal = img.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    pal.save(path, optimize=True)


def _snap_alpha(palette: list[int]) -> list[int]:
    """Make nearly opaque / nearly clear palette entries exactly opaque / clear."""
    out = list(palette)
    for i in range(3, len(out), 4):
        out[i] = 255 if out[i] >= 248 else 0 if out[i] <= 6 else out[i]
    return out


def all_cards() -> dict[str, Image.Image]:
    """Render every card keyed by its file stem (e.g. '10l', 'Eh', 'back')."""
    cards = {f"{r}{s}": draw_card(r, s) for s in SUIT_KEYS for r in RANKS}
    cards["back"] = draw_back_card()
    return cards


def contact_sheet(cards: dict[str, Image.Image]) -> Image.Image:
    """All cards in a grid on Discord-dark and white quadrants, so each rank shows on both."""
    gap, cols, rows = 14, 8, 5
    cell_w, cell_h = CARD_W + gap, CARD_H + gap
    sheet = Image.new("RGBA", (cols * cell_w + gap, rows * cell_h + gap), (255, 255, 255, 255))
    half = sheet.width // 2
    for row in range(rows):
        x0 = 0 if row % 2 == 0 else half
        y0 = row * cell_h + gap // 2 if row else 0
        y1 = sheet.height if row == rows - 1 else (row + 1) * cell_h + gap // 2
        sheet.paste((49, 51, 56, 255), (x0, y0, x0 + half, y1))
    names = [f"{r}{s}" for s in SUIT_KEYS for r in RANKS]
    slots = [(i % cols, i // cols, n) for i, n in enumerate(names)]
    slots += [(3, 4, "back"), (4, 4, "back")]
    for col, row, name in slots:
        sheet.alpha_composite(cards[name], (gap + col * cell_w, gap + row * cell_h))
    return sheet


def main(argv: list[str] | None = None) -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="output directory for PNGs")
    parser.add_argument("--no-preview", action="store_true", help="skip cards_art/preview.png")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    cards = all_cards()
    for name, img in cards.items():
        save_png(img, args.out / f"{name}.png")
    if not args.no_preview:
        save_png(contact_sheet(cards).convert("RGB"), PREVIEW)
    print(f"wrote {len(cards)} cards to {args.out}")


if __name__ == "__main__":
    main()
