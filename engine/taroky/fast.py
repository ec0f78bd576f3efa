"""The playout fast path: trick play to the end of a deal on plain integers.

The AI plays thousands of these per decision, so nothing here builds an action, an event or
a view. Legality is ``play.legal_mask`` itself and the trick's winner ``play.trick_winner``:
the rules are written once (``tests/taroky/test_fast.py`` replays fast playouts through the
validated ``TarokyDeal`` from intermediate states and compares every trick).

A playout continues a position — the hands (masks), the trick in progress, its leader and
the number of tricks already done — until 12 tricks are complete, asking ``choose`` for
every card: ``choose(seat, hand, legal, trick, leader, trick_index)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.taroky.play import TRICKS, legal_mask, trick_winner

Chooser = Callable[[int, int, int, list[int], int, int], int]
Trick = tuple[int, tuple[int, ...], int]  # (leader, cards, winner)


def nth_card(mask: int, k: int) -> int:
    """The ``k``-th card (0-based, canonical order) of ``mask``."""
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def random_chooser(rng: random.Random) -> Chooser:
    """A uniformly random legal card from the injected RNG."""
    below = rng.randrange

    def choose(seat: int, hand: int, legal: int, trick: list[int], leader: int, index: int) -> int:
        n = legal.bit_count()
        if n == 1:
            return legal.bit_length() - 1
        return nth_card(legal, below(n))

    return choose


def play_out(
    hands: list[int],
    trick: list[int],
    leader: int,
    done: int,
    varsava: bool,
    mond_rule: bool,
    choose: Chooser,
) -> list[Trick]:
    """Play the position to the end; ``hands`` and ``trick`` are consumed. The tricks
    completed from here on (the one in progress first)."""
    out: list[Trick] = []
    while done < TRICKS:
        seat = (leader + len(trick)) % 4
        hand = hands[seat]
        legal = legal_mask(hand, trick, varsava, mond_rule)
        if legal & (legal - 1):
            c = choose(seat, hand, legal, trick, leader, done)
        else:
            c = legal.bit_length() - 1
        hands[seat] = hand & ~(1 << c)
        trick.append(c)
        if len(trick) == 4:
            winner = (leader + trick_winner(trick)) % 4
            out.append((leader, tuple(trick), winner))
            trick = []
            leader = winner
            done += 1
    return out


def random_playout(
    hands: list[int],
    trick: list[int],
    leader: int,
    done: int,
    varsava: bool,
    mond_rule: bool,
    rng: random.Random,
) -> list[Trick]:
    """A uniformly random legal playout (the bench's and the tests' measure)."""
    return play_out(
        list(hands), list(trick), leader, done, varsava, mond_rule, random_chooser(rng)
    )
