"""``python -m bot.games.taroky.pictures examples [DIR]`` (the README's pictures, docs/img) and
``bench [--json] [--runs N]`` (render times of Taroky's pictures)."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from bot.games.taroky.pictures import hand as hand_module
from bot.games.taroky.pictures import render_deal, render_hand, render_sheet, render_table
from bot.games.taroky.pictures import table as table_module
from bot.games.taroky.pictures.examples import NAMES, example

EXAMPLES = {  # file name: (example, what is drawn)
    "taroky_table_play.png": ("play", "table"),
    "taroky_table_announce.png": ("announce", "table"),
    "taroky_table_varsava.png": ("varsava", "table"),
    "taroky_hand_discard.png": ("discard", "hand"),
    "taroky_hand_trojka.png": ("trojka", "hand"),
    "taroky_protocol.png": ("finished", "sheet"),
    "taroky_protocol_deals.png": ("finished", "sheet:0"),
    "taroky_protocol_total.png": ("finished", "sheet:-1"),
    "taroky_deal.png": ("finished", "deal"),
}


def picture(kind: str, what: str, lang: str = "cs") -> bytes:
    """The picture ``what`` of the example ``kind``: "table", "hand", "deal", "sheet" (the
    whole protocol) or "sheet:K" (its page K, -1 the summary)."""
    rnd, seat = example(kind)
    if what == "hand":
        return render_hand(rnd.view(seat), NAMES, lang)
    if what.startswith("sheet"):
        _sheet, _, page = what.partition(":")
        return render_sheet(rnd.public_view(), NAMES, lang, page=int(page) if page else None)
    if what == "deal":  # the first deal of the finished round, as counted
        from bot.games.taroky.texts import finished_deal

        deal = finished_deal(rnd, 1)
        assert deal is not None
        return render_deal(deal, rnd.protocol[0], NAMES, lang)
    return render_table(rnd.public_view(), NAMES, lang)


def write_examples(out: Path, lang: str = "cs") -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (kind, what) in EXAMPLES.items():
        path = out / name
        path.write_bytes(picture(kind, what, lang))
        written.append(path)
    return written


def bench(runs: int = 30, as_json: bool = False) -> dict[str, float | int]:
    """Median CPU ms and PNG size of a mid-deal table, a 16-card hand and a finished
    protocol, each drawn anew (card art, fonts and rendered text cached as in a running
    bot)."""
    views = {"table": example("play"), "hand": example("discard"), "sheet": example("finished")}
    draw: dict[str, Callable[[], bytes]] = {
        "table": lambda: render_table(views["table"][0].public_view(), NAMES),
        "hand": lambda: render_hand(views["hand"][0].view(views["hand"][1]), NAMES),
        "sheet": lambda: render_sheet(views["sheet"][0].public_view(), NAMES),
    }
    result: dict[str, float | int] = {}
    for name, fn in draw.items():
        fn()  # warm the art, font and text caches
        cpu, size = [], 0
        for _ in range(runs):
            hand_module._hand_image.cache_clear()  # composed pieces are drawn anew
            table_module.seat_panel.cache_clear()
            start = time.process_time()
            size = len(fn())
            cpu.append((time.process_time() - start) * 1000)
        result[f"{name}_ms"] = round(statistics.median(cpu), 2)
        result[f"{name}_bytes"] = size
    result["runs"] = runs
    if as_json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:12} {value}")
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.games.taroky.pictures")
    sub = parser.add_subparsers(dest="command", required=True)
    ex = sub.add_parser("examples", help="write the example pictures (docs/img)")
    ex.add_argument("out", nargs="?", default="docs/img")
    ex.add_argument("--lang", default="cs")
    be = sub.add_parser("bench", help="render times")
    be.add_argument("--json", action="store_true")
    be.add_argument("--runs", type=int, default=30)
    args = parser.parse_args(argv)
    if args.command == "examples":
        for path in write_examples(Path(args.out), args.lang):
            print(path)
        return 0
    bench(args.runs, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
