"""The five trick games and harakiri: one trick engine, scoring per contract (R-TRICK)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.actions import Action, Play
from engine.cards import FILKY_MASK, KH, cards_of
from engine.contracts import RED_LEAD_CONTRACTS, Contract, Options
from engine.errors import IllegalAction
from engine.events import CardPlayed, Event, Panak, RedKingFirstTrick, TrickTaken
from engine.partial import PartialGame
from engine.rules import (
    trick_game_over,
    trick_legal_mask,
    trick_penalty,
    trick_refusal_code,
    trick_winner_offset,
)
from engine.views import TrickView


class TrickGame(PartialGame):
    """červené, filky, první–poslední, všechny, červený král, harakiri."""

    action_types = (Play,)

    def __init__(
        self,
        contract: Contract,
        hands: tuple[int, int, int, int] | list[int],
        leader: int,
        options: Options | None = None,
        maturant: int | None = None,
    ) -> None:
        super().__init__(contract, hands, leader, options, maturant)
        self.red_lead = contract in RED_LEAD_CONTRACTS
        self.trick: list[int] = []  # cards of the current trick, in play order
        self.trick_leader = leader
        self.tricks_done = 0
        self.taken: list[int] = [0, 0, 0, 0]  # cards each seat took
        self.history: list[tuple[int, tuple[int, ...]]] = []  # (leader, cards) per trick

    # -- legality ----------------------------------------------------------------------
    def _forbid_kh(self) -> bool:
        return (
            self.contract is Contract.CERVENY_KRAL
            and self.tricks_done == 0
            and self.options.red_king_first_trick == "forbidden"
        )

    def _led_suit(self) -> int:
        return self.trick[0] >> 3 if self.trick else -1

    def legal_mask(self) -> int:
        if self.finished or self.to_act is None:
            return 0
        return trick_legal_mask(
            self.hands[self.to_act], self._led_suit(), self.red_lead, self._forbid_kh()
        )

    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        out: list[Action] = [Play(seat, c) for c in cards_of(self.legal_mask())]
        return out

    def _verify(self, action: Action) -> None:
        assert isinstance(action, Play)
        refusal = trick_refusal_code(
            self.hands[action.seat],
            action.card,
            self._led_suit(),
            self.red_lead,
            self._forbid_kh(),
        )
        if refusal is not None:
            raise IllegalAction(refusal[0], rule=refusal[1], card=action.card)

    # -- play --------------------------------------------------------------------------
    def _do(self, action: Action) -> list[Event]:
        assert isinstance(action, Play)
        seat, c = action.seat, action.card
        self.hands[seat] &= ~(1 << c)
        self.trick.append(c)
        events: list[Event] = [CardPlayed(seat, c)]
        if c == KH and self.tricks_done == 0 and self.contract is Contract.CERVENY_KRAL:
            events.append(RedKingFirstTrick(seat))
        if len(self.trick) < 4:
            self.to_act = (seat + 1) % 4
            return events
        self._close_trick(events)
        return events

    def _close_trick(self, events: list[Event]) -> None:
        cards = tuple(self.trick)
        winner = (self.trick_leader + trick_winner_offset(cards)) % 4
        mask = 0
        for c in cards:
            mask |= 1 << c
        penalty = trick_penalty(self.contract, mask, self.tricks_done)
        self.history.append((self.trick_leader, cards))
        self.tricks_done += 1
        self.taken[winner] |= mask
        self.trick = []
        self.trick_leader = winner
        counted = self.maturant is None or winner == self.maturant
        events.append(TrickTaken(winner, cards, penalty, self.tricks_done, counted))
        failed = self._penalise(winner, penalty)
        taken_all = self.taken[0] | self.taken[1] | self.taken[2] | self.taken[3]
        if failed or trick_game_over(self.contract, taken_all, self.tricks_done):
            if (
                self.contract is Contract.FILKY
                and self.options.panak
                and self.maturant is None
                and self.taken[winner] & FILKY_MASK == FILKY_MASK
            ):
                events.append(Panak(winner))
            self._finish(events)
        else:
            self.to_act = winner

    # -- hooks -------------------------------------------------------------------------
    def public_part(self, log: Sequence[Action]) -> TrickView:
        taken = [0, 0, 0, 0]
        for lead, cards in self.history:
            taken[(lead + trick_winner_offset(cards)) % 4] += 1
        return TrickView(
            trick=tuple(((self.trick_leader + i) % 4, c) for i, c in enumerate(self.trick)),
            tricks=tuple(self.history),
            tricks_taken=(taken[0], taken[1], taken[2], taken[3]),
        )

    def red_king_taker(self) -> int | None:
        if self.contract is not Contract.CERVENY_KRAL:
            return None
        return next((s for s in range(4) if self.taken[s] >> KH & 1), None)

    # -- serialization -----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data.update(
            trick=list(self.trick),
            trick_leader=self.trick_leader,
            tricks_done=self.tricks_done,
            taken=list(self.taken),
            history=[[lead, list(cards)] for lead, cards in self.history],
        )
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], options: Options) -> TrickGame:
        g = cls(Contract(data["contract"]), data["deal"], data["leader"], options, data["maturant"])
        g._load_common(data)
        g.trick = [int(c) for c in data["trick"]]
        g.trick_leader = int(data["trick_leader"])
        g.tricks_done = int(data["tricks_done"])
        g.taken = [int(t) for t in data["taken"]]
        g.history = [(int(lead), tuple(int(c) for c in cards)) for lead, cards in data["history"]]
        return g
