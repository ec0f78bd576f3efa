"""The hard player's simulations beyond the plain medium rollouts of ``engine.ai.policy``.

* ``desitky_plan_rollout``: a whole desítky turn laid as planned, then the medium rollout;
* ``trick_lookahead_rollout``: a trick game played on with the medium rules, except that the
  next decision of each seat modelled as a searching player is searched in the world itself
  (each legal card tried with a medium rollout after it, the best for that seat kept).

Like the medium rollouts they play by the engine's rule functions (``rules.trick_legal_mask``
through ``policy.legal_trick_mask``, ``rules.trick_winner_offset``, ``rules.trick_penalty``,
``rules.desitky_next_ends``); ``tests/test_rule_equivalence.py``
replays their traces through the engine and requires its end and points.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.ai.policy import (
    Leads,
    desitky_rollout,
    legal_trick_mask,
    maturita_leads,
    model_lead,
    trick_points,
    trick_policy,
    trick_rollout,
)
from engine.cards import FULL_DECK, HEARTS_MASK
from engine.fast import RED_LEAD, points_left
from engine.rules import desitky_next_ends, trick_winner_offset

NON_HEARTS = 0xFFFFFFFF & ~HEARTS_MASK
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
