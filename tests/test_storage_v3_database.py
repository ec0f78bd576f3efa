"""A database written by the version before games had kinds (schema 3, recorded by
``tests/fixtures/make_v3_db.py`` with that version's code) migrates and keeps its history:
the same leaderboards, history, exports, statistics, tables in play and their logs — with the
ratings migration 9 recomputed: what archiving the same games now gives."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.games.lora.stats import lora_stats
from bot.persist import load_tables
from bot.render import render_sheet_from_export
from bot.storage import PlayerResult, Storage
from engine.game import Outcome
from engine.replay import run_scenario

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def v3_path(tmp_path: Path) -> Path:
    path = tmp_path / "v3.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript((FIXTURES / "v3_database.sql").read_text(encoding="utf-8"))
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 3
    conn.close()
    return path


def expected() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / "v3_expected.json").read_text("utf-8"))
    return data


FORGOTTEN = 13  # make_v3_db.py forgot him after his game


async def rerated(storage: Storage, path: Path, old: dict[str, Any]) -> dict[str, Any]:
    """``old`` with the ratings the archive gives today: the migrated games archived again
    (same seats, places, outcomes, in the same order) in a fresh database, the forgotten user
    forgotten again; the leaderboards in their new order."""
    fresh = await Storage.open(path)
    games = {game_id: (int(guild), players) for guild, recent in old["recent"].items()
             for game_id, _table, players in recent}
    for game_id in sorted(games):
        guild, players = games[game_id]
        data = await storage.export_game(guild, game_id, "lora")
        assert data is not None
        seats = sorted(players)
        human = [p[1] is not None or p[5] is not None for p in seats]  # rated: a human
        users = [FORGOTTEN if h and p[1] is None else p[1] for p, h in zip(seats, human,
                                                                         strict=True)]
        table = await fresh.create_table(guild, 5, next(u for u in users if u), {},
                                         [{"user_id": u, "name": p[2]} for p, u in
                                          zip(seats, users, strict=True)])
        await fresh.update_table(table, status="playing")
        assert game_id == await fresh.archive_game(
            table, outcome=Outcome.from_json(data["outcome"]), record=data["replay"],
            players=[PlayerResult(p[0], u, p[2], None if h else "easy", place=p[3])
                     for p, u, h in zip(seats, users, human, strict=True)], options={})
    await fresh.forget_user(FORGOTTEN)
    want: dict[str, Any] = json.loads(json.dumps(old))
    for guild in (1, 2):
        rows = {r[0]: r for r in want["leaderboard"][str(guild)]}
        want["leaderboard"][str(guild)] = [
            [r.user_id, r.name, r.rating, *rows[r.user_id][3:]]
            for r in (await fresh.leaderboard(guild, "lora"))[0]]
        now = {s.game_id: {p.seat: p.rating_after for p in s.players}
               for s in await fresh.recent_games(guild, "lora")}
        for game_id, _table, players in want["recent"][str(guild)]:
            for p in players:
                p[5] = now[game_id][p[0]]
    for key, stats in want["stats"].items():
        guild, user = (int(x) for x in key.split("/"))
        stats["rating"] = (await fresh.player_stats(guild, user, "lora")).rating
    await fresh.close()
    return want


async def test_a_version_3_database_keeps_its_history(v3_path: Path, tmp_path: Path) -> None:
    storage = await Storage.open(v3_path)
    want = await rerated(storage, tmp_path / "fresh.sqlite3", expected())
    # recomputed under Bradley–Terry: the numbers of the old code's Plackett–Luce are gone
    assert want["leaderboard"] != expected()["leaderboard"]
    assert [r[:2] for r in want["leaderboard"]["1"]] == [[10, "Ann"], [11, "Bob"], [12, "Cyril"]]
    try:
        assert await storage.integrity_check() == "ok"
        for guild in (1, 2):
            rows, _ = await storage.leaderboard(guild, "lora")
            got = [[r.user_id, r.name, r.rating, r.rated_games, r.games, r.wins, r.avg_points]
                   for r in rows]
            assert got == want["leaderboard"][str(guild)]
            recent = [[s.game_id, s.table_id, [[p.seat, p.user_id, p.name, p.place, p.points,
                                                p.rating_after] for p in s.players]]
                      for s in await storage.recent_games(guild, "lora")]
            assert recent == want["recent"][str(guild)]
        for game_id, old in want["exports"].items():
            guild = 2 if game_id == "3" else 1
            data = await storage.export_game(guild, int(game_id), "lora")
            assert data is not None and data["game_kind"] == "lora"
            outcome = Outcome.from_json(data["outcome"])
            assert data["names"] == old["names"]
            assert list(outcome.scores) == old["totals"]
            assert list(outcome.order()) == old["order"]
            assert [e["cista_stovka"] for e in outcome.extras] == old["stovka"]
            assert outcome.details["protocol"] == old["protocol"]
            # the sheet is drawn from the kept outcome: these lóry were played before kvarty
            # was corrected (Čl. 14), so their actions need not replay any more
            assert render_sheet_from_export(data).startswith(b"\x89PNG")
            out, status = run_scenario(data["replay"])
            if status == 0:  # one that still replays ends as it did
                assert out["order"] == old["order"] and out["totals"] == old["totals"]
        for key, old in want["stats"].items():
            guild, user = (int(x) for x in key.split("/"))
            st = await storage.player_stats(guild, user, "lora")
            lo = lora_stats(st)
            got = {
                "games": st.games, "wins": st.wins, "avg_points": st.avg_points,
                "rating": st.rating, "contracts": lo.contracts, "maturitas": lo.maturitas,
                "maturita_attempts": lo.maturita_attempts,
                "maturita_passed": lo.maturita_passed, "stovka_declared": lo.stovka_declared,
                "stovka_made": lo.stovka_made, "harakiri_played": lo.harakiri_played,
                "harakiri_won": lo.harakiri_won,
                "best": list(st.best) if st.best else None,
                "worst": list(st.worst) if st.worst else None,
            }
            assert got == old, key
        active = [[r.table_id, r.status, r.version] for r in await storage.active_tables()]
        assert active == want["active"]
        playing = active[0][0]
        assert await storage.table_actions(playing) == want["actions"]
        # the tables in play load into the bot as they were, and the game goes on
        tables = {t.table_id: t for t in await load_tables(storage)}
        table = tables[playing]
        assert table.game_kind == "lora" and table.state is not None
        assert table.version == active[0][2]
        table.state.apply(table.state.legal_actions()[0])
        assert table.version == active[0][2] + 1
        # new games of the migrated database are rated per game
        assert (await storage.leaderboard(1, "other"))[1] == 0
    finally:
        await storage.close()
