"""The rollout fast path: random legal play of a trick game to its end, on plain integers.

The AI buys its strength with thousands of these per decision, so this is the one place
written for speed. Legality is the same as ``rules.trick_legal_mask`` (follow suit, red lead,
the forbidden K♥ of the first trick); the property tests check that every card played here
is in that mask, and that the points match the validated engine playing the same cards.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.cards import FILKY_MASK, HEARTS_MASK, KH
from engine.contracts import Contract

# Contract codes of the fast path.
CERVENE, FILKY, PRVNI_POSLEDNI, VSECHNY, CERVENY_KRAL, HARAKIRI = range(6)
FAST_CODES = {
    Contract.CERVENE: CERVENE,
    Contract.FILKY: FILKY,
    Contract.PRVNI_POSLEDNI: PRVNI_POSLEDNI,
    Contract.VSECHNY: VSECHNY,
    Contract.CERVENY_KRAL: CERVENY_KRAL,
    Contract.HARAKIRI: HARAKIRI,
}

# BITS[m]: the positions of the set bits of an 8-bit mask, as a tuple (uniform picks).
BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(b for b in range(8) if m >> b & 1) for m in range(256)
)


def _penalty_table(code: int) -> Callable[[int, int], int]:
    """points(trick_mask, trick_index) for one contract, as a small closure."""
    kh_bit = 1 << KH

    if code == CERVENE:
        return lambda m, i: (m & HEARTS_MASK).bit_count()
    if code == FILKY:
        return lambda m, i: 2 * (m & FILKY_MASK).bit_count()
    if code == PRVNI_POSLEDNI:
        return lambda m, i: 4 if i == 0 or i == 7 else 0
    if code == VSECHNY:
        return lambda m, i: 1
    if code == CERVENY_KRAL:
        return lambda m, i: 8 if m & kh_bit else 0
    return lambda m, i: (
        (m & HEARTS_MASK).bit_count()
        + 2 * (m & FILKY_MASK).bit_count()
        + (4 if i == 0 or i == 7 else 0)
        + 1
        + (8 if m & kh_bit else 0)
    )


PENALTY = tuple(_penalty_table(code) for code in range(6))
# What must all be taken for the game to end early (R-TRICK-END); 0: play all 8 tricks.
END_MASK = (HEARTS_MASK, FILKY_MASK, 0, 0, 1 << KH, 0)


def random_playout(
    code: int,
    hands: list[int],
    to_act: int,
    trick: list[int],
    tricks_done: int,
    taken: int,
    rnd: Callable[[], float],
    forbid_kh: bool = False,
    maturant: int = -1,
) -> tuple[list[int], int]:
    """Play on at random from a trick-game position: (penalties given from here, tricks done).

    ``hands`` are 32-bit masks (not modified), ``trick`` the cards of the unfinished trick in
    play order with ``to_act`` next, ``taken`` the mask of cards already taken in tricks,
    ``rnd`` a ``random.Random().random``. With ``maturant`` set, play stops at his first point.
    """
    # Per seat, per suit: 8-bit masks. Working on bytes keeps every pick a table look-up.
    s0, s1, s2, s3 = hands
    h = [
        [s0 & 255, s0 >> 8 & 255, s0 >> 16 & 255, s0 >> 24],
        [s1 & 255, s1 >> 8 & 255, s1 >> 16 & 255, s1 >> 24],
        [s2 & 255, s2 >> 8 & 255, s2 >> 16 & 255, s2 >> 24],
        [s3 & 255, s3 >> 8 & 255, s3 >> 16 & 255, s3 >> 24],
    ]
    red_lead = code in (CERVENE, CERVENY_KRAL, HARAKIRI)
    kh_rule = forbid_kh and code == CERVENY_KRAL and tricks_done == 0
    penalty = PENALTY[code]
    end_mask = END_MASK[code]
    bits = BITS
    any_card = _any_card
    points = [0, 0, 0, 0]
    leader = (to_act - len(trick)) % 4
    cur = list(trick)
    while True:
        # -- the cards of one trick, in play order ---------------------------------
        seat = (leader + len(cur)) & 3
        while len(cur) < 4:
            hs = h[seat]
            if cur:
                led = cur[0] >> 3
                m = hs[led]
                if m:
                    if kh_rule and led == 0 and m & 64 and m != 64:
                        m &= ~64
                    b = bits[m]
                    r = b[int(rnd() * len(b))]
                    hs[led] &= ~(1 << r)
                    cur.append((led << 3) | r)
                    seat = (seat + 1) & 3
                    continue
                c = any_card(hs, bits, rnd, False, kh_rule)
            else:
                c = any_card(hs, bits, rnd, red_lead, kh_rule)
            hs[c >> 3] &= ~(1 << (c & 7))
            cur.append(c)
            seat = (seat + 1) & 3
        # -- the trick is complete -------------------------------------------------
        c0, c1, c2, c3 = cur
        led = c0 >> 3
        best, win = c0, 0
        if c1 >> 3 == led and c1 > best:
            best, win = c1, 1
        if c2 >> 3 == led and c2 > best:
            best, win = c2, 2
        if c3 >> 3 == led and c3 > best:
            win = 3
        winner = (leader + win) & 3
        m = (1 << c0) | (1 << c1) | (1 << c2) | (1 << c3)
        p = penalty(m, tricks_done)
        tricks_done += 1
        taken |= m
        if p:
            points[winner] += p
            if winner == maturant:
                return points, tricks_done
        if tricks_done == 8 or (end_mask and taken & end_mask == end_mask):
            return points, tricks_done
        kh_rule = False
        cur = []
        leader = winner


def _any_card(
    hs: list[int],
    bits: tuple[tuple[int, ...], ...],
    rnd: Callable[[], float],
    red: bool,
    kh_rule: bool,
) -> int:
    """A uniform pick from the whole hand (void in the led suit, or leading)."""
    a, b, c, d = hs
    if red and (b or c or d):
        a = 0
    if kh_rule and a & 64 and (a != 64 or b or c or d):
        a &= ~64
    la, lb, lc = len(bits[a]), len(bits[b]), len(bits[c])
    k = int(rnd() * (la + lb + lc + len(bits[d])))
    if k < la:
        return bits[a][k]
    k -= la
    if k < lb:
        return 8 | bits[b][k]
    k -= lb
    if k < lc:
        return 16 | bits[c][k]
    return 24 | bits[d][k - lc]
