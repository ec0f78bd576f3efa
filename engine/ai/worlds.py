"""Worlds consistent with a seat's view: who may hold which unseen card, and sampled deals.

Everything here reads a ``SeatView`` only. The constraints are per seat "may not hold" masks:

* trick games: a seat that did not follow suit holds none of the led suit (R-TRICK); a seat
  that led a heart under R-TRICK-RED-LEAD held only hearts then; under a forbidden first-trick
  K♥ (R-TRICK-FIRST-KING) a seat that followed hearts with K♥ held no other heart;
* kvarty: the first lead started at F or K (R-KVARTY-FIRST) only when the leader held no lower
  card (and no filek for a K); the placed cards themselves are public;
* desítky: a seat that knocked, or whose turn ended because nothing more could be laid, held no
  card playable at that moment (R-DESITKY-KNOCK) — checked against the rows of that moment.

``sample_world`` deals the unseen cards to the other seats respecting these masks and the
public hand counts (a sequential draw that checks Hall's condition for the rest after every
card, so it never dead-ends). ``build_game`` rebuilds the engine's own game object at the
current position from a sampled world by replaying the public history, which also proves the
world consistent: the engine refuses any card the sampled hands could not have played.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.actions import EndTurn, Lay, Lead, Play
from engine.cards import FILKY_MASK, FULL_DECK, HEARTS_MASK, KH, SUIT_MASKS
from engine.contracts import RED_LEAD_CONTRACTS, Contract
from engine.desitky import DesitkyGame
from engine.kvarty import KvartyGame
from engine.partial import PartialGame
from engine.rules import KINGS_MASK, LOW_MASK, NON_HEARTS, TENS_MASK, desitky_next_ends
from engine.tricks import TrickGame
from engine.views import DesitkyView, KvartyView, PublicView, SeatView, TrickView

Hands = list[int]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What ``seat`` knows about the hidden cards of the running partial game."""

    seat: int
    hand: int
    unseen: int  # cards in the other seats' hands
    counts: tuple[int, int, int, int]  # cards in each hand
    excluded: tuple[int, int, int, int]  # per seat: cards it cannot hold

    def allowed(self, s: int) -> int:
        if s == self.seat:
            return self.hand
        return self.unseen & ~self.excluded[s]


def trick_exclusions(pub: PublicView, part: TrickView) -> list[int]:
    """R-TRICK voids, R-TRICK-RED-LEAD and R-TRICK-FIRST-KING inferences of a trick game."""
    excl = [0, 0, 0, 0]
    contract = pub.contract
    red_lead = contract in RED_LEAD_CONTRACTS
    forbid_kh = (
        contract is Contract.CERVENY_KRAL and pub.options.red_king_first_trick == "forbidden"
    )
    tricks: list[tuple[int, tuple[int, ...]]] = list(part.tricks)
    if part.trick:
        tricks.append((part.trick[0][0], tuple(c for _, c in part.trick)))
    for index, (lead, cards) in enumerate(tricks):
        led = cards[0] >> 3
        if red_lead and led == 0:
            excl[lead] |= NON_HEARTS  # he led a heart: he held hearts only
        for i in range(1, len(cards)):
            s = (lead + i) % 4
            c = cards[i]
            if c >> 3 != led:
                excl[s] |= SUIT_MASKS[led]
            elif forbid_kh and index == 0 and c == KH:
                excl[s] |= HEARTS_MASK  # K♥ was his only heart
    return excl


def kvarty_exclusions(part: KvartyView) -> list[int]:
    """R-KVARTY-FIRST: a first lead at F (K) shows a hand without cards below F (K)."""
    excl = [0, 0, 0, 0]
    if part.kvarty:
        first = part.kvarty[0]
        start = first.placed[0][1]
        rank = start & 7
        if rank >= 5:  # filek: no card of S or lower
            excl[first.seat] |= LOW_MASK
        if rank >= 6:  # king: no filek either
            excl[first.seat] |= FILKY_MASK
        if rank == 7:  # ace: no king either
            excl[first.seat] |= KINGS_MASK
    return excl


def desitky_exclusions(part: DesitkyView) -> list[int]:
    """R-DESITKY-KNOCK: a knocking seat, or one whose turn ended by itself, could lay nothing."""
    excl = [0, 0, 0, 0]
    ends = TENS_MASK
    for seat, cards, how in part.turns:
        for c in cards:
            ends = desitky_next_ends(ends, c)
        if how != "end":
            excl[seat] |= ends
    return excl


def knowledge(view: SeatView) -> Knowledge:
    """The seat's knowledge of the running partial game (or of a maturita deal)."""
    pub = view.public
    hand = view.hand
    counts = pub.hand_counts
    played = pub.played
    unseen = FULL_DECK & ~hand & ~played
    excl = [0, 0, 0, 0]
    if pub.phase == "play":
        match pub.game:
            case TrickView() as part:
                excl = trick_exclusions(pub, part)
            case KvartyView() as part:
                excl = kvarty_exclusions(part)
            case DesitkyView() as part:
                excl = desitky_exclusions(part)
            case None:
                pass
    elif pub.phase == "choose":
        counts = (8, 8, 8, 8)
        unseen = FULL_DECK & ~hand
    excl[view.seat] = 0
    return Knowledge(
        view.seat,
        hand,
        unseen,
        (counts[0], counts[1], counts[2], counts[3]),
        (excl[0], excl[1], excl[2], excl[3]),
    )


def _feasible(rest: int, allowed: list[int], caps: list[int]) -> bool:
    """Hall's condition: the cards ``rest`` can be dealt to the seats (masks, capacities)."""
    n = len(allowed)
    for subset in range(1, 1 << n):
        outside = 0
        cap = 0
        for i in range(n):
            if subset >> i & 1:
                cap += caps[i]
            else:
                outside |= allowed[i]
        if (rest & ~outside).bit_count() > cap:
            return False
    return True


def sample_world(k: Knowledge, rng: random.Random) -> Hands | None:
    """Hands of all four seats consistent with ``k``; None if no consistent world exists."""
    others = [s for s in range(4) if s != k.seat]
    caps = [k.counts[s] for s in others]
    allowed = [k.allowed(s) for s in others]
    unseen = k.unseen
    hands = [0, 0, 0, 0]
    hands[k.seat] = k.hand
    if sum(caps) != unseen.bit_count():
        return None
    cards = [c for c in range(32) if unseen >> c & 1]
    if all(a == unseen for a in allowed):  # nothing known: a plain shuffle
        rng.shuffle(cards)
        i = 0
        for j, s in enumerate(others):
            for c in cards[i : i + caps[j]]:
                hands[s] |= 1 << c
            i += caps[j]
        return hands
    if not _feasible(unseen, allowed, caps):
        return None
    # the most constrained cards first, in random order within the same freedom
    rng.shuffle(cards)
    cards.sort(key=lambda c: sum(a >> c & 1 for a in allowed))
    rest = unseen
    for c in cards:
        bit = 1 << c
        rest &= ~bit
        choices = [j for j in range(len(others)) if allowed[j] & bit and caps[j] > 0]
        while choices:
            total = sum(caps[j] for j in choices)
            x = rng.randrange(total)
            pick = choices[-1]
            for j in choices:
                x -= caps[j]
                if x < 0:
                    pick = j
                    break
            caps[pick] -= 1
            if _feasible(rest, allowed, caps):
                hands[others[pick]] |= bit
                break
            caps[pick] += 1
            choices.remove(pick)
        else:
            return None
    return hands


# -- the engine's game object at the current position ----------------------------------
def build_game(view: SeatView, hands: Hands) -> PartialGame:
    """The running partial game rebuilt from the view and a world's current hands.

    The deal is the current hands plus the cards each seat has put out; the public history is
    then replayed through the engine's ``apply``, so an inconsistent world raises.
    """
    pub = view.public
    contract = pub.contract
    assert contract is not None and pub.phase == "play"
    deal = list(hands)
    game: PartialGame
    part = pub.game
    if isinstance(part, TrickView):
        plays: list[tuple[int, int]] = []
        for lead, cards in part.tricks:
            plays += [((lead + i) % 4, c) for i, c in enumerate(cards)]
        plays += list(part.trick)
        for s, c in plays:
            deal[s] |= 1 << c
        game = TrickGame(
            contract,
            (deal[0], deal[1], deal[2], deal[3]),
            pub.leader,
            pub.options,
            pub.maturant,
        )
        game.start()
        for s, c in plays:
            game.apply(Play(s, c))
        return game
    if isinstance(part, KvartyView):
        for k in part.kvarty:
            for s, c in k.placed:
                deal[s] |= 1 << c
        game = KvartyGame(
            (deal[0], deal[1], deal[2], deal[3]), pub.leader, pub.options, pub.maturant
        )
        game.start()
        for k in part.kvarty:
            game.apply(Lead(k.seat, k.placed[0][1]))
        return game
    assert isinstance(part, DesitkyView)
    turns = [t for t in part.turns if t[1]]
    for s, cards, _ in turns:
        for c in cards:
            deal[s] |= 1 << c
    for c in part.turn:
        assert pub.to_act is not None
        deal[pub.to_act] |= 1 << c
    dg = DesitkyGame((deal[0], deal[1], deal[2], deal[3]), pub.leader, pub.options, pub.maturant)
    dg.start()
    for s, cards, _ in turns:
        for c in cards:
            dg.apply(Lay(s, c))
        if dg.turn and dg.to_act == s:
            dg.apply(EndTurn(s))
    if part.turn:
        assert pub.to_act is not None
        for c in part.turn:
            dg.apply(Lay(pub.to_act, c))
    return dg
