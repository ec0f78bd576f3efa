"""What every partial game shares: whose turn, the checks common to all actions, maturita.

A contract is a subclass that says which actions it takes (``_verify``), what they do
(``_do``) and what is legal (``legal_actions``). ``apply`` always verifies through the same
``_verify`` that ``legal_actions`` is tested against, and verifies before it changes anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from engine.actions import Action
from engine.contracts import MATURITA_FAIL_POINTS, Contract, Options
from engine.errors import GameOver, NotYourTurn, WrongPhase
from engine.events import Event, GameEnded
from engine.views import FamilyView


class PartialGame:
    """One dealt partial game (or one maturita attempt, when ``maturant`` is set)."""

    action_types: ClassVar[tuple[type, ...]] = ()

    def __init__(
        self,
        contract: Contract,
        hands: tuple[int, int, int, int] | list[int],
        leader: int,
        options: Options | None = None,
        maturant: int | None = None,
    ) -> None:
        self.contract = contract
        self.deal: tuple[int, int, int, int] = (hands[0], hands[1], hands[2], hands[3])
        self.hands: list[int] = list(self.deal)
        self.leader = leader
        self.options = options or Options()
        self.maturant = maturant
        self.to_act: int | None = leader
        self.points: list[int] = [0, 0, 0, 0]  # penalties given so far (unmasked by maturita)
        self.finished = False
        self.maturita_failed = False

    # -- the uniform API ---------------------------------------------------------------
    def start(self) -> list[Event]:
        """Automations due before the first action (a knock in desítky); none elsewhere."""
        return []

    def legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def apply(self, action: Action) -> list[Event]:
        self.verify(action)
        events = self._do(action)
        return events

    def verify(self, action: Action) -> None:
        """Raise the error ``apply`` would raise; change nothing."""
        if self.finished:
            raise GameOver()
        if not isinstance(action, self.action_types):
            raise WrongPhase("wrong_action_kind", contract=self.contract.value)
        if action.seat != self.to_act:
            raise NotYourTurn(action.seat, self.to_act)
        self._verify(action)

    def is_legal(self, action: Action) -> bool:
        try:
            self.verify(action)
        except Exception:
            return False
        return True

    def recorded_points(self) -> tuple[int, int, int, int]:
        """Points as the protocol records them (R-MATURITA masks the others' points)."""
        if self.maturant is None:
            p = self.points
            return (p[0], p[1], p[2], p[3])
        rec = [0, 0, 0, 0]
        if self.maturita_failed:
            rec[self.maturant] = MATURITA_FAIL_POINTS
        return (rec[0], rec[1], rec[2], rec[3])

    # -- hooks of the families (python-chess's variants: override what differs) ---------
    def public_part(self, log: Sequence[Action]) -> FamilyView:
        """The family's part of the public view; ``log`` is the lóra's action log so far."""
        raise NotImplementedError

    def knock_counts(self) -> tuple[int, int, int, int]:
        """Knocks per seat (R-DESITKY-KNOCK); none outside desítky."""
        return (0, 0, 0, 0)

    def red_king_taker(self) -> int | None:
        """Who took K♥ in červený král (circled on the sheet); None elsewhere."""
        return None

    def first_leader_marks(self) -> tuple[bool, bool]:
        """Whether the first leader's dealt hand is divoká karta and královská kvarta
        (R-KVARTY-FIRST, R-KVARTY-ROYAL): recorded by kvarty, (False, False) elsewhere."""
        return (False, False)

    def seat_part(self, seat: int, log: Sequence[Action]) -> FamilyView | None:
        """The family's part as ``seat`` may know it where it is more than the public part
        (what only he knows of his own hand: the kvarty leader's divoká karta); None: the
        public part (the seat view takes the one already built)."""
        return None

    # -- for subclasses ----------------------------------------------------------------
    def _verify(self, action: Action) -> None:
        raise NotImplementedError

    def _do(self, action: Action) -> list[Event]:
        raise NotImplementedError

    def _penalise(self, seat: int, amount: int) -> bool:
        """Give penalty points; True when this fails a maturita attempt (it then ends)."""
        if amount <= 0:
            return False
        self.points[seat] += amount
        if self.maturant is not None and seat == self.maturant:
            self.maturita_failed = True
            return True
        return False

    def _finish(self, events: list[Event]) -> None:
        self.finished = True
        self.to_act = None
        events.append(GameEnded(self.contract, self.recorded_points()))

    # -- serialization -----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "contract": self.contract.value,
            "deal": list(self.deal),
            "hands": list(self.hands),
            "leader": self.leader,
            "maturant": self.maturant,
            "to_act": self.to_act,
            "points": list(self.points),
            "finished": self.finished,
            "maturita_failed": self.maturita_failed,
        }

    def _load_common(self, data: dict[str, Any]) -> None:
        self.hands = [int(h) for h in data["hands"]]
        self.to_act = data["to_act"]
        self.points = [int(p) for p in data["points"]]
        self.finished = bool(data["finished"])
        self.maturita_failed = bool(data["maturita_failed"])

    def cards_left(self) -> list[int]:
        return [h.bit_count() for h in self.hands]
