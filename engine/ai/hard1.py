"""hard1: the hard player as it was before issue 17, frozen as a yardstick (arena only).

It is not offered at tables; ``python -m engine.ai arena --b hard1`` measures the hard player
against it. Its behaviour must not change: it reads views through the same helpers as the
other players (``engine.ai.common``, ``engine.ai.worlds``) and plays the medium rollouts of
``engine.ai.policy``.

The original description follows.

hard: determinized flat Monte Carlo search from the seat's view.

For each decision the hard player samples worlds consistent with everything public
(``engine.ai.worlds``: cards played, voids shown, the kvarty built, the desítky rows and
knocks), and in every world plays each candidate action on to the end of the partial game
with the medium rules in all seats (so a simulated medium seat plays as a real one would);
with few tricks left a trick game is solved exactly (maxⁿ) in the world instead. The same
worlds serve every candidate (common random numbers); the candidate with the best mean
outcome is played, the medium card on ties. Each decision is time-boxed (``budget_ms``),
with a floor of ``min_worlds`` and a cap of ``max_worlds`` worlds; ``budget_ms=None``
makes it count worlds only, which is deterministic for a given RNG state.

What a candidate is worth to the seat: minus its points from here on; as maturant, minus a
failure; as a maturita defender, the maturant's failure; a čistá stovka declarer aims at
the points it wants from the game (``engine.ai.objective``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import clock
from engine.actions import Action, Choose, Declare
from engine.ai.common import (
    action_card,
    card_action,
    ends_of,
    forbid_kh,
    maturant_of,
    trick_state,
    voids_of,
)
from engine.ai.medium import best_choice, maturita_clean_rates, medium_card
from engine.ai.objective import stovka_declare, stovka_target
from engine.ai.policy import (
    ABOVE,
    BELOW,
    CARD_VALUE,
    desitky_rollout,
    fast_code,
    kvarty_rollout,
    trick_rollout,
    trick_solve,
)
from engine.ai.worlds import knowledge, sample_world
from engine.contracts import TRICK_CONTRACTS
from engine.views import DesitkyView, KvartyView, SeatView

DEFAULT_BUDGET_MS = 60.0
MATURITA_BUDGET_MS = 150.0


def _equivalence_prune(cards: list[int], separators: int, code: int, keep: int) -> list[int]:
    """Drop cards equivalent to a neighbour: same suit, same penalty value, and no card
    between them that another seat holds or the current trick shows. ``keep`` (the medium
    card) represents its group; otherwise the highest card does."""
    value = CARD_VALUE[code]
    groups: list[list[int]] = []
    for c in sorted(cards):
        if groups:
            p = groups[-1][-1]
            if p >> 3 == c >> 3 and value[p] == value[c] and not (ABOVE[p] & BELOW[c] & separators):
                groups[-1].append(c)
                continue
        groups.append([c])
    return [keep if keep in g else g[-1] for g in groups]


def _settled(results: list[list[float]], totals: list[float], z: float = 3.0) -> bool:
    """The leader is ahead of every other candidate beyond doubt (paired over the same
    worlds: mean difference more than ``z`` standard errors), or all candidates have done
    exactly alike in every world so far. Either way more worlds would not change the pick."""
    lead = max(range(len(totals)), key=lambda i: totals[i])
    ref = results[lead]
    n = len(ref)
    for i, r in enumerate(results):
        if i == lead:
            continue
        d = [a - b for a, b in zip(ref, r, strict=True)]
        mean = sum(d) / n
        var = sum((x - mean) ** 2 for x in d) / (n - 1)
        if var == 0.0:
            if mean == 0.0:
                continue  # identical so far
            continue  # the same margin in every world
        if mean < z * (var / n) ** 0.5:
            return False
    return True


class Hard1AI:
    name = "hard1"

    def __init__(
        self,
        rng: random.Random,
        budget_ms: float | None = DEFAULT_BUDGET_MS,
        min_worlds: int = 6,
        max_worlds: int = 300,
        settle_worlds: int = 16,
        solve_cards: int = 2,
        maturita_worlds: int = 80,
        maturita_budget_ms: float | None = MATURITA_BUDGET_MS,
    ) -> None:
        self.rng = rng
        self.budget_ms = budget_ms
        self.min_worlds = min_worlds
        self.max_worlds = max_worlds
        self.settle_worlds = settle_worlds
        self.solve_cards = solve_cards
        self.maturita_worlds = maturita_worlds
        self.maturita_budget_ms = maturita_budget_ms
        self.fallbacks = 0
        self.last_worlds = 0  # worlds searched by the last decision (for the arena)

    # -- the interface -----------------------------------------------------------------
    def decide(self, view: SeatView) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError("the seat has nothing to decide")
        self.last_worlds = 0
        if len(legal) == 1:
            return legal[0]
        pub = view.public
        if pub.phase == "stovka":
            return Declare(view.seat, stovka_declare(view))
        if pub.phase == "choose":
            deadline = None
            if self.maturita_budget_ms is not None:
                deadline = clock.now() + self.maturita_budget_ms / 1000
            rates = maturita_clean_rates(view, self.rng, self.maturita_worlds, deadline)
            return Choose(view.seat, best_choice(rates))
        action = self._search(view)
        if action not in legal:
            self.fallbacks += 1
            return legal[0]
        return action

    # -- the search --------------------------------------------------------------------
    def _search(self, view: SeatView) -> Action:
        t0 = clock.now()
        pub = view.public
        contract = pub.contract
        assert contract is not None
        me = view.seat
        prior = medium_card(view)
        cands = [action_card(a) for a in view.legal]
        k = knowledge(view)
        maturant = maturant_of(pub)
        target = stovka_target(view)
        want = (
            me == 0 and target > 0,
            me == 1 and target > 0,
            me == 2 and target > 0,
            me == 3 and target > 0,
        )
        simulate: Callable[[list[int], int], list[int]]
        if contract in TRICK_CONTRACTS:
            code = fast_code(contract)
            trick, leader, index, taken = trick_state(pub)
            tmask = 0
            for c in trick:
                tmask |= 1 << c
            cands = _equivalence_prune(cands, k.unseen | tmask, code, prior)
            voids = voids_of(k.excluded)
            fkh = forbid_kh(pub)
            solve = view.hand.bit_count() <= self.solve_cards

            def simulate(hands: list[int], c: int) -> list[int]:
                if solve:
                    return trick_solve(code, hands, trick, leader, index, taken, maturant, fkh, c)
                return trick_rollout(
                    code, hands, trick, leader, index, taken, voids, maturant, fkh, want, c
                )

        elif isinstance(pub.game, KvartyView):
            first = not pub.game.kvarty

            def simulate(hands: list[int], c: int) -> list[int]:
                return kvarty_rollout(hands, me, first, maturant, want, c)

        else:
            assert isinstance(pub.game, DesitkyView)
            ends = ends_of(pub)
            laid = len(pub.game.turn)

            def simulate(hands: list[int], c: int) -> list[int]:
                return desitky_rollout(hands, ends, me, laid, maturant, want, c)

        if len(cands) == 1:
            return card_action(view, cands[0])

        def utility(pts: list[int]) -> float:
            if maturant >= 0:
                if me == maturant:
                    return -1.0 if pts[me] else 0.0
                return 1.0 if pts[maturant] else 0.0
            if target > 0:
                return -abs(pts[me] - target)
            return -float(pts[me])

        m = len(cands)
        results: list[list[float]] = [[] for _ in range(m)]
        totals = [0.0] * m
        n = 0
        deadline = None if self.budget_ms is None else t0 + self.budget_ms / 1000
        while n < self.max_worlds:
            if deadline is not None and n >= self.min_worlds and clock.now() > deadline:
                break
            if n >= self.settle_worlds and n % 8 == 0 and _settled(results, totals):
                break
            hands = sample_world(k, self.rng)
            if hands is None:
                break
            for i, c in enumerate(cands):
                u = utility(simulate(hands, c))
                results[i].append(u)
                totals[i] += u
            n += 1
        self.last_worlds = n
        if n == 0:
            return card_action(view, prior)
        best = max(range(m), key=lambda i: totals[i])
        if prior in cands and totals[cands.index(prior)] >= totals[best] - 1e-9:
            best = cands.index(prior)
        return card_action(view, cands[best])
