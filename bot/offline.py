"""The offline try-out: the real bot against SimCord's local preview, no token needed.

It opens a table of Lóra (or, with ``--taroky``, of Taroky) for you with three AI players and
prints the local address where you play in your browser (buttons and private hands as on
Discord). Needs the ``tryout`` extra (``simcord[preview]``); without it, Lóra's terminal game
is offered instead.
"""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import sys
import tempfile
from pathlib import Path
from typing import Any

from bot.i18n import t


def preview_available() -> bool:
    needed = ("simcord", "aiohttp", "markdown_it", "linkify_it", "regex", "av")
    return all(importlib.util.find_spec(name) is not None for name in needed)


GAMES = ("lora", "taroky")


TRYOUT_SETTLE_SECONDS = 30.0


async def open_tryout(env: Any, *, game: str = "lora", level: str = "medium",
                      lang: str = "cs") -> dict[str, Any]:
    """In a running SimCord env: a guild, a channel, the player, and a started table of
    ``game`` with 3 AIs; he sits in the first seat (the bottom of the table picture)."""
    guild = env.create_guild(name=t(f"{game}.name", lang))
    channel = guild.create_text_channel(game)
    # an ordinary name (a name, not "you": the table speaks of him in the third person), and
    # the first seat, which is at the bottom of the table picture
    name = "Honza" if lang == "cs" else "Alex"
    you = guild.add_member(env.create_user(name.lower(), global_name=name))
    # Taroky's round: four deals (each player deals once) rather than the clock, whose live
    # timestamp the preview's simulated date would misstate
    extra = {"round_deals": 4} if game == "taroky" else {}
    await you.slash(channel, f"{game} new", language=lang, turn_timer=0, seating="join",
                    **extra)
    controller = env.bot.controller
    table = controller.service.table_of_user(guild.id, you.id)
    lobby = channel.last_message
    for _ in range(3):
        await you.click(lobby, custom_id=f"lora:lai:{table.table_id}:{level}")
    await you.click(lobby, custom_id=f"lora:l:{table.table_id}:start")
    return {"guild": guild, "channel": channel, "you": you, "table": table}


async def _serve(db_path: Path, game: str, lang: str, port: int | None) -> None:
    import simcord

    from bot.app import create_bot

    bot = create_bot(db_path=db_path, seed=None)
    try:
        # SimCord waits this long (wall time) for the bot to go quiet after each of the
        # set-up's clicks: its 5 s default failed once on a machine busy with other work
        async with simcord.run(bot, settle_timeout=TRYOUT_SETTLE_SECONDS) as env:
            tryout = await open_tryout(env, game=game, lang=lang)
            async with env.preview(
                tryout["channel"], viewers=[tryout["you"]], layout="channel", port=port,
                locale="cs" if lang == "cs" else "en-US",
            ) as preview:
                print(t("core.tryout_ready", lang, game=t(f"{game}.name", lang),
                        url=preview.url), flush=True)
                await asyncio.Event().wait()
    finally:
        await bot.shutdown()


def run_offline(args: list[str]) -> int:
    lang = "en" if "--en" in args else "cs"
    game = "taroky" if "--taroky" in args else "lora"
    logging.getLogger("discord").setLevel(logging.ERROR)  # a quiet console for the player
    # (review 55: "INFO bot.app: ready as …" came before the line with the address to open)
    logging.getLogger("bot").setLevel(logging.WARNING)
    if not preview_available():
        if game != "lora":  # only Lóra has a terminal game
            print(t("core.tryout_missing_only", lang), flush=True)
            return 1
        print(t("core.tryout_missing", lang), flush=True)
        from engine.terminal import play

        return play(lang=lang)
    port = None
    for arg in args:
        if arg.startswith("--port="):
            port = int(arg.split("=", 1)[1])
    with tempfile.TemporaryDirectory(prefix="lora-tryout-") as tmp:
        try:
            asyncio.run(_serve(Path(tmp) / "tryout.sqlite3", game, lang, port))
        except KeyboardInterrupt:
            print(t("core.tryout_bye", lang), file=sys.stderr)
    return 0
