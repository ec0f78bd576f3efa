"""What a tournament's table and message say to its players about the tournament (review 40):
the rules a table plays by (the tournament's turn timer, a round's length), a withdrawal
asked for again, the finished tournament's player list (Lóra and Taroky through SimCord)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.errors import TableError
from bot.tournament import model
from tests.botkit import BotHarness, enabled_controls, reply
from tests.tournament_kit import (
    TOURNAMENT_SETTLE,
    play_round_out,
    record,
    started_tournament,
    with_bob,
)

pytestmark = pytest.mark.settle(5.0)  # (SimCord's default: no turn timer fires in a wait)


def rules_field(res: Any) -> list[str]:
    """The table's own rules: the embed's last field (Taroky's summary has a field per topic
    before it)."""
    (embed,) = reply(res).embeds
    field = embed.fields[-1]
    assert field.name in ("Pravidla stolu", "Table rules")
    return [line.removeprefix("• ") for line in field.value.splitlines()]


async def table_of(h: BotHarness, who: Any, ch: Any) -> tuple[Any, Any]:
    """``who``'s tournament table and its thread."""
    table = h.service.table_of_user(ch.guild.id, who.id)
    assert table is not None and table.tournament is not None
    return table, next(t for t in ch.threads if t.id == table.channel_id)


async def test_the_rules_of_a_lora_tournament_table_say_its_round_and_turn_timer(
        harness: BotHarness) -> None:
    """Review 40 #4: "Pravidla stolu" at a tournament's table listed Červený král, Panák and
    Čistá stovka but not the tournament's 20 s turn timer (nor that a round is one whole
    lóra): a player read them only in the tournament's message in the parent channel."""
    ch, ann, message = await started_tournament(harness, "lora", ("easy",) * 3, rounds=1,
                                                turn_timer=20)
    table, thread = await table_of(harness, ann, ch)
    posted = next(m for m in ch.history() if m.id == message.id).embeds[0]
    assert next(f.value for f in posted.fields if f.name == "Pravidla turnaje").endswith(
        "\nBody 4-3-2-1 podle pořadí u stolu (shodu rozhodne harakiri); při rovnosti bodů"
        " rozhoduje méně trestných bodů.")  # (review 73: it was told after round 1 only)
    table_message = next(m for m in thread.history() if m.id == table.message_id)
    expected = ["Kolo: jedna celá lóra u každého stolu",
                "Červený král do 1. štychu: povoleno",
                "Panák (kdo ve Filkách vezme všechny čtyři filky,"
                " platí panáka): ne", "Čistá stovka: ano",
                "Čas na tah: 20 s, pak hraje AI",
                # (review 73: how the tournament scores, told before round 1 ends)
                "Body 4-3-2-1 podle pořadí u stolu (shodu rozhodne harakiri); při rovnosti"
                " bodů rozhoduje méně trestných bodů."]
    res = await ann.click(table_message, custom_id=f"lora:t:{table.table_id}:rules")
    assert rules_field(res) == expected
    assert rules_field(await ann.slash(thread, "lora rules")) == expected


async def test_the_rules_of_a_taroky_tournament_table_say_its_turn_timer(
        harness: BotHarness) -> None:
    """Review 40 #4, Taroky in English: the round's length was there (the table's option),
    the tournament's turn timer was not."""
    ch, ann, _message = await started_tournament(harness, "taroky", ("easy",) * 3, rounds=1,
                                                 round_deals=2, turn_timer=45, language="en")
    table, thread = await table_of(harness, ann, ch)
    lines = rules_field(await ann.slash(thread, "taroky rules"))
    assert lines[0] == "Round: 2 deals"
    assert lines[-2:] == ["Time per move: 45 s, then an AI plays",
                          "Points 4-3-2-1 by place at each table (tied players share them);"
                          " on equal points the higher total result ranks higher."]  # (review 73)
    assert sum("Round" in line for line in lines) == 1


async def test_the_rules_of_a_table_of_its_own_are_its_options_and_its_turn_timer(
        harness: BotHarness) -> None:
    """Outside a tournament the Rules button lists the game's options and the table's turn
    timer (its lobby may change it: the rules say the one the table plays with), without
    a tournament's round and scoring."""
    guild = harness.env.create_guild()
    ch = guild.create_text_channel("lora")
    ann = guild.add_member(harness.env.create_user("ann", global_name="Ann"))
    await ann.slash(ch, "lora new", language="cs", turn_timer=30)
    assert rules_field(await ann.slash(ch, "lora rules")) == [
        "Červený král do 1. štychu: povoleno",
        "Panák (kdo ve Filkách vezme všechny čtyři filky,"
        " platí panáka): ne", "Čistá stovka: ano", "Čas na tah: 30 s"]


async def test_withdrawing_again_after_leaving_the_table_says_an_ai_plays_the_seat(
        harness: BotHarness) -> None:
    """Review 40 #5: Odstoupit pressed after the player had left his table answered "V tomto
    turnaji nehraješ." — curt, and untrue to him (his seat still plays). It says since when
    an AI plays his seat, that it does to the end and that there is no way back."""
    ch, ann, _bob, message = await with_bob(harness, "lora", rounds=2, language="cs")
    _table, thread = await table_of(harness, ann, ch)
    ask = reply(await ann.slash(thread, "lora leave"))
    await ann.click(ask, custom_id=enabled_controls(ask)[0]["custom_id"])
    assert model.entrant_of_user(await record(harness, 1), ann.id).replaced_from == 1
    res = await ann.click(message, custom_id="lora:tn:1:leave")
    assert res.ephemeral and reply(res).content == (
        "V turnaji č. 1 za tebe od 1. kola hraje AI, a to až do konce turnaje; vrátit se do"
        " něj nejde. Jak si tvé místo vede, ukáže tlačítko **Pořadí**.")
    assert enabled_controls(reply(res)) == []


async def test_withdrawing_twice_says_so_in_english(harness: BotHarness) -> None:
    """Review 40 #5 in English, after Odstoupit itself: the second click tells the same."""
    _ch, ann, _bob, message = await with_bob(harness, "taroky", rounds=1, round_deals=1,
                                             language="en")
    ask = reply(await ann.click(message, custom_id="lora:tn:1:leave"))
    await ann.click(ask, label="Withdraw, an AI plays on")
    assert model.entrant_of_user(await record(harness, 1), ann.id).replaced_from == 1
    res = await ann.click(message, custom_id="lora:tn:1:leave")
    assert reply(res).content == (
        "An AI plays your seat in tournament 1 from round 1 to the end of the tournament;"
        " there is no way back into it. The **Standings** button shows how your seat does.")
    # (the service refuses so too, whoever asks it directly)
    desk = harness.bot.controller.desk
    with pytest.raises(TableError) as refused:
        await desk.service.leave(1, ann.id)
    assert refused.value.key == "tournament.already_withdrawn"
    assert refused.value.params == {"id": 1, "round": 1}


@pytest.mark.settle(TOURNAMENT_SETTLE)
async def test_the_history_and_the_csv_mark_a_tournament_table_s_game(
        harness: BotHarness) -> None:
    """Review 40 #7: `/… history` listed a tournament table's game as any other ("#4 … 1. AI
    Božena (40), …"): a club browsing it could not tell tournament tables from casual ones.
    Its entry names the tournament and round; the export's CSV has them in its last column
    (empty for a table of its own). Review 97: one table number, the one the export takes
    (it read "Stůl č. 4 · turnaj č. 2 · 2. kolo · stůl 2"), headed "Stůl" in the CSV
    ("Hra" held the table's number)."""
    ch, ann, _message = await started_tournament(harness, "taroky", ("easy",) * 4, plays=False,
                                                 rounds=1, round_deals=1, turn_timer=20)
    rec = await play_round_out(harness, 1, 1, steps=60)
    (slot,) = model.tables_of(rec, 1)
    game = slot.game_id
    assert game is not None
    await ann.slash(ch, "taroky settings", language="cs")  # (her client is en-US)
    res = await ann.slash(ch, "taroky history")
    (entry,) = reply(res).embeds[0].description.splitlines()
    assert entry.startswith(f"**Stůl č. {slot.table_id}** <t:")
    # (four AIs: no human, unrated — review 95: every unrated game says so, not only the
    # games an AI played for someone)
    assert " · turnaj č. 1 · 1. kolo · nehodnoceno – 1. " in entry
    files = reply(await ann.slash(ch, "taroky export", game=slot.table_id)).attachments
    rows = (await files[2].read()).decode("utf-8-sig").splitlines()
    assert rows[0].startswith("Stůl;") and rows[0].endswith(";Poznámka;Turnaj")
    assert len(rows) == 5
    assert all(row.startswith(f"{slot.table_id};") and row.endswith(";turnaj č. 1 · 1. kolo")
               for row in rows[1:])
    await ann.slash(ch, "taroky settings", language="en")
    res = await ann.slash(ch, "taroky history")
    assert " · tournament 1 · round 1 · unrated – 1st " in (
        reply(res).embeds[0].description)
