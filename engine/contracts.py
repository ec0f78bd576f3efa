"""The partial games (R-LORA), the table options, and what each trick game scores (R-TRICK)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

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

TRICK_CONTRACTS = frozenset(
    {
        Contract.CERVENE,
        Contract.FILKY,
        Contract.PRVNI_POSLEDNI,
        Contract.VSECHNY,
        Contract.CERVENY_KRAL,
        Contract.HARAKIRI,
    }
)
# R-TRICK-RED-LEAD applies in these.
RED_LEAD_CONTRACTS = frozenset({Contract.CERVENE, Contract.CERVENY_KRAL, Contract.HARAKIRI})
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
