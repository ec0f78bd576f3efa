"""Review 76 (a Czech server: a Lóra and a Taroky table in threads of one channel): a game's
command is about a table of the game it names — a spectator asking in the channel is pointed
to its thread(s), a player of the other game is told which game he plays, one whose game
ended hears that it did."""

from __future__ import annotations

from typing import Any

from tests.botkit import BotHarness, enabled_controls, mentioned, reply
from tests.test_bot_threads import _to_the_end, set_threads, setup, start_with_ai, thread_of


async def _two_games(harness: BotHarness, names: list[str]) -> tuple[Any, Any, list[Any]]:
    """Alice's Lóra (table 1) and Eve's Taroky (table 2, one deal), each with three AIs in a
    thread of its own of the channel ``ch``; both Czech."""
    guild, ch, users = setup(harness, ["alice", "eve", *names])
    alice, eve = users[:2]
    await set_threads(harness, guild, ch, "always")
    await alice.slash(ch, "lora new", language="cs")
    await eve.slash(ch, "taroky new", language="cs", round_deals=1)
    for user, tid in ((alice, 1), (eve, 2)):
        await start_with_ai(user, thread_of(ch, harness.service.tables[tid]), tid)
        assert harness.service.tables[tid].status == "playing"
    return guild, ch, users


async def test_a_spectator_in_the_channel_is_pointed_to_the_named_game_s_thread(harness):
    """MEDIUM 1: with a Lóra and a Taroky table in threads, /lora hand, /taroky hand,
    /lora score and /taroky score in the channel said "You do not sit at any table on
    this server." (each game has one table there); with two Lóra tables, both are named."""
    guild, ch, (alice, eve, zed, olga) = await _two_games(harness, ["zed", "olga"])
    lora, taroky = (thread_of(ch, harness.service.tables[tid]).id for tid in (1, 2))

    def pointed(tid: int, thread: int) -> str:
        return (f"You sit at no table. Table {tid} plays in the thread <#{thread}>: you can"
                " see its table and score sheet there; nobody sees another's hand.")

    for command, thread, tid in (("lora hand", lora, 1), ("lora score", lora, 1),
                                 ("taroky hand", taroky, 2), ("taroky score", taroky, 2)):
        assert reply(await zed.slash(ch, command)).content == pointed(tid, thread), command
    await olga.slash(ch, "lora new", language="cs")
    third = thread_of(ch, harness.service.tables[3])
    await start_with_ai(olga, third, 3)
    listed = ("You sit at no table. This game is played here in threads: table 1"
              f" <#{lora}>, table 3 <#{third.id}>. You can see a table and its score sheet in"
              " its thread; nobody sees another's hand.")
    assert reply(await zed.slash(ch, "lora hand")).content == listed
    assert reply(await zed.slash(ch, "lora score")).content == listed
    assert reply(await zed.slash(ch, "taroky hand")).content == pointed(2, taroky)


async def test_the_other_game_s_command_says_which_game_one_plays_and_where(harness):
    """MEDIUM 2: Eve (Taroky) got her Taroky hand for /lora hand and the Taroky money for
    /lora score, Alice (Lóra) the Lóra sheet for /taroky score, none saying which game;
    a command of one's own game still shows one's own table, and the Lóra command in the
    Lóra thread its sheet, as to any spectator."""
    guild, ch, (alice, eve) = await _two_games(harness, [])
    lora, taroky = (thread_of(ch, harness.service.tables[tid]).id for tid in (1, 2))
    told = {
        (eve, "lora hand"): "Lóru teď nehraješ; sedíš u stolu č. 2 (Taroky, "
                            f"<#{taroky}>) – tam použij /taroky hand.",
        (eve, "lora score"): "Lóru teď nehraješ; sedíš u stolu č. 2 (Taroky, "
                             f"<#{taroky}>) – tam použij /taroky score.",
        (alice, "taroky hand"): "Taroky teď nehraješ; sedíš u stolu č. 1 (Lóra, "
                                f"<#{lora}>) – tam použij /lora hand.",
        (alice, "taroky score"): "Taroky teď nehraješ; sedíš u stolu č. 1 (Lóra, "
                                    f"<#{lora}>) – tam použij /lora score.",
    }
    for (user, command), text in told.items():
        res = reply(await user.slash(ch, command))
        assert (res.content, res.attachments) == (mentioned(text), []), command
    thread = thread_of(ch, harness.service.tables[1])
    res = reply(await eve.slash(thread, "lora hand"))
    assert (res.content, res.attachments) == (mentioned(told[eve, "lora hand"]), [])
    # asked in the Lóra table's thread, its sheet: as its Protokol button shows it to her
    own = reply(await alice.slash(ch, "lora score"))
    seen = reply(await eve.slash(thread, "lora score"))
    assert [a.filename for a in own.attachments] == ["protokol.png"]
    assert await seen.attachments[0].read() == await own.attachments[0].read()


async def test_a_player_whose_game_ended_hears_so_not_of_another_game_s_table(harness):
    """MEDIUM 3: after the Taroky game ended, /taroky hand sent Eve to the Lóra table in
    the channel ("Stůl č. 1 hraje ve vlákně …") and said in the Taroky thread only that she
    sat at no table; her game's end was said nowhere."""
    guild, ch, (alice, eve) = await _two_games(harness, [])
    await _to_the_end(harness, 2)
    assert harness.service.tables[2].status == "finished"
    taroky = thread_of(ch, harness.service.tables[2]).id
    ended = mentioned(
        f"Tvoje hra u stolu č. 2 (Taroky, <#{taroky}>) skončila. Její protokol ukáže"
             " /taroky score.")
    for where in (ch, thread_of(ch, harness.service.tables[2])):
        assert reply(await eve.slash(where, "taroky hand")).content == ended
    sheet = reply(await eve.slash(ch, "taroky score"))
    assert [a.filename for a in sheet.attachments] == ["protokol.png"]
    # the Lóra command: she sits at no table, the Lóra table plays in its thread
    lora = thread_of(ch, harness.service.tables[1]).id
    assert reply(await eve.slash(ch, "lora hand")).content == (
        f"Nesedíš u žádného stolu. U stolu č. 1 se hraje ve vlákně <#{lora}>: stůl a protokol"
        " tam vidíš, karty hráčů nevidí nikdo.")


async def test_play_again_of_one_seated_elsewhere_says_where_he_sits(harness):
    """LOW 6: Eve, seated at the running Taroky table, clicking the finished Lóra table's
    "Hrát znovu" was told to open a new game with /lora new, which refuses her."""
    guild, ch, (alice, eve) = await _two_games(harness, [])
    await _to_the_end(harness, 1)
    thread = thread_of(ch, harness.service.tables[1])
    final = next(m for m in thread.history() if m.components and any(
        c["custom_id"].endswith(":again") for c in enabled_controls(m)))
    res = await eve.click(final, custom_id="lora:t:1:again")
    taroky = thread_of(ch, harness.service.tables[2]).id
    assert reply(res).content == mentioned(
        "Tlačítko Hrát znovu patří hráčům stolu č. 1. Už sedíš u stolu č. 2 (Taroky,"
        f" <#{taroky}>). Chceš-li sedět jinde, nejdřív od něj odejdi: /taroky leave.")


async def test_the_taroky_sheet_of_one_page_has_a_title_line_as_lora_s_has(harness):
    """LOW 7: before the first deal's end, the Taroky sheet's answer began with "Peníze a
    výsledek:" alone, where Lóra's says "**Protokol – 1. tálie**"."""
    guild, ch, (alice, eve) = await _two_games(harness, [])
    assert reply(await eve.slash(ch, "taroky score")).content.splitlines()[:2] == [
        "**Protokol – Součet**", "Peníze a výsledek:"]
    assert reply(await alice.slash(ch, "lora score")).content.splitlines()[0] == (
        "**Protokol – 1. tálie**")


def test_a_card_played_for_him_in_the_lora_s_last_trick_is_told_before_that_trick():
    """LOW 4: the end of the lóra in his hand read "… • Konec lóry. Pořadí: … •
    Automaticky šla tvoje karta (jediná možná): K❤️ (8. štych)." — the card after the end."""
    import random

    from bot.games import ui_of
    from bot.model import Unclicked
    from engine import games
    from engine.actions import Play
    from engine.game import start_events
    from tests.test_marks_walk import _table

    rng = random.Random(5)
    state = games.get("lora").new(None, rng)
    table = _table("lora", state)
    table.events = list(start_events(state))
    while not state.finished:  # (every only card marked as the table's)
        legal = list(state.legal_actions())
        action = rng.choice(legal)
        if len(legal) == 1 and isinstance(action, Play):
            table.events.append(Unclicked(action.seat, "auto"))
        table.events += state.apply(action)
    assert ui_of("lora").hand(table, state.view(1), "cs").lines == [
        "**Konec lóry.**",
        "• Automaticky šla tvoje karta (jediná možná): K🔔 (8. štych).",
        "• Anička bere 8. štych (K❤️ K🔔 9❤️ 10❤️).",
        "• Dalibor: maturita na 3. pokus vyšla!",
        "• Konec lóry. Pořadí: Anička, Bohouš, Dalibor, Cecílie."]
