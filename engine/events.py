"""What happened: frozen records returned by ``apply()``.

The bot turns them into the table's messages, the replay CLI into its ``events`` lines. Every
event is public information (nothing here reveals a card still hidden in a hand), except
``Dealt``, which carries no cards at all.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from engine.cards import card_str
from engine.contracts import Contract


@dataclass(frozen=True, slots=True)
class Event:
    """Base: ``kind`` is a stable name, ``text(lang)`` the human-readable line."""

    @property
    def kind(self) -> str:
        return _KIND[type(self)]

    def text(self, lang: str = "cs") -> str:
        from engine.messages import event_text

        return event_text(self, lang)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in _CARD_FIELDS:
                value = card_str(value)
            elif f.name in _CARD_LIST_FIELDS:
                value = [card_str(c) for c in value]
            elif f.name == "filled":
                value = [[s, card_str(c)] for s, c in value]
            elif isinstance(value, Contract):
                value = value.value
            elif isinstance(value, tuple):
                value = list(value)
            data[f.name] = value
        return data

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


_CARD_FIELDS = {"card"}
_CARD_LIST_FIELDS = {"cards", "own_cards"}


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    contract: Contract
    tali: int | None  # 1–4; None for harakiri
    game: int | None  # 1–8; None for harakiri
    leader: int
    dealer: int
    attempt: int | None = None  # maturita attempt 1–3
    # harakiri (R-HARAKIRI): which game of the play-off this is (1–4) and of how many (1 or 4)
    playoff_game: int | None = None
    playoff_games: int | None = None
    # which play-off of the tie (R-HARAKIRI: 2 when a play-off left the same seats tied)
    playoff: int | None = None


@dataclass(frozen=True, slots=True)
class MaturitaDealt(Event):
    """The maturita attempt is dealt; the maturant now sees his hand and chooses."""

    seat: int
    tali: int
    attempt: int


@dataclass(frozen=True, slots=True)
class MaturitaChosen(Event):
    seat: int
    contract: Contract
    attempt: int


@dataclass(frozen=True, slots=True)
class StovkaAsked(Event):
    """Čistá stovka: the third tálie's red king is next; each seat answers in turn."""

    first: int


@dataclass(frozen=True, slots=True)
class StovkaAnswered(Event):
    seat: int
    declared: bool


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    seat: int
    cards: tuple[int, ...]  # in the order played, from the trick's leader
    penalty: int
    number: int  # 1-based trick number
    # R-MATURITA: a defender's tricks count for nothing (only the maturant's penalty does)
    counted: bool = True


@dataclass(frozen=True, slots=True)
class RedKingFirstTrick(Event):
    """K♥ thrown into the first trick of červený král ("na první se dává")."""

    seat: int


@dataclass(frozen=True, slots=True)
class Panak(Event):
    """R-TRICK-PANAK: this seat took all four filky and owes everyone a drink."""

    seat: int


@dataclass(frozen=True, slots=True)
class DivokaKarta(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class KralovskaKvarta(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class KvartaBuilt(Event):
    """One kvarta led by ``seat`` (R-KVARTY-LEAD, -NEXT, -END).

    ``own_cards``: what he laid at once, low to high (the protocol's "8, S"); ``filled``:
    (seat, card) the others added after that, lower card first. ``complete``: the run had four
    cards or reached the Ace; otherwise an already played card stopped it ("odfouknutá").
    ``out``: the seat whose hand emptied while it was laid (the game is over there, nothing
    more was added), else None. ``next_leader``: who leads next, None when the game is over.
    """

    seat: int
    own_cards: tuple[int, ...]
    filled: tuple[tuple[int, int], ...]
    complete: bool
    next_leader: int | None
    out: int | None = None

    @property
    def placed(self) -> tuple[tuple[int, int], ...]:
        """Every card of the kvarta as (seat, card), in rank order (the start first)."""
        own = [(self.seat, c) for c in self.own_cards]
        return tuple(sorted(own + list(self.filled), key=lambda sc: sc[1]))

    @property
    def start(self) -> int:
        """The card the leader named: the lowest of the kvarta."""
        return self.own_cards[0]

    @property
    def blown(self) -> bool:
        """Announced as "odfouknutá": incomplete, and the game goes on after it (when a hand
        empties instead, that is what is announced)."""
        return not self.complete and self.out is None

    @property
    def stopper(self) -> int | None:
        """The card that blew it (R-KVARTY-NEXT): played already, the next rank above its
        highest card; None unless ``blown``."""
        return max(c for _, c in self.placed) + 1 if self.blown else None


@dataclass(frozen=True, slots=True)
class CardLaid(Event):
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Knocked(Event):
    """R-DESITKY-KNOCK: forced, 1 penalty point."""

    seat: int


@dataclass(frozen=True, slots=True)
class MaturitaFailed(Event):
    seat: int
    attempt: int


@dataclass(frozen=True, slots=True)
class MaturitaPassed(Event):
    seat: int
    attempt: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    contract: Contract
    points: tuple[int, int, int, int]  # as recorded in the protocol
    # harakiri (R-HARAKIRI): the tied seats (only their points count), which game of the
    # play-off this was, of how many, and the tied seats' sums so far (in ``tied``'s order)
    tied: tuple[int, ...] = ()
    playoff_game: int | None = None
    playoff_games: int | None = None
    sums: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class HarakiriNeeded(Event):
    seats: tuple[int, ...]
    games: int
    playoff: int = 1  # which play-off of this tie: 2 and more when it persisted (R-HARAKIRI)


@dataclass(frozen=True, slots=True)
class LoraFinished(Event):
    order: tuple[int, ...]
    totals: tuple[int, int, int, int]


_KIND: dict[type, str] = {
    GameStarted: "game_started",
    MaturitaDealt: "maturita_dealt",
    MaturitaChosen: "maturita_chosen",
    StovkaAsked: "stovka_asked",
    StovkaAnswered: "stovka_answered",
    CardPlayed: "card_played",
    TrickTaken: "trick_taken",
    RedKingFirstTrick: "red_king_first_trick",
    Panak: "panak",
    DivokaKarta: "divoka_karta",
    KralovskaKvarta: "kralovska_kvarta",
    KvartaBuilt: "kvarta_built",
    CardLaid: "card_laid",
    TurnEnded: "turn_ended",
    Knocked: "knock",
    MaturitaFailed: "maturita_failed",
    MaturitaPassed: "maturita_passed",
    GameEnded: "game_ended",
    HarakiriNeeded: "harakiri_needed",
    LoraFinished: "lora_finished",
}
