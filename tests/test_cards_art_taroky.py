"""The Taroky card art: 55 committed PNGs named in engine notation and the Czech queens in
``cs/`` (index D), equal to a fresh render.

Rendering the whole deck takes about 1.5 s, so every card is checked (no subset needed).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from cards_art import generate, lora, taroky
from cards_art.card import CARD_H, CARD_W, save_png

ART = Path(taroky.__file__).resolve().parent
# T-DECK: the 54 cards in canonical order, then the back.
_TAROKS = "I II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI Sk"
_RED = "4h 3h 2h Ah Jh Ch Qh Kh 4k 3k 2k Ak Jk Ck Qk Kk"
_BLACK = "7x 8x 9x 10x Jx Cx Qx Kx 7p 8p 9p 10p Jp Cp Qp Kp"
NOTATION = [*_TAROKS.split(), *_RED.split(), *_BLACK.split(), "back"]
# Faces of their own on a Czech table: the queens' index reads D (dáma), as the texts write D♥.
LOCAL = ["cs/Qh", "cs/Qk", "cs/Qx", "cs/Qp"]


def _bytes(images: dict[str, Image.Image], folder: Path) -> dict[str, bytes]:
    folder.mkdir()
    out = {}
    for name, img in images.items():
        (folder / name).parent.mkdir(exist_ok=True)
        save_png(img, folder / f"{name}.png")
        out[name] = (folder / f"{name}.png").read_bytes()
    return out


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    return _bytes(taroky.all_cards(), tmp_path_factory.mktemp("taroky") / "a")


def test_T_DECK_card_files_use_engine_notation() -> None:
    assert taroky.card_names() == NOTATION
    on_disk = sorted(p.stem for p in taroky.OUT_DIR.glob("*.png"))
    assert on_disk == sorted(NOTATION)
    assert len(on_disk) == 55
    assert taroky.local_names() == LOCAL
    assert sorted(taroky.all_cards()) == sorted(NOTATION + LOCAL)
    folders = sorted(p.name for p in taroky.OUT_DIR.iterdir() if p.is_dir())
    assert folders == ["cs"]
    local = sorted(f"cs/{p.stem}" for p in (taroky.OUT_DIR / "cs").iterdir())
    assert local == sorted(LOCAL)


def test_the_local_index_letters_are_the_ones_the_texts_use() -> None:
    """Every suit card's index on a table in each language reads as its label there (the
    base faces show the notation, which is the English label; cs: Q → D, J and C as they
    are)."""
    from engine.taroky.cards import CARD_NAMES, NUM_TAROKS
    from engine.taroky.messages import LANGS, card_label

    assert set(taroky.LOCAL_INDEX) <= set(LANGS)
    for lang in LANGS:
        letters = taroky.LOCAL_INDEX.get(lang, {})
        for c in range(NUM_TAROKS, 54):
            rank = CARD_NAMES[c][:-1]
            # (the text's ♣/♠ carry U+FE0E, Discord's text presentation: the rank before it)
            label = card_label(c, lang).removesuffix("\ufe0e")
            assert label[:-1] == letters.get(rank, rank), (lang, CARD_NAMES[c])


@pytest.mark.parametrize("name", NOTATION + LOCAL)
def test_committed_card_has_size_mode_and_rounded_corners(name: str) -> None:
    with Image.open(taroky.OUT_DIR / f"{name}.png") as im:
        assert im.size == (CARD_W, CARD_H)
        assert im.mode == "P"
        rgba = im.convert("RGBA")
    assert rgba.getpixel((0, 0))[3] == 0
    assert rgba.getpixel((CARD_W - 1, CARD_H - 1))[3] == 0
    assert rgba.getpixel((CARD_W // 2, CARD_H // 2))[3] == 255


def test_render_is_deterministic(fresh: dict[str, bytes], tmp_path: Path) -> None:
    again = _bytes(taroky.all_cards(), tmp_path / "b")
    assert again == fresh


def test_committed_pngs_equal_a_fresh_render(fresh: dict[str, bytes]) -> None:
    stale = [n for n in NOTATION + LOCAL
             if (taroky.OUT_DIR / f"{n}.png").read_bytes() != fresh[n]]
    assert stale == [], "regenerate with: python -m cards_art.generate --game taroky"


def test_a_czech_queen_is_the_base_queen_with_another_index() -> None:
    """The same picture (up to the palette's rounding); only the two index corners differ."""
    index = (0, 0, 48, 72)  # top-left; the bottom-right one is the same turned
    for path in LOCAL:
        with Image.open(taroky.OUT_DIR / f"{path}.png") as a, \
                Image.open(taroky.OUT_DIR / f"{path[3:]}.png") as b:
            diff = ImageChops.difference(a.convert("RGBA").convert("RGB"),
                                         b.convert("RGBA").convert("RGB"))
        assert sum(ImageStat.Stat(diff.crop(index)).mean) / 3 > 5, path
        diff.paste((0, 0, 0), index)
        diff.paste((0, 0, 0), (CARD_W - index[2], CARD_H - index[3], CARD_W, CARD_H))
        assert max(hi for _lo, hi in diff.getextrema()) <= 8, path


def test_lora_deck_is_unchanged_by_the_shared_code(tmp_path: Path) -> None:
    paths = generate.write_deck("lora", tmp_path, with_preview=False)
    assert len(paths) == 33
    stale = [p.name for p in paths if p.read_bytes() != (lora.OUT_DIR / p.name).read_bytes()]
    assert stale == []


def test_taroks_and_suit_cards_differ_in_the_visible_strip() -> None:
    """In a fan only the left edge shows: taroks are navy there, suit cards cream."""
    for name in NOTATION[:-1]:
        with Image.open(taroky.OUT_DIR / f"{name}.png") as im:
            r, g, b, _ = im.convert("RGBA").getpixel((8, 120))
        is_navy = b > r + 40
        assert is_navy == (name in taroky.TAROKS), name
