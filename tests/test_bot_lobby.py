"""Lobby flows through slash commands and clicks."""

from __future__ import annotations

from bot.ui.turn_pings import TURN_PING_SECONDS
from tests.botkit import channel_delivered, emit_component, enabled_controls, reply


async def test_new_table_lobby_and_start_with_ai(harness):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    alice = guild.add_member(env.create_user("alice"))
    res = await alice.slash(ch, "lora new", language="cs")
    assert res.ephemeral
    assert res.response.content == "Stůl č. 1 je založen."  # the table's language
    lobby = ch.last_message
    assert lobby.embeds[0].title == "Lóra – stůl č. 1"
    for _ in range(3):
        await alice.click(lobby, custom_id="lora:lai:1:easy")
    await alice.click(lobby, custom_id="lora:l:1:start")
    table = harness.service.tables[1]
    assert table.status == "playing"
    texts = [m.content for m in ch.history()]
    assert texts[0].startswith("▶ **Červené** – 1. tálie, 1. hra. Rozdává ")
    if table.state.to_act == table.seat_of(alice.id):
        # her turn after the AI's lead: not pinged at once (review 90), nor after the grace,
        # for her own click started the deal (review 96 M5: she is at the table)
        assert texts[-1] == ""  # (the table's picture)
        await harness.env.advance_time(TURN_PING_SECONDS + 1)
        await channel_delivered(harness, ch.id)
        assert not [m for m in ch.history() if alice.mention in m.content]
    else:  # the AI seats played up to her turn, so she is to act now
        raise AssertionError("with three AI seats the game waits for the only human")


async def test_an_aborted_table_leaves_memory_after_an_hour(harness):
    from bot.service import EVICT_SECONDS

    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(ch, "lora new", language="cs")
    await alice.slash(ch, "lora abort")
    assert harness.service.tables[1].status == "aborted"
    await env.advance_time(EVICT_SECONDS + 1)
    assert 1 not in harness.service.tables


async def _lobby_of_three(harness, game="lora", language="cs"):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel(game)
    alice, bob, cyril = (guild.add_member(env.create_user(n, global_name=n.capitalize()))
                         for n in ("alice", "bob", "cyril"))
    await alice.slash(ch, f"{game} new", language=language)
    lobby = ch.last_message
    return ch, lobby, alice, bob, cyril


async def test_the_creator_is_asked_before_his_leaving_closes_the_lobby(harness):
    ch, lobby, alice, bob, cyril = await _lobby_of_three(harness)
    await bob.click(lobby, custom_id="lora:l:1:join")
    await cyril.click(lobby, custom_id="lora:l:1:join")
    res = await alice.slash(ch, "lora leave")
    ask = res.followups[-1] if res.followups else res.response
    assert ask.content == ("Stůl č. 1 je tvůj: když odejdeš, zruší se i pro ostatní "
                           "(Bob, Cyril). Opravdu odejít a stůl zrušit?")
    assert harness.service.tables[1].status == "lobby"  # nothing happened yet
    stay = reply(await alice.slash(ch, "lora leave"))
    res = await alice.click(stay, label="Zůstat")
    assert reply(res).content == "Nic se nezměnilo." and enabled_controls(stay) == []
    assert harness.service.tables[1].status == "lobby"
    res = await alice.click(ask, label="Odejít a zrušit stůl")
    assert [m.content for m in res.followups] == [
        "Stůl č. 1 byl tvůj – tvým odchodem je zrušen."]
    assert harness.service.tables[1].status == "aborted"
    assert "Zakladatel stolu č. 1 od něj odchází, stůl je tím zrušen." in [
        m.content for m in ch.history()]


async def test_the_creator_alone_leaving_is_told_that_the_table_is_closed(harness):
    ch, lobby, alice, bob, cyril = await _lobby_of_three(harness, "taroky", "en")
    await alice.click(lobby, custom_id="lora:lai:1:easy")
    res = await alice.click(lobby, label="Leave")  # the lobby's button (AI seats only)
    assert [m.content for m in res.followups] == [
        "You left table 1, which you opened – the table is closed."]
    assert harness.service.tables[1].status == "aborted"


async def test_a_player_leaving_the_lobby_is_told(harness):
    ch, lobby, alice, bob, cyril = await _lobby_of_three(harness)
    await bob.click(lobby, custom_id="lora:l:1:join")
    res = await bob.click(lobby, label="Odejít")
    assert [m.content for m in res.followups] == ["Už nesedíš u stolu č. 1."]
    assert harness.service.tables[1].seat_of(bob.id) is None


async def test_two_joins_for_the_last_seat_and_start_at_the_same_instant(harness):
    """Review 45: Bob and Cyril click "join" for the last seat while Ann clicks "start",
    all three in flight together: exactly one of them sits down, the other is told the
    table is full (or, had her start come between, that the game began), and the game
    starts with Ann, her two AI players and him — at once, or at her next click when her
    start came before both joins (as on Discord, the three may be handled in any order)."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    ann, bob, cyril = (guild.add_member(env.create_user(n, global_name=n.capitalize()))
                       for n in ("ann", "bob", "cyril"))
    await ann.slash(ch, "lora new", seating="join", turn_timer=0, language="cs")
    lobby = ch.last_message
    for _ in range(2):
        await ann.click(lobby, custom_id="lora:lai:1:easy")
    joins = [emit_component(u, lobby, "lora:l:1:join") for u in (bob, cyril)]
    start = emit_component(ann, lobby, "lora:l:1:start")
    await env.settle()
    table = harness.service.tables[1]
    assert start.acknowledged
    if start.followups:  # her start came first, before either join: refused, then again
        assert [f.content for f in start.followups] == [
            "Ke hře jsou potřeba čtyři hráči (přidej AI hráče)."]
        assert table.status == "lobby"
        res = await ann.click(lobby, custom_id="lora:l:1:start")
        assert res.acknowledged and not res.followups
    humans = [s.user_id for s in table.seats if s is not None and s.user_id is not None]
    assert table.status == "playing" and table.state is not None
    assert len(table.seats) == 4 and all(s is not None for s in table.seats)
    seated = [u for u in (bob, cyril) if u.id in humans]
    assert len(seated) == 1 and sorted(humans) == sorted([ann.id, seated[0].id])
    assert sum(1 for s in table.seats if s.user_id is None) == 2  # her two AI players
    loser = joins[0] if seated[0] is cyril else joins[1]
    assert loser.acknowledged and reply(loser).ephemeral
    assert reply(loser).content in {"Stůl je plný.", "Hra už začala."}
    winner = joins[0] if seated[0] is bob else joins[1]
    assert winner.acknowledged and not winner.followups
    assert harness.service.table_of_user(guild.id, seated[0].id).table_id == 1
    other = cyril if seated[0] is bob else bob
    assert harness.service.table_of_user(guild.id, other.id) is None


async def test_a_full_lobby_disables_joining_and_adding_an_ai(harness):
    """Review 78 L3: under "the table is full" Přisednout and + AI stayed clickable, only to
    answer "Stůl je plný."; a seat freed makes them clickable again."""
    ch, lobby, alice, bob, cyril = await _lobby_of_three(harness)
    await bob.click(lobby, custom_id="lora:l:1:join")
    await cyril.click(lobby, custom_id="lora:l:1:join")
    assert ("Přisednout", False) in _buttons(_now(ch, lobby))
    await alice.click(lobby, custom_id="lora:lai:1:easy")
    full = _now(ch, lobby)
    assert full.embeds[0].description.startswith("Stůl je plný")
    assert _buttons(full) == [
        ("Přisednout", True), ("Odejít", False), ("Začít hru", False),
        ("+ AI (lehký)", True), ("+ AI (střední)", True), ("+ AI (těžký)", True)]
    await cyril.click(lobby, custom_id="lora:l:1:leave")
    assert [disabled for _, disabled in _buttons(_now(ch, lobby))] == [False] * 6


def _now(channel, message):
    """The message as it stands now (edits included)."""
    return next(m for m in channel.history() if m.id == message.id)


def _buttons(message):
    """The message's buttons (not its selects) as (label, disabled)."""
    from tests.botkit import controls

    return [(c["label"], bool(c.get("disabled"))) for c in controls(message) if c["type"] == 2]
