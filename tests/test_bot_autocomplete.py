"""Autocomplete of the numbers a user cannot know (review 94 MEDIUM 4), typed through SimCord:
the ``table`` of ``kick`` and ``abort`` offers the open tables of the game on this server the
asker may act on, the ``game`` of ``export`` the server's finished games, newest first."""

from __future__ import annotations

from tests.botkit import club
from tests.storage_kit import archive, finished_lora_json, human, robot


async def test_abort_and_kick_offer_the_tables_one_may_act_on(harness, locales):
    guild, ch, mod, jana = club(harness, "jana")
    petr = guild.add_member(harness.env.create_user("petr", global_name="Petr"))
    karty = guild.create_text_channel("karty")
    await jana.slash(ch, "lora new", language="cs", turn_timer=0, seating="join")
    await petr.slash(karty, "lora new", language="cs", turn_timer=0, seating="join")
    jana_t = harness.service.table_of_user(guild.id, jana.id).table_id
    petr_t = harness.service.table_of_user(guild.id, petr.id).table_id
    # a server manager: every open table of the game, by number, in his language
    locales[mod.id] = "cs"
    offered = await mod.autocomplete(ch, "lora abort", "table", "")
    assert offered == [
        {"name": f"{jana_t} – Lóra, #klub, Jana, čeká na hráče", "value": jana_t},
        {"name": f"{petr_t} – Lóra, #karty, Petr, čeká na hráče", "value": petr_t}]
    assert await mod.autocomplete(ch, "lora kick", "table", str(petr_t)) == [
        {"name": f"{petr_t} – Lóra, #karty, Petr, čeká na hráče", "value": petr_t}]
    # a creator: his own table only (another's he may not abort or kick from)
    assert await jana.autocomplete(karty, "lora abort", "table", "") == [
        {"name": f"{jana_t} – Lóra, #klub, Jana, waiting for players", "value": jana_t}]
    # the other game's command offers none of Lóra's tables
    assert await mod.autocomplete(ch, "taroky abort", "table", "") == []
    # the offered number acts as before
    res = await jana.slash(ch, "lora abort", table=jana_t)
    assert res.ephemeral
    assert await jana.autocomplete(ch, "lora abort", "table", "") == []
    assert harness.env.errors == []


async def test_export_offers_the_finished_games_newest_first(harness, locales):
    guild, ch, mod, jana = club(harness, "jana")
    store = harness.bot.store
    seats = [human(jana.id, "Jana"), robot("easy"), robot("medium"), human(mod.id, "Mod")]
    ids = [await archive(store, guild.id, seats, finished_lora_json(0), places=[1, 3, 4, 2])
           for _ in range(3)]
    games = await store.recent_games(guild.id, "lora", limit=10)
    numbers = [g.table_id for g in games]
    assert len(ids) == 3 and sorted(numbers, reverse=True) == numbers  # newest first
    day = games[0].finished_at
    locales[jana.id] = "cs"
    offered = await jana.autocomplete(ch, "lora export", "game", "")
    players = "Jana, Mod, AI easy, AI medium"  # (by place)
    assert offered == [{"name": f"{n} – {day.day}. {day.month}. {day.year}: {players}",
                        "value": n} for n in numbers]
    locales[jana.id] = "en-US"
    typed = await jana.autocomplete(ch, "lora export", "game", str(numbers[-1]))
    assert typed == [{"name": f"{numbers[-1]} – {day:%Y-%m-%d}: {players}", "value": numbers[-1]}]
    assert await jana.autocomplete(ch, "taroky export", "game", "") == []
    assert harness.env.errors == []


async def test_kick_names_a_lobby_s_players_and_a_thread_its_channel(harness, locales):
    """Review 95 LOW 5: a table in a thread of its own repeated itself ("2 – Taroky, #Taroky
    – stůl č. 2, Eva, …") — it names the channel it was opened in, as "#klub, vlákno"; LOW 7:
    kick needs a player, and a lobby named only its creator — kick names the seated players
    (abort still the creator: it is about the table)."""
    guild, ch, mod, jana = club(harness, "jana")
    petr = guild.add_member(harness.env.create_user("petr", global_name="Petr"))
    eva = guild.add_member(harness.env.create_user("eva", global_name="Eva"))
    await jana.slash(ch, "lora new", language="cs", turn_timer=0, seating="join")
    jana_t = harness.service.table_of_user(guild.id, jana.id).table_id
    await petr.click(ch.last_message, custom_id=f"lora:l:{jana_t}:join")
    await eva.slash(ch, "lora new", language="cs", turn_timer=0, seating="join")
    eva_t = harness.service.table_of_user(guild.id, eva.id).table_id
    assert harness.service.tables[eva_t].in_thread
    locales[mod.id] = "cs"
    assert await mod.autocomplete(ch, "lora kick", "table", "") == [
        {"name": f"{jana_t} – Lóra, #klub, Jana, Petr, čeká na hráče", "value": jana_t},
        {"name": f"{eva_t} – Lóra, #klub, vlákno, Eva, čeká na hráče", "value": eva_t}]
    assert await mod.autocomplete(ch, "lora abort", "table", str(jana_t)) == [
        {"name": f"{jana_t} – Lóra, #klub, Jana, čeká na hráče", "value": jana_t}]
    locales[mod.id] = "en-US"
    assert await mod.autocomplete(ch, "lora abort", "table", str(eva_t)) == [
        {"name": f"{eva_t} – Lóra, #klub, thread, Eva, waiting for players", "value": eva_t}]
    assert harness.env.errors == []


def test_a_lobby_whose_players_do_not_fit_names_its_creator() -> None:
    """Discord takes at most 100 characters: players who would not fit give way to the
    creator, as abort names him."""
    from types import SimpleNamespace

    from bot.autocomplete import who
    from bot.model import STATUS_LOBBY

    seat = lambda name, uid: SimpleNamespace(name=name, user_id=uid, left_by=None)  # noqa: E731
    table = SimpleNamespace(status=STATUS_LOBBY, creator_id=1, seats=[
        seat("Jana", 1), seat("Petr", 2), None, seat("AI easy", None)])
    assert who(None, table, True, 10) == "Jana, Petr"  # type: ignore[arg-type]
    assert who(None, table, True, 9) == "Jana"  # type: ignore[arg-type]
    assert who(None, table, False, 100) == "Jana"  # type: ignore[arg-type]
