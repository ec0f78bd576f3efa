"""What happened: frozen records returned by ``apply``, each with ``text(lang)``.

Every event is public information: a hidden discard is an event without its card, a taken
talon card is only counted, and nothing names the secret partner before he is revealed
(``PartnerRevealed``); an opponent who makes his side public by speaking for it is told so
too (``OpponentRevealed``). ``DealEnded`` comes when the deal is over and everything is shown.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from engine.taroky.cards import card_str


@dataclass(frozen=True, slots=True)
class Event:
    """Base: ``kind`` is a stable snake_case name, ``text(lang)`` the line a player reads."""

    @property
    def kind(self) -> str:
        name = type(self).__name__
        return "".join("_" + ch.lower() if ch.isupper() else ch for ch in name).lstrip("_")

    def text(self, lang: str = "cs", names: list[str] | None = None) -> str:
        from engine.taroky.messages import event_text

        return event_text(self, lang, names)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "card" and isinstance(value, int):
                value = card_str(value)
            elif f.name == "cards":
                value = [card_str(c) for c in value]
            elif isinstance(value, tuple):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            data[f.name] = value
        return data


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    deal_no: int
    dealer: int
    predak: int


@dataclass(frozen=True, slots=True)
class BidSaid(Event):
    seat: int
    bid: str


@dataclass(frozen=True, slots=True)
class GameChosen(Event):
    """The předák's choice after all passed his 1P."""

    seat: int
    game: str


@dataclass(frozen=True, slots=True)
class BiddingWon(Event):
    seat: int
    game: str  # 1P 2P 3P 6P W
    zduch: bool


@dataclass(frozen=True, slots=True)
class Called(Event):
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class TalonHandedOut(Event):
    """T-TALON-411: how many talon cards each seat took (the cards stay private)."""

    takes: tuple[tuple[int, int], ...]  # (seat, count)


@dataclass(frozen=True, slots=True)
class TrojkaRejected(Event):
    """T-TALON-3P: a rejected trojka is turned face up for all."""

    seat: int
    which: str  # "upper" or "lower"
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TrojkaTaken(Event):
    seat: int
    which: str
    game: str  # 3P1 3P2 3P3


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """One card laid away; ``card`` only when it is a tarok (face up), else None."""

    seat: int
    card: int | None


@dataclass(frozen=True, slots=True)
class HlaskyAnnounced(Event):
    seat: int
    hlasky: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PagatPromised(Event):
    """2P: the declarer's pagát is announced with the game."""

    seat: int


@dataclass(frozen=True, slots=True)
class Announced(Event):
    """``pagat`` or ``valat``, said for the seat's side."""

    seat: int
    item: str


@dataclass(frozen=True, slots=True)
class Flekked(Event):
    seat: int
    item: str  # game, pagat, valat
    level: int  # 1 flek, 2 re, 3 sup, …


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """An announcement turn with nothing said (dobrá)."""

    seat: int


@dataclass(frozen=True, slots=True)
class AnnouncementsClosed(Event):
    leader: int


@dataclass(frozen=True, slots=True)
class PartnerRevealed(Event):
    """From now on everybody knows that ``seat`` is the declarer's partner."""

    seat: int


@dataclass(frozen=True, slots=True)
class OpponentRevealed(Event):
    """From now on everybody knows that ``seat`` plays against the declarer: he announced or
    flekked, which speaks for his side (T-ANNOUNCE, T-FLEK; review 81: only a missing
    button told it)."""

    seat: int


@dataclass(frozen=True, slots=True)
class AloneRevealed(Event):
    """From now on everybody knows that the declarer ``seat`` plays alone."""

    seat: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    """``seat`` takes trick ``number``; ``cards`` in the order played, the first by
    ``leader`` (the line names who led: review 85)."""

    seat: int
    number: int  # 1–12
    cards: tuple[int, ...]
    leader: int


@dataclass(frozen=True, slots=True)
class TalonTurned(Event):
    """6P and Varšava: a talon card turned after a trick; in Varšava it goes to ``seat``'s
    pile, in sólo it belongs to the opponents (``seat`` None)."""

    card: int
    seat: int | None


@dataclass(frozen=True, slots=True)
class DealEnded(Event):
    game: str
    declarer: int
    partner: int | None
    eyes: tuple[int, ...]  # (declarer side, opponents), or per seat in Varšava
    money: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class DokupAdded(Event):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class RoundEnding(Event):
    """Time is up: the deal in progress is the last."""


@dataclass(frozen=True, slots=True)
class RoundFinished(Event):
    results: tuple[int, int, int, int]  # hal: money − stake − dokup
