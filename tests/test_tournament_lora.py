"""A Lóra tournament in SimCord, as a club runs it: eight players (three people, five AI),
two rounds drawn at tables of four, each table in its own thread, one player leaving for an
AI substitute, a restart in the middle of the second round, the standings after each round,
the table sheets, the final standings and the export."""

from __future__ import annotations

from tests.tournament_kit import run_two_round_tournament


async def test_lora_tournament_of_eight_through_a_restart_to_final_standings(harness):
    await run_two_round_tournament(harness, "lora", {})
