"""Language of every message: the tables of bot/locales, and discord.py's translator.

Public messages follow the table's language; ephemeral messages follow the clicking user's
Discord locale (Czech for ``cs``, English for ``en-*``, else the table's language).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.locales import cs, en

TABLES: dict[str, dict[str, str]] = {"cs": cs.STRINGS, "en": en.STRINGS}
DEFAULT_LANG = "cs"


def t(key: str, lang: str = DEFAULT_LANG, /, **values: Any) -> str:
    """The string ``key`` in ``lang`` (Czech when missing), formatted with ``values``."""
    table = TABLES.get(lang, TABLES[DEFAULT_LANG])
    template = table.get(key) or TABLES[DEFAULT_LANG][key]
    return template.format(**values) if values else template


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
        if locale in (discord.Locale.american_english, discord.Locale.british_english):
            return en.STRINGS.get(key)
        if locale is discord.Locale.czech:
            return cs.STRINGS.get(key)
        return None


def desc(key: str) -> app_commands.locale_str:
    """A command or option description: Czech text, translated by key."""
    return app_commands.locale_str(cs.STRINGS[key], key=key)
