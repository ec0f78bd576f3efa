"""Seating: which seat a newcomer takes (a rematch keeps the order of play), the names of AI
players, and a finished game's seats that nobody takes back."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.errors import TableError
from bot.model import JSONDict, Seat, Table, rematch_declined

AI_NAMES = ("AI Karel", "AI Božena", "AI Jaroslav", "AI Libuše", "AI Václav")


def free_seat(seats: Sequence[Seat | None], rematch: JSONDict | None,
              user_id: int | None = None) -> int:
    """The first free seat of a lobby (TableError when the table is full). At a rematch
    (``Table.rematch``) a former player takes his old seat, and a newcomer a seat nobody of
    the finished table had while one is free, else one whose player said he does not play
    this time, before one of a player still awaited (review 82: a newcomer took an awaited
    player's seat beside a declined one's, who then sat elsewhere): the order of play stays
    theirs."""
    free = [i for i, s in enumerate(seats) if s is None]
    if not free:
        raise TableError("table_full")
    old = rematch_seats(rematch, len(seats))
    if user_id is not None and old.get(user_id) in free:
        return old[user_id]
    kept = set(old.values())
    gone = {old[u] for u in rematch_declined(rematch) if u in old}
    return next((i for i in free if i not in kept),
                next((i for i in free if i in gone), free[0]))


def ai_player(seats: Sequence[Seat | None], level: str,
              elsewhere: Collection[str] = ()) -> Seat:
    """An AI player of ``level`` named by the first name no seat has, preferring one no
    other running table of the server has (``elsewhere``: two tables each with "AI Karel"
    read as one player at both); a name used elsewhere only when all are."""
    taken = {x.name for x in seats if x is not None}
    names = [*AI_NAMES, *(f"AI {i}" for i in range(1, len(seats) + 1))]
    free = [n for n in names if n not in taken]
    return Seat(None, next((n for n in free if n not in elsewhere), free[0]), ai=level)


def ai_seat(seats: Sequence[Seat | None], rematch: JSONDict | None, seat: int | None) -> int:
    """Where an AI player sits: in ``seat`` if it is free, else the first free seat."""
    if seat is not None and 0 <= seat < len(seats) and seats[seat] is None:
        return seat
    return free_seat(seats, rematch)


def rematch_seats(rematch: JSONDict | None, count: int) -> dict[int, int]:
    """A rematch's former players and their seats (of ``count``) at the finished table (no
    rematch: empty)."""
    seats = (rematch or {}).get("seats")
    if not isinstance(seats, dict):
        return {}
    return {int(u): int(i) for u, i in seats.items()
            if str(u).isdigit() and isinstance(i, int) and 0 <= i < count}


def no_return(table: Table) -> None:
    """The game is over: nobody takes a seat he left back (and it no longer knows him)."""
    for seat in table.seats:
        if seat is not None:
            seat.left_by = None
