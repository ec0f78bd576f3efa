"""The score sheet of an archived lóra, rebuilt from ``Storage.export_game`` data.

The export holds the whole-lóra replay (docs/REPLAY.md: ``{"lora": true, "first_leader",
"options", "deals", "actions"}``) under ``"replay"`` and the players' names by seat under
``"names"``, and the engine's outcome (with the score sheet) under ``"outcome"``. The finished
lóra is rebuilt from the outcome (or, without one, by replaying the actions) and its final
public view is drawn by ``render_sheet``: exactly the sheet the table showed at the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import shown_name
from bot.render.common import entrant_names
from bot.render.sheet import render_sheet
from bot.storage.models import link_entrants
from engine.errors import LoraError
from engine.game import Outcome
from engine.lora import Lora
from engine.lora_spec import from_outcome, replay


def lora_from_export(data: Mapping[str, Any]) -> Lora:
    """The lóra replayed from an export (its final state). ``ValueError`` on a bad export."""
    record = data.get("replay") if isinstance(data, Mapping) else None
    if not isinstance(record, Mapping) or record.get("lora") is not True:
        raise ValueError("the export holds no whole-lóra replay")
    try:
        return replay(dict(record))
    except LoraError as exc:
        raise ValueError(f"the exported replay does not replay: {exc}") from exc


def export_names(data: Mapping[str, Any]) -> list[str]:
    """The four players' names by seat ("?" where missing)."""
    names = data.get("names")
    if not isinstance(names, list | tuple):
        names = []
    out = [str(n) if n is not None else "?" for n in names[:4]]
    return out + ["?"] * (4 - len(out))


def export_picture_names(data: Mapping[str, Any], lang: str) -> list[str]:
    """The names an exported game's pictures draw (``export_names`` as shown); a
    tournament's table names an unreadable one as its pictures did (the archived options
    keep the tournament's link and its seats' entrants)."""
    options = data.get("options")
    link = options.get("tournament") if isinstance(options, Mapping) else None
    return entrant_names([shown_name(n, lang) for n in export_names(data)], lang,
                         link_entrants(link))


def sheet_lora(data: Mapping[str, Any]) -> Lora:
    """The finished lóra whose sheet an export shows: rebuilt from the archived outcome (the
    sheet as the game ended, even if a rule was corrected since), else replayed."""
    outcome = data.get("outcome") if isinstance(data, Mapping) else None
    record = data.get("replay") if isinstance(data, Mapping) else None
    if isinstance(outcome, Mapping) and isinstance(record, Mapping):
        settings = data.get("options")
        options = settings.get("options") if isinstance(settings, Mapping) else None
        first = record.get("first_leader", 0)
        try:
            return from_outcome(Outcome.from_json(outcome), options,
                                first if isinstance(first, int) else 0)
        except (LoraError, KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"the exported outcome cannot be read: {exc}") from exc
    return lora_from_export(data)


def render_sheet_from_export(data: Mapping[str, Any], lang: str = "cs",
                             columns: int | None = None, *, lora: Lora | None = None) -> bytes:
    """PNG of the final score sheet of an exported lóra (``Storage.export_game``); the layout
    as ``render_sheet``'s (``lora``: ``sheet_lora(data)`` where the caller has it already)."""
    finished = sheet_lora(data) if lora is None else lora
    return render_sheet(finished.public_view(), export_picture_names(data, lang), lang, columns)
