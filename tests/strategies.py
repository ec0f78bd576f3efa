"""Hypothesis strategies and small helpers shared by the property tests.

Deals are drawn as permutations of the 32 cards (they shrink towards a sorted deck), table
options are drawn from every combination, and a game is played on by ``Picker``: a list of
drawn integers chooses among the legal actions (it shrinks towards "always the first legal
action"), so a failing example shrinks to a short, readable line of play.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import TypeVar

from hypothesis import strategies as st

from engine.cards import NUM_CARDS, card_str
from engine.contracts import Contract, Options

T = TypeVar("T")

Deal = tuple[int, int, int, int]

TRICK_GAMES = (
    Contract.CERVENE,
    Contract.FILKY,
    Contract.PRVNI_POSLEDNI,
    Contract.VSECHNY,
    Contract.CERVENY_KRAL,
    Contract.HARAKIRI,
)
ALL_PARTIAL = (*TRICK_GAMES[:5], Contract.KVARTY, Contract.DESITKY, Contract.HARAKIRI)
# R-LORA: the eight partial games of a tálie, in order (written from RULES.md, not the engine)
TALIE = (
    Contract.CERVENE,
    Contract.FILKY,
    Contract.PRVNI_POSLEDNI,
    Contract.VSECHNY,
    Contract.CERVENY_KRAL,
    Contract.KVARTY,
    Contract.DESITKY,
    Contract.MATURITA,
)


def maturita_choices(attempt: int) -> tuple[Contract, ...]:
    """R-MATURITA: the games a maturant may choose, in R-LORA order; první–poslední only on
    the third attempt."""
    return tuple(c for c in TALIE[:7] if c is not Contract.PRVNI_POSLEDNI or attempt == 3)


MATURITA_GAMES = maturita_choices(3)  # everything a maturant may ever choose


def deal_from_permutation(perm: Sequence[int]) -> Deal:
    """Seat s gets the cards perm[8s : 8s + 8]."""
    hands = [0, 0, 0, 0]
    for i, c in enumerate(perm):
        hands[i // 8] |= 1 << c
    return (hands[0], hands[1], hands[2], hands[3])


def deal_text(deal: Deal) -> list[str]:
    """The deal in RULES.md notation, for failure messages and replay files."""
    return [" ".join(card_str(c) for c in range(NUM_CARDS) if hand >> c & 1) for hand in deal]


deals = st.permutations(range(NUM_CARDS)).map(deal_from_permutation)
HIGH_CARDS = tuple(8 * s + r for s in range(4) for r in (5, 6, 7))  # F, K, E of each suit


@st.composite
def wild_deals(draw: st.DrawFn) -> Deal:
    """Deals where seat 0 holds no card below F (divoká karta, R-KVARTY-FIRST)."""
    high = draw(st.permutations(HIGH_CARDS))[:8]
    rest = draw(st.permutations([c for c in range(NUM_CARDS) if c not in high]))
    return deal_from_permutation([*high, *rest])


# R-KVARTY-ROYAL: per suit, runs that end with the ace; a hand takes 8 cards of them
_ROYAL_RUNS = ((), (7,), (6, 7), (5, 7), (5, 6, 7))
ROYAL_HANDS = tuple(
    tuple(8 * s + r for s, run in enumerate(runs) for r in run)
    for runs in itertools.product(_ROYAL_RUNS, repeat=4)
    if sum(map(len, runs)) == 8
)


@st.composite
def royal_deals(draw: st.DrawFn) -> Deal:
    """Deals where seat 0 holds a královská kvarta."""
    high = draw(st.sampled_from(ROYAL_HANDS))
    rest = draw(st.permutations([c for c in range(NUM_CARDS) if c not in high]))
    return deal_from_permutation([*high, *rest])


seeds = st.integers(min_value=0, max_value=2**32 - 1)
seats = st.integers(min_value=0, max_value=3)
options = st.builds(
    Options,
    red_king_first_trick=st.sampled_from(["allowed", "forbidden"]),
    panak=st.booleans(),
    cista_stovka=st.booleans(),
)
# One drawn number per decision; decisions past the end of the list take the first choice.
picks = st.lists(st.integers(min_value=0, max_value=255), max_size=90)


class Picker:
    """Chooses among options: from drawn numbers first, then from a seeded RNG or index 0."""

    def __init__(self, numbers: Sequence[int] = (), rng: random.Random | None = None) -> None:
        self.numbers = list(numbers)
        self.rng = rng
        self.used = 0

    def index(self, n: int) -> int:
        assert n > 0
        if self.used < len(self.numbers):
            value = self.numbers[self.used]
            self.used += 1
            return value % n
        if self.rng is not None:
            return self.rng.randrange(n)
        return 0

    def choice(self, items: Sequence[T]) -> T:
        return items[self.index(len(items))]
