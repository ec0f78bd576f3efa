"""T-BID: the bidding and the předák's choice after all passed, as functions.

``bid_refusal`` and ``choose_refusal`` are the one legality check: the deal's ``verify``,
its ``legal_actions`` and the AI all ask them.
"""

from __future__ import annotations

from engine.taroky.cards import PAGAT, TAROKS
from engine.taroky.errors import Refusal
from engine.taroky.options import TarokyOptions

GAMES = ("1P", "2P", "3P", "6P")  # the bids, low to high
BID_WORDS = (*GAMES, "dobra", "zduch")  # the order of ``legal`` (T-REPLAY)
CHOICES = ("1P", "2P", "W")  # the předák's choice (T-BID-END)
RANK = {g: i for i, g in enumerate(GAMES)}


def speaking_order(dealer: int) -> tuple[int, int, int, int]:
    """T-BID-ORDER: předák, d+2, d+3, zadák."""
    return ((dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4, dealer)


def holds_pagat(hand: int) -> bool:
    return bool(hand >> PAGAT & 1)


def bid_refusal(
    bid: str,
    *,
    first: bool,
    zadak: bool,
    highest: str | None,
    hand: int,
    options: TarokyOptions,
) -> Refusal | None:
    """Why ``bid`` may not be said now (None: it may). ``first``: the předák opening."""
    if first:
        if bid == "dobra":
            return ("must_open", "T-BID-OPEN")
        if bid == "zduch":
            return ("zduch_not_allowed", "T-BID-ZDUCH")
    elif bid == "dobra":
        return None
    elif bid == "zduch":
        if zadak and highest == "1P" and options.varsava and options.zduch:
            return None
        return ("zduch_not_allowed", "T-BID-ZDUCH")
    elif highest is not None and RANK[bid] <= RANK[highest]:
        return ("bid_too_low", "T-BID-RAISE")
    if bid == "2P" and not holds_pagat(hand):
        return ("no_pagat_for_2P", "T-BID-2P")
    return None


def legal_bids(
    *, first: bool, zadak: bool, highest: str | None, hand: int, options: TarokyOptions
) -> list[str]:
    return [
        b
        for b in BID_WORDS
        if bid_refusal(
            b, first=first, zadak=zadak, highest=highest, hand=hand, options=options
        )
        is None
    ]


def varsava_possible(hand: int, options: TarokyOptions) -> bool:
    """The předák may choose Varšava (T-BID-END): option on, not too many taroks."""
    if not options.varsava:
        return False
    limit = options.varsava_max_taroky
    return limit is None or (hand & TAROKS).bit_count() <= limit


def choose_refusal(choice: str, hand: int, options: TarokyOptions) -> Refusal | None:
    if choice == "2P" and not holds_pagat(hand):
        return ("no_pagat_for_2P", "T-BID-END")
    if choice == "W" and not varsava_possible(hand, options):
        return ("varsava_not_allowed", "T-BID-END")
    return None


def legal_choices(hand: int, options: TarokyOptions) -> list[str]:
    return [c for c in CHOICES if choose_refusal(c, hand, options) is None]
