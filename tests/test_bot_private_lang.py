"""The language of a private answer away from a table, through the real bot in SimCord.

Who has played at a table of a server keeps reading its language there, whatever his Discord
client's (SimCord's clients are English): after the game is over, after he left it, after a
restart of the bot. His own choice (``/lora settings``) still wins; a player new to the
server reads his client's language; forget-me forgets the table too. After the game (or
after leaving it while it runs), ``/lora score`` shows the sheet of the table he last played
at.
"""

from __future__ import annotations

import random

from tests.botkit import club, mentioned, open_table, raw_click, reply, table_message

# (with the next step, its command as the clients here list it: en-US; review 94)
NOT_SEATED_CS = ("Nesedíš u žádného stolu na tomto serveru. Založ stůl příkazem /lora new, nebo"
                 " přisedni k otevřenému stolu tlačítkem Přisednout.")
NOT_SEATED_EN = ("You do not sit at any table on this server. Open one with /lora new, or sit"
                 " down at an open table with its Join button.")
STALE_CS = "Tohle tlačítko už neplatí – zpráva se mezitím změnila. Použij tu aktuální."
STALE_EN = "This button is out of date – the message has changed since. Use the current one."


async def _finish(harness, table, seed=1):
    rng = random.Random(seed)
    while not table.state.finished:
        action = rng.choice(table.state.legal_actions())
        harness.service._apply(table, action, by=table.seats[action.seat].user_id or "ai")
    await harness.service._play_on(table, [])  # one commit, then the archive



async def test_after_the_lora_the_players_of_a_czech_table_are_answered_in_czech(harness):
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"],
                                                    ("easy", "easy"))
    table = harness.service.tables[tid]
    await _finish(harness, table)
    assert harness.service.table_of_user(guild.id, alice.id) is None
    # /lora score: the final sheet of the table just finished, as its Protokol button shows it
    res = await alice.slash(ch, "lora score")
    assert res.ephemeral
    sheet = reply(res).attachments
    assert [a.filename for a in sheet] == ["protokol.png"]
    button = reply(await alice.click(table_message(ch, table), custom_id=f"lora:t:{tid}:sheet"))
    assert await sheet[0].read() == await button.attachments[0].read()
    # the other game's sheet: none of his (review 76: it showed the Lóra sheet, unnamed)
    assert reply(await bob.slash(ch, "taroky score")).content == mentioned(NOT_SEATED_CS.replace(
        "/lora", "/taroky"))
    # the other answers away from a table: in the table's Czech, not in the client's English
    # (his cards: that his game has ended, and where its sheet is; review 76)
    assert reply(await alice.slash(ch, "lora hand")).content == mentioned(
        f"Tvoje hra u stolu č. {tid} (Lóra, <#{ch.id}>) skončila. Její protokol ukáže"
        " /lora score.")
    assert reply(await bob.slash(ch, "lora leave")).content == mentioned(NOT_SEATED_CS)
    stats = reply(await bob.slash(ch, "lora stats")).embeds[0]
    assert stats.title == f"Statistiky – {table.names()[table.seat_of(bob.id)]}"
    # a player new to the server: his client's language (and no sheet of anybody's table)
    carol = guild.add_member(harness.env.create_user("carol"))
    assert reply(await carol.slash(ch, "lora score")).content == mentioned(NOT_SEATED_EN)
    # his own choice wins
    await alice.slash(ch, "lora settings", language="en")
    assert reply(await alice.slash(ch, "lora hand")).content == mentioned(
        f"Your game at table {tid} (Lóra, <#{ch.id}>) has ended. /lora score shows its score"
        " sheet.")
    assert reply(await alice.slash(ch, "lora leave")).content == mentioned(NOT_SEATED_EN)


async def test_after_leaving_and_after_a_restart_the_tables_language_stays(harness):
    guild, ch, (alice, bob, cyril), tid = await open_table(harness, ["alice", "bob", "cyril"],
                                                           ("easy",))
    res = await cyril.slash(ch, "lora leave")
    res = await cyril.click(reply(res), label="Odejít, dohraje AI")
    assert reply(res).content == (
        f"Už nehraješ – tvé místo u stolu č. {tid} převzala AI. Vrátit se můžeš, dokud hra "
        "běží: u stolu klikni na Moje karty.")
    back = f"Tvé místo u stolu č. {tid} teď hraje AI. Chceš se vrátit a hrát dál?"
    assert reply(await cyril.slash(ch, "lora hand")).content == back
    # the table plays on without him: he still sees its sheet (in Czech: no text to check)
    assert reply(await cyril.slash(ch, "lora score")).attachments[0].filename == "protokol.png"
    await harness.restart()
    assert reply(await cyril.slash(ch, "lora hand")).content == back
    # on another server he is new: his client's language
    other = harness.env.create_guild()
    och = other.create_text_channel("lora")
    there = other.add_member(cyril.user)
    assert reply(await there.slash(och, "lora hand")).content == mentioned(NOT_SEATED_EN)
    # forget-me forgets the table too: he watches its game as anybody does (review 71)
    await cyril.click(reply(await cyril.slash(ch, "lora forget-me")), label="Smazat moje údaje")
    assert reply(await cyril.slash(ch, "lora hand")).content == (
        "You do not sit at this table – nobody sees another's hand. You can see the table and"
        " the score sheet.")
    assert await harness.bot.store.user_settings(cyril.id) == {}


async def test_the_last_table_is_the_one_whose_game_started_last(harness):
    """An English table after a Czech one: its language from then on; a lobby he sits in
    (no game started) does not count."""
    guild, ch, (alice,), first = await open_table(harness, ["alice"], ("easy",) * 3)
    res = await alice.slash(ch, "lora leave")  # (the only player: the table closes)
    await alice.click(reply(res), label="Odejít a zrušit stůl")
    # (review 84: /lora hand after an abort tells that the table was aborted)
    aborted_cs = (f"Tvůj stůl č. {first} (Lóra, <#{ch.id}>) byl zrušen – rozehraná hra skončila"
                  " a nezapočítá se.")
    assert reply(await alice.slash(ch, "lora hand")).content == aborted_cs
    await alice.slash(ch, "lora new", language="en", seating="join")
    tid = harness.service.table_of_user(guild.id, alice.id).table_id
    lobby = harness.service.tables[tid]
    await alice.click(table_message(ch, lobby), custom_id=f"lora:l:{tid}:leave")
    assert reply(await alice.slash(ch, "lora hand")).content == aborted_cs  # never played
    await alice.slash(ch, "lora new", language="en", seating="join")
    tid = harness.service.table_of_user(guild.id, alice.id).table_id
    table = harness.service.tables[tid]
    for _ in range(3):
        await alice.click(table_message(ch, table), custom_id=f"lora:lai:{tid}:easy")
    await alice.click(table_message(ch, table), custom_id=f"lora:l:{tid}:start")
    res = await alice.slash(ch, "lora leave")  # (the only player: the table closes)
    await alice.click(reply(res), label="Leave and close the table")
    assert reply(await alice.slash(ch, "lora hand")).content == (
        f"Your table {tid} (Lóra, <#{ch.id}>) was aborted – the game ended unfinished and"
        " does not count.")
    assert await harness.bot.store.user_settings(alice.id) == {f"table:{guild.id}": tid}
    assert first != tid


async def test_the_leaderboard_speaks_the_players_language(harness):
    """/lora and /taroky leaderboard answer like stats and history: in the player's own
    choice, else in the language of the table he last played at, not his client's."""
    guild, ch, (alice, bob), tid = await open_table(harness, ["alice", "bob"],
                                                    ("easy", "easy"))
    await _finish(harness, harness.service.tables[tid])
    board = reply(await alice.slash(ch, "lora leaderboard")).embeds[0]
    assert board.title == f"Žebříček – Lóra · {guild.name}"
    # a player new to the server who chose Czech: Czech, in both games
    zdenek = guild.add_member(harness.env.create_user("zdenek"))
    await zdenek.slash(ch, "lora settings", language="cs")
    for game, name in (("lora", "Lóra"), ("taroky", "Taroky")):
        board = reply(await zdenek.slash(ch, f"{game} leaderboard")).embeds[0]
        assert board.title == f"Žebříček – {name} · {guild.name}"
    board = reply(await zdenek.slash(ch, "taroky leaderboard")).embeds[0]
    assert board.description.startswith("Zatím žádné hodnocené hry.\n")
    # and one who did not: his client's English
    carol = guild.add_member(harness.env.create_user("carol"))
    board = reply(await carol.slash(ch, "taroky leaderboard")).embeds[0]
    assert board.title == f"Leaderboard – Taroky · {guild.name}"


async def test_before_his_first_game_the_servers_default_language_answers(harness):
    """A newcomer with an English client on a server whose managers made Czech the default
    language of its Lóra tables: the leaderboard, his stats and "you sit at no table" in
    Czech before he ever plays there; once the default is reset, his client's English; his
    own choice always wins."""
    guild, ch, mod, eve = club(harness, "eve")
    # no server default yet: his client's English (and so it is cached meanwhile)
    assert reply(await eve.slash(ch, "lora hand")).content == mentioned(NOT_SEATED_EN)
    await mod.slash(ch, "lora defaults", language="cs")
    board = reply(await eve.slash(ch, "lora leaderboard")).embeds[0]
    assert board.title == f"Žebříček – Lóra · {guild.name}"
    assert board.description.startswith("Zatím žádné hodnocené hry.\n")
    assert reply(await eve.slash(ch, "lora stats")).content == \
        "Eve: zatím žádná dohraná lóra."
    assert reply(await eve.slash(ch, "lora hand")).content == mentioned(NOT_SEATED_CS)
    assert reply(await eve.slash(ch, "lora help")).embeds[0].title == "Lóra – nápověda"
    # the Taroky commands follow Taroky's defaults, which set no language
    assert reply(await eve.slash(ch, "taroky hand")).content == mentioned(NOT_SEATED_EN.replace(
        "/lora", "/taroky"))
    # his own choice wins
    await eve.slash(ch, "lora settings", language="en")
    assert reply(await eve.slash(ch, "lora hand")).content == mentioned(NOT_SEATED_EN)
    await eve.slash(ch, "lora settings", language="auto")
    assert reply(await eve.slash(ch, "lora hand")).content == mentioned(NOT_SEATED_CS)
    # the server's defaults reset: his client's English again
    await mod.slash(ch, "lora defaults", reset="yes")
    assert reply(await eve.slash(ch, "lora hand")).content == mentioned(NOT_SEATED_EN)
    board = reply(await eve.slash(ch, "lora leaderboard")).embeds[0]
    assert board.title == f"Leaderboard – Lóra · {guild.name}"
    # another option as the server's default (no language): still his client's
    await mod.slash(ch, "lora defaults", panak=True)
    assert reply(await eve.slash(ch, "lora stats")).content == "Eve: no finished game of Lóra yet."


async def test_a_click_of_no_game_takes_the_language_the_games_agree_on(harness):
    """An answer of no game's command (a stale button of a changed message): the server's
    default language if the games that set one agree, else the client's."""
    guild, ch, mod, eve = club(harness, "eve")
    await mod.slash(ch, "lora defaults", language="cs")
    await mod.slash(ch, "lora new")
    message = ch.last_message  # (its lobby: a public message)
    stale = "lora:lb:taroky:7:next"  # (a leaderboard page's button on a message without it)
    res = await raw_click(eve, message, stale)
    assert reply(res).content == STALE_CS
    await mod.slash(ch, "taroky defaults", language="cs")
    assert reply(await raw_click(eve, message, stale)).content == STALE_CS
    await mod.slash(ch, "taroky defaults", language="en")  # they disagree: his client's
    assert reply(await raw_click(eve, message, stale)).content == STALE_EN
