"""The load benchmark (benchmarks/load.py) on a tiny configuration: its report has every
figure, and the figures are sane. No timing threshold here (see the benchmark for targets)."""

from __future__ import annotations

import json

import pytest

from benchmarks import load
from bot.ui.controller import Controller

SUMMARY = {"n", "p50", "p99", "max", "mean"}


def _sane(summary, n=None):
    assert set(summary) == SUMMARY
    if n is not None:
        assert summary["n"] == n
    assert 0 <= summary["p50"] <= summary["p99"] <= summary["max"]
    assert summary["mean"] <= summary["max"]


async def test_tiny_benchmark_reports_every_figure(tmp_path):
    original = Controller.__dict__["on_action"], Controller.__dict__["on_table_button"]
    report = await load.run_benchmark([1, 2], moves=3, seed=5, db_dir=tmp_path)
    # the benchmark patches only for the time of a run
    assert (Controller.__dict__["on_action"], Controller.__dict__["on_table_button"]) == original
    assert set(report) >= {"benchmark", "config", "runs", "targets"}
    assert report["config"]["tables"] == [1, 2]
    json.dumps(report)  # one JSON object
    for run, tables in zip(report["runs"], (1, 2), strict=True):
        assert run["tables"] == tables
        assert run["human_moves"] == 3 * tables
        assert run["bot_errors"] == []
        for key in ("handling_ms", "handling_bot_ms", "handling_running_ms", "action_ms",
                    "action_running_ms", "hand_open_ms", "db_ms_per_save",
                    "ai_ms_per_decision"):
            _sane(run[key])
        _sane(run["action_ms"], n=run["human_moves"])
        assert run["handling_ms"]["n"] == run["action_ms"]["n"] + run["hand_open_ms"]["n"]
        assert run["hand_open_ms"]["n"] >= tables  # each human opened his cards
        assert run["handling_ms"]["p50"] > 0
        # the bot's own running time and the time without SimCord's REST are parts of it
        assert run["handling_running_ms"]["max"] <= run["handling_ms"]["max"] + 1e-6
        assert run["handling_bot_ms"]["max"] <= run["handling_ms"]["max"] + 1e-6
        db = run["db_ms_per_move"]
        assert db["saves_per_move"] >= 1  # his move, then AI moves, each committed
        assert db["mean"] > 0
        assert run["db_ms_per_save"]["n"] >= run["human_moves"]
        sql = run["db_thread_ms_per_move"]
        assert sql["round_trips_per_move"] >= db["saves_per_move"]
        assert sql["mean"] > 0  # SQLite's own time, in its thread
        rest = run["rest_per_move"]
        assert set(rest) == {kind for kind, _m, _p in load.KINDS} | {"other"}
        assert rest["callbacks"] >= 1  # every click is answered
        assert rest["messages_edited"] > 0  # the table message is edited in place
        assert rest["webhook_edits"] > 0  # and his hand
        assert rest["other"] == 0
        memory = run["memory"]
        assert memory["bot_table_bytes_per_table"] > 1000
        assert memory["rss_after"] > 0
    targets = report["targets"]
    assert set(targets) >= {"p99_limit_ms", "ratio_limit", "p99_at_max_ms", "p99_at_max_ok",
                            "ratio", "ratio_ok"}
    assert targets["p99_at_max_ms"] == report["runs"][-1]["handling_ms"]["p99"]
    text = load.format_report(report)
    assert "target p99" in text


def test_rest_kinds():
    assert load.rest_kind("POST", "/channels/1/messages") == "messages_posted"
    assert load.rest_kind("PATCH", "/channels/1/messages/2") == "messages_edited"
    assert load.rest_kind("DELETE", "/channels/1/messages/2") == "messages_deleted"
    assert load.rest_kind("PATCH", "/webhooks/1/tok/messages/@original") == "webhook_edits"
    assert load.rest_kind("POST", "/webhooks/1/tok") == "followups"
    assert load.rest_kind("POST", "/interactions/1/tok/callback") == "callbacks"
    assert load.rest_kind("GET", "/channels/1") == "other"


def test_percentiles():
    assert load.percentile([], 99) == 0.0
    values = list(range(1, 101))
    assert load.percentile(values, 50) == 50
    assert load.percentile(values, 99) == 99
    assert load.percentile(values, 100) == 100
    assert load.percentile([7.0], 99) == 7.0


def test_cli_json(capsys, tmp_path):
    assert load.main(["--tables", "1", "--moves", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["runs"][0]["human_moves"] == 1


def test_the_loop_profile_charges_each_sample_to_the_package_it_serves():
    """py-spy's raw samples of the main thread (``benchmarks.loop_profile``): a sample is
    charged to the innermost package frame inside the callback the loop runs (other threads
    and the loop's own frames left out, ``select`` apart), discord.py by its caller, and the
    figures are ms per click (100 samples a second: a sample is 10 ms)."""
    from benchmarks.loop_profile import attribute

    loop = ("thread (7): MainThread;<module> (load.py:1);run (asyncio/runners.py:118);"
            "BaseEventLoop._run_once (asyncio/base_events.py:1922)")
    run = loop + ";Handle._run (asyncio/events.py:80);_track_callback.<locals>.invoke " \
                 "(simcord/_runtime.py:354)"
    raw = "\n".join([
        f"{run};Storage._write (bot/storage/storage.py:1);deepcopy (copy.py:1) 6",
        f"{run};frozen_view (bot/ui/components.py:1);BaseView.__init__ "
        "(discord/ui/view.py:1) 2",
        f"{run};is_sleep_waiter (simcord/_dpy_internals.py:341) 8",
        f"{run};parse (discord/state.py:1) 1",
        f"{run};_play (open_loop.py:300) 1",
        f"{loop};EpollSelector.select (selectors.py:468) 5",
        f"{loop} 1",
        "thread (9): Thread-1;run (threading.py:1);finish (bot/storage/outbox.py:1) 50",
    ])
    got = attribute(raw, 7, 100, clicks=2)
    assert got["samples"] == 24
    assert got["busy_ms_per_click"] == {"total": 120.0, "simcord": 40.0, "bot": 30.0,
                                        "select": 25.0, "discord": 15.0, "benchmarks": 5.0,
                                        "asyncio": 5.0}
    assert got["by_caller_ms_per_click"] == {"discord <- bot": 10.0,
                                             "discord <- simcord": 5.0}
    assert got["by_party_ms_per_click"] == {"bot": 40.0, "simulated Discord": 45.0,
                                            "humans and benchmark": 5.0, "event loop": 5.0}
    assert got["functions_ms_per_click"]["bot"] == {"bot/storage/storage.py:Storage._write": 30.0}
    # the thread's CPU known (0.095 s: half the 19 samples outside select): CPU ms
    assert attribute(raw, 7, 100, clicks=2, cpu_seconds=0.095)["loop_cpu_ms_per_click"][
        "total"] == 47.5


def test_the_open_loop_benchmark_times_the_garbage_collectors_pauses():
    """Each collection while installed is one pause of its generation; none after."""
    import gc

    from benchmarks.open_loop import _GcPauses

    pauses = _GcPauses()
    pauses.install()
    gc.collect(2)
    gc.collect(0)
    pauses.uninstall()
    gc.collect(2)
    report = pauses.report(window=10.0)
    assert set(report) == {"gen0", "gen1", "gen2"}
    assert report["gen2"]["n"] == 1 and report["gen0"]["n"] >= 1
    one = report["gen2"]["max"] / 1000  # (its one pause)
    assert one > 0 and report["gen2"]["seconds"] == round(one, 2)
    assert report["gen2"]["share_of_window"] == pytest.approx(one / 10.0, abs=1e-4)


async def test_the_simulators_records_are_cleaned_every_five_seconds(monkeypatch):
    """Each 5-second cleaning empties SimCord's pictures, transcript and request log, the
    requests counted first (the run's request figures add them up)."""
    import asyncio
    from types import SimpleNamespace

    from benchmarks import open_loop

    stop = asyncio.Event()
    ticks = [0]

    async def tick(seconds: float) -> None:
        assert seconds == 5
        ticks[0] += 1
        if ticks[0] == 2:
            stop.set()

    monkeypatch.setattr(open_loop.asyncio, "sleep", tick)
    backend = SimpleNamespace(cdn=SimpleNamespace(_blobs={1: b"png"}),
                              http_requests=["GET", "PATCH"], transcript=[("HTTP", "GET", None)])
    env = SimpleNamespace(backend=backend)
    records = open_loop._Records()
    cleared = await open_loop._clean_cdn(env, stop, records)
    assert backend.cdn._blobs == {} and ticks[0] == 2
    assert backend.http_requests == [] and backend.transcript == []
    assert cleared == 2
    stop.clear()
    ticks[0] = 0
    backend.http_requests.append("POST")
    assert await open_loop._clean_cdn(env, stop, records) == 1
