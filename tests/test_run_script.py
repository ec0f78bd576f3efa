"""``./scripts/run`` as a README reader meets it (review 27, LOW #7): its usage in the
system's language (English unless it is Czech or Slovak), a typo or a port that is none
named (review 28, LOW-2); and pip runs only
when the project's pyproject.toml changed since the last install — a second start makes no
network request (tried on a copy of the scripts with a fake python that logs its calls)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from bot.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
USAGE = "./scripts/run [--en|--cs] [--taroky] [--new] [--offline] [--port=N]\n"


@pytest.mark.parametrize(("environ", "lang"), [
    ({}, "en"), ({"LANG": "C.UTF-8"}, "en"), ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "cs_CZ.UTF-8"}, "cs"), ({"LANG": "sk_SK.UTF-8"}, "cs"),
    ({"LANG": "cs_CZ.UTF-8", "LC_ALL": "en_US.UTF-8"}, "en"),  # LC_ALL wins
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "cs_CZ.UTF-8"}, "cs"),
])
def test_help_speaks_the_systems_language_else_english(capsys, environ, lang):
    assert main(["--help"], environ) == 0
    out = capsys.readouterr().out
    assert out.startswith(USAGE)
    said = {"en": "  with DISCORD_TOKEN (environment or .env) the bot runs on Discord",
            "cs": "  s DISCORD_TOKEN (prostředí nebo .env) běží bot na Discordu"}[lang]
    assert out.splitlines()[1].startswith(said)


def test_a_typo_is_named_with_exit_code_2(capsys):
    assert main(["--en", "--typo"], {"LANG": "cs_CZ.UTF-8"}) == 2  # (--en wins)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("unknown option: --typo\n" + USAGE)
    assert main(["--tarok", "-x"], {"LANG": "cs_CZ.UTF-8"}) == 2
    assert capsys.readouterr().err.startswith("neznámá volba: --tarok -x\n" + USAGE)


@pytest.mark.parametrize("port", ["abc", "0", "65536", "-1", "+80", "", "8080x"])
def test_a_port_that_is_none_is_named_with_exit_code_2(capsys, port):
    """``--port=abc`` is refused before anything starts (it crashed the try-out with a
    ValueError traceback: review 28 LOW-2); 1–65535 is a port."""
    assert main([f"--port={port}"], {"LANG": "en_US.UTF-8"}) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"invalid port: {port}\n" + USAGE)
    assert main(["--taroky", f"--port={port}"], {"LANG": "cs_CZ.UTF-8"}) == 2
    assert capsys.readouterr().err.startswith(f"neplatný port: {port}\n" + USAGE)


@pytest.mark.parametrize("port", ["1", "8080", "65535"])
def test_a_port_in_range_is_one(port):
    from bot.__main__ import port_ok

    assert port_ok(port)


FAKE_PYTHON = """#!/usr/bin/env bash
echo "$*" >> "$(dirname "$0")/../../calls"
"""


def _copy(tmp_path: Path) -> Path:
    """The scripts in a checkout of their own with a ready .venv whose python logs."""
    (tmp_path / "scripts").mkdir()
    for name in ("run", "test", "venv.sh"):
        shutil.copy2(ROOT / "scripts" / name, tmp_path / "scripts" / name)
    shutil.copy2(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    bin_ = tmp_path / ".venv" / "bin"
    bin_.mkdir(parents=True)
    for tool in ("python", "ruff", "mypy"):
        (bin_ / tool).write_text(FAKE_PYTHON)
        (bin_ / tool).chmod(0o755)
    return tmp_path


def _calls(root: Path) -> list[str]:
    path = root / "calls"
    lines = path.read_text().splitlines() if path.exists() else []
    path.unlink(missing_ok=True)
    return lines


PIP = "-m pip install -q --disable-pip-version-check -e .[{}]"


def test_run_installs_only_when_pyproject_changed(tmp_path):
    root = _copy(tmp_path)

    def run(*args: str) -> list[str]:
        subprocess.run(["bash", str(root / "scripts" / "run"), *args], check=True)
        return _calls(root)

    assert run("--en") == [PIP.format("tryout"), "-m bot --en"]  # the first start installs
    assert run("--en") == ["-m bot --en"]  # the second does not
    with (root / "pyproject.toml").open("a") as f:
        f.write("\n# a dependency changed\n")
    assert run() == [PIP.format("tryout"), "-m bot"]
    assert run() == ["-m bot"]
    (root / ".venv" / ".installed-tryout").unlink()  # (a venv from before the stamp)
    assert run() == [PIP.format("tryout"), "-m bot"]


def test_test_installs_its_extra_once_too(tmp_path):
    root = _copy(tmp_path)
    script = str(root / "scripts" / "test")
    subprocess.run(["bash", script, "-q"], check=True)
    calls = _calls(root)
    assert calls[0] == PIP.format("test")
    assert calls[-1] == "-m pytest -n 2 --dist worksteal -q"
    subprocess.run(["bash", script, "-q"], check=True)
    assert PIP.format("test") not in _calls(root)
    subprocess.run(["bash", str(root / "scripts" / "run")], check=True)
    assert _calls(root)[0] == PIP.format("tryout")  # (each extra its own stamp)


def test_a_failed_install_leaves_no_stamp(tmp_path):
    root = _copy(tmp_path)
    python = root / ".venv" / "bin" / "python"
    python.write_text(FAKE_PYTHON + 'case "$*" in *"pip install"*) exit 1;; esac\n')
    done = subprocess.run(["bash", str(root / "scripts" / "run")])
    assert done.returncode == 1
    assert _calls(root) == [PIP.format("tryout")]  # (the bot did not start)
    assert not (root / ".venv" / ".installed-tryout").exists()


def test_the_install_says_so_first_in_the_chosen_language(tmp_path):
    """pip's first minute is silent: a line before it, in the bot's language (review 78)."""
    root = _copy(tmp_path)
    script = str(root / "scripts" / "run")

    def said(*args: str, lang: str) -> str:
        (root / ".venv" / ".installed-tryout").unlink(missing_ok=True)
        env = {"PATH": "/usr/bin:/bin", "LANG": lang}
        done = subprocess.run(["bash", script, *args], env=env, capture_output=True,
                              text=True, check=True)
        _calls(root)
        return done.stdout

    czech = "Připravuji prostředí (poprvé to trvá asi minutu)…\n"
    english = "Preparing the environment (the first time takes about a minute)…\n"
    assert said(lang="cs_CZ.UTF-8") == czech
    assert said(lang="C.UTF-8") == english
    assert said("--en", lang="sk_SK.UTF-8") == english
    assert said("--cs", lang="C.UTF-8") == czech
    assert said("--cs", "--en", lang="cs_CZ.UTF-8") == english  # (--en first, as the usage)
    subprocess.run(["bash", script], env={"PATH": "/usr/bin:/bin"}, check=True)
    assert _calls(root) == ["-m bot"]  # installed: nothing said, nothing run but the bot


@pytest.mark.parametrize(("args", "environ", "lang"), [
    (["--offline"], {"LANG": "C.UTF-8"}, "en"),
    (["--offline"], {"LANG": "sk_SK.UTF-8"}, "cs"),
    (["--offline", "--cs"], {"LANG": "en_US.UTF-8"}, "cs"),
    (["--offline", "--en"], {"LANG": "cs_CZ.UTF-8"}, "en"),
])
def test_the_tryout_speaks_the_language_help_does(monkeypatch, capsys, args, environ, lang):
    """One choice for ``--help`` and the try-out (review 78: help English, game Czech)."""
    import bot.offline

    got: list[str] = []
    monkeypatch.setattr(bot.offline, "run_offline", lambda a, chosen: got.append(chosen) or 0)
    assert main(args, environ) == 0
    assert got == [lang]
    assert main(["--help"], environ) == 0
    assert capsys.readouterr().out.startswith(USAGE)


def test_the_usage_names_cs_new_and_the_terminal_game(capsys):
    assert main(["--help"], {"LANG": "cs_CZ.UTF-8"}) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2] == ("  --en  anglicky · --cs  česky · --taroky  stůl Taroků"
                        " · --new  nová zkušební hra · --port=N  port náhledu")
    assert lines[3] == "  hra v terminálu bez prohlížeče: python -m engine play [--en]"
    assert main(["--help", "--en"], {}) == 0
    assert capsys.readouterr().out.splitlines()[3] == (
        "  a game in the terminal, no browser: python -m engine play [--en]")


def test_a_busy_port_is_one_line_at_once_with_exit_code_2(capsys):
    """Review 78 M1: a port in use gave 30 s of silence and a 39-line traceback."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["--offline", f"--port={port}"], {"LANG": "cs_CZ.UTF-8"}) == 2
        captured = capsys.readouterr()
        assert captured.err == f"Port {port} je obsazený – zvol jiný: ./scripts/run --port=N.\n"
        assert main(["--offline", "--en", f"--port={port}"], {}) == 2
        assert capsys.readouterr().err == (
            f"Port {port} is in use – choose another: ./scripts/run --port=N.\n")
    from bot.offline import port_free

    assert port_free(port)  # (released)


def test_the_tryout_keeps_its_game_in_a_git_ignored_database(tmp_path):
    from bot.offline import forget_tryout, tryout_db

    assert tryout_db("taroky", "en") == ROOT / "data" / "tryout-taroky-en.sqlite3"
    ignored = subprocess.run(["git", "check-ignore", "-q", str(tryout_db("lora", "cs"))],
                             cwd=ROOT)
    assert ignored.returncode == 0
    db = tmp_path / "tryout-lora-cs.sqlite3"
    kept = [db, tmp_path / "tryout-lora-cs.sqlite3-wal", tmp_path / "other.sqlite3"]
    for path in kept:
        path.write_text("x")
    forget_tryout(db)  # --new
    assert [p.exists() for p in kept] == [False, False, True]


@pytest.mark.parametrize(("args", "lang"), [
    ([], "cs"), (["--en"], "en"), (["--lang", "en"], "en"), (["--cs"], "cs")])
def test_the_terminal_game_takes_en_as_the_tryout_does(monkeypatch, args, lang):
    """``python -m engine play --en`` was refused (review 78 L2)."""
    import engine.terminal
    from engine.__main__ import main as engine_main

    got: list[str] = []
    monkeypatch.setattr(engine.terminal, "play",
                        lambda seed=None, lang="cs": got.append(lang) or 0)
    assert engine_main(["play", *args]) == 0
    assert got == [lang]
