"""The searching seat's own next leads in kvarty chosen per information set (issue 17, tenth
round): ``rollouts.joint_kvarty_points`` and ``SearchConfig.kvarty_joint``.

The joint search lets the other seats lead by the rollout's rule and the seat lead one start
per information set (the worlds that show it the same lays); a per-world search of its next
leads (the reference below, written apart from it) sees each world's cards. In one world the
two are the same; over many worlds the joint search lies between the rollout (the seat's own
later leads by the medium rule) and the per-world best."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from benchmarks.ai_duel import position
from engine.actions import Choose, Lead
from engine.ai import HardAI, MediumAI
from engine.ai.maturita_fit import maturita_position
from engine.ai.policy import kvarty_policy, kvarty_rollout
from engine.ai.posterior import Beliefs
from engine.ai.rollouts import joint_kvarty_points
from engine.ai.search import CardSearch, SearchConfig
from engine.ai.worlds import knowledge
from engine.cards import FULL_DECK, shuffled_deal
from engine.contracts import Contract
from engine.kvarty import KvartyGame
from engine.lora import Lora
from engine.rules import kvarty_lead_mask, lay_kvarta
from tests.helpers import medium_positions

WANT = (False, False, False, False)


def _positions(count: int, seed: int) -> list[Lora]:
    """Lóras in kvarty after a random number of medium leads, a seat to lead with a choice of
    starts (not the first lead of the game)."""
    return medium_positions([Contract.KVARTY], count, seed, (1, 6),
                            lambda view: len(view.legal) > 1)


def _true_hands(lora: Lora) -> list[int]:
    game = lora.game
    assert isinstance(game, KvartyGame)
    return list(game.hands)


def _me(lora: Lora) -> int:
    seat = lora.to_act
    assert seat is not None
    return seat


def _legal(lora: Lora) -> list[int]:
    return [a.card for a in lora.view(_me(lora)).legal if isinstance(a, Lead)]


def _per_world_best(hands: list[int], me: int, card: int, depth: int) -> int:
    """The reference: the cards ``me`` keeps in this one world when it leads ``card`` and
    chooses each of its next ``depth`` leads seeing the world (every start in its hand), the
    others leading by the medium rule; then the medium rollout."""
    if depth <= 0:
        return kvarty_rollout(list(hands), me, False, -1, WANT, card)[me]
    h = list(hands)
    seat, c = me, card
    while True:
        lay = lay_kvarta(h, seat, c)
        if lay.next_leader is None:
            return h[me].bit_count()
        seat = lay.next_leader
        if seat == me:
            break
        c = kvarty_policy(h[seat], FULL_DECK & ~(h[0] | h[1] | h[2] | h[3]), False)
    starts = [x for x in range(32) if h[me] >> x & 1]
    d = depth if len(starts) == 1 else depth - 1
    return min(_per_world_best(h, me, x, d) for x in starts)


@pytest.mark.parametrize("coarse", [False, True])
def test_in_one_world_the_joint_search_is_the_per_world_best_over_own_next_leads(
    coarse: bool,
) -> None:
    """With a single world every information set is that world: depth 1 and 2 give exactly the
    reference's fewest cards kept, for every legal first start."""
    checked = differs = 0
    for lora in _positions(40, 71):
        me = _me(lora)
        hands = _true_hands(lora)
        for card in _legal(lora):
            rolled = kvarty_rollout(hands, me, False, -1, WANT, card)[me]
            for depth in (1, 2):
                joint = joint_kvarty_points([hands], me, card, depth, WANT, coarse=coarse)
                assert joint == _per_world_best(hands, me, card, depth)
                checked += 1
                differs += joint < rolled
    assert checked > 200
    assert differs > 0


def _worlds(lora: Lora, n: int, seed: int) -> list[list[int]]:
    beliefs = Beliefs(knowledge(lora.view(_me(lora))), None, random.Random(seed), 20, 3, 4)
    return [list(h) for h in beliefs.draw(n)]


@pytest.mark.parametrize("coarse", [False, True])
def test_over_many_worlds_the_joint_search_lies_between_the_rollout_and_the_per_world_best(
    coarse: bool,
) -> None:
    """Keyed either way, over 24 drawn worlds: no more cards kept than the rollout's (the
    rollout's start is an option in every set), no fewer than the per-world best; depth 0 is
    the rollout; and somewhere it is strictly between."""
    strictly_between = 0
    for k, lora in enumerate(_positions(30, 73)):
        me = _me(lora)
        worlds = _worlds(lora, 24, k)
        for card in _legal(lora)[:3]:
            rolled = sum(kvarty_rollout(h, me, False, -1, WANT, card)[me] for h in worlds)
            assert joint_kvarty_points(worlds, me, card, 0, WANT, coarse=coarse) == rolled
            for depth in (1, 2):
                joint = joint_kvarty_points(worlds, me, card, depth, WANT, coarse=coarse)
                best = sum(_per_world_best(h, me, card, depth) for h in worlds)
                assert best <= joint <= rolled
                strictly_between += best < joint < rolled
    assert strictly_between > 0


def test_the_coarse_sets_are_larger_and_give_no_fewer_cards_than_the_fine_ones() -> None:
    """Keyed by the hand and the cards played (coarse), a set is a union of sets keyed by
    who laid what (fine): one start over the union can do no better than one per part."""
    larger = 0
    for k, lora in enumerate(_positions(20, 75)):
        me = _me(lora)
        worlds = _worlds(lora, 24, 100 + k)
        for card in _legal(lora)[:3]:
            fine = joint_kvarty_points(worlds, me, card, 1, WANT, coarse=False)
            coarse = joint_kvarty_points(worlds, me, card, 1, WANT, coarse=True)
            assert fine <= coarse
            larger += fine < coarse
    assert larger > 0


def test_the_joint_search_leads_only_legal_starts_for_the_seat(monkeypatch: Any) -> None:
    """Every start the joint search lets a seat lead is in its hand and allowed by the
    engine's rule mask (``rules.kvarty_lead_mask``, what the engine's legal leads come
    from), in its own lays and in the rollouts after them."""
    import engine.ai.policy as policy_module
    import engine.ai.rollouts as rollouts_module

    seen = [0]

    def checked(hands: list[int], leader: int, start: int) -> Any:
        assert hands[leader] >> start & 1
        assert kvarty_lead_mask(hands[leader], False) >> start & 1
        seen[0] += 1
        return lay_kvarta(hands, leader, start)

    monkeypatch.setattr(rollouts_module, "lay_kvarta", checked)
    monkeypatch.setattr(policy_module, "lay_kvarta", checked)
    for k, lora in enumerate(_positions(12, 77)):
        me = _me(lora)
        worlds = _worlds(lora, 16, 200 + k)
        for card in _legal(lora):
            for coarse in (False, True):
                joint_kvarty_points(worlds, me, card, 2, WANT, coarse=coarse)
    assert seen[0] > 1000


def _game(config: SearchConfig, seed: int) -> HardAI:
    rng = random.Random(seed)
    lora = position(Contract.KVARTY, shuffled_deal(rng), seed % 4, False)
    hard = HardAI(random.Random(seed), budget_ms=None, config=config)
    players: list[Any] = [hard, MediumAI(rng), MediumAI(rng), MediumAI(rng)]
    n0 = len(lora.protocol)
    while len(lora.protocol) == n0:
        seat = lora.to_act
        assert seat is not None
        lora.apply(players[seat].decide(lora.view(seat)))  # Lora.apply refuses illegal leads
    return hard


BASE = replace(SearchConfig(), worlds=24, close_worlds=32, budget_ms=None, close_ms=None)


def test_hard_with_the_joint_search_plays_whole_kvarty_games_and_ranks_close_starts() -> None:
    """Hard with ``kvarty_joint`` 1 and 2, keyed both ways (world budgets), plays kvarty to
    the end through the engine (which refuses illegal leads) without a fallback, and in some
    decisions the joint search ranks the close starts."""
    for seed in range(6):
        for depth in (1, 2):
            for coarse in (False, True):
                config = replace(BASE, kvarty_joint=depth, kvarty_coarse=coarse)
                assert _game(config, seed).fallbacks == 0
    ran = 0
    for seed, lora in enumerate(_positions(16, 79)):
        me = _me(lora)
        search = CardSearch(lora.view(me), random.Random(seed), replace(BASE, kvarty_joint=1))
        card = search.run()
        assert card in _legal(lora)
        ran += search.joint_ran
    assert ran > 0


@pytest.mark.parametrize(("contract", "knob"), [(Contract.KVARTY, "kvarty_joint"),
                                              (Contract.DESITKY, "desitky_joint")])
def test_the_shedding_games_joint_search_is_not_used_in_maturita(
        contract: Contract, knob: str) -> None:
    """Kvarty's and desítky's joint searches (their knobs on) are not built in maturita: the
    maturant and the defenders search as before."""
    rng = random.Random(5)
    lora = maturita_position(shuffled_deal(rng), 0)
    lora.apply(Choose(0, contract))
    cfg = replace(BASE, **{knob: 1})
    n0 = len(lora.protocol)
    while len(lora.protocol) == n0:
        seat = lora.to_act
        assert seat is not None
        view = lora.view(seat)
        if len(view.legal) > 1:
            search = CardSearch(view, random.Random(1), cfg)
            search.run()
            assert search.joint is None
        lora.apply(MediumAI(random.Random(2)).decide(view))


def test_with_the_kvarty_joint_search_off_none_is_built(monkeypatch: Any) -> None:
    """``kvarty_joint=0`` leaves kvarty's flat search as it was before the joint search:
    nothing of it is built or run (``benchmarks/search_equivalence.py --set kvarty_joint=0``
    gives the fingerprint of the code before it). The default is on, keyed coarsely."""
    import engine.ai.search as search_module

    def boom(*args: Any, **kwargs: Any) -> int:
        raise AssertionError("the joint search ran")

    assert SearchConfig().kvarty_joint == 1
    assert SearchConfig().kvarty_coarse
    monkeypatch.setattr(search_module, "joint_kvarty_points", boom)
    off = replace(BASE, kvarty_joint=0)
    for seed in range(6):
        hard = _game(off, seed)
        assert hard.last_joint == ""
    for seed, lora in enumerate(_positions(8, 81)):
        search = CardSearch(lora.view(_me(lora)), random.Random(seed), off)
        search.run()
        assert search.joint is None
