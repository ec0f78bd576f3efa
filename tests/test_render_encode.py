"""The PNG encoder and the fixed palettes: what a picture becomes on its way out.

``encode`` maps a picture onto 256 colours (a game's fixed palette, built once per process
from its own pictures and card faces, or one found for the picture) and writes the PNG
itself (ISA-L's deflate). These tests decode what it wrote and compare it with the drawing.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from functools import cache

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.games.taroky.pictures import hand as taroky_hand
from bot.games.taroky.pictures import palette as taroky_palette
from bot.games.taroky.pictures import render_hand as taroky_render_hand
from bot.games.taroky.pictures import table as taroky_table
from bot.games.taroky.pictures.examples import NAMES as TAROKY_NAMES
from bot.games.taroky.pictures.examples import shuffled
from bot.render import center, palette, render_hand, render_sheet, render_table
from bot.render.bench import NAMES, example
from bot.render.common import (
    adaptive_palette,
    check_names,
    encode,
    fixed_palette,
    mapped,
    named_colours,
    png,
)
from bot.render.hand import hand_image
from bot.render.sheet import sheet_image
from bot.render.table import table_image
from engine.lora import Lora
from engine.taroky import TarokyRound
from engine.taroky.options import TarokyOptions
from engine.views import TrickView


def _decode(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def _mad(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel (0–255)."""
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean) / 3


def _entries(pal: Image.Image) -> list[tuple[int, int, int]]:
    flat = pal.getpalette("RGB") or []
    return list(dict.fromkeys((flat[i], flat[i + 1], flat[i + 2])
                              for i in range(0, len(flat), 3)))


@cache
def _lora(kind: str, seed: int = 7) -> Lora:
    return example(kind, seed)


@cache
def _taroky_round(seed: int) -> TarokyRound:
    """A Taroky round played at random into its fourth trick: not one of the examples the
    palette was made from."""
    rnd = TarokyRound(deals=[shuffled(seed, 1)], options=TarokyOptions(round_deals=4))
    rng = random.Random(seed)
    while rnd.to_act is not None and len(rnd.deal.tricks) < 3:
        rnd.apply(rng.choice(rnd.legal_actions()))
    assert rnd.to_act is not None
    return rnd


def test_the_png_is_the_mapped_picture_exactly() -> None:
    """Decoded, the PNG has the picture's size and, pixel for pixel, the colours Pillow's
    mapping gave (the hand-written PNG loses nothing)."""
    lora = _lora("trick")
    rgb = table_image(lora.public_view(), NAMES)
    for pal in (palette.lora(), adaptive_palette(rgb)):
        data = encode(rgb, pal)
        got = _decode(data)
        assert got.mode == "P"
        assert got.size == rgb.size == (720, 540)
        want = rgb.quantize(palette=pal, dither=Image.Dither.NONE).convert("RGB")
        assert ImageChops.difference(got.convert("RGB"), want).getbbox() is None


def test_png_writes_every_index_and_refuses_other_modes() -> None:
    """Every one of the 256 indices survives (first and last column too: the rows' filter
    bytes are not pixels)."""
    pal = Image.new("P", (256, 3))
    pal.putpalette([v for i in range(256) for v in (i, 255 - i, (7 * i) % 256)])
    pal.putdata([(x + y) % 256 for y in range(3) for x in range(256)])
    got = _decode(png(pal))
    assert got.size == (256, 3)
    assert list(got.get_flattened_data()) == list(pal.get_flattened_data())
    assert got.getpalette("RGB") == pal.getpalette("RGB")
    with pytest.raises(ValueError, match="palette picture"):
        png(Image.new("RGB", (4, 4)))


def test_encode_takes_rgba_pictures() -> None:
    img = Image.new("RGBA", (30, 20), (200, 10, 10, 255))
    got = _decode(encode(img))
    assert got.size == (30, 20)
    assert got.convert("RGB").getpixel((5, 5)) == (200, 10, 10)


@pytest.mark.parametrize("pal", [palette.lora, taroky_palette.taroky], ids=["lora", "taroky"])
def test_a_fixed_palette_holds_the_named_colours_exactly(pal: Callable[[], Image.Image]) -> None:
    """The felt, the text colours, gold, the badges…: each is an entry, and a pixel of that
    colour stays that colour; no entry is dead (each is where its own colour maps)."""
    entries = _entries(pal())
    assert 240 <= len(entries) <= 256
    named = named_colours()
    assert set(named) <= set(entries)
    assert mapped(named, pal()) == named
    assert mapped(entries, pal()) == entries


def test_fixed_palette_keeps_exact_colours_that_pillow_would_merge() -> None:
    """Pillow maps through 4×4×4 cells: a colour one step from an exact one would take its
    pixels. Such a colour is left out; the exact one keeps its own."""
    felt_like = Image.new("RGB", (40, 40), (21, 74, 50))
    felt_like.paste((20, 71, 48), (0, 0, 40, 20))  # a neighbour that is frequent too
    pal = fixed_palette([felt_like], exact=[(21, 74, 50)])
    assert mapped([(21, 74, 50)], pal) == [(21, 74, 50)]
    assert mapped(_entries(pal), pal) == _entries(pal)


def _lora_pictures(seed: int) -> dict[str, Image.Image]:
    out = {}
    for kind in ("trick", "kvarty", "desitky", "stovka", "choose", "finished"):
        lora = _lora(kind, seed)
        out[f"table_{kind}"] = table_image(lora.public_view(), NAMES, "en", 2, 1)
        if kind != "finished":
            seat = lora.to_act if lora.to_act is not None else 0
            out[f"hand_{kind}"] = hand_image(lora.view(seat), "en", NAMES)
        part = lora.public_view().game
        if isinstance(part, TrickView) and part.last_trick is not None:
            out[f"last_{kind}"] = center.last_trick_image(part, check_names(NAMES), "en")
    out["sheet"] = sheet_image(_lora("finished", seed).public_view(), NAMES)
    return out


def _close_to_the_drawing(pictures: dict[str, Image.Image], pal: Image.Image) -> None:
    for name, rgb in pictures.items():
        fixed = _decode(encode(rgb, pal))
        adaptive = _decode(encode(rgb))
        err_fixed, err_adaptive = _mad(fixed, rgb), _mad(adaptive, rgb)
        assert err_fixed <= 2.5, name
        assert err_fixed <= err_adaptive + 0.5, (name, err_fixed, err_adaptive)


def test_lora_pictures_it_was_not_made_from_stay_close_to_the_drawing() -> None:
    """Other lóras (seed 11), turned and in English: mapped onto the fixed palette, every
    picture is within 2.5 of the drawing on average per channel and never more than half a
    level worse than with a palette of its own."""
    _close_to_the_drawing(_lora_pictures(11), palette.lora())


def test_taroky_pictures_it_was_not_made_from_stay_close_to_the_drawing() -> None:
    pictures = {}
    for seed in (21, 22):
        rnd = _taroky_round(seed)
        pictures[f"table_{seed}"] = taroky_table.table_image(rnd.public_view(), TAROKY_NAMES)
        for seat in range(4):
            pictures[f"hand_{seed}_{seat}"] = taroky_hand.hand_image(rnd.view(seat),
                                                                      TAROKY_NAMES)
    _close_to_the_drawing(pictures, taroky_palette.taroky())


def test_the_render_functions_use_the_fixed_palettes() -> None:
    """The pictures the bot sends carry the game's palette (built once per process)."""
    lora = _lora("trick")
    seat = lora.to_act if lora.to_act is not None else 0
    for data in (render_table(lora.public_view(), NAMES), render_hand(lora.view(seat)),
                 render_sheet(lora.public_view(), NAMES)):
        assert _decode(data).getpalette("RGB") == palette.lora().getpalette("RGB")
    rnd = _taroky_round(21)
    data = taroky_render_hand(rnd.view(0), TAROKY_NAMES)
    assert _decode(data).getpalette("RGB") == taroky_palette.taroky().getpalette("RGB")
    assert palette.lora() is palette.lora()  # once per process
