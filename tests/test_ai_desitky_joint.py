"""The searching seat's own next turns in desítky chosen per information set (issue 17, tenth
round): ``rollouts.joint_desitky_points`` and ``SearchConfig.desitky_joint``.

The joint search lets the other seats play by the medium rule and the seat play one whole
turn per information set (the worlds that show it the same); the reference below searches
its next turns in each world apart from it, through the engine's own game
(``engine.desitky.DesitkyGame``: its legality checks, knocks and points). In one world the
two are the same; over many worlds the joint search lies between the rollout (the seat's own
later turns by the medium rule) and the per-world best."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from benchmarks.ai_duel import position
from engine.actions import EndTurn, Lay
from engine.ai import HardAI, MediumAI
from engine.ai.policy import desitky_policy, desitky_rollout
from engine.ai.posterior import Beliefs
from engine.ai.rollouts import desitky_plan_rollout, desitky_plans, joint_desitky_points
from engine.ai.search import CardSearch, SearchConfig
from engine.ai.worlds import knowledge
from engine.cards import shuffled_deal
from engine.contracts import Contract
from engine.desitky import DesitkyGame
from engine.lora import Lora
from tests.helpers import medium_positions

WANT = (False, False, False, False)
MANY = 10**6  # no cap on the plans of a turn
Option = tuple[tuple[int, ...], bool]  # cards laid; the medium rule goes on with the turn


def _positions(count: int, seed: int) -> list[Lora]:
    """Lóras in desítky after a random number of medium decisions, a seat on turn with a
    choice (a card or ending the turn)."""
    return medium_positions([Contract.DESITKY], count, seed, (0, 24),
                            lambda view: len(view.legal) > 1)


def _game(lora: Lora) -> DesitkyGame:
    game = lora.game
    assert isinstance(game, DesitkyGame)
    return game


def _me(lora: Lora) -> int:
    seat = lora.to_act
    assert seat is not None
    return seat


def _firsts(lora: Lora) -> list[int]:
    """The seat's legal first steps: a card, or -1 for ending the turn."""
    return [a.card if isinstance(a, Lay) else -1 for a in lora.view(_me(lora)).legal]


def _copy(g: DesitkyGame) -> DesitkyGame:
    return DesitkyGame.from_json(g.to_json(), g.options)


def _medium_turn(g: DesitkyGame, s: int) -> None:
    """``s`` goes on with its turn by the medium rule, through the engine."""
    started = False
    while not g.finished and g.to_act == s and (g.turn or not started):
        started = True
        low = min(h.bit_count() for h in g.hands)
        c = desitky_policy(g.hands[s], g.ends, bool(g.turn), low <= 2, False)
        g.apply(EndTurn(s) if c < 0 else Lay(s, c))


def _per_world_best(g0: DesitkyGame, me: int, option: Option, depth: int) -> int:
    """The reference: ``me``'s points from here in this one world (the engine's game) when
    it plays ``option`` and chooses each of its next ``depth`` turns seeing the world (the
    medium turn or any set of cards it can lay), the others playing by the medium rule;
    then the medium rollout."""
    plan, medium = option
    if depth <= 0:
        h, e, laid = list(g0.hands), g0.ends, len(g0.turn)
        if medium:
            return desitky_rollout(h, e, me, laid, -1, WANT, plan[0] if plan else None)[me]
        return desitky_plan_rollout(h, e, me, laid, plan, -1, WANT)[me]
    g = _copy(g0)
    base = g.points[me]
    for c in plan:
        g.apply(Lay(me, c))  # the engine refuses an illegal card
        if g.finished or g.to_act != me:
            break
    if not g.finished and g.to_act == me and (g.turn or (medium and not plan)):
        if medium:
            _medium_turn(g, me)
        else:
            g.apply(EndTurn(me))
    while not g.finished and g.to_act != me:
        s = g.to_act
        assert s is not None
        _medium_turn(g, s)
    if g.finished:
        return g.points[me] - base
    plans = desitky_plans(g.hands[me], g.ends, 0, MANY)
    assert plans
    d = depth if len(plans) == 1 else depth - 1
    options: list[Option] = [((), True), *((p, False) for p in plans)]
    return g.points[me] - base + min(_per_world_best(g, me, o, d) for o in options)


def _first(card: int) -> Option:
    return ((card,), True) if card >= 0 else ((), False)


def _with_hands(lora: Lora, hands: list[int]) -> DesitkyGame:
    g = _copy(_game(lora))
    g.hands = list(hands)
    return g


@pytest.mark.parametrize("coarse", [False, True])
def test_in_one_world_the_joint_search_is_the_per_world_best_over_own_next_turns(
    coarse: bool,
) -> None:
    """With a single world every information set is that world: depth 1 and 2 give exactly the
    reference's fewest points, for every legal first step."""
    checked = differs = 0
    for lora in _positions(30, 61):
        me = _me(lora)
        g = _game(lora)
        hands = list(g.hands)
        for card in _firsts(lora):
            rolled = _per_world_best(g, me, _first(card), 0)
            for depth in (1, 2):
                joint = joint_desitky_points(
                    [hands], g.ends, me, len(g.turn), card, depth, WANT, coarse=coarse,
                    max_plans=MANY,
                )  # fmt: skip
                assert joint == _per_world_best(g, me, _first(card), depth)
                checked += 1
                differs += joint < rolled
    assert checked > 100
    assert differs > 0


def _worlds(lora: Lora, n: int, seed: int) -> list[list[int]]:
    beliefs = Beliefs(knowledge(lora.view(_me(lora))), None, random.Random(seed), 20, 3, 4)
    return [list(h) for h in beliefs.draw(n)]


@pytest.mark.parametrize("coarse", [False, True])
def test_over_many_worlds_the_joint_search_lies_between_the_rollout_and_the_per_world_best(
    coarse: bool,
) -> None:
    """Keyed either way, over 16 drawn worlds: no more points than the rollout's (the rollout
    turn is an option in every set), no fewer than the per-world best; depth 0 is the
    rollout; and somewhere it is strictly between."""
    strictly_between = 0
    for k, lora in enumerate(_positions(20, 63)):
        me = _me(lora)
        g = _game(lora)
        worlds = _worlds(lora, 16, k)
        for card in _firsts(lora)[:2]:
            rolled = sum(
                _per_world_best(_with_hands(lora, h), me, _first(card), 0) for h in worlds
            )
            args = (g.ends, me, len(g.turn), card)
            assert joint_desitky_points(worlds, *args, 0, WANT, coarse=coarse) == rolled
            for depth in (1, 2):
                joint = joint_desitky_points(
                    worlds, *args, depth, WANT, coarse=coarse, max_plans=MANY
                )
                best = sum(
                    _per_world_best(_with_hands(lora, h), me, _first(card), depth)
                    for h in worlds
                )
                assert best <= joint <= rolled
                strictly_between += best < joint < rolled
    assert strictly_between > 0


@pytest.mark.parametrize(
    ("count", "finer", "coarser"),
    [
        # keyed by every card laid and knock (fine) vs by the hand and the rows (coarse)
        (16, {"coarse": False, "max_plans": MANY}, {"coarse": True, "max_plans": MANY}),
        # rule options keyed by the hand and the hand counts vs by the hand alone
        (12, {"rules": 2}, {"rules": 1}),
    ],
    ids=["fine-vs-coarse", "rules-by-counts-vs-by-hand"],
)
def test_finer_sets_give_no_more_points_than_the_sets_they_part(
    count: int, finer: dict[str, Any], coarser: dict[str, Any]
) -> None:
    """A coarser key's set is a union of the finer key's sets: one option over the union can
    do no better than one per part, and does worse somewhere."""
    larger = 0
    for k, lora in enumerate(_positions(count, 71)):
        me = _me(lora)
        g = _game(lora)
        worlds = _worlds(lora, 24, 100 + k)
        for card in _firsts(lora)[:2]:
            args = (g.ends, me, len(g.turn), card, 1, WANT)
            fine = joint_desitky_points(worlds, *args, **finer)
            coarse = joint_desitky_points(worlds, *args, **coarser)
            assert fine <= coarse
            larger += fine < coarse
    assert larger > 0


def _search_every_first_card(count: int) -> None:
    """The joint search (depth 1, both keys) of every first card in ``count`` positions."""
    for k, lora in enumerate(_positions(count, 65)):
        me = _me(lora)
        g = _game(lora)
        worlds = _worlds(lora, 16, 300 + k)
        for card in _firsts(lora):
            for coarse in (False, True):
                joint_desitky_points(worlds, g.ends, me, len(g.turn), card, 1, WANT, coarse=coarse)


def test_the_joint_search_lays_only_legal_cards_for_the_seat(monkeypatch: Any) -> None:
    """Every turn the joint search lets the seat lay as a plan is laid card by card from the
    engine's rows (``rules.desitky_next_ends``): each card in its hand and at an end then (the
    engine's ``desitky_refusal_code`` finds nothing), in its own turns and in the rollouts."""
    import engine.ai.rollouts as rollouts_module
    from engine.rules import desitky_refusal_code

    seen = [0]
    plan_rollout = rollouts_module.desitky_plan_rollout

    def checked(
        hands: list[int], ends: int, me: int, laid: int, plan: tuple[int, ...], *rest: Any
    ) -> list[int]:
        hand, e = hands[me], ends
        for c in plan:
            assert desitky_refusal_code(hand, e, c) is None
            hand &= ~(1 << c)
            e = rollouts_module.desitky_next_ends(e, c)
        seen[0] += 1
        return plan_rollout(hands, ends, me, laid, plan, *rest)

    monkeypatch.setattr(rollouts_module, "desitky_plan_rollout", checked)
    _search_every_first_card(10)
    assert seen[0] > 500


def _play(config: SearchConfig, seed: int) -> HardAI:
    rng = random.Random(seed)
    lora = position(Contract.DESITKY, shuffled_deal(rng), seed % 4, False)
    hard = HardAI(random.Random(seed), budget_ms=None, config=config)
    players: list[Any] = [hard, MediumAI(rng), MediumAI(rng), MediumAI(rng)]
    n0 = len(lora.protocol)
    while len(lora.protocol) == n0:
        seat = lora.to_act
        assert seat is not None
        lora.apply(players[seat].decide(lora.view(seat)))  # Lora.apply refuses illegal actions
    return hard


BASE = replace(
    SearchConfig(),
    worlds=16,
    close_worlds=24,
    desitky_worlds=16,
    desitky_close_worlds=24,
    budget_ms=None,
    close_ms=None,
)


def test_hard_with_the_joint_search_plays_whole_desitky_games_and_ranks_close_steps() -> None:
    """Hard with ``desitky_joint`` 1 and 2, keyed both ways (world budgets), plays desítky
    to the end through the engine (which refuses illegal cards) without a fallback, and in
    some decisions the joint search ranks the close steps."""
    for seed in range(3):
        for depth in (1, 2):
            for coarse in (False, True):
                config = replace(BASE, desitky_joint=depth, desitky_coarse=coarse)
                assert _play(config, seed).fallbacks == 0
    ran = 0
    for seed, lora in enumerate(_positions(12, 67)):
        me = _me(lora)
        search = CardSearch(lora.view(me), random.Random(seed), replace(BASE, desitky_joint=1))
        card = search.run()
        assert card in _firsts(lora)
        ran += search.joint_ran
    assert ran > 0


def test_with_the_desitky_joint_search_off_none_is_built(monkeypatch: Any) -> None:
    """``desitky_joint=0`` (the default) leaves desítky's flat search as it was: nothing of
    the joint search is built or run (``benchmarks/search_equivalence.py`` gives main's
    fingerprint)."""
    import engine.ai.search as search_module

    def boom(*args: Any, **kwargs: Any) -> int:
        raise AssertionError("the joint search ran")

    monkeypatch.setattr(search_module, "joint_desitky_points", boom)
    assert SearchConfig().desitky_joint == 0
    for seed in range(3):
        assert _play(BASE, seed).last_joint == ""
    for seed, lora in enumerate(_positions(6, 69)):
        search = CardSearch(lora.view(_me(lora)), random.Random(seed), BASE)
        search.run()
        assert search.joint is None


# --- eleventh round: the seat's options as rules (``desitky_rules``), legal in every world ---

RULE_NAMES = {2: "all", 3: "fewest", 4: "no new ten", 5: "all, no new ten"}


def test_every_rule_turn_is_legal_through_the_engine_in_every_world() -> None:
    """Each rule (``rollouts.RULES``) plays a whole turn card by card through the engine's
    ``DesitkyGame`` (which refuses a card not in the hand or not at an end of a row) for the
    seat on turn in every drawn world, whatever the rows there: at least one card when it
    can lay one (R-DESITKY-TURN), then it ends the turn or the turn ends by itself; "all"
    leaves nothing playable, "fewest" lays one card, the no-new-ten rules open no row unless
    a ten is the only card to lay at the start of the turn."""
    from engine.ai.rollouts import RULES, desitky_rule_card
    from engine.rules import TENS_MASK

    turns = 0
    for k, lora in enumerate(_positions(16, 81)):
        me = _me(lora)
        for hands in _worlds(lora, 12, 500 + k):
            g0 = _with_hands(lora, hands)
            for rule in RULES:
                g = _copy(g0)
                if g.turn:  # the seat is in the middle of a turn: the medium rule ends it
                    _medium_turn(g, me)
                while not g.finished and (g.to_act != me or g.turn):  # to its next turn
                    s = g.to_act
                    assert s is not None
                    _medium_turn(g, s)
                if g.finished:
                    continue
                laid: list[int] = []
                first_only_tens = not g.hands[me] & g.ends & ~TENS_MASK
                while not g.finished and g.to_act == me:
                    low = min(h.bit_count() for h in g.hands)
                    c = desitky_rule_card(rule, g.hands[me], g.ends, len(g.turn), low <= 2, False)
                    if c < 0:
                        assert laid, RULE_NAMES[rule]  # never ends the turn before a card
                        if rule == 2:
                            assert not g.hands[me] & g.ends
                        g.apply(EndTurn(me))
                        break
                    g.apply(Lay(me, c))  # the engine refuses an illegal card
                    laid.append(c)
                assert laid
                if rule == 3:
                    assert len(laid) == 1
                if rule in (4, 5):
                    tens = [c for c in laid if (1 << c) & TENS_MASK]
                    assert not tens or (first_only_tens and tens == laid[:1])
                turns += 1
    assert turns > 500


@pytest.mark.parametrize("rules", [1, 2])
def test_the_rule_options_lie_between_the_rollout_and_the_per_world_best(rules: int) -> None:
    """Keyed by the hand (1) or the hand and the hand counts (2), one rule per set over 16
    drawn worlds: no more points than the rollout's (the medium turn is an option in every
    set), no fewer than the per-world best over whole turns (a rule's turn is one set of
    cards laid, then the turn ends); fewer than the rollout somewhere."""
    below = 0
    for k, lora in enumerate(_positions(16, 63)):
        me = _me(lora)
        g = _game(lora)
        worlds = _worlds(lora, 16, k)
        for card in _firsts(lora)[:2]:
            args = (g.ends, me, len(g.turn), card)
            rolled = joint_desitky_points(worlds, *args, 0, WANT)
            for depth in (1, 2):
                joint = joint_desitky_points(worlds, *args, depth, WANT, rules=rules)
                best = sum(
                    _per_world_best(_with_hands(lora, h), me, _first(card), depth)
                    for h in worlds
                )
                assert best <= joint <= rolled
                below += joint < rolled
    assert below > 0


def test_hard_with_the_rule_options_plays_whole_desitky_games() -> None:
    """Hard with ``desitky_joint`` 1 and 2 and ``desitky_rules`` 1 and 2 (world budgets)
    plays desítky to the end through the engine without a fallback; the joint search ranks
    close steps somewhere."""
    for seed in range(3):
        for depth in (1, 2):
            for rules in (1, 2):
                config = replace(BASE, desitky_joint=depth, desitky_rules=rules)
                assert _play(config, seed).fallbacks == 0
    ran = 0
    for seed, lora in enumerate(_positions(12, 67)):
        me = _me(lora)
        config = replace(BASE, desitky_joint=1, desitky_rules=1)
        search = CardSearch(lora.view(me), random.Random(seed), config)
        assert search.run() in _firsts(lora)
        ran += search.joint_ran
    assert ran > 0


def test_without_desitky_rules_no_rule_is_played(monkeypatch: Any) -> None:
    """``desitky_rules=0`` (the default) leaves the tenth round's joint search as it was: no
    rule turn is asked for (``benchmarks/search_equivalence.py`` gives the same fingerprints
    with the knob at 0)."""
    import engine.ai.rollouts as rollouts_module

    def boom(*args: Any, **kwargs: Any) -> int:
        raise AssertionError("a rule turn was played")

    monkeypatch.setattr(rollouts_module, "desitky_rule_card", boom)
    assert SearchConfig().desitky_rules == 0
    _search_every_first_card(6)
