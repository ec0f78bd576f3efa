"""Who is pinged for his turn (issue 12: a ping is a post and a deletion on the channel's
routes, which count against the bot's global request pace).

* A player who just clicked is not pinged for his next turn when only AI seats moved in
  between — however the AI moves were applied after his click (the driver of his click,
  or a later one: a retry after an AI failure): his hand message already shows his turn.
* Another human whose turn comes is pinged; so is everybody at the first turn of a deal —
  by the table message posted anew for the deal, whose first line mentions him until the
  game moves on (one message, not a ping posted and deleted beside it); a restart or another
  player leaving, with nothing moved, keeps that line without notifying anybody again.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from simcord.http import router as simcord_router

from bot.service import RETRY_SECONDS
from bot.ui import builders
from bot.ui.turn_pings import TURN_PING_SECONDS
from tests.botkit import Players, channel_delivered, open_table, reply, table_message
from tests.taroky.helpers import WORKED_HANDS, WORKED_TALON
from tests.taroky_kit import Clickers, default_policy, given, open_taroky

TURN_LINES = ("Jsi na tahu", "Maturuješ", "Hlásíš", "Můžeš")


class Posts:
    """The pings the bot posts to channels (a channel message mentioning a player)."""

    def __init__(self) -> None:
        self.pings: list[str] = []
        self.edited: list[int] = []  # the messages edited (their ids), in order

    def on(self, method: str, path: str, result: Any) -> None:
        last = path.rsplit("/", 1)[-1]
        if method == "PATCH" and path.startswith("/channels/") and last.isdigit():
            self.edited.append(int(last))
        if method != "POST" or not path.startswith("/channels/") or not isinstance(result,
                                                                                   dict):
            return
        if str(result.get("content") or "").startswith("<@"):
            self.pings.append(result["content"])


@pytest.fixture
def posts(monkeypatch):
    watch = Posts()
    dispatch = simcord_router.dispatch

    def watched(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        result = dispatch(backend, method, path, **kwargs)
        watch.on(method, path, result)
        return result

    monkeypatch.setattr(simcord_router, "dispatch", watched)
    return watch


def _deal_started(table: Any, message_id: int | None) -> bool:
    """The table message was posted anew: a deal started (``GameUI.starts_deal``)."""
    return table.message_id != message_id


async def test_his_own_click_and_the_ai_moves_after_it_ping_nobody(harness, posts):
    """One human, three AI seats: after each of his clicks the AI seats move (the driver
    his click started), then it is his turn again: no ping is posted for it — nor when a
    deal started by his click (review 96: the table message posted anew names nobody) —
    and his hand says it is his turn."""
    _g, ch, users, tid = await open_table(harness, ["alice"], ("easy", "easy", "easy"))
    alice = users[0]
    table = harness.service.tables[tid]
    players = Players(harness, ch, tid, users, random.Random(7))
    quiet = deals = 0
    for _ in range(40):
        message_id, pinged = table.message_id, len(posts.pings)
        await players.move()
        await harness.env.settle()
        if table.state.finished:
            break
        assert table.seats[table.state.to_act].user_id == alice.id  # the AIs have moved
        assert posts.pings[pinged:] == []
        if _deal_started(table, message_id):
            deals += 1
            shown = next(m for m in ch.history() if m.id == table.message_id)
            assert "<@" not in (shown.content or "")
            continue
        quiet += 1
        hand = players.hands[alice.id]
        assert any(line.startswith(TURN_LINES) for line in hand.content.splitlines())
    assert quiet >= 10 and deals >= 1


async def test_ai_moves_applied_by_a_later_driver_ping_nobody_either(harness, posts,
                                                                      monkeypatch):
    """The AI's decision after his click fails once: the table tries again later (a driver
    that no click started), the AI seats move then — it is still his own move, no ping;
    his hand shows his turn."""
    _g, ch, users, tid = await open_table(harness, ["alice"], ("easy", "easy", "easy"))
    alice = users[0]
    table = harness.service.tables[tid]
    ai = harness.service.ai
    decide = ai.decide
    failed: list[int] = []

    async def failing_once(*args: Any, **kwargs: Any) -> Any:
        if not failed:
            failed.append(table.version)
            raise RuntimeError("the worker died")
        return await decide(*args, **kwargs)

    players = Players(harness, ch, tid, users, random.Random(5))
    for _ in range(40):  # a click after which the AI seats move and it is his turn again
        message_id, version = table.message_id, table.version
        monkeypatch.setattr(ai, "decide", failing_once)
        pinged = len(posts.pings)
        await players.move()
        monkeypatch.setattr(ai, "decide", decide)
        if not failed:  # no AI seat was to move after his click
            continue
        assert table.seats[table.state.to_act].user_id is None  # the AI waits to retry
        await harness.env.advance_time(RETRY_SECONDS + 1)
        assert table.version > version
        if table.state.finished or _deal_started(table, message_id):
            failed.clear()
            continue
        assert table.seats[table.state.to_act].user_id == alice.id
        assert posts.pings[pinged:] == []
        hand = players.hands[alice.id]
        assert any(line.startswith(TURN_LINES) for line in hand.content.splitlines())
        break
    else:
        pytest.fail("no click was followed by AI moves within a deal")


async def _two_humans(harness: Any, turn_timer: int = 0) -> tuple[Any, Any, Any, Any]:
    """Alice, an AI, Bob, an AI at a lóra: (channel, alice, bob, table)."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    alice, bob = (guild.add_member(env.create_user(n, global_name=n.capitalize()))
                  for n in ("alice", "bob"))
    await alice.slash(ch, "lora new", language="cs", seating="join", turn_timer=turn_timer)
    lobby = ch.last_message
    tid = harness.service.table_of_user(guild.id, alice.id).table_id
    await alice.click(lobby, custom_id=f"lora:lai:{tid}:easy")
    await bob.click(lobby, custom_id=f"lora:l:{tid}:join")
    await alice.click(lobby, custom_id=f"lora:lai:{tid}:easy")
    await alice.click(lobby, custom_id=f"lora:l:{tid}:start")
    table = harness.service.tables[tid]
    assert [s.user_id for s in table.seats] == [alice.id, None, bob.id, None]
    return ch, alice, bob, table


async def test_the_other_human_is_pinged_only_when_idle_after_a_grace(harness, posts):
    """Alice, an AI, Bob, an AI (no turn timer): after Alice's card and the AI's it is
    Bob's turn — nobody is pinged at once (review 90: a present player was pinged for
    almost every turn). One who waits gets exactly one ping when ``TURN_PING_SECONDS`` have
    passed, and no other while he waits on — and none in a deal in which he had his ping
    already (review 96: a slow player was pinged 134 times in one lóra); one who moves
    within the grace gets none."""
    env = harness.env
    ch, alice, bob, table = await _two_humans(harness)
    tid = table.table_id
    players = Players(harness, ch, tid, [alice, bob], random.Random(3))
    mention = {alice.id: alice.mention, bob.id: bob.mention}
    seen: set[tuple[int, int]] = set()
    had = {u.id for u in (alice, bob) if any(p.startswith(u.mention) for p in posts.pings)}
    rows = len(table.state.protocol)  # (a partial game ended: its deal's pings are over)

    def dealt(pings: list[str]) -> set[int]:
        nonlocal rows
        mentioned = {u for u in mention if any(p.startswith(mention[u]) for p in pings)}
        if len(table.state.protocol) == rows:  # (its čistá stovka question, maturita)
            return had | mentioned
        rows = len(table.state.protocol)
        return mentioned

    idle = active = once = 0
    for _ in range(80):
        mover = table.seats[table.state.to_act].user_id
        message_id, pinged = table.message_id, len(posts.pings)
        ai_moves = sum(s.moves for s in table.seats if s.user_id is None)
        await players.move()
        await env.settle()
        if table.state.finished:
            break
        to_act = table.seats[table.state.to_act].user_id
        ai_moved = sum(s.moves for s in table.seats if s.user_id is None) > ai_moves
        if _deal_started(table, message_id):  # (its ping is its first player's of the deal)
            had = dealt(posts.pings[pinged:])
            continue
        if not ai_moved:
            continue
        assert posts.pings[pinged:] == []  # (not at once, whoever is to act)
        if to_act == mover:
            continue
        seen.add((mover, to_act))
        if (idle + active) % 2 == 0:  # he waits
            await env.advance_time(TURN_PING_SECONDS - 1)
            await channel_delivered(harness, ch.id)
            assert posts.pings[pinged:] == []
            await env.advance_time(2)
            await channel_delivered(harness, ch.id)
            new = posts.pings[pinged:]
            if to_act in had:  # (his ping of this deal came already)
                assert new == []
            else:
                assert len(new) == 1 and new[0].startswith(f"{mention[to_act]}, ")
                assert _message(ch, table.ping_message_id).content == new[0]
                had.add(to_act)
                once += 1
            await env.advance_time(3 * TURN_PING_SECONDS)
            await channel_delivered(harness, ch.id)
            assert posts.pings[pinged:] == new
            idle += 1
        else:  # he takes his time, yet moves within the grace
            await env.advance_time(TURN_PING_SECONDS - 1)
            message_id, before = table.message_id, len(posts.pings)
            await players.move()
            await env.settle()
            await env.advance_time(2)  # (past the grace his turn began)
            await channel_delivered(harness, ch.id)
            if not _deal_started(table, message_id):  # (a deal's first turn pings at once)
                assert posts.pings[before:] == []
            else:
                had = dealt(posts.pings[before:])
            active += 1
    assert {(alice.id, bob.id), (bob.id, alice.id)} <= seen
    assert idle >= 3 and active >= 3 and 2 <= once < idle


async def test_the_first_turn_of_a_deal_pings(harness, posts):
    """The deal's first turn pings the human to act at the start. When his own click and
    the AI moves after it start the next deal, the table message posted anew names nobody
    (review 96: he just clicked), and he is pinged only after the grace if he waits."""
    _g, ch, users, tid = await open_table(harness, ["alice"], ("easy", "easy", "easy"))
    alice = users[0]
    table = harness.service.tables[tid]
    assert len(posts.pings) == 1 and posts.pings[0].startswith(f"{alice.mention}, ")
    # the ping is the table message posted for the deal (its first line), not a message
    # of its own
    first = next(m for m in ch.history() if m.id == table.message_id)
    assert first.content == posts.pings[0] and first.embeds
    assert table.ping_message_id is None
    players = Players(harness, ch, tid, users, random.Random(7))
    for _ in range(80):
        message_id, pinged = table.message_id, len(posts.pings)
        await players.move()
        await harness.env.settle()
        if _deal_started(table, message_id) and not table.state.finished:
            break
    else:
        pytest.fail("no new deal")
    assert table.seats[table.state.to_act].user_id == alice.id
    assert len(posts.pings) == pinged and table.ping_message_id is None
    shown = next(m for m in ch.history() if m.id == table.message_id)
    assert not shown.content and shown.embeds
    # the old table message became the record of the last game's result and the new
    # deal's announcements
    record = next(m for m in ch.history() if m.id == first.id)
    lines = record.content.splitlines()
    assert lines[0].startswith("■ **") and lines[-1].startswith("▶ **")
    assert not record.embeds and not record.components
    assert not record.attachments
    await harness.env.advance_time(TURN_PING_SECONDS + 1)  # he waits: pinged then, once
    await channel_delivered(harness, ch.id)
    assert len(posts.pings) == pinged + 1 and posts.pings[-1].startswith(f"{alice.mention}, ")
    assert _message(ch, table.ping_message_id).content == posts.pings[-1]
    await harness.env.advance_time(3 * TURN_PING_SECONDS)
    await channel_delivered(harness, ch.id)
    assert len(posts.pings) == pinged + 1


async def test_after_an_ai_stood_in_for_the_other_human_he_is_pinged(harness, posts):
    """Alice moves, the AI after her, then Bob does not: when his time is up an AI plays
    for him, and the turn that comes back to Alice after that pings her (she waited a
    whole turn timer: it is no longer the move she just made) — with a 40 s timer, by its
    reminder alone (it comes as soon as a turn ping would: review 90)."""
    env = harness.env
    ch, alice, bob, table = await _two_humans(harness, turn_timer=40)
    players = Players(harness, ch, table.table_id, [alice, bob], random.Random(3))
    for _ in range(40):  # Alice's card, after which the AI seat moves and Bob is to act
        mover = table.seats[table.state.to_act].user_id
        message_id = table.message_id
        await players.move()
        to_act = table.seats[table.state.to_act].user_id
        if mover == alice.id and to_act == bob.id and not _deal_started(table, message_id):
            break
    else:
        pytest.fail("Alice never handed the turn to Bob")
    pinged, version = len(posts.pings), table.version
    await env.advance_time(41)  # the reminder at 20 s, the stand-in at 40 s
    await channel_delivered(harness, ch.id)
    assert table.version > version and table.seats[2].absent
    assert table.seats[table.state.to_act].user_id == alice.id
    new = posts.pings[pinged:]
    assert new[0] == (f"{bob.mention}, máš na tah ještě 20 s; pak za tebe bude hrát AI, "
                      "dokud znovu neklikneš.")  # the reminder
    assert len(new) == 1  # (nobody else yet: Alice's turn does not ping at once)
    await env.advance_time(TURN_PING_SECONDS)
    await channel_delivered(harness, ch.id)
    new = posts.pings[pinged:]
    assert new[1:] == [f"{alice.mention}, jsi na tahu. Čas na tah vyprší za 20 s, stůl na "
                       "tebe ale počká: AI hraje za nepřítomné, jen když u stolu sedí ještě "
                       "další člověk, a teď tu nikdo takový není."]
    # (Bob is absent: nobody else is there to play for her)
    ping = next(m for m in ch.history() if m.id == table.ping_message_id)
    assert ping.content == new[-1]


async def test_the_decisions_of_one_chain_share_its_order(harness, monkeypatch):
    """The AI pool orders decisions by their chain (``bot.workers``: a chain's later
    decisions go before newer chains' first ones): every decision the AI seats make after
    one click carries the instant that chain began, and the next click's chain a later one."""
    _g, _ch, users, tid = await open_table(harness, ["alice"], ("easy", "easy", "easy"))
    ai = harness.service.ai
    decide = ai.decide
    orders: list[tuple[int, float | None]] = []
    click = [0]

    async def recorded(game: str, level: str, view: Any, seed: str,
                       order: float | None = None) -> Any:
        orders.append((click[0], order))
        return await decide(game, level, view, seed, order=order)

    monkeypatch.setattr(ai, "decide", recorded)
    players = Players(harness, _ch, tid, users, random.Random(7))
    for n in range(1, 13):
        click[0] = n
        await players.move()
    by_click: dict[int, set[float | None]] = {}
    for n, order in orders:
        by_click.setdefault(n, set()).add(order)
    chains = [keys for n, keys in sorted(by_click.items())]
    assert len(chains) >= 6 and all(len(keys) == 1 and None not in keys for keys in chains)
    firsts = [next(iter(keys)) for keys in chains]
    assert firsts == sorted(firsts) and len(set(firsts)) == len(firsts)


def _message(ch: Any, message_id: int | None) -> Any:
    return next(m for m in ch.history() if m.id == message_id)


async def _click_watching(harness: Any, ch: Any, clickers: Any, posts: Any,
                          wait: bool = True) -> tuple[int | None, str | None, int, int]:
    """The seat to act clicks (its default policy) — after a turn ping's grace when he
    ``wait``s (a ping of his turn stands then, unless he had his ping of the deal) — and
    the channel is delivered; returns the ping standing before the click (its id and
    words) and how many pings and edits had been posted, for what the click then did."""
    table = clickers.table
    if wait:
        await harness.env.advance_time(TURN_PING_SECONDS + 1)
    await channel_delivered(harness, ch.id)
    ping_id = table.ping_message_id
    shown = None if ping_id is None else _message(ch, ping_id).content
    pinged, edited = len(posts.pings), len(posts.edited)
    await clickers.act(default_policy(table.state))
    await channel_delivered(harness, ch.id)
    return ping_id, shown, pinged, edited


async def test_a_restart_keeps_the_deal_s_ping_line_in_the_table_message(harness, posts):
    """The deal's first turn pings by the table message's first line; a restart refreshes
    that message with nothing moved: the line stays (the edit notifies nobody), no ping is
    posted again — and his move clears it as ever."""
    ch, alice, bob, table = await _two_humans(harness)
    tid, message_id = table.table_id, table.message_id
    [line] = posts.pings
    assert _message(ch, message_id).content == line and table.ping_message_id is None

    await harness.restart()
    await channel_delivered(harness)

    table = harness.service.tables[tid]
    message = _message(ch, table.message_id)
    assert table.message_id == message_id and message.edited_at is not None
    assert message.content == line and message.embeds
    # the edit kept the line quietly: it notifies nobody now
    assert harness.env.backend.messages[ch.id][message_id].ping_user_ids == []
    assert posts.pings == [line] and table.ping_message_id is None
    players = Players(harness, ch, tid, [alice, bob], random.Random(3))
    await players.move()
    await harness.env.settle()
    assert not _message(ch, message_id).content


async def test_another_player_leaving_keeps_the_deal_s_ping_line(harness, posts):
    """Bob leaves while Alice's first turn of the deal stands (nothing moved): the table
    message, edited for his leaving, still names her as the one to act."""
    ch, alice, bob, table = await _two_humans(harness)
    [line] = posts.pings
    assert table.seats[table.state.to_act].user_id == alice.id
    version = table.version
    await harness.service.leave(table.table_id, bob.id)
    await channel_delivered(harness)
    assert table.version == version  # (nobody moved: the AI in his seat is not to act)
    message = _message(ch, table.message_id)
    assert "Bob opouští hru" in message.embeds[0].description
    assert message.content == line and posts.pings == [line]


async def test_a_restart_leaves_a_ping_message_of_its_own_as_it_is(harness, posts):
    """Mid-deal the turn's ping is a message of its own: after a restart it still stands
    (not posted again), and the table message gets no line beside it."""
    ch, alice, bob, table = await _two_humans(harness)
    tid = table.table_id
    players = Players(harness, ch, tid, [alice, bob], random.Random(3))
    for _ in range(60):
        await players.move()
        await harness.env.advance_time(TURN_PING_SECONDS + 1)  # (he waits: pinged then)
        await channel_delivered(harness, ch.id)
        if table.ping_message_id is not None:
            break
    else:
        pytest.fail("no ping of its own")
    ping_id, pinged = table.ping_message_id, list(posts.pings)

    await harness.restart()
    await channel_delivered(harness)

    table = harness.service.tables[tid]
    assert table.ping_message_id == ping_id and _message(ch, ping_id).content == pinged[-1]
    assert not _message(ch, table.message_id).content and posts.pings == pinged


async def test_a_ping_standing_is_reworded_when_his_turn_asks_something_else(harness, posts):
    """Taroky, Alice and Bob with two AI seats: a ping posted for one decision ("hlásíš")
    stays the channel's ping while the same player, after his click and the AI moves only,
    has another decision to make — it is edited to say what is asked now (review 63), with
    no new post (nobody is notified again). A plain "jsi na tahu" fits any turn of his: it
    stays as it is (no edit) when he is to lead."""
    _g, ch, users, tid = await open_taroky(harness, ["alice", "bob"], None, ("easy", "easy"))
    clickers = Clickers(harness, ch, tid, users)
    table = clickers.table
    reworded: set[tuple[str, str]] = set()
    kept = 0
    for _ in range(400):
        if table.state.finished:
            break
        # (he waits only when the declarer chooses the game and in the play: his first
        # ping of the deal then, as one a deal comes — review 96)
        ping_id, shown, pinged, edited = await _click_watching(
            harness, ch, clickers, posts, wait=table.state.deal.phase in ("choose", "play"))
        seat = table.state.to_act
        if table.state.finished or table.ping_message_id is None \
                or table.seats[seat].user_id is None:
            continue
        mention = next(u.mention for u in users if u.id == table.seats[seat].user_id)
        ping = _message(ch, table.ping_message_id)
        now = builders.game_ui(table).turn_ping(table, seat, mention)
        # what the channel's ping asks is his decision now
        assert ping.content in (now, f"{mention}, jsi na tahu."), (ping.content, now)
        if table.ping_message_id != ping_id or shown is None:
            continue
        assert posts.pings[pinged:] == []
        edits = posts.edited[edited:].count(ping.id)
        if ping.content != shown:
            assert edits == 1
            reworded.add((shown.removeprefix(mention), ping.content.removeprefix(mention)))
        else:
            assert edits == 0, (shown, now, table.state.deal.phase)
            kept += ping.content != now
    assert reworded == {(", všichni řekli dobrá: zvol hru.", ", zavolej tarok."),
                        (", zavolej tarok.", ", odlož karty za talon.")}, reworded
    assert kept >= 1


async def test_the_ping_follows_his_decision_while_ais_stand_in_for_the_others(harness, posts):
    """Review 63: Alice, Bob and Carol let their time run out, an AI stands in for each;
    Dave clicks on. After his click only stand-ins move, then it is his turn again: the
    ping standing ("<@Dave>, hlásíš.") is edited to what he is asked now — not posted
    again, not left saying the old decision."""
    deal = given(WORKED_HANDS, WORKED_TALON)
    _g, ch, users, tid = await open_taroky(harness, ["alice", "bob", "carol", "dave"],
                                           [deal, deal], turn_timer=300)
    dave = users[3]
    clickers = Clickers(harness, ch, tid, users)
    table = clickers.table
    seen: list[tuple[str, str]] = []
    for _ in range(200):
        if table.state.finished or table.state.deal.deal_no > 1:
            break
        if table.seats[table.state.to_act].user_id != dave.id:
            await harness.env.advance_time(301)  # (the stand-in plays for him from now on)
            await channel_delivered(harness, ch.id)
            continue
        ping_id, shown, pinged, edited = await _click_watching(harness, ch, clickers, posts)
        if table.seats[table.state.to_act].user_id != dave.id or ping_id is None \
                or table.ping_message_id != ping_id:
            continue
        text = _message(ch, ping_id).content
        now = builders.game_ui(table).turn_ping(table, table.state.to_act, dave.mention)
        assert text in (now, f"{dave.mention}, jsi na tahu.") and posts.pings[pinged:] == []
        assert posts.edited[edited:].count(ping_id) == (text != shown)
        seen.append((shown.removeprefix(dave.mention), text.removeprefix(dave.mention)))
    assert all(table.seats[i].absent for i in range(3))
    assert seen[:2] == [(", licituješ.", ", hlásíš."), (", hlásíš.", ", jsi na tahu.")]
    assert set(seen[2:]) == {(", jsi na tahu.", ", jsi na tahu.")}


async def _handed_over(harness: Any, ch: Any, alice: Any, bob: Any, table: Any) -> Any:
    """Moves until a turn passes to the other human mid-deal (no ping of it yet); the
    player whose turn it is."""
    players = Players(harness, ch, table.table_id, [alice, bob], random.Random(3))
    for _ in range(60):
        mover = table.seats[table.state.to_act].user_id
        message_id = table.message_id
        await players.move()
        await harness.env.settle()
        to_act = table.seats[table.state.to_act].user_id
        if to_act != mover and not _deal_started(table, message_id):
            assert table.ping_message_id is None
            return alice if to_act == alice.id else bob
    pytest.fail("the turn never passed to the other human")


async def test_a_click_at_the_table_within_the_grace_keeps_his_ping_away(harness, posts):
    """He opens his hand (Moje karty) before the grace ends: he is there, no ping comes
    for this turn however long he then thinks (no turn timer)."""
    ch, alice, bob, table = await _two_humans(harness)
    user = await _handed_over(harness, ch, alice, bob, table)
    pinged = len(posts.pings)
    await harness.env.advance_time(TURN_PING_SECONDS / 2)
    await user.click(table_message(ch, table), custom_id=f"lora:t:{table.table_id}:hand")
    await harness.env.advance_time(10 * TURN_PING_SECONDS)
    await channel_delivered(harness, ch.id)
    assert posts.pings[pinged:] == [] and table.ping_message_id is None


async def test_a_turn_ping_pending_goes_with_the_aborted_game(harness, posts):
    """The table is aborted within the grace: the ping waiting for it is never sent."""
    ch, alice, bob, table = await _two_humans(harness)
    user = await _handed_over(harness, ch, alice, bob, table)
    pinged = len(posts.pings)
    res = await alice.slash(ch, "lora abort")
    await alice.click(reply(res), label="Zrušit stůl")
    await harness.env.advance_time(2 * TURN_PING_SECONDS)
    await channel_delivered(harness, ch.id)
    assert not [p for p in posts.pings[pinged:] if p.startswith(f"{user.mention}, ")]
    assert table.ping_message_id is None


async def test_a_restart_within_the_grace_pings_nobody_twice(harness, posts):
    """A restart within the grace: the ping waiting then is armed again when the table
    resumes (review 96: it was lost, and with no timer he was never told), and sent once
    — not by the old timer, not twice by the restarted bot."""
    ch, alice, bob, table = await _two_humans(harness)
    tid = table.table_id
    user = await _handed_over(harness, ch, alice, bob, table)
    pinged = len(posts.pings)
    await harness.restart()
    await harness.env.advance_time(TURN_PING_SECONDS + 1)
    await channel_delivered(harness)
    new = posts.pings[pinged:]
    assert len(new) == 1 and new[0].startswith(f"{user.mention}, jsi na tahu")
    assert _message(ch, harness.service.tables[tid].ping_message_id).content == new[0]
    await harness.env.advance_time(5 * TURN_PING_SECONDS)
    await channel_delivered(harness)
    assert posts.pings[pinged:] == new


async def test_opening_his_hand_by_the_command_keeps_his_ping_away(harness, posts):
    """Review 96 L1: ``/lora hand`` within the grace counts as a click at the table."""
    ch, alice, bob, table = await _two_humans(harness)
    user = await _handed_over(harness, ch, alice, bob, table)
    pinged = len(posts.pings)
    await harness.env.advance_time(TURN_PING_SECONDS / 2)
    await user.slash(ch, "lora hand")
    await harness.env.advance_time(10 * TURN_PING_SECONDS)
    await channel_delivered(harness, ch.id)
    assert posts.pings[pinged:] == [] and table.ping_message_id is None


async def test_his_turn_after_only_ai_moves_pings_him_once_a_deal(harness, posts):
    """Review 96 M1 and M4: one human, three AI seats. After his click and the AI moves it
    is his turn again: when he waits, the grace pings him (he walked away; it used to wait
    silently) — once in the deal; waiting at his later turns of the same deal pings nobody.
    (The second deal, started by his click: no ping of the deal's start.)"""
    _g, ch, users, tid = await open_table(harness, ["alice"], ("easy", "easy", "easy"))
    alice = users[0]
    table = harness.service.tables[tid]
    players = Players(harness, ch, tid, users, random.Random(7))
    pinged = len(posts.pings)
    while not table.state.protocol:
        await players.move()
        await harness.env.settle()
    assert posts.pings[pinged:] == []
    rows = len(table.state.protocol)
    waited: list[int] = []  # the pings each wait brought, within one partial game's deal
    for _ in range(60):
        message_id = table.message_id
        await players.move()
        await harness.env.settle()
        if table.state.finished or len(table.state.protocol) != rows:
            break
        if _deal_started(table, message_id):
            continue
        assert table.seats[table.state.to_act].user_id == alice.id
        pinged = len(posts.pings)
        await harness.env.advance_time(TURN_PING_SECONDS + 1)
        await channel_delivered(harness, ch.id)
        new = posts.pings[pinged:]
        assert all(p.startswith(f"{alice.mention}, ") for p in new)
        waited.append(len(new))
    assert waited[0] == 1 and sum(waited) == 1 and len(waited) >= 3, waited


async def test_a_turn_timer_s_reminder_is_his_only_ping_when_it_comes_soon(harness, posts):
    """Review 96 M3: with the default 120 s timer the reminder at 60 s would follow the
    grace ping within a minute: it is his only ping for the turn. With 300 s the grace
    pings at once, and the reminder at 150 s stays."""
    ch, alice, bob, table = await _two_humans(harness, turn_timer=120)
    user = await _handed_over(harness, ch, alice, bob, table)
    pinged = len(posts.pings)
    await harness.env.advance_time(TURN_PING_SECONDS + 1)
    await channel_delivered(harness, ch.id)
    assert posts.pings[pinged:] == []
    await harness.env.advance_time(60 - TURN_PING_SECONDS)
    await channel_delivered(harness, ch.id)
    assert posts.pings[pinged:] == [
        f"{user.mention}, máš na tah ještě 60 s; pak za tebe bude hrát AI, dokud znovu "
        "neklikneš."]


async def test_a_long_turn_timer_keeps_the_grace_ping(harness, posts):
    ch, alice, bob, table = await _two_humans(harness, turn_timer=300)
    user = await _handed_over(harness, ch, alice, bob, table)
    pinged = len(posts.pings)
    await harness.env.advance_time(TURN_PING_SECONDS + 1)
    await channel_delivered(harness, ch.id)
    new = posts.pings[pinged:]
    assert len(new) == 1 and new[0].startswith(f"{user.mention}, jsi na tahu")
    await harness.env.advance_time(150 - TURN_PING_SECONDS)
    await channel_delivered(harness, ch.id)
    assert posts.pings[pinged + 1:] == [
        f"{user.mention}, máš na tah ještě 150 s; pak za tebe bude hrát AI, dokud znovu "
        "neklikneš."]
