"""The phases of a lóra (a ``StrEnum``: it compares and serialises as its string)."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    STOVKA = "stovka"  # čistá stovka answers, tálie 3 before červený král
    CHOOSE = "choose"  # maturita: the maturant sees his dealt hand and chooses
    PLAY = "play"  # a partial game runs
    FINISHED = "finished"
