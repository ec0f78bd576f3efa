"""The hard player's simulations beyond the plain medium rollouts of ``engine.ai.policy``.

* ``desitky_plan_rollout``: a whole desítky turn laid as planned, then the medium rollout;
* ``trick_lookahead_rollout``: a trick game played on with the medium rules, except that the
  next decision of each seat modelled as a searching player is searched in the world itself
  (each legal card tried with a medium rollout after it, the best for that seat kept);
* ``joint_own_points``: the searching seat's own next decisions chosen per information set
  over many worlds at once (one card for all the worlds that show it the same cards);
  ``joint_kvarty_points``: the same for its next leads in kvarty, ``joint_desitky_points``
  for its next turns in desítky (one whole turn for all the worlds that show it the same).

Like the medium rollouts they play by the engine's rule functions (``rules.trick_legal_mask``
through ``policy.legal_trick_mask``, ``rules.trick_winner_offset``, ``rules.trick_penalty``,
``rules.desitky_next_ends``); ``tests/test_rule_equivalence.py``
replays their traces through the engine and requires its end and points.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from engine import clock
from engine.ai.policy import (
    CARD_VALUE,
    Leads,
    desitky_policy,
    desitky_rollout,
    equivalence_prune_mask,
    kvarty_policy,
    kvarty_rollout,
    legal_trick_mask,
    maturita_leads,
    model_lead,
    note_voids,
    trick_points,
    trick_policy,
    trick_rollout,
)
from engine.cards import FULL_DECK, HEARTS_MASK, cards_of
from engine.fast import RED_LEAD, points_left
from engine.rules import (
    TENS_MASK,
    desitky_knockers,
    desitky_next_ends,
    kvarty_lead_mask,
    lay_kvarta,
    trick_winner_offset,
)

NON_HEARTS = 0xFFFFFFFF & ~HEARTS_MASK
_Option = TypeVar("_Option")
Utility = Callable[[list[int]], float]
Prune = Callable[[int, int], list[int]]  # (legal mask, cards still out) -> candidates


def desitky_plan_rollout(
    hands: list[int],
    ends: int,
    me: int,
    laid: int,
    plan: tuple[int, ...],
    maturant: int,
    want: tuple[bool, bool, bool, bool],
    trace: list[tuple[int, int]] | None = None,
) -> list[int]:
    """Lay ``plan`` (cards ``me`` can lay in this order) and end the turn, then play desítky on
    with the medium rules: cards left plus knocks from here, per seat."""
    h = list(hands)
    for c in plan:
        h[me] &= ~(1 << c)
        ends = desitky_next_ends(ends, c)
        if trace is not None:
            trace.append((me, c))
        if not h[me]:  # R-DESITKY-END: he laid his last card
            return [h[0].bit_count(), h[1].bit_count(), h[2].bit_count(), h[3].bit_count()]
    # the turn ends: by his choice, or by itself when nothing more can be laid
    end = -1 if h[me] & ends else None
    return desitky_rollout(h, ends, me, laid + len(plan), maturant, want, end, trace)


def seat_utility(seat: int, maturant: int, target: int) -> Utility:
    """What ``seat`` plays for in a simulation: fewer points (a čistá stovka declarer: his
    ``target``), in maturita the maturant a clean game and the defenders his failure."""
    if maturant >= 0:
        if seat == maturant:
            return lambda pts: -1.0 if pts[maturant] else 0.0
        return lambda pts: 1.0 if pts[maturant] else 0.0
    if target > 0:
        return lambda pts: -float(abs(pts[seat] - target))
    return lambda pts: -float(pts[seat])


def seat_utilities(maturant: int, targets: tuple[int, int, int, int]) -> list[Utility]:
    return [seat_utility(s, maturant, targets[s]) for s in range(4)]


def trick_lookahead_rollout(
    code: int,
    hands: list[int],
    trick: list[int],
    leader: int,
    index: int,
    taken: int,
    voids: list[int],
    maturant: int,
    forbid_kh: bool,
    want: tuple[bool, bool, bool, bool],
    first_card: int,
    depths: list[int],
    utilities: list[Utility],
    prune: Prune,
    trace: list[int] | None = None,
    leads: Leads | None = None,
) -> list[int]:
    """Play ``first_card`` for the seat to act, then on with the medium rules, except that
    the next ``depths[s]`` decisions of each seat ``s`` are searched in this world: each
    candidate card (``prune`` of the legal ones) played on by ``trick_rollout``, the best by
    ``utilities[s]`` (ties: the medium card) played. ``leads``: per seat, the lead model's
    weights (``policy.model_lead``) in place of the medium lead — the card played when that
    seat is not searched, and its tie-break when it is — and in the rollouts after each
    candidate; None for the medium rules. Penalties from here, per seat."""
    if maturant >= 0 and leads is not None:
        leads = maturita_leads(leads, maturant)
    h = list(hands)
    v = list(voids)
    cur = list(trick)
    points = [0, 0, 0, 0]
    depth = list(depths)
    remaining = h[0] | h[1] | h[2] | h[3]
    rem = points_left(code, taken, index)
    if rem <= 0:
        return points
    while True:
        while len(cur) < 4:
            s = (leader + len(cur)) & 3
            if first_card >= 0:
                c, first_card = first_card, -1
            else:
                c = trick_policy(
                    code, s, h[s], cur, leader, index, remaining, v, maturant, forbid_kh, want[s]
                )
                if leads is not None and not cur:
                    w = leads[s]
                    if w is not None and not want[s]:
                        c = model_lead(w, code, s, h[s], index, remaining, v, forbid_kh, c)
                if depth[s] > 0:
                    depth[s] -= 1
                    legal = legal_trick_mask(h[s], cur, code, forbid_kh and index == 0)
                    cands = prune(legal, remaining & ~h[s]) if legal & (legal - 1) else []
                    if len(cands) > 1:
                        utility = utilities[s]
                        taken_now = _taken(remaining, cur)
                        best_u = -1e18
                        # the medium card first; not again among the candidates (the same
                        # rollout again could not do better than itself)
                        for x in [c, *[y for y in cands if y != c]]:
                            rest = trick_rollout(
                                code, h, cur, leader, index, taken_now, v, maturant, forbid_kh,
                                want, x, None, leads,
                            )  # fmt: skip
                            u = utility(_add(points, rest))
                            if u > best_u:
                                best_u, c = u, x
            if cur:
                if c >> 3 != cur[0] >> 3:
                    v[s] |= 1 << (cur[0] >> 3)
            elif c < 8 and RED_LEAD[code] and h[s] & NON_HEARTS == 0:
                v[s] |= 0b1110
            h[s] &= ~(1 << c)
            remaining &= ~(1 << c)
            cur.append(c)
            if trace is not None:
                trace.append(c)
        winner = (leader + trick_winner_offset(cur)) & 3
        m = (1 << cur[0]) | (1 << cur[1]) | (1 << cur[2]) | (1 << cur[3])
        p = trick_points(code, m, index)
        index += 1
        if p:
            points[winner] += p
            rem -= p
            if winner == maturant or rem <= 0:
                return points
        cur = []
        leader = winner


def _taken(remaining: int, trick: list[int]) -> int:
    """The cards taken in completed tricks: neither in a hand nor in the current trick."""
    out = FULL_DECK & ~remaining
    for c in trick:
        out &= ~(1 << c)
    return out


def _add(a: list[int], b: list[int]) -> list[int]:
    return [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]]


# -- the seat's own next decisions, chosen per information set ------------------------------
OwnLeaf = Callable[[list[int], list[int], list[int], int, int, int, int], int]


class JointTooDeep(Exception):
    """A joint search met its limit or its deadline (the caller keeps the flat scores)."""


class _JointBudget:
    """A joint search's limit on the information sets it visits (``limit`` > 0) and its
    deadline (``clock.now()``); ``JointTooDeep`` beyond either."""

    __slots__ = ("deadline", "limit", "visited")

    def __init__(self, limit: int, deadline: float | None) -> None:
        self.limit = limit
        self.deadline = deadline
        self.visited = 0

    def visit(self) -> None:
        """One more information set: within the limit and the time, else ``JointTooDeep``."""
        self.visited += 1
        if self.limit and self.visited > self.limit:
            raise JointTooDeep
        self.in_time()

    def in_time(self) -> None:
        if self.deadline is not None and clock.now() > self.deadline:
            raise JointTooDeep

    def fewest(self, score: int, options: Iterable[_Option], points: Callable[[_Option], int]
               ) -> int:
        """The fewest points of one option for a whole information set: ``score`` (its
        rollout option's) or ``points(o)`` of the first of ``options`` to do better, tried in
        order until none is left or nothing is (0); the time is checked before each."""
        for option in options:
            if score == 0:
                break
            self.in_time()
            x = points(option)
            if x < score:
                score = x
        return score


def joint_own_points(
    code: int,
    worlds: Sequence[list[int]],
    trick: list[int],
    leader: int,
    index: int,
    taken: int,
    voids: list[int],
    me: int,
    forbid_kh: bool,
    want: tuple[bool, bool, bool, bool],
    first_card: int,
    depth: int,
    leaf: OwnLeaf,
    leads: Leads | None = None,
    min_worlds: int = 1,
    limit: int = 0,
    deadline: float | None = None,
    coarse: bool = False,
) -> int:
    """The points ``me`` takes from here, summed over ``worlds`` (``me`` to play in each, the
    same public position, outside maturita), when it plays ``first_card`` and chooses its next
    ``depth`` decisions per information set: the other seats play the rollout's cards
    (``trick_policy``, a seat given ``leads`` leading by ``model_lead``), which split the worlds
    by what ``me`` will have seen at its next turn — every card the others played since
    (``coarse``: only its own hand and the trick on the table then, so the sets are larger and
    the seat uses less of what it knows) — and in each such set it plays *one* option for all
    its worlds: its rollout card (in each world the card the rollout would play there) or one
    fixed card, the one with the fewest points over them (ties: the rollout card). Where
    ``depth`` runs out, ``me``'s card ``c`` scores ``leaf(hands, voids, trick, leader, index,
    taken, c)`` per world (its points from there, e.g. a rollout); forced cards are played
    without counting as decisions. An information set of fewer than ``min_worlds`` worlds plays
    the rollout card. With one world this is the best over ``me``'s next decisions in that
    world; with ``depth`` 0 the sum of ``leaf``; never more than the rollout's points (the
    rollout card is among the options). ``limit`` > 0 caps the decisions visited, ``deadline``
    (``clock.now()``) the time (``JointTooDeep`` beyond either)."""
    value = CARD_VALUE[code]
    budget = _JointBudget(limit, deadline)
    # per world: hands, voids, current trick, its leader, tricks done, cards taken
    World = tuple[list[int], list[int], list[int], int, int, int]

    def card_of(s: int, h: list[int], cur: list[int], lead: int, idx: int, v: list[int]) -> int:
        remaining = h[0] | h[1] | h[2] | h[3]
        c = trick_policy(code, s, h[s], cur, lead, idx, remaining, v, -1, forbid_kh, want[s])
        if leads is not None and not cur:
            w = leads[s]
            if w is not None and not want[s]:
                c = model_lead(w, code, s, h[s], idx, remaining, v, forbid_kh, c)
        return c

    def q(group: list[World], card: int, d: int) -> int:
        """Points of ``me`` over ``group`` playing ``card`` (-1: its rollout card in each
        world), ``d`` decisions still chosen after it."""
        if d <= 0:
            out = 0
            for h, v, cur, lead, idx, tk in group:
                c = card if card >= 0 else card_of(me, h, cur, lead, idx, v)
                out += leaf(h, v, cur, lead, idx, tk, c)
            return out
        total = 0
        buckets: dict[tuple[int, ...], list[World]] = {}
        for hands, vs, cur0, lead, idx, tk in group:
            h = list(hands)
            v = list(vs)
            cur = list(cur0)
            c = card if card >= 0 else card_of(me, h, cur, lead, idx, v)
            seen: list[int] = []
            s = me
            while True:  # play on until me's turn or the end
                note_voids(code, v, s, h[s], cur, c)
                h[s] &= ~(1 << c)
                cur.append(c)
                if s != me:
                    seen.append(c)
                if len(cur) == 4:
                    winner = (lead + trick_winner_offset(cur)) & 3
                    m = (1 << cur[0]) | (1 << cur[1]) | (1 << cur[2]) | (1 << cur[3])
                    p = trick_points(code, m, idx)
                    tk |= m
                    idx += 1
                    if winner == me:
                        total += p
                    if (p and points_left(code, tk, idx) <= 0) or not h[winner]:
                        s = -1
                        break
                    cur = []
                    lead = winner
                s = (lead + len(cur)) & 3
                if s == me:
                    break
                c = card_of(s, h, cur, lead, idx, v)
            if s < 0:
                continue  # the game is over in this world
            key = (h[me], lead, idx, *cur) if coarse else (h[me], *seen)
            sub = buckets.get(key)
            if sub is None:
                buckets[key] = sub = []
            sub.append((h, v, cur, lead, idx, tk))
        for sub in buckets.values():
            total += best(sub, d)
        return total

    def best(group: list[World], d: int) -> int:
        """``me`` to play in every world of ``group`` (one information set): the fewest
        points over them of one option, ``d`` decisions to choose counting this one."""
        budget.visit()
        h0, _, cur, _, idx, _ = group[0]
        hs = h0[me]
        legal = legal_trick_mask(hs, cur, code, forbid_kh and idx == 0)
        if legal & (legal - 1) == 0:
            return q(group, legal.bit_length() - 1, d)  # forced: not a decision
        if len(group) < min_worlds:
            return q(group, -1, 0)
        out = 0  # a card still out in any of the worlds separates equivalent cards
        for h, _, _, _, _, _ in group:
            out |= h[0] | h[1] | h[2] | h[3]
        out &= ~hs
        for c in cur:
            out |= 1 << c
        score = q(group, -1, d - 1)
        own = -2
        if not coarse:  # one world's rollout card is every world's: not again as a card
            own = card_of(me, h0, cur, group[0][3], idx, group[0][1])
        return budget.fewest(score, other_groups(legal, out, value, own),
                             lambda c: q(group, c, d - 1))

    start = [(list(h), list(voids), list(trick), leader, index, taken) for h in worlds]
    return q(start, first_card, depth)


def other_groups(legal: int, out: int, value: tuple[int, ...], own: int) -> list[int]:
    """``policy.equivalence_prune_mask`` of ``legal`` without the group of ``own``: the
    highest card of each other group of equivalent cards (same suit and penalty value, no
    card still out between them). The groups run upward, so ``own``'s is the first whose
    highest card is not below it."""
    tops = equivalence_prune_mask(legal, out, value)
    if own < 0 or not (legal >> own) & 1:
        return tops
    mine = next(t for t in tops if t >= own)
    return [t for t in tops if t != mine]


def joint_kvarty_points(
    worlds: Sequence[list[int]],
    me: int,
    first_card: int,
    depth: int,
    want: tuple[bool, bool, bool, bool],
    min_worlds: int = 1,
    limit: int = 0,
    deadline: float | None = None,
    coarse: bool = False,
) -> int:
    """Kvarty: the cards ``me`` keeps to the end, summed over ``worlds`` (all four hands; ``me``
    on lead in each, the same public position, outside maturita), when it leads ``first_card``
    and chooses its next ``depth`` leads per information set. The other seats lead by the
    rollout's rule (``kvarty_policy``); every kvarta is laid by ``rules.lay_kvarta``. Everything
    laid is public, so what tells the worlds apart at ``me``'s next lead is only who laid what:
    the worlds fall into sets by every lay until then (the leader, its start and each card
    another seat added, in order: ``me``'s full information) or, ``coarse``, by ``me``'s hand
    and the cards played (what the rollout's rule reads: the seat forgets who held which card,
    and so the hand counts). In each set ``me`` leads *one* start for all its worlds (of
    ``rules.kvarty_lead_mask``), the one with the fewest cards kept over them, ties to the
    rollout's start (the same in every world of a set, both keys fix hand and cards played);
    where ``depth`` runs out the medium rollout (``kvarty_rollout``) plays on. A lead with
    one start is not a decision; a set of fewer than ``min_worlds`` worlds leads the
    rollout's start. With one world this is the best over ``me``'s next leads in that world;
    with ``depth`` 0 the rollout; never more than the rollout. ``limit`` > 0 caps the sets
    visited, ``deadline`` (``clock.now()``) the time (``JointTooDeep`` beyond either)."""
    budget = _JointBudget(limit, deadline)

    def q(group: list[list[int]], card: int, d: int) -> int:
        """Cards ``me`` keeps over ``group`` leading ``card`` there, ``d`` leads still chosen
        after it."""
        if d <= 0:
            return sum(kvarty_rollout(h, me, False, -1, want, card)[me] for h in group)
        total = 0
        buckets: dict[tuple[int, ...], list[list[int]]] = {}
        for hands in group:
            h = list(hands)
            seen: list[int] = []
            seat, c = me, card
            while True:  # lay on until me leads again or the game is over
                lay = lay_kvarta(h, seat, c)
                if not coarse:
                    seen.append(seat << 5 | c)
                    seen.extend(s << 5 | x for s, x in lay.filled)
                nxt = lay.next_leader
                if nxt is None:
                    break
                seat = nxt
                if seat == me:
                    break
                played = FULL_DECK & ~(h[0] | h[1] | h[2] | h[3])
                c = kvarty_policy(h[seat], played, False, want[seat])
            if nxt is None:
                total += h[me].bit_count()  # the game is over in this world
                continue
            if coarse:
                key: tuple[int, ...] = (h[me], h[0] | h[1] | h[2] | h[3])
            else:
                key = (h[me], *seen)
            sub = buckets.get(key)
            if sub is None:
                buckets[key] = sub = []
            sub.append(h)
        for sub in buckets.values():
            total += best(sub, d)
        return total

    def best(group: list[list[int]], d: int) -> int:
        """``me`` on lead in every world of ``group`` (one information set): the fewest cards
        kept over them leading one start, ``d`` leads to choose counting this one."""
        budget.visit()
        h0 = group[0]
        hs = h0[me]
        played = FULL_DECK & ~(h0[0] | h0[1] | h0[2] | h0[3])
        own = kvarty_policy(hs, played, False, want[me])
        legal = kvarty_lead_mask(hs, False)
        if legal & (legal - 1) == 0:
            return q(group, own, d)  # one start: not a decision
        if len(group) < min_worlds:
            return q(group, own, 0)
        return budget.fewest(q(group, own, d - 1), cards_of(legal & ~(1 << own)),
                             lambda c: q(group, c, d - 1))

    return q([list(h) for h in worlds], first_card, depth)


# a desítky turn of the searching seat: the cards it lays, and the rule that then goes on with
# the turn: 0 (False) none, the turn ends there (or by itself when nothing more can be laid),
# 1 (True) the medium rule, or one of the RULE_* below
TurnOption = tuple[tuple[int, ...], int]
# desítky turns as rules rather than card lists, legal in every world whatever the rows (each
# card laid is in the hand and at an end then, ``rules.desitky_next_ends``): lay all you can;
# lay the fewest (the medium rule's first card if none is laid yet, then end); the medium rule
# opening no new row (a ten only when it is the only card to lay and none is laid yet); lay
# all you can but open no new row (the same exception)
RULE_ALL, RULE_FEWEST, RULE_NO_TEN, RULE_ALL_NO_TEN = 2, 3, 4, 5
RULES = (RULE_ALL, RULE_FEWEST, RULE_NO_TEN, RULE_ALL_NO_TEN)


def desitky_rule_card(
    rule: int, hand: int, ends: int, laid_now: int, urgent: bool, want: bool
) -> int:
    """The next card ``rule`` (1: the medium rule, or one of ``RULES``) lays from ``hand``
    with the row ``ends``, ``laid_now`` cards laid in this turn; -1: the turn ends. A card
    is always one of ``hand & ends``; with none laid yet a playable card is always laid
    (R-DESITKY-TURN)."""
    playable = hand & ends
    if not playable:
        return -1
    if rule == RULE_ALL:
        return (playable & -playable).bit_length() - 1
    if rule == RULE_FEWEST:
        return desitky_policy(hand, ends, False, False, False, want) if not laid_now else -1
    if rule in (RULE_NO_TEN, RULE_ALL_NO_TEN):
        rows = ends & ~TENS_MASK
        if not hand & rows:  # only tens to lay: one when it must, else the turn ends
            return desitky_policy(hand, ends, False, False, False, want) if not laid_now else -1
        if rule == RULE_ALL_NO_TEN:
            m = hand & rows
            return (m & -m).bit_length() - 1
        return desitky_policy(hand, rows, laid_now > 0, urgent, False, want)
    return desitky_policy(hand, ends, laid_now > 0, urgent, False, want)


def desitky_plans(hand: int, ends: int, laid_now: int, limit: int) -> list[tuple[int, ...]] | None:
    """Every distinct set of cards a seat on turn can still lay before its turn ends, each in
    one order it can be laid in (R-DESITKY-TURN: each card one of the ends then, through
    ``rules.desitky_next_ends``), the empty plan first when the turn already holds a card (it
    may end now). Where the turn ends does not depend on the order, only on the set. None if
    there are more than ``limit``."""
    plans: list[tuple[int, ...]] = [()] if laid_now else []
    seen = {0}
    stack: list[tuple[int, int, tuple[int, ...]]] = [(hand, ends, ())]
    while stack:
        h, e, seq = stack.pop()
        m = h & e
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            nxt = (*seq, c)
            key = hand & ~(h ^ low)
            if key in seen:
                continue
            seen.add(key)
            plans.append(nxt)
            if len(plans) > limit:
                return None
            if h ^ low:
                stack.append((h ^ low, desitky_next_ends(e, c), nxt))
    return plans


def joint_desitky_points(
    worlds: Sequence[list[int]],
    ends: int,
    me: int,
    laid: int,
    first_card: int,
    depth: int,
    want: tuple[bool, bool, bool, bool],
    min_worlds: int = 1,
    limit: int = 0,
    deadline: float | None = None,
    coarse: bool = False,
    max_plans: int = 48,
    rules: int = 0,
) -> int:
    """Desítky: ``me``'s points from here (cards left and knocks), summed over ``worlds``
    (``me`` on turn in each with ``laid`` cards laid in it, the same public position, outside
    maturita), when it lays ``first_card`` (-1: ends the turn), goes on with this turn by the
    medium rule (``desitky_policy``), and chooses its next ``depth`` turns per information
    set. The other seats play by the medium rule and knock by ``rules.desitky_knockers``;
    what they lay splits the worlds by what ``me`` will have seen at its next turn: every
    card laid and knock, by seat, in order (its full information) or, ``coarse``, only its own
    hand and the rows then (the seat forgets who laid what, and the hand counts). In each set
    ``me`` plays *one* option for all its worlds: its rollout turn (in each world the medium
    rule's turn there) or one fixed whole turn (``desitky_plans``, a set of cards laid in an
    order the rules allow, then the turn ends; with more than ``max_plans`` of them, each
    playable card with the medium rule after it), the one with the fewest points over them
    (ties: the rollout turn). Where ``depth`` runs out the medium rollout plays on
    (``desitky_rollout`` / ``desitky_plan_rollout``). A turn with one possible plan (or a
    knock) is not a decision; a set of fewer than ``min_worlds`` worlds plays the rollout turn.
    With one world this is the best over ``me``'s next turns in that world; with ``depth`` 0
    the rollout; never more than the rollout. ``limit`` > 0 caps the sets visited,
    ``deadline`` (``clock.now()``) the time (``JointTooDeep`` beyond either).

    ``rules`` > 0: the seat's options are rules, not card lists (``RULES``: lay all, lay the
    fewest, open no new row, lay all but open no new row; each legal in every world whatever
    the rows), besides the rollout turn, and the sets are keyed by its own hand alone
    (``rules`` 1) or its hand and the others' hand counts (2) — larger sets, one rule for all
    their worlds (``coarse`` is then not read)."""
    budget = _JointBudget(limit, deadline)
    World = tuple[list[int], int]  # hands, row ends
    fine = not coarse and not rules  # the sets keyed by every card laid and knock

    def medium_turn(
        h: list[int], e: int, seat: int, laid_now: int, rule: int = 1
    ) -> tuple[int, int, bool]:
        """``seat`` goes on with its turn by the medium rule (as ``desitky_rollout``; or by
        ``rule``, see ``desitky_rule_card``): the row ends and cards laid after it, and
        whether its hand is empty (the game is over)."""
        while h[seat] & e:
            low = min(h[0].bit_count(), h[1].bit_count(), h[2].bit_count(), h[3].bit_count())
            if rule == 1:  # (the medium rule as the rollouts play it; no rule turn asked)
                c = desitky_policy(h[seat], e, laid_now > 0, low <= 2, False, want[seat])
            else:
                c = desitky_rule_card(rule, h[seat], e, laid_now, low <= 2, want[seat])
            if c < 0:
                break
            h[seat] &= ~(1 << c)
            e = desitky_next_ends(e, c)
            laid_now += 1
            if not h[seat]:
                return e, laid_now, True
        return e, laid_now, False

    def leaf(h: list[int], e: int, option: TurnOption, laid_now: int) -> int:
        plan, medium = option
        if medium > 1:  # a rule's turn (a rule's option lays no card before it), then the rollout
            h = list(h)
            e, laid_now, over = medium_turn(h, e, me, laid_now, medium)
            if over:
                return 0
            return desitky_plan_rollout(h, e, me, laid_now, (), -1, want)[me]
        if not medium:
            return desitky_plan_rollout(h, e, me, laid_now, plan, -1, want)[me]
        return desitky_rollout(h, e, me, laid_now, -1, want, plan[0] if plan else None)[me]

    def q(group: list[World], option: TurnOption, laid_now: int, d: int) -> int:
        """``me``'s points over ``group`` playing ``option`` in this turn (``laid_now`` cards
        laid in it before), ``d`` turns still chosen after it."""
        if d <= 0:
            return sum(leaf(h, e, option, laid_now) for h, e in group)
        total = 0
        buckets: dict[tuple[int, ...], list[World]] = {}
        plan, medium = option
        for hands, e in group:
            h = list(hands)
            seen: list[int] = []
            over = False
            n = laid_now
            for c in plan:
                h[me] &= ~(1 << c)
                e = desitky_next_ends(e, c)
                n += 1
                if not h[me]:
                    over = True
                    break
            if not over and medium:
                e, n, over = medium_turn(h, e, me, n, medium)
            seat = (me + 1) & 3
            while not over:  # the others' turns until me's next one, or the end
                for s in desitky_knockers(h, e, seat):
                    if s == me:
                        total += 1  # a knock: not a decision
                    elif fine:
                        seen.append(s * 33 + 32)
                    seat = (s + 1) & 3
                if seat == me:
                    break
                before = h[seat]
                e, _, over = medium_turn(h, e, seat, 0)
                if fine:
                    seen.extend(seat * 33 + c for c in cards_of(before & ~h[seat]))
                seat = (seat + 1) & 3
            if over:
                total += h[me].bit_count()  # the game is over in this world
                continue
            key: tuple[int, ...]
            if rules == 1:
                key = (h[me],)
            elif rules:
                key = (h[me], h[0].bit_count(), h[1].bit_count(), h[2].bit_count(),
                       h[3].bit_count())
            else:
                key = (h[me], e) if coarse else (h[me], *seen)
            sub = buckets.get(key)
            if sub is None:
                buckets[key] = sub = []
            sub.append((h, e))
        for sub in buckets.values():
            total += best(sub, d)
        return total

    def best(group: list[World], d: int) -> int:
        """``me`` on turn in every world of ``group`` (one information set), nothing laid in
        it yet: the fewest points over them of one option, ``d`` turns to choose counting
        this one."""
        budget.visit()
        if rules:  # the rows differ from world to world: rules, legal in all of them
            rollout_turn: TurnOption = ((), True)
            if len(group) < min_worlds:
                return q(group, rollout_turn, 0, 0)
            return budget.fewest(
                q(group, rollout_turn, 0, d - 1), [((), r) for r in RULES],
                lambda o: q(group, o, 0, d - 1),
            )  # fmt: skip
        h0, e0 = group[0]
        hs = h0[me]
        plans = desitky_plans(hs, e0, 0, max_plans)
        if plans is not None and len(plans) == 1:
            return q(group, (plans[0], False), 0, d)  # one way to play the turn
        rollout: TurnOption = ((), True)
        if len(group) < min_worlds:
            return q(group, rollout, 0, 0)
        score = q(group, rollout, 0, d - 1)
        options: list[TurnOption]
        if plans is None:
            options = [((c,), True) for c in cards_of(hs & e0)]
        else:
            options = [(p, False) for p in plans]
            if not coarse:  # one world's rollout turn is every world's: not again as a plan
                h = list(h0)
                medium_turn(h, e0, me, 0)
                options = [o for o in options if hs & ~h[me] != _mask(o[0])]
        return budget.fewest(score, options, lambda o: q(group, o, 0, d - 1))

    first: TurnOption = ((first_card,), True) if first_card >= 0 else ((), False)
    return q([(list(h), ends) for h in worlds], first, laid, depth)


def _mask(cards: tuple[int, ...]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out
