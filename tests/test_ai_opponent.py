"""The opponent model's memo (issue 17, seventh round): the medium card of a past decision is
remembered by the cards of the hand the medium rules read then (following suit in a trick
game: the suit and the penalty cards; desítky: the suits the hand can lay in, and whether it
holds a card elsewhere). Asked about many hands the way the world chain asks (one card swapped
between two seats at a time), the model must answer exactly as a fresh one does for each."""

from __future__ import annotations

import random
from dataclasses import replace

from engine.ai import MediumAI
from engine.ai.opponent import Evidence
from engine.ai.policy import desitky_policy
from engine.ai.posterior import Beliefs
from engine.ai.worlds import knowledge
from engine.cards import SUIT_MASKS, cards_of
from engine.fast import pick
from engine.lora import Lora
from engine.rules import desitky_next_ends


def test_memo_answers_as_a_fresh_model() -> None:
    rng = random.Random(17)
    kinds: dict[str, int] = {}
    hits = 0
    for i in range(3):
        lora = Lora(rng=random.Random(1700 + i), first_leader=i % 4)
        bots = [MediumAI(random.Random(s)) for s in range(4)]
        while not lora.finished:
            seat = lora.to_act
            assert seat is not None
            if lora.phase == "play" and rng.random() < 0.12:
                view = lora.view(seat)
                k = knowledge(view)
                shared = Evidence(view)
                others = [s for s in range(4) if s != seat]
                for hands in Beliefs(k, None, rng).draw(3):
                    h = list(hands)
                    for _ in range(12):  # chain-like steps: swap one card between two seats
                        x, y = rng.sample(others, 2)
                        give, take = h[x] & k.allowed(y), h[y] & k.allowed(x)
                        if give and take:
                            a = 1 << pick(give, rng.getrandbits)
                            b = 1 << pick(take, rng.getrandbits)
                            h[x] ^= a ^ b
                            h[y] ^= a ^ b
                        for s in others:
                            fresh = Evidence(view)
                            assert shared.loglik(s, h[s]) == fresh.loglik(s, h[s])
                            assert shared.matches(s, h[s]) == fresh.matches(s, h[s])
                kind = str(lora.contract) + ("/maturita" if lora.is_maturita else "")
                kinds[kind] = kinds.get(kind, 0) + 1
                hits += sum(len(d.memo) for ds in shared.decisions for d in ds)
            lora.apply(bots[seat].decide(lora.view(seat)))
    assert {"cervene", "filky", "desitky"} <= set(kinds)
    assert any(k.endswith("/maturita") for k in kinds)
    assert hits > 100


def test_desitky_memo_tells_a_hand_that_can_lay_out() -> None:
    """Desítky: two hands alike in the suits they can lay in, one with a card elsewhere (it
    cannot lay out in this turn), the other without: the memo keeps them apart."""
    rng = random.Random(5)
    checked = 0
    for i in range(6):
        lora = Lora(rng=random.Random(1800 + i), first_leader=i % 4)
        bots = [MediumAI(random.Random(s)) for s in range(4)]
        while not lora.finished and checked < 400:
            seat = lora.to_act
            assert seat is not None
            view = lora.view(seat)
            if lora.phase == "play" and str(lora.contract) == "desitky":
                shared = Evidence(view)
                for s, ds in enumerate(shared.decisions):
                    for d in ds:
                        for _ in range(20):
                            # a hand that lays out from one row, and the same with a card
                            # of a suit it cannot lay in
                            e = d.ends
                            c = rng.choice(cards_of(e))
                            hand = 0
                            while True:
                                hand |= 1 << c
                                e = desitky_next_ends(e, c)
                                nxt = e & SUIT_MASKS[c >> 3] & ~hand
                                if not nxt or rng.random() < 0.3:
                                    break
                                c = rng.choice(cards_of(nxt))
                            suits = sum(m for m in SUIT_MASKS if hand & d.ends & m)
                            far = ~suits & 0xFFFFFFFF
                            pair = (hand, hand | 1 << rng.choice(cards_of(far)))
                            # the decision as if the medium card of the first had been played
                            med = desitky_policy(
                                hand, d.ends, d.laid, d.urgent, s == shared.maturant, d.want
                            )
                            dm = replace(d, choice=med, memo={})
                            for h in pair:
                                got = shared._predict(s, dm, h)
                                assert got == shared._predict(s, replace(dm, memo={}), h)
                                checked += 1
            lora.apply(bots[seat].decide(view))
    assert checked >= 400
