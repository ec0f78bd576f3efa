"""The 54 Taroky cards, their notation, trick strength and values (T-DECK, T-COUNT).

A card is an ``int`` 0–53 in the canonical order of T-DECK: the taroks ``I`` … ``XXI``, ``Sk``
(0–21), then the suits ``h k x p``, eight cards each from the lowest to the highest. So a
higher number of the same suit (or tarok) is always the stronger card, and sorting numbers
gives the order the replay prints. Sets of cards are 54-bit masks (``1 << card``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from engine.taroky.errors import BadInput

NUM_CARDS = 54
FULL_DECK = (1 << NUM_CARDS) - 1
NUM_TAROKS = 22
TAROK = 4  # the "colour" of a tarok; suits are 0–3 (h k x p)

TAROK_NAMES = (
    "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI",
    "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "Sk",
)  # fmt: skip
SUIT_LETTERS = ("h", "k", "x", "p")
RED_RANKS = ("4", "3", "2", "A", "J", "C", "Q", "K")  # pips run backwards: the ace is high
BLACK_RANKS = ("7", "8", "9", "10", "J", "C", "Q", "K")
SUIT_RANKS = (RED_RANKS, RED_RANKS, BLACK_RANKS, BLACK_RANKS)

# Taroks by number (I = 1 … XXI = 21) and Škýz
PAGAT = 0
MOND = 20
SKYZ = 21


def tarok(number: int) -> int:
    """The card of tarok ``number`` (1 = I … 21 = XXI, 22 = Škýz)."""
    return number - 1


def suit_card(suit: int, rank: int) -> int:
    """The card of ``rank`` (0–7, lowest to highest) in ``suit`` (0–3: h k x p)."""
    return NUM_TAROKS + 8 * suit + rank


def color(c: int) -> int:
    """The suit of a card (0–3), or ``TAROK``."""
    return TAROK if c < NUM_TAROKS else (c - NUM_TAROKS) >> 3


def rank_of(c: int) -> int:
    """Rank 0–7 of a suit card (K = 7)."""
    return (c - NUM_TAROKS) & 7


TAROKS = (1 << NUM_TAROKS) - 1
SUIT_MASKS = tuple(0xFF << (NUM_TAROKS + 8 * s) for s in range(4))
SUITS = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
COLOR_MASKS = (*SUIT_MASKS, TAROKS)
KINGS = sum(1 << suit_card(s, 7) for s in range(4))
QUEENS = sum(1 << suit_card(s, 6) for s in range(4))
CAVALS = sum(1 << suit_card(s, 5) for s in range(4))
JACKS = sum(1 << suit_card(s, 4) for s in range(4))
TRUL = (1 << PAGAT) | (1 << MOND) | (1 << SKYZ)
HONOURS = TRUL | KINGS
FIVES = KINGS | TRUL  # the cards worth 5

CARD_NAMES: tuple[str, ...] = TAROK_NAMES + tuple(
    SUIT_RANKS[s][r] + SUIT_LETTERS[s] for s in range(4) for r in range(8)
)
_BY_NAME = {name: c for c, name in enumerate(CARD_NAMES)}


def card_value(c: int) -> int:
    """T-DECK card values: K, I, XXI, Sk 5; Q 4; C 3; J 2; everything else 1."""
    bit = 1 << c
    if bit & FIVES:
        return 5
    if bit & QUEENS:
        return 4
    if bit & CAVALS:
        return 3
    if bit & JACKS:
        return 2
    return 1


CARD_VALUES = tuple(card_value(c) for c in range(NUM_CARDS))


def pile_value(mask: int) -> int:
    """The sum of the card values of a pile."""
    return (
        mask.bit_count()
        + 4 * (mask & FIVES).bit_count()
        + 3 * (mask & QUEENS).bit_count()
        + 2 * (mask & CAVALS).bit_count()
        + (mask & JACKS).bit_count()
    )


def eyes(mask: int) -> int:
    """T-COUNT: the eyes of one pile, counted in threes (2 off per three, 1 off for the rest)."""
    n = mask.bit_count()
    return pile_value(mask) - 2 * (n // 3) - (1 if n % 3 else 0)


def card_str(c: int) -> str:
    """The notation of T-DECK: ``"Kh"``, ``"10x"``, ``"XXI"``, ``"Sk"``."""
    return CARD_NAMES[c]


def parse_card(text: object) -> int:
    """One card in T-DECK notation (case-sensitive). Raises ``BadInput``."""
    if not isinstance(text, str):
        raise BadInput("card_not_text", value=repr(text))
    c = _BY_NAME.get(text.strip())
    if c is None:
        raise BadInput("unknown_card", value=text)
    return c


def parse_cards(text: object) -> list[int]:
    """Space-separated cards, in the order given (a talon); no card twice."""
    if not isinstance(text, str):
        raise BadInput("cards_not_text", value=repr(text))
    out = [parse_card(t) for t in text.split()]
    if len(set(out)) != len(out):
        dup = next(c for c in out if out.count(c) > 1)
        raise BadInput("duplicate_card", value=card_str(dup))
    return out


def parse_hand(text: object) -> int:
    """A hand as a mask."""
    mask = 0
    for c in parse_cards(text):
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> list[int]:
    """The cards of a mask in canonical order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def hand_str(mask: int) -> str:
    return " ".join(card_str(c) for c in cards_of(mask))


def cards_str(cards: Iterable[int]) -> str:
    return " ".join(card_str(c) for c in cards)


def shuffled_deck(rng: random.Random) -> list[int]:
    """The 54 cards in a uniformly random order from the injected RNG."""
    deck = list(range(NUM_CARDS))
    rng.shuffle(deck)
    return deck
