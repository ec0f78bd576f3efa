"""``python -m bot``: run the bot with DISCORD_TOKEN, or offer the offline try-out."""

from __future__ import annotations

import logging
import sys

from bot.config import load_settings

FLAGS = ("--offline", "--en", "--taroky")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    unknown = [a for a in args if a not in FLAGS and not a.startswith("--port=")]
    if unknown:  # --help, or a typo (which would otherwise start Lóra's try-out silently)
        from bot.i18n import t

        lang = "en" if "--en" in args else "cs"
        asked = unknown in (["--help"], ["-h"])
        print(t("core.run_usage", lang), file=sys.stdout if asked else sys.stderr)
        return 0 if asked else 2
    settings = load_settings()
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if "--offline" in args or not settings.token:
        from bot.offline import run_offline

        return run_offline(args)
    from bot.app import create_bot

    bot = create_bot(
        db_path=settings.db_path, database_url=settings.database_url,
        test_guild_id=settings.test_guild_id, heartbeat=True,
        ai_workers=settings.ai_workers, render_workers=settings.render_workers,
        global_limit=settings.discord_global_limit, heap_keeper=settings.heap_freeze,
    )
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
