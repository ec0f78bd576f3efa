"""Language of every message: one catalog per language (``bot/locales``), one lookup ``t``.

Keys are namespaced: ``core.…`` for any game, ``<game>.…`` for a game's own texts (``lora.…``),
``….pic.…``/``core.board.…`` for the words drawn into pictures. ``game_t`` looks a key up in
the game's namespace first and falls back to ``core``, so a game words a common text its own
way ("Lóra – stůl č. 1") without the core knowing the game.

Public messages follow the table's language; ephemeral messages follow the clicking user's
Discord locale (Czech for ``cs``, English for ``en-*``, else the table's language).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.locales import cs, en

LANGS = ("cs", "en")
DEFAULT_LANG = "cs"
CATALOGS: dict[str, dict[str, str]] = {"cs": cs.STRINGS, "en": en.STRINGS}


def lang_of(lang: str) -> str:
    """A supported language code; unknown codes fall back to Czech."""
    return lang if lang in CATALOGS else DEFAULT_LANG


def has(key: str, lang: str = DEFAULT_LANG) -> bool:
    return key in CATALOGS[lang_of(lang)] or key in CATALOGS[DEFAULT_LANG]


def t(key: str, lang: str = DEFAULT_LANG, /, **values: Any) -> str:
    """The string ``key`` (``namespace.key``) in ``lang`` (Czech when missing), formatted with
    ``values``."""
    table = CATALOGS[lang_of(lang)]
    template = table.get(key) or CATALOGS[DEFAULT_LANG][key]
    return template.format(**values) if values else template


def game_key(kind: str, key: str) -> str:
    """``<kind>.<key>`` when the game words it, else ``core.<key>``."""
    own = f"{kind}.{key}"
    return own if own in CATALOGS[DEFAULT_LANG] else f"core.{key}"


def game_t(kind: str, key: str, lang: str = DEFAULT_LANG, /, **values: Any) -> str:
    """A common text as the game ``kind`` words it (its namespace first, then ``core``)."""
    return t(game_key(kind, key), lang, **values)


def add_strings(namespace: str, catalogs: dict[str, dict[str, str]]) -> None:
    """Add a namespace of strings (a game's UI module that is not in the catalog files, e.g. a
    test's own game). Every language gets the keys; Czech is required."""
    for lang, table in catalogs.items():
        CATALOGS[lang_of(lang)].update({f"{namespace}.{k}": v for k, v in table.items()})


def lang_of_locale(locale: discord.Locale | str | None, fallback: str = DEFAULT_LANG) -> str:
    value = str(locale.value if isinstance(locale, discord.Locale) else locale or "")
    if value.startswith("cs"):
        return "cs"
    if value.startswith("en"):
        return "en"
    return fallback


def user_lang(interaction: discord.Interaction[Any], fallback: str = DEFAULT_LANG) -> str:
    """The language of an ephemeral answer to this user."""
    return lang_of_locale(interaction.locale, fallback)


# Czech command names for Czech clients (the base names are the English ones users type).
CZECH_NAMES = {
    "new": "nová",
    "hand": "karty",
    "score": "protokol",
    "protocol": "protokol",
    "rules": "pravidla",
    "abort": "zrušit",
    "leave": "odejít",
    "leaderboard": "žebříček",
    "stats": "statistiky",
    "history": "historie",
    "export": "export",
    "forget-me": "zapomeň-mě",
}


class Translator(app_commands.Translator):
    """Descriptions are Czech by default (their keys name a string); English for en-*."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        loc = context.location
        if loc in (
            app_commands.TranslationContextLocation.command_name,
            app_commands.TranslationContextLocation.group_name,
        ):
            if locale is discord.Locale.czech:
                return CZECH_NAMES.get(string.message)
            return None
        if key is None:
            return None
        values = string.extras.get("values") or {}
        if locale in (discord.Locale.american_english, discord.Locale.british_english):
            return _maybe(CATALOGS["en"].get(key), values)
        if locale is discord.Locale.czech:
            return _maybe(CATALOGS["cs"].get(key), values)
        return None


def _maybe(template: str | None, values: dict[str, Any]) -> str | None:
    return None if template is None else (template.format(**values) if values else template)


def desc(key: str, **values: Any) -> app_commands.locale_str:
    """A command or option description: Czech text, translated by key."""
    extras: dict[str, Any] = {"key": key}
    if values:
        extras["values"] = values
    return app_commands.locale_str(t(key, "cs", **values), **extras)
