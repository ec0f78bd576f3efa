"""Kill -9 the storage layer at random moments; every lóra must still end exactly as if it had
never been interrupted, with no acknowledged move lost and none doubled."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bot.storage import Storage
from engine import games
from engine.game import Outcome
from engine.lora import Lora
from tests.crash_worker import play_uninterrupted

WORKER = Path(__file__).resolve().parent / "crash_worker.py"
ROOT = WORKER.parent.parent
SEEDS = (101, 202)
GUILD = 77
MIN_KILLS = 22
WORKER_TIMEOUT = 120.0  # a worker that hangs this long is a failure, not a slow machine


def user(table: int, seat: int) -> int:
    return 1000 * (table + 1) + seat


async def create_tables(db: Path) -> list[int]:
    storage = await Storage.open(db)
    ids = []
    for i, seed in enumerate(SEEDS):
        seats: list[dict[str, Any] | None] = [
            {"user_id": user(i, s), "name": f"P{i}{s}", "ai": None} for s in range(4)
        ]
        table_id = await storage.create_table(GUILD, 5, user(i, 0), {"seed": seed}, seats)
        lora = Lora(rng=random.Random(seed))
        await storage.update_table(
            table_id, status="playing", state=lora.to_json(), version=0, extra={"seed": seed}
        )
        ids.append(table_id)
    await storage.close()
    return ids


async def check_consistent(db: Path, acked: dict[int, int], refs: dict[int, Lora]) -> int:
    """State and log agree, follow the reference, and keep every acknowledged move."""
    storage = await Storage.open(db)
    try:
        done = 0
        for table_id, ref in refs.items():
            rec = await storage.get_table(table_id)
            assert rec is not None
            logged = await storage.table_actions(table_id)
            if rec.state is None:  # archived: its record replays to it, its log is gone
                assert rec.status == "finished" and rec.replay is not None and logged == []
                # (its desítky turns replay whole: the same game, protocol and order)
                lora = Lora.from_json(games.get("lora").replayed(rec.replay).to_json())
                assert [r.to_json() for r in lora.protocol] == [
                    r.to_json() for r in ref.protocol]
                assert (lora.totals, lora.order) == (ref.totals, ref.order)
                log = [a.to_json() for a in ref.log]
            else:
                lora = Lora.from_json(rec.state)
                log = [a.to_json() for a in lora.log]
                assert [a["seq"] for a in logged] == list(range(1, len(logged) + 1))
                assert [a["action"] for a in logged] == log
            assert rec.version == len(log)
            assert log == [a.to_json() for a in ref.log[: len(log)]]
            assert len(log) >= acked.get(table_id, 0), "an acknowledged move was lost"
            done += len(log)
        assert await storage.integrity_check() == "ok"
        return done
    finally:
        await storage.close()


def read_acks(path: Path, acked: dict[int, int]) -> None:
    for line in path.read_text().splitlines():
        table, what = line.split()
        if what != "archived":
            acked[int(table)] = max(acked.get(int(table), 0), int(what))


async def final_check(db: Path, table_ids: list[int], refs: dict[int, Lora]) -> None:
    storage = await Storage.open(db)
    try:
        assert await storage.active_tables() == []
        assert await storage.unarchived_tables() == []
        games = await storage.recent_games(GUILD, limit=50)
        assert sorted(g.table_id or 0 for g in games) == table_ids  # one game per table
        for g in games:
            assert g.table_id is not None
            ref = refs[g.table_id]
            export = await storage.export_game(GUILD, g.game_id)
            assert export is not None
            outcome = Outcome.from_json(export["outcome"])
            assert outcome.details["protocol"] == [row.to_json() for row in ref.protocol]
            assert list(outcome.scores) == ref.totals
            assert list(outcome.order()) == ref.order
            assert export["replay"]["deals"] == ref.deals_text()
            assert await storage.table_actions(g.table_id) == []  # (the archive has it)
            rec = await storage.get_table(g.table_id)
            assert rec is not None and rec.state is None and rec.replay == export["replay"]
        board, total = await storage.leaderboard(GUILD, "lora", limit=100)
        assert total == 4 * len(SEEDS)
        assert all(row.rated_games == 1 and row.games == 1 for row in board)  # rated once
        assert await storage.integrity_check() == "ok"
    finally:
        await storage.close()


def _acks(out: Path) -> int:
    return sum(1 for line in out.read_text().splitlines() if not line.endswith("archived"))


def _killed_after_progress(proc: subprocess.Popen[bytes], out: Path, rng: random.Random) -> bool:
    """SIGKILL the worker after a random number of newly committed moves (and a random
    fraction of a move more), so every kill lands mid-game whatever the machine's speed."""
    target = rng.randint(1, 40)
    while proc.poll() is None and _acks(out) < target:
        time.sleep(0.002)
    time.sleep(rng.uniform(0, 0.006))
    if proc.poll() is not None:
        return False
    proc.send_signal(signal.SIGKILL)
    proc.communicate()
    return True


def test_kill_9_at_random_moments_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    table_ids = asyncio.run(create_tables(db))
    refs = {
        table_id: play_uninterrupted(seed) for table_id, seed in zip(table_ids, SEEDS, strict=True)
    }
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rng = random.Random(20240613)
    acked: dict[int, int] = {}
    kills = progress = 0
    for run in range(200):
        out = tmp_path / f"run{run}.out"
        with out.open("w") as sink:
            proc = subprocess.Popen(
                [sys.executable, str(WORKER), str(db)],
                cwd=ROOT,
                env=env,
                stdout=sink,
                stderr=subprocess.PIPE,
            )
            if kills < MIN_KILLS and _killed_after_progress(proc, out, rng):
                kills += 1
                read_acks(out, acked)
                done = asyncio.run(check_consistent(db, acked, refs))
                assert done >= progress
                progress = done
                continue
            _, err = proc.communicate(timeout=WORKER_TIMEOUT)
        assert proc.returncode == 0, err.decode()
        read_acks(out, acked)
        break
    assert kills >= MIN_KILLS, f"the worker finished after only {kills} kills"
    asyncio.run(check_consistent(db, acked, refs))
    asyncio.run(final_check(db, table_ids, refs))
