"""The rollout fast path: random legal play of a trick game to its end, on plain integers.

The AI buys its strength with thousands of these per decision, so this is the one place
written for speed. Legality is the same as ``rules.trick_legal_mask`` (follow suit, red lead,
the forbidden K♥ of the first trick); ``tests/test_fast.py`` checks that every card played
here is in that mask, and that the points match the validated ``TrickGame`` playing the same
cards (through :func:`random_playout_traced`, which runs the very same trick loop).

How it is fast (pure Python, measured with ``python -m engine bench``):

* Randomness comes as small integers from the injected ``random.Random``'s ``getrandbits``
  (one C call, no float, no ``int()``), and every pick is a table look-up. A table for a set
  of ``L`` cards holds each card equally often (``SPAN // L`` times) and is cut short at
  ``SPAN - SPAN % L`` entries: a draw past its end raises ``IndexError`` and is drawn again.
  That is rejection sampling, so each pick is *exactly* uniform over the legal cards; the
  ``try`` costs nothing on the usual path (zero-cost exceptions) and the redraw is rare
  (at most 2 in 512).
* Following suit picks from the 8-bit mask of the led suit; leading or discarding picks the
  k-th card of the hand through tables over its two 16-bit halves.
* The four cards of a trick are unrolled, the hands are four local integers rotated so that
  ``a`` is always the leader's, and penalties are per-card and per-trick tables; the game
  ends when the points that can still be given reach 0 (R-TRICK-END). Every table here
  (red lead, card points, trick points, the points left) is derived from
  ``contracts.TRICK_RULES`` through ``engine.rules``; nothing restates a contract.
* The rare cases (an unfinished trick to complete, the forbidden K♥ of the first trick) take
  a plain path built on ``rules.trick_legal_mask`` before the fast loop starts.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.contracts import TRICK_RULES, TRICKS_PER_GAME, Contract
from engine.rules import trick_legal_mask, trick_winner_offset

# Contract codes of the fast path (and of the AI's policies).
CERVENE, FILKY, PRVNI_POSLEDNI, VSECHNY, CERVENY_KRAL, HARAKIRI = range(6)
FAST_CODES = {
    Contract.CERVENE: CERVENE,
    Contract.FILKY: FILKY,
    Contract.PRVNI_POSLEDNI: PRVNI_POSLEDNI,
    Contract.VSECHNY: VSECHNY,
    Contract.CERVENY_KRAL: CERVENY_KRAL,
    Contract.HARAKIRI: HARAKIRI,
}
CONTRACT_OF: tuple[Contract, ...] = tuple(sorted(FAST_CODES, key=FAST_CODES.__getitem__))
_RULES = tuple(TRICK_RULES[contract] for contract in CONTRACT_OF)
# R-TRICK-RED-LEAD, per code.
RED_LEAD: tuple[bool, ...] = tuple(r.red_lead for r in _RULES)
# R-TRICK-FIRST-KING: the codes where the table option forbids K♥ in the first trick.
RED_KING_OPTION: tuple[bool, ...] = tuple(r.red_king_option for r in _RULES)

# -- randomness ------------------------------------------------------------------------
BitSource = Callable[[int], int]
"""``getrandbits``: k uniform random bits as an int."""

RANDOM_BITS = 9  # bits per draw; the hot loop spells it as the literal 9
SPAN = 1 << RANDOM_BITS


def bit_source(rnd: Callable[[], float] | random.Random) -> BitSource:
    """The ``getrandbits`` of the ``random.Random`` behind ``rnd``.

    ``rnd`` is a ``random.Random`` or a bound method of one, normally ``.random`` (the
    historical argument of :func:`random_playout`); the draws then come from that same
    instance. Any other float source is turned into bits as ``int(rnd() * 2**k)`` (exactly
    uniform when ``rnd`` is uniform over multiples of 2**-53, as ``random()`` is).
    """
    owner = getattr(rnd, "__self__", None)
    if isinstance(owner, random.Random):
        return owner.getrandbits
    if isinstance(rnd, random.Random):
        return rnd.getrandbits
    source = rnd

    def bits(k: int) -> int:
        return int(source() * (1 << k))

    return bits


# -- tables ------------------------------------------------------------------------------
def _uniform_table(items: list[int]) -> tuple[int, ...]:
    """Each item ``SPAN // len(items)`` times; indexing with a draw is an exact uniform pick
    or an ``IndexError`` (draw again). Empty for no items."""
    if not items:
        return ()
    n = len(items)
    return tuple(items[i % n] for i in range(SPAN - SPAN % n))


# UNIFORM[n][draw]: an index in range(n).
UNIFORM: tuple[tuple[int, ...], ...] = tuple(_uniform_table(list(range(n))) for n in range(33))
# RANK_PICK[m][draw]: a rank (bit) of the 8-bit mask m.
RANK_PICK: tuple[tuple[int, ...], ...] = tuple(
    _uniform_table([r for r in range(8) if m >> r & 1]) for m in range(256)
)


def _bits16() -> tuple[tuple[int, ...], ...]:
    """HALF[m]: the set bits of a 16-bit mask, ascending (masks of at most 8 bits only)."""
    out: list[tuple[int, ...]] = [()] * 65536
    for m in range(1, 65536):
        if m.bit_count() <= 8:
            low = m & -m
            out[m] = (low.bit_length() - 1, *out[m ^ low])
    return tuple(out)


HALF = _bits16()
HALF_COUNT: tuple[int, ...] = tuple(m.bit_count() for m in range(65536))

# Penalties: per card (CARD_POINTS[code][card]) and per trick, indexed by the number of cards
# each hand holds when the trick starts (TRICK_POINTS[code][8] is the first trick, [1] the
# last).
CARD_POINTS: tuple[tuple[int, ...], ...] = tuple(r.card_points for r in _RULES)
TRICK_POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(0 if n == 0 else r.trick_points[TRICKS_PER_GAME - n] for n in range(9)) for r in _RULES
)
BY_CARD = tuple(any(values) for values in CARD_POINTS)


def _redraw(table: tuple[int, ...], grb: BitSource) -> int:
    """Draw again after a rejected draw (see the module docstring)."""
    if not table:
        raise ValueError("nothing to pick from: the position is not a legal one")
    size = len(table)
    while True:
        r = grb(9)
        if r < size:
            return table[r]


def pick(mask: int, grb: BitSource) -> int:
    """A uniformly random card of ``mask`` (at most 8 cards in each 16-bit half)."""
    lo = mask & 0xFFFF
    hi = mask >> 16
    la = HALF_COUNT[lo]
    table = UNIFORM[la + HALF_COUNT[hi]]
    try:
        k = table[grb(9)]
    except IndexError:
        k = _redraw(table, grb)
    return HALF[lo][k] if k < la else HALF[hi][k - la] + 16


# rules.trick_points_left per code, as plain tuples (the start of every playout reads them)
_POINT_GROUPS = tuple(r.point_groups for r in _RULES)
_TRICK_POINTS_FROM = tuple(r.trick_points_from for r in _RULES)


def points_left(code: int, taken: int, tricks_done: int) -> int:
    """Penalty points the game can still give; it is over at 0 (R-TRICK-END).
    ``rules.trick_points_left`` of the code's contract (a test holds them equal)."""
    left = _TRICK_POINTS_FROM[code][tricks_done if tricks_done < 8 else 8]
    for mask, points in _POINT_GROUPS[code]:
        left += (mask & ~taken).bit_count() * points
    return left


# -- the public entry points -----------------------------------------------------------------
def random_playout(
    code: int,
    hands: list[int],
    to_act: int,
    trick: list[int],
    tricks_done: int,
    taken: int,
    rnd: Callable[[], float] | random.Random,
    forbid_kh: bool = False,
    maturant: int = -1,
) -> tuple[list[int], int]:
    """Play on at random from a trick-game position: (penalties given from here, tricks done).

    ``hands`` are 32-bit masks by seat (not modified), ``trick`` the cards of the unfinished
    trick in play order with ``to_act`` next, ``taken`` the mask of cards already taken in
    tricks, ``rnd`` a ``random.Random().random`` (or the ``random.Random`` itself): the draws
    come from that instance's ``getrandbits``. ``forbid_kh``: the table forbids K♥ in the
    first trick of červený král. With ``maturant`` set, play stops at his first point.
    Every card is drawn uniformly from the legal cards of the seat to act. A position where
    the game is already over returns no points at once.
    """
    grb = bit_source(rnd)
    points = [0, 0, 0, 0]
    if trick or (forbid_kh and tricks_done == 0 and RED_KING_OPTION[code]):
        return points, _play(
            code, hands, to_act, trick, tricks_done, taken, grb, forbid_kh, maturant, points, None
        )
    rem = points_left(code, taken, tricks_done)
    if tricks_done >= 8 or rem <= 0:
        return points, tricks_done
    left = _tricks(code, hands, to_act, 8 - tricks_done, 0, points, rem, maturant, grb)[5]
    return points, 8 - left


def random_playout_traced(
    code: int,
    hands: list[int],
    to_act: int,
    trick: list[int],
    tricks_done: int,
    taken: int,
    rnd: Callable[[], float] | random.Random,
    forbid_kh: bool = False,
    maturant: int = -1,
) -> tuple[list[int], int, list[int]]:
    """:func:`random_playout` that also returns the cards it played, in play order.

    It runs the same trick loop one trick at a time and reads each trick off the hands, so
    from the same random state it plays exactly the cards :func:`random_playout` plays and
    draws the same numbers. For tests and debugging: slower.
    """
    points = [0, 0, 0, 0]
    played: list[int] = []
    grb = bit_source(rnd)
    done = _play(
        code, hands, to_act, trick, tricks_done, taken, grb, forbid_kh, maturant, points, played
    )
    return points, done, played


# -- the implementation ----------------------------------------------------------------------
def _play(
    code: int,
    hands: list[int],
    to_act: int,
    trick: list[int],
    tricks_done: int,
    taken: int,
    grb: BitSource,
    forbid_kh: bool,
    maturant: int,
    points: list[int],
    played: list[int] | None,
) -> int:
    """The general path: add to ``points`` (and ``played``); return the tricks done."""
    rem = points_left(code, taken, tricks_done)
    if tricks_done >= 8 or rem <= 0:
        return tricks_done
    leader = (to_act - len(trick)) & 3
    now = list(hands)
    kh_rule = forbid_kh and tricks_done == 0 and RED_KING_OPTION[code]
    if trick or kh_rule:
        # -- complete the first trick through rules.trick_legal_mask ----------------------
        red = RED_LEAD[code]
        cards = list(trick)
        seat = to_act
        while len(cards) < 4:
            led = cards[0] >> 3 if cards else -1
            card = pick(trick_legal_mask(now[seat], led, red, kh_rule), grb)
            now[seat] &= ~(1 << card)
            cards.append(card)
            if played is not None:
                played.append(card)
            seat = (seat + 1) & 3
        values = CARD_POINTS[code]
        p = TRICK_POINTS[code][8 - tricks_done] + sum(values[card] for card in cards)
        tricks_done += 1
        leader = (leader + trick_winner_offset(cards)) & 3
        if p:
            points[leader] += p
            rem -= p
            if leader == maturant or rem <= 0:
                return tricks_done
        if tricks_done == 8:
            return tricks_done
    n = 8 - tricks_done
    if played is None:
        return 8 - _tricks(code, now, leader, n, 0, points, rem, maturant, grb)[5]
    # Traced: one trick at a time, each trick read off the hands it changed.
    while True:
        first = leader
        a, b, c, d, leader, n, rem, over = _tricks(
            code, now, leader, n, n - 1, points, rem, maturant, grb
        )
        after = [0, 0, 0, 0]
        for i, hand in enumerate((a, b, c, d)):
            after[(leader + i) & 3] = hand
        for i in range(4):
            seat = (first + i) & 3
            played.append((now[seat] ^ after[seat]).bit_length() - 1)
        now = after
        if over or n == 0:
            return 8 - n


def _tricks(
    code: int,
    hands: list[int],
    leader: int,
    size: int,
    stop: int,
    points: list[int],
    rem: int,
    maturant: int,
    grb: BitSource,
) -> tuple[int, int, int, int, int, int, int, bool]:
    """Play whole tricks, ``leader`` to lead, from ``hands`` (by seat) of ``size`` cards each
    until they hold ``stop``, or the game ends; penalties are added to ``points``; ``rem``:
    the points left to give before the game ends early.

    Returns ``(a, b, c, d, leader, cards per hand, rem, over)``: ``a`` … ``d`` are the hands
    of ``leader`` and the next seats clockwise (the loop keeps them so: ``a`` leads).
    """
    a, b, c, d = hands
    if not a.bit_count() == b.bit_count() == c.bit_count() == d.bit_count() == size:
        raise ValueError(f"not a legal position: every hand must hold {size} cards here")
    if leader == 1:
        a, b, c, d = b, c, d, a
    elif leader == 2:
        a, b, c, d = c, d, a, b
    elif leader == 3:
        a, b, c, d = d, a, b, c
    red = RED_LEAD[code]
    values = CARD_POINTS[code]
    by_card = BY_CARD[code]
    per_trick = TRICK_POINTS[code]
    uniform = UNIFORM
    half = HALF
    count = HALF_COUNT
    ranks = RANK_PICK
    redraw = _redraw
    for n in range(size, stop, -1):  # n: cards in each hand as the trick starts
        # -- the lead: any card; no heart while holding another suit (R-TRICK-RED-LEAD) --
        if red and a > 255:
            x = a & -256
            lo = x & 0xFFFF
            la = count[lo]
            t = uniform[la + count[x >> 16]]
        else:
            x = a
            lo = x & 0xFFFF
            la = count[lo]
            t = uniform[n]
        try:
            k = t[grb(9)]
        except IndexError:
            k = redraw(t, grb)
        c0 = half[lo][k] if k < la else half[x >> 16][k - la] + 16
        a ^= 1 << c0
        sh = c0 & 24
        best = c0
        win = 0
        # -- second seat: follow suit if possible, else any card -----------------------
        m = b >> sh & 255
        if m:
            try:
                c1 = sh | ranks[m][grb(9)]
            except IndexError:
                c1 = sh | redraw(ranks[m], grb)
            if c1 > best:
                best = c1
                win = 1
        else:
            lo = b & 0xFFFF
            la = count[lo]
            t = uniform[n]
            try:
                k = t[grb(9)]
            except IndexError:
                k = redraw(t, grb)
            c1 = half[lo][k] if k < la else half[b >> 16][k - la] + 16
        b ^= 1 << c1
        # -- third seat ------------------------------------------------------------------
        m = c >> sh & 255
        if m:
            try:
                c2 = sh | ranks[m][grb(9)]
            except IndexError:
                c2 = sh | redraw(ranks[m], grb)
            if c2 > best:
                best = c2
                win = 2
        else:
            lo = c & 0xFFFF
            la = count[lo]
            t = uniform[n]
            try:
                k = t[grb(9)]
            except IndexError:
                k = redraw(t, grb)
            c2 = half[lo][k] if k < la else half[c >> 16][k - la] + 16
        c ^= 1 << c2
        # -- fourth seat -----------------------------------------------------------------
        m = d >> sh & 255
        if m:
            try:
                c3 = sh | ranks[m][grb(9)]
            except IndexError:
                c3 = sh | redraw(ranks[m], grb)
            if c3 > best:
                win = 3
        else:
            lo = d & 0xFFFF
            la = count[lo]
            t = uniform[n]
            try:
                k = t[grb(9)]
            except IndexError:
                k = redraw(t, grb)
            c3 = half[lo][k] if k < la else half[d >> 16][k - la] + 16
        d ^= 1 << c3
        # -- the trick goes to the highest card of the led suit; its winner leads ---------
        if win:
            leader = (leader + win) & 3
            if win == 1:
                a, b, c, d = b, c, d, a
            elif win == 2:
                a, b, c, d = c, d, a, b
            else:
                a, b, c, d = d, a, b, c
        p = per_trick[n]
        if by_card:
            p += values[c0] + values[c1] + values[c2] + values[c3]
        if p:
            points[leader] += p
            rem -= p
            if leader == maturant or rem <= 0:
                return a, b, c, d, leader, n - 1, rem, True
    return a, b, c, d, leader, stop, rem, stop == 0
