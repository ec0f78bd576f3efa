"""bot.render: every view of whole random lóry renders within the size bounds; the API's guards."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.i18n import CATALOGS
from bot.render import cards as card_art
from bot.render import (
    clear_caches,
    fonts,
    hand_labels,
    render_hand,
    render_last_trick,
    render_sheet,
    render_table,
)
from bot.render.hand import playable
from engine.actions import Lay, Lead, Play
from engine.cards import cards_of
from engine.contracts import TALIE_ORDER, Contract
from engine.lora import Lora

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["Anička", "Bohouš", "Cecílie", "Dalibor"]
TABLE_MAX, HAND_MAX, SHEET_MAX = 200_000, 100_000, 400_000
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _png(data: bytes) -> Image.Image:
    assert data[:8] == PNG_MAGIC
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def _play(seed: int) -> Lora:
    lora = Lora(rng=random.Random(seed))
    rng = random.Random(seed)
    while lora.to_act is not None:
        lora.apply(rng.choice(lora.legal_actions()))
    return lora


@pytest.fixture(scope="module")
def rich_seed() -> int:
    """A seed whose random lóra has harakiri, a declared čistá stovka and a failed maturita."""
    for seed in range(300):
        lora = _play(seed)
        harakiri = any(r.tali is None for r in lora.protocol)
        failed = any(r.failed for r in lora.protocol)
        if harakiri and failed and any(a is True for a in lora.stovka):
            return seed
    pytest.skip("no random lóra with harakiri found")


def test_whole_lora_renders_within_bounds(rich_seed: int) -> None:
    """Sample the views of a whole lóra: every contract, maturita, stovka, harakiri, the end."""
    lora = Lora(rng=random.Random(rich_seed))
    rng = random.Random(rich_seed)
    seen: set[tuple[str, str | None, int | None]] = set()
    step = 0
    while True:
        pv = lora.public_view()
        key = (pv.phase, pv.contract, pv.attempt)
        if step % 11 == 0 or key not in seen or lora.to_act is None:
            seen.add(key)
            lang = "en" if step % 2 else "cs"
            table = render_table(pv, NAMES, lang, highlight_seat=step % 4, bottom_seat=step % 4)
            assert len(table) <= TABLE_MAX
            assert _png(table).size == (720, 540)
            seat = lora.to_act if lora.to_act is not None else step % 4
            hand = render_hand(lora.view(seat), lang)
            assert len(hand) <= HAND_MAX
            assert _png(hand).height > 0
            trick = render_last_trick(pv, NAMES, lang)
            assert trick is None or len(trick) <= TABLE_MAX
            if step % 97 == 0 or lora.to_act is None:
                assert len(render_sheet(pv, NAMES, lang, columns=1 + step % 2)) <= SHEET_MAX
        if lora.to_act is None:
            break
        lora.apply(rng.choice(lora.legal_actions()))
        step += 1
    phases = {(p, c) for p, c, _ in seen}
    for contract in (*TALIE_ORDER[:7], Contract.HARAKIRI):
        assert ("play", contract) in phases
    assert ("stovka", Contract.CERVENY_KRAL) in phases
    assert any(p == "choose" and (a or 0) >= 2 for p, _, a in seen)  # a failed maturita
    assert any(p == "play" and a is not None for p, _, a in seen)  # a maturita game
    assert ("finished", None) in phases
    final = lora.public_view()
    assert _png(render_sheet(final, NAMES, columns=2)).width > 1000


def test_hand_labels_follow_display_order() -> None:
    lora = Lora(rng=random.Random(3))
    rng = random.Random(3)
    for _ in range(40):
        view = lora.view(lora.to_act)
        labels = hand_labels(view)
        assert [c for c, _ in labels] == sorted(cards_of(view.hand))
        assert [lab for _, lab in labels] == [str(i) for i in range(1, len(labels) + 1)]
        cards_in_legal = {a.card for a in view.legal if isinstance(a, Play | Lead | Lay)}
        assert playable(view) == cards_in_legal <= {c for c, _ in labels}
        lora.apply(rng.choice(lora.legal_actions()))


def test_only_views_go_in() -> None:
    lora = Lora(rng=random.Random(1))
    with pytest.raises(TypeError):
        render_table(lora, NAMES)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        render_sheet(lora, NAMES)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        render_hand(lora)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        hand_labels(lora.public_view())  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        render_table(lora.public_view(), NAMES[:3])


def test_same_view_same_bytes_and_odd_names() -> None:
    lora = Lora(rng=random.Random(2))
    pv = lora.public_view()
    names = ["😀 Emoji", "a\x00b", "X" * 80, ""]
    first = render_table(pv, names)
    clear_caches()
    assert render_table(pv, names) == first


def test_strings_have_the_same_keys() -> None:
    assert CATALOGS["cs"].keys() == CATALOGS["en"].keys()


def test_font_and_art_fallbacks(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No shipped font and no card art: pictures are still made (Pillow's font, placeholders)."""
    pv = Lora(rng=random.Random(4)).public_view()
    monkeypatch.setattr(fonts, "FONT_DIR", tmp_path)
    monkeypatch.setattr(card_art, "ART_DIR", tmp_path)
    clear_caches()
    try:
        assert _png(render_table(pv, NAMES)).size == (720, 540)
        assert _png(render_sheet(pv, NAMES)).width > 0
    finally:
        monkeypatch.undo()
        clear_caches()


def test_bench_prints_one_json_object() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "bot.render", "bench", "--json", "--runs", "2"],
        cwd=ROOT, capture_output=True, text=True, check=True, timeout=120,
    ).stdout
    data = json.loads(out)
    for key in ("table_ms", "hand_ms", "sheet_ms", "table_bytes", "hand_bytes", "sheet_bytes"):
        assert data[key] > 0
    assert data["table_bytes"] <= TABLE_MAX and data["hand_bytes"] <= HAND_MAX
