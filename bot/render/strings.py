"""The words drawn into Lóra's pictures: the ``lora.pic`` namespace of the bot's catalog.

Everything, the partial games' names too (``lora.game``), is in ``bot/locales`` (one catalog
per language).
"""

from __future__ import annotations

from typing import Any

from bot.i18n import LANGS, lang_of, t

__all__ = ["LANGS", "game_name", "lang_of", "s"]


def s(key: str, lang: str = "cs", **values: Any) -> str:
    """The picture string ``key`` in ``lang``, formatted with ``values``."""
    return t(f"lora.pic.{key}", lang, **values)


def game_name(contract: str, lang: str = "cs") -> str:
    """A partial game's name (a proper name, the same in both languages)."""
    return t(f"lora.game.{getattr(contract, 'value', contract)}", lang_of(lang))
