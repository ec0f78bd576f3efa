"""Actions as frozen records, and their JSON form (the action objects of REPLAY.md).

Every action names the seat that takes it, so a log of actions is a complete history, and
says itself in words (``text(lang)``: the terminal's menu, a button's label).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import card_str, parse_card
from engine.contracts import Contract
from engine.errors import BadInput


@dataclass(frozen=True, slots=True)
class Play:
    """Trick games and harakiri: play one card."""

    seat: int
    card: int

    def text(self, lang: str = "cs") -> str:
        return card_str(self.card)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "play": card_str(self.card)}


@dataclass(frozen=True, slots=True)
class Lead:
    """Kvarty: the start card of a kvarta (R-KVARTY-LEAD builds the rest)."""

    seat: int
    card: int

    def text(self, lang: str = "cs") -> str:
        from engine.messages import terminal_text

        return terminal_text("lead", lang, card=card_str(self.card))

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "lead": card_str(self.card)}


@dataclass(frozen=True, slots=True)
class Lay:
    """Desítky: lay one card inside a turn (R-DESITKY-TURN)."""

    seat: int
    card: int

    def text(self, lang: str = "cs") -> str:
        return card_str(self.card)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "lay": card_str(self.card)}


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Desítky: end the turn after laying at least one card."""

    seat: int

    def text(self, lang: str = "cs") -> str:
        from engine.messages import terminal_text

        return terminal_text("end_turn", lang)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "end_turn": True}


@dataclass(frozen=True, slots=True)
class LayTurn:
    """Desítky: a whole turn at once (the replay form); applied as Lay… then EndTurn."""

    seat: int
    cards: tuple[int, ...]

    def text(self, lang: str = "cs") -> str:
        return " ".join(card_str(c) for c in self.cards)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "play": [card_str(c) for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Choose:
    """Maturita: the maturant's choice of game, after seeing his hand (R-MATURITA)."""

    seat: int
    contract: Contract

    def text(self, lang: str = "cs") -> str:
        from engine.messages import contract_name

        return contract_name(self.contract.value, lang)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "choose": self.contract.value}


@dataclass(frozen=True, slots=True)
class Declare:
    """Čistá stovka: a seat's yes/no answer (R-STOVKA)."""

    seat: int
    declare: bool

    def text(self, lang: str = "cs") -> str:
        from engine.messages import terminal_text

        return terminal_text("declare_yes" if self.declare else "declare_no", lang)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "cista_stovka": self.declare}


Action = Play | Lead | Lay | EndTurn | LayTurn | Choose | Declare
ACTION_TYPES = (Play, Lead, Lay, EndTurn, LayTurn, Choose, Declare)

_KEYS = ("play", "lead", "lay", "choose", "cista_stovka", "end_turn")


def action_from_json(data: object) -> Action:
    """Parse an action object; the kind is decided by its key, never by the game state."""
    if not isinstance(data, dict):
        raise BadInput("action_not_object")
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
        raise BadInput("bad_seat", value=repr(seat))
    keys = [k for k in _KEYS if k in data]
    extra = set(data) - {"seat", *_KEYS}
    if len(keys) != 1 or extra:
        raise BadInput("action_shape")
    key = keys[0]
    value = data[key]
    if key == "play":
        if isinstance(value, str):
            return Play(seat, parse_card(value))
        if isinstance(value, list) and value:
            return LayTurn(seat, tuple(parse_card(v) for v in value))
        raise BadInput("action_shape")
    if key in ("lead", "lay"):
        if not isinstance(value, str):
            raise BadInput("action_shape")
        return Lead(seat, parse_card(value)) if key == "lead" else Lay(seat, parse_card(value))
    if key == "choose":
        return Choose(seat, Contract.parse(value))
    if key == "cista_stovka":
        if not isinstance(value, bool):
            raise BadInput("action_shape")
        return Declare(seat, value)
    if value is not True:
        raise BadInput("action_shape")
    return EndTurn(seat)
