"""How cards and actions are named on buttons and in lines (labels match the hand picture):
the rank as the cards print it and the suit's symbol, never the notation of RULES.md."""

from __future__ import annotations

from collections.abc import Iterable

from engine.actions import Action, Lay, Lead, Play
from engine.cards import card_label
from engine.game import GameAction

__all__ = ["action_card", "card_label", "cards_text"]


def cards_text(cards: Iterable[int]) -> str:
    return " ".join(card_label(c) for c in cards)


def action_card(action: Action | GameAction) -> int | None:
    """The card an action puts out (a play, a kvarta lead, a desítky card), else None."""
    match action:
        case Play(card=card) | Lead(card=card) | Lay(card=card):
            return card
        case _:
            return None
