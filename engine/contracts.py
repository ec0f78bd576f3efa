"""The partial games (R-LORA), the table options, and what each trick game scores (R-TRICK).

``TRICK_RULES`` is the one description of the trick contracts: everything else that scores a
trick, tells when a trick game is over or applies R-TRICK-RED-LEAD (``engine.rules``, the fast
path ``engine.fast``, the AI's policies and solver) derives its tables from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Literal

from engine.cards import FILKY_MASK, HEARTS_MASK, KH, NUM_CARDS
from engine.errors import BadInput


class Contract(StrEnum):
    CERVENE = "cervene"
    FILKY = "filky"
    PRVNI_POSLEDNI = "prvni_posledni"
    VSECHNY = "vsechny"
    CERVENY_KRAL = "cerveny_kral"
    KVARTY = "kvarty"
    DESITKY = "desitky"
    MATURITA = "maturita"
    HARAKIRI = "harakiri"

    @classmethod
    def parse(cls, value: object) -> Contract:
        try:
            return cls(str(value))
        except ValueError:
            raise BadInput("unknown_contract", value=value) from None


# R-LORA: the fixed order of the eight partial games of a tálie.
TALIE_ORDER: tuple[Contract, ...] = (
    Contract.CERVENE,
    Contract.FILKY,
    Contract.PRVNI_POSLEDNI,
    Contract.VSECHNY,
    Contract.CERVENY_KRAL,
    Contract.KVARTY,
    Contract.DESITKY,
    Contract.MATURITA,
)
GAMES_PER_TALIE = len(TALIE_ORDER)
TALIE_PER_LORA = 4
MATURITA_GAME = 8  # 1-based game number of maturita in a tálie
CERVENY_KRAL_GAME = 5
STOVKA_TALIE = 3  # R-STOVKA: declarations in the third tálie

TRICKS_PER_GAME = 8


@dataclass(frozen=True, slots=True)
class TrickRules:
    """What one trick contract adds to the shared trick play (R-TRICK), as data.

    R-TRICK-END is not stated separately: a trick game is over as soon as no further penalty
    can be given (``engine.rules.trick_points_left`` is 0), which these points determine.
    """

    red_lead: bool  # R-TRICK-RED-LEAD: no heart led while holding another suit
    card_points: tuple[int, ...]  # by card 0–31: what the card costs whoever takes it
    trick_points: tuple[int, ...]  # by 0-based trick: what taking that trick costs
    red_king_option: bool = False  # R-TRICK-FIRST-KING: the table option applies here
    # derived from the above, for speed: the cards that cost points (a mask); the same as
    # (mask, points) groups of equal points; the trick points from each trick to the end
    penalty_cards: int = field(init=False)
    point_groups: tuple[tuple[int, int], ...] = field(init=False)
    trick_points_from: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        if len(self.card_points) != NUM_CARDS or len(self.trick_points) != TRICKS_PER_GAME:
            raise ValueError("a trick contract has 32 card points and 8 trick points")
        mask = sum(1 << c for c, p in enumerate(self.card_points) if p)
        groups = tuple(
            (sum(1 << c for c, q in enumerate(self.card_points) if q == p), p)
            for p in sorted(set(self.card_points) - {0})
        )
        suffix = tuple(sum(self.trick_points[i:]) for i in range(TRICKS_PER_GAME + 1))
        object.__setattr__(self, "penalty_cards", mask)
        object.__setattr__(self, "point_groups", groups)
        object.__setattr__(self, "trick_points_from", suffix)

    @property
    def total(self) -> int:
        """Every penalty point the game gives out."""
        return sum(self.card_points) + sum(self.trick_points)


def _per_card(mask: int, points: int) -> tuple[int, ...]:
    return tuple(points if mask >> c & 1 else 0 for c in range(NUM_CARDS))


NO_CARD_POINTS = (0,) * NUM_CARDS
NO_TRICK_POINTS = (0,) * TRICKS_PER_GAME
_FIRST_AND_LAST = tuple(4 if i in (0, TRICKS_PER_GAME - 1) else 0 for i in range(TRICKS_PER_GAME))

# R-TRICK: the five trick games of a tálie.
_FIVE: dict[Contract, TrickRules] = {
    Contract.CERVENE: TrickRules(True, _per_card(HEARTS_MASK, 1), NO_TRICK_POINTS),
    Contract.FILKY: TrickRules(False, _per_card(FILKY_MASK, 2), NO_TRICK_POINTS),
    Contract.PRVNI_POSLEDNI: TrickRules(False, NO_CARD_POINTS, _FIRST_AND_LAST),
    Contract.VSECHNY: TrickRules(False, NO_CARD_POINTS, (1,) * TRICKS_PER_GAME),
    Contract.CERVENY_KRAL: TrickRules(True, _per_card(1 << KH, 8), NO_TRICK_POINTS, True),
}
# R-HARAKIRI: the five at once, with R-TRICK-RED-LEAD.
_HARAKIRI = TrickRules(
    True,
    tuple(sum(r.card_points[c] for r in _FIVE.values()) for c in range(NUM_CARDS)),
    tuple(sum(r.trick_points[i] for r in _FIVE.values()) for i in range(TRICKS_PER_GAME)),
)
TRICK_RULES: Mapping[Contract, TrickRules] = MappingProxyType(
    {**_FIVE, Contract.HARAKIRI: _HARAKIRI}
)
TRICK_CONTRACTS = frozenset(TRICK_RULES)
RED_LEAD_CONTRACTS = frozenset(c for c, r in TRICK_RULES.items() if r.red_lead)
PLAYABLE_CONTRACTS = frozenset(TALIE_ORDER[:7]) | {Contract.HARAKIRI}

# R-MATURITA: what the maturant may choose on attempts 1–2, and on the third attempt.
MATURITA_CHOICES: tuple[Contract, ...] = (
    Contract.CERVENE,
    Contract.FILKY,
    Contract.VSECHNY,
    Contract.CERVENY_KRAL,
    Contract.KVARTY,
    Contract.DESITKY,
)
MATURITA_THIRD_CHOICES: tuple[Contract, ...] = (
    Contract.CERVENE,
    Contract.FILKY,
    Contract.PRVNI_POSLEDNI,
    Contract.VSECHNY,
    Contract.CERVENY_KRAL,
    Contract.KVARTY,
    Contract.DESITKY,
)
MATURITA_ATTEMPTS = 3
MATURITA_FAIL_POINTS = 8


def maturita_choices(attempt: int) -> tuple[Contract, ...]:
    """R-MATURITA: první–poslední only on the third attempt."""
    return MATURITA_THIRD_CHOICES if attempt >= MATURITA_ATTEMPTS else MATURITA_CHOICES


RedKingRule = Literal["allowed", "forbidden"]


@dataclass(frozen=True, slots=True)
class Options:
    """Table options of RULES.md; the defaults are the official rules."""

    red_king_first_trick: RedKingRule = "allowed"
    panak: bool = False
    cista_stovka: bool = True

    def to_json(self) -> dict[str, Any]:
        return {
            "red_king_first_trick": self.red_king_first_trick,
            "panak": self.panak,
            "cista_stovka": self.cista_stovka,
        }

    @classmethod
    def from_json(cls, data: object) -> Options:
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise BadInput("options_not_object")
        unknown = set(data) - {"red_king_first_trick", "panak", "cista_stovka"}
        if unknown:
            raise BadInput("unknown_option", value=", ".join(sorted(unknown)))
        rk = data.get("red_king_first_trick", "allowed")
        if rk not in ("allowed", "forbidden"):
            raise BadInput("bad_option", name="red_king_first_trick", value=rk)
        panak = data.get("panak", False)
        stovka = data.get("cista_stovka", True)
        if not isinstance(panak, bool):
            raise BadInput("bad_option", name="panak", value=panak)
        if not isinstance(stovka, bool):
            raise BadInput("bad_option", name="cista_stovka", value=stovka)
        return cls(red_king_first_trick=rk, panak=panak, cista_stovka=stovka)
