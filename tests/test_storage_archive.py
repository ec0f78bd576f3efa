"""The archive: replay export that the engine replays, rating rules, guilds, forgetting."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.storage import PlayerResult, Storage
from engine.game import Outcome
from engine.lora import Lora
from engine.lora_spec import replay_actions
from engine.replay import run_scenario
from tests.crash_worker import play_uninterrupted
from tests.storage_kit import (
    archive,
    crafted_lora_json,
    finished,
    finished_lora_json,
    human,
    robot,
    row,
    sqlite_only,
    storage,
)

__all__ = ["storage"]

G1, G2 = 1, 2
try:
    from asyncpg import NotNullViolationError

    INTEGRITY_ERRORS: tuple[type[Exception], ...] = (sqlite3.IntegrityError, NotNullViolationError)
except ImportError:
    INTEGRITY_ERRORS = (sqlite3.IntegrityError,)
ROOT = Path(__file__).resolve().parent.parent


def test_desitky_turns_become_one_replay_action() -> None:
    log: list[dict[str, Any]] = [
        {"seat": 0, "play": "Kh"},
        {"seat": 1, "lay": "10h"},
        {"seat": 1, "lay": "9h"},
        {"seat": 1, "end_turn": True},
        {"seat": 2, "lay": "10l"},  # the turn ended by itself: nothing more to lay
        {"seat": 3, "lay": "Sh"},
        {"seat": 3, "lay": "8h"},  # the game ended on the last card: no EndTurn
        {"seat": 3, "choose": "kvarty"},
        {"seat": 3, "lay": "10a"},
        {"seat": 3, "end_turn": True},
        {"seat": 3, "lay": "9a"},  # the same seat again after the others knocked
    ]
    assert replay_actions(log) == [
        {"seat": 0, "play": "Kh"},
        {"seat": 1, "play": ["10h", "9h"]},
        {"seat": 2, "play": ["10l"]},
        {"seat": 3, "play": ["Sh", "8h"]},
        {"seat": 3, "choose": "kvarty"},
        {"seat": 3, "play": ["10a"]},
        {"seat": 3, "play": ["9a"]},
    ]


@pytest.mark.parametrize("seed", [0, 1, 2, 22])  # 1 and 22 end with a harakiri
async def test_exported_replay_reproduces_the_lora(storage: Storage, seed: int) -> None:
    lora = play_uninterrupted(seed)
    assert any("end_turn" in a.to_json() for a in lora.log)
    seats = [human(10, "Ann"), human(11, "Bob"), robot(), human(12, "Cyril")]
    game_id = await archive(storage, G1, seats, lora.to_json())
    export = await storage.export_game(G1, game_id)
    assert export is not None
    assert export["names"] == ["Ann", "Bob", "AI easy", "Cyril"]
    outcome = Outcome.from_json(export["outcome"])
    assert outcome.details["protocol"] == [r.to_json() for r in lora.protocol]
    out, status = run_scenario(export["replay"])
    assert (status, out["error"], out["finished"]) == (0, None, True)
    assert out["protocol"] == [r.replay_json() for r in lora.protocol]
    assert out["totals"] == lora.totals == list(outcome.scores)
    assert out["order"] == lora.order == list(outcome.order())
    # the user ids by seat only name the players as the server calls them today (the bot
    # writes no file of them); the rest of the export carries none
    assert export["user_ids"] == [10, 11, None, 12]
    assert "user_id" not in json.dumps({k: v for k, v in export.items() if k != "user_ids"})
    if seed in (1, 22):
        assert outcome.details["ties"]
        assert any(r.contract.value == "harakiri" for r in lora.protocol)


async def test_exported_replay_runs_through_the_command_line(storage: Storage) -> None:
    game_id = await archive(storage, G1, [robot()] * 4, finished_lora_json(3))
    export = await storage.export_game(G1, game_id)
    assert export is not None
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "-"],
        input=json.dumps(export["replay"]),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    lora = Lora.from_json(finished_lora_json(3))
    assert (out["totals"], out["order"]) == (lora.totals, lora.order)


async def test_archive_is_one_transaction_and_idempotent(storage: Storage) -> None:
    seats = [human(10, "Ann"), human(11, "Bob"), human(12, "Cyril"), human(13, "Dan")]
    table_id = await storage.create_table(G1, 5, 10, {}, seats)
    await storage.update_table(table_id, status="playing")
    players = [PlayerResult.from_seat(i, s) for i, s in enumerate(seats)]
    lora_json = finished_lora_json(0)
    game_id = await storage.archive_game(
        table_id, **finished(lora_json), players=players, options={"a": 1}
    )
    again = await storage.archive_game(
        table_id, **finished(lora_json), players=players, options={"a": 1}
    )
    assert again == game_id
    rec = await storage.get_table(table_id)
    assert rec is not None and rec.status == "finished"
    assert await storage.table_of_user(G1, 10) is None
    board, total = await storage.leaderboard(G1, "lora")
    assert total == 4 and all(r.rated_games == 1 for r in board)
    # Refusals change nothing.
    unfinished = Lora.from_json(lora_json)
    unfinished.phase = "play"
    with pytest.raises(ValueError):
        await storage.archive_game(
            table_id, **finished(unfinished.to_json()), players=players, options={}
        )
    with pytest.raises(ValueError):
        await storage.archive_game(table_id, **finished(lora_json), players=players[:3], options={})
    with pytest.raises(ValueError):
        await storage.archive_game(
            table_id,
            **finished(lora_json),
            players=[*players[:3], PlayerResult(3, 13, "Dan", place=7)],
            options={},
        )
    # A failure late in the transaction (after three ratings were written) undoes it all.
    t2 = await storage.create_table(G1, 5, 10, {}, seats)
    broken = [*players[:3], PlayerResult(3, 13, None)]  # type: ignore[arg-type]
    with pytest.raises(INTEGRITY_ERRORS):
        await storage.archive_game(t2, **finished(lora_json), players=broken, options={})
    board, _ = await storage.leaderboard(G1, "lora")
    assert all(r.rated_games == 1 for r in board)
    assert len(await storage.recent_games(G1)) == 1
    rec = await storage.get_table(t2)
    assert rec is not None and rec.status == "lobby"


def actor(index: int, seat: int) -> tuple[str, int | None]:
    """Seat 2 is an AI; every other move of Bob (seat 1) is made by an AI for him."""
    return ("ai", None) if seat == 2 or (seat == 1 and index % 2) else ("user", 10 + seat)


async def test_moves_default_to_the_logs(storage: Storage) -> None:
    """moves: the lóra log per seat; ai_moves: the table log's "ai" actions at a human seat."""
    sqlite_only(storage)  # the log is written by hand, in one go
    lora = Lora.from_json(finished_lora_json(0))
    seats = [human(10, "Ann"), human(11, "Bob"), robot(), human(13, "Dan")]
    table_id = await storage.create_table(G1, 5, 10, {}, seats)
    # The table's log as update_table writes it, in one go (~900 fsyncs would take seconds).
    await storage.connection.execute("BEGIN")
    await storage.connection.executemany(
        "INSERT INTO table_actions (table_id, seq, seat, action, actor, user_id, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, 't')",
        [
            (table_id, i + 1, a.seat, json.dumps(a.to_json()), *actor(i, a.seat))
            for i, a in enumerate(lora.log)
        ],
    )
    await storage.connection.execute("COMMIT")
    players = [PlayerResult.from_seat(i, s) for i, s in enumerate(seats)]
    await storage.archive_game(table_id, **finished(lora.to_json()), players=players, options={})
    [game] = await storage.recent_games(G1)
    by_seat = {p.seat: p for p in game.players}
    for seat in range(4):
        assert by_seat[seat].moves == sum(1 for a in lora.log if a.seat == seat)
    bob = [i for i, a in enumerate(lora.log) if a.seat == 1]
    assert by_seat[1].ai_moves == sum(1 for i in bob if i % 2)
    assert by_seat[0].ai_moves == 0 and by_seat[2].ai_moves == 0  # an AI seat: not "for" anyone
    assert game.rated is False and game.unrated_reason == "ai_share"


SHEET = [row(1, 1, "cervene", [1, 2, 3, 2])]


async def test_ai_share_limit_decides_if_a_game_is_rated(storage: Storage) -> None:
    lora_json = crafted_lora_json(SHEET, [10, 20, 30, 40], [0, 1, 2, 3])
    seats = [human(10, "Ann"), human(11, "Bob"), human(12, "Cyril"), robot()]
    # 25 of 100 is not more than 0.25: rated. 26 is: the whole game is not rated.
    await archive(storage, G1, seats, lora_json, ai_moves={1: 25}, moves=100)
    await archive(storage, G1, seats, lora_json, ai_moves={1: 26}, moves=100)
    newest, oldest = await storage.recent_games(G1)
    assert oldest.rated and not newest.rated and newest.unrated_reason == "ai_share"
    assert all(p.rating_after is None for p in newest.players)
    board, _ = await storage.leaderboard(G1, "lora")
    # (review 90: the game an AI played for Bob is not his: his stats and the board's
    # games column skip it, as the rating does)
    assert {r.name: (r.rated_games, r.games) for r in board} == {
        "Ann": (1, 2),
        "Bob": (1, 1),
        "Cyril": (1, 2),
    }
    # The guild may allow more; other guilds keep the default.
    await storage.set_guild_setting(G1, "ai_share_limit", 0.3)
    assert (await storage.guild_settings(G1))["ai_share_limit"] == 0.3
    assert (await storage.guild_settings(G2))["ai_share_limit"] == 0.25
    await archive(storage, G1, seats, lora_json, ai_moves={1: 26}, moves=100)
    await archive(storage, G2, seats, lora_json, ai_moves={1: 26}, moves=100)
    assert (await storage.recent_games(G1))[0].rated
    assert not (await storage.recent_games(G2))[0].rated
    board, _ = await storage.leaderboard(G1, "lora")
    counted = {r.name: (r.rated_games, r.games) for r in board}
    assert counted == {"Ann": (2, 3), "Bob": (2, 2), "Cyril": (2, 3)}
    await storage.set_guild_setting(G1, "ai_share_limit", None)
    assert (await storage.guild_settings(G1))["ai_share_limit"] == 0.25
    # (review 95: the board counts Bob's 26 % game as it was decided — rated, his — not by
    # the limit of today, which would now set it apart)
    board, _ = await storage.leaderboard(G1, "lora")
    assert {r.name: (r.rated_games, r.games) for r in board} == counted
    with pytest.raises(ValueError):
        await storage.set_guild_setting(G1, "ai_share_limit", 2)


async def test_games_with_fewer_than_two_humans_are_not_rated(storage: Storage) -> None:
    lora_json = crafted_lora_json(SHEET, [10, 20, 30, 40], [0, 1, 2, 3])
    await archive(storage, G1, [human(10, "Ann"), robot(), robot(), robot()], lora_json)
    await archive(storage, G1, [robot()] * 4, lora_json)
    reasons = [g.unrated_reason for g in await storage.recent_games(G1)]
    assert reasons == ["too_few_humans", "too_few_humans"]
    assert await storage.leaderboard(G1, "lora") == ([], 0)


async def test_nothing_crosses_guilds(storage: Storage) -> None:
    lora_json = crafted_lora_json(SHEET, [10, 20, 30, 40], [0, 1, 2, 3])
    seats = [human(10, "Ann"), human(11, "Bob"), human(12, "Cyril"), robot()]
    g1 = await archive(storage, G1, seats, lora_json)
    g2 = await archive(storage, G2, seats, lora_json)
    await archive(storage, G2, seats, lora_json)
    assert await storage.export_game(G2, g1) is None
    assert await storage.export_game(G1, g2) is None
    assert [g.game_id for g in await storage.recent_games(G1)] == [g1]
    (b1, t1) = await storage.leaderboard(G1, "lora")
    (b2, t2) = await storage.leaderboard(G2, "lora")
    assert (t1, t2) == (3, 3)
    assert {r.rated_games for r in b1} == {1} and {r.rated_games for r in b2} == {2}
    assert (await storage.player_stats(G1, 10, "lora")).games == 1
    assert (await storage.player_stats(G2, 10, "lora")).games == 2
    assert (await storage.player_stats(3, 10, "lora")).games == 0


async def test_recent_games_newest_first_with_players_by_place(storage: Storage) -> None:
    seats = [human(10, "Ann"), human(11, "Bob"), robot("hard"), human(12, "Cyril")]
    ids = [
        await archive(storage, G1, seats, crafted_lora_json(SHEET, [9, 8, 7, 6], [3, 2, 1, 0]))
        for _ in range(3)
    ]
    games = await storage.recent_games(G1, limit=2)
    assert [g.game_id for g in games] == ids[::-1][:2]
    assert games[0].finished_at > games[1].finished_at
    assert [(p.place, p.name, p.points) for p in games[0].players] == [
        (1, "Cyril", 6),
        (2, "AI hard", 7),
        (3, "Bob", 8),
        (4, "Ann", 9),
    ]
    assert games[0].players[1].ai_level == "hard" and not games[0].players[1].human


async def test_forget_user_anonymizes_everywhere(storage: Storage) -> None:
    lora_json = crafted_lora_json(SHEET, [10, 20, 30, 40], [0, 1, 2, 3])
    seats = [human(10, "Ann"), human(11, "Bob"), human(12, "Cyril"), robot()]
    game_1 = await archive(storage, G1, seats, lora_json)
    await archive(storage, G2, seats, lora_json)
    lobby = await storage.create_table(G1, 5, 10, {}, [human(10, "Ann"), human(13, "Dan")])
    await storage.update_table(lobby, extra={"recent": ["Ann played 7h"]})
    await storage.update_table(lobby, action={"seat": 0, "play": "7h", "by": 10})
    other = await storage.create_table(G2, 5, 14, {}, [human(14, "Eve")])
    result = await storage.forget_user(10)
    assert result.game_rows == 2 and result.ratings == 2
    assert result.aborted == [lobby] and lobby in result.tables
    export = await storage.export_game(G1, game_1)
    assert export is not None and export["names"] == ["anonymous", "Bob", "Cyril", "AI easy"]
    [game] = await storage.recent_games(G1)
    assert game.players[0].user_id is None and game.players[0].human
    for guild in (G1, G2):
        board, total = await storage.leaderboard(guild, "lora")
        assert total == 2 and 10 not in {r.user_id for r in board}
        assert (await storage.player_stats(guild, 10, "lora")).games == 0
    rec = await storage.get_table(lobby)
    assert rec is not None and rec.status == "aborted" and rec.creator_id is None
    assert rec.seats[0] == {"user_id": None, "name": "anonymous", "ai": None}
    assert rec.extra == {}
    assert [a["by"] for a in await storage.table_actions(lobby)] == [None]
    assert await storage.table_of_user(G1, 10) is None
    assert await storage.table_of_user(G1, 13) is None  # the aborted table freed Dan too
    untouched = await storage.get_table(other)
    assert untouched is not None and untouched.status == "lobby"
    if not isinstance(storage, Storage):
        return
    async with storage.connection.execute(
        "SELECT (SELECT COUNT(*) FROM game_players WHERE user_id = 10)"
        " + (SELECT COUNT(*) FROM ratings WHERE user_id = 10)"
        " + (SELECT COUNT(*) FROM table_actions WHERE user_id = 10)"
        " + (SELECT COUNT(*) FROM tables WHERE creator_id = 10 OR seats LIKE '%Ann%')"
    ) as cur:
        left = await cur.fetchone()
    assert left is not None and left[0] == 0


async def test_a_players_own_settings_are_his_and_forgetting_removes_them(storage: Storage) -> None:
    """The language of his private messages (/lora settings): per user, validated, gone with
    /lora forget-me."""
    assert await storage.user_settings(10) == {}
    await storage.set_user_setting(10, "lang", "en")
    await storage.set_user_setting(11, "lang", "cs")
    assert await storage.user_settings(10) == {"lang": "en"}
    await storage.set_user_setting(10, "lang", "cs")
    assert await storage.user_settings(10) == {"lang": "cs"}
    with pytest.raises(ValueError):
        await storage.set_user_setting(10, "lang", "de")
    with pytest.raises(ValueError):
        await storage.set_user_setting(10, "colour", "red")
    # what the bot remembers of him: the table of a server he last played at
    await storage.set_user_setting(10, "table:77", 5)
    assert await storage.user_settings(10) == {"lang": "cs", "table:77": 5}
    for key, value in (("table:77", "5"), ("table:77", True), ("table:77", 0), ("table:x", 5)):
        with pytest.raises(ValueError):
            await storage.set_user_setting(10, key, value)
    await storage.set_user_setting(11, "lang", None)
    assert await storage.user_settings(11) == {}
    await storage.forget_user(10)
    assert await storage.user_settings(10) == {}
