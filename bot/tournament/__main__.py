"""``python -m bot.tournament examples [DIR] [--lang cs|en]``: the tournament's example
pictures (standings and a table sheet of a Lóra and a Taroky tournament)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.tournament",
                                     description="tournament pictures")
    sub = parser.add_subparsers(dest="command", required=True)
    ep = sub.add_parser("examples", help="write example pictures")
    ep.add_argument("dir", nargs="?", default="docs/img")
    ep.add_argument("--lang", choices=("cs", "en"), default="cs")
    args = parser.parse_args(argv)
    from bot.tournament.examples import write_examples

    for path in write_examples(Path(args.dir), args.lang):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
