"""``python -m bot``: run the bot with DISCORD_TOKEN, or offer the offline try-out."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping

from bot.config import load_settings

FLAGS = ("--offline", "--en", "--cs", "--taroky", "--new")


def usage_lang(args: list[str], environ: Mapping[str, str]) -> str:
    """The language of the usage and of the offline try-out (one choice for both: review 78):
    English with ``--en``, Czech with ``--cs``, else the system's (the first of ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG`` that is set: Czech for a Czech or Slovak one), else English —
    who reads the README asks in its language (review 27)."""
    if "--en" in args:
        return "en"
    if "--cs" in args:
        return "cs"
    from bot.i18n import lang_of_locale

    locale = next((environ[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(k)),
                  "")
    return lang_of_locale(locale, "en")


def port_ok(value: str) -> bool:
    """``--port=value`` names a TCP port: a whole number 1–65535, written in ASCII digits
    (``int`` would also take "+80", " 80" or "٨٠")."""
    return value.isascii() and value.isdigit() and 1 <= int(value) <= 65535


def main(argv: list[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    unknown = [a for a in args if a not in FLAGS and not a.startswith("--port=")]
    bad_ports = [a.split("=", 1)[1] for a in args
                 if a.startswith("--port=") and not port_ok(a.split("=", 1)[1])]
    if unknown or bad_ports:  # --help, or a typo (which would otherwise start Lóra's
        # try-out silently), or a port that is none (a traceback from the try-out)
        from bot.i18n import t

        lang = usage_lang(args, os.environ if environ is None else environ)
        wrong = [a for a in unknown if a not in ("--help", "-h")]
        out = sys.stderr if wrong or bad_ports else sys.stdout
        if wrong:
            print(t("core.run_unknown", lang, option=" ".join(wrong)), file=out)
        if bad_ports:
            print(t("core.run_bad_port", lang, port=" ".join(bad_ports)), file=out)
        print(t("core.run_usage", lang), file=out)
        return 2 if wrong or bad_ports else 0
    settings = load_settings()
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if "--offline" in args or not settings.token:
        from bot.offline import run_offline

        return run_offline(args, usage_lang(args, os.environ if environ is None else environ))
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
