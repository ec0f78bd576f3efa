"""Every refusal gets a clean ephemeral answer and changes nothing."""

from __future__ import annotations

import random

import pytest

from tests.botkit import (
    Players,
    channel_delivered,
    club,
    enabled_controls,
    mentioned,
    open_table,
    raw_click,
    reply,
    stored_message,
    table_message,
)


async def _two_humans(harness):
    guild, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    players = Players(harness, ch, tid, users, random.Random(1))
    return guild, ch, users, tid, players


def _state(harness, tid):
    table = harness.service.tables[tid]
    return table.state.to_json()


async def _first_card_clicked(harness):
    """Two humans at a table; the one to act opens his hand and clicks its first card:
    ``(tid, players, user, hand, old, controls)`` — ``old`` the hand's message as it was
    before the click, ``controls`` its enabled controls then."""
    _guild, _ch, _users, tid, players = await _two_humans(harness)
    table = players.table
    user = players.users[table.seats[table.state.to_act].user_id]
    hand = await players.open_hand(user)
    old = stored_message(user, hand)
    controls = [c for row in hand.components for c in row["components"] if not c.get("disabled")]
    await user.click(hand, custom_id=controls[0]["custom_id"])
    return tid, players, user, hand, old, controls


async def test_stale_button_and_double_click_change_nothing(harness):
    """A double click on a card plays it once; the second click only shows the hand as it is
    now, in the same message, without a word (no "old button" scolding). A click on another
    card of the hand as it was before the move is told that the hand above is current now
    (not to open the cards again: the same click brought them up to date)."""
    tid, players, user, hand, old, controls = await _first_card_clicked(harness)
    table = players.table
    first = controls[0]["custom_id"]
    await harness.service.settled(tid)  # (the AI seats after him move in the table's driver)
    before = _state(harness, tid)
    shown = hand.content
    # the same click again, from the message as it was: a double click
    res = await raw_click(user, old, first)
    assert res.followups == []  # nothing said
    assert res.response.id == hand.id and hand.content == shown
    assert f":{table.version}:" in hand.components[0]["components"][0]["custom_id"]
    assert _state(harness, tid) == before
    # another card of the hand as it was before the move: told what happened
    assert len(controls) > 1
    res = await raw_click(user, old, controls[-1]["custom_id"])
    assert reply(res).content == (  # the table's language, whatever the client's locale
        "Mezitím se hra posunula – tvoje karty výše už ukazují, jak to je teď.")
    assert reply(res).ephemeral
    assert _state(harness, tid) == before


async def test_out_of_turn_and_outsider_are_refused(harness):
    guild, _ch, _users, tid, players = await _two_humans(harness)
    table = players.table
    to_act = table.state.to_act
    other = next(s for s, x in enumerate(table.seats) if x.user_id and s != to_act)
    bob = players.users[table.seats[other].user_id]
    hand = await players.open_hand(bob)
    before = _state(harness, tid)
    # a modified client clicks one of his disabled card buttons while it is not his turn
    disabled = [c["custom_id"] for row in hand.components for c in row["components"]]
    assert all(c.get("disabled") for row in hand.components for c in row["components"])
    res = await raw_click(bob, hand, disabled[0])
    assert reply(res).content == "Teď nejsi na tahu."
    assert _state(harness, tid) == before
    carol = guild.add_member(harness.env.create_user("carol"))
    res = await raw_click(carol, players.table_message(), f"lora:a:{tid}:{table.version}:0")
    assert res.response.content == "U tohoto stolu nesedíš."  # (not "stale": review 67)
    assert _state(harness, tid) == before
    # a spectator sees the table but no hand
    res = await carol.click(players.table_message(), custom_id=f"lora:t:{tid}:hand")
    assert res.ephemeral
    assert res.response.content.startswith("U tohoto stolu nesedíš – karty ostatních")


async def test_only_the_creator_starts_and_only_creator_or_manager_aborts(harness):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await alice.slash(ch, "lora new", language="cs")
    lobby = ch.last_message
    await bob.click(lobby, custom_id="lora:l:1:join")
    res = await bob.click(lobby, custom_id="lora:l:1:start")
    assert reply(res).content == "Hru může spustit jen zakladatel stolu."
    res = await alice.click(lobby, custom_id="lora:l:1:start")
    assert reply(res).content == "Ke hře jsou potřeba čtyři hráči (přidej AI hráče)."
    res = await bob.slash(ch, "lora abort")
    assert res.response.content == (
        "Stůl může zrušit jen jeho zakladatel (alice) nebo správce serveru.")
    import discord

    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    res = await mod.slash(ch, "lora abort", table=1)  # others sit there: asked first
    assert reply(res).content == "Stůl č. 1 se zruší i pro ostatní (alice, bob). Opravdu ho zrušit?"
    assert harness.service.tables[1].status == "lobby"
    res = await mod.click(reply(res), label="Zrušit stůl")
    assert reply(res).content == "Stůl č. 1 je zrušen."
    assert harness.service.tables[1].status == "aborted"
    assert ch.last_message.content == "mod ruší stůl č. 1."


async def test_a_user_sits_at_one_table_and_two_tables_share_a_channel(harness):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    # both in the channel itself (by default the second would open a thread of its own)
    await harness.bot.store.set_guild_setting(guild.id, "table_threads", "never")
    await alice.slash(ch, "lora new", language="cs")
    res = await alice.slash(ch, "lora new", language="cs")
    assert res.response.content == mentioned(  # about his table: in its language
        f"Už sedíš u stolu č. 1 (Lóra, <#{ch.id}>). Chceš-li sedět jinde, nejdřív od něj"
        " odejdi: /lora leave."
    )
    await bob.slash(ch, "lora new", language="cs")
    lobby_b = ch.last_message
    for level in ("easy", "easy", "easy"):
        await bob.click(lobby_b, custom_id=f"lora:lai:2:{level}")
    await bob.click(lobby_b, custom_id="lora:l:2:start")
    service = harness.service
    assert service.tables[1].status == "lobby"
    assert service.tables[2].status == "playing"
    assert {t.table_id for t in service.tables_in_channel(ch.id)} == {1, 2}


async def test_a_raw_click_on_a_disabled_card_is_told_why_as_the_hand_says(harness):
    """Review 21: a raw click on a card the hand shows disabled (a modified client: Discord
    greys it out) was answered only "Tenhle tah pravidla nedovolují."; it is told the reason
    the hand shows above the buttons (the engine's refusal in the game's words), and nothing
    changes."""
    from engine.lora import Lora, refused_cards
    from tests.helpers import drive, lora_deals

    for lang, said in (("cs", "Tenhle tah pravidla nedovolují: musíš ctít barvu."),
                       ("en", "The rules do not allow that move: you must follow suit.")):
        _g, ch, users, tid = await open_table(harness, ["ann", "bob", "cyril", "dana"],
                                              language=lang)
        table = harness.service.tables[tid]
        lora = Lora(first_leader=0, deals=lora_deals(0, [0, 1, 2, 3]))
        drive(lora, lambda lo: "must_follow_suit" in refused_cards(lo, lo.view(lo.to_act)))
        table.state = lora
        await harness.service._save(table)
        await harness.bot.controller.presenter.table_changed(table, [])
        seat = lora.to_act
        user = next(u for u in users if table.seat_of(u.id) == seat)
        table_message = next(m for m in ch.history() if m.id == table.message_id)
        hand = reply(await user.click(table_message, custom_id=f"lora:t:{tid}:hand"))
        wrong = refused_cards(lora, lora.view(seat))["must_follow_suit"][0]
        custom_id = f"lora:a:{tid}:{table.version}:{100 + wrong}"
        button = next(c for row in hand.components for c in row["components"]
                      if c["custom_id"] == custom_id)
        assert button.get("disabled")
        before = _state(harness, tid)
        res = await raw_click(user, hand, custom_id)
        assert [f.content for f in res.followups] == [said]
        assert _state(harness, tid) == before


def test_a_disabled_card_that_fits_no_row_is_told_so_of_itself():
    """The hand's reasons speak of the other cards ("nenavazují na žádnou řadu"); a click on
    one of them is told of that one card ("karta nenavazuje na žádnou řadu")."""
    from bot.games.lora.hand import disabled_reason
    from bot.model import Seat, Table, TableSettings
    from bot.ui.components import DISABLED
    from engine.contracts import Contract
    from engine.lora import Lora, refused_cards
    from tests.helpers import drive, lora_deals

    lora = Lora(first_leader=0, deals=lora_deals(0, [0, 1, 2, 3]))
    drive(lora, lambda lo: lo.contract is Contract.DESITKY
          and "not_playable" in refused_cards(lo, lo.view(lo.to_act)))
    seats: list[Seat | None] = [Seat(i + 1, name) for i, name in enumerate("ABCD")]
    table = Table(1, 1, 1, 1, TableSettings(), seats, "lora", state=lora)
    seat = lora.to_act
    card = refused_cards(lora, lora.view(seat))["not_playable"][0]
    assert disabled_reason(table, seat, DISABLED + card, "cs") == "karta nenavazuje na žádnou řadu"
    assert disabled_reason(table, seat, DISABLED + card, "en") == "the card fits no row"


async def test_a_manager_not_seated_aborts_the_table_of_this_channel_without_naming_it(harness):
    """Review 41: a moderator's bare ``/lora abort`` where a table plays was told "you sit at
    no table"; the one table of the channel is offered (asked as with ``table``), several
    are named, and a table number that names no open table says so."""
    import discord

    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    await alice.slash(ch, "lora new", language="cs")
    await bob.click(ch.last_message, custom_id="lora:l:1:join")
    res = await mod.slash(ch, "lora abort")
    assert reply(res).content == "Stůl č. 1 se zruší i pro ostatní (alice, bob). Opravdu ho zrušit?"
    res = await mod.click(reply(res), label="Zrušit stůl")
    assert reply(res).content == "Stůl č. 1 je zrušen."
    assert harness.service.tables[1].status == "aborted"
    res = await mod.slash(ch, "lora abort", table=1)
    assert reply(res).content == "Stůl č. 1 neexistuje nebo už skončil."
    res = await mod.slash(ch, "lora abort", table=99)  # (no table: his client's language)
    assert reply(res).content == "Table 99 does not exist or has already ended."
    # a channel that keeps every table (never a thread): two tables there, named
    await mod.slash(ch, "lora settings", table_threads="never")
    await alice.slash(ch, "lora new", language="cs")
    await bob.slash(ch, "lora new", language="cs")
    res = await mod.slash(ch, "lora abort")
    assert reply(res).content == mentioned(
        "V tomto kanálu jsou otevřené stoly č. 2, 3. Který zrušit, "
                                  "urči volbou `table`, např. /lora abort table:2")
    # one who may not abort them is told who may (review 94: he was told he sits at none)
    carl = guild.add_member(env.create_user("carl"))
    res = await carl.slash(ch, "lora abort")
    assert reply(res).content == (
        "Tables 2, 3 in this channel can be aborted only by their creators (alice, bob) or a"
        " server manager.")


async def test_a_managers_bare_abort_is_about_the_table_of_the_channel_he_typed_it_in(harness):
    """Review read2 #8: a manager seated at a table in another channel was asked about his
    own, distant table by a bare ``/lora abort`` typed where another table plays; it is
    about this channel's table, and his own only where no table of the channel is his to
    abort (or with ``table``)."""
    env = harness.env
    guild, ch, mod, alice = club(harness, "alice")
    other = guild.create_text_channel("druhy")
    quiet = guild.create_text_channel("ticho")
    bob = guild.add_member(env.create_user("bob"))
    await mod.slash(other, "lora new", language="cs")  # table 1: he sits there, alone
    await alice.slash(ch, "lora new", language="cs")  # table 2
    await bob.click(ch.last_message, custom_id="lora:l:2:join")
    res = await mod.slash(ch, "lora abort")
    assert reply(res).content == "Stůl č. 2 se zruší i pro ostatní (Alice, bob). Opravdu ho zrušit?"
    res = await mod.click(reply(res), label="Zrušit stůl")
    assert reply(res).content == "Stůl č. 2 je zrušen."
    assert harness.service.tables[1].status == "lobby"
    # no table of this channel: his own
    res = await mod.slash(quiet, "lora abort")
    assert reply(res).content == "Stůl č. 1 je zrušen."
    assert harness.service.tables[1].status == "aborted"
    assert env.errors == []


@pytest.mark.parametrize(("lang", "over"), [("cs", "Hra už skončila."),
                                            ("en", "The game is over.")])
async def test_a_stale_game_button_of_a_finished_or_unknown_table_says_the_game_is_over(
        harness, lang, over):
    """Review 44: a stale client's game button of a table that is over answered "… Open your
    cards again" (there are none to open); a live table's keeps that answer."""
    _guild, ch, (alice,), tid = await open_table(harness, ["alice"], ("easy",) * 3,
                                                 language=lang)
    table = harness.service.tables[tid]
    stale = {"cs": "Tohle tlačítko je staré – stav hry se mezitím změnil. Otevři si karty znovu.",
             "en": "This button is out of date – the game has moved on. Open your cards again."}
    seen = stored_message(alice, table_message(ch, table))
    card = f"lora:a:{tid}:{table.version}:0"  # (no such button on the table's message)
    assert reply(await raw_click(alice, seen, card)).content == stale[lang]
    rng = random.Random(4)
    async with harness.service.lock(tid):
        while not table.state.finished:
            action = rng.choice(table.state.legal_actions())
            harness.service._apply(table, action, by=table.seats[action.seat].user_id or "ai")
        await harness.service._play_on(table)
    await channel_delivered(harness)
    over_now = stored_message(alice, table_message(ch, table))
    assert not any(c["custom_id"].endswith(":hand") for c in enabled_controls(over_now))
    for custom_id in (card, f"lora:t:{tid}:hand", "lora:a:999:1:0"):
        res = await raw_click(alice, over_now, custom_id)
        assert reply(res).content == over and reply(res).ephemeral, custom_id


async def test_a_manager_seated_nowhere_is_shown_the_server_s_tables_to_name(harness):
    """Review 46 (M2): a server manager who sits at no table types a bare ``/lora abort`` in
    a channel without a table: he is shown the server's open tables (not a tournament's)
    and how to name one with ``table`` — not only that he sits at none. A member who may
    not abort them is told that he sits at no table, and the table that waits for players."""
    env = harness.env
    guild, ch, mod, alice = club(harness, "alice")
    other = guild.create_text_channel("druhy")
    res = await mod.slash(ch, "lora abort")  # no table on the server at all
    assert reply(res).content == mentioned(
        "You do not sit at any table on this server. Open one with /lora new, or sit down at"
        " an open table with its Join button.")
    await alice.slash(other, "lora new", language="cs")
    res = await mod.slash(ch, "lora abort")
    assert reply(res).content == mentioned(
        "You do not sit at any table on this server, and there is none here for you to"
        f" close. Tables open on this server: 1 (<#{other.id}>). Name one with the `table`"
        " option, e.g. /lora abort table:1")
    assert harness.service.tables[1].status == "lobby"
    carl = guild.add_member(env.create_user("carl"))
    res = await carl.slash(ch, "lora abort")  # (and where a table waits for players)
    assert reply(res).content == mentioned(
        "You do not sit at any table on this server. Table 1 in"
        f" <#{other.id}> is waiting for players – sit down with its Join button, or open your"
        " own table with /lora new.")
    res = await mod.slash(ch, "lora abort", table=1)  # named: asked (Alice sits there)
    assert reply(res).content == "Stůl č. 1 se zruší i pro ostatní (Alice). Opravdu ho zrušit?"
    res = await mod.click(reply(res), label="Zrušit stůl")
    assert reply(res).content == "Stůl č. 1 je zrušen."
    assert harness.service.tables[1].status == "aborted"


NOT_STALE = {"cs": ("U tohoto stolu nesedíš.", "Teď nejsi na tahu."),
             "en": ("You do not sit at this table.", "It is not your turn.")}


@pytest.mark.parametrize("game", ["lora", "taroky"])
@pytest.mark.parametrize("lang", ["cs", "en"])
async def test_a_current_move_from_a_spectator_or_out_of_turn_is_told_why(harness, lang, game):
    """Review 67: a move of the state as it is now (not a stale button), sent by a modified
    client from a message without it, by one who sits at no seat or a seat not on turn was
    told that the button was old; each is told the true reason (both games: the app answers
    such a click before any game's code)."""
    guild, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy",) * 2,
                                             game=game, language=lang)
    table = harness.service.tables[tid]
    eve = guild.add_member(harness.env.create_user("eve", global_name="Eve"))
    waiting = next(u for u in users if table.seat_of(u.id) != table.state.to_act)
    seen = stored_message(eve, table_message(ch, table))
    move = f"lora:a:{tid}:{table.version}:0"  # (no such button on the table's message)
    before = table.state.to_json()
    spectator, out_of_turn = NOT_STALE[lang]
    assert reply(await raw_click(eve, seen, move)).content == spectator
    assert reply(await raw_click(waiting, seen, move)).content == out_of_turn
    assert table.state.to_json() == before


async def test_double_click_across_a_restart_is_answered_as_before_it(harness):
    """The bot restarts between a card's click and the same click again: the second click
    is still his own move again (nothing said, the hand shown as it is now), not "the game
    moved on" — what the bot knows of his last click is saved with his seat. Another card
    of the hand as it was is told, as before a restart, that the hand above is current."""
    tid, players, user, hand, old, controls = await _first_card_clicked(harness)
    first = controls[0]["custom_id"]
    await harness.service.settled(tid)
    await harness.restart()
    before = _state(harness, tid)
    res = await raw_click(user, old, first)
    assert res.followups == []  # nothing said
    assert res.response.id == hand.id
    assert f":{players.table.version}:" in hand.components[0]["components"][0]["custom_id"]
    assert _state(harness, tid) == before
    assert len(controls) > 1
    res = await raw_click(user, old, controls[-1]["custom_id"])
    assert reply(res).content == (
        "Mezitím se hra posunula – tvoje karty výše už ukazují, jak to je teď.")
    assert _state(harness, tid) == before
