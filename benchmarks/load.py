"""Load benchmark of the bot: N tables at once in SimCord, measured inside the bot.

Each table has one simulated human and three AI seats (``medium``); the human clicks a random
legal action on his ephemeral hand message, like ``tests/botkit.Players``. The tables are
interleaved round-robin (table 1 moves, table 2 moves, …) for ``--moves`` human moves each.

SimCord settles ~50 ms after every actor call, so wall-clock throughput measures the harness.
What is reported is measured in this process around the bot's own code (no bot file is
changed; the benchmark patches classes in its own process only):

* handling time per interaction, from the moment discord.py built the ``Interaction`` (it was
  received) until ``Controller.on_action`` / ``Controller.on_table_button`` returned (every
  answer, table edit and hand edit done): p50, p99, max. ``handling_bot_ms`` subtracts the
  time spent inside SimCord's in-memory REST backend (on Discord that is network time);
  ``handling_running_ms`` is only the time the handler's own code ran on the event loop
  (``Stepper``), without its waits (the database thread, and SimCord's settling, which polls
  every task of the loop while the bot waits: that polling grows with the number of tables);
* REST calls per human move, by kind (messages posted, edited, deleted, webhook edits and
  follow-ups, interaction callbacks), from ``env.http_requests``;
* database time per human move (``TableService.metrics.db_seconds``, every save of the move
  and of the AI moves it triggered), and the part of it SQLite itself took in aiosqlite's
  thread (the rest is the hand-over between that thread and the event loop);
* memory per table: RSS growth from after the first table (a warm-up) to after the moves,
  divided by the other tables (it includes SimCord's world: stored messages and pictures),
  and the deep size of the bot's own ``Table`` objects.

Usage::

    PYTHONPATH=. python -m benchmarks.load --tables 10 50 200 --moves 20 [--json]
    PYTHONPATH=. python -m benchmarks.load --tables 200 --profile /tmp/load.prof

Targets: p99 ≤ 250 ms at 200 tables, and p99 at 200 ≤ 1.5 × p99 at 10.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import enum
import gc
import io
import json
import math
import os
import pstats
import random
import sys
import tempfile
import time
import types
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import discord
import simcord
from aiosqlite import core as aiosqlite_core
from simcord.http import router as simcord_router

from bot.app import create_bot
from bot.delivery.pacing import GLOBAL_LIMIT
from bot.ui.controller import Controller

TARGET_P99_MS = 250.0
# SimCord serialises every click (~50 ms settle each), so one round over 200 tables takes
# longer than half of the default 120 s turn timer: every simulated human would be reminded
# and marked absent mid-run. The longest timer still arms and cancels a timer task on every
# move, as in production, without firing during the run.
TURN_TIMER = 3600
SETTLE_TIMEOUT = 120.0
TARGET_RATIO = 1.5

# REST calls by kind: (method, path pattern)
KINDS: tuple[tuple[str, str, str], ...] = (
    ("messages_posted", "POST", "/channels/*/messages"),
    ("messages_edited", "PATCH", "/channels/*/messages/*"),
    ("messages_deleted", "DELETE", "/channels/*/messages/*"),
    ("webhook_edits", "PATCH", "/webhooks/*/*/messages/*"),
    ("followups", "POST", "/webhooks/*/*"),
    ("callbacks", "POST", "/interactions/*/*/callback"),
)


def rest_kind(method: str, path: str) -> str:
    for name, m, pattern in KINDS:
        if m == method and fnmatch(path, pattern) and pattern.count("/") == path.count("/"):
            return name
    return "other"


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (nearest rank, q in 0..100) of values; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(q * len(ordered) / 100 - 1e-9)))
    return ordered[rank - 1]


def summary_ms(seconds: Sequence[float]) -> dict[str, float]:
    ms = [s * 1000 for s in seconds]
    return {
        "n": len(ms),
        "p50": round(percentile(ms, 50), 3),
        "p99": round(percentile(ms, 99), 3),
        "max": round(max(ms, default=0.0), 3),
        "mean": round(sum(ms) / len(ms), 3) if ms else 0.0,
    }


def rss_bytes() -> int:
    """The resident set size of this process now (Linux), else the peak."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):  # pragma: no cover - not Linux
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


_SHARED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
           types.MethodType, enum.Enum)


def deep_size(roots: Sequence[Any]) -> int:
    """Bytes of the objects reachable from roots (classes, modules, functions and enum
    members are shared by every table and not counted)."""
    seen: set[int] = set()
    stack = list(roots)
    total = 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, _SHARED):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


class Stepper:
    """Awaits a coroutine and adds up the time of its steps: the time its code ran on the
    event loop, not the time it waited (for the database thread, or while other tasks, such
    as SimCord's settling, had the loop)."""

    __slots__ = ("coro", "seconds")

    def __init__(self, coro: Any) -> None:
        self.coro = coro
        self.seconds = 0.0

    def __await__(self) -> Stepper:
        return self

    def __iter__(self) -> Stepper:
        return self

    def __next__(self) -> Any:
        return self.send(None)

    def send(self, value: Any) -> Any:
        started = time.perf_counter()
        try:
            return self.coro.send(value)
        finally:
            self.seconds += time.perf_counter() - started

    def throw(self, *exc: Any) -> Any:
        started = time.perf_counter()
        try:
            return self.coro.throw(*exc)
        finally:
            self.seconds += time.perf_counter() - started

    def close(self) -> None:
        self.coro.close()


class Probe:
    """Timings inside the bot: patches ``Controller`` handlers, ``discord.Interaction``
    construction (when an interaction is received) and SimCord's REST router (its time is
    the in-memory Discord's, reported apart)."""

    def __init__(self) -> None:
        self.received: dict[int, float] = {}
        self.rest_seconds = 0.0
        self.db_thread_seconds = 0.0  # SQLite's own time, in aiosqlite's thread
        self.db_round_trips = 0  # calls handed to that thread
        # (received → answered, in SimCord's REST backend, the handler's own running time)
        self.samples: dict[str, list[tuple[float, float, float]]] = {
            "action": [], "table_button": []}
        self._undo: list[tuple[Any, str, Any]] = []

    def _patch(self, owner: Any, name: str, value: Any) -> None:
        self._undo.append((owner, name, owner.__dict__[name]))
        setattr(owner, name, value)

    def _timed(self, kind: str, original: Any) -> Any:
        probe = self

        async def handler(controller: Any, interaction: Any, *args: Any, **kwargs: Any) -> Any:
            started = probe.received.pop(interaction.id, None) or time.perf_counter()
            rest = probe.rest_seconds
            steps = Stepper(original(controller, interaction, *args, **kwargs))
            try:
                return await steps
            finally:
                probe.samples[kind].append(
                    (time.perf_counter() - started, probe.rest_seconds - rest, steps.seconds)
                )

        handler.__name__ = original.__name__
        handler.__qualname__ = original.__qualname__
        return handler

    def install(self) -> None:
        probe = self
        init = discord.Interaction.__init__

        def interaction_init(interaction: Any, *args: Any, **kwargs: Any) -> None:
            init(interaction, *args, **kwargs)
            probe.received[interaction.id] = time.perf_counter()

        dispatch = simcord_router.dispatch

        def timed_dispatch(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return dispatch(*args, **kwargs)
            finally:
                probe.rest_seconds += time.perf_counter() - started

        execute = aiosqlite_core.Connection._execute

        async def timed_execute(conn: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
            probe.db_round_trips += 1

            def timed() -> Any:
                started = time.perf_counter()
                try:
                    return fn(*args, **kwargs)
                finally:
                    probe.db_thread_seconds += time.perf_counter() - started

            return await execute(conn, timed)

        self._patch(aiosqlite_core.Connection, "_execute", timed_execute)
        self._patch(discord.Interaction, "__init__", interaction_init)
        self._patch(simcord_router, "dispatch", timed_dispatch)
        self._patch(Controller, "on_action", self._timed("action", Controller.on_action))
        self._patch(Controller, "on_table_button",
                    self._timed("table_button", Controller.on_table_button))

    def uninstall(self) -> None:
        while self._undo:
            owner, name, value = self._undo.pop()
            setattr(owner, name, value)

    def reset(self) -> None:
        for values in self.samples.values():
            values.clear()
        self.received.clear()

    @contextmanager
    def installed(self) -> Iterator[Probe]:
        self.install()
        try:
            yield self
        finally:
            self.uninstall()


def _controls(message: Any) -> list[dict[str, Any]]:
    out = []
    for row in message.components:
        for comp in row["components"]:
            if not comp.get("disabled"):
                out.append(comp)
    return out


class Human:
    """The one human of a table: clicks a random legal control on his hand message."""

    def __init__(self, bot: Any, channel: Any, user: Any, table_id: int, rng: random.Random):
        self.bot = bot
        self.channel = channel
        self.user = user
        self.table_id = table_id
        self.rng = rng
        self.hand: Any = None

    @property
    def table(self) -> Any:
        return self.bot.controller.service.tables[self.table_id]

    async def open_hand(self) -> Any:
        wanted = self.table.message_id
        message = next(m for m in reversed(self.channel.history()) if m.id == wanted)
        res = await self.user.click(message, custom_id=f"lora:t:{self.table_id}:hand")
        self.hand = res.followups[-1] if res.followups else res.response
        return self.hand

    async def move(self) -> bool:
        """One random legal move; False when it is not his turn (the game ended)."""
        table = self.table
        lora = table.state
        if lora is None or lora.finished or lora.to_act != table.seat_of(self.user.id):
            return False
        controls = _controls(self.hand) if self.hand is not None else []
        current = str(table.version)
        if not controls or controls[0]["custom_id"].split(":")[3] != current:
            controls = _controls(await self.open_hand())
        if not controls:
            raise RuntimeError(f"table {self.table_id}: no enabled control for the human")
        pick = self.rng.choice(controls)
        if pick["type"] == 3:
            value = self.rng.choice(pick["options"])["value"]
            await self.user.select(self.hand, [value], custom_id=pick["custom_id"])
        else:
            await self.user.click(self.hand, custom_id=pick["custom_id"])
        return True


async def _open_table(env: Any, guild: Any, bot: Any, index: int, level: str,
                      turn_timer: int, rng: random.Random) -> Human:
    channel = guild.create_text_channel(f"lora-{index}")
    user = guild.add_member(env.create_user(f"human{index}", global_name=f"Human {index}"))
    await user.slash(channel, "lora new", seating="join", turn_timer=turn_timer)
    lobby = channel.last_message
    table = bot.controller.service.table_of_user(guild.id, user.id)
    tid = table.table_id
    for _ in range(3):
        await user.click(lobby, custom_id=f"lora:lai:{tid}:{level}")
    await user.click(lobby, custom_id=f"lora:l:{tid}:start")
    if table.state is None:
        raise RuntimeError(f"table {tid} did not start")
    return Human(bot, channel, user, tid, random.Random(rng.getrandbits(64)))


def _profile_top(profile: cProfile.Profile) -> list[dict[str, Any]]:
    stats = pstats.Stats(profile, stream=io.StringIO())
    rows = []
    for (filename, line, name), (_cc, calls, tottime, cumtime, _callers) in stats.stats.items():
        rows.append({
            "function": f"{_short(filename)}:{line}({name})",
            "calls": calls,
            "tottime_s": round(tottime, 4),
            "cumtime_s": round(cumtime, 4),
        })
    return rows


def _short(filename: str) -> str:
    for marker in ("site-packages/", "/work/main/"):
        if marker in filename:
            return filename.split(marker, 1)[1]
    return filename


async def run_load(tables: int, moves: int, *, seed: int = 1, level: str = "medium",
                   turn_timer: int = TURN_TIMER, db_dir: str | Path | None = None,
                   profile: str | Path | None = None, probe: Probe | None = None,
                   ) -> dict[str, Any]:
    """One configuration in a fresh SimCord world and database; the figures as a dict."""
    own_probe = probe is None
    probe = probe or Probe()
    with tempfile.TemporaryDirectory() as scratch:
        db_path = Path(db_dir or scratch) / f"load-{tables}-{seed}.sqlite3"
        if db_path.exists():
            db_path.unlink()
        bot = create_bot(db_path=db_path, seed=seed)
        env = simcord.Env(bot, settle_timeout=SETTLE_TIMEOUT)
        if own_probe:
            probe.install()
        try:
            await env.start()
            return await _measure(env, bot, probe, tables, moves, seed=seed, level=level,
                                  turn_timer=turn_timer, profile=profile)
        finally:
            try:
                await env.shutdown()
            finally:
                await bot.shutdown()
                if own_probe:
                    probe.uninstall()


async def _measure(env: Any, bot: Any, probe: Probe, tables: int, moves: int, *, seed: int,
                   level: str, turn_timer: int, profile: str | Path | None) -> dict[str, Any]:
    service = bot.controller.service
    service.metrics.enabled = True
    rng = random.Random(seed)
    guild = env.create_guild("load")
    setup_started = time.perf_counter()
    # the first table warms up what every table shares (fonts, caches, code paths): the
    # memory per table is the growth from there, over the other tables
    humans = [await _open_table(env, guild, bot, 0, level, turn_timer, rng)]
    gc.collect()
    rss_before = rss_bytes()
    for i in range(1, tables):
        humans.append(await _open_table(env, guild, bot, i, level, turn_timer, rng))
    setup_seconds = time.perf_counter() - setup_started

    probe.reset()
    db_mark = len(service.metrics.db_seconds)
    ai_mark = len(service.metrics.ai_seconds)
    rest: Counter[str] = Counter()
    db_per_move: list[float] = []
    saves_per_move: list[int] = []
    db_thread_per_move: list[float] = []
    trips_per_move: list[int] = []
    made = 0
    profiler = cProfile.Profile() if profile else None
    started = time.perf_counter()
    if profiler is not None:
        profiler.enable()
    try:
        for _ in range(moves):
            for human in humans:
                http_mark = len(env.http_requests)
                db_before = len(service.metrics.db_seconds)
                thread_before, trips_before = probe.db_thread_seconds, probe.db_round_trips
                if not await human.move():
                    continue
                db_thread_per_move.append(probe.db_thread_seconds - thread_before)
                trips_per_move.append(probe.db_round_trips - trips_before)
                made += 1
                for req in env.http_requests[http_mark:]:
                    rest[rest_kind(req.method, req.path)] += 1
                saves = service.metrics.db_seconds[db_before:]
                db_per_move.append(sum(saves))
                saves_per_move.append(len(saves))
    finally:
        if profiler is not None:
            profiler.disable()
    wall = time.perf_counter() - started
    errors = env.errors

    gc.collect()
    rss_after = rss_bytes()
    table_bytes = deep_size([service.tables[h.table_id] for h in humans])

    actions = probe.samples["action"]
    buttons = probe.samples["table_button"]
    every = actions + buttons
    db_seconds = service.metrics.db_seconds[db_mark:]
    ai_seconds = service.metrics.ai_seconds[ai_mark:]
    per_move = {kind: round(rest[kind] / made, 3) if made else 0.0
                for kind, _m, _p in KINDS}
    per_move["other"] = round(rest["other"] / made, 3) if made else 0.0
    result: dict[str, Any] = {
        "tables": tables,
        "moves_per_table": moves,
        "human_moves": made,
        "level": level,
        "turn_timer": turn_timer,
        "handling_ms": summary_ms([total for total, _rest, _run in every]),
        "handling_bot_ms": summary_ms([total - rest for total, rest, _run in every]),
        "handling_running_ms": summary_ms([run - rest for _total, rest, run in every]),
        "action_ms": summary_ms([total for total, _rest, _run in actions]),
        "action_running_ms": summary_ms([run - rest for _total, rest, run in actions]),
        "hand_open_ms": summary_ms([total for total, _rest, _run in buttons]),
        "rest_per_move": per_move,
        "db_ms_per_move": {
            **summary_ms(db_per_move),
            "saves_per_move": round(sum(saves_per_move) / made, 3) if made else 0.0,
        },
        "db_thread_ms_per_move": {
            **summary_ms(db_thread_per_move),
            "round_trips_per_move": round(sum(trips_per_move) / made, 3) if made else 0.0,
        },
        "db_ms_per_save": summary_ms(db_seconds),
        "ai_ms_per_decision": summary_ms(ai_seconds),
        "memory": {
            "rss_bytes_per_table": round((rss_after - rss_before) / max(1, tables - 1)),
            "bot_table_bytes_per_table": round(table_bytes / tables) if tables else 0,
            "rss_before": rss_before,
            "rss_after": rss_after,
        },
        "setup_seconds": round(setup_seconds, 3),
        "wall_seconds": round(wall, 3),
        "bot_errors": [repr(e) for e in errors],
    }
    if profiler is not None:
        profiler.dump_stats(str(profile))
        rows = _profile_top(profiler)
        result["profile"] = {
            "path": str(profile),
            "top_cumulative": sorted(rows, key=lambda r: -r["cumtime_s"])[:40],
            "top_own": sorted(rows, key=lambda r: -r["tottime_s"])[:40],
        }
    return result


def evaluate(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The targets against the largest and smallest configurations run."""
    by_tables = {r["tables"]: r for r in runs}
    out: dict[str, Any] = {"p99_limit_ms": TARGET_P99_MS, "ratio_limit": TARGET_RATIO}
    if not runs:
        return out
    big = by_tables[max(by_tables)]
    small = by_tables[min(by_tables)]
    out["p99_at_max_ms"] = big["handling_ms"]["p99"]
    out["p99_at_max_ok"] = big["handling_ms"]["p99"] <= TARGET_P99_MS
    if big is not small and small["handling_ms"]["p99"] > 0:
        ratio = big["handling_ms"]["p99"] / small["handling_ms"]["p99"]
        out["ratio"] = round(ratio, 3)
        out["ratio_ok"] = ratio <= TARGET_RATIO
        for key, name in (("handling_bot_ms", "ratio_without_rest"),
                          ("handling_running_ms", "ratio_running")):
            if small[key]["p99"] > 0:
                out[name] = round(big[key]["p99"] / small[key]["p99"], 3)
    return out


async def run_benchmark(tables: Sequence[int] = (10, 50, 200), moves: int = 20, *,
                        seed: int = 1, level: str = "medium", turn_timer: int = TURN_TIMER,
                        db_dir: str | Path | None = None,
                        profile: str | Path | None = None,
                        progress: Any = None) -> dict[str, Any]:
    """Every configuration in turn (each in its own world); one dict with all figures.
    ``profile``: a path for cProfile stats of the largest configuration's moves."""
    runs = []
    largest = max(tables) if tables else 0
    for n in tables:
        run = await run_load(n, moves, seed=seed, level=level, turn_timer=turn_timer,
                             db_dir=db_dir, profile=profile if n == largest else None)
        runs.append(run)
        if progress is not None:
            progress(run)
    return {
        "benchmark": "load",
        "python": sys.version.split()[0],
        "discord_py": discord.__version__,
        "config": {"tables": list(tables), "moves": moves, "seed": seed, "level": level,
                   "turn_timer": turn_timer, "profiled": bool(profile)},
        "runs": runs,
        "targets": evaluate(runs),
    }


def format_report(report: dict[str, Any]) -> str:
    lines = [
        f"{'tables':>6} {'moves':>6} {'p50':>7} {'p99':>7} {'max':>7} {'run50':>7} "
        f"{'run99':>7} {'hand99':>7} {'db/mv':>7} {'sql/mv':>7} {'saves':>6} {'post':>5} "
        f"{'patch':>5} "
        f"{'del':>5} {'wh-ed':>5} {'fup':>5} {'KiB/tbl':>8} {'botKiB':>7}"
    ]
    for r in report["runs"]:
        h, run, rest = r["handling_ms"], r["handling_running_ms"], r["rest_per_move"]
        mem = r["memory"]
        lines.append(
            f"{r['tables']:>6} {r['human_moves']:>6} {h['p50']:>7.1f} {h['p99']:>7.1f} "
            f"{h['max']:>7.1f} {run['p50']:>7.1f} {run['p99']:>7.1f} "
            f"{r['hand_open_ms']['p99']:>7.1f} {r['db_ms_per_move']['mean']:>7.1f} "
            f"{r['db_thread_ms_per_move']['mean']:>7.1f} "
            f"{r['db_ms_per_move']['saves_per_move']:>6.2f} "
            f"{rest['messages_posted']:>5.2f} {rest['messages_edited']:>5.2f} "
            f"{rest['messages_deleted']:>5.2f} {rest['webhook_edits']:>5.2f} "
            f"{rest['followups']:>5.2f} {mem['rss_bytes_per_table'] / 1024:>8.1f} "
            f"{mem['bot_table_bytes_per_table'] / 1024:>7.1f}"
        )
        if r["bot_errors"]:
            lines.append(f"       bot errors: {r['bot_errors']}")
    lines += [
        "",
        "ms per interaction (card clicks and My cards), received → answered: p50 p99 max;",
        "run50/run99: the time the handler's own code ran (no waiting, SimCord's REST excluded);",
        "hand99: My cards p99; db/mv: database ms per human move (saves: commits per move),",
        "sql/mv: of which SQLite ran in its thread (the rest: thread ↔ event loop hand-overs);",
        "REST calls per move: messages posted/edited/deleted, webhook edits, follow-ups;",
        "KiB/tbl: RSS growth per table (SimCord's world included); botKiB: the bot's Table.",
    ]
    tg = report["targets"]
    if "p99_at_max_ms" in tg:
        ok = "met" if tg["p99_at_max_ok"] else "MISSED"
        lines.append(f"target p99 ≤ {tg['p99_limit_ms']:.0f} ms at the most tables: "
                     f"{tg['p99_at_max_ms']:.1f} ms ({ok})")
    if "ratio" in tg:
        ok = "met" if tg["ratio_ok"] else "MISSED"
        lines.append(f"target p99(most) ≤ {tg['ratio_limit']}× p99(fewest): {tg['ratio']:.2f}× "
                     f"({ok}); without SimCord's REST {tg.get('ratio_without_rest', 0):.2f}×, "
                     f"running time only {tg.get('ratio_running', 0):.2f}×")
    for r in report["runs"]:
        if "profile" in r:
            for key, title, col in (("top_cumulative", "cumulative", "cumtime_s"),
                                    ("top_own", "own time", "tottime_s")):
                lines.append("")
                lines.append(f"profile of {r['tables']} tables ({title}, top):")
                for row in r["profile"][key]:
                    lines.append(f"  {row[col]:>9.3f} s {row['calls']:>8} {row['function']}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 50, 200])
    parser.add_argument("--moves", type=int, default=20, help="human moves per table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="medium", help="the AI seats' level")
    parser.add_argument("--turn-timer", type=int, default=TURN_TIMER,
                        help="seconds per human turn (0: no timer)")
    parser.add_argument("--profile", nargs="?", const="",
                        help="closed loop: cProfile stats file for the largest configuration; "
                             "open loop (no value): the event loop's CPU per click by package "
                             "(py-spy, benchmarks/loop_profile.py)")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("--open-loop", action="store_true",
                        help="all tables in flight at once, humans on their own clocks")
    parser.add_argument("--channels", type=int, nargs="+", default=[20],
                        help="open loop: tables spread over K channels (1: all in one)")
    parser.add_argument("--minutes", type=float, default=2.0, help="open loop: run time")
    parser.add_argument("--think", type=float, nargs=2, default=[2.0, 8.0],
                        help="open loop: a human's think time, uniform MIN MAX seconds")
    parser.add_argument("--discord", action="store_true",
                        help="open loop: model Discord's per-channel rate limits (429s)")
    parser.add_argument("--table-threads", choices=("busy", "always", "never"),
                        default="busy",
                        help="open loop: the server's table_threads (busy, the bot's "
                             "default: a table in a channel that already has one opens a "
                             "thread; never: all in the channel)")
    parser.add_argument("--virtual-timers", action="store_true",
                        help="open loop: the bot's timers wait for SimCord to settle the bot "
                             "(before 1 December 2026; under load a settle spins for the whole "
                             "window)")
    parser.add_argument("--no-heap-keeper", dest="heap_keeper", action="store_false",
                        help="open loop: the bot without its heap keeper (bot/heap.py, on "
                             "in the entry point): the collector's full passes scan the "
                             "whole heap, for comparison")
    parser.add_argument("--global-limit", type=int, default=GLOBAL_LIMIT,
                        help="open loop: the requests per second Discord allows the bot "
                             "(default its 50), modelled and set in the bot")
    parser.add_argument("--ai-workers", type=int, default=None,
                        help="AI worker processes (default: one per core; 0: on the loop)")
    parser.add_argument("--render-workers", type=int, default=None,
                        help="picture worker processes (default: one per core; 0: on the loop)")
    args = parser.parse_args(argv)
    if args.open_loop:
        return open_loop_main(args)
    if args.profile == "":
        parser.error("--profile needs a file name (cProfile stats) without --open-loop")

    def progress(run: dict[str, Any]) -> None:
        h = run["handling_ms"]
        print(f"# {run['tables']} tables: p50 {h['p50']:.1f} ms, p99 {h['p99']:.1f} ms "
              f"({run['wall_seconds']:.0f} s)", file=sys.stderr, flush=True)

    report = asyncio.run(run_benchmark(args.tables, args.moves, seed=args.seed,
                                       level=args.level, turn_timer=args.turn_timer,
                                       profile=args.profile, progress=progress))
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        print(format_report(report))
    return 0


def open_loop_main(args: argparse.Namespace) -> int:
    from benchmarks import open_loop

    level = args.level if args.level != "medium" or "--level" in sys.argv else "hard"

    def progress(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    async def run_all() -> dict[str, Any]:
        runs = []
        for n in args.tables:
            for k in args.channels:
                run = await open_loop.run_open_loop(
                    n, level=level, channels=k, minutes=args.minutes,
                    think=(args.think[0], args.think[1]), seed=args.seed,
                    ai_workers=args.ai_workers, render_workers=args.render_workers,
                    discord=args.discord, table_threads=args.table_threads,
                    progress=progress, profile=args.profile is not None,
                    virtual_timers=args.virtual_timers, global_limit=args.global_limit,
                    heap_keeper=args.heap_keeper)
                progress(f"# {n} tables / {run['channels']} channels"
                         f" ({run['threads']} threads): ack p99 "
                         f"{run['ack_ms']['p99']:.0f} ms, updated p99 "
                         f"{run['updated_ms']['p99']:.0f} ms, lag p99 "
                         f"{run['loop_lag_ms']['p99']:.1f} ms, full collections "
                         f"{run['gc_pause_ms']['gen2']['n']} (max "
                         f"{run['gc_pause_ms']['gen2']['max']:.0f} ms)")
                runs.append(run)
        return {"benchmark": "load --open-loop", "python": sys.version.split()[0],
                "load_average": list(os.getloadavg()), "runs": runs,
                "targets": open_loop.evaluate(runs)}

    report = asyncio.run(run_all())
    print(json.dumps(report, ensure_ascii=False) if args.json
          else open_loop.format_report(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
