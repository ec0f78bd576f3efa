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


def test_the_other_game_s_table_is_named_with_its_command_in_a_sentence() -> None:
    """Review 87: "Stůl č. 1 je stůl hry Taroky – tam použij /taroky odebrat stůl:1" (no
    full stop, "tam" pointing nowhere): what the table plays, what its command does."""
    from types import SimpleNamespace

    from bot.commands import other_game_table_text
    from bot.games import ui_of

    lora, taroky = ui_of("lora"), ui_of("taroky")
    at_taroky = SimpleNamespace(game_kind="taroky", table_id=1)
    at_lora = SimpleNamespace(game_kind="lora", table_id=2)
    assert [other_game_table_text(lora, at_taroky, op, "cs", True)  # type: ignore[arg-type]
            for op in ("kick", "abort")] == [
        "Stůl č. 1 hraje Taroky – hráče od něj odebereš příkazem /taroky odebrat stůl:1.",
        "Stůl č. 1 hraje Taroky – zrušíš ho příkazem /taroky zrušit stůl:1."]
    assert other_game_table_text(taroky, at_lora, "kick", "cs", True) == (  # type: ignore[arg-type]
        "Stůl č. 2 hraje Lóru – hráče od něj odebereš příkazem /lora odebrat stůl:2.")
    assert [other_game_table_text(taroky, at_lora, op, "en", False)  # type: ignore[arg-type]
            for op in ("kick", "abort")] == [
        "Table 2 plays Lóra – remove a player from it with /lora kick table:2.",
        "Table 2 plays Lóra – abort it with /lora abort table:2."]
    assert other_game_table_text(lora, at_lora, "kick", "cs", True) is None  # type: ignore[arg-type]


def test_a_podium_with_places_nobody_may_take_says_they_stay_empty() -> None:
    """Review 87: every person withdrew or was absent; the podium read "1. AI Karel – 6 b."
    alone. The places left empty are said so, before who is left out of them."""
    from bot.tournament.desk import podium_lines
    from bot.tournament.examples import example_tournament

    t_ = example_tournament("lora", rounds=1)
    assert not any("prázdn" in line for line in podium_lines(t_, "cs"))  # (three on it)
    for e in t_.entrants:
        if e.ai_level is None:
            e.replaced_from = 1
    cs, en = podium_lines(t_, "cs"), podium_lines(t_, "en")
    assert sorted(line.split(" – ")[0].split(" ", 1)[1] for line in cs[:2]) == [
        "AI Božena", "AI Karel"]
    assert cs[2] == ("Další místo na stupních vítězů zůstává prázdné – ostatní hráči"
                     " odstoupili nebo nehráli.")
    assert cs[3].startswith("Mimo stupně vítězů")
    assert en[2] == ("The last place on the podium stays empty – the other players withdrew"
                     " or did not play.")
    bozena = next(e for e in t_.entrants if e.name == "AI Božena")
    bozena.ai_level, bozena.user_id = None, None  # (a forgotten player: not crowned)
    cs, en = podium_lines(t_, "cs"), podium_lines(t_, "en")
    assert cs[0].split(" – ")[0].endswith("AI Karel")
    assert cs[1] == ("Další místa na stupních vítězů zůstávají prázdná – ostatní hráči"
                     " odstoupili nebo nehráli.")
    assert en[1] == ("The other places on the podium stay empty – the other players withdrew"
                     " or did not play.")
