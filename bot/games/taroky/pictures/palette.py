"""Taroky's fixed palette: built once per process from its own pictures (every example's
table, the hands and the protocol) and all 54 card faces, as ``bot.render.palette`` does for
Lóra; the drawing's named colours are in it exactly."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from bot.render import common
from bot.render.palette import card_faces


def samples() -> list[Image.Image]:
    """The example pictures the palette is made for (RGB)."""
    from bot.games.taroky.pictures.examples import KINDS, NAMES, example
    from bot.games.taroky.pictures.hand import hand_image
    from bot.games.taroky.pictures.pages import sheet_image
    from bot.games.taroky.pictures.table import table_image

    out: list[Image.Image] = []
    for kind in KINDS:
        rnd, seat = example(kind)
        out.append(table_image(rnd.public_view(), NAMES))
        out.append(hand_image(rnd.view(seat), NAMES))
        if kind == "finished":
            out.append(sheet_image(rnd.public_view(), NAMES))
    return out


@lru_cache(maxsize=1)
def taroky() -> Image.Image:
    """The palette of Taroky's pictures (table, hand, protocol)."""
    # (its 32 most frequent colours exactly, not 64: with the last trick's mini cards, the
    # octree's colours for the rest kept only 239 entries apart, ``_keep_exact``; 48 did
    # until the talon's and the laid taroks' cards were mini cards too, review 83)
    return common.fixed_palette(samples(), card_faces("taroky", 54), common.named_colours(),
                                common=32)
