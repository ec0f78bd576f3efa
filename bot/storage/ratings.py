"""Per-guild, per-game OpenSkill (Bradley–Terry, partial pairing) ratings of human players, by
the final order.

Bradley–Terry rather than Plackett–Luce: openskill's Plackett–Luce mishandles ties (after
places 1, 4, 1, 3 among new players the two tied winners got the 3rd's mu and a lower rating
than the 3rd), while with Bradley–Terry a better place always ends with a higher rating and
equal places with equal ones. mu and sigma mean the same in both, so stored ratings carry on.

A game is rated only when at least two seats are distinct humans and no human had more than
the guild's ``ai_share_limit`` of his moves made by an AI (an absent player). If one human
exceeded it, the whole game is unrated: the order among the humans was partly decided by an
AI proxy, and rating "the rest" would still credit or blame them against it. AI seats are
never rated and never appear in a leaderboard.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

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
    """The humans of a game's seats as ``unrated_why`` reads them (the archive, the end
    post): their places where the seat has one (0: a table's seat, none yet — the rule does
    not read it), their AI moves and moves."""
    return [Participant(s.user_id, getattr(s, "place", None) or 0, s.ai_moves or 0,
                        s.moves or 0)
            for s in seats if s is not None and s.user_id is not None]


MIN_HUMANS = 2  # a game is rated only between at least this many humans


def unrated_why(players: list[Participant],
                ai_share_limit: float) -> tuple[str, Participant | None] | None:
    """Why a game is not rated (and for "ai_share" the first human over the limit), or None
    when it is."""
    if len({p.user_id for p in players}) != len(players):
        return "duplicate_user", None
    if len(players) < MIN_HUMANS:
        return "too_few_humans", None
    for p in players:
        if p.moves and p.ai_moves / p.moves > ai_share_limit:
            return "ai_share", p
    return None


def unrated_reason(players: list[Participant], ai_share_limit: float) -> str | None:
    """Why a game is not rated, or None when it is."""
    why = unrated_why(players, ai_share_limit)
    return None if why is None else why[0]


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
