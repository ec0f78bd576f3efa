"""Taroky's pictures, from views only: the hand (``SeatView``), the table and the protocol
(``TableView``, the public view), and the protocol of an archived round (its export)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.taroky.pictures.deal import render_deal
from bot.games.taroky.pictures.hand import hand_text, render_hand
from bot.games.taroky.pictures.pages import (
    first_page,
    opening_page,
    page_keys,
    page_label,
    parts,
    protocol_pages,
    render_sheet,
)
from bot.games.taroky.pictures.table import render_table
from bot.model import tournament_round
from bot.render.export import export_picture_names
from engine.taroky import SPEC, TarokyRound
from engine.taroky.errors import TarokyError


def clear_caches() -> None:
    """Forget every cached image: the shared ones (card art, fonts, text) and Taroky's
    composed pieces (hands, seat panels, the felt) and its palette. Call after the card art
    changed."""
    from bot.games.taroky.pictures import hand, palette, table
    from bot.render import clear_caches as clear_shared

    clear_shared()
    for fn in (hand._hand_image, table.seat_panel, table._base, palette.taroky):
        fn.cache_clear()


def round_from_export(data: Mapping[str, Any]) -> TarokyRound:
    """The archived round replayed from its record (``Storage.export_game``'s ``replay``)."""
    record = data.get("replay") if isinstance(data, Mapping) else None
    if not isinstance(record, Mapping) or record.get("game") != "taroky":
        raise ValueError("the export holds no Taroky round")
    try:
        state = SPEC.replayed(dict(record))
    except TarokyError as exc:
        raise ValueError(f"the exported round does not replay: {exc}") from exc
    assert isinstance(state, TarokyRound)
    return state


def render_sheet_from_export(data: Mapping[str, Any], lang: str = "cs", *,
                             state: TarokyRound | None = None) -> bytes:
    """PNG of the final protocol of an archived round (a tournament's table: of the
    tournament's round, which its archived options keep; ``state``: ``round_from_export(data)``
    where the caller has it already)."""
    options = data.get("options")
    link = options.get("tournament") if isinstance(options, Mapping) else None
    played = round_from_export(data) if state is None else state
    return render_sheet(played.public_view(), export_picture_names(data, lang), lang,
                        tournament_round(link))


__all__ = ["clear_caches", "first_page", "hand_text", "opening_page", "page_keys", "page_label",
           "parts", "protocol_pages", "render_deal", "render_hand", "render_sheet",
           "render_sheet_from_export", "render_table", "round_from_export"]
