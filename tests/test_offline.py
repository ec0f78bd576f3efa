"""The offline try-out: the real bot, a table with three AI players, a local preview address."""

from __future__ import annotations

import urllib.request

from bot.offline import open_tryout, preview_available


async def test_tryout_opens_a_table_with_three_ai_and_serves_a_preview(harness):
    assert preview_available()
    tryout = await open_tryout(harness.env, level="easy", lang="cs")
    table = tryout["table"]
    assert table.status == "playing"
    assert [s.is_ai for s in table.seats].count(True) == 3
    assert table.seat_of(tryout["you"].id) is not None
    async with harness.env.preview(tryout["channel"], viewers=[tryout["you"]],
                                   layout="channel") as preview:
        assert preview.url.startswith("http://127.0.0.1:")
        base = preview.url.split("#", 1)[0]
        status = await _fetch_status(base)
        assert status == 200


async def _fetch_status(url: str) -> int:
    import asyncio

    def get() -> int:
        with urllib.request.urlopen(url, timeout=10) as resp:  # loopback only
            return int(resp.status)

    return await asyncio.to_thread(get)


async def test_tryout_of_taroky_opens_a_taroky_table_with_three_ai(harness):
    tryout = await open_tryout(harness.env, game="taroky", level="easy", lang="en")
    table = tryout["table"]
    assert table.game_kind == "taroky"
    assert table.status == "playing"
    assert table.settings.lang == "en"
    assert [s.is_ai for s in table.seats].count(True) == 3
    assert table.seat_of(tryout["you"].id) is not None
    assert tryout["guild"].name == "Taroky"
    assert table.state.public_view().options.round_deals == 4  # each player deals once


def test_run_answers_help_and_refuses_a_typo_instead_of_starting_lora(capsys):
    """``./scripts/run --help`` prints its usage; a typo such as ``--tarok`` started Lóra's
    try-out silently — now it is refused with the usage."""
    from bot.__main__ import main

    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "./scripts/run [--en|--cs] [--taroky] [--new] [--offline] [--port=N]\n")
    assert main(["--tarok", "--en"]) == 2
    err = capsys.readouterr().err
    assert "--taroky  a Taroky table" in err


async def test_a_restarted_tryout_continues_its_kept_game(tmp_path):
    """Review 78 M2: every start threw the game away (a temporary database). Now the same
    server, channel and player come back with the same ids, the bot's restart recovery shows
    the kept table again and the try-out continues it; messages of the new start never take
    an id of the old one's."""
    from bot.app import create_bot
    from bot.offline import kept_or_new_table, tryout_env
    from tests.botkit import button_labels, enabled_controls, reply

    db = tmp_path / "tryout.sqlite3"
    seen: list[tuple[int, int, int, int, int, str]] = []
    old_ids: set[int] = set()
    for start in range(2):
        bot = create_bot(db_path=db, seed=7)
        env, place = tryout_env(bot, game="lora", lang="cs")
        await env.start()
        try:
            with env.time_context():
                table, kept = await kept_or_new_table(env, place, game="lora", lang="cs")
                assert kept is (start == 1)
                channel, you = place["channel"], place["you"]
                if start == 0:  # a card played, so the kept game is not a fresh deal
                    msg = channel.last_message
                    hand = reply(await you.click(msg, custom_id=f"lora:t:{table.table_id}:hand"))
                    await you.click(hand, custom_id=enabled_controls(hand)[0]["custom_id"])
                    await env.settle()
                    old_ids = {m.id for m in channel.history()}
                else:
                    assert not old_ids & {m.id for m in channel.history()}
                played = table.state.public_view().played
                assert played != 0
                shown = next(m for m in channel.history() if m.id == table.message_id)
                assert ("Moje karty", False) in button_labels(shown)
                seen.append((place["guild"].id, channel.id, you.id, table.table_id, played,
                             shown.embeds[0].to_dict()["description"]))
        finally:
            await env.shutdown()
            await bot.shutdown()
    assert seen[0] == seen[1]
