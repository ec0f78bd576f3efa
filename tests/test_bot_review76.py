"""Review 76 (a Czech server: a Lóra and a Taroky table in threads of one channel): a game's
command is about a table of the game it names — a spectator asking in the channel is pointed
to its thread(s), a player of the other game is told which game he plays, one whose game
ended hears that it did."""

from __future__ import annotations

from typing import Any

from tests.botkit import BotHarness, enabled_controls, reply
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
    /lora score and /taroky protocol in the channel said "You do not sit at any table on
    this server." (each game has one table there); with two Lóra tables, both are named."""
    guild, ch, (alice, eve, zed, olga) = await _two_games(harness, ["zed", "olga"])
    lora, taroky = (thread_of(ch, harness.service.tables[tid]).id for tid in (1, 2))

    def pointed(tid: int, thread: int) -> str:
        return (f"You sit at no table. Table {tid} plays in the thread <#{thread}>: you can"
                " see its table and score sheet there; nobody sees another's hand.")

    for command, thread, tid in (("lora hand", lora, 1), ("lora score", lora, 1),
                                 ("taroky hand", taroky, 2), ("taroky protocol", taroky, 2)):
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
    /lora score, Alice (Lóra) the Lóra sheet for /taroky protocol, none saying which game;
    a command of one's own game still shows one's own table."""
    guild, ch, (alice, eve) = await _two_games(harness, [])
    lora, taroky = (thread_of(ch, harness.service.tables[tid]).id for tid in (1, 2))
    told = {
        (eve, "lora hand"): "Lóru teď nehraješ; sedíš u stolu č. 2 (Taroky, "
                            f"<#{taroky}>) – tam použij /taroky hand.",
        (eve, "lora score"): "Lóru teď nehraješ; sedíš u stolu č. 2 (Taroky, "
                             f"<#{taroky}>) – tam použij /taroky protocol.",
        (alice, "taroky hand"): "Taroky teď nehraješ; sedíš u stolu č. 1 (Lóra, "
                                f"<#{lora}>) – tam použij /lora hand.",
        (alice, "taroky protocol"): "Taroky teď nehraješ; sedíš u stolu č. 1 (Lóra, "
                                    f"<#{lora}>) – tam použij /lora score.",
    }
    for (user, command), text in told.items():
        for where in (ch, thread_of(ch, harness.service.tables[1])):
            res = reply(await user.slash(where, command))
            assert (res.content, res.attachments) == (text, []), command
    own = reply(await alice.slash(ch, "lora score"))
    assert [a.filename for a in own.attachments] == ["protokol.png"]


async def test_a_player_whose_game_ended_hears_so_not_of_another_game_s_table(harness):
    """MEDIUM 3: after the Taroky game ended, /taroky hand sent Eve to the Lóra table in
    the channel ("Stůl č. 1 hraje ve vlákně …") and said in the Taroky thread only that she
    sat at no table; her game's end was said nowhere."""
    guild, ch, (alice, eve) = await _two_games(harness, [])
    await _to_the_end(harness, 2)
    assert harness.service.tables[2].status == "finished"
    taroky = thread_of(ch, harness.service.tables[2]).id
    ended = (f"Tvoje hra u stolu č. 2 (Taroky, <#{taroky}>) skončila. Její protokol ukáže"
             " /taroky protocol.")
    for where in (ch, thread_of(ch, harness.service.tables[2])):
        assert reply(await eve.slash(where, "taroky hand")).content == ended
    sheet = reply(await eve.slash(ch, "taroky protocol"))
    assert [a.filename for a in sheet.attachments] == ["protokol.png"]
    # the Lóra command: she sits at no table, the Lóra table plays in its thread
    lora = thread_of(ch, harness.service.tables[1]).id
    assert reply(await eve.slash(ch, "lora hand")).content == (
        f"Nesedíš u žádného stolu. Stůl č. 1 hraje ve vlákně <#{lora}>: stůl a protokol tam"
        " vidíš, karty hráčů nevidí nikdo.")


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
    assert reply(res).content == (
        "Tlačítko Hrát znovu patří hráčům stolu č. 1. Už sedíš u stolu č. 2 (Taroky,"
        f" <#{taroky}>). Chceš-li sedět jinde, nejdřív od něj odejdi: /taroky leave.")
