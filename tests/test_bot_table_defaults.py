"""Server defaults of a game's table options through the real bot in SimCord: a manager sets
them with ``/<game> defaults`` (Czech ``výchozí``; the same options as ``/<game> new``), a new
table takes them for every option its opener does not give (an option he gives wins), the
lobby lists them; anybody may see them, only a manager changes them; tournaments keep their
own options, but for the language (given none, the server's), and the reply says so."""

from __future__ import annotations

import discord

from bot.storage.settings import TABLE_DEFAULTS
from tests.botkit import club, mentioned, reply
from tests.helpers import LORA_BUILTIN_DEFAULTS_EN


def _lobby_rules(ch, table):
    lobby = next(m for m in ch.history() if m.id == table.message_id)
    return next(f.value for f in lobby.embeds[0].fields if f.name == "Pravidla stolu")


async def test_a_manager_s_lora_defaults_open_a_new_table_and_an_option_given_wins(harness):
    guild, ch, mod, alice = club(harness, "alice")
    await mod.slash(ch, "lora settings", language="en")  # (his own language wins)
    res = await mod.slash(ch, "lora defaults", panak=True, turn_timer=0, language="cs")
    assert res.ephemeral and reply(res).content == mentioned("\n".join([
        "✅ Saved – Panák: yes · Turn timer: no limit · Table language: Czech.",  # (review 94)
        "New Lóra tables on this server start with these options (a server manager sets them"
        " with /lora defaults; an option given when opening a table wins; the creator can then"
        " still change the rules in the menu below the table, and the players accept the"
        " change):",
        "• King of hearts into the first trick: allowed",
        "• Panák (whoever takes all four Obers in the game Obers owes everyone a drink): yes"
        " (the server's)",
        "• Clean hundred: yes",
        "• Turn timer: no limit (the server's)",
        "• Seating: by draw",
        "• Table language: Czech (the server's)",
        "Built in, without the server's options: Panák: no · Turn timer: 120 s",
        "Tournaments have their own options – of these they take only the table language.",
        "Back to the built-in options: /lora defaults reset:yes; a single option goes back"
        " when given its built-in value.",
        "Tables already open keep their own options."]))  # (review 84)
    stored = (await harness.bot.store.guild_settings(guild.id))[TABLE_DEFAULTS + "lora"]
    assert stored == {"panak": True, "turn_timer": 0, "language": "cs"}
    # Alice opens a table giving only the seating: the rest is the server's
    await alice.slash(ch, "lora new", seating="join")
    table = harness.service.table_of_user(guild.id, alice.id)
    assert table.settings.options["panak"] is True and table.settings.turn_timer == 0
    assert (table.settings.lang, table.settings.seating) == ("cs", "join")
    assert _lobby_rules(ch, table).split("\n")[:6] == [
        "• Červený král do 1. štychu: povoleno",
        "• Panák (kdo ve Filkách vezme všechny čtyři filky,"
        " platí panáka): ano",
        "• Čistá stovka: ano",
        "• Čas na tah: bez limitu", "• Zasedací pořádek: podle příchodu",
        "• Jazyk stolu: čeština"]
    # the lobby's rule-change menu starts from them: panák is on, so it offers to drop it
    lobby = next(m for m in ch.history() if m.id == table.message_id)
    select = next(c for row in lobby.components for c in row.children
                  if isinstance(c, discord.SelectMenu))
    assert "Panák za 4 filky: vypnout" in [o.label for o in select.options]
    await alice.slash(ch, "lora abort")
    # an option given beats the server's default
    await alice.slash(ch, "lora new", panak=False, turn_timer=90, language="en")
    table = harness.service.table_of_user(guild.id, alice.id)
    assert table.settings.options["panak"] is False and table.settings.turn_timer == 90
    assert table.settings.lang == "en"


async def test_taroky_defaults_in_czech_and_back_to_the_built_in_ones(harness, locales):
    guild, ch, mod, alice = club(harness, "alice")
    locales[mod.id] = "cs"
    res = await mod.slash(ch, "taroky defaults", round_minutes=30, stake=100,
                          language="cs")
    assert reply(res).content == mentioned("\n".join([
        "✅ Nastaveno – Kolo: 30 minut · Vklad 100,00 Kč · Jazyk stolu: čeština.",  # (review 94)
        "Nové stoly hry Taroky na tomto serveru začínají s těmito volbami (nastavuje je správce"
        " serveru příkazem /taroky výchozí; volba zadaná při zakládání stolu má přednost;"
        " vklad, dokup, strop, fleky, délku kola i pravidla pak zakladatel může změnit ještě"
        " v nabídkách pod stolem a hráči změnu odsouhlasí):",
        "• Kolo: 30 minut (volba serveru)",
        # (review 79: the server's mark on the stake alone, not read as the cap's)
        "• Vklad 100,00 Kč (peníze každého hráče na začátku kola; sazby nemění; volba"
        " serveru)",
        "• Dokup po 10,00 Kč (kdykoli by hráči peníze klesly pod nulu, automaticky se mu po"
        " této částce dokoupí)",
        "• Herní strop 40,00 Kč (nejvíc, kolik jeden hráč zaplatí druhému za jednu hru)",
        "• Varšava: ano · žďuch: ano · monda lze dát na škýze jen jako poslední tarok",
        "• Fleky: bez omezení",
        "• Talon v sólu: po každém z prvních šesti štychů se jedna jeho karta otočí lícem"
        " nahoru",
        "• Plichta 35:35: hra se neplatí",
        "• Čas na tah: 120 s",
        "• Zasedací pořádek: losem",
        "• Jazyk stolu: čeština (volba serveru)",
        "Bez voleb serveru by platilo – Kolo: 60 minut · Vklad 50,00 Kč",
        "Turnaje mají vlastní volby – z těchto přebírají jen jazyk stolu.",
        "Zpět na vestavěné volby: /taroky výchozí obnovit:ano; jednu volbu vrátíš zadáním"
        " její vestavěné hodnoty.",
        "Stoly, které už jsou otevřené, hrají dál se svými volbami."]))  # (review 84)
    await alice.slash(ch, "taroky new")
    table = harness.service.table_of_user(guild.id, alice.id)
    assert table.settings.options["round_limit"] == {"minutes": 30}
    assert table.settings.options["stake"] == 10000 and table.settings.lang == "cs"
    assert table.settings.turn_timer == 120  # (not set: the built-in value)
    await alice.slash(ch, "taroky abort")
    # an option set back to its built-in value is the server's no more
    await mod.slash(ch, "taroky defaults", round_minutes=60, stake=50)
    stored = (await harness.bot.store.guild_settings(guild.id))[TABLE_DEFAULTS + "taroky"]
    assert stored == {"language": "cs"}
    # the settings reply shows them too
    res = await mod.slash(ch, "taroky settings")
    lines = reply(res).content.split("\n")
    assert lines[3:6] == [  # (to a manager: which options change the server's settings)
        "Obojí změníš jako správce serveru volbami `podíl_ai` a `vlákna_stolů`.",
        mentioned("Nové stoly hry Taroky na tomto serveru začínají s těmito volbami (nastavuje"
                  " je správce serveru příkazem /taroky výchozí; volba zadaná při zakládání"
                  " stolu má přednost; vklad, dokup, strop, fleky, délku kola i pravidla pak"
                  " zakladatel může změnit ještě v nabídkách pod stolem a hráči změnu"
                  " odsouhlasí):"),
        "• Kolo: 60 minut"]
    # (Lóra's defaults are Lóra's own): none set, the built-in ones are listed
    res = await mod.slash(ch, "lora defaults")
    assert reply(res).content == mentioned("\n".join([
        "Nové stoly hry Lóra začínají s vestavěnými volbami – server žádné vlastní nenastavil"
        " (správce serveru je nastaví příkazem /lora výchozí; volba zadaná při zakládání stolu"
        " má vždy přednost; pravidla pak zakladatel může změnit ještě v nabídce pod stolem a"
        " hráči změnu odsouhlasí):",
        "• Červený král do 1. štychu: povoleno",
        "• Panák (kdo ve Filkách vezme všechny čtyři filky,"
        " platí panáka): ne",
        "• Čistá stovka: ano", "• Čas na tah: 120 s", "• Zasedací pořádek: losem"]))
    # reset drops the server's defaults of the game, then takes the options given with it
    await mod.slash(ch, "taroky defaults", round_deals=10, flek_max=3)
    res = await mod.slash(ch, "taroky defaults", reset="yes", stake=20)
    stored = (await harness.bot.store.guild_settings(guild.id))[TABLE_DEFAULTS + "taroky"]
    assert stored == {"stake": 20}
    res = await mod.slash(ch, "taroky defaults", reset="yes")
    assert TABLE_DEFAULTS + "taroky" not in await harness.bot.store.guild_settings(guild.id)
    assert reply(res).content.startswith(  # (confirmed first: review 41)
        "Výchozí volby serveru pro hru Taroky jsou zrušeny.\n"
        "Nové stoly hry Taroky začínají s vestavěnými volbami – server žádné vlastní")
    assert "• Kolo: 60 minut" in reply(res).content.split("\n")
    # /taroky new takes no reset
    command = harness.bot.tree.get_command("taroky").get_command("new")
    assert "reset" not in [p.name for p in command.parameters]
    assert "reset" in [p.name for p in harness.bot.tree.get_command("taroky")
                       .get_command("defaults").parameters]


async def test_the_reply_speaks_the_language_that_holds_after_the_change(harness):
    """Review 42: the reply spoke the server's language from before the command — a
    manager's English client setting ``language:cs`` read English, a reset read Czech."""
    guild, ch, mod, alice = club(harness, "alice")
    res = await mod.slash(ch, "taroky defaults", language="cs", stake=20)
    assert reply(res).content.startswith(
        "✅ Nastaveno – Vklad 20,00 Kč · Jazyk stolu: čeština.\n"
        "Nové stoly hry Taroky na tomto serveru začínají")
    res = await mod.slash(ch, "taroky defaults", reset="yes")
    assert reply(res).content.startswith(
        "The server's defaults for Taroky are removed.\n")
    # his own language still wins
    await mod.slash(ch, "taroky settings", language="en")
    res = await mod.slash(ch, "taroky defaults", language="cs", stake=20)
    assert reply(res).content.startswith(
        "✅ Saved – Stake 20.00 Kč · Table language: Czech.\n"
        "New Taroky tables on this server start with")
    # (the cap explained once, the server's mark inside its bracket; review 42)
    lines = reply(res).content.split("\n")
    assert "• Stake 20.00 Kč (each player's money at the start of the round; it does not"\
        " change the rates; the server's)" in lines
    assert "Built in, without the server's options: Stake 50.00 Kč" in lines


async def test_only_a_manager_changes_the_defaults_anybody_sees_them(harness, locales):
    guild, ch, mod, alice = club(harness, "alice")
    res = await alice.slash(ch, "lora defaults", panak=True)
    assert reply(res).content == mentioned(
        "Only server managers (Manage Server) can change the server's default table options.\n"
        + LORA_BUILTIN_DEFAULTS_EN)
    assert TABLE_DEFAULTS + "lora" not in await harness.bot.store.guild_settings(guild.id)
    res = await mod.slash(ch, "lora defaults", turn_timer=5)
    assert reply(res).content == "The turn timer must be 0 (no limit) or 20 to 3600 seconds."
    assert TABLE_DEFAULTS + "lora" not in await harness.bot.store.guild_settings(guild.id)
    # another server's defaults are its own
    await mod.slash(ch, "lora defaults", panak=True)
    other = harness.env.create_guild()
    och = other.create_text_channel("lora")
    bob = other.add_member(harness.env.create_user("bob"))
    await bob.slash(och, "lora new")
    assert harness.service.table_of_user(other.id, bob.id).settings.options["panak"] is False


async def test_a_tournament_keeps_its_own_options(harness):
    guild, ch, mod, alice = club(harness, "alice")
    await mod.slash(ch, "lora defaults", panak=True, turn_timer=0)
    await alice.slash(ch, "lora tournament", language="cs")
    rec = await harness.bot.store.get_tournament(1)
    assert rec.settings["options"]["panak"] is False and rec.settings["turn_timer"] == 120


async def test_a_tournament_given_no_language_speaks_the_server_s(harness):
    """Review 40: a Czech club's tournament opened by an organiser with an English client
    came out English, its tables too; it takes the server's default table language of its
    game as ``/lora new`` does (its other options stay its own, as its message lists them)."""
    guild, ch, mod, alice = club(harness, "alice")  # (their clients: en-US)
    await mod.slash(ch, "lora defaults", panak=True, turn_timer=0, language="cs")
    res = await alice.slash(ch, "lora tournament")
    assert reply(res).content == (
        "Turnaj č. 1 je založen. Hráči se přihlašují tlačítkem pod jeho zprávou.")
    rec = await harness.bot.store.get_tournament(1)
    assert rec.settings["lang"] == "cs" and rec.settings["options"]["panak"] is False
    embed = ch.last_message.embeds[0]
    assert embed.title == "Lóra – turnaj č. 1"
    rules = next(f.value for f in embed.fields if f.name == "Pravidla hry u stolů (Lóra)")
    assert "Panák (kdo ve Filkách vezme všechny čtyři filky, platí panáka): ne" in rules.split("\n")
    # a language given wins; Taroky's tournament: the server set no Taroky language
    res = await alice.slash(guild.create_text_channel("turnaj"), "lora tournament",
                            language="en")
    assert reply(res).content.startswith("Tournament 2 is open.")
    assert (await harness.bot.store.get_tournament(2)).settings["lang"] == "en"
    res = await alice.slash(guild.create_text_channel("taroky"), "taroky tournament")
    assert reply(res).content.startswith("Tournament 3 is open.")
    assert (await harness.bot.store.get_tournament(3)).settings["lang"] == "en"


async def test_stored_defaults_are_checked_and_a_value_that_no_longer_fits_is_ignored(harness):
    import pytest

    guild, ch, mod, alice = club(harness, "alice")
    store = harness.bot.store
    with pytest.raises(ValueError):
        await store.set_guild_setting(guild.id, TABLE_DEFAULTS + "lora", ["panak"])
    # (say, an option renamed or retyped since it was stored)
    await store.set_guild_setting(guild.id, TABLE_DEFAULTS + "lora",
                                  {"panak": "yes", "gone": True, "turn_timer": 45})
    await alice.slash(ch, "lora new")
    table = harness.service.table_of_user(guild.id, alice.id)
    assert table.settings.options["panak"] is False and table.settings.turn_timer == 45


async def test_a_new_table_reads_the_server_s_settings_and_builds_its_settings_once(
        harness, monkeypatch):
    """``/lora new`` in a channel that has a table already (a thread by the server's
    ``table_threads``, defaults set): one read of the server's settings and one build of the
    table's settings serve the defaults, the check of the options and the placement."""
    import bot.table_defaults as table_defaults

    guild, ch, mod, alice = club(harness, "alice")
    await mod.slash(ch, "lora defaults", panak=True)
    await mod.slash(ch, "lora new")
    store = harness.bot.store
    reads, builds = [], []
    read, build = store.guild_settings, table_defaults.settings_of

    async def counted_read(guild_id):
        reads.append(guild_id)
        return await read(guild_id)

    def counted_build(*args, **kwargs):
        builds.append(args)
        return build(*args, **kwargs)

    monkeypatch.setattr(store, "guild_settings", counted_read)
    monkeypatch.setattr(table_defaults, "settings_of", counted_build)
    await alice.slash(ch, "lora new", seating="join")
    table = harness.service.table_of_user(guild.id, alice.id)
    assert table.channel_id != ch.id and table.settings.options["panak"] is True
    assert (reads, len(builds)) == ([guild.id], 1)


async def test_a_tournament_reads_the_server_s_language_as_a_new_table_does(harness):
    """One way to the server's default table language for ``/<game> new`` and ``/<game>
    tournament``: a value stored by any way (not only through ``/… defaults``) holds for
    both at once, and a failed read fails both alike (a tournament came out in the
    organiser's client's language instead)."""
    guild, ch, mod, alice = club(harness, "alice")
    res = await alice.slash(ch, "lora hand")  # (asked of the server's language: none)
    assert reply(res).content == mentioned(
        "You do not sit at any table on this server. Open one with /lora new, or sit down at"
        " an open table with its Join button.")
    store = harness.bot.store
    await store.set_guild_setting(guild.id, TABLE_DEFAULTS + "lora", {"language": "cs"})
    await mod.slash(ch, "lora tournament")
    tournament = await store.get_tournament(1)
    assert tournament is not None and tournament.settings["lang"] == "cs"
    await mod.slash(ch, "lora tournament", language="en")  # (closed again below)
    read = store.guild_settings

    async def failing(guild_id: int) -> dict[str, object]:
        raise OSError("disk I/O error")

    store.guild_settings = failing
    try:
        for command in ("lora new", "lora tournament"):
            res = await alice.slash(ch, command)
            assert reply(res).content == "Something went wrong. Please try again.", command
    finally:
        store.guild_settings = read
    assert await store.get_tournament(3) is None
    harness.env.errors.clear()  # (the two failed commands, logged as errors)


def test_lora_s_option_defaults_name_the_parameters_of_its_rule_options():
    """``LoraUI.table_options`` passes the options by the names of ``RULE_DEFAULTS``: a name
    renamed on one side only fails here, not as a TypeError at ``/lora new``."""
    import inspect

    from bot.games.lora import LoraUI
    from bot.games.lora.commands import RULE_DEFAULTS, rule_options

    assert set(RULE_DEFAULTS) == set(inspect.signature(rule_options).parameters)
    ui = LoraUI()
    assert ui.table_options({**RULE_DEFAULTS, "turn_timer": 120}) == rule_options(
        **RULE_DEFAULTS)


async def test_a_round_given_in_minutes_and_in_deals_at_once_is_refused(harness):
    """Review 46 (L1): ``/taroky new`` (and ``defaults``) given a round's length both in
    minutes and in deals opens nothing, with ``/taroky tournament``'s refusal (it played
    the deals silently before); a length given in one unit replaces the server's in the
    other: a server of 3-deal rounds, opened with ``round_minutes:30``, plays 30 minutes."""
    guild, ch, mod, alice = club(harness, "alice")
    refusal = "Give a round's length in deals or in minutes, not both."
    res = await alice.slash(ch, "taroky new", round_minutes=30, round_deals=3)
    assert reply(res).content == refusal and harness.service.tables == {}
    res = await alice.slash(ch, "taroky tournament", round_minutes=30, round_deals=3)
    assert reply(res).content == refusal
    res = await mod.slash(ch, "taroky defaults", round_minutes=30, round_deals=3)
    assert reply(res).content == refusal
    assert TABLE_DEFAULTS + "taroky" not in await harness.bot.store.guild_settings(guild.id)
    # one unit given: it wins over the server's other unit, at a table and in the defaults
    await mod.slash(ch, "taroky defaults", round_deals=3)
    await alice.slash(ch, "taroky new", round_minutes=30)
    [table] = harness.service.tables.values()
    assert table.settings.options["round_limit"] == {"minutes": 30}
    await alice.slash(ch, "taroky abort")
    await alice.slash(ch, "taroky new", round_deals=0)  # (0: by time, the built-in 60)
    assert harness.service.tables[2].settings.options["round_limit"] == {"minutes": 60}
    await alice.slash(ch, "taroky abort")
    await alice.slash(ch, "taroky new")  # (nothing given: the server's 3 deals)
    assert harness.service.tables[3].settings.options["round_limit"] == {"deals": 3}
    await alice.slash(ch, "taroky abort")
    await mod.slash(ch, "taroky defaults", round_minutes=45)
    stored = (await harness.bot.store.guild_settings(guild.id))[TABLE_DEFAULTS + "taroky"]
    assert stored == {"round_minutes": 45}


async def test_answers_away_from_a_table_read_the_server_s_language_once_until_it_changes(
        harness, monkeypatch):
    """A newcomer's answers speak the server's default table language (``lang_for``'s last
    fallback but his client's): read from the database once, not at every answer, and
    again when ``/… defaults`` changes it — the next answer speaks the new one."""
    import bot.storage.settings as settings

    guild, ch, mod, alice = club(harness, "alice")
    reads: list[int] = []
    read = settings.guild_settings

    async def counted(conn, guild_id):
        reads.append(guild_id)
        return await read(conn, guild_id)

    monkeypatch.setattr(settings, "guild_settings", counted)
    not_seated_en = mentioned("You do not sit at any table on this server. Open one with"
                              " /lora new, or sit down at an open table with its Join button.")
    for _ in range(3):
        res = await alice.slash(ch, "lora hand")
        assert reply(res).content == not_seated_en
    assert reads == [guild.id]
    reads.clear()
    await mod.slash(ch, "lora defaults", language="cs")  # (read again once, for its reply)
    for _ in range(2):
        res = await alice.slash(ch, "lora hand")
        assert reply(res).content == mentioned(  # (a mention: his client names the command)
            "Nesedíš u žádného stolu na tomto serveru. Založ stůl příkazem /lora new, nebo"
            " přisedni k otevřenému stolu tlačítkem Přisednout.")
    assert reads == [guild.id]
    await mod.slash(ch, "lora defaults", reset="yes")
    res = await alice.slash(ch, "lora hand")
    assert reply(res).content == not_seated_en
