"""Review 90 MEDIUM 3 / review 91 LOW 1: a rematch names what changed in its rules in short
words of their own (``GameUI.short_lines``, the timer's ``short_timer``), not the lobby's
long lines with their glosses in brackets."""

from __future__ import annotations

import pytest

from bot.games import ui_of
from bot.model import TableSettings
from bot.ui.rematch import differences


@pytest.mark.parametrize("lang", ["cs", "en"])
@pytest.mark.parametrize("kind", ["lora", "taroky"])
def test_every_lobby_change_is_named_in_short_words(kind: str, lang: str) -> None:
    ui = ui_of(kind)
    before = TableSettings(ui.table_options(ui.option_defaults), 120, lang)
    choices = [c for c, _ in (*ui.option_choices(before, lang), *ui.value_choices(before, lang))]
    assert choices
    for choice in choices:
        options = ui.change_option(before.options, choice, before.options)
        assert options is not None, choice
        changed = differences(ui, before, TableSettings(options, 120, lang), lang)
        # (Varšava switched on brings its push and mond back with it)
        assert 1 <= len(changed) <= 3, (choice, changed)
        # (short: no gloss — the lobby's stake line runs to 70 characters)
        assert all(len(line) <= 45 and "Kč (" not in line for line in changed), changed
    assert differences(ui, before, TableSettings(before.options, 60, lang), lang) == [
        {"cs": "čas na tah 60 s", "en": "turn time 60 s"}[lang]]
    assert differences(ui, before, before, lang) == []


def test_the_words_the_review_asked_for() -> None:
    lora, taroky = ui_of("lora"), ui_of("taroky")
    start = TableSettings(lora.table_options(lora.option_defaults), 60, "cs")
    panak = lora.change_option(start.options, "panak")
    assert panak is not None
    assert differences(lora, start, TableSettings(panak, 120, "cs"), "cs") == [
        "panák za 4 filky zapnut", "čas na tah 120 s"]
    start = TableSettings(taroky.table_options(taroky.option_defaults), 60, "cs")
    stake = {**start.options, "stake": 10000}
    assert differences(taroky, start, TableSettings(stake, 60, "cs"), "cs") == ["vklad 100 Kč"]
