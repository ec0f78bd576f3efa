"""Migration 9 (and the PostgreSQL upgrade of the same name): the ratings stored under
Plackett–Luce are recomputed from the archive under Bradley–Terry — equal to what the archive
gives when the same games are archived fresh; a forgotten user stays without a rating; an
unrated game stays as it was."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from bot.storage import PlayerResult, Storage, ratings
from bot.storage.db import connect, migrate, schema_version
from engine.game import Outcome
from tests.storage_kit import old_version_store, ticking_clock

G1, G2 = 1001, 1002
FORGOTTEN = 9


@dataclass(frozen=True)
class Game:
    guild_id: int
    kind: str
    users: list[int | None]  # None: an AI seat
    places: list[int]
    ai_share: bool = False  # the first human's moves were mostly an AI's: not rated


GAMES = [
    Game(G1, "lora", [1, 2, 3, 4], [1, 4, 1, 3]),  # a tie for first (Plackett–Luce's fault)
    Game(G1, "lora", [FORGOTTEN, 1, 2, None], [1, 2, 2, 4]),  # his only game
    Game(G1, "lora", [1, 2, None, None], [2, 1, 3, 4], ai_share=True),  # not rated
    Game(G1, "taroky", [1, 3, 4, None], [1, 1, 3, 4]),
    Game(G1, "lora", [3, 1, 2, None], [3, 1, 2, 4]),
    Game(G2, "lora", [1, 2, 5, 6], [2, 2, 1, 4]),
    Game(G1, "taroky", [4, 3, 1, 2], [4, 1, 1, 3]),
    Game(G2, "lora", [5, 1, None, None], [1, 1, 3, 4]),
]
BOARDS = [(G1, "lora"), (G1, "taroky"), (G2, "lora")]
UNRATED = 3  # GAMES[2]'s id


def _outcome(game: Game) -> Outcome:
    if game.kind == "taroky":
        return Outcome(tuple(game.places), tuple(40 - 20 * p for p in game.places), "hal", False)
    return Outcome(tuple(game.places), tuple(10 * p for p in game.places), "points", True)


async def play(store: Any) -> None:
    """Archive ``GAMES`` through the store's own archive path, then forget ``FORGOTTEN``."""
    for n, game in enumerate(GAMES):
        seats = [{"user_id": u, "name": f"P{u}" if u else "AI", "ai": None if u else "easy"}
                 for u in game.users]
        creator = next(u for u in game.users if u is not None)
        table_id = await store.create_table(game.guild_id, 500, creator, {}, seats,
                                            game_kind=game.kind)
        await store.update_table(table_id, status="playing")
        players = [PlayerResult(seat=i, user_id=u, name=s["name"], ai_level=s["ai"],
                                ai_moves=50 if game.ai_share and i == 0 else 0, moves=100,
                                place=game.places[i])
                   for i, (u, s) in enumerate(zip(game.users, seats, strict=True))]
        game_id = await store.archive_game(table_id, outcome=_outcome(game),
                                           record={"game": n}, players=players, options={})
        assert game_id == n + 1
    await store.forget_user(FORGOTTEN)


SEATS = ("SELECT game_id, seat, human, user_id, name, place, mu_before, sigma_before, mu_after,"
         " sigma_after FROM game_players ORDER BY game_id, seat")
RATINGS = ("SELECT guild_id, game_kind, user_id, name, mu, sigma, rated_games, updated_at"
           " FROM ratings ORDER BY guild_id, game_kind, user_id")
GAMES_SQL = "SELECT * FROM games ORDER BY game_id"


async def rows(store: Any, sql: str) -> list[tuple[Any, ...]]:
    if isinstance(store, Storage):
        async with store.connection.execute(sql) as cur:
            return [tuple(r) for r in await cur.fetchall()]
    return [tuple(r) for r in await store._pool.fetch(sql)]


async def snapshot(store: Any) -> dict[str, Any]:
    boards = {board: (await store.leaderboard(*board, limit=100))[0] for board in BOARDS}
    return {"boards": boards, "seats": await rows(store, SEATS),
            "ratings": await rows(store, RATINGS), "games": await rows(store, GAMES_SQL)}


def plackett_luce(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ratings as the code before migration 9 computed them (``monkeypatch.undo()``:
    this version's again)."""
    monkeypatch.setattr(ratings, "MODEL", PlackettLuce())


def shown_after(snap: dict[str, Any], game_id: int) -> dict[int, int]:
    """The display ratings after a game, by user."""
    return {s[3]: ratings.display_rating(s[8], s[9]) for s in snap["seats"]
            if s[0] == game_id}


def check_recomputed(old: dict[str, Any], got: dict[str, Any], fresh: dict[str, Any]) -> None:
    # The old numbers showed the fault: the 3rd of the first game above its tied winners.
    first = shown_after(old, 1)
    assert (first[4], first[1], first[3]) == (1571, 1557, 1557)
    # Recomputed: what archiving the same games under Bradley–Terry gives, all of it.
    assert got == fresh
    assert got["seats"] != old["seats"] and got["ratings"] != old["ratings"]
    first = shown_after(got, 1)
    assert first[1] == first[3] > first[4] > first[2]
    lora = got["boards"][(G1, "lora")]
    assert [(r.user_id, r.rated_games) for r in lora] == [(1, 3), (3, 2), (4, 1), (2, 3)]
    taroky = got["boards"][(G1, "taroky")]
    assert {r.user_id for r in taroky} == {1, 2, 3, 4}
    # The forgotten user's seat was rated, as "anonymous", and he has no rating anywhere.
    [seat] = [s for s in got["seats"] if s[0] == 2 and s[1] == 0]
    assert seat[2:6] == (True, None, "anonymous", 1) and seat[8] is not None
    assert FORGOTTEN not in {r[2] for r in got["ratings"]}
    # The unrated game is as it was.
    assert [s for s in got["seats"] if s[0] == UNRATED] == \
        [s for s in old["seats"] if s[0] == UNRATED]
    assert all(s[6] is None for s in got["seats"] if s[0] == UNRATED)
    assert got["games"] == old["games"]


async def test_migration_9_recomputes_the_ratings_as_the_archive_rates_them_now(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plackett_luce(monkeypatch)
    conn = await connect(tmp_path / "v8.sqlite3")
    assert await migrate(conn, target=8) == list(range(1, 9))
    async with old_version_store(conn) as store:  # (with today's ai_played while it plays)
        await play(store)
        old = await snapshot(store)
    monkeypatch.undo()  # the code of this version

    fresh = await Storage.open(tmp_path / "fresh.sqlite3", clock=ticking_clock())
    await play(fresh)
    want = await snapshot(fresh)
    await fresh.close()

    migrated = await Storage.open(tmp_path / "v8.sqlite3")
    assert await schema_version(migrated.connection) >= 9  # (and any later)
    got = await snapshot(migrated)
    check_recomputed(old, got, want)
    await migrated.close()


async def test_postgres_recomputes_the_ratings_once(
    pg_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.storage.postgres import PostgresStore
    from tests.pg_kit import fresh_database

    plackett_luce(monkeypatch)
    dsn = await fresh_database(pg_server)
    store = await PostgresStore.open(dsn, clock=ticking_clock())
    await play(store)
    old = await snapshot(store)
    # a database the code before the upgrade wrote: no mark of it yet
    await store._pool.execute("DELETE FROM upgrades WHERE name = '0009_ratings_recomputed'")
    await store.close()
    monkeypatch.undo()

    fresh = await PostgresStore.open(await fresh_database(pg_server), clock=ticking_clock())
    await play(fresh)
    want = await snapshot(fresh)
    await fresh.close()

    upgraded = await PostgresStore.open(dsn)
    got = await snapshot(upgraded)
    check_recomputed(old, got, want)
    # done once: a later open leaves the ratings alone
    await upgraded._pool.execute("UPDATE ratings SET mu = mu + 1")
    await upgraded.close()
    again = await PostgresStore.open(dsn)
    assert [r[4] for r in await rows(again, RATINGS)] == [r[4] + 1 for r in got["ratings"]]
    await again.close()


def test_a_forgotten_seat_enters_with_its_stored_value_and_gets_no_rating() -> None:
    def seat(game: int, n: int, user: int | None, place: int,
             before: tuple[float, float] | None = None) -> ratings.ArchivedSeat:
        mu, sigma = before or (None, None)
        return ratings.ArchivedSeat(game, G1, "lora", f"t{game}", n, True, user,
                                    f"P{user}", place, mu, sigma)

    changes, standings = ratings.recompute([
        seat(1, 0, None, 1, (30.0, 5.0)), seat(1, 1, 1, 2),
        seat(2, 0, None, 2), seat(2, 1, 1, 1),  # no value kept: the default
    ])
    fresh = (ratings.MODEL.mu, ratings.MODEL.sigma)
    first = ratings.rate([(30.0, 5.0), fresh], [1, 2])
    second = ratings.rate([fresh, first[1]], [2, 1])
    assert [(c.mu_before, c.sigma_before, c.mu_after, c.sigma_after) for c in changes] == [
        (30.0, 5.0, *first[0]), (*fresh, *first[1]), (*fresh, *second[0]),
        (*first[1], *second[1])]
    assert standings == [ratings.Standing(G1, "lora", 1, "P1", *second[1], 2, "t2")]
