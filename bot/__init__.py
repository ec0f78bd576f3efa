"""The Lóra Discord bot. ``create_bot()`` builds it without connecting."""

from __future__ import annotations

from typing import Any


def create_bot(**overrides: Any) -> Any:
    """The discord.py bot, not connected (see ``bot.app.create_bot``)."""
    from bot.app import create_bot as _create

    return _create(**overrides)
