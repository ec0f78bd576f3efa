"""The opponent model: how likely the other seats' play of the running partial game was, for
given hidden hands.

A seat is modelled as a mixture of players (``MIXTURE``): one who plays the medium rules of
thumb (``engine.ai.policy``) all but very rarely, one who plays them most of the time (the
hard players agree with them on about three decisions in four), and one about whom the
medium rules say nothing (any legal choice alike). The medium rules are deterministic and
read only the seat's own hand and what was public at that moment, so a world (the hidden
hands now) fixes what the medium card was at each of the seat's past decisions; a decision
that matched it has chance ``(1 − λ) + λ/L``, one that did not ``λ/L`` (L legal choices), and a
seat's likelihood is the mixture of its components' products. A seat that plays the medium
rules makes the worlds in which it would have played otherwise all but impossible; a seat
that plays nothing like them leaves the worlds as they were (its third component dominates).

Everything here reads the seat's view: the public course of the game (tricks, kvarty,
desítky turns) and who played what. ``Evidence`` holds, per other seat, its past decisions
with everything the medium rules read except the hand; ``Evidence.loglik(seat, hand)`` is
that seat's log-likelihood when it holds ``hand`` now (cached per hand).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from engine.ai.common import forbid_kh, maturant_of
from engine.ai.objective import stovka_target_of
from engine.ai.policy import (
    PENALTY_CARDS,
    desitky_policy,
    fast_code,
    kvarty_policy,
    legal_trick_mask,
    trick_policy,
)
from engine.cards import FULL_DECK, KH, SUIT_MASKS
from engine.contracts import RED_LEAD_CONTRACTS, Contract
from engine.rules import (
    TENS_MASK,
    desitky_next_ends,
    kvarty_lead_mask,
    trick_penalty,
    trick_winner_offset,
)
from engine.views import DesitkyView, KvartyView, SeatView, TrickView

# (λ, prior) of the mixture components: a medium player, a player like medium most of the
# time, and one the medium rules tell nothing about.
MIXTURE: tuple[tuple[float, float], ...] = ((0.01, 0.4), (0.35, 0.4), (1.0, 0.2))

TRICK, KVARTY, DESITKY = range(3)


@dataclass(slots=True)
class Decision:
    """One past decision of a seat: what the medium rules read, except the hand.

    ``later``: the cards the seat put out from this decision on (this one included), so its
    hand then was its hand now plus ``later``."""

    later: int
    choice: int  # the card chosen; -1: the desítky turn was ended
    # trick games
    trick: list[int] = field(default_factory=list)
    leader: int = 0
    index: int = 0
    remaining: int = 0
    voids: list[int] = field(default_factory=list)
    # kvarty
    played: int = 0
    first: bool = False
    # desítky
    ends: int = 0
    laid: bool = False
    urgent: bool = False
    want: bool = False
    # trick games, following a led suit: the cards of a hand the medium rules read when the
    # hand holds that suit (the suit and the penalty cards); ``memo``: their answers by the
    # cards they read (``Evidence._predict``: the chain's steps swap cards they may not read)
    reads: int = 0
    memo: dict[int, tuple[int, bool]] = field(default_factory=dict)


class Evidence:
    """The other seats' past decisions in the running partial game, from one seat's view."""

    def __init__(self, view: SeatView, mixture: tuple[tuple[float, float], ...] = MIXTURE):
        pub = view.public
        self.me = view.seat
        self.mixture = mixture
        self.decisions: list[list[Decision]] = [[], [], [], []]
        self.family = -1
        self.code = 0
        self.fkh = False
        self.maturant = maturant_of(pub)
        self._cache: list[dict[int, float]] = [{}, {}, {}, {}]
        self._log_prior = [math.log(prior) for _, prior in mixture]
        # _log_p[n][match][i]: log chance of a decision among n choices under component i
        self._log_p = [
            [
                [math.log(lam / max(n, 1)) for lam, _ in mixture],
                [math.log(lam / max(n, 1) + 1.0 - lam) for lam, _ in mixture],
            ]
            for n in range(33)
        ]
        contract = pub.contract
        if pub.phase != "play" or contract is None:
            return
        match pub.game:
            case TrickView() as part:
                self.family = TRICK
                self.code = fast_code(contract)
                self.fkh = forbid_kh(pub)
                self._trick_decisions(view, contract, part)
            case KvartyView() as part:
                self.family = KVARTY
                self._kvarty_decisions(view, part)
            case DesitkyView() as part:
                self.family = DESITKY
                self._desitky_decisions(view, part)
            case None:
                pass

    @property
    def empty(self) -> bool:
        return not any(self.decisions)

    # -- reading the course of the game ------------------------------------------------
    def _trick_decisions(self, view: SeatView, contract: Contract, part: TrickView) -> None:
        pub = view.public
        plays: list[tuple[int, int, int, list[int], int]] = []  # seat, card, leader, prefix, i
        tricks: list[tuple[int, tuple[int, ...]]] = list(part.tricks)
        if part.trick:
            tricks.append((part.trick[0][0], tuple(c for _, c in part.trick)))
        for index, (lead, cards) in enumerate(tricks):
            for i, c in enumerate(cards):
                plays.append(((lead + i) & 3, c, lead, list(cards[:i]), index))
        later = [0, 0, 0, 0]
        after = [0] * len(plays)  # cards played from each play on, by anyone
        out = 0
        for t in range(len(plays) - 1, -1, -1):
            out |= 1 << plays[t][1]
            after[t] = out
        remaining_now = FULL_DECK & ~pub.played
        red_lead = contract in RED_LEAD_CONTRACTS
        voids = [0, 0, 0, 0]
        points = [0, 0, 0, 0]
        later_by_t: list[int] = [0] * len(plays)
        pens = PENALTY_CARDS[self.code]
        for t in range(len(plays) - 1, -1, -1):
            s, c = plays[t][0], plays[t][1]
            later[s] |= 1 << c
            later_by_t[t] = later[s]
        for t, (s, c, lead, prefix, index) in enumerate(plays):
            if s != self.me:
                seen = list(voids)
                seen[s] = 0  # a seat's own view shows no voids of its own
                self.decisions[s].append(
                    Decision(
                        later_by_t[t],
                        c,
                        trick=prefix,
                        leader=lead,
                        index=index,
                        remaining=remaining_now | after[t],
                        voids=seen,
                        want=stovka_target_of(pub, s, points[s]) > 0,
                        reads=SUIT_MASKS[prefix[0] >> 3] | pens if prefix else 0,
                    )
                )
            # what the play showed (engine.ai.worlds.trick_exclusions, as suits)
            if prefix:
                led = prefix[0] >> 3
                if c >> 3 != led:
                    voids[s] |= 1 << led
                elif self.fkh and index == 0 and c == KH:
                    voids[s] |= 1  # K♥ was his only heart
            elif red_lead and c >> 3 == 0:
                voids[s] |= 0b1110  # he led a heart: he held hearts only
            if len(prefix) == 3:
                done = [*prefix, c]
                mask = sum(1 << x for x in done)
                winner = (lead + trick_winner_offset(done)) & 3
                points[winner] += trick_penalty(contract, mask, index)

    def _kvarty_decisions(self, view: SeatView, part: KvartyView) -> None:
        pub = view.public
        per_seat: list[list[int]] = []
        for k in part.kvarty:
            seat_cards = [0, 0, 0, 0]
            for c in k.own_cards:
                seat_cards[k.seat] |= 1 << c
            for s, c in k.filled:
                seat_cards[s] |= 1 << c
            per_seat.append(seat_cards)
        n = len(part.kvarty)
        later = [0, 0, 0, 0]
        later_at: list[list[int]] = [[0, 0, 0, 0] for _ in range(n)]
        out = 0
        out_at = [0] * n
        for t in range(n - 1, -1, -1):
            for s in range(4):
                later[s] |= per_seat[t][s]
                out |= per_seat[t][s]
            later_at[t] = list(later)
            out_at[t] = out
        for t, k in enumerate(part.kvarty):
            s = k.seat
            if s == self.me:
                continue
            self.decisions[s].append(
                Decision(
                    later_at[t][s],
                    k.own_cards[0],
                    played=pub.played & ~out_at[t],
                    first=t == 0,
                    want=stovka_target_of(pub, s, 0) > 0,
                )
            )

    def _desitky_decisions(self, view: SeatView, part: DesitkyView) -> None:
        pub = view.public
        counts_now = list(pub.hand_counts)
        steps: list[tuple[int, int]] = []  # (seat, card or -1 for an ended turn), in order
        for s, cards, how in part.turns:
            steps += [(s, c) for c in cards]
            if how == "end":
                steps.append((s, -1))
            elif how == "knock":
                steps.append((s, -2))
        if part.turn and pub.to_act is not None:  # the turn being played
            steps += [(pub.to_act, c) for c in part.turn]
        later = [0, 0, 0, 0]
        count_later = [0, 0, 0, 0]
        later_at: list[int] = [0] * len(steps)
        counts_at: list[list[int]] = [[0] * 4 for _ in steps]
        for t in range(len(steps) - 1, -1, -1):
            s, c = steps[t]
            if c >= 0:
                later[s] |= 1 << c
                count_later[s] += 1
            later_at[t] = later[s]
            counts_at[t] = [counts_now[x] + count_later[x] for x in range(4)]
        ends = TENS_MASK
        knocks = [0, 0, 0, 0]
        turn_seat, laid_now = -1, 0
        for t, (s, c) in enumerate(steps):
            if s != turn_seat:
                turn_seat, laid_now = s, 0
            if c == -2:
                knocks[s] += 1
                turn_seat = -1
                continue
            if s != self.me:
                self.decisions[s].append(
                    Decision(
                        later_at[t],
                        c,
                        ends=ends,
                        laid=laid_now > 0,
                        urgent=min(counts_at[t]) <= 2,
                        want=stovka_target_of(pub, s, knocks[s]) > 0,
                    )
                )
            if c >= 0:
                ends = desitky_next_ends(ends, c)
                laid_now += 1
            else:
                turn_seat = -1

    # -- the likelihood --------------------------------------------------------------------
    def loglik(self, seat: int, hand: int) -> float:
        """Log-likelihood of ``seat``'s past decisions if it holds ``hand`` now."""
        cache = self._cache[seat]
        got = cache.get(hand)
        if got is not None:
            return got
        sums = list(self._log_prior)
        table = self._log_p
        k = len(sums)
        for d in self.decisions[seat]:
            n, match = self._predict(seat, d, hand | d.later)
            if n <= 1:
                continue
            row = table[min(n, 32)][match]
            for i in range(k):
                sums[i] += row[i]
        top = max(sums)
        value = top + math.log(sum(math.exp(x - top) for x in sums))
        cache[hand] = value
        return value

    def matches(self, seat: int, hand: int) -> tuple[int, int]:
        """(decisions with a choice, of them played as the medium rules would) — for tests."""
        n_choice = n_match = 0
        for d in self.decisions[seat]:
            n, match = self._predict(seat, d, hand | d.later)
            if n > 1:
                n_choice += 1
                n_match += match
        return n_choice, n_match

    def _predict(self, seat: int, d: Decision, hand: int) -> tuple[int, bool]:
        """(number of legal choices, whether the medium rules choose ``d.choice``)."""
        if self.family == TRICK:
            reads = d.reads
            if reads and hand & reads & SUIT_MASKS[d.trick[0] >> 3]:
                # following suit, the medium rules read only the hand's cards of ``reads``
                # (its legal cards, and the penalty cards the others may still hold):
                # tests/test_ai_opponent.py holds the memo equal to a fresh prediction
                key = hand & reads
                got = d.memo.get(key)
                if got is None:
                    got = d.memo[key] = self._predict_trick(seat, d, hand)
                return got
            return self._predict_trick(seat, d, hand)
        if self.family == KVARTY:
            n = kvarty_lead_mask(hand, d.first).bit_count()
            if n <= 1:
                return n, True
            return n, kvarty_policy(hand, d.played, d.first, d.want) == d.choice
        playable = hand & d.ends
        n = playable.bit_count() + (1 if d.laid else 0)
        if n <= 1:
            return n, True
        # the medium rules read the hand's cards in the suits it can lay in, and whether it
        # holds any card elsewhere (then it cannot lay out its hand in this turn): the memo's
        # key (tests/test_ai_opponent.py holds it equal to a fresh prediction)
        suits = 0
        for sm in SUIT_MASKS:
            if playable & sm:
                suits |= sm
        key = hand & suits | (1 << 32 if hand & ~suits else 0)
        got = d.memo.get(key)
        if got is None:
            card = desitky_policy(hand, d.ends, d.laid, d.urgent, seat == self.maturant, d.want)
            got = d.memo[key] = (n, card == d.choice)
        return got

    def _predict_trick(self, seat: int, d: Decision, hand: int) -> tuple[int, bool]:
        legal = legal_trick_mask(hand, d.trick, self.code, self.fkh and d.index == 0)
        n = legal.bit_count()
        if n <= 1:
            return n, True
        card = trick_policy(
            self.code,
            seat,
            hand,
            d.trick,
            d.leader,
            d.index,
            d.remaining,
            d.voids,
            self.maturant,
            self.fkh,
            d.want,
        )
        return n, card == d.choice
