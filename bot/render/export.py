"""The score sheet of an archived lóra, rebuilt from ``Storage.export_game`` data.

The export holds the whole-lóra replay (docs/REPLAY.md: ``{"lora": true, "first_leader",
"options", "deals", "actions"}``) under ``"replay"`` and the players' names by seat under
``"names"``. The replay is run through the engine (``engine.lora_spec.replay``) and the final
public view is drawn by ``render_sheet``, so the picture is exactly the sheet the table showed
at the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.render.sheet import render_sheet
from engine.errors import LoraError
from engine.lora import Lora
from engine.lora_spec import replay


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


def render_sheet_from_export(data: Mapping[str, Any], lang: str = "cs",
                             columns: int = 2) -> bytes:
    """PNG of the final score sheet of an exported lóra (``Storage.export_game``)."""
    lora = lora_from_export(data)
    return render_sheet(lora.public_view(), export_names(data), lang, columns)
