"""``python -m bot.render bench [--json] [--runs N]`` and ``examples [DIR]`` (docs/img)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def write_examples(out: Path, lang: str = "cs") -> list[Path]:
    """Example pictures of typical states (table, kvarty, desítky, hand, sheet…) into ``out``."""
    from bot.render import (
        render_hand,
        render_last_trick,
        render_sheet,
        render_sheet_page,
        render_table,
    )
    from bot.render.bench import NAMES, example

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for kind in ("trick", "kvarty", "desitky", "stovka", "choose", "finished"):
        lora = example(kind)
        path = out / f"table_{kind}.png"
        path.write_bytes(render_table(lora.public_view(), NAMES, lang))
        written.append(path)
        if kind in ("trick", "kvarty", "desitky"):
            seat = lora.to_act if lora.to_act is not None else 0
            path = out / f"hand_{kind}.png"
            path.write_bytes(render_hand(lora.view(seat), lang, NAMES))
            written.append(path)
        last = render_last_trick(lora.public_view(), NAMES, lang) if kind == "trick" else None
        if last is not None:
            path = out / "last_trick.png"
            path.write_bytes(last)
            written.append(path)
        if kind == "finished":  # the whole sheet (the export's), and two of its pages
            path = out / "sheet_finished.png"
            path.write_bytes(render_sheet(lora.public_view(), NAMES, lang))
            written.append(path)
            for page, name in ((0, "sheet_page_tali"), (4, "sheet_page_total")):
                path = out / f"{name}.png"
                path.write_bytes(render_sheet_page(lora.public_view(), NAMES, lang, page))
                written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.render", description="Lóra pictures")
    sub = parser.add_subparsers(dest="command", required=True)
    bp = sub.add_parser("bench", help="median render+encode times and PNG sizes")
    bp.add_argument("--json", action="store_true")
    bp.add_argument("--runs", type=int, default=30)
    ep = sub.add_parser("examples", help="write example pictures")
    ep.add_argument("dir", nargs="?", default="docs/img")
    ep.add_argument("--lang", choices=("cs", "en"), default="cs")
    args = parser.parse_args(argv)
    if args.command == "bench":
        from bot.render.bench import run

        run(args.runs, as_json=args.json)
        return 0
    for path in write_examples(Path(args.dir), args.lang):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
