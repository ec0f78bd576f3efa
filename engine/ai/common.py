"""Inputs of the mask policies read from a seat's view, and actions made from cards."""

from __future__ import annotations

from engine.actions import Action, Choose, EndTurn, Lay, Lead, Play
from engine.cards import FULL_DECK, SUIT_MASKS
from engine.contracts import TRICK_CONTRACTS, Contract
from engine.rules import desitky_ends
from engine.views import PublicView, SeatView


def voids_of(excluded: tuple[int, int, int, int]) -> list[int]:
    """4-bit masks of the suits each seat is known to hold none of."""
    out = [0, 0, 0, 0]
    for s in range(4):
        for suit in range(4):
            if excluded[s] & SUIT_MASKS[suit] == SUIT_MASKS[suit]:
                out[s] |= 1 << suit
    return out


def remaining_of(pub: PublicView) -> int:
    """Every card still in a hand."""
    return FULL_DECK & ~pub.played


def ends_of(pub: PublicView) -> int:
    """The desítky cards that may be laid next: every card out of the hands is on the rows."""
    return desitky_ends(pub.played)


def trick_state(pub: PublicView) -> tuple[list[int], int, int, int]:
    """(current trick cards, its leader, 0-based trick number, cards taken in tricks)."""
    trick = [c for _, c in pub.trick]
    leader = pub.trick[0][0] if pub.trick else (pub.to_act if pub.to_act is not None else 0)
    taken = 0
    for _, cards in pub.tricks:
        for c in cards:
            taken |= 1 << c
    return trick, leader, len(pub.tricks), taken


def forbid_kh(pub: PublicView) -> bool:
    return pub.contract is Contract.CERVENY_KRAL and pub.options.red_king_first_trick == "forbidden"


def maturant_of(pub: PublicView) -> int:
    return -1 if pub.maturant is None else pub.maturant


def is_trick_game(pub: PublicView) -> bool:
    return pub.contract in TRICK_CONTRACTS


def card_action(view: SeatView, card: int) -> Action:
    """The action of playing ``card`` in the running game (-1: end the desítky turn)."""
    contract = view.public.contract
    if contract is Contract.KVARTY:
        return Lead(view.seat, card)
    if contract is Contract.DESITKY:
        return EndTurn(view.seat) if card < 0 else Lay(view.seat, card)
    return Play(view.seat, card)


def action_card(action: Action) -> int:
    if isinstance(action, Play | Lead | Lay):
        return action.card
    return -1


def choice_action(view: SeatView, contract: Contract) -> Action:
    return Choose(view.seat, contract)
