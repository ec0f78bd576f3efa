"""The hard player's card search: flat Monte Carlo over believed worlds.

For each decision: draw worlds from what the seat believes (``engine.ai.posterior``: the
public constraints, and the other seats' play read through the opponent model), and in every
world play each candidate on to the end of the partial game (rollouts with the medium rules in
every seat, each seat with its own čistá stovka aim; with few cards left a trick game is
solved exactly instead). The same worlds serve every candidate; the candidate with the best
mean outcome is played, the medium card on ties.

Worlds are spent where they matter: the search stops early once the leader is ahead beyond
doubt, runs to ``worlds`` worlds (or ``budget_ms``) otherwise, and may go on up to
``close_worlds`` (``close_ms``) while the best two candidates stay close.
``budget_ms=None`` counts worlds only, which is deterministic for a given RNG state.

In the trick games (outside maturita), the candidates left close are then ranked again over
the same worlds with the seat's own next decision chosen per information set rather than by
the medium rules (``SearchConfig.own_joint``, ``rollouts.joint_own_points``); in kvarty its
next lead (``kvarty_joint``, ``rollouts.joint_kvarty_points``) and in desítky its next whole
turn (``desitky_joint``, ``rollouts.joint_desitky_points``), both off by default.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from engine import clock
from engine.ai.common import (
    action_card,
    ends_of,
    forbid_kh,
    maturant_of,
    trick_state,
    voids_of,
)
from engine.ai.lead_weights import LEAD_WEIGHTS, MATURANT_LEAD_WEIGHTS, OWN_LEAD_WEIGHTS
from engine.ai.maturita_solve import TooDeep, maturant_can_pass
from engine.ai.medium import medium_card
from engine.ai.objective import stovka_target, stovka_target_of
from engine.ai.opponent import Evidence
from engine.ai.policy import (
    ABOVE,
    BELOW,
    CARD_VALUE,
    Leads,
    desitky_policy,
    desitky_rollout,
    equivalence_prune_mask,
    fast_code,
    kvarty_rollout,
    trick_rollout,
    trick_solve,
)
from engine.ai.posterior import Beliefs
from engine.ai.rollouts import (
    JointTooDeep,
    desitky_plan_rollout,
    desitky_plans,
    joint_desitky_points,
    joint_kvarty_points,
    joint_own_points,
    seat_utilities,
    trick_lookahead_rollout,
)
from engine.ai.worlds import Hands, knowledge
from engine.contracts import TRICK_CONTRACTS, TRICK_RULES, Contract
from engine.rules import desitky_next_ends
from engine.views import DesitkyView, KvartyView, SeatView


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """How much a decision may spend, and which parts of the search are on."""

    worlds: int = 64  # worlds for an ordinary decision
    min_worlds: int = 8
    close_worlds: int = 120  # up to this many while the best two stay close
    settle_worlds: int = 16  # the earliest stop when the leader is ahead beyond doubt
    batch: int = 8  # worlds drawn at a time
    budget_ms: float | None = 40.0
    close_ms: float | None = 80.0
    solve_cards: int = 2  # solve a trick game exactly from this many cards in hand
    infer: bool = True  # weight worlds by the opponent model
    burn: int = 20  # chain steps before a chain gives worlds
    thin: int = 3  # chain steps between worlds
    restart: int = 4  # worlds per chain
    # desítky: search whole turns (the cards laid before it ends) rather than card by card;
    # off: at the same time a card-by-card search affords twice the worlds and measured better
    # in a hard1 field, no worse in a medium one (docs/AI_STRENGTH.md)
    plan_turns: bool = False
    opp: int = 1  # trick games with card points: a searching seat's next decisions searched
    max_plans: int = 48
    # desítky searched card by card (plan_turns off, or too many plans): a world costs about
    # half a planned one, so the caps are twice the others
    desitky_worlds: int = 128
    desitky_close_worlds: int = 240
    # the maturant in a trick game: each candidate in each world scored by the medium rollout's
    # failure plus his failure when he plays his best card each time against medium defenders
    # (``maturita_solve.maturant_can_pass``): measured fewer failures (docs/AI_STRENGTH.md)
    maturant_search: bool = True
    # the same for a defender in maturita: the rollout's pass plus the maturant's pass when
    # this defender plays his best card each time against medium players (measured: the
    # maturant failed more often, docs/AI_STRENGTH.md, third round)
    defender_search: bool = True
    # decisions of the searching seat visited per world and candidate; beyond it the world is
    # scored by the rollout alone, counted twice (a defender's search can be long where the
    # maturant passes whatever he does)
    own_search_limit: int = 300
    # trick games with penalty cards: the seats ``strong_seats`` marks lead in the rollouts by
    # the lead model distilled from hard1's leads (``policy.model_lead``,
    # ``engine.ai.lead_weights``) rather than by the medium rules: measured fewer points in
    # filky and červené in a hard1 field, more in všechny (docs/AI_STRENGTH.md, fifth round)
    lead_model: bool = True
    # a seat counts as strong (``strong_seats``) when at most this share of the believed
    # worlds explains its decisions as all medium: none (the "stricter mark"; 0.5 before:
    # that marked about a sixth of medium seats). Measured no worse in a medium field
    # (filky, červené, červený král) nor in a hard1 one (filky): docs/AI_STRENGTH.md,
    # seventh round
    strong_share: float = 0.0
    # trick games outside maturita: the searching seat itself leads in its rollouts by the
    # table distilled from hard's own leads in a medium field (``policy.model_lead``,
    # ``engine.ai.lead_weights.OWN_LEAD_WEIGHTS``) rather than by the medium rules. Off:
    # it changed 1–4% of the decisions and measured level in four medium-field duels
    # (docs/AI_STRENGTH.md, eighth round)
    own_leads: bool = False
    # maturita trick games: the maturant leads in his own rollouts by the table distilled from
    # hard's leads as maturant against medium defenders (``MATURANT_LEAD_WEIGHTS``). Off:
    # failures 144 / 144 in 800 attempts of červený král (eighth round)
    maturant_leads: bool = False
    # trick games outside maturita, where the flat search leaves candidates close: the
    # searching seat's own next ``own_joint`` decisions chosen per information set over the
    # drawn worlds (``rollouts.joint_own_points``: one option for all the worlds that will
    # show it the same, rather than the best card per world, which plays as if it saw them),
    # and the close candidates ranked by that; within the close budget (``close_ms``). 0: off.
    # On (depth 1, coarse sets): fewer points in a medium field, pooled over the five trick
    # games -0.023 [-0.039, -0.006] per game; level in a hard1 field, -0.000 [-0.030, +0.029]
    # (filky and první a poslední fewer, červené more: +0.056 [+0.017, +0.094]);
    # docs/AI_STRENGTH.md, ninth round
    own_joint: int = 1
    joint_z: float = 2.0  # close: within this many standard errors of the leader (paired)
    joint_top: int = 3  # at most this many close candidates compared jointly
    joint_min: int = 1  # an information set of fewer worlds plays the rollout's card
    # the information sets by the seat's own hand and the trick on the table at its next turn
    # (larger sets, less of what the seat knows used) rather than by every card it saw until
    # then; measured alike (-0.022 [-0.040, -0.003] per game keyed finely)
    joint_coarse: bool = True
    joint_limit: int = 3000  # the seat's decisions visited per candidate; beyond: flat
    # kvarty outside maturita, the same for the seat's next ``kvarty_joint`` leads
    # (``rollouts.joint_kvarty_points``); the information sets by who laid what
    # (``kvarty_coarse`` off) or by the seat's hand and the cards played. 0: off. On (depth 1,
    # coarse): fewer cards kept in a medium field, -0.012 [-0.018, -0.005] per game over 1,800
    # deals (keyed finely -0.004 [-0.012, +0.005], 1,200); docs/AI_STRENGTH.md, tenth round
    kvarty_joint: int = 1
    kvarty_coarse: bool = True
    # desítky searched card by card, outside maturita: the seat's next ``desitky_joint`` turns
    # chosen per information set, each one whole turn for all its worlds
    # (``rollouts.joint_desitky_points``); the sets by every card laid and knock, by seat
    # (``desitky_coarse`` off), or by the seat's hand and the rows. 0: off. Off: the sets hold
    # about one world each (what the others lay shows in the rows), so it is nearly the
    # per-world best; medium-field duels +0.018 [+0.003, +0.032] per game (more points) over
    # 900 deals, both keys; docs/AI_STRENGTH.md, tenth round
    desitky_joint: int = 0
    desitky_coarse: bool = False
    # with ``desitky_joint``: the seat's options at its next turns are rules, not card lists
    # (``rollouts.RULES``: lay all, lay the fewest, open no new row, lay all but open no new
    # row, besides the medium turn; legal in every world whatever the rows), the sets keyed
    # by its own hand (1) or its hand and the others' hand counts (2): sets of many worlds.
    # 0: off (whole turns as card lists, keyed by ``desitky_coarse``). Medium-field duels:
    # 1 +0.002 [-0.016, +0.019], 2 +0.015 [-0.009, +0.039] per game (300 deals each); depth 2
    # keyed by the hand -0.011 [-0.023, +0.002] (900): nothing beyond doubt, so
    # ``desitky_joint`` stays off; docs/AI_STRENGTH.md, eleventh round
    desitky_rules: int = 0


def equivalence_prune(cards: list[int], separators: int, code: int, keep: int) -> list[int]:
    """Drop cards equivalent to a neighbour: same suit, same penalty value, and no card
    between them that another seat holds or the current trick shows. ``keep`` (the medium
    card) represents its group; otherwise the highest card does."""
    value = CARD_VALUE[code]
    groups: list[list[int]] = []
    for c in sorted(cards):
        if groups:
            p = groups[-1][-1]
            if p >> 3 == c >> 3 and value[p] == value[c] and not (ABOVE[p] & BELOW[c] & separators):
                groups[-1].append(c)
                continue
        groups.append([c])
    return [keep if keep in g else g[-1] for g in groups]


def settled(results: list[list[float]], totals: list[float], z: float = 3.0) -> bool:
    """The leader is ahead of every other candidate beyond doubt (paired over the same
    worlds: mean difference more than ``z`` standard errors), or all candidates have done
    exactly alike (or with the same margin) in every world so far."""
    lead = max(range(len(totals)), key=lambda i: totals[i])
    ref = results[lead]
    for i, r in enumerate(results):
        if i == lead:
            continue
        mean, se = paired_gap(ref, r)
        if se == 0.0:
            continue
        if mean < z * se:
            return False
    return True


def paired_gap(ref: list[float], other: list[float]) -> tuple[float, float]:
    """How far ``ref`` is ahead of ``other`` per world, paired over the same worlds: the mean
    difference and its standard error (0 for a single world)."""
    n = len(ref)
    d = [a - b for a, b in zip(ref, other, strict=True)]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
    return mean, (var / n) ** 0.5


def contenders(results: list[list[float]], totals: list[float], z: float, top: int) -> list[int]:
    """The leader and the candidates not behind it beyond doubt (paired over the same worlds:
    mean difference less than ``z`` standard errors, or none at all), best total first, at
    most ``top``."""
    order = sorted(range(len(totals)), key=lambda i: -totals[i])
    lead = order[0]
    out = [lead]
    for i in order[1:]:
        if len(out) >= top:
            break
        mean, se = paired_gap(results[lead], results[i])
        if mean <= 0.0 or (se > 0.0 and mean < z * se):
            out.append(i)
    return out


def wants(view: SeatView) -> tuple[bool, bool, bool, bool]:
    """Per seat, whether it steers for points (a čistá stovka aim), as each seat's own view
    would say (the points each has in the game so far are public)."""
    pub = view.public
    out = [
        stovka_target_of(pub, s, pub.game_points[s]) > 0 if s != view.seat else False
        for s in range(4)
    ]
    out[view.seat] = stovka_target(view) > 0
    return (out[0], out[1], out[2], out[3])


def strong_seats(
    evidence: Evidence, worlds: list[Hands], me: int, share: float = 0.5
) -> list[bool]:
    """Per seat: whether it plays unlike the medium rules — in at most ``share`` of the
    believed worlds (half by default; 0.0: in none) were its decisions of this game so far
    all the medium ones. A seat with no decision yet counts as a medium player."""
    out = [False] * 4
    if not worlds:
        return out
    for s in range(4):
        if s == me or not evidence.decisions[s]:
            continue
        medium = 0
        for hands in worlds:
            n, matched = evidence.matches(s, hands[s])
            medium += n == matched
        out[s] = medium <= share * len(worlds)
    return out


class CardSearch:
    """One decision's search; ``run`` returns the chosen card (-1: end the desítky turn)."""

    def __init__(self, view: SeatView, rng: random.Random, config: SearchConfig) -> None:
        self.view = view
        self.rng = rng
        self.config = config
        self.worlds_used = 0
        self.planned = False  # desítky: whole turns were compared
        self.maturant_searched = False  # maturita: scored 0–2 failures (``maturant_search``)
        # the joint search of the seat's own next decisions (``own_joint``), when it applies
        # here: (worlds, option, deadline) → the seat's points summed over the worlds
        self.joint: Callable[[list[Hands], int, float | None], int] | None = None
        self.joint_tried = False  # it was started (benchmarks)
        self.joint_ran = False  # it ranked the close candidates (benchmarks)
        self.joint_changed = False  # and chose another card than the flat search
        # why the last ``run`` stopped drawing worlds (for benchmarks): "cap" / "budget" (the
        # ordinary world cap / time budget, the best two not close), "close_cap" /
        # "close_budget" (the same for the close budget), "settled", "exhausted"; "" when
        # nothing was searched (a single option)
        self.stop = ""

    def run(self) -> int:
        t0 = clock.now()
        view, cfg = self.view, self.config
        pub = view.public
        contract = pub.contract
        assert contract is not None
        prior = medium_card(view)
        k = knowledge(view)
        evidence = Evidence(view) if cfg.infer else None
        beliefs = Beliefs(k, evidence, self.rng, cfg.burn, cfg.thin, cfg.restart)
        pending = beliefs.draw(cfg.batch)
        strong = [False] * 4
        if (cfg.opp or cfg.lead_model) and evidence is not None:
            strong = strong_seats(evidence, pending, view.seat, cfg.strong_share)
        simulate, firsts, preferred = self._options(contract, prior, k.unseen, strong)
        if len(firsts) == 1 or len(set(firsts)) == 1:
            return firsts[0]
        if contract is Contract.DESITKY and not self.planned:
            cfg = replace(cfg, worlds=cfg.desitky_worlds, close_worlds=cfg.desitky_close_worlds)
        utility = self._utility()
        m = len(firsts)
        results: list[list[float]] = [[] for _ in range(m)]
        totals = [0.0] * m
        n = 0
        drawn: list[Hands] = []  # the worlds, for the joint search
        deadline = None if cfg.budget_ms is None else t0 + cfg.budget_ms / 1000
        close_deadline = None if cfg.close_ms is None else t0 + cfg.close_ms / 1000
        target = cfg.worlds
        self.stop = "close_cap"
        while n < cfg.close_worlds:
            now = clock.now() if deadline is not None else 0.0
            if n >= target or (deadline is not None and n >= cfg.min_worlds and now > deadline):
                # the budget is spent: go on only while the best two are close
                if cfg.close_worlds <= cfg.worlds or settled(results, totals, 1.0):
                    self.stop = "cap" if n >= target else "budget"
                    break
                if close_deadline is not None and now > close_deadline:
                    self.stop = "close_budget"
                    break
                target = cfg.close_worlds
            if n >= cfg.settle_worlds and settled(results, totals):
                self.stop = "settled"
                break
            batch, pending = pending or beliefs.draw(cfg.batch), []
            if not batch:
                self.stop = "exhausted"
                break
            for hands in batch:
                for i in range(m):
                    u = utility(simulate(hands, i))
                    results[i].append(u)
                    totals[i] += u
                n += 1
                if self.joint is not None:
                    drawn.append(hands)
        self.worlds_used = n
        if n == 0:
            return prior
        best = max(range(m), key=lambda i: totals[i])
        if totals[preferred] >= totals[best] - 1e-9:
            best = preferred
        if self.joint is not None and n >= cfg.min_worlds:
            close = contenders(results, totals, cfg.joint_z, cfg.joint_top)
            if len(close) > 1:
                joint_deadline = None if cfg.close_ms is None else t0 + cfg.close_ms / 1000
                chosen = self._joint_best(drawn, close, preferred, joint_deadline)
                if chosen >= 0:
                    self.joint_changed = chosen != best
                    best = chosen
        return firsts[best]

    def _joint_best(
        self, drawn: list[Hands], close: list[int], preferred: int, deadline: float | None
    ) -> int:
        """Of the ``close`` options (best flat total first), the one whose points with the
        seat's own next decisions chosen per information set are fewest (ties: the preferred
        option, then the flat order); -1 when the joint search ran out of time or visits."""
        joint = self.joint
        assert joint is not None
        self.joint_tried = True
        try:
            points = {i: joint(drawn, i, deadline) for i in close}
        except JointTooDeep:
            return -1
        self.joint_ran = True
        best = close[0]
        for i in close[1:]:
            if points[i] < points[best]:
                best = i
        if preferred in points and points[preferred] <= points[best]:
            best = preferred
        return best

    # -- the parts -------------------------------------------------------------------------
    def _utility(self) -> Callable[[list[int]], float]:
        view = self.view
        me = view.seat
        maturant = maturant_of(view.public)
        target = stovka_target(view)
        if maturant >= 0:
            if me == maturant and self.maturant_searched:
                return lambda pts: -float(pts[me])  # 0–2 failures (``_options``)
            if self.maturant_searched:
                return lambda pts: -float(pts[maturant])  # 0–2 passes (``_options``)
            if me == maturant:
                return lambda pts: -1.0 if pts[me] else 0.0
            return lambda pts: 1.0 if pts[maturant] else 0.0
        if target > 0:
            return lambda pts: -float(abs(pts[me] - target))
        return lambda pts: -float(pts[me])

    def _options(
        self, contract: Contract, prior: int, unseen: int, strong: list[bool]
    ) -> tuple[Callable[[list[int], int], list[int]], list[int], int]:
        """What the search compares: (simulate(world, option) → points from here, the first
        card of each option, the option preferred on ties: the medium player's). ``strong``:
        the seats modelled as searching players (their next decisions searched in the world)
        rather than as medium ones."""
        view = self.view
        pub = view.public
        me = view.seat
        maturant = maturant_of(pub)
        want = wants(view)
        cards = [action_card(a) for a in view.legal]
        if contract in TRICK_CONTRACTS:
            code = fast_code(contract)
            trick, leader, index, taken = trick_state(pub)
            tmask = 0
            for c in trick:
                tmask |= 1 << c
            cards = equivalence_prune(cards, unseen | tmask, code, prior)
            voids = voids_of(knowledge(view).excluded)
            fkh = forbid_kh(pub)
            solve = view.hand.bit_count() <= self.config.solve_cards
            searched = self.config.maturant_search and maturant == me
            defended = self.config.defender_search and maturant >= 0 and maturant != me
            self.maturant_searched = searched or defended
            limit = self.config.own_search_limit

            # a seat that plays unlike the medium rules is modelled as searching its next
            # card in the world, where cards carry points (measured: it helps there against
            # hard players, and misleads in všechny)
            penalty_game = bool(TRICK_RULES[contract].penalty_cards)
            opp = self.config.opp if penalty_game else 0
            depths = [opp if strong[s] else 0 for s in range(4)]
            targets = tuple(stovka_target_of(pub, s, pub.game_points[s]) for s in range(4))
            utilities = seat_utilities(maturant, (targets[0], targets[1], targets[2], targets[3]))
            value = CARD_VALUE[code]
            # the strong seats lead by the lead model, where cards carry points (measured
            # better in filky and červené in a hard1 field, worse in všechny: docs/AI_STRENGTH.md)
            weights = LEAD_WEIGHTS.get(code) if self.config.lead_model and penalty_game else None
            leads: Leads | None = None
            if weights is not None and any(strong) and maturant < 0:
                leads = [weights if strong[s] else None for s in range(4)]
            # the seat's own later leads by its own table (``own_leads``; the rollouts drop a
            # seat's table while it steers for points)
            own = OWN_LEAD_WEIGHTS.get(code) if self.config.own_leads and maturant < 0 else None
            if own is not None:
                leads = leads or [None, None, None, None]
                leads[me] = own
            # the maturant's own later leads in his rollouts (``maturant_leads``)
            mine: Leads | None = None
            table = MATURANT_LEAD_WEIGHTS.get(code) if self.config.maturant_leads else None
            if searched and table is not None:
                mine = [None, None, None, None]
                mine[me] = table

            def prune(legal: int, out: int) -> list[int]:
                return equivalence_prune_mask(legal, out, value)

            if (
                self.config.own_joint > 0
                and maturant < 0
                and not solve
                and not any(depths)
                and not want[me]
            ):
                depth = self.config.own_joint
                joint_min = self.config.joint_min
                joint_limit = self.config.joint_limit
                joint_coarse = self.config.joint_coarse
                joint_leads = leads

                def leaf(
                    h: list[int], v: list[int], cur: list[int], lead: int, idx: int, tk: int,
                    c: int,
                ) -> int:  # fmt: skip
                    return trick_rollout(
                        code, h, cur, lead, idx, tk, v, -1, fkh, want, c, None, joint_leads
                    )[me]

                def joint(worlds: list[Hands], i: int, deadline: float | None) -> int:
                    return joint_own_points(
                        code, worlds, trick, leader, index, taken, voids, me, fkh, want,
                        cards[i], depth, leaf, joint_leads, joint_min, joint_limit, deadline,
                        joint_coarse,
                    )  # fmt: skip

                self.joint = joint

            def simulate_trick(hands: list[int], i: int) -> list[int]:
                if searched or defended:
                    # the maturant: both failures, the rollout's and with his best play, 0–2;
                    # a defender: both passes, the rollout's and against his best play
                    rolled = trick_rollout(
                        code, hands, trick, leader, index, taken, voids, maturant, fkh, want,
                        cards[i], None, mine,
                    )  # fmt: skip
                    rolled_pass = rolled[maturant] == 0
                    try:
                        passes = maturant_can_pass(
                            code, hands, trick, leader, index, taken, voids, maturant, fkh,
                            cards[i], me, limit,
                        )  # fmt: skip
                    except TooDeep:
                        passes = rolled_pass
                    out = [0, 0, 0, 0]
                    if searched:
                        out[maturant] = (not passes) + (not rolled_pass)
                    else:
                        out[maturant] = passes + rolled_pass
                    return out
                if solve:
                    return trick_solve(
                        code, hands, trick, leader, index, taken, maturant, fkh, cards[i]
                    )
                if any(depths):
                    return trick_lookahead_rollout(
                        code, hands, trick, leader, index, taken, voids, maturant, fkh, want,
                        cards[i], depths, utilities, prune, None, leads,
                    )  # fmt: skip
                return trick_rollout(
                    code, hands, trick, leader, index, taken, voids, maturant, fkh, want,
                    cards[i], None, leads,
                )  # fmt: skip

            return simulate_trick, cards, _index(cards, prior)
        if isinstance(pub.game, KvartyView):
            first = not pub.game.kvarty

            def simulate_kvarty(hands: list[int], i: int) -> list[int]:
                return kvarty_rollout(hands, me, first, maturant, want, cards[i])

            if self.config.kvarty_joint > 0 and maturant < 0 and not want[me]:
                cfg = self.config

                def joint_kvarty(worlds: list[Hands], i: int, deadline: float | None) -> int:
                    return joint_kvarty_points(
                        worlds, me, cards[i], cfg.kvarty_joint, want, cfg.joint_min,
                        cfg.joint_limit, deadline, cfg.kvarty_coarse,
                    )  # fmt: skip

                self.joint = joint_kvarty

            return simulate_kvarty, cards, _index(cards, prior)
        assert isinstance(pub.game, DesitkyView)
        ends = ends_of(pub)
        laid = len(pub.game.turn)
        plans = None
        if self.config.plan_turns:
            plans = desitky_plans(view.hand, ends, laid, self.config.max_plans)
        if plans is None:

            def simulate_desitky(hands: list[int], i: int) -> list[int]:
                return desitky_rollout(hands, ends, me, laid, maturant, want, cards[i])

            if self.config.desitky_joint > 0 and maturant < 0 and not want[me]:
                cfg = self.config

                def joint_desitky(worlds: list[Hands], i: int, deadline: float | None) -> int:
                    return joint_desitky_points(
                        worlds, ends, me, laid, cards[i], cfg.desitky_joint, want,
                        cfg.joint_min, cfg.joint_limit, deadline, cfg.desitky_coarse,
                        cfg.max_plans, cfg.desitky_rules,
                    )  # fmt: skip

                self.joint = joint_desitky

            return simulate_desitky, cards, _index(cards, prior)
        turn_plans = plans
        self.planned = True

        def simulate_plan(hands: list[int], i: int) -> list[int]:
            return desitky_plan_rollout(hands, ends, me, laid, turn_plans[i], maturant, want)

        medium = medium_plan(view.hand, ends, laid, pub.hand_counts, me, me == maturant, want[me])
        preferred = next((i for i, p in enumerate(plans) if set(p) == set(medium)), 0)
        return simulate_plan, [p[0] if p else -1 for p in plans], preferred


def _index(cards: list[int], card: int) -> int:
    return cards.index(card) if card in cards else 0


def medium_plan(
    hand: int,
    ends: int,
    laid: int,
    counts: tuple[int, ...],
    me: int,
    maturant_me: bool,
    want: bool,
) -> tuple[int, ...]:
    """The cards the medium rules would lay in the rest of this turn (they read only the
    seat's own hand, the rows and the hand counts, so the turn is known in advance)."""
    out: list[int] = []
    others = min(n for s, n in enumerate(counts) if s != me)
    while True:
        urgent = min(others, hand.bit_count()) <= 2
        c = desitky_policy(hand, ends, laid > 0, urgent, maturant_me, want)
        if c < 0:
            return tuple(out)
        out.append(c)
        hand &= ~(1 << c)
        ends = desitky_next_ends(ends, c)
        laid += 1
        if not hand or not hand & ends:
            return tuple(out)
