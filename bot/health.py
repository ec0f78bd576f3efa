"""``python -m bot.health``: exit 0 while the bot is connected (the container healthcheck).

The bot refreshes ``<data>/heartbeat`` every ``HEARTBEAT_SECONDS`` while it is ready; a
missing or stale file means it is down or disconnected.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from bot.config import load_settings

HEARTBEAT_SECONDS = 30
STALE_SECONDS = 3 * HEARTBEAT_SECONDS


def heartbeat_path(db_path: Path) -> Path:
    return db_path.parent / "heartbeat"


def is_healthy(path: Path, now: float | None = None) -> bool:
    try:
        beat = float(path.read_text(encoding="ascii").strip())
    except (OSError, ValueError):
        return False
    return (now if now is not None else time.time()) - beat <= STALE_SECONDS


def main() -> int:
    path = heartbeat_path(load_settings().db_path)
    healthy = is_healthy(path)
    print("healthy" if healthy else f"unhealthy: no fresh heartbeat at {path}")
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
