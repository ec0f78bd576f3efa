"""Settings from the environment or a ``.env`` file: a token is configuration, never code."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = ROOT / "data" / "lora.sqlite3"


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=value lines; blank lines and # comments ignored; quotes around values removed."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip().removeprefix("export ").strip()] = value.strip().strip("'\"")
    return values


@dataclass(frozen=True)
class Settings:
    token: str | None
    test_guild_id: int | None
    db_path: Path
    log_level: str
    database_url: str | None = None  # PostgreSQL instead of the SQLite file (shared by shards)
    ai_workers: int | None = None  # AI worker processes (None: one per core)
    render_workers: int | None = None  # picture worker processes (None: one per core)
    # requests per second Discord allows this bot over all routes (None: Discord's 50; it
    # raises the limit only for bots in 150,000 servers or more, on request)
    discord_global_limit: int | None = None
    # ``bot.heap``: freeze what survives so that full collections stop the tables rarely
    heap_freeze: bool = True

    def __repr__(self) -> str:  # never print the token
        token = "set" if self.token else "missing"
        db = "postgresql" if self.database_url else self.db_path  # a URL may hold a password
        return f"Settings(token={token}, test_guild_id={self.test_guild_id}, db={db})"


def load_settings(env_file: Path | None = None) -> Settings:
    file_values = read_env_file(env_file or ROOT / ".env")

    def get(key: str) -> str | None:
        return os.environ.get(key) or file_values.get(key) or None

    guild = get("LORA_TEST_GUILD_ID")
    return Settings(
        token=get("DISCORD_TOKEN"),
        test_guild_id=int(guild) if guild and guild.isdigit() else None,
        db_path=Path(get("LORA_DB") or DEFAULT_DB),
        log_level=get("LORA_LOG_LEVEL") or "INFO",
        database_url=get("LORA_DATABASE_URL"),
        ai_workers=_count(get("LORA_AI_WORKERS")),
        render_workers=_count(get("LORA_RENDER_WORKERS")),
        discord_global_limit=_count(get("LORA_DISCORD_GLOBAL_LIMIT")),
        heap_freeze=(get("LORA_HEAP_FREEZE") or "1").lower() not in ("0", "no", "false", "off"),
    )


def _count(value: str | None) -> int | None:
    return int(value) if value is not None and value.isdigit() else None
