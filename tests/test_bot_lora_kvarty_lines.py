"""Kvarty's lines as the players read them (review 67): a kvarta an AI led for an absent
player is told once in his hand, in his words ("Za tebe vynesla AI …"); the table's mark of
that AI stands by the seat it plays for, not after the next leader's name; who added the
cards that give the next lead is named (R-KVARTY-NEXT)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.lora.events import seat_lines, table_lines
from bot.games.lora.hand import hand, hand_alt
from bot.model import Seat, Table, TableSettings, Unclicked
from engine.actions import Lead
from engine.events import KvartaBuilt
from engine.lora import Lora
from tests.helpers import c, lora_at_kvarty
from tests.test_rules_kvarty import K1


def _table(lora: Lora, lang: str, events: list[Any]) -> Table:
    seats: list[Seat | None] = [Seat(i + 1, name) for i, name in enumerate(
        ("Ann", "Bob", "Cyril", "Dana"))]
    table = Table(1, 1, 1, 1, TableSettings(lang=lang), seats, "lora", state=lora)
    table.events = events
    return table


AI_LED = {
    "cs": ("• Za tebe vynesla AI 7❤️, 8❤️: kvarta 7❤️ 8❤️ 9❤️ 10❤️; dál vynáší Cyril"
           " (přikládá 10❤️).",
           "Poslední kvarta: za tebe vynesla AI 7❤️, 8❤️: kvarta 7❤️ 8❤️ 9❤️ 10❤️; dál"
           " vynáší Cyril (přikládá 10❤️)."),
    "en": ("• The AI led 7❤️, 8❤️ for you: quart 7❤️ 8❤️ 9❤️ 10❤️; Cyril leads next"
           " (added 10❤️).",
           "Last quart: the AI led 7❤️, 8❤️ for you: quart 7❤️ 8❤️ 9❤️ 10❤️; Cyril leads"
           " next (added 10❤️)."),
}


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_R_KVARTY_a_kvarta_an_ai_led_for_him_is_told_once_in_his_words(lang):
    """K1: an AI leads 7❤️ for Ann (absent), Bob adds 9❤️, Cyril 10❤️. Her hand tells it in
    its event line only (not again as "Poslední kvarta: Vynášíš …", which said she led it);
    the hand picture's alt, which has no event lines, tells it as the AI's lead."""
    lora = lora_at_kvarty(K1)
    events: list[Any] = [Unclicked(0, "stand_in"), *lora.apply(Lead(0, c("7h")))]
    table = _table(lora, lang, events)
    event, now = AI_LED[lang]
    lines = hand(table, lora.view(0), lang).lines
    assert event in lines
    assert not any(line.startswith(("Poslední kvarta", "Last quart")) for line in lines)
    assert now in hand_alt(table, lora.view(0), lang)


STAND_IN = {  # (the table's line; Ann's line when her only lead went by itself)
    "cs": ("Ann (hraje AI) vynáší 7❤️, 8❤️: kvarta 7❤️ 8❤️ 9❤️ 10❤️; dál vynáší"
           " Cyril (přikládá 10❤️).",
           "Vynášíš 7❤️, 8❤️ (automaticky): kvarta 7❤️ 8❤️ 9❤️ 10❤️; dál vynáší Cyril"
           " (přikládá 10❤️)."),
    "en": ("Ann (AI move) leads 7❤️, 8❤️: quart 7❤️ 8❤️ 9❤️ 10❤️;"
           " Cyril leads next (added 10❤️).",
           "You lead 7❤️, 8❤️ (automatically): quart 7❤️ 8❤️ 9❤️ 10❤️; Cyril leads next"
           " (added 10❤️)."),
}


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_R_KVARTY_NEXT_the_mark_of_a_lead_nobody_clicked_stands_by_the_leader(lang):
    """K1, Ann's lead made for her: the mark follows her name (or her cards, in her own
    words), not the end of the sentence, where it read as Cyril's, the next leader's."""
    names = ["Ann", "Bob", "Cyril", "Dana"]
    built = lora_at_kvarty(K1).apply(Lead(0, c("7h")))
    table, own = STAND_IN[lang]
    assert table_lines([Unclicked(0, "stand_in"), *built], lang, names) == [table]
    assert seat_lines([Unclicked(0, "stand_in"), *built], lang, names, 3) == [table]
    assert seat_lines([Unclicked(0, "auto"), *built], lang, names, 0) == [own]


NEXT = {  # (Ann leads 7❤️ 9❤️, Bob adds 8❤️ 10❤️; Ann's 7❤️, Bob adds 8❤️ and Cyril 9❤️ 10❤️)
    "cs": ("Ann vynáší 7❤️, 9❤️: kvarta 7❤️ 8❤️ 9❤️ 10❤️; dál vynáší Bob (přikládá 8❤️, 10❤️).",
           "Vynášíš 7❤️: kvarta 7❤️ 8❤️ 9❤️ 10❤️; dál vynáší Cyril (přikládá 9❤️, 10❤️).",
           "Ann vynáší 7❤️: kvarta 7❤️ 8❤️ 9❤️ 10❤️; dál vynášíš ty (přikládáš 9❤️, 10❤️)."),
    "en": ("Ann leads 7❤️, 9❤️: quart 7❤️ 8❤️ 9❤️ 10❤️; Bob leads next (added 8❤️, 10❤️).",
           "You lead 7❤️: quart 7❤️ 8❤️ 9❤️ 10❤️; Cyril leads next (added 9❤️, 10❤️).",
           "Ann leads 7❤️: quart 7❤️ 8❤️ 9❤️ 10❤️; you lead next (you added 9❤️, 10❤️)."),
}


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_R_KVARTY_NEXT_the_next_leader_is_named_with_the_cards_he_added(lang):
    """Whoever laid the kvarta's highest card leads next: the line names his cards, so a
    new player sees why he leads (not the other fillers': only his decide it)."""
    names = ["Ann", "Bob", "Cyril", "Dana"]
    one = KvartaBuilt(0, (c("7h"), c("9h")), ((1, c("8h")), (1, c("10h"))), True, 1)
    two = KvartaBuilt(0, (c("7h"),), ((1, c("8h")), (2, c("9h")), (2, c("10h"))), True, 2)
    table, own, next_own = NEXT[lang]
    assert table_lines([one], lang, names) == [table]
    assert seat_lines([two], lang, names, 0) == [own]
    assert seat_lines([two], lang, names, 2) == [next_own]
