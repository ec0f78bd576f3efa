"""The Taroky AI players: legal decisions from a seat's view only (also pickled), worlds that
never exclude the truth, and a whole round with AI players in all four seats."""

import dataclasses
import pickle
import random

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from engine.taroky.ai import LEVELS, HardAI, make_ai
from engine.taroky.ai.hard import equivalence_groups
from engine.taroky.ai.worlds import TALON, Knowledge, knowledge, sample_world
from engine.taroky.cards import NUM_TAROKS, TAROKS, mask_of
from engine.taroky.deal import TarokyDeal, random_deal
from engine.taroky.options import TarokyOptions
from engine.taroky.round import TarokyRound


def small_hard(seed):
    return HardAI(
        random.Random(seed), budget_ms=None, max_worlds=6, settle_worlds=6,
        announce_worlds=6, announce_budget_ms=None,
    )  # fmt: skip


def test_make_ai_levels():
    assert LEVELS == ("easy", "medium", "hard")
    for level in ("easy", "medium", "hard", "hard:10"):
        assert make_ai(level, random.Random(0)).name == level.split(":")[0]
    for bad in ("expert", "hard:0", "hard:x"):
        with pytest.raises(ValueError):
            make_ai(bad, random.Random(0))


def test_a_round_with_ai_players_in_all_four_seats():
    rnd = TarokyRound(rng=random.Random(11), options=TarokyOptions(round_deals=4))
    bots = [make_ai("easy", random.Random(1)), make_ai("medium", random.Random(2)),
            small_hard(3), make_ai("medium", random.Random(4))]  # fmt: skip
    while not rnd.finished:
        seat = rnd.to_act
        view = rnd.view(seat)
        action = bots[seat].decide(view)
        assert action in view.legal
        rnd.apply(action)
    assert len(rnd.protocol) == 4 and rnd.outcome() is not None


def player(level):
    return small_hard(5) if level == "hard" else make_ai(level, random.Random(5))


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_decisions_from_a_pickled_view_are_the_same(level):
    rnd = TarokyRound(rng=random.Random(7), options=TarokyOptions(round_deals=1))
    mover = make_ai("medium", random.Random(0))
    while not rnd.finished:
        view = rnd.view(rnd.to_act)
        copy = pickle.loads(pickle.dumps(view))
        if len(view.legal) > 1:
            a = player(level).decide(view)
            b = player(level).decide(copy)
            assert a == b and a in view.legal
        rnd.apply(mover.decide(view))


def test_equivalent_cards_are_searched_once():
    # XI XII XIII held, nothing unseen between them: one group; XV apart from XIII by XIV
    assert equivalence_groups([10, 11, 12, 14], separators=1 << 13) == [[10, 11, 12], [14]]
    assert equivalence_groups([10, 12], separators=1 << 11) == [[10], [12]]
    # same colour, different values never group (Q and K of hearts)
    assert equivalence_groups([28, 29], separators=0) == [[28], [29]]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), cut=st.integers(0, 90), bias=st.sampled_from([None, "3P", "6P"]))
@example(seed=1198508, cut=47, bias=None)  # a 3P3 declarer with 6 taroks (believed 7+)
@example(seed=2012297491, cut=38, bias=None)
def test_worlds_never_exclude_the_truth(seed, cut, bias):
    hands, talon = random_deal(random.Random(seed), 3)
    d = TarokyDeal(hands, talon, 3)
    rng = random.Random(seed)
    for _ in range(cut):
        if d.finished:
            break
        legal = d.legal_actions()
        if d.phase == "bid" and bias:
            legal = [a for a in legal if a.bid == bias] or legal
        if d.phase == "announce" and rng.random() < 0.7:
            legal = legal[-1:]
        d.apply(rng.choice(legal))
    assume(not d.finished)  # a finished deal has nothing left to sample (about a third of cuts)
    for seat in range(4):
        view = d.view(seat)
        k = knowledge(view)
        for s in range(4):
            if s != seat:
                assert d.hands[s] & ~k.allowed[s] == 0, (s, "hand")
                assert k.capacity[s] == d.hands[s].bit_count()
            hidden = mask_of(d.discards[s]) & k.unseen
            assert hidden & ~k.allowed[4 + s] == 0 and k.capacity[4 + s] == hidden.bit_count()
        rest = k.unseen & ~(sum(d.hands[s] for s in range(4) if s != seat))
        rest &= ~sum(mask_of(x) for x in d.discards)
        assert rest & ~k.allowed[TALON] == 0 and k.capacity[TALON] == rest.bit_count()
        world = sample_world(k, random.Random(seed))
        assert world is not None
        assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in d.hands]
        assert world.hands[seat] == d.hands[seat]
        for s in range(4):
            if s != seat:
                assert world.hands[s] & ~k.allowed[s] == 0


def _declarer_with_six_taroks() -> TarokyDeal:
    """A deal in play (trick 9) whose 3P3 declarer (seat 0) bid with 6 taroks."""
    hands, talon = random_deal(random.Random(1198508), 3)
    d = TarokyDeal(hands, talon, 3)
    rng = random.Random(1198508)
    for _ in range(47):
        legal = d.legal_actions()
        if d.phase == "announce" and rng.random() < 0.7:
            legal = legal[-1:]
        d.apply(rng.choice(legal))
    return d


def _worlds_keep_what_is_certain(k: Knowledge) -> None:
    """Seat 2's worlds keep every other seat's voids and the hlášky's tarok counts."""
    for n in range(30):
        world = sample_world(k, random.Random(n))
        assert world is not None
        for s in (0, 1, 3):
            assert world.hands[s] & ~k.allowed[s] == 0
            lo, hi = k.known_taroks[s]
            assert lo <= (world.hands[s] & TAROKS).bit_count() <= hi


def test_a_wrong_belief_about_the_declarer_keeps_what_is_certain():
    # T-HLASKY-AUTO: a declarer of 3P3 without a tarok-count hláška holds 3–7 taroks; the AI's
    # belief that a sólo declarer holds 7 or more is a rule of thumb a human need not follow.
    # Seat 0 bid 3P with 6 taroks: no world meets the belief, and the worlds must still keep
    # every seat's voids and the certain counts rather than only the counts of cards.
    d = _declarer_with_six_taroks()
    assert d.public_view().game == "3P3" and d.public_view().declarer == 0
    k = knowledge(d.view(2))
    assert k.taroks[0] == (3, 3) and k.known_taroks[0] == (0, 3)
    played = sum(1 for t in d.public_view().history for i, c in enumerate(t.cards)
                 if (t.leader + i) % 4 == 0 and c < NUM_TAROKS)
    assert played + (d.hands[0] & TAROKS).bit_count() == 6
    _worlds_keep_what_is_certain(k)


def test_a_belief_no_count_can_meet_gives_way_to_the_certain_counts():
    # the belief asks for more unseen taroks at the declarer than there are: no quota at all;
    # the worlds then meet the hlášky's certain counts, not merely where each card may lie
    d = _declarer_with_six_taroks()
    k = knowledge(d.view(2))
    beyond = (NUM_TAROKS + 1, NUM_TAROKS + 1)
    k = dataclasses.replace(k, taroks=(beyond, *k.taroks[1:]))
    _worlds_keep_what_is_certain(k)


def test_the_arena_and_the_bench_run():
    from engine.ai.arena import main as arena_main
    from engine.taroky import bench
    from engine.taroky.ai.arena import run

    summary = run("medium", "easy", 2, seed=3, progress=False)
    assert summary["deals"] == 2 and summary["per_deal"]["n"] == 2
    assert set(summary["decision_time"]) == {"medium", "easy"}
    assert arena_main(["arena", "--game", "taroky", "--a", "easy", "--b", "easy", "--deals", "1",
                       "--quiet", "--json"]) == 0  # fmt: skip
    figures = bench.run(0.05)
    assert figures["deals_per_s"] > 0 and figures["policy_playouts_per_s"] > 0


def test_the_easy_player_bids_and_announces_with_the_medium_s_caution():
    """The easy player chose at random among the legal bids and announcements: with one
    easy seat among three medium it bid sólo in 97 and announced valát in 137 of 300 seeded
    deals. Now it takes the medium's rules before the play with ``CAUTION`` more strength
    needed, and plays its cards at random."""
    from engine.taroky.actions import Announce, Bid
    from engine.taroky.ai.easy import CAUTION
    from engine.taroky.ai.hand import decide_before_play

    solo = valat = random_cards = 0
    for seed in range(150):
        rnd = TarokyRound(rng=random.Random(seed), options=TarokyOptions(round_deals=1))
        bots = [make_ai("easy", random.Random(seed))] + [
            make_ai("medium", random.Random(f"{seed}/{s}")) for s in (1, 2, 3)]
        while not rnd.finished:
            seat = rnd.to_act
            view = rnd.view(seat)
            action = bots[seat].decide(view)
            if seat == 0 and len(view.legal) > 1:
                if view.public.phase == "play":
                    random_cards += action != make_ai("medium", random.Random(0)).decide(view)
                else:
                    assert action == decide_before_play(view, CAUTION)
                solo += action == Bid(0, "6P")
                valat += action == Announce(0, "valat")
            rnd.apply(action)
    assert solo <= 1 and valat == 0
    assert random_cards > 100  # its cards are still not the medium's
