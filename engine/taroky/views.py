"""What a seat may know, and what everybody may know (T-VIEW, T-CALL-PARTNER).

``PublicView`` holds only public information; ``SeatView`` adds one seat's hand, its legal
actions and what that seat alone knows: its own side and, when it can know them, the others'
(the partner knows everything, the declarer knows whether he is alone, nobody else learns
the partner before he is revealed), its own hidden discards and talon cards during the
discard phase only, and the trojka the declarer looks at. Pictures and AI decisions are made
from these, so a hidden card or the secret partner cannot reach them by construction.

Tricks: the table shows the trick in progress and ``last_trick`` only ([W] "nahlédnout do
posledního odehraného štychu, ale nikam jinam"). ``history`` is every completed trick as the
players at the table saw it played: a player's memory, for the AI; a renderer must not draw
it. When the deal is over everything is shown (``reveal``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.taroky.actions import DealAction
from engine.taroky.announce import DECLARER_SIDE
from engine.taroky.cards import PAGAT, mask_of
from engine.taroky.options import TarokyOptions
from engine.taroky.scoring import LAST_TRICK, Score
from engine.taroky.talon import discard_options, is_face_up, lower, upper

if TYPE_CHECKING:
    from engine.taroky.deal import TarokyDeal
    from engine.taroky.protocol import DealRecord


@dataclass(frozen=True, slots=True)
class TrickRecord:
    leader: int
    cards: tuple[int, ...]  # in playing order from the leader
    winner: int

    @property
    def played(self) -> tuple[tuple[int, int], ...]:
        """(seat, card) in playing order."""
        return tuple(((self.leader + i) % 4, c) for i, c in enumerate(self.cards))


@dataclass(frozen=True, slots=True)
class Reveal:
    """Everything, shown when the deal is over (T-VIEW)."""

    hands: tuple[int, int, int, int]  # as dealt
    talon: tuple[int, ...]
    taken: tuple[tuple[int, ...], ...]  # talon cards each seat took
    discards: tuple[tuple[int, ...], ...]
    partner: int | None
    alone: bool
    piles: tuple[int, int, int, int]  # tricks won (Varšava: with the added talon cards)
    # the talon cards nobody took that count for the opponents (T-COUNT-SIDE: the trojka
    # not taken in 3P, the whole talon in sólo); empty in 1P/2P and Varšava
    opp_talon: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PublicView:
    """One deal as everybody sees it."""

    deal_no: int
    dealer: int
    predak: int
    phase: str  # bid choose call trojka discard announce play done
    to_act: int | None
    options: TarokyOptions
    bids: tuple[tuple[int, str], ...]
    game: str | None  # 1P 2P 3P 3P1 3P2 3P3 6P W
    declarer: int | None
    zduch: bool
    called: int | None
    partner: int | None  # once revealed (or the deal is over)
    alone: bool | None  # known to all: True in 3P/6P, or once revealed; None: not known
    sides: tuple[str | None, ...]  # "D" / "O" where everybody knows it
    takes: tuple[int, int, int, int]  # how many talon cards each seat took
    trojka: str | None  # 3P: "upper" or "lower", the trojka being decided about
    shown: tuple[int, ...]  # rejected trojkas, face up
    discard_counts: tuple[int, int, int, int]
    face_up_discards: tuple[tuple[int, ...], ...]  # discarded taroks
    hlasky: tuple[tuple[str, ...], ...] | None
    pagat_by: int | None  # the announced pagát's holder (2P: the declarer)
    valat_by: int | None  # the seat that announced valát
    flek: tuple[int, int, int]  # levels of game, pagát, valát
    announcements: tuple[tuple[int, str], ...]  # (seat, item), "done" ends a turn
    leader: int | None  # of the trick in progress
    trick: tuple[tuple[int, int], ...]  # (seat, card) in progress
    last_trick: TrickRecord | None
    tricks_taken: tuple[int, int, int, int]
    history: tuple[TrickRecord, ...]  # memory of every completed trick: not for display
    turned: tuple[tuple[int, int | None], ...]  # talon cards turned (card, Varšava pile)
    hand_counts: tuple[int, int, int, int]
    score: Score | None
    reveal: Reveal | None

    @property
    def finished(self) -> bool:
        return self.phase == "done"

    @property
    def declaring(self) -> int | None:
        """The seat that plays the game against the others (with a partner or alone): the
        declarer; None before the bidding ends, and in Varšava, where everybody plays for
        himself (T-VARSAVA-SCORE) and the předák, ``declarer`` as the one who chose it, pays
        like everybody."""
        return None if self.game in (None, "W") else self.declarer

    @property
    def tricks_done(self) -> int:
        return len(self.history)

    @property
    def played(self) -> int:
        """Mask of every card played to a completed trick or the trick in progress."""
        m = mask_of(c for t in self.history for c in t.cards)
        return m | mask_of(c for _, c in self.trick)

    @property
    def trojka_taken(self) -> str | None:
        """Which trojka the preferanc declarer took, as everybody knows it from the game
        (T-TALON-3P): "upper" in 3P1 and 3P3 (both shown, the upper taken after all),
        "lower" in 3P2; None before he took one, or in another game."""
        return {"3P1": "upper", "3P2": "lower", "3P3": "upper"}.get(self.game or "")

    @property
    def pagat_lost(self) -> bool:
        """The announced pagát ultimo has failed, as everybody saw: ``I`` fell before the last
        trick (a completed one or the one in progress: T-HLASKY-PAGAT, ``PagatResult.early``),
        or the counted deal says it was lost. False: none announced, or still open."""
        if self.pagat_by is None:
            return False
        if self.score is not None:
            return self.score.pagat is not None and not self.score.pagat.won
        tricks = [t.cards for t in self.history] + [tuple(c for _, c in self.trick)]
        fell = next((k + 1 for k, cards in enumerate(tricks) if PAGAT in cards), None)
        return fell is not None and fell < LAST_TRICK


@dataclass(frozen=True, slots=True)
class SeatView:
    """One deal as ``seat`` sees it (``table``: the round, when the deal is part of one)."""

    seat: int
    hand: int
    legal: tuple[DealAction, ...]  # empty unless this seat is to act
    side: str | None  # "D" / "O" once this seat knows it; None in Varšava
    sides: tuple[str | None, ...]  # every side this seat knows
    partner: int | None  # the partner, if this seat knows him
    alone: bool | None  # whether the declarer plays alone, if this seat knows it
    own_discards: tuple[int, ...]  # only during the discard phase
    taken: tuple[int, ...]  # own talon cards, only during the discard phase
    trojka_cards: tuple[int, ...]  # 3P: the trojka the declarer looks at
    public: PublicView
    table: TableView | None = None
    discard_left: int = 0  # cards this seat still lays away now (0 unless it is discarding)
    discardable: int = 0  # mask: the cards of at least one legal whole discard of that many


@dataclass(frozen=True, slots=True)
class TableView:
    """The round at the table (T-ROUND): money, dokup, the protocol rows."""

    round_no: int
    deal_no: int  # of the deal in progress (or the last one)
    options: TarokyOptions
    money: tuple[int, int, int, int]  # hal
    dokup: tuple[int, int, int, int]  # hal, the round's total per seat
    results: tuple[int, int, int, int]  # money − stake − dokup
    protocol: tuple[DealRecord, ...]
    ending: bool  # time is up: the deal in progress is the last
    finished: bool
    deal: PublicView  # the deal in progress (when finished: the last deal)
    last_deal: PublicView | None  # the previous deal, fully shown

    @property
    def to_act(self) -> int | None:
        """The seat to act in the deal in progress (None once the round is over)."""
        return None if self.finished else self.deal.to_act


def deal_public_view(deal: TarokyDeal) -> PublicView:
    done = deal.finished
    game = deal.game
    partner: int | None = None
    alone: bool | None = None
    if game in ("3P", "3P1", "3P2", "3P3", "6P"):
        alone = True
    elif game in ("1P", "2P"):
        if done or deal.partner_public:
            partner = deal.partner
            alone = deal.alone if done else False
        elif deal.alone_public:
            alone = True
    trojka = None
    if deal.phase == "trojka":
        trojka = "upper" if deal.trojka_step == 0 else "lower"
    last = deal.tricks[-1] if deal.tricks else None
    reveal = None
    if done:
        reveal = Reveal(
            deal.dealt,
            deal.talon,
            tuple(deal.taken),
            tuple(tuple(d) for d in deal.discards),
            deal.partner,
            deal.alone,
            (deal.piles[0], deal.piles[1], deal.piles[2], deal.piles[3]),
            tuple(c for c in deal.talon if deal.opp_talon >> c & 1),
        )
    h = deal.hands
    t = deal.taken
    d = deal.discards
    return PublicView(
        deal_no=deal.deal_no,
        dealer=deal.dealer,
        predak=deal.predak,
        phase=deal.phase,
        to_act=deal.to_act,
        options=deal.options,
        bids=tuple(deal.bids),
        game=game,
        declarer=deal.declarer,
        zduch=deal.zduch,
        called=deal.called,
        partner=partner,
        alone=alone,
        sides=tuple(deal.public_sides),
        takes=(len(t[0]), len(t[1]), len(t[2]), len(t[3])),
        trojka=trojka,
        shown=tuple(deal.shown),
        discard_counts=(len(d[0]), len(d[1]), len(d[2]), len(d[3])),
        face_up_discards=tuple(tuple(c for c in x if is_face_up(c)) for x in d),
        hlasky=deal.hlasky,
        pagat_by=deal.pagat_by,
        valat_by=deal.valat_by,
        flek=(deal.levels["game"], deal.levels["pagat"], deal.levels["valat"]),
        announcements=tuple(deal.announcements),
        leader=deal.leader,
        trick=tuple(
            ((deal.leader + i) % 4, c) for i, c in enumerate(deal.trick) if deal.leader is not None
        ),
        last_trick=None if last is None else TrickRecord(*last),
        tricks_taken=(deal.won[0], deal.won[1], deal.won[2], deal.won[3]),
        history=tuple(TrickRecord(*x) for x in deal.tricks),
        turned=tuple(deal.turned),
        hand_counts=(
            h[0].bit_count(),
            h[1].bit_count(),
            h[2].bit_count(),
            h[3].bit_count(),
        ),
        score=deal.score,
        reveal=reveal,
    )


def _knowledge(
    deal: TarokyDeal, seat: int, pub: PublicView
) -> tuple[str | None, tuple[str | None, ...], int | None, bool | None]:
    """(own side, sides known, partner known, alone known) for ``seat``."""
    side = deal.side_of(seat)
    if side is None or pub.finished or deal.game not in ("1P", "2P"):
        return side, pub.sides, pub.partner, pub.alone
    knows_all = seat == deal.partner or (seat == deal.declarer and deal.alone)
    if knows_all:
        sides = tuple(deal.side_of(s) for s in range(4))
        return side, sides, deal.partner, deal.alone
    sides_list = list(pub.sides)
    sides_list[seat] = side
    assert deal.declarer is not None
    sides_list[deal.declarer] = DECLARER_SIDE
    alone = False if seat == deal.declarer else pub.alone
    return side, tuple(sides_list), pub.partner, alone


def deal_seat_view(deal: TarokyDeal, seat: int, table: TableView | None = None) -> SeatView:
    pub = deal_public_view(deal)
    side, sides, partner, alone = _knowledge(deal, seat, pub)
    discarding = deal.phase == "discard"
    trojka_cards: tuple[int, ...] = ()
    if deal.phase == "trojka" and seat == deal.declarer:
        trojka_cards = upper(deal.talon) if deal.trojka_step == 0 else lower(deal.talon)
    legal = tuple(deal.legal_actions()) if deal.to_act == seat else ()
    left = deal.discard_queue[0][1] if discarding and deal.to_act == seat else 0
    return SeatView(
        seat=seat,
        hand=deal.hands[seat],
        legal=legal,
        side=side,
        sides=sides,
        partner=partner,
        alone=alone,
        own_discards=tuple(deal.discards[seat]) if discarding else (),
        taken=deal.taken[seat] if discarding else (),
        trojka_cards=trojka_cards,
        public=pub,
        table=table,
        discard_left=left,
        discardable=discard_options(deal.hands[seat], left),
    )

