"""``PostgresStore``: the ``TableStore`` on PostgreSQL (asyncpg), for deployments whose shards
share one database. Same tables and behaviour as ``Storage`` (SQLite); the schema is
``postgres_schema.sql``. Each call is one transaction on a pooled connection; a table's row is
locked (``FOR UPDATE``) while its state and log are written, so concurrent processes never
interleave two writes of one table. The schema has no versions (its statements create what is
missing); a change of stored data runs once when a store opens (``UPGRADES``, named in the
``upgrades`` table) — as the Python steps of SQLite's migrations. ``pip install asyncpg``.
"""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import Callable, Coroutine, Sequence
from datetime import datetime, timedelta
from importlib import resources
from typing import Any, Concatenate, ParamSpec, TypeVar

from bot.errors import AlreadyRegistered, TableNotFound, UserAlreadySeated
from bot.storage import ai_played_fill, ratings
from bot.storage.archive import _check_outcome, _check_players, _player
from bot.storage.db import dumps, loads, parse_stamp, stamp, state_json, utc_now
from bot.storage.hands import of_row as hand_of_row
from bot.storage.models import (
    ACTIVE_STATUSES,
    ANONYMOUS,
    STATUS_ABORTED,
    STATUS_FINISHED,
    STATUS_LOBBY,
    STATUS_PLAYING,
    STATUSES,
    ForgetResult,
    GameSummary,
    HandToken,
    LeaderboardRow,
    OutboxBatch,
    OutboxDone,
    OutboxEntry,
    OutboxItem,
    PlayerResult,
    PlayerStats,
    TableRecord,
    TournamentNotFound,
    TournamentRecord,
    left_seats,
    seat_names,
    tournament_link,
)
from bot.storage.outbox import check_done, entry_of
from bot.storage.ratings import display_rating, is_provisional
from bot.storage.settings import DEFAULTS, GuildSettingsCache, validate, validate_user
from bot.storage.stats import WINS_SQL, add_results
from bot.storage.tables import (
    GET_TABLE_SQL,
    UNSET,
    _actor,
    _seat_count,
    record_of,
    seat_user_ids,
)
from bot.storage.tournaments import (
    check_reason,
    check_status,
    check_tables,
    entrant_of,
    round_of,
    substitution_of,
    table_of,
    tournament_of,
)
from engine.game import JSON, Outcome

Conn = Any  # an asyncpg connection (asyncpg ships no type information)
P = ParamSpec("P")
T = TypeVar("T")


def shielded(
    method: Callable[Concatenate[PostgresStore, P], Coroutine[Any, Any, T]],
) -> Callable[Concatenate[PostgresStore, P], Coroutine[Any, Any, T]]:
    """A write completes or rolls back as a whole even if its caller is cancelled."""

    async def wrapper(self: PostgresStore, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return await asyncio.shield(method(self, *args, **kwargs))

    functools.update_wrapper(wrapper, method)
    return wrapper


async def recompute_ratings(c: Conn) -> None:
    """SQLite migration 9 here: the archive rated again under the current model
    (``ratings.recompute``), the rated seats' values and the ratings rows rewritten."""
    seats, rows = ratings.recomputed_rows(await c.fetch(ratings.RATED_SEATS_SQL))
    await c.executemany(
        "UPDATE game_players SET mu_before = $1, sigma_before = $2, mu_after = $3,"
        " sigma_after = $4 WHERE game_id = $5 AND seat = $6", seats)
    await c.execute("DELETE FROM ratings")
    await c.executemany(
        "INSERT INTO ratings (guild_id, game_kind, user_id, name, mu, sigma, rated_games,"
        " updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)", rows)


async def prune_archived_tables(c: Conn) -> None:
    """SQLite migration 10 here: the move logs of the tables that ended, and the snapshots
    of those whose game is archived (its record replays to it), deleted."""
    await c.execute((resources.files("bot.storage") / "migrations"
                     / "0010_archived_tables_pruned.sql").read_text("utf-8"))


# One-time changes of stored data (the ``upgrades`` table of postgres_schema.sql names those
# done): the schema itself has no versions, its statements create only what is missing.
async def store_ai_played(c: Conn) -> None:
    """SQLite migration 13 here: the archived human seats an AI played marked, as the archive
    decided it then as far as the stored data tells (``ai_played_fill``)."""
    await c.execute("ALTER TABLE game_players"
                    " ADD COLUMN IF NOT EXISTS ai_played BOOLEAN NOT NULL DEFAULT FALSE")
    limit_of = ai_played_fill.limits(await c.fetch(ai_played_fill.LIMITS_SQL))
    played = ai_played_fill.played_seats(await c.fetch(ai_played_fill.SEATS_SQL), limit_of)
    await c.executemany("UPDATE game_players SET ai_played = TRUE WHERE game_id = $1"
                        " AND seat = $2", played)


UPGRADES: dict[str, Callable[[Conn], Coroutine[Any, Any, None]]] = {
    "0009_ratings_recomputed": recompute_ratings,  # as SQLite migration 0009
    "0010_archived_tables_pruned": prune_archived_tables,  # as SQLite migration 0010
    "0013_ai_played_stored": store_ai_played,  # as SQLite migration 0013
}


class PostgresStore:
    """Open with ``await PostgresStore.open(dsn)``; ``await store.close()`` at shutdown."""

    def __init__(self, pool: Any, clock: Callable[[], datetime] = utc_now) -> None:
        self._pool = pool
        self._clock = clock
        self._guilds = GuildSettingsCache()  # the servers' settings, as read

    @classmethod
    async def open(cls, dsn: str, *, clock: Callable[[], datetime] = utc_now) -> PostgresStore:
        import asyncpg

        pool = await asyncpg.create_pool(dsn, min_size=1, max_size=4)
        schema = (resources.files("bot.storage") / "postgres_schema.sql").read_text("utf-8")
        async with pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(4204)")  # one creator at a time
            await conn.execute(schema)
            for name, upgrade in UPGRADES.items():
                if await conn.fetchval("SELECT 1 FROM upgrades WHERE name = $1", name) is None:
                    await upgrade(conn)
                    await conn.execute("INSERT INTO upgrades (name, applied_at) VALUES ($1, $2)",
                                       name, stamp(utc_now()))
        return cls(pool, clock)

    async def close(self) -> None:
        await self._pool.close()

    def _now(self) -> str:
        return stamp(self._clock())

    # -- tables in play ----------------------------------------------------------------
    async def _seat_users(self, c: Conn, table_id: int, guild_id: int,
                          seats: Sequence[dict[str, Any] | None], status: str) -> None:
        await c.execute("DELETE FROM seated WHERE table_id = $1", table_id)
        if status not in ACTIVE_STATUSES:
            return
        for uid in seat_user_ids(seats):
            other = await c.fetchrow(
                "SELECT table_id FROM seated WHERE guild_id = $1 AND user_id = $2", guild_id, uid
            )
            if other is not None:
                raise UserAlreadySeated(uid, int(other["table_id"]))
            import asyncpg

            try:
                async with c.transaction():  # a savepoint: a race lost is a clean refusal
                    await c.execute("INSERT INTO seated (guild_id, user_id, table_id)"
                                    " VALUES ($1, $2, $3)", guild_id, uid, table_id)
            except asyncpg.UniqueViolationError:
                raise UserAlreadySeated(uid, -1) from None

    @shielded
    async def create_table(self, guild_id: int, channel_id: int, creator_id: int,
                           settings: dict[str, Any], seats: Sequence[dict[str, Any] | None],
                           game_kind: str = "lora") -> int:
        now = self._now()
        async with self._pool.acquire() as c, c.transaction():
            table_id = int(await c.fetchval(
                "INSERT INTO tables (guild_id, channel_id, creator_id, status, settings, seats,"
                " created_at, updated_at, game_kind) VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)"
                " RETURNING table_id",
                guild_id, channel_id, creator_id, STATUS_LOBBY, dumps(settings),
                dumps(list(seats)), now, game_kind,
            ))
            await self._seat_users(c, table_id, guild_id, seats, STATUS_LOBBY)
        return table_id

    @shielded
    async def update_table(
        self, table_id: int, *, status: str | None = None, message_id: int | None = UNSET,
        seats: Sequence[dict[str, Any] | None] | None = None,
        settings: dict[str, Any] | None = None, state: dict[str, Any] | str | None = UNSET,
        version: int | None = None, action: dict[str, Any] | None = None,
        extra: dict[str, Any] | None = None, actions: Sequence[dict[str, Any]] = (),
        outbox: Sequence[OutboxItem] = (), channel_id: int | None = None,
    ) -> list[int]:
        if status is not None and status not in STATUSES:
            raise ValueError(f"unknown status {status!r}")
        now = self._now()
        todo = ([action] if action is not None else []) + list(actions)
        async with self._pool.acquire() as c, c.transaction():
            row = await c.fetchrow(
                "SELECT guild_id, status, seats, started_at, game_kind FROM tables"
                " WHERE table_id = $1 FOR UPDATE", table_id)
            if row is None:
                raise TableNotFound(table_id)
            sets: dict[str, Any] = {"updated_at": now}
            if status is not None:
                sets["status"] = status
                if status == STATUS_PLAYING and row["started_at"] is None:
                    sets["started_at"] = now
            if message_id is not UNSET:
                sets["message_id"] = message_id
            if channel_id is not None:
                sets["channel_id"] = channel_id
            seats_text = None if seats is None else dumps(list(seats))
            if seats_text is None or seats_text == row["seats"]:
                seats = None
            else:
                sets["seats"] = seats_text
            if settings is not None:
                sets["settings"] = dumps(settings)
            if state is not UNSET:
                sets["state"] = None if state is None else state_json(state)
            if version is not None:
                sets["version"] = version
            if extra is not None:
                sets["extra"] = dumps(extra)
            columns = ", ".join(f"{name} = ${i}" for i, name in enumerate(sets, 2))
            await c.execute(f"UPDATE tables SET {columns} WHERE table_id = $1", table_id,
                            *sets.values())
            if (status is not None and status != row["status"]) or seats is not None:
                await self._seat_users(c, table_id, row["guild_id"],
                                       seats if seats is not None else loads(row["seats"]),
                                       status or row["status"])
            count = _seat_count(row["game_kind"])
            seq = int(await c.fetchval(
                "SELECT COALESCE(MAX(seq), 0) FROM table_actions WHERE table_id = $1", table_id))
            if status == STATUS_ABORTED:  # (its game is not archived: the log is of no use)
                todo = []
                await c.execute("DELETE FROM table_actions WHERE table_id = $1", table_id)
            for one in todo:
                payload = dict(one)
                actor, user_id = _actor(payload.pop("by", None))
                seat = payload.get("seat")
                if seat is not None and (not isinstance(seat, int) or not 0 <= seat < count):
                    raise ValueError(f"bad seat in action {one!r}")
                seq += 1
                await c.execute(
                    "INSERT INTO table_actions (table_id, seq, seat, action, actor, user_id,"
                    " created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    table_id, seq, seat, dumps(payload), actor, user_id, now)
            return await self._insert_outbox(c, now, outbox)

    # -- the outbox ----------------------------------------------------------------------
    @staticmethod
    async def _insert_outbox(c: Conn, now: str, items: Sequence[OutboxItem]) -> list[int]:
        return [int(await c.fetchval(
            "INSERT INTO outbox (channel_id, table_id, kind, key, payload, created_at)"
            " VALUES ($1, $2, $3, $4, $5, $6) RETURNING entry_id",
            i.channel_id, i.table_id, i.kind, i.key, dumps(i.payload), now)) for i in items]

    @classmethod
    async def _write_batch(cls, c: Conn, now: str, batch: OutboxBatch | None) -> list[int]:
        """A tournament change's entries, inside its transaction (``batch.ids`` are set by
        the caller once the transaction committed)."""
        return [] if batch is None else await cls._insert_outbox(c, now, batch.items)

    @staticmethod
    def _committed(batch: OutboxBatch | None, ids: list[int]) -> None:
        if batch is not None:
            batch.ids = ids

    @shielded
    async def add_outbox(self, items: Sequence[OutboxItem]) -> list[int]:
        now = self._now()
        async with self._pool.acquire() as c, c.transaction():
            return await self._insert_outbox(c, now, items)

    async def pending_outbox(self) -> list[OutboxEntry]:
        async with self._pool.acquire() as c:
            rows = await c.fetch("SELECT * FROM outbox WHERE state = 'pending' ORDER BY entry_id")
        return [entry_of(r) for r in rows]

    @shielded
    async def outbox_attempted(self, entry_id: int, watermark: int | None = None) -> None:
        async with self._pool.acquire() as c:
            await c.execute("UPDATE outbox SET attempted_at = $1, attempts = attempts + 1,"
                            " watermark = COALESCE(watermark, $2) WHERE entry_id = $3",
                            self._now(), watermark, entry_id)

    @shielded
    async def outbox_fold(self, entry_id: int, payload: dict[str, Any],
                          folded: Sequence[int]) -> None:
        now = self._now()
        async with self._pool.acquire() as c, c.transaction():
            changed = await c.execute(
                "UPDATE outbox SET payload = $1 WHERE entry_id = $2 AND state = 'pending'"
                " AND attempted_at IS NULL", dumps(payload), entry_id)
            if changed != "UPDATE 1":
                raise ValueError(f"outbox entry {entry_id} cannot carry others")
            for f in folded:
                await c.execute("UPDATE outbox SET state = 'superseded', done_at = $1"
                                " WHERE entry_id = $2 AND state = 'pending'", now, f)

    @shielded
    async def outbox_done(self, done: Sequence[OutboxDone]) -> None:
        check_done(done)
        if not done:
            return
        now = self._now()
        async with self._pool.acquire() as c, c.transaction():
            for d in done:
                await c.execute(
                    "UPDATE outbox SET state = $1, message_id = COALESCE($2, message_id),"
                    " done_at = $3 WHERE entry_id = $4 AND state = 'pending'",
                    d.state, d.message_id, now, d.entry_id)

    async def outbox_posted_ids(self, channel_id: int, since: datetime) -> set[int]:
        async with self._pool.acquire() as c:
            rows = await c.fetch(
                "SELECT message_id FROM outbox WHERE channel_id = $1 AND message_id IS NOT NULL"
                " AND done_at >= $2", channel_id, stamp(since))
        return {int(r["message_id"]) for r in rows}

    @shielded
    @shielded
    async def save_hands(self, put: Sequence[HandToken],
                         drop: Sequence[tuple[int, int]] = ()) -> None:
        if not put and not drop:
            return
        async with self._pool.acquire() as c, c.transaction():
            for table_id, user_id in drop:
                await c.execute("DELETE FROM hand_tokens WHERE table_id = $1 AND user_id = $2",
                                table_id, user_id)
            for h in put:
                await c.execute(
                    "INSERT INTO hand_tokens (table_id, user_id, application_id, token,"
                    " message_id, opened_at, expires_at, hand_id)"
                    " SELECT $1, $2, $3, $4, $5, $6, $7, $8"
                    " WHERE EXISTS (SELECT 1 FROM tables WHERE table_id = $1)"
                    " ON CONFLICT (table_id, user_id) DO UPDATE SET"
                    " application_id = excluded.application_id, token = excluded.token,"
                    " message_id = excluded.message_id, opened_at = excluded.opened_at,"
                    " expires_at = excluded.expires_at, hand_id = excluded.hand_id",
                    h.table_id, h.user_id, h.application_id, h.token, h.message_id,
                    stamp(h.opened_at), stamp(h.expires_at), h.hand_id)

    async def load_hands(self, now: datetime) -> list[HandToken]:
        async with self._pool.acquire() as c, c.transaction():
            await c.execute("DELETE FROM hand_tokens WHERE expires_at <= $1", stamp(now))
            rows = await c.fetch("SELECT * FROM hand_tokens ORDER BY table_id, user_id")
        return [hand_of_row(r) for r in rows]

    async def prune_outbox(self, keep: timedelta) -> int:
        async with self._pool.acquire() as c:
            done = await c.execute("DELETE FROM outbox WHERE state != 'pending' AND done_at < $1",
                                   stamp(self._clock() - keep))
        return int(str(done).rsplit(" ", 1)[-1])

    async def outbox_counts(self) -> dict[str, int]:
        async with self._pool.acquire() as c:
            rows = await c.fetch("SELECT state, COUNT(*) AS n FROM outbox GROUP BY state")
        return {str(r["state"]): int(r["n"]) for r in rows}

    async def get_table(self, table_id: int) -> TableRecord | None:
        async with self._pool.acquire() as c:
            row = await c.fetchrow(GET_TABLE_SQL.replace("?", "$1"), table_id)
        return None if row is None else record_of(row)

    async def active_tables(self) -> list[TableRecord]:
        async with self._pool.acquire() as c:
            rows = await c.fetch("SELECT * FROM tables WHERE status = ANY($1::text[])"
                                 " ORDER BY table_id", list(ACTIVE_STATUSES))
        return [record_of(r) for r in rows]

    async def table_actions(self, table_id: int) -> list[dict[str, Any]]:
        async with self._pool.acquire() as c:
            rows = await c.fetch(
                "SELECT seq, action, actor, user_id, created_at FROM table_actions"
                " WHERE table_id = $1 ORDER BY seq", table_id)
        return [{"seq": r["seq"], "action": loads(r["action"]),
                 "by": r["user_id"] if r["actor"] == "user" else r["actor"],
                 "at": r["created_at"]} for r in rows]

    @shielded
    async def delete_table(self, table_id: int) -> bool:
        async with self._pool.acquire() as c:
            done = await c.execute("DELETE FROM tables WHERE table_id = $1", table_id)
        return str(done).endswith(" 1")

    async def table_of_user(self, guild_id: int, user_id: int) -> int | None:
        async with self._pool.acquire() as c:
            found = await c.fetchval(
                "SELECT table_id FROM seated WHERE guild_id = $1 AND user_id = $2",
                guild_id, user_id)
        return None if found is None else int(found)

    async def unarchived_tables(self) -> list[int]:
        async with self._pool.acquire() as c:
            rows = await c.fetch(
                "SELECT table_id FROM tables WHERE status = 'finished' AND state IS NOT NULL"
                " AND NOT EXISTS (SELECT 1 FROM games WHERE games.table_id = tables.table_id)"
                " ORDER BY table_id")
        return [int(r["table_id"]) for r in rows]

    # -- the archive and ratings -------------------------------------------------------
    @shielded
    async def archive_game(self, table_id: int, *, outcome: Outcome | None, record: JSON,
                           players: list[PlayerResult], options: dict[str, Any]) -> int:
        if outcome is None:
            raise ValueError("the game is not finished")
        seats = _check_players(players, _check_outcome(outcome))
        now = self._now()
        async with self._pool.acquire() as c, c.transaction():
            table = await c.fetchrow(
                "SELECT guild_id, channel_id, created_at, started_at, game_kind FROM tables"
                " WHERE table_id = $1 FOR UPDATE", table_id)
            if table is None:
                raise TableNotFound(table_id)
            done = await c.fetchval("SELECT game_id FROM games WHERE table_id = $1", table_id)
            if done is not None:
                return int(done)
            guild_id, kind = int(table["guild_id"]), str(table["game_kind"])
            logged: dict[int, int] = {}
            ai_logged: dict[int, int] = {}
            for r in await c.fetch(
                "SELECT seat, actor, COUNT(*) AS n FROM table_actions WHERE table_id = $1"
                " AND seat IS NOT NULL GROUP BY seat, actor", table_id):
                seat = int(r["seat"])
                logged[seat] = logged.get(seat, 0) + int(r["n"])
                if r["actor"] == "ai":
                    ai_logged[seat] = ai_logged.get(seat, 0) + int(r["n"])
            from dataclasses import replace

            seats = [replace(
                p,
                place=p.place if p.place is not None else outcome.places[p.seat],
                moves=p.moves if p.moves is not None else logged.get(p.seat, 0),
                ai_moves=p.ai_moves if p.ai_moves is not None
                else (ai_logged.get(p.seat, 0) if p.human else 0),
            ) for p in seats]
            humans, places = ratings.rated_seats(seats)
            limit = float((await self._settings(c, guild_id))["ai_share_limit"])
            reason = ratings.unrated_reason(ratings.participants(humans), limit)
            change: dict[int, tuple[float, float, float, float]] = {}
            if reason is None:
                before = []
                for p in humans:
                    row = await c.fetchrow(
                        "SELECT mu, sigma FROM ratings WHERE guild_id = $1 AND game_kind = $2"
                        " AND user_id = $3", guild_id, kind, p.user_id)
                    before.append((ratings.MODEL.mu, ratings.MODEL.sigma) if row is None
                                  else (float(row["mu"]), float(row["sigma"])))
                after = ratings.rate(before, places)
                for p, old, new in zip(humans, before, after, strict=True):
                    await c.execute(
                        "INSERT INTO ratings (guild_id, game_kind, user_id, name, mu, sigma,"
                        " rated_games, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 1, $7)"
                        " ON CONFLICT (guild_id, game_kind, user_id) DO UPDATE SET"
                        " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,"
                        " rated_games = ratings.rated_games + 1, updated_at = excluded.updated_at",
                        guild_id, kind, p.user_id, p.name, new[0], new[1], now)
                    change[p.seat] = (*old, *new)
            await c.executemany(
                "UPDATE ratings SET name = $1 WHERE guild_id = $2 AND user_id = $3"
                " AND name <> $1", ratings.known_names(guild_id, seats))
            game_id = int(await c.fetchval(
                "INSERT INTO games (guild_id, channel_id, table_id, game_kind, started_at,"
                " finished_at, options, replay, outcome, rated, unrated_reason)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING game_id",
                guild_id, table["channel_id"], table_id, kind,
                table["started_at"] or table["created_at"], now, dumps(options), dumps(record),
                dumps(outcome.to_json()), reason is None, reason))
            for p in seats:
                mu_sigma = change.get(p.seat) or (None, None, None, None)
                await c.execute(
                    "INSERT INTO game_players (game_id, seat, guild_id, game_kind, human, user_id,"
                    " name, ai_level, ai_moves, moves, place, points, mu_before, sigma_before,"
                    " mu_after, sigma_after, ai_played) VALUES ($1, $2, $3, $4, $5, $6, $7,"
                    " $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
                    game_id, p.seat, guild_id, kind, p.human, p.user_id, p.name,
                    None if p.human else p.ai_level, p.ai_moves, p.moves, p.place,
                    outcome.scores[p.seat], *mu_sigma, ratings.seat_ai_played(p, limit))
            await c.execute("DELETE FROM table_actions WHERE table_id = $1", table_id)
            await c.execute("UPDATE tables SET status = $1, updated_at = $2, state = NULL"
                            " WHERE table_id = $3",
                            STATUS_FINISHED, now, table_id)
            await c.execute("DELETE FROM seated WHERE table_id = $1", table_id)
        return game_id

    async def recent_games(self, guild_id: int, game_kind: str | None = None,
                           limit: int = 10, offset: int = 0) -> list[GameSummary]:
        async with self._pool.acquire() as c:
            games = await c.fetch(
                "SELECT * FROM games WHERE guild_id = $1 AND ($2::text IS NULL OR game_kind = $2)"
                " ORDER BY finished_at DESC, game_id DESC LIMIT $3 OFFSET $4", guild_id,
                game_kind, limit, offset)
            out = []
            for g in games:
                rows = await c.fetch("SELECT * FROM game_players WHERE game_id = $1"
                                     " ORDER BY place, seat", g["game_id"])
                started, finished = parse_stamp(g["started_at"]), parse_stamp(g["finished_at"])
                assert started is not None and finished is not None
                out.append(GameSummary(
                    game_id=g["game_id"], game_kind=g["game_kind"], table_id=g["table_id"],
                    channel_id=g["channel_id"], started_at=started, finished_at=finished,
                    rated=bool(g["rated"]), unrated_reason=g["unrated_reason"],
                    players=[_player(r) for r in rows],
                    left=left_seats(loads(g["options"])),
                    outcome=Outcome.from_json(loads(g["outcome"])),
                    tournament=tournament_link(loads(g["options"]))))
        return out

    async def count_games(self, guild_id: int, game_kind: str | None = None) -> int:
        async with self._pool.acquire() as c:
            return int(await c.fetchval(
                "SELECT COUNT(*) FROM games WHERE guild_id = $1"
                " AND ($2::text IS NULL OR game_kind = $2)", guild_id, game_kind))

    async def export_game(self, guild_id: int, game_id: int, game_kind: str | None = None,
                          *, by_table: bool = False) -> dict[str, Any] | None:
        column = "table_id" if by_table else "game_id"
        async with self._pool.acquire() as c:
            game = await c.fetchrow(
                f"SELECT * FROM games WHERE {column} = $1 AND guild_id = $2"
                " AND ($3::text IS NULL OR game_kind = $3)", game_id, guild_id, game_kind)
            if game is None:
                return None
            game_id = int(game["game_id"])
            rows = await c.fetch("SELECT seat, name, human, user_id FROM game_players"
                                 " WHERE game_id = $1 ORDER BY seat", game_id)
        outcome = loads(game["outcome"])
        names, user_ids = seat_names(len(outcome["places"]), rows)
        return {"game_id": game_id, "table_id": game["table_id"],
                "game_kind": game["game_kind"],
                "replay": loads(game["replay"]), "names": names, "user_ids": user_ids,
                "outcome": outcome,
                "options": loads(game["options"]), "started_at": game["started_at"],
                "finished_at": game["finished_at"]}

    @shielded
    async def forget_user(self, user_id: int) -> ForgetResult:
        now = self._now()
        async with self._pool.acquire() as c, c.transaction():
            game_rows = int(str(await c.execute(
                "UPDATE game_players SET user_id = NULL, name = $1 WHERE user_id = $2",
                ANONYMOUS, user_id)).split()[-1])
            deleted = int(str(await c.execute(
                "DELETE FROM ratings WHERE user_id = $1", user_id)).split()[-1])
            await c.execute("UPDATE table_actions SET user_id = NULL WHERE user_id = $1", user_id)
            tables = await c.fetch(
                "SELECT table_id, status, seats, creator_id FROM tables WHERE creator_id = $1"
                " OR seats::jsonb @> $2::jsonb ORDER BY table_id FOR UPDATE",
                user_id, json.dumps([{"user_id": user_id}]))
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
                        await c.execute("DELETE FROM seated WHERE table_id = $1", t["table_id"])
                columns = ", ".join(f"{name} = ${i}" for i, name in enumerate(sets, 2))
                await c.execute(f"UPDATE tables SET {columns} WHERE table_id = $1",
                                t["table_id"], *sets.values())
            await c.execute("DELETE FROM seated WHERE user_id = $1", user_id)
            await c.execute("DELETE FROM user_settings WHERE user_id = $1", user_id)
            await c.execute("DELETE FROM hand_tokens WHERE user_id = $1", user_id)
            await c.execute("UPDATE tournament_entrants SET user_id = NULL, name = $1"
                            " WHERE user_id = $2", ANONYMOUS, user_id)
            await c.execute("UPDATE tournaments SET organiser_id = NULL WHERE organiser_id = $1",
                            user_id)
        return ForgetResult(game_rows, deleted, touched, aborted)

    async def leaderboard(self, guild_id: int, game_kind: str, *, offset: int = 0,
                          limit: int = 10) -> tuple[list[LeaderboardRow], int]:
        # (one query, as ``stats._LEADERBOARD``: an offset past the last row, the last page)
        async with self._pool.acquire() as c:
            rows = await c.fetch(
                "WITH ranked AS (SELECT user_id, name, mu, sigma, rated_games,"
                " ROW_NUMBER() OVER (ORDER BY (mu - 3 * sigma) DESC, rated_games DESC,"
                " user_id) AS rank, COUNT(*) OVER () AS total"
                " FROM ratings WHERE guild_id = $1 AND game_kind = $2),"
                " page AS (SELECT * FROM ranked WHERE rank > CASE WHEN $4 < total THEN $4"
                " ELSE GREATEST(0, (total - 1) / $3 * $3) END ORDER BY rank LIMIT $3),"
                " played AS (SELECT gp.user_id, COUNT(*) AS games,"
                f" {WINS_SQL} AS wins, AVG(gp.points) AS avg_points"
                " FROM game_players AS gp WHERE gp.guild_id = $1 AND gp.game_kind = $2"
                " AND gp.human AND gp.user_id IN (SELECT user_id FROM page)"
                " AND NOT gp.ai_played GROUP BY gp.user_id)"
                " SELECT r.user_id, r.name, r.mu, r.sigma, r.rated_games, r.rank, r.total,"
                " COALESCE(p.games, 0) AS games, COALESCE(p.wins, 0) AS wins, p.avg_points"
                " FROM page AS r LEFT JOIN played AS p ON p.user_id = r.user_id"
                " ORDER BY r.rank", guild_id, game_kind, limit, offset)
        return [LeaderboardRow(
            rank=int(r["rank"]), user_id=r["user_id"], name=r["name"],
            rating=display_rating(r["mu"], r["sigma"]), mu=r["mu"], sigma=r["sigma"],
            provisional=is_provisional(r["rated_games"]), rated_games=r["rated_games"],
            games=int(r["games"]), wins=int(r["wins"]),
            avg_points=None if r["avg_points"] is None else float(r["avg_points"]),
        ) for r in rows], int(rows[0]["total"]) if rows else 0

    async def player_stats(self, guild_id: int, user_id: int, game_kind: str) -> PlayerStats:
        stats = PlayerStats(user_id=user_id, game_kind=game_kind)
        async with self._pool.acquire() as c:
            rating = await c.fetchrow(
                "SELECT mu, sigma, rated_games FROM ratings WHERE guild_id = $1"
                " AND game_kind = $2 AND user_id = $3", guild_id, game_kind, user_id)
            rows = await c.fetch(
                "SELECT g.game_id, g.table_id, p.seat, p.place, p.points, p.ai_played,"
                " g.outcome FROM game_players AS p"
                " JOIN games AS g ON g.game_id = p.game_id"
                " WHERE p.guild_id = $1 AND g.guild_id = $1 AND g.game_kind = $2"
                " AND p.user_id = $3 AND p.human ORDER BY g.game_id",
                guild_id, game_kind, user_id)
        if rating is not None:
            stats.mu, stats.sigma = rating["mu"], rating["sigma"]
            stats.rating = display_rating(rating["mu"], rating["sigma"])
            stats.rated_games = rating["rated_games"]
        stats.provisional = is_provisional(stats.rated_games)
        return add_results(stats, rows)

    # -- tournaments -------------------------------------------------------------------
    @shielded
    async def create_tournament(self, guild_id: int, channel_id: int, organiser_id: int,
                                game_kind: str, settings: dict[str, Any]) -> int:
        now = self._now()
        async with self._pool.acquire() as c:
            return int(await c.fetchval(
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, game_kind, settings,"
                " created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)"
                " RETURNING tournament_id",
                guild_id, channel_id, organiser_id, game_kind, dumps(settings), now))

    @shielded
    async def update_tournament(self, tournament_id: int, *, status: str | None = None,
                                message_id: int | None = UNSET,
                                settings: dict[str, Any] | None = None,
                                outbox: OutboxBatch | None = None) -> None:
        check_status(status)
        now = self._now()
        sets: dict[str, Any] = {"updated_at": now}
        if status is not None:
            sets["status"] = status
        if message_id is not UNSET:
            sets["message_id"] = message_id
        if settings is not None:
            sets["settings"] = dumps(settings)
        columns = ", ".join(f"{name} = ${i}" for i, name in enumerate(sets, 2))
        async with self._pool.acquire() as c, c.transaction():
            done = await c.execute(f"UPDATE tournaments SET {columns} WHERE tournament_id = $1",
                                   tournament_id, *sets.values())
            if str(done).endswith(" 0"):
                raise TournamentNotFound(tournament_id)
            ids = await self._write_batch(c, now, outbox)
        self._committed(outbox, ids)

    @shielded
    async def add_entrant(self, tournament_id: int, user_id: int | None, name: str,
                          ai_level: str | None = None,
                          outbox: OutboxBatch | None = None) -> int:
        now = self._now()
        async with self._pool.acquire() as c, c.transaction():
            row = await c.fetchrow("SELECT 1 FROM tournaments WHERE tournament_id = $1"
                                   " FOR UPDATE", tournament_id)
            if row is None:
                raise TournamentNotFound(tournament_id)
            if user_id is not None and await c.fetchval(
                    "SELECT 1 FROM tournament_entrants WHERE tournament_id = $1"
                    " AND user_id = $2", tournament_id, user_id):
                raise AlreadyRegistered(tournament_id, user_id)
            number = int(await c.fetchval(
                "SELECT COALESCE(MAX(entrant_no), 0) + 1 FROM tournament_entrants"
                " WHERE tournament_id = $1", tournament_id))
            await c.execute(
                "INSERT INTO tournament_entrants (tournament_id, entrant_no, user_id, name,"
                " ai_level, joined_at) VALUES ($1, $2, $3, $4, $5, $6)",
                tournament_id, number, user_id, name, ai_level, now)
            ids = await self._write_batch(c, now, outbox)
        self._committed(outbox, ids)
        return number

    @shielded
    async def remove_entrant(self, tournament_id: int, entrant_no: int,
                             outbox: OutboxBatch | None = None) -> bool:
        now = self._now()
        ids: list[int] = []
        async with self._pool.acquire() as c, c.transaction():
            done = str(await c.execute("DELETE FROM tournament_entrants WHERE tournament_id = $1"
                                       " AND entrant_no = $2", tournament_id, entrant_no))
            if done.endswith(" 1"):
                ids = await self._write_batch(c, now, outbox)
        self._committed(outbox, ids)
        return done.endswith(" 1")

    @shielded
    async def start_round(self, tournament_id: int, round_no: int,
                          tables: Sequence[Sequence[int]],
                          outbox: OutboxBatch | None = None) -> None:
        seats = check_tables(tables)
        now = self._now()
        async with self._pool.acquire() as c, c.transaction():
            row = await c.fetchrow("SELECT 1 FROM tournaments WHERE tournament_id = $1"
                                   " FOR UPDATE", tournament_id)
            if row is None:
                raise TournamentNotFound(tournament_id)
            if await c.fetchval("SELECT 1 FROM tournament_rounds WHERE tournament_id = $1"
                                " AND round_no = $2", tournament_id, round_no):
                return
            await c.execute("INSERT INTO tournament_rounds (tournament_id, round_no, started_at)"
                            " VALUES ($1, $2, $3)", tournament_id, round_no, now)
            for number, table in enumerate(seats, 1):
                await c.execute("INSERT INTO tournament_tables (tournament_id, round_no,"
                                " table_no, seats) VALUES ($1, $2, $3, $4)",
                                tournament_id, round_no, number, dumps(table))
            await c.execute("UPDATE tournaments SET status = 'playing', round_no = $2,"
                            " updated_at = $3 WHERE tournament_id = $1",
                            tournament_id, round_no, now)
            ids = await self._write_batch(c, now, outbox)
        self._committed(outbox, ids)

    @shielded
    async def set_table_place(self, tournament_id: int, round_no: int, table_no: int, *,
                              thread_id: int | None = UNSET,
                              table_id: int | None = UNSET,
                              outbox: OutboxBatch | None = None) -> None:
        sets: dict[str, Any] = {}
        if thread_id is not UNSET:
            sets["thread_id"] = thread_id
        if table_id is not UNSET:
            sets["table_id"] = table_id
        if not sets:
            return
        columns = ", ".join(f"{name} = ${i}" for i, name in enumerate(sets, 4))
        now = self._now()
        async with self._pool.acquire() as c, c.transaction():
            done = await c.execute(
                f"UPDATE tournament_tables SET {columns} WHERE tournament_id = $1"
                " AND round_no = $2 AND table_no = $3",
                tournament_id, round_no, table_no, *sets.values())
            if str(done).endswith(" 0"):
                raise TournamentNotFound(tournament_id)
            ids = await self._write_batch(c, now, outbox)
        self._committed(outbox, ids)

    @shielded
    async def finish_table(self, tournament_id: int, round_no: int, table_no: int, *,
                           result: dict[str, Any], game_id: int | None,
                           returned: Sequence[int] = (),
                           outbox: OutboxBatch | None = None) -> bool:
        now = self._now()
        async with self._pool.acquire() as c, c.transaction():
            row = await c.fetchrow(
                "SELECT result FROM tournament_tables WHERE tournament_id = $1"
                " AND round_no = $2 AND table_no = $3 FOR UPDATE",
                tournament_id, round_no, table_no)
            if row is None:
                raise TournamentNotFound(tournament_id)
            if row["result"] is not None:
                return False
            await c.execute(
                "UPDATE tournament_tables SET result = $4, game_id = $5, finished_at = $6"
                " WHERE tournament_id = $1 AND round_no = $2 AND table_no = $3",
                tournament_id, round_no, table_no, dumps(result), game_id, now)
            for seat in returned:
                await c.execute(
                    "DELETE FROM tournament_substitutions WHERE tournament_id = $1"
                    " AND round_no = $2 AND table_no = $3 AND seat = $4 AND reason = 'busy'",
                    tournament_id, round_no, table_no, seat)
            ids = await self._write_batch(c, now, outbox)
        self._committed(outbox, ids)
        return True

    @shielded
    async def add_substitution(self, tournament_id: int, round_no: int, table_no: int,
                               seat: int, entrant_no: int, reason: str, *,
                               withdraw: bool = False,
                               outbox: OutboxBatch | None = None) -> None:
        check_reason(reason)
        now = self._now()
        async with self._pool.acquire() as c, c.transaction():
            await c.execute(
                "INSERT INTO tournament_substitutions (tournament_id, round_no, table_no, seat,"
                " entrant_no, reason, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)"
                " ON CONFLICT DO NOTHING",
                tournament_id, round_no, table_no, seat, entrant_no, reason, now)
            if withdraw:
                await c.execute(
                    "UPDATE tournament_entrants SET replaced_from = $3 WHERE tournament_id = $1"
                    " AND entrant_no = $2 AND replaced_from IS NULL",
                    tournament_id, entrant_no, round_no)
            ids = await self._write_batch(c, now, outbox)
        self._committed(outbox, ids)

    @shielded
    async def drop_substitution(self, tournament_id: int, round_no: int, table_no: int,
                                seat: int, outbox: OutboxBatch | None = None) -> bool:
        now = self._now()
        async with self._pool.acquire() as c, c.transaction():
            done = await c.execute(
                "DELETE FROM tournament_substitutions WHERE tournament_id = $1 AND round_no = $2"
                " AND table_no = $3 AND seat = $4", tournament_id, round_no, table_no, seat)
            if done.endswith(" 0"):
                return False
            ids = await self._write_batch(c, now, outbox)
        self._committed(outbox, ids)
        return True

    @shielded
    async def withdraw_entrant(self, tournament_id: int, entrant_no: int, from_round: int,
                               outbox: OutboxBatch | None = None) -> bool:
        now = self._now()
        ids: list[int] = []
        async with self._pool.acquire() as c, c.transaction():
            done = str(await c.execute(
                "UPDATE tournament_entrants SET replaced_from = $3 WHERE tournament_id = $1"
                " AND entrant_no = $2 AND replaced_from IS NULL",
                tournament_id, entrant_no, from_round))
            if done.endswith(" 1"):
                ids = await self._write_batch(c, now, outbox)
        self._committed(outbox, ids)
        return done.endswith(" 1")

    @shielded
    async def finish_round(self, tournament_id: int, round_no: int,
                           standings: list[dict[str, Any]], *, final: bool,
                           outbox: OutboxBatch | None = None) -> bool:
        now = self._now()
        async with self._pool.acquire() as c, c.transaction():
            row = await c.fetchrow(
                "SELECT status FROM tournament_rounds WHERE tournament_id = $1"
                " AND round_no = $2 FOR UPDATE", tournament_id, round_no)
            if row is None:
                raise TournamentNotFound(tournament_id)
            if row["status"] == "finished":
                return False
            await c.execute(
                "UPDATE tournament_rounds SET status = 'finished', standings = $3,"
                " finished_at = $4 WHERE tournament_id = $1 AND round_no = $2",
                tournament_id, round_no, dumps(standings), now)
            if final:
                await c.execute("UPDATE tournaments SET status = 'finished', updated_at = $2"
                                " WHERE tournament_id = $1", tournament_id, now)
            ids = await self._write_batch(c, now, outbox)
        self._committed(outbox, ids)
        return True

    async def _whole(self, c: Conn, row: Any) -> TournamentRecord:
        record = tournament_of(row)
        tid = record.tournament_id
        record.entrants = [entrant_of(r) for r in await c.fetch(
            "SELECT * FROM tournament_entrants WHERE tournament_id = $1 ORDER BY entrant_no",
            tid)]
        record.rounds = [round_of(r) for r in await c.fetch(
            "SELECT * FROM tournament_rounds WHERE tournament_id = $1 ORDER BY round_no", tid)]
        record.tables = [table_of(r) for r in await c.fetch(
            "SELECT * FROM tournament_tables WHERE tournament_id = $1"
            " ORDER BY round_no, table_no", tid)]
        record.substitutions = [substitution_of(r) for r in await c.fetch(
            "SELECT * FROM tournament_substitutions WHERE tournament_id = $1"
            " ORDER BY round_no, table_no, seat", tid)]
        return record

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        async with self._pool.acquire() as c:
            row = await c.fetchrow("SELECT * FROM tournaments WHERE tournament_id = $1",
                                   tournament_id)
            return None if row is None else await self._whole(c, row)

    async def active_tournaments(self) -> list[TournamentRecord]:
        async with self._pool.acquire() as c:
            rows = await c.fetch("SELECT * FROM tournaments WHERE status = ANY($1::text[])"
                                 " ORDER BY tournament_id",
                                 ["registration", "playing"])
            return [await self._whole(c, r) for r in rows]

    # -- guild settings ----------------------------------------------------------------
    async def _settings(self, c: Conn, guild_id: int) -> dict[str, Any]:
        rows = await c.fetch("SELECT key, value FROM guild_settings WHERE guild_id = $1",
                             guild_id)
        return {**DEFAULTS, **{r["key"]: loads(r["value"]) for r in rows}}

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        async def fetch() -> dict[str, Any]:
            async with self._pool.acquire() as c:
                return await self._settings(c, guild_id)

        return await self._guilds.read(guild_id, fetch)

    @shielded
    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        if value is not None:
            validate(key, value)
        try:
            await self._put("guild_settings", "guild_id", guild_id, key, value)
        finally:
            self._guilds.written(guild_id)

    # -- a player's own settings -------------------------------------------------------
    async def user_settings(self, user_id: int) -> dict[str, Any]:
        async with self._pool.acquire() as c:
            rows = await c.fetch("SELECT key, value FROM user_settings WHERE user_id = $1",
                                 user_id)
        return {r["key"]: loads(r["value"]) for r in rows}

    @shielded
    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        if value is not None:
            validate_user(key, value)
        await self._put("user_settings", "user_id", user_id, key, value)

    async def _put(self, table: str, owner: str, owner_id: int, key: str, value: Any) -> None:
        """Upsert (or, for None, delete) one validated setting of ``table`` (a literal name)."""
        async with self._pool.acquire() as c:
            if value is None:
                await c.execute(f"DELETE FROM {table} WHERE {owner} = $1 AND key = $2",
                                owner_id, key)
                return
            await c.execute(
                f"INSERT INTO {table} ({owner}, key, value, updated_at)"
                f" VALUES ($1, $2, $3, $4) ON CONFLICT ({owner}, key) DO UPDATE SET"
                " value = excluded.value, updated_at = excluded.updated_at",
                owner_id, key, dumps(value), self._now())

    # -- maintenance -------------------------------------------------------------------
    async def integrity_check(self) -> str:
        async with self._pool.acquire() as c:
            await c.fetchval("SELECT 1")
        return "ok"
