"""Review 94 (an admin and a first-time user, refusals and texts) through the real bot in
SimCord: a bare ``abort`` next to a table one may not abort names who may; "you sit at no
table" says what to do next and names a lobby that waits for players; a settings or
defaults change is confirmed by what changed; the export of a game still played says so;
the bot greets a server that invites it."""

from __future__ import annotations

import discord
import pytest

from bot.model import STATUS_LOBBY
from bot.welcome import welcome
from tests.botkit import club, mentioned, open_table, reply


def _world(harness, *names, channel="hry"):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel(channel)
    users = [guild.add_member(env.create_user(n, global_name=n.capitalize())) for n in names]
    return guild, ch, users




# -- MEDIUM 1: a bare abort next to somebody else's table -------------------------------------
@pytest.mark.parametrize("locale", ["cs", "en-US"])
async def test_a_bare_abort_by_a_stranger_names_who_may_abort_the_table_here(
        harness, locales, locale):
    guild, ch, (jana, nova) = _world(harness, "jana", "nova")
    locales[nova.id] = locale
    await jana.slash(ch, "lora new", language="cs", turn_timer=0, seating="join")
    refused = {
        "cs": "Stůl může zrušit jen jeho zakladatel (Jana) nebo správce serveru.",
        "en-US": "Only the table's creator (Jana) or a server manager can abort it."}[locale]
    res = await nova.slash(ch, "lora abort")
    assert res.ephemeral and reply(res).content == refused
    [table] = harness.service.tables_in_channel(ch.id)
    assert table.status == STATUS_LOBBY  # (nothing aborted)
    # the other game's command too names the creator of the table in front of him
    assert reply(await nova.slash(ch, "taroky abort")).content == refused
    other = guild.create_text_channel("jinde")  # (no table there: as before)
    res = await nova.slash(other, "lora abort")
    assert reply(res).content.startswith(
        {"cs": "Nesedíš u žádného stolu na tomto serveru.",
         "en-US": "You do not sit at any table on this server."}[locale])
    assert harness.env.errors == []


# -- MEDIUM 2: seated nowhere, the next step ---------------------------------------------------
@pytest.mark.parametrize("locale", ["cs", "en-US"])
async def test_seated_nowhere_one_is_told_how_to_open_or_join_a_table(harness, locales,
                                                                       locale):
    guild, ch, (nova,) = _world(harness, "nova")
    locales[nova.id] = locale
    told = {
        "cs": "Nesedíš u žádného stolu na tomto serveru. Založ stůl příkazem /lora nová,"
              " nebo přisedni k otevřenému stolu tlačítkem Přisednout.",
        "en-US": "You do not sit at any table on this server. Open one with /lora new, or sit"
                 " down at an open table with its Join button."}[locale]
    expected = mentioned(told)
    for command in ("lora hand", "lora score", "lora leave", "lora abort"):
        res = await nova.slash(ch, command)
        assert (command, reply(res).content) == (command, expected)
    res = await nova.slash(ch, "taroky hand")
    assert reply(res).content == mentioned(told.replace("/lora", "/taroky"))
    assert harness.env.errors == []


async def test_seated_nowhere_one_is_shown_the_lobbies_that_wait_for_players(harness, locales):
    guild, ch, (jana, petr, nova) = _world(harness, "jana", "petr", "nova")
    locales[nova.id] = "cs"
    other = guild.create_text_channel("karty")
    await jana.slash(ch, "lora new", language="cs", turn_timer=0, seating="join")
    first = harness.service.table_of_user(guild.id, jana.id).table_id
    res = await nova.slash(ch, "lora leave")
    assert reply(res).content == mentioned(
        f"Nesedíš u žádného stolu na tomto serveru. Stůl č. {first} v <#{ch.id}> čeká na"
        " hráče – přisedni k němu tlačítkem Přisednout, nebo založ vlastní stůl příkazem"
        " /lora nová.")
    await petr.slash(other, "lora new", language="cs", turn_timer=0, seating="join")
    second = harness.service.table_of_user(guild.id, petr.id).table_id
    res = await nova.slash(other, "lora leave")
    assert reply(res).content == mentioned(
        f"Nesedíš u žádného stolu na tomto serveru. Na hráče čekají stoly č. {first} v"
        f" <#{ch.id}>, č. {second} v <#{other.id}> – přisedni k některému tlačítkem"
        " Přisednout, nebo založ vlastní stůl příkazem /lora nová.")
    # a Lóra lobby is not offered to one asking about Taroky
    locales[nova.id] = "en-US"
    res = await nova.slash(other, "taroky leave")
    assert reply(res).content == mentioned(
        "You do not sit at any table on this server. Open one with /taroky new, or sit down at"
        " an open table with its Join button.")


async def test_a_table_that_plays_or_is_full_is_not_offered(harness, locales):
    guild, ch, (ann,), tid = await open_table(harness, ["ann"], ("easy", "easy", "easy"))
    nova = guild.add_member(harness.env.create_user("nova", global_name="Nova"))
    res = await nova.slash(guild.create_text_channel("jinde"), "lora leave")
    assert reply(res).content == mentioned(
        "You do not sit at any table on this server. Open one with /lora new, or sit down at"
        " an open table with its Join button.")


# -- MEDIUM 5: a change confirmed --------------------------------------------------------------
async def test_a_defaults_change_is_confirmed_by_what_changed(harness, locales):
    guild, ch, mod, _ = club(harness, "ann")
    locales[mod.id] = "cs"
    await mod.slash(ch, "lora settings", language="cs")
    res = await mod.slash(ch, "lora defaults", turn_timer=90)
    lines = reply(res).content.split("\n")
    assert lines[0] == "✅ Nastaveno – Čas na tah: 90 s."
    assert lines[1].startswith("Nové stoly hry Lóra na tomto serveru začínají")
    res = await mod.slash(ch, "lora defaults", turn_timer=90)  # (nothing changed)
    assert reply(res).content.split("\n")[0].startswith("Nové stoly hry Lóra")
    res = await mod.slash(ch, "lora defaults", autoplay=False, language="en")
    assert reply(res).content.split("\n")[0] == (  # (answered in the language now held)
        "✅ Nastaveno – Jazyk stolu: angličtina · Vynucené tahy se nehrají automaticky.")
    res = await mod.slash(ch, "lora defaults", autoplay=True)
    assert reply(res).content.split("\n")[0] == (
        "✅ Nastaveno – Vynucené tahy se hrají automaticky.")
    res = await mod.slash(ch, "lora defaults")  # (a plain view)
    assert reply(res).content.split("\n")[0].startswith("Nové stoly hry Lóra")
    assert harness.env.errors == []


async def test_a_settings_change_is_confirmed_by_what_changed(harness, locales):
    guild, ch, mod, ann = club(harness, "ann")
    res = await mod.slash(ch, "lora settings", table_threads="always")
    lines = reply(res).content.split("\n")
    assert lines[0] == "✅ Saved – `table_threads`: always in a thread."
    assert lines[1].startswith("A game counts for the leaderboard")
    res = await mod.slash(ch, "lora settings", table_threads="always", ai_share=40)
    assert reply(res).content.split("\n")[0] == "✅ Saved – `ai_share`: 40%."
    res = await mod.slash(ch, "lora settings", ai_share=40)  # (nothing changed)
    assert reply(res).content.split("\n")[0].startswith("A game counts")
    locales[mod.id] = "cs"
    await mod.slash(ch, "lora settings", language="cs")
    res = await mod.slash(ch, "lora settings", ai_share=25, table_threads="busy")
    assert reply(res).content.split("\n")[0] == (
        "✅ Nastaveno – `podíl_ai`: 25 % · `vlákna_stolů`: vlákno, když se v kanálu už hraje.")
    res = await ann.slash(ch, "lora settings", ai_share=10)  # (refused: nothing saved)
    assert "✅" not in reply(res).content
    assert harness.env.errors == []


# -- LOW 6: the export of a game still played --------------------------------------------------
async def test_the_export_of_a_game_still_played_says_so(harness, locales):
    guild, ch, (ann,), tid = await open_table(harness, ["ann"], ("easy", "easy", "easy"))
    locales[ann.id] = "cs"
    res = await ann.slash(ch, "lora export", game=tid)
    assert reply(res).content == (
        f"Hra u stolu č. {tid} ještě běží; export bude po jejím konci.")
    res = await ann.slash(ch, "taroky export", game=tid)  # (not a Taroky table)
    assert reply(res).content.startswith(f"Dohranou hru u stolu č. {tid} na tomto serveru")
    await ann.slash(ch, "lora settings", language="en")
    res = await ann.slash(ch, "lora export", game=tid)
    assert reply(res).content == (
        f"The game at table {tid} is still being played; it can be exported once it is over.")


# -- LOW 10: a welcome on joining a server -----------------------------------------------------
WELCOME_CS = (
    "Ahoj! Hraju s vámi karetní hry Lóra a Taroky. Stůl založí kdokoli příkazem /lora nová"
    " (Lóra) nebo /taroky nová (Taroky), ostatní k němu přisednou tlačítkem Přisednout. Jak"
    " se hraje a přehled příkazů: /lora nápověda a /taroky nápověda.\nSprávci serveru nastaví"
    " výchozí volby nových stolů příkazem /lora výchozí a /taroky výchozí. Ve kterých kanálech"
    " a kterým rolím jsou příkazy dostupné, nastavíte v Nastavení serveru → Integrace.")
WELCOME_EN = (
    "Hi! I play the card games Lóra and Taroky with you. Anyone opens a table with /lora new"
    " (Lóra) or /taroky new (Taroky), the others sit down with its Join button. How to play,"
    " and the commands: /lora help and /taroky help.\nServer managers set the defaults of new"
    " tables with /lora defaults and /taroky defaults. Which channels and roles may use the"
    " commands is set in Server Settings → Integrations.")


async def _joined(harness, locale, overwrite=None):
    """A server with a system channel that invites the bot: Discord's GUILD_CREATE of a
    server the bot did not know (discord.py's ``on_guild_join``)."""
    from simcord.backend import serializers

    env = harness.env
    guild = env.create_guild(preferred_locale=locale)
    overwrites = {} if overwrite is None else {guild.me: overwrite}
    ch = guild.create_text_channel("obecne", overwrites=overwrites)
    backend = env.backend
    backend.guilds[guild.id].system_channel_id = ch.id
    backend.emit("GUILD_DELETE", {"id": str(guild.id)})  # (the bot leaves …)
    await env.settle()
    assert harness.bot.get_guild(guild.id) is None
    payload = dict(serializers.guild_create_payload(backend, backend.guilds[guild.id]))
    payload.pop("unavailable", None)  # (a join's has none: SimCord's says "available again")
    backend.emit("GUILD_CREATE", payload)  # (… and is invited)
    await env.settle()
    assert harness.bot.get_guild(guild.id) is not None
    return guild, ch


@pytest.mark.parametrize(("locale", "text"), [("cs", WELCOME_CS), ("en-US", WELCOME_EN),
                                              ("de", WELCOME_EN)])
async def test_an_invited_bot_greets_the_server_in_its_language(harness, locale, text):
    guild, ch = await _joined(harness, locale)
    assert [m.content for m in ch.history()] == [mentioned(text)]
    assert harness.env.errors == []


async def test_no_welcome_where_the_bot_may_not_post_or_there_is_no_system_channel(harness):
    guild, ch = await _joined(harness, "cs", discord.PermissionOverwrite(send_messages=False))
    assert ch.history() == []
    plain = harness.env.create_guild(preferred_locale="cs")  # (no system channel)
    assert await welcome(harness.bot.get_guild(plain.id)) is False
    assert harness.env.errors == []
