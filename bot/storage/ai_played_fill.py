"""Migration 13's fill (SQLite's Python step, PostgreSQL's upgrade): which human seats of the
games archived before it an AI played, as the archive would have recorded it then.

The limit in force when a game finished is today's where the guild's setting has not
changed since (or was never set: the default); where it has, the earlier value was not
kept, and today's is the best there is. The game's own stored decision is kept over either:
a rated game had no seat over the limit then (none is marked); a game unrated for
``ai_share`` had one at least — if no seat is over today's limit, the seats with its highest
share are (they were over then).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.storage.ratings import ai_played
from bot.storage.settings import DEFAULTS

# the human seats of every archived game (by game), with what the archive stored of it
SEATS_SQL = (
    "SELECT p.game_id, p.seat, g.guild_id, p.ai_moves, p.moves, g.rated, g.unrated_reason"
    " FROM game_players AS p JOIN games AS g ON g.game_id = p.game_id"
    " WHERE p.human ORDER BY p.game_id, p.seat"
)
LIMITS_SQL = "SELECT guild_id, value FROM guild_settings WHERE key = 'ai_share_limit'"


def limits(rows: Iterable[Sequence[Any]]) -> dict[int, float]:
    """The guilds' set limits of ``LIMITS_SQL`` rows (the value stored as JSON text)."""
    return {int(guild): float(value) for guild, value in rows}


def played_seats(rows: Iterable[Sequence[Any]], limit_of: Mapping[int, float]
                 ) -> list[tuple[int, int]]:
    """``(game_id, seat)`` of each human seat of ``SEATS_SQL`` rows an AI played."""
    games: dict[int, list[Sequence[Any]]] = {}
    for row in rows:
        games.setdefault(int(row[0]), []).append(row)
    out: list[tuple[int, int]] = []
    for game_id, seats in games.items():
        rated, reason = bool(seats[0][5]), seats[0][6]
        if rated:
            continue
        limit = limit_of.get(int(seats[0][2]), float(DEFAULTS["ai_share_limit"]))
        over = [int(s[1]) for s in seats if ai_played(s[3], s[4], limit)]
        if not over and reason == "ai_share":
            shares = {int(s[1]): (s[3] or 0) / s[4] for s in seats if s[4]}
            top = max(shares.values(), default=0.0)
            over = [seat for seat, share in shares.items() if share == top > 0]
        out += [(game_id, seat) for seat in over]
    return out
