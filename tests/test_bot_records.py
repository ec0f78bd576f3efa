"""Leaderboard, statistics, history, export and forget-me after real finished games."""

from __future__ import annotations

import json
import random

from engine.replay import run_scenario
from tests.botkit import enabled_controls, mentioned, open_table, reply
from tests.helpers import LORA_BUILTIN_DEFAULTS_EN


async def _finish(harness, table, seed):
    rng = random.Random(seed)
    while not table.state.finished:
        action = rng.choice(table.state.legal_actions())
        harness.service._apply(table, action, by=table.seats[action.seat].user_id or "ai")
    await harness.service._play_on(table, [])  # one commit, then the archive


async def _finished_game(harness, names=("alice", "bob", "cyril"), seed=1):
    guild, ch, users, tid = await open_table(harness, list(names), ("medium",))
    table = harness.service.tables[tid]
    await _finish(harness, table, seed)
    return guild, ch, users, table


async def test_leaderboard_lists_humans_with_a_picture(harness):
    guild, ch, users, table = await _finished_game(harness)
    res = await users[0].slash(ch, "lora leaderboard")
    msg = reply(res)
    embed = msg.embeds[0]
    lora = table.state
    humans = [s for s in lora.order if not table.seats[s].is_ai]
    lines = embed.description.splitlines()
    assert len(lines) == 3  # the AI seat never appears
    # first game of everyone; in the language of the table he played at, like stats
    assert all("(předběžné)" in line for line in lines)
    winner = table.names()[humans[0]]
    assert lines[0].startswith(f"1\\. **{winner}** – ")
    assert embed.image.url == "attachment://leaderboard.png"
    assert msg.attachments[0].filename == "leaderboard.png"
    # (a screen reader's words for it: the rows are the embed's, above it)
    assert msg.attachments[0].description == (
        "Žebříček jako obrázek: stejné řádky jsou v seznamu nad ním.")


async def test_stats_history_and_export(harness):
    guild, ch, users, table = await _finished_game(harness)
    seat = table.seat_of(users[1].id)
    res = await users[0].slash(ch, "lora stats", user=users[1])
    embed = reply(res).embeds[0]  # in the language of the table he played at
    assert embed.title == f"Statistiky – {table.names()[seat]}"
    total = table.state.totals[seat]
    # Czech writes a decimal comma (review 14: "⌀ 97.0 b.", "Červené: ⌀ 0.75")
    assert f"⌀ {total:.1f} b.".replace(".", ",", 1) in embed.fields[0].value
    assert embed.fields[1].name == "⌀ bodů za hru" and "," in embed.fields[1].value
    assert "." not in embed.fields[1].value
    # every field titled; nothing counted "0 of 0" (no harakiri was played); the maturita
    # counts say what they count, and a single lóra is not "best: 97 · worst: 97"
    assert [(f.name, f.value) for f in embed.fields[2:]] == [
        ("Maturita", "Odehrané maturity: 1 · složené: 0 (0 %)\nPokusů celkem: 3"),
        ("Čistá stovka", "Vyšla: 0 z 1 ohlášené"),
        ("Nejlepší a nejhorší lóra", f"{total} b. (stůl č. 1)")]
    await users[0].slash(ch, "lora settings", language="en")
    embed = reply(await users[0].slash(ch, "lora stats", user=users[1])).embeds[0]
    assert [(f.name, f.value) for f in embed.fields[2:]] == [
        ("Graduation", "Graduations played: 1 · passed: 0 (0 %)\nAttempts in all: 3"),
        ("Clean hundred", "Made: 0 of 1 declared"),
        ("Best and worst lóra", f"{total} pts (table 1)")]
    assert f"avg {total:.1f} pts" in embed.fields[0].value and "." in embed.fields[1].value
    assert embed.fields[0].name == "Lóra games"
    res = await users[0].slash(ch, "lora history")
    history = reply(res).embeds[0].description
    assert history.startswith("**Table 1** ")
    res = await users[2].slash(ch, "lora export", game=1)
    assert reply(res).content == (
        "Stůl č. 1. V souboru CSV jsou výsledky pro tabulkový procesor (Excel, Calc), v JSON "
        "záznam hry k přehrání.")
    files = reply(res).attachments
    assert [f.filename for f in files] == ["lora-1.png", "lora-1.json", "lora-1.csv"]
    # the JSON is the replay record of REPLAY.md as it is: the engine replays it
    replay = json.loads(await files[1].read())
    out, status = run_scenario(replay)
    assert status == 0
    assert out["order"] == table.state.order and out["totals"] == table.state.totals
    # another server cannot export it
    other = harness.env.create_guild()
    och = other.create_text_channel("x")
    stranger = other.add_member(harness.env.create_user("eve"))
    res = await stranger.slash(och, "lora export", game=1)
    assert reply(res).content == mentioned(
        "I cannot find a finished game at table 1 on this server. Use a table number that"
        " /lora history shows; a game can be exported once it is finished.")


async def test_forget_me_asks_first_then_anonymizes_and_frees_the_seat(harness):
    """forget-me cannot be undone: a question says what it does; "Nemazat" keeps all, the
    other button deletes (the answer replaces the question)."""
    guild, ch, users, table = await _finished_game(harness)
    # bob sits at another table too
    await users[1].slash(ch, "lora new", language="cs")
    tid = harness.service.table_of_user(guild.id, users[1].id).table_id
    ask = reply(await users[1].slash(ch, "lora forget-me"))
    assert ask.content == (
        f"Opravdu smazat tvoje osobní údaje? Odejdeš od stolu č. {tid}. Smaže se tvé"
        " nastavení i jméno; hodnocení, statistiky a hry zůstanou, anonymně. Vrátit to"
        " nejde.")
    assert [c["label"] for c in enabled_controls(ask)] == ["Smazat moje údaje", "Nemazat"]
    res = await users[1].click(ask, label="Nemazat")
    assert reply(res).content == "Nic se nezměnilo." and enabled_controls(ask) == []
    assert harness.service.table_of_user(guild.id, users[1].id).table_id == tid
    res = await users[1].click(reply(await users[1].slash(ch, "lora forget-me")),
                               label="Smazat moje údaje")
    assert reply(res).content == "Tvoje osobní údaje jsou smazány; tvé hry zůstávají anonymně."
    assert harness.service.table_of_user(guild.id, users[1].id) is None
    rows, total = await harness.bot.store.leaderboard(guild.id, "lora")
    assert total == 2 and all(r.user_id != users[1].id for r in rows)
    games = await harness.bot.store.recent_games(guild.id)
    assert "Bob" not in [p.name for p in games[0].players]


async def test_settings_without_options_say_the_players_own_language(harness):
    """``/lora settings`` (``/taroky settings``) with no option: the player's own language
    for his private messages (the table's when he chose none), then the server's settings."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    alice = guild.add_member(env.create_user("alice"))
    server_en = (
        "A game counts for the leaderboard when at least two people play it to the end and"
        " an AI made no more than 25% of any one's moves.\n"
        "A new table in a channel that already has a game gets a thread of its own (the"
        " first table plays in the channel itself).\n"
        + LORA_BUILTIN_DEFAULTS_EN)
    res = await alice.slash(ch, "lora settings")
    assert reply(res).content == mentioned(
        "Language of your private messages: the table's language (change it with the"
        " `language` option).\n" + server_en)
    await alice.slash(ch, "lora settings", language="cs")
    res = await alice.slash(ch, "taroky settings")
    assert reply(res).content == mentioned(
        "Jazyk tvých soukromých zpráv: čeština (změníš ho volbou `language`).\n"
        "Do žebříčku se počítá hra, kterou do konce hrají aspoň dva lidé a ve které AI za"
        " nikoho z nich neodehrála víc než 25 % tahů.\n"
        "Nový stůl v kanálu, kde už se hraje, má vlastní vlákno (první stůl hraje přímo"
        " v kanálu).\n"
        "Nové stoly hry Taroky začínají s vestavěnými volbami – server žádné vlastní"
        " nenastavil (správce serveru je nastaví příkazem /taroky defaults; volba zadaná při"
        " zakládání stolu má vždy přednost; vklad, dokup, strop, fleky, délku kola i pravidla"
        " pak zakladatel může změnit ještě v nabídkách pod stolem a hráči změnu odsouhlasí):\n"
        "• Kolo: 60 minut\n"
        "• Vklad 50,00 Kč (peníze každého hráče na začátku kola; sazby nemění)\n"
        "• Dokup po 10,00 Kč (kdykoli by hráči peníze klesly pod nulu, automaticky se mu po"
        " této částce dokoupí)\n"
        "• Herní strop 40,00 Kč (nejvíc, kolik jeden hráč zaplatí druhému za jednu hru)\n"
        "• Varšava: ano · žďuch: ano · monda lze dát na škýze jen jako poslední tarok\n"
        "• Fleky: bez omezení\n"
        "• Talon v sólu: po každém z prvních šesti štychů se jedna jeho karta otočí lícem"
        " nahoru\n"
        "• Plichta 35:35: hra se neplatí\n"
        "• Čas na tah: 120 s\n"
        "• Zasedací pořádek: losem")
    await alice.slash(ch, "lora settings", language="en")
    res = await alice.slash(ch, "lora settings")
    assert reply(res).content == mentioned(
        "Language of your private messages: English (change it with the `language` option).\n"
        + server_en)


async def test_only_server_managers_change_server_settings(harness):
    import discord

    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    alice = guild.add_member(env.create_user("alice"))
    res = await alice.slash(ch, "lora settings", ai_share=80)
    assert reply(res).content == (
        "Only server managers (Manage Server) can change the server's settings."
    )
    assert (await harness.bot.store.guild_settings(guild.id))["ai_share_limit"] == 0.25
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    res = await mod.slash(ch, "lora settings", ai_share=40)
    assert reply(res).content == mentioned(
        "✅ Saved – `ai_share`: 40%.\n"  # (what changed, first: review 94)
        "A game counts for the leaderboard when at least two people play it to the end and"
        " an AI made no more than 40% of any one's moves.\n"
        "A new table in a channel that already has a game gets a thread of its own (the"
        " first table plays in the channel itself).\n"
        "As a server manager you change these two with the `ai_share` and `table_threads`"
        " options.\n"
        + LORA_BUILTIN_DEFAULTS_EN
    )
    assert (await harness.bot.store.guild_settings(guild.id))["ai_share_limit"] == 0.4


async def test_forget_me_asks_in_english_too(harness):
    guild = harness.env.create_guild()
    ch = guild.create_text_channel("x")
    eve = guild.add_member(harness.env.create_user("eve"))
    ask = reply(await eve.slash(ch, "taroky forget-me"))
    assert ask.content == (
        "Delete your personal data? Your settings and your name are deleted; your rating,"
        " statistics and games stay, anonymized. This cannot be undone.")
    res = await eve.click(ask, label="Delete my data")
    assert reply(res).content == "Your personal data is deleted; your games stay, anonymized."
