"""The turn timer: a reminder, then an AI plays for the absent player until he clicks again."""

from __future__ import annotations

import random

import pytest

from bot.ui import builders
from tests.botkit import (
    Players,
    channel_delivered,
    controls,
    enabled_controls,
    open_table,
    raw_click,
    reply,
    stored_message,
)

BACK_CS = "Jsi zpět u stolu – AI už za tebe nehraje, hraješ zase ty."
BACK_EN = "You are back at the table – you play yourself again, the AI no longer plays for you."


async def test_reminder_then_ai_stands_in_until_the_player_returns(harness):
    env = harness.env
    guild, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"),
                                             turn_timer=60)
    table = harness.service.tables[tid]
    players = Players(harness, ch, tid, users, random.Random(4))
    seat = table.state.to_act
    late = players.users[table.seats[seat].user_id]
    version = table.version

    await env.advance_time(29)
    assert table.version == version
    await env.advance_time(2)
    await channel_delivered(harness, ch.id)
    reminder = ch.last_message
    assert reminder.content == (
        f"{late.mention}, máš na tah ještě 30 s; pak za tebe bude hrát AI, dokud znovu neklikneš."
    )
    assert table.version == version

    await env.advance_time(31)
    await channel_delivered(harness, ch.id)
    assert table.seats[seat].absent
    assert table.version > version  # the stand-in played
    assert table.seats[seat].ai_moves >= 1
    name = table.names()[seat]
    embed = players.table_message().embeds[0]
    assert (f"{name} nereaguje, a tak za hráče hraje AI, dokud znovu neklikne."
            in embed.description)
    assert "(tah AI)" in embed.description  # the stood-in move, marked

    # he clicks My cards: he is back (told at the top of his fresh hand), and plays himself
    hand = await players.open_hand(late)
    assert not table.seats[seat].absent
    assert hand.content.startswith(BACK_CS + "\n")
    assert f"{name} je zpět u stolu." in players.table_message().embeds[0].description


async def test_everybody_absent_pauses_the_table(harness):
    env = harness.env
    guild, ch, users, tid = await open_table(harness, ["alice"], ("easy", "easy", "easy"),
                                             turn_timer=30)
    table = harness.service.tables[tid]
    await env.advance_time(31)
    assert table.seats[table.seat_of(users[0].id)].absent
    version = table.version
    await env.advance_time(600)
    assert table.version == version  # no human is present: nobody plays for them
    assert not table.state.finished


async def _late_with_open_hand(harness, game, language):
    """Alice and Bob at a table with a turn timer; the one to act opens his hand (its buttons
    enabled), then lets the timer run out: an AI stands in for him."""
    guild, ch, users, tid = await open_table(harness, ["alice", "bob"], ("medium", "medium"),
                                             game=game, language=language, turn_timer=60)
    table = harness.service.tables[tid]
    players = Players(harness, ch, tid, users, random.Random(1))
    seat = table.state.to_act
    late = players.users[table.seats[seat].user_id]
    hand = await players.open_hand(late)
    before = stored_message(late, hand)  # his hand as he still sees it on a slow client
    card = enabled_controls(hand)[0]["custom_id"]
    await harness.env.advance_time(62)
    assert table.seats[seat].absent and table.seats[seat].ai_moves >= 1
    return table, players, seat, late, hand, before, card


@pytest.mark.parametrize(("game", "language", "absent_line", "back_label", "back"), [
    # (review 73: since when and how many moves so far — the AI may play on for long)
    ("lora", "cs", "Čas na tah ti vypršel, a tak za tebe od té chvíle hraje AI (zatím 1 tah)."
     " Klikni na kterékoli tlačítko stolu – třeba Jsem zpět – a hraješ zase ty.", "Jsem zpět",
     BACK_CS),
    ("taroky", "en", "The AI has played for you since your time ran out (1 move so far). Click"
     " any button of the table – e.g. I'm back – and you play yourself again.", "I'm back",
     BACK_EN),
])
async def test_a_stale_card_click_of_an_absent_player_brings_him_back(
        harness, game, language, absent_line, back_label, back):
    table, players, seat, late, hand, before, card = await _late_with_open_hand(
        harness, game, language)
    # while the AI plays for him, his hand says so (not "the buttons unlock") and offers a
    # button to come back
    assert hand.content.splitlines()[-1] == absent_line
    assert [c["label"] for c in enabled_controls(hand)] == [back_label]

    # he clicks the card he still sees (stale now): he is back and told so
    res = await raw_click(late, before, card)
    assert [m.content for m in res.followups] == [back]
    assert not table.seats[seat].absent
    assert absent_line not in hand.content  # his hand refreshed: no longer stood in
    name = table.names()[seat]
    assert players.table_message().embeds[0].description.count(
        {"cs": f"{name} je zpět u stolu.", "en": f"{name} is back at the table."}[language]) == 1


async def test_an_absent_lora_hand_offers_no_cards_and_numbers_none(harness):
    """Review 90: while the AI plays for him his hand's only button is "Jsem zpět" (no
    disabled card buttons), and its picture has no number badges under his cards (they
    named buttons): it is his hand drawn unnumbered, which differs from the numbered
    drawing in the badges' row alone."""
    from PIL import ImageChops

    from bot.games.base import picture_names
    from bot.render.hand import LABEL_Y, hand_image, render_hand

    table, _players, seat, _late, hand, _, _ = await _late_with_open_hand(harness, "lora", "cs")
    assert [c.get("label") for c in controls(hand)] == ["Jsem zpět"]
    view = table.state.view(seat)
    assert view.hand
    names = picture_names(table, "cs")
    shown = builders.game_ui(table).hand(table, view, "cs").picture()
    assert shown == render_hand(view, "cs", names, numbered=False)
    assert shown != render_hand(view, "cs", names)
    box = ImageChops.difference(hand_image(view, "cs", names, numbered=False),
                                hand_image(view, "cs", names)).getbbox()
    assert box is not None and box[1] >= LABEL_Y - 25 and box[3] <= LABEL_Y + 25


async def test_the_back_button_of_an_absent_hand_brings_him_back(harness):
    table, players, seat, late, hand, _, _ = await _late_with_open_hand(harness, "lora", "cs")
    res = await late.click(hand, label="Jsem zpět")
    fresh = reply(res)
    assert fresh.content.startswith(BACK_CS + "\n")
    assert not table.seats[seat].absent
    assert "Jsem zpět" not in [c.get("label") for c in enabled_controls(fresh)]


async def test_a_protocol_click_of_an_absent_player_brings_him_back(harness):
    table, players, seat, late, _, _, _ = await _late_with_open_hand(harness, "lora", "cs")
    res = await late.click(players.table_message(), label="Protokol")
    assert res.followups[-1].content == BACK_CS
    assert res.response.attachments  # the protocol itself, as ever
    assert not table.seats[seat].absent


async def test_a_sheet_page_click_of_an_absent_player_brings_him_back(harness):
    """A page's button under his score sheet is a click at his table like any other."""
    _guild, ch, users, tid = await open_table(harness, ["alice", "bob"], ("medium", "medium"),
                                              turn_timer=60)
    table = harness.service.tables[tid]
    players = Players(harness, ch, tid, users, random.Random(1))
    seat = table.state.to_act
    late = players.users[table.seats[seat].user_id]
    sheet = reply(await late.click(players.table_message(), label="Protokol"))
    await harness.env.advance_time(62)
    assert table.seats[seat].absent
    res = await late.click(sheet, label="Celkem")
    assert res.followups[-1].content == BACK_CS
    assert [c.get("label") for c in enabled_controls(sheet)] == [
        "1. tálie", "2. tálie", "3. tálie", "4. tálie"]  # (the page turned to the overview)
    assert not table.seats[seat].absent


@pytest.mark.parametrize(("game", "language", "back"), [
    ("lora", "cs", "Jsi zpět u stolu."), ("taroky", "en", "You are back at the table.")])
async def test_a_current_click_of_an_absent_player_plays_and_brings_him_back(
        harness, game, language, back):
    """Nobody else present: the table waits for the absent player; his click on his own
    turn is played, and he is told that he is back — only that (review 17): no AI played
    for him, so not that "the AI no longer plays for you"."""
    env = harness.env
    guild, ch, users, tid = await open_table(harness, ["alice"], ("easy", "easy", "easy"),
                                             game=game, language=language, turn_timer=30)
    table = harness.service.tables[tid]
    players = Players(harness, ch, tid, users, random.Random(4))
    await env.advance_time(31)
    seat = table.seat_of(users[0].id)
    assert table.seats[seat].absent and table.state.to_act == seat
    assert table.seats[seat].ai_moves == 0
    hand = await players.open_hand(users[0])  # (My cards brings him back as well)
    assert hand.content.startswith(back + "\n")
    assert not table.seats[seat].absent
    await env.advance_time(31)
    assert table.seats[seat].absent
    version = table.version
    res = await users[0].click(hand, custom_id=enabled_controls(hand)[0]["custom_id"])
    assert table.version > version  # his card was played
    assert [m.content for m in res.followups] == [back]
    assert not table.seats[seat].absent
    assert table.seats[seat].ai_moves == 0


@pytest.mark.parametrize("game", ["lora", "taroky"])
async def test_the_table_picture_marks_absent_and_replaced_players(harness, game):
    """The seat of a player who left (an AI took it for good) carries the "AI" badge in the
    table picture, an absent player's seat its mark too; the others none."""
    from bot.games import ui_of

    table, players, seat, late, _, _, _ = await _late_with_open_hand(harness, game, "cs")
    assert table.marks()[seat] == "ai"  # an AI plays for him while Bob is here
    other = next(u for u in players.users.values() if u is not late)
    gone = table.seat_of(other.id)
    res = await other.slash(players.channel, f"{game} leave")  # an AI takes his seat
    await other.click(reply(res), label="Odejít, dohraje AI")
    # (the absent player is alone now: the table waits for him, his mark says "away")
    marks = [None] * 4
    marks[seat], marks[gone] = "away", "ai"
    assert table.marks() == tuple(marks)
    await harness.env.advance_time(1)
    await channel_delivered(harness, players.channel.id)
    shown = await players.table_message().attachments[0].read()
    picture = ui_of(game).table_picture(table, "cs")
    assert picture.keywords == {"marks": tuple(marks), "tournament": ""}
    assert shown == picture()
    assert shown != picture.func(*picture.args, marks=())  # (the marks are drawn)


async def test_an_ai_standing_in_bids_and_announces_nothing_in_the_absent_player_s_name(harness):
    """Taroky: the AI standing in for a player whose time ran out passes where it would
    have bid a game or announced (the stand-in here is made to want the boldest step);
    nobody comes back to a sólo made in his name."""
    from engine.taroky import SPEC as TAROKY
    from engine.taroky.actions import Bid

    env = harness.env
    _g, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"),
                                          game="taroky", turn_timer=30)
    table = harness.service.tables[tid]
    real = harness.service.ai.decide
    wanted: list[object] = []

    async def bold(kind, level, view, seed, **kw):  # type: ignore[no-untyped-def]
        state = table.state
        seat = state.to_act
        s = table.seats[seat]
        if s is not None and s.user_id is not None and s.absent:
            steps = [a for a in state.legal_actions() if TAROKY.committal(a)]
            if steps:
                wanted.append(steps[-1])
                return steps[-1].to_json()
        return await real(kind, level, view, seed, **kw)

    harness.service.ai.decide = bold
    for _ in range(12):
        if wanted:
            break
        await env.advance_time(31)
    assert wanted, "no absent player's bid or announcement came"
    taken = table.state.deal.log if table.state.deal is not None else []
    mine = [a for a in taken if getattr(a, "seat", None) == wanted[0].seat]
    # the opener must bid: the lowest game, never the sólo asked for; after it nothing
    assert mine and mine[0] == Bid(wanted[0].seat, "1P") != wanted[0]
    assert not any(TAROKY.committal(a) for a in mine[1:])


def _mentions(ch, user):
    """The channel's messages that mention ``user`` (his turn pings, reminders), as shown."""
    return [(m.id, m.content) for m in ch.history() if user.mention in (m.content or "")]


@pytest.mark.parametrize("game", ["lora", "taroky"])
async def test_a_restart_continues_the_turn_timer_and_pings_nobody_again(harness, game):
    """Bob's turn, a timer of 60 s: reminded at 30 s, a restart at 40 s. The timer goes on,
    not afresh (no 60 s more) — with the 20 s left raised to half his time, 30 s (the AI
    stands in at 70 s); no second "your turn" ping and no second reminder."""
    env = harness.env
    guild, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"),
                                             game=game, turn_timer=60)
    await env.settle()
    table = harness.service.tables[tid]
    seat = table.state.to_act
    late = next(u for u in users if u.id == table.seats[seat].user_id)
    version = table.version
    await env.advance_time(40)
    await channel_delivered(harness, ch.id)
    shown = _mentions(ch, late)
    assert shown[-1][1].startswith(f"{late.mention}, máš na tah ještě 30 s;")

    await harness.restart()
    await channel_delivered(harness, ch.id)
    table = harness.service.tables[tid]
    # nothing posted for him again: his reminder stands (the ping it replaced may be gone)
    assert shown[-1] in _mentions(ch, late) and set(_mentions(ch, late)) <= set(shown)
    await env.advance_time(29)
    await channel_delivered(harness, ch.id)
    assert not table.seats[seat].absent and table.version == version
    assert set(_mentions(ch, late)) <= set(shown)
    await env.advance_time(2)
    assert table.seats[seat].absent and table.version > version


async def test_a_restart_early_in_the_turn_keeps_its_times(harness):
    """A restart 10 s into Bob's 60 s turn (more than half left): his time is not extended —
    the reminder at 30 s from the turn's start says 30 s, the AI stands in at 60 s."""
    env = harness.env
    guild, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"),
                                             turn_timer=60)
    await env.settle()
    table = harness.service.tables[tid]
    seat = table.state.to_act
    late = next(u for u in users if u.id == table.seats[seat].user_id)
    await env.advance_time(10)
    shown = _mentions(ch, late)

    await harness.restart()
    await env.advance_time(19)
    await channel_delivered(harness, ch.id)
    assert _mentions(ch, late) == shown
    await env.advance_time(2)
    await _half_a_turn_then_the_ai(harness, ch, tid, seat, late, shown)


async def test_a_reminder_due_while_the_bot_was_down_leaves_him_half_his_time(harness):
    """The bot is down past the whole turn (his turn began 5 minutes before it is back), his
    reminder not sent yet: it comes at once and gives him half his time, 30 s of 60 s (he
    could not click while the bot was down), then the AI stands in."""
    env = harness.env
    guild, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"),
                                             turn_timer=60)
    table = harness.service.tables[tid]
    seat = table.state.to_act
    late = next(u for u in users if u.id == table.seats[seat].user_id)
    await env.advance_time(20)
    table.turn.started -= 300  # as if the bot had been down for those minutes
    await harness.service.note_ids(table)
    shown = _mentions(ch, late)

    await harness.restart()
    await env.advance_time(1)
    await _half_a_turn_then_the_ai(harness, ch, tid, seat, late, shown)


async def _half_a_turn_then_the_ai(harness, ch, tid, seat, late, shown) -> None:
    """Back after a restart: his reminder (the one new mention) gives him 30 s of his 60,
    and the AI stands in for him when they are over, not before."""
    await channel_delivered(harness, ch.id)
    table = harness.service.tables[tid]
    [reminder] = [m for m in _mentions(ch, late) if m not in shown]
    assert reminder[1].startswith(f"{late.mention}, máš na tah ještě 30 s;")
    await harness.env.advance_time(28)
    assert not table.seats[seat].absent
    await harness.env.advance_time(2)
    assert table.seats[seat].absent


async def test_the_back_line_stays_on_the_hand_while_the_ai_moves_after_the_return(harness):
    """Review 18: Alice and Bob both idle at a Taroky table; the AI stands in for the first
    of them while the other is present, then the table waits for the other. The first
    comes back with My cards: the AI plays on for the one still away, and the refreshes of
    her hand by those moves keep "you are back" on top until her own next move."""
    env = harness.env
    _g, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"),
                                          game="taroky", turn_timer=20)
    table = harness.service.tables[tid]
    players = Players(harness, ch, tid, users, random.Random(4))
    for _ in range(20):  # both idle: until the table waits (nobody present any more)
        await env.advance_time(30)
        if all(table.seats[table.seat_of(u.id)].absent for u in users):
            break
    first = next(u for u in users if table.seats[table.seat_of(u.id)].ai_stood)
    seat = table.seat_of(first.id)
    version = table.version
    hand = await players.open_hand(first)
    await channel_delivered(harness, ch.id)
    assert not table.seats[seat].absent and table.version > version  # the AI played on
    lines = hand.content.splitlines()
    assert lines[0] == BACK_CS
    assert lines[1:] == builders.hand_message(
        table, table.state.view(seat), "cs", render=False)["content"].splitlines()
    assert table.state.to_act == seat  # her own move: the line has done its work
    await first.click(hand, custom_id=enabled_controls(hand)[0]["custom_id"])
    await channel_delivered(harness, ch.id)
    assert hand.content.splitlines()[0] == "**Tvoje karty – 1. rozdání**"
