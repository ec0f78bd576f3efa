"""One deal of Taroky, from the bidding to the money (T-BID … T-SCORE).

``TarokyDeal`` is a state machine with one legality path: ``verify`` raises what ``apply``
would refuse, in the order of T-REPLAY-CONVENTIONS (``game_over``, ``not_your_turn``,
``wrong_phase``, ``not_in_hand``, then the rule's own code), and ``legal_actions`` lists what
the same rule functions allow. Automatic steps (the 4-1-1 hand-out, the hlášky, the 2P pagát,
turning talon cards, the partner's reveal) happen inside ``apply`` and come out as events.

The state is the dealt cards plus the action log: ``to_json`` stores exactly that and
``from_json`` replays it, so a saved deal and its replay can never differ.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.log_json import LogJSON
from engine.taroky import announce as ann
from engine.taroky.actions import (
    Announce,
    Bid,
    Call,
    Choose,
    DealAction,
    Discard,
    Play,
    Trojka,
    action_from_json,
)
from engine.taroky.bidding import (
    bid_refusal,
    choose_refusal,
    legal_bids,
    legal_choices,
    speaking_order,
)
from engine.taroky.cards import (
    FULL_DECK,
    NUM_CARDS,
    PAGAT,
    TAROK,
    cards_of,
    cards_str,
    color,
    eyes,
    hand_str,
    mask_of,
    parse_cards,
    parse_hand,
    shuffled_deck,
)
from engine.taroky.errors import (
    BadInput,
    GameOver,
    IllegalAction,
    NotYourTurn,
    Refusal,
    TarokyError,
    WrongPhase,
)
from engine.taroky.events import (
    AloneRevealed,
    Announced,
    AnnouncementsClosed,
    BiddingWon,
    BidSaid,
    Called,
    CardPlayed,
    DealEnded,
    DealStarted,
    Discarded,
    Event,
    Flekked,
    GameChosen,
    HlaskyAnnounced,
    OpponentRevealed,
    PagatPromised,
    PartnerRevealed,
    TalonHandedOut,
    TalonTurned,
    TrickTaken,
    TrojkaRejected,
    TrojkaTaken,
    TurnPassed,
)
from engine.taroky.hlasky import hlasky_of
from engine.taroky.options import TarokyOptions
from engine.taroky.play import TRICKS, first_leader, legal_mask, play_refusal, trick_winner
from engine.taroky.scoring import Score, pagat_result, score_game, score_varsava
from engine.taroky.talon import (
    call_refusal,
    discard_mask,
    discard_refusal,
    four_one_one,
    is_face_up,
    legal_calls,
    lower,
    upper,
)

D, OPP = ann.DECLARER_SIDE, ann.OPPONENTS
DealActionTypes = (Bid, Choose, Call, Trojka, Discard, Announce, Play)
PHASE_ACTION: dict[str, type] = {
    "bid": Bid,
    "choose": Choose,
    "call": Call,
    "trojka": Trojka,
    "discard": Discard,
    "announce": Announce,
    "play": Play,
}
TALON_TURNS = 6  # talon cards turned after tricks 1–6 (6P reveal, Varšava)
HAND_SIZE = 12
TALON_SIZE = 6


def deal_cards(
    order: Sequence[int], dealer: int
) -> tuple[tuple[int, int, int, int], tuple[int, ...]]:
    """T-DEAL: ``talon = order[0:6]``, then packets of six to the předák, d+2, d+3 and the
    zadák, twice round. Returns (hands as masks, talon in order)."""
    talon = tuple(order[0:TALON_SIZE])
    hands = [0, 0, 0, 0]
    pos = TALON_SIZE
    for _ in range(2):
        for k in range(1, 5):
            seat = (dealer + k) % 4
            hands[seat] |= mask_of(order[pos : pos + 6])
            pos += 6
    return (hands[0], hands[1], hands[2], hands[3]), talon


def random_deal(
    rng: random.Random, dealer: int
) -> tuple[tuple[int, int, int, int], tuple[int, ...]]:
    """A shuffled deal from the injected RNG (T-DEAL)."""
    return deal_cards(shuffled_deck(rng), dealer)


def check_deal(hands: Sequence[int], talon: Sequence[int]) -> None:
    """Four hands of 12 and a talon of 6 that together are the 54 cards once each."""
    if len(hands) != 4:
        raise BadInput("hands_not_four")
    for seat, h in enumerate(hands):
        if h.bit_count() != HAND_SIZE:
            raise BadInput("hand_size", seat=seat, count=h.bit_count())
    if len(talon) != TALON_SIZE:
        raise BadInput("talon_size", count=len(talon))
    whole = mask_of(talon)
    total = len(talon) + sum(h.bit_count() for h in hands)
    for h in hands:
        whole |= h
    if whole != FULL_DECK or total != NUM_CARDS:
        raise BadInput("deal_cards")


class TarokyDeal:
    """The state of one deal. Build with the dealt hands (masks, seat 0 first), the talon
    (upper trojka first) and the dealer; or ``TarokyDeal.random(rng, dealer)``."""

    def __init__(
        self,
        hands: Sequence[int],
        talon: Sequence[int],
        dealer: int,
        options: TarokyOptions | None = None,
        deal_no: int = 1,
    ) -> None:
        if not 0 <= dealer <= 3:
            raise BadInput("bad_field", name="dealer", value=repr(dealer))
        check_deal(hands, talon)
        self.options = options or TarokyOptions()
        self.dealer = dealer
        self.predak = (dealer + 1) % 4
        self.deal_no = deal_no
        self.dealt: tuple[int, int, int, int] = (hands[0], hands[1], hands[2], hands[3])
        self.talon: tuple[int, ...] = tuple(talon)
        self.hands = list(self.dealt)
        self.phase = "bid"
        self.log: list[DealAction] = []
        self._log_json = LogJSON()
        self.start_events: list[Event] = [DealStarted(deal_no, dealer, self.predak)]
        # T-BID
        self.bids: list[tuple[int, str]] = []
        self.highest: tuple[int, str] | None = None
        self.zduch = False
        self.game: str | None = None  # 1P 2P 3P (then 3P1 3P2 3P3) 6P W
        self.declarer: int | None = None
        # T-CALL
        self.called: int | None = None
        self.partner: int | None = None  # the holder of the called tarok (not the declarer)
        self.alone = False  # 1 v 3 (3P, 6P, tiché sólo, drawn called tarok)
        # T-TALON
        self.taken: list[tuple[int, ...]] = [(), (), (), ()]
        self.trojka_step = 0  # 0: the upper trojka is looked at, 1: the lower
        self.shown: list[int] = []  # rejected trojkas, face up
        self.opp_talon = 0  # talon cards that belong to the opponents
        self.discard_queue: list[list[int]] = []  # [seat, cards still to lay away]
        self.discards: list[list[int]] = [[], [], [], []]
        # what everybody knows of the sides (T-CALL-PARTNER, T-VIEW)
        self.public_sides: list[str | None] = [None, None, None, None]
        self.partner_public = False
        self.alone_public = False
        # T-HLASKY, T-ANNOUNCE, T-FLEK
        self.hlasky: tuple[tuple[str, ...], ...] | None = None
        self.speaker: int | None = None
        self.said: list[str] = []
        self.turns = [0, 0, 0, 0]
        self.passes = 0
        self.pagat_by: int | None = None
        self.valat_by: int | None = None
        self.levels = {"game": 0, "pagat": 0, "valat": 0}
        self.announcements: list[tuple[int, str]] = []  # (seat, item) in order, "done" too
        # T-PLAY
        self.leader: int | None = None
        self.trick: list[int] = []
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []  # (leader, cards, winner)
        self.piles = [0, 0, 0, 0]
        self.won = [0, 0, 0, 0]
        self.turned: list[tuple[int, int | None]] = []
        self.score: Score | None = None

    @classmethod
    def random(
        cls,
        rng: random.Random,
        dealer: int,
        options: TarokyOptions | None = None,
        deal_no: int = 1,
    ) -> TarokyDeal:
        hands, talon = random_deal(rng, dealer)
        return cls(hands, talon, dealer, options, deal_no)

    # -- the uniform API ---------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.phase == "done"

    @property
    def to_act(self) -> int | None:
        phase = self.phase
        if phase == "bid":
            return speaking_order(self.dealer)[len(self.bids)]
        if phase == "choose":
            return self.predak
        if phase in ("call", "trojka"):
            return self.declarer
        if phase == "discard":
            return self.discard_queue[0][0]
        if phase == "announce":
            return self.speaker
        if phase == "play":
            assert self.leader is not None
            return (self.leader + len(self.trick)) % 4
        return None

    @property
    def varsava(self) -> bool:
        return self.game == "W"

    def side_of(self, seat: int) -> str | None:
        """The true side of a seat (None while unknown to the engine, and in Varšava)."""
        if self.declarer is None or self.game in (None, "W"):
            return None
        if seat == self.declarer or seat == self.partner:
            return D
        if self.game in ("1P", "2P") and self.called is None:
            return None
        return OPP

    def legal_actions(self) -> list[DealAction]:
        seat = self.to_act
        if seat is None:
            return []
        hand = self.hands[seat]
        phase = self.phase
        if phase == "bid":
            return [Bid(seat, b) for b in legal_bids(**self._bid_context(seat))]
        if phase == "choose":
            return [Choose(seat, c) for c in legal_choices(hand, self.options)]
        if phase == "call":
            return [Call(seat, c) for c in legal_calls(hand)]
        if phase == "trojka":
            return [Trojka(seat, True), Trojka(seat, False)]
        if phase == "discard":
            return [Discard(seat, c) for c in cards_of(discard_mask(hand))]
        if phase == "announce":
            return [
                Announce(seat, item)
                for item in ann.ITEMS
                if self._announce_refusal(seat, item) is None
            ]
        mask = legal_mask(hand, self.trick, self.varsava, self.options.mond_rule)
        return [Play(seat, c) for c in cards_of(mask)]

    def verify(self, action: object) -> None:
        """Raise what ``apply`` would raise for ``action``; change nothing."""
        if self.phase == "done":
            raise GameOver()
        seat = getattr(action, "seat", None)
        if seat != self.to_act:
            raise NotYourTurn(seat if isinstance(seat, int) else -1, self.to_act)
        if not isinstance(action, PHASE_ACTION[self.phase]):
            raise WrongPhase(f"phase_{self.phase}")
        refusal, params = self._refusal(action)
        if refusal is not None:
            code, rule = refusal
            raise IllegalAction(code, rule=rule, **params)

    def is_legal(self, action: object) -> bool:
        try:
            self.verify(action)
        except TarokyError:
            return False
        return True

    def apply(self, action: DealAction) -> list[Event]:
        """Apply one action after verifying it; on any refusal nothing has changed."""
        self.verify(action)
        events = self._apply(action)
        self.log.append(action)
        return events

    def turn_over(self) -> bool:
        """The announcement turn of the seat to act is over but for its Hotovo: it has said
        something in it, may add nothing, and could add nothing whatever cards it held — a
        pagát refused only because it lacks I leaves the turn to its click, for a Hotovo
        that came by itself would tell everyone so (T-VIEW). The table may then end the
        turn for it (``may_autoplay``; review 93: "Víc přidat nemůžeš – skonči tlačítkem
        Hotovo" was one more click)."""
        seat = self.to_act
        if self.phase != "announce" or not self.said or seat is None:
            return False
        for item in ann.ITEMS:
            refused = None if item == "done" else self._announce_refusal(seat, item)
            if item != "done" and (refused is None or refused[2] == "pagat_not_held"):
                return False
        return True

    # -- refusals (the one legality path) ----------------------------------------------
    def _bid_context(self, seat: int) -> dict[str, Any]:
        return {
            "first": not self.bids,
            "zadak": seat == self.dealer,
            "highest": None if self.highest is None else self.highest[1],
            "hand": self.hands[seat],
            "options": self.options,
        }

    def _announce_refusal(self, seat: int, item: str) -> ann.AnnounceRefusal | None:
        """Why ``seat`` may not say ``item`` now, and the case of it."""
        side = self.side_of(seat)
        assert side is not None and self.game is not None
        return ann.announce_refusal(
            item,
            side=side,
            first_turn=self.turns[seat] == 0,
            own_pagat=self.pagat_by == seat,
            said=frozenset(self.said),
            holds_pagat=bool(self.hands[seat] >> PAGAT & 1),
            game=self.game,
            owners=self._owners(),
            levels=self.levels,
            flek_max=self.options.flek_max,
        )

    def _owners(self) -> dict[str, str | None]:
        return {
            "game": D,
            "pagat": None if self.pagat_by is None else self.side_of(self.pagat_by),
            "valat": None if self.valat_by is None else self.side_of(self.valat_by),
        }

    def _refusal(self, a: object) -> tuple[Refusal | None, dict[str, Any]]:
        if isinstance(a, Bid):
            ctx = self._bid_context(a.seat)
            return bid_refusal(a.bid, **ctx), {"highest": ctx["highest"] or ""}
        if isinstance(a, Choose):
            return choose_refusal(a.game, self.hands[a.seat], self.options), {}
        if isinstance(a, Call):
            return call_refusal(self.hands[a.seat], a.card), {"card": a.card}
        if isinstance(a, Discard):
            return discard_refusal(self.hands[a.seat], a.card), {"card": a.card}
        if isinstance(a, Announce):
            said = self._announce_refusal(a.seat, a.item)
            if said is None:
                return None, {}
            code, rule, case = said
            # the case says why (review 85: "you can only pass" said no reason); refused by
            # the table's highest flek alone, the refusal names it (review 79: a player was
            # not told why he could not give re)
            limit = {"flek_max": self.options.flek_max} if case == "flek_limit" else {}
            return (code, rule), {"case": case, **limit}
        if isinstance(a, Play):
            hand = self.hands[a.seat]
            refusal = play_refusal(hand, a.card, self.trick, self.varsava, self.options.mond_rule)
            # what was led, so that a refusal can say why a tarok is due (T-PLAY-FOLLOW)
            led = None if not self.trick else "tarok" if color(self.trick[0]) == TAROK else "suit"
            return refusal, {"card": a.card, "led": led}
        return None, {}

    # -- the course of a deal ----------------------------------------------------------
    def _apply(self, a: DealAction) -> list[Event]:
        if isinstance(a, Bid):
            return self._bid(a)
        if isinstance(a, Choose):
            return self._choose(a)
        if isinstance(a, Call):
            return self._call(a)
        if isinstance(a, Trojka):
            return self._trojka(a)
        if isinstance(a, Discard):
            return self._discard(a)
        if isinstance(a, Announce):
            return self._announce(a)
        return self._play(a)

    def _bid(self, a: Bid) -> list[Event]:
        self.bids.append((a.seat, a.bid))
        events: list[Event] = [BidSaid(a.seat, a.bid)]
        if a.bid == "zduch":
            self.zduch = True
        elif a.bid != "dobra":
            self.highest = (a.seat, a.bid)
        if len(self.bids) < 4:
            return events
        assert self.highest is not None
        if self.zduch:  # T-BID-ZDUCH: the předák must play Varšava
            self.game, self.declarer = "W", self.predak
            events.append(BiddingWon(self.predak, "W", True))
            return events + self._start_play()
        seat, game = self.highest
        if seat == self.predak and game == "1P":
            self.phase = "choose"
            return events
        self.declarer = seat
        self.game = game
        events.append(BiddingWon(seat, game, False))
        return events + self._game_fixed()

    def _choose(self, a: Choose) -> list[Event]:
        self.declarer = a.seat
        self.game = a.game
        return [GameChosen(a.seat, a.game), *self._game_fixed()]

    def _game_fixed(self) -> list[Event]:
        game = self.game
        if game in ("1P", "2P"):
            self.phase = "call"
            return []
        if game == "W":
            return self._start_play()
        assert self.declarer is not None
        self.alone = True
        self._all_sides_public()
        if game == "3P":
            self.phase = "trojka"
            self.trojka_step = 0
            return []
        self.opp_talon = mask_of(self.talon)  # 6P: no exchange, the talon is the opponents'
        return self._start_announce()

    def _call(self, a: Call) -> list[Event]:
        self.called = a.card
        events: list[Event] = [Called(a.seat, a.card)]
        takes = four_one_one(a.seat, self.talon)
        for seat, cards in takes:
            self.hands[seat] |= mask_of(cards)
            self.taken[seat] = cards
        events.append(TalonHandedOut(tuple((s, len(c)) for s, c in takes)))
        holder = next(s for s in range(4) if self.hands[s] >> a.card & 1)
        if holder == a.seat:
            self.alone = True  # tiché sólo, or the called tarok drawn from the talon
        else:
            self.partner = holder
        self.public_sides[a.seat] = D
        self.discard_queue = [[s, len(c)] for s, c in takes]
        self.phase = "discard"
        return events

    def _trojka(self, a: Trojka) -> list[Event]:
        seat = a.seat
        up, low = upper(self.talon), lower(self.talon)
        events: list[Event] = []
        if self.trojka_step == 0 and a.take:
            self.game, took, rest, which = "3P1", up, low, "upper"
        elif self.trojka_step == 0:
            self.shown += up
            self.trojka_step = 1
            return [TrojkaRejected(seat, "upper", up)]
        elif a.take:
            self.game, took, rest, which = "3P2", low, up, "lower"
        else:
            self.shown += low
            events.append(TrojkaRejected(seat, "lower", low))
            self.game, took, rest, which = "3P3", up, low, "upper"
        self.hands[seat] |= mask_of(took)
        self.taken[seat] = took
        self.opp_talon = mask_of(rest)
        self.discard_queue = [[seat, 3]]
        self.phase = "discard"
        events.append(TrojkaTaken(seat, which, self.game))
        return events

    def _discard(self, a: Discard) -> list[Event]:
        self.hands[a.seat] &= ~(1 << a.card)
        self.discards[a.seat].append(a.card)
        face_up = is_face_up(a.card)
        events: list[Event] = [Discarded(a.seat, a.card if face_up else None)]
        if a.card == self.called:
            events += self._reveal_called(a.seat)
        self.discard_queue[0][1] -= 1
        if self.discard_queue[0][1] == 0:
            self.discard_queue.pop(0)
        if not self.discard_queue:
            events += self._start_announce()
        return events

    def _reveal_called(self, seat: int) -> list[Event]:
        """The called tarok is seen (played, or laid away face up): the sides are public."""
        if self.partner_public or self.alone_public:
            return []
        assert self.declarer is not None
        self._all_sides_public()
        if seat == self.declarer:
            self.alone_public = True
            return [AloneRevealed(seat)]
        self.partner_public = True
        return [PartnerRevealed(seat)]

    def _all_sides_public(self) -> None:
        for s in range(4):
            self.public_sides[s] = self.side_of(s)

    def _start_announce(self) -> list[Event]:
        assert self.declarer is not None
        self.phase = "announce"
        self.hlasky = tuple(hlasky_of(h) for h in self.hands)
        events: list[Event] = []
        for k in range(4):
            seat = (self.declarer + k) % 4
            if self.hlasky[seat]:
                events.append(HlaskyAnnounced(seat, self.hlasky[seat]))
        if self.game == "2P":
            self.pagat_by = self.declarer
            events.append(PagatPromised(self.declarer))
        self.speaker = self.declarer
        self.said = []
        self.passes = 0
        return events

    def _announce(self, a: Announce) -> list[Event]:
        seat, item = a.seat, a.item
        self.announcements.append((seat, item))
        if item == "done":
            events: list[Event] = []
            if self.said:
                self.passes = 0
            else:
                self.passes += 1
                events.append(TurnPassed(seat))
            self.turns[seat] += 1
            self.said = []
            if self.passes == 4:  # four dobrá in a row
                return events + self._start_play()
            self.speaker = (seat + 1) % 4
            return events
        self.said.append(item)
        if item == "pagat":
            self.pagat_by = seat
            events = [Announced(seat, item)]
        elif item == "valat":
            self.valat_by = seat
            events = [Announced(seat, item)]
        else:
            key = ann.FLEK_ITEMS[item]
            self.levels[key] += 1
            events = [Flekked(seat, key, self.levels[key])]
        return events + self._speaks_for_side(seat)

    def _speaks_for_side(self, seat: int) -> list[Event]:
        """An announcement or a flek tells everybody the seat's side (T-CALL-PARTNER: the
        partner is revealed when he speaks for his side), and says so: an opponent's too
        (review 81: only the missing "flek na pagáta" told the others)."""
        if self.public_sides[seat] is not None:
            return []
        if seat == self.partner:
            return self._reveal_called(seat)
        side = self.side_of(seat)
        assert side == OPP  # (the declarer's side is public from his call on)
        self.public_sides[seat] = side
        return [OpponentRevealed(seat)]

    def _start_play(self) -> list[Event]:
        assert self.game is not None and self.declarer is not None
        announced = self.phase == "announce"
        self.phase = "play"
        self.leader = first_leader(self.game, self.dealer, self.declarer)
        self.trick = []
        return [AnnouncementsClosed(self.leader)] if announced else []

    def _play(self, a: Play) -> list[Event]:
        self.hands[a.seat] &= ~(1 << a.card)
        self.trick.append(a.card)
        events: list[Event] = [CardPlayed(a.seat, a.card)]
        if a.card == self.called:
            events += self._reveal_called(a.seat)
        if len(self.trick) < 4:
            return events
        assert self.leader is not None
        cards = tuple(self.trick)
        winner = (self.leader + trick_winner(cards)) % 4
        self.tricks.append((self.leader, cards, winner))
        self.piles[winner] |= mask_of(cards)
        self.won[winner] += 1
        k = len(self.tricks)
        events.append(TrickTaken(winner, k, cards, self.leader))
        if k <= TALON_TURNS:
            card = self.talon[k - 1]
            if self.game == "W":  # T-TALON-W: to the winner's pile, not part of the trick
                self.piles[winner] |= 1 << card
                self.turned.append((card, winner))
                events.append(TalonTurned(card, winner))
            elif self.game == "6P" and self.options.solo_talon == "reveal":
                self.turned.append((card, None))
                events.append(TalonTurned(card, None))
        self.trick = []
        self.leader = winner
        if k == TRICKS:
            events += self._finish()
        return events

    # -- the end -----------------------------------------------------------------------
    def pile_of_side(self, side: str) -> int:
        """T-COUNT-SIDE: the tricks of the side's players, their own discards and the talon
        part that belongs to the side, as one pile."""
        pile = 0
        for s in range(4):
            if self.side_of(s) == side:
                pile |= self.piles[s] | mask_of(self.discards[s])
        if side == OPP:
            pile |= self.opp_talon
        return pile

    def _pagat_facts(self) -> tuple[int | None, int | None, bool]:
        for k, (leader, cards, winner) in enumerate(self.tricks):
            if PAGAT in cards:
                seat = (leader + cards.index(PAGAT)) % 4
                return seat, k, winner == seat
        return None, None, False

    def _finish(self) -> list[Event]:
        assert self.game is not None and self.declarer is not None
        self.phase = "done"
        self.speaker = None
        opts = self.options
        if self.game == "W":
            per_seat = tuple(eyes(p) for p in self.piles)
            self.score = score_varsava(per_seat, self.won, opts.cap)
            eyes_out: tuple[int, ...] = per_seat
        else:
            self._all_sides_public()
            sides = [self.side_of(s) or OPP for s in range(4)]
            seat, trick, won_trick = self._pagat_facts()
            pagat = pagat_result(
                seat=seat,
                trick=trick,
                won_trick=won_trick,
                announced=self.pagat_by is not None,
                level=self.levels["pagat"],
                sides=sides,
            )
            assert self.hlasky is not None
            eyes_d = eyes(self.pile_of_side(D))
            self.score = score_game(
                game=self.game,
                declarer=self.declarer,
                partner=self.partner,
                eyes_d=eyes_d,
                tricks=self.won,
                hlasky=self.hlasky,
                game_level=self.levels["game"],
                pagat=pagat,
                valat_side=None if self.valat_by is None else sides[self.valat_by],
                valat_level=self.levels["valat"],
                tie=opts.tie,
                cap=opts.cap,
            )
            eyes_out = (eyes_d, 70 - eyes_d)
        return [DealEnded(self.game, self.declarer, self.partner, eyes_out, self.score.money)]

    # -- views -------------------------------------------------------------------------
    def view(self, seat: int) -> Any:
        from engine.taroky.views import deal_seat_view

        return deal_seat_view(self, seat)

    def public_view(self) -> Any:
        from engine.taroky.views import deal_public_view

        return deal_public_view(self)

    # -- serialization -----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The dealt cards, the options and the log: everything the state is made of."""
        return {
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "hands": [hand_str(h) for h in self.dealt],
            "talon": cards_str(self.talon),
            "options": self.options.to_json(),
            "log": self._log_json.of(self.log),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TarokyDeal:
        """Rebuild a deal saved by ``to_json`` by replaying its log."""
        try:
            deal = cls(
                [parse_hand(h) for h in data["hands"]],
                parse_cards(data["talon"]),
                int(data["dealer"]),
                TarokyOptions.from_json(data["options"]),
                int(data["deal_no"]),
            )
            for raw in data["log"]:
                action = action_from_json(raw)
                if not isinstance(action, DealActionTypes):
                    raise BadInput("bad_state", value="log")
                deal.apply(action)
        except TarokyError as exc:
            if isinstance(exc, BadInput):
                raise
            raise BadInput("bad_state", value=exc.code) from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise BadInput("bad_state", value=type(exc).__name__) from None
        return deal
