"""Members' current display names, for the records' lists of players.

A name stored with a rating or an archived seat is the one the member had when he last
played; a member renamed since should be found under his name of today. The bot asks for no
privileged intent, so it has no member cache and hears of no renames: the asker's name comes
with his interaction, others from the member cache when it has them, and the rest in one
gateway request for the page's ids (asking by user id needs no privileged intent), never a
request per row. A member the server no longer has (or no answer in time) keeps the stored
name.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import Any

import discord

log = logging.getLogger(__name__)
WAIT = 3.0  # s at most for the gateway's answer (the stored names do without it)
MAX_IDS = 100  # what one request may ask for


async def current_names(interaction: discord.Interaction[Any],
                        user_ids: Iterable[int | None]) -> dict[int, str]:
    """User id → his display name in the interaction's guild now, for those found."""
    guild = interaction.guild
    wanted = {uid for uid in user_ids if uid is not None}
    names: dict[int, str] = {}
    if guild is None or not wanted:
        return names
    asker = interaction.user
    for uid in wanted:
        member = asker if isinstance(asker, discord.Member) and asker.id == uid \
            else guild.get_member(uid)
        if member is not None:
            names[uid] = member.display_name
    missing = sorted(wanted - names.keys())[:MAX_IDS]
    if missing:
        try:
            found = await asyncio.wait_for(
                guild.query_members(user_ids=missing, limit=len(missing), cache=False), WAIT)
        except (TimeoutError, discord.DiscordException, OSError, RuntimeError) as exc:
            # (RuntimeError: discord.py has no gateway connection for the guild's shard)
            log.info("members' names of guild %s not fetched (%s): stored names shown",
                     guild.id, type(exc).__name__)
            found = []
        names.update((m.id, m.display_name) for m in found)
    return names
