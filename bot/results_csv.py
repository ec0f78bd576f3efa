"""An archived game's results as a CSV file, for a club's spreadsheet.

The export's JSON file is the game's replayable record (REPLAY.md, TAROKY.md T-REPLAY:
``python -m engine replay`` reads it as it is), so it carries no names or results of its
own; this file beside it has one row per seat, from first place to last: the game's number
(its table's, as players know it: ``export_number``) and date, the place, the name (marked
when an AI finished his seat), the score, the notes the game's scorer writes (a čistá
stovka made or missed, harakiri points) and, for a tournament's table, its tournament,
round and table (empty for a table of its own).

Czech files use ";" between cells and a decimal comma (what a Czech spreadsheet expects),
English ones "," and a point; UTF-8 with a byte order mark, so the names keep their accents.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.i18n import decimal, game_t, lang_of, shown_name, t
from bot.storage.db import parse_stamp
from bot.storage.models import export_number, left_seats, tournament_link
from engine.game import GameSpec, Outcome

MONEY_UNIT = "hal"  # Outcome.unit of scores in haléře (written in crowns)


def score_cell(value: int, unit: str, lang: str) -> str:
    """A score as the CSV writes it: money in crowns with two decimals ("46,50"), else the
    number."""
    return decimal(value / 100, lang, 2) if unit == MONEY_UNIT else str(value)


def csv_bytes(rows: Iterable[Sequence[object]], lang: str) -> bytes:
    """``rows`` as a CSV file in ``lang``'s convention: Czech ";" between cells, English
    ","; UTF-8 with a byte order mark (a spreadsheet then keeps the names' accents)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";" if lang_of(lang) == "cs" else ",",
                        lineterminator="\r\n")
    writer.writerows(rows)
    return out.getvalue().encode("utf-8-sig")


def seat_name(name: str, left: bool, lang: str) -> str:
    """A seat's name in the records: a player who left is marked (an AI finished his seat;
    the result is the AI's)."""
    name = shown_name(name, lang)
    return t("core.left_name", lang, name=name) if left else name


def tournament_mark(link: Mapping[str, int] | None, lang: str) -> str:
    """A tournament table's game as the history and the CSV mark it: its tournament and
    round ("turnaj č. 1 · 2. kolo") beside the table's own number (the "Stůl" the export
    takes) — not the round's table too (review 97: "Stůl č. 4 · turnaj č. 2 · 2. kolo ·
    stůl 2", two numbers for one table); "" for a table of its own."""
    return "" if link is None else t("core.tournament.round_name", lang, id=link.get("id"),
                                     round=link.get("round"))


def seat_notes(spec: GameSpec[Any, Any], outcome: Outcome, seat: int, lang: str) -> list[str]:
    """What the game's scorer writes beside a seat's place (the engine's notes of the
    outcome: Lóra's čistá stovka made or missed, harakiri points)."""
    return [t(f"core.tournament.note_{key}", lang, n=value)
            for key, value in spec.tournament_rules().notes(outcome, seat)]


def results_csv(data: Mapping[str, Any], spec: GameSpec[Any, Any], lang: str) -> bytes:
    """The CSV of ``Storage.export_game`` data (``names``, ``outcome``, ``options``,
    ``game_id``, ``finished_at``) of the game ``spec``."""
    lang = lang_of(lang)
    kind = spec.name
    outcome = Outcome.from_json(data["outcome"])
    names = list(data.get("names") or [])
    left = left_seats(data.get("options"))
    finished = parse_stamp(data.get("finished_at"))
    day = finished.date().isoformat() if finished is not None else ""
    tournament = tournament_mark(tournament_link(data.get("options")), lang)
    rows: list[list[object]] = [[game_t(kind, f"csv.{key}", lang) for key in (
        "table", "finished", "place", "player", "score", "note", "tournament")]]
    for seat in outcome.order():
        name = seat_name(str(names[seat]) if seat < len(names) else "?", seat in left, lang)
        notes = ", ".join(seat_notes(spec, outcome, seat, lang))
        rows.append([export_number(data), day, outcome.places[seat], name,
                     score_cell(outcome.scores[seat], outcome.unit, lang), notes, tournament])
    return csv_bytes(rows, lang)
