"""The outbox through the real bot in SimCord: what the channel must see arrives, once, in
order — through 500s, 429s with retry-after, a lost answer, restarts and kills at random
points — and what only the clicking player sees is tried again and never silently lost."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from simcord.http import router as simcord_router

from benchmarks.discord_model import DiscordModel
from bot.ui.turn_pings import TURN_PING_SECONDS
from engine.lora import Lora
from tests.botkit import Players, channel_delivered, open_table, raw_click, reply, stored_message
from tests.helpers import drive, first_legal, lora_deals

FINAL = "Konec lóry – stůl č. 1"


@pytest.fixture
def discord_model():
    model = DiscordModel().install()
    try:
        yield model
    finally:
        model.uninstall()


def public(ch) -> list[Any]:
    return [m for m in ch.history() if not m.flags.ephemeral]


def finals(ch) -> list[Any]:
    return [m for m in public(ch) if m.embeds and m.embeds[0].title == FINAL]


def delivery(harness) -> Any:
    return harness.bot.controller.delivery


async def _to_the_end(harness, tid: int) -> Any:
    """Random legal moves through the service up to the end of the lóra; the last move's
    events are the ones the commit will show (the earlier ones were shown long ago)."""
    table = harness.service.tables[tid]
    rng = random.Random(3)
    events: list[Any] = []
    while not table.state.finished:
        action = rng.choice(table.state.legal_actions())
        events = harness.service._apply(table, action,
                                        by=table.seats[action.seat].user_id or "ai")
    table.unshown[:] = events
    return table


async def _commit(harness, table) -> None:
    async with harness.service.lock(table.table_id):
        await harness.service._play_on(table)


class LostAnswer:
    """The next POST of a message whose embed has ``title`` reaches Discord, but its answer
    is lost (a 500 after the message was created)."""

    def __init__(self, monkeypatch, title: str) -> None:
        self.done = False
        dispatch = simcord_router.dispatch
        from simcord.backend.errors import BackendError

        def lossy(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            result = dispatch(backend, method, path, **kwargs)
            body = kwargs.get("json") or {}
            embeds = body.get("embeds") or [] if isinstance(body, dict) else []
            if not self.done and method == "POST" and any(e.get("title") == title
                                                          for e in embeds):
                self.done = True
                raise BackendError(500, 0, "the answer was lost (injected)")
            return result

        monkeypatch.setattr(simcord_router, "dispatch", lossy)


# -- the final order ------------------------------------------------------------------------
async def test_a_500_on_the_final_order_then_it_arrives_once(harness):
    _g, ch, users, tid = await open_table(harness, ["alice"], ("easy",) * 3)
    table = await _to_the_end(harness, tid)
    harness.env.inject_error("POST", f"/channels/{ch.id}/messages", status=500, times=1)
    await _commit(harness, table)
    await delivery(harness).settled(tid)
    [final] = finals(ch)
    assert final.attachments[0].filename == "protokol.png"
    order = final.embeds[0].fields[0].value.splitlines()
    assert len(order) == 4 and order[0].startswith("1\\. ")
    assert not harness.env.backend.faults
    assert delivery(harness).metrics.server_errors == 1


async def test_a_restart_between_the_commit_and_the_post_then_it_arrives_once(harness):
    _g, ch, users, tid = await open_table(harness, ["alice"], ("easy",) * 3)
    players = Players(harness, ch, tid, users, random.Random(2))
    old_table = stored_message(users[0], players.table_message())
    old_hand = stored_message(users[0], await players.open_hand(users[0]))
    old_card = next(c["custom_id"] for row in old_hand.components for c in row["components"])
    table = await _to_the_end(harness, tid)
    harness.env.inject_error("POST", f"/channels/{ch.id}/messages", status=500, times=None)
    await _commit(harness, table)  # committed; its post fails, and the bot stops
    assert table.status == "finished" and not finals(ch)
    await harness.restart()
    harness.env.backend.faults.clear()
    await harness.env.advance_time(5)
    await delivery(harness).settled()
    assert len(finals(ch)) == 1
    # old buttons answer with the result, not "this table no longer exists"
    for message, custom_id in ((old_table, f"lora:t:{tid}:hand"), (old_hand, old_card)):
        res = await raw_click(users[0], message, custom_id)
        text = reply(res).content
        # (in the table's language: the player chose none of his own)
        assert text.startswith("Tahle hra už skončila.\n**Konec lóry – stůl č. 1**\n1\\. ")
        assert len(text.splitlines()) == 6 and reply(res).ephemeral


@pytest.mark.parametrize("restart", [False, True])
async def test_a_lost_answer_to_the_final_post_is_not_posted_again(harness, monkeypatch,
                                                                   restart):
    """The POST reached Discord but its answer did not: the sender looks for the message
    in the channel (after a retry delay, or after a restart) instead of posting it twice."""
    _g, ch, users, tid = await open_table(harness, ["alice"], ("easy",) * 3)
    table = await _to_the_end(harness, tid)
    lost = LostAnswer(monkeypatch, FINAL)
    await _commit(harness, table)
    for _ in range(500):  # the sender posts it (and hears nothing back)
        if lost.done:
            break
        await asyncio.sleep(0.01)
    assert lost.done
    if restart:
        await harness.restart()
    await harness.env.advance_time(5)
    await delivery(harness).settled()
    assert len(finals(ch)) == 1
    assert delivery(harness).metrics.found_after_crash == 1
    await delivery(harness).flush_marks()
    rows = await harness.bot.store.outbox_counts()
    assert rows.get("pending", 0) == 0


# -- 429 with retry-after ---------------------------------------------------------------------
async def test_429_with_retry_after_on_announcements_delivers_them_in_order(harness,
                                                                           discord_model):
    _g, ch, users, tid = await open_table(harness, ["alice", "bob", "cyril", "dana"])
    table = harness.service.tables[tid]
    deals = lora_deals(0, [0, 1, 2, 3])
    probe = Lora(first_leader=0, deals=deals)
    drive(probe, lambda lo: lo.phase == "stovka")
    lora = Lora(first_leader=0, deals=deals)
    drive(lora, lambda lo: len(lo.log) == len(probe.log) - 1)  # the move before the question
    table.state = lora
    await harness.service._save(table)
    await harness.bot.controller.presenter.table_changed(table, [])
    before = {m.id: m.content for m in public(ch)}
    discord_model.inject_429("POST", f"/channels/{ch.id}/messages", times=3, retry_after=8)
    await _click(harness, ch, table, users, first_legal(table.state))
    assert table.state.phase == "stovka"
    assert not _new_lines(ch, before)  # held back (the table's new message waits), not lost
    await harness.env.advance_time(30)
    await channel_delivered(harness, ch.id)
    # (both waited behind the 429s: the new table message posted, the old one became their
    # record, in order)
    lines = _new_lines(ch, before)
    standings = [i for i, x in enumerate(lines) if x.startswith("Stav před hrou Červený král:")]
    question = [i for i, x in enumerate(lines) if x.startswith("Před Červeným králem: hlásí někdo")]
    assert len(standings) == 1 and len(question) == 1 and standings[0] < question[0]
    assert delivery(harness).metrics.rate_limited >= 1
    assert not discord_model.injected


async def test_a_429_storm_on_one_channel_loses_nothing(harness, discord_model):
    """Two tables in one channel; Discord answers most of the channel's requests 429 for a
    while. Both games go on; afterwards each table message shows its table as it is, every
    announcement arrived once, and nothing is left in the outbox."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    # both in the channel itself (by default the second would open a thread of its own)
    await harness.bot.store.set_guild_setting(guild.id, "table_threads", "never")
    tables = []
    for name in ("alice", "bob"):
        user = guild.add_member(env.create_user(name, global_name=name.capitalize()))
        await user.slash(ch, "lora new", language="cs", seating="join", turn_timer=0)
        tid = harness.service.table_of_user(guild.id, user.id).table_id
        lobby = next(m for m in public(ch) if m.id == harness.service.tables[tid].message_id)
        for _ in range(3):
            await user.click(lobby, custom_id=f"lora:lai:{tid}:easy")
        await user.click(lobby, custom_id=f"lora:l:{tid}:start")
        tables.append(Players(harness, ch, tid, [user], random.Random(tid)))
    for method in ("POST", "PATCH", "DELETE"):
        discord_model.inject_429(method, f"/channels/{ch.id}/messages*", times=8,
                                 retry_after=6)  # beyond SimCord's settling: virtual time
    for _ in range(8):
        for players in tables:
            await players.move()
    await env.advance_time(120)
    await delivery(harness).settled()
    await delivery(harness).flush_marks()
    assert delivery(harness).metrics.rate_limited >= 3
    for players in tables:
        table = players.table
        assert players.table_message().embeds[0].description == _description(table)
    announced = [m.content for m in public(ch) if m.content.startswith("▶")]
    assert len(announced) == len(set(announced)) >= 2
    assert (await harness.bot.store.outbox_counts()).get("pending", 0) == 0


async def test_deal_starts_waiting_on_a_rate_limited_channel_make_one_record(harness,
                                                                           discord_model):
    """The channel's POSTs are refused (429) for a while; the deals started meanwhile wait
    (the table message is posted anew at each), their refreshes merged — and then one new
    table message is posted and the old one becomes the record of every deal start's
    announcements: every line once, in order, in one message; nothing stays pending."""
    _g, ch, users, tid = await open_table(harness, ["alice"], ("easy",) * 3)
    players = Players(harness, ch, tid, users, random.Random(5))
    store = harness.bot.store
    before = {m.id: m.content for m in public(ch)}
    old = players.table.message_id
    discord_model.inject_429("POST", f"/channels/{ch.id}/messages", times=1, retry_after=30)
    expected: list[str] = []
    seen: set[int] = set()
    starts = 0
    while starts < 3:
        await players.move()
        for entry in await store.pending_outbox():
            if entry.kind == "table" and entry.entry_id not in seen \
                    and entry.payload.get("record"):
                seen.add(entry.entry_id)
                expected.extend(line for item in entry.payload["record"]
                                for line in item.splitlines())  # (a result: its last moves)
                starts += 1
    assert not _new_lines(ch, before)  # held back
    assert players.table.message_id == old
    await harness.env.advance_time(60)
    await delivery(harness).settled()
    await delivery(harness).flush_marks()
    table_message = players.table.message_id  # (the new one)
    # (her turn after her own click and the AI moves waited past the grace: pinged in a
    # message of its own, review 96)
    ping = players.table.ping_message_id
    assert ping is not None
    assert next(m for m in public(ch) if m.id == ping).content.startswith(users[0].mention)
    assert [line for line in _new_lines(ch, before, but=table_message)
            if line not in next(m for m in public(ch) if m.id == ping).content.splitlines()
            ] == expected  # each once, in order
    record = next(m for m in public(ch) if m.id == old)
    assert record.content.splitlines() == expected  # (one message: the old table's)
    assert not record.embeds and not record.components and not record.attachments
    assert players.table.message_id != old
    counts = await store.outbox_counts()
    assert counts.get("pending", 0) == 0 and counts["superseded"] >= starts - 1
    assert not discord_model.injected


def _new_lines(ch, before: dict[int, str], but: int | None = None) -> list[str]:
    """The public lines that appeared since ``before`` (each message's text then), in the
    channel's order: new messages' and those of messages that became other text (a deal
    start's announcements are the record its old table message becomes); ``but``: a
    message left out."""
    return [line for m in public(ch) if before.get(m.id) != m.content and m.id != but
            for line in m.content.splitlines()]


async def _click(harness, ch, table, users, action) -> None:
    """The seat to act clicks ``action`` on his hand message."""
    seat = table.state.to_act
    user = next(u for u in users if table.seat_of(u.id) == seat)
    index = table.state.legal_actions().index(action)
    message = next(m for m in public(ch) if m.id == table.message_id)
    res = await user.click(message, custom_id=f"lora:t:{table.table_id}:hand")
    await user.click(reply(res), custom_id=f"lora:a:{table.table_id}:{table.version}:{index}")


def _description(table) -> str:
    from bot.ui import builders

    return builders.table_message(table, render=False)["embed"].description


# -- ephemeral answers ---------------------------------------------------------------------
async def test_a_refusal_whose_answer_fails_is_retried_and_else_given_with_the_next_click(
        harness):
    _g, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    players = Players(harness, ch, tid, users, random.Random(1))
    table = players.table
    seat = table.state.to_act
    waiting = next(u for u in users if table.seat_of(u.id) != seat)
    hand = await players.open_hand(waiting)
    disabled = next(c["custom_id"] for row in hand.components for c in row["components"])
    # the follow-up fails once: tried again, he reads it
    harness.env.inject_error("POST", "/webhooks/*/*", status=500, times=1)
    res = await raw_click(waiting, hand, disabled)
    assert [f.content for f in res.followups] == ["Teď nejsi na tahu."]
    # it fails three times (twice, and once more at the end of the click): he gets it with
    # his next click
    harness.env.inject_error("POST", "/webhooks/*/*", status=500, times=3)
    res = await raw_click(waiting, hand, disabled)
    assert not res.followups
    res = await waiting.click(players.table_message(), custom_id=f"lora:t:{tid}:rules")
    assert [f.content for f in res.followups] == [
        "Dřívější odpověď se ti nepodařilo doručit: Teď nejsi na tahu."]


# -- kills at random points ----------------------------------------------------------------
class Killed(BaseException):
    """The process dies here (nothing after this point of the bot runs)."""


class Killer:
    """Dies at the ``at``-th request to the channel's messages, before or after Discord has
    handled it."""

    def __init__(self, monkeypatch) -> None:
        self.at: int | None = None
        self.after = False
        self.count = 0
        self.kills = 0
        dispatch = simcord_router.dispatch

        def deadly(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            if path.startswith("/channels/") and "/messages" in path and method != "GET":
                self.count += 1
                if self.at is not None and self.count >= self.at:
                    self.at = None
                    self.kills += 1
                    if self.after:
                        dispatch(backend, method, path, **kwargs)
                    raise Killed()
            return dispatch(backend, method, path, **kwargs)

        monkeypatch.setattr(simcord_router, "dispatch", deadly)

    def arm(self, rng: random.Random) -> None:
        self.at = self.count + rng.randint(1, 6)
        self.after = rng.random() < 0.5


async def _crash_and_restart(harness) -> None:
    """What a kill -9 leaves: the database as committed (marks not yet written are lost)."""
    controller = harness.bot.controller
    controller.delivery._marks.clear()
    controller.shutdown()
    await harness.restart()
    errors = harness.env.errors  # the Killed exceptions are the crash itself: seen
    assert all(isinstance(e, Killed) for e in errors), errors


@pytest.mark.parametrize("stage", ["saving", "done"])
async def test_a_kill_as_a_rematch_invitation_is_recorded_leaves_it_once_and_caught_up(
        harness, monkeypatch, stage):
    """A rematch's table starts while its invitation is being posted: the post made, the
    bot sets the invitation's id with the edit that says the table runs (its buttons gone).
    The bot dies as the two are saved (``saving``), or once they are (``done``), before the
    entry's mark is written. After the restart the invitation stands once (found again, not
    posted twice), says that the table runs and has no buttons, and that edit was queued
    once. Before, the id was saved first and the edit queued apart: a kill between the two
    left the invitation inviting to a table in play, for good; and a kill after the edit was
    made looked for the invitation by its first text, missed it and posted it again."""
    from bot.delivery import items
    from bot.delivery.channel import ChannelDeliverer

    _g, ch, users, tid = await open_table(harness, ["alice", "bob", "carol"], ("medium",))
    alice, bob, carol = users
    service = harness.service
    old = service.tables[tid]
    rng = random.Random(2)
    async with service.lock(tid):  # (random legal moves to the end, one change)
        while not old.state.finished:
            action = rng.choice(old.state.legal_actions())
            service._apply(old, action, by=old.seats[action.seat].user_id or "ai")
        await service._play_on(old)
    await channel_delivered(harness)
    final = next(m for m in public(ch) if m.embeds
                 and m.embeds[0].title == f"Konec lóry – stůl č. {tid}")
    killed: list[int] = []
    store = harness.bot.store
    posted = ChannelDeliverer.posted

    def deadly(write: Any, outbox: Any) -> Any:
        """The store's ``write``, killed at the invitation's end (``outbox`` of its call)."""
        async def written(*args: Any, **kwargs: Any) -> Any:
            if stage == "saving" and killed == [-1] and any(
                    i.kind == items.DELETE for i in outbox(*args, **kwargs) or ()):
                killed[0] = 0
                raise Killed()
            return await write(*args, **kwargs)
        return written

    async def deadly_posted(self: Any, entry: Any, message_id: int) -> None:
        invite = entry.key == f"invite:{entry.table_id}"
        if invite and not killed:
            # everyone sits down and the table starts before the post is recorded
            new = service.tables[entry.table_id]
            for user, name in ((alice, "Alice"), (carol, "Carol")):
                await service.join(new.table_id, user.id, name)
            await service.start(new.table_id, bob.id)
            killed.append(-1)
        await posted(self, entry, message_id)
        if stage == "done" and invite and killed == [-1]:
            killed[0] = message_id
            raise Killed()

    monkeypatch.setattr(store, "update_table", deadly(
        store.update_table, lambda _tid, **fields: fields.get("outbox")))
    monkeypatch.setattr(store, "add_outbox", deadly(store.add_outbox, lambda entries: entries))
    monkeypatch.setattr(ChannelDeliverer, "posted", deadly_posted)
    await bob.click(final, label="Hrát znovu")
    for _ in range(500):  # (a killed delivery is never settled)
        if killed and killed[0] != -1:
            break
        await asyncio.sleep(0.01)
    assert killed and killed[0] != -1
    new_id = max(service.tables)
    await _crash_and_restart(harness)
    await harness.env.advance_time(60)
    await delivery(harness).settled()
    await delivery(harness).flush_marks()
    assert (await harness.bot.store.outbox_counts()).get("pending", 0) == 0
    invites = [m for m in public(ch) if m.content and f"stůl č. {new_id} se stejnými" in
               m.content and not m.embeds]
    table = harness.service.tables[new_id]
    assert table.status == "playing"
    assert [m.id for m in invites] == [table.rematch["invite"][1]]
    if stage == "done":  # (found again: not posted anew)
        assert invites[0].id == killed[0]
    assert not invites[0].components
    assert invites[0].content == (
        f"Další hra – stůl č. {new_id} se stejnými pravidly jako stůl č. {tid} – už běží. "
        f"Hrají: {', '.join(table.names())}.")
    async with harness.bot.store.connection.execute(
            "SELECT payload FROM outbox WHERE kind = ?", (items.DELETE,)) as cur:
        ends = [json.loads(r[0]) for r in await cur.fetchall()]
    assert len([e for e in ends if e["message_id"] == invites[0].id]) == 1, ends


async def test_kills_at_random_points_deliver_every_entry_exactly_once(harness, monkeypatch):
    guild, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    rng = random.Random(44)
    killer = Killer(monkeypatch)
    players = Players(harness, ch, tid, users, random.Random(5))
    for _ in range(8):
        killer.arm(rng)
        for _ in range(40):
            if killer.at is None:
                break
            players.hands.clear()
            try:
                await players.move()
            except Killed:
                break
        if killer.at is None:
            await _crash_and_restart(harness)
            players = Players(harness, ch, tid, users, random.Random(rng.random()))
    killer.at = None
    await harness.env.advance_time(60)
    await delivery(harness).settled()
    await delivery(harness).flush_marks()
    assert killer.kills >= 6
    store = harness.bot.store
    assert (await store.outbox_counts()).get("pending", 0) == 0
    rows = await _delivered_posts(store)
    shown = public(ch)
    by_id = {m.id: m for m in shown}
    for entry_id, kind, payload, message_id in rows:
        if kind == "post":
            assert message_id in by_id, (entry_id, payload)
            same = [m for m in shown if m.content == (payload.get("content") or "")
                    and bool(m.embeds) == bool(payload.get("embed"))]
            assert len(same) == 1, (payload, [m.id for m in same])
    table = harness.service.tables[tid]
    # (a ping carries the table's hand button too, but no embed)
    tables = [m for m in shown if m.embeds and any(c.custom_id.startswith(f"lora:t:{tid}:")
                                                   for row in m.components for c in row.children)]
    assert [m.id for m in tables] == [table.message_id]  # one table message, the current one
    pings = [m for m in shown if m.content and m.content.startswith("<@")]
    assert len(pings) <= 1


async def _delivered_posts(store) -> list[tuple[int, str, dict[str, Any], int]]:
    import json

    async with store.connection.execute(
        "SELECT entry_id, kind, payload, message_id FROM outbox"
        " WHERE state = 'delivered' AND message_id IS NOT NULL") as cur:
        return [(r[0], r[1], json.loads(r[2]), r[3]) for r in await cur.fetchall()]



# -- tournaments and pings go through the outbox too -----------------------------------------
async def test_a_tournament_message_whose_post_fails_arrives_once_after_the_retry(harness):
    guild = harness.env.create_guild()
    ch = guild.create_text_channel("turnaj")
    ann = guild.add_member(harness.env.create_user("ann", global_name="Ann"))
    harness.env.inject_error("POST", f"/channels/{ch.id}/messages", status=500, times=1)
    await ann.slash(ch, "lora tournament", language="cs", rounds=2, turn_timer=60)
    await harness.env.advance_time(5)
    await delivery(harness).settled()
    shown = [m for m in public(ch) if m.embeds and m.embeds[0].title == "Lóra – turnaj č. 1"]
    assert len(shown) == 1
    desk = harness.bot.controller.desk
    assert desk.service.get(1).message_id == shown[0].id
    # a registration edits that one message (a superseding refresh), it posts nothing new
    bob = guild.add_member(harness.env.create_user("bob", global_name="Bob"))
    await bob.click(shown[0], custom_id="lora:tn:1:join")
    await delivery(harness).settled()
    assert [m.id for m in public(ch) if m.embeds] == [shown[0].id]
    message = next(m for m in public(ch) if m.id == shown[0].id)
    assert f"<@{bob.id}>" in message.embeds[0].description
    assert delivery(harness).metrics.server_errors == 1


async def test_a_ping_whose_deletion_failed_once_is_deleted_by_the_retry(harness):
    """Bob's ping no longer holds (he played): its deletion is answered 500 once — the
    retry deletes it. Before, the ping was forgotten before the deletion was made, and the
    retry found nothing to delete: the stale ping stayed in the channel for good."""
    _g, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    players = Players(harness, ch, tid, users, random.Random(3))
    table = players.table
    for _ in range(40):  # until a human has a ping of its own (not the deal's table message)
        await players.move()
        await harness.env.advance_time(TURN_PING_SECONDS + 1)  # (he waits: pinged then)
        await delivery(harness).settled()
        if table.ping_message_id is not None:
            break
    ping = table.ping_message_id
    assert ping is not None and ping in [m.id for m in public(ch)]
    pinged = table.seats[table.state.to_act].user_id
    harness.env.inject_error("DELETE", f"/channels/{ch.id}/messages/{ping}", status=500,
                             times=1)
    while table.seats[table.state.to_act].user_id == pinged:  # he plays: the ping goes
        await players.move()
    await harness.env.advance_time(5)
    await delivery(harness).settled()
    assert not harness.env.backend.faults  # (the 500 was answered)
    assert ping not in [m.id for m in public(ch)]
    assert table.ping_message_id != ping


async def test_the_turn_ping_goes_when_the_game_is_over(harness):
    _g, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    players = Players(harness, ch, tid, users, random.Random(6))
    for _ in range(40):
        await players.move()
        await harness.env.advance_time(TURN_PING_SECONDS + 1)  # (he waits: pinged then)
        await delivery(harness).settled()
        if players.table.ping_message_id is not None:
            break
    assert [m for m in public(ch) if m.content.startswith("<@")]  # somebody is pinged
    table = await _to_the_end(harness, tid)
    await _commit(harness, table)
    await delivery(harness).settled()
    assert table.ping_message_id is None
    assert not [m for m in public(ch) if m.content.startswith("<@")]
    assert len(finals(ch)) == 1


async def test_a_restart_after_a_tournament_is_cancelled_posts_its_notice_once(harness):
    """The cancel notice is written with the cancellation: committed, its post failing, the
    bot stopping — after the restart it arrives, once."""
    guild = harness.env.create_guild()
    ch = guild.create_text_channel("turnaj")
    ann = guild.add_member(harness.env.create_user("ann", global_name="Ann"))
    await ann.slash(ch, "lora tournament", language="cs", rounds=2, turn_timer=60)
    await delivery(harness).settled()
    message = next(m for m in public(ch) if m.embeds)
    harness.env.inject_error("POST", f"/channels/{ch.id}/messages", status=500, times=None)
    res = await ann.click(message, custom_id="lora:tn:1:cancel")
    assert reply(res).content == "Turnaj č. 1 je zrušen."
    store = harness.bot.store
    assert (await store.get_tournament(1)).status == "cancelled"
    notice = "Ann ruší turnaj č. 1."  # (review 24: who did; review 84: named, no ping)
    assert not [m for m in public(ch) if m.content == notice]
    await harness.restart()
    harness.env.backend.faults.clear()
    await harness.env.advance_time(5)
    await delivery(harness).settled()
    assert len([m for m in public(ch) if m.content == notice]) == 1
    await harness.restart()  # nothing is left to post again
    await harness.env.advance_time(5)
    await delivery(harness).settled()
    assert len([m for m in public(ch) if m.content == notice]) == 1


async def test_a_channel_answered_429_once_is_paced_under_its_limit_from_then_on(
        harness, monkeypatch):
    """Discord's buckets modelled (5 requests per 5 s per channel and route): a burst of
    twelve posts to one channel meets the limit once; from then on the sender paces the
    route instead of provoking a 429 per post, and the post refused by the 429 is sent again
    without looking for it first (a 429 means it was not made). All arrive, once, in
    order."""
    from benchmarks.discord_model import RateModel
    from bot.delivery import items
    from bot.delivery.channel import ChannelDeliverer

    model = DiscordModel(RateModel(clock=lambda: harness.env.now().timestamp())).install()
    looked: list[int] = []
    find = ChannelDeliverer.find_posted

    async def find_posted(self: Any, entry: Any, known: set[int]) -> int | None:
        looked.append(entry.entry_id)
        return await find(self, entry, known)

    monkeypatch.setattr(ChannelDeliverer, "find_posted", find_posted)
    try:
        guild = harness.env.create_guild()
        ch = guild.create_text_channel("lora")
        lines = [f"Oznámení {i}." for i in range(1, 13)]
        with harness.env._bot_scope():  # (the bot's own work: on SimCord's virtual clock)
            await harness.bot.controller.enqueue([items.post(ch.id, line) for line in lines])
        await harness.env.advance_time(30)
        await delivery(harness).settled()
    finally:
        model.uninstall()
    assert [m.content for m in public(ch)] == lines
    assert model.rates.limited == 1 and delivery(harness).metrics.rate_limited == 1
    assert looked == []


@pytest.mark.parametrize("stage", ["saving", "done"])
async def test_a_kill_as_a_reposted_table_message_is_recorded_leaves_one_message_one_record(
        harness, monkeypatch, stage):
    """A deal starts: the table message is posted anew and the old one becomes the record of
    the start's lines. The bot dies as the new message is saved with the old one's end
    (``saving``), or once the post's aftermath is done (``done``: the old message's record
    queued, the new one saved as the table's), before the entry's mark is written. After the
    restart the post is found (not made twice: ``done``) and the old message becomes the
    record once: one table message, the record's lines once, no old message left with its
    buttons, and its end queued once. Before, the new id was saved first and the search for
    the post skipped the table's message: a kill between the two left the old message with
    its buttons beside a second post, and a kill after them posted the record's lines a
    second time; then the old message's end was queued apart, before the new one was saved:
    a kill between the two queued it twice (and its record's lines twice, when they are
    posted rather than edited into the old message)."""
    from bot.delivery import items
    from bot.delivery.channel import ChannelDeliverer
    from bot.ui.materials import Materials

    _g, ch, users, tid = await open_table(harness, ["alice"], ("easy",) * 3)
    players = Players(harness, ch, tid, users, random.Random(8))
    await delivery(harness).settled()
    first = players.table.message_id
    killed: list[int] = []
    posting: list[Any] = []
    posted = ChannelDeliverer.posted
    save = Materials.set_table_message

    async def deadly_save(self: Any, table: Any, message_id: int, *later: Any) -> None:
        if stage == "saving" and not killed and posting[-1].payload.get("record"):
            killed.append(0)
            raise Killed()
        await save(self, table, message_id, *later)

    async def deadly_posted(self: Any, entry: Any, message_id: int) -> None:
        posting.append(entry)
        await posted(self, entry, message_id)
        if stage == "done" and not killed and entry.kind == items.TABLE \
                and entry.payload.get("record"):
            killed.append(message_id)
            raise Killed()

    monkeypatch.setattr(Materials, "set_table_message", deadly_save)
    monkeypatch.setattr(ChannelDeliverer, "posted", deadly_posted)
    for _ in range(60):  # to the second deal's start
        if killed:
            break
        players.hands.clear()
        await players.move()
        for _ in range(500):  # (a killed delivery is never settled)
            if killed or not delivery(harness).pending(tid):
                break
            await asyncio.sleep(0.01)
    assert killed
    await _crash_and_restart(harness)
    await harness.env.advance_time(60)
    await delivery(harness).settled()
    await delivery(harness).flush_marks()
    assert (await harness.bot.store.outbox_counts()).get("pending", 0) == 0
    table = harness.service.tables[tid]
    shown = public(ch)
    tables = [m for m in shown if m.embeds and any(
        c.custom_id.startswith(f"lora:t:{tid}:") for row in m.components
        for c in row.children)]
    assert [m.id for m in tables] == [table.message_id]
    if stage == "done":  # (found again: not posted anew)
        assert table.message_id == killed[0]
    record = next(m for m in shown if m.id == first)
    assert not record.embeds and not record.components
    assert record.content.startswith("■ ") and "\n▶ " in record.content
    records = [m for m in shown if m.content and not m.embeds and not m.content.startswith("<@")]
    texts = [m.content for m in records]
    assert len(texts) == len(set(texts)), texts
    async with harness.bot.store.connection.execute(
            "SELECT payload FROM outbox WHERE kind = ?", (items.DELETE,)) as cur:
        ends = [json.loads(r[0]) for r in await cur.fetchall()]
    assert len([e for e in ends if e["message_id"] == first]) == 1, ends


async def test_a_post_loads_its_table_once_for_all_it_draws_of_it():
    """A final post (its sheet attached, its rating note) and a further embed's picture draw
    of one table, loaded once; a tournament's picture and a post with nothing to draw load
    none. Each picture is drawn of that table, by its name."""
    from datetime import UTC, datetime

    from bot.delivery import items
    from bot.delivery.channel import ChannelDeliverer
    from bot.storage.models import OutboxEntry

    table = object()
    loads: list[int] = []
    drawn: list[tuple[Any, str]] = []

    class Stub:
        async def post_payload(self, payload: dict[str, Any]) -> dict[str, Any]:
            return payload

        async def table(self, table_id: int) -> Any:
            loads.append(table_id)
            return table

        async def picture(self, of: Any, name: str) -> bytes:
            drawn.append((of, name))
            return b"png"

        async def rating_note(self, of: Any) -> tuple[str, str]:
            assert of is table
            return ("Hodnocení", "Hra se nehodnotí.")

    deliverer = ChannelDeliverer(Stub())
    now = datetime.now(UTC)
    final = items.post(7, embed={"title": "Konec"}, table_id=3,
                       pictures=[("final", "sheet.png", "list")],
                       embeds=[({"title": "Rozdání"}, ("deal:1", "deal.png", "rozdání"))])
    final.payload["rating"] = True
    kwargs = await deliverer._post_kwargs(OutboxEntry.of(1, final, now))
    assert loads == [3]
    assert drawn == [(table, "final"), (table, "deal:1")]
    assert [f.filename for f in kwargs["files"]] == ["sheet.png", "deal.png"]
    assert kwargs["embeds"][0].fields[0].value == "Hra se nehodnotí."
    loads.clear()
    drawn.clear()
    sheet = items.post(7, embed={"title": "Turnaj"}, picture="tsheet:1:1:1")
    await deliverer._post_kwargs(OutboxEntry.of(2, sheet, now))
    assert (loads, drawn) == ([], [(None, "tsheet:1:1:1")])
    await deliverer._post_kwargs(OutboxEntry.of(3, items.post(7, "Oznámení.", table_id=3),
                                                now))
    assert loads == []
