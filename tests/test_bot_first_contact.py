"""A server's first contact with the bot (review 27), through the real bot in SimCord.

* A channel where the bot may not post: ``/… new`` and ``/… tournament`` refuse it, naming
  the missing permissions as Discord's settings call them; a second table goes to a thread
  only where the bot may post in one; a lobby or tournament whose first message Discord
  refuses anyway is closed and its opener told (review 27, HIGH #1).
* A table's language without ``language``: the opener's own (``/… settings``), else his
  client's, else Czech; a client neither Czech nor English reads English (MEDIUM #2, LOW #6).
* "You already sit at another table" names that table, with its game's leave command as the
  client lists it; the export's error names the history command so too (LOW #5, #8). So
  does the service's own late refusal; where he sits nowhere by then, the common text names
  no command (review 29, MEDIUM #1).
"""

from __future__ import annotations

import discord
import pytest

from bot.i18n import Translator, lang_of_locale
from tests.botkit import channel_delivered, mentioned, reply

LOCKED = ("I may not post in this channel (missing: {}). Ask a server manager, or open the {}"
          " in another channel.")
# what the bot lacks where it may post (review 54: not "I may not post")
LACKING = "I lack permissions here: {}. Ask a server manager, or open the {} in another channel."


def world(harness, *names, overwrite=None):
    """A guild, a channel (the bot's own permissions there changed by ``overwrite``) and
    its members."""
    env = harness.env
    guild = env.create_guild()
    overwrites = {} if overwrite is None else {guild.me: overwrite}
    ch = guild.create_text_channel("locked" if overwrite else "lora", overwrites=overwrites)
    users = [guild.add_member(env.create_user(n, global_name=n.capitalize())) for n in names]
    return guild, ch, users


# -- a channel where the bot may not post -----------------------------------------------------
async def test_a_table_is_refused_where_the_bot_may_not_post(harness, locales):
    guild, ch, (gus, ivy) = world(harness, "gus", "ivy",
                                  overwrite=discord.PermissionOverwrite(send_messages=False))
    res = await gus.slash(ch, "lora new")
    assert reply(res).content == LOCKED.format("Send Messages", "table")
    assert harness.service.table_of_user(guild.id, gus.id) is None  # nothing was opened
    locales[ivy.id] = "cs"
    res = await ivy.slash(ch, "taroky new")
    assert reply(res).content == ("Do tohoto kanálu nesmím psát (chybí: Odesílat zprávy)."
                                  " Požádej správce serveru, nebo stůl založ v jiném kanálu.")
    res = await ivy.slash(ch, "lora tournament")
    assert reply(res).content == ("Do tohoto kanálu nesmím psát (chybí: Odesílat zprávy)."
                                  " Požádej správce serveru, nebo turnaj založ v jiném kanálu.")
    await channel_delivered(harness)
    assert harness.service.tables == {} and harness.bot.controller.desk.service.tournaments == {}
    assert ch.history() == []


async def test_every_missing_permission_is_named(harness):
    guild, ch, (gus,) = world(harness, "gus", overwrite=discord.PermissionOverwrite(
        embed_links=False, attach_files=False, read_message_history=False))
    res = await gus.slash(ch, "lora new", language="en")
    assert reply(res).content == LACKING.format(
        "Embed Links, Attach Files, Read Message History", "table")
    res = await gus.slash(ch, "taroky tournament")
    assert reply(res).content == LACKING.format(
        "Embed Links, Attach Files, Read Message History", "tournament")


async def test_a_czech_refusal_says_i_may_not_post_only_without_send_messages(harness,
                                                                             locales):
    """Review 54: denied only Attach Files, the bot was answered "I may not post here"."""
    guild, ch, (ivy,) = world(harness, "ivy",
                              overwrite=discord.PermissionOverwrite(attach_files=False))
    locales[ivy.id] = "cs"
    res = await ivy.slash(ch, "lora new")
    assert reply(res).content == ("Chybí mi tu oprávnění: Přikládat soubory. Požádej správce"
                                  " serveru, nebo stůl založ v jiném kanálu.")
    res = await ivy.slash(ch, "taroky tournament")
    assert reply(res).content == ("Chybí mi tu oprávnění: Přikládat soubory. Požádej správce"
                                  " serveru, nebo turnaj založ v jiném kanálu.")


async def test_a_tournament_is_refused_where_its_tables_threads_would_be_mute(harness):
    """Its tables play in threads of its channel where the bot may make them: there it must
    be allowed to post in them too."""
    guild, ch, (gus,) = world(harness, "gus", overwrite=discord.PermissionOverwrite(
        send_messages_in_threads=False))
    res = await gus.slash(ch, "lora tournament")
    assert reply(res).content == LACKING.format("Send Messages in Threads", "tournament")


async def test_a_second_table_plays_in_the_channel_where_the_bot_cannot_post_in_a_thread(
        harness):
    guild, ch, (gus, ivy) = world(harness, "gus", "ivy", overwrite=discord.PermissionOverwrite(
        send_messages_in_threads=False))
    await gus.slash(ch, "lora new")
    res = await ivy.slash(ch, "lora new")
    assert reply(res).content == (  # (why not in a thread: review 41)
        "Table 2 is open. I cannot give it a thread of its own (I lack the permission: "
        "Send Messages in Threads), so it plays here in the channel.")
    await channel_delivered(harness)
    table = harness.service.tables[2]
    assert table.channel_id == ch.id and ch.threads == []
    assert table.message_id in [m.id for m in ch.history()]  # its lobby is there to join


async def _opened_where_posts_are_refused(harness, command: str):
    """Gus runs ``command`` in a channel where Discord refuses the bot's posts (403, Missing
    Permissions, though the permission check passed); the bot's work settles."""
    guild, ch, (gus,) = world(harness, "gus")
    harness.env.inject_error("POST", f"/channels/{ch.id}/messages", status=403, code=50013,
                             message="Missing Permissions")
    res = await gus.slash(ch, command)
    await channel_delivered(harness)
    return guild, ch, gus, res


async def test_a_lobby_whose_post_is_refused_closes_and_its_creator_is_told(harness):
    """Permissions taken away between the command and the post (or anything the check did not
    foresee): the lobby Discord refused is closed, its seat freed, its creator told."""
    guild, ch, gus, res = await _opened_where_posts_are_refused(harness, "lora new")
    assert [m.content for m in res.followups] == [
        f"Table 1 is closed: I may not post in <#{ch.id}>, so nobody could see it or join."
        " Ask a server manager to let me post there, or open the table in another channel."]
    assert res.response.content == "Table 1 is open."
    assert harness.service.table_of_user(guild.id, gus.id) is None
    assert harness.service.tables[1].status == "aborted"
    res = await gus.slash(ch, "lora new")  # (free to open another)
    assert reply(res).content == "Table 2 is open."


async def test_a_tournament_whose_post_is_refused_is_cancelled_and_its_organiser_told(
        harness):
    guild, ch, gus, res = await _opened_where_posts_are_refused(harness, "lora tournament")
    assert [m.content for m in res.followups] == [
        f"Tournament 1 is cancelled: I may not post in <#{ch.id}>, so nobody could see it or"
        " register. Ask a server manager to let me post there, or open the tournament in"
        " another channel."]
    assert 1 not in harness.bot.controller.desk.service.tournaments  # (cancelled)
    assert (await harness.bot.store.get_tournament(1)).status == "cancelled"


async def test_news_with_no_interaction_to_answer_comes_after_the_next_command(harness):
    """An opener whose command's token is gone is told with his next command, after its
    answer."""
    guild, ch, (gus,) = world(harness, "gus")
    await harness.bot.controller.replies.notify(gus.id, "Table 7 is closed.", ("table", 7))
    res = await gus.slash(ch, "lora leaderboard")
    assert res.response.embeds  # (the command's own answer first)
    assert [m.content for m in res.followups] == ["Table 7 is closed."]
    res = await gus.slash(ch, "lora leaderboard")
    assert res.followups == []  # (told once)


# -- the table's language -----------------------------------------------------------------------
async def test_a_table_speaks_its_creators_language_unless_told_otherwise(harness, locales):
    guild, ch, (ann, cyril, dora, emil) = world(harness, "ann", "cyril", "dora", "emil")
    locales[cyril.id], locales[dora.id] = "cs", "de"
    await ann.slash(ch, "lora new")  # an en-US client
    await cyril.slash(ch, "lora new")
    await dora.slash(ch, "lora new")
    await emil.slash(ch, "lora settings", language="cs")  # his own language wins
    res = await emil.slash(ch, "lora new")
    assert reply(res).content.startswith("Stůl č. 4 je založen.")
    tables = harness.service.tables
    assert [tables[i].settings.lang for i in (1, 2, 3, 4)] == ["en", "cs", "en", "cs"]
    await ann.slash(ch, "lora leave")
    await ann.slash(ch, "lora new", language="cs")  # the option, when given, decides
    assert tables[5].settings.lang == "cs"
    await channel_delivered(harness)
    lobby = next(m for m in ch.history() if m.id == tables[1].message_id)
    assert lobby.embeds[0].title == "Lóra – table 1"


def test_a_locale_neither_czech_nor_english_reads_english():
    assert [lang_of_locale(x) for x in ("cs", "sk", "en-US", "en-GB", "de", "pl", "cs_CZ.UTF-8",
                                        "de_DE.UTF-8", "sk_SK")] == [
        "cs", "cs", "en", "en", "en", "en", "cs", "en", "cs"]
    # nothing known: Czech (or the caller's fallback)
    assert [lang_of_locale(x) for x in (None, "", "C", "POSIX")] == ["cs"] * 4
    assert lang_of_locale("C.UTF-8", "en") == "en"
    assert lang_of_locale(discord.Locale.german) == "en"


async def test_the_slash_menu_reads_english_but_to_czech_clients(harness):
    tree = harness.bot.tree
    lora = next(g for g in tree.get_commands() if g.name == "lora")
    new = next(c for c in lora.commands if c.name == "new")
    payload = await new.get_translated_payload(tree, Translator())
    assert payload["description"] == "Open a Lóra table in this channel"  # what a German sees
    assert payload["description_localizations"]["cs"] == "Založit stůl Lóry v tomto kanálu"
    language = next(o for o in payload["options"] if o["name"] == "language")
    assert [c["name"] for c in language["choices"]] == ["Czech", "English"]
    assert [c["name_localizations"]["cs"] for c in language["choices"]] == [
        "čeština", "angličtina"]



async def test_the_slash_options_say_their_range_and_the_tournament_s_defaults(harness):
    """Review 46 (M3, L1, L2): a table's turn timer says that 1–19 s are not taken (Discord
    cannot say "0 or 20–3600"), the tournament's options name their defaults (per game:
    Lóra 3 rounds, Taroky 4 of 60 minutes), and a round's length in deals has the same
    range at a table and in a tournament."""
    tree = harness.bot.tree

    async def options(group: str, name: str) -> dict:
        command = next(c for c in tree.get_command(group).commands if c.name == name)
        payload = await command.get_translated_payload(tree, Translator())
        return {o["name"]: o for o in payload["options"]}

    def said(option: dict) -> tuple[str, str]:
        return option["description"], option["description_localizations"]["cs"]

    timer = (await options("lora", "new"))["turn_timer"]
    assert said(timer) == ("Turn timer in seconds: 0 = no limit, else 20–3600",
                           "Čas na tah v sekundách: 0 = bez limitu, jinak 20–3600")
    assert (timer["min_value"], timer["max_value"]) == (0, 3600)
    lora = await options("lora", "tournament")
    assert said(lora["rounds"]) == ("Number of rounds, 1–12 (default 3)",
                                    "Počet kol, 1–12 (výchozí 3)")
    assert said(lora["turn_timer"]) == ("Seconds per move, 20–3600 (default 120)",
                                        "Čas na tah v sekundách, 20–3600 (výchozí 120)")
    assert said(lora["fill"]) == ("Who fills incomplete tables (default: AI players)",
                                  "Kdo doplní neúplné stoly (výchozí: AI hráči)")
    assert said(lora["ai_level"]) == ("Level of AI players and substitutes (default: medium)",
                                      "Síla AI hráčů a náhradníků (výchozí: střední)")
    taroky = await options("taroky", "tournament")
    assert said(taroky["rounds"]) == ("Number of rounds, 1–12 (default 4)",
                                      "Počet kol, 1–12 (výchozí 4)")
    assert said(taroky["round_minutes"]) == ("A round's length in minutes (default 60)",
                                             "Délka kola v minutách (výchozí 60)")
    assert said(taroky["round_deals"]) == (  # (review 95: as /taroky new words it)
        "A round's length in deals instead of minutes (default 0 = by time)",
        "Délka kola v rozdáních místo minut (výchozí 0 = podle času)")
    deals = (await options("taroky", "new"))["round_deals"]
    assert (taroky["round_deals"]["max_value"], deals["max_value"]) == (200, 200)


async def test_taroky_new_reads_as_a_table_and_its_options_say_their_defaults(harness):
    """Review 71 (M3, L4): "(turnajová pravidla)" beside ``/taroky turnaj`` read as if
    ``/taroky nová`` opened a tournament, and its options did not say their defaults as the
    tournament's do (the same defaults: ``TABLE_DEFAULTS``). Their names stay."""
    tree = harness.bot.tree
    command = next(c for c in tree.get_command("taroky").commands if c.name == "new")
    payload = await command.get_translated_payload(tree, Translator())
    assert (payload["description"], payload["description_localizations"]["cs"]) == (
        "Open a Taroky table in this channel (choose its rules in the command's options)",
        "Založit stůl Taroků v tomto kanálu (pravidla si zvolíš ve volbách příkazu)")
    said = {o["name"]: (o["description"], o["description_localizations"]["cs"])
            for o in payload["options"]}
    # (the table's own options first since review 94's ordering, then the rules)
    assert list(said)[:4] == ["language", "turn_timer", "seating", "autoplay"]
    assert list(said)[4:16] == ["round_minutes", "round_deals", "varsava", "zduch",
                                "varsava_max_3", "mond_na_skyze", "flek_max", "solo_talon",
                                "tie", "cap", "stake", "dokup_step"]
    assert [said[name] for name in ("round_minutes", "round_deals", "varsava", "flek_max",
                                    "solo_talon", "tie", "cap", "stake", "dokup_step")] == [
        ("A round's length in minutes (default 60)", "Délka kola v minutách (výchozí 60)"),
        # (review 95: the tournament's wording, not "A round of a number of deals instead")
        ("A round's length in deals instead of minutes (default 0 = by time)",
         "Délka kola v rozdáních místo minut (výchozí 0 = podle času)"),
        ("Play Warsaw (default yes)", "Hrát Varšavu (výchozí ano)"),
        ("Doubles: 1 = at most doubled, 2 = at most redoubled, 3 = re-redoubled; 0 = unlimited",
         "Fleky: 1 = nejvýš jeden flek (bez re), 2 = nejvýš re, 3 = nejvýš sup; 0 = bez"
         " omezení"),
        ("The talon in a solo (default: turned after the tricks)",
         "Talon v sólu (výchozí: otáčí se po štyších)"),
        ("A 35:35 tie (default: nothing is paid)", "Plichta 35:35 (výchozí: neplatí se)"),
        ("Cap per game in Kč (default 40; 0 = none)",
         "Herní strop v Kč (výchozí 40; 0 = bez stropu)"),
        ("Stake per round in Kč (default 50)", "Vklad na kolo v Kč (výchozí 50)"),
        ("Top-up step in Kč (default 10)", "Dokup po kolika Kč (výchozí 10)")]
    assert all(len(text) <= 100 for pair in said.values() for text in pair)


@pytest.mark.parametrize("locale", ["en-US", "cs"])
async def test_the_help_tells_how_to_choose_the_tables_language(harness, locales, locale):
    guild, ch, (ann,) = world(harness, "ann")
    locales[ann.id] = locale
    res = await ann.slash(ch, "lora help")
    start = res.response.embeds[0].fields[0].value.splitlines()[0]
    assert start == mentioned({
        "en-US": "/lora new – opens a table in this channel. It speaks the server's default"
                 " language, else yours; its option `language` chooses English or Czech.",
        "cs": "/lora nová – založí stůl v tomto kanálu. Mluví jazykem z výchozích voleb"
              " serveru, jinak tvým; volbou `jazyk` zvolíš češtinu, nebo angličtinu."}[locale])


# -- "you already sit at another table" ---------------------------------------------------------
async def test_one_seated_elsewhere_is_told_which_table_and_how_to_leave_it(harness, locales):
    guild, ch, (ann, bob) = world(harness, "ann", "bob")
    other = guild.create_text_channel("taroky")
    await ann.slash(ch, "lora new")
    res = await ann.slash(other, "taroky new")  # the other game's command: her Lóra table
    assert reply(res).content == mentioned(f"You already sit at table 1 (Lóra, <#{ch.id}>). To sit"
                                  " elsewhere, leave it first: /lora leave.")
    locales[bob.id] = "cs"
    await bob.slash(other, "taroky new")
    res = await bob.slash(ch, "lora new")
    assert reply(res).content == mentioned(
        f"Už sedíš u stolu č. 2 (Taroky, <#{other.id}>). Chceš-li"
                                  " sedět jinde, nejdřív od něj odejdi: /taroky odejít.")
    await channel_delivered(harness)
    lobby = next(m for m in ch.history() if m.id == harness.service.tables[1].message_id)
    res = await bob.click(lobby, custom_id="lora:l:1:join")  # Join: in the lobby's language
    assert reply(res).content == mentioned(
        f"You already sit at table 2 (Taroky, <#{other.id}>). To sit"
                                  " elsewhere, leave it first: /taroky odejít.")



async def test_a_late_refusal_of_a_new_table_names_the_table_he_sits_at(harness, locales,
                                                                       monkeypatch):
    """He sat down between ``/… new``'s own check and the service's: the service's refusal
    names his table and its game's leave command as his client lists it, not the asked
    game's English one (review 29, MEDIUM #1)."""
    guild, ch, (ann,) = world(harness, "ann")
    other = guild.create_text_channel("taroky")
    locales[ann.id] = "cs"
    await ann.slash(other, "taroky new")
    service = harness.service
    real = service.table_of_user
    calls: list[int] = []

    def late(guild_id, user_id):  # the command's check misses her seat, the service's not
        calls.append(user_id)
        return None if len(calls) == 1 else real(guild_id, user_id)

    monkeypatch.setattr(service, "table_of_user", late)
    res = await ann.slash(ch, "lora new")
    assert len(calls) >= 2  # (the service refused it, not the command's own check)
    assert reply(res).content == mentioned(
        f"Už sedíš u stolu č. 1 (Taroky, <#{other.id}>). Chceš-li"
                                  " sedět jinde, nejdřív od něj odejdi: /taroky odejít.")
    assert [t.table_id for t in service.tables.values()] == [1]


async def test_a_seat_refused_where_his_table_is_gone_names_no_command(harness, monkeypatch):
    """The service refuses him as seated elsewhere, but by the answer he sits nowhere (the
    storage's own refusal, a table closed meanwhile): the common text, which names no
    game's leave command (review 29, MEDIUM #1)."""
    from bot.errors import TableError

    guild, ch, (ann, bob) = world(harness, "ann", "bob")
    service = harness.service

    async def refused(*args, **kwargs):
        raise TableError("already_seated")

    monkeypatch.setattr(service, "create", refused)
    res = await ann.slash(ch, "taroky new", language="en")
    assert reply(res).content == "You already sit at another table on this server."
    monkeypatch.undo()
    await ann.slash(ch, "lora new", language="en")
    await channel_delivered(harness)
    lobby = next(m for m in ch.history() if m.id == service.tables[1].message_id)
    monkeypatch.setattr(service, "join", refused)
    res = await bob.click(lobby, custom_id="lora:l:1:join")
    assert reply(res).content == "You already sit at another table on this server."
    replies = harness.bot.controller.replies
    assert await replies.refusal_text(TableError("already_seated"), "cs", 1) == (
        "Už sedíš u jiného stolu na tomto serveru.")  # (taking a seat back: Questions.take_back)

@pytest.mark.parametrize("locale", ["en-US", "cs"])
async def test_the_export_error_names_the_history_command_as_the_client_lists_it(
        harness, locales, locale):
    guild, ch, (ann,) = world(harness, "ann")
    locales[ann.id] = locale
    if locale == "cs":
        await ann.slash(ch, "taroky settings", language="cs")
    res = await ann.slash(ch, "taroky export", game=1)
    assert reply(res).content == mentioned({
        "en-US": "I cannot find a finished game at table 1 on this server. Use a table number"
                 " that /taroky history shows; a game can be exported once it is finished.",
        "cs": "Dohranou hru u stolu č. 1 na tomto serveru nenajdu. Použij číslo stolu, které"
              " ukazuje /taroky historie; stáhnout jde hra, až je dohraná."}[locale])
