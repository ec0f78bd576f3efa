"""Settings from the environment or .env, and the container healthcheck."""

from __future__ import annotations

from bot.config import load_settings, read_env_file
from bot.health import STALE_SECONDS, is_healthy

# A made-up token of the real shape, built here so that no token-like literal is tracked.
FAKE_TOKEN = ".".join(("M" + "T" * 23, "GabcDE", "fake-token-for-tests-only" + "x" * 12))


def test_env_file_values_and_environment_override(tmp_path, monkeypatch):
    env = tmp_path / ".env"
    env.write_text(
        "# a comment\nDISCORD_TOKEN='from-file'\nexport LORA_TEST_GUILD_ID=42\n\nLORA_DB=x.db\n",
        encoding="utf-8",
    )
    assert read_env_file(env) == {
        "DISCORD_TOKEN": "from-file", "LORA_TEST_GUILD_ID": "42", "LORA_DB": "x.db"
    }
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("LORA_TEST_GUILD_ID", raising=False)
    monkeypatch.delenv("LORA_DB", raising=False)
    s = load_settings(env)
    assert (s.token, s.test_guild_id, str(s.db_path)) == ("from-file", 42, "x.db")
    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    assert load_settings(env).token == FAKE_TOKEN


def test_settings_never_show_the_token(monkeypatch, tmp_path):
    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    s = load_settings(tmp_path / "missing.env")
    assert FAKE_TOKEN not in repr(s) and FAKE_TOKEN not in str(s)
    assert "token=set" in repr(s)


def test_healthcheck_wants_a_fresh_heartbeat(tmp_path):
    beat = tmp_path / "heartbeat"
    assert not is_healthy(beat)
    beat.write_text("1000\n", encoding="ascii")
    assert is_healthy(beat, now=1000 + STALE_SECONDS)
    assert not is_healthy(beat, now=1001 + STALE_SECONDS)
    beat.write_text("garbage", encoding="ascii")
    assert not is_healthy(beat, now=1000)


def test_the_global_limit_is_discords_unless_the_setting_raises_it(tmp_path, monkeypatch):
    monkeypatch.delenv("LORA_DISCORD_GLOBAL_LIMIT", raising=False)
    assert load_settings(tmp_path / "missing.env").discord_global_limit is None
    monkeypatch.setenv("LORA_DISCORD_GLOBAL_LIMIT", "500")
    assert load_settings(tmp_path / "missing.env").discord_global_limit == 500
    monkeypatch.setenv("LORA_DISCORD_GLOBAL_LIMIT", "lots")
    assert load_settings(tmp_path / "missing.env").discord_global_limit is None


def test_the_heap_keeper_is_on_unless_the_setting_turns_it_off(tmp_path, monkeypatch):
    monkeypatch.delenv("LORA_HEAP_FREEZE", raising=False)
    assert load_settings(tmp_path / "missing.env").heap_freeze is True
    monkeypatch.setenv("LORA_HEAP_FREEZE", "0")
    assert load_settings(tmp_path / "missing.env").heap_freeze is False
    monkeypatch.setenv("LORA_HEAP_FREEZE", "off")
    assert load_settings(tmp_path / "missing.env").heap_freeze is False
    monkeypatch.setenv("LORA_HEAP_FREEZE", "1")
    assert load_settings(tmp_path / "missing.env").heap_freeze is True
