"""Crash-test worker: plays AI-only lóras through ``Storage`` until no table is left active.

``python tests/crash_worker.py DB`` — resumes every table of ``active_tables()`` from its
stored state, makes one move per table in turn (``update_table(state=…, action=…)``), and
archives a table when its lóra is finished. After each committed move it writes
``table_id version`` to stdout, so the killer can check that no acknowledged move is lost.
Each decision's RNG is derived from (seed, action index): a resumed process makes the same
choices as an uninterrupted one. ``tests/test_storage_crash.py`` kills it with SIGKILL.
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.storage import PlayerResult, Storage
from engine.actions import Action
from engine.ai import EasyAI
from engine.lora import Lora
from engine.lora_spec import replay_document


def decide(lora: Lora, seed: int) -> Action:
    """The move of the seat to act, a function of (seed, action index) only."""
    seat = lora.to_act
    assert seat is not None
    return EasyAI(random.Random(f"crash/{seed}/{len(lora.log)}")).decide(lora.view(seat))


def play_uninterrupted(seed: int) -> Lora:
    """The reference: the same lóra played start to end in memory."""
    lora = Lora(rng=random.Random(seed))
    while not lora.finished:
        lora.apply(decide(lora, seed))
    return lora


async def run(path: str) -> int:
    storage = await Storage.open(path)
    try:
        games = {
            rec.table_id: (rec, Lora.from_json(rec.state))
            for rec in await storage.active_tables()
            if rec.state is not None
        }
        while games:
            for table_id in list(games):
                rec, lora = games[table_id]
                if lora.finished:
                    players = [PlayerResult.from_seat(i, s or {}) for i, s in enumerate(rec.seats)]
                    await storage.archive_game(
                        table_id,
                        outcome=lora.outcome(),
                        record=replay_document(lora),
                        players=players,
                        options=rec.settings,
                    )
                    del games[table_id]
                    print(f"{table_id} archived", flush=True)
                    continue
                action = decide(lora, int(rec.extra["seed"]))
                lora.apply(action)
                seat = rec.seats[action.seat] or {}
                await storage.update_table(
                    table_id,
                    state=lora.to_json(),
                    version=len(lora.log),
                    action={**action.to_json(), "by": seat.get("user_id") or "ai"},
                )
                print(f"{table_id} {len(lora.log)}", flush=True)
    finally:
        await storage.close()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(run(sys.argv[1])))
