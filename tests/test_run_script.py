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
USAGE = "./scripts/run [--en] [--taroky] [--offline] [--port=N]\n"


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
