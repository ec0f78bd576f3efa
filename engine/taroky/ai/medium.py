"""medium: rules of thumb from the seat's view only (``engine.taroky.ai.hand`` before the
play, ``engine.taroky.ai.policy`` for the cards)."""

from __future__ import annotations

import random

from engine.taroky.actions import DealAction, Play
from engine.taroky.ai.hand import decide_before_play
from engine.taroky.ai.policy import policy_card
from engine.taroky.ai.worlds import knowledge
from engine.taroky.cards import PAGAT, TAROKS
from engine.taroky.play import legal_mask
from engine.taroky.views import SeatView


def medium_card(view: SeatView) -> int:
    """The policy's card for the seat to play, with what the seat knows."""
    pub = view.public
    me = view.seat
    k = knowledge(view)
    others = 0
    for s in range(4):
        if s != me:
            others |= k.allowed[s]
    trick = [c for _, c in pub.trick]
    leader = pub.trick[0][0] if pub.trick else me
    hand = view.hand
    varsava = pub.game == "W"
    legal = legal_mask(hand, trick, varsava, pub.options.mond_rule)
    keep = bool(hand >> PAGAT & 1) and (pub.pagat_by == me or (hand & TAROKS).bit_count() >= 7)
    return policy_card(
        me, hand, legal, trick, leader, pub.tricks_done, list(view.sides), others, varsava, keep
    )


class MediumAI:
    name = "medium"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: SeatView) -> DealAction:
        if not view.legal:
            raise ValueError("the seat has nothing to decide")
        if len(view.legal) == 1:
            return view.legal[0]
        if view.public.phase == "play":
            action: DealAction = Play(view.seat, medium_card(view))
        else:
            action = decide_before_play(view)
        return action if action in view.legal else view.legal[0]
