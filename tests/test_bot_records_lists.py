"""The records' lists as a club reads them (review 32): members under their names of today,
why a place contradicts the points (čistá stovka missed, harakiri), what orders the
leaderboard, pages of the history, a page past the last, the results as a CSV file."""

from __future__ import annotations

import discord

import bot.render
from bot.games import ui_of
from bot.results_csv import results_csv
from bot.storage.db import stamp
from engine.game import Outcome
from tests.botkit import enabled_controls, reply
from tests.storage_kit import archive, crafted_lora_json, human, robot, row

# Ann, Bob, Cyril and an AI: AI 30 first; Ann and Cyril tie on 40, and the harakiri they
# play off (5 to Ann's 10) puts Cyril first; Bob declared čistá stovka and missed it with
# 60: last, below every non-declarer
PLAYOFF = dict(row(None, None, "harakiri", [10, 20, 5, 5]), tied=[0, 2], playoff_game=1,
               playoff_games=1)
GAME = crafted_lora_json([row(1, 1, "cervene", [3, 2, 0, 3]), PLAYOFF],
                         totals=[40, 60, 40, 30], order=[3, 2, 0, 1],
                         stovka=[False, True, False, False])

FOOTER_CS = (" · pořadí podle hodnocení (z hodnocených her; AI hráči se nepočítají); počty a"
             " ⌀ z odehraných her, kromě těch, které za hráče hrála AI")  # (review 90)


async def _club(harness):
    """A server where Ann (now "Anička"), Bob (gone from the server since), Cyril and an AI
    finished ``GAME``."""
    env = harness.env
    guild = env.create_guild(name="Klub")
    ch = guild.create_text_channel("lora")
    ann, bob, cyril = (guild.add_member(env.create_user(n, global_name=n.capitalize()))
                       for n in ("ann", "bob", "cyril"))
    seats = [human(ann.id, "Ann"), human(bob.id, "Bob"), human(cyril.id, "Cyril"), robot()]
    game = await archive(harness.bot.store, guild.id, seats, GAME)
    env.backend.edit_member(guild.id, ann.id, {"nick": "Anička"})
    guild.remove_member(bob)
    await env.settle()
    return guild, ch, (ann, bob, cyril), game


async def _when(harness, guild) -> str:
    [summary] = await harness.bot.store.recent_games(guild.id, "lora")
    return discord.utils.format_dt(summary.finished_at, "d")


async def test_history_names_members_as_now_and_says_why_a_place_beats_the_points(harness):
    """R-STOVKA: a declarer who missed ranks below every non-declarer — the line marks him;
    R-HARAKIRI: equal totals ordered by the play-off — the line gives the harakiri points.
    A renamed member is shown as he is called now, one who left under his stored name."""
    guild, ch, (ann, _bob, cyril), game = await _club(harness)
    when = await _when(harness, guild)
    await cyril.slash(ch, "lora settings", language="cs")
    res = await cyril.slash(ch, "lora history")
    embed = reply(res).embeds[0]
    assert reply(res).ephemeral and embed.title == "Lóra – poslední hry"
    assert embed.description == (  # (its table's number: the archive's game and table 1)
        f"**Stůl č. {game}** {when} – 1. AI easy (30), 2. Cyril (40, harakiri 5),"
        " 3. Anička (40, harakiri 10), 4. Bob (60, čistá stovka nevyšla ✗)")
    assert embed.footer.text is None and enabled_controls(reply(res)) == []  # one page
    await ann.slash(ch, "lora settings", language="en")
    res = await ann.slash(ch, "lora history")
    assert reply(res).embeds[0].description == (
        f"**Table {game}** {when} – 1st AI easy (30), 2nd Cyril (40, harakiri 5),"
        " 3rd Anička (40, harakiri 10), 4th Bob (60, clean hundred missed ✗)")


async def test_leaderboard_names_members_as_now_and_says_the_rating_orders_it(
        harness, monkeypatch):
    guild, ch, (ann, _bob, cyril), _game = await _club(harness)
    drawn: list[list[str]] = []
    real = bot.render.render_leaderboard

    def spy(rows, *args, **kwargs):
        drawn.append([r.name for r in rows])
        return real(rows, *args, **kwargs)

    monkeypatch.setattr(bot.render, "render_leaderboard", spy)
    await cyril.slash(ch, "lora settings", language="cs")
    board = reply(await cyril.slash(ch, "lora leaderboard"))
    embed = board.embeds[0]
    assert board.components == []  # one page: no ◀ ▶ (as the history shows none)
    names = [line.split("**")[1] for line in embed.description.splitlines()]
    assert sorted(names) == ["Anička", "Bob", "Cyril"]  # (Bob's stored name: he left)
    assert drawn == [names]  # the picture lists the same names
    # (review 75: "kol 2" counted games the rating left out, and said not so)
    assert embed.footer.text == "Strana 1/1" + FOOTER_CS
    await ann.slash(ch, "lora settings", language="en")
    embed = reply(await ann.slash(ch, "lora leaderboard")).embeds[0]
    assert embed.footer.text == ("Page 1/1 · ranked by rating (from rated games; AI players"
                                 " do not count); the counts and averages of the games played,"
                                 " except those an AI played for the player")


async def test_a_page_past_the_last_is_named_to_the_asker_alone(harness):
    """Review 32: ``page:2`` of a one-page board posted "no rated games yet" for all."""
    guild, ch, (ann, _bob, cyril), _game = await _club(harness)
    await cyril.slash(ch, "lora settings", language="cs")
    for command in ("lora leaderboard", "lora history"):
        res = await cyril.slash(ch, command, page=2)
        assert reply(res).ephemeral and not reply(res).embeds
        assert reply(res).content == "Strana 2 neexistuje – poslední je strana 1."
    await ann.slash(ch, "lora settings", language="en")
    res = await ann.slash(ch, "lora leaderboard", page=5)
    assert reply(res).ephemeral
    assert reply(res).content == "There is no page 5 – the last one is page 1."


async def test_history_pages_reach_the_oldest_game(harness):
    """Eleven games: page 1 the ten newest, "Další ▶" to page 2 with the oldest (its number is
    what ``/lora export`` needs), "◀ Předchozí" back (the buttons say their words: a screen
    reader reads a lone triangle as a shape); ``page:2`` straight."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    ann, bob = (guild.add_member(env.create_user(n, global_name=n.capitalize()))
                for n in ("ann", "bob"))
    lora = crafted_lora_json([row(1, 1, "cervene", [2, 2, 2, 2])], [5, 9, 7, 8], [0, 2, 3, 1])
    seats = [human(ann.id, "Ann"), human(bob.id, "Bob"), robot(), robot("hard")]
    games = [await archive(harness.bot.store, guild.id, seats, lora) for _ in range(11)]
    await ann.slash(ch, "lora settings", language="cs")
    res = await ann.slash(ch, "lora history")
    message = reply(res)
    lines = message.embeds[0].description.splitlines()
    # (each game's table: the eleven tables are the eleven games)
    assert [line.split("**")[1] for line in lines] == [f"Stůl č. {g}" for g in games[:0:-1]]
    assert lines[0].endswith("– 1. Ann (5), 2. AI easy (7), 3. AI hard (8), 4. Bob (9)")
    assert message.embeds[0].footer.text == "Strana 1/2"
    assert [c["label"] for c in enabled_controls(message)] == ["Další ▶"]
    res = await ann.click(message, label="Další ▶")
    assert message.embeds[0].description.split("**")[1] == f"Stůl č. {games[0]}"
    assert len(message.embeds[0].description.splitlines()) == 1
    assert message.embeds[0].footer.text == "Strana 2/2"
    assert [c["label"] for c in enabled_controls(message)] == ["◀ Předchozí"]
    await ann.click(message, label="◀ Předchozí")
    assert message.embeds[0].footer.text == "Strana 1/2"
    res = await ann.slash(ch, "lora history", page=2)
    assert reply(res).embeds[0].description.split("**")[1] == f"Stůl č. {games[0]}"
    res = await ann.slash(ch, "lora history", page=3)
    assert reply(res).content == "Strana 3 neexistuje – poslední je strana 2."


async def test_export_adds_the_results_as_csv_and_keeps_the_replay_record(harness):
    """The CSV names the players as the history does (review 38): Ann by her name of today,
    Bob (gone from the server) by his stored one."""
    guild, ch, (ann, _bob, cyril), game = await _club(harness)
    [summary] = await harness.bot.store.recent_games(guild.id, "lora")
    day = summary.finished_at.date().isoformat()
    await cyril.slash(ch, "lora settings", language="cs")
    files = reply(await cyril.slash(ch, "lora export", game=game)).attachments
    assert [f.filename for f in files] == [f"lora-{game}.png", f"lora-{game}.json",
                                           f"lora-{game}.csv"]
    assert files[0].description == (  # the sheet's alt text: the names as the CSV has them,
        # the notes as the final post (review 52)
        "Konečné pořadí: 1. AI easy – 30 bodů. 2. Cyril – 40 bodů, harakiri: 5 bodů (méně je"
        " lépe). 3. Anička – 40 bodů, harakiri: 10 bodů (méně je lépe). 4. Bob – 60 bodů"
        " (čistá stovka nevyšla).")  # (review 92: points in words)
    assert (await files[2].read()).decode("utf-8-sig") == (
        "Stůl;Dohráno;Místo;Hráč;Body;Poznámka;Turnaj\r\n"
        f"{game};{day};1;AI easy;30;;\r\n"
        f"{game};{day};2;Cyril;40;harakiri 5;\r\n"
        f"{game};{day};3;Anička;40;harakiri 10;\r\n"
        f"{game};{day};4;Bob;60;čistá stovka nevyšla ✗;\r\n")
    assert (await files[2].read()).startswith(b"\xef\xbb\xbf")  # a spreadsheet reads UTF-8
    for f in files[1:]:  # the ids that name the players today are in no file
        text = (await f.read()).decode("utf-8-sig")
        assert "user_id" not in text
        assert not any(str(who.id) in text for who in (ann, _bob, cyril))
    await ann.slash(ch, "lora settings", language="en")
    files = reply(await ann.slash(ch, "lora export", game=game)).attachments
    assert (await files[2].read()).decode("utf-8-sig") == (
        "Table,Finished,Place,Player,Points,Note,Tournament\r\n"
        f"{game},{day},1,AI easy,30,,\r\n"
        f"{game},{day},2,Cyril,40,harakiri 5,\r\n"
        f"{game},{day},3,Anička,40,harakiri 10,\r\n"
        f"{game},{day},4,Bob,60,clean hundred missed ✗,\r\n")


def test_taroky_results_csv_writes_money_in_crowns_and_marks_a_seat_left():
    outcome = Outcome((1, 2, 2, 4), (13650, -2350, -2350, -8950), "hal", False)
    # (known1: the game by its table's number, "stůl č. 9", not its archive's 6)
    data = {"game_id": 6, "table_id": 9, "finished_at": stamp(discord.utils.utcnow().replace(
        year=2026, month=12, day=4)), "names": ["Ema", "Franta", "Gita", "AI Karel"],
        "outcome": outcome.to_json(), "options": {"left": [2]}}
    spec = ui_of("taroky").spec
    assert results_csv(data, spec, "cs").decode("utf-8-sig") == (
        "Stůl;Dohráno;Místo;Hráč;Výsledek (Kč);Poznámka;Turnaj\r\n"
        "9;2026-12-04;1;Ema;136,50;;\r\n"
        "9;2026-12-04;2;Franta;-23,50;;\r\n"
        "9;2026-12-04;2;Gita (AI);-23,50;;\r\n"
        "9;2026-12-04;4;AI Karel;-89,50;;\r\n")
    assert results_csv(data, spec, "en").decode("utf-8-sig").splitlines()[:2] == [
        "Table,Finished,Place,Player,Result (Kč),Note,Tournament",
        "9,2026-12-04,1,Ema,136.50,,"]
    # a game kept without its table: its archive number, the only one it has
    tableless = {**data, "table_id": None}
    assert results_csv(tableless, spec, "en").decode("utf-8-sig").splitlines()[1] == (
        "6,2026-12-04,1,Ema,136.50,,")


def test_taroky_board_counts_rounds_as_its_embed_and_stats_do():
    from bot.render.leaderboard import s

    assert s("lb_games", "cs", "taroky") == "Kola" and s("lb_games", "en", "taroky") == "Rounds"
    assert s("lb_games", "cs", "lora") == "Hry"


def test_board_legend_says_the_rating_orders_it_before_the_average_is_explained():
    from bot.render.leaderboard import _legend

    assert [line for line, _font in _legend("cs", False, "lora")] == [
        "Pořadí určuje hodnocení (z umístění v hodnocených hrách), ne průměr.",
        "⌀ bodů: průměr bodů za lóru (méně je lépe)"]
    assert _legend("en", False, "taroky")[0][0] == (
        "Ranked by rating (from places in rated games), not by the average.")


async def test_export_says_what_its_files_hold_in_english_too(harness):
    guild, ch, (ann, _bob, _cyril), game = await _club(harness)
    await ann.slash(ch, "lora settings", language="en")
    res = await ann.slash(ch, "lora export", game=game)
    assert reply(res).content == (
        f"Table {game}. The CSV file holds the results for a spreadsheet (Excel, Calc), the JSON"
        " file the game's record for replaying.")


async def test_a_stale_leaderboard_button_keeps_its_page_first_and_reads_the_rows_once(
        harness, monkeypatch):
    """Twelve rated players (two pages), then two forget themselves: ▶ of page 1 goes to a
    page gone since — it shows the last page, read once with the count (one call of the
    store: one query, ``test_a_leaderboard_page_and_its_count_are_one_query``), and no ◀ ▶
    as the board has one page now."""
    env = harness.env
    guild = env.create_guild()
    ch = guild.create_text_channel("lora")
    ann = guild.add_member(env.create_user("ann", global_name="Ann"))
    lora = crafted_lora_json([row(1, 1, "cervene", [2, 2, 2, 2])], [5, 9, 7, 8], [0, 2, 3, 1])
    players = [ann.id, *range(9001, 9012)]
    for table in range(3):
        seats = [human(uid, f"P{uid}") for uid in players[4 * table:4 * table + 4]]
        await archive(harness.bot.store, guild.id, seats, lora)
    await ann.slash(ch, "lora settings", language="cs")
    message = reply(await ann.slash(ch, "lora leaderboard"))
    assert message.embeds[0].footer.text == "Strana 1/2" + FOOTER_CS
    for uid in (9010, 9011):
        await harness.bot.store.forget_user(uid)
    read: list[str] = []
    store = harness.bot.store
    real = store.leaderboard

    async def spy(*args, **kwargs):
        read.append(f"leaderboard {kwargs['offset']}")
        return await real(*args, **kwargs)

    monkeypatch.setattr(store, "leaderboard", spy)
    await ann.click(message, label="Další ▶")
    assert read == ["leaderboard 10"]  # (page 2 asked for: page 1 came, with the count)
    assert message.embeds[0].footer.text == "Strana 1/1" + FOOTER_CS
    assert len(message.embeds[0].description.splitlines()) == 10
    assert enabled_controls(message) == [] and message.components == []
