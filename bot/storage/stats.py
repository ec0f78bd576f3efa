"""Leaderboard and per-player statistics of one guild and one game (nothing crosses guilds).

Games, wins and average score count every archived game where the user sat as a human
(rated or not) but those an AI played for him (review 90: its results were credited to him),
as the archive decided it when the game finished (``game_players.ai_played``, review 95: not
by the limit of today — old stats changed with it); the rating counts rated games only. What
only a game can summarise (Lóra's contracts, maturita, čistá stovka, harakiri) its UI module
computes from ``PlayerStats.results``, each carrying the engine's ``Outcome``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import aiosqlite

from bot.storage.db import fetchall, fetchone, loads
from bot.storage.models import LeaderboardRow, PlayerStats, SeatResult, table_number
from bot.storage.ratings import display_rating, is_provisional
from engine.game import Outcome

# A win: first place at a table that not every player there shares (review 89: a Taroky
# round of 35:35, all four at 0,00 Kč, counted as a win for each). The leaderboards of both
# stores count it by this SQL (over ``game_players AS gp``), the statistics by ``is_win``.
WINS_SQL = ("SUM(CASE WHEN gp.place = 1 AND EXISTS (SELECT 1 FROM game_players AS o"
            " WHERE o.game_id = gp.game_id AND o.place > 1) THEN 1 ELSE 0 END)")


def is_win(place: int, places: Iterable[int]) -> bool:
    """``WINS_SQL``'s rule for one seat: place 1 while someone at the table placed lower."""
    return place == 1 and any(p > 1 for p in places)


# One page of a game's board in one query: the rated players ranked (display rating, then
# more rated games, then the user id) and counted, the page's rows (an offset past the last
# row: the last page's, a page of ``limit`` rows from the first — a stale ◀ ▶ lands there),
# and the games of those players alone
_LEADERBOARD = """
WITH ranked AS (
    SELECT user_id, name, mu, sigma, rated_games,
           ROW_NUMBER() OVER (ORDER BY (mu - 3 * sigma) DESC, rated_games DESC, user_id)
               AS rank,
           COUNT(*) OVER () AS total
    FROM ratings
    WHERE guild_id = :guild AND game_kind = :kind
), page AS (
    SELECT * FROM ranked
    WHERE rank > CASE WHEN :offset < total THEN :offset
                      ELSE MAX(0, (total - 1) / :limit * :limit) END
    ORDER BY rank
    LIMIT :limit
), played AS (
    SELECT gp.user_id, COUNT(*) AS games, """ + WINS_SQL + """ AS wins,
           AVG(gp.points) AS avg_points
    FROM game_players AS gp
    WHERE gp.guild_id = :guild AND gp.game_kind = :kind AND gp.human = 1
      AND gp.user_id IN (SELECT user_id FROM page) AND NOT gp.ai_played
    GROUP BY gp.user_id
)
SELECT r.user_id, r.name, r.mu, r.sigma, r.rated_games, r.rank, r.total,
       COALESCE(p.games, 0) AS games, COALESCE(p.wins, 0) AS wins, p.avg_points
FROM page AS r LEFT JOIN played AS p ON p.user_id = r.user_id
ORDER BY r.rank
"""


async def leaderboard(
    conn: aiosqlite.Connection, guild_id: int, game_kind: str, *, offset: int = 0,
    limit: int = 10
) -> tuple[list[LeaderboardRow], int]:
    """One page of the rated players by display rating, and how many there are in all (one
    query; an offset past the last row gives the last page, its rows' ranks tell which);
    their games those an AI did not play for them (as archived)."""
    async with conn.execute(
        _LEADERBOARD, {"guild": guild_id, "kind": game_kind, "limit": limit, "offset": offset}
    ) as cur:
        rows = list(await cur.fetchall())
    out = [
        LeaderboardRow(
            rank=r["rank"],
            user_id=r["user_id"],
            name=r["name"],
            rating=display_rating(r["mu"], r["sigma"]),
            mu=r["mu"],
            sigma=r["sigma"],
            provisional=is_provisional(r["rated_games"]),
            rated_games=r["rated_games"],
            games=r["games"],
            wins=r["wins"],
            avg_points=r["avg_points"],
        )
        for r in rows
    ]
    return out, int(rows[0]["total"]) if rows else 0


def _mean(total: float, count: int) -> float | None:
    return total / count if count else None


async def player_stats(
    conn: aiosqlite.Connection, guild_id: int, user_id: int, game_kind: str
) -> PlayerStats:
    """A user's record in one guild and game; zeros and Nones for a stranger."""
    stats = PlayerStats(user_id=user_id, game_kind=game_kind)
    rating = await fetchone(
        conn,
        "SELECT mu, sigma, rated_games FROM ratings WHERE guild_id = ? AND game_kind = ?"
        " AND user_id = ?",
        (guild_id, game_kind, user_id),
    )
    if rating is not None:
        stats.mu, stats.sigma = rating["mu"], rating["sigma"]
        stats.rating = display_rating(rating["mu"], rating["sigma"])
        stats.rated_games = rating["rated_games"]
    stats.provisional = is_provisional(stats.rated_games)
    rows = await fetchall(
        conn,
        "SELECT g.game_id, g.table_id, p.seat, p.place, p.points, p.ai_played,"
        " g.outcome FROM game_players AS p JOIN games AS g ON g.game_id = p.game_id"
        " WHERE p.guild_id = ? AND g.guild_id = ? AND g.game_kind = ? AND p.user_id = ?"
        " AND p.human = 1 ORDER BY g.game_id",
        (guild_id, guild_id, game_kind, user_id),
    )
    return add_results(stats, rows)


def add_results(stats: PlayerStats, rows: Iterable[Any]) -> PlayerStats:
    """Count the user's archived games (``game_id, table_id, seat, place, points, ai_played,
    outcome`` rows, by game id) into ``stats``: games, wins, average, best and worst
    (by the number of the table they were played at, which the players saw: review 82), and
    each outcome — but those an AI played for him (counted apart: ``ai_games``)."""
    points_sum = 0
    for r in rows:
        if r["ai_played"]:
            stats.ai_games += 1
            continue
        outcome = Outcome.from_json(loads(r["outcome"]))
        seat, points = int(r["seat"]), int(r["points"])
        shown = table_number(r["table_id"], int(r["game_id"]))
        stats.results.append(SeatResult(int(r["game_id"]), seat, int(r["place"]), points, outcome))
        stats.games += 1
        stats.wins += int(is_win(int(r["place"]), outcome.places))
        points_sum += points
        sign = 1 if outcome.lower_is_better else -1  # "best" is the fewest or the most
        if stats.best is None or sign * points < sign * stats.best[1]:
            stats.best = (shown, points)
        if stats.worst is None or sign * points > sign * stats.worst[1]:
            stats.worst = (shown, points)
    stats.avg_points = _mean(points_sum, stats.games)
    return stats
