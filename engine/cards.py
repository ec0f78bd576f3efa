"""Cards, suits, ranks and the text notation of RULES.md (R-DECK).

A card is an ``int`` 0–31: ``suit * 8 + rank``. Suits are ordered h l b a and ranks
7 8 9 10 S F K E, so sorting cards numerically gives the order REPLAY.md prints legal actions
in. Hands are sets of cards stored as 32-bit masks (``1 << card``) so the hot paths of the
engine and the AI's rollouts work on plain integers.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from enum import IntEnum

from engine.errors import BadInput


class Suit(IntEnum):
    """The four German suits; "red" always means hearts."""

    HEARTS = 0  # červené
    LEAVES = 1  # zelené
    BELLS = 2  # kule
    ACORNS = 3  # žaludy

    @property
    def letter(self) -> str:
        return SUIT_LETTERS[self]


class Rank(IntEnum):
    """Ranks low to high: 7 8 9 10 spodek filek král eso."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    SPODEK = 4
    FILEK = 5
    KRAL = 6
    ESO = 7

    @property
    def symbol(self) -> str:
        return RANK_SYMBOLS[self]


SUIT_LETTERS = ("h", "l", "b", "a")
RANK_SYMBOLS = ("7", "8", "9", "10", "S", "F", "K", "E")
# How players read a card (the bot's buttons and lines, the terminal game): the rank as the
# cards print it and the suit's symbol; the letters above are the notation of RULES.md.
SUIT_SYMBOLS = ("❤️", "🍃", "🔔", "🌰")  # červené, zelené, kule, žaludy
NUM_CARDS = 32
FULL_DECK = (1 << NUM_CARDS) - 1
SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))
HEARTS_MASK = SUIT_MASKS[Suit.HEARTS]

CARD_NAMES: tuple[str, ...] = tuple(
    RANK_SYMBOLS[c % 8] + SUIT_LETTERS[c // 8] for c in range(NUM_CARDS)
)
_BY_NAME = {name.lower(): c for c, name in enumerate(CARD_NAMES)}


def card(rank: Rank | int, suit: Suit | int) -> int:
    """The card of this rank and suit."""
    return int(suit) * 8 + int(rank)


def suit_of(c: int) -> Suit:
    return Suit(c >> 3)


def rank_of(c: int) -> Rank:
    return Rank(c & 7)


def card_str(c: int) -> str:
    """``"Kh"`` for the king of hearts."""
    return CARD_NAMES[c]


def card_label(c: int) -> str:
    """``"K❤️"`` for the king of hearts: a card as players read it."""
    return RANK_SYMBOLS[c & 7] + SUIT_SYMBOLS[c >> 3]


def parse_card(text: str) -> int:
    """Parse RULES.md notation (``"10h"``, ``"Fa"``); case-insensitive. Raises BadInput."""
    if not isinstance(text, str):
        raise BadInput("card_not_text", value=repr(text))
    c = _BY_NAME.get(text.strip().lower())
    if c is None:
        raise BadInput("unknown_card", value=text)
    return c


KH = parse_card("Kh")
FILKY_MASK = sum(1 << card(Rank.FILEK, s) for s in Suit)


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """The cards of a mask in notation order (h l b a, 7 to E)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def iter_cards(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def parse_hand(text: str) -> int:
    """A space-separated hand (``"7h 8h 10l"``) as a mask. Raises BadInput on duplicates."""
    if not isinstance(text, str):
        raise BadInput("hand_not_text", value=repr(text))
    m = 0
    for token in text.split():
        c = parse_card(token)
        if m >> c & 1:
            raise BadInput("duplicate_card", value=token)
        m |= 1 << c
    return m


def hand_str(mask: int) -> str:
    return " ".join(CARD_NAMES[c] for c in cards_of(mask))


def parse_deal(hands: object) -> tuple[int, int, int, int]:
    """Four hands of 8 cards that together are the whole deck (R-DECK)."""
    if not isinstance(hands, list | tuple) or len(hands) != 4:
        raise BadInput("deal_not_four_hands")
    masks = [parse_hand(h) for h in hands]
    seen = 0
    for seat, m in enumerate(masks):
        if m.bit_count() != 8:
            raise BadInput("hand_size", seat=seat, count=m.bit_count())
        if seen & m:
            raise BadInput("duplicate_card", value=hand_str(seen & m))
        seen |= m
    return (masks[0], masks[1], masks[2], masks[3])


def deal_str(hands: Iterable[int]) -> list[str]:
    return [hand_str(h) for h in hands]


def shuffled_deal(rng: random.Random) -> tuple[int, int, int, int]:
    """Shuffle with the injected RNG and deal two cards at a time, clockwise (Čl. 6)."""
    deck = list(range(NUM_CARDS))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for i in range(0, NUM_CARDS, 2):
        seat = (i // 2) % 4
        hands[seat] |= (1 << deck[i]) | (1 << deck[i + 1])
    return (hands[0], hands[1], hands[2], hands[3])
