"""Leaving and closing a running table, through the real bot in SimCord.

``/<game> abort`` and ``/<game> leave`` in a running game ask first (an ephemeral question with
one button that lapses after a while); the public notice of a closed table names who closed
it. The only player leaving closes the table and is told so (no AI "took his seat"). A player
who left while others play on may take his own seat back from the AI (Moje karty or
``/<game> hand`` offer it), also after a restart, and meanwhile still sees the table's sheet.
"""

from __future__ import annotations

import random
from typing import Any

from bot.ui.questions import CONFIRM_SECONDS
from tests.botkit import (
    Players,
    channel_delivered,
    enabled_controls,
    mentioned,
    open_table,
    raw_click,
    reply,
    stored_message,
    table_message,
)


async def test_aborting_a_running_game_asks_first_and_says_who_closed_it(harness):
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    table = harness.service.tables[tid]
    res = await alice.slash(ch, "lora abort")
    ask = reply(res)
    assert res.ephemeral and ask.content == (
        f"U stolu č. {tid} se právě hraje: když stůl zrušíš, rozehraná hra skončí pro všechny "
        "hráče a nezapočítá se. Opravdu ho zrušit?")
    assert table.status == "playing"  # nothing happened yet
    # the question lapses: a late click changes nothing, and the button goes
    await harness.env.advance_time(CONFIRM_SECONDS + 1)
    res = await alice.click(ask, label="Zrušit stůl")
    assert reply(res).content == "Tohle potvrzení už vypršelo – nic se nestalo."
    assert enabled_controls(ask) == []
    assert table.status == "playing"
    res = await alice.slash(ch, "lora abort")
    ask = reply(res)
    again = reply(await alice.slash(ch, "lora abort"))
    res = await alice.click(ask, label="Zrušit stůl")
    assert reply(res).content == f"Stůl č. {tid} je zrušen."
    assert enabled_controls(ask) == []  # (the question became its answer)
    assert table.status == "aborted"
    res = await alice.click(again, label="Zrušit stůl")  # a question left open: answered
    assert reply(res).content == f"Stůl č. {tid} byl zavřen." and res.followups == []
    assert enabled_controls(again) == []
    assert (await harness.bot.store.get_table(tid)).status == "aborted"
    await channel_delivered(harness, ch.id)
    assert ch.last_message.content == f"Alice ruší stůl č. {tid}."


async def test_the_leave_and_abort_questions_offer_to_keep_things_as_they_are(harness):
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    table = harness.service.tables[tid]
    ask = reply(await bob.slash(ch, "lora leave"))
    assert [b["label"] for b in enabled_controls(ask)] == ["Odejít, dohraje AI", "Zůstat"]
    res = await bob.click(ask, label="Zůstat")
    assert reply(res).content == "Nic se nezměnilo." and enabled_controls(ask) == []
    ask = reply(await alice.slash(ch, "lora abort"))
    assert [b["label"] for b in enabled_controls(ask)] == ["Zrušit stůl", "Nerušit"]
    res = await alice.click(ask, label="Nerušit")
    assert reply(res).content == "Nic se nezměnilo." and enabled_controls(ask) == []
    assert table.status == "playing" and table.seat_of(bob.id) is not None
    assert table.left_seat_of(bob.id) is None
    # a question asked before a restart: its "Zůstat" still answers after it
    ask = reply(await bob.slash(ch, "lora leave"))
    await harness.restart()
    res = await bob.click(ask, label="Zůstat")
    assert reply(res).content == "Nic se nezměnilo." and enabled_controls(ask) == []
    assert harness.service.tables[tid].seat_of(bob.id) is not None



async def test_every_question_s_stay_button_is_one_stay_button_with_the_ids_of_old_ones():
    """The table's, the lobby's and the tournament's questions get one ``StayButton``; its ids
    are the ones earlier versions gave (``lora:k:<table>:stay:<until>``, ``lora:tn:<id>:…``),
    so a question asked before an update still answers, and no other button takes them."""
    from bot.tournament.desk import TournamentButton
    from bot.ui.components import ConfirmButton, LobbyButton, StayButton, question_view

    views = [question_view(ConfirmButton(5, "leave", 99), 99, "core.btn_stay", "cs"),
             question_view(LobbyButton(5, "quit"), 99, "core.btn_stay", "cs"),
             question_view(TournamentButton(3, "cancelnow", until=99), 99,
                           "core.tournament.btn_keep", "en")]
    stays = [v.children[1] for v in views]
    assert [(s.custom_id, s.item.label) for s in stays] == [
        ("lora:k:5:stay:99", "Zůstat"), ("lora:k:5:stay:99", "Zůstat"),
        ("lora:tn:3:stay:99", "Keep the tournament")]
    for cls in (StayButton, ConfirmButton, TournamentButton):
        assert [bool(cls.__discord_ui_compiled_template__.fullmatch(s.custom_id))
                for s in stays] == [cls is StayButton] * 3


def _shows(message) -> tuple[list[str], list[str | None], str]:
    """What a table message carries: its attachments, its embeds' pictures, its text."""
    texts = [message.content or ""] + [e.description or "" for e in message.embeds]
    return ([a.filename for a in message.attachments],
            [e.image.url for e in message.embeds], "\n".join(texts))


async def test_an_aborted_table_message_shows_no_turn(harness):
    """The aborted table's message drops its last picture (it showed whose turn it was);
    its text says the table was aborted, with no turn line. Lóra (asked first) and Taroky."""
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    table = harness.service.tables[tid]
    await channel_delivered(harness, ch.id)
    files, images, text = _shows(table_message(ch, table))
    assert files == ["table.png"] and images == ["attachment://table.png"]
    assert "Na tahu" in text
    await alice.click(reply(await alice.slash(ch, "lora abort")), label="Zrušit stůl")
    await channel_delivered(harness, ch.id)
    files, images, text = _shows(table_message(ch, table))
    assert (files, images) == ([], [None])
    assert text.split("\n")[1] == "**Stůl byl zrušen.**" and "Na tahu" not in text
    guild, ch, (carol,), tid = await open_table(harness, ["carol"], ("easy",) * 3,
                                                game="taroky", language="en")
    table = harness.service.tables[tid]
    await channel_delivered(harness, ch.id)
    assert _shows(table_message(ch, table))[0] == ["table.png"]
    res = await carol.click(reply(await carol.slash(ch, "taroky abort")), label="Abort the table")
    assert reply(res).content == f"Table {tid} is aborted."
    await channel_delivered(harness, ch.id)
    files, images, text = _shows(table_message(ch, table))
    assert (files, images) == ([], [None])
    assert text.split("\n")[1] == "**The table was aborted.**" and "To play" not in text


async def test_the_only_player_leaving_is_told_that_the_table_closes(harness):
    guild, ch, (alice,), tid = await open_table(harness, ["alice"], ("easy",) * 3,
                                                game="taroky")
    table = harness.service.tables[tid]
    res = await alice.slash(ch, "taroky leave")
    ask = reply(res)
    assert ask.content == (
        f"U stolu č. {tid} kromě tebe nehraje žádný další hráč: když odejdeš, stůl se zruší "
        "a hra se nezapočítá. Opravdu odejít?")
    assert table.status == "playing"
    res = await alice.click(ask, label="Odejít a zrušit stůl")
    assert reply(res).content == f"Stůl č. {tid} je zrušen – nesedí u něj už žádný hráč."
    assert table.status == "aborted"
    await channel_delivered(harness, ch.id)
    # the table's message says why, and nobody else is told: no post beside it (review 71:
    # two public lines said the same)
    assert ch.last_message.id == table.message_id
    assert _shows(table_message(ch, table))[2].split("\n")[1] == (
        "**Stůl byl zrušen – nesedí u něj už žádný hráč.**")
    # the table's last events say she left, not that an AI took her seat
    assert table.recent.lines[-1] == "Alice opouští hru."
    shown = [m.content for m in ch.history()] + [
        e.description or "" for m in ch.history() for e in m.embeds]
    assert not any("převzala AI" in text for text in shown)
    assert any("Alice opouští hru." in text for text in shown)


async def test_the_last_player_leaving_names_and_tells_those_who_could_have_come_back(harness):
    """Review 71: Bob left (he may come back while the game runs); Alice, the last human,
    leaving closed the table over him. Her question names him, and he is told, mentioned."""
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"),
                                                    game="taroky", language="en")
    table = harness.service.tables[tid]
    await bob.click(reply(await bob.slash(ch, "taroky leave")), label="Leave, an AI plays on")
    assert table.status == "playing" and table.left_seat_of(bob.id) is not None
    ask = reply(await alice.slash(ch, "taroky leave"))
    assert ask.content == (f"Nobody else plays at table {tid}: if you leave, the table closes,"
                           " the game does not count and Bob can no longer come back. Leave?")
    await alice.click(ask, label="Leave and close the table")
    assert table.status == "aborted"
    await channel_delivered(harness, ch.id)
    assert ch.last_message.content == (f"No player sits at table {tid} any more; the table is"
                                       f" closed and nobody can come back to it: <@{bob.id}>")
    assert _shows(table_message(ch, table))[2].split("\n")[1] == (
        "**The table was closed – no player sits at it any more.**")


async def test_a_player_who_left_sees_the_sheet_and_takes_the_seat_back_after_a_restart(
        harness):
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    carol = guild.add_member(harness.env.create_user("carol", global_name="Carol"))
    table = harness.service.tables[tid]
    seat = table.seat_of(bob.id)
    res = await bob.slash(ch, "lora leave")
    assert reply(res).content == (
        f"Opravdu odejít od stolu č. {tid}? Za tebe dohraje AI. Vrátit se můžeš, dokud hra "
        "běží: u stolu klikni na Moje karty.")
    assert table.seat_of(bob.id) == seat  # asked only
    res = await bob.click(reply(res), label="Odejít, dohraje AI")
    assert reply(res).content == (
        f"Už nehraješ – tvé místo u stolu č. {tid} převzala AI. Vrátit se můžeš, dokud hra "
        "běží: u stolu klikni na Moje karty.")
    left = table.seats[seat]
    assert (left.user_id, left.name, left.left_by) == (None, "Bob", bob.id)
    # the game goes on: Alice plays, an AI plays his seat (its moves are counted for him)
    players = Players(harness, ch, tid, [alice], random.Random(5))
    moves = left.moves
    for _ in range(40):
        if table.seats[seat].moves > moves:
            break
        await players.move()
    played = table.seats[seat].moves - moves
    assert played > 0 and table.seats[seat].ai_moves == played
    # he still sees the table's score sheet
    sheet = reply(await bob.slash(ch, "lora score")).attachments
    assert [a.filename for a in sheet] == ["protokol.png"]

    await harness.restart()
    table = harness.service.tables[tid]
    assert table.seats[seat].left_by == bob.id  # (saved with the table)
    # nobody else is offered his seat, and a forged click on his button takes nothing
    res = await carol.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand")
    assert reply(res).content.startswith("U tohoto stolu nesedíš")
    offer = reply(await bob.slash(ch, "lora hand"))
    assert offer.content == f"Tvé místo u stolu č. {tid} teď hraje AI. Chceš se vrátit a hrát dál?"
    [button] = enabled_controls(offer)
    assert button["label"] == "Vrátit se ke stolu"
    seen = stored_message(bob, offer)
    res = await raw_click(carol, seen, button["custom_id"])
    assert reply(res).content == "K tomuto stolu se vrátit nejde."
    # nor for Alice, who sits at the table (she was told she is "back")
    res = await raw_click(alice, seen, button["custom_id"])
    assert reply(res).content == "K tomuto stolu se vrátit nejde."
    assert table.seats[seat].user_id is None
    # Moje karty offers it too; his click takes it back and shows his hand
    res = await bob.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand")
    res = await bob.click(reply(res), label="Vrátit se ke stolu")
    assert reply(res).content.startswith(
        "Jsi zpět u stolu – AI už za tebe nehraje, hraješ zase ty.\n")
    # his hand tells what the AI played in his seat meanwhile, as after an absence (review
    # 14) — every card, the one of trick 1 too (review 15); the table and Alice are not
    # told it was an AI's choice (his seat was an AI's)
    assert "\n• Za tebe hrála AI: K🔔, 10🍃.\n" in reply(res).content
    assert not any("AI)" in line for line in table.recent.lines)
    mine = reply(await alice.slash(ch, "lora hand")).content
    assert "Za tebe" not in mine and "AI)" not in mine
    back = table.seats[seat]
    assert (back.user_id, back.name, back.left_by, back.ai_moves) == (bob.id, "Bob", None,
                                                                      played)
    assert harness.service.table_of_user(guild.id, bob.id) is table
    assert table.recent.lines[-1] == "Bob je zpět u stolu."
    stored = (await harness.bot.store.get_table(tid)).seats[seat]
    assert stored["user_id"] == bob.id and "left_by" not in stored


async def test_forget_me_forgets_a_seat_left_behind(harness):
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    table = harness.service.tables[tid]
    seat = table.seat_of(bob.id)
    res = await bob.slash(ch, "lora leave")
    await bob.click(reply(res), label="Odejít, dohraje AI")
    await bob.click(reply(await bob.slash(ch, "lora forget-me")), label="Smazat moje údaje")
    left = table.seats[seat]
    assert (left.user_id, left.name, left.left_by) == (None, "anonymous", None)
    assert str(bob.id) not in str((await harness.bot.store.get_table(tid)).seats)
    # (no seat of his to take back: a spectator of the game played here, review 71)
    assert reply(await bob.slash(ch, "lora hand")).content == (
        "You do not sit at this table – nobody sees another's hand. You can see the table and"
        " the score sheet.")


async def test_the_lobby_s_leave_button_clicked_once_the_game_runs_asks_first(harness):
    """A click on the lobby's Odejít that reaches the bot after the start (the lobby as the
    player's client still showed it) leaves nobody at once."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    alice, bob = (guild.add_member(env.create_user(n, global_name=n.capitalize()))
                  for n in ("alice", "bob"))
    await alice.slash(ch, "lora new", language="cs", seating="join", turn_timer=0)
    lobby = ch.last_message
    await bob.click(lobby, custom_id="lora:l:1:join")
    for _ in range(2):
        await alice.click(lobby, custom_id="lora:lai:1:easy")
    seen = stored_message(bob, lobby)  # the lobby with its buttons, as Bob still sees it
    await alice.click(lobby, custom_id="lora:l:1:start")
    table = harness.service.tables[1]
    res = await raw_click(bob, seen, "lora:l:1:leave")
    ask = reply(res)
    assert ask.content.startswith("Opravdu odejít od stolu č. 1? Za tebe dohraje AI.")
    assert table.seat_of(bob.id) is not None
    await bob.click(ask, label="Odejít, dohraje AI")
    assert table.seat_of(bob.id) is None and table.left_seat_of(bob.id) is not None


async def _lobby(harness, names):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    users = [guild.add_member(env.create_user(n, global_name=n.capitalize())) for n in names]
    await users[0].slash(ch, "lora new", language="cs", seating="join", turn_timer=0)
    lobby = ch.last_message
    for user in users[1:]:
        await user.click(lobby, custom_id="lora:l:1:join")
    return guild, ch, users, lobby


async def test_a_lobby_abort_question_clicked_after_the_start_asks_again(harness):
    """The creator asks to abort the lobby, then starts the game: her click on the lobby's
    question closes nothing, it asks again as a running game's abort does."""
    guild, ch, (alice, bob), lobby = await _lobby(harness, ["alice", "bob"])
    ask = reply(await alice.slash(ch, "lora abort"))
    assert ask.content == "Stůl č. 1 se zruší i pro ostatní (Bob). Opravdu ho zrušit?"
    for _ in range(2):
        await alice.click(lobby, custom_id="lora:lai:1:easy")
    await alice.click(lobby, custom_id="lora:l:1:start")
    table = harness.service.tables[1]
    res = await alice.click(ask, label="Zrušit stůl")
    assert reply(res).content == (
        "U stolu se mezitím něco změnilo – nic se nestalo.\nU stolu č. 1 se právě hraje: "
        "když stůl zrušíš, rozehraná hra skončí pro všechny hráče a nezapočítá se. Opravdu "
        "ho zrušit?")
    assert table.status == "playing"
    res = await alice.click(ask, label="Zrušit stůl")  # (the question asked again)
    assert reply(res).content == "Stůl č. 1 je zrušen." and table.status == "aborted"
    assert enabled_controls(ask) == []


async def test_a_leave_question_once_the_others_left_asks_again_and_a_second_click_is_told(
        harness):
    """Alice is asked to leave with an AI playing on; Bob leaves meanwhile, so her leaving
    would now close the table: her click asks again, saying so. A second click on a question
    already answered changes nothing and keeps its answer (its button gone)."""
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    table = harness.service.tables[tid]
    ask = reply(await alice.slash(ch, "lora leave"))
    assert ask.content.startswith(f"Opravdu odejít od stolu č. {tid}? Za tebe dohraje AI.")
    res = await bob.slash(ch, "lora leave")
    question = reply(res)
    seen = stored_message(bob, question)
    button = enabled_controls(question)[0]
    await bob.click(question, label="Odejít, dohraje AI")
    res = await raw_click(bob, seen, button["custom_id"])  # his double click
    assert reply(res).content.startswith(f"Už nehraješ – tvé místo u stolu č. {tid} převzala")
    assert enabled_controls(question) == [] and len(res.followups) == 0
    res = await alice.click(ask, label="Odejít, dohraje AI")
    assert reply(res).content == (
        "U stolu se mezitím něco změnilo – nic se nestalo.\n"
        f"U stolu č. {tid} kromě tebe nehraje žádný další hráč: když odejdeš, stůl se zruší, "
        "hra se nezapočítá a vrátit se už nebude moct ani Bob. Opravdu odejít?")
    assert [b["label"] for b in enabled_controls(ask)] == ["Odejít a zrušit stůl", "Zůstat"]
    assert table.status == "playing" and table.seat_of(alice.id) is not None


async def test_a_player_who_left_and_sits_in_another_lobby_is_told_how_to_come_back(harness):
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    table = harness.service.tables[tid]
    res = await bob.slash(ch, "lora leave")
    await bob.click(reply(res), label="Odejít, dohraje AI")
    offer = reply(await bob.slash(ch, "lora hand"))  # (offered before he sat elsewhere)
    await bob.slash(ch, "taroky new", language="cs")
    other = harness.service.table_of_user(guild.id, bob.id).table_id
    told = mentioned(
        f"Tvé místo u stolu č. {tid} (Lóra, <#{ch.id}>) teď hraje AI. Vrátit se k němu "
            f"můžeš, až odejdeš od stolu č. {other} (/taroky leave).")
    res = await bob.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand")
    assert reply(res).content == told and enabled_controls(reply(res)) == []
    res = await bob.click(offer, label="Vrátit se ke stolu")
    assert reply(res).content == told and enabled_controls(offer) == []
    lobby = harness.service.tables[other]  # (named: it is not the game here; review 54)
    assert reply(await bob.slash(ch, "lora hand")).content == (
        f"Hra u tvého stolu č. {other} (<#{lobby.channel_id}>) ještě nezačala.\n" + told)
    sheet = reply(await bob.slash(ch, "lora score")).attachments
    assert [a.filename for a in sheet] == ["protokol.png"]
    assert table.seats[table.left_seat_of(bob.id)].user_id is None


async def _plays_a_tournament(guild: Any, bob: Any) -> None:
    """Bob opens a one-round Taroky tournament in #turnaj with three AIs, and starts it."""
    hall = guild.create_text_channel("turnaj")
    await bob.slash(hall, "taroky tournament", language="cs", rounds=1, round_deals=1,
                    turn_timer=20)
    message = hall.last_message
    await bob.click(message, custom_id="lora:tn:1:join")
    for _ in range(3):
        await bob.select(message, ["easy"], custom_id="lora:tnai:1")
    await bob.click(message, custom_id="lora:tn:1:start")


async def test_one_who_left_and_plays_a_tournament_is_told_its_table_by_its_thread_s_name(
        harness):
    """Bob left a table and plays in a tournament of the server meanwhile: the table he must
    leave before he comes back is named as its thread names it (not by the bot's table id),
    as the tournament's, and leaving it would cost him the rest of the tournament; the table
    he left is named with its game and channel (both are "table 1")."""
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    table = harness.service.tables[tid]
    await bob.click(reply(await bob.slash(ch, "lora leave")), label="Odejít, dohraje AI")
    await _plays_a_tournament(guild, bob)
    other = harness.service.table_of_user(guild.id, bob.id)
    assert other is not None and other.tournament is not None
    res = await bob.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand")
    assert tid == 1 and reply(res).content == mentioned(
        f"Tvé místo u stolu č. 1 (Lóra, <#{ch.id}>) teď hraje AI. Vrátit se k němu můžeš, až "
        "odejdeš od turnajového stolu 1 (1. kolo turnaje č. 1). Odchodem od něj "
        "(/taroky leave) by tvé místo převzala AI až do konce turnaje.")


async def test_a_czech_client_is_told_the_leave_command_by_its_czech_name(harness, locales):
    """Bob's client is Czech: the way back to the seat he left names the other table's leave
    command as his slash menu lists it (``/taroky odejít``, review 28 LOW-1), at a casual
    table and at a tournament's."""
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    table = harness.service.tables[tid]
    locales[bob.id] = "cs"
    await bob.click(reply(await bob.slash(ch, "lora leave")), label="Odejít, dohraje AI")
    tch = guild.create_text_channel("taroky")
    await bob.slash(tch, "taroky new", language="cs")
    other = harness.service.table_of_user(guild.id, bob.id).table_id
    told = mentioned(
        f"Tvé místo u stolu č. {tid} (Lóra, <#{ch.id}>) teď hraje AI. Vrátit se k němu "
            f"můžeš, až odejdeš od stolu č. {other} (/taroky odejít).")
    res = await bob.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand")
    assert reply(res).content == told
    assert reply(await bob.slash(ch, "lora hand")).content == (
        f"Hra u tvého stolu č. {other} (<#{tch.id}>) ještě nezačala.\n" + told)
    await bob.slash(tch, "taroky leave")  # (his lobby: left at once)
    assert harness.service.table_of_user(guild.id, bob.id) is None
    await _plays_a_tournament(guild, bob)
    res = await bob.click(table_message(ch, table), custom_id=f"lora:t:{tid}:hand")
    assert reply(res).content == mentioned(
        f"Tvé místo u stolu č. {tid} (Lóra, <#{ch.id}>) teď hraje AI. Vrátit se k němu můžeš,"
        " až odejdeš od turnajového stolu 1 (1. kolo turnaje č. 1). Odchodem od něj "
        "(/taroky odejít) by tvé místo převzala AI až do konce turnaje.")


async def test_the_hand_command_of_a_game_whose_seat_he_left_tells_him_how_to_come_back(
        harness):
    """Bob left a running Lóra table and plays Taroky meanwhile: ``/lora hand`` tells him how
    to take his Lóra seat back (not his Taroky hand); ``/taroky hand`` opens his Taroky hand;
    once the Lóra table has closed, ``/lora hand`` tells him he plays Taroky, and where
    (review 76: it showed his Taroky hand, unnamed)."""
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    await bob.click(reply(await bob.slash(ch, "lora leave")), label="Odejít, dohraje AI")
    tch = guild.create_text_channel("taroky")
    await bob.slash(tch, "taroky new", language="cs", seating="join", turn_timer=0)
    other = harness.service.table_of_user(guild.id, bob.id).table_id
    for _ in range(3):
        await bob.click(tch.last_message, custom_id=f"lora:lai:{other}:easy")
    await bob.click(tch.last_message, custom_id=f"lora:l:{other}:start")
    assert harness.service.tables[other].state is not None
    res = await bob.slash(ch, "lora hand")
    assert reply(res).content == mentioned(
        f"Tvé místo u stolu č. {tid} (Lóra, <#{ch.id}>) teď hraje AI. Vrátit se k němu "
        f"můžeš, až odejdeš od stolu č. {other} (/taroky leave).")
    assert enabled_controls(reply(res)) == []
    taroky = reply(await bob.slash(tch, "taroky hand")).content
    assert taroky.startswith("**Tvoje karty – 1. rozdání**")
    await alice.click(reply(await alice.slash(ch, "lora leave")), label="Odejít a zrušit stůl")
    assert harness.service.tables[tid].status == "aborted"
    res = await bob.slash(ch, "lora hand")  # (no Lóra seat to come back to)
    assert reply(res).content == mentioned(f"Lóru teď nehraješ; sedíš u stolu č. {other} (Taroky,"
                                  f" <#{tch.id}>) – tam použij /taroky hand.")


async def test_an_aborted_game_stays_aborted_after_a_restart_and_its_sheet_still_answers(
        harness):
    """An aborted table keeps its game's state in the database: it never resumes (a restart
    reads only lobbies and running tables; its status says it is over) — no AI moves there,
    its message is not touched — and the sheet button its closed message keeps still
    answers, from that state."""
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"], ("easy", "easy"))
    await alice.click(reply(await alice.slash(ch, "lora abort")), label="Zrušit stůl")
    await channel_delivered(harness, ch.id)
    record = await harness.bot.store.get_table(tid)
    assert record.status == "aborted" and record.state is not None
    closed = next(m for m in ch.history() if m.id == record.message_id)
    shown = closed.embeds[0].description
    sent = len(harness.env.http_requests)
    await harness.restart()
    await harness.env.advance_time(120)
    await channel_delivered(harness, ch.id)
    assert tid not in harness.service.tables
    assert not [r for r in harness.env.http_requests[sent:] if f"{ch.id}/messages" in r.path]
    closed = next(m for m in ch.history() if m.id == record.message_id)
    assert closed.embeds[0].description == shown
    after = await harness.bot.store.get_table(tid)
    assert (after.status, after.version) == ("aborted", record.version)
    res = await bob.click(closed, custom_id=f"lora:t:{tid}:sheet")
    assert reply(res).ephemeral and reply(res).attachments
