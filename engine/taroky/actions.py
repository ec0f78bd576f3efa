"""Actions as frozen records and their JSON form (the action objects of T-REPLAY).

Every deal action names the seat that takes it, so the log is a complete history. The kind
of an action is decided by its key, never by the state (a bid during play is parsed as a bid
and refused with ``wrong_phase``). ``EndRound`` is the round's only non-seat input: the
table's clock (T-ROUND), logged like any action so that a replay reproduces the round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.taroky.announce import ITEMS
from engine.taroky.bidding import BID_WORDS, CHOICES
from engine.taroky.cards import card_str, parse_card
from engine.taroky.errors import BadInput

TABLE = -1  # the "seat" of EndRound: the table itself, not a player


@dataclass(frozen=True, slots=True)
class Bid:
    """T-BID: ``1P`` ``2P`` ``3P`` ``6P``, ``dobra`` (pass) or ``zduch`` (the zadák's push)."""

    seat: int
    bid: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "bid": self.bid}


@dataclass(frozen=True, slots=True)
class Choose:
    """T-BID-END: the předák's game after all passed his 1P: ``1P``, ``2P`` or ``W``."""

    seat: int
    game: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "choose": self.game}


@dataclass(frozen=True, slots=True)
class Call:
    """T-CALL: the tarok the declarer calls (XIX … XVI)."""

    seat: int
    card: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "call": card_str(self.card)}


@dataclass(frozen=True, slots=True)
class Trojka:
    """T-TALON-3P: take or reject the trojka being looked at."""

    seat: int
    take: bool

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "trojka": "take" if self.take else "reject"}


@dataclass(frozen=True, slots=True)
class Discard:
    """T-TALON-DISCARD: lay away one card."""

    seat: int
    card: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "discard": card_str(self.card)}


@dataclass(frozen=True, slots=True)
class Announce:
    """T-ANNOUNCE: one item of a speaking turn, or ``done`` to end the turn."""

    seat: int
    item: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "announce": self.item}


@dataclass(frozen=True, slots=True)
class Play:
    """T-PLAY: play one card to the trick."""

    seat: int
    card: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "play": card_str(self.card)}


@dataclass(frozen=True, slots=True)
class EndRound:
    """T-ROUND: time is up; the round ends after the deal in progress. Not a player's move:
    the bot applies it when its clock says so (``seat`` is ``TABLE``)."""

    seat: int = TABLE

    def to_json(self) -> dict[str, Any]:
        return {"end_round": True}


DealAction = Bid | Choose | Call | Trojka | Discard | Announce | Play
Action = DealAction | EndRound
ACTION_TYPES = (Bid, Choose, Call, Trojka, Discard, Announce, Play, EndRound)

_KEYS = ("bid", "choose", "call", "trojka", "discard", "announce", "play")


def action_from_json(data: object) -> Action:
    """Parse an action object of T-REPLAY (or ``{"end_round": true}``). Raises ``BadInput``."""
    if not isinstance(data, dict):
        raise BadInput("action_not_object")
    if "end_round" in data:
        if data != {"end_round": True}:
            raise BadInput("action_shape")
        return EndRound()
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
        raise BadInput("bad_seat", value=repr(seat))
    keys = [k for k in _KEYS if k in data]
    if len(keys) != 1 or set(data) - {"seat", *_KEYS}:
        raise BadInput("action_shape")
    key = keys[0]
    value = data[key]
    if key in ("call", "discard", "play"):
        c = parse_card(value)
        if key == "call":
            return Call(seat, c)
        if key == "discard":
            return Discard(seat, c)
        return Play(seat, c)
    if not isinstance(value, str):
        raise BadInput("unknown_word", value=repr(value))
    if key == "bid" and value in BID_WORDS:
        return Bid(seat, value)
    if key == "choose" and value in CHOICES:
        return Choose(seat, value)
    if key == "trojka" and value in ("take", "reject"):
        return Trojka(seat, value == "take")
    if key == "announce" and value in ITEMS:
        return Announce(seat, value)
    raise BadInput("unknown_word", value=value)
