"""The maturant's joint search (issue 17, sixth round): his later cards chosen per information
set over the drawn worlds (``maturita_solve.joint_maturant_score``), against the per-world
searches it sits between."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from engine.actions import Choose
from engine.ai import MediumAI
from engine.ai.common import action_card, forbid_kh, maturant_of, trick_state, voids_of
from engine.ai.maturita_fit import maturita_position
from engine.ai.maturita_solve import Leaf, joint_maturant_score, maturant_can_pass
from engine.ai.policy import fast_code, trick_rollout
from engine.ai.search import CardSearch, SearchConfig
from engine.ai.worlds import knowledge, sample_world
from engine.cards import shuffled_deal
from engine.contracts import MATURITA_GAME, Contract
from engine.views import SeatView

NO_WANT = (False, False, False, False)


def maturant_views(contract: Contract, deals: int, seed: int) -> Iterator[SeatView]:
    """The maturant's views with a choice in maturita attempts of ``contract``, all seats
    playing the medium rules."""
    rng = random.Random(seed)
    for i in range(deals):
        seat = i % 4
        lora = maturita_position(shuffled_deal(rng), seat)
        lora.apply(Choose(seat, contract))
        bot = MediumAI(random.Random(i))
        while lora.game_no == MATURITA_GAME and lora.attempt == 3 and lora.to_act is not None:
            view = lora.view(lora.to_act)
            if lora.to_act == seat and len(view.legal) > 1:
                yield view
            lora.apply(bot.decide(view))


def position(view: SeatView) -> tuple[int, list[int], int, int, int, list[int], int, bool]:
    pub = view.public
    assert pub.contract is not None
    trick, leader, index, taken = trick_state(pub)
    voids = voids_of(knowledge(view).excluded)
    return fast_code(pub.contract), trick, leader, index, taken, voids, view.seat, forbid_kh(pub)


def leaf_of(code: int, maturant: int, fkh: bool) -> Leaf:
    def leaf(
        h: list[int], v: list[int], cur: list[int], lead: int, idx: int, tk: int, c: int
    ) -> int:
        rolled = trick_rollout(code, h, cur, lead, idx, tk, v, maturant, fkh, NO_WANT, c)
        passes = maturant_can_pass(code, h, cur, lead, idx, tk, v, maturant, fkh, c)
        return int(passes) + (rolled[maturant] == 0)

    return leaf


def test_one_world_searched_to_the_end_is_the_perfect_information_search() -> None:
    """In one world every information set is that world: the joint search is the maturant's
    OR-search there (``maturant_can_pass``, itself replayed through the engine elsewhere)."""
    checked = 0
    for contract in (Contract.CERVENY_KRAL, Contract.FILKY, Contract.CERVENE):
        for view in maturant_views(contract, 6, 17):
            code, trick, leader, index, taken, voids, me, fkh = position(view)
            rng = random.Random(checked)
            for _ in range(3):
                hands = sample_world(knowledge(view), rng)
                assert hands is not None
                for a in view.legal:
                    c = action_card(a)
                    can = maturant_can_pass(
                        code, hands, trick, leader, index, taken, voids, me, fkh, c
                    )
                    got = joint_maturant_score(
                        code, [hands], trick, leader, index, taken, voids, me, fkh, c, 8,
                        leaf_of(code, me, fkh),
                    )  # fmt: skip
                    assert got == 2 * can
                    checked += 1
    assert checked > 300


def test_joint_search_lies_between_the_medium_rollout_and_the_perfect_information_search() -> None:
    """Over the same worlds: with the depth run out it is the flat score (rollout + search per
    world); deeper, at least the medium rollout's passes (his medium card is one choice per
    information set) and at most the passes of the per-world search (which may play each
    world differently)."""
    strictly_between = 0
    for contract in (Contract.CERVENY_KRAL, Contract.FILKY):
        for view in maturant_views(contract, 8, 23):
            code, trick, leader, index, taken, voids, me, fkh = position(view)
            rng = random.Random(index)
            drawn = [sample_world(knowledge(view), rng) for _ in range(12)]
            hands = [h for h in drawn if h is not None]
            leaf = leaf_of(code, me, fkh)
            for a in view.legal:
                c = action_card(a)
                rolled = can = flat = 0
                for h in hands:
                    pts = trick_rollout(
                        code, h, trick, leader, index, taken, voids, me, fkh, NO_WANT, c
                    )
                    rolled += pts[me] == 0
                    can += maturant_can_pass(
                        code, h, trick, leader, index, taken, voids, me, fkh, c
                    )
                    flat += leaf(list(h), list(voids), list(trick), leader, index, taken, c)
                args = (code, hands, trick, leader, index, taken, voids, me, fkh, c)
                assert joint_maturant_score(*args, 0, leaf) == flat
                for depth in (1, 2, 8):
                    got = joint_maturant_score(*args, depth, leaf)
                    assert 2 * rolled <= got <= 2 * can, (depth, rolled, got, can)
                    strictly_between += 2 * rolled < got < 2 * can
    assert strictly_between > 0


def test_the_joint_search_changes_only_the_maturants_cards() -> None:
    """``maturant_joint`` on: the maturant's card differs somewhere and is always legal; a
    defender's decisions are the same bit for bit."""
    off = SearchConfig(budget_ms=None, close_ms=None, worlds=24, close_worlds=24)
    on = replace(off, maturant_joint=2)
    differs = 0
    for view in maturant_views(Contract.CERVENY_KRAL, 12, 29):
        a = CardSearch(view, random.Random(3), off).run()
        b = CardSearch(view, random.Random(3), on).run()
        assert b in [action_card(x) for x in view.legal]
        differs += a != b
    assert differs > 0
    rng = random.Random(31)
    lora = maturita_position(shuffled_deal(rng), 0)
    lora.apply(Choose(0, Contract.CERVENY_KRAL))
    bot = MediumAI(random.Random(0))
    defended = 0
    while lora.game_no == MATURITA_GAME and lora.attempt == 3 and lora.to_act is not None:
        view = lora.view(lora.to_act)
        if lora.to_act != 0 and len(view.legal) > 1:
            assert maturant_of(view.public) == 0
            a = CardSearch(view, random.Random(4), off).run()
            assert CardSearch(view, random.Random(4), on).run() == a
            defended += 1
        lora.apply(bot.decide(view))
    assert defended > 0
