"""Faults around a click: Discord refusing a request (500, 429), the database locked or full,
a picture that fails to render. The game goes on, nothing is lost or half-applied (memory and
database agree), the public table message is re-synced at the next action, the clicking user
gets a clear answer, and his next click works.

discord.py logs (does not raise) an exception that escapes a button's handler ("Ignoring
exception in dynamic item callback"), and SimCord does not record those: every test here
fails on such a log line, since the bot is meant to contain every failure itself.
"""

from __future__ import annotations

import json
import logging
import random
import sqlite3
from typing import Any

import pytest

from bot.render import render_table
from bot.service import RETRY_SECONDS
from bot.ui import builders
from bot.ui.turn_pings import TURN_PING_SECONDS
from engine.contracts import TRICK_CONTRACTS
from tests.botkit import Players, channel_delivered, enabled_controls, open_table, reply

# the table's language (Czech), whatever the locale of the clicking client (SimCord: en-US)
STALE = "Mezitím se hra posunula – tvoje karty výše už ukazují, jak to je teď."
DB_ERROR = "Tah se nepodařilo uložit, nic se nezměnilo. Zkus to prosím znovu."


@pytest.fixture(autouse=True)
def _logs(caplog):
    caplog.set_level(logging.DEBUG, logger="discord")
    caplog.set_level(logging.DEBUG, logger="bot")
    yield caplog


def unhandled(caplog) -> list[str]:
    """Exceptions that escaped the bot's handlers (discord.py logged and dropped them)."""
    return [
        f"{r.name}: {r.getMessage()}: {r.exc_info[1]!r}" if r.exc_info else r.getMessage()
        for r in caplog.records
        if r.levelno >= logging.ERROR and r.name.startswith("discord")
    ]


# -- helpers -----------------------------------------------------------------------------
async def _table(harness, humans=("alice",), **options):
    ai = ("easy",) * (4 - len(humans))
    guild, ch, users, tid = await open_table(harness, list(humans), ai, **options)
    players = Players(harness, ch, tid, users, random.Random(7))
    return guild, ch, users, tid, players


async def assert_saved(harness, table) -> None:
    """The database holds exactly what the bot holds in memory."""
    rec = await harness.bot.store.get_table(table.table_id)
    assert rec is not None
    assert rec.state == table.state.to_json()
    assert rec.version == table.version
    assert rec.seats == table.seats_json()
    assert rec.status == table.status
    actions = await harness.bot.store.table_actions(table.table_id)
    assert len(actions) == table.version


def snapshot(table) -> tuple[Any, ...]:
    return table.state.to_json(), table.seats_json(), table.status, table.version


async def assert_table_message_current(players) -> None:
    """The public table message shows the state as it is now (text, buttons, picture)."""
    table = players.table
    msg = players.table_message()
    expected = builders.table_message(table)
    assert msg.embeds[0].description == expected["embed"].description
    assert msg.embeds[0].title == expected["embed"].title
    shown = [c.custom_id for row in msg.components for c in row.children]
    assert shown == [item.custom_id for item in expected["view"].children]
    picture = await msg.attachments[0].read()
    lora = table.state
    assert picture == render_table(lora.public_view(), table.names(), table.settings.lang,
                                   marks=table.marks())  # (an absent player's badge)


def human_to_act(players) -> Any:
    table = players.table
    seat = table.state.to_act
    return players.users[table.seats[seat].user_id]


async def fresh_hand(players, user) -> Any:
    """His hand message, opened again when it is out of date."""
    table = players.table
    hand = players.hands.get(user.id)
    controls = enabled_controls(hand) if hand is not None else []
    if not controls or controls[0]["custom_id"].split(":")[3] != str(table.version):
        hand = await players.open_hand(user)
    return hand


async def click_first(players, user) -> Any:
    """He clicks the first enabled control of his current hand message."""
    hand = await fresh_hand(players, user)
    control = enabled_controls(hand)[0]
    if control["type"] == 3:
        return await user.select(hand, [control["options"][0]["value"]],
                                 custom_id=control["custom_id"])
    return await user.click(hand, custom_id=control["custom_id"])


def assert_failed_or_told(res) -> None:
    """The click's answer failed: Discord shows "This interaction failed" (nothing was
    acknowledged), or the bot managed to tell him in a message of his own."""
    if res.acknowledged:
        answer = reply(res)
        assert answer.ephemeral
        assert answer.content, "acknowledged, but with nothing to read"


def faults_left(harness) -> int:
    return len(harness.env.backend.faults)


async def assert_turn_timer_runs(harness, table) -> None:
    """The player to act has his turn timer: when it runs out, an AI plays for him."""
    seat = table.state.to_act
    version = table.version
    await harness.env.advance_time(table.settings.turn_timer + 1)
    assert table.seats[seat].absent, "no turn timer runs for the player to act"
    assert table.version > version or not [
        s for s in table.seats if s.user_id and not s.absent
    ]


async def next_move_works(harness, players) -> None:
    table = players.table
    version = table.version
    await players.move()
    assert table.version > version
    await assert_saved(harness, table)
    await assert_table_message_current(players)


# -- Discord refuses a request ---------------------------------------------------------------
@pytest.mark.parametrize("status", [500, 429])
async def test_failed_table_edit_is_resynced_at_the_next_move(harness, caplog, status):
    _g, _ch, _users, _tid, players = await _table(harness)
    table = players.table
    await players.move()
    harness.env.inject_error("PATCH", "/channels/*/messages/*", status=status, times=1)
    for _ in range(10):  # a move that starts a new game re-posts instead of editing
        version = table.version
        await players.move()
        assert table.version > version  # the game goes on
        if not faults_left(harness):
            break
    assert not faults_left(harness), "no move edited the table message"
    assert "table message edit failed on table 1" in caplog.text
    await assert_saved(harness, table)
    await next_move_works(harness, players)
    assert not unhandled(caplog)


async def test_failed_ping_loses_nothing(harness, caplog):
    _g, _ch, _users, _tid, players = await _table(harness, ("alice", "bob"))
    table = players.table
    for _ in range(40):  # until the turn passes to the other human within a deal
        version, mover = table.version, table.seats[table.state.to_act].user_id
        message_id = table.message_id
        await players.move()
        assert table.version > version
        if table.seats[table.state.to_act].user_id not in (mover, None) \
                and table.message_id == message_id:
            break
    else:
        pytest.fail("the turn never passed to the other human")
    # his "your turn" message, posted when he has not moved within the grace, fails
    harness.env.inject_error("POST", "/channels/*/messages", status=500, times=1)
    await harness.env.advance_time(TURN_PING_SECONDS + 1)
    assert not faults_left(harness), "no message was sent"
    assert "ping failed on table 1" in caplog.text
    await assert_saved(harness, table)
    await assert_table_message_current(players)
    await next_move_works(harness, players)
    assert not unhandled(caplog)


async def test_start_with_failed_posts_delivers_them_once_discord_accepts_again(harness, caplog):
    """Discord refuses every post while the game starts: the game starts anyway (the lobby
    message stays the table's), and the outbox keeps the table message (with the deal's
    announcement) until Discord accepts it; then it arrives, once, and the lobby message
    becomes the announcement above it."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(ch, "lora new", seating="join", turn_timer=0)
    lobby = ch.last_message
    for _ in range(3):
        await alice.click(lobby, custom_id="lora:lai:1:easy")
    env.inject_error("POST", "/channels/*/messages", status=500, times=None)
    res = await alice.click(lobby, custom_id="lora:l:1:start")
    assert res.acknowledged
    table = harness.service.tables[1]
    assert table.status == "playing"
    assert table.message_id == lobby.id  # the table could not be posted yet: the lobby stays
    await assert_saved(harness, table)
    assert harness.bot.controller.delivery.pending(1) >= 1  # the table message
    assert not [m for m in ch.history() if m.content.startswith("▶")]
    env.backend.faults.clear()
    await env.advance_time(120)  # the backoff runs out
    await channel_delivered(harness, ch.id)
    assert harness.bot.controller.delivery.pending(1) == 0
    announced = [m for m in ch.history() if m.content.startswith("▶")]
    assert [m.id for m in announced] == [lobby.id]  # the lobby message became it
    assert not announced[0].embeds and not announced[0].components
    assert table.message_id > lobby.id  # the table message below its announcement
    # /lora hand opens the cards, and the game goes on
    res = await alice.slash(ch, "lora hand")
    players = Players(harness, ch, 1, [alice], random.Random(3))
    players.hands[alice.id] = reply(res)
    await next_move_works(harness, players)
    assert "table message post failed on table 1" in caplog.text
    assert not unhandled(caplog)


def _last_trick_of_the_human(table, seat):
    lora = table.state
    g = lora.game
    return (
        lora.phase == "play"
        and lora.contract in TRICK_CONTRACTS
        and lora.to_act == seat
        and g.hands[seat].bit_count() == 1
    )


async def _advance_to(harness, table, done, rng, limit=400):
    """Random legal actions through the service (saved like real moves) until done()."""
    for _ in range(limit):
        if done(table):
            await harness.service._save(table)
            await harness.bot.controller.presenter.table_changed(table, [])
            return
        action = rng.choice(table.state.legal_actions())
        harness.service._apply(table, action, by=table.seats[action.seat].user_id or "ai")
    raise AssertionError("the wanted position was not reached")


@pytest.mark.parametrize(
    ("method", "path", "times"),
    [
        ("POST", "/channels/*/messages", 2),  # the new table message (retried twice)
        ("PATCH", "/channels/*/messages/*", 1),  # an edit: the old table message's record
    ],
)
async def test_new_game_with_failed_posts_goes_on(harness, caplog, method, path, times):
    _g, ch, users, tid, players = await _table(harness)
    table = players.table
    seat = table.seat_of(users[0].id)
    await _advance_to(harness, table, lambda t: _last_trick_of_the_human(t, seat),
                      random.Random(5))
    game = (table.state.tali, table.state.game_no)
    old_message = table.message_id
    harness.env.inject_error(method, path, status=500, times=times)
    await click_first(players, users[0])
    assert (table.state.tali, table.state.game_no) != game  # a new partial game began
    assert not faults_left(harness)
    # retried: the new game's table message arrives once, and the old one became the last
    # game's result and the new game's announcement
    assert table.message_id != old_message
    shown = [m for m in ch.history() if not m.flags.ephemeral]
    announced = [m for m in shown if m.id >= old_message and "\n▶ **" in m.content]
    assert [m.id for m in announced] == [old_message]
    assert announced[0].content.startswith("■ **")
    assert not announced[0].embeds and not announced[0].components
    assert len([m for m in shown if m.embeds and m.id > old_message]) == 1
    await assert_saved(harness, table)
    await next_move_works(harness, players)
    assert not unhandled(caplog)


async def test_failed_callback_of_a_card_click_then_the_next_click_works(harness, caplog):
    _g, _ch, users, _tid, players = await _table(harness)
    table = players.table
    await players.move()
    user = human_to_act(players)
    before = snapshot(table)
    harness.env.inject_error("POST", "/interactions/*/*/callback", status=500, times=1)
    res = await click_first(players, user)
    assert not faults_left(harness)
    assert_failed_or_told(res)
    assert snapshot(table) == before  # not acknowledged, so not made
    await assert_saved(harness, table)
    # the same button again: it works now
    await click_first(players, user)
    assert table.version > before[3]
    await assert_saved(harness, table)
    await assert_table_message_current(players)
    # the bot contains the failure itself (no exception escaping its handler)
    assert not unhandled(caplog)


async def test_failed_callback_of_my_cards_then_the_next_click_works(harness, caplog):
    _g, _ch, users, tid, players = await _table(harness)
    table = players.table
    before = snapshot(table)
    harness.env.inject_error("POST", "/interactions/*/*/callback", status=429, times=1)
    res = await users[0].click(players.table_message(), custom_id=f"lora:t:{tid}:hand")
    assert_failed_or_told(res)
    assert snapshot(table) == before
    await players.open_hand(users[0])
    await next_move_works(harness, players)
    assert not unhandled(caplog)


async def test_failed_hand_follow_up_gets_a_clear_answer(harness, caplog):
    """My cards: the deferred answer's follow-up (the hand) fails. The user must not be left
    with "the bot is thinking…" for ever, and the next My cards works."""
    _g, _ch, users, tid, players = await _table(harness)
    table = players.table
    before = snapshot(table)
    harness.env.inject_error("POST", "/webhooks/*/*", status=500, times=1)
    res = await users[0].click(players.table_message(), custom_id=f"lora:t:{tid}:hand")
    assert not faults_left(harness)
    assert snapshot(table) == before
    answer = reply(res)
    assert res.acknowledged
    assert answer.content or answer.attachments, "the user is left with an empty answer"
    assert not unhandled(caplog)
    await players.open_hand(users[0])
    await next_move_works(harness, players)


async def test_failed_hand_edit_after_a_move_then_the_stale_hand_recovers(harness, caplog):
    _g, _ch, users, _tid, players = await _table(harness)
    table = players.table
    await players.move()
    user = users[0]
    old_hand = await fresh_hand(players, user)
    old_controls = [c["custom_id"] for c in enabled_controls(old_hand)]
    version = table.version
    harness.env.inject_error("PATCH", "/webhooks/*/*/messages/*", status=500, times=1)
    await user.click(old_hand, custom_id=old_controls[0])
    assert not faults_left(harness)
    assert table.version > version  # the move was made and saved
    assert "hand refresh failed" in caplog.text
    await assert_saved(harness, table)
    await assert_table_message_current(players)
    # his hand still shows the old buttons; a click on one is refused clearly …
    assert [c["custom_id"] for c in enabled_controls(old_hand)] == old_controls
    moved = table.version
    res = await user.click(old_hand, custom_id=old_controls[-1])
    assert reply(res).content == STALE
    assert reply(res).ephemeral
    assert table.version == moved
    # … and the hand is brought up to date, so the next click plays
    assert enabled_controls(old_hand)[0]["custom_id"].split(":")[3] == str(moved)
    await user.click(old_hand, custom_id=enabled_controls(old_hand)[0]["custom_id"])
    assert table.version > moved
    await assert_saved(harness, table)
    assert not unhandled(caplog)


# -- the database refuses --------------------------------------------------------------------
def fail_once(store, message, when=lambda n, changes: n == 1):
    """``store.update_table`` raises ``sqlite3.OperationalError(message)`` once, on the call
    ``when(n, changes)`` picks (n counts calls from 1)."""
    original = store.update_table
    state = {"n": 0, "failed": 0}

    async def update_table(table_id, **changes):
        state["n"] += 1
        if not state["failed"] and when(state["n"], changes):
            state["failed"] += 1
            raise sqlite3.OperationalError(message)
        return await original(table_id, **changes)

    store.update_table = update_table
    return state


@pytest.mark.parametrize("message", ["database is locked", "database or disk is full"])
async def test_database_refusing_a_move_changes_nothing(harness, caplog, message):
    _g, _ch, users, _tid, players = await _table(harness)
    table = players.table
    await players.move()
    user = users[0]
    await fresh_hand(players, user)
    before = snapshot(table)
    shown = players.table_message().embeds[0].description
    state = fail_once(harness.bot.store, message)
    res = await click_first(players, user)
    assert state["failed"] == 1
    assert reply(res).content == DB_ERROR
    assert reply(res).ephemeral
    assert snapshot(table) == before
    await assert_saved(harness, table)
    assert players.table_message().embeds[0].description == shown
    # the very same button works now
    await click_first(players, user)
    assert table.version > before[3]
    await assert_saved(harness, table)
    await assert_table_message_current(players)
    assert not unhandled(caplog)


async def test_database_refusing_a_stand_in_move_retries_it(harness, caplog):
    """A click's moves are committed together (his move and the AI moves after it), so a
    refusal there refuses the click (above). Moves nobody clicked — an AI standing in for an
    absent player when the timer runs out — are retried a little later instead."""
    _g, _ch, users, _tid, players = await _table(harness, ("alice", "bob"), turn_timer=30)
    table = players.table
    seat = table.state.to_act
    assert table.seats[seat].user_id is not None  # a human is to play
    version = table.version
    state = fail_once(harness.bot.store, "database is locked",
                      lambda n, changes: bool(changes.get("actions")))
    await harness.env.advance_time(31)  # reminder at 15 s, the stand-in at 30 s
    assert state["failed"] == 1
    assert table.version == version  # nothing half-made: back to the saved state
    await assert_saved(harness, table)
    await harness.env.advance_time(RETRY_SECONDS + 1)
    assert table.version > version  # the stand-in played on its own
    assert table.seats[seat].absent
    await assert_saved(harness, table)
    await channel_delivered(harness, players.channel.id)
    await assert_table_message_current(players)
    assert not unhandled(caplog)


async def test_database_refusing_the_ping_id_keeps_the_game_running(harness, caplog):
    """The move is saved, then saving the id of the "your turn" message fails: the clicking
    user still gets his hand refreshed, the next player's turn timer runs, the game goes on."""
    # (a 300 s timer: a turn pings after the grace — up to 160 s its reminder is his ping)
    _g, _ch, users, _tid, players = await _table(harness, ("alice", "bob"), turn_timer=300)
    table = players.table
    state = fail_once(
        harness.bot.store, "database is locked",
        lambda n, changes: set(changes) == {"extra"},  # Controller._ping → set_ping
    )
    for _ in range(20):
        user = human_to_act(players)
        version = table.version
        res = await click_first(players, user)
        assert table.version > version
        await harness.env.advance_time(TURN_PING_SECONDS + 1)  # (the next one waits)
        if state["failed"]:
            break
    assert state["failed"] == 1, "no ping was saved"
    await assert_saved(harness, table)
    # the clicking user's hand shows the new state (not the one he clicked on)
    assert not res.followups, [f.content for f in res.followups]
    hand = players.hands[user.id]
    rows = [c["custom_id"] for row in hand.components for c in row["components"]]
    assert all(f":{table.version}:" in cid for cid in rows if cid.startswith("lora:a:"))
    assert not unhandled(caplog)
    # the turn timer of the player to act runs, and the game goes on
    await assert_turn_timer_runs(harness, table)
    await next_move_works(harness, players)


# -- a picture (or the whole message around it) fails --------------------------------------
def break_once(monkeypatch, name):
    """Make ``name`` fail once where the bot calls it (the table and hand pictures are drawn
    by Lóra's UI module, the messages built by the core's builders)."""
    import bot.games.lora
    import bot.games.lora.hand

    module = {"render_table": bot.games.lora, "render_hand": bot.games.lora.hand}.get(
        name, builders)
    original = getattr(module, name)
    state = {"failed": 0}

    def broken(*args, **kwargs):
        if not state["failed"]:
            state["failed"] += 1
            raise RuntimeError(f"{name} failed (injected)")
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, broken)
    return state


@pytest.mark.parametrize("name", ["render_table", "render_hand", "table_message",
                                  "hand_message"])
async def test_rendering_failure_answers_clearly_and_is_not_half_applied(
    harness, caplog, monkeypatch, name
):
    _g, _ch, users, _tid, players = await _table(harness, turn_timer=60)
    table = players.table
    await players.move()
    user = users[0]
    hand = await fresh_hand(players, user)
    before = snapshot(table)
    state = break_once(monkeypatch, name)
    res = await click_first(players, user)
    assert state["failed"] == 1
    after = snapshot(table)
    await assert_saved(harness, table)  # memory and database agree
    if after == before:  # refused as a whole: he is told so
        assert reply(res).ephemeral
        assert reply(res).content in (DB_ERROR,) or "try again" in reply(res).content.lower()
    else:  # made as a whole: his move is in the log; he sees the new state or is told
        assert table.state.log[before[3]].seat == table.seat_of(user.id)
        controls = enabled_controls(hand)
        refreshed = bool(controls) and controls[0]["custom_id"].split(":")[3] == str(
            table.version)
        told = [f.content for f in res.followups if f.ephemeral and f.content]
        assert refreshed or told, (
            "the move was made but his hand still shows the old state, with no message"
        )
    assert not unhandled(caplog)
    await assert_turn_timer_runs(harness, table)
    await next_move_works(harness, players)


async def test_pictures_that_cannot_be_drawn_leave_the_game_in_words(harness, monkeypatch):
    """The table and hand pictures fail every time: the messages go without them, and their
    text still says the game — the table message its whole state (as with its picture),
    the hand his cards ("V ruce máš: …"), and the move still works."""
    import bot.games.lora
    import bot.games.lora.hand

    def broken(*_args: Any, **_kwargs: Any) -> bytes:
        raise RuntimeError("no picture (injected)")

    monkeypatch.setattr(bot.games.lora, "render_table", broken)
    monkeypatch.setattr(bot.games.lora.hand, "render_hand", broken)
    _g, _ch, users, _tid, players = await _table(harness, turn_timer=60)
    table = players.table
    version = table.version
    await players.move()
    await harness.bot.controller.delivery.settled()
    assert table.version > version
    msg = players.table_message()
    assert not msg.attachments and msg.embeds[0].image.url is None
    expected = builders.table_message(table)["embed"].description
    assert msg.embeds[0].description == expected
    status = bot.games.lora.UI.status_lines(table, table.settings.lang)
    assert status and expected.startswith("\n".join(status))
    hand = await players.open_hand(users[0])
    assert not hand.attachments
    assert "\nV ruce máš: " in hand.content
    version = table.version
    await players.move()  # (its buttons work as ever)
    assert table.version > version


async def test_database_refusing_the_end_of_a_harakiri_game_keeps_memory_and_db_equal(
    harness, caplog
):
    """A harakiri play-off (seats 0–2 tied): the save of the move that ends one of its games
    is refused. The table goes back to the state last saved, exactly: memory and database
    agree, and the play-off's sums count that game once, when it is finally saved."""
    from engine.lora import Lora
    from tests.helpers import xdeal

    _g, _ch, users, _tid, players = await _table(harness)
    table = players.table
    seat = table.seat_of(users[0].id)
    lora = Lora(first_leader=0, deals=[xdeal(0)] * 8, start=False)
    lora.totals = [10, 10, 10, 20]
    lora.stovka = [None, None, None, None]
    lora._begin_final_order()
    assert lora.harakiri is not None and seat in lora.harakiri.seats
    table.state = lora
    await harness.service._save(table)
    await _advance_to(harness, table, lambda t: _last_trick_of_the_human(t, seat),
                      random.Random(9))
    played = table.state.harakiri.played
    sums = list(table.state.harakiri.sums)
    state = fail_once(
        harness.bot.store, "database is locked",
        lambda n, changes: bool(changes.get("state"))  # (the state's stored text)
        and (json.loads(changes["state"]).get("harakiri") or {}).get("played", 0) > played,
    )
    await click_first(players, users[0])
    assert state["failed"] == 1, "no save ended the harakiri game"
    rec = await harness.bot.store.get_table(table.table_id)
    assert rec.state == table.state.to_json(), "memory and database differ after the refusal"
    await harness.env.advance_time(RETRY_SECONDS + 1)  # the refused move is made again
    h = table.state.harakiri
    rec = await harness.bot.store.get_table(table.table_id)
    assert rec.state == table.state.to_json()
    if h is not None and h.played == played + 1:
        gained = [h.sums[s] - sums[s] for s in range(4)]
        assert sum(gained) == sum(row.points[s] for row in table.state.protocol[-1:]
                                  for s in range(4))
    assert not unhandled(caplog)


@pytest.mark.parametrize("command", ["lora stats", "lora export", "lora score",
                                     "lora leaderboard"])
async def test_every_slash_command_answers_when_it_raises(harness, caplog, monkeypatch, command):
    """The tree's on_error: a command whose work raises still tells the user (before or after
    its deferral), and the error is logged, not dropped."""
    _g, ch, users, _tid, _players = await _table(harness)

    async def broken(*args, **kwargs):
        raise RuntimeError("injected")

    store = harness.bot.store
    for name in ("player_stats", "export_game", "leaderboard"):
        monkeypatch.setattr(store, name, broken)
    import bot.games.lora

    def broken_sheet(*args, **kwargs):
        raise RuntimeError("injected")

    # (the sheet's totals: its picture is the render pool's, whose failure leaves the
    # picture out and the text goes: tests/test_bot_sheet_pages.py)
    monkeypatch.setattr(bot.games.lora.texts, "sheet_lines", broken_sheet)
    options = {"game": 1} if command.endswith("export") else {}
    res = await users[0].slash(ch, command, **options)
    # (the leaderboard is deferred in public: its answer replaces the public "thinking")
    assert reply(res).ephemeral or command.endswith("leaderboard")
    assert reply(res).content == "Something went wrong. Please try again."
    assert "injected" in caplog.text
