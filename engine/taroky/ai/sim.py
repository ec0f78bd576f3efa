"""Playing a sampled world to its end and scoring it with the engine's own scoring.

``DealSim`` holds what a playout does not change: the game, the sides in this world (the
partner is whoever holds the called tarok here), the hlášky, the announcements and fleks, the
discards and talon parts. ``run`` plays the world on from the view's position with the
rules-of-thumb policy in every seat (``engine.taroky.fast.play_out``), and ``value`` turns
the twelve tricks into what they are worth to one seat, through ``engine.taroky.scoring``.
"""

from __future__ import annotations

from engine.taroky.ai.policy import policy_card
from engine.taroky.ai.worlds import World
from engine.taroky.announce import DECLARER_SIDE, OPPONENTS
from engine.taroky.cards import PAGAT, TAROKS, eyes, mask_of
from engine.taroky.fast import Chooser, Trick, play_out
from engine.taroky.play import first_leader, trick_winner
from engine.taroky.scoring import Score, pagat_result, score_game, score_varsava
from engine.taroky.views import SeatView

EYE_TIE_BREAK = 0.01  # per eye in Varšava: fewer eyes are better at equal money


class DealSim:
    def __init__(self, view: SeatView, world: World) -> None:
        pub = view.public
        assert pub.game is not None and pub.declarer is not None
        self.view = view
        self.world = world
        self.me = view.seat
        self.game = pub.game
        self.varsava = pub.game == "W"
        self.declarer = pub.declarer
        self.options = pub.options
        self.history: list[Trick] = [(t.leader, t.cards, t.winner) for t in pub.history]
        partner: int | None = None
        if pub.called is not None and pub.game in ("1P", "2P"):
            bit = 1 << pub.called
            holder = next(
                (s for s in range(4) if (world.hands[s] | world.discards[s]) & bit), None
            )
            if holder is None:
                for t in pub.history:
                    for s, c in t.played:
                        if c == pub.called:
                            holder = s
                for s, c in pub.trick:
                    if c == pub.called:
                        holder = s
            if holder is not None and holder != self.declarer:
                partner = holder
        self.partner = partner
        self.sides: list[str | None] = [
            None
            if self.varsava
            else DECLARER_SIDE
            if s in (self.declarer, partner)
            else OPPONENTS
            for s in range(4)
        ]
        self.flek = pub.flek
        self.pagat_by = pub.pagat_by
        self.valat_by = pub.valat_by
        self.hlasky = pub.hlasky or ((), (), (), ())
        self.turned = list(pub.turned)
        self.keep = [False, False, False, False]
        for s in range(4):
            hand = world.hands[s]
            if hand >> PAGAT & 1:
                self.keep[s] = pub.pagat_by == s or (hand & TAROKS).bit_count() >= 7

    def chooser(self, hands: list[int]) -> Chooser:
        """The policy in every seat, seeing this world (``hands`` is the playout's list)."""
        sides = self.sides
        varsava = self.varsava
        keep = self.keep

        def choose(
            seat: int, hand: int, legal: int, trick: list[int], leader: int, index: int
        ) -> int:
            others = 0
            for s in range(4):
                if s != seat:
                    others |= hands[s]
            return policy_card(
                seat, hand, legal, trick, leader, index, sides, others, varsava, keep[seat]
            )

        return choose

    def run(self, first: int | None = None) -> list[Trick]:
        """Play on from the view's position (``first``: this seat's card to start with);
        every trick of the deal, in order."""
        pub = self.view.public
        hands = list(self.world.hands)
        trick = [c for _, c in pub.trick]
        leader = pub.leader
        if leader is None:  # the announcements: the first lead is still to come
            assert pub.declarer is not None
            leader = first_leader(self.game, pub.dealer, pub.declarer)
        if pub.trick:
            leader = pub.trick[0][0]
        done = len(self.history)
        extra: list[Trick] = []
        if first is not None:
            hands[self.me] &= ~(1 << first)
            trick.append(first)
            if len(trick) == 4:
                winner = (leader + trick_winner(trick)) % 4
                extra.append((leader, tuple(trick), winner))
                trick, leader, done = [], winner, done + 1
        rest = play_out(
            hands,
            trick,
            leader,
            done,
            self.varsava,
            self.options.mond_rule,
            self.chooser(hands),
        )
        return self.history + extra + rest

    def score(
        self,
        tricks: list[Trick],
        flek: tuple[int, int, int] | None = None,
        pagat_by: int | None = -1,
        valat_by: int | None = -1,
        cap: bool = True,
    ) -> Score:
        """The engine's score of the deal these tricks end. ``flek``, ``pagat_by`` and
        ``valat_by`` may replace the announcements (-1: as they are); ``cap=False`` leaves
        the amount uncapped."""
        won = [0, 0, 0, 0]
        piles = [0, 0, 0, 0]
        for _, cards, winner in tricks:
            won[winner] += 1
            piles[winner] |= mask_of(cards)
        limit = self.options.cap if cap else None
        if self.varsava:
            talon = list(self.world.talon_hidden)
            turned = list(self.turned)
            for k in range(len(turned), min(6, len(tricks))):
                turned.append((talon.pop(0), tricks[k][2]))
            for c, s in turned:
                if s is not None:
                    piles[s] |= 1 << c
            return score_varsava([eyes(p) for p in piles], won, limit)
        lv = self.flek if flek is None else flek
        pby = self.pagat_by if pagat_by == -1 else pagat_by
        vby = self.valat_by if valat_by == -1 else valat_by
        sides = [s or OPPONENTS for s in self.sides]
        pile_d = 0
        for s in range(4):
            if sides[s] == DECLARER_SIDE:
                pile_d |= piles[s] | self.world.discards[s]
        seat = trick_no = None
        won_trick = False
        for k, (leader, cards, winner) in enumerate(tricks):
            if PAGAT in cards:
                seat = (leader + cards.index(PAGAT)) % 4
                trick_no, won_trick = k, winner == seat
        pagat = pagat_result(
            seat=seat,
            trick=trick_no,
            won_trick=won_trick,
            announced=pby is not None,
            level=lv[1],
            sides=sides,
        )
        return score_game(
            game=self.game,
            declarer=self.declarer,
            partner=self.partner,
            eyes_d=eyes(pile_d),
            tricks=won,
            hlasky=self.hlasky,
            game_level=lv[0],
            pagat=pagat,
            valat_side=None if vby is None else sides[vby],
            valat_level=lv[2],
            tie=self.options.tie,
            cap=limit,
        )

    def money(
        self,
        tricks: list[Trick],
        flek: tuple[int, int, int] | None = None,
        pagat_by: int | None = -1,
        valat_by: int | None = -1,
    ) -> tuple[float, float, float, float]:
        """What the deal is worth to each seat: the money before the rounding to 50 hal (the
        cap still applies), so that every eye counts; in Varšava the money, less a hundredth
        per eye."""
        score = self.score(tricks, flek, pagat_by, valat_by, cap=False)
        if score.components is None:
            assert score.eyes_by_seat is not None
            e = score.eyes_by_seat
            m = [score.money[s] - EYE_TIE_BREAK * e[s] for s in range(4)]
            return (m[0], m[1], m[2], m[3])
        total = score.components["S"]
        cap = self.options.cap
        if cap is not None:
            total = max(-cap, min(cap, total))
        mult = 3 if self.partner is None else 1
        out = [0.0, 0.0, 0.0, 0.0]
        for s in range(4):
            if s == self.declarer:
                out[s] = float(total * mult)
            elif s == self.partner:
                out[s] = float(total)
            else:
                out[s] = float(-total)
        return (out[0], out[1], out[2], out[3])
