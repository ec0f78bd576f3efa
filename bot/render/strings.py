"""The words drawn into Lóra's pictures: the ``lora.pic`` namespace of the bot's catalog.

Game names come from ``engine.messages.CONTRACT_NAMES``; everything else is in
``bot/locales`` (one catalog per language).
"""

from __future__ import annotations

from typing import Any

from bot.i18n import LANGS, lang_of, t
from engine.messages import contract_name

__all__ = ["LANGS", "game_name", "lang_of", "s"]


def s(key: str, lang: str = "cs", **values: Any) -> str:
    """The picture string ``key`` in ``lang``, formatted with ``values``."""
    return t(f"lora.pic.{key}", lang, **values)


def game_name(contract: str, lang: str = "cs") -> str:
    """The game's name from the engine's table."""
    return contract_name(contract, lang_of(lang))
