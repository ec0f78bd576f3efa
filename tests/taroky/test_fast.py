"""The fast path and the AI's simulation against the validated engine, from intermediate
states: the same legal cards, the same trick winners, the same score (correctness, not
timing; the speed is ``python -m engine bench --game taroky``)."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.taroky.actions import Play
from engine.taroky.ai.sim import DealSim
from engine.taroky.ai.worlds import World
from engine.taroky.cards import mask_of
from engine.taroky.deal import TarokyDeal, random_deal
from engine.taroky.fast import random_playout
from engine.taroky.options import TarokyOptions

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def position(seed, extra, bias, options):
    """A deal in its play phase after ``extra`` random cards (None if it ended before)."""
    hands, talon = random_deal(random.Random(seed), seed % 4)
    d = TarokyDeal(hands, talon, seed % 4, options)
    rng = random.Random(seed + 1)
    while d.phase != "play":
        legal = d.legal_actions()
        if d.phase == "bid" and bias:
            pick = [a for a in legal if a.bid == bias] or legal
        elif d.phase == "announce":
            pick = legal[-1:] if rng.random() < 0.6 else legal
        else:
            pick = legal
        d.apply(rng.choice(pick))
    for _ in range(extra):
        d.apply(rng.choice(d.legal_actions()))
        if d.finished:
            return None
    return d


def true_world(d):
    untaken = [c for c in d.talon if not any(c in t for t in d.taken)]
    turned = {c for c, _ in d.turned}
    return World(
        list(d.hands),
        [mask_of(x) for x in d.discards],
        [c for c in untaken if c not in turned],
    )


bias_st = st.sampled_from([None, "3P", "6P", "zduch"])
options_st = st.builds(
    TarokyOptions,
    varsava_mond_na_skyze=st.sampled_from(["forbidden", "allowed"]),
    solo_talon=st.sampled_from(["reveal", "hidden"]),
    tie=st.sampled_from(["zero", "one_eye"]),
)


@SETTINGS
@given(seed=st.integers(0, 2**31), extra=st.integers(0, 46), bias=bias_st, options=options_st)
def test_fast_random_playout_agrees_with_the_engine(seed, extra, bias, options):
    d = position(seed, extra, bias, options)
    if d is None:
        return
    leader = d.leader
    tricks = random_playout(
        list(d.hands), list(d.trick), leader, len(d.tricks), d.varsava,
        options.mond_rule, random.Random(seed),
    )  # fmt: skip
    done = len(d.tricks)
    for t_leader, cards, _ in tricks:
        start = len(d.trick)
        for i in range(start, 4):
            seat = (t_leader + i) % 4
            d.apply(Play(seat, cards[i]))  # verified: every card is legal in the engine
    assert [(a, b, c) for a, b, c in d.tricks[done:]] == tricks
    assert d.finished


@SETTINGS
@given(seed=st.integers(0, 2**31), extra=st.integers(0, 46), bias=bias_st, options=options_st)
def test_ai_simulation_agrees_with_the_engine(seed, extra, bias, options):
    """The AI's playout of the true world, with its policy in every seat, replayed through
    the engine: the same cards are legal, and the engine's score is the simulation's."""
    d = position(seed, extra, bias, options)
    if d is None:
        return
    view = d.view(d.to_act)
    sim = DealSim(view, true_world(d))
    tricks = sim.run()
    done = len(d.tricks)
    for t_leader, cards, _ in tricks[done:]:
        for i in range(len(d.trick), 4):
            d.apply(Play((t_leader + i) % 4, cards[i]))
    assert d.finished and [tuple(t) for t in d.tricks] == tricks
    assert sim.partner == d.partner
    assert sim.score(tricks) == d.score


def test_ai_simulation_from_the_announcements_leads_like_the_engine():
    d = position(7, 0, "3P", TarokyOptions())
    hands, talon = d.dealt, d.talon
    fresh = TarokyDeal(hands, talon, d.dealer, d.options)
    rng = random.Random(8)
    while fresh.phase != "announce":
        legal = fresh.legal_actions()
        fresh.apply(next((a for a in legal if getattr(a, "bid", None) == "3P"), rng.choice(legal)))
    sim = DealSim(fresh.view(fresh.to_act), true_world(fresh))
    tricks = sim.run()
    while fresh.phase == "announce":
        fresh.apply(fresh.legal_actions()[-1])
    assert tricks[0][0] == fresh.to_act == fresh.declarer
    for t_leader, cards, _ in tricks:
        for i in range(4):
            fresh.apply(Play((t_leader + i) % 4, cards[i]))
    assert sim.score(tricks) == fresh.score
