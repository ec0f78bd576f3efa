"""The searching seat's own next decisions chosen per information set (issue 17, ninth round):
``rollouts.joint_own_points`` and ``SearchConfig.own_joint``.

The joint search plays the other seats by the rollout's cards and lets the seat choose one
card per information set (the worlds that show it the same cards); a per-world search of its
next decisions (the reference below, written apart from it) sees each world's cards. In one
world the two are the same; over many worlds the joint search lies between the rollout (the
seat's own later cards by the medium rules) and the per-world best."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from benchmarks.ai_duel import position
from engine.actions import Play
from engine.ai import HardAI, MediumAI
from engine.ai.common import forbid_kh, trick_state, voids_of
from engine.ai.policy import (
    CARD_VALUE,
    equivalence_prune_mask,
    fast_code,
    legal_trick_mask,
    note_voids,
    trick_points,
    trick_policy,
    trick_rollout,
)
from engine.ai.posterior import Beliefs
from engine.ai.rollouts import joint_own_points
from engine.ai.search import CardSearch, SearchConfig
from engine.ai.worlds import knowledge
from engine.cards import shuffled_deal
from engine.contracts import RED_LEAD_CONTRACTS, Contract
from engine.fast import points_left
from engine.lora import Lora
from engine.rules import trick_legal_mask, trick_winner_offset
from engine.tricks import TrickGame
from tests.helpers import medium_positions

GAMES = (
    Contract.CERVENE,
    Contract.FILKY,
    Contract.PRVNI_POSLEDNI,
    Contract.VSECHNY,
    Contract.CERVENY_KRAL,
)
WANT = (False, False, False, False)


def _positions(count: int, seed: int) -> list[Lora]:
    """Lóras in a trick game after a random number of medium cards, a seat to play with a
    choice of cards and at least two cards in hand."""
    return medium_positions(list(GAMES), count, seed, (0, 20),
                            lambda view: len(view.legal) > 1 and view.hand.bit_count() > 2)


def _args(lora: Lora) -> tuple[int, list[int], int, int, int, list[int], int, bool]:
    seat = lora.to_act
    assert seat is not None
    view = lora.view(seat)
    pub = view.public
    assert pub.contract is not None
    trick, leader, index, taken = trick_state(pub)
    voids = voids_of(knowledge(view).excluded)
    return fast_code(pub.contract), trick, leader, index, taken, voids, seat, forbid_kh(pub)


def _true_hands(lora: Lora) -> list[int]:
    game = lora.game
    assert isinstance(game, TrickGame)
    return list(game.hands)


def _rollout_points(
    code: int, h: list[int], v: list[int], cur: list[int], lead: int, idx: int, tk: int, c: int,
    me: int, fkh: bool,
) -> int:  # fmt: skip
    return trick_rollout(code, h, cur, lead, idx, tk, v, -1, fkh, WANT, c)[me]


def _per_world_best(
    code: int, hands: list[int], trick: list[int], leader: int, index: int, taken: int,
    voids: list[int], me: int, fkh: bool, card: int, depth: int,
) -> int:  # fmt: skip
    """The reference: ``me``'s fewest points in this one world when it plays ``card`` and
    chooses each of its next ``depth`` decisions seeing the world (a card of each group of
    equivalent cards, ``equivalence_prune_mask``, and its medium card), the others playing
    the medium cards; then the medium rollout."""
    if depth <= 0:
        return _rollout_points(code, list(hands), list(voids), list(trick), leader, index,
                               taken, card, me, fkh)  # fmt: skip
    h = list(hands)
    v = list(voids)
    cur = list(trick)
    lead, idx, tk = leader, index, taken
    got = 0
    s, c = me, card
    while True:
        note_voids(code, v, s, h[s], cur, c)
        h[s] &= ~(1 << c)
        cur.append(c)
        if len(cur) == 4:
            winner = (lead + trick_winner_offset(cur)) & 3
            m = sum(1 << x for x in cur)
            p = trick_points(code, m, idx)
            tk |= m
            idx += 1
            got += p if winner == me else 0
            if (p and points_left(code, tk, idx) <= 0) or not h[winner]:
                return got
            cur, lead = [], winner
        s = (lead + len(cur)) & 3
        remaining = h[0] | h[1] | h[2] | h[3]
        c = trick_policy(code, s, h[s], cur, lead, idx, remaining, v, -1, fkh)
        if s == me:
            break
    legal = legal_trick_mask(h[me], cur, code, fkh and idx == 0)
    if legal & (legal - 1) == 0:
        cands, d = [c], depth
    else:
        out = (h[0] | h[1] | h[2] | h[3]) & ~h[me]
        for x in cur:
            out |= 1 << x
        cands = [c, *equivalence_prune_mask(legal, out, CARD_VALUE[code])]
        d = depth - 1
    return got + min(
        _per_world_best(code, h, cur, lead, idx, tk, v, me, fkh, x, d) for x in cands
    )


def _leaf(me: int, fkh: bool, code: int) -> Any:
    def leaf(h: list[int], v: list[int], cur: list[int], lead: int, idx: int, tk: int,
             c: int) -> int:  # fmt: skip
        return _rollout_points(code, h, v, cur, lead, idx, tk, c, me, fkh)

    return leaf


@pytest.mark.parametrize("coarse", [False, True])
def test_in_one_world_the_joint_search_is_the_per_world_best_over_own_next_decisions(
    coarse: bool,
) -> None:
    """With a single world every information set is that world (however the sets are
    keyed): depth 1 and 2 give exactly the reference's fewest points, for every legal first
    card, in all five trick games."""
    checked = 0
    for lora in _positions(40, 91):
        code, trick, leader, index, taken, voids, me, fkh = _args(lora)
        hands = _true_hands(lora)
        legal = legal_trick_mask(hands[me], trick, code, fkh and index == 0)
        for card in (c for c in range(32) if legal >> c & 1):
            for depth in (1, 2):
                joint = joint_own_points(
                    code, [hands], trick, leader, index, taken, voids, me, fkh, WANT, card,
                    depth, _leaf(me, fkh, code), coarse=coarse,
                )  # fmt: skip
                ref = _per_world_best(
                    code, hands, trick, leader, index, taken, voids, me, fkh, card, depth
                )
                assert joint == ref
                checked += 1
    assert checked > 150


def _worlds(lora: Lora, n: int, seed: int) -> list[list[int]]:
    seat = lora.to_act
    assert seat is not None
    beliefs = Beliefs(knowledge(lora.view(seat)), None, random.Random(seed), 20, 3, 4)
    return [list(h) for h in beliefs.draw(n)]


@pytest.mark.parametrize("coarse", [False, True])
def test_over_many_worlds_the_joint_search_lies_between_the_rollout_and_the_per_world_best(
    coarse: bool,
) -> None:
    """Keyed either way, over 24 drawn worlds: the joint search's points are no more than the
    medium rollout's (the seat's rollout card is among its options in every information set)
    and no fewer than the per-world best (which may play each world differently); depth 0 is
    the rollout; and somewhere the joint search is strictly between (it is neither bound)."""
    strictly_between = above_best = 0
    for k, lora in enumerate(_positions(30, 93)):
        code, trick, leader, index, taken, voids, me, fkh = _args(lora)
        worlds = _worlds(lora, 24, k)
        legal = legal_trick_mask(lora.view(me).hand, trick, code, fkh and index == 0)
        card = (legal & -legal).bit_length() - 1
        leaf = _leaf(me, fkh, code)
        rolled = sum(
            _rollout_points(code, list(h), list(voids), list(trick), leader, index, taken,
                            card, me, fkh)
            for h in worlds
        )  # fmt: skip
        zero = joint_own_points(
            code, worlds, trick, leader, index, taken, voids, me, fkh, WANT, card, 0, leaf,
            coarse=coarse,
        )  # fmt: skip
        assert zero == rolled
        for depth in (1, 2):
            joint = joint_own_points(
                code, worlds, trick, leader, index, taken, voids, me, fkh, WANT, card, depth,
                leaf, coarse=coarse,
            )  # fmt: skip
            best = sum(
                _per_world_best(code, h, trick, leader, index, taken, voids, me, fkh, card, depth)
                for h in worlds
            )
            assert best <= joint <= rolled
            strictly_between += best < joint < rolled
            above_best += best < joint
    assert strictly_between > 0
    assert above_best > 0


def test_the_joint_search_plays_only_legal_cards_for_the_seat() -> None:
    """Every card the joint search lets the seat play at a leaf is in its hand there and
    allowed by the engine's rule mask (``rules.trick_legal_mask``, what the engine's legal
    actions come from)."""
    seen = 0
    for k, lora in enumerate(_positions(20, 95)):
        code, trick, leader, index, taken, voids, me, fkh = _args(lora)
        assert lora.game is not None
        red = lora.game.contract in RED_LEAD_CONTRACTS
        worlds = _worlds(lora, 16, k)

        def leaf(h: list[int], v: list[int], cur: list[int], lead: int, idx: int, tk: int,
                 c: int, me: int = me, red: bool = red, fkh: bool = fkh,
                 code: int = code) -> int:  # fmt: skip
            nonlocal seen
            led = cur[0] >> 3 if cur else -1
            assert h[me] >> c & 1
            assert trick_legal_mask(h[me], led, red, fkh and idx == 0) >> c & 1
            seen += 1
            return _rollout_points(code, h, v, cur, lead, idx, tk, c, me, fkh)

        legal = legal_trick_mask(lora.view(me).hand, trick, code, fkh and index == 0)
        for card in (c for c in range(32) if legal >> c & 1):
            for coarse in (False, True):
                joint_own_points(
                    code, worlds, trick, leader, index, taken, voids, me, fkh, WANT, card, 2,
                    leaf, coarse=coarse,
                )  # fmt: skip
    assert seen > 1000


def _game(contract: Contract, config: SearchConfig, seed: int) -> tuple[list[str], HardAI]:
    rng = random.Random(seed)
    lora = position(contract, shuffled_deal(rng), seed % 4, False)
    hard = HardAI(random.Random(seed), budget_ms=None, config=config)
    players: list[Any] = [hard, MediumAI(rng), MediumAI(rng), MediumAI(rng)]
    n0 = len(lora.protocol)
    out: list[str] = []
    while len(lora.protocol) == n0:
        seat = lora.to_act
        assert seat is not None
        action = players[seat].decide(lora.view(seat))  # Lora.apply refuses illegal actions
        out.append(f"{seat}:{action!r}")
        lora.apply(action)
    return out, hard


def test_hard_with_the_joint_search_plays_whole_games_legally_and_ranks_close_cards() -> None:
    """Hard with ``own_joint`` 1 and 2, keyed finely and coarsely (world budgets), plays
    trick games to the end through the engine (which refuses illegal cards) without a
    fallback, and in some decisions the joint search ranks the close candidates."""
    base = replace(SearchConfig(), worlds=24, close_worlds=32, budget_ms=None, close_ms=None)
    ran = 0
    for seed in range(5):
        contract = GAMES[seed]
        for depth in (1, 2):
            for coarse in (False, True):
                config = replace(base, own_joint=depth, joint_coarse=coarse)
                _, hard = _game(contract, config, seed)
                assert hard.fallbacks == 0
    for seed in range(10):
        lora = _positions(1, 200 + seed)[0]
        seat = lora.to_act
        assert seat is not None
        search = CardSearch(lora.view(seat), random.Random(seed), replace(base, own_joint=1))
        card = search.run()
        assert any(isinstance(a, Play) and a.card == card for a in lora.view(seat).legal)
        ran += search.joint_ran
    assert ran > 0


def test_the_joint_search_is_not_used_in_maturita_nor_where_the_seat_steers_for_points() -> None:
    """It is built for the ordinary point-minimising trick games only: the maturant and a
    defender search as before (their own searches), and so does a seat with cards left to
    solve exactly."""
    from engine.ai.maturita_fit import maturita_position

    rng = random.Random(5)
    lora = maturita_position(shuffled_deal(rng), 0)
    from engine.actions import Choose

    lora.apply(Choose(0, Contract.CERVENY_KRAL))
    cfg = replace(SearchConfig(), worlds=16, close_worlds=16, budget_ms=None, own_joint=1)
    for _ in range(8):
        seat = lora.to_act
        assert seat is not None
        view = lora.view(seat)
        search = CardSearch(view, random.Random(1), cfg)
        search.run()
        assert search.joint is None
        lora.apply(MediumAI(random.Random(2)).decide(view))


def test_with_the_joint_search_off_no_joint_search_is_built_and_the_flat_card_is_played(
    monkeypatch: Any,
) -> None:
    """``own_joint=0`` leaves the flat search as it was: the joint search is neither built nor
    run (``benchmarks/search_equivalence.py --set own_joint=0`` gives main's fingerprint)."""
    import engine.ai.search as search_module

    def boom(*args: Any, **kwargs: Any) -> int:
        raise AssertionError("the joint search ran")

    monkeypatch.setattr(search_module, "joint_own_points", boom)
    off = replace(SearchConfig(), worlds=24, close_worlds=32, budget_ms=None, own_joint=0)
    for seed in range(5):
        _, hard = _game(GAMES[seed], off, seed)
        assert hard.last_joint == ""
