"""Exact play of a maturita trick game in a known world (issue 17, third round).

In a maturita attempt the outcome is one bit: the maturant fails at his first penalty point
(R-MATURITA). The defenders share that one aim, so the game is a two-sided game of a boolean
and is solved by AND/OR search with cut-offs: a defender's card that makes the maturant fail
ends the defenders' search at once, as does a maturant's card that passes. Cards equivalent in
a world (same suit, same penalty value, no card of another seat or of the current trick between
them) are searched once, and positions at the start of a trick are remembered (the hands and
the leader say all there is: every card gone was taken, and none by the maturant).

This reaches deeper than the maxⁿ search of ``policy.trick_solve`` at the same cost, which is
what lets the hard player solve a maturita trick game from more cards in hand. The engine's
rules come in through the same functions ``trick_solve`` plays by (``legal_trick_mask``,
``trick_points``, ``points_left``, ``trick_winner_offset``).
"""

from __future__ import annotations

from engine.ai.policy import (
    BELOW,
    CARD_VALUE,
    NON_HEARTS,
    legal_trick_mask,
    trick_points,
    trick_policy,
)
from engine.fast import RED_LEAD, points_left
from engine.rules import trick_winner_offset


class TooDeep(Exception):
    """The search met its node limit (the caller falls back to a rollout)."""


def maturita_fails(
    code: int,
    hands: list[int],
    trick: list[int],
    leader: int,
    index: int,
    taken: int,
    maturant: int,
    forbid_kh: bool,
    first_card: int = -1,
    limit: int = 0,
    memo: dict[tuple[int, int, int, int, int], bool] | None = None,
) -> bool:
    """Whether the maturant fails from here when every seat plays perfectly in this world (the
    maturant to pass, the defenders to make him fail). ``first_card`` forces the next card;
    ``limit`` > 0 caps the positions searched (``TooDeep`` beyond it). ``memo`` may be shared
    by calls on the same world (the candidates of one decision)."""
    value = CARD_VALUE[code]
    if memo is None:
        memo = {}
    nodes = [0]

    def rec(h: list[int], cur: list[int], lead: int, idx: int, rem: int) -> bool:
        if len(cur) == 4:
            winner = (lead + trick_winner_offset(cur)) & 3
            m = (1 << cur[0]) | (1 << cur[1]) | (1 << cur[2]) | (1 << cur[3])
            p = trick_points(code, m, idx)
            if p and winner == maturant:
                return True
            rem -= p
            if rem <= 0 or not h[winner]:
                return False
            key = (h[0], h[1], h[2], h[3], winner)
            known = memo.get(key)
            if known is None:
                known = rec(h, [], winner, idx + 1, rem)
                memo[key] = known
            return known
        nodes[0] += 1
        if limit and nodes[0] > limit:
            raise TooDeep
        s = (lead + len(cur)) & 3
        hs = h[s]
        legal = legal_trick_mask(hs, cur, code, forbid_kh and idx == 0)
        out = (h[0] | h[1] | h[2] | h[3]) & ~hs
        for c in cur:
            out |= 1 << c
        defender = s != maturant
        # one card of each group of equivalent cards (the highest), lowest groups first
        prev = -1
        moves: list[int] = []
        m = legal
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            if (
                prev >= 0
                and prev >> 3 == c >> 3
                and value[prev] == value[c]
                and not (BELOW[c] & ~BELOW[prev] & out)
            ):
                moves[-1] = c
            else:
                moves.append(c)
            prev = c
        for c in moves:
            h[s] = hs & ~(1 << c)
            cur.append(c)
            r = rec(h, cur, lead, idx, rem)
            cur.pop()
            if r is defender:
                h[s] = hs
                return r
        h[s] = hs
        return not defender

    rem0 = points_left(code, taken, index)
    if rem0 <= 0:
        return False
    h0 = list(hands)
    cur0 = list(trick)
    if first_card >= 0:
        s0 = (leader + len(cur0)) & 3
        h0[s0] &= ~(1 << first_card)
        cur0.append(first_card)
    return rec(h0, cur0, leader, index, rem0)


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
) -> bool:
    """Whether the maturant can pass from here in this world if the defenders play the medium
    rules (``trick_policy``, as in a rollout) and he himself plays his best card each time,
    seeing the world (an OR over his cards only; the defenders' cards are forced)."""
    value = CARD_VALUE[code]

    def rec(h: list[int], v: list[int], cur: list[int], lead: int, idx: int, rem: int) -> bool:
        while True:
            while len(cur) < 4:
                s = (lead + len(cur)) & 3
                if s == maturant:
                    break
                c = trick_policy(
                    code, s, h[s], cur, lead, idx, h[0] | h[1] | h[2] | h[3], v, maturant,
                    forbid_kh,
                )  # fmt: skip
                if cur and c >> 3 != cur[0] >> 3:
                    v[s] |= 1 << (cur[0] >> 3)
                elif not cur and c < 8 and RED_LEAD[code] and h[s] & NON_HEARTS == 0:
                    v[s] |= 0b1110
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
        # the maturant to play: any card of his that passes will do
        hs = h[maturant]
        legal = legal_trick_mask(hs, cur, code, forbid_kh and idx == 0)
        out = (h[0] | h[1] | h[2] | h[3]) & ~hs
        for c in cur:
            out |= 1 << c
        prev = -1
        moves: list[int] = []
        m = legal
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            if (
                prev >= 0
                and prev >> 3 == c >> 3
                and value[prev] == value[c]
                and not (BELOW[c] & ~BELOW[prev] & out)
            ):
                moves[-1] = c
            else:
                moves.append(c)
            prev = c
        for c in moves:
            h2 = list(h)
            h2[maturant] = hs & ~(1 << c)
            v2 = list(v)
            if cur and c >> 3 != cur[0] >> 3:
                v2[maturant] |= 1 << (cur[0] >> 3)
            elif not cur and c < 8 and RED_LEAD[code] and hs & NON_HEARTS == 0:
                v2[maturant] |= 0b1110
            if rec(h2, v2, [*cur, c], lead, idx, rem):
                return True
        return False

    rem0 = points_left(code, taken, index)
    if rem0 <= 0:
        return True
    h0 = list(hands)
    v0 = list(voids)
    cur0 = list(trick)
    if first_card >= 0:
        s0 = (leader + len(cur0)) & 3
        if cur0 and first_card >> 3 != cur0[0] >> 3:
            v0[s0] |= 1 << (cur0[0] >> 3)
        elif not cur0 and first_card < 8 and RED_LEAD[code] and h0[s0] & NON_HEARTS == 0:
            v0[s0] |= 0b1110
        h0[s0] &= ~(1 << first_card)
        cur0.append(first_card)
    return rec(h0, v0, cur0, leader, index, rem0)
