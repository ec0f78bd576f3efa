"""The table message's recent event lines, and which of them it shows.

A new deal starts them anew (``cut``, at ``new_deal_at``): the lines before it are the last
deal's, whose result was posted, and under the new deal's heading they read as its own.
The message shows the last ``RECENT_SHOWN`` lines, and more (up to ``RECENT_LINES``, as many
as are kept) while a present player has not moved since they happened: a burst of AI moves
after his move, or another player's return, does not scroll out of the message before he
has moved again. A ``Fading`` line (Taroky's trick with its cards) reads in full only until
the next one comes: then its brief text replaces it (T-VIEW: the last trick, no earlier one).
The lines, how many were ever added, each seat's mark (that count at its own last move) and
the fading line change together, and a change the database refused is undone together.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

RECENT_SHOWN = 6
RECENT_LINES = 12


def new_deal_at(events: Sequence[object], ends: tuple[type, ...], starts: tuple[type, ...]
                ) -> int | None:
    """Where the events of a deal that began among ``events`` start: just after the last
    event that ended one (of ``ends``: its result), when a start (of ``starts``) follows it
    — what comes between them (Lóra's čistá stovka question) is the new deal's already.
    None when no deal ended and began among them."""
    last = max((i for i, e in enumerate(events) if isinstance(e, ends)), default=None)
    if last is None or not any(isinstance(e, starts) for e in events[last + 1:]):
        return None
    return last + 1


class Fading(str):
    """An event line that holds only while no later one of its kind has come: ``brief``
    then replaces it (a trick's cards, shown for the last trick only)."""

    brief: str

    def __new__(cls, text: str, brief: str) -> Fading:
        line = super().__new__(cls, text)
        line.brief = brief
        return line


@dataclass
class RecentLines:
    """The last ``RECENT_LINES`` event lines of a table, with what each seat has seen."""

    lines: list[str] = field(default_factory=list)
    count: int = 0  # how many lines were ever added
    marks: dict[int, int] = field(default_factory=dict)  # ``count`` at a seat's own last move
    fading: tuple[int, str] | None = None  # the last ``Fading`` line: (its count, its brief)
    # lines, count, marks and fading as last committed (``keep``), what ``undo`` goes back to
    _kept: tuple[list[str], int, dict[int, int], tuple[int, str] | None] = field(
        default_factory=lambda: ([], 0, {}, None), repr=False)

    def add(self, lines: Sequence[str], movers: Iterable[int] = ()) -> None:
        """Event lines; ``movers``: the seats whose own move (a click, not an AI's for them)
        the lines begin with (their marks: what they saw, the lines from their move on)."""
        for seat in movers:
            self.marks[seat] = self.count
        for line in lines:
            if isinstance(line, Fading):
                self._fade()
                self.fading = (self.count, line.brief)
            self.lines.append(str(line))
            self.count += 1
        del self.lines[:-RECENT_LINES]

    def _fade(self) -> None:
        """The last fading line (if still kept) reads brief: a later one of its kind came."""
        if self.fading is None:
            return
        at = self.fading[0] - (self.count - len(self.lines))
        if 0 <= at < len(self.lines):
            self.lines[at] = self.fading[1]
        self.fading = None

    def cut(self) -> None:
        """A new deal: the lines so far are the last deal's (the count and the marks go on,
        so that what each seat has seen still counts from them)."""
        self.lines.clear()
        self.fading = None

    def keep(self) -> None:
        """The lines as committed: what ``undo`` goes back to when the database refuses a
        change."""
        self._kept = (list(self.lines), self.count, dict(self.marks), self.fading)

    def undo(self) -> None:
        lines, self.count, marks, self.fading = self._kept
        self.lines, self.marks = list(lines), dict(marks)

    def shown(self, present: Iterable[int]) -> list[str]:
        """The lines the table message shows, ``present``: the seats of the humans at the
        table (a player away is told on his return, by his hand)."""
        unseen = max((self.count - self.marks.get(seat, 0) for seat in present), default=0)
        return self.lines[-max(RECENT_SHOWN, min(unseen, RECENT_LINES)):]

    def to_json(self) -> dict[str, Any]:
        return {
            "recent": self.lines[-RECENT_LINES:],
            "recent_count": self.count,
            "recent_marks": {str(seat): n for seat, n in self.marks.items()},
            "recent_fading": list(self.fading) if self.fading is not None else None,
        }

    @classmethod
    def from_json(cls, extra: dict[str, Any], seats: int) -> RecentLines:
        """As saved (kept as committed); a table saved before the count and marks were kept:
        every seat has seen its lines (the message shows the last few, as then)."""
        lines = list(extra.get("recent") or [])
        count = extra.get("recent_count")
        marks = extra.get("recent_marks")
        if not isinstance(count, int) or isinstance(count, bool) or not isinstance(marks, dict):
            recent = cls(lines, len(lines), dict.fromkeys(range(seats), len(lines)))
        else:
            recent = cls(lines, count, {int(k): v for k, v in marks.items()
                                        if str(k).isdigit() and isinstance(v, int)})
        fading = extra.get("recent_fading")
        if (isinstance(fading, list) and len(fading) == 2 and isinstance(fading[0], int)
                and isinstance(fading[1], str)):
            recent.fading = (fading[0], fading[1])
        recent.keep()
        return recent
