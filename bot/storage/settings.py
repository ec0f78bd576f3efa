"""Per-guild settings (stored keys over the defaults) and a player's own settings."""

from __future__ import annotations

from typing import Any

import aiosqlite

from bot.storage.db import dumps, execute, fetchall, loads

DEFAULTS: dict[str, Any] = {
    "ai_share_limit": 0.25,  # a game is unrated if an AI made more of a human's moves
    # where a new table plays: "busy" in a thread of its own when its channel already has
    # an active table, "always" in a thread, "never" in the channel itself
    "table_threads": "busy",
}
TABLE_THREADS = ("busy", "always", "never")
# ``table_defaults:<game>``: the server's defaults of a game's table options (what
# ``/<game> new`` takes when its opener does not give an option), a JSON object of option
# name → value (``bot.table_defaults``); absent: the built-in values
TABLE_DEFAULTS = "table_defaults:"


USER_KEYS = {"lang": ("cs", "en")}  # a user's own settings and their allowed values
# ... and what the bot remembers of him: ``table:<guild id>``, the table of that server he
# last played at (its language answers him away from a table; ``TableService.last_table``)
LAST_TABLE = "table:"


def last_table_key(guild_id: int) -> str:
    return f"{LAST_TABLE}{guild_id}"


def validate_user(key: str, value: Any) -> None:
    if key.startswith(LAST_TABLE) and key[len(LAST_TABLE):].isdigit():
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return
        raise ValueError(f"{key!r} must be a table id, not {value!r}")
    if key not in USER_KEYS or value not in USER_KEYS[key]:
        raise ValueError(f"unknown user setting {key!r} = {value!r}")


def validate(key: str, value: Any) -> None:
    if not key or not isinstance(key, str):
        raise ValueError("a setting needs a key")
    if key == "ai_share_limit" and (
        isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1
    ):
        raise ValueError("ai_share_limit must be a number from 0 to 1")
    if key == "table_threads" and value not in TABLE_THREADS:
        raise ValueError(f"table_threads must be one of {', '.join(TABLE_THREADS)}")
    if key.startswith(TABLE_DEFAULTS) and not (
            isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, bool | int | str)
                                            for k, v in value.items())):
        raise ValueError(f"{key} must map option names to booleans, numbers or texts")


async def guild_settings(conn: aiosqlite.Connection, guild_id: int) -> dict[str, Any]:
    rows = await fetchall(
        conn, "SELECT key, value FROM guild_settings WHERE guild_id = ?", (guild_id,)
    )
    return {**DEFAULTS, **{r["key"]: loads(r["value"]) for r in rows}}


async def set_guild_setting(
    conn: aiosqlite.Connection, now: str, guild_id: int, key: str, value: Any
) -> None:
    """Store a JSON value; None removes the key (back to its default)."""
    if value is not None:
        validate(key, value)
    await _put(conn, "guild_settings", "guild_id", guild_id, key, value, now)


async def user_settings(conn: aiosqlite.Connection, user_id: int) -> dict[str, Any]:
    rows = await fetchall(conn, "SELECT key, value FROM user_settings WHERE user_id = ?",
                          (user_id,))
    return {r["key"]: loads(r["value"]) for r in rows}


async def set_user_setting(
    conn: aiosqlite.Connection, now: str, user_id: int, key: str, value: Any
) -> None:
    """Store a user's setting; None removes it."""
    if value is not None:
        validate_user(key, value)
    await _put(conn, "user_settings", "user_id", user_id, key, value, now)


async def _put(conn: aiosqlite.Connection, table: str, owner: str, owner_id: int, key: str,
               value: Any, now: str) -> None:
    """Upsert (or, for None, delete) one validated setting of ``table`` (a literal name)."""
    if value is None:
        await execute(conn, f"DELETE FROM {table} WHERE {owner} = ? AND key = ?",
                      (owner_id, key))
        return
    await execute(
        conn,
        f"INSERT INTO {table} ({owner}, key, value, updated_at) VALUES (?, ?, ?, ?)"
        f" ON CONFLICT ({owner}, key) DO UPDATE SET value = excluded.value,"
        " updated_at = excluded.updated_at",
        (owner_id, key, dumps(value), now),
    )
