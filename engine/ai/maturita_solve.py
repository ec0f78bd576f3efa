"""The maturant's best play against medium defenders in a known world (issue 17, third round).

In a maturita attempt the outcome is one bit: the maturant fails at his first penalty point
(R-MATURITA). ``maturant_can_pass`` plays the defenders by the medium rules (``trick_policy``,
as in a rollout) and searches every card of the maturant's (an OR: one passing line will do;
equivalent cards, same suit and penalty value with no card of another seat or of the current
trick between them, once), so it is cheap even from eight cards in hand. It sees the world, so
it is optimistic about the maturant's own later play where the medium rollout is pessimistic;
the hard maturant scores each candidate by both (``search.SearchConfig.maturant_search``). With
``searcher`` a defender, the same search makes the maturant fail with that defender's best play
(``defender_search``).

Tried and not kept (README, third round): an exact AND/OR search with perfect defenders, for the
maturant and for the defenders — perfect defenders make most worlds lost and the maturant
could no longer tell his cards apart; the defenders gained nothing by it.
The rules come in through the functions the other simulations play by (``legal_trick_mask``,
``trick_points``, ``points_left``, ``trick_winner_offset``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.ai.policy import (
    CARD_VALUE,
    equivalence_prune_mask,
    legal_trick_mask,
    note_voids,
    trick_points,
    trick_policy,
)
from engine.fast import points_left
from engine.rules import trick_winner_offset


class TooDeep(Exception):
    """``maturant_can_pass`` met its limit (the caller scores by the rollout alone)."""


def maturant_can_pass(
    code: int,
    hands: list[int],
    trick: list[int],
    leader: int,
    index: int,
    taken: int,
    voids: list[int],
    maturant: int,
    forbid_kh: bool,
    first_card: int = -1,
    searcher: int = -1,
    limit: int = 0,
) -> bool:
    """Whether the maturant passes from here in this world if the other seats play the medium
    rules (``trick_policy``, as in a rollout) and the ``searcher`` (the maturant by default)
    plays his best card each time, seeing the world: an OR over his cards (the maturant's aim
    is to pass, a defender's to make him fail); the other seats' cards are forced. ``limit``
    > 0 caps the searcher's decisions visited (``TooDeep`` beyond it)."""
    value = CARD_VALUE[code]
    visited = [0]
    if searcher < 0:
        searcher = maturant
    aim = searcher == maturant  # the result the searcher plays for

    def rec(h: list[int], v: list[int], cur: list[int], lead: int, idx: int, rem: int) -> bool:
        while True:
            while len(cur) < 4:
                s = (lead + len(cur)) & 3
                if s == searcher:
                    break
                c = trick_policy(
                    code, s, h[s], cur, lead, idx, h[0] | h[1] | h[2] | h[3], v, maturant,
                    forbid_kh,
                )  # fmt: skip
                note_voids(code, v, s, h[s], cur, c)
                h[s] &= ~(1 << c)
                cur.append(c)
            if len(cur) < 4:
                break
            winner = (lead + trick_winner_offset(cur)) & 3
            m = (1 << cur[0]) | (1 << cur[1]) | (1 << cur[2]) | (1 << cur[3])
            p = trick_points(code, m, idx)
            if p and winner == maturant:
                return False
            rem -= p
            if rem <= 0 or not h[winner]:
                return True
            cur = []
            lead = winner
            idx += 1
        # the searcher to play: any card of his that reaches his aim will do
        visited[0] += 1
        if limit and visited[0] > limit:
            raise TooDeep
        hs = h[searcher]
        legal = legal_trick_mask(hs, cur, code, forbid_kh and idx == 0)
        out = (h[0] | h[1] | h[2] | h[3]) & ~hs
        for c in cur:
            out |= 1 << c
        for c in equivalence_prune_mask(legal, out, value):
            h2 = list(h)
            h2[searcher] = hs & ~(1 << c)
            v2 = list(v)
            note_voids(code, v2, searcher, hs, cur, c)
            if rec(h2, v2, [*cur, c], lead, idx, rem) is aim:
                return aim
        return not aim

    rem0 = points_left(code, taken, index)
    if rem0 <= 0:
        return True
    h0 = list(hands)
    v0 = list(voids)
    cur0 = list(trick)
    if first_card >= 0:
        s0 = (leader + len(cur0)) & 3
        note_voids(code, v0, s0, h0[s0], cur0, first_card)
        h0[s0] &= ~(1 << first_card)
        cur0.append(first_card)
    return rec(h0, v0, cur0, leader, index, rem0)


Leaf = Callable[[list[int], list[int], list[int], int, int, int, int], int]


def joint_maturant_score(
    code: int,
    worlds: Sequence[list[int]],
    trick: list[int],
    leader: int,
    index: int,
    taken: int,
    voids: list[int],
    maturant: int,
    forbid_kh: bool,
    first_card: int,
    depth: int,
    leaf: Leaf,
    limit: int = 0,
) -> int:
    """The maturant's score of ``first_card`` summed over ``worlds`` (the maturant to play
    in each, the same public position) when his next ``depth`` decisions are chosen per
    information set — one card for all worlds that show him the same cards — rather than
    per world, the defenders playing the medium rules (``trick_policy``). A world the
    maturant has passed scores 2, failed 0; where ``depth`` runs out, his card ``c`` there
    scores ``leaf(hands, voids, trick, leader, index, taken, c)`` (0–2, as the flat search
    scores a world). With ``depth`` 0 it is the sum of ``leaf`` over the worlds. ``limit``
    > 0 caps the maturant's information sets visited (``TooDeep`` beyond it)."""
    value = CARD_VALUE[code]
    visited = [0]

    def advance(
        h: list[int], v: list[int], cur: list[int], lead: int, idx: int, tk: int
    ) -> tuple[int, tuple[int, ...], list[int], list[int], list[int], int, int, int]:
        """Play on (the maturant's card already in ``cur``) until his turn or the end:
        (2 passed / 0 failed / 1 his turn, the cards others played, the position)."""
        seen: list[int] = []
        while True:
            while len(cur) < 4:
                s = (lead + len(cur)) & 3
                if s == maturant:
                    return 1, tuple(seen), h, v, cur, lead, idx, tk
                c = trick_policy(
                    code, s, h[s], cur, lead, idx, h[0] | h[1] | h[2] | h[3], v, maturant,
                    forbid_kh,
                )  # fmt: skip
                note_voids(code, v, s, h[s], cur, c)
                h[s] &= ~(1 << c)
                cur.append(c)
                seen.append(c)
            winner = (lead + trick_winner_offset(cur)) & 3
            m = (1 << cur[0]) | (1 << cur[1]) | (1 << cur[2]) | (1 << cur[3])
            p = trick_points(code, m, idx)
            if p and winner == maturant:
                return 0, (), h, v, cur, lead, idx, tk
            tk |= m
            idx += 1
            if points_left(code, tk, idx) <= 0 or not h[winner]:
                return 2, (), h, v, cur, lead, idx, tk
            cur = []
            lead = winner

    def q(
        group: list[tuple[list[int], list[int]]],
        cur: list[int], lead: int, idx: int, tk: int, card: int, d: int,
    ) -> int:  # fmt: skip
        if d <= 0:
            return sum(leaf(h, v, cur, lead, idx, tk, card) for h, v in group)
        total = 0
        buckets: dict[tuple[int, ...], list[tuple[list[int], list[int]]]] = {}
        pos: dict[tuple[int, ...], tuple[list[int], int, int, int]] = {}
        for h, v in group:
            h2 = list(h)
            v2 = list(v)
            note_voids(code, v2, maturant, h2[maturant], cur, card)
            h2[maturant] &= ~(1 << card)
            out, key, h3, v3, cur3, lead3, idx3, tk3 = advance(h2, v2, [*cur, card], lead, idx, tk)
            if out != 1:
                total += out
                continue
            buckets.setdefault(key, []).append((h3, v3))
            pos[key] = (cur3, lead3, idx3, tk3)
        for key, sub in buckets.items():
            cur3, lead3, idx3, tk3 = pos[key]
            total += best(sub, cur3, lead3, idx3, tk3, d - 1)
        return total

    def best(
        group: list[tuple[list[int], list[int]]], cur: list[int], lead: int, idx: int, tk: int,
        d: int,
    ) -> int:  # fmt: skip
        visited[0] += 1
        if limit and visited[0] > limit:
            raise TooDeep
        h0 = group[0][0]
        hs = h0[maturant]
        legal = legal_trick_mask(hs, cur, code, forbid_kh and idx == 0)
        out = (h0[0] | h0[1] | h0[2] | h0[3]) & ~hs
        for c in cur:
            out |= 1 << c
        top = 2 * len(group)
        score = -1
        for c in equivalence_prune_mask(legal, out, value):
            score = max(score, q(group, cur, lead, idx, tk, c, d))
            if score >= top:
                break
        return score

    group = [(list(h), list(voids)) for h in worlds]
    return q(group, list(trick), leader, index, taken, first_card, depth)
