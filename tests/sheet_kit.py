"""Every kind of line a tálie's row can be labelled with, for the tall sheet's and the pages'
label tests alike."""

from __future__ import annotations

from bot.render.sheet import Line
from engine.contracts import MATURITA_GAME, TALIE_ORDER, Contract
from engine.lora import ProtocolRow


def every_label_line() -> list[Line]:
    """Each partial game done, in play and to come; each maturita attempt (M1–M3) with each
    chosen game, failed or passed, and in play; an attempt still choosing its game."""
    games = [c for c in TALIE_ORDER if c is not Contract.MATURITA]
    lines: list[Line] = []
    for game in range(1, len(TALIE_ORDER) + 1):
        lines += [(game, None, None, state, None, None) for state in ("done", "now", "later")]
    for attempt in (1, 2, 3):
        for chosen in games:
            for failed in (True, False):
                row = ProtocolRow(1, MATURITA_GAME, chosen, (8, 0, 0, 0) if failed else (0,) * 4,
                                  attempt=attempt, maturant=0, failed=failed)
                lines.append((MATURITA_GAME, row, (8, 0, 0, 0), "done", attempt, chosen))
            lines.append((MATURITA_GAME, None, None, "now", attempt, chosen))
        lines.append((MATURITA_GAME, None, None, "now", attempt, None))  # (choosing)
    return lines
