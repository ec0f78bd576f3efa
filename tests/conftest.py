"""Fixtures: the real bot in SimCord (no token, no network), a fresh database per test."""

from __future__ import annotations

import pytest_asyncio

from tests.botkit import open_harness
from tests.pg_kit import pg_server

__all__ = ["pg_server"]


@pytest_asyncio.fixture
async def harness(tmp_path):
    h = await open_harness(tmp_path)
    try:
        yield h
    finally:
        try:
            await h.env.shutdown()
        finally:
            await h.close()
        if h.env.check_errors:
            h.env._raise_errors_since(h.env._errors_acknowledged)
