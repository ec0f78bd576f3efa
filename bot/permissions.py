"""Who may do what beyond their own seat: a manager of the server (Discord's *Manage
Server* permission) may close any table and tournament and change the server's settings."""

from __future__ import annotations

from typing import Any


def manages_server(user: Any) -> bool:
    """The user (a guild member) holds *Manage Server*; a user outside a guild does not."""
    perms = getattr(user, "guild_permissions", None)
    return perms is not None and bool(perms.manage_guild)
