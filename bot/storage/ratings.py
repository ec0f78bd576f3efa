"""Per-guild, per-game OpenSkill (Bradley–Terry, partial pairing) ratings of human players, by
the final order.

Bradley–Terry rather than Plackett–Luce: openskill's Plackett–Luce mishandles ties (after
places 1, 4, 1, 3 among new players the two tied winners got the 3rd's mu and a lower rating
than the 3rd), while with Bradley–Terry a better place always ends with a higher rating and
equal places with equal ones. Ratings stored under Plackett–Luce were recomputed from the
archive by migration 9 (``recompute``: every rated game again, in the order it was rated).

A game is rated only when at least two seats are distinct humans and no human had more than
the guild's ``ai_share_limit`` of his moves made by an AI (an absent player). If one human
exceeded it, the whole game is unrated: the order among the humans was partly decided by an
AI proxy, and rating "the rest" would still credit or blame them against it. AI seats are
never rated and never appear in a leaderboard.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import aiosqlite
from openskill.models import BradleyTerryPart

from bot.storage.db import execute, fetchone

MODEL = BradleyTerryPart()  # the defaults: mu 25, sigma 25/3 (ordinal 0)
PROVISIONAL_GAMES = 5  # a rating is provisional until this many rated games
DISPLAY_BASE = 1500
DISPLAY_SCALE = 50


def ordinal(mu: float, sigma: float) -> float:
    return float(MODEL.rating(mu=mu, sigma=sigma).ordinal())


def display_rating(mu: float, sigma: float) -> int:
    """1500 + 50 × ordinal (mu − 3σ): a new player shows 1500."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * ordinal(mu, sigma))


def is_provisional(rated_games: int) -> bool:
    return rated_games < PROVISIONAL_GAMES


@dataclass(frozen=True, slots=True)
class Participant:
    user_id: int
    place: int  # 1 = best; equal places are ties
    ai_moves: int
    moves: int


class Rated(Protocol):
    """A seat as the rating rule reads it: a table's ``Seat`` or an archived game's seat."""

    @property
    def user_id(self) -> int | None: ...
    @property
    def ai_moves(self) -> int | None: ...
    @property
    def moves(self) -> int | None: ...


def participants(seats: Iterable[Rated | None]) -> list[Participant]:
    """The humans of a game's seats as ``unrated_reason`` reads them (the archive, the end
    post): their places where the seat has one (0: a table's seat, none yet — the rule does
    not read it), their AI moves and moves."""
    return [Participant(s.user_id, getattr(s, "place", None) or 0, s.ai_moves or 0,
                        s.moves or 0)
            for s in seats if s is not None and s.user_id is not None]


MIN_HUMANS = 2  # a game is rated only between at least this many humans


class Placed(Protocol):
    """A seat as ``rated_seats`` reads it: a ``PlayerResult`` or an archived seat."""

    @property
    def human(self) -> bool: ...
    @property
    def place(self) -> int | None: ...


S = TypeVar("S", bound=Placed)


def rated_seats(seats: Iterable[S]) -> tuple[list[S], list[int]]:
    """The seats a rated game rates and their places: its humans (an AI seat never), each
    ranked by its final place (equal places are ties). The archive rates a game by this and
    migration 9 re-rates the archive by it (an archived seat's ``human`` is whether it had a
    user id when archived — a forgotten user's seat still has it)."""
    chosen = [s for s in seats if s.human]
    return chosen, [s.place or 0 for s in chosen]


def unrated_reason(players: list[Participant], ai_share_limit: float) -> str | None:
    """Why a game is not rated, or None when it is."""
    if len({p.user_id for p in players}) != len(players):
        return "duplicate_user"
    if len(players) < MIN_HUMANS:
        return "too_few_humans"
    return "ai_share" if over_ai_share(players, ai_share_limit) else None


def over_ai_share(players: list[Participant], ai_share_limit: float) -> list[Participant]:
    """The humans an AI made more than ``ai_share_limit`` of the moves of (any of them
    keeps a game unrated)."""
    return [p for p in players if ai_played(p.ai_moves, p.moves, ai_share_limit)]


def ai_played(ai_moves: int | None, moves: int | None, ai_share_limit: float) -> bool:
    """An AI made more than ``ai_share_limit`` of a human's moves: the game is not his to
    count — it is unrated, his statistics skip it and the history says so (review 90: an
    AI's maturita counted as his). One definition for the three."""
    return bool(moves) and (ai_moves or 0) / (moves or 1) > ai_share_limit


def seat_ai_played(seat: Rated, ai_share_limit: float) -> bool:
    """``ai_played`` for a seat being archived (a human's; an AI seat never): stored on his
    archived seat, the one decision his history mark, his stats and the leaderboard read
    (review 95: they read the limit of today, and changed after the fact)."""
    return seat.user_id is not None and ai_played(seat.ai_moves, seat.moves, ai_share_limit)


def rate(before: list[tuple[float, float]], places: list[int]) -> list[tuple[float, float]]:
    """New (mu, sigma) of each player, one-player teams ranked by place (ties allowed)."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    result = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [(team[0].mu, team[0].sigma) for team in result]


async def current(
    conn: aiosqlite.Connection, guild_id: int, game_kind: str, user_id: int
) -> tuple[float, float]:
    row = await fetchone(
        conn,
        "SELECT mu, sigma FROM ratings WHERE guild_id = ? AND game_kind = ? AND user_id = ?",
        (guild_id, game_kind, user_id),
    )
    if row is None:
        return MODEL.mu, MODEL.sigma
    return float(row["mu"]), float(row["sigma"])


async def store(
    conn: aiosqlite.Connection,
    now: str,
    guild_id: int,
    game_kind: str,
    user_id: int,
    name: str,
    mu: float,
    sigma: float,
) -> None:
    await execute(
        conn,
        "INSERT INTO ratings (guild_id, game_kind, user_id, name, mu, sigma, rated_games,"
        " updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?)"
        " ON CONFLICT (guild_id, game_kind, user_id) DO UPDATE SET name = excluded.name,"
        " mu = excluded.mu, sigma = excluded.sigma, rated_games = rated_games + 1,"
        " updated_at = excluded.updated_at",
        (guild_id, game_kind, user_id, name, mu, sigma, now),
    )


def known_names(guild_id: int, seats: Iterable[Any]) -> list[tuple[str, int, int]]:
    """``(name, guild_id, user_id)`` of each human of a game just archived, rated or not:
    his ratings rows of the guild (every game's) take the name he played under, the one a
    leaderboard shows when he is no longer a member (an unrated game renamed nobody)."""
    return [(p.name, guild_id, p.user_id) for p in seats if p.user_id is not None]


async def refresh_names(conn: aiosqlite.Connection, guild_id: int,
                        seats: Iterable[Any]) -> None:
    """``known_names`` written (SQLite)."""
    await conn.executemany(
        "UPDATE ratings SET name = ?1 WHERE guild_id = ?2 AND user_id = ?3 AND name <> ?1",
        known_names(guild_id, seats))


@dataclass(frozen=True, slots=True)
class ArchivedSeat:
    """A seat of a rated archived game, as ``recompute`` reads it."""

    game_id: int
    guild_id: int
    game_kind: str
    finished_at: str
    seat: int
    human: bool
    user_id: int | None  # None: an AI seat or a forgotten user
    name: str
    place: int
    mu_before: float | None
    sigma_before: float | None


@dataclass(frozen=True, slots=True)
class SeatChange:
    game_id: int
    seat: int
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float


@dataclass(frozen=True, slots=True)
class Standing:
    """A ``ratings`` row: the latest name, the time of the last rated game."""

    guild_id: int
    game_kind: str
    user_id: int
    name: str
    mu: float
    sigma: float
    rated_games: int
    updated_at: str


# The seats of the rated games in the order the archive rated them: by game id (archive_game
# reads the ratings and inserts the game in one transaction, and game ids only grow; the
# finished_at stamp is read before that transaction waits for its turn, so it may disagree).
RATED_SEATS_SQL = (
    "SELECT g.game_id, g.guild_id, g.game_kind, g.finished_at, p.seat, p.human, p.user_id,"
    " p.name, p.place, p.mu_before, p.sigma_before FROM games AS g"
    " JOIN game_players AS p ON p.game_id = g.game_id"
    " WHERE g.rated ORDER BY g.game_id, p.seat"
)


def recompute(seats: Iterable[ArchivedSeat]) -> tuple[list[SeatChange], list[Standing]]:
    """Every rated game again, in the order given (``RATED_SEATS_SQL``), under ``MODEL``: the
    rated seats' new before/after values and everybody's rating, per guild and game.

    A forgotten user's seat (a human seat without a user id) still took part: it enters with
    the before value stored on that seat (the default when none is) — his games cannot be
    linked any more — and gives no rating (``forget_user`` deleted his, and it stays deleted).
    A rated game with fewer than ``MIN_HUMANS`` human seats cannot be rated and is left as it is.
    """
    games: dict[int, list[ArchivedSeat]] = {}
    for seat in seats:
        games.setdefault(seat.game_id, []).append(seat)
    now: dict[tuple[int, str, int], Standing] = {}
    changes: list[SeatChange] = []
    for game in games.values():
        chosen, places = rated_seats(game)
        if len(chosen) < MIN_HUMANS:
            continue
        before = [_before(now, s) for s in chosen]
        after = rate(before, places)
        for s, old, new in zip(chosen, before, after, strict=True):
            changes.append(SeatChange(s.game_id, s.seat, *old, *new))
            if s.user_id is not None:
                key = (s.guild_id, s.game_kind, s.user_id)
                played = now[key].rated_games if key in now else 0
                now[key] = Standing(s.guild_id, s.game_kind, s.user_id, s.name, *new,
                                    played + 1, s.finished_at)
    return changes, list(now.values())


def _before(now: dict[tuple[int, str, int], Standing], seat: ArchivedSeat) -> tuple[float, float]:
    if seat.user_id is None:  # forgotten: what the seat kept
        if seat.mu_before is None or seat.sigma_before is None:
            return MODEL.mu, MODEL.sigma
        return seat.mu_before, seat.sigma_before
    standing = now.get((seat.guild_id, seat.game_kind, seat.user_id))
    return (MODEL.mu, MODEL.sigma) if standing is None else (standing.mu, standing.sigma)


def archived_seat(row: Sequence[Any]) -> ArchivedSeat:
    """An ``ArchivedSeat`` of a ``RATED_SEATS_SQL`` row (SQLite or PostgreSQL)."""
    game_id, guild_id, kind, finished_at, seat, human, user_id, name, place, mu, sigma = row
    return ArchivedSeat(
        int(game_id), int(guild_id), str(kind), str(finished_at), int(seat), bool(human),
        None if user_id is None else int(user_id), str(name), int(place),
        None if mu is None else float(mu), None if sigma is None else float(sigma),
    )


def recomputed_rows(rows: Iterable[Sequence[Any]]) -> tuple[list[tuple[Any, ...]],
                                                            list[tuple[Any, ...]]]:
    """The archive rated again (``recompute``) from its ``RATED_SEATS_SQL`` rows, as the
    parameters of each back end's two statements: the rated seats' (mu_before, sigma_before,
    mu_after, sigma_after, game_id, seat) and the new ratings rows (guild_id, game_kind,
    user_id, name, mu, sigma, rated_games, updated_at)."""
    changes, standings = recompute(archived_seat(tuple(r)) for r in rows)
    return ([(x.mu_before, x.sigma_before, x.mu_after, x.sigma_after, x.game_id, x.seat)
             for x in changes],
            [(r.guild_id, r.game_kind, r.user_id, r.name, r.mu, r.sigma, r.rated_games,
              r.updated_at) for r in standings])
