"""Finished games: the archive (with the rating update), recent games, export, forgetting.

An archived game is the engine's ``Outcome`` (places, scores, the game's extras) and its
replayable log (``GameSpec.record``: for Lóra the whole-lóra scenario of docs/REPLAY.md); the
score sheet, the export file and the statistics are derived from these two.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import aiosqlite

from bot.storage import ratings
from bot.storage.db import dumps, execute, fetchall, fetchone, loads, parse_stamp, transaction
from bot.storage.models import (
    ACTIVE_STATUSES,
    ANONYMOUS,
    STATUS_ABORTED,
    STATUS_FINISHED,
    ForgetResult,
    GamePlayer,
    GameSummary,
    PlayerResult,
    TableNotFound,
    left_seats,
    seat_names,
    tournament_link,
)
from bot.storage.settings import guild_settings
from bot.storage.tournaments import forget_in_tournaments
from engine.game import JSON, Outcome


def _check_players(players: list[PlayerResult], seats: int) -> list[PlayerResult]:
    by_seat = sorted(players, key=lambda p: p.seat)
    if [p.seat for p in by_seat] != list(range(seats)):
        raise ValueError(f"archive_game needs exactly one PlayerResult per seat 0–{seats - 1}")
    for p in by_seat:
        if p.place is not None and not 1 <= p.place <= seats:
            raise ValueError(f"bad place {p.place} for seat {p.seat}")
    return by_seat


def _check_outcome(outcome: Outcome) -> int:
    seats = len(outcome.places)
    if seats < 1 or len(outcome.scores) != seats:
        raise ValueError("the outcome needs a place and a score per seat")
    if any(not 1 <= p <= seats for p in outcome.places):
        raise ValueError(f"bad places {outcome.places}")
    return seats


async def archive_game(
    conn: aiosqlite.Connection,
    now: str,
    table_id: int,
    *,
    outcome: Outcome | None,
    record: JSON,
    players: list[PlayerResult],
    options: dict[str, Any],
) -> int:
    """Store a finished game (its outcome and replayable log) and update the ratings in one
    transaction; the table becomes 'finished'. Idempotent: a table already archived returns
    its game id unchanged. An unfinished game (no outcome) is refused."""
    if outcome is None:
        raise ValueError("the game is not finished")
    seats = _check_players(players, _check_outcome(outcome))
    async with transaction(conn):
        done = await fetchone(conn, "SELECT game_id FROM games WHERE table_id = ?", (table_id,))
        if done is not None:
            return int(done["game_id"])
        table = await fetchone(
            conn,
            "SELECT guild_id, channel_id, created_at, started_at, game_kind FROM tables"
            " WHERE table_id = ?",
            (table_id,),
        )
        if table is None:
            raise TableNotFound(table_id)
        guild_id, kind = int(table["guild_id"]), str(table["game_kind"])
        logged: Counter[int] = Counter()
        ai_logged: Counter[int] = Counter()
        for r in await fetchall(
            conn,
            "SELECT seat, actor, COUNT(*) AS n FROM table_actions WHERE table_id = ?"
            " AND seat IS NOT NULL GROUP BY seat, actor",
            (table_id,),
        ):
            logged[int(r["seat"])] += int(r["n"])
            if r["actor"] == "ai":
                ai_logged[int(r["seat"])] += int(r["n"])
        seats = [
            replace(
                p,
                place=p.place if p.place is not None else outcome.places[p.seat],
                moves=p.moves if p.moves is not None else logged[p.seat],
                ai_moves=p.ai_moves
                if p.ai_moves is not None
                else (ai_logged[p.seat] if p.human else 0),
            )
            for p in seats
        ]
        humans, places = ratings.rated_seats(seats)
        limit = float((await guild_settings(conn, guild_id))["ai_share_limit"])
        reason = ratings.unrated_reason(ratings.participants(humans), limit)
        change: dict[int, tuple[float, float, float, float]] = {}  # seat → mu/sigma before/after
        if reason is None:
            before = [await ratings.current(conn, guild_id, kind, p.user_id or 0) for p in humans]
            after = ratings.rate(before, places)
            for p, old, new in zip(humans, before, after, strict=True):
                assert p.user_id is not None
                await ratings.store(conn, now, guild_id, kind, p.user_id, p.name, *new)
                change[p.seat] = (*old, *new)
        await ratings.refresh_names(conn, guild_id, seats)
        game_id = await execute(
            conn,
            "INSERT INTO games (guild_id, channel_id, table_id, game_kind, started_at,"
            " finished_at, options, replay, outcome, rated, unrated_reason)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                guild_id,
                table["channel_id"],
                table_id,
                kind,
                table["started_at"] or table["created_at"],
                now,
                dumps(options),
                dumps(record),
                dumps(outcome.to_json()),
                int(reason is None),
                reason,
            ),
        )
        for p in seats:
            mu_sigma = change.get(p.seat) or (None, None, None, None)
            await execute(
                conn,
                "INSERT INTO game_players (game_id, seat, guild_id, game_kind, human, user_id,"
                " name, ai_level, ai_moves, moves, place, points, mu_before, sigma_before,"
                " mu_after, sigma_after, ai_played)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id, p.seat, guild_id, kind, int(p.human), p.user_id, p.name,
                    None if p.human else p.ai_level, p.ai_moves, p.moves, p.place,
                    outcome.scores[p.seat], *mu_sigma, int(ratings.seat_ai_played(p, limit)),
                ),
            )  # fmt: skip
        # the archive keeps the game (its record replays to the final state): the table's
        # snapshot and move log go (``TableRecord.replay`` answers its old buttons)
        await execute(
            conn,
            "UPDATE tables SET status = ?, updated_at = ?, state = NULL WHERE table_id = ?",
            (STATUS_FINISHED, now, table_id),
        )
        await execute(conn, "DELETE FROM seated WHERE table_id = ?", (table_id,))
        await execute(conn, "DELETE FROM table_actions WHERE table_id = ?", (table_id,))
    return game_id


def _player(row: aiosqlite.Row) -> GamePlayer:
    def shown(mu: float | None, sigma: float | None) -> int | None:
        return None if mu is None or sigma is None else ratings.display_rating(mu, sigma)

    return GamePlayer(
        seat=row["seat"],
        user_id=row["user_id"],
        name=row["name"],
        ai_level=row["ai_level"],
        human=bool(row["human"]),
        place=row["place"],
        points=row["points"],
        ai_moves=row["ai_moves"],
        moves=row["moves"],
        rating_before=shown(row["mu_before"], row["sigma_before"]),
        rating_after=shown(row["mu_after"], row["sigma_after"]),
        ai_played=bool(row["ai_played"]),
    )


async def recent_games(
    conn: aiosqlite.Connection, guild_id: int, game_kind: str | None = None, limit: int = 10,
    offset: int = 0,
) -> list[GameSummary]:
    """The guild's finished games (of one game, or of all), newest first, skipping the
    ``offset`` newest; players by place."""
    games = await fetchall(
        conn,
        "SELECT * FROM games WHERE guild_id = ? AND (? IS NULL OR game_kind = ?)"
        " ORDER BY finished_at DESC, game_id DESC LIMIT ? OFFSET ?",
        (guild_id, game_kind, game_kind, limit, offset),
    )
    out: list[GameSummary] = []
    for g in games:
        rows = await fetchall(
            conn,
            "SELECT * FROM game_players WHERE game_id = ? ORDER BY place, seat",
            (g["game_id"],),
        )
        started, finished = parse_stamp(g["started_at"]), parse_stamp(g["finished_at"])
        assert started is not None and finished is not None
        out.append(
            GameSummary(
                game_id=g["game_id"],
                game_kind=g["game_kind"],
                table_id=g["table_id"],
                channel_id=g["channel_id"],
                started_at=started,
                finished_at=finished,
                rated=bool(g["rated"]),
                unrated_reason=g["unrated_reason"],
                players=[_player(r) for r in rows],
                left=left_seats(loads(g["options"])),
                outcome=Outcome.from_json(loads(g["outcome"])),
                tournament=tournament_link(loads(g["options"])),
            )
        )
    return out


async def count_games(
    conn: aiosqlite.Connection, guild_id: int, game_kind: str | None = None
) -> int:
    row = await fetchone(
        conn,
        "SELECT COUNT(*) FROM games WHERE guild_id = ? AND (? IS NULL OR game_kind = ?)",
        (guild_id, game_kind, game_kind),
    )
    return int(row[0]) if row else 0


async def export_game(
    conn: aiosqlite.Connection, guild_id: int, game_id: int, game_kind: str | None = None,
    *, by_table: bool = False,
) -> dict[str, Any] | None:
    """``{"game_id", "game_kind", "replay", "names", "outcome", "options", "started_at",
    "finished_at"}``: ``replay`` is the game's replayable log (for Lóra the scenario of
    ``python -m engine replay``), ``names`` by seat, ``outcome`` the engine's
    ``Outcome.to_json()``, ``user_ids`` by seat (None: an AI's, or a forgotten player's)
    for the names the asker's server shows today — no file of an export carries them. None
    unless the game is this guild's (and of ``game_kind`` when given). ``by_table``:
    ``game_id`` is the number of the table it was played at (as players and the history
    know it: review 82), ``table_id`` in the data."""
    column = "table_id" if by_table else "game_id"
    game = await fetchone(
        conn,
        f"SELECT * FROM games WHERE {column} = ? AND guild_id = ?"
        " AND (? IS NULL OR game_kind = ?)",
        (game_id, guild_id, game_kind, game_kind),
    )
    if game is None:
        return None
    game_id = int(game["game_id"])
    outcome = loads(game["outcome"])
    rows = await fetchall(
        conn, "SELECT seat, name, human, user_id FROM game_players WHERE game_id = ?"
        " ORDER BY seat", (game_id,)
    )
    names, user_ids = seat_names(len(outcome["places"]), rows)
    return {
        "game_id": game_id,
        "table_id": game["table_id"],
        "game_kind": game["game_kind"],
        "replay": loads(game["replay"]),
        "names": names,
        "user_ids": user_ids,
        "outcome": outcome,
        "options": loads(game["options"]),
        "started_at": game["started_at"],
        "finished_at": game["finished_at"],
    }


async def forget_user(conn: aiosqlite.Connection, now: str, user_id: int) -> ForgetResult:
    """Remove a user's personal data in every guild: archived seats become "anonymous" with
    no user id (the games stay), ratings go, logged clicks lose the id. Tables that name him
    are anonymized (and their ``extra`` cleared: it may quote names); an active table he sits
    at is aborted — the game cannot go on and never will be rated."""
    async with transaction(conn):
        game_rows = await execute(
            conn,
            "UPDATE game_players SET user_id = NULL, name = ? WHERE user_id = ?",
            (ANONYMOUS, user_id),
        )
        deleted = await execute(conn, "DELETE FROM ratings WHERE user_id = ?", (user_id,))
        await execute(conn, "UPDATE table_actions SET user_id = NULL WHERE user_id = ?", (user_id,))
        tables = await fetchall(
            conn,
            "SELECT table_id, status, seats, creator_id FROM tables WHERE creator_id = ?"
            " OR EXISTS (SELECT 1 FROM json_each(tables.seats) AS s WHERE s.type = 'object'"
            " AND json_extract(s.value, '$.user_id') = ?) ORDER BY table_id",
            (user_id, user_id),
        )
        touched: list[int] = []
        aborted: list[int] = []
        for t in tables:
            seats: list[dict[str, Any] | None] = loads(t["seats"])
            seated = False
            for seat in seats:
                if isinstance(seat, dict) and seat.get("user_id") == user_id:
                    seat.update(user_id=None, name=ANONYMOUS)
                    seated = True
            sets: dict[str, Any] = {"seats": dumps(seats), "updated_at": now}
            if t["creator_id"] == user_id:
                sets["creator_id"] = None
            if seated:
                sets["extra"] = "{}"
                touched.append(t["table_id"])
                if t["status"] in ACTIVE_STATUSES:
                    sets["status"] = STATUS_ABORTED
                    aborted.append(t["table_id"])
                    await execute(conn, "DELETE FROM seated WHERE table_id = ?", (t["table_id"],))
            columns = ", ".join(f"{name} = ?" for name in sets)
            await execute(
                conn,
                f"UPDATE tables SET {columns} WHERE table_id = ?",
                (*sets.values(), t["table_id"]),
            )
        await execute(conn, "DELETE FROM seated WHERE user_id = ?", (user_id,))
        await execute(conn, "DELETE FROM user_settings WHERE user_id = ?", (user_id,))
        await execute(conn, "DELETE FROM hand_tokens WHERE user_id = ?", (user_id,))
        await forget_in_tournaments(conn, user_id)
    return ForgetResult(game_rows, deleted, touched, aborted)
