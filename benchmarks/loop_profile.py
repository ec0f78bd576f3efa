"""Where the benchmark process's event loop spends its CPU, by package (``--profile``).

The open-loop benchmark runs the bot, SimCord (the simulated Discord) and the simulated humans
in one process and on one event loop, so the process's CPU alone cannot say how much of it is
the bot's. ``py-spy`` (``pip install py-spy``; not a dependency of the bot) samples the process
from outside, without pausing it (``--nonblocking``), for the run's measured window; this
module keeps the samples of the main thread (the event loop's) and attributes each to a bucket:

* the **package** of the innermost frame that belongs to one — ``bot``, ``simcord``,
  ``discord`` (discord.py), ``benchmarks`` (the humans and the benchmark's watch; ``tests``'
  helpers they use count here too), ``engine``, ``aiosqlite``, ``json``, ``logging``, ``PIL``;
  other standard-library frames (``copy``, ``re``, ``dataclasses``…) are charged to the
  package that called them;
* ``asyncio``: samples in the loop's own scheduling, or in a callback with no such frame;
  ``select``: in ``epoll`` (py-spy counts a thread there as busy when the kernel has it
  runnable: woken and waiting for a core, on a loaded machine); ``no Python frame``: a thread
  with no Python frame on its stack (waiting for the GIL).

``json``, ``logging`` and ``discord`` are split further by the package that called them (the
next package frame outward): discord.py called by the bot (building messages, answering
interactions) is the bot's cost on a real server too, discord.py called by SimCord (parsing the
events it sends) is the library's work that a real gateway would also cause; json called by
SimCord is the simulator's. ``functions_ms_per_click`` lists each bucket's functions (its
innermost frame in the sample), and under ``bot (caller)`` the bot's innermost frame of the
samples charged to another bucket (what the bot called there).

A sample is 1 / rate seconds of the thread on a CPU (py-spy leaves out idle samples: a thread
waiting in ``epoll`` with a timeout is idle, one running is not).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

PACKAGES = ("bot", "simcord", "discord", "benchmarks", "tests", "engine", "aiosqlite", "json",
            "logging", "PIL", "multiprocessing", "concurrent")
SPLIT_BY_CALLER = ("json", "logging", "discord", "multiprocessing", "concurrent", "aiosqlite")
_FRAME = re.compile(r"^(?P<func>.*) \((?P<file>[^():]*):(?P<line>\d+)\)$")
_ROOT = str(Path(__file__).resolve().parent.parent) + os.sep


def package_of(path: str) -> str | None:
    """The top-level package (or standard-library module) of a source file, or None."""
    path = path.replace("\\", "/")
    if "/" not in path:  # py-spy shortens the paths under sys.path's entries
        if (Path(_ROOT) / "benchmarks" / path).exists():
            return "benchmarks"
        top = path
    elif "site-packages/" in path:
        top = path.split("site-packages/", 1)[1].split("/", 1)[0]
    elif path.startswith(_ROOT.replace("\\", "/")):
        top = path[len(_ROOT):].split("/", 1)[0]
    elif not path.startswith("/"):
        top = path.split("/", 1)[0]
    else:
        match = re.search(r"/lib/python3\.\d+/(.*)$", path)
        if match is None:
            return None
        top = match.group(1).split("/", 1)[0]
    top = top.removesuffix(".py")
    if top == "tests":
        return "benchmarks"
    return top if top in PACKAGES or top == "asyncio" else None


def _frames(stack: str) -> list[tuple[str, str]]:
    """(function, file) outermost first."""
    out = []
    for part in stack.split(";"):
        match = _FRAME.match(part)
        if match is not None:
            out.append((match.group("func"), match.group("file")))
    return out


WAITS = ("select", "no Python frame")


def attribute(raw: str, thread: int, rate: float, clicks: int,
              cpu_seconds: float | None = None) -> dict[str, Any]:
    """py-spy's raw output (``--threads``) for one thread: its busy time by bucket (ms per
    click), the split ones by caller, and each bucket's functions. With ``cpu_seconds`` (the
    thread's CPU over the same window) the figures are CPU: the busy samples outside
    ``WAITS`` scaled to it (on a loaded machine py-spy also counts the time the thread was
    runnable but waiting for a core, in proportion to what it ran)."""
    tag = f"thread ({thread})"
    buckets: Counter[str] = Counter()
    callers: Counter[str] = Counter()
    functions: defaultdict[str, Counter[str]] = defaultdict(Counter)
    total = 0
    for line in raw.splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        parts = stack.split(";")
        if not parts[0].startswith(tag):
            continue
        count = int(count_text)
        total += count
        frames = _frames(stack)
        if not frames:  # no Python frame: waiting for the GIL (or in C before the first)
            buckets["no Python frame"] += count
            continue
        # the callback the loop runs; the frames outside it are the loop (and asyncio.run's
        # caller, which would otherwise own every sample)
        run = next((i for i in range(len(frames) - 1, -1, -1)
                    if frames[i][0] == "Handle._run" and frames[i][1].endswith("events.py")),
                   None)
        if run is None:
            leaf = frames[-1][1]
            buckets["select" if leaf.endswith("selectors.py") else "asyncio"] += count
            continue
        named = [(None, "", "")] * (run + 1) + [(package_of(f), func, f)
                                                 for func, f in frames[run + 1:]]
        inner = next((i for i in range(len(named) - 1, run, -1)
                      if named[i][0] not in (None, "asyncio")), None)
        if inner is None:
            buckets["asyncio"] += count
            continue
        package = str(named[inner][0])
        buckets[package] += count
        if package in SPLIT_BY_CALLER:
            caller = next((str(named[i][0]) for i in range(inner - 1, run, -1)
                           if named[i][0] not in (None, "asyncio", package)), "asyncio")
            callers[f"{package} <- {caller}"] += count
        func, path = named[inner][1], named[inner][2]
        functions[package][f"{path}:{func}"] += count
        bot = next((i for i in range(len(named) - 1, -1, -1) if named[i][0] == "bot"), None)
        if bot is not None and package != "bot":
            func, path = named[bot][1], named[bot][2]
            functions["bot (caller)"][f"{path}:{func} -> {package}"] += count

    running = total - sum(buckets[w] for w in WAITS)
    scale = 1.0 if cpu_seconds is None else cpu_seconds * rate / max(1, running)

    def ms(n: int) -> float:
        return round(1000 * n * scale / rate / max(1, clicks), 2)

    def busy(n: int) -> float:
        return round(1000 * n / rate / max(1, clicks), 2)

    return {
        "samples": total,
        "rate_hz": rate,
        "clicks": clicks,
        "busy_s": round(total / rate, 1),
        "busy_ms_per_click": {"total": busy(total),
                              **{k: busy(v) for k, v in buckets.most_common()}},
        **({} if cpu_seconds is None else {"main_thread_cpu_s": round(cpu_seconds, 1)}),
        # CPU when ``cpu_seconds`` is known (else busy time), without the waits
        "loop_cpu_ms_per_click": {"total": ms(running),
                                  **{k: ms(v) for k, v in buckets.most_common()
                                     if k not in WAITS}},
        "by_caller_ms_per_click": {k: ms(v) for k, v in callers.most_common()},
        # who the time is for: the bot (its code, the discord.py, aiosqlite, engine and
        # worker-pool code it calls), the simulated Discord (SimCord, with the discord.py
        # and json it calls), the simulated humans and the benchmark, the loop itself
        "by_party_ms_per_click": {name: ms(n) for name, n in _parties(buckets, callers).items()},
        # per bucket, its functions (the innermost frame in it); "bot (caller)": the bot's
        # innermost frame of samples charged to another bucket (what the bot called there)
        "functions_ms_per_click": {
            bucket: {k: ms(v) for k, v in counter.most_common(25 if bucket == "bot" else 12)}
            for bucket, counter in functions.items()},
    }


def _parties(buckets: Counter[str], callers: Counter[str]) -> dict[str, int]:
    """The buckets summed by whom they serve (``attribute``'s ``by_party_ms_per_click``): a
    split bucket goes to its caller (json called by discord.py goes with the larger of
    discord.py's two callers, the bot or SimCord)."""
    out: Counter[str] = Counter()
    party = {"bot": "bot", "engine": "bot", "simcord": "simulated Discord",
             "benchmarks": "humans and benchmark", "asyncio": "event loop"}
    for bucket, n in buckets.items():
        if bucket in WAITS or bucket in SPLIT_BY_CALLER:
            continue
        out[party.get(bucket, "other")] += n
    for key, n in callers.items():
        bucket, _, caller = key.partition(" <- ")
        if bucket in ("multiprocessing", "concurrent", "aiosqlite"):
            out["bot"] += n  # the worker pools' and the database's hand-overs (SimCord
            continue  # wraps the executor's submit: its caller shows as simcord)
        if caller == "discord":
            caller = "simcord" if callers["discord <- simcord"] >= callers["discord <- bot"] \
                else "bot"
        out[party.get(caller, "other")] += n
    return dict(out)


class Sampler:
    """py-spy recording this process from outside for a window (``start``/``stop``)."""

    def __init__(self, rate: int = 100) -> None:
        self.rate = rate
        self.thread = threading.main_thread().native_id or 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._cpu0 = 0.0
        self._dir = tempfile.TemporaryDirectory()
        self.path = Path(self._dir.name) / "samples.txt"

    @staticmethod
    def executable() -> str:
        here = Path(sys.executable).parent / "py-spy"
        found = str(here) if here.exists() else shutil.which("py-spy")
        if found is None:
            raise SystemExit("--profile needs py-spy: pip install py-spy")
        return found

    def start(self) -> None:
        """Start recording (called on the main thread: its CPU is measured from here)."""
        self._cpu0 = time.thread_time()
        self._proc = subprocess.Popen(
            [self.executable(), "record", "--pid", str(os.getpid()), "--nonblocking",
             "--threads", "--rate", str(self.rate), "--format", "raw", "-o", str(self.path)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(self, clicks: int) -> dict[str, Any]:
        """Stop recording (on the main thread); its attribution (``attribute``)."""
        if self._proc is None:
            return {}
        cpu = time.thread_time() - self._cpu0
        self._proc.send_signal(signal.SIGINT)
        try:
            self._proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        raw = self.path.read_text(encoding="utf-8") if self.path.exists() else ""
        self._dir.cleanup()
        return attribute(raw, self.thread, self.rate, clicks, cpu)
