"""The words drawn into Lóra's pictures: the ``lora.pic`` namespace of the bot's catalog.

Everything, the partial games' names too (``lora.game``), is in ``bot/locales`` (one catalog
per language).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import LANGS, counted, lang_of, t

__all__ = ["LANGS", "game_name", "lang_of", "playoff_sums", "s"]


def s(key: str, lang: str = "cs", **values: Any) -> str:
    """The picture string ``key`` in ``lang``, formatted with ``values``; one that counts
    ``n`` in its own word takes its singular when there is one ("1 pt": ``counted``)."""
    n = values.get("n")
    if isinstance(n, int) and not isinstance(n, bool):
        return counted(f"lora.pic.{key}", lang, n, **values)
    return t(f"lora.pic.{key}", lang, **values)


def game_name(contract: str, lang: str = "cs") -> str:
    """A partial game's name in ``lang`` (``lora.game`` of the catalogs)."""
    return t(f"lora.game.{getattr(contract, 'value', contract)}", lang_of(lang))


def playoff_sums(sums: Sequence[int | str]) -> str:
    """A seat's harakiri sums, one per play-off he was in, in the order played ("12", or
    "40 → 0" when a play-off left him tied again): the post and the pictures alike."""
    return " → ".join(str(n) for n in sums)
