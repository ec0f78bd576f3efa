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
    assert out.startswith("./scripts/run [--en] [--taroky] [--offline] [--port=N]\n")
    assert main(["--tarok", "--en"]) == 2
    err = capsys.readouterr().err
    assert "--taroky  a Taroky table" in err
