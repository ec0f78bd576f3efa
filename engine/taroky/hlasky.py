"""T-HLASKY-AUTO: the revealing hlášky of a hand, announced by the engine for every seat.

A hand has at most one hláška of the tarok count (taročky, taroky, barvičky, barvy) and at
most one honour hláška (trul, trulhonéry, honéry, královské honéry); the list is in the
order of the table of TAROKY.md.
"""

from __future__ import annotations

from engine.taroky.cards import KINGS, TAROKS, TRUL

ORDER = (
    "tarocky",
    "taroky",
    "barvicky",
    "barvy",
    "trul",
    "trulhonery",
    "honery",
    "kralovske_honery",
)
VALUE = {
    "tarocky": 50,
    "taroky": 100,
    "barvicky": 50,
    "barvy": 100,
    "trul": 50,
    "trulhonery": 100,
    "honery": 50,
    "kralovske_honery": 100,
}
# T-SCORE-HLASKY: these count for their side even when it lost (never at a tie)
HONOUR_HLASKY = frozenset({"honery", "kralovske_honery", "trulhonery"})


def count_hlaska(t: int) -> str | None:
    """By the number of taroks ``t``: taročky 8–9, taroky 10+, barvičky 1–2, barvy 0."""
    if t >= 10:
        return "taroky"
    if t >= 8:
        return "tarocky"
    if t == 0:
        return "barvy"
    if t <= 2:
        return "barvicky"
    return None


def honour_hlaska(kings: int, trul: int) -> str | None:
    """By kings ``K`` and trul cards ``T``: trul (T = 3, K = 0), trulhonéry (T = 3, K ≥ 1),
    královské honéry (K = 4, T ≤ 2), honéry (K 2–3, T ≤ 2, K + T ≥ 4)."""
    if trul == 3:
        return "trul" if kings == 0 else "trulhonery"
    if kings == 4:
        return "kralovske_honery"
    if kings in (2, 3) and kings + trul >= 4:
        return "honery"
    return None


def hlasky_of(hand: int) -> tuple[str, ...]:
    """The hlášky of a 12-card hand."""
    out = [
        count_hlaska((hand & TAROKS).bit_count()),
        honour_hlaska((hand & KINGS).bit_count(), (hand & TRUL).bit_count()),
    ]
    return tuple(h for h in out if h is not None)
