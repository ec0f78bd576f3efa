"""medium: rules of thumb per contract (engine.ai.policy), from the seat's view only.

Trick games: duck under the winning card with the highest card that still loses, throw the
most dangerous card when void, lead low from short suits, shed high cards in the free middle
of první–poslední; as a maturita defender, feed penalties to the maturant. Kvarty: start the
kvarta that sheds the most own cards and keeps the lead. Desítky: lay the cards that free
your own next ones, hold back those that free others'. Maturita: the game the maturant comes
through clean most often over a few sampled deals played out by these rules. Čistá stovka:
declare when 100 is within reach of a seat that has little to lose.
"""

from __future__ import annotations

import random

from engine import clock
from engine.actions import Action, Choose, Declare
from engine.ai.common import (
    card_action,
    ends_of,
    forbid_kh,
    maturant_of,
    remaining_of,
    trick_state,
    voids_of,
)
from engine.ai.objective import stovka_declare, stovka_target
from engine.ai.policy import (
    desitky_policy,
    desitky_rollout,
    fast_code,
    kvarty_policy,
    kvarty_rollout,
    trick_policy,
    trick_rollout,
)
from engine.ai.worlds import knowledge, sample_world
from engine.contracts import TRICK_CONTRACTS, Contract
from engine.rules import TENS_MASK
from engine.views import DesitkyView, KvartyView, SeatView


def medium_card(view: SeatView) -> int:
    """The medium policy's card in the running partial game (-1: end the desítky turn)."""
    pub = view.public
    contract = pub.contract
    assert contract is not None
    want = stovka_target(view) > 0
    seat = view.seat
    if contract in TRICK_CONTRACTS:
        k = knowledge(view)
        trick, leader, index, _ = trick_state(pub)
        return trick_policy(
            fast_code(contract),
            seat,
            view.hand,
            trick,
            leader,
            index,
            remaining_of(pub),
            voids_of(k.excluded),
            maturant_of(pub),
            forbid_kh(pub),
            want,
        )
    match pub.game:
        case KvartyView(kvarty=kvarty):
            return kvarty_policy(view.hand, pub.played, not kvarty, want)
        case DesitkyView(turn=turn):
            pass
        case _:
            raise ValueError(f"no card policy for {contract}")
    return desitky_policy(
        view.hand,
        ends_of(pub),
        bool(turn),
        min(pub.hand_counts) <= 2,
        seat == pub.maturant,
        want,
    )


def maturita_clean_rates(
    view: SeatView,
    rng: random.Random,
    worlds: int,
    deadline: float | None = None,
) -> dict[Contract, float]:
    """How often the maturant comes through each allowed game clean, over sampled deals
    played out by the medium rules (the same deals for every game)."""
    seat = view.seat
    choices = [a.contract for a in view.legal if isinstance(a, Choose)]
    clean = dict.fromkeys(choices, 0)
    k = knowledge(view)
    n = 0
    forbidden = view.public.options.red_king_first_trick == "forbidden"
    while n < worlds:
        if deadline is not None and n >= 4 and clock.now() > deadline:
            break
        hands = sample_world(k, rng)
        if hands is None:
            break
        n += 1
        for contract in choices:
            if contract in TRICK_CONTRACTS:
                pts = trick_rollout(
                    fast_code(contract),
                    hands,
                    [],
                    seat,
                    0,
                    0,
                    [0, 0, 0, 0],
                    seat,
                    forbidden and contract is Contract.CERVENY_KRAL,
                )
            elif contract is Contract.KVARTY:
                pts = kvarty_rollout(hands, seat, True, seat)
            else:
                pts = desitky_rollout(hands, TENS_MASK, seat, 0, seat)
            if pts[seat] == 0:
                clean[contract] += 1
    return {c: clean[c] / max(n, 1) for c in choices}


def best_choice(rates: dict[Contract, float]) -> Contract:
    return max(rates, key=lambda c: rates[c])


class MediumAI:
    name = "medium"

    def __init__(self, rng: random.Random, maturita_worlds: int = 12) -> None:
        self.rng = rng
        self.maturita_worlds = maturita_worlds
        self.fallbacks = 0  # decisions where the rules gave no legal action (a bug)

    def decide(self, view: SeatView) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError("the seat has nothing to decide")
        if len(legal) == 1:
            return legal[0]
        pub = view.public
        if pub.phase == "stovka":
            return Declare(view.seat, stovka_declare(view))
        if pub.phase == "choose":
            rates = maturita_clean_rates(view, self.rng, self.maturita_worlds)
            return Choose(view.seat, best_choice(rates))
        action = card_action(view, medium_card(view))
        if action not in legal:
            self.fallbacks += 1
            return legal[0]
        return action
