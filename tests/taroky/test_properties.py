"""Properties over random deals (hypothesis): 54 cards conserved, 70 eyes, money sums to
0, every legal action applies and nothing else does, refusals change nothing, JSON round
trips, the log replays to the same state, and no view shows a hidden card or the secret
partner."""

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.taroky.actions import Announce, Bid, Call, Choose, Discard, Play, Trojka
from engine.taroky.announce import ITEMS
from engine.taroky.bidding import BID_WORDS, CHOICES
from engine.taroky.cards import FULL_DECK, TAROKS, TRUL, cards_of, mask_of
from engine.taroky.deal import TarokyDeal, random_deal
from engine.taroky.errors import TarokyError
from engine.taroky.options import TarokyOptions

options_st = st.builds(
    TarokyOptions,
    varsava=st.booleans(),
    zduch=st.booleans(),
    varsava_max_taroky=st.sampled_from([None, 3]),
    varsava_mond_na_skyze=st.sampled_from(["forbidden", "allowed"]),
    flek_max=st.sampled_from([None, 1, 3]),
    solo_talon=st.sampled_from(["reveal", "hidden"]),
    tie=st.sampled_from(["zero", "one_eye"]),
)
SETTINGS = settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def new_deal(seed, dealer, options):
    hands, talon = random_deal(random.Random(seed), dealer)
    return TarokyDeal(hands, talon, dealer, options)


def pick(d, rng, bias):
    """A random legal action; in the bidding, ``bias`` favours the games that are rare under
    uniform choice; in the announcements ``done`` is likelier (levels are unlimited)."""
    legal = d.legal_actions()
    if d.phase == "announce" and rng.random() < 0.6:
        return legal[-1]
    if d.phase == "bid" and bias:
        wanted = [a for a in legal if a.bid == bias]
        if wanted and rng.random() < 0.7:
            return wanted[0]
    return rng.choice(legal)


def candidates(d, seat):
    out = [Bid(seat, b) for b in BID_WORDS] + [Choose(seat, c) for c in CHOICES]
    out += [Trojka(seat, True), Trojka(seat, False)] + [Announce(seat, i) for i in ITEMS]
    for c in range(54):
        out += [Call(seat, c), Discard(seat, c), Play(seat, c)]
    return out


def conserved(d):
    seen = []
    for s in range(4):
        seen += cards_of(d.hands[s]) + list(d.discards[s])
    for _, cards, _ in d.tricks:
        seen += list(cards)
    seen += d.trick
    taken = mask_of(c for t in d.taken for c in t)
    seen += [c for c in d.talon if not taken >> c & 1]
    return len(seen) == 54 and mask_of(seen) == FULL_DECK


@SETTINGS
@given(
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 3),
    options=options_st,
    bias=st.sampled_from([None, "2P", "3P", "6P", "zduch"]),
)
def test_random_deals_keep_every_invariant(seed, dealer, options, bias):
    d = new_deal(seed, dealer, options)
    rng = random.Random(seed)
    steps = 0
    while not d.finished:
        assert conserved(d)
        seat = d.to_act
        legal = d.legal_actions()
        assert legal and {a.seat for a in legal} == {seat}
        if steps % 7 == 0:  # the legal set is exactly what verify accepts
            accepted = []
            before = d.to_json()
            for a in candidates(d, seat) + candidates(d, (seat + 1) % 4):
                try:
                    d.verify(a)
                except TarokyError:
                    continue
                accepted.append(a)
            assert sorted(map(repr, accepted)) == sorted(map(repr, legal))
            bad = rng.choice([a for a in candidates(d, seat) if a not in legal])
            try:
                d.apply(bad)
                raise AssertionError(f"{bad} applied")
            except TarokyError:
                assert d.to_json() == before  # a refusal changes nothing
        d.apply(pick(d, rng, bias))
        steps += 1
    assert conserved(d)
    assert d.legal_actions() == [] and d.to_act is None
    s = d.score
    assert sum(s.money) == 0 and len(d.tricks) == 12
    if d.game == "W":
        assert 69 <= sum(s.eyes_by_seat) <= 71
    else:
        assert sum(s.eyes) == 70
        assert s.components["A"] % 50 == 0
    # the log replays to the same state; JSON round trip
    replayed = TarokyDeal(d.dealt, d.talon, d.dealer, d.options)
    for a in d.log:
        replayed.apply(a)
    assert replayed.to_json() == d.to_json() and replayed.score == d.score
    assert replayed.public_view() == d.public_view()
    back = TarokyDeal.from_json(d.to_json())
    assert back.public_view() == d.public_view()


def _swap(mask, a, b):
    return mask ^ (1 << a) ^ (1 << b)


def _same_views(d, dealt, viewer):
    """Replay ``d``'s log on other dealt hands; if it is legal and the hlášky are the same,
    the viewer's view and the public view must be the same."""
    other = TarokyDeal(dealt, d.talon, d.dealer, d.options)
    try:
        for a in d.log:
            other.apply(a)
    except TarokyError:
        return False
    if other.hlasky != d.hlasky:
        return False
    assert other.view(viewer) == d.view(viewer)
    assert other.public_view() == d.public_view()
    return True


NON_KING_SUITS = FULL_DECK & ~TAROKS & ~sum(1 << (22 + 8 * s + 7) for s in range(4))


@SETTINGS
@given(
    seed=st.integers(0, 2**32),
    cut=st.integers(0, 80),
    viewer=st.integers(0, 3),
    which=st.integers(0, 10**6),
    bias=st.sampled_from([None, "3P", "6P"]),
)
def test_no_view_shows_a_hidden_card(seed, cut, viewer, which, bias):
    """Swap two cards of the same kind for the hlášky (taroks outside the trul, or suit
    cards other than kings) between two hands the viewer does not see: when the same
    actions are still legal, nothing the viewer or the public sees may change."""
    d = new_deal(seed, 3, TarokyOptions())
    rng = random.Random(seed)
    for _ in range(cut):
        if d.finished:
            break
        d.apply(pick(d, rng, bias))
    assume(not d.finished)
    others = [s for s in range(4) if s != viewer]
    a_seat, b_seat = others[which % 3], others[(which % 3 + 1 + (which // 3) % 2) % 3]
    kind = (TAROKS & ~TRUL, NON_KING_SUITS)[(which // 7) % 2]
    a_cards = cards_of(d.dealt[a_seat] & kind)
    b_cards = cards_of(d.dealt[b_seat] & kind)
    assume(a_cards and b_cards)
    ca, cb = a_cards[which % len(a_cards)], b_cards[(which // 5) % len(b_cards)]
    dealt = list(d.dealt)
    dealt[a_seat] = _swap(dealt[a_seat], ca, cb)
    dealt[b_seat] = _swap(dealt[b_seat], ca, cb)
    assume(_same_views(d, dealt, viewer))


def first_duty(d, rng):
    """1P with a partner call: the předák opens, all pass, he keeps 1P."""
    legal = d.legal_actions()
    if d.phase == "bid":
        return next(a for a in legal if a.bid in ("1P", "dobra"))
    if d.phase == "choose":
        return legal[0]
    if d.phase == "announce" and rng.random() < 0.7:
        return legal[-1]
    return rng.choice(legal)


@SETTINGS
@given(seed=st.integers(0, 2**32), cut=st.integers(6, 60), which=st.integers(0, 10**6))
def test_no_view_shows_the_secret_partner(seed, cut, which):
    """Give the called tarok to another opponent instead (swapped for one of his taroks):
    while the partner has not shown himself, neither the public nor the seats that may not
    know him (the declarer, the fourth seat) can tell."""
    d = new_deal(seed, 3, TarokyOptions())
    rng = random.Random(seed)
    while len(d.log) < cut and not d.finished:
        d.apply(first_duty(d, rng))
    assume(d.called is not None and not d.finished and d.partner is not None)
    assume(d.dealt[d.partner] >> d.called & 1)  # dealt to him, not drawn from the talon
    candidates = [s for s in range(4) if s not in (d.declarer, d.partner)]
    x = candidates[which % 2]
    taroks = cards_of(d.dealt[x] & TAROKS & ~TRUL)
    assume(taroks)
    # neither has spoken for his side (an announcement or a flek tells the side, T-CALL)
    assume(d.public_sides[d.partner] is None and d.public_sides[x] is None)
    t = taroks[which % len(taroks)]
    dealt = list(d.dealt)
    dealt[d.partner] = _swap(dealt[d.partner], d.called, t)
    dealt[x] = _swap(dealt[x], d.called, t)
    fourth = candidates[1 - which % 2]
    viewer = (d.declarer, fourth)[(which // 2) % 2]
    assume(_same_views(d, dealt, viewer))


@SETTINGS
@given(seed=st.integers(0, 2**32), dealer=st.integers(0, 3), flek_max=st.sampled_from([None, 1]))
def test_a_side_made_public_by_speaking_is_told_exactly_then(seed, dealer, flek_max):
    """Review 81: an opponent's announcement or flek made his side public silently. Now
    ``OpponentRevealed(s)`` comes exactly when an announcement makes an opponent's side
    public (the partner's reveals him, ``PartnerRevealed``), once, and never for a seat
    whose side stays hidden or is not the opponents'."""
    from engine.taroky.events import AloneRevealed, OpponentRevealed, PartnerRevealed

    d = new_deal(seed, dealer, TarokyOptions(flek_max=flek_max))
    rng = random.Random(seed)
    told: list[int] = []
    while not d.finished:
        legal = d.legal_actions()
        if d.phase == "bid":
            action = next(a for a in legal if a.bid in ("1P", "dobra"))
        elif d.phase == "announce" and len(legal) > 1 and rng.random() < 0.5:
            action = rng.choice(legal[:-1])  # an item, not "dobrá"
        else:
            action = pick(d, rng, None)
        before = list(d.public_sides)
        events = d.apply(action)
        after = list(d.public_sides)
        opened = {s for s in range(4) if before[s] is None and after[s] is not None}
        revealed = [e.seat for e in events if isinstance(e, OpponentRevealed)]
        told += revealed
        if any(isinstance(e, PartnerRevealed | AloneRevealed) for e in events):
            assert not revealed  # (the called tarok seen: every side public at once)
        elif isinstance(action, Announce):
            assert set(revealed) == opened and opened <= {action.seat}
        else:
            assert not revealed and (not opened or isinstance(action, Call))
        for s in revealed:
            assert d.side_of(s) == "O" and before[s] is None and after[s] == "O"
    assert len(told) == len(set(told))
