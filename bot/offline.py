"""The offline try-out: the real bot against SimCord's local preview, no token needed.

It opens a table for you with three AI players and prints the local address where you play
in your browser (buttons and private hands as on Discord). Needs the ``tryout`` extra
(``simcord[preview]``); without it, the terminal game is offered instead.
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


async def open_tryout(env: Any, *, level: str = "medium", lang: str = "cs") -> dict[str, Any]:
    """In a running SimCord env: a guild, a channel, you, and a started table with 3 AIs."""
    guild = env.create_guild(name="Lóra")
    channel = guild.create_text_channel("lora")
    you = guild.add_member(env.create_user("you", global_name="Ty" if lang == "cs" else "You"))
    await you.slash(channel, "lora new", language=lang, turn_timer=0)
    controller = env.bot.controller
    table = controller.service.table_of_user(guild.id, you.id)
    lobby = channel.last_message
    for _ in range(3):
        await you.select(lobby, [level], custom_id=f"lora:lai:{table.table_id}")
    await you.click(lobby, custom_id=f"lora:l:{table.table_id}:start")
    return {"guild": guild, "channel": channel, "you": you, "table": table}


async def _serve(db_path: Path, lang: str, port: int | None) -> None:
    import simcord

    from bot.app import create_bot

    bot = create_bot(db_path=db_path, seed=None)
    try:
        async with simcord.run(bot) as env:
            tryout = await open_tryout(env, lang=lang)
            async with env.preview(
                tryout["channel"], viewers=[tryout["you"]], layout="channel", port=port,
                locale="cs" if lang == "cs" else "en-US",
            ) as preview:
                print(t("core.tryout_ready", lang, url=preview.url), flush=True)
                await asyncio.Event().wait()
    finally:
        await bot.shutdown()


def run_offline(args: list[str]) -> int:
    lang = "en" if "--en" in args else "cs"
    logging.getLogger("discord").setLevel(logging.ERROR)  # a quiet console for the player
    if not preview_available():
        print(t("core.tryout_missing", lang), flush=True)
        from engine.terminal import play

        return play(lang=lang)
    port = None
    for arg in args:
        if arg.startswith("--port="):
            port = int(arg.split("=", 1)[1])
    with tempfile.TemporaryDirectory(prefix="lora-tryout-") as tmp:
        try:
            asyncio.run(_serve(Path(tmp) / "tryout.sqlite3", lang, port))
        except KeyboardInterrupt:
            print(t("core.tryout_bye", lang), file=sys.stderr)
    return 0
