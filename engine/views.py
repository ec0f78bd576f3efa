"""What a seat may know, and what everybody may know.

``PublicView`` holds only public information: a common part (the lóra, the running partial
game's counts and points) and ``game``, the part of the running partial game's family
(``TrickView``, ``KvartyView`` or ``DesitkyView``; read it with ``match``). ``SeatView`` adds
one seat's own hand and its legal actions. Pictures and AI decisions are made from these, so a
hidden card cannot reach them by construction. Each family builds its own part
(``PartialGame.public_part``): this module knows no family's game object.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.actions import Action
from engine.contracts import Contract, Options
from engine.events import KvartaBuilt
from engine.phase import Phase

if TYPE_CHECKING:
    from engine.lora import Lora, ProtocolRow


@dataclass(frozen=True, slots=True)
class TrickView:
    """The five trick games and harakiri."""

    trick: tuple[tuple[int, int], ...]  # (seat, card) of the current trick
    tricks: tuple[tuple[int, tuple[int, ...]], ...]  # (leader, cards) of completed tricks
    tricks_taken: tuple[int, int, int, int]

    @property
    def last_trick(self) -> tuple[int, tuple[int, ...]] | None:
        return self.tricks[-1] if self.tricks else None


@dataclass(frozen=True, slots=True)
class KvartyView:
    kvarty: tuple[KvartaBuilt, ...]  # every kvarta built, in order
    # the leader's divoká karta and královská kvarta (R-KVARTY-FIRST, R-KVARTY-ROYAL) as the
    # game recorded them: in the public view once he has led, in his own from the deal on
    wild: bool = False
    royal: bool = False


@dataclass(frozen=True, slots=True)
class DesitkyView:
    rows: tuple[tuple[int, int] | None, ...]  # per suit: (lowest, highest) rank laid
    turn: tuple[int, ...]  # cards laid in the current turn
    knocks: tuple[int, int, int, int]
    # every completed turn of this partial game in order, as (seat, cards laid, how it
    # ended): "end" (EndTurn, or a LayTurn), "auto" (nothing more could be laid: the seat then
    # held no playable card) or "knock" (no cards: the seat held no playable card).
    turns: tuple[tuple[int, tuple[int, ...], str], ...] = ()


FamilyView = TrickView | KvartyView | DesitkyView


@dataclass(frozen=True, slots=True)
class PublicView:
    phase: Phase
    options: Options
    first_leader: int
    contract: Contract | None
    tali: int
    game_no: int
    attempt: int | None  # maturita attempt
    maturant: int | None
    harakiri_seats: tuple[int, ...] | None
    leader: int
    dealer: int
    to_act: int | None
    hand_counts: tuple[int, int, int, int]
    game_points: tuple[int, int, int, int]  # the current partial game, as recorded so far
    played: int  # mask of every card out of the hands in this partial game
    # the lóra
    protocol: tuple[ProtocolRow, ...]
    totals: tuple[int, int, int, int]
    stovka: tuple[bool | None, ...]
    order: tuple[int, ...] | None
    game: FamilyView | None = None  # the running partial game's own part (None outside play)
    # a harakiri play-off (R-HARAKIRI): the game being played (1-based) of how many, and the
    # tied seats' points summed over its games played so far (in ``harakiri_seats``' order)
    harakiri_game: int | None = None
    harakiri_games: int | None = None
    harakiri_sums: tuple[int, ...] = ()
    harakiri_playoff: int | None = None  # which play-off of the tie: 2+ when it persisted

    @property
    def finished(self) -> bool:
        return self.phase == Phase.FINISHED

    @property
    def in_tali(self) -> bool:
        """A tálie's partial game is on: it has a dealer and the tálie's leader (R-LORA). A
        harakiri is played after the tálie (R-HARAKIRI), and a finished lóra has none."""
        return self.phase != Phase.FINISHED and self.harakiri_seats is None

    @property
    def harakiri_replayed(self) -> bool:
        """R-HARAKIRI: the harakiri in play is a play-off played again (its tie persisted);
        ``harakiri_playoff`` says which."""
        return (self.harakiri_playoff or 1) > 1

    @property
    def running_points(self) -> tuple[int, int, int, int]:
        """Each seat's points in the running game as they stand: kvarty gives its points only
        at the end, a point per card left (R-KVARTY), so they stand at the cards in hand
        (outside a maturita, which records none but the maturant's failure: R-MATURITA);
        elsewhere the points recorded so far (``game_points``)."""
        if isinstance(self.game, KvartyView) and self.maturant is None:
            return self.hand_counts
        return self.game_points

    @property
    def knocks(self) -> tuple[int, int, int, int]:
        """Knocks of the running desítky game (none in the other families)."""
        match self.game:
            case DesitkyView(knocks=knocks):
                return knocks
            case _:
                return (0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    hand: int  # mask of this seat's own cards
    legal: tuple[Action, ...]  # empty unless this seat is to act
    public: PublicView
    # the running partial game's part as this seat knows it (``public.game`` plus what his own
    # hand tells him: the kvarty leader's divoká karta before he leads); None outside play
    game: FamilyView | None = None


def public_view(lora: Lora) -> PublicView:
    g = lora.game
    in_play = lora.phase == Phase.PLAY and g is not None
    counts = (0, 0, 0, 0)
    points = (0, 0, 0, 0)
    played = 0
    if g is not None and (in_play or lora.phase == Phase.FINISHED):
        counts = (
            g.hands[0].bit_count(),
            g.hands[1].bit_count(),
            g.hands[2].bit_count(),
            g.hands[3].bit_count(),
        )
        points = g.recorded_points()
        played = 0xFFFFFFFF & ~(g.hands[0] | g.hands[1] | g.hands[2] | g.hands[3])
    elif lora.phase == Phase.CHOOSE and lora.pending_deal is not None:
        counts = (8, 8, 8, 8)
    h = lora.harakiri
    return PublicView(
        phase=lora.phase,
        options=lora.options,
        first_leader=lora.first_leader,
        contract=lora.contract,
        tali=lora.tali,
        game_no=lora.game_no,
        attempt=lora.attempt if lora.is_maturita else None,
        maturant=lora.leader_of_tali(lora.tali) if lora.is_maturita else None,
        harakiri_seats=None if h is None else h.seats,
        leader=lora.leader,
        dealer=lora.dealer,
        to_act=lora.to_act,
        hand_counts=counts,
        game_points=points,
        played=played,
        protocol=tuple(lora.protocol),
        totals=(lora.totals[0], lora.totals[1], lora.totals[2], lora.totals[3]),
        stovka=tuple(lora.stovka),
        order=None if lora.order is None else tuple(lora.order),
        game=g.public_part(lora.log) if g is not None and in_play else None,
        harakiri_game=None if h is None else min(h.played + 1, h.games),
        harakiri_games=None if h is None else h.games,
        harakiri_sums=() if h is None else tuple(h.sums[s] for s in h.seats),
        harakiri_playoff=lora.harakiri_playoff,
    )


def seat_view(lora: Lora, seat: int) -> SeatView:
    hand = 0
    if lora.phase == Phase.PLAY and lora.game is not None:
        hand = lora.game.hands[seat]
    elif lora.phase == Phase.CHOOSE and lora.pending_deal is not None:
        hand = lora.pending_deal[seat]
    legal = tuple(lora.legal_actions()) if lora.to_act == seat else ()
    public = public_view(lora)
    own = None
    if public.game is not None and lora.game is not None:
        part = lora.game.seat_part(seat, lora.log)
        own = public.game if part is None else part
    return SeatView(seat, hand, legal, public, own)
