"""A toy second game, used only by the tests to prove the seam: two players, six cards.

Each holds three cards of 1–6 (dealt from an injected RNG). The leader plays a card, the
other answers: higher if he can (else any card); the higher card takes the trick and leads
next. Whoever takes more of the three tricks is first. Its UI is ``BaseUI`` alone: one button
per legal action, labelled with the action's text.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.game import JSON, GameSpec


class ToyError(Exception):
    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True, slots=True)
class ToyPlay:
    seat: int
    card: int

    def to_json(self) -> JSON:
        return {"seat": self.seat, "card": self.card}

    def text(self, lang: str = "cs") -> str:
        return f"[{self.card}]"


@dataclass(frozen=True, slots=True)
class ToyEvent:
    kind: str
    seat: int

    def text(self, lang: str = "cs") -> str:
        return f"{self.kind} {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class ToyPublic:
    to_act: int | None
    finished: bool
    trick: tuple[int, ...]
    won: tuple[int, int]


@dataclass(frozen=True, slots=True)
class ToySeatView:
    seat: int
    hand: tuple[int, ...]
    legal: tuple[ToyPlay, ...]
    public: ToyPublic


class ToyGame:
    def __init__(self, hands: list[list[int]], leader: int = 0) -> None:
        self.hands = [sorted(h) for h in hands]
        self.leader = leader
        self.trick: list[int] = []
        self.won = [0, 0]
        self.log: list[ToyPlay] = []

    @property
    def finished(self) -> bool:
        return not self.hands[0] and not self.hands[1] and not self.trick

    @property
    def to_act(self) -> int | None:
        return None if self.finished else (self.leader + len(self.trick)) % 2

    def legal_actions(self) -> list[ToyPlay]:
        seat = self.to_act
        if seat is None:
            return []
        hand = self.hands[seat]
        higher = [c for c in hand if self.trick and c > self.trick[0]]
        return [ToyPlay(seat, c) for c in (higher or hand)]

    def verify(self, action: object) -> None:
        if self.finished:
            raise ToyError("game_over")
        if not isinstance(action, ToyPlay):
            raise ToyError("bad_input")
        if action.seat != self.to_act:
            raise ToyError("not_your_turn")
        if action not in self.legal_actions():
            raise ToyError("illegal")

    def apply(self, action: object) -> list[ToyEvent]:
        self.verify(action)
        assert isinstance(action, ToyPlay)
        self.hands[action.seat].remove(action.card)
        self.trick.append(action.card)
        self.log.append(action)
        if len(self.trick) < 2:
            return []
        winner = (self.leader + (self.trick[1] > self.trick[0])) % 2
        self.won[winner] += 1
        self.trick, self.leader = [], winner
        return [ToyEvent("trick", winner)]

    def public_view(self) -> ToyPublic:
        return ToyPublic(self.to_act, self.finished, tuple(self.trick), (self.won[0], self.won[1]))

    def view(self, seat: int) -> ToySeatView:
        legal = tuple(self.legal_actions()) if self.to_act == seat else ()
        return ToySeatView(seat, tuple(self.hands[seat]), legal, self.public_view())

    def outcome(self) -> Any:
        from engine.game import Outcome

        if not self.finished:
            return None
        a, b = self.won
        places = (1, 1) if a == b else ((1, 2) if a > b else (2, 1))
        return Outcome(places, (a, b), "tricks", False)

    def to_json(self) -> JSON:
        return {"hands": self.hands, "leader": self.leader, "trick": self.trick,
                "won": self.won, "log": [a.to_json() for a in self.log]}

    @classmethod
    def from_json(cls, data: JSON) -> ToyGame:
        game = cls(data["hands"], data["leader"])
        game.trick, game.won = list(data["trick"]), list(data["won"])
        game.log = [ToyPlay(a["seat"], a["card"]) for a in data["log"]]
        return game


def new(options: JSON | None, rng: random.Random) -> ToyGame:
    cards = list(range(1, 7))
    rng.shuffle(cards)
    return ToyGame([cards[:3], cards[3:]])


class ToyAI:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: ToySeatView) -> ToyPlay:
        return self.rng.choice(view.legal)


SPEC: GameSpec[Any, Any] = GameSpec(
    name="toy",
    seats=2,
    new=new,
    from_json=ToyGame.from_json,
    action_from_json=lambda d: ToyPlay(d["seat"], d["card"]),  # type: ignore[index]
    make_ai=lambda level, rng: ToyAI(rng),
)
STRINGS = {
    "cs": {"name": "Hračka", "rules_text": "Vyšší karta bere; kdo vezme víc štychů, vyhrává.",
           "cmd_group": "Hračka – zkušební hra"},
    "en": {"name": "Toy", "rules_text": "The higher card takes; most tricks wins.",
           "cmd_group": "Toy – a test game"},
}
