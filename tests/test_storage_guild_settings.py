"""The servers' settings as a store holds them (``GuildSettingsCache``): every answer away
from a table asks for its server's language, so a server's settings are read once, and
read again after the store writes one of them — never a value the server changed since."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.storage import Storage
from bot.storage.settings import TABLE_DEFAULTS, GuildSettingsCache
from tests.storage_kit import queries_of, storage

__all__ = ["storage"]

G1, G2 = 1, 2


def _reads(statements: list[str]) -> int:
    return sum("guild_settings" in s and s.lstrip().upper().startswith("SELECT")
               for s in statements)


async def test_a_server_s_settings_are_read_once_until_one_is_written(storage: Storage) -> None:
    key = TABLE_DEFAULTS + "lora"
    async with queries_of(storage) as statements:
        first = await storage.guild_settings(G1)
        first["ai_share_limit"] = 1.0  # (a caller's change is its own)
        again = await storage.guild_settings(G1)
        other = await storage.guild_settings(G2)
    assert _reads(statements) == 2  # (G1 once, G2 once)
    assert again == other == {"ai_share_limit": 0.25, "table_threads": "busy"}
    await storage.set_guild_setting(G1, key, {"language": "cs"})
    async with queries_of(storage) as statements:
        assert (await storage.guild_settings(G1))[key] == {"language": "cs"}
        assert (await storage.guild_settings(G1))[key] == {"language": "cs"}
        assert key not in await storage.guild_settings(G2)
    assert _reads(statements) == 1  # (G1 read again once; G2 still held)
    await storage.set_guild_setting(G1, key, None)
    assert key not in await storage.guild_settings(G1)
    with pytest.raises(ValueError):  # (a refused write: read again all the same)
        await storage.set_guild_setting(G1, "ai_share_limit", 2)
    assert (await storage.guild_settings(G1))["ai_share_limit"] == 0.25


async def test_a_read_a_write_overtook_is_not_held_and_a_failed_one_raises() -> None:
    cache = GuildSettingsCache(size=2)
    fetched: list[int] = []
    gate = asyncio.Event()

    def fetcher(guild_id: int, value: str) -> Any:
        async def fetch() -> dict[str, Any]:
            fetched.append(guild_id)
            await gate.wait()
            return {"lang": value}
        return fetch

    gate.clear()
    slow = asyncio.ensure_future(cache.read(G1, fetcher(G1, "cs")))
    await asyncio.sleep(0)
    cache.written(G1)  # (the server's language changed while its old one was being read)
    gate.set()
    assert await slow == {"lang": "cs"}  # (that read's answer, not held)
    assert await cache.read(G1, fetcher(G1, "en")) == {"lang": "en"}
    assert await cache.read(G1, fetcher(G1, "xx")) == {"lang": "en"}
    assert fetched == [G1, G1]

    async def failing() -> dict[str, Any]:
        raise OSError("disk I/O error")

    with pytest.raises(OSError):
        await cache.read(G2, failing)
    assert list(cache.held) == [G1]
    # at most ``size`` servers: the least recently asked for goes
    await cache.read(G2, fetcher(G2, "cs"))
    await cache.read(G1, fetcher(G1, "xx"))
    await cache.read(3, fetcher(3, "en"))
    assert list(cache.held) == [G1, 3] and fetched == [G1, G1, G2, 3]
