"""Command line of the engine: ``replay``, ``bench`` and ``play`` (a game in the terminal)."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Lóra, Taroky")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a JSON scenario (REPLAY.md; Taroky: T-REPLAY)")
    rp.add_argument("file", help="scenario file, or - for standard input")
    rp.add_argument("--jsonl", action="store_true", help="one scenario per line")
    rp.add_argument("--lang", choices=("cs", "en"), default="cs")
    bp = sub.add_parser("bench", help="print throughput figures")
    bp.add_argument("--json", action="store_true")
    bp.add_argument("--seconds", type=float, default=2.0)
    bp.add_argument("--game", choices=("lora", "taroky"), default="lora")
    pp = sub.add_parser("play", help="play a lóra in the terminal against computer players")
    pp.add_argument("--seed", type=int, default=None)
    pp.add_argument("--lang", choices=("cs", "en"), default="cs")
    # as ./scripts/run takes them (review 78): --en and --cs stand for --lang en/cs
    pp.add_argument("--en", dest="lang", action="store_const", const="en", help="--lang en")
    pp.add_argument("--cs", dest="lang", action="store_const", const="cs", help="--lang cs")
    args = parser.parse_args(argv)
    if args.command == "replay":
        from engine.replay import main as replay_main

        return replay_main(args.file, jsonl=args.jsonl, lang=args.lang)
    if args.command == "bench" and args.game == "taroky":
        from engine.taroky.bench import run as run_taroky

        run_taroky(args.seconds, as_json=args.json)
        return 0
    if args.command == "bench":
        from engine.bench import run

        run(args.seconds, as_json=args.json)
        return 0
    from engine.terminal import play

    if hasattr(sys.stdout, "reconfigure"):  # a terminal that cannot show a symbol shows "?"
        sys.stdout.reconfigure(errors="replace")
    return play(seed=args.seed, lang=args.lang)


if __name__ == "__main__":
    sys.exit(main())
