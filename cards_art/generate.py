"""Generate the card art of a deck as PNGs: Lóra (default) or Taroky.

Run from the repository root::

    python -m cards_art.generate                 # Lóra: cards_art/png/*.png, cards_art/preview.png
    python -m cards_art.generate --game taroky   # cards_art/taroky_png/*.png (and cs/*.png),
                                                 # taroky_preview.png, taroky_fan.png
    python -m cards_art.generate --no-preview    # cards only
    python -m cards_art.generate --out /tmp/x    # somewhere else

Everything is drawn procedurally with Pillow at SS x resolution (see draw.SS) and downscaled
with LANCZOS to 180 x 270 px RGBA, then palette-quantised. No font file is used: indices and
banners are drawn with the small stroke font in glyphs.py, so the output is the same on every
machine (no DejaVu / ImageFont.load_default dependency).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from . import lora, taroky
from .card import save_png


@dataclass(frozen=True)
class Deck:
    """How to draw one deck and where its files go."""

    cards: Callable[[], dict[str, Image.Image]]
    preview: Callable[[dict[str, Image.Image]], Image.Image]
    out_dir: Path
    preview_path: Path
    extras: Callable[[dict[str, Image.Image]], dict[Path, Image.Image]] = lambda cards: {}


DECKS = {
    "lora": Deck(lora.all_cards, lora.preview, lora.OUT_DIR, lora.PREVIEW),
    "taroky": Deck(
        taroky.all_cards,
        taroky.preview,
        taroky.OUT_DIR,
        taroky.PREVIEW,
        lambda cards: {taroky.FAN: taroky.fan_sample(cards)},
    ),
}


def write_deck(game: str, out: Path | None = None, with_preview: bool = True) -> list[Path]:
    """Render deck `game` and write its PNGs (and the contact sheet); returns the card files."""
    deck = DECKS[game]
    out = out or deck.out_dir
    out.mkdir(parents=True, exist_ok=True)
    cards = deck.cards()
    paths = []
    for name, img in cards.items():
        path = out / f"{name}.png"  # a per-language face goes to a subfolder, e.g. cs/Qh
        path.parent.mkdir(exist_ok=True)
        save_png(img, path)
        paths.append(path)
    if with_preview:
        save_png(deck.preview(cards).convert("RGB"), deck.preview_path)
        for path, img in deck.extras(cards).items():
            save_png(img.convert("RGB"), path)
    return paths


def main(argv: list[str] | None = None) -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(DECKS), default="lora", help="which deck")
    parser.add_argument("--out", type=Path, default=None, help="output directory for PNGs")
    parser.add_argument("--no-preview", action="store_true", help="skip the contact sheet")
    args = parser.parse_args(argv)
    paths = write_deck(args.game, args.out, not args.no_preview)
    print(f"wrote {len(paths)} cards to {paths[0].parent}")


if __name__ == "__main__":
    main()
