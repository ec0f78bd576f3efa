"""The open hand messages' tokens (``save_hands`` / ``load_hands``, SQLite and PostgreSQL):
one row per table and player (his newest hand), the expired ones deleted as they are read,
gone with their table and with a forgotten user; a token never shows in a repr. Which
message the hand is (``hand_id``, schema 11) is kept too; a row saved before has none."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.storage import Storage
from bot.storage.db import connect, migrate
from bot.storage.models import HandToken
from tests.storage_kit import START, human, storage

T0 = "2025-03-01T12:00:00.000+00:00"  # (START as the database writes it)

__all__ = ["storage"]


def _hand(table_id: int, user_id: int, token: str, minutes: int) -> HandToken:
    opened = START + timedelta(minutes=minutes)
    return HandToken(table_id, user_id, 7, token, 500 + user_id, opened,
                     opened + timedelta(seconds=880))


async def test_hand_tokens_are_saved_replaced_dropped_and_expire(storage: Any) -> None:
    a = await storage.create_table(1, 10, 100, {}, [human(100, "Ann"), human(101, "Ben")])
    b = await storage.create_table(1, 11, 102, {}, [human(102, "Cyd")])
    await storage.save_hands([_hand(a, 100, "old", 0), _hand(a, 101, "ben", 0),
                              _hand(b, 102, "cyd", 10), _hand(999, 5, "no table", 0)])
    await storage.save_hands([_hand(a, 100, "new", 5)], [(a, 101)])
    found = await storage.load_hands(START + timedelta(minutes=1))
    assert [(h.table_id, h.user_id, h.token, h.message_id, h.application_id)
            for h in found] == [(a, 100, "new", 600, 7), (b, 102, "cyd", 602, 7)]
    assert found[0].opened_at == START + timedelta(minutes=5)
    assert "new" not in repr(found[0])
    # past its expiry a token is deleted as the hands are read
    assert [h.user_id for h in await storage.load_hands(START + timedelta(minutes=20))] == [102]
    assert [h.user_id for h in await storage.load_hands(START + timedelta(minutes=1))] == [102]
    await storage.forget_user(102)
    assert await storage.load_hands(START) == []
    await storage.save_hands([_hand(a, 100, "again", 0)])
    await storage.delete_table(a)
    assert await storage.load_hands(START) == []


async def test_the_hand_s_own_message_is_kept_with_its_token(storage: Any) -> None:
    a = await storage.create_table(1, 10, 100, {}, [human(100, "Ann"), human(101, "Ben")])
    await storage.save_hands([dataclasses.replace(_hand(a, 100, "ann", 0), hand_id=900),
                              _hand(a, 101, "ben", 0)])
    assert [(h.user_id, h.message_id, h.hand_id) for h in await storage.load_hands(START)] == [
        (100, 600, 900), (101, 601, None)]
    await storage.save_hands([dataclasses.replace(_hand(a, 100, "ann", 1), hand_id=901)])
    assert [h.hand_id for h in await storage.load_hands(START)] == [901, None]


async def test_a_token_saved_before_schema_11_loads_without_its_hand(tmp_path: Path) -> None:
    path = tmp_path / "v10.sqlite3"
    conn = await connect(path)
    try:
        await migrate(conn, target=10)
        await conn.execute(
            "INSERT INTO tables (table_id, guild_id, channel_id, creator_id, status, game_kind,"
            " created_at, updated_at) VALUES (1, 1, 10, 100, 'playing', 'lora', ?, ?)",
            (T0, T0))
        await conn.execute(
            "INSERT INTO hand_tokens (table_id, user_id, application_id, token, message_id,"
            " opened_at, expires_at) VALUES (1, 100, 7, 'tok', 600, ?, ?)",
            (T0, "2025-03-01T12:14:40.000+00:00"))
        await conn.commit()
    finally:
        await conn.close()
    storage = await Storage.open(path)
    try:
        assert [(h.user_id, h.token, h.message_id, h.hand_id)
                for h in await storage.load_hands(START)] == [(100, "tok", 600, None)]
    finally:
        await storage.close()
