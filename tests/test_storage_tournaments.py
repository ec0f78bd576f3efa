"""Tournaments in the storage (SQLite and PostgreSQL through ``TableStore``): the row, entrants
once each, rounds with their tables in one transaction, results recorded once, substitutions
and withdrawals, standings, and forgetting a player."""

from __future__ import annotations

from typing import Any

import pytest

from bot.storage import AlreadyRegistered, TournamentNotFound, TournamentStatus
from tests.storage_kit import storage

__all__ = ["storage"]

GUILD, CHANNEL, ORGANISER = 1, 10, 77
SETTINGS = {"rounds": 2, "length": {"deals": 2}, "seed": 5}
RESULT = {"places": [1, 2, 3, 4], "scores": [40, 60, 70, 90], "unit": "points",
          "lower_is_better": True, "extras": [], "details": {}}


async def eight(storage: Any) -> int:
    tid = await storage.create_tournament(GUILD, CHANNEL, ORGANISER, "lora", SETTINGS)
    for user in range(101, 106):
        await storage.add_entrant(tid, user, f"P{user}")
    for _ in range(3):
        await storage.add_entrant(tid, None, "AI", "medium")
    return tid


async def test_a_tournament_and_its_entrants(storage: Any) -> None:
    tid = await eight(storage)
    rec = await storage.get_tournament(tid)
    assert rec.status is TournamentStatus.REGISTRATION and rec.round_no == 0
    assert (rec.guild_id, rec.channel_id, rec.organiser_id, rec.game_kind) == (
        GUILD, CHANNEL, ORGANISER, "lora")
    assert rec.settings == SETTINGS
    assert [e.entrant_no for e in rec.entrants] == list(range(1, 9))
    assert [e.user_id for e in rec.entrants][:5] == [101, 102, 103, 104, 105]
    assert [e.human for e in rec.entrants] == [True] * 5 + [False] * 3
    with pytest.raises(AlreadyRegistered):
        await storage.add_entrant(tid, 103, "again")
    assert await storage.remove_entrant(tid, 2) and not await storage.remove_entrant(tid, 2)
    assert await storage.add_entrant(tid, 102, "P102") == 9  # numbers are never reused
    await storage.update_tournament(tid, message_id=555)
    await storage.update_tournament(tid, settings={**SETTINGS, "rounds": 3})
    rec = await storage.get_tournament(tid)
    assert rec.message_id == 555 and rec.settings["rounds"] == 3
    assert [t.tournament_id for t in await storage.active_tournaments()] == [tid]
    with pytest.raises(TournamentNotFound):
        await storage.add_entrant(tid + 100, 1, "x")
    with pytest.raises(ValueError):
        await storage.update_tournament(tid, status="paused")


async def test_rounds_tables_results_and_standings(storage: Any) -> None:
    tid = await eight(storage)
    await storage.start_round(tid, 1, [[1, 2, 3, 4], [5, 6, 7, 8]])
    await storage.start_round(tid, 1, [[8, 7, 6, 5], [4, 3, 2, 1]])  # again: no change
    rec = await storage.get_tournament(tid)
    assert rec.status is TournamentStatus.PLAYING and rec.round_no == 1
    assert [(t.round_no, t.table_no, t.seats) for t in rec.tables] == [
        (1, 1, [1, 2, 3, 4]), (1, 2, [5, 6, 7, 8])]
    assert [r.status for r in rec.rounds] == ["playing"]
    with pytest.raises(ValueError):
        await storage.start_round(tid, 2, [[1, 2, 3, 4], [4, 5, 6, 7]])
    await storage.set_table_place(tid, 1, 1, thread_id=900)
    await storage.set_table_place(tid, 1, 1, table_id=31)
    assert await storage.finish_table(tid, 1, 1, result=RESULT, game_id=12)
    assert not await storage.finish_table(tid, 1, 1, result={**RESULT, "unit": "x"}, game_id=13)
    table = (await storage.get_tournament(tid)).tables[0]
    assert (table.thread_id, table.table_id, table.game_id, table.result) == (900, 31, 12, RESULT)
    standings = [{"entrant": 1, "place": 1, "points": 4.0, "score": 40}]
    assert await storage.finish_round(tid, 1, standings, final=False)
    assert not await storage.finish_round(tid, 1, [], final=False)
    rec = await storage.get_tournament(tid)
    assert rec.rounds[0].status == "finished" and rec.rounds[0].standings == standings
    assert rec.rounds[0].finished_at is not None and rec.status is TournamentStatus.PLAYING
    await storage.start_round(tid, 2, [[1, 5, 2, 6], [3, 7, 4, 8]])
    assert await storage.finish_round(tid, 2, standings, final=True)
    rec = await storage.get_tournament(tid)
    assert rec.status is TournamentStatus.FINISHED and rec.round_no == 2
    assert await storage.active_tournaments() == []


async def test_substitutions_and_withdrawals(storage: Any) -> None:
    tid = await eight(storage)
    await storage.start_round(tid, 1, [[1, 2, 3, 4], [5, 6, 7, 8]])
    await storage.add_substitution(tid, 1, 2, 0, 5, "busy")
    await storage.add_substitution(tid, 1, 1, 3, 4, "left", withdraw=True)
    await storage.add_substitution(tid, 1, 1, 3, 4, "left", withdraw=True)  # once per seat
    with pytest.raises(ValueError):
        await storage.add_substitution(tid, 1, 1, 2, 3, "tired")
    assert await storage.withdraw_entrant(tid, 2, 2)
    assert not await storage.withdraw_entrant(tid, 4, 2)  # replaced from round 1 already
    rec = await storage.get_tournament(tid)
    assert [(s.round_no, s.table_no, s.seat, s.entrant_no, s.reason)
            for s in rec.substitutions] == [(1, 1, 3, 4, "left"), (1, 2, 0, 5, "busy")]
    assert {e.entrant_no: e.replaced_from for e in rec.entrants if e.replaced_from} == {
        2: 2, 4: 1}
    # one busy at another table when the round began took his seat back: the AI is no
    # longer his substitute (once; the others stay)
    assert await storage.drop_substitution(tid, 1, 2, 0)
    assert not await storage.drop_substitution(tid, 1, 2, 0)
    rec = await storage.get_tournament(tid)
    assert [(s.table_no, s.seat, s.reason) for s in rec.substitutions] == [(1, 3, "left")]


async def test_a_result_drops_the_busy_substitutions_of_seats_taken_back(storage: Any) -> None:
    """Review 25 (#6): the table's result goes with the "busy" substitutions of the seats
    their players took back (the tournament missed the take-back); one who left stays
    marked, and so does the table's other busy seat."""
    tid = await eight(storage)
    await storage.start_round(tid, 1, [[1, 2, 3, 4], [5, 6, 7, 8]])
    await storage.add_substitution(tid, 1, 1, 0, 1, "busy")
    await storage.add_substitution(tid, 1, 1, 1, 2, "busy")
    await storage.add_substitution(tid, 1, 1, 3, 4, "left", withdraw=True)
    assert await storage.finish_table(tid, 1, 1, result=RESULT, game_id=12, returned=[0, 3])
    rec = await storage.get_tournament(tid)
    assert [(s.seat, s.reason) for s in rec.substitutions] == [(1, "busy"), (3, "left")]
    assert rec.tables[0].result == RESULT
    # recorded already: nothing changes
    assert not await storage.finish_table(tid, 1, 1, result=RESULT, game_id=12, returned=[1])
    assert len((await storage.get_tournament(tid)).substitutions) == 2


async def test_forgetting_a_player_keeps_his_entry_nameless(storage: Any) -> None:
    tid = await eight(storage)
    other = await storage.create_tournament(GUILD, CHANNEL, 102, "taroky", SETTINGS)
    await storage.add_entrant(other, 102, "P102")
    await storage.forget_user(102)
    await storage.forget_user(ORGANISER)
    rec = await storage.get_tournament(tid)
    assert (rec.entrants[1].user_id, rec.entrants[1].name) == (None, "anonymous")
    assert rec.organiser_id is None
    assert (await storage.get_tournament(other)).organiser_id is None
    assert [e.name for e in (await storage.get_tournament(other)).entrants] == ["anonymous"]
