"""How cards and actions are named on buttons (labels match the numbers in the hand picture)."""

from __future__ import annotations

from engine.actions import Action, Choose, Declare, EndTurn, Lay, Lead, Play
from engine.cards import RANK_SYMBOLS, card_str
from engine.messages import contract_name

SUIT_EMOJI = ("❤️", "🍃", "🔔", "🌰")  # hearts, leaves, bells, acorns


def card_label(card: int) -> str:
    """Short text of a card for buttons and messages, e.g. "K❤️"."""
    return f"{RANK_SYMBOLS[card & 7]}{SUIT_EMOJI[card >> 3]}"


def cards_text(cards: list[int] | tuple[int, ...]) -> str:
    return " ".join(card_label(c) for c in cards)


def action_card(action: Action) -> int | None:
    if isinstance(action, Play | Lead | Lay):
        return action.card
    return None


def choice_label(action: Action, lang: str) -> str:
    if isinstance(action, Choose):
        return contract_name(action.contract.value, lang)
    if isinstance(action, Declare):
        return "yes" if action.declare else "no"
    if isinstance(action, EndTurn):
        return "end"
    card = action_card(action)
    return card_str(card) if card is not None else "?"
