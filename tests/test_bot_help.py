"""``/lora help`` and ``/taroky help`` through the real bot in SimCord: a private overview in
the asker's language (as the other answers away from a table), naming every command of the
game's group exactly as it is registered (and none that is not), by the name the asker's
client lists (Czech clients see the Czech names)."""

from __future__ import annotations

import re

from bot.command_ids import forget
from bot.commands import CONTINUED, help_embed
from bot.i18n import Translator
from tests.botkit import mentioned, reply

LORA_CS = [
    ("Nový stůl", [
        "/lora new – založí stůl v tomto kanálu. Mluví jazykem z výchozích voleb serveru,"
        " jinak tvým; volbou `language` zvolíš češtinu, nebo angličtinu.",
        "Ostatní přisednou tlačítkem **Přisednout**, volná místa obsadí **+ AI** (přidat AI"
        " smí každý u stolu). Hru spustí zakladatel tlačítkem **Začít hru**.",
        "Do té doby může zakladatel v nabídkách pod stolem měnit pravidla a nastavení stolu;"
        " hráči u stolu změnu odsouhlasí.",
        "Stůl, u kterého se celý den nic neděje (nikdo nepřisedne, neodejde, nemění pravidla"
        " ani nespouští hru), se sám zruší.",
        "Po hře otevře **Hrát znovu** nový stůl se stejnými hráči a pravidly (ne v turnaji).",
    ]),
    ("Hra", [
        "**Moje karty** u stolu nebo /lora hand – tvoje karty, vidíš je jen ty. Hraješ v "
        "nich: klikneš na kartu nebo tlačítko.",
        "/lora rules – stručná pravidla hry.",
        "/lora score nebo **Protokol** u stolu – protokol (zápis bodů).",
    ]),
    ("Odchod a návrat", [
        "/lora leave – odejdeš od stolu, rozehranou hru za tebe dohraje AI. Odejde-li"
        " zakladatel před začátkem hry nebo poslední hráč, stůl se zruší.",
        "/lora kick – zakladatel stolu nebo správce serveru odebere nepřítomného hráče; "
        "v rozehrané hře místo hráče hraje dál AI.",
        "/lora abort – zruší stůl (zakladatel nebo správce serveru). Bez volby ten tvůj"
        " tady, jinak zdejší, jinak tvůj jinde; jiný podle čísla volbou `table`.",
        "Nestihneš tah? S časem na tah (`turn_timer` v /lora new) ho zahraje AI, hraje-li u"
        " stolu i někdo další; jinak stůl počká. **Moje karty** tě vrátí do hry.",
        "Bez času na tah stůl čeká: místo nepřítomného hráče předá AI zakladatel nebo správce"
        " serveru příkazem /lora kick.",
        "Po odchodu se přes **Moje karty** nebo /lora hand vrátíš, dokud hra běží.",
        "Stůl turnaje nečeká: po uplynutí času vždy zahraje AI místo nepřítomného hráče; kdo"
        " odejde, toho AI nahradí až do konce turnaje.",
    ]),
    ("Turnaj", [
        "/lora tournament – založí turnaj v tomto kanálu.",
        "Přihlásíš se tlačítkem **Přihlásit se**, organizátor turnaj spustí (**Spustit "
        "turnaj**). Hraje ho 2 až 64 hráčů (počítají se i AI hráči), nejvýš 12 kol.",
        "U každého stolu hrají 4: při startu AI hráči doplní počet hráčů na násobek 4 (nebo je"
        " přidá organizátor, když to turnaj tak nastavil).",  # (review 74: the table size)
        "Body 4-3-2-1 podle pořadí u stolu (shodu rozhodne harakiri); při rovnosti bodů"
        " rozhoduje méně trestných bodů.",  # (review 73: the scoring, before round 1 ends)
        "Stoly každého kola hrají ve vláknech, **Pořadí** ukáže pořadí.",
        "Kdo odstoupí (**Odstoupit**) nebo v celém kole neudělá ani jeden tah, za toho dohraje"
        " AI; v pořadí zůstane, na stupně vítězů ale nepostupuje.",
    ]),
    ("Výsledky", [
        "/lora leaderboard – žebříček serveru.",
        "/lora stats – statistiky, tvoje nebo jiného hráče.",
        "/lora history – dohrané hry s čísly stolů pro export, nejnovější první (po 10 na "
        "stranu).",
        "/lora export – protokol, výsledky (CSV) a záznam hry podle čísla stolu.",
    ]),
    ("Nastavení a osobní údaje", [
        "/lora settings – jazyk tvých zpráv; správci serveru tu nastavují i server (volby "
        "`ai_share` a `table_threads`).",
        "/lora defaults – s čím začínají nové stoly serveru; nastavují je správci serveru "
        "(`reset:yes` vrátí vestavěné), volba při zakládání stolu má přednost.",
        "Zakladatel stolu je může změnit ještě v nabídkách pod stolem; turnaje mají vlastní"
        " volby (od serveru přebírají jen jazyk stolu).",
        "/lora forget-me – smaže tvoje osobní údaje (hry zůstanou anonymně).",
    ]),
]


# /taroky help's first sections on an English client (commands as plain text: ``_shown``)
TAROKY_EN = [
    ("A new table", [
        "/taroky new – opens a table in this channel. It speaks the server's default"
        " language, else yours; its option `language` chooses English or Czech.",
        "Others sit down with **Join**, **+ AI** fills a free seat (anyone seated may add"
        " one). The creator starts the game with **Start**.",
        "Until then the creator can change the table's rules and settings in the menus below"
        " it; the seated players accept the change.",
        "A table where nothing happens for a whole day (nobody sits down, leaves, changes the"
        " rules or starts the game) closes by itself.",
        "After a game, **Play again** opens a new table with the same players and rules (not"
        " in a tournament).",
        # what "+ AI (level)" adds (review 85), as engine.taroky.ai plays them
        "AI levels: **easy** bids cautiously, then plays a random legal card; **medium** plays"
        " by rules of thumb; **hard** tries its cards out on many possible deals."]),
    ("Playing", [
        "**My cards** at the table or /taroky hand – your cards, only you see them. You "
        "play there: click a card or a button.",
        "/taroky rules – the rules in brief.",
        "/taroky score or **Score sheet** at the table – the score sheet (money per "
        "deal)."]),
    ("Leaving and coming back", [
        "/taroky leave – you leave; an AI plays a running game on for you. A lobby closes"
        " if its creator leaves, any table if its last player does.",
        "/taroky kick – the table's creator or a server manager removes an absent player; "
        "an AI plays a running game on for them.",
        "/taroky abort – closes a table (its creator or a server manager). Without"
        " options: yours here, else this channel's, else yours elsewhere; another by its"
        " number with `table`.",
        "Missed your turn? With a turn timer (`turn_timer` of /taroky new) an AI plays it if"
        " someone else plays at the table; otherwise the table waits. **My cards** brings"
        " you back.",
        "Without a turn timer the table waits: its creator or a server manager hands an absent"
        " player's seat to an AI with /taroky kick.",
        "After leaving, **My cards** or /taroky hand takes you back while the game runs.",
        "A tournament's table does not wait: an AI plays for the absent once the timer runs"
        " out and replaces anyone who leaves to the tournament's end."]),
    ("Tournaments", [
        "/taroky tournament – opens a tournament in this channel.",
        "Click **Register** to join; the organiser starts it (**Start the tournament**). It"
        " takes 2 to 64 players (AI players count) and up to 12 rounds.",
        "Its tables seat 4: at the start AI players fill the field up to a multiple of 4 (or"
        " the organiser adds them, if the tournament says so).",  # (review 74 LOW 8)
        "Points 4-3-2-1 by place at each table (tied players share them); on equal points"
        " the higher total result ranks higher.",  # (review 73: the scoring, before round 1 ends)
        "Each round's tables play in threads; **Standings** shows the standings.",
        "Anyone who withdraws (**Withdraw**) or makes no move of their own in a whole round is"
        " replaced by an AI; they stay in the standings but not on the podium."]),
]


def _sections(embed):
    """The help's sections and their lines (a section too long for one field goes on in
    the next, named ``CONTINUED``)."""
    sections: list[tuple[str, list[str]]] = []
    for field in embed.fields:
        if field.name == CONTINUED:
            sections[-1][1].extend(field.value.split("\n"))
        else:
            sections.append((field.name, field.value.split("\n")))
    return sections


def _shown(sections):
    """Expected sections with their commands as the synced bot names them (mentions)."""
    return [(name, [mentioned(line) for line in lines]) for name, lines in sections]


def _named(embed, group):
    """The commands of ``/<group>`` the help names (each bold, or in a sentence)."""
    text = "\n".join(f.value for f in embed.fields)
    return re.findall(rf"/{group} ([\w-]+)", text)


def _registered(harness, group):
    return {c.name for c in harness.bot.tree.get_command(group).commands} - {"help"}


async def test_lora_help_in_czech_names_every_command_of_the_group(harness):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    alice = guild.add_member(env.create_user("alice"))
    # her lobby's language (Czech), not her client's
    await alice.slash(ch, "lora new", language="cs")
    res = await alice.slash(ch, "lora help")
    answer = reply(res)
    assert answer.ephemeral and answer.content in (None, "")
    embed = answer.embeds[0]
    assert embed.title == "Lóra – nápověda"
    assert _sections(embed) == _shown(LORA_CS)
    named = _named(embed, "lora")
    assert set(named) == _registered(harness, "lora")  # every command, and only those
    assert len(embed) <= 6000 and all(len(f.value) <= 1024 for f in embed.fields)
    assert max(len(line) for _, lines in LORA_CS for line in lines) <= 160  # (a phone)


async def test_taroky_help_in_english_for_a_newcomer_names_every_command(harness):
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("taroky")
    bob = guild.add_member(env.create_user("bob"))  # no table yet: his (English) client
    res = await bob.slash(ch, "taroky help")
    answer = reply(res)
    assert answer.ephemeral
    embed = answer.embeds[0]
    assert embed.title == "Taroky – help"
    sections = dict(_sections(embed))
    expected = dict(_shown(TAROKY_EN))
    assert list(sections) == ["A new table", "Playing", "Leaving and coming back",
                              "Tournaments", "Results", "Settings and your data"]
    assert sections["A new table"] == expected["A new table"]
    assert len(embed) <= 6000 and all(len(f.value) <= 1024 for f in embed.fields)
    assert sections["Playing"] == expected["Playing"]
    assert sections["Leaving and coming back"] == expected["Leaving and coming back"]
    assert sections["Tournaments"] == expected["Tournaments"]
    assert mentioned("/taroky forget-me – deletes your personal data (your games stay,"
                     " anonymized).") in sections["Settings and your data"]
    named = _named(embed, "taroky")
    assert set(named) == _registered(harness, "taroky")
    # each command has its own line, once (a mention bare: review 95, it is highlighted)
    lines = re.findall(r"^(?:\*\*[^*]+\*\* at the table or )?</taroky ([\w-]+):\d+>",
                       "\n".join(f.value for f in embed.fields), re.M)
    assert sorted(lines) == sorted(_registered(harness, "taroky"))
    assert "**<" not in "\n".join(f.value for f in embed.fields)


async def test_help_names_the_commands_as_a_czech_client_lists_them(harness):
    """A Czech client's slash menu shows the Czech names (``/lora nová``): the help names
    them so, whichever the language of the help (before a sync gave the commands' ids:
    else mentions, ``test_the_help_names_the_commands_by_mentions_of_the_synced_ids``)."""
    forget()
    tree = harness.bot.tree
    for name in ("lora", "taroky"):
        group = tree.get_command(name)
        payload = await group.get_translated_payload(tree, Translator())
        czech = {o["name_localizations"]["cs"] for o in payload["options"]
                 if o["name"] != "help"}
        for lang in ("cs", "en"):
            embed = help_embed(group, group.ui, lang, czech_client=True)
            assert set(_named(embed, name)) == czech
    embed = help_embed(tree.get_command("lora"), tree.get_command("lora").ui, "cs",
                       czech_client=True)
    assert embed.fields[0].value.startswith("/lora nová – založí stůl v tomto kanálu.")
