"""Fixtures: the real bot in SimCord (no token, no network), a fresh database per test."""

from __future__ import annotations

from typing import Any

import pytest
import pytest_asyncio
import simcord.interactions as simcord_interactions

from bot.command_ids import forget
from tests.botkit import open_harness
from tests.pg_kit import pg_server

__all__ = ["pg_server"]


@pytest.fixture(autouse=True)
def no_command_ids():
    """Commands named as plain text until a test's own bot syncs (``bot.command_ids``): a
    world of an earlier test in this process left its ids behind."""
    forget()


@pytest_asyncio.fixture
async def harness(tmp_path, request):
    # ``@pytest.mark.settle(seconds)``: SimCord's real-time wait for a quiet bot (5 s by
    # default) for tests whose bot plays long stretches by itself (tables of AI players play
    # whole deals within one wait: over 5 s on a slower machine). Not raised for all: the same
    # timeout bounds SimCord's wall-clock advances of virtual time, which other tests rely on.
    marker = request.node.get_closest_marker("settle")
    options = {} if marker is None else {"settle_timeout": float(marker.args[0])}
    h = await open_harness(tmp_path, **options)
    try:
        yield h
    finally:
        await h.stop()
        if h.env.check_errors:
            h.env._raise_errors_since(h.env._errors_acknowledged)


@pytest.fixture
def locales(monkeypatch):
    """Per-user Discord client locales (SimCord sends en-US for everybody): ``locales[user.id]
    = "cs"``."""
    chosen: dict[int, str] = {}
    original = simcord_interactions.base_payload

    def base_payload(backend: Any, **kwargs: Any) -> Any:
        record, payload = original(backend, **kwargs)
        if kwargs.get("user_id") in chosen:
            payload["locale"] = chosen[kwargs["user_id"]]
        return record, payload

    monkeypatch.setattr(simcord_interactions, "base_payload", base_payload)
    return chosen
