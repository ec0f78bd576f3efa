"""Review 78: Discord turns a bare ♣/♠ in a text into a Twemoji image, dark grey (#31373D) and
nearly invisible on the dark theme (#313338). Taroky's texts (messages, embeds, button and
select labels) write ♣ and ♠ followed by VS-15 (U+FE0E), which Twemoji leaves as text; ♥ and ♦
stay bare (Twemoji's red). Pictures draw the bare signs and never U+FE0E, and T-REPLAY's JSON
reads as before."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont

from bot.games.taroky.pictures import clear_caches, render_table
from bot.games.taroky.pictures.examples import NAMES
from bot.render.fonts import font, without_selectors
from engine.replay import run_scenario
from engine.taroky.cards import NUM_TAROKS, color, parse_card
from engine.taroky.messages import SUIT_SYMBOLS, TEXT_SUITS, card_label, cards_label
from tests.test_taroky_pictures import CASES
from tests.test_taroky_table_trojky import preferanc

VS15 = "\ufe0e"
CORPUS = Path(__file__).parent / "taroky" / "replay"


def test_text_card_names_write_clubs_and_spades_in_text_presentation() -> None:
    assert TEXT_SUITS == ("♥", "♦", "♣\ufe0e", "♠\ufe0e")
    assert SUIT_SYMBOLS == ("♥", "♦", "♣", "♠")  # what pictures draw
    for lang in ("cs", "en"):
        for c in range(NUM_TAROKS, 54):
            label, sign = card_label(c, lang), SUIT_SYMBOLS[color(c)]
            if sign in "♣♠":
                assert label.endswith(sign + VS15) and label.count(VS15) == 1
            else:
                assert label.endswith(sign) and VS15 not in label
        assert not any(VS15 in card_label(c, lang) for c in range(NUM_TAROKS))
    cards = [parse_card(c) for c in ("Kh", "Qk", "10x", "Jp", "XXI")]
    assert cards_label(cards, "en") == "K♥ Q♦ 10♣\ufe0e J♠\ufe0e XXI"


@pytest.fixture
def glyph_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text that reaches Pillow's own measuring and glyph drawing (``FreeTypeFont``'s
    ``getlength``, ``getbbox``, ``getmask2``, which ``ShapedFont`` and its fallback runs
    call), with the caches cleared before and after."""
    seen: list[str] = []
    for name in ("getlength", "getbbox", "getmask2"):
        real = getattr(ImageFont.FreeTypeFont, name)

        def spy(self: ImageFont.FreeTypeFont, text: Any, *args: Any, _real: Any = real,
                **kwargs: Any) -> Any:
            seen.append(str(text))
            return _real(self, text, *args, **kwargs)

        monkeypatch.setattr(ImageFont.FreeTypeFont, name, spy)
    clear_caches()
    yield seen
    clear_caches()


def _drawn(text: str) -> bytes:
    img = Image.new("L", (520, 40))
    ImageDraw.Draw(img).text((4, 30), text, font=font(24, "bold"), fill=255, anchor="ls")
    return img.tobytes()


@pytest.mark.parametrize("bare", ["10♠", "D♣", "Bohouš bere 5. štych (10♠ C♣ XIV)"])
def test_a_picture_font_measures_and_draws_a_text_card_name_as_its_bare_sign(
        bare: str, glyph_texts: list[str]) -> None:
    text = bare.replace("♠", "♠\ufe0e").replace("♣", "♣\ufe0e")
    assert without_selectors(text) == bare
    fnt = font(24, "bold")
    assert fnt.getlength(text) == fnt.getlength(bare)
    assert fnt.getbbox(text, anchor="ls") == fnt.getbbox(bare, anchor="ls")
    assert _drawn(text) == _drawn(bare)
    assert bare in glyph_texts and not [t for t in glyph_texts if VS15 in t]


def test_no_taroky_picture_draws_a_variation_selector(glyph_texts: list[str]) -> None:
    for render in CASES.values():
        render()
    for lang in ("cs", "en"):  # the shown trojkas by name: A♥ C♦ C♣ (draw_label)
        for take in ((False,), (False, False)):
            render_table(preferanc(take).public_view(), NAMES, lang)
    assert [t for t in glyph_texts if VS15 in t] == []
    assert "♣" in glyph_texts  # a text card name's sign was drawn, bare
    assert "Horní" in glyph_texts and "Upper:" in glyph_texts  # (the trojkas' box drawn)


def test_T_REPLAY_writes_its_texts_with_the_bare_signs() -> None:
    """The replay's ``events`` and error ``message`` (free-form texts, read by no chat
    client) keep the bare signs: its output is what it was before review 78."""
    outputs = [run_scenario(json.loads(path.read_text(encoding="utf-8")), lang)[0]
               for path in sorted(CORPUS.glob("*.json")) if ".expected" not in path.name
               for lang in ("cs", "en")]
    written = json.dumps(outputs, ensure_ascii=False)
    assert VS15 not in written and "♠" in written and "♣" in written
    out, status = run_scenario(json.loads((CORPUS / "err_not_in_hand.json").read_text(
        encoding="utf-8")))
    assert status == 3 and out["error"]["message"] == "Kartu K♠ nemáš v ruce."
