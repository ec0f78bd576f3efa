"""What a seat may know, and what everybody may know.

``public_view`` holds only public information; ``seat_view`` adds one seat's own hand and
its legal actions. Pictures and AI decisions are made from these, so a hidden card cannot
reach them by construction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.actions import Action, EndTurn, Lay, LayTurn
from engine.contracts import Contract, Options
from engine.desitky import DesitkyGame
from engine.events import KvartaBuilt
from engine.kvarty import KvartyGame
from engine.rules import trick_winner_offset
from engine.tricks import TrickGame

if TYPE_CHECKING:
    from engine.lora import Lora, ProtocolRow


@dataclass(frozen=True, slots=True)
class PublicView:
    phase: str  # "stovka", "choose", "play", "finished"
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
    # trick games
    trick: tuple[tuple[int, int], ...]  # (seat, card) of the current trick
    tricks: tuple[tuple[int, tuple[int, ...]], ...]  # (leader, cards) of completed tricks
    tricks_taken: tuple[int, int, int, int]
    # kvarty
    kvarty: tuple[KvartaBuilt, ...]
    # desítky
    rows: tuple[tuple[int, int] | None, ...]  # per suit: (lowest, highest) rank laid
    turn: tuple[int, ...]  # cards laid in the current turn
    knocks: tuple[int, int, int, int]
    played: int  # mask of every card out of the hands in this partial game
    # the lóra
    protocol: tuple[ProtocolRow, ...]
    totals: tuple[int, int, int, int]
    stovka: tuple[bool | None, ...]
    order: tuple[int, ...] | None
    # desítky: every completed turn of this partial game in order, as (seat, cards laid, how
    # it ended): "end" (EndTurn, or a LayTurn), "auto" (nothing more could be laid: the seat
    # then held no playable card) or "knock" (no cards: the seat held no playable card).
    desitky_turns: tuple[tuple[int, tuple[int, ...], str], ...] = ()

    @property
    def last_trick(self) -> tuple[int, tuple[int, ...]] | None:
        return self.tricks[-1] if self.tricks else None

    @property
    def finished(self) -> bool:
        return self.phase == "finished"


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    hand: int  # mask of this seat's own cards
    legal: tuple[Action, ...]  # empty unless this seat is to act
    public: PublicView


def public_view(lora: Lora) -> PublicView:
    g = lora.game
    in_play = lora.phase == "play" and g is not None
    trick: tuple[tuple[int, int], ...] = ()
    tricks: tuple[tuple[int, tuple[int, ...]], ...] = ()
    taken = [0, 0, 0, 0]
    kvarty: tuple[KvartaBuilt, ...] = ()
    rows: tuple[tuple[int, int] | None, ...] = (None, None, None, None)
    turn: tuple[int, ...] = ()
    knocks = (0, 0, 0, 0)
    counts = (0, 0, 0, 0)
    points = (0, 0, 0, 0)
    played = 0
    if g is not None and (in_play or lora.phase == "finished"):
        counts = (
            g.hands[0].bit_count(),
            g.hands[1].bit_count(),
            g.hands[2].bit_count(),
            g.hands[3].bit_count(),
        )
        points = g.recorded_points()
        played = 0xFFFFFFFF & ~(g.hands[0] | g.hands[1] | g.hands[2] | g.hands[3])
    if g is not None and in_play:
        if isinstance(g, TrickGame):
            trick = tuple(((g.trick_leader + i) % 4, c) for i, c in enumerate(g.trick))
            tricks = tuple(g.history)
            for lead, cards in g.history:
                taken[(lead + trick_winner_offset(cards)) % 4] += 1
        elif isinstance(g, KvartyGame):
            kvarty = tuple(g.kvarty)
        elif isinstance(g, DesitkyGame):
            rows = tuple(g.rows())
            turn = tuple(g.turn)
            knocks = (g.knocks[0], g.knocks[1], g.knocks[2], g.knocks[3])
    elif lora.phase == "choose" and lora.pending_deal is not None:
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
        trick=trick,
        tricks=tricks,
        tricks_taken=(taken[0], taken[1], taken[2], taken[3]),
        kvarty=kvarty,
        rows=rows,
        turn=turn,
        knocks=knocks,
        played=played,
        protocol=tuple(lora.protocol),
        totals=(lora.totals[0], lora.totals[1], lora.totals[2], lora.totals[3]),
        stovka=tuple(lora.stovka),
        order=None if lora.order is None else tuple(lora.order),
        desitky_turns=desitky_turns(lora) if in_play else (),
    )


def desitky_turns(lora: Lora) -> tuple[tuple[int, tuple[int, ...], str], ...]:
    """The public course of the running desítky game, rebuilt from the action log.

    The game's actions are the trailing run of desítky actions of ``lora.log`` (the game
    before is kvarty, or a maturita choice). Knocks are automatic, so they are the seats
    skipped between one turn and the next (R-DESITKY-KNOCK). A turn that ended without an
    ``EndTurn`` action ended because the seat had nothing more to lay.
    """
    g = lora.game
    if not isinstance(g, DesitkyGame) or g.to_act is None:
        return ()
    actions: list[Lay | EndTurn | LayTurn] = []
    for a in reversed(lora.log):
        if not isinstance(a, Lay | EndTurn | LayTurn):
            break
        actions.append(a)
    actions.reverse()
    groups: list[tuple[int, list[int], str]] = []
    open_group = False
    for a in actions:
        if isinstance(a, LayTurn):
            groups.append((a.seat, list(a.cards), "end"))
            open_group = False
        elif isinstance(a, EndTurn):
            if groups and open_group:
                groups[-1] = (groups[-1][0], groups[-1][1], "end")
            open_group = False
        else:
            if open_group and groups[-1][0] == a.seat:
                groups[-1][1].append(a.card)
            else:
                groups.append((a.seat, [a.card], "auto"))
                open_group = True
    if g.turn and groups:  # the current, unfinished turn is ``PublicView.turn``
        groups.pop()
    out: list[tuple[int, tuple[int, ...], str]] = []
    seat = g.leader
    for s, cards, how in groups:
        while seat != s:  # seats skipped before this turn knocked
            out.append((seat, (), "knock"))
            seat = (seat + 1) % 4
        out.append((s, tuple(cards), how))
        seat = (s + 1) % 4
    while seat != g.to_act:  # knocks after the last completed turn
        out.append((seat, (), "knock"))
        seat = (seat + 1) % 4
    if sum(1 for t in out if t[2] == "knock") != sum(g.knocks):
        return ()  # not rebuildable (a log that does not belong to this game)
    return tuple(out)


def seat_view(lora: Lora, seat: int) -> SeatView:
    hand = 0
    if lora.phase == "play" and lora.game is not None:
        hand = lora.game.hands[seat]
    elif lora.phase == "choose" and lora.pending_deal is not None:
        hand = lora.pending_deal[seat]
    legal = tuple(lora.legal_actions()) if lora.to_act == seat else ()
    return SeatView(seat, hand, legal, public_view(lora))
