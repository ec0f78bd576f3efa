"""Kill -9 the outbox's sender at random moments while entries wait: every entry reaches the
channel exactly once (``tests/outbox_worker.py``: the real ``Sender`` and ``Storage``, a
channel that is a file)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.delivery import items
from bot.storage import Storage

WORKER = Path(__file__).resolve().parent / "outbox_worker.py"
ROOT = WORKER.parent.parent
ENTRIES = 200
FOLDED_ENTRIES = 500  # (about three to a post: enough posts for the kills)
MIN_KILLS = 25
WORKER_TIMEOUT = 120.0


def text(i: int, tables: int) -> str:
    """Entry ``i``'s content; of a table (``tables`` > 0), long enough that about three fold
    into one post (Discord's 2000 characters)."""
    return f"message {i}" + (" " + "x" * 590 if tables else "")


def entries(tables: int) -> int:
    return FOLDED_ENTRIES if tables else ENTRIES


async def fill(db: Path, tables: int) -> None:
    storage = await Storage.open(db)
    await storage.add_outbox([items.post(7, text(i, tables), table_id=i % tables + 1 if tables
                                         else None) for i in range(entries(tables))])
    await storage.close()


async def state(db: Path) -> dict[str, object]:
    storage = await Storage.open(db)
    try:
        counts = await storage.outbox_counts()
        async with storage.connection.execute(
                "SELECT payload, message_id FROM outbox WHERE state = 'delivered'") as cur:
            delivered = [(json.loads(r[0])["content"], r[1]) for r in await cur.fetchall()]
        return {"counts": counts, "delivered": delivered}
    finally:
        await storage.close()


def _delivered(out: Path) -> int:
    return sum(1 for line in out.read_text().splitlines() if line.startswith("delivered"))


def _found(out: Path) -> int:
    lines = [line for line in out.read_text().splitlines() if line.startswith("delivered")]
    return int(lines[-1].split()[-1]) if lines else 0


@pytest.mark.parametrize("tables", [0, 3])
def test_kill_9_while_the_outbox_waits_delivers_every_entry_once(tmp_path: Path,
                                                                tables: int) -> None:
    """``tables`` 0: entries of no table, each its own post; 3: the announcements of three
    tables, folded (``bot.delivery.folding``): every line still arrives exactly once."""
    db, channel = tmp_path / "outbox.sqlite3", tmp_path / "channel.jsonl"
    asyncio.run(fill(db, tables))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rng = random.Random(1812)
    kills = found = 0
    for run in range(100):
        out = tmp_path / f"run{run}.out"
        with out.open("w") as sink:
            proc = subprocess.Popen([sys.executable, str(WORKER), str(db), str(channel)],
                                    cwd=ROOT, env=env, stdout=sink, stderr=subprocess.PIPE)
            if kills < MIN_KILLS:
                target = rng.randint(1, 4)  # after a few deliveries, mid-way through one
                while proc.poll() is None and _delivered(out) < target:
                    time.sleep(0.001)
                time.sleep(rng.uniform(0, 0.01))
                if proc.poll() is None:
                    proc.send_signal(signal.SIGKILL)
                    proc.communicate()
                    kills += 1
                    found += _found(out)
                    pending = asyncio.run(state(db))["counts"].get("pending", 0)  # type: ignore[union-attr]
                    assert pending > 0 or kills == MIN_KILLS  # it died with work left
                    continue
            _, err = proc.communicate(timeout=WORKER_TIMEOUT)
        assert proc.returncode == 0, err.decode()
        found += _found(out)
        break
    assert kills >= MIN_KILLS
    shown = [json.loads(line) for line in channel.read_text().splitlines()]
    lines = [line for m in shown for line in str(m["content"]).splitlines()]
    total = entries(tables)
    assert sorted(lines) == sorted(text(i, tables) for i in range(total))  # each once
    for table in range(tables):  # in each table's order
        mine = [int(line.split()[1]) for line in lines if int(line.split()[1]) % tables == table]
        assert mine == sorted(mine)
    assert found >= 1  # a kill fell between a POST and its mark, and it was not posted twice
    final = asyncio.run(state(db))
    if tables:
        assert len(shown) < total / 2
        assert final["counts"] == {"delivered": len(shown), "superseded": total - len(shown)}
    else:
        assert final["counts"] == {"delivered": ENTRIES}
    by_id = {m["id"]: m["content"] for m in shown}
    for content, message_id in final["delivered"]:  # type: ignore[union-attr]
        assert by_id[message_id] == content  # the recorded message is the entry's
