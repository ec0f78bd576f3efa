"""A player removed in the harakiri, after all four tálie (review 67): his name is marked
"v harakiri hrála AI", not "od 4. tálie" (he played the 4th tálie himself), in the final
post, the sheet's note and the final order's line — which named him "Cyril → AI", as if the
AI had taken his place in the order."""

from __future__ import annotations

import pytest

from bot.games.lora import UI, sheet_notes
from bot.games.lora.texts import event_lines
from bot.model import Seat, Table, TableSettings
from engine.events import LoraFinished
from engine.lora import Lora
from tests.helpers import drive, lora_deals, xdeal


def _table(lang: str, left_in_harakiri: bool) -> Table:
    """Ann and Bob tied at 88 play a harakiri (Cyril 128 and Dana 48 play it too); Cyril
    leaves in it (or in the 4th tálie) and an AI finishes for him."""
    lora = Lora(first_leader=0, deals=lora_deals(0, [0, 1, 2, 2]) + [xdeal(0)] * 8)
    drive(lora, lambda lo: lo.harakiri is not None)
    at = len(lora.log) + 2 if left_in_harakiri else len(lora.log) - 20
    drive(lora, lambda lo: lo.finished)
    seats: list[Seat | None] = [Seat(i + 1, n) for i, n in enumerate(("Ann", "Bob", "Cyril",
                                                                        "Dana"))]
    seats[2] = Seat(None, "Cyril", "easy", left=True, left_at=at, ai_moves=8)
    return Table(1, 1, 1, 1, TableSettings(lang=lang), seats, "lora", state=lora)


CASES = {
    "cs": ("Cyril (v harakiri hrála AI)", ["V harakiri hrála AI", "Tahů zahraných AI: 8"],
           "Konec lóry. Pořadí: Dana, Bob, Ann, Cyril (v harakiri hrála AI).",
           "Cyril (od 4. tálie hrála AI)"),
    "en": ("Cyril (an AI played in the harakiri)",
           ["AI in the harakiri", "AI played 8 of their moves"],
           "End of the lóra. Final order: Dana, Bob, Ann, Cyril (an AI played in the"
           " harakiri).",
           "Cyril (an AI played from the 4th round of eight on)"),
}


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_R_HARAKIRI_a_player_removed_in_the_harakiri_is_marked_so(lang):
    name, notes, order, in_tali = CASES[lang]
    table = _table(lang, left_in_harakiri=True)
    assert table.state.order == [3, 1, 0, 2]
    assert UI.seat_name(table, 2, lang) == name
    assert sheet_notes(table, lang)[2] == notes
    finished = LoraFinished(tuple(table.state.order), tuple(table.state.totals))
    assert event_lines(table, [finished]) == [order]
    # one who left in the 4th tálie: an AI played from it on
    assert UI.seat_name(_table(lang, left_in_harakiri=False), 2, lang) == in_tali
