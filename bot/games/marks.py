"""Moves nobody clicked, marked in a game's event lines (``bot.model.Unclicked``: a forced
move the table made, or an AI's move for an absent player) — one rule for every game.

Who is told what: an AI standing in for an absent player is told to everyone (his absence
is public); a forced move only to its own player — at the table "(automaticky)" would tell
the others that it was his only legal move (that he held exactly one card of the suit led),
so there it is shown as any other move is."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from bot.model import Unclicked


class MarkedLine(NamedTuple):
    """A line of ``marked_entries``: the index in ``events`` of the event it tells (``at``),
    its text, and the mark ``marked_text`` put in it ("" when none; a reworded move's sentence
    says how it was made in its own words and has none)."""

    at: int
    text: str
    mark: str


def marked_text(text: str, mark: str) -> str:
    """``mark`` before the sentence's final stop: "Přikládáš 10❤️ (automaticky)."."""
    end = text[-1] if text and text[-1] in ".!" else ""
    return (text[: len(text) - len(end)] if end else text) + mark + (end or ".")


def public_mark(how: str) -> bool:
    """A move made ``how`` is marked at the table (for everyone): a stand-in is, a forced
    move is not, nor the move of the AI that took a left seat (an AI's seat to the others;
    the player who takes it back is told in his hand)."""
    return how not in ("auto", "left")


def last_click(events: Sequence[Any], seat: int, moves: tuple[type, ...]) -> int:
    """The index in ``events`` of ``seat``'s last move of his own (one of ``moves``; -1:
    none): not one the table made for him (a forced move, an AI's: the ``Unclicked`` put
    before it)."""
    return last_made(events, seat, moves, None)


def last_made(events: Sequence[Any], seat: int, moves: tuple[type, ...],
              how: str | None) -> int:
    """The index in ``events`` of ``seat``'s last move (one of ``moves``) made ``how`` (None:
    by his own click, ``last_click``; -1: none)."""
    return max(_moves_of(events, seat, moves, how), default=-1)


def unclicked_since(events: Sequence[Any], seat: int, moves: tuple[type, ...], how: str,
                    start: int = 0) -> list[int]:
    """The indices in ``events`` (from ``start`` on) of ``seat``'s moves the table made
    ``how`` for him since his last move of his own (``last_click``): one click may be
    followed by a chain of them, which his hand tells in one line until he moves."""
    since = max(start, last_click(events, seat, moves) + 1)
    return [i for i in _moves_of(events, seat, moves, how) if i >= since]


def _moves_of(events: Sequence[Any], seat: int, moves: tuple[type, ...],
              how: str | None) -> list[int]:
    """The indices of ``seat``'s moves made ``how`` (None: by his own click)."""
    found: list[int] = []
    marked: str | None = None
    for i, e in enumerate(events):
        if isinstance(e, Unclicked) and e.seat == seat:
            marked = e.how
        elif isinstance(e, moves) and getattr(e, "seat", None) == seat:
            if marked == how:
                found.append(i)
            marked = None
    return found


def marked_lines(events: Sequence[Any], event_type: type, line: Callable[[Any], str | None],
                 moves: tuple[type, ...], quiet: Callable[[Any], bool],
                 mark: Callable[[str, int], str | None]) -> list[str]:
    """The lines (``line``; None: no line) of the game's events (``event_type``). An
    ``Unclicked`` marks the next move (one of ``moves``) of its seat with ``mark(how,
    seat)`` (None: this reader is not told, and the move reads as any other), and that
    move is shown even when it is otherwise ``quiet``."""
    return [text for _, text in marked_pairs(events, event_type, line, moves, quiet, mark)]


def marked_pairs(events: Sequence[Any], event_type: type, line: Callable[[Any], str | None],
                 moves: tuple[type, ...], quiet: Callable[[Any], bool],
                 mark: Callable[[str, int], str | None],
                 reworded: Callable[[Any, str], str | None] | None = None,
                 ) -> list[tuple[int, str]]:
    """``marked_lines``, each line with the index in ``events`` of the event it tells.
    ``reworded(e, how)``: a marked move's own sentence that says how it was made (None:
    its line with the mark)."""
    return [(m.at, m.text)
            for m in marked_entries(events, event_type, line, moves, quiet, mark, reworded)]


def marked_entries(events: Sequence[Any], event_type: type,
                   line: Callable[[Any], str | None], moves: tuple[type, ...],
                   quiet: Callable[[Any], bool], mark: Callable[[str, int], str | None],
                   reworded: Callable[[Any, str], str | None] | None = None,
                   ) -> list[MarkedLine]:
    """``marked_pairs``, each line with the mark put in it too (a game that joins lines
    marks the joined line with it: nothing is read back out of a text)."""
    marks: dict[int, tuple[str, str]] = {}
    out: list[MarkedLine] = []
    for i, e in enumerate(events):
        if isinstance(e, Unclicked):
            said = mark(e.how, e.seat)
            if said is None:
                marks.pop(e.seat, None)
            else:
                marks[e.seat] = (e.how, said)
            continue
        if not isinstance(e, event_type):
            continue
        seat = getattr(e, "seat", None)
        marked = seat in marks and isinstance(e, moves)
        if quiet(e) and not marked:
            continue
        put = ""
        if marked:
            assert isinstance(seat, int)
            how, said = marks[seat]
            text = reworded(e, how) if reworded is not None else None
            if text is None:
                text = line(e)
                if text is not None:
                    text, put = marked_text(text, said), said
            if text is not None:
                del marks[seat]
        else:
            text = line(e)
        if text is None:
            continue
        out.append(MarkedLine(i, text, put))
    return out
