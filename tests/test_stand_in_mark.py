"""The mark of a move an AI made for an absent player says no verb twice: at a
sentence's end it is "(tah AI)" / "(AI move)" ("Bohouš hraje S🍃 (tah AI).", not
"… hraje S🍃 (hraje AI)."); after a name, where the line's verb follows, it stays
"(hraje AI)" ("Ann (hraje AI) vynáší …")."""

from __future__ import annotations

from bot.games.lora.events import seat_lines, table_lines
from bot.games.taroky.pictures.examples import example
from bot.games.taroky.texts import event_lines
from bot.model import Unclicked
from engine.cards import parse_card as lora_card
from engine.events import CardPlayed, KvartaBuilt
from engine.taroky import events as ev
from engine.taroky.cards import parse_card
from tests.test_taroky_ui import _table


def test_a_lora_card_an_ai_played_for_him_reads_without_the_verb_twice() -> None:
    names = ["Alice", "Bohouš", "AI Božena", "AI Karel"]
    played = [Unclicked(1, "stand_in"), CardPlayed(1, lora_card("Sl"))]
    assert table_lines(played, "cs", names) == ["Bohouš hraje S🍃 (tah AI)."]
    assert table_lines(played, "en", names) == ["Bohouš plays S🍃 (AI move)."]
    assert seat_lines(played, "cs", names, 0) == ["Bohouš hraje S🍃 (tah AI)."]
    # by his name, with the verb after it, the mark is the seat's
    led = [Unclicked(0, "stand_in"), KvartaBuilt(
        0, (lora_card("8l"), lora_card("Sl")),
        ((1, lora_card("9l")), (3, lora_card("10l"))), True, 3)]
    assert table_lines(led, "cs", names)[0].startswith("Alice (hraje AI) vynáší 8🍃, S🍃:")
    assert table_lines(led, "en", names)[0].startswith(
        "Alice (AI move) leads 8🍃, S🍃:")  # (review 80: as the event lines mark it)


def test_a_taroky_card_an_ai_played_for_him_reads_without_the_verb_twice() -> None:
    rnd, _seat = example("play")
    played = [Unclicked(1, "stand_in"), ev.CardPlayed(1, parse_card("XXI"))]
    assert event_lines(_table(rnd), played) == ["Bohouš hraje XXI (tah AI)."]
    assert event_lines(_table(rnd, "en"), played) == ["Bohouš plays XXI (AI move)."]
