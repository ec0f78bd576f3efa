"""A restart while clicks are in flight (review 66): the click being handled when the bot
stops finishes — its move saved, the new bot goes on from it — and one that comes once the
bot is stopping is told the bot is restarting; never "the move could not be saved" or a
traceback from a closed database."""

from __future__ import annotations

import logging

from bot.i18n import t
from tests.botkit import emit_component, enabled_controls, open_table, reply, table_message

SAVE_FAILED = "Tah se nepodařilo uložit"
RESTARTING = "Bot se právě restartuje, zkus to prosím za chvíli."


def _texts(result) -> list[str]:
    answers = [result.response, *result.followups]
    return [m.content or "" for m in answers if m is not None]


async def test_a_click_racing_the_shutdown_is_saved_or_told_to_wait(harness, caplog):
    caplog.set_level(logging.WARNING)
    _g, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    table = harness.service.tables[tid]
    mover = next(u for u in users if u.id == table.seats[table.state.to_act].user_id)
    other = next(u for u in users if u is not mover)
    hand = reply(await mover.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand"))
    version = table.version
    card = enabled_controls(hand)[0]["custom_id"]
    old = harness.bot
    # his card is in flight when the bot starts stopping (as ``BotHarness.restart``) …
    moved = emit_component(mover, hand, card)
    await old.shutdown()
    # … and another player's click comes before the gateway is let go: the bot is
    # restarting, nothing done
    late = emit_component(other, table_message(ch, table), f"lora:t:{tid}:hand")
    new = harness.make_bot()
    await harness.env.restart_bot(new)
    await harness.env.settle()
    assert _texts(late) == [RESTARTING]
    assert not any(SAVE_FAILED in text for text in _texts(moved))
    # the move was saved before the database closed: the new bot goes on from it
    table = harness.service.tables[tid]
    assert table.version > version
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert "no active connection" not in caplog.text


def test_the_restart_answer_in_english() -> None:
    assert t("core.restarting", "en") == ("The bot is restarting right now – please try again "
                                          "in a moment.")
