"""Worlds consistent with a seat's view: where each unseen card may lie, and sampled deals.

Everything here reads a ``SeatView`` only. An unseen card lies in another seat's hand, in a
hidden discard (the seat's own too, once the announcements have begun), or in a hidden talon
part (3P1's lower trojka, the sólo and Varšava talon cards not yet turned). What narrows it:

* the counts (cards in each hand, hidden discards per seat, hidden talon cards);
* T-TALON-DISCARD: a hidden discard is a suit card other than a king (taroks lie face up);
* T-PLAY-FOLLOW: a seat that did not follow a suit holds none of it, and one that played a
  suit card where a tarok was due holds no tarok; in Varšava (T-PLAY-W) a tarok under the
  highest tarok of the trick means no higher tarok, the pagát played means no other tarok,
  XXI onto Sk means no tarok but XXI and I;
* commitments: the 2P bidder and an announced pagát hold ``I``; a partner this seat knows
  (or the public knows) holds the called tarok, a seat known to be an opponent does not; in
  3P3 the shown upper trojka went to the declarer;
* T-HLASKY-AUTO: every seat's published hlášky describe its hand after the exchange (its
  cards now plus the cards it has played), checked on each sampled world;
* the bidding, read as the AI's own rules of thumb would bid: the declarer of a preferanc or
  a sólo holds a strong hand, a seat that let a first duty pass holds no hand for preferanc
  (a bound on ``hand.strength`` of the hand after the exchange, with some slack).

``sample_world`` places the most constrained cards first, each in a random allowed place
weighted by free room, and retries on a dead end or a world that contradicts the hlášky;
what the bidding only suggests gives way first when nothing meets it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.taroky.ai.hand import OPEN_3P, OPEN_6P, strength
from engine.taroky.cards import (
    FULL_DECK,
    KINGS,
    MOND,
    NUM_TAROKS,
    PAGAT,
    SKYZ,
    SUIT_MASKS,
    SUITS,
    TAROK,
    TAROKS,
    cards_of,
    color,
    mask_of,
)
from engine.taroky.hlasky import hlasky_of
from engine.taroky.views import SeatView

HIDDEN_DISCARD_OK = SUITS & ~KINGS
TALON = 8  # location index of the hidden talon; 0–3 hands, 4–7 hidden discards
STRONG = {"3P": OPEN_3P + 1.0, "6P": OPEN_6P}  # least strength of such a declarer
PASSED = OPEN_3P + 1.5  # most strength of a seat that let a first duty pass
# taroks after the exchange by the hláška of the tarok count (none: 3–7)
TAROK_COUNTS = {
    "tarocky": (8, 9),
    "taroky": (10, 12),
    "barvicky": (1, 2),
    "barvy": (0, 0),
    None: (3, 7),
}
MIN_TAROKS = {"3P1": 7, "3P2": 7, "3P3": 7, "6P": 8}  # a preferanc or sólo declarer's least


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What ``seat`` knows about where the unseen cards are."""

    seat: int
    hand: int
    unseen: int
    capacity: tuple[int, ...]  # per location (9)
    allowed: tuple[int, ...]  # per location: cards that may lie there
    played_by: tuple[int, int, int, int]  # cards each seat has played in this deal
    hlasky: tuple[tuple[str, ...], ...] | None  # to check (None: nothing to check)
    known_discards: tuple[int, int, int, int]  # discards this seat can see (face up, own)
    strength: tuple[tuple[float, float], ...] = ()  # per seat: bounds read from the bidding
    taroks: tuple[tuple[int, int], ...] = ()  # per location: how many unseen taroks it holds
    # the same from the hlášky alone (T-HLASKY-AUTO: certain), without the bidding's belief
    known_taroks: tuple[tuple[int, int], ...] = ()


@dataclass(slots=True)
class World:
    hands: list[int]  # current hands, all four
    discards: list[int]  # all discards per seat (seen and sampled)
    talon_hidden: list[int]  # the hidden talon cards, in a random order


def exclusions(view: SeatView) -> list[int]:
    """Per seat, cards it cannot hold now (T-PLAY-FOLLOW, T-PLAY-W inferences)."""
    pub = view.public
    excl = [0, 0, 0, 0]
    tricks = [(t.leader, t.cards) for t in pub.history]
    if pub.trick:
        tricks.append((pub.trick[0][0], tuple(c for _, c in pub.trick)))
    varsava = pub.game == "W"
    mond_rule = pub.options.mond_rule
    for leader, cards in tricks:
        led = color(cards[0])
        for i, c in enumerate(cards):
            seat = (leader + i) % 4
            before = cards[:i]
            if i > 0 and color(c) != led:
                if led != TAROK:
                    excl[seat] |= SUIT_MASKS[led]
                if c >= NUM_TAROKS:
                    excl[seat] |= TAROKS
            if not varsava or c >= NUM_TAROKS:
                continue
            if c == PAGAT:
                excl[seat] |= TAROKS  # the pagát goes last
                continue
            if c == MOND and mond_rule and SKYZ in before:
                excl[seat] |= TAROKS & ~(1 << PAGAT)
                continue
            high = max((x for x in before if x < NUM_TAROKS), default=-1)
            if 0 <= c < high:
                excl[seat] |= TAROKS & ~((1 << (high + 1)) - 1)  # could not overtake
    return excl


def knowledge(view: SeatView) -> Knowledge:
    pub = view.public
    me = view.seat
    game = pub.game
    played_by = [0, 0, 0, 0]
    for t in pub.history:
        for s, c in t.played:
            played_by[s] |= 1 << c
    for s, c in pub.trick:
        played_by[s] |= 1 << c
    played = played_by[0] | played_by[1] | played_by[2] | played_by[3]
    face_up = [mask_of(x) for x in pub.face_up_discards]
    known_discards = list(face_up)
    known_discards[me] |= mask_of(view.own_discards)
    out_of_play = mask_of(c for c, _ in pub.turned)  # turned talon cards are seen
    capacity = [0] * 9
    for s in range(4):
        if s != me:
            capacity[s] = pub.hand_counts[s]
        hidden = pub.discard_counts[s] - len(pub.face_up_discards[s])
        if s == me:
            hidden -= sum(1 for c in view.own_discards if c >= NUM_TAROKS)
        capacity[4 + s] = hidden
    to_declarer = 0
    must: dict[int, int] = {}  # card -> the only location
    if pub.phase in ("bid", "choose", "call"):
        capacity[TALON] = 6
    elif pub.phase == "trojka":
        capacity[TALON] = 6 - len(pub.shown)
        if view.trojka_cards:
            capacity[TALON] -= 3
            out_of_play |= mask_of(view.trojka_cards)
    elif game in ("6P", "W"):
        capacity[TALON] = 6 - len(pub.turned)
    elif game == "3P1":
        capacity[TALON] = 3
    shown = pub.shown
    if game == "3P2":
        out_of_play |= mask_of(shown)
    elif game == "3P3" and len(shown) == 6:
        out_of_play |= mask_of(shown[3:6])
        if pub.declarer != me:
            to_declarer = mask_of(shown[0:3])  # in his hand or his hidden discards
    elif pub.phase == "trojka":
        out_of_play |= mask_of(shown)
    unseen = FULL_DECK & ~view.hand & ~played & ~out_of_play
    for s in range(4):
        unseen &= ~known_discards[s]
    excl = exclusions(view)
    allowed = [0] * 9
    for s in range(4):
        if s != me:
            allowed[s] = unseen & ~excl[s]
        allowed[4 + s] = unseen & HIDDEN_DISCARD_OK
    allowed[TALON] = unseen
    if to_declarer:  # 3P3: the upper trojka's cards are the declarer's
        decl = pub.declarer
        assert decl is not None
        for loc in range(9):
            if loc not in (decl, 4 + decl):
                allowed[loc] &= ~to_declarer
    # commitments
    pagat_seats = {s for s, b in pub.bids if b == "2P"}
    if pub.pagat_by is not None:
        pagat_seats.add(pub.pagat_by)
    for s in pagat_seats:
        if s != me and unseen >> PAGAT & 1:
            must[PAGAT] = s
    called = pub.called
    if called is not None and unseen >> called & 1:
        if view.partner is not None and view.partner != me:
            must[called] = view.partner
        for s in range(4):
            if view.sides[s] == "O" and s != me:
                allowed[s] &= ~(1 << called)
    for c, loc in must.items():
        for other in range(9):
            if other != loc:
                allowed[other] &= ~(1 << c)
    check = pub.hlasky if pub.hlasky is not None and pub.phase in ("announce", "play") else None
    bounds = [(-1.0, 99.0)] * 4
    if check is not None:
        for s, bid in pub.bids:
            if s == me:
                continue
            if bid in ("3P", "6P") and s == pub.declarer:
                bounds[s] = (STRONG[bid], 99.0)
            elif bid == "dobra" and (pub.game or "").startswith(("1P", "2P")):
                bounds[s] = (-1.0, PASSED)
    taroks = [(0, 0)] * 9
    for loc in range(9):
        room = min(capacity[loc], (allowed[loc] & TAROKS).bit_count())
        taroks[loc] = (0, room)
    known = list(taroks)
    if check is not None:
        for s in range(4):
            if s == me:
                continue
            lo, hi = TAROK_COUNTS.get(_count_class(check[s]), (3, 7))
            played_t = (played_by[s] & TAROKS).bit_count()
            room = taroks[s][1]
            known[s] = (max(0, lo - played_t), min(room, hi - played_t))
            if s == pub.declarer and pub.game in MIN_TAROKS:
                lo = max(lo, MIN_TAROKS[pub.game])
            taroks[s] = (max(0, lo - played_t), min(room, hi - played_t))
    return Knowledge(
        me,
        view.hand,
        unseen,
        tuple(capacity),
        tuple(allowed),
        (played_by[0], played_by[1], played_by[2], played_by[3]),
        check,
        (known_discards[0], known_discards[1], known_discards[2], known_discards[3]),
        tuple(bounds),
        tuple(taroks),
        tuple(known),
    )


def _count_class(hlasky: tuple[str, ...]) -> str | None:
    return next((h for h in hlasky if h in TAROK_COUNTS), None)


def _quotas(
    k: Knowledge, ranges: tuple[tuple[int, int], ...], rng: random.Random
) -> list[int] | None:
    """How many unseen taroks each location gets: within its range, the rest spread with
    weights by free room (so that the tarok counts of the hlášky are met by construction)."""
    total = (k.unseen & TAROKS).bit_count()
    lo = [r[0] for r in ranges]
    hi = [r[1] for r in ranges]
    if sum(lo) > total or sum(hi) < total or any(a > b for a, b in zip(lo, hi, strict=True)):
        return None
    quota = list(lo)
    for _ in range(total - sum(lo)):
        weights = [k.capacity[i] - quota[i] if quota[i] < hi[i] else 0 for i in range(9)]
        r = rng.randrange(sum(weights))
        for i in range(9):
            r -= weights[i]
            if r < 0:
                quota[i] += 1
                break
    return quota


def _place(
    cards: list[int], room: list[int], allowed: tuple[int, ...], rng: random.Random,
    placed: list[int],
) -> bool:  # fmt: skip
    """Place ``cards`` (most constrained first), each where allowed, weighted by free room."""
    options = []
    for c in cards:
        locs = [i for i in range(9) if room[i] and allowed[i] >> c & 1]
        options.append((len(locs), rng.random(), c, locs))
    options.sort()
    for _, _, c, locs in options:
        free = [i for i in locs if room[i]]
        if not free:
            return False
        r = rng.randrange(sum(room[i] for i in free))
        for i in free:
            r -= room[i]
            if r < 0:
                break
        room[i] -= 1
        placed[i] |= 1 << c
    return True


def _assign(
    k: Knowledge, rng: random.Random, strict: bool, taroks: tuple[tuple[int, int], ...] = ()
) -> list[int] | None:
    """One random placement of the unseen cards: per location a mask, or None; ``taroks``
    are the tarok ranges to meet (none: only where each card may lie)."""
    placed = [0] * 9
    if not strict:  # only the counts and the kinds of cards a hidden discard may hold
        allowed = tuple(
            0 if i == k.seat else k.unseen & HIDDEN_DISCARD_OK if 4 <= i < 8 else k.unseen
            for i in range(9)
        )
        room = list(k.capacity)
        return placed if _place(cards_of(k.unseen), room, allowed, rng, placed) else None
    quota = _quotas(k, taroks, rng) if taroks else None
    if quota is None:
        if taroks:
            return None  # the tarok counts asked for cannot be met at all
        room = list(k.capacity)
        ok = _place(cards_of(k.unseen), room, k.allowed, rng, placed)
        return placed if ok and not any(room) else None
    if not _place(cards_of(k.unseen & TAROKS), list(quota), k.allowed, rng, placed):
        return None
    room = [k.capacity[i] - quota[i] for i in range(9)]
    if not _place(cards_of(k.unseen & ~TAROKS), room, k.allowed, rng, placed):
        return None
    return placed if not any(room) else None


def _hlasky_ok(k: Knowledge, placed: list[int]) -> bool:
    if k.hlasky is None:
        return True
    for s in range(4):
        if s == k.seat:
            continue
        hand = placed[s] | k.played_by[s]
        if hlasky_of(hand) != k.hlasky[s]:
            return False
        if k.strength:
            lo, hi = k.strength[s]
            if not lo <= strength(hand) <= hi:
                return False
    return True


def sample_world(k: Knowledge, rng: random.Random, tries: int = 60) -> World | None:
    """A world consistent with ``k``; after ``tries`` the hlášky are no longer required.
    The bidding's belief about a declarer's taroks may be wrong (a human bids as he likes):
    when no placement meets it, the hlášky's certain tarok counts are met instead, then only
    where each card may lie, and only if even that keeps failing, only the counts are kept."""
    fallback: list[int] | None = None
    for step, ranges in enumerate((k.taroks, k.known_taroks, ())):
        if step and (fallback is not None or ranges == k.taroks):
            continue  # (a placement was found, its hlášky alone amiss; or the same ranges again)
        for _ in range(tries):
            placed = _assign(k, rng, strict=True, taroks=ranges)
            if placed is None:
                continue
            if _hlasky_ok(k, placed):
                return _world(k, placed, rng)
            fallback = placed
    if fallback is None:
        fallback = _assign(k, rng, strict=False)
        if fallback is None:
            return None
    return _world(k, fallback, rng)


def _world(k: Knowledge, placed: list[int], rng: random.Random) -> World:
    hands = [placed[s] for s in range(4)]
    hands[k.seat] = k.hand
    discards = [placed[4 + s] | k.known_discards[s] for s in range(4)]
    talon = cards_of(placed[TALON])
    rng.shuffle(talon)
    return World(hands, discards, talon)
