"""The whole tournament as files: one JSON document (settings, entrants, every round's tables
with their seats, substitutes, the engine's outcome, the table points and each table's
replayable record from the archive, the standings after every round), a CSV of the
standings for a club's spreadsheet, and a ZIP of its pictures (the standings after every
round and every table's sheet)."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Mapping
from typing import Any

from bot.i18n import lang_of, shown_name, t
from bot.results_csv import csv_bytes, score_cell
from bot.storage.models import EntrantRecord, TournamentRecord
from bot.storage.protocol import TableStore
from bot.tournament import model
from bot.tournament.model import settings_of
from bot.tournament.pictures import (
    number,
    page_suffix,
    score_unit,
    sheet_png,
    standings_pages,
    standings_png,
)
from bot.tournament.scoring import standings, table_points
from bot.tournament.status import status_text
from bot.tournament.words import tt, worded

FORMAT = 1


async def export_document(store: TableStore, t: TournamentRecord) -> dict[str, Any]:
    """The tournament as JSON; each finished table's ``record`` is the game's replayable log
    as archived (``GameSpec.record``: ``python -m engine replay`` plays it again). Entrants
    go by the numbers the tournament's message, the sheets and the CSV show
    (``model.entrant_number``: no gap for one who withdrew before the start), so that the
    files join by number."""

    def shown(number: int) -> int:
        return model.entrant_number(t, number)

    def renumbered(rows: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
        return None if rows is None else [{**row, "entrant": shown(row["entrant"])}
                                          for row in rows]

    rounds = []
    for r in sorted({s.round_no for s in t.tables}):
        tables = []
        for s in model.tables_of(t, r):
            record = None
            if s.game_id is not None:
                data = await store.export_game(t.guild_id, s.game_id, t.game_kind)
                record = None if data is None else data["replay"]
            points = table_points(s)
            tables.append({
                "table": s.table_no,
                "table_id": s.table_id,
                "game_id": s.game_id,
                "seats": [
                    {"entrant": shown(number),
                     "name": model.entrant(t, number).name,
                     "substitute": (sub.reason if (sub := model.substitution(
                         t, r, s.table_no, seat)) is not None else None)}
                    for seat, number in enumerate(s.seats)
                ],
                "outcome": s.result,
                "points": None if points is None else list(points),
                "record": record,
            })
        rounds.append({"round": r, "tables": tables,
                       "standings": renumbered(model.standings_after(t, r))})
    done = model.finished_rounds(t)
    return {
        "format": FORMAT,
        "tournament": t.tournament_id,
        "game": t.game_kind,
        "status": str(t.status),
        "created_at": t.created_at.isoformat(),
        "settings": {k: v for k, v in settings_of(t).to_json().items() if k != "seed"},
        "entrants": [
            {"entrant": shown(e.entrant_no), "name": e.name, "human": e.human,
             "ai_level": e.ai_level, "replaced_from": e.replaced_from,
             "absent_from": model.absent_from(t, e)}
            for e in t.entrants
        ],
        "rounds": rounds,
        "standings": renumbered([row.to_json() for row in standings(t, done)]),
    }


def pictures_zip(t: TournamentRecord, lang: str) -> bytes:
    """The tournament's standings (each finished round's) and table sheets as pictures, in
    one ZIP (the export's message says so: no deal protocols or score sheets, review 89)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for r in t.rounds:
            if r.status == "finished":  # (a page per eight entrants, as posted)
                for page in range(1, standings_pages(t) + 1):
                    archive.writestr(f"standings-round-{r.round_no}{page_suffix(t, page)}.png",
                                     standings_png(t, r.round_no, lang, page))
        for s in t.tables:
            if s.result is not None:
                archive.writestr(f"sheet-round-{s.round_no}-table-{s.table_no}.png",
                                 sheet_png(t, s, lang))
    return buffer.getvalue()


def standings_csv(t_: TournamentRecord, lang: str, names: Mapping[int, str] | None = None
                  ) -> bytes:
    """The standings after the last finished round as a CSV (``results_csv``'s
    conventions), a row per entrant from first place to last: place (a shared place as the
    range it covers, "6–7"), number in the tournament, name (``names``: a member's name
    today by user id, else as registered), points, each round's points, the game's score that breaks
    equal points (Lóra: penalty points; Taroky: the result in crowns) and a note of who
    played the seat: an AI player, an AI substitute from a round on, an AI for a round the
    player spent at another table, or for a round he made no move in (absent)."""
    lang = lang_of(lang)
    done = model.finished_rounds(t_)
    unit = score_unit(t_)
    rows: list[list[object]] = [[
        t("core.csv.place", lang), tt("csv_number", lang), t("core.csv.player", lang),
        tt("pic_points", lang), *(tt("csv_round", lang, n=r) for r in range(1, done + 1)),
        worded("csv_score", unit, lang), t("core.csv.note", lang)]]
    for row in standings(t_, done):
        e = model.entrant(t_, row.entrant)
        name = (names or {}).get(e.user_id or 0, e.name)
        # a shared place as the range it covers, as the picture and the embed write it
        # (review 75: "6" twice where they said "6.–7.")
        place = f"{row.place}–{row.last_place}" if row.shared else row.place
        rows.append([place, model.entrant_number(t_, e.entrant_no), shown_name(name, lang),
                     number(row.points, lang),
                     *("" if p is None else number(p, lang) for p in row.rounds),
                     score_cell(row.score, unit, lang), ", ".join(_csv_notes(t_, e, done, lang))])
    return csv_bytes(rows, lang)


def _csv_notes(t_: TournamentRecord, e: EntrantRecord, done: int, lang: str) -> list[str]:
    """Each round an AI stood in for one busy at another table, then the standing
    (``entrant_status``, in the words of the standings and the embed — review 97: "1. kolo:
    nepřítomnost …, AI od 2. kola" where they said "AI od 1. kola"): an AI entrant's level,
    a withdrawn one's "AI od N. kola", an absent one's "nepřítomnost – AI od N. kola"."""
    notes = [tt("csv_busy", lang, round=x.round_no) for x in t_.substitutions
             if x.entrant_no == e.entrant_no and x.reason == "busy" and x.round_no <= done]
    status = status_text(t_, e, "csv", lang)
    return [*notes, status] if status else notes


def document_bytes(document: dict[str, Any]) -> bytes:
    return json.dumps(document, ensure_ascii=False, indent=1).encode()
