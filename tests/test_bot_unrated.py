"""What players read about a finished game's rating and a seat an AI took over: the end post
says why a game is not rated, the empty leaderboard what makes a game count, the final order,
the history and the score sheet mark a player who left."""

from __future__ import annotations

import random

import discord

from bot.games.lora import UI, sheet_notes
from bot.i18n import tn
from bot.model import Seat
from bot.unrated import unrated_note
from tests.botkit import channel_delivered, open_table, reply


def _play(harness, table, rng, until=lambda state: state.finished, ai_for=()):
    """Random legal moves, each by its seat's human (or "ai" for the seats in ``ai_for``)."""
    while not until(table.state):
        action = rng.choice(table.state.legal_actions())
        s = table.seats[action.seat]
        by = "ai" if action.seat in ai_for or s.user_id is None else s.user_id
        harness.service._apply(table, action, by=by)


async def _final(harness, ch, title):
    await channel_delivered(harness, ch.id)
    return next(m for m in ch.history() if m.embeds and m.embeds[0].title == title)


async def test_a_lone_player_is_told_the_game_is_not_rated_and_what_counts(harness):
    guild, ch, [alice], tid = await open_table(harness, ["alice"], ("easy",) * 3)
    table = harness.service.tables[tid]
    _play(harness, table, random.Random(1))
    await harness.service._play_on(table, [])  # one commit, then the archive
    final = await _final(harness, ch, f"Konec lóry – stůl č. {tid}")
    rating = final.embeds[0].fields[1]
    assert (rating.name, rating.value) == (
        "Hodnocení",
        "Hra se nehodnotí: u stolu byl jen jeden člověk (hodnotí se hry aspoň dvou lidí).")
    [game] = await harness.bot.store.recent_games(guild.id, "lora")
    assert game.unrated_reason == "too_few_humans"
    # the empty leaderboard names the game and says what makes a game count, to the asker
    res = await alice.slash(ch, "lora leaderboard")
    message = reply(res)
    assert message.flags.ephemeral
    embed = message.embeds[0]
    assert embed.title == f"Žebříček – Lóra · {guild.name}"
    assert embed.description == (
        "Zatím žádné hodnocené hry.\n"
        "Do žebříčku se počítá hra, kterou do konce hrají aspoň dva lidé a ve které AI za"
        " nikoho z nich neodehrála víc než 25 % tahů.\n"
        # (review 73: why a tournament's games may not count)
        "Platí to i pro stoly turnajů, kde za nepřítomné hraje AI, jakmile jim vyprší čas na"
        " tah.")
    res = await alice.slash(ch, "lora history")
    assert reply(res).embeds[0].title == "Lóra – poslední hry"


async def _leave(harness, table, rng, user_id, tali):
    _play(harness, table, rng, until=lambda state: state.tali == tali)
    await harness.service._play_on(table, [])
    await harness.env.settle()
    await harness.service.leave(table.table_id, user_id)
    await harness.env.settle()


async def test_a_player_who_left_is_marked_in_the_order_history_and_sheet(harness, monkeypatch):
    """Bob leaves in the 2nd tálie, comes back, and leaves again in the 3rd: his mark names
    both (it named only the 3rd), and his box counts the AI's moves for him in both
    stretches."""
    guild, ch, [alice, bob], tid = await open_table(harness, ["alice", "bob"], ("easy",) * 2)
    table = harness.service.tables[tid]
    rng = random.Random(2)
    await _leave(harness, table, rng, bob.id, 2)
    _play(harness, table, rng, until=lambda state: table.seats[1].ai_moves >= 5)
    await harness.service.take_back(tid, bob.id)
    await _leave(harness, table, rng, bob.id, 3)
    _play(harness, table, rng)
    await harness.service._play_on(table, [])
    final = await _final(harness, ch, f"Konec lóry – stůl č. {tid}")
    order, rating, _pages, _again = final.embeds[0].fields  # (the pages, how to play again)
    points = table.state.totals[1]
    assert f". Bob (AI hrála ve 2. tálii a od 3. tálie) – {points} b." in order.value
    # the one who played to the end by name, then whom an AI finished for (review 53: it
    # named only the one who left, "(Bob → AI; …)", as if he were the one who played on)
    assert rating.value == ("Hra se nehodnotí: do konce byl u stolu jen jeden člověk, Alice"
                            " (za hráče Bob dohrála AI; hodnotí se hry aspoň dvou lidí).")
    assert unrated_note(table, 0.25, "en") == (
        "This game is not rated: only one person played to the end, Alice (an AI finished"
        " for Bob; games of at least two people are rated).")
    ai_moves = table.seats[1].ai_moves
    assert ai_moves > 5 and sheet_notes(table, "cs")[1] == [
        "AI ve 2. tálii a od 3. tálie", f"Tahů zahraných AI: {ai_moves}"]
    # (in English, the tálie as the catalog names it elsewhere: "round of eight 3")
    assert UI.seat_name(table, 1, "en") == (
        "Bob (an AI played in the 2nd and from the 3rd round of eight on)")
    assert sheet_notes(table, "en")[1][0] == "AI: rounds of eight 2, from 3"
    seat = table.seats[1]  # (kept as the table is saved; one leaving reads as before)
    assert Seat.from_json(seat.to_json()).left_before == seat.left_before != []
    saved, seat.left_before = seat.left_before, []
    assert UI.seat_name(table, 1, "cs") == "Bob (od 3. tálie hrála AI)"
    # (each note fits its player's box on the sheet, whole: the English one was cut)
    # (review 80: an ordinal, not "AI from round of eight 3 on")
    assert sheet_notes(table, "en")[1][0] == "AI from the 3rd round of eight"
    seat.left_before = saved
    from bot.render import sheet

    seen: list[str] = []
    real = sheet.text
    monkeypatch.setattr(sheet, "text", lambda img, xy, value, *a, **k: (
        seen.append(value), real(img, xy, value, *a, **k))[1])
    for lang in ("cs", "en"):
        for left_before in (saved, []):
            seat.left_before = left_before
            notes = sheet_notes(table, lang)
            sheet.sheet_image(table.state.public_view(), table.names(), lang, notes=notes)
            assert notes[1][0] in seen, (lang, notes[1][0])
    res = await alice.slash(ch, "lora history")
    history = reply(res).embeds[0].description
    # (his 85 ties Alice's: the line says the harakiri that ordered them)
    assert f". Bob (AI) ({points}, harakiri 20)" in history and "Alice (" in history
    res = await bob.slash(ch, "lora stats")
    assert reply(res).content == "Bob: zatím žádná dohraná lóra."


async def test_too_many_ai_moves_for_a_player_are_named(harness):
    guild, ch, users, tid = await open_table(harness, ["alice", "bob"], ("easy",) * 2)
    table = harness.service.tables[tid]
    _play(harness, table, random.Random(3), ai_for={1})  # an AI stood in for Bob throughout
    await harness.service._play_on(table, [])
    final = await _final(harness, ch, f"Konec lóry – stůl č. {tid}")
    assert final.embeds[0].fields[1].value == (
        "Hra se nehodnotí: AI odehrála víc než 25 % tahů tohoto hráče: Bob.")  # (review 61:
    # the name stays in the nominative, "za hráče Bob" wanted "Boba")
    [game] = await harness.bot.store.recent_games(guild.id, "lora")
    assert game.unrated_reason == "ai_share"
    assert unrated_note(table, 0.25, "en") == (
        "This game is not rated: an AI made more than 25% of Bob's moves.")
    # review 90: the history says so, and Bob's stats count none of the AI's results
    # (Alice played hers: hers count)
    alice, bob = users
    points = {p.name: p.points for p in game.players}
    history = reply(await alice.slash(ch, "lora history")).embeds[0].description
    assert history.startswith(f"**Stůl č. {tid}** <t:") and " · nehodnoceno – " in history
    assert f". Bob ({points['Bob']}, hrála AI)" in history
    assert "hrála AI" not in history.split(". Alice (")[1].split(")")[0]  # (her own moves)
    # (review 95: "zatím žádná dohraná lóra" and then one not counted read as a contradiction)
    assert reply(await bob.slash(ch, "lora stats")).content == (
        "Bob: zatím žádná započítaná lóra. Jednu lóru odehrála z velké části AI, a ta se"
        " nepočítá.")
    # (review 95: a limit changed afterwards changes neither the history nor his stats)
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(harness.env.create_user("mod"), roles=[mods])
    await mod.slash(ch, "lora settings", ai_share=90)
    assert (await harness.bot.store.guild_settings(guild.id))["ai_share_limit"] == 0.9
    assert reply(await alice.slash(ch, "lora history")).embeds[0].description == history
    assert reply(await bob.slash(ch, "lora stats")).content.startswith(
        "Bob: zatím žádná započítaná lóra. Jednu lóru")
    assert [tn("taroky.stats_ai_only", lang, n, name="Bob") for lang, n in (
        ("cs", 3), ("cs", 5), ("en", 1), ("en", 2))] == [
        "Bob: zatím žádné započítané kolo Taroků. 3 kola odehrála z velké části AI, a ta se"
        " nepočítají.",
        "Bob: zatím žádné započítané kolo Taroků. 5 kol odehrála z velké části AI, a ta se"
        " nepočítají.",
        "Bob: no round of Taroky counted yet. An AI played a large part of their one round,"
        " so it does not count.",
        "Bob: no round of Taroky counted yet. An AI played a large part of their 2 rounds, so"
        " they do not count."]
    fields = reply(await alice.slash(ch, "lora stats")).embeds[0].fields
    assert fields[0].value.startswith(f"Her: 1 · výher: 0 · ⌀ {points['Alice']},0 b.")
    assert "odehrála AI" not in fields[0].value


async def test_too_many_ai_moves_for_several_players_name_them_all(harness):
    """Review 53: an AI made all of three people's moves, and the note named only the
    first of them."""
    guild, ch, users, tid = await open_table(harness, ["alice", "bob", "cyril"], ("easy",))
    table = harness.service.tables[tid]
    _play(harness, table, random.Random(3), ai_for={0, 2})
    assert unrated_note(table, 0.25, "cs") == (
        "Hra se nehodnotí: za tyto hráče odehrála AI víc než 25 % tahů: Alice, Cyril.")
    assert unrated_note(table, 0.25, "en") == (
        "This game is not rated: an AI made more than 25% of the moves of these players: "
        "Alice, Cyril.")


async def test_taroky_records_name_the_game(harness):
    guild, ch, [alice], tid = await open_table(harness, ["alice"], ("easy",) * 3,
                                               game="taroky")
    res = await alice.slash(ch, "taroky leaderboard")
    embed = reply(res).embeds[0]
    assert reply(res).flags.ephemeral and embed.title == f"Žebříček – Taroky · {guild.name}"
    res = await alice.slash(ch, "taroky history")
    assert reply(res).embeds[0].title == "Taroky – poslední hry"


async def test_the_taroky_protocol_marks_the_seat_an_ai_took_over(harness, monkeypatch):
    from bot.games.taroky import UI as TAROKY
    from bot.games.taroky.pictures import sheet, summary

    guild, ch, [alice, bob], tid = await open_table(harness, ["alice", "bob"], ("easy",) * 2,
                                                    game="taroky")
    table = harness.service.tables[tid]
    await harness.service.leave(tid, bob.id)
    drawn = []

    def spy(img, xy, value, fnt, colour, anchor="la"):
        drawn.append((value, fnt.size, xy[0]))
        return 0

    monkeypatch.setattr(summary, "text", spy)
    # (/taroky score: no deal over yet, its summary; the end post's is that page too)
    page = TAROKY.table_op(table, "sheet", "cs").picture
    assert page is not None
    page()
    named = [(v, px) for v, px, x in drawn if x == sheet.X_GAME and v]  # (a line per player)
    at = [v for v, _px in named].index("Bob")
    assert named[at + 1][0] == "(AI)" and named[at + 1][1] >= sheet.SMALLEST
    assert [v for v, _px, _x in drawn].count("(AI)") == 1


async def test_the_sheet_never_counts_forced_moves_an_ai_standing_in_it_does(harness):
    """A forced move counted on the shared sheet while the game runs would tell everyone that
    the card was its player's only legal one; on the finished sheet, a count of them read as
    though the player had been idle (review 61): no sheet counts them."""
    _g, ch, [alice, bob], tid = await open_table(harness, ["alice", "bob"], ("easy",) * 2)
    table = harness.service.tables[tid]
    rng = random.Random(3)

    def step():
        actions = table.state.legal_actions()
        action = rng.choice(actions)
        s = table.seats[action.seat]
        mine = [a for a in actions if a.seat == action.seat]
        by = ("ai" if s.user_id is None
              else "autoplay" if action.seat == 0 and len(mine) == 1 else s.user_id)
        harness.service._apply(table, action, by=by)

    def forced() -> int:  # (the forced moves made for her, as the table's log has them)
        return sum(1 for a in table.pending if a["by"] == "autoplay")

    while not forced():
        step()
    assert not table.state.finished
    assert forced() == 1
    assert sheet_notes(table, "cs")[0] == []
    assert sheet_notes(table, "en")[0] == []
    assert UI.final_picture(table, "cs").keywords["notes"][0] == []  # type: ignore[union-attr]
    # the AI standing in is public anyway (the table lines say it): it stays on the live sheet
    table.seats[1].ai_moves = 2
    # (her own moves here stand for clicks: one never clicked an AI played "the whole game")
    table.seats[1].clicked = [1, "card"]
    assert sheet_notes(table, "cs")[1] == ["Tahů zahraných AI: 2"]
    while not table.state.finished:
        step()
    assert forced() > 1
    assert sheet_notes(table, "cs")[0] == []
    assert sheet_notes(table, "en")[0] == []
    assert UI.final_picture(table, "cs").keywords["notes"][0] == []  # type: ignore[union-attr]
    assert sheet_notes(table, "cs")[1] == ["Tahů zahraných AI: 2"]
    assert sheet_notes(table, "en")[1] == ["AI played 2 of their moves"]


def test_a_table_nobody_played_to_the_end_names_for_whom_an_ai_played_without_an_arrow():
    """Review 97: "do konce nebyl u stolu žádný člověk (Filip, Eva, Anna → AI)" — the arrow
    read as a rename; the words now say an AI played for them, as "jen jeden člověk" does."""
    from types import SimpleNamespace

    seats = [Seat(None, name, ai="easy", left=True, left_at=0)
             for name in ("Filip", "Eva", "Anna")] + [Seat(None, "AI Karel", ai="medium")]
    table = SimpleNamespace(seats=seats, tournament=None)
    assert unrated_note(table, 0.25, "cs") == (  # type: ignore[arg-type]
        "Hra se nehodnotí: do konce nebyl u stolu žádný člověk (za hráče Filip, Eva a Anna"
        " hrála AI).")
    assert unrated_note(table, 0.25, "en") == (  # type: ignore[arg-type]
        "This game is not rated: no person played to the end (an AI played for Filip, Eva"
        " and Anna).")
