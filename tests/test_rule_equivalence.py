"""One rule source: the fast path and the AI's simulations play exactly the engine's game.

For random deals of every contract — the five trick games and harakiri, kvarty and desítky —
plain, as maturita attempts (the maturant leads), and with the forbidden first-trick K♥
option, a random legal game is played through the engine. From **every** intermediate state
of it, each simulation plays on to the end of the partial game:

* ``fast.random_playout_traced`` (and the untraced ``random_playout`` from the same seed),
* the AI's medium rollouts ``trick_rollout`` / ``kvarty_rollout`` / ``desitky_rollout``, from
  the state as it is and with each legal first action forced (as the hard player evaluates
  its candidates),
* in the last two tricks, the AI's exact solver ``trick_solve``, against a maxⁿ search that
  plays every line through the engine,
* the hard player's own simulations (``engine.ai.rollouts``): trick games played on with some
  seats' next decisions searched in the world (its model of a searching opponent), the
  medium rollout and this one also with some seats leading by the lead model of strong
  opponents (``policy.model_lead``, random weight tables; the seat to act often with the
  table of hard's own leads, ``SearchConfig.own_leads``), and
  desítky turns laid as planned (every plan ``search.desitky_plans`` offers) before the
  medium rollout goes on.

What a simulation played is replayed through a copy of the engine game (``apply`` verifies
every action): it must be legal, the game must end exactly where the simulation stopped, and
the points from that state on must be the simulation's. This is what would have caught the
AI still playing the old kvarty. Seeded loops (deterministic; a few seconds in all).
"""

from __future__ import annotations

import random

import pytest

from engine import fast
from engine.actions import Action, EndTurn, Lay, Lead, Play
from engine.ai.lead_weights import OWN_LEAD_WEIGHTS
from engine.ai.maturita_solve import maturant_can_pass
from engine.ai.policy import (
    CARD_VALUE,
    LEAD_FEATURES,
    desitky_rollout,
    fast_code,
    kvarty_rollout,
    trick_policy,
    trick_rollout,
    trick_solve,
)
from engine.ai.rollouts import (
    desitky_plan_rollout,
    seat_utilities,
    trick_lookahead_rollout,
)
from engine.ai.search import desitky_plans, equivalence_prune_mask
from engine.cards import FULL_DECK, HEARTS_MASK, shuffled_deal
from engine.contracts import TRICK_CONTRACTS, Contract, Options
from engine.desitky import DesitkyGame
from engine.kvarty import KvartyGame
from engine.lora import new_partial_game, partial_game_from_json
from engine.partial import PartialGame
from engine.tricks import TrickGame

Deal = tuple[int, int, int, int]
TRICKS = sorted(TRICK_CONTRACTS)
MATURITA_TRICKS = [c for c in TRICKS if c is not Contract.HARAKIRI]
# 2,280 deals in all: 40 for each of the 17 trick cases (6 contracts plain and with the
# forbidden K♥ option, 5 as maturita), 500 for kvarty and 300 for desítky, plain and maturita
DEALS_PER_TRICK_CASE = 40
DEALS_KVARTY = 500
DEALS_DESITKY = 300
CANDIDATE_SHARE = 0.15  # the states where every legal first action is forced in turn too
SOLVER_SHARE = 0.5  # the states of the last two tricks where the solver is checked


def clone(g: PartialGame) -> PartialGame:
    return partial_game_from_json(g.to_json(), g.options)


def gained(after: PartialGame, before: PartialGame) -> list[int]:
    return [a - b for a, b in zip(after.points, before.points, strict=True)]


def random_line(g: PartialGame, rng: random.Random) -> list[PartialGame]:
    """Every state of a random legal game from ``g`` on, until it ends (ended one excluded)."""
    states = []
    while not g.finished:
        states.append(clone(g))
        g.apply(rng.choice(g.legal_actions()))
    return states


def wild_deal(rng: random.Random, seat: int) -> Deal:
    """A deal where ``seat`` holds no card below F (divoká karta, sometimes královská)."""
    high = [c for c in range(32) if c & 7 >= 5]
    mine = rng.sample(high, 8)
    rest = [c for c in range(32) if c not in mine]
    rng.shuffle(rest)
    hands = [0, 0, 0, 0]
    hands[seat] = sum(1 << c for c in mine)
    others = [s for s in range(4) if s != seat]
    for i, s in enumerate(others):
        hands[s] = sum(1 << c for c in rest[8 * i : 8 * i + 8])
    return (hands[0], hands[1], hands[2], hands[3])


def replay_cards(g: PartialGame, cards: list[int]) -> PartialGame:
    """Play ``cards`` (trick games) on a copy of ``g``, each by the seat to act; it must end
    exactly with the last one."""
    h = clone(g)
    for i, c in enumerate(cards):
        assert not h.finished, f"the simulation played on after the end: {cards[i:]}"
        assert h.to_act is not None
        h.apply(Play(h.to_act, c))
    assert h.finished, f"the simulation stopped before the end, after {cards}"
    return h


# -- trick games and harakiri -------------------------------------------------------------
def trick_cases() -> list[tuple[Contract, str]]:
    cases = [(c, "plain") for c in TRICKS] + [(c, "forbidden_kh") for c in TRICKS]
    return cases + [(c, "maturita") for c in MATURITA_TRICKS]


def _trick_state(g: TrickGame) -> tuple[int, list[int], int, list[int], int, int, int, bool]:
    assert g.to_act is not None
    taken = g.taken[0] | g.taken[1] | g.taken[2] | g.taken[3]
    forbid = g.options.red_king_first_trick == "forbidden"
    maturant = -1 if g.maturant is None else g.maturant
    code = fast_code(g.contract)
    return code, list(g.hands), g.to_act, list(g.trick), g.tricks_done, taken, maturant, forbid


def check_fast_path(g: TrickGame, seed: int) -> None:
    code, hands, to_act, trick, done, taken, maturant, forbid = _trick_state(g)
    points, tricks, cards = fast.random_playout_traced(
        code, hands, to_act, trick, done, taken, random.Random(seed), forbid, maturant
    )
    plain = fast.random_playout(
        code, hands, to_act, trick, done, taken, random.Random(seed), forbid, maturant
    )
    assert plain == (points, tricks)
    end = replay_cards(g, cards)
    assert isinstance(end, TrickGame)
    assert gained(end, g) == points and end.tricks_done == tricks


def check_trick_rollouts(g: TrickGame, rng: random.Random, candidates: bool) -> None:
    code, hands, to_act, trick, done, taken, maturant, forbid = _trick_state(g)
    want = (rng.random() < 0.2, rng.random() < 0.2, rng.random() < 0.2, rng.random() < 0.2)
    leader = g.trick_leader
    firsts = [-1]
    if candidates:
        firsts += [a.card for a in g.legal_actions() if isinstance(a, Play)]
    # the lead model of strong opponents in some seats (random weights: any table must keep
    # to the engine's legal leads), or in none
    leads = random_leads(rng)
    own = OWN_LEAD_WEIGHTS.get(code)
    if own is not None and rng.random() < 0.5:
        # the searching seat's own table for the seat to act (``SearchConfig.own_leads``)
        leads = list(leads or [None, None, None, None])
        leads[to_act] = own
    for first in firsts:
        trace: list[int] = []
        points = trick_rollout(
            code, hands, trick, leader, done, taken, [0, 0, 0, 0], maturant, forbid, want,
            first, trace,
        )  # fmt: skip
        if first >= 0:
            assert trace[0] == first
        assert gained(replay_cards(g, trace), g) == points
        if leads is not None:
            modelled: list[int] = []
            points = trick_rollout(
                code, hands, trick, leader, done, taken, [0, 0, 0, 0], maturant, forbid, want,
                first, modelled, leads,
            )  # fmt: skip
            assert gained(replay_cards(g, modelled), g) == points
    if candidates:  # the hard player's lookahead: some seats' next decisions searched
        depths = [rng.randrange(3) for _ in range(4)]
        targets = (0, 0, 0, 0) if maturant >= 0 else (0, rng.choice([0, 5]), 0, 0)
        utilities = seat_utilities(maturant, targets)
        value = CARD_VALUE[code]

        def prune(legal: int, out: int) -> list[int]:
            return equivalence_prune_mask(legal, out, value)

        for action in g.legal_actions():
            assert isinstance(action, Play)
            trace = []
            points = trick_lookahead_rollout(
                code, hands, trick, leader, done, taken, [0, 0, 0, 0], maturant, forbid, want,
                action.card, depths, utilities, prune, trace, leads,
            )  # fmt: skip
            assert trace[0] == action.card
            assert gained(replay_cards(g, trace), g) == points


def random_leads(rng: random.Random) -> list[tuple[float, ...] | None] | None:
    """None (the medium rules everywhere) or, per seat, random lead-model weights or None."""
    if rng.random() < 0.3:
        return None
    return [
        tuple(rng.uniform(-3.0, 3.0) for _ in range(LEAD_FEATURES)) if rng.random() < 0.6 else None
        for _ in range(4)
    ]


def solve_by_engine(g: PartialGame) -> list[int]:
    """maxⁿ through the engine: every legal card (lowest first, the first best kept), each
    seat minimising its points — in maturita the maturant his failure, the others making it."""
    if g.finished:
        return [0, 0, 0, 0]
    seat = g.to_act
    assert seat is not None
    best: list[int] | None = None
    best_u = -(10**9)
    for action in g.legal_actions():
        h = clone(g)
        h.apply(action)
        rest = solve_by_engine(h)
        total = [x + y for x, y in zip(gained(h, g), rest, strict=True)]
        if g.maturant is None:
            u = -total[seat]
        elif seat == g.maturant:
            u = -1 if total[seat] else 0
        else:
            u = 1 if total[g.maturant] else 0
        if u > best_u:
            best, best_u = total, u
    assert best is not None
    return best


def check_solver(g: TrickGame) -> None:
    code, hands, to_act, trick, done, taken, maturant, forbid = _trick_state(g)
    leader = g.trick_leader
    assert trick_solve(code, hands, trick, leader, done, taken, maturant, forbid) == (
        solve_by_engine(g)
    )
    for action in g.legal_actions():
        assert isinstance(action, Play)
        h = clone(g)
        h.apply(action)
        want = [x + y for x, y in zip(gained(h, g), solve_by_engine(h), strict=True)]
        got = trick_solve(code, hands, trick, leader, done, taken, maturant, forbid, action.card)
        assert got == want, (action, got, want)
        if maturant >= 0:
            check_maturant_search(g, action.card, want[maturant] > 0)


def check_maturita_search(g: TrickGame) -> None:
    """From three or four cards in hand, every legal card: the maturant's search against the
    same search through the engine, and against the maxⁿ solver (checked above)."""
    code, hands, to_act, trick, done, taken, maturant, forbid = _trick_state(g)
    leader = g.trick_leader
    for action in g.legal_actions():
        assert isinstance(action, Play)
        h = clone(g)
        h.apply(action)
        voids = [0, 0, 0, 0]
        if trick and action.card >> 3 != trick[0] >> 3:
            voids[to_act] |= 1 << (trick[0] >> 3)
        elif (
            not trick
            and action.card < 8
            and fast.RED_LEAD[code]
            and hands[to_act] & (FULL_DECK & ~HEARTS_MASK) == 0
        ):
            voids[to_act] |= 0b1110
        for searcher in range(4):  # the maturant, or a defender making him fail
            got = maturant_can_pass(
                code, hands, trick, leader, done, taken, [0, 0, 0, 0], maturant, forbid,
                action.card, searcher,
            )  # fmt: skip
            assert got == pass_by_engine(h, g, voids, searcher), (action, searcher)
        if g.hands[to_act].bit_count() <= 3:
            pts = trick_solve(
                code, hands, trick, leader, done, taken, maturant, forbid, action.card
            )
            check_maturant_search(g, action.card, pts[maturant] > 0)


def pass_by_engine(g: PartialGame, start: PartialGame, voids: list[int], searcher: int) -> bool:
    """Whether the maturant passes through the engine: every legal card of the searcher's
    tried (the maturant passing if any card lets him, a defender making him fail if any card
    does), the other seats playing the medium card (``trick_policy``, the voids shown so far)."""
    assert isinstance(g, TrickGame) and g.maturant is not None
    if g.finished:
        return gained(g, start)[g.maturant] == 0
    seat = g.to_act
    assert seat is not None
    aim = searcher == g.maturant
    if seat == searcher:
        cards = [a.card for a in g.legal_actions() if isinstance(a, Play)]
    else:
        code, hands, _, trick, done, _, maturant, forbid = _trick_state(g)
        remaining = hands[0] | hands[1] | hands[2] | hands[3]
        cards = [
            trick_policy(
                code, seat, hands[seat], trick, g.trick_leader, done, remaining, voids,
                maturant, forbid,
            )
        ]  # fmt: skip
    only_hearts = g.hands[seat] & (FULL_DECK & ~HEARTS_MASK) == 0
    for c in cards:
        v = list(voids)
        if g.trick and c >> 3 != g.trick[0] >> 3:
            v[seat] |= 1 << (g.trick[0] >> 3)
        elif not g.trick and c < 8 and fast.RED_LEAD[fast_code(g.contract)] and only_hearts:
            v[seat] |= 0b1110
        h = clone(g)
        h.apply(Play(seat, c))
        if pass_by_engine(h, start, v, searcher) is aim:
            return aim
    return not aim


def check_maturant_search(g: TrickGame, first: int, fails: bool) -> None:
    """``maturant_can_pass`` (medium defenders, the maturant's best play) lies between the
    perfect defenders' result and the medium rollout's: it passes whenever he passes against
    perfect defenders, and whenever the medium rollout (the same defenders) passes."""
    code, hands, to_act, trick, done, taken, maturant, forbid = _trick_state(g)
    leader = g.trick_leader
    voids = [0, 0, 0, 0]
    can = maturant_can_pass(code, hands, trick, leader, done, taken, voids, maturant, forbid, first)
    rollout = trick_rollout(
        code, hands, trick, leader, done, taken, voids, maturant, forbid, first_card=first
    )
    assert can or fails
    assert can or rollout[maturant] > 0


@pytest.mark.parametrize(("contract", "case"), trick_cases(), ids=lambda x: str(x))
def test_trick_simulations_reach_the_engines_result_from_every_state(
    contract: Contract, case: str
) -> None:
    rng = random.Random(f"equivalence-{contract.value}-{case}")
    forbid = case == "forbidden_kh"
    options = Options(red_king_first_trick="forbidden" if forbid else "allowed")
    solved = 0
    for _ in range(DEALS_PER_TRICK_CASE):
        leader = rng.randrange(4)
        maturant = leader if case == "maturita" else None
        g = new_partial_game(contract, shuffled_deal(rng), leader, options, maturant)
        g.start()
        for state in random_line(g, rng):
            assert isinstance(state, TrickGame)
            check_fast_path(state, rng.getrandbits(32))
            check_trick_rollouts(state, rng, rng.random() < CANDIDATE_SHARE)
            last_two = state.to_act is not None and state.hands[state.to_act].bit_count() <= 2
            if last_two and rng.random() < SOLVER_SHARE:
                check_solver(state)
                solved += 1
            cards = state.hands[state.to_act].bit_count() if state.to_act is not None else 0
            if maturant is not None and 2 < cards <= 4 and rng.random() < SOLVER_SHARE:
                check_maturita_search(state)
    assert solved > 0


# -- kvarty ---------------------------------------------------------------------------------
def check_kvarty_rollouts(g: KvartyGame, rng: random.Random, candidates: bool) -> None:
    assert g.to_act is not None
    maturant = -1 if g.maturant is None else g.maturant
    want = (rng.random() < 0.2, rng.random() < 0.2, rng.random() < 0.2, rng.random() < 0.2)
    assert g.played == FULL_DECK & ~(g.hands[0] | g.hands[1] | g.hands[2] | g.hands[3])
    firsts = [-1]
    if candidates:
        firsts += [a.card for a in g.legal_actions() if isinstance(a, Lead)]
    for first in firsts:
        trace: list[int] = []
        left = kvarty_rollout(list(g.hands), g.to_act, g.first_lead, maturant, want, first, trace)
        if first >= 0:
            assert trace[0] == first
        h = clone(g)
        for i, c in enumerate(trace):
            assert not h.finished, f"the rollout led on after the end: {trace[i:]}"
            assert h.to_act is not None
            h.apply(Lead(h.to_act, c))
        assert h.finished, f"the rollout stopped before the end, after {trace}"
        # R-KVARTY-END: 1 point per card left, given only at the end
        assert h.points == left == h.cards_left()


@pytest.mark.parametrize("maturita", [False, True], ids=["plain", "maturita"])
def test_kvarty_rollouts_reach_the_engines_result_from_every_state(maturita: bool) -> None:
    rng = random.Random(f"equivalence-kvarty-{maturita}")
    wild = ended_by_leader = ended_by_filler = 0
    for n in range(DEALS_KVARTY):
        leader = rng.randrange(4)
        deal = wild_deal(rng, leader) if n % 10 == 0 else shuffled_deal(rng)
        g = KvartyGame(deal, leader, Options(), leader if maturita else None)
        states = random_line(g, rng)
        last = g.kvarty[-1]
        ended_by_leader += last.out == last.seat
        ended_by_filler += last.out != last.seat
        wild += not deal[leader] & sum(1 << c for c in range(32) if c & 7 < 5)
        for state in states:
            assert isinstance(state, KvartyGame)
            check_kvarty_rollouts(state, rng, rng.random() < CANDIDATE_SHARE)
    assert wild and ended_by_leader and ended_by_filler


# -- desítky --------------------------------------------------------------------------------
def check_desitky_rollouts(g: DesitkyGame, rng: random.Random, candidates: bool) -> None:
    seat = g.to_act
    assert seat is not None
    maturant = -1 if g.maturant is None else g.maturant
    want = (rng.random() < 0.2, rng.random() < 0.2, rng.random() < 0.2, rng.random() < 0.2)
    firsts: list[int | None] = [None]
    if candidates:
        firsts += [a.card if isinstance(a, Lay) else -1 for a in g.legal_actions()]
    for first in firsts:
        trace: list[tuple[int, int]] = []
        points = desitky_rollout(
            list(g.hands), g.ends, seat, len(g.turn), maturant, want, first, trace
        )
        if first is not None:
            assert trace[0] == (seat, first)
        h = clone(g)
        for i, (s, c) in enumerate(trace):
            assert not h.finished, f"the rollout laid on after the end: {trace[i:]}"
            assert h.to_act == s, (trace, i, h.to_act)
            action: Action = Lay(s, c) if c >= 0 else EndTurn(s)
            h.apply(action)
        assert h.finished, f"the rollout stopped before the end, after {trace}"
        assert gained(h, g) == points
    if candidates:  # the hard player's whole-turn plans, each laid and played on
        plans = desitky_plans(g.hands[seat], g.ends, len(g.turn), 24) or []
        for plan in plans:
            trace = []
            points = desitky_plan_rollout(
                list(g.hands), g.ends, seat, len(g.turn), plan, maturant, want, trace
            )
            assert [c for _, c in trace[: len(plan)]] == list(plan)
            h = clone(g)
            for i, (s, c) in enumerate(trace):
                assert not h.finished, f"the plan laid on after the end: {trace[i:]}"
                assert h.to_act == s, (plan, trace, i, h.to_act)
                h.apply(Lay(s, c) if c >= 0 else EndTurn(s))
            assert h.finished, f"the plan rollout stopped before the end, after {trace}"
            assert gained(h, g) == points


@pytest.mark.parametrize("maturita", [False, True], ids=["plain", "maturita"])
def test_desitky_rollouts_reach_the_engines_result_from_every_state(maturita: bool) -> None:
    rng = random.Random(f"equivalence-desitky-{maturita}")
    knocked = 0
    for _ in range(DEALS_DESITKY):
        leader = rng.randrange(4)
        g = DesitkyGame(shuffled_deal(rng), leader, Options(), leader if maturita else None)
        g.start()
        for state in random_line(g, rng):
            assert isinstance(state, DesitkyGame)
            check_desitky_rollouts(state, rng, rng.random() < CANDIDATE_SHARE)
        knocked += sum(g.knocks) > 0
    assert knocked > DEALS_DESITKY // 2


def test_the_rule_tables_are_the_engines() -> None:
    """The fast path's and the AI's tables say what the engine says, card by card and trick
    by trick (a simulation stricter than the engine would not show in a replay)."""
    from engine.ai import policy
    from engine.rules import trick_game_over, trick_penalty, trick_points_left

    deal = shuffled_deal(random.Random(0))
    for contract in TRICKS:
        code = fast_code(contract)
        for c in range(32):
            alone = trick_penalty(contract, 1 << c, 3) - trick_penalty(contract, 0, 3)
            assert fast.CARD_POINTS[code][c] == alone
            assert policy.CARD_VALUE[code][c] == fast.CARD_POINTS[code][c]
        for index in range(8):
            base = trick_penalty(contract, 0, index)
            assert fast.TRICK_POINTS[code][8 - index] == base == policy.trick_base(code, index)
        forbidden = TrickGame(contract, deal, 0, Options(red_king_first_trick="forbidden"))
        assert fast.RED_LEAD[code] == forbidden.red_lead
        assert fast.RED_KING_OPTION[code] == forbidden._forbid_kh()
        rng = random.Random(contract.value)
        for _ in range(200):
            taken, done = rng.getrandbits(32), rng.randrange(9)
            left = trick_points_left(contract, taken, done)
            assert fast.points_left(code, taken, done) == left
            assert (left == 0) == trick_game_over(contract, taken, done) or done == 8
