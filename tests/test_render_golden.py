"""Golden pictures: the layout must not drift (the hand picture with the table in it, the
desítky rows with their suits, a score sheet with three-digit totals and long names…).
Compared by mean absolute pixel difference.

Most goldens are drawn with stand-in card faces (the placeholder used when ``cards_art/png``
is missing), so changes of the card art never break them while any layout change does; one
golden uses the real art with a loose threshold. Regenerate after an intended change with::

    LORA_UPDATE_GOLDEN=1 PYTHONPATH=. python -m pytest -q tests/test_render_golden.py
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.render import cards as card_art
from bot.render import clear_caches, render_hand, render_last_trick, render_sheet, render_table
from bot.render.bench import NAMES, example
from engine.lora import Lora

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("LORA_UPDATE_GOLDEN") == "1"
STAND_IN_MAX, REAL_ART_MAX = 1.0, 6.0


@cache
def _state(kind: str) -> Lora:
    return example(kind)


def _hand(kind: str, lang: str = "cs") -> bytes:
    lora = _state(kind)
    return render_hand(lora.view(lora.to_act if lora.to_act is not None else 0), lang, NAMES)


@cache
def _three_digits() -> Lora:
    """A finished lóra with a three-digit total and long names (the sheet's columns)."""
    import random

    lora = Lora(rng=random.Random(58))
    rng = random.Random(58)
    while not lora.finished:
        lora.apply(rng.choice(lora.legal_actions()))
    assert max(lora.totals) >= 100
    return lora


LONG_NAMES = ["AI Karel", "AI Jaroslav", "Maximilián Novák", "AI Božena"]


def _last_trick() -> bytes:
    png = render_last_trick(_state("trick").public_view(), NAMES)
    assert png is not None
    return png


CASES: dict[str, Callable[[], bytes]] = {
    "table_trick": lambda: render_table(_state("trick").public_view(), NAMES),
    "table_trick_rotated": lambda: render_table(
        _state("trick").public_view(), NAMES, "en", highlight_seat=2, bottom_seat=1
    ),
    "table_kvarty": lambda: render_table(_state("kvarty").public_view(), NAMES),
    "table_desitky": lambda: render_table(_state("desitky").public_view(), NAMES),
    "table_stovka": lambda: render_table(_state("stovka").public_view(), NAMES),
    "table_choose": lambda: render_table(_state("choose").public_view(), NAMES),
    "table_finished_en": lambda: render_table(_state("finished").public_view(), NAMES, "en"),
    "hand_trick": lambda: _hand("trick"),
    "hand_trick_en": lambda: _hand("trick", "en"),
    "hand_kvarty": lambda: _hand("kvarty"),
    "hand_desitky": lambda: _hand("desitky"),
    "hand_stovka": lambda: _hand("stovka"),
    "hand_choose": lambda: _hand("choose"),
    "sheet_finished": lambda: render_sheet(_state("finished").public_view(), NAMES),
    "sheet_three_digits": lambda: render_sheet(
        _three_digits().public_view(), LONG_NAMES, "cs",
        notes=[[], ["AI za nepřítomného: 12×"], ["automatické tahy: 3"], []],
    ),
    "last_trick": _last_trick,
}


@pytest.fixture
def stand_in_art(tmp_path: Path) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(card_art, "ART_DIR", tmp_path)
        clear_caches()
        yield
    clear_caches()


def _mad(a: Image.Image, b: Image.Image) -> float:
    diff = ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB")))
    return sum(diff.mean) / 3


def _check(name: str, png: bytes, limit: float) -> None:
    path = GOLDEN / f"{name}.png"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(png)
        return
    assert path.exists(), f"missing golden {path.name}: run with LORA_UPDATE_GOLDEN=1"
    got = Image.open(io.BytesIO(png))
    want = Image.open(path)
    assert got.size == want.size, f"{name}: size {got.size} != golden {want.size}"
    mad = _mad(got, want)
    assert mad <= limit, f"{name}: mean abs difference {mad:.2f} > {limit}"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_layout(name: str, stand_in_art: None) -> None:
    _check(name, CASES[name](), STAND_IN_MAX)


def test_golden_with_real_card_art() -> None:
    clear_caches()
    _check("art_table_trick", CASES["table_trick"](), REAL_ART_MAX)


def test_threshold_catches_a_moved_card(
    stand_in_art: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A layout change as small as one trick card moved by 12 px fails the comparison."""
    from bot.render import center

    if UPDATE:
        pytest.skip("updating goldens")
    moved = dict(center.TRICK_OFF)
    moved[2] = (moved[2][0] + 12, moved[2][1])
    monkeypatch.setattr(center, "TRICK_OFF", moved)
    with pytest.raises(AssertionError):
        _check("table_trick", CASES["table_trick"](), STAND_IN_MAX)
