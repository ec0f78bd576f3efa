"""Leaderboard and per-player statistics of one guild (nothing crosses guilds).

Games, wins and average points count every archived game where the user sat as a human
(rated or not); the rating counts rated games only. Contract averages are per partial game,
from the protocol rows of the user's seat; maturita is counted only as the maturant.
"""

from __future__ import annotations

from typing import Any

import aiosqlite

from bot.storage.db import fetchall, fetchone, loads
from bot.storage.export import tie_groups
from bot.storage.models import LeaderboardRow, PlayerStats
from bot.storage.ratings import display_rating, is_provisional
from engine.contracts import MATURITA_GAME, TALIE_ORDER

CONTRACTS = [c.value for c in TALIE_ORDER[: MATURITA_GAME - 1]]  # games 1–7 of a tálie

_LEADERBOARD = """
WITH played AS (
    SELECT user_id, COUNT(*) AS games, SUM(place = 1) AS wins, AVG(points) AS avg_points
    FROM game_players
    WHERE guild_id = :guild AND user_id IS NOT NULL AND human = 1
    GROUP BY user_id
)
SELECT r.user_id, r.name, r.mu, r.sigma, r.rated_games,
       COALESCE(p.games, 0) AS games, COALESCE(p.wins, 0) AS wins, p.avg_points
FROM ratings AS r LEFT JOIN played AS p ON p.user_id = r.user_id
WHERE r.guild_id = :guild
ORDER BY (r.mu - 3 * r.sigma) DESC, r.rated_games DESC, r.user_id
LIMIT :limit OFFSET :offset
"""


async def leaderboard(
    conn: aiosqlite.Connection, guild_id: int, *, offset: int = 0, limit: int = 10
) -> tuple[list[LeaderboardRow], int]:
    """One page of the rated players by display rating, and how many there are in all."""
    total_row = await fetchone(conn, "SELECT COUNT(*) FROM ratings WHERE guild_id = ?", (guild_id,))
    total = int(total_row[0]) if total_row else 0
    async with conn.execute(
        _LEADERBOARD, {"guild": guild_id, "limit": limit, "offset": offset}
    ) as cur:
        rows = list(await cur.fetchall())
    out = [
        LeaderboardRow(
            rank=offset + i + 1,
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
        for i, r in enumerate(rows)
    ]
    return out, total


def _mean(total: float, count: int) -> float | None:
    return total / count if count else None


async def player_stats(conn: aiosqlite.Connection, guild_id: int, user_id: int) -> PlayerStats:
    """Everything the ``/lora stats`` card shows; zeros and Nones for a stranger."""
    stats = PlayerStats(user_id=user_id)
    rating = await fetchone(
        conn,
        "SELECT mu, sigma, rated_games FROM ratings WHERE guild_id = ? AND user_id = ?",
        (guild_id, user_id),
    )
    if rating is not None:
        stats.mu, stats.sigma = rating["mu"], rating["sigma"]
        stats.rating = display_rating(rating["mu"], rating["sigma"])
        stats.rated_games = rating["rated_games"]
    stats.provisional = is_provisional(stats.rated_games)
    rows = await fetchall(
        conn,
        "SELECT g.game_id, p.seat, p.place, p.points, g.protocol, g.totals, g.stovka,"
        " g.final_order"
        " FROM game_players AS p JOIN games AS g ON g.game_id = p.game_id"
        " WHERE p.guild_id = ? AND g.guild_id = ? AND p.user_id = ? AND p.human = 1"
        " ORDER BY g.game_id",
        (guild_id, guild_id, user_id),
    )
    sums: dict[str, int] = dict.fromkeys(CONTRACTS, 0)
    counts: dict[str, int] = dict.fromkeys(CONTRACTS, 0)
    maturita_points = 0
    points_sum = 0
    for r in rows:
        seat, points = int(r["seat"]), int(r["points"])
        stats.games += 1
        stats.wins += int(r["place"] == 1)
        points_sum += points
        if stats.best is None or points < stats.best[1]:
            stats.best = (r["game_id"], points)
        if stats.worst is None or points > stats.worst[1]:
            stats.worst = (r["game_id"], points)
        protocol: list[dict[str, Any]] = loads(r["protocol"])
        maturita_talie: set[Any] = set()
        for row in protocol:
            game = row.get("game")
            if game is None:  # harakiri
                continue
            if game == MATURITA_GAME:
                if row.get("maturant") == seat:
                    maturita_talie.add(row.get("tali"))
                    stats.maturita_attempts += 1
                    stats.maturita_passed += int(not row.get("failed", False))
                    maturita_points += int(row["points"][seat])
                continue
            contract = CONTRACTS[game - 1]
            sums[contract] += int(row["points"][seat])
            counts[contract] += 1
        stats.maturitas += len(maturita_talie)
        totals: list[int] = loads(r["totals"])
        stovka: list[bool | None] = loads(r["stovka"])
        if stovka[seat] is True:
            stats.stovka_declared += 1
            stats.stovka_made += int(totals[seat] == 100)
        order: list[int] = loads(r["final_order"])
        for group in tie_groups(totals, stovka):
            if seat in group:
                stats.harakiri_played += 1
                stats.harakiri_won += int(min(group, key=order.index) == seat)
    stats.avg_points = _mean(points_sum, stats.games)
    stats.contracts = {c: _mean(sums[c], counts[c]) for c in CONTRACTS}
    stats.contract_games = counts
    stats.maturita_rate = _mean(stats.maturita_passed, stats.maturitas)
    stats.maturita_avg = _mean(maturita_points, stats.maturitas)
    return stats
