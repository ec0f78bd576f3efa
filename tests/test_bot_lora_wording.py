"""What Lóra's texts say, through the real bot in SimCord, word for word.

* The čistá stovka question and the rules say what R-STOVKA / R-RANK say of a declarer who
  misses: he ranks below every non-declarer (not simply last: among the declarers who missed,
  fewer points still rank higher).
"""

from __future__ import annotations

from engine.lora import Lora
from tests.botkit import open_table, reply
from tests.helpers import drive, lora_deals

NAMES = ["alice", "bob", "cyril", "dana"]


def _table_message(ch, table):
    return next(m for m in ch.history() if m.id == table.message_id)


async def _at_stovka_question(harness, lang):
    """A table in ``lang`` at the čistá stovka question; the hand of the seat to answer."""
    _g, ch, users, tid = await open_table(harness, NAMES, language=lang)
    table = harness.service.tables[tid]
    lora = Lora(first_leader=0, deals=lora_deals(0, [0, 1, 2, 3]))
    drive(lora, lambda lo: lo.phase == "stovka")
    table.state = lora
    await harness.service._save(table)
    await harness.bot.controller.table_changed(table, [])
    user = next(u for u in users if table.seat_of(u.id) == lora.to_act)
    res = await user.click(_table_message(ch, table), custom_id=f"lora:t:{tid}:hand")
    return ch, user, reply(res)


async def test_the_stovka_question_says_a_missed_declarer_ranks_below_the_non_declarers(harness):
    ch, user, hand = await _at_stovka_question(harness, "cs")
    assert hand.content.splitlines()[-1] == (
        "Hlásíš čistou stovku? Vyhraješ, když skončíš s přesně 100 body; jinak budeš za všemi,"
        " kdo ji nehlásili.")
    res = await user.slash(ch, "lora rules")
    assert res.response.embeds[0].description.splitlines()[-1] == (
        "**Čistá stovka**: ve 3. tálii před Červeným králem ji lze ohlásit – kdo skončí s přesně"
        " 100 body, vyhrává; komu nevyjde, je za všemi, kdo ji nehlásili. Shodu bodů rozhoduje"
        " **harakiri**.")


async def test_the_english_stovka_question_and_rules_say_the_same(harness):
    ch, user, hand = await _at_stovka_question(harness, "en")
    assert hand.content.splitlines()[-1] == (
        "Declare a clean hundred? You win by ending with exactly 100 points; otherwise you rank"
        " below everyone who did not declare.")
    res = await user.slash(ch, "lora rules")
    assert res.response.embeds[0].description.splitlines()[-1] == (
        "**Clean hundred** (čistá stovka): in round 3, before Červený král,"
        " you may declare it – end with exactly 100 and you win; miss and you rank below"
        " everyone who did not declare. Ties are played off by **harakiri**.")
