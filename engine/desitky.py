"""Desítky (R-DESITKY): rows from the tens, multi-card turns, forced knocks."""

from __future__ import annotations

from typing import Any

from engine.actions import Action, EndTurn, Lay, LayTurn
from engine.cards import SUIT_MASKS, cards_of
from engine.contracts import Contract, Options
from engine.errors import BadInput, IllegalAction
from engine.events import CardLaid, Event, Knocked, TurnEnded
from engine.partial import PartialGame
from engine.rules import TENS_MASK, desitky_knockers, desitky_next_ends, desitky_refusal_code


class DesitkyGame(PartialGame):
    action_types = (Lay, EndTurn, LayTurn)

    def __init__(
        self,
        hands: tuple[int, int, int, int] | list[int],
        leader: int,
        options: Options | None = None,
        maturant: int | None = None,
    ) -> None:
        super().__init__(Contract.DESITKY, hands, leader, options, maturant)
        self.ends = TENS_MASK  # the cards that may be laid next (open row ends, unopened tens)
        self.laid = 0  # every card on the table
        self.turn: list[int] = []  # cards laid in the current turn
        self.knocks = [0, 0, 0, 0]

    # -- views of the rows -------------------------------------------------------------
    def rows(self) -> list[tuple[int, int] | None]:
        """Per suit (h l b a): (lowest rank, highest rank) laid, or None if not opened."""
        out: list[tuple[int, int] | None] = []
        for s in range(4):
            m = (self.laid & SUIT_MASKS[s]) >> (8 * s)
            if not m:
                out.append(None)
            else:
                out.append(((m & -m).bit_length() - 1, m.bit_length() - 1))
        return out

    # -- automation --------------------------------------------------------------------
    def start(self) -> list[Event]:
        events: list[Event] = []
        self._knock_until_playable(events)
        return events

    def _knock_until_playable(self, events: list[Event]) -> None:
        """R-DESITKY-KNOCK: a seat with nothing to lay knocks; never a choice."""
        assert self.to_act is not None
        for seat in desitky_knockers(self.hands, self.ends, self.to_act):
            self.knocks[seat] += 1
            events.append(Knocked(seat))
            if self._penalise(seat, 1):
                self._finish(events)
                return
            self.to_act = (seat + 1) % 4

    # -- legality ----------------------------------------------------------------------
    def legal_mask(self) -> int:
        if self.to_act is None:
            return 0
        return self.hands[self.to_act] & self.ends

    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        out: list[Action] = [Lay(seat, c) for c in cards_of(self.legal_mask())]
        if self.turn:
            out.append(EndTurn(seat))
        return out

    def _verify(self, action: Action) -> None:
        if isinstance(action, EndTurn):
            if not self.turn:
                raise IllegalAction("must_lay", rule="R-DESITKY-TURN")
            return
        if isinstance(action, Lay):
            cards: tuple[int, ...] = (action.card,)
        else:
            assert isinstance(action, LayTurn)
            if not action.cards:
                raise BadInput("action_shape")
            cards = action.cards
        hand, ends = self.hands[action.seat], self.ends
        for c in cards:
            refusal = desitky_refusal_code(hand, ends, c)
            if refusal is not None:
                raise IllegalAction(refusal[0], rule=refusal[1], card=c)
            hand &= ~(1 << c)
            ends = desitky_next_ends(ends, c)

    # -- play --------------------------------------------------------------------------
    def _do(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, EndTurn):
            self._end_turn(events)
        elif isinstance(action, Lay):
            self._lay(action.card, events)
        else:
            assert isinstance(action, LayTurn)
            for c in action.cards:
                self._lay(c, events)
            if not self.finished and self.turn:
                self._end_turn(events)
        return events

    def _lay(self, c: int, events: list[Event]) -> None:
        seat = self.to_act
        assert seat is not None
        self.hands[seat] &= ~(1 << c)
        self.laid |= 1 << c
        self.ends = desitky_next_ends(self.ends, c)
        self.turn.append(c)
        events.append(CardLaid(seat, c))
        if not self.hands[seat]:  # R-DESITKY-END
            events.append(TurnEnded(seat, tuple(self.turn)))
            self.turn = []
            for s in range(4):
                self._penalise(s, self.hands[s].bit_count())
            self._finish(events)
        elif not self.hands[seat] & self.ends:
            self._end_turn(events)  # nothing more to lay: the turn ends by itself

    def _end_turn(self, events: list[Event]) -> None:
        seat = self.to_act
        assert seat is not None
        events.append(TurnEnded(seat, tuple(self.turn)))
        self.turn = []
        self.to_act = (seat + 1) % 4
        self._knock_until_playable(events)

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data.update(ends=self.ends, laid=self.laid, turn=list(self.turn), knocks=list(self.knocks))
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], options: Options) -> DesitkyGame:
        g = cls(data["deal"], data["leader"], options, data["maturant"])
        g._load_common(data)
        g.ends = int(data["ends"])
        g.laid = int(data["laid"])
        g.turn = [int(c) for c in data["turn"]]
        g.knocks = [int(k) for k in data["knocks"]]
        return g
