"""Kvarty (R-KVARTY): the leader names a start card, the kvarta lays itself."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.actions import Action, Lead
from engine.cards import FULL_DECK, cards_of, parse_card
from engine.contracts import Contract, Options
from engine.errors import IllegalAction
from engine.events import DivokaKarta, Event, KralovskaKvarta, KvartaBuilt
from engine.partial import PartialGame
from engine.rules import is_divoka_karta, is_kralovska_kvarta, kvarty_lead_mask, lay_kvarta
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
        # the first leader's dealt hand, recorded once (R-KVARTY-FIRST, R-KVARTY-ROYAL): the
        # announcements, the protocol row and the bot's texts read these
        self.wild = is_divoka_karta(self.deal[leader])
        self.royal = is_kralovska_kvarta(self.deal[leader])

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
            raise IllegalAction("kvarty_first_lead", rule="R-KVARTY-FIRST", card=action.card,
                                detail="kvarty_first_lead_wild" if self.wild else None)

    def _do(self, action: Action) -> list[Event]:
        assert isinstance(action, Lead)
        seat = action.seat
        events: list[Event] = []
        if self.first_lead and self.wild:
            events.append(DivokaKarta(seat))
            if self.royal:
                events.append(KralovskaKvarta(seat))
        lay = lay_kvarta(self.hands, seat, action.card)
        self.played = FULL_DECK & ~(self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3])
        built = KvartaBuilt(
            seat, tuple(cards_of(lay.own)), lay.filled, lay.complete, lay.next_leader, lay.out
        )
        self.kvarty.append(built)
        events.append(built)
        if lay.out is not None:
            for s in range(4):  # the shedder has 0; a maturant with cards left fails
                self._penalise(s, self.hands[s].bit_count())
            self._finish(events)
        else:
            self.to_act = lay.next_leader
        return events

    def first_leader_marks(self) -> tuple[bool, bool]:
        return (self.wild, self.royal)

    def public_part(self, log: Sequence[Action]) -> KvartyView:
        """The kvarty built; the leader's divoká karta / královská kvarta once he has led
        (announced then: before, they would tell that he holds no card below F)."""
        told = not self.first_lead
        return KvartyView(tuple(self.kvarty), self.wild and told, self.royal and told)

    def seat_part(self, seat: int, log: Sequence[Action]) -> KvartyView | None:
        """The leader knows his divoká karta from the deal on (his first lead may start at F);
        the others, what the table knows."""
        if seat != self.leader:
            return None
        return KvartyView(tuple(self.kvarty), self.wild, self.royal)

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data.update(played=self.played, kvarty=[k.to_json() for k in self.kvarty])
        # always written: once told, they are public facts, which a load must not re-derive
        # from the saved deal (a save that lacks them predates them: the deal's, below)
        data.update(wild=self.wild, royal=self.royal)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], options: Options) -> KvartyGame:
        g = cls(data["deal"], data["leader"], options, data["maturant"])
        g._load_common(data)
        g.played = int(data["played"])
        g.kvarty = [_kvarta_from_json(k) for k in data["kvarty"]]
        # a save without the marks (not set, or saved before they were recorded): the dealt
        # hand's, as the constructor recorded them
        g.wild = bool(data.get("wild", g.wild))
        g.royal = bool(data.get("royal", g.royal))
        return g


def _kvarta_from_json(k: dict[str, Any]) -> KvartaBuilt:
    """A saved ``KvartaBuilt``; states saved before R-KVARTY-LEAD laid the leader's own cards
    first hold ``placed`` (every card in rank order) instead of ``filled``."""
    seat = int(k["seat"])
    own = tuple(parse_card(c) for c in k["own_cards"])
    if "filled" in k:
        filled = tuple((int(s), parse_card(c)) for s, c in k["filled"])
    else:
        filled = tuple((int(s), parse_card(c)) for s, c in k["placed"] if int(s) != seat)
    out = k.get("out")
    nxt = k["next_leader"]
    return KvartaBuilt(
        seat,
        own,
        filled,
        bool(k["complete"]),
        None if nxt is None else int(nxt),
        None if out is None else int(out),
    )
