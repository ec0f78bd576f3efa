"""The whole tournament as files: one JSON document (settings, entrants, every round's tables
with their seats, substitutes, the engine's outcome, the table points and each table's
replayable record from the archive, the standings after every round) and a ZIP of its
pictures (the standings after every round and every table's sheet)."""

from __future__ import annotations

import io
import json
import zipfile
from typing import Any

from bot.storage.models import TournamentRecord
from bot.storage.protocol import TableStore
from bot.tournament import model
from bot.tournament.model import settings_of
from bot.tournament.pictures import sheet_png, standings_png
from bot.tournament.scoring import standings, table_points

FORMAT = 1


async def export_document(store: TableStore, t: TournamentRecord) -> dict[str, Any]:
    """The tournament as JSON; each finished table's ``record`` is the game's replayable log
    as archived (``GameSpec.record``: ``python -m engine replay`` plays it again)."""
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
                    {"entrant": number,
                     "name": model.entrant(t, number).name,
                     "substitute": (sub.reason if (sub := model.substitution(
                         t, r, s.table_no, seat)) is not None else None)}
                    for seat, number in enumerate(s.seats)
                ],
                "outcome": s.result,
                "points": None if points is None else list(points),
                "record": record,
            })
        rounds.append({"round": r, "tables": tables, "standings": model.standings_after(t, r)})
    done = max((r.round_no for r in t.rounds if r.status == "finished"), default=0)
    return {
        "format": FORMAT,
        "tournament": t.tournament_id,
        "game": t.game_kind,
        "status": str(t.status),
        "created_at": t.created_at.isoformat(),
        "settings": {k: v for k, v in settings_of(t).to_json().items() if k != "seed"},
        "entrants": [
            {"entrant": e.entrant_no, "name": e.name, "human": e.human,
             "ai_level": e.ai_level, "replaced_from": e.replaced_from}
            for e in t.entrants
        ],
        "rounds": rounds,
        "standings": [row.to_json() for row in standings(t, done)],
    }


def pictures_zip(t: TournamentRecord, lang: str) -> bytes:
    """Every picture of the tournament, in one ZIP."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for r in t.rounds:
            if r.status == "finished":
                archive.writestr(f"standings-round-{r.round_no}.png",
                                 standings_png(t, r.round_no, lang))
        for s in t.tables:
            if s.result is not None:
                archive.writestr(f"sheet-round-{s.round_no}-table-{s.table_no}.png",
                                 sheet_png(t, s, lang))
    return buffer.getvalue()


def document_bytes(document: dict[str, Any]) -> bytes:
    return json.dumps(document, ensure_ascii=False, indent=1).encode()
