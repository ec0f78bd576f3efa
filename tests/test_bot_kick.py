"""``/<game> kick`` (Czech ``odebrat``) through the real bot in SimCord: the table's creator or
a server manager removes a player who is away. From a lobby his seat frees; from a running
game an AI takes his seat as if he had left (he may take it back while the game runs). He is
told by a mention who did it; the asker privately. Refused for anyone else, for a player who
sits at no table of the channel (one the asker may name elsewhere is named, with how:
``table``, as ``abort`` takes it), for oneself (leave instead), at a tournament's table, for a
lobby's creator and for the last human of a game (abort instead)."""

from __future__ import annotations

import itertools
import random

import discord

from bot.ui.questions import CONFIRM_SECONDS
from tests.botkit import Players, channel_delivered, enabled_controls, mentioned, open_table, reply


def _mod(harness, guild, name="mod", **perms):
    role = guild.create_role("Mods", permissions=discord.Permissions(**perms))
    return guild.add_member(harness.env.create_user(name, global_name=name.capitalize()),
                            roles=[role])


async def _lobby(harness, game, language, names):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel(game)
    users = [guild.add_member(env.create_user(n, global_name=n.capitalize())) for n in names]
    await users[0].slash(ch, f"{game} new", language=language)
    tid = harness.service.table_of_user(guild.id, users[0].id).table_id
    for user in users[1:]:
        await user.click(ch.last_message, custom_id=f"lora:l:{tid}:join")
    return guild, ch, users, harness.service.tables[tid]


async def test_the_creator_removes_a_player_from_a_lora_lobby(harness):
    guild, ch, (alice, bob), table = await _lobby(harness, "lora", "cs", ["alice", "bob"])
    tid = table.table_id
    res = await alice.slash(ch, "lora kick", user=bob)
    question = reply(res)
    assert res.ephemeral and question.content == (
        f"Odebrat hráče Bob od stolu č. {tid}? Místo se uvolní a přisednout si může"
        " znovu.")
    assert [c["label"] for c in enabled_controls(question)] == ["Odebrat", "Neodebírat"]
    assert table.seat_of(bob.id) is not None  # (asked first: nothing done yet)
    res = await alice.click(question, label="Odebrat")
    assert reply(res).content == (
        f"Hotovo – Bob už u stolu č. {tid} nesedí. Přisednout si může znovu.")
    assert enabled_controls(reply(res)) == []
    assert table.seat_of(bob.id) is None and table.status == "lobby"
    await channel_delivered(harness, ch.id)
    assert ch.last_message.content == (
        f"<@{bob.id}>, Alice tě odebírá od stolu č. {tid}. Až budeš u hry, můžeš znovu kliknout"
        " na **Přisednout**.")
    lobby = next(m for m in ch.history() if m.id == table.message_id)
    assert "Bob" not in lobby.embeds[0].description
    # he may sit down again (a lobby is open to all; both are told), and the creator may
    # start without him
    await bob.click(lobby, custom_id=f"lora:l:{tid}:join")
    assert table.seat_of(bob.id) is not None


async def test_a_manager_removes_a_player_from_a_taroky_lobby_in_english(harness):
    guild, ch, (carol, dan), table = await _lobby(harness, "taroky", "en", ["carol", "dan"])
    tid = table.table_id
    mod = _mod(harness, guild, manage_guild=True)
    res = await mod.slash(ch, "taroky kick", user=dan)
    assert reply(res).content == (
        f"Remove Dan from table {tid}? Their seat frees up; they can sit down again.")
    res = await mod.click(reply(res), label="Remove")
    assert reply(res).content == (
        f"Done – Dan no longer sits at table {tid}. They can sit down again.")
    assert table.seat_of(dan.id) is None
    await channel_delivered(harness, ch.id)
    assert ch.last_message.content == (
        f"<@{dan.id}>, Mod removed you from table {tid}. When you are back, you can click"
        " **Join** again.")


async def test_a_player_removed_from_a_running_lora_game_is_played_by_an_ai(harness):
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    table = harness.service.tables[tid]
    seat = table.seat_of(bob.id)
    res = await alice.slash(ch, "lora kick", user=bob)
    assert res.ephemeral and reply(res).content == (
        f"Odebrat hráče Bob od stolu č. {tid}? Místo převezme AI; vrátit se může, dokud"
        " hra běží.")
    res = await alice.click(reply(res), label="Odebrat")
    assert reply(res).content == (
        f"Hotovo – za hráče Bob teď u stolu č. {tid} hraje AI. Vrátit se může, dokud hra běží.")
    left = table.seats[seat]
    assert (left.user_id, left.name, left.left_by, left.ai) == (None, "Bob", bob.id, "medium")
    assert "Bob opouští hru – místo převzala AI (na pokyn: Alice)." in table.recent.lines
    await channel_delivered(harness, ch.id)
    assert any(m.content == (
        f"<@{bob.id}>, Alice předává tvé místo u stolu č. {tid} AI. Vrátit se můžeš, dokud hra "
        "běží: u stolu klikni na **Moje karty**.") for m in ch.history())
    # the game goes on: the AI plays his seat
    players = Players(harness, ch, tid, [alice], random.Random(3))
    moves = left.moves
    for _ in range(40):
        if table.seats[seat].moves > moves:
            break
        await players.move()
    assert table.seats[seat].moves > moves and table.seats[seat].ai_moves > 0
    # and he may take it back, as after leaving
    offer = reply(await bob.slash(ch, "lora hand"))
    assert offer.content == f"Tvé místo u stolu č. {tid} teď hraje AI. Chceš se vrátit a hrát dál?"
    await bob.click(offer, label="Vrátit se ke stolu")
    assert table.seat_of(bob.id) == seat


async def test_a_manager_removes_a_player_from_a_running_taroky_game_in_english(harness):
    guild, ch, (carol, dan), tid = await open_table(harness, ["carol", "dan"], ("easy", "easy"),
                                                    game="taroky", language="en")
    table = harness.service.tables[tid]
    seat = table.seat_of(dan.id)
    mod = _mod(harness, guild, manage_guild=True)
    res = await mod.slash(ch, "taroky kick", user=dan)
    assert reply(res).content == (
        f"Remove Dan from table {tid}? An AI takes their seat; they can come back while the"
        " game runs.")
    res = await mod.click(reply(res), label="Remove")
    assert reply(res).content == (
        f"Done – an AI plays for Dan at table {tid} now. They can come back while the game runs.")
    assert table.seats[seat].user_id is None and table.seats[seat].left_by == dan.id
    assert ("Dan left the game – an AI took the seat (on Mod's instruction)."
            in table.recent.lines)
    await channel_delivered(harness, ch.id)
    assert any(m.content == (
        f"<@{dan.id}>, Mod handed your seat at table {tid} to an AI. You can come back while "
        "the game runs: click **My cards** at the table.") for m in ch.history())
    players = Players(harness, ch, tid, [carol], random.Random(4))
    moves = table.seats[seat].moves
    for _ in range(60):
        if table.seats[seat].moves > moves or table.state.finished:
            break
        await players.move()
    assert table.seats[seat].ai_moves > 0


async def test_who_may_not_remove_whom(harness):
    guild, ch, (alice, bob, carol), tid = await open_table(harness, ["alice", "bob", "carol"],
                                                           ("easy",))
    table = harness.service.tables[tid]
    helper = _mod(harness, guild, "helper", manage_messages=True, kick_members=True)
    stranger = guild.add_member(harness.env.create_user("eve", global_name="Eve"))
    denied = "Hráče může od stolu odebrat jen jeho zakladatel (Alice) nebo správce serveru."
    for user in (bob, helper):
        res = await user.slash(ch, "lora kick", user=carol)
        assert res.ephemeral and reply(res).content == denied, user
    res = await alice.slash(ch, "lora kick", user=stranger)
    assert reply(res).content == "Eve nesedí u žádného stolu v tomto kanálu."
    res = await alice.slash(ch, "lora kick", user=alice)
    assert reply(res).content == mentioned(
        "Sebe neodebereš – od stolu odejdeš příkazem /lora leave.")
    # a table in another channel is not this channel's: its creator is told where it is
    # and how to name it from here (a stranger only that he sits at no table here)
    other = guild.create_text_channel("jinde")
    res = await alice.slash(other, "lora kick", user=bob)
    assert reply(res).content == mentioned(
        f"Bob nesedí u žádného stolu v tomto kanálu – sedí u stolu č. {tid} v <#{ch.id}>."
        f" Odebrat můžeš tam, nebo odkudkoli volbou `table`: /lora kick table:{tid}")
    res = await stranger.slash(other, "lora kick", user=bob)  # (no table there: his English)
    assert reply(res).content == "Bob does not sit at any table in this channel."
    assert all(table.seat_of(u.id) is not None for u in (alice, bob, carol))
    # the last human of a running game: the table would close (abort instead)
    mod = _mod(harness, guild, manage_guild=True)
    await mod.click(reply(await mod.slash(ch, "lora kick", user=carol)), label="Odebrat")
    # (one whose seat an AI plays already: so he is told, not that the player sits nowhere)
    res = await mod.slash(ch, "lora kick", user=carol)
    assert reply(res).content == f"Za hráče Carol už u stolu č. {tid} hraje AI."
    res = await mod.slash(other, "lora kick", user=carol)  # (told in the table's language)
    assert reply(res).content == f"Za hráče Carol už u stolu č. {tid} hraje AI."
    await mod.click(reply(await mod.slash(ch, "lora kick", user=bob)), label="Odebrat")
    res = await mod.slash(ch, "lora kick", user=alice)  # (refused at once: not asked)
    assert reply(res).content == mentioned(
        "Kromě hráče Alice u stolu nikdo nehraje – stůl můžeš zrušit příkazem /lora abort.")
    assert table.status == "playing" and table.seat_of(alice.id) is not None


async def test_a_player_is_kicked_from_a_table_named_by_its_number_from_any_channel(harness):
    """As ``/lora abort table:``, ``/lora kick … table:`` names a table of the server by its
    number wherever it plays: asked and removed from another channel; a table he does not
    sit at, one that is no more, and another server's are refused, nothing done."""
    guild, ch, (alice, bob), table = await _lobby(harness, "lora", "cs", ["alice", "bob"])
    tid = table.table_id
    other = guild.create_text_channel("jinde")
    res = await alice.slash(other, "lora kick", user=bob, table=tid)
    question = reply(res)
    assert res.ephemeral and question.content == (
        f"Odebrat hráče Bob od stolu č. {tid}? Místo se uvolní a přisednout si může"
        " znovu.")
    res = await alice.click(question, label="Odebrat")
    assert reply(res).content == (
        f"Hotovo – Bob už u stolu č. {tid} nesedí. Přisednout si může znovu.")
    assert table.seat_of(bob.id) is None
    res = await alice.slash(other, "lora kick", user=bob, table=tid)
    assert reply(res).content == f"Bob u stolu č. {tid} nesedí."
    res = await alice.slash(other, "lora kick", user=bob, table=tid + 7)
    # (no such table: in the asker's client's English, as ``abort``)
    assert reply(res).content == f"Table {tid + 7} does not exist or has already ended."
    await bob.click(next(m for m in ch.history() if m.id == table.message_id),
                    custom_id=f"lora:l:{tid}:join")
    away = harness.env.create_guild()
    mod = _mod(harness, away, manage_guild=True)
    res = await mod.slash(away.create_text_channel("lora"), "lora kick", user=mod, table=tid)
    assert reply(res).content == f"Table {tid} does not exist or has already ended."
    # (the lobby's creator only: another sat there may not, anywhere)
    carol = guild.add_member(harness.env.create_user("carol", global_name="Carol"))
    res = await carol.slash(other, "lora kick", user=bob, table=tid)
    assert reply(res).content == (
        "Hráče může od stolu odebrat jen jeho zakladatel (Alice) nebo správce serveru.")
    assert table.seat_of(bob.id) is not None and table.status == "lobby"


async def test_a_lobby_s_creator_is_not_removed(harness):
    guild, ch, (alice, bob), table = await _lobby(harness, "lora", "en", ["alice", "bob"])
    mod = _mod(harness, guild, manage_guild=True)
    res = await mod.slash(ch, "lora kick", user=alice)
    assert reply(res).content == mentioned(
        "Alice created this table and cannot be removed. You can abort the table with "
        "/lora abort.")
    assert table.status == "lobby" and table.seat_of(alice.id) is not None


async def test_nobody_is_removed_from_a_tournament_s_table(harness):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("turnaj")
    ann = guild.add_member(env.create_user("ann", global_name="Ann"))
    bob = guild.add_member(env.create_user("bob", global_name="Bob"))
    await ann.slash(ch, "lora tournament", language="cs")
    message = ch.last_message
    for user in (ann, bob):
        await user.click(message, custom_id="lora:tn:1:join")
    for level in ("easy", "easy"):
        await ann.select(message, [level], custom_id="lora:tnai:1")
    await ann.click(message, custom_id="lora:tn:1:start")
    table = harness.service.table_of_user(guild.id, bob.id)
    assert table is not None and table.tournament is not None
    thread = next(t for t in ch.threads if t.id == table.channel_id)
    mod = _mod(harness, guild, manage_guild=True)
    # in the table's thread, and in the tournament's channel (review 40: there he "sat at
    # no table in this channel" — false to the asker: it is the tournament's channel)
    for where, user in itertools.product((thread, ch), (ann, mod)):
        res = await user.slash(where, "lora kick", user=bob)
        assert reply(res).ephemeral and reply(res).content == (
            "U turnajového stolu se hráči neodebírají: kdo nestihne tah, za toho zahraje AI, "
            "a z turnaje může odstoupit jen hráč sám."), (where.name, user.name)
    # (in another channel too: why not, rather than that Bob sits at no table of that
    # channel)
    res = await mod.slash(guild.create_text_channel("jinde"), "lora kick", user=bob)
    assert reply(res).content.startswith("U turnajového stolu se hráči neodebírají")
    assert table.seat_of(bob.id) is not None


async def test_a_kick_cancelled_or_left_to_lapse_changes_nothing(harness):
    guild, ch, (alice, bob), table = await _lobby(harness, "lora", "cs", ["alice", "bob"])
    tid = table.table_id
    question = reply(await alice.slash(ch, "lora kick", user=bob))
    res = await alice.click(question, label="Neodebírat")
    assert reply(res).content == f"Zrušeno – Bob zůstává u stolu č. {tid}."
    assert [c["disabled"] for row in reply(res).components for c in row["components"]] == \
        [True, True]
    assert table.seat_of(bob.id) is not None
    # unanswered: it lapses, its buttons disabled, and says so
    question = reply(await alice.slash(ch, "lora kick", user=bob))
    await harness.env.advance_time(CONFIRM_SECONDS + 1)
    assert question.content == "Tohle potvrzení už vypršelo – nic se nestalo."
    assert enabled_controls(question) == []
    assert table.seat_of(bob.id) is not None
    await channel_delivered(harness, ch.id)
    assert not any(f"<@{bob.id}>" in m.content for m in ch.history())


async def _asked_then_left(harness):
    """Alice asks to remove Bob from her Lóra lobby, and Bob leaves before she answers:
    ``(ch, alice, bob, carol, table, lobby message, the question)``."""
    guild, ch, (alice, bob, carol), table = await _lobby(harness, "lora", "cs",
                                                          ["alice", "bob", "carol"])
    question = reply(await alice.slash(ch, "lora kick", user=bob))
    lobby = next(m for m in ch.history() if m.id == table.message_id)
    await bob.click(lobby, custom_id=f"lora:l:{table.table_id}:leave")
    return ch, alice, bob, carol, table, lobby, question


async def test_a_kick_confirmed_after_the_player_left_tells_so_and_does_nothing(harness):
    ch, alice, bob, carol, table, lobby, question = await _asked_then_left(harness)
    tid = table.table_id
    assert table.seat_of(bob.id) is None
    res = await alice.click(question, label="Odebrat")
    assert reply(res).content == f"Bob už u stolu č. {tid} nesedí – nic se nestalo."
    assert enabled_controls(reply(res)) == []
    await channel_delivered(harness, ch.id)
    assert not any(f"<@{bob.id}>" in m.content for m in ch.history())
    # the lobby started meanwhile: the question as it is now (an AI would take the seat)
    question = reply(await alice.slash(ch, "lora kick", user=carol))
    await alice.click(lobby, custom_id=f"lora:lai:{tid}:easy")
    await alice.click(lobby, custom_id=f"lora:lai:{tid}:easy")
    await alice.click(lobby, custom_id=f"lora:l:{tid}:start")
    assert table.status == "playing"
    res = await alice.click(question, label="Odebrat")
    assert reply(res).content == (
        "U stolu se mezitím něco změnilo – nic se nestalo.\n"
        f"Odebrat hráče Carol od stolu č. {tid}? Místo převezme AI; vrátit se může,"
        " dokud hra běží.")
    assert table.seat_of(carol.id) is not None
    res = await alice.click(reply(res), label="Odebrat")
    assert reply(res).content.startswith("Hotovo – za hráče Carol")


async def test_a_kick_cancelled_after_the_player_is_gone_says_what_is_true(harness):
    """Review 42: "Neodebírat" answered "Bob stays at table 1" even when he was gone."""
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    first = reply(await alice.slash(ch, "lora kick", user=bob))
    second = reply(await alice.slash(ch, "lora kick", user=bob))
    res = await alice.click(first, label="Odebrat")
    assert reply(res).content.startswith("Hotovo – za hráče Bob")
    res = await alice.click(second, label="Neodebírat")
    assert reply(res).content == f"Za hráče Bob už u stolu č. {tid} hraje AI."
    assert enabled_controls(reply(res)) == []


async def test_a_kick_cancelled_after_the_player_left_a_lobby_says_he_left(harness):
    ch, alice, bob, carol, table, lobby, question = await _asked_then_left(harness)
    tid = table.table_id
    res = await alice.click(question, label="Neodebírat")
    assert reply(res).content == f"Bob už u stolu č. {tid} nesedí – nic se nestalo."


async def test_a_kick_answered_after_the_table_ended_says_the_table_ended(harness):
    """Review 42: a confirm after an abort blamed the player ("Bob no longer sits there")."""
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    confirm = reply(await alice.slash(ch, "lora kick", user=bob))
    cancel = reply(await alice.slash(ch, "lora kick", user=bob))
    res = await alice.slash(ch, "lora abort")
    await alice.click(reply(res), label=enabled_controls(reply(res))[0]["label"])
    assert harness.service.tables.get(tid) is None or \
        harness.service.tables[tid].status == "aborted"
    res = await alice.click(confirm, label="Odebrat")
    assert reply(res).content == f"Stůl č. {tid} už skončil – nic se nestalo."
    res = await alice.click(cancel, label="Neodebírat")
    assert reply(res).content == f"Stůl č. {tid} už skončil – nic se nestalo."
    await channel_delivered(harness, ch.id)
    assert not any(f"<@{bob.id}>" in m.content and "AI" in m.content for m in ch.history())


async def test_a_lobby_kick_answered_after_the_lobby_was_cancelled_in_english(harness):
    guild, ch, (alice, bob), table = await _lobby(harness, "lora", "en", ["alice", "bob"])
    tid = table.table_id
    question = reply(await alice.slash(ch, "lora kick", user=bob))
    res = await alice.slash(ch, "lora abort")
    for m in [res.response, *res.followups]:
        if m is not None and enabled_controls(m):
            await alice.click(m, label=enabled_controls(m)[0]["label"])
    assert harness.service.tables.get(tid) is None or \
        harness.service.tables[tid].status == "aborted"
    res = await alice.click(question, label="Don't remove")
    assert reply(res).content == f"Table {tid} has already ended – nothing happened."


async def test_a_lobby_that_starts_while_a_confirm_waits_is_asked_about_again(harness,
                                                                                 monkeypatch):
    """The table is checked after the answer's waits (the startup gate here), not before:
    the lobby started meanwhile, so the seat would go to an AI, not free — asked again, and
    that question lapses like the first (its buttons disabled)."""
    guild, ch, (alice, bob, carol), table = await _lobby(harness, "lora", "cs",
                                                          ["alice", "bob", "carol"])
    tid = table.table_id
    await harness.service.add_ai(tid, alice.id, "easy")
    question = reply(await alice.slash(ch, "lora kick", user=carol))
    delivery = harness.bot.controller.delivery
    gate = delivery.startup_gate

    async def started_meanwhile(table_id: int) -> None:
        await gate(table_id)
        if table.status == "lobby":
            await harness.service.start(tid, alice.id)

    monkeypatch.setattr(delivery, "startup_gate", started_meanwhile)
    res = await alice.click(question, label="Odebrat")
    assert table.status == "playing"
    again = reply(res)
    assert again.content == (
        "U stolu se mezitím něco změnilo – nic se nestalo.\n"
        f"Odebrat hráče Carol od stolu č. {tid}? Místo převezme AI; vrátit se může,"
        " dokud hra běží.")
    assert table.seat_of(carol.id) is not None and len(enabled_controls(again)) == 2
    await harness.env.advance_time(CONFIRM_SECONDS + 1)
    assert again.content == "Tohle potvrzení už vypršelo – nic se nestalo."
    assert enabled_controls(again) == []
    assert table.seat_of(carol.id) is not None


async def test_a_kick_and_its_question_outlive_a_restart(harness):
    """Nothing of a kick a user relies on is held in memory only: a question asked before a
    restart still answers after it — lapsed once its time is up (its buttons then say so when
    clicked: the timer that disabled them went with the old bot), else it removes the player;
    the removed player's seat (his to take back), its note and his mention are saved with
    the table and its outbox, and survive another restart."""
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    seat = harness.service.tables[tid].seat_of(bob.id)
    lapsing = reply(await alice.slash(ch, "lora kick", user=bob))
    await harness.restart()
    await harness.env.advance_time(CONFIRM_SECONDS + 1)
    res = await alice.click(lapsing, label="Odebrat")
    assert reply(res).content == "Tohle potvrzení už vypršelo – nic se nestalo."
    assert harness.service.tables[tid].seat_of(bob.id) == seat
    question = reply(await alice.slash(ch, "lora kick", user=bob))
    await harness.restart()
    res = await alice.click(question, label="Odebrat")
    assert reply(res).content == (
        f"Hotovo – za hráče Bob teď u stolu č. {tid} hraje AI. Vrátit se může, dokud hra běží.")
    await harness.restart()
    table = harness.service.tables[tid]
    left = table.seats[seat]
    assert (left.user_id, left.name, left.left_by) == (None, "Bob", bob.id)
    assert "Bob opouští hru – místo převzala AI (na pokyn: Alice)." in table.recent.lines
    await channel_delivered(harness, ch.id)
    told = (f"<@{bob.id}>, Alice předává tvé místo u stolu č. {tid} AI. Vrátit se můžeš, dokud"
            " hra běží: u stolu klikni na **Moje karty**.")
    assert [m.content for m in ch.history()].count(told) == 1
    offer = reply(await bob.slash(ch, "lora hand"))
    assert offer.content == f"Tvé místo u stolu č. {tid} teď hraje AI. Chceš se vrátit a hrát dál?"
    await bob.click(offer, label="Vrátit se ke stolu")
    assert table.seat_of(bob.id) == seat


async def test_one_who_left_the_server_is_removed_without_a_ping_in_english(harness):
    """Review 87: a kicked player no longer on the server can neither read a ping nor click
    Join: the lobby's notice names her, the question and the answer say she is gone."""
    guild, ch, (alice, bob), table = await _lobby(harness, "lora", "en", ["alice", "bob"])
    tid = table.table_id
    guild.remove_member(bob)
    res = await alice.slash(ch, "lora kick", user=bob.user)  # (a user: no member data)
    question = reply(res)
    assert question.content == (
        f"Remove Bob from table {tid}? They are no longer on the server – their seat frees"
        " up.")
    res = await alice.click(question, label="Remove")
    assert reply(res).content == f"Done – Bob no longer sits at table {tid}."
    await channel_delivered(harness, ch.id)
    assert ch.last_message.content == (
        f"Bob is no longer on the server – their seat at table {tid} is free.")
    assert table.seat_of(bob.id) is None
