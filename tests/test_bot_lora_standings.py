"""The standings before červený král and maturita mark who declared čistá stovka
(R-PROTOCOL: the sheet marks declarations, and the others decide from these lines whom to
stop; review 67)."""

from __future__ import annotations

import random

import pytest

from bot.games.lora.texts import declared_then, standings
from bot.model import Seat, Table, TableSettings
from engine.contracts import Contract
from engine.events import StovkaAnswered
from engine.lora import Lora

LINES = {
    "cs": "Stav před hrou Červený král: Cyril 68, Bob 72, Dana 80, Ann 84 (hlásí čistou stovku)",
    "en": "Standings before King of hearts: Cyril 68, Bob 72, Dana 80, Ann 84 (declares a clean"
          " hundred)",
}


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_R_PROTOCOL_the_standings_mark_who_declared_cista_stovka(lang):
    lora = Lora(rng=random.Random(1))
    lora.stovka = [True, False, False, True]  # (Ann and Dana declared)
    seats: list[Seat | None] = [Seat(i + 1, n) for i, n in enumerate(("Ann", "Bob", "Cyril",
                                                                        "Dana"))]
    table = Table(1, 1, 1, 1, TableSettings(lang=lang), seats, "lora", state=lora)
    # Dana's answer comes later in the batch: at its start only Ann had declared
    batch = [StovkaAnswered(2, False), StovkaAnswered(3, True)]
    assert declared_then(table, batch, 0) == [True, False, False, False]
    assert declared_then(table, batch, 2) == [True, False, False, True]
    line = standings(table, Contract.CERVENY_KRAL, (84, 72, 68, 80),
                     declared_then(table, batch, 0))
    assert line == LINES[lang]
