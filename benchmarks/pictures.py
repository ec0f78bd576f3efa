"""CPU per picture, split into drawing and PNG encoding: Lóra's and Taroky's table, hand and
sheet, and the leaderboard.

``PYTHONPATH=. python benchmarks/pictures.py [--runs 30] [--json] [--out DIR]``

Every run draws the picture anew with its composed pieces forgotten (seat panels, hands,
sheet blocks), so this is a picture whose parts all changed; card art, scaled cards, fonts,
rendered text and the felt stay cached as in a running render worker. ``draw_ms`` is the
median CPU time of drawing the RGB picture, ``encode_ms`` of turning it into PNG bytes
(``bot.render.common.encode``), ``total_ms`` of both in one call as the bot makes it; CPU
time of this process (steady on a busy machine: the load average is printed with it).
``--out DIR`` writes the PNGs, to look at them.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image


def _forget_pieces() -> None:
    """Forget composed pieces (not card art, fonts or text), as the render benches do."""
    from bot.games.taroky.pictures import hand as taroky_hand
    from bot.games.taroky.pictures import table as taroky_table
    from bot.render import seats, sheet

    for fn in (seats.seat_panel, sheet._block, taroky_hand._hand_image, taroky_table.seat_panel):
        fn.cache_clear()


def _adaptive(img: Image.Image) -> bytes:
    from bot.render import common

    return common.encode(img)


def _fixed(palette: Callable[[], Image.Image], img: Image.Image) -> bytes:
    from bot.render import common

    return common.encode(img, palette())  # type: ignore[call-arg,unused-ignore]


def _pictures() -> dict[str, tuple[Callable[[], Image.Image], Callable[[Image.Image], bytes]]]:
    """name: (draw the RGB picture, encode it) — the same two steps the render functions take."""
    from bot.games.taroky.pictures import hand as taroky_hand
    from bot.games.taroky.pictures import sheet as taroky_sheet
    from bot.games.taroky.pictures import table as taroky_table
    from bot.games.taroky.pictures.examples import NAMES as TAROKY_NAMES
    from bot.games.taroky.pictures.examples import example as taroky_example
    from bot.render import common
    from bot.render.bench import NAMES, example
    from bot.render.hand import hand_image
    from bot.render.leaderboard import leaderboard_image
    from bot.render.sheet import sheet_image
    from bot.render.table import table_image
    from bot.storage.models import LeaderboardRow

    lora = example("trick")
    seat = lora.to_act if lora.to_act is not None else 0
    finished = example("finished")
    t_play, _ = taroky_example("play")
    t_hand, t_seat = taroky_example("discard")
    t_done, _ = taroky_example("finished")
    rows = [LeaderboardRow(rank=1 + i, user_id=1000 + i, name=f"Hráč {i + 1}",
                           rating=1720 - 37 * i, mu=30.0 - i, sigma=3.0 + i / 10,
                           provisional=i in (2, 5), rated_games=12, games=40 - 3 * i,
                           wins=max(0, 12 - i), avg_points=61.25 + 4.3 * i) for i in range(10)]
    lora_encode = taroky_encode = _adaptive
    try:  # the fixed palettes, where there are (not in the code before them)
        from bot.games.taroky.pictures import palette as taroky_palette
        from bot.render import palette

        lora_encode = functools.partial(_fixed, palette.lora)
        taroky_encode = functools.partial(_fixed, taroky_palette.taroky)
    except ImportError:
        pass
    return {
        "lora_table": (lambda: table_image(lora.public_view(), NAMES), lora_encode),
        "lora_hand": (lambda: hand_image(lora.view(seat), "cs", NAMES), lora_encode),
        "lora_sheet": (lambda: sheet_image(finished.public_view(), NAMES), lora_encode),
        "taroky_table": (lambda: taroky_table.table_image(t_play.public_view(), TAROKY_NAMES),
                         taroky_encode),
        "taroky_hand": (lambda: taroky_hand.hand_image(t_hand.view(t_seat), TAROKY_NAMES),
                        taroky_encode),
        "taroky_sheet": (lambda: taroky_sheet.sheet_image(t_done.public_view(), TAROKY_NAMES),
                         taroky_encode),
        "leaderboard": (lambda: leaderboard_image(rows, "cs", "Žebříček"), common.encode),
    }


def _median_cpu_ms(fn: Callable[[], Any], runs: int) -> float:
    times = []
    for _ in range(runs):
        _forget_pieces()
        start = time.process_time()
        fn()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def _measure(draw: Callable[[], Image.Image], encode: Callable[[Image.Image], bytes],
             runs: int) -> dict[str, Any]:
    img = draw()
    png = encode(img)  # warm every cache (art, fonts, text, palettes)
    return {
        "draw_ms": round(_median_cpu_ms(draw, runs), 2),
        "encode_ms": round(_median_cpu_ms(lambda: encode(img), runs), 2),
        "total_ms": round(_median_cpu_ms(lambda: encode(draw()), runs), 2),
        "bytes": len(png),
        "size": list(img.size),
    }


def run(runs: int = 30, out: Path | None = None) -> dict[str, Any]:
    result: dict[str, Any] = {"runs": runs, "load_average": [round(v, 2) for v in os.getloadavg()]}
    for name, (draw, encode) in _pictures().items():
        result[name] = _measure(draw, encode, runs)
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{name}.png").write_bytes(encode(draw()))
    result["load_average_after"] = [round(v, 2) for v in os.getloadavg()]
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--out", type=Path, default=None, help="write the PNGs into this folder")
    args = parser.parse_args(argv)
    result = run(args.runs, args.out)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"load average {result['load_average']} → {result['load_average_after']}, "
          f"{args.runs} runs, CPU ms (median)")
    print(f"{'picture':14} {'draw':>7} {'encode':>7} {'total':>7} {'bytes':>8}  size")
    for name, row in result.items():
        if isinstance(row, dict):
            print(f"{name:14} {row['draw_ms']:7.2f} {row['encode_ms']:7.2f} "
                  f"{row['total_ms']:7.2f} {row['bytes']:8}  {row['size'][0]}×{row['size'][1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
