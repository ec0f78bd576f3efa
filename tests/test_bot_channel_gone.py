"""A channel or thread deleted under a running table (review 41): the table ends as an abort
(unrated, saved, its seats free), its players learn it, and nothing keeps pointing there."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.model import STATUS_ABORTED
from bot.storage.models import TournamentStatus
from bot.tournament import model
from bot.ui import gone as gone_module
from tests.botkit import (
    BotHarness,
    Players,
    channel_delivered,
    mentioned,
    open_table,
    reply,
    table_message,
)
from tests.tournament_kit import record, started_tournament


async def _playing(harness: BotHarness) -> tuple[Any, Any, list[Any], int, Players]:
    guild, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    players = Players(harness, ch, tid, users, random.Random(3))
    for _ in range(2):
        await players.move()
    return guild, ch, users, tid, players


async def _stored_status(harness: BotHarness, tid: int) -> tuple[Any, Any]:
    rec = await harness.bot.store.get_table(tid)
    return rec.status, (rec.extra or {}).get("gone")


async def test_a_deleted_channel_ends_its_table_and_frees_its_players(harness):
    guild, ch, (alice, bob), tid, players = await _playing(harness)
    harness.env.backend.delete_channel(ch.id)
    await harness.env.settle()

    table = harness.service.tables.get(tid)
    assert table is None or table.status == STATUS_ABORTED
    assert await _stored_status(harness, tid) == (STATUS_ABORTED, True)  # (no restart back)
    assert harness.service.table_of_user(guild.id, alice.id) is None
    # (her hand went with the channel) her next command says why, not "no table"
    other = guild.create_text_channel("jinde")
    res = await alice.slash(other, "lora hand")
    assert reply(res).content == ("Stůl č. 1 skončil: jeho kanál byl smazán. Hra se "
                                  "nezapočítá – můžeš založit nový stůl.")
    res = await bob.slash(other, "lora new", language="cs")
    assert reply(res).content == "Stůl č. 2 je založen."
    assert harness.env.errors == []


async def _game_in_a_thread(harness):
    """Bob's lobby in #klub, then Alice's table playing in a thread of its own (with three
    easy AIs): ``(env, guild, ch, alice, bob, table, thread)``."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("klub")
    alice = guild.add_member(env.create_user("alice", global_name="Alice"))
    bob = guild.add_member(env.create_user("bob", global_name="Bob"))
    await bob.slash(ch, "lora new", language="cs", turn_timer=0, seating="join")
    await alice.slash(ch, "lora new", language="cs", turn_timer=0, seating="join")
    t2 = harness.service.table_of_user(guild.id, alice.id)
    thread = next(x for x in ch.threads if x.id == t2.channel_id)
    lobby = table_message(thread, t2)
    for _ in range(3):
        await alice.click(lobby, custom_id=f"lora:lai:{t2.table_id}:easy")
    await alice.click(lobby, custom_id=f"lora:l:{t2.table_id}:start")
    await channel_delivered(harness)
    return env, guild, ch, alice, bob, t2, thread


async def test_a_deleted_thread_ends_its_table_and_tells_the_channel(harness):
    env, guild, ch, alice, bob, t2, thread = await _game_in_a_thread(harness)
    pointer_id = t2.pointer_id
    assert pointer_id is not None

    env.backend.delete_channel(thread.id)
    await env.settle()
    await channel_delivered(harness)

    assert t2.status == STATUS_ABORTED and t2.gone
    assert await _stored_status(harness, t2.table_id) == (STATUS_ABORTED, True)
    assert next(m for m in ch.history() if m.id == pointer_id).content == (
        "Lóra – stůl č. 2 skončil: jeho vlákno bylo smazáno.")
    assert ch.last_message.content == (
        f"Lóra – stůl č. 2 skončil, protože jeho vlákno bylo smazáno. Hra se nezapočítá. "
        f"<@{alice.id}>")
    # the table in the channel itself plays on; Alice is free to sit elsewhere
    assert harness.service.tables[1].status == "lobby"
    assert harness.service.table_of_user(guild.id, alice.id) is None
    assert harness.env.errors == []


async def test_a_channel_found_gone_by_the_sender_ends_its_table(harness, monkeypatch):
    """No delete event reached the bot (it was offline, say): the first delivery there that
    Discord answers "Unknown Channel" ends the table the same way."""
    guild, ch, (alice, bob), tid, players = await _playing(harness)

    async def missed(*_: Any) -> None:
        return None

    monkeypatch.setattr(harness.bot, "on_guild_channel_delete", missed)
    harness.env.backend.delete_channel(ch.id)
    await harness.env.settle()
    table = harness.service.tables[tid]
    assert table.status != STATUS_ABORTED  # (nothing told the bot yet)
    # the next change of the table is delivered there: 404, and the table ends
    await harness.bot.controller.presenter.table_changed(table, [])
    await harness.env.settle()
    await channel_delivered(harness)
    await harness.env.settle()
    assert table.status == STATUS_ABORTED and table.gone
    assert harness.service.table_of_user(guild.id, bob.id) is None


@pytest.mark.settle(5.0)  # (SimCord's default: its turn timer must not fire within a wait)
@pytest.mark.parametrize("language", ["cs", "en"])
async def test_a_tournament_table_whose_thread_is_deleted_is_played_again_in_a_new_one(
        harness, language):
    """The tournament goes on: the table of the round is played again from its start in a
    new thread, as a restart plays a table aborted from outside — and the new thread's name
    (the channel's line for it) and its first post say why (review 42: it opened like a fresh
    table, the channel showed a second identical line)."""
    ch, ann, _message = await started_tournament(harness, "taroky", ("easy",) * 3, rounds=1,
                                                 round_deals=1, turn_timer=20, language=language)
    (slot,) = model.tables_of(await record(harness, 1), 1)
    old = harness.service.tables[slot.table_id]
    harness.env.backend.delete_channel(slot.thread_id)
    await harness.env.settle()
    await channel_delivered(harness)

    assert old.status == STATUS_ABORTED and old.gone
    rec = await record(harness, 1)
    assert rec.status is TournamentStatus.PLAYING
    (again,) = model.tables_of(rec, 1)
    assert again.table_id not in (None, slot.table_id)
    assert again.thread_id not in (None, slot.thread_id)
    thread = next(t for t in ch.threads if t.id == again.thread_id)
    assert any(f"<@{ann.id}>" in (m.content or "") for m in thread.history())
    first = next(m.content for m in thread.history() if m.content)
    if language == "cs":
        assert thread.name == ("Taroky – turnaj č. 1 · 1. kolo · stůl 1"
                               " (znovu – předchozí vlákno bylo smazáno)")
        assert first.startswith(
            "Předchozí vlákno tohoto stolu bylo smazáno, a tak se stůl hraje znovu od začátku.\n"
            "**1. kolo, stůl 1** – hrají: ")
    else:
        assert thread.name == ("Taroky – tournament 1 · round 1 · table 1"
                               " (again – the previous thread was deleted)")
        assert first.startswith(
            "This table's previous thread was deleted, so the table is played again from the"
            " start.\n**Round 1, table 1** – playing: ")
    assert thread.name in [m.content for m in ch.history()]
    table = harness.service.tables[again.table_id]
    assert table.status == "playing" and table.seat_of(ann.id) is not None
    assert harness.env.errors == []


@pytest.mark.settle(5.0)  # (SimCord's default: its turn timer must not fire within a wait)
async def test_a_tournament_table_ended_by_its_deleted_thread_is_replayed_at_a_restart_once(
        harness, monkeypatch):
    """A crash after the table's end was saved but before the tournament played it again
    (``table_gone``): the restart plays it again in a new thread at once — not in the deleted
    one, whose 404 would end one more, thrown-away table (review read1 #9)."""
    ch, ann, _message = await started_tournament(harness, "taroky", ("easy",) * 3, rounds=1,
                                                 round_deals=1, turn_timer=20)
    (slot,) = model.tables_of(await record(harness, 1), 1)
    desk = harness.bot.controller.desk.service

    async def crashed(*_: Any) -> None:
        return None

    monkeypatch.setattr(desk, "table_gone", crashed)
    harness.env.backend.delete_channel(slot.thread_id)
    await harness.env.settle()
    assert await _stored_status(harness, slot.table_id) == (STATUS_ABORTED, True)
    assert model.tables_of(await record(harness, 1), 1)[0].thread_id == slot.thread_id

    await harness.restart()
    await harness.env.settle()
    await channel_delivered(harness)

    (again,) = model.tables_of(await record(harness, 1), 1)
    assert again.table_id not in (None, slot.table_id)
    assert again.thread_id not in (None, slot.thread_id)
    assert [t.id for t in ch.threads if t.id != slot.thread_id] == [again.thread_id]
    assert sorted(harness.service.tables) == [again.table_id]  # (none thrown away)
    table = harness.service.tables[again.table_id]
    assert table.status == "playing" and table.channel_id == again.thread_id
    assert table.seat_of(ann.id) is not None
    assert harness.env.errors == []


async def test_a_tournament_whose_channel_is_deleted_is_cancelled(harness):
    ch, ann, _message = await started_tournament(harness, "taroky", ("easy",) * 3, rounds=1,
                                                 round_deals=1, turn_timer=20)
    (slot,) = model.tables_of(await record(harness, 1), 1)
    table = harness.service.tables[slot.table_id]
    harness.env.backend.delete_channel(ch.id)
    await harness.env.settle()

    assert (await record(harness, 1)).status is TournamentStatus.CANCELLED
    assert table.status == STATUS_ABORTED and table.gone
    assert harness.service.table_of_user(ch.guild.id, ann.id) is None
    assert harness.env.errors == []


async def test_a_lobby_whose_thread_is_deleted_just_closes(harness):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("klub")
    alice = guild.add_member(env.create_user("alice", global_name="Alice"))
    bob = guild.add_member(env.create_user("bob", global_name="Bob"))
    await bob.slash(ch, "lora new", language="cs")
    await alice.slash(ch, "lora new", language="cs")
    t2 = harness.service.table_of_user(guild.id, alice.id)
    await channel_delivered(harness)
    env.backend.delete_channel(t2.channel_id)
    await env.settle()
    await channel_delivered(harness)
    assert t2.status == STATUS_ABORTED and t2.gone
    assert ch.last_message.content == (
        f"Lóra – stůl č. 2 je zrušen, protože jeho vlákno bylo smazáno. <@{alice.id}>")
    # its line in the channel says the same (it said "skončil"; review 42)
    pointer = next(m for m in ch.history() if m.id == t2.pointer_id)
    assert pointer.content == "Lóra – stůl č. 2 je zrušen: jeho vlákno bylo smazáno."
    res = await alice.slash(ch, "lora new", language="cs", seating="join")
    assert reply(res).content.startswith("Stůl č. 3 je založen.")
    # an old button of it says it was closed — there was no game that would not count
    assert await harness.bot.controller.replies.over_text(t2.table_id, "cs") == (
        "Stůl č. 2 je zrušen: jeho vlákno bylo smazáno. Můžeš založit nový stůl.")
    assert harness.env.errors == []


async def _thread_lobby_of_two(harness):
    """Alice's lobby in a thread of #klub (Bob's lobby plays in the channel), Carol seated
    at it: ``(env, guild, ch, alice, carol, table)``."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("klub")
    alice, bob, carol = (guild.add_member(env.create_user(n, global_name=n.capitalize()))
                         for n in ("alice", "bob", "carol"))
    await bob.slash(ch, "lora new", language="cs")
    await alice.slash(ch, "lora new", language="cs")
    table = harness.service.table_of_user(guild.id, alice.id)
    thread = next(x for x in ch.threads if x.id == table.channel_id)
    await carol.click(table_message(thread, table), custom_id=f"lora:l:{table.table_id}:join")
    assert table.in_thread and table.humans() == [alice.id, carol.id]
    await channel_delivered(harness)
    return env, guild, ch, alice, carol, table


async def test_the_players_of_a_lobby_whose_thread_is_deleted_are_told_once_in_the_channel(
        harness):
    """Its line in the channel mentions its players: their next command found no table and
    told them the same again. Now the line alone tells them (as anyone at no table after)."""
    env, guild, ch, alice, carol, table = await _thread_lobby_of_two(harness)
    env.backend.delete_channel(table.channel_id)
    await env.settle()
    await channel_delivered(harness)
    assert ch.last_message.content == (
        f"Lóra – stůl č. {table.table_id} je zrušen, protože jeho vlákno bylo smazáno."
        f" <@{alice.id}> <@{carol.id}>")
    bobs = harness.service.tables_in_channel(ch.id)[0].table_id  # (his lobby waits still)
    for user in (alice, carol):
        assert reply(await user.slash(ch, "lora hand")).content == mentioned(
            f"You do not sit at any table on this server. Table {bobs} in <#{ch.id}> is"
            " waiting for players – sit down with its Join button, or open your own table with"
            " /lora new."), user.name
    assert harness.env.errors == []


async def test_a_lobby_s_players_whose_channel_line_went_with_the_channel_are_told_after_all(
        harness):
    """The thread deleted, then its channel (its line mentioning them went with it): their
    next command tells them once, as when the channel is deleted with the thread."""
    env, guild, ch, alice, carol, table = await _thread_lobby_of_two(harness)
    env.backend.delete_channel(table.channel_id)
    await env.settle()
    await channel_delivered(harness)
    env.backend.delete_channel(ch.id)
    await env.settle()
    other = guild.create_text_channel("jinde")
    gone = (f"Stůl č. {table.table_id} je zrušen: jeho vlákno bylo smazáno."
            " Můžeš založit nový stůl.")
    for user in (alice, carol):
        assert reply(await user.slash(other, "lora hand")).content == gone, user.name
        assert reply(await user.slash(other, "lora hand")).content == mentioned(
            "You do not sit at any table on this server. Open one with /lora new, or sit down"
            " at an open table with its Join button."), user.name
    assert harness.env.errors == []


async def test_the_players_of_lobbies_in_a_deleted_channel_are_told_once(harness):
    """Review 42: a lobby is nobody's last table, so its players' next command said only
    "You do not sit at any table…": now, once, that it was closed and why (a lobby in the
    channel, one in a thread of it)."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("klub")
    alice, bob, carol = (guild.add_member(env.create_user(n, global_name=n.capitalize()))
                         for n in ("alice", "bob", "carol"))
    await bob.slash(ch, "taroky new", language="cs")
    t1 = harness.service.table_of_user(guild.id, bob.id)
    await carol.click(table_message(ch, t1), custom_id=f"lora:l:{t1.table_id}:join")
    await alice.slash(ch, "lora new", language="en")
    t2 = harness.service.table_of_user(guild.id, alice.id)
    assert not t1.in_thread and t2.in_thread
    await channel_delivered(harness)
    env.backend.delete_channel(ch.id)
    await env.settle()
    assert t1.gone and t2.gone
    other = guild.create_text_channel("jinde")
    for user, game, text in (
            (bob, "taroky",
             f"Stůl č. {t1.table_id} je zrušen: jeho kanál byl smazán. Můžeš založit nový stůl."),
            (carol, "taroky",
             f"Stůl č. {t1.table_id} je zrušen: jeho kanál byl smazán. Můžeš založit nový stůl."),
            (alice, "lora",
             f"Table {t2.table_id} is closed: its thread was deleted. You may open a new table.")):
        assert reply(await user.slash(other, f"{game} hand")).content == text, user.name
    # once: then as anyone at no table (in his client's English)
    assert reply(await bob.slash(other, "taroky hand")).content == mentioned(
        "You do not sit at any table on this server. Open one with /taroky new, or sit down at"
        " an open table with its Join button.")
    assert harness.env.errors == []


async def test_a_thread_the_bot_may_not_see_is_refused_not_gone(harness, monkeypatch):
    """Only Discord's 404 (Unknown Channel) means deleted: a thread the cache no longer holds
    that answers 403 (the bot lost access) keeps its table playing — its players are told
    why the thread shows nothing new (``Blocked``), as in a channel that refuses posts."""
    env, guild, ch, alice, bob, t2, thread = await _game_in_a_thread(harness)

    materials = harness.bot.controller.materials
    cached = materials.channel
    monkeypatch.setattr(materials, "channel",
                        lambda channel_id: None if channel_id == thread.id else cached(channel_id))
    env.inject_error("GET", f"/channels/{thread.id}", status=403, times=None)
    await harness.bot.controller.presenter.table_changed(t2, [])
    await env.settle()
    await channel_delivered(harness)
    await env.settle()

    assert t2.status == "playing" and not t2.gone
    assert harness.bot.controller.blocked.outages.keys() == {t2.table_id}
    assert harness.service.table_of_user(guild.id, alice.id) is t2
    assert env.errors == []


async def test_a_table_whose_closing_failed_is_closed_by_the_next_report(harness, monkeypatch):
    """The database refused to save the end of a table whose channel was deleted (the table
    stays as it was saved: playing): that is no "closed meanwhile" — the next report of the
    channel (the sender's 404, another event) tries again, and ends it."""
    import sqlite3

    guild, ch, (alice, bob), tid, players = await _playing(harness)
    store = harness.bot.store
    update = store.update_table
    failures = [sqlite3.OperationalError("database is locked")]

    async def failing(*args: Any, **kwargs: Any) -> Any:
        if failures:
            raise failures.pop()
        return await update(*args, **kwargs)

    monkeypatch.setattr(store, "update_table", failing)
    harness.env.backend.delete_channel(ch.id)
    await harness.env.settle()
    table = harness.service.tables[tid]
    assert table.status == "playing" and not failures
    harness.bot.controller.gone.deleted(ch.id)  # (the sender's next 404 there, say)
    await harness.env.settle()
    assert table.status == STATUS_ABORTED and table.gone
    assert await _stored_status(harness, tid) == (STATUS_ABORTED, True)
    assert harness.service.table_of_user(guild.id, alice.id) is None


async def test_a_tournament_thread_reported_gone_with_its_deleted_channel_is_not_replayed(
        harness, monkeypatch):
    """The channel of a tournament deleted, and its table's thread reported gone by itself
    (the sender's 404 there) just before: that table is not played again in a new thread of
    the deleted channel, even when the tournament is cancelled only after (its other tables
    closed first, say) — the tournament is cancelled, its table ends once."""
    ch, ann, _message = await started_tournament(harness, "taroky", ("easy",) * 3, rounds=1,
                                                 round_deals=1, turn_timer=20)
    (slot,) = model.tables_of(await record(harness, 1), 1)
    table = harness.service.tables[slot.table_id]

    async def missed(*_: Any) -> None:
        return None

    monkeypatch.setattr(harness.bot, "on_guild_channel_delete", missed)
    monkeypatch.setattr(harness.bot, "on_raw_thread_delete", missed)
    harness.env.backend.delete_channel(ch.id)
    await harness.env.settle()
    gone = harness.bot.controller.gone
    desk = harness.bot.controller.desk.service
    cancel = desk.cancel

    tasks = harness.service.tasks  # (Gone's work runs in the service's tasks)

    async def cancelled_last(tournament_id: int, *args: Any) -> Any:
        others = tasks - {asyncio.current_task()}
        await asyncio.gather(*others)  # (the thread's report handled in full before)
        return await cancel(tournament_id, *args)

    monkeypatch.setattr(desk, "cancel", cancelled_last)
    gone.deleted(slot.thread_id)
    gone.deleted(ch.id)
    while tasks:
        await asyncio.gather(*tasks)
    await harness.env.settle()

    rec = await record(harness, 1)
    assert rec.status is TournamentStatus.CANCELLED
    assert table.status == STATUS_ABORTED and table.gone
    (again,) = model.tables_of(rec, 1)
    assert again.table_id == slot.table_id  # (no new table opened)
    assert list(harness.service.tables) == [slot.table_id]
    assert harness.service.table_of_user(ch.guild.id, ann.id) is None


def _later(harness: BotHarness, monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """The bot's clock ``seconds`` on from now (what ``Gone`` keeps is timed on it)."""
    controller = harness.bot.controller
    moment = controller.now() + seconds
    monkeypatch.setattr(controller, "now", lambda: moment)


async def test_a_lobby_thread_s_line_tells_its_players_no_more_once_a_day_has_passed(
        harness, monkeypatch):
    """The channel whose line mentioned a deleted lobby thread's players deleted a day later
    (they had it to read): nothing is kept of it by then, and their next command does not
    tell them of that lobby again (it used to be kept for the life of the process)."""
    env, guild, ch, alice, carol, table = await _thread_lobby_of_two(harness)
    env.backend.delete_channel(table.channel_id)
    await env.settle()
    await channel_delivered(harness)
    gone = harness.bot.controller.gone
    assert [(x.table_id, users) for x, users, _ in gone.told_in[ch.id]] == [
        (table.table_id, [alice.id, carol.id])]
    _later(harness, monkeypatch, gone_module.LINE_SECONDS)
    env.backend.delete_channel(ch.id)
    await env.settle()
    assert gone.told_in == {}
    assert [note.table_id for note, _ in gone.lobbies.values()] == [1]  # (Bob's lobby only)
    assert list(gone.handled) == [ch.id]  # (the thread's id forgotten: handled an hour ago)
    other = guild.create_text_channel("jinde")
    for user in (alice, carol):
        assert reply(await user.slash(other, "lora hand")).content == mentioned(
            "You do not sit at any table on this server. Open one with /lora new, or sit down"
            " at an open table with its Join button."), user.name
    assert harness.env.errors == []


async def test_a_closed_lobby_s_note_waits_a_week_for_its_player(harness, monkeypatch):
    """A lobby closed with its deleted channel: its players' note waits for their next
    command a week (``NOTE_SECONDS``), then it is dropped — told to nobody and kept for
    nobody (the next deleted channel sweeps it)."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("klub")
    alice, bob = (guild.add_member(env.create_user(n, global_name=n.capitalize()))
                  for n in ("alice", "bob"))
    await bob.slash(ch, "lora new", language="cs")
    table = harness.service.table_of_user(guild.id, bob.id)
    await alice.click(table_message(ch, table), custom_id=f"lora:l:{table.table_id}:join")
    await channel_delivered(harness)
    env.backend.delete_channel(ch.id)
    await env.settle()
    gone = harness.bot.controller.gone
    assert set(gone.lobbies) == {(guild.id, alice.id), (guild.id, bob.id)}
    other = guild.create_text_channel("jinde")
    _later(harness, monkeypatch, gone_module.NOTE_SECONDS - 1)
    assert reply(await alice.slash(other, "lora hand")).content == (
        f"Stůl č. {table.table_id} je zrušen: jeho kanál byl smazán. Můžeš založit nový stůl.")
    _later(harness, monkeypatch, 1)
    assert reply(await bob.slash(other, "lora hand")).content == mentioned(
        "You do not sit at any table on this server. Open one with /lora new, or sit down at"
        " an open table with its Join button.")
    assert gone.lobbies == {}
    await alice.slash(other, "lora new", language="cs")  # (noted again: Bob's note swept)
    again = harness.service.table_of_user(guild.id, alice.id)
    await bob.click(table_message(other, again), custom_id=f"lora:l:{again.table_id}:join")
    await channel_delivered(harness)
    env.backend.delete_channel(other.id)
    await env.settle()
    assert {key: note.table_id for key, (note, _) in gone.lobbies.items()} == {
        (guild.id, alice.id): again.table_id, (guild.id, bob.id): again.table_id}
    _later(harness, monkeypatch, gone_module.NOTE_SECONDS)
    gone.deleted(guild.create_text_channel("zbytek").id)  # (any deleted channel sweeps)
    await env.settle()
    assert gone.lobbies == {} and ch.id not in gone.handled  # (deleted a week ago)
    assert harness.env.errors == []


async def test_shutdown_stops_the_work_of_a_deleted_channel(harness, monkeypatch):
    """What a deleted channel ends runs in the service's tasks (one place): shutdown cancels
    it and waits for it to end before the bot closes its database."""
    guild, ch, (alice, bob), tid, players = await _playing(harness)
    service = harness.service
    entered = asyncio.Event()
    never = asyncio.Event()

    async def stuck(table_id: int) -> Any:
        entered.set()
        await never.wait()  # (the database slow to answer, say)

    monkeypatch.setattr(service, "close_gone", stuck)
    harness.env.backend.delete_channel(ch.id)
    await entered.wait()
    [task] = [x for x in service.tasks
              if x.get_coro().__qualname__ == "Gone.channel_gone"]  # type: ignore[union-attr]
    harness.bot.controller.shutdown()
    await service.stopped()
    assert task.cancelled() and task not in service.tasks
    assert service.tables[tid].status == "playing"  # (its end left for the next start)
