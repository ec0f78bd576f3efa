"""Moves nobody clicked, marked in a game's event lines (``bot.model.Unclicked``: a forced
move the table made, or an AI's move for an absent player) — one rule for every game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.model import Unclicked


def marked_text(text: str, mark: str) -> str:
    """``mark`` before the sentence's final stop: "Hraješ 7❤️ (automaticky)."."""
    end = text[-1] if text and text[-1] in ".!" else ""
    return (text[: len(text) - len(end)] if end else text) + mark + (end or ".")


def marked_lines(events: Sequence[Any], event_type: type, line: Callable[[Any], str | None],
                 moves: tuple[type, ...], quiet: Callable[[Any], bool],
                 mark: Callable[[str], str]) -> list[str]:
    """The lines (``line``; None: no line) of the game's events (``event_type``). An
    ``Unclicked`` marks the next move (one of ``moves``) of its seat with ``mark(how)``, and
    that move is shown even when it is otherwise ``quiet``."""
    return [text for _, text in marked_pairs(events, event_type, line, moves, quiet, mark)]


def marked_pairs(events: Sequence[Any], event_type: type, line: Callable[[Any], str | None],
                 moves: tuple[type, ...], quiet: Callable[[Any], bool],
                 mark: Callable[[str], str]) -> list[tuple[int, str]]:
    """``marked_lines``, each line with the index in ``events`` of the event it tells."""
    marks: dict[int, str] = {}
    out: list[tuple[int, str]] = []
    for i, e in enumerate(events):
        if isinstance(e, Unclicked):
            marks[e.seat] = e.how
            continue
        if not isinstance(e, event_type):
            continue
        seat = getattr(e, "seat", None)
        marked = seat in marks and isinstance(e, moves)
        if quiet(e) and not marked:
            continue
        text = line(e)
        if text is None:
            continue
        if marked:
            assert isinstance(seat, int)
            text = marked_text(text, mark(marks.pop(seat)))
        out.append((i, text))
    return out
