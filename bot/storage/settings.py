"""Per-guild settings (stored keys over the defaults) and a player's own settings."""

from __future__ import annotations

import copy
from collections.abc import Awaitable, Callable
from typing import Any

import aiosqlite

from bot.bounded import Bounded
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


GUILDS_HELD = 4096  # the most servers whose settings a store holds (the last asked for)


class GuildSettingsCache:
    """The servers' settings as a store last read them, read again only after a write of
    the same store (every answer away from a table asks for its server's language:
    ``Languages.server_lang``). A read that a write overtook is not kept, and a failed one
    raises as before. Shards sharing a PostgreSQL database each write only their own
    servers' settings (a server's commands come to its shard), so none holds another's
    stale; a store holds at most ``GUILDS_HELD`` servers, the least recently asked dropped."""

    def __init__(self, size: int = GUILDS_HELD) -> None:
        self.held: Bounded[int, dict[str, Any]] = Bounded(size)
        self.writes = 0  # settings written so far (a read overtaken by one is not kept)

    async def read(self, guild_id: int,
                   fetch: Callable[[], Awaitable[dict[str, Any]]]) -> dict[str, Any]:
        """The server's settings: held, else fetched (and held). A copy: the caller may
        change it."""
        held = self.held.get(guild_id)
        if held is None:
            writes = self.writes
            held = await fetch()
            if writes != self.writes:
                return held
            self.held[guild_id] = held
        self.held.move_to_end(guild_id)
        return copy.deepcopy(held)

    def written(self, guild_id: int) -> None:
        """A setting of the server was written (or its write failed: unknown): read again."""
        self.writes += 1
        self.held.pop(guild_id, None)


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
