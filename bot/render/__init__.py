"""Pictures of the game: pure functions from the engine's views to PNG bytes.

``render_table(PublicView, names)``, ``render_last_trick(PublicView, names)``,
``render_hand(SeatView)`` with ``hand_labels(SeatView)``, ``render_sheet(PublicView, names)`` (the
whole score sheet) and ``render_sheet_page(PublicView, names, lang, page)`` (a page a phone reads).
Only views go in (never a ``Lora``), so a hidden card cannot reach a picture.
``render_leaderboard(rows)`` draws a page of ``bot.storage.LeaderboardRow``;
``render_sheet_from_export(data)`` replays an archived lóra (``Storage.export_game``) to its sheet.
"""

from bot.render.export import render_sheet_from_export
from bot.render.hand import hand_labels, render_hand
from bot.render.leaderboard import render_leaderboard
from bot.render.sheet import render_sheet
from bot.render.sheet_pages import render_sheet_page
from bot.render.table import render_last_trick, render_table


def clear_caches(keep_palette: bool = False) -> None:
    """Forget every cached image (card art, scaled cards, fonts, text, composed pieces).

    Call after ``cards_art/png`` was regenerated so the new pictures are loaded. With
    ``keep_palette`` Lóra's fixed palette stays (it is drawn from the example pictures, so
    building it again would cache their texts anew: a test watching the texts drawn keeps it).
    """
    from bot.render import (
        cards,
        common,
        fonts,
        leaderboard,
        minis,
        palette,
        seats,
        sheet,
        suits,
        table,
    )

    for fn in (cards.art, cards.scaled, cards.tile, cards._local_faces, common._glyphs,
               common.badge, fonts.font, fonts.fit, seats.seat_panel, seats.legend,
               suits.suit_icon, sheet._block, table._base, leaderboard.medal,
               leaderboard._base, palette.lora, minis.mini_face, minis.mini_tile,
               minis.taroky_sign):
        if not (keep_palette and fn is palette.lora):
            fn.cache_clear()


__all__ = [
    "clear_caches",
    "hand_labels",
    "render_hand",
    "render_last_trick",
    "render_leaderboard",
    "render_sheet",
    "render_sheet_from_export",
    "render_sheet_page",
    "render_table",
]
