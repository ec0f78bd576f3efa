"""What the outbox's deliverer needs of the bot (``bot.delivery.channel.Materials``): the
channels, the table messages and pictures as the tables are now, and the ids of the messages
it posted."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.model import STATUS_ABORTED, Table
from bot.storage.models import OutboxItem
from bot.ui import builders
from bot.unrated import unrated_note

if TYPE_CHECKING:
    from bot.ui.controller import Controller



class Materials:
    """The deliverer's materials (``Controller.materials``)."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl

    async def rating_note(self, table: Table | None) -> tuple[str, str] | None:
        """The final post's field that says why its game is not rated (its heading and
        text), by the rule the archive applies and the server's AI share (None: rated)."""
        if table is None or table.state is None:
            return None
        limit = float((await self.ctl.store.guild_settings(table.guild_id))["ai_share_limit"])
        lang = table.settings.lang
        note = unrated_note(table, limit, lang)
        return None if note is None else (t("core.rating_heading", lang), note)

    def channel(self, channel_id: int) -> Any:
        return self.ctl.bot.get_channel(channel_id)

    def charge(self) -> None:
        self.ctl.delivery.charge()

    async def find_channel(self, channel_id: int) -> Any:
        """The channel as Discord has it; None only where it no longer exists (404): one
        the bot may not see (403) is refused, not gone — it raises, and the sender tells a
        running table's players so (``Blocked``) rather than ending the table."""
        self.ctl.delivery.charge()
        try:
            return await self.ctl.bot.fetch_channel(channel_id)
        except discord.NotFound:
            return None

    def bot_user_id(self) -> int | None:
        return self.ctl.bot.user.id if self.ctl.bot.user is not None else None

    def table_message_id(self, table_id: int) -> int | None:
        table = self.ctl.known(table_id)
        return None if table is None else table.message_id

    def ping_message_id(self, table_id: int) -> int | None:
        table = self.ctl.known(table_id)
        return None if table is None else table.ping_message_id

    async def table_message(self, table: Table, payload: dict[str, Any]) -> dict[str, Any]:
        """The table's one public message as the table is now: the lobby, the running or
        finished game, or its closed form."""
        lang = table.settings.lang
        closed = table.status == STATUS_ABORTED
        if table.state is None:
            if not closed:
                return builders.lobby_message(table)
            reason = str(payload.get("closed") or "aborted")
            title = builders.table_title(table, "lobby_title", lang)
            tournament = payload.get("tournament")
            embed = discord.Embed(title=title, description=builders.closed_text(
                table, f"core.closed_{reason}", lang,
                tournament=None if tournament is None else int(tournament)))
            return {"embed": embed, "view": None, "attachments": []}
        message = builders.table_message(table, closed=closed, render=False,
                                         reason=payload.get("closed"))
        message = await self.ctl.render(message, f"the table picture of table {table.table_id}")
        message.pop("content", None)
        if payload.get("ping"):
            line = self.ctl.presenter.ping_line(table)
            if line is not None:
                message["content"] = line
        return message

    async def post_payload(self, payload: dict[str, Any]) -> dict[str, Any]:
        name = payload.get("picture")
        if isinstance(name, str) and name.startswith("tstandings:"):
            return await self.ctl.desk.paged_standings(payload)
        return payload

    async def picture(self, table: Table | None, name: str) -> bytes | None:
        if name.startswith("t") and ":" in name:
            return await self.ctl.desk.picture(name)
        if table is None or table.state is None:
            return None
        ui = builders.game_ui(table)
        lang = table.settings.lang
        # "final", or a name of the game's (``GameUI.deal_pictures``: a finished deal)
        picture = (ui.final_picture(table, lang) if name == "final"
                   else ui.named_picture(table, name, lang))
        return await self.ctl.pools.render.render(
            picture, f"the picture {name} of {table.table_id}")

    async def set_table_message(self, table: Table, message_id: int,
                                later: Sequence[OutboxItem] = ()) -> None:
        await self.ctl.service.set_message(table, message_id, later)

    async def set_ping(self, table: Table, message_id: int | None,
                       later: Sequence[OutboxItem] = ()) -> None:
        await self.ctl.service.set_ping(table, message_id, later)

    def pointer_message_id(self, table_id: int) -> int | None:
        table = self.ctl.known(table_id)
        return None if table is None else table.pointer_id

    async def set_pointer(self, table: Table, message_id: int,
                          later: Sequence[OutboxItem] = ()) -> None:
        await self.ctl.service.set_pointer(table, message_id, later)

    def tournament_message_id(self, tournament_id: int) -> int | None:
        return self.ctl.desk.message_id(tournament_id)

    async def tournament_message(self, tournament_id: int) -> dict[str, Any] | None:
        return await self.ctl.desk.message(tournament_id)

    async def set_tournament_message(self, tournament_id: int, message_id: int,
                                     ends: Callable[[int], list[OutboxItem]]) -> None:
        await self.ctl.desk.set_message(tournament_id, message_id, ends)

    async def table(self, table_id: int) -> Table | None:
        return await self.ctl.table(table_id)

    def pointer_text(self, table: Table) -> str | None:
        return self.ctl.threads.pointer_text(table)

    def invite_text(self, table: Table) -> str | None:
        return self.ctl.rematches.invite_text(table)

    def invite_buttons(self, table: Table) -> list[dict[str, Any]]:
        return self.ctl.rematches.invite_buttons(table)

    async def set_invite(self, table: Table, channel_id: int, message_id: int) -> None:
        await self.ctl.rematches.set_invite(table, channel_id, message_id)
