"""The hard player's maturita choice: the game with the best calibrated chance to pass.

For every allowed game the same sampled deals (consistent with the maturant's hand) are played
out from the maturant's first decision with the medium rules in every seat, once for each
first card he may play (``policy`` rollouts; in desítky his first card is a ten or he
knocks). Two raw estimates come out per game: ``p_medium``, how often the medium first card
comes through clean, and ``p_best``, the same for the first card that comes through most
often. Neither is how the hard player fares: it plays the maturita itself with its search,
and the medium rollouts misjudge that differently per game (they fail kvarty far more often
than the hard player does, for one). ``engine.ai.maturita_model`` maps the two estimates to
the chance that the hard player passes, per game: a logistic model fitted on games the hard
player played as maturant against hard defenders (``python -m engine.ai fit-maturita``).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from engine import clock
from engine.actions import Choose
from engine.ai.policy import (
    desitky_rollout,
    equivalence_prune_mask,
    fast_code,
    kvarty_rollout,
    legal_trick_mask,
    trick_policy,
    trick_rollout,
)
from engine.ai.worlds import knowledge, sample_world
from engine.cards import FULL_DECK
from engine.contracts import TRICK_CONTRACTS, Contract
from engine.fast import CARD_POINTS
from engine.rules import TENS_MASK, kvarty_lead_mask
from engine.views import SeatView

NO_WANT = (False, False, False, False)
CLAMP = 0.01  # estimates are kept within [CLAMP, 1 - CLAMP] before their logit


@dataclass(frozen=True, slots=True)
class Estimate:
    p_medium: float
    p_best: float
    worlds: int


def logit(p: float) -> float:
    p = min(max(p, CLAMP), 1.0 - CLAMP)
    return math.log(p / (1.0 - p))


def features(e: Estimate) -> tuple[float, float, float]:
    """The inputs of the calibrated model: a constant and the two logits."""
    return (1.0, logit(e.p_medium), logit(e.p_best))


def first_options(contract: Contract, hand: int) -> list[int]:
    """The maturant's first cards worth telling apart (-1: he can only knock)."""
    if contract in TRICK_CONTRACTS:
        code = fast_code(contract)
        legal = legal_trick_mask(hand, [], code, False)
        return equivalence_prune_mask(legal, FULL_DECK & ~hand, CARD_POINTS[code])
    if contract is Contract.KVARTY:
        m = kvarty_lead_mask(hand, True)
        return [c for c in range(32) if m >> c & 1]
    tens = hand & TENS_MASK
    return [c for c in range(32) if tens >> c & 1] or [-1]


def medium_first(contract: Contract, hand: int, seat: int, forbid: bool) -> int:
    """The medium rules' first card of the maturant (the same call the rollouts make)."""
    if contract in TRICK_CONTRACTS:
        code = fast_code(contract)
        return trick_policy(code, seat, hand, [], seat, 0, FULL_DECK, [0, 0, 0, 0], seat, forbid)
    return -2  # kvarty and desítky: the rollout itself plays the medium first card


def estimates(
    view: SeatView,
    rng: random.Random,
    worlds: int,
    deadline: float | None = None,
    min_worlds: int = 8,
) -> dict[Contract, Estimate]:
    """Both raw estimates of every allowed game, over the same sampled deals."""
    seat = view.seat
    hand = view.hand
    choices = [a.contract for a in view.legal if isinstance(a, Choose)]
    forbidden = view.public.options.red_king_first_trick == "forbidden"
    k = knowledge(view)
    options = {c: first_options(c, hand) for c in choices}
    clean_first = {c: [0] * len(options[c]) for c in choices}
    clean_medium = dict.fromkeys(choices, 0)
    n = 0
    while n < worlds:
        if deadline is not None and n >= min_worlds and clock.now() > deadline:
            break
        hands = sample_world(k, rng)
        if hands is None:
            break
        n += 1
        for contract in choices:
            fkh = forbidden and contract is Contract.CERVENY_KRAL
            firsts = options[contract]
            if contract in TRICK_CONTRACTS:
                code = fast_code(contract)
                medium = medium_first(contract, hand, seat, fkh)
                for i, c in enumerate(firsts):
                    pts = trick_rollout(
                        code, hands, [], seat, 0, 0, [0, 0, 0, 0], seat, fkh, NO_WANT, c
                    )
                    clean = not pts[seat]
                    clean_first[contract][i] += clean
                    if c == medium:
                        clean_medium[contract] += clean
                if medium not in firsts:
                    pts = trick_rollout(code, hands, [], seat, 0, 0, [0, 0, 0, 0], seat, fkh)
                    clean_medium[contract] += not pts[seat]
            elif contract is Contract.KVARTY:
                for i, c in enumerate(firsts):
                    pts = kvarty_rollout(hands, seat, True, seat, NO_WANT, c)
                    clean_first[contract][i] += not pts[seat]
                clean_medium[contract] += not kvarty_rollout(hands, seat, True, seat)[seat]
            else:
                for i, c in enumerate(firsts):
                    first = None if c < 0 else c
                    pts = desitky_rollout(hands, TENS_MASK, seat, 0, seat, NO_WANT, first)
                    clean_first[contract][i] += not pts[seat]
                clean_medium[contract] += not desitky_rollout(hands, TENS_MASK, seat, 0, seat)[seat]
    total = max(n, 1)
    return {
        c: Estimate(clean_medium[c] / total, max(clean_first[c], default=0) / total, n)
        for c in choices
    }


def pass_chance(contract: Contract, e: Estimate) -> float:
    """The calibrated chance that the hard player passes ``contract``."""
    from engine.ai.maturita_model import COEFFICIENTS

    w = COEFFICIENTS.get(contract.value)
    if w is None:
        return e.p_medium
    z = sum(a * b for a, b in zip(w, features(e), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def choose(
    view: SeatView, rng: random.Random, worlds: int, deadline: float | None = None
) -> tuple[Contract, dict[Contract, float]]:
    """The game to choose and the calibrated chance of each allowed game."""
    est = estimates(view, rng, worlds, deadline)
    chances = {c: pass_chance(c, e) for c, e in est.items()}
    return max(chances, key=lambda c: chances[c]), chances
