"""A waiting player's open hand follows the table (issue 11, point 2), through the real bot in
SimCord.

Every seated human's open hand message is edited after a change of the game, not only on
his turn: the trick, whose turn and the points as they are now, from his own view. The edits
are coalesced (one in flight per hand; a burst makes one more, with the latest state), a
token past its life is dropped without a word, and no other seat's cards reach a hand.

The hand pictures are replaced by a record of the view they are drawn from (``seen``), so a
test reads what the picture shows as data.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from typing import Any

import pytest
from simcord.http import router as simcord_router

import bot.games.lora.hand as lora_hand
from bot.delivery.coalesce import Coalescer
from bot.tables import limits
from bot.ui.hands import SESSION_SECONDS, Hands
from engine.views import TrickView
from tests.botkit import Players, open_table


def _seen(view: Any, lang: str, names: Any, numbered: bool = True) -> bytes:
    """The hand "picture": what it is drawn from, as JSON (``render_hand``'s arguments)."""
    game = view.public.game
    return json.dumps({
        "seat": view.seat, "hand": view.hand, "to_act": view.public.to_act,
        "trick": [list(x) for x in game.trick] if isinstance(game, TrickView) else None,
        "tricks": len(game.tricks) if isinstance(game, TrickView) else None,
        "points": list(view.public.game_points), "totals": list(view.public.totals),
    }).encode()


def _expected(table: Any, seat: int) -> dict[str, Any]:
    return json.loads(_seen(table.state.view(seat), "cs", table.names()))


class Edits:
    """The hand edits (PATCH of an interaction's original message), by user."""

    def __init__(self, harness: Any) -> None:
        self.harness = harness
        self.by_user: dict[int, int] = {}
        self.calls: list[tuple[str, int]] = []  # (method, user) of interaction webhooks

    def on(self, method: str, path: str) -> None:
        if not path.startswith("/webhooks/"):
            return
        backend = self.harness.env.backend
        token = path.strip("/").split("/")[2]
        user = backend.interactions[backend.interaction_tokens[token]].user_id
        self.calls.append((method, user))
        if method == "PATCH":
            self.by_user[user] = self.by_user.get(user, 0) + 1

    def posts_to(self, user: Any, since: int) -> int:
        """Follow-ups (a new ephemeral message: an error, a refusal) to ``user``."""
        return sum(1 for m, u in self.calls[since:] if m == "POST" and u == user.id)

    def of(self, user: Any) -> int:
        return self.by_user.get(user.id, 0)


@pytest.fixture
def edits(harness, monkeypatch):
    watch = Edits(harness)
    dispatch = simcord_router.dispatch

    def watched(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        watch.on(method, path)
        return dispatch(backend, method, path, **kwargs)

    monkeypatch.setattr(simcord_router, "dispatch", watched)
    monkeypatch.setattr(lora_hand, "render_hand", _seen)
    return watch


async def _picture(message: Any) -> dict[str, Any]:
    assert message.attachments and message.attachments[0].filename == "hand.png"
    return json.loads(await message.attachments[0].read())


async def _until(players: Players, ready: Any, limit: int = 400) -> None:
    """Humans move (AIs move by themselves) until ``ready(table)``."""
    for _ in range(limit):
        if ready(players.table):
            return
        await players.move()
    raise AssertionError("the table never got there")


def _in_trick(seat: int) -> Any:
    def ready(table: Any) -> bool:
        state = table.state
        return (state.phase == "play" and state.to_act == seat
                and isinstance(state.public_view().game, TrickView))
    return ready


# -- a waiting player's hand ---------------------------------------------------------------------
async def test_a_waiting_players_hand_shows_the_trick_after_another_seats_move(harness, edits):
    """Alice leads a card; Dave, fourth in the trick, only waits — yet his open hand is
    edited at once and shows Alice's card in the trick and who is to play, from his view."""
    _g, ch, users, tid = await open_table(harness, ["alice", "bob", "carol", "dave"])
    alice, _bob, _carol, dave = users
    players = Players(harness, ch, tid, users, random.Random(5))
    table = players.table
    a, d = table.seat_of(alice.id), table.seat_of(dave.id)
    await _until(players, lambda tb: _in_trick(a)(tb) and not tb.state.public_view().game.trick)
    hand = await players.open_hand(dave)
    await players.open_hand(alice)
    before = edits.of(dave)
    await players.move()  # Alice's card (and a forced card after it, played by itself)
    after = table.state.public_view().game
    assert isinstance(after, TrickView) and after.trick and after.trick[0][0] == a
    played = after.trick[0][1]
    assert table.state.to_act != d  # Dave still waits
    assert edits.of(dave) == before + 1
    shown = await _picture(hand)
    assert shown == _expected(table, d)  # the table as it is now, from his seat
    assert shown["seat"] == d and shown["trick"][0] == [a, played]
    assert shown["to_act"] == table.state.to_act
    next_name = table.names()[table.state.to_act]
    assert f"Na tahu je {next_name}." in hand.content


async def test_every_hand_picture_is_drawn_from_its_owners_view_only(harness, edits):
    """Through many moves of two humans and two AIs, with both hands open all the time:
    every hand picture a player receives is drawn from his own seat's view (his cards, no
    other seat's), and the last one shows the table as it is."""
    _g, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    players = Players(harness, ch, tid, users, random.Random(8))
    table = players.table
    for user in users:
        await players.open_hand(user)
    for _ in range(60):
        await players.move()
        for user in users:
            seat = table.seat_of(user.id)
            shown = await _picture(players.hands[user.id])
            assert shown == _expected(table, seat)
            assert shown["hand"] == table.state.view(seat).hand
            others = [table.state.view(s).hand for s in range(4) if s != seat]
            assert all(shown["hand"] & hand == 0 for hand in others)
    assert sum(edits.by_user.values()) > 60


# -- coalescing ---------------------------------------------------------------------------------
async def test_a_burst_of_ai_moves_makes_one_more_edit_of_a_waiting_hand(harness, edits,
                                                                         monkeypatch):
    """Alice, two AIs, Carol: each AI move is committed alone (``CHAIN_COMMIT_SECONDS`` 0),
    and Carol's hand edit is held in flight while Alice's card and both AI moves come: the
    three changes make one more edit (not three), and it shows the latest state."""
    monkeypatch.setattr(limits, "CHAIN_COMMIT_SECONDS", 0.0)
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    alice, carol = (guild.add_member(env.create_user(n, global_name=n.capitalize()))
                    for n in ("alice", "carol"))
    await alice.slash(ch, "lora new", seating="join", turn_timer=0)
    lobby = ch.last_message
    tid = harness.service.table_of_user(guild.id, alice.id).table_id
    for _ in range(2):
        await alice.click(lobby, custom_id=f"lora:lai:{tid}:easy")
    await carol.click(lobby, custom_id=f"lora:l:{tid}:join")
    await alice.click(lobby, custom_id=f"lora:l:{tid}:start")
    players = Players(harness, ch, tid, [alice, carol], random.Random(4))
    table = players.table
    a, c = table.seat_of(alice.id), table.seat_of(carol.id)
    assert (a, c) == (0, 3)
    await _until(players, lambda tb: _in_trick(a)(tb) and not tb.state.public_view().game.trick)
    hand = await players.open_hand(carol)
    await players.open_hand(alice)
    controller = harness.bot.controller
    gate = asyncio.Event()
    held: list[int] = []
    draw = Hands.message

    async def held_hand(self: Any, table_: Any, seat: int, lang: str, **kw: Any) -> Any:
        if seat == c and not held:
            held.append(table_.version)
            await gate.wait()  # the first edit of Carol's hand stays in flight
        return await draw(self, table_, seat, lang, **kw)

    monkeypatch.setattr(Hands, "message", held_hand)
    commits = controller.hands.edits.metrics.requested
    before = edits.of(carol)
    alice_hand = players.hands[alice.id]
    control = next(x for x in _enabled(alice_hand))
    await harness.service.act(tid, alice.id, table.version, int(control.split(":")[-1]))
    await harness.service.settled(tid)  # the AIs' moves, each committed
    assert table.state.to_act == c and len(table.state.public_view().game.trick) == 3
    requests = controller.hands.edits.metrics.requested - commits
    assert requests >= 3 * 2  # Alice's move and two AI moves, for both hands
    gate.set()
    await env.settle()
    assert edits.of(carol) == before + 2  # the one held, then one for the whole burst
    shown = await _picture(hand)
    assert shown == _expected(table, c) and len(shown["trick"]) == 3
    assert held == [table.version - 2]  # the held edit had started at Alice's move


def _enabled(message: Any) -> list[str]:
    from tests.botkit import enabled_controls

    return [x["custom_id"] for x in enabled_controls(message)]


async def test_the_coalescer_runs_once_more_with_the_latest_request():
    coalescer: Coalescer[str] = Coalescer("test")
    gate = asyncio.Event()
    ran: list[int] = []

    def run(n: int) -> Any:
        async def go() -> None:
            ran.append(n)
            if n == 0:
                await gate.wait()
        return go

    coalescer.request("k", run(0))
    for n in range(1, 4):  # before the task has started: covered by its run
        coalescer.request("k", run(n))
    await asyncio.sleep(0)
    assert ran == [0]
    for n in range(4, 30):  # while it is in flight: one more run, the newest
        coalescer.request("k", run(n))
    gate.set()
    for _ in range(5):
        await asyncio.sleep(0)
    assert ran == [0, 29]
    assert not coalescer.busy("k")
    assert coalescer.metrics.requested == 30 and coalescer.metrics.runs == 2


# -- an expired token ---------------------------------------------------------------------------
async def test_an_expired_hand_is_dropped_without_a_word(harness, edits, caplog):
    """Carol's hand is older than its token: after its last edit (it says so itself:
    ``test_bot_hand_life``) a change of the table does not try to edit it, nobody is told
    anything, and "Moje karty" opens a fresh hand that follows the table."""
    caplog.set_level(logging.INFO, logger="bot")
    _g, ch, users, tid = await open_table(harness, ["alice", "bob", "carol"], ("easy",))
    alice, _bob, carol = users
    players = Players(harness, ch, tid, users, random.Random(6))
    table = players.table
    a, c = table.seat_of(alice.id), table.seat_of(carol.id)
    await _until(players, _in_trick(a))
    old = await players.open_hand(carol)
    opened = edits.of(carol)
    await harness.env.advance_time(SESSION_SECONDS + 90)
    assert edits.of(carol) == opened + 1  # (its last edit)
    content = old.content
    before, posts = edits.of(carol), len(edits.calls)
    await players.move()
    assert edits.of(carol) == before
    assert (table.table_id, carol.id) not in harness.bot.controller.hands.sessions
    assert old.content == content
    assert not edits.posts_to(carol, posts)  # nothing told
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    fresh = await players.open_hand(carol)
    version = table.version
    for _ in range(3):
        await players.move()
    assert table.version > version
    assert await _picture(fresh) == _expected(table, c)


async def test_a_token_discord_no_longer_knows_is_dropped_without_a_word(harness, edits, caplog):
    """The bot still counts the token alive, Discord answers 404 Unknown Webhook: the hand
    is dropped, no error is logged and no one is told."""
    caplog.set_level(logging.INFO, logger="bot")
    _g, ch, users, tid = await open_table(harness, ["alice", "bob", "carol"], ("easy",))
    alice, _bob, carol = users
    players = Players(harness, ch, tid, users, random.Random(7))
    table = players.table
    a = table.seat_of(alice.id)
    await _until(players, _in_trick(a))
    old = await players.open_hand(carol)
    token = harness.env.backend.interactions[max(harness.env.backend.interactions)].token
    harness.env.inject_error("PATCH", f"/webhooks/*/{token}/messages/*", status=404,
                             code=10015, message="Unknown Webhook", times=None)
    posts = len(edits.calls)
    await players.move()
    assert (table.table_id, carol.id) not in harness.bot.controller.hands.sessions
    assert old.attachments
    assert not edits.posts_to(carol, posts)  # nothing told
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


# -- the interaction webhook route ----------------------------------------------------------------
def test_the_discord_model_counts_interaction_webhooks_on_their_own_route():
    """A hand edit goes through its interaction's token: its own bucket, not the channel's."""
    from benchmarks.discord_model import RateModel, TooManyRequests, channel_route, webhook_route

    edit = "/webhooks/1/tok-a/messages/@original"
    assert webhook_route("PATCH", edit) == "tok-a" and channel_route("PATCH", edit) is None
    assert webhook_route("POST", "/webhooks/1/tok-a") == "tok-a"
    assert webhook_route("PATCH", "/channels/5/messages/9") is None
    rates = RateModel(limit=1, per=5.0, clock=lambda: 0.0)
    rates.check("PATCH", "/channels/5/messages/9")  # the channel's one edit
    for _ in range(5):  # a hand's five edits: its own bucket
        rates.check("PATCH", edit)
    rates.check("PATCH", "/webhooks/1/tok-b/messages/@original")  # another hand's token
    with pytest.raises(TooManyRequests):
        rates.check("PATCH", edit)
    with pytest.raises(TooManyRequests):
        rates.check("PATCH", "/channels/5/messages/9")
    assert rates.requests == {"edit": 2, "webhook": 7}


async def test_waiting_hands_take_nothing_from_the_channels_budget(harness, edits):
    """Two humans, two AIs, both hands open: the hand edits are counted on the webhook
    route; the channel's routes carry only the table's own messages."""
    from benchmarks.discord_model import DiscordModel, RateModel

    model = DiscordModel(RateModel(limit=1000, per=1.0)).install()
    try:
        _g, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
        players = Players(harness, ch, tid, users, random.Random(9))
        for user in users:
            await players.open_hand(user)
        channel_before = {k: v for k, v in model.rates.requests.items() if k != "webhook"}
        hand_edits = sum(edits.by_user.values())
        for _ in range(30):
            await players.move()
        assert model.rates is not None
        webhook = model.rates.requests.get("webhook", 0)
        assert sum(edits.by_user.values()) - hand_edits > 30
        assert webhook >= sum(edits.by_user.values()) - hand_edits
        channel = {k: v - channel_before.get(k, 0) for k, v in model.rates.requests.items()
                   if k != "webhook"}
        assert set(model.rates.webhook_buckets) and not any(
            key for key in model.rates.buckets if key[1] == "webhook")
        assert sum(channel.values()) > 0  # the table message's edits and the pings
    finally:
        model.uninstall()


# -- Taroky, through the same path ---------------------------------------------------------------
async def test_taroky_waiting_hands_follow_the_table(harness):
    """Four humans at a Taroky table, every hand open: after each click every hand shows the
    table as it is now, worded from its own seat (the game-agnostic path: the game's UI
    module words and draws the hand, the core refreshes it)."""
    from bot.ui import builders
    from tests.taroky_kit import Clickers, default_policy, open_taroky

    _g, ch, users, tid = await open_taroky(harness, ["ann", "ben", "cyril", "dana"], None)
    clickers = Clickers(harness, ch, tid, users)
    table = clickers.table
    for user in users:
        await clickers.open_hand(user)
    waited = 0
    for _ in range(40):
        if table.state.finished:
            break
        await clickers.act(default_policy(table.state))
        for user in users:
            seat = table.seat_of(user.id)
            expected = builders.hand_message(table, table.state.view(seat),
                                             table.settings.lang, render=False)
            hand = clickers.hands[user.id]
            assert hand.content == expected["content"], user.name
            waited += table.state.to_act != seat
    assert waited > 60
