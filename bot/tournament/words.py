"""The tournament's words shared by its pictures and its messages' text (and the tables'
Rules view): catalog lookups under ``core.tournament.`` and how a place is written. Kept
apart from ``pictures`` so that text-only callers do not import the drawing code."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import has, ordinal, t
from bot.model import Table
from bot.tournament.scoring import Standing

K = "core.tournament."


def tt(key: str, lang: str, /, **values: object) -> str:
    return t(K + key, lang, **values)


def tournament_table_name(link: Mapping[str, Any], lang: str) -> str:
    """A tournament's table by the tournament's own numbering ("turnaj č. 1 · 2. kolo ·
    stůl 1"): its thread, its messages, its table pictures, the history and the CSV
    (``results_csv.tournament_mark``) say it so. (Here, below ``bot.ui`` and
    ``bot.games``: the games' pictures take it too.)"""
    return t("core.tournament.table_name", lang, id=link.get("id"), round=link.get("round"),
             table=link.get("table"))


def tournament_name(table: Table, lang: str) -> str:
    """``tournament_table_name`` of ``table`` ("" for a table of its own): what its table
    picture says under the table."""
    return "" if table.tournament is None else tournament_table_name(table.tournament, lang)


def worded(key: str, unit: str, lang: str, /, **values: object) -> str:
    """``core.tournament.<key>_<unit>`` when the catalog has it, else the plain key."""
    full = f"{K}{key}_{unit}"
    return t(full, lang, **values) if unit and has(full, lang) else t(K + key, lang, **values)


def listed_place(row: Standing, lang: str) -> str:
    """A place as the standings' text lists it: "2." — or the range a shared one covers,
    written as the standings picture writes it ("2.–3.", English "2–3")."""
    return place_label(row.place, row.last_place if row.shared else row.place, lang)


def place_label(first: int, last: int, lang: str) -> str:
    """Places ``first``…``last`` as a list of names writes them: "2." for one, a shared
    place as the range it covers ("2.–4.", English "2–4") — so that a table's final order,
    its sheet and the standings write a tie alike (a club copies them from either)."""
    return shared_place(first, last, lang) if last > first \
        else tt("list_place", lang, n=first)


def table_place(places: Sequence[int], seat: int, lang: str) -> str:
    """``place_label`` of ``seat`` among a table's ``places`` (a tie: every seat sharing
    it, as many places as they are)."""
    first = places[seat]
    return place_label(first, first + list(places).count(first) - 1, lang)


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
