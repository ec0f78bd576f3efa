"""Tables in threads: a channel that already has a table gives the next one a thread of its
own (the server's ``table_threads``: ``busy`` by default, ``always``, ``never``); everything
of that table lives in its thread, the channel gets one line that points there."""

from __future__ import annotations

import dataclasses
import logging
import random
from typing import Any

import discord
import pytest

from tests.botkit import BotHarness, Players, emit_slash, mentioned, reply
from tests.helpers import LORA_BUILTIN_DEFAULTS_EN


def setup(harness: BotHarness, names: list[str]) -> tuple[Any, Any, list[Any]]:
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("karty")
    users = [guild.add_member(env.create_user(n, global_name=n.capitalize())) for n in names]
    return guild, ch, users


def thread_of(ch: Any, table: Any) -> Any:
    return next(t for t in ch.threads if t.id == table.channel_id)


async def start_with_ai(user: Any, where: Any, tid: int) -> None:
    lobby = next(m for m in where.history() if m.embeds and f"č. {tid}" in
                 (m.embeds[0].title or ""))
    for _ in range(3):
        await user.click(lobby, custom_id=f"lora:lai:{tid}:easy")
    await user.click(lobby, custom_id=f"lora:l:{tid}:start")


async def set_threads(harness: BotHarness, guild: Any, ch: Any, mode: str) -> Any:
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(harness.env.create_user("mod"), roles=[mods])
    return await mod.slash(ch, "lora settings", table_threads=mode)


async def test_a_second_table_in_a_channel_plays_in_its_own_thread(harness):
    guild, ch, (alice, bob) = setup(harness, ["alice", "bob"])
    res = await alice.slash(ch, "lora new", language="cs")
    assert reply(res).content == "Stůl č. 1 je založen."
    assert harness.service.tables[1].channel_id == ch.id and ch.threads == []
    assert not harness.service.tables[1].in_thread

    res = await bob.slash(ch, "lora new", language="cs", seating="join", turn_timer=0)
    table = harness.service.tables[2]
    thread = thread_of(ch, table)
    assert table.in_thread and table.parent_id == ch.id
    # only the intent saved (a restart before the thread was made): not in a thread yet
    assert not dataclasses.replace(table, channel_id=ch.id).in_thread
    assert thread.is_thread and thread.name == "Lóra – stůl č. 2"
    assert reply(res).content == f"Stůl č. 2 je založen. Hraje se ve vlákně <#{thread.id}>."
    assert ch.last_message.content == f"U stolu č. 2 (Lóra) se hraje ve vlákně <#{thread.id}>."
    assert thread.last_message.embeds[0].title == "Lóra – stůl č. 2"
    assert (await harness.bot.store.get_table(2)).channel_id == thread.id
    # the thread is a call of the bot's global limit beside the outbox: charged to its pace
    assert harness.bot.controller.delivery.metrics.charged == 1

    await start_with_ai(bob, thread, 2)
    players = Players(harness, thread, 2, [bob], random.Random(5))
    version = table.version
    for _ in range(3):
        await players.move()
    assert players.clicks == 3 and table.version > version
    # the thread: the deal's announcement, then the table message (his own clicks ping
    # nobody)
    history = thread.history()
    assert [m.id for m in history][-1] == table.message_id
    assert history[-1].embeds[0].image.url == "attachment://table.png"
    assert [m.content for m in history][:-1] == [
        "▶ **Červené** – 1. tálie, 1. hra. Rozdává AI Jaroslav, vynáší Bob."]
    # the channel: table 1's lobby, Discord's notice of the new thread and the one line
    # that points to table 2's thread
    shown = [(m.type, m.content, [e.title for e in m.embeds]) for m in ch.history()]
    assert shown == [
        (discord.MessageType.default, "", ["Lóra – stůl č. 1"]),
        (discord.MessageType.thread_created, "Lóra – stůl č. 2", []),
        (discord.MessageType.default,
         f"U stolu č. 2 (Lóra) se hraje ve vlákně <#{thread.id}>.", [])]


async def test_a_new_table_asked_for_in_a_table_s_thread_is_sent_to_the_channel(harness):
    """A thread has no threads: a second table would play beside the first in its thread,
    and the opener was told untruly that a thread could not be made (review 71)."""
    guild, ch, (alice, bob, cyril, dana) = setup(harness, ["alice", "bob", "cyril", "dana"])
    await alice.slash(ch, "lora new", language="cs")
    await bob.slash(ch, "lora new", language="cs")
    thread = thread_of(ch, harness.service.tables[2])
    res = await cyril.slash(thread, "lora new", language="cs")
    assert reply(res).content == ("Tady hraje stůl č. 2. Nový stůl založ přímo v kanálu"
                                  f" <#{ch.id}>.")
    res = await dana.slash(thread, "taroky new", language="en")
    assert reply(res).content == (f"Table 2 plays here. Open a new table in the channel <#{ch.id}>"
                                  " itself.")
    assert sorted(harness.service.tables) == [1, 2] and len(ch.threads) == 1
    # from the channel it opens as usual, in a thread of its own
    res = await cyril.slash(ch, "lora new", language="cs")
    third = thread_of(ch, harness.service.tables[3])
    assert reply(res).content == f"Stůl č. 3 je založen. Hraje se ve vlákně <#{third.id}>."


async def test_a_thread_whose_table_closed_takes_the_next_table_itself(harness):
    """Tables always in threads: a new table asked for in a thread with no table plays in
    that thread (a thread has none of its own), and its opener is not told that one could not
    be made."""
    guild, ch, (alice, bob) = setup(harness, ["alice", "bob"])
    await set_threads(harness, guild, ch, "always")
    await alice.slash(ch, "lora new", language="cs")
    thread = thread_of(ch, harness.service.tables[1])
    await alice.slash(thread, "lora abort")
    assert harness.service.tables_in_channel(thread.id) == []
    res = await bob.slash(thread, "lora new", language="cs")
    assert reply(res).content == "Stůl č. 2 je založen."
    assert harness.service.tables[2].channel_id == thread.id and len(ch.threads) == 1


async def test_two_new_tables_at_the_same_instant_in_an_empty_channel_one_goes_to_a_thread(
        harness):
    """Both commands are in flight together: the channel takes one new table at a time, so
    the second sees the first and plays in a thread of its own."""
    guild, ch, (alice, bob) = setup(harness, ["alice", "bob"])
    first = emit_slash(alice, ch, "lora new", language="cs")
    second = emit_slash(bob, ch, "taroky new", language="cs")
    await harness.env.settle()
    one, two = harness.service.tables[1], harness.service.tables[2]
    assert (one.creator_id, two.creator_id) == (alice.id, bob.id)
    assert one.channel_id == ch.id and two.channel_id != ch.id
    thread = thread_of(ch, two)
    assert thread.name == "Taroky – stůl č. 2"
    assert reply(first).content == "Stůl č. 1 je založen."
    assert reply(second).content == f"Stůl č. 2 je založen. Hraje se ve vlákně <#{thread.id}>."
    assert [(m.content, [e.title for e in m.embeds]) for m in ch.history()] == [
        ("", ["Lóra – stůl č. 1"]), ("Taroky – stůl č. 2", []),
        (f"U stolu č. 2 (Taroky) se hraje ve vlákně <#{thread.id}>.", [])]
    assert [e.title for m in thread.history() for e in m.embeds] == ["Taroky – stůl č. 2"]
    assert harness.service.openings == {} and harness.service.placing == set()


async def test_the_first_table_of_a_channel_stays_in_it_and_a_freed_channel_takes_the_next(
        harness):
    guild, ch, (alice, bob, cyril) = setup(harness, ["alice", "bob", "cyril"])
    await alice.slash(ch, "lora new", language="cs")
    # seated already: refused before any thread
    res = await alice.slash(ch, "lora new", language="cs")
    assert res.response.content == mentioned(
        f"Už sedíš u stolu č. 1 (Lóra, <#{ch.id}>). Chceš-li sedět"
                                    " jinde, nejdřív od něj odejdi: /lora leave.")
    assert ch.threads == []
    await bob.slash(ch, "lora new", language="cs")
    assert harness.service.tables[2].channel_id != ch.id
    await alice.slash(ch, "lora abort")  # the channel's own table is gone
    await cyril.slash(ch, "lora new", language="cs")
    assert harness.service.tables[3].channel_id == ch.id and len(ch.threads) == 1


async def test_never_keeps_every_table_in_the_channel(harness):
    guild, ch, (alice, bob) = setup(harness, ["alice", "bob"])
    res = await set_threads(harness, guild, ch, "never")
    assert reply(res).content == mentioned(  # (in his Discord's language)
        "✅ Saved – `table_threads`: always in the channel.\n"  # (what changed: review 94)
        "A game counts for the leaderboard when at least two people play it to the end and"
        " an AI made no more than 25% of any one's moves.\n"
        "New tables always play in the channel where they were opened.\n"
        "As a server manager you change these two with the `ai_share` and `table_threads`"
        " options.\n"
        + LORA_BUILTIN_DEFAULTS_EN)
    assert (await harness.bot.store.guild_settings(guild.id))["table_threads"] == "never"
    await alice.slash(ch, "lora new", language="cs")
    res = await bob.slash(ch, "lora new", language="cs")
    assert reply(res).content == "Stůl č. 2 je založen."
    assert harness.service.tables[2].channel_id == ch.id and ch.threads == []
    assert not harness.service.tables[2].in_thread
    assert [m.embeds[0].title for m in ch.history()] == ["Lóra – stůl č. 1", "Lóra – stůl č. 2"]


async def test_always_puts_even_the_first_table_in_a_thread(harness):
    guild, ch, (alice,) = setup(harness, ["alice"])
    await set_threads(harness, guild, ch, "always")
    before = len(ch.history())
    await alice.slash(ch, "taroky new", language="cs")
    table = harness.service.tables[1]
    thread = thread_of(ch, table)
    assert thread.name == "Taroky – stůl č. 1"
    assert [m.content for m in ch.history()[before:]] == [
        "Taroky – stůl č. 1", f"U stolu č. 1 (Taroky) se hraje ve vlákně <#{thread.id}>."]
    assert thread.last_message.embeds[0].title == "Taroky – stůl č. 1"


async def test_only_managers_choose_where_tables_play_and_only_the_offered_values(harness):
    from bot.storage.settings import validate

    guild, ch, (alice,) = setup(harness, ["alice"])
    res = await alice.slash(ch, "lora settings", table_threads="always")
    assert reply(res).content == (
        "Only server managers (Manage Server) can change the server's settings.")
    assert (await harness.bot.store.guild_settings(guild.id))["table_threads"] == "busy"
    for bad in ("sometimes", "", 1):
        try:
            validate("table_threads", bad)
        except ValueError as exc:
            assert str(exc) == "table_threads must be one of busy, always, never"
        else:
            raise AssertionError(f"{bad!r} accepted")


async def test_a_table_in_a_thread_plays_on_after_a_restart(harness):
    guild, ch, (alice, bob) = setup(harness, ["alice", "bob"])
    await alice.slash(ch, "lora new", language="cs")
    await bob.slash(ch, "lora new", language="cs", seating="join", turn_timer=0)
    thread = thread_of(ch, harness.service.tables[2])
    await start_with_ai(bob, thread, 2)
    players = Players(harness, thread, 2, [bob], random.Random(7))
    for _ in range(2):
        await players.move()
    version = players.table.version
    in_channel = len(ch.history())

    await harness.restart()
    table = harness.service.tables[2]
    assert table.channel_id == thread.id and table.version == version
    players.hands.clear()
    for _ in range(3):
        await players.move()
    assert players.table.version > version
    assert any(m.id == players.table.message_id for m in thread.history())
    assert len(ch.history()) == in_channel  # nothing of it in the channel


async def test_no_thread_can_be_made_the_table_plays_in_the_channel(harness, caplog):
    guild, ch, (alice, bob) = setup(harness, ["alice", "bob"])
    await alice.slash(ch, "lora new", language="cs")
    harness.env.inject_error("POST", "/channels/*/threads", status=403, code=50013,
                             message="Missing Permissions")
    with caplog.at_level(logging.WARNING, logger="bot.ui.threads"):
        res = await bob.slash(ch, "lora new", language="cs", seating="join", turn_timer=0)
    assert reply(res).content == ("Stůl č. 2 je založen. Vlastní vlákno se mu založit "
                                  "nepodařilo, takže se hraje tady v kanálu.")
    assert harness.service.tables[2].channel_id == ch.id and ch.threads == []
    assert any(r.getMessage().startswith(f"no thread for table 2 in channel {ch.id} (")
               and r.getMessage().endswith("): it plays in the channel")
               for r in caplog.records)
    await start_with_ai(bob, ch, 2)
    players = Players(harness, ch, 2, [bob], random.Random(3))
    version = players.table.version
    await players.move()
    assert players.table.version > version


async def test_without_the_permission_to_make_threads_the_opener_is_told_which(harness):
    """Review 41: the second table silently shared the channel; its opener is told why."""
    guild, ch, (alice, bob) = setup(harness, ["alice", "bob"])
    me = harness.bot.user
    ch2 = guild.create_text_channel(
        "bez-vlaken", overwrites={me: discord.PermissionOverwrite(create_public_threads=False)})
    res = await alice.slash(ch2, "lora new", language="cs")
    assert reply(res).content == "Stůl č. 1 je založen."  # (the first: no thread wanted)
    res = await bob.slash(ch2, "lora new", language="cs")
    assert reply(res).content == (
        "Stůl č. 2 je založen. Vlastní vlákno mu dát nemůžu (chybí mi oprávnění: "
        "Vytvářet veřejná vlákna), takže se hraje tady v kanálu.")
    carl = guild.add_member(harness.env.create_user("carl"))
    res = await carl.slash(ch2, "lora new", language="en")
    assert reply(res).content == (
        "Table 3 is open. I cannot give it a thread of its own (I lack the permission: "
        "Create Public Threads), so it plays here in the channel.")


async def test_an_archived_thread_is_reopened_for_the_next_update(harness, caplog):
    guild, ch, (alice, bob) = setup(harness, ["alice", "bob"])
    await alice.slash(ch, "lora new", language="cs")
    await bob.slash(ch, "lora new", language="cs", seating="join", turn_timer=0)
    thread = thread_of(ch, harness.service.tables[2])
    await harness.bot.get_channel(thread.id).edit(archived=True)  # a day without a word
    await harness.env.settle()
    assert harness.env.backend.channels[thread.id].thread_metadata.archived
    assert harness.bot.get_channel(thread.id) is None  # (an archived thread leaves the cache)
    with caplog.at_level(logging.INFO, logger="bot.delivery.channel"):
        await start_with_ai(bob, thread, 2)
    assert f"thread {thread.id} is archived: unarchiving it" in caplog.messages
    # charged to the global pace: the thread made, the archived thread fetched, reopened
    assert harness.bot.controller.delivery.metrics.charged == 3
    assert not harness.env.backend.channels[thread.id].thread_metadata.archived
    assert harness.service.tables[2].status == "playing"
    assert any(m.id == harness.service.tables[2].message_id for m in thread.history())


async def _to_the_end(harness: BotHarness, tid: int) -> Any:
    """Random legal moves through the service up to the end of the game, committed as one
    change (what the last click of a game does)."""
    service = harness.service
    table = service.tables[tid]
    rng = random.Random(3)
    async with service.lock(tid):
        events: list[Any] = []
        while not table.state.finished:
            action = rng.choice(table.state.legal_actions())
            events = service._apply(table, action, by=table.seats[action.seat].user_id or "ai")
        table.unshown[:] = events
        await service._play_on(table)
    await harness.bot.controller.delivery.settled()
    return table


def pointers(ch: Any) -> list[Any]:
    return [m for m in ch.history() if m.type == discord.MessageType.default and m.content]


async def test_the_pointer_line_says_who_won_when_the_game_in_the_thread_has_ended(harness):
    guild, ch, (alice, bob) = setup(harness, ["alice", "bob"])
    await alice.slash(ch, "lora new", language="cs")
    await bob.slash(ch, "lora new", language="cs", seating="join", turn_timer=0)
    table = harness.service.tables[2]
    thread = thread_of(ch, table)
    [pointer] = pointers(ch)
    assert pointer.content == f"U stolu č. 2 (Lóra) se hraje ve vlákně <#{thread.id}>."
    assert table.pointer_id == pointer.id and table.parent_id == ch.id
    await start_with_ai(bob, thread, 2)
    await _to_the_end(harness, 2)
    outcome = table.state.outcome()
    winners = ", ".join(table.names()[s] for s in outcome.order() if outcome.places[s] == 1)
    assert winners
    # the same line, edited: the game is over, who won, and the thread to read it all in
    assert [(m.id, m.content) for m in pointers(ch)] == [
        (pointer.id, f"Lóra – stůl č. 2 ve vlákně <#{thread.id}>: dohráno. "
                     f"1. místo: {winners}.")]


async def test_the_pointer_line_of_a_table_closed_after_a_restart_says_so(harness):
    guild, ch, (alice, bob) = setup(harness, ["alice", "bob"])
    await alice.slash(ch, "lora new", language="cs")
    await bob.slash(ch, "taroky new", language="en")
    thread = thread_of(ch, harness.service.tables[2])
    [pointer] = pointers(ch)
    assert pointer.content == f"Taroky – table 2 plays in the thread <#{thread.id}>."
    await harness.restart()
    table = harness.service.tables[2]
    assert (table.parent_id, table.pointer_id) == (ch.id, pointer.id)  # (saved with it)
    await bob.slash(thread, "taroky abort")
    await harness.bot.controller.delivery.settled()
    assert table.status == "aborted"
    assert [(m.id, m.content) for m in pointers(ch)] == [
        (pointer.id, f"Taroky – table 2 in the thread <#{thread.id}> was closed.")]


class Killed(BaseException):
    """The process dies here (nothing after this point of the bot runs)."""


async def test_a_crash_between_making_the_thread_and_the_first_commit_leaves_no_empty_thread(
        harness, monkeypatch):
    """The thread is made, then the bot dies before the table's first commit. After the
    restart the table takes that thread: its lobby there, the line in the channel that points
    to it; no second thread, nothing of the table in the channel itself."""
    from simcord.http import router as simcord_router

    guild, ch, (alice, bob) = setup(harness, ["alice", "bob"])
    await alice.slash(ch, "lora new", language="cs")
    dispatch = simcord_router.dispatch

    def deadly(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        result = dispatch(backend, method, path, **kwargs)
        if method == "POST" and path == f"/channels/{ch.id}/threads":
            raise Killed()  # Discord made the thread; the bot never heard of it
        return result

    monkeypatch.setattr(simcord_router, "dispatch", deadly)
    await bob.slash(ch, "lora new", language="cs", seating="join", turn_timer=0)
    monkeypatch.setattr(simcord_router, "dispatch", dispatch)
    [thread] = ch.threads
    assert thread.history() == [] and harness.service.tables[2].channel_id == ch.id
    harness.bot.controller.shutdown()
    await harness.restart()
    errors = harness.env.errors
    assert errors and all(isinstance(e, Killed) for e in errors), errors
    await harness.bot.controller.delivery.settled()

    table = harness.service.tables[2]
    assert [t.id for t in ch.threads] == [thread.id] and table.channel_id == thread.id
    assert (await harness.bot.store.get_table(2)).channel_id == thread.id
    assert [e.title for m in thread.history() for e in m.embeds] == ["Lóra – stůl č. 2"]
    assert [m.content for m in pointers(ch)] == [
        f"U stolu č. 2 (Lóra) se hraje ve vlákně <#{thread.id}>."]
    assert [e.title for m in ch.history() for e in m.embeds] == ["Lóra – stůl č. 1"]
    await start_with_ai(bob, thread, 2)
    assert table.status == "playing"



@pytest.mark.parametrize("thread_made", [True, False])
async def test_a_lobby_cut_short_that_expired_while_the_bot_was_down_closes_unshown(
        harness, monkeypatch, thread_made):
    """As above, but the bot stays down for more than a day: the lobby is closed before it is
    placed, never shown alive (with its buttons). Its thread made before the crash takes it
    (not left empty; the line in the channel says it was closed); without one, no thread is
    made for a closed lobby: it closes in the channel it was opened in."""
    from simcord.http import router as simcord_router

    from bot.tables import limits

    guild, ch, (alice, bob) = setup(harness, ["alice", "bob"])
    await alice.slash(ch, "lora new", language="cs")
    dispatch = simcord_router.dispatch

    def deadly(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        if method == "POST" and path == f"/channels/{ch.id}/threads":
            if thread_made:
                dispatch(backend, method, path, **kwargs)
            raise Killed()
        return dispatch(backend, method, path, **kwargs)

    monkeypatch.setattr(simcord_router, "dispatch", deadly)
    await bob.slash(ch, "lora new", language="cs", seating="join", turn_timer=0)
    monkeypatch.setattr(simcord_router, "dispatch", dispatch)
    threads = [t.id for t in ch.threads]
    assert len(threads) == int(thread_made)
    harness.bot.controller.shutdown()
    await harness.env.advance_time(limits.LOBBY_IDLE_SECONDS + 5)  # (the bot is down)
    sent = len(harness.env.http_requests)
    await harness.restart()
    errors = harness.env.errors
    assert errors and all(isinstance(e, Killed) for e in errors), errors
    await harness.bot.controller.delivery.settled()

    assert 2 not in harness.service.tables or harness.service.tables[2].status == "aborted"
    assert await harness.bot.store.table_of_user(guild.id, bob.id) is None
    record = await harness.bot.store.get_table(2)
    assert record.status == "aborted" and [t.id for t in ch.threads] == threads
    # never shown with its buttons: no message of the bot's since the restart had any
    assert not [r for r in harness.env.http_requests[sent:]
                if isinstance(r.json, dict) and r.json.get("components")]
    text = "Stůl č. 2 je zrušen: celý den se u něj nic nedělo."
    expired_1 = "Stůl č. 1 je zrušen: celý den se u něj nic nedělo."  # (table 1 too)
    where = ch.threads[0] if thread_made else ch
    assert record.channel_id == where.id
    [lobby] = [m for m in where.history() if m.embeds and "č. 2" in m.embeds[0].title]
    assert lobby.embeds[0].description == text and not lobby.components
    assert where.last_message.content == text
    if thread_made:
        assert [m.content for m in pointers(ch)] == [
            expired_1, f"Lóra – stůl č. 2 ve vlákně <#{where.id}> byl zrušen."]
    else:
        assert [m.content for m in pointers(ch)] == [expired_1, text]
