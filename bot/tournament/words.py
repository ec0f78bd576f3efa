"""The tournament's words shared by its pictures and its messages' text (and the tables'
Rules view): catalog lookups under ``core.tournament.`` and how a place is written. Kept
apart from ``pictures`` so that text-only callers do not import the drawing code."""

from __future__ import annotations

from bot.i18n import has, ordinal, t
from bot.tournament.scoring import Standing

K = "core.tournament."


def tt(key: str, lang: str, /, **values: object) -> str:
    return t(K + key, lang, **values)


def worded(key: str, unit: str, lang: str, /, **values: object) -> str:
    """``core.tournament.<key>_<unit>`` when the catalog has it, else the plain key."""
    full = f"{K}{key}_{unit}"
    return t(full, lang, **values) if unit and has(full, lang) else t(K + key, lang, **values)


def listed_place(row: Standing, lang: str) -> str:
    """A place as the standings' text lists it: "2." — or the range a shared one covers,
    written as the standings picture writes it ("2.–3.", English "2–3")."""
    return shared_place(row.place, row.last_place, lang) if row.shared \
        else tt("list_place", lang, n=row.place)


def shared_place(first: int, last: int, lang: str) -> str:
    """Places ``first``…``last`` shared, as the standings and a table's sheet write them:
    "2.–3." (English "2–3")."""
    return tt("shared_place", lang, first=first, last=last)


def sheet_place(place: int, last: int, lang: str) -> str:
    """A place at a table as its sheet writes it: "2." / "2nd" — one shared with the
    places up to ``last`` as the standings write it ("2.–3.", English "2–3"; two "1st"
    read as if the sheet were wrong)."""
    return shared_place(place, last, lang) if last > place else ordinal(place, lang)


def place_words(row: Standing, lang: str) -> str:
    """A place as a sentence says it: "2." / "2nd" — a shared one "2.–3." / "2nd–3rd"."""
    first = ordinal(row.place, lang)
    return f"{first}–{ordinal(row.last_place, lang)}" if row.shared else first
