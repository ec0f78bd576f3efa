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

Tried and not kept (docs/AI_STRENGTH.md, third round): an exact AND/OR search with perfect
defenders, for the maturant and for the defenders — perfect defenders make most worlds lost
and the maturant could no longer tell his cards apart; the defenders gained nothing by it.
The rules come in through the functions the other simulations play by (``legal_trick_mask``,
``trick_points``, ``points_left``, ``trick_winner_offset``).
"""

from __future__ import annotations

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
