"""The medium rules of thumb as fast functions on card masks, and rollouts that play them.

One set of functions serves both the medium player (fed from a ``SeatView``) and the hard
player's simulations (fed from a sampled world), so a simulated medium seat plays exactly as
a real one would. Each policy reads only what its seat may know: its own hand, the cards
still out (``remaining``), the current trick or rows, and the voids shown in play.

Trick contracts are small codes (0 červené … 5 harakiri, as in ``engine.fast``). The rules
themselves are never restated here: card and trick points, the red lead and the end of a trick
game come from ``contracts.TRICK_RULES`` (through ``engine.fast``'s tables and
``engine.rules``), a kvarta is laid by ``rules.lay_kvarta`` and desítky rows grow by
``rules.desitky_next_ends`` with knocks from ``rules.desitky_knockers`` — the functions the
engine itself plays by. ``tests/test_rule_equivalence.py`` replays what these simulations play
through the engine and checks that they end exactly where, and with the points, it does.
"""

from __future__ import annotations

from engine.cards import FULL_DECK, HEARTS_MASK, KH, SUIT_MASKS, cards_of
from engine.contracts import TRICK_RULES, Contract
from engine.fast import (
    CARD_POINTS,
    CERVENE,
    CERVENY_KRAL,
    CONTRACT_OF,
    FAST_CODES,
    FILKY,
    HARAKIRI,
    PRVNI_POSLEDNI,
    RED_LEAD,
    points_left,
)
from engine.rules import (
    LOW_MASK,
    TENS_MASK,
    desitky_knockers,
    desitky_next_ends,
    kvarta_run,
    kvarty_lead_mask,
    lay_kvarta,
    trick_legal_mask,
    trick_penalty,
    trick_winner_offset,
)

# Contract codes of the policies: the numbering of ``engine.fast``.
CODES = FAST_CODES
KH_BIT = 1 << KH
NON_HEARTS = 0xFFFFFFFF & ~HEARTS_MASK
ALL_VOID = 0b1111

# Penalty points a card carries into the trick that takes it, per fast code.
CARD_VALUE: tuple[tuple[int, ...], ...] = CARD_POINTS
PENALTY_CARDS: tuple[int, ...] = tuple(TRICK_RULES[c].penalty_cards for c in CONTRACT_OF)
# BELOW[c]: cards of c's suit lower than c; ABOVE[c]: higher.
BELOW = tuple(SUIT_MASKS[c >> 3] & ((1 << c) - 1) for c in range(32))
ABOVE = tuple(SUIT_MASKS[c >> 3] & ~((1 << (c + 1)) - 1) for c in range(32))


def equivalence_prune_mask(legal: int, out: int, value: tuple[int, ...]) -> list[int]:
    """``equivalence_prune`` inside a rollout: of cards with the same suit and penalty value
    and no card still out between them, the highest."""
    groups: list[int] = []
    prev = -1
    m = legal
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        if (
            prev >= 0
            and prev >> 3 == c >> 3
            and value[prev] == value[c]
            and not (ABOVE[prev] & BELOW[c] & out)
        ):
            groups[-1] = c
        else:
            groups.append(c)
        prev = c
    return groups


# TRICK_BASE[code][index]: the contract's ``trick_points`` (``trick_base``), as a plain table
TRICK_BASE: tuple[tuple[int, ...], ...] = tuple(TRICK_RULES[c].trick_points for c in CONTRACT_OF)


def trick_base(code: int, index: int) -> int:
    """Points a trick gives regardless of its cards (všechny, první–poslední, harakiri)."""
    return TRICK_BASE[code][index]


def trick_points(code: int, mask: int, index: int) -> int:
    """What taking the trick ``mask`` (0-based ``index``) costs (``rules.trick_penalty``)."""
    return trick_penalty(CONTRACT_OF[code], mask, index)


def fast_code(contract: Contract) -> int:
    return CODES[contract]


def legal_trick_mask(hand: int, trick: list[int], code: int, forbid_kh: bool) -> int:
    """``rules.trick_legal_mask`` for a trick in progress (forbid_kh: the first trick)."""
    return trick_legal_mask(hand, trick[0] >> 3 if trick else -1, RED_LEAD[code], forbid_kh)


# -- trick games -------------------------------------------------------------------------
def _win_danger(c: int, others: int) -> float:
    """How likely ``c`` is to take a trick of its suit: others' lower vs higher cards."""
    lo = (BELOW[c] & others).bit_count()
    hi = (ABOVE[c] & others).bit_count()
    if hi == 0:
        return 1.0
    return lo / (lo + hi + 0.5)


def _max_value(m: int, value: tuple[int, ...]) -> int:
    """The highest penalty value among the cards of ``m``."""
    best = 0
    while m:
        low = m & -m
        v = value[low.bit_length() - 1]
        if v > best:
            best = v
        m ^= low
    return best


def _top_by_value(m: int, value: tuple[int, ...]) -> int:
    """The card of ``m`` with the highest penalty value, the highest rank on ties."""
    best = -1
    best_v = -1
    while m:
        top = m.bit_length() - 1
        v = value[top]
        if v > best_v:
            best, best_v = top, v
        m &= ~(1 << top)
    return best


def trick_policy(
    code: int,
    seat: int,
    hand: int,
    trick: list[int],
    leader: int,
    index: int,
    remaining: int,
    voids: list[int],
    maturant: int,
    forbid_kh: bool,
    want: bool = False,
) -> int:
    """The medium card for ``seat`` (``want``: the seat wants points, a čistá stovka aim).

    ``trick`` the cards of the current trick from ``leader``; ``index`` the 0-based trick
    number; ``remaining`` every card still in a hand; ``voids[s]`` 4-bit suits s has shown
    void in; ``maturant`` -1 outside maturita.
    """
    legal = legal_trick_mask(hand, trick, code, forbid_kh and index == 0)
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    others = remaining & ~hand
    if maturant >= 0 and seat != maturant:
        return _defender_card(
            code, seat, hand, legal, trick, leader, index, others, voids, maturant
        )
    value = CARD_VALUE[code]
    pens = PENALTY_CARDS[code]
    base = trick_base(code, index)
    pen_out = others & pens
    n = len(trick)
    if n:
        led = trick[0] >> 3
        suit = SUIT_MASKS[led]
        if not hand & suit:
            return _discard(code, hand, legal, others, value, pens, want)
        w = trick[0]
        trick_pen = 0
        for x in trick:
            trick_pen += value[x]
            if x >> 3 == led and x > w:
                w = x
        k = 3 - n
        dumps = 0.0
        can_follow = False
        if k:
            max_pen = _max_value(pen_out, value) if pen_out else 0
            for i in range(1, k + 1):
                vs = voids[(seat + i) & 3] >> led & 1
                if not vs:
                    can_follow = True
                if max_pen:
                    dumps += max_pen * (0.8 if vs else 0.15)
        below = legal & BELOW[w]
        above = legal & ~below
        if want:
            # a declarer who wants points: win with the most valuable card if he can
            if above:
                return _top_by_value(above, value)
            return _top_by_value(below, value)
        free = base == 0 and trick_pen == 0 and dumps == 0.0
        if free and not legal & pens:
            return legal.bit_length() - 1  # nothing to lose: shed the highest card
        if below:
            pb = below & pens
            return (pb if pb else below).bit_length() - 1  # duck with the highest loser
        # every card wins over the trick so far
        safe = above & ~pens
        if k == 0 or not can_follow:
            return (safe if safe else above).bit_length() - 1  # taken anyway: shed high
        best, best_cost = -1, 1e9
        m = above
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            hi = (ABOVE[c] & others).bit_count()
            if hi == 0:
                p_win = 1.0
            else:
                lo = (BELOW[c] & others).bit_count()
                p_win = 0.1 + 0.8 * lo / (lo + hi)
            cost = p_win * (base + trick_pen + value[c] + dumps) - 0.01 * (c & 7)
            if cost < best_cost:
                best, best_cost = c, cost
        return best
    # leading: the lowest card of each suit (the highest too in a free middle trick)
    middle_free = code == PRVNI_POSLEDNI and 0 < index < 7
    max_pen = _max_value(pen_out, value) if pen_out else 0
    best, best_score = -1, -1e9
    for s_ in range(4):
        sm = legal & SUIT_MASKS[s_]
        if not sm:
            continue
        c = (sm & -sm).bit_length() - 1
        if middle_free:
            c = sm.bit_length() - 1
        mine = (hand & SUIT_MASKS[s_]).bit_count()
        out = others & SUIT_MASKS[s_]
        void_n = (
            (voids[(seat + 1) & 3] >> s_ & 1)
            + (voids[(seat + 2) & 3] >> s_ & 1)
            + (voids[(seat + 3) & 3] >> s_ & 1)
        )
        if not out or void_n == 3:
            p_win = 1.0
        else:
            hi = (ABOVE[c] & out).bit_count()
            if hi == 0:
                p_win = 1.0
            else:
                lo = (BELOW[c] & out).bit_count()
                p_win = 0.05 + 0.9 * lo / (lo + hi)
        dumps = max_pen * (void_n * 0.8 + (3 - void_n) * 0.1)
        suit_pen = 0.0
        if s_ == 0 and code in (CERVENE, HARAKIRI):
            suit_pen = min(3, out.bit_count())
        cost = p_win * (base + value[c] + dumps + suit_pen)
        if want:
            cost = -cost
        score = -10.0 * cost - 0.3 * mine
        if middle_free:
            score = 0.5 * (c & 7) - 0.3 * mine
        else:
            score -= 0.05 * (c & 7)
        if score > best_score:
            best, best_score = c, score
    return best


# -- the lead model of strong opponents ---------------------------------------------------
# How a searching player (hard1, hard) leads, for the hard player's rollouts (issue 17, fifth
# round; docs/AI_STRENGTH.md): where its search models another seat as a strong player
# (``search.strong_seats``), that seat leads in the rollouts by this model instead of the
# medium rules: a conditional logit over the seat's legal leads (``legal_trick_mask``, the
# engine's legality) on the 17 features of ``lead_features``, with the weight table of the
# trick game (``engine.ai.lead_weights``, fitted on hard1's leads in hard1 fields). It reads
# what the seat may know: its own hand, the cards still out, the voids shown, the trick number.
# Not for maturita, nor for a seat steering for points (čistá stovka): the rollouts check.
LEAD_FEATURES = 17  # the length of ``lead_features`` and of a weight table
Weights = tuple[float, ...]
Leads = list[Weights | None]  # per seat: its lead weights, None for the medium rules


def lead_features(
    code: int,
    hand: int,
    index: int,
    remaining: int,
    voids: list[int],
    seat: int,
    c: int,
    med: int,
) -> list[float]:
    """The features of leading ``c`` (``med``: the medium rules' lead in this position): the
    medium card; the chance to win the trick (cards out below / above it in its suit) and
    that times lateness; a sure loser (nothing out below it, something out); cards out below
    and above; own suit length and own cards below it; seats void in the suit; no card of
    the suit out; its penalty value, and times the chance to win; its rank; the trick's own
    points times the chance to win; no own card below it; cards of the suit out."""
    others = remaining & ~hand
    s = c >> 3
    out = others & SUIT_MASKS[s]
    lo = (BELOW[c] & out).bit_count()
    hi = (ABOVE[c] & out).bit_count()
    mine = (hand & SUIT_MASKS[s]).bit_count()
    own_below = (hand & BELOW[c]).bit_count()
    vn = sum(voids[(seat + i) & 3] >> s & 1 for i in (1, 2, 3))
    value = CARD_VALUE[code][c]
    base = trick_base(code, index)
    pw = 1.0 if (not out or hi == 0) else lo / (lo + hi)
    late = index / 7
    safe = float(lo == 0 and out != 0)
    return [
        float(c == med), pw, pw * late, safe, safe * late, min(lo, 4) / 4, min(hi, 4) / 4,
        mine / 8, own_below / 4, vn / 3, float(out == 0), value / 4, value * pw / 4,
        (c & 7) / 7, base * pw / 4, float(own_below == 0), out.bit_count() / 8,
    ]  # fmt: skip


def model_lead(
    w: Weights,
    code: int,
    seat: int,
    hand: int,
    index: int,
    remaining: int,
    voids: list[int],
    forbid_kh: bool,
    med: int,
) -> int:
    """The legal lead of ``seat`` with the highest score ``w · lead_features`` (of equal
    scores the lowest card; ``med``, the medium lead, is a feature). The features are
    computed inline here (this runs inside rollouts); ``tests/test_ai_leads.py`` checks the
    choice against ``lead_features``."""
    legal = legal_trick_mask(hand, [], code, forbid_kh and index == 0)
    if legal & (legal - 1) == 0:
        return med
    w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15, w16 = w
    others = remaining & ~hand
    values = CARD_VALUE[code]
    late = index / 7
    # the terms that do not depend on the card, folded once
    win_w = w1 + w2 * late + w14 * trick_base(code, index) / 4  # times the chance to win
    safe_w = w3 + w4 * late  # a sure loser
    w5, w6, w8, w11, w12, w13 = w5 / 4, w6 / 4, w8 / 4, w11 / 4, w12 / 4, w13 / 7
    w7, w9, w16 = w7 / 8, w9 / 3, w16 / 8
    best, best_score = med, -1e18
    suit = -1
    out = 0
    suit_part = 0.0
    m = legal
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        if c >> 3 != suit:  # the suit's own terms, once per suit
            suit = c >> 3
            sm = SUIT_MASKS[suit]
            out = others & sm
            vn = (
                (voids[(seat + 1) & 3] >> suit & 1)
                + (voids[(seat + 2) & 3] >> suit & 1)
                + (voids[(seat + 3) & 3] >> suit & 1)
            )
            suit_part = w7 * (hand & sm).bit_count() + w9 * vn + w16 * out.bit_count()
            if not out:
                suit_part += w10
        below = BELOW[c]
        lo = (below & out).bit_count()
        hi = (ABOVE[c] & out).bit_count()
        own_below = (hand & below).bit_count()
        value = values[c]
        score = suit_part + w11 * value + w13 * (c & 7) + w8 * own_below
        if hi == 0:
            score += win_w + w12 * value
        else:
            score += lo / (lo + hi) * (win_w + w12 * value) + w6 * (hi if hi < 4 else 4)
            if lo == 0:
                score += safe_w
        if lo:
            score += w5 * (lo if lo < 4 else 4)
        if own_below == 0:
            score += w15
        if c == med:
            score += w0
        if score > best_score:
            best, best_score = c, score
    return best


def maturita_leads(leads: Leads | None, maturant: int) -> Leads | None:
    """The lead tables a rollout plays by: outside maturita all of them; in maturita only the
    maturant's own (``SearchConfig.maturant_leads``), the defenders keep their rules."""
    if leads is None or maturant < 0:
        return leads
    w = leads[maturant]
    if w is None:
        return None
    out: Leads = [None, None, None, None]
    out[maturant] = w
    return out


def _discard(
    code: int,
    hand: int,
    legal: int,
    others: int,
    value: tuple[int, ...],
    pens: int,
    want: bool,
) -> int:
    """Void in the led suit: throw the most dangerous card (R-TRICK allows any card)."""
    if want:
        # keep penalty cards to take them later; shed the highest plain card
        plain = legal & ~pens
        return (plain if plain else legal).bit_length() - 1
    pl = legal & pens
    if pl:
        return _top_by_value(pl, value)
    if code in (CERVENY_KRAL, HARAKIRI) and legal >> 7 & 1 and others & KH_BIT:
        return 7  # E♥ would take the unseen K♥
    best, best_score = -1, -1e9
    for s_ in range(4):
        sm = legal & SUIT_MASKS[s_]
        if not sm:
            continue
        c = sm.bit_length() - 1
        score = 2.0 * _win_danger(c, others) + 0.1 * (c & 7) - 0.2 * sm.bit_count()
        if code in (FILKY, HARAKIRI) and c & 7 > 5 and others >> ((c & ~7) | 5) & 1:
            score += 1.5  # a king or ace over an unseen filek
        if score > best_score:
            best, best_score = c, score
    return best


def _defender_card(
    code: int,
    seat: int,
    hand: int,
    legal: int,
    trick: list[int],
    leader: int,
    index: int,
    others: int,
    voids: list[int],
    maturant: int,
) -> int:
    """Maturita defender: make the maturant take a point (R-MATURITA)."""
    value = CARD_VALUE[code]
    cards = cards_of(legal)
    n = len(trick)
    if not n:  # lead low in a suit the maturant still holds
        best, best_score = cards[0], -1e9
        for c in cards:
            score = -float(c & 7)
            if voids[maturant] >> (c >> 3) & 1:
                score -= 10.0
            if score > best_score:
                best, best_score = c, score
        return best
    led = trick[0] >> 3
    w = trick[0]
    wi = 0
    for i, x in enumerate(trick):
        if x >> 3 == led and x > w:
            w, wi = x, i
    m_pos = (maturant - leader) & 3
    following = bool(legal & SUIT_MASKS[led])
    if m_pos < n:  # the maturant has played
        if wi == m_pos:  # ... and wins: stay under him, feed him
            if not following:
                return max(cards, key=lambda c: (value[c], c & 7))
            under = legal & BELOW[w]
            if under:
                return max(cards_of(under), key=lambda c: (value[c], c))
            return min(cards, key=lambda c: (value[c], c))
        # he is not winning: shed a high card, keep low and penalty cards for later
        return max(cards, key=lambda c: (-value[c], c & 7))
    # the maturant plays after me: keep the trick low so his card may win
    if following:
        return min(cards)
    return max(cards, key=lambda c: (value[c], c & 7))


def note_voids(
    code: int, voids: list[int], seat: int, hand: int, trick: list[int], card: int
) -> None:
    """What ``seat`` playing ``card`` from ``hand`` to ``trick`` shows of his hand: not
    following the led suit, that he holds none of it; leading a heart where hearts may be led
    only from a hand of hearts (``RED_LEAD``), that he holds nothing else. (The rollout loops
    below inline these lines: a call per card there would cost worlds.)"""
    if trick:
        if card >> 3 != trick[0] >> 3:
            voids[seat] |= 1 << (trick[0] >> 3)
    elif card < 8 and RED_LEAD[code] and hand & NON_HEARTS == 0:
        voids[seat] |= 0b1110


def trick_rollout(
    code: int,
    hands: list[int],
    trick: list[int],
    leader: int,
    index: int,
    taken: int,
    voids: list[int],
    maturant: int,
    forbid_kh: bool,
    want: tuple[bool, bool, bool, bool] = (False, False, False, False),
    first_card: int = -1,
    trace: list[int] | None = None,
    leads: Leads | None = None,
) -> list[int]:
    """Play a trick game on with the medium policy in every seat: penalties from here.

    ``hands`` (copied) are the current hands, ``trick`` the unfinished trick from ``leader``,
    ``taken`` the cards already in completed tricks. Stops at the maturant's first point, or
    when no penalty is left to give (R-TRICK-END). ``first_card`` forces the next card (a
    candidate being evaluated); ``trace`` receives every card played, in order. ``leads``:
    per seat, the weights it leads by (``model_lead``: a strong opponent, or the searching
    seat itself; not while it steers for points, and in maturita only the maturant's:
    ``maturita_leads``), None for the medium rules; None: medium everywhere.
    """
    if maturant >= 0 and leads is not None:
        leads = maturita_leads(leads, maturant)
    h = list(hands)
    v = list(voids)
    cur = list(trick)
    points = [0, 0, 0, 0]
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


def trick_solve(
    code: int,
    hands: list[int],
    trick: list[int],
    leader: int,
    index: int,
    taken: int,
    maturant: int,
    forbid_kh: bool,
    first_card: int = -1,
) -> list[int]:
    """Exact play of the last tricks of a known world: every seat minimises its own points
    (maxⁿ); in maturita the defenders maximise the maturant's. Penalties from here.

    ``first_card`` forces the next card (a candidate being evaluated). Of equally good cards
    a seat plays the lowest."""

    def util(s: int, pts: list[int]) -> int:
        if maturant < 0:
            return -pts[s]
        if s == maturant:
            return -1 if pts[s] else 0
        return 1 if pts[maturant] else 0

    def rec(h: list[int], cur: list[int], lead: int, idx: int, rem: int) -> list[int]:
        if len(cur) == 4:
            winner = (lead + trick_winner_offset(cur)) & 3
            m = (1 << cur[0]) | (1 << cur[1]) | (1 << cur[2]) | (1 << cur[3])
            p = trick_points(code, m, idx)
            rem -= p
            if (p and winner == maturant) or rem <= 0:
                out = [0, 0, 0, 0]
                out[winner] = p
                return out
            rest = list(rec(h, [], winner, idx + 1, rem))
            rest[winner] += p
            return rest
        s = (lead + len(cur)) & 3
        legal = legal_trick_mask(h[s], cur, code, forbid_kh and idx == 0)
        best: list[int] | None = None
        best_u = -(10**9)
        hs = h[s]
        m = legal
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            h[s] = hs & ~low
            cur.append(c)
            r = rec(h, cur, lead, idx, rem)
            cur.pop()
            u = util(s, r)
            if u > best_u:
                best, best_u = r, u
        h[s] = hs
        assert best is not None
        return best

    rem0 = points_left(code, taken, index)
    if rem0 <= 0:
        return [0, 0, 0, 0]
    h0 = list(hands)
    cur0 = list(trick)
    if first_card >= 0:
        s0 = (leader + len(cur0)) & 3
        h0[s0] &= ~(1 << first_card)
        cur0.append(first_card)
    return rec(h0, cur0, leader, index, rem0)


# -- kvarty ------------------------------------------------------------------------------
def kvarty_policy(hand: int, played: int, first_lead: bool, want: bool = False) -> int:
    """Start the kvarta that sheds the most own cards and keeps the lead (R-KVARTY-LEAD): the
    leader keeps it after an incomplete run, or when he lays its highest card himself."""
    legal = kvarty_lead_mask(hand, first_lead)
    total = hand.bit_count()
    best, best_score = -1, -1e9
    for c in cards_of(legal):
        run, complete = kvarta_run(c, played)
        mine = run & hand
        own = mine.bit_count()
        if own == total:
            return c  # he lays his last cards: the game is over, he has won it
        others = (run ^ mine).bit_count()
        keeps = not complete or mine.bit_length() == run.bit_length()
        score = own + (1.5 if keeps else 0.0) - 0.4 * others - 0.05 * (c & 7)
        if want:
            score = -score
        if score > best_score:
            best, best_score = c, score
    return best


def kvarty_rollout(
    hands: list[int],
    to_act: int,
    first_lead: bool,
    maturant: int,
    want: tuple[bool, bool, bool, bool] = (False, False, False, False),
    first_card: int = -1,
    trace: list[int] | None = None,
) -> list[int]:
    """Play kvarty on with the medium policy: cards left per seat at the end (R-KVARTY-END).

    ``hands`` (copied) are all four hands; every card in none of them has been played. Each
    kvarta is laid by ``rules.lay_kvarta``, as in the engine. ``first_card`` forces the first
    lead (a candidate being evaluated); ``trace`` receives every start card led, in order.
    (``maturant`` changes nothing here: an attempt ends with the game either way.)"""
    h = list(hands)
    seat = to_act
    while True:
        if first_card >= 0:
            c, first_card = first_card, -1
        else:
            played = FULL_DECK & ~(h[0] | h[1] | h[2] | h[3])
            c = kvarty_policy(h[seat], played, first_lead, want[seat])
        if trace is not None:
            trace.append(c)
        first_lead = False
        lay = lay_kvarta(h, seat, c)
        if lay.next_leader is None:
            return [h[0].bit_count(), h[1].bit_count(), h[2].bit_count(), h[3].bit_count()]
        seat = lay.next_leader


# -- desítky -----------------------------------------------------------------------------
def _reach_all(hand: int, ends: int) -> bool:
    """Can this hand lay all its cards in one turn from these row ends?"""
    while hand:
        m = hand & ends
        if not m:
            return False
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            hand &= ~low
            ends = desitky_next_ends(ends, c)
    return True


def _run(hand: int, c: int, step: int) -> int:
    """Own cards next to ``c`` in one direction (the ones laying ``c`` frees for me)."""
    n = 0
    r = c & 7
    while True:
        r += step
        if r < 0 or r > 7:
            return n
        if hand >> ((c & ~7) | r) & 1:
            n += 1
        else:
            return n


def desitky_policy(
    hand: int,
    ends: int,
    laid_this_turn: bool,
    urgent: bool,
    maturant_me: bool,
    want: bool = False,
) -> int:
    """The next card to lay, or -1 to end the turn (R-DESITKY-TURN).

    Lay the cards that free your own next ones, hold back those that free others'.
    ``urgent``: someone is close to shedding everything (shed all you can)."""
    playable = hand & ends
    if not playable:
        return -1
    if _reach_all(hand, ends):
        return (playable & -playable).bit_length() - 1
    best, best_score = -1, -1e9
    for c in cards_of(playable):
        r = c & 7
        new = desitky_next_ends(ends, c) & ~ends
        freed_others = (new & ~hand).bit_count()
        if r == 3:
            chain = _run(hand, c, -1) + _run(hand, c, 1)
        elif r < 3:
            chain = _run(hand, c, -1)
        else:
            chain = _run(hand, c, 1)
        score = 1.0 + 0.8 * chain - 1.2 * freed_others
        if want:
            score = -score
        if score > best_score:
            best, best_score = c, score
    if laid_this_turn:
        if maturant_me:
            return -1  # keep playable cards for the next turns (a knock fails him)
        if not urgent and best_score < 0.9:
            return -1
    return best


def desitky_rollout(
    hands: list[int],
    ends: int,
    to_act: int,
    turn_laid: int,
    maturant: int,
    want: tuple[bool, bool, bool, bool] = (False, False, False, False),
    first_card: int | None = None,
    trace: list[tuple[int, int]] | None = None,
) -> list[int]:
    """Play desítky on with the medium policy: cards left plus knocks from here, per seat.

    ``to_act`` is on turn and has laid ``turn_laid`` cards in it. ``first_card`` forces his
    next step (a candidate being evaluated): a card, or -1 to end the turn. ``trace`` receives
    every choice as (seat, card), -1 for ending the turn. Knocks come from
    ``rules.desitky_knockers`` and stop at the maturant's first (R-MATURITA).
    """
    h = list(hands)
    pts = [0, 0, 0, 0]
    seat = to_act
    laid_now = turn_laid
    knocks_from = -1  # where the turn passes to (the knocks start there), -1: a seat is on turn
    if first_card is None and not h[seat] & ends:  # nothing to lay: the turn passes
        knocks_from = seat if laid_now == 0 else (seat + 1) & 3
    for _ in range(200):
        if knocks_from < 0:
            if first_card is not None:
                c, first_card = first_card, None
            else:
                low = min(h[0].bit_count(), h[1].bit_count(), h[2].bit_count(), h[3].bit_count())
                c = desitky_policy(
                    h[seat], ends, laid_now > 0, low <= 2, seat == maturant, want[seat]
                )
            if trace is not None:
                trace.append((seat, c))
            if c >= 0:
                h[seat] &= ~(1 << c)
                ends = desitky_next_ends(ends, c)
                laid_now += 1
                if not h[seat]:  # R-DESITKY-END
                    for s in range(4):
                        pts[s] += h[s].bit_count()
                    return pts
                if h[seat] & ends:
                    continue
            knocks_from = (seat + 1) & 3  # ended by choice, or nothing more to lay
        # R-DESITKY-KNOCK: whoever can lay nothing knocks, up to the next seat on turn
        seat = knocks_from
        for s in desitky_knockers(h, ends, seat):
            pts[s] += 1
            if s == maturant:
                return pts
            seat = (s + 1) & 3
        knocks_from = -1
        laid_now = 0
    raise RuntimeError("desitky rollout does not end")


__all__ = [
    "LOW_MASK",
    "TENS_MASK",
    "desitky_policy",
    "desitky_rollout",
    "kvarty_policy",
    "kvarty_rollout",
    "trick_policy",
    "trick_rollout",
    "trick_solve",
]
