"""The score sheet's players' boxes: a declared čistá stovka is "hlásí" while the lóra's games
go on and made or missed once they are over; the boxes' labels are written alike."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.render import sheet
from bot.render.bench import NAMES, example
from bot.render.strings import s
from engine.contracts import Contract
from engine.lora import Lora
from engine.views import PublicView


# -- the score sheet: čistá stovka made or missed -----------------------------------------------
def _finished() -> PublicView:
    lora = Lora(rng=random.Random(20))
    rng = random.Random(20)
    while lora.to_act is not None:
        lora.apply(rng.choice(lora.legal_actions()))
    return lora.public_view()


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_sheet_says_whether_a_declared_stovka_was_made(lang: str) -> None:
    done = dataclasses.replace(_finished(), stovka=(True, True, False, None),
                               totals=(100, 104, 60, 56))
    assert sheet.stovka_word(done, 0, lang)[0] == s("sheet_stovka_made", lang)
    assert sheet.stovka_word(done, 1, lang)[0] == s("sheet_stovka_missed", lang)
    assert sheet.stovka_word(done, 2, lang)[0] == s("stovka_no", lang)
    assert s("sheet_stovka_made", lang) != s("stovka_yes", lang)
    # while the games go on, a declarer "declares"; in a harakiri play-off they are over
    playing = example("trick").public_view()
    on = dataclasses.replace(playing, stovka=(True, False, None, None), totals=(100, 0, 0, 0))
    assert sheet.stovka_word(on, 0, lang)[0] == s("stovka_yes", lang)
    tie = dataclasses.replace(on, contract=Contract.HARAKIRI)
    assert sheet.stovka_word(tie, 0, lang)[0] == s("sheet_stovka_made", lang)
    assert sheet.sheet_image(done, NAMES, lang).width == sheet.sheet_width(1)
    if lang == "cs":
        assert sheet.stovka_word(done, 0, lang)[0] == "vyšla ✓"
        assert sheet.stovka_word(done, 1, lang)[0] == "nevyšla ✗"


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_sheets_box_labels_are_written_alike(lang: str) -> None:
    labels = [s("sheet_total", lang), s("sheet_stovka", lang), s("sheet_harakiri", lang),
              s("sheet_stand_in", lang, n=2), s("sheet_auto", lang, n=3),
              s("sheet_place", lang, n=1)]
    for label in labels:  # a capital, or a place's number ("1. místo")
        assert label[:1].isupper() or label[:1].isdigit(), label
