"""A finished table keeps no snapshot nor move log once its game is archived, an aborted one
no move log (review 49, M2): the archive's record replays to the final state, so an old
button of the finished table answers as before, after the table has left memory too."""

from __future__ import annotations

from tests.botkit import enabled_controls, open_table, reply, table_message
from tests.test_bot_records import _finish


async def _moves(harness, table, n=5):
    """``n`` moves of whoever is to act, committed (the table's log has them)."""
    for _ in range(n):
        action = table.state.legal_actions()[0]
        harness.service._apply(table, action, by=table.seats[action.seat].user_id or "ai")
    await harness.service._play_on(table, [])


async def test_an_archived_table_keeps_no_log_and_its_old_buttons_answer_as_before(harness):
    _guild, ch, (alice, _bob), tid = await open_table(harness, ["alice", "bob"],
                                                      ("medium", "easy"))
    table = harness.service.tables[tid]
    store = harness.bot.store
    await _moves(harness, table)
    assert len(await store.table_actions(tid)) >= 5  # (the game's log while it is played)
    await _finish(harness, table, 3)
    assert table.status == "finished"
    ctl = harness.bot.controller
    before = await ctl.replies.over_text(tid, "cs")
    assert before is not None and before.startswith("Tahle hra už skončila.\n**")
    rec = await store.get_table(tid)
    assert rec.status == "finished" and rec.state is None and rec.replay is not None
    assert await store.table_actions(tid) == []
    sheet = f"lora:t:{tid}:sheet"
    assert [c["custom_id"] for c in enabled_controls(table_message(ch, table))] == [
        sheet, f"lora:t:{tid}:rules"]
    drawn = await reply(await alice.click(table_message(ch, table), custom_id=sheet)
                        ).attachments[0].read()
    # the table leaves memory (an hour later); its buttons read it back from the store
    del harness.service.tables[tid]
    ctl.finished.clear()
    res = await alice.click(table_message(ch, table), custom_id=sheet)
    assert await reply(res).attachments[0].read() == drawn  # (the same sheet)
    assert await ctl.replies.over_text(tid, "cs") == before
    loaded = await ctl.table(tid)
    assert loaded is not table and loaded.state.finished
    assert loaded.state.outcome() == table.state.outcome()
    assert [r.to_json() for r in loaded.state.protocol] == [
        r.to_json() for r in table.state.protocol]


async def test_an_aborted_game_keeps_no_move_log(harness):
    _guild, ch, (alice,), tid = await open_table(harness, ["alice"], ("easy",) * 3)
    store = harness.bot.store
    await _moves(harness, harness.service.tables[tid])
    assert len(await store.table_actions(tid)) >= 5
    await harness.service.abort(tid, "Alice")
    rec = await store.get_table(tid)
    assert rec.status == "aborted" and rec.state is not None  # (its old buttons show it)
    assert await store.table_actions(tid) == []
