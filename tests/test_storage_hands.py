"""The open hand messages' tokens (``save_hands`` / ``load_hands``, SQLite and PostgreSQL):
one row per table and player (his newest hand), the expired ones deleted as they are read,
gone with their table and with a forgotten user; a token never shows in a repr."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bot.storage.models import HandToken
from tests.storage_kit import START, human, storage

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
