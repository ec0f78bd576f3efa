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
    """``mark`` before the sentence's final stop: "Přikládáš 10❤️ (automaticky).". Only
    for a sentence that names no other seat after the mover's: there the mark would read
    as that seat's (a game puts it by the mover itself: ``marked_entries``' ``placed``)."""
    end = text[-1] if text and text[-1] in ".!" else ""
    return (text[: len(text) - len(end)] if end else text) + mark + (end or ".")


def public_mark(how: str) -> bool:
    """A move made ``how`` is marked at the table (for everyone): a stand-in is, a forced
    move is not, nor the move of the AI that took a left seat (an AI's seat to the others;
    the player who takes it back is told in his hand)."""
    return how not in ("auto", "left")


class Move(NamedTuple):
    """A seat's move in ``events`` (``seat_moves``): its index (``at``), how the table made
    it for him (``how``; None: by his own click) and the index of the ``Unclicked`` that says
    so (``marked_at``; -1 for a click)."""

    at: int
    how: str | None
    marked_at: int


class SeatMoves(NamedTuple):
    """One seat's moves in a game's events, found in one walk (``seat_moves``): what his
    hand reads of them — his last click, the moves the table made for him, where the deal
    in play starts — asked of this, not of the events again."""

    moves: tuple[Move, ...]
    start: int  # the index of the last event of ``starts`` (0: none)

    @property
    def last_click(self) -> int:
        """The index of his last move of his own (-1: none): not one the table made for
        him (a forced move, an AI's: the ``Unclicked`` put before it)."""
        return self.last_made(None)

    def last_made(self, how: str | None) -> int:
        """The index of his last move made ``how`` (None: by his own click; -1: none)."""
        return max((m.at for m in self.moves if m.how == how), default=-1)

    def unclicked_since(self, how: str | tuple[str, ...], start: int = 0) -> list[int]:
        """The indices (from ``start`` on) of his moves the table made ``how`` (one of them)
        for him since his last move of his own (``last_click``): one click may be followed
        by a chain of them, which his hand tells in one line until he moves."""
        hows = (how,) if isinstance(how, str) else how
        since = max(start, self.last_click + 1)
        return [m.at for m in self.moves if m.how in hows and m.at >= since]

    def clicked_from(self, since: int) -> bool:
        """He made a move of his own in the events from ``since`` on, as they read alone
        (``last_click`` of ``events[since:]`` ≥ 0): a move whose ``Unclicked`` is before
        ``since`` reads as his click there."""
        return any(m.at >= since and (m.how is None or m.marked_at < since)
                   for m in self.moves)


def seat_moves(events: Sequence[Any], seat: int, moves: tuple[type, ...],
               starts: tuple[type, ...] = ()) -> SeatMoves:
    """``seat``'s moves (events of ``moves``) in ``events``, each with how it was made: an
    ``Unclicked`` of his seat marks his next move; and the last event of ``starts`` (the
    deal in play's start). One walk for all a hand asks (``SeatMoves``)."""
    found: list[Move] = []
    marked: str | None = None
    marked_at, start = -1, 0
    for i, e in enumerate(events):
        if isinstance(e, Unclicked) and e.seat == seat:
            marked, marked_at = e.how, i
        elif isinstance(e, moves) and getattr(e, "seat", None) == seat:
            found.append(Move(i, marked, marked_at))
            marked, marked_at = None, -1
        if starts and isinstance(e, starts):
            start = i
    return SeatMoves(tuple(found), start)


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
                 placed: Callable[[Any, str, str], str | None] | None = None,
                 ) -> list[tuple[int, str]]:
    """``marked_lines``, each line with the index in ``events`` of the event it tells.
    ``reworded(e, how)``: a marked move's own sentence that says how it was made (None:
    its line with the mark); ``placed(e, how, mark)``: its line with a mark by the mover,
    in a sentence that names another seat after him (None: the mark before the final stop;
    by a name a game may word it otherwise: "Bob (hraje AI) vynáší …" but "Bob hraje 7🔔
    (tah AI).", no verb twice)."""
    return [(m.at, m.text) for m in marked_entries(events, event_type, line, moves, quiet,
                                                   mark, reworded, placed)]


def marked_entries(events: Sequence[Any], event_type: type,
                   line: Callable[[Any], str | None], moves: tuple[type, ...],
                   quiet: Callable[[Any], bool], mark: Callable[[str, int], str | None],
                   reworded: Callable[[Any, str], str | None] | None = None,
                   placed: Callable[[Any, str, str], str | None] | None = None,
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
            if text is None and placed is not None:
                text = placed(e, how, said)
                if text is not None:
                    put = said
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
