"""Kvarty (R-KVARTY): the leader names a start card, the kvarta builds itself."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.actions import Action, Lead
from engine.cards import cards_of
from engine.contracts import Contract, Options
from engine.errors import IllegalAction
from engine.events import DivokaKarta, Event, KralovskaKvarta, KvartaBuilt
from engine.partial import PartialGame
from engine.rules import is_divoka_karta, is_kralovska_kvarta, kvarta_window, kvarty_lead_mask
from engine.views import KvartyView


class KvartyGame(PartialGame):
    action_types = (Lead,)

    def __init__(
        self,
        hands: tuple[int, int, int, int] | list[int],
        leader: int,
        options: Options | None = None,
        maturant: int | None = None,
    ) -> None:
        super().__init__(Contract.KVARTY, hands, leader, options, maturant)
        self.played = 0  # cards out of the hands in this partial game
        self.kvarty: list[KvartaBuilt] = []  # every kvarta built, in order

    @property
    def first_lead(self) -> bool:
        return not self.kvarty

    def legal_mask(self) -> int:
        if self.to_act is None:
            return 0
        return kvarty_lead_mask(self.hands[self.to_act], self.first_lead)

    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        out: list[Action] = [Lead(seat, c) for c in cards_of(self.legal_mask())]
        return out

    def _verify(self, action: Action) -> None:
        assert isinstance(action, Lead)
        hand = self.hands[action.seat]
        bit = 1 << action.card
        if not hand & bit:
            raise IllegalAction("not_in_hand", rule="R-KVARTY-LEAD", card=action.card)
        if not kvarty_lead_mask(hand, self.first_lead) & bit:
            raise IllegalAction("kvarty_first_lead", rule="R-KVARTY-FIRST", card=action.card)

    def _do(self, action: Action) -> list[Event]:
        assert isinstance(action, Lead)
        seat = action.seat
        events: list[Event] = []
        if self.first_lead and is_divoka_karta(self.hands[seat]):
            events.append(DivokaKarta(seat))
            if is_kralovska_kvarta(self.hands[seat]):
                events.append(KralovskaKvarta(seat))
        placed: list[tuple[int, int]] = []
        ended = False
        window = kvarta_window(action.card)
        complete = True
        for c in window:
            bit = 1 << c
            if self.played & bit:  # R-KVARTY-LEAD: an incomplete kvarta ("odfouknutá")
                complete = False
                break
            holder = next(s for s in range(4) if self.hands[s] & bit)
            self.hands[holder] &= ~bit
            self.played |= bit
            placed.append((holder, c))
            if not self.hands[holder]:  # R-KVARTY-END: nothing more is added
                ended = True
                complete = len(placed) == len(window)
                break
        next_leader = placed[-1][0]  # R-KVARTY-NEXT: the highest card's owner
        own = tuple(c for s, c in placed if s == seat)
        built = KvartaBuilt(seat, own, tuple(placed), complete, next_leader)
        self.kvarty.append(built)
        events.append(built)
        if ended:
            for s in range(4):  # the shedder has 0; a maturant with cards left fails
                self._penalise(s, self.hands[s].bit_count())
            self._finish(events)
        else:
            self.to_act = next_leader
        return events

    def public_part(self, log: Sequence[Action]) -> KvartyView:
        return KvartyView(tuple(self.kvarty))

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data.update(played=self.played, kvarty=[k.to_json() for k in self.kvarty])
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], options: Options) -> KvartyGame:
        from engine.cards import parse_card

        g = cls(data["deal"], data["leader"], options, data["maturant"])
        g._load_common(data)
        g.played = int(data["played"])
        g.kvarty = [
            KvartaBuilt(
                k["seat"],
                tuple(parse_card(c) for c in k["own_cards"]),
                tuple((s, parse_card(c)) for s, c in k["placed"]),
                k["complete"],
                k["next_leader"],
            )
            for k in data["kvarty"]
        ]
        return g
