"""A throw-away PostgreSQL server for the storage tests (``PostgresStore``): started once per
test session (once per test process with pytest-xdist) from the machine's ``initdb``/``pg_ctl``
on a Unix socket in a temporary folder (as the ``postgres`` user when the tests run as root),
one fresh database per test. Without PostgreSQL or asyncpg the PostgreSQL cases are
skipped."""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

_counter = itertools.count()


def _bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for path in sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True):
        return path
    return None


def _run(args: list[str], as_postgres: bool) -> None:
    prefix = ["runuser", "-u", "postgres", "--"] if as_postgres else []
    subprocess.run(prefix + args, check=True, capture_output=True, timeout=120)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """The socket folder of a running server (the DSN's host)."""
    try:
        import asyncpg  # noqa: F401
    except ImportError:
        pytest.skip("asyncpg is not installed")
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.skip("no PostgreSQL server on this machine")
    as_postgres = os.geteuid() == 0
    if as_postgres and shutil.which("runuser") is None:
        pytest.skip("running as root without runuser")
    root = Path(tempfile.mkdtemp(prefix="lora-pg-"))
    data = root / "data"
    if as_postgres:
        shutil.chown(root, "postgres", "postgres")
    try:
        _run([initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8"],
             as_postgres)
        _run([pg_ctl, "-D", str(data), "-w", "-l", str(root / "log"), "-o",
              f"-k {root} -c listen_addresses='' -p 54329 -c fsync=off", "start"], as_postgres)
    except (subprocess.SubprocessError, OSError) as exc:
        shutil.rmtree(root, ignore_errors=True)
        pytest.skip(f"PostgreSQL did not start: {exc}")
    try:
        yield str(root)
    finally:
        subprocess.run((["runuser", "-u", "postgres", "--"] if as_postgres else [])
                       + [pg_ctl, "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True, timeout=60, check=False)
        shutil.rmtree(root, ignore_errors=True)


async def fresh_database(host: str) -> str:
    """A new empty database on the test server; returns its DSN."""
    import asyncpg

    name = f"t{os.getpid()}_{next(_counter)}"
    admin = await asyncpg.connect(host=host, port=54329, user="postgres", database="postgres")
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    return f"postgresql://postgres@/{name}?host={host}&port=54329"
