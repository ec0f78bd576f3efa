"""Language of every message: one catalog per language (``bot/locales``), one lookup ``t``.

Keys are namespaced: ``core.…`` for any game, ``<game>.…`` for a game's own texts (``lora.…``),
``….pic.…``/``core.board.…`` for the words drawn into pictures. ``game_t`` looks a key up in
the game's namespace first and falls back to ``core``, so a game words a common text its own
way ("Lóra – stůl č. 1") without the core knowing the game.

Everything about a table, public and private, is in the table's language; a player may choose
his own language for his private messages (``/… settings``), which then wins
(``Languages.lang_for``). Away from a table (leaderboard, statistics, "you sit at no table")
the language of the table of the server he last played at answers him; one who has not
played there yet, the server's default table language (``/… defaults``) if it set one; the
client's locale decides only for the rest, and the slash commands' names and descriptions
(``Translator``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from bot.locales import cs, en
from bot.storage.models import ANONYMOUS

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
    if values and any(f":{spec}}}" in template for spec in _NTH_SPECS):
        # "{tali:nth} round of eight": "1st round of eight"; "kolo {rounds:of}": "kolo ze 2";
        # "padl {trick:in} štychu": "padl ve 4. štychu"; "{n:In} štychu": "Ve 4. štychu"
        language = lang_of(lang) if key in table else DEFAULT_LANG
        values = {k: _Nth(v, language) if isinstance(v, int) and not isinstance(v, bool)
                  else v for k, v in values.items()}
    return template.format(**values) if values else template


# a line Discord's Markdown reads as an item of a numbered list: "4. štych …" ("1. štych",
# renumbered from 1) and "5. Anna" after "2.–4. Bob" ("1. Anna")
_LIST_ITEM = re.compile(r"^([ \t]*)(\d+)\.(?=[ \t]|$)", re.MULTILINE)


def unlisted(text: str) -> str:
    """``text`` as Discord shows it word for word: a line starting with "N. " gets its dot
    escaped ("4\\. štych" reads "4. štych"), so Markdown does not make it a numbered list item
    (renumbered, indented). Only for Markdown — message content, embed descriptions and field
    values; never for footers, alt texts or picture texts, which show the backslash."""
    return _LIST_ITEM.sub(r"\1\2\\.", text)


def shown_name(name: str, lang: str) -> str:
    """A player's name as shown: a forgotten player's is stored as the marker ``ANONYMOUS``
    (also in old saved tables and the archive) and shown in the reader's language."""
    return t("core.anonymous", lang) if name == ANONYMOUS else name


_NTH_SPECS = ("nth", "of", "in", "In")


class _Nth:
    """A number a template may write as an ordinal (``{n:nth}``, ``ordinal``), as the
    whole of which something is a part (``{n:of}``, ``of_number``) or as an ordinal after
    "in" (``{n:in}``, ``in_ordinal``; ``{n:In}`` begins a sentence: "Ve 4. štychu")."""

    __slots__ = ("lang", "n")

    def __init__(self, n: int, lang: str) -> None:
        self.n, self.lang = n, lang

    def __format__(self, spec: str) -> str:
        if spec == "nth":
            return ordinal(self.n, self.lang)
        if spec in ("in", "In"):
            text = in_ordinal(self.n, self.lang)
            return text[:1].upper() + text[1:] if spec == "In" else text
        return of_number(self.n, self.lang) if spec == "of" else format(self.n, spec)


# Czech says "ze" before a number whose spoken genitive begins with s, z, š, ž or a cluster
# like dv, tř, čt (ze dvou, ze tří, ze čtyř, ze šesti, ze sedmi, ze dvanácti, ze dvaceti, ze
# sta) and "z" before the others (z jednoho, z pěti, z osmi, z deseti, z jedenácti, z tisíce)
_ZE_UNITS = frozenset({2, 3, 4, 6, 7})  # dvou, tří, čtyř, šesti, sedmi
_ZE_TEENS = frozenset({12, 13, 14, 16, 17})  # dvanácti, třinácti, čtrnácti, šestnácti, …


def z_before(n: int) -> str:
    """The Czech preposition "z"/"ze" before the number ``n`` as it is read (in the
    genitive: the first word spoken decides; "ze 2", "z 5", "ze 12", "z 15", "ze 20")."""
    n = abs(n)
    if n >= 1000:
        lead = n // 1000
        return "z" if lead == 1 else z_before(lead)  # z tisíce, ze dvou tisíc
    if n >= 100:
        lead = n // 100
        return "ze" if lead == 1 else z_before(lead)  # ze sta, ze dvou set, z pěti set
    if n >= 20:
        return "ze" if n // 10 in _ZE_UNITS else "z"  # ze dvaceti, z padesáti
    if n >= 10:
        return "ze" if n in _ZE_TEENS else "z"
    return "ze" if n in _ZE_UNITS else "z"


def of_number(n: int, lang: str = DEFAULT_LANG) -> str:
    """A whole of which something is a part: Czech "ze 2", "z 5" (``z_before``), English
    "of 2"."""
    return f"{z_before(n)} {n}" if lang_of(lang) == "cs" else f"of {n}"


# Czech says "ve" before an ordinal whose spoken locative begins with a cluster (ve druhém,
# ve třetím, ve čtvrtém, ve dvanáctém, ve třináctém, ve čtrnáctém, ve dvacátém, ve stém) and
# "v" before the others (v prvním, v pátém, v šestém, v sedmém, v jedenáctém, v tisícím)
_VE_UNITS = frozenset({2, 3, 4})  # druhém, třetím, čtvrtém
_VE_TEENS = frozenset({12, 13, 14})  # dvanáctém, třináctém, čtrnáctém


def v_before(n: int) -> str:
    """The Czech preposition "v"/"ve" before the ordinal ``n`` as it is read (in the
    locative: the first word spoken decides; "v 1.", "ve 4.", "v 7.", "ve 12.", "ve 20.")."""
    n = abs(n)
    if n >= 1000:
        lead = n // 1000
        return "v" if lead == 1 else v_before(lead)  # v tisícím, ve dvoutisícím
    if n >= 100:
        lead = n // 100
        return "ve" if lead == 1 else v_before(lead)  # ve stém, ve dvoustém, v pětistém
    if n >= 20:
        return "ve" if n // 10 in _VE_UNITS else "v"  # ve dvacátém, v padesátém
    if n >= 10:
        return "ve" if n in _VE_TEENS else "v"
    return "ve" if n in _VE_UNITS else "v"


def in_ordinal(n: int, lang: str = DEFAULT_LANG) -> str:
    """The ``n``-th as the place where something happened: Czech "v 1.", "ve 4."
    (``v_before``; the noun follows in the locative: "ve 4. štychu"), English "in the 4th"."""
    if lang_of(lang) == "cs":
        return f"{v_before(n)} {n}."
    return f"in the {ordinal(n, lang)}"


def plural_form(n: float, lang: str = DEFAULT_LANG) -> str:
    """The form of a noun after the number ``n``: Czech "one" (1 minuta), "few" (2–4
    minuty), "many" (0, 5 … minut); English "one" or "many"."""
    if lang_of(lang) == "cs" and n in (2, 3, 4):
        return "few"
    return "one" if n == 1 else "many"


def ordinal(n: int, lang: str = DEFAULT_LANG) -> str:
    """A place or a count in order as ``lang`` writes it: Czech "1.", "2."; English "1st",
    "2nd", "3rd", "4th", "11th", "21st"."""
    if lang_of(lang) != "en":
        return f"{n}."
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def decimal(value: float | None, lang: str = DEFAULT_LANG, digits: int = 1) -> str:
    """A number with ``digits`` decimals as ``lang`` writes it: Czech "97,0", "0,75";
    English "97.0", "0.75"; "–" for no value."""
    if value is None:
        return "–"
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if lang_of(lang) == "cs" else text


def score_number(value: float | None, lang: str = DEFAULT_LANG, digits: int = 1) -> str:
    """A score as a player reads it (a leaderboard's average, a player's stats): ``decimal``
    with a true minus, "−65,5", as the other pictures write it (the CSV keeps "-")."""
    text = decimal(value, lang, digits)
    return "−" + text[1:] if text.startswith("-") else text


def and_list(items: Sequence[str], lang: str = DEFAULT_LANG) -> str:
    """Names in a sentence: "Ann", "Ann and Bob", "Ann, Bob and Cyril" (Czech "a", with
    no comma before it)."""
    if len(items) < 2:
        return "".join(items)
    return t("core.list_and", lang, head=", ".join(items[:-1]), last=items[-1])


def tn(key: str, lang: str, n: int, /, **values: Any) -> str:
    """``key`` with the noun in the form the number ``n`` takes (``key_one``, ``key_few``,
    ``key_many``): "1 minuta", "3 minuty", "60 minut"."""
    form = plural_form(n, lang)
    if form == "few" and not has(f"{key}_few", lang):
        form = "many"
    return t(f"{key}_{form}", lang, n=n, **values)


def counted(key: str, lang: str, count: float, /, **values: Any) -> str:
    """``key``, or its singular ``key_one`` when ``count`` is 1 and ``lang`` words that apart
    (English "1 pt" beside "{points} pts", as Lóra's trick lines word it apart; Czech "b."
    serves any number, its ``_one`` is the same): points written with a fixed word."""
    one = f"{key}_one"
    singular = plural_form(count, lang) == "one" and one in CATALOGS[lang_of(lang)]
    return t(one if singular else key, lang, **values)


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


# locales whose speakers read Czech (a Slovak reads Czech better than English)
CZECH_READERS = ("cs", "sk")


def lang_of_locale(locale: discord.Locale | str | None, fallback: str = DEFAULT_LANG) -> str:
    """The language for a client's or a system's locale ("cs", "en-US", "de", "cs_CZ.UTF-8"):
    Czech for Czech and Slovak, English for any other (a German reads English sooner than
    Czech; review 27), ``fallback`` when none is known (empty, "C", "POSIX")."""
    value = str(locale.value if isinstance(locale, discord.Locale) else locale or "")
    code = value.replace("_", "-").split("-")[0].split(".")[0].lower()
    if code in CZECH_READERS:
        return "cs"
    if code in ("", "c", "posix"):
        return fallback
    return "en"


def user_lang(interaction: discord.Interaction[Any], fallback: str = DEFAULT_LANG) -> str:
    """The language of this user's Discord client (``lang_of_locale``), else ``fallback``."""
    return lang_of_locale(interaction.locale, fallback)


# Czech names of the options for Czech clients (the base names are the English ones).
CZECH_PARAMETERS = {
    "red_king_first_trick": "červený_král_do_1_štychu",
    "panak": "panák",
    "cista_stovka": "čistá_stovka",
    "turn_timer": "čas_na_tah",
    "language": "jazyk",
    "seating": "zasedací_pořádek",
    "reset": "obnovit",
    "autoplay": "automatické_tahy",
    "table": "stůl",
    "user": "hráč",
    "game": "hra",
    "page": "strana",
    "ai_share": "podíl_ai",
    "table_threads": "vlákna_stolů",
    # Taroky's /taroky new
    "round_minutes": "minuty_kola",
    "round_deals": "rozdání_v_kole",
    "varsava": "varšava",
    "zduch": "žďuch",
    "varsava_max_3": "varšava_nejvýš_3",
    "mond_na_skyze": "mond_na_škýze",
    "flek_max": "nejvýš_fleků",
    "solo_talon": "talon_v_sólu",
    "tie": "plichta",
    "cap": "strop",
    "stake": "vklad",
    "dokup_step": "dokup",
    # /lora tournament, /taroky tournament
    "rounds": "počet_kol",
    "fill": "volná_místa",
    "ai_level": "úroveň_ai",
}
# Czech command names for Czech clients (the base names are the English ones users type).
CZECH_NAMES = {
    "new": "nová",
    "hand": "karty",
    "score": "protokol",
    "rules": "pravidla",
    "abort": "zrušit",
    "leave": "odejít",
    "kick": "odebrat",
    "leaderboard": "žebříček",
    "stats": "statistiky",
    "history": "historie",
    "export": "export",
    "forget-me": "zapomeň-mě",
    "settings": "nastavení",
    "defaults": "výchozí",
    "tournament": "turnaj",
    "help": "nápověda",
}


class Translator(app_commands.Translator):
    """Names of commands and options are English by default and Czech for Czech clients;
    descriptions and choices are English by default (``desc``, their keys name a string:
    what every client but a Czech one shows; a German client read them in Czech, review 27),
    Czech for Czech clients (and English for the English ones, written out): the slash
    commands read in the client's language, or in English."""

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
        if loc is app_commands.TranslationContextLocation.parameter_name:
            if locale is discord.Locale.czech:
                return CZECH_PARAMETERS.get(string.message)
            return None
        if key is None:
            return None
        values = string.extras.get("values") or {}
        if locale in (discord.Locale.american_english, discord.Locale.british_english):
            return _maybe(CATALOGS["en"].get(key), values, "en")
        if locale is discord.Locale.czech:
            return _maybe(CATALOGS["cs"].get(key), values, "cs")
        return None


class Word(str):
    """A description's value that is itself a catalog string (a default's "ano"/"yes"),
    worded in each language the description is (``desc``)."""


def worded(values: dict[str, Any], lang: str) -> dict[str, Any]:
    return {k: t(v, lang) if isinstance(v, Word) else v for k, v in values.items()}


def _maybe(template: str | None, values: dict[str, Any], lang: str) -> str | None:
    return None if template is None else (
        template.format(**worded(values, lang)) if values else template)


def desc(key: str, **values: Any) -> app_commands.locale_str:
    """A command or option description: English text (what a client neither Czech nor
    English shows), translated by key; a ``Word`` value is worded in each language."""
    extras: dict[str, Any] = {"key": key}
    if values:
        extras["values"] = values
    return app_commands.locale_str(t(key, "en", **worded(values, "en")), **extras)
