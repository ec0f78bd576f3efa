"""Properties of Taroky's money (hypothesis): the settlement of a deal (T-SCORE-NET,
T-VARSAVA-SCORE) over any net amount and any eyes, and the money of whole rounds of random
legal play (T-ROUND: zero-sum deals, the smallest dokup, results that sum to 0, the sheet's
control sum of T-TOURNAMENT).

Expected amounts are written here from TAROKY.md: ``|S|`` rounded up to 50 hal, then
capped at ``cap`` per paying player and receiver."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.taroky.options import TarokyOptions
from engine.taroky.round import TarokyRound
from engine.taroky.scoring import score_varsava, settle
from engine.taroky.tournament import control_sum, table_sheet

QUICK = settings(max_examples=150, deadline=None)
ROUNDS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
caps = st.sampled_from([4000, None])  # T-OPTIONS: 4000 hal or none


def rounded_and_capped(amount: int, cap: int | None) -> int:
    """T-SCORE-NET 2, from the rule's words: up to the next multiple of 50, then the cap."""
    up = amount if amount % 50 == 0 else amount + 50 - amount % 50
    return up if cap is None else min(up, cap)


@st.composite
def sides(draw: st.DrawFn) -> tuple[int, int | None]:
    declarer = draw(st.integers(0, 3))
    partner = draw(st.sampled_from([None, *(s for s in range(4) if s != declarer)]))
    return declarer, partner


@QUICK
@given(total=st.integers(-20000, 20000), drawn=sides(), cap=caps)
def test_T_SCORE_NET_settlement_is_zero_sum_rounded_and_capped_per_pair(total, drawn, cap):
    """Any net amount ``S``: one amount ``A`` (|S| up to 50 hal, capped), paid by every
    player of the losing side to one of the winning side — 2 v 2 the declarer with the
    opponent after him and the partner with the other, 1 v 3 the declarer with each
    opponent; nobody pays himself, no pair twice, the money sums to 0."""
    declarer, partner = drawn
    a, money, payments = settle(total, declarer, partner, cap)
    assert a == rounded_and_capped(abs(total), cap)
    assert sum(money) == 0
    if total == 0:
        assert (a, money, payments) == (0, (0, 0, 0, 0), ())
        return
    team = {declarer} if partner is None else {declarer, partner}
    opponents = [(declarer + k) % 4 for k in (1, 2, 3) if (declarer + k) % 4 not in team]
    if partner is None:
        pairs = {(declarer, o) for o in opponents}
    else:
        pairs = {(declarer, opponents[0]), (partner, opponents[1])}
    got = set()
    for payer, receiver, amount in payments:
        assert amount == a and payer != receiver
        d, o = (receiver, payer) if total > 0 else (payer, receiver)
        assert d in team and o not in team
        got.add((d, o))
    assert got == pairs and len(payments) == len(pairs)
    for s in range(4):
        sign = 1 if (s in team) == (total > 0) else -1
        times = sum(1 for p in pairs if s in p)
        assert money[s] == sign * times * a
        if cap is not None:
            assert abs(money[s]) <= times * cap


@st.composite
def varsava_ends(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    """Tricks per seat (12 in all) and eyes per seat (a seat without a trick has none)."""
    cuts = sorted(draw(st.lists(st.integers(0, 12), min_size=3, max_size=3)))
    tricks = [b - a for a, b in zip([0, *cuts], [*cuts, 12], strict=True)]
    eyes = [0 if t == 0 else draw(st.integers(1, 70)) for t in tricks]
    return tricks, eyes


@QUICK
@given(end=varsava_ends(), cap=caps)
def test_T_VARSAVA_SCORE_every_pair_settles_once_rounded_and_capped(end, cap):
    """Every pair with different eyes settles once: the one with more eyes pays the other
    10 hal an eye (20 to a blána), rounded up to 50 and capped on its own; equal eyes:
    nothing; the money sums to 0."""
    tricks, eyes = end
    score = score_varsava(eyes, tricks, cap)
    assert sum(score.money) == 0
    expected = {}
    for i in range(4):
        for j in range(i + 1, 4):
            if eyes[i] == eyes[j]:
                continue
            payer, receiver = (i, j) if eyes[i] > eyes[j] else (j, i)
            rate = 20 if tricks[receiver] == 0 else 10
            expected[(payer, receiver)] = rounded_and_capped((eyes[payer] - eyes[receiver])
                                                             * rate, cap)
    assert {(p, r): a for p, r, a in score.payments} == expected
    assert len(score.payments) == len(expected)
    for s in range(4):
        assert score.money[s] == sum(a for (p, r), a in expected.items() if r == s) - sum(
            a for (p, r), a in expected.items() if p == s)


def pick(rnd: TarokyRound, rng: random.Random):
    """A random legal action; in the announcements ``done`` is likelier (levels are
    unlimited)."""
    legal = rnd.legal_actions()
    if rnd.deal.phase == "announce" and rng.random() < 0.6:
        return legal[-1]
    return rng.choice(legal)


@ROUNDS
@given(
    seed=st.integers(0, 2**32 - 1),
    cap=caps,
    stake=st.sampled_from([5000, 1000, 100]),
    step=st.sampled_from([1000, 500]),
    flek_max=st.sampled_from([None, 3]),
    deals=st.integers(1, 4),
)
def test_T_ROUND_money_of_random_rounds(seed, cap, stake, step, flek_max, deals):
    """Every deal's money sums to 0, each payment is rounded and capped (T-SCORE-NET,
    T-VARSAVA-SCORE); a player short of money gets the smallest dokup that keeps him at 0 or
    more; the results (money − stake − dokup) sum to 0, and the table's sheet's control sum
    (Σ Peníze = 4 × stake + Σ Dokup, T-TOURNAMENT) holds."""
    options = TarokyOptions(cap=cap, stake=stake, dokup_step=step, flek_max=flek_max,
                            round_minutes=None, round_deals=deals)
    rnd = TarokyRound(options=options, rng=random.Random(seed))
    rng = random.Random(seed ^ 0x5A5A)
    while not rnd.finished:
        rnd.apply(pick(rnd, rng))
    assert len(rnd.protocol) == deals
    before = [stake] * 4
    for record in rnd.protocol:
        assert sum(record.money) == 0
        for payer, receiver, amount in record.payments:
            assert payer != receiver and amount > 0 and amount % 50 == 0
            assert cap is None or amount <= cap
        if record.components is not None:  # (not Varšava) one amount A for every payment
            a = record.components["A"]
            assert a == rounded_and_capped(abs(record.components["S"]), cap)
            assert all(amount == a for _, _, amount in record.payments)
        for s in range(4):
            short = -(before[s] + record.money[s])
            added = record.dokup[s]
            assert added % step == 0 and added >= 0
            if short > 0:
                assert short <= added < short + step  # the smallest multiple that avoids it
            else:
                assert added == 0
            assert record.running[s] == before[s] + added + record.money[s] >= 0
        before = list(record.running)
        assert sum(record.results) == 0
    assert sum(rnd.results) == 0
    assert rnd.money == before
    assert rnd.dokup == [sum(r.dokup[s] for r in rnd.protocol) for s in range(4)]
    sheet = table_sheet(rnd, 1)
    assert sheet.control_sum == 4 * stake + sum(rnd.dokup) == sum(rnd.money)
    outcome = rnd.outcome()
    assert outcome is not None and control_sum(outcome, options.to_json()).ok
