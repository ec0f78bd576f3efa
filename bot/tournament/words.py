"""The tournament's words shared by its pictures and its messages' text (and the tables'
Rules view): catalog lookups under ``core.tournament.`` and how a place is written. Kept
apart from ``pictures`` so that text-only callers do not import the drawing code."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import has, t, tn
from bot.model import Table
from bot.tournament.scoring import Standing

K = "core.tournament."


def tt(key: str, lang: str, /, **values: object) -> str:
    return t(K + key, lang, **values)


def turn_time(seconds: int, lang: str) -> str:
    """A tournament's time per move as people say it: whole minutes in minutes ("60 minutes",
    review 89: "3600 s"), else in seconds."""
    if seconds >= 60 and seconds % 60 == 0:
        return tn("core.minutes", lang, seconds // 60)
    return t("core.seconds", lang, n=seconds)


def tournament_table_name(link: Mapping[str, Any], lang: str) -> str:
    """A tournament's table by the tournament's own numbering ("turnaj č. 1 · 2. kolo ·
    stůl 1"): its thread, its messages and its table pictures say it so (the history and
    the CSV its tournament and round, ``results_csv.tournament_mark``). (Here, below ``bot.ui`` and
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


def points_rule(kind: str, lang: str) -> str:
    """How a table's places give points in a tournament of ``kind`` (``engine.tournament``'s
    4-3-2-1, with what the game does with a tie at the table: Lóra plays it off by harakiri,
    R-RANK; elsewhere tied seats share the points) — the table sheets' legend."""
    return worded("rule_points", kind, lang)


def scoring_rule(kind: str, lang: str) -> str:
    """The tournament's scoring in one sentence: ``points_rule`` and what decides equal
    points in the standings (Lóra: fewer penalty points; Taroky: the higher sum of results).
    The one wording of it: the tournament's rules, a tournament table's rules, the help, the
    standings' legend (review 73: it was told only under the standings after round 1)."""
    return tt("rule_scoring", lang, points=points_rule(kind, lang),
              tiebreak=worded("tiebreak", kind, lang))


def listed_place(row: Standing, lang: str) -> str:
    """``place_label`` of a row of the standings: one place, or the range a shared one
    covers."""
    return place_label(row.place, row.last_place if row.shared else row.place, lang)


def place_label(first: int, last: int, lang: str) -> str:
    """Places ``first``…``last`` as the tournament writes them everywhere (its standings and
    sheets, their pictures and alt texts, a table's final order, a sentence): Czech "2." and
    a shared place "2.–4.", English "2nd" and "2nd–4th" (review 53: English wrote "1st"
    beside "2–4" on a sheet, "1." in the standings and "3rd place" in the winner's line)."""
    if last > first:
        return tt("shared_place", lang, first=first, last=last)
    return tt("list_place", lang, n=first)


def table_place(places: Sequence[int], seat: int, lang: str) -> str:
    """``place_label`` of ``seat`` among a table's ``places`` (a tie: every seat sharing
    it, as many places as they are)."""
    first = places[seat]
    return place_label(first, first + list(places).count(first) - 1, lang)
