"""Lóra's fixed palette: built once per process from the drawing itself, so that a picture is
only mapped onto it (no per-picture quantisation).

The samples are the example pictures of every kind (the table in each phase, the hand, the
last trick, the score sheet) and every card face as the hand shows it, plain and dimmed; the
drawing's named colours are in it exactly (``common.fixed_palette``).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from bot.render import cards, common

KINDS = ("trick", "kvarty", "desitky", "stovka", "choose", "finished")
CARD_W = 128  # a hand card's width (art is scaled from 180 px; the colours barely differ)


def samples() -> list[Image.Image]:
    """The example pictures the palette is made for (RGB)."""
    from bot.render import center
    from bot.render.bench import NAMES, example
    from bot.render.hand import hand_image
    from bot.render.sheet import sheet_image
    from bot.render.table import table_image
    from engine.views import TrickView

    out: list[Image.Image] = []
    for kind in KINDS:
        lora = example(kind)
        view = lora.public_view()
        out.append(table_image(view, NAMES))
        out.append(hand_image(lora.view(lora.to_act if lora.to_act is not None else 0), "cs",
                              NAMES))
        if kind == "finished":
            out.append(sheet_image(view, NAMES))
        if isinstance(view.game, TrickView) and view.game.last_trick is not None:
            out.append(center.last_trick_image(view.game, common.check_names(NAMES), "cs"))
    return out


def card_faces(deck: str, count: int) -> list[Image.Image]:
    """Every card and the back as tiles on the felt: plain, gold-glowing and dimmed."""
    tiles = [cards.tile(card, CARD_W, style, deck)
             for style in ("plain", "glow", "dim") for card in (*range(count), cards.BACK)]
    rows = []
    for start in range(0, len(tiles), 10):  # rows of ten, about as wide as a picture
        row = tiles[start:start + 10]
        img = Image.new("RGB", (sum(t.width for t in row), max(t.height for t in row)),
                        common.FELT)
        x = 0
        for t in row:
            img.paste(t, (x, 0), t)
            x += t.width
        rows.append(img)
    return rows


@lru_cache(maxsize=1)
def lora() -> Image.Image:
    """The palette of Lóra's pictures (table, hand, last trick, sheet)."""
    return common.fixed_palette(samples(), card_faces("lora", 32), common.named_colours())
