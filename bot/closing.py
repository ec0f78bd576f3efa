"""An orderly shutdown's first half (``LoraBot.shutdown``): the gateway still delivers
clicks and commands while the bot stops, so once it is stopping a new one is answered
"the bot is restarting" and reaches no handler, and those already running are waited for
(bounded) before the service stops and the database closes (review 66: a click in flight
met a closed database — "the move could not be saved", a traceback in the log)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.i18n import t, user_lang

log = logging.getLogger(__name__)
DRAIN_SECONDS = 10.0  # the longest a shutdown waits for the handlers still running
# the interactions that take a message (a command, a component, a modal): a closing bot
# answers them itself
ANSWERED_TYPES = frozenset(kind.value for kind in (
    discord.InteractionType.application_command, discord.InteractionType.component,
    discord.InteractionType.modal_submit))


class InteractionGate:
    """Stands in the gateway's INTERACTION_CREATE parser of ``client``: it notes the tasks
    discord.py starts for each interaction (the command tree's, a view's, the
    ``on_interaction`` event's — whatever runs the handler), and once ``close`` is called
    answers the new ones itself."""

    def __init__(self, client: discord.Client,
                 lang: Callable[[discord.Interaction[Any]], str] = user_lang) -> None:
        self.client = client
        self.lang = lang  # (from memory alone: the database may be closing)
        self.closing = False
        self.running: set[asyncio.Task[Any]] = set()
        # (the dict the gateway reads: discord.py's own, not public — without it, a future
        # discord.py, the bot runs on ungated and a shutdown waits for nothing)
        parsers: dict[str, Callable[[Any], None]] | None = getattr(
            getattr(client, "_connection", None), "parsers", None)
        self._parse = parsers.get("INTERACTION_CREATE") if isinstance(parsers, dict) else None
        if parsers is not None and self._parse is not None:
            parsers["INTERACTION_CREATE"] = self.parse
        else:
            log.warning("discord.py has no INTERACTION_CREATE parser to gate; a shutdown "
                        "will not wait for running clicks")

    def parse(self, data: Any) -> None:
        if self.closing:
            if data.get("type") in ANSWERED_TYPES:
                self._track({asyncio.ensure_future(self._refuse(data))})
            return
        assert self._parse is not None  # (only installed with it)
        before = asyncio.all_tasks()
        self._parse(data)
        self._track(asyncio.all_tasks() - before)

    def _track(self, tasks: set[asyncio.Task[Any]]) -> None:
        for task in tasks:
            self.running.add(task)
            task.add_done_callback(self.running.discard)

    async def _refuse(self, data: Any) -> None:
        interaction: discord.Interaction[Any] = discord.Interaction(
            data=data, state=self.client._connection)
        try:
            await interaction.response.send_message(
                t("core.restarting", self.lang(interaction)), ephemeral=True)
        except discord.HTTPException:
            log.warning("could not tell a click that the bot is restarting")

    async def close(self, timeout: float = DRAIN_SECONDS) -> None:
        """No new interaction reaches a handler; those running finish (at most
        ``timeout``: one stuck is left, logged)."""
        self.closing = True
        current = asyncio.current_task()
        pending = {task for task in self.running if task is not current}
        if not pending:
            return
        _done, left = await asyncio.wait(pending, timeout=timeout)
        if left:
            log.warning("shutting down with %d interaction handlers still running", len(left))
