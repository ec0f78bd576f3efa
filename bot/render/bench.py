"""Render timings on typical mid-game pictures, and the example states they use."""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable

from engine.contracts import Contract
from engine.lora import Lora
from engine.views import DesitkyView, KvartyView, TrickView

NAMES = ["Anička", "Bohouš", "Cecílie", "Dalibor"]


def play_until(lora: Lora, rng: random.Random, stop: Callable[[Lora], bool],
               limit: int = 5000) -> Lora:
    """Apply random legal actions until ``stop(lora)`` holds (or the lóra ends)."""
    for _ in range(limit):
        if stop(lora) or lora.to_act is None:
            break
        lora.apply(rng.choice(lora.legal_actions()))
    return lora


def example(kind: str, seed: int = 7) -> Lora:
    """A lóra in a typical state: "trick", "kvarty", "desitky", "stovka", "choose", "finished"."""
    lora = Lora(rng=random.Random(seed))
    rng = random.Random(seed)

    def trick(lo: Lora) -> bool:
        part = lo.public_view().game
        return (lo.tali == 2 and lo.game_no == 2 and isinstance(part, TrickView)
                and len(part.tricks) >= 3 and len(part.trick) == 2)

    def kvarty(lo: Lora) -> bool:
        part = lo.public_view().game
        return (lo.contract is Contract.KVARTY and lo.tali == 2 and isinstance(part, KvartyView)
                and len(part.kvarty) >= 4)

    def desitky(lo: Lora) -> bool:
        part = lo.public_view().game
        return (lo.contract is Contract.DESITKY and lo.attempt is None
                and isinstance(part, DesitkyView)
                and sum(r is not None for r in part.rows) >= 3 and len(part.turn) >= 2
                and sum(part.knocks) >= 1)

    stops: dict[str, Callable[[Lora], bool]] = {
        "trick": trick,
        "kvarty": kvarty,
        "desitky": desitky,
        "stovka": lambda lo: lo.phase == "stovka" and any(a is not None for a in lo.stovka),
        "choose": lambda lo: lo.phase == "choose" and (lo.attempt or 0) >= 2,
        "finished": lambda lo: lo.phase == "finished",
    }
    return play_until(lora, rng, stops[kind])


def _median_ms(fn: Callable[[], bytes], runs: int,
               reset: Callable[[], None]) -> tuple[float, float, int]:
    """Median CPU ms, median wall-clock ms and the PNG size of ``fn``."""
    cpu, wall, size = [], [], 0
    for _ in range(runs):
        reset()
        start, start_cpu = time.perf_counter(), time.process_time()
        size = len(fn())
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return statistics.median(cpu), statistics.median(wall), size


def clear_piece_caches() -> None:
    """Forget composed pieces (panels, hands, sheet blocks); card art and fonts stay cached."""
    from bot.render import seats, sheet

    seats.seat_panel.cache_clear()
    sheet._block.cache_clear()


def run(runs: int = 30, as_json: bool = False) -> dict[str, float | int]:
    """Median render+encode times of a mid-game table, hand and sheet.

    Composed pieces (panels, hands, sheet blocks) are forgotten before every run, so this is
    the cost of a picture whose parts all changed; card images, fonts and rendered text stay
    cached as in a running bot. ``*_ms`` is CPU time of this process (steady on a busy
    machine); ``*_wall_ms`` is wall-clock time.
    """
    from bot.render import render_hand, render_sheet, render_table

    lora = example("trick")
    pv = lora.public_view()
    seat = lora.to_act if lora.to_act is not None else 0
    sv = lora.view(seat)
    pictures: dict[str, Callable[[], bytes]] = {
        "table": lambda: render_table(pv, NAMES),
        "hand": lambda: render_hand(sv, "cs", NAMES),
        "sheet": lambda: render_sheet(pv, NAMES),
    }
    for fn in pictures.values():
        fn()  # warm the card, font and text caches
    result: dict[str, float | int] = {}
    sizes: dict[str, int] = {}
    for name, fn in pictures.items():
        cpu, wall, sizes[name] = _median_ms(fn, runs, clear_piece_caches)
        result[f"{name}_ms"] = round(cpu, 2)
        result[f"{name}_wall_ms"] = round(wall, 2)
    for name, size in sizes.items():
        result[f"{name}_bytes"] = size
    result["runs"] = runs
    if as_json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:14} {value}")
    return result
