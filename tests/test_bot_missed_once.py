"""What could not reach a player before (``Replies.missed``, ``notes``) is given to him with
his next click or command — once: ``deliver_missed`` ran again after a handler another
handler called (the table's Hand button opens the hand: both are ``answered``) and after a
slash command's own handler (``on_app_command_completion`` runs it for every command)."""

from __future__ import annotations

from typing import Any

from tests.botkit import channel_delivered, open_table, table_message


async def _counted(harness: Any) -> list[int]:
    """The users ``deliver_missed`` runs for, in order, from now on."""
    replies = harness.bot.controller.replies
    real = replies.deliver_missed
    runs: list[int] = []

    async def counting(interaction: Any) -> None:
        runs.append(interaction.user.id)
        await real(interaction)

    replies.deliver_missed = counting
    return runs


async def test_a_note_waiting_goes_with_the_next_click_and_the_next_command_once(harness):
    _guild, ch, (alice,), tid = await open_table(harness, ["alice"], ("easy",) * 3)
    await channel_delivered(harness)
    table = harness.service.tables[tid]
    runs = await _counted(harness)
    notes = harness.bot.controller.replies.notes

    notes[alice.id] = ["Poznámka pro tebe."]
    res = await alice.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand")
    assert runs == [alice.id]  # (the button's handler opened the hand: one run)
    told = [m.content for m in [res.response, *res.followups] if m is not None]
    assert told.count("Poznámka pro tebe.") == 1
    assert alice.id not in notes

    notes[alice.id] = ["Ještě jedna."]
    res = await alice.slash(ch, "lora hand")
    assert runs == [alice.id, alice.id]  # (the command's hand, then its completion: one)
    told = [m.content for m in [res.response, *res.followups] if m is not None]
    assert told.count("Ještě jedna.") == 1
    assert alice.id not in notes

    await alice.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand")
    assert runs == [alice.id] * 3  # nothing waiting: one run, nothing said
