"""How cards and actions are named on buttons (labels match the numbers in the hand picture)."""

from __future__ import annotations

from engine.actions import Action, Lay, Lead, Play
from engine.cards import RANK_SYMBOLS
from engine.game import GameAction

SUIT_EMOJI = ("❤️", "🍃", "🔔", "🌰")  # hearts, leaves, bells, acorns


def card_label(card: int) -> str:
    """Short text of a card for buttons and messages, e.g. "K❤️"."""
    return f"{RANK_SYMBOLS[card & 7]}{SUIT_EMOJI[card >> 3]}"


def cards_text(cards: list[int] | tuple[int, ...]) -> str:
    return " ".join(card_label(c) for c in cards)


def action_card(action: Action | GameAction) -> int | None:
    """The card an action puts out (a play, a kvarta lead, a desítky card), else None."""
    match action:
        case Play(card=card) | Lead(card=card) | Lay(card=card):
            return card
        case _:
            return None
