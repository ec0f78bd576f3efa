"""The table options of TAROKY.md ("Table options"); the defaults are the tournament's [P].

JSON form as T-REPLAY-CONVENTIONS fixes it: on/off as booleans, ``flek_max`` an integer or
``"unlimited"``, ``cap`` an integer (haléře) or ``"none"``, ``varsava_max_taroky`` an integer or
``"none"``, ``tie`` ``"zero"`` or ``"one_eye"``. ``round_limit`` is ``{"minutes": n}`` (the bot's
clock ends the round) or ``{"deals": n}`` (the engine ends it after n deals).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.taroky.errors import BadInput


@dataclass(frozen=True, slots=True)
class TarokyOptions:
    varsava: bool = True
    zduch: bool = True
    varsava_max_taroky: int | None = None  # None: no limit
    varsava_mond_na_skyze: str = "forbidden"  # or "allowed" (Vysočina)
    flek_max: int | None = None  # None: unlimited
    solo_talon: str = "reveal"  # or "hidden" ([W])
    tie: str = "zero"  # or "one_eye" (Vysočina)
    cap: int | None = 4000  # hal; None: no cap
    stake: int = 5000  # hal
    dokup_step: int = 1000  # hal
    round_minutes: int | None = 60  # round_limit in minutes (the bot's clock) …
    round_deals: int | None = None  # … or in deals (the engine counts)
    rounds: int = 4  # rounds of a tournament (T-TOURNAMENT)
    round: int = 1  # the round of a tournament a table plays (its protocol rows say it)

    def __post_init__(self) -> None:
        if self.round_deals is not None and self.round_minutes is not None:
            object.__setattr__(self, "round_minutes", None)  # a round is limited one way

    @property
    def mond_rule(self) -> bool:
        """T-PLAY-W rule 2 is in force."""
        return self.varsava_mond_na_skyze == "forbidden"

    def to_json(self) -> dict[str, Any]:
        return {
            "varsava": self.varsava,
            "zduch": self.zduch,
            "varsava_max_taroky": "none"
            if self.varsava_max_taroky is None
            else self.varsava_max_taroky,
            "varsava_mond_na_skyze": self.varsava_mond_na_skyze,
            "flek_max": "unlimited" if self.flek_max is None else self.flek_max,
            "solo_talon": self.solo_talon,
            "tie": self.tie,
            "cap": "none" if self.cap is None else self.cap,
            "stake": self.stake,
            "dokup_step": self.dokup_step,
            "round_limit": {"deals": self.round_deals}
            if self.round_deals is not None
            else {"minutes": self.round_minutes},
            "rounds": self.rounds,
            # (left out as 1: a table of its own, or a first round, as saved before)
            **({"round": self.round} if self.round != 1 else {}),
        }

    @classmethod
    def from_json(cls, data: object) -> TarokyOptions:
        """Parse options (absent keys keep their defaults). Raises ``BadInput``."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise BadInput("options_not_object")
        values: dict[str, Any] = {}
        for name, value in data.items():
            if name in ("varsava", "zduch"):
                values[name] = _bool(name, value)
            elif name == "varsava_max_taroky":
                values[name] = _int_or(name, value, "none", 0, 22)
            elif name == "varsava_mond_na_skyze":
                values[name] = _word(name, value, ("forbidden", "allowed"))
            elif name == "flek_max":
                values[name] = _int_or(name, value, "unlimited", 1, 1000)
            elif name == "solo_talon":
                values[name] = _word(name, value, ("reveal", "hidden"))
            elif name == "tie":
                values[name] = _word(name, value, ("zero", "one_eye"))
            elif name == "cap":
                values[name] = _int_or(name, value, "none", 1, 10**9)
            elif name in ("stake", "dokup_step"):
                values[name] = _int(name, value, 1, 10**9)
            elif name in ("rounds", "round"):
                values[name] = _int(name, value, 1, 1000)
            elif name == "round_limit":
                if not isinstance(value, dict) or len(value) != 1:
                    raise BadInput("bad_option", name=name, value=repr(value))
                ((kind, n),) = value.items()
                if kind == "minutes":
                    values["round_minutes"] = _int(name, n, 1, 10**6)
                    values["round_deals"] = None
                elif kind == "deals":
                    values["round_deals"] = _int(name, n, 1, 10**6)
                    values["round_minutes"] = None
                else:
                    raise BadInput("bad_option", name=name, value=repr(value))
            else:
                raise BadInput("unknown_option", value=str(name))
        return cls(**values)


def _bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise BadInput("bad_option", name=name, value=repr(value))
    return value


def _int(name: str, value: object, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise BadInput("bad_option", name=name, value=repr(value))
    return value


def _int_or(name: str, value: object, word: str, lo: int, hi: int) -> int | None:
    if value == word:
        return None
    return _int(name, value, lo, hi)


def _word(name: str, value: object, words: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in words:
        raise BadInput("bad_option", name=name, value=repr(value))
    return value
