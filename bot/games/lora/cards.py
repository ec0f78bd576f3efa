"""How cards and actions are named on buttons and in lines (labels match the hand picture):
the rank as the cards print it and the suit's symbol, never the notation of RULES.md."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from bot.i18n import t
from bot.render.fonts import without_selectors
from bot.ui.alt import CardWords, card_words
from engine.actions import Action, Lay, Lead, Play
from engine.cards import NUM_CARDS, SUIT_LETTERS, card_label
from engine.game import GameAction

__all__ = ["action_card", "card_label", "cards_text", "spoken_cards"]
# the ranks' words' keys, 7 … eso (a picture's alt text: "E🌰" said "žaludské eso")
RANK_KEYS = ("7", "8", "9", "10", "s", "f", "k", "e")


def cards_text(cards: Iterable[int]) -> str:
    return " ".join(card_label(c) for c in cards)


def action_card(action: Action | GameAction) -> int | None:
    """The card an action puts out (a play, a kvarta lead, a desítky card), else None."""
    match action:
        case Play(card=card) | Lead(card=card) | Lay(card=card):
            return card
        case _:
            return None


@cache
def spoken_cards(lang: str) -> CardWords:
    """Each card's label and its words, the rules' names with the suit as Czech says it
    ("žaludské eso", "červený král"; review 97: not "eso žaludy"; "Ace of acorns"), also as
    a verb's object ("vynášíš červenou sedmu"): how a picture's alt text says it
    (``bot.ui.alt.spoken``)."""
    def said(c: int, form: str) -> str:
        return t(f"lora.alt_{form}_{RANK_KEYS[c & 7]}", lang,
                 suit=t(f"lora.alt_stem_{SUIT_LETTERS[c >> 3]}", lang))

    labels = {c: without_selectors(card_label(c)) for c in range(NUM_CARDS)}
    return card_words({labels[c]: said(c, "card") for c in labels},
                      {labels[c]: said(c, "object") for c in labels},
                      t("core.alt_object_cues", lang))
