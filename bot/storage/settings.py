"""Per-guild settings: stored keys over the defaults."""

from __future__ import annotations

from typing import Any

import aiosqlite

from bot.storage.db import dumps, execute, fetchall, loads

DEFAULTS: dict[str, Any] = {
    "ai_share_limit": 0.25,  # a game is unrated if an AI made more of a human's moves
}


def validate(key: str, value: Any) -> None:
    if not key or not isinstance(key, str):
        raise ValueError("a setting needs a key")
    if key == "ai_share_limit" and (
        isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1
    ):
        raise ValueError("ai_share_limit must be a number from 0 to 1")


async def guild_settings(conn: aiosqlite.Connection, guild_id: int) -> dict[str, Any]:
    rows = await fetchall(
        conn, "SELECT key, value FROM guild_settings WHERE guild_id = ?", (guild_id,)
    )
    return {**DEFAULTS, **{r["key"]: loads(r["value"]) for r in rows}}


async def set_guild_setting(
    conn: aiosqlite.Connection, now: str, guild_id: int, key: str, value: Any
) -> None:
    """Store a JSON value; None removes the key (back to its default)."""
    if value is None:
        await execute(
            conn, "DELETE FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key)
        )
        return
    validate(key, value)
    await execute(
        conn,
        "INSERT INTO guild_settings (guild_id, key, value, updated_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value,"
        " updated_at = excluded.updated_at",
        (guild_id, key, dumps(value), now),
    )
