"""Pictures as the bot attaches them: each with its alt text, the words a screen reader says
in place of the picture (Discord's attachment description)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from typing import NamedTuple

import discord

from bot.i18n import t, tn
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
SUIT_MARK = re.compile("|".join(re.escape(symbol) for symbol in SUIT_KEYS))


def unmarked(text: str) -> str:
    """``text`` without the message text's ``MARKS``, on one line."""
    for mark in MARKS:
        text = text.replace(mark, " " if len(mark) == 1 else "")
    return " ".join(text.split())


class CardWords(NamedTuple):
    """How a game's cards are said (``GameUI.card_words``): each card's label as its texts
    write it (without variation selectors) and its words, its words as a verb's object
    (Czech "vynášíš červenou sedmu", "přikládá zeleného krále"), the pattern that finds the
    labels and the one that tells a verb's object: a row of cards right after ``cues``."""

    words: dict[str, str]
    objects: dict[str, str]
    pattern: re.Pattern[str]
    cue: re.Pattern[str] | None


# a one-letter label (Taroky's "I", "V", "X") is a card only where no lower-case word follows
# it (Czech "V tomto rozdání", English "I pass"): "bez spoluhráče, XIX v talonu" is a card
LETTER_CARD = "(?! [a-záčďéěíňóřšťúůýž])"


def card_words(words: dict[str, str], objects: dict[str, str] | None = None,
               cues: str = "") -> CardWords:
    """A game's ``CardWords`` from its labels' words (the longest label first: "XIX" before
    "XI"; a label is a card only as a whole word), their words as a verb's object
    (``objects``, else as ``words``) and the verbs that take one (``cues``: "hraje|vynáší|…",
    a catalog's ``core.alt_object_cues``; none: no card is said as an object)."""
    keys = sorted(words, key=len, reverse=True)
    alternatives = "|".join(re.escape(key) + (LETTER_CARD if len(key) == 1 else "")
                            for key in keys)
    pattern = rf"(?<!\w)(?:{alternatives})(?!\w)"
    verbs = "|".join(re.escape(cue) for cue in cues.split("|") if cue)
    # (a verb, then the cards before this one in its row: "Vynášíš 7❤ 8❤", "přikládá 7❤, 8❤")
    cue = re.compile(rf"(?<!\w)(?i:{verbs}) (?:{pattern}(?:, | ))*$") if verbs else None
    return CardWords(words, objects or words, re.compile(pattern), cue)


# symbols read out by name, or not at all, and the words said for them (their catalog keys)
SYMBOL_KEYS = {"Σ": "core.alt_sigma", "✓": "core.alt_check", "✗": "core.alt_cross"}
POINTS = re.compile(r"(\d+)([.,]\d+)? (?:b(\.)|pts?\b)")
# where "b." ends its sentence too ("70 b. 2. Cyril"), its words keep the stop
SENTENCE_ON = re.compile(r"\s*$|\s+[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ0-9]")


def spoken(text: str, lang: str, cards: CardWords | None = None) -> str:
    """``text`` as a screen reader should say it, for a picture's alt text: the game's cards
    as words, a row of them with commas (``cards``: "E🌰" → "žaludské eso", "K♠︎" →
    "pikový král", "XVIII" → "tarok 18"; as a verb's object "Hraješ 7❤" → "Hraješ červenou
    sedmu"; review 92: "D♠︎" read "dé", "XVIII" spelt out), Lóra's
    suit symbols as the suits' words ("Anna K🍃" read "list vlající ve větru": review 83),
    points in words ("25 b." →
    "25 bodů"), the symbols Σ ✓ ✗ as words and "·" as a comma. The message text keeps the
    symbols, which the eye reads at a glance."""
    text = without_selectors(text)
    if cards is not None:  # (cards one beside another, "II XVIII J♦", said as a list)
        def card(match: re.Match[str]) -> str:
            said = (cards.objects if cards.cue is not None
                    and cards.cue.search(text, 0, match.start()) else cards.words)
            return f"\0{said[match.group()]}\1"

        text = cards.pattern.sub(card, text)
        text = text.replace("\1 \0", ", ").replace("\0", "").replace("\1", "")

    def suit(match: re.Match[str]) -> str:
        before = text[match.start() - 1] if match.start() else " "
        said = t(SUIT_KEYS[match.group()], lang)
        return said if before.isspace() else f" {said}"

    text = SUIT_MARK.sub(suit, text)

    def points(match: re.Match[str]) -> str:
        whole, part, dot = match.groups()
        stop = "." if dot and SENTENCE_ON.match(text, match.end()) else ""
        if part:  # ("5,5 bodu": a fraction takes its own form)
            return t("core.alt_points_part", lang, n=whole + part) + stop
        return tn("core.alt_points", lang, int(whole)) + stop

    text = POINTS.sub(points, text)
    for symbol, key in SYMBOL_KEYS.items():
        text = text.replace(symbol, t(key, lang))
    return text.replace(" · ", ", ").replace("·", ",")


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
