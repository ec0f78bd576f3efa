"""The bot: ``create_bot()`` builds it without connecting (the entry point, the tests and
every tool use it); ``setup_hook`` opens the database, reloads unfinished tables, adds one
command group per game (``bot.games``) and syncs."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.closing import InteractionGate
from bot.command_ids import forget as forget_command_ids
from bot.command_ids import remember as remember_command_ids
from bot.commands import game_groups
from bot.config import DEFAULT_DB
from bot.health import HEARTBEAT_SECONDS, heartbeat_path
from bot.heap import HeapKeeper
from bot.i18n import Translator, t, user_lang
from bot.model import STATUS_LOBBY, STATUS_PLAYING, Table
from bot.persist import load_tables, open_store
from bot.records import HistoryPage, LeaderboardPage
from bot.storage.protocol import TableStore
from bot.tournament.desk import DYNAMIC_ITEMS as TOURNAMENT_ITEMS
from bot.ui.components import DYNAMIC_ITEMS, GAME_KINDS, TABLE_KINDS, table_id_of
from bot.ui.controller import Controller
from bot.workers.pools import Pools

log = logging.getLogger(__name__)


class LoraBot(commands.Bot):
    def __init__(
        self,
        *,
        db_path: str | Path = DEFAULT_DB,
        database_url: str | None = None,
        test_guild_id: int | None = None,
        seed: int | None = None,
        sync: bool = True,
        heartbeat: bool = False,
        ai_workers: int | None = None,
        render_workers: int | None = None,
        worker_preload: tuple[str, ...] = (),
        global_limit: int | None = None,
        heap_keeper: bool = False,
        now: Callable[[], float] = time.time,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # no privileged intent is needed
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None)
        self.db_path = Path(db_path)
        self.database_url = database_url
        self.test_guild_id = test_guild_id
        self.seed = seed
        self.sync_commands = sync
        self.store: TableStore | None = None
        self.controller: Controller | None = None
        self._restored = False
        self.heartbeat = heartbeat
        self.now = now  # wall time of the round clocks (tests give SimCord's virtual time)
        self._heartbeat_task: asyncio.Task[None] | None = None
        self.ai_workers = ai_workers
        self.render_workers = render_workers
        self.worker_preload = worker_preload
        self.global_limit = global_limit  # Discord's requests per second for this bot
        self.pools: Pools | None = None
        # the collector's full passes kept off the loop (process-wide: the entry point's)
        self.heap = HeapKeeper() if heap_keeper else None
        self.gate = InteractionGate(self, self._held_lang)  # (a shutdown: see ``shutdown``)

    async def setup_hook(self) -> None:
        store = await open_store(self.db_path, self.database_url)
        self.store = store
        self.pools = Pools.create(self.ai_workers, self.render_workers, self.worker_preload)
        await self.pools.start()
        self.controller = Controller(self, store, seed=self.seed, pools=self.pools, now=self.now,
                                     global_limit=self.global_limit)
        for table in await load_tables(store):
            self.controller.service.restore(table)
        # the outbox's backlog read now, before any interaction can come (they may come
        # after READY, before on_ready): on_ready sends it (``Controller.resume_all``)
        await self.controller.load_outbox()
        self.add_dynamic_items(*DYNAMIC_ITEMS, *TOURNAMENT_ITEMS, LeaderboardPage,
                               HistoryPage)
        if self.heap is not None:
            self.heap.start()
        await self.tree.set_translator(Translator())
        self.tree.error(on_command_error)
        for group in game_groups():
            self.tree.add_command(group)
        forget_command_ids()  # (an earlier bot's in this process: not this one's)
        if self.sync_commands:
            if self.test_guild_id is not None:
                guild = discord.Object(self.test_guild_id)
                self.tree.copy_global_to(guild=guild)
                remember_command_ids(await self.tree.sync(guild=guild))
            else:
                remember_command_ids(await self.tree.sync())

    async def _heartbeat(self) -> None:
        """Refresh the heartbeat file while connected (read by ``python -m bot.health``)."""
        path = heartbeat_path(self.db_path)
        while not self.is_closed():
            if self.is_ready():
                try:
                    path.write_text(f"{time.time():.0f}\n", encoding="ascii")
                except OSError:
                    log.warning("cannot write the heartbeat file %s", path)
            await asyncio.sleep(HEARTBEAT_SECONDS)

    async def on_ready(self) -> None:
        if self._restored or self.controller is None:
            return
        self._restored = True
        if self.heartbeat and self._heartbeat_task is None:
            self._heartbeat_task = asyncio.create_task(self._heartbeat())
        await self.controller.resume_all()
        if self.heap is not None:
            self.heap.settle()  # start-up's garbage collected, the rest frozen
        log.info("ready as %s with %d tables", self.user, len(self.controller.service.tables))

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A click on a component the message no longer has (a payload from an old or
        modified client) reaches no handler in discord.py: answer it cleanly."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", "")) if isinstance(data, dict) else ""
        if not custom_id.startswith("lora:") or _has_component(interaction.message, custom_id):
            return
        lang = user_lang(interaction)
        parts = custom_id.split(":")
        kind = parts[1] if len(parts) > 1 else ""
        live = True  # (without a controller nothing says the game is over)
        table = None
        if self.controller is not None:  # the player's language, as everywhere else
            table_id = table_id_of(custom_id)
            table = (self.controller.service.tables.get(table_id)
                     if table_id is not None and kind in TABLE_KINDS else None)
            live = table is not None and table.status in (STATUS_LOBBY, STATUS_PLAYING)
            lang = await self.controller.languages.lang_for(interaction, table)
        # a game's button says the game moved on (or, its table finished or unknown, that
        # the game is over: there are no cards to open again); one of a lobby, tournament
        # or list that the message changed (there are no cards to open there)
        if kind not in GAME_KINDS:
            key = "core.not_your_button" if _forged_question(interaction, parts) \
                else "core.stale_message"
        else:
            key = _current_refusal(table, interaction.user.id, parts) or (
                "core.stale" if live else "core.game_over")
        try:
            await interaction.response.send_message(t(key, lang), ephemeral=True)
        except discord.HTTPException:
            log.warning("could not answer a click on a vanished component")

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Invited to a server: a welcome in its system channel (``bot.welcome``)."""
        from bot.welcome import welcome

        await welcome(guild)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A channel deleted: what played there (or in its threads) ends (``ui.gone``)."""
        if self.controller is not None:
            self.controller.gone.deleted(channel.id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A thread deleted (the raw event: also one the cache did not hold)."""
        if self.controller is not None:
            self.controller.gone.deleted(payload.thread_id)

    async def on_app_command_completion(self, interaction: discord.Interaction[Any],
                                        command: Any) -> None:
        """A slash command answered: what did not reach its user before goes after its
        answer (a click's handler does the same: ``controller.answered``) — news of a table
        or tournament closed because its message was refused, when it came before the
        command that opened it had answered, or after that command's token had expired."""
        if self.controller is not None:
            await self.controller.replies.deliver_missed(interaction)

    def _held_lang(self, interaction: discord.Interaction[Any]) -> str:
        if self.controller is None:
            return user_lang(interaction)
        return self.controller.languages.held_lang(interaction)

    async def close(self) -> None:
        await self.shutdown()
        await super().close()

    async def shutdown(self) -> None:
        """Stop timers and close the database (tests call this; SimCord never closes) — in
        order: new clicks and commands are told the bot is restarting, those running finish
        (``InteractionGate``), then the service stops and the database closes; the gateway
        is let go after (``close``)."""
        await self.gate.close()
        if self._heartbeat_task is not None:
            self._heartbeat_task.cancel()
            self._heartbeat_task = None
        if self.heap is not None:
            self.heap.release()
        try:
            if self.controller is not None:
                self.controller.shutdown()
                await self.controller.service.stopped()  # (none at the database closed below)
                await self.controller.delivery.flush_marks()
        finally:  # the workers and the database are let go whatever the flush met
            if self.pools is not None:
                self.pools.close()
                self.pools = None
            if self.store is not None:
                await self.store.close()
                self.store = None


async def on_command_error(interaction: discord.Interaction[Any],
                           error: app_commands.AppCommandError) -> None:
    """The tree's error handler: a slash command that raised still gets an answer (as a
    follow-up when the response is already done), and the error is logged."""
    log.error("command %s failed", getattr(interaction.command, "qualified_name", "?"),
              exc_info=error)
    text = t("core.error", user_lang(interaction))
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not answer a failed command")


def _forged_question(interaction: discord.Interaction[Any], parts: list[str]) -> bool:
    """A button of a question (a kick's or an abort's confirmation, a tournament's question:
    they carry the time they lapse) clicked on a message that is no one's question — the
    public ones — came from a modified client: the question was someone else's, and the
    button is not his (review 54: told that the message had changed). On an ephemeral
    message it is his own question, changed since."""
    question = parts[1:2] in (["k"], ["kk"]) or (parts[1:2] == ["tn"] and len(parts) == 5)
    message = interaction.message
    return question and message is not None and not message.flags.ephemeral


def _current_refusal(table: Table | None, user_id: int, parts: list[str]) -> str | None:
    """Why a move of the game's state as it is now (its version in the id: not a stale
    button) sent from a message without it is refused: the sender sits at no seat there,
    or it is not his turn (review 67: both were told the button was old). None: stale."""
    if (table is None or table.status != STATUS_PLAYING or table.state is None
            or parts[1:2] == ["t"] or parts[3:4] != [str(table.version)]):
        return None
    seat = table.seat_of(user_id)
    if seat is None:
        return "core.not_seated"
    return "core.not_your_turn" if table.state.to_act != seat else None


def _has_component(message: discord.Message | None, custom_id: str) -> bool:
    if message is None:
        return False
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if getattr(child, "custom_id", None) == custom_id:
                return True
    return False


def create_bot(**overrides: Any) -> LoraBot:
    """The bot, not connected. Overrides: ``db_path`` (or ``database_url``, PostgreSQL),
    ``test_guild_id``, ``seed``, ``sync``, ``now`` (the wall clock of round clocks),
    ``heartbeat`` (the container healthcheck's file; the entry point turns it on),
    ``ai_workers``/``render_workers`` (worker processes; None: one AI worker and one render
    worker per core; 0: on the event loop, as the tests do), ``worker_preload`` (modules a
    worker imports, e.g. a plug-in game), ``global_limit`` (the requests per second Discord
    allows the bot; None: its usual 50), ``heap_keeper`` (``bot.heap``: the garbage
    collector's full passes kept from stopping the tables; the entry point turns it on)."""
    return LoraBot(**overrides)
