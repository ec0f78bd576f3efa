"""Lóra's tournament rules (``GameSpec.tournament``): a round is one whole lóra at each table.

Its final order is the lóra's own (R-RANK: čistá stovka, fewest penalty points, harakiri for
every tie, Čl. 19–20), so the table points need no tiebreak of their own; the tournament's
standings break equal points by the total of penalty points (fewer is better), which is the
outcome's score. The table's sheet shows the penalty points and notes what Čl. 17 and Čl. 20
have the scorer write in a tournament: "harakiri" (with the seat's harakiri points) and a
čistá stovka made or missed.
"""

from __future__ import annotations

from engine.game import Outcome
from engine.tournament import SheetColumn, TournamentRules


def sheet_notes(outcome: Outcome, seat: int) -> tuple[tuple[str, int | None], ...]:
    extra = outcome.extra(seat)
    notes: list[tuple[str, int | None]] = []
    harakiri = extra.get("harakiri") or []
    if harakiri:
        notes.append(("harakiri", sum(int(p) for p in harakiri)))
    if extra.get("cista_stovka") is True:
        notes.append(("stovka_made" if extra.get("cista_stovka_made") else "stovka_missed", None))
    return tuple(notes)


RULES = TournamentRules(
    round_units=(),
    default_rounds=3,
    columns=(SheetColumn("penalty", "points"),),
    notes=sheet_notes,
)
