"""Pictures as the bot attaches them: each with its alt text, the words a screen reader says
in place of the picture (Discord's attachment description)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterable

import discord

from bot.i18n import t
from bot.render.fonts import without_selectors
from engine.cards import SUIT_LETTERS, SUIT_SYMBOLS

ALT_LIMIT = 1024  # Discord's longest attachment description
# the message text's marks: bold, underline, and the symbols that head a line ("■ result",
# "▶ new game", "• event") — a screen reader reads them out ("black square")
MARKS = ("**", "__", "■", "▶", "•")
STOPS = ".!?:…"
# Lóra's suit symbols (with or without the emoji's variation selector) and their words' keys
SUIT_KEYS = {without_selectors(symbol): f"lora.alt_suit_{letter}"
             for symbol, letter in zip(SUIT_SYMBOLS, SUIT_LETTERS, strict=True)}
SUIT_MARK = re.compile("|".join(f"{re.escape(symbol)}\ufe0f?" for symbol in SUIT_KEYS))


def unmarked(text: str) -> str:
    """``text`` without the message text's ``MARKS``, on one line."""
    for mark in MARKS:
        text = text.replace(mark, " " if len(mark) == 1 else "")
    return " ".join(text.split())


def spoken(text: str, lang: str) -> str:
    """``text`` with Lóra's suit symbols as the suits' words in ``lang`` ("Anna K🍃" →
    "Anna K zelené"): a screen reader reads the emoji by their own names ("list vlající ve
    větru", "kaštan": review 83). For a picture's alt text; the message text keeps the
    symbols, which the eye reads at a glance."""

    def word(match: re.Match[str]) -> str:
        before = text[match.start() - 1] if match.start() else " "
        said = t(SUIT_KEYS[without_selectors(match.group())], lang)
        return said if before.isspace() else f" {said}"

    return SUIT_MARK.sub(word, text)


def alt_text(text: str | None) -> str | None:
    """A picture's alt text as Discord takes it (None: none): on one line, without the
    marks of the message text it is built from (``MARKS``: read out otherwise), at most
    ``ALT_LIMIT`` characters, cut at a word with "…" when longer."""
    text = unmarked(text or "")
    if not text:
        return None
    if len(text) <= ALT_LIMIT:
        return text
    return text[:ALT_LIMIT - 1].rsplit(" ", 1)[0] + "…"


def png_file(data: bytes, name: str, description: str | None = None) -> discord.File:
    """A picture to attach, with its alt text (``alt_text`` of ``description``)."""
    return discord.File(io.BytesIO(data), filename=name, description=alt_text(description))


def sentences(parts: Iterable[str]) -> str:
    """Lines as one text a screen reader reads as sentences: a line without a stop of its
    own gets "." (the empty ones are left out); the stop is looked for without the marks
    (``**Konec lóry.**`` has its own: no "..")."""
    out = []
    for part in parts:
        part = unmarked(part)
        if part:
            out.append(part if part[-1] in STOPS else part + ".")
    return " ".join(out)


def hand_alt(lang: str, holds: bool, shown: Iterable[str], turn: str) -> str:
    """A hand picture in words, in every game alike: his cards (``holds``: that they are
    there, not which — the message's "V ruce máš" line names them, read just before the
    picture: a screen reader would hear them twice), what else the picture shows (the
    game's own parts, ``shown``: even when an event line of the message tells it too, the
    alt is read with the picture) and whose turn (``turn``: his own in the second person, as
    the picture says it)."""
    return sentences([t("core.alt_hand_listed", lang) if holds else "", *shown, turn])
