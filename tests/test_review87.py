"""Review 87 (a Czech Lóra club): a seat an AI stood in for at every move says "the whole
game" like one who left before his first move; a kicked player no longer on the server is
neither pinged nor told to come back; a ping about changed rules is taken back with the
change; the Taroky and Lóra values selects worded alike; a podium with empty places says so."""

from __future__ import annotations

import random

from bot.games.lora import UI, sheet_notes
from tests.botkit import open_table


async def test_a_seat_an_ai_stood_in_for_at_every_move_says_the_whole_game(harness) -> None:  # type: ignore[no-untyped-def]
    """Bob never clicked (the turn timer's AI made each of his moves): the final order and
    the score sheet say "the whole game", as for one who left before his first move, not
    "Tahů zahraných AI: 215"; Alice, who clicked once, keeps the count of the AI's moves."""
    _guild, _ch, [alice, bob], tid = await open_table(harness, ["alice", "bob"],
                                                       ("easy",) * 2, language="en")
    table = harness.service.tables[tid]
    a, b = (next(i for i, s in enumerate(table.seats) if s is not None and s.user_id == u.id)
            for u in (alice, bob))
    rng = random.Random(3)
    stood = False
    while not table.state.finished:
        action = rng.choice(table.state.legal_actions())
        s = table.seats[action.seat]
        by: int | str = "ai" if s.user_id is None or action.seat == b else s.user_id
        if action.seat == a and not stood:  # (the AI stands in for her once …)
            by, stood = "ai", True
        elif action.seat == a:  # (… and she clicks the rest)
            harness.service._clicked(table, a, [table.version, 0])
        harness.service._apply(table, action, by=by)
        if action.seat == b and table.seats[b].ai_moves == 1:
            # not before the lóra is over: he may still come back and click
            assert sheet_notes(table, "cs")[b] == ["Tahů zahraných AI: 1"]
    assert table.seats[b].ai_moves > 100 and table.seats[b].clicked is None
    assert UI.seat_name(table, b, "cs") == "Bob (celou hru hrála AI)"
    assert UI.seat_name(table, b, "en") == "Bob (an AI played the whole game)"
    assert sheet_notes(table, "cs")[b] == ["Celou hru hrála AI"]
    assert sheet_notes(table, "en")[b] == ["An AI played the whole game"]
    assert UI.seat_name(table, a, "cs") == "Alice"
    assert sheet_notes(table, "cs")[a] == ["Tahů zahraných AI: 1"]
    place, points = table.state.outcome().places[b], table.state.totals[b]
    assert any(line.startswith(f"{place}") and f" Bob (an AI played the whole game) – {points}"
               in line for line in UI.sheet_lines(table, "en")), UI.sheet_lines(table, "en")
