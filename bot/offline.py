"""The offline try-out: the real bot against SimCord's local preview, no token needed.

It opens a table of Lóra (or, with ``--taroky``, of Taroky) for you with three AI players and
prints the local address where you play in your browser (buttons and private hands as on
Discord). Needs the ``tryout`` extra (``simcord[preview]``); without it, Lóra's terminal game
is offered instead. The game is kept in ``data/`` (one database per game and language): the
next start continues it (``--new`` starts afresh) — review 78.
"""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import signal
import socket
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.config import ROOT
from bot.i18n import t


def preview_available() -> bool:
    needed = ("simcord", "aiohttp", "markdown_it", "linkify_it", "regex", "av")
    return all(importlib.util.find_spec(name) is not None for name in needed)


GAMES = ("lora", "taroky")


TRYOUT_SETTLE_SECONDS = 30.0

# the try-out's server, pinned: a restart finds its kept table there again
TRYOUT_GUILD_ID = 1_000_000_000_000_000_001


def tryout_db(game: str, lang: str) -> Path:
    """The try-out's kept database (git-ignored, beside the bot's own in ``data/``)."""
    return ROOT / "data" / f"tryout-{game}-{lang}.sqlite3"


def forget_tryout(db_path: Path) -> None:
    """``--new``: the kept game thrown away (the database and its journal files)."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)


def port_free(port: int) -> bool:
    """Whether the preview can bind ``port`` on the loopback (asked before the set-up, so a
    busy port is told at once, not after it: review 78)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


class PortBusy(Exception):
    """The preview's port was taken between the check and the bind."""


def tryout_place(env: Any, *, game: str, lang: str, guild_id: int | None = None) -> dict[str, Any]:
    """The server, its channel and the player (before or after the env starts: the same ones,
    with the same ids, on every start of the try-out — created in this order on a fresh
    SimCord backend, whose ids come from its clock and a counter)."""
    guild = env.create_guild(name=t(f"{game}.name", lang), id=guild_id)
    channel = guild.create_text_channel(game)
    # an ordinary name (a name, not "you": the table speaks of him in the third person), and
    # the first seat, which is at the bottom of the table picture
    name = "Honza" if lang == "cs" else "Alex"
    you = guild.add_member(env.create_user(name.lower(), global_name=name))
    return {"guild": guild, "channel": channel, "you": you}


async def open_table(env: Any, place: dict[str, Any], *, game: str = "lora",
                     level: str = "medium", lang: str = "cs") -> Any:
    """A started table of ``game`` with 3 AIs in the place's channel; the player sits in the
    first seat (the bottom of the table picture)."""
    channel, you, guild = place["channel"], place["you"], place["guild"]
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
    return table


async def open_tryout(env: Any, *, game: str = "lora", level: str = "medium",
                      lang: str = "cs") -> dict[str, Any]:
    """In a running SimCord env: a guild, a channel, the player, and a started table of
    ``game`` with 3 AIs."""
    place = tryout_place(env, game=game, lang=lang)
    return {**place, "table": await open_table(env, place, game=game, level=level, lang=lang)}


def tryout_env(bot: Any, *, game: str, lang: str) -> tuple[Any, dict[str, Any]]:
    """A SimCord env (not started) around ``bot`` with the try-out's place in it: the same
    server, channel and player (same ids) on every start, so that a kept table is found."""
    import simcord

    # SimCord waits this long (wall time) for the bot to go quiet after each of the
    # set-up's clicks: its 5 s default failed once on a machine busy with other work
    env = simcord.Env(bot, settle_timeout=TRYOUT_SETTLE_SECONDS)
    place = tryout_place(env, game=game, lang=lang, guild_id=TRYOUT_GUILD_ID)
    # the simulated clock set to now: this start's messages get ids after those a kept game
    # holds from an earlier start (whose clock stood earlier), never one of theirs
    env.backend.advance_clock(max(0.0, (datetime.now(UTC) - env.now()).total_seconds()))
    return env, place


async def kept_or_new_table(env: Any, place: dict[str, Any], *, game: str,
                            lang: str) -> tuple[Any, bool]:
    """In the started env: the player's table kept from an earlier start (re-shown by the
    bot's restart recovery; ``True``), else a new one (``False``)."""
    await env.settle()  # (the kept table re-shown, or closed if it expired meanwhile)
    controller: Any = env.bot.controller
    table = controller.service.table_of_user(place["guild"].id, place["you"].id)
    if table is not None:
        return table, True
    return await open_table(env, place, game=game, lang=lang), False


async def _serve(db_path: Path, game: str, lang: str, port: int | None) -> None:
    import simcord

    from bot.app import create_bot

    bot = create_bot(db_path=db_path, seed=None)
    env, place = tryout_env(bot, game=game, lang=lang)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGHUP):  # a kill or a closed terminal: as Ctrl+C
        loop.add_signal_handler(signum, stop.set)
    started = False
    try:
        await env.start()
        started = True
        with env.time_context():
            table, kept = await kept_or_new_table(env, place, game=game, lang=lang)
            if kept:
                print(t("core.tryout_continued", lang, id=table.table_id), flush=True)
            try:
                async with env.preview(
                    place["channel"], viewers=[place["you"]], layout="channel", port=port,
                    locale="cs" if lang == "cs" else "en-US",
                ) as preview:
                    print(t("core.tryout_ready", lang, game=t(f"{game}.name", lang),
                            url=preview.url), flush=True)
                    if lang == "cs":  # SimCord's preview lists only the English names
                        print(t("core.tryout_commands", lang, command=game), flush=True)
                    await stop.wait()
            except simcord.SetupError as exc:
                if port is not None and "bind" in str(exc):
                    raise PortBusy from exc
                raise
    finally:
        for signum in (signal.SIGTERM, signal.SIGHUP):
            loop.remove_signal_handler(signum)
        try:
            if started:
                await env.shutdown()
        finally:
            await bot.shutdown()


def run_offline(args: list[str], lang: str = "cs") -> int:
    """The try-out in ``lang`` (``--en``/``--cs``, else the system's: ``usage_lang``)."""
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
    if port is not None and not port_free(port):
        print(t("core.run_port_busy", lang, port=port), file=sys.stderr)
        return 2
    if "--en" not in args and "--cs" not in args:  # (chosen by the system's locale)
        print(t("core.tryout_other_lang", lang), flush=True)
    print(t("core.tryout_preparing", lang), flush=True)
    db_path = tryout_db(game, lang)
    if "--new" in args:
        forget_tryout(db_path)
    db_path.parent.mkdir(parents=True, exist_ok=True)
    try:
        asyncio.run(_serve(db_path, game, lang, port))
    except KeyboardInterrupt:
        pass
    except PortBusy:
        print(t("core.run_port_busy", lang, port=port), file=sys.stderr)
        return 2
    print(t("core.tryout_bye", lang), file=sys.stderr)
    return 0
