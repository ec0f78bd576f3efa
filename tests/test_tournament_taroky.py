"""A Taroky tournament in SimCord, as the Prague rules [P] run one (T-TOURNAMENT): eight
players (three people, five AI) at tables of four, two rounds of two deals each (T-ROUND),
4-3-2-1 table points by money with money breaking ties, the table sheets with Dokup, Peníze
and the control sum, a player leaving for an AI substitute, a restart in the middle of the
second round, the final standings and the export.

The table itself is Taroky's UI module (``bot/games/taroky``) once it is in the bot; until
then the generic ``BaseUI`` seats the game (one button per legal action), which is all a
tournament needs of it: nothing here depends on which one it is."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

import bot.games
from bot.games import BaseUI
from bot.i18n import CATALOGS, add_strings
from bot.tournament import model
from bot.tournament.pictures import sheet_alt, sheet_footer, sheet_lines
from engine import games
from tests.botkit import BotHarness, enabled_controls, open_harness, reply
from tests.tournament_kit import (
    play_round_out,
    record,
    run_two_round_tournament,
    started_tournament,
)

STRINGS = {"cs": {"name": "Taroky", "rules_text": "Taroky podle pravidel turnaje Praha 2006."},
           "en": {"name": "Taroky", "rules_text": "Taroky by the Prague 2006 tournament rules."}}


def hal(shown: str) -> int:
    """Koruny as the sheet shows them ("46,50", "−2,00") in haléře."""
    return round(float(shown.replace(",", ".").replace("−", "-")) * 100)


@pytest_asyncio.fixture
async def taroky(tmp_path: Any, request: Any) -> AsyncIterator[BotHarness]:
    own = "taroky" not in bot.games.kinds()  # no Taroky table UI in the bot yet
    if own:
        bot.games.register(BaseUI(games.get("taroky")))
        add_strings("taroky", STRINGS)
    marker = request.node.get_closest_marker("settle")  # as conftest's ``harness``
    h = await open_harness(tmp_path, **({} if marker is None
                                        else {"settle_timeout": float(marker.args[0])}))
    try:
        yield h
    finally:
        try:
            await h.stop()
        finally:
            if own:
                bot.games.unregister("taroky")
                for catalog in CATALOGS.values():
                    for key in ("taroky.name", "taroky.rules_text"):
                        catalog.pop(key, None)


async def test_T_TOURNAMENT_taroky_tournament_of_eight_through_a_restart(taroky):
    rec = await run_two_round_tournament(taroky, "taroky", {"round_deals": 2})
    for s in rec.tables:
        assert s.result["details"]["deals"] == 2  # T-ROUND: the round's length in deals
        lines = sheet_lines(rec, s, "cs")
        money = [hal(line.values[1]) for line in lines]
        dokup = [hal(line.values[0]) for line in lines]
        assert sum(money) == 4 * 5000 + sum(dokup)  # Σ Peníze = 200 Kč + Σ Dokup
        control = sheet_footer(rec, s, "cs")[0]
        assert control.ok is True and control.label.endswith("✓")
        by_money = sorted(range(4), key=lambda i: -money[i] + dokup[i])
        points = [float(line.points.replace(",", ".")) for line in lines]
        assert points[by_money[0]] >= points[by_money[-1]]
        assert sum(points) == 10
    assert model.settings_of(rec).length == {"deals": 2}


async def test_T_ROUND_a_tournament_round_of_minutes_ends_at_every_table_at_once(taroky):
    """A round of one minute: both tables' round clocks count from the round's one start; when
    time is up each plays out the deal in progress (T-ROUND) and the round is scored."""
    await started_tournament(taroky, "taroky", ("medium",) * 7, rounds=1, round_minutes=1,
                             turn_timer=20)
    rec = await record(taroky, 1)
    tables = [taroky.service.tables[s.table_id] for s in model.tables_of(rec, 1)]
    assert len(tables) == 2 and len({t.clock_started for t in tables}) == 1
    assert all(t.state.options.round_minutes == 1 for t in tables)
    await taroky.env.advance_time(61)
    rec = await play_round_out(taroky, 1, 1, rounds=1)
    assert rec.status.value == "finished"
    for s in model.tables_of(rec, 1):
        # (the archive's record: the table's own move log went with the archive)
        archived = (await taroky.bot.store.get_table(s.table_id)).replay
        log = [a.to_json() for a in games.get("taroky").replayed(archived).log]
        assert log.count({"end_round": True}) == 1  # the clock's request, once
        assert s.result["details"]["deals"] >= 1


async def test_an_english_tournament_answers_in_english_after_it_is_over(taroky):
    """A finished tournament leaves the running ones; its Standings and Export buttons still
    answer in the tournament's language (they answered in Czech, the default)."""
    _ch, ann, message = await started_tournament(taroky, "taroky", ("easy",) * 3,
                                                 channel="tournament", rounds=1, round_deals=1,
                                                 turn_timer=20, language="en")
    rec = await play_round_out(taroky, 1, 1, rounds=1, steps=40)
    assert rec.status.value == "finished"
    res = await ann.click(message, custom_id="lora:tn:1:export")
    assert reply(res).content == (
        "Tournament 1: the whole record (JSON with every table's record), the standings for"
        " a spreadsheet (CSV: places, points of each round) and the pictures of the standings"
        " and of the table sheets.")  # (review 89: "all pictures", the ZIP holds these alone)
    sheet = next(a for a in reply(res).attachments if a.filename == "taroky-tournament-1.csv")
    assert (await sheet.read()).decode("utf-8-sig").split("\r\n")[0] == (
        "Place,No.,Player,Points,Round 1,Result (Kč),Note")


# (the round's last deal is played out at once when time is up, within one wait: over
# SimCord's 5 s on a loaded machine; 20 s stays well inside the end's 5-pace bound below)
@pytest.mark.settle(20.0)
async def test_T_ROUND_a_minutes_round_without_people_plays_at_peoples_pace(taroky):
    """A round of 10 minutes with nobody present at the tables (table 1 is four AIs; at
    table 2 Ann never clicks, so an AI plays for her from her first turn's timer on): each
    AI move waits ``PACE_SECONDS``, also after a restart at minute 5, so a table plays about
    ``600 / PACE_SECONDS`` moves before the clock (not 65 deals) — a Taroky deal has at least
    48 (12 tricks of 4 cards): one deal and the one in progress."""
    from bot.service import PACE_SECONDS

    _ch, ann, _message = await started_tournament(taroky, "taroky", ("easy",) * 7, rounds=1,
                                                  round_minutes=10, turn_timer=20)
    rec = await record(taroky, 1)
    started = taroky.service.tables[model.tables_of(rec, 1)[0].table_id].clock_started
    await taroky.env.advance_time(300)
    await taroky.restart()
    await taroky.env.advance_time(301)
    rec = await play_round_out(taroky, 1, 1, rounds=1)
    paced = int(600 / PACE_SECONDS)
    for s in model.tables_of(rec, 1):
        table = taroky.service.tables[s.table_id]
        log = [a.to_json() for a in table.state.log]  # (its move log went with the archive)
        before = log[:log.index({"end_round": True})]
        # the first move a pace after the start, then one a pace, with up to one pace lost
        # to the restart — at Ann's table her first turn's 20 s timer too
        slack = 1 + (math.ceil(20 / PACE_SECONDS) if table.seat_of(ann.id) is not None else 0)
        assert paced - slack <= len(before) <= paced, (s.table_no, len(before))
        # every move an AI's: Ann's seat's too (the others are AI players)
        assert all(x.ai_moves == x.moves for x in table.seats if x.user_id is not None)
        assert 1 <= s.result["details"]["deals"] <= paced // 48 + 1
    assert taroky.now() - started < 600 + 5 * PACE_SECONDS  # the deal in progress at once


async def test_a_tables_sheet_in_its_thread_carries_its_alt_text(taroky, caplog):
    """Review 53: the sheet posted in a table's thread when it finishes had no alt text, and
    every table logged "the table has not finished": the post was built before the table's
    result was stored. Ann leaves her table: the sheet and the tournament's message know."""
    guild = taroky.env.create_guild()
    ch = guild.create_text_channel("tournament")
    ann, bob = (guild.add_member(taroky.env.create_user(n, global_name=n.capitalize()))
                for n in ("ann", "bob"))
    await ann.slash(ch, "taroky tournament", rounds=1, round_deals=1, turn_timer=20, language="en")
    message = ch.last_message
    for user in (ann, bob):
        await user.click(message, custom_id="lora:tn:1:join")
    for level in ("easy", "easy"):
        await ann.select(message, [level], custom_id="lora:tnai:1")
    await ann.click(message, custom_id="lora:tn:1:start")
    (slot,) = (await record(taroky, 1)).tables
    thread = next(t for t in ch.threads if t.id == slot.thread_id)
    question = reply(await ann.slash(thread, "taroky leave"))
    res = await ann.click(question, custom_id=enabled_controls(question)[0]["custom_id"])
    assert reply(res).content.startswith("You no longer play – an AI plays your seat")
    rec = await play_round_out(taroky, 1, 1, rounds=1, steps=40)
    (slot,) = rec.tables
    (post,) = [m for m in thread.history()
               if m.content == "Table 1 finished round 1. The table's sheet:"]
    (sheet,) = post.attachments
    assert sheet.filename == "sheet.png"
    assert sheet.description == sheet_alt(rec, slot, "en")
    # (review 83: the tags the picture gives, who played a seat, and the control sum; review
    # 92: its symbols in words; review 97: the money with its unit, "…, matches")
    assert sheet.description == (
        "Table sheet, table 1: 1st–2nd AI Božena (easy): top-up 0.00 Kč, money 55.50 Kč,"
        " points 3.5; 1st–2nd Bob (absent – AI): top-up 0.00 Kč, money 55.50 Kč, points 3.5;"
        " 3rd–4th Ann (AI from round 1): top-up 0.00 Kč, money 44.50 Kč, points 1.5;"
        " 3rd–4th AI Karel (easy): top-up 0.00 Kč, money 44.50 Kč, points 1.5. Check: money in"
        " total 200.00 Kč = stakes + top-ups 200.00 Kč, matches")
    lines = sheet_lines(rec, slot, "en")
    ann_line = next(line for line in lines if line.name == "Ann")
    assert [tag.label for tag in ann_line.tags] == ["AI from round 1"]  # (review 97)
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]
    shown = next(m for m in ch.history() if m.id == message.id).embeds[0].description
    assert "1\\. Ann – AI from round 1" in shown


async def test_the_rules_at_a_tournament_table_point_to_its_own_round_and_stake(taroky):
    """Review 53: the Rules button of a table of a tournament of one-deal rounds said "the
    tournament rules play rounds of 60 minutes"; it says that the tournament's round, stake
    and cap are under the table's rules, which list them (Round: 1 deal)."""
    ch, ann, _message = await started_tournament(taroky, "taroky", ("easy",) * 3,
                                                 channel="tournament", rounds=3, round_deals=1,
                                                 turn_timer=20, language="en")
    (slot,) = (await record(taroky, 1)).tables
    thread = next(t for t in ch.threads if t.id == slot.thread_id)
    table = taroky.service.tables[slot.table_id]
    shown = next(m for m in thread.history() if m.id == table.message_id)
    for res in (await ann.click(shown, custom_id=f"lora:t:{slot.table_id}:rules"),
                await ann.slash(thread, "taroky rules")):
        embed = reply(res).embeds[0]
        assert embed.description.endswith(
            "Play goes counter-clockwise; this tournament's round length, stake and cap are"
            " listed below under Table rules.")
        assert "60 minutes" not in embed.description
        *topics, field = embed.fields
        assert topics[0].name == "Roles and cards"  # (review 74: then "Bidding")
        assert field.name == "Table rules"
        assert field.value.splitlines()[:4] == [
            "• Round: 1 deal",
            "• Stake 50.00 Kč (each player's money at the start of the round; it does not"
            " change the rates)",
            "• Top-up by 10.00 Kč (whenever a player's money would go below zero, it is topped"
            " up automatically in steps of this size)",
            "• Cap 40.00 Kč (the most one player pays another for one game)"]
