"""Python steps of numbered migrations: work SQL alone cannot do, run in the same transaction
right after the version's SQL file (``db.migrate``).

Version 4 stores every archived lóra's ``Outcome``, computed by the engine from the score sheet
the archive kept (``Lora.from_sheet(…).outcome()``: nothing here re-derives a rule, and an
archive whose actions no longer replay since a rule was corrected keeps its result), copies
the rest into the new tables and gives them the old names.

Version 9 rates the archive again under the current model (``ratings.recompute``: each rated
game in the order it was rated; a forgotten user's seat enters with its stored value and gets
no rating back) and rewrites the rated seats' values and the ``ratings`` rows.

Version 13 marks the archived human seats an AI played (``ai_played_fill``: as the archive
decided it when the game finished, as far as the stored data tells).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable

import aiosqlite

from bot.errors import MigrationError
from bot.storage import ai_played_fill, ratings
from engine.contracts import Options
from engine.lora import Lora, ProtocolRow


async def _execute(conn: aiosqlite.Connection, sql: str, params: tuple[object, ...] = ()) -> None:
    async with conn.execute(sql, params):
        pass


async def upgrade_4(conn: aiosqlite.Connection) -> None:
    async with conn.execute(
        "SELECT game_id, guild_id, channel_id, table_id, started_at, finished_at, options,"
        " replay, rated, unrated_reason, protocol, totals, final_order, stovka FROM games"
        " ORDER BY game_id"
    ) as cur:
        rows = list(await cur.fetchall())
    for r in rows:
        # The outcome from the sheet the archive kept (not by replaying: an archive played
        # before a rule was corrected need not replay to the same sheet any more).
        try:
            settings, replay = json.loads(r[6]), json.loads(r[7])
            lora = Lora.from_sheet(
                options=Options.from_json(settings.get("options")),
                first_leader=int(replay.get("first_leader", 0)),
                protocol=[ProtocolRow.from_json(x) for x in json.loads(r[10])],
                totals=[int(x) for x in json.loads(r[11])],
                stovka=list(json.loads(r[13])),
                order=[int(x) for x in json.loads(r[12])],
            )
            outcome = lora.outcome()
        except Exception as exc:  # a broken archive row: stop, change nothing
            raise MigrationError(f"game {r[0]} cannot be read: {exc}") from exc
        assert outcome is not None
        await _execute(
            conn,
            "INSERT INTO games_v4 (game_id, guild_id, channel_id, table_id, game_kind, started_at,"
            " finished_at, options, replay, outcome, rated, unrated_reason)"
            " VALUES (?, ?, ?, ?, 'lora', ?, ?, ?, ?, ?, ?, ?)",
            (r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7],
             json.dumps(outcome.to_json(), ensure_ascii=False, separators=(",", ":")), r[8], r[9]),
        )  # fmt: skip
    for sql in (
        "INSERT INTO game_players_v4 SELECT game_id, seat, guild_id, 'lora', human, user_id, name,"
        " ai_level, ai_moves, moves, place, points, mu_before, sigma_before, mu_after,"
        " sigma_after FROM game_players",
        "INSERT INTO ratings_v4 SELECT guild_id, 'lora', user_id, name, mu, sigma, rated_games,"
        " updated_at FROM ratings",
        "INSERT INTO table_actions_v4 SELECT table_id, seq, seat, action, actor, user_id,"
        " created_at FROM table_actions",
        # children first: dropping games would cascade into the old game_players
        "DROP TABLE game_players",
        "DROP TABLE games",
        "DROP TABLE ratings",
        "DROP TABLE table_actions",
        "ALTER TABLE games_v4 RENAME TO games",
        "ALTER TABLE game_players_v4 RENAME TO game_players",
        "ALTER TABLE ratings_v4 RENAME TO ratings",
        "ALTER TABLE table_actions_v4 RENAME TO table_actions",
        "CREATE INDEX games_guild_kind_finished"
        " ON games (guild_id, game_kind, finished_at, game_id)",
        "CREATE INDEX game_players_guild_kind_user ON game_players (guild_id, game_kind, user_id)",
        "CREATE INDEX game_players_user ON game_players (user_id) WHERE user_id IS NOT NULL",
        "CREATE INDEX ratings_guild_kind_ordinal"
        " ON ratings (guild_id, game_kind, (mu - 3 * sigma))",
        "CREATE INDEX tables_kind ON tables (guild_id, game_kind, status)",
    ):
        await _execute(conn, sql)


async def upgrade_9(conn: aiosqlite.Connection) -> None:
    async with conn.execute(ratings.RATED_SEATS_SQL) as cur:
        seats, rows = ratings.recomputed_rows(await cur.fetchall())
    await conn.executemany(
        "UPDATE game_players SET mu_before = ?, sigma_before = ?, mu_after = ?, sigma_after = ?"
        " WHERE game_id = ? AND seat = ?", seats)
    await _execute(conn, "DELETE FROM ratings")
    await conn.executemany(
        "INSERT INTO ratings (guild_id, game_kind, user_id, name, mu, sigma, rated_games,"
        " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)


async def upgrade_13(conn: aiosqlite.Connection) -> None:
    async with conn.execute(ai_played_fill.LIMITS_SQL) as cur:
        limit_of = ai_played_fill.limits(await cur.fetchall())
    async with conn.execute(ai_played_fill.SEATS_SQL) as cur:
        played = ai_played_fill.played_seats(await cur.fetchall(), limit_of)
    await conn.executemany(
        "UPDATE game_players SET ai_played = 1 WHERE game_id = ? AND seat = ?", played)


STEPS: dict[int, Callable[[aiosqlite.Connection], Awaitable[None]]] = {
    4: upgrade_4, 9: upgrade_9, 13: upgrade_13}
