"""Review 69 (an English group at Lóra, then a Lóra tournament): what the channel keeps of a
deal's last moves, the Graduation choice's wording, cards in hand in the alt texts, the
clean-hundred words of the final picture, the tournament table sheet's order."""

from __future__ import annotations

import random
from typing import Any

from bot.games.taroky import UI as TAROKY_UI
from bot.model import Seat, Table, TableSettings
from engine.taroky import TarokyRound
from engine.taroky.events import DealEnded, DealStarted
from engine.taroky.options import TarokyOptions


def test_a_taroky_deals_result_keeps_its_last_trick_when_the_next_deal_starts() -> None:
    """As Lóra's: the table message is cut to the deal's result when the next deal starts,
    and the last tricks (an AI's here) were in no public message. The result keeps its two
    last lines, the cards of the last trick only (T-VIEW: as the table message told them)."""
    rnd = TarokyRound(rng=random.Random(5), options=TarokyOptions(round_deals=2))
    rng = random.Random(5)
    seats = [Seat(1, "Ann"), Seat(None, "Eve", "medium", left=True, left_at=0),
             Seat(None, "AI Božena", "easy"), Seat(4, "Dana", absent=True)]
    table = Table(1, 1, 1, 1, TableSettings(lang="en"), seats, "taroky", state=rnd)
    events: list[Any] = []
    while not any(isinstance(e, DealEnded) for e in events):
        events += rnd.apply(rng.choice(rnd.legal_actions()))
    assert any(isinstance(e, DealStarted) for e in events)
    said = TAROKY_UI.announcements(table, events)
    assert said[0].splitlines()[4] == (
        "Last moves: Eve → AI takes trick 11. Eve → AI takes trick 12 (IV K♠ C♠ Q♦).")
    table.settings = TableSettings(lang="cs")
    assert TAROKY_UI.announcements(table, events)[0].splitlines()[4].startswith(
        "Poslední tahy: Eve → AI bere 11. štych. Eve → AI bere 12. štych (IV")
    # the round's last deal keeps its lines in the final table message: none with its result
    final = [e for e in events if not isinstance(e, DealStarted)]
    assert "Poslední tahy" not in TAROKY_UI.announcements(table, final)[0]

