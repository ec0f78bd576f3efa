"""Reference benchmark: random playouts of OpenSpiel's ``hearts``, driven from Python.

Why this exists: Lóra, like Hearts, is a four-player trick-taking game, and OpenSpiel's
C++ Hearts engine (driven through its pybind11 ``pyspiel`` bindings) is a well-known,
independent yardstick for "how fast can a trick-taking engine be played from Python".
Our engine's fast path must reach at least 2x OpenSpiel's card plays per second; this
script measures the OpenSpiel side of that comparison on the current machine, so the
target is always relative to the same hardware.

Method: deal one Hearts hand (the "no pass" variant, ``pass_cards=False``, so play
starts straight after the 52-card deal), then repeatedly ``clone()`` the dealt state and
play it to the end with uniformly random legal actions (``random.Random(seed).choice``
over ``state.legal_actions()``), counting card plays, for ``--seconds`` seconds.

``open_spiel`` is only an optional development extra (``pip install .[bench]``); when it
is missing the script says so and exits 0 (``{"openspiel_available": false}`` with
``--json``), and :func:`measure` returns ``None``.

Usage::

    python benchmarks/openspiel_hearts.py [--seconds 3] [--seed 0] [--json]
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import random
import sys
import time
from typing import Any

NUM_PLAYERS = 4
CARDS_IN_DECK = 52


def _import_pyspiel() -> Any | None:
    """Return the ``pyspiel`` module, or ``None`` if open_spiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    return pyspiel


def openspiel_version() -> str | None:
    """Installed ``open_spiel`` distribution version, if any."""
    try:
        return importlib.metadata.version("open_spiel")
    except importlib.metadata.PackageNotFoundError:
        return None


def dealt_state(pyspiel: Any, rng: random.Random) -> Any:
    """Return a Hearts state at the first card play (past pass direction, deal, passes).

    Uses ``pass_cards=False`` when the game supports it. Chance actions are drawn from
    ``legal_actions()`` rather than ``chance_outcomes()``: in open_spiel 2.0.2 the root
    ``chance_outcomes()`` always lists all four pass directions, even with
    ``pass_cards=False``, whereas ``legal_actions()`` correctly offers only "No Pass".
    If a pass phase does occur (parameter unavailable), the passes are played at random.
    """
    params: dict[str, Any] = {}
    if "pass_cards" in pyspiel.load_game("hearts").get_parameters():
        params["pass_cards"] = False
    game = pyspiel.load_game("hearts", params)
    state = game.new_initial_state()
    # Chance nodes: pass direction, then the 52-card deal.
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    # Pass phase (only without pass_cards=False): 3 cards per player, in player order
    # 0..3. Play begins when the holder of the 2C is to move with 2C as sole legal action.
    while not _is_first_card_play(state):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _is_first_card_play(state: Any) -> bool:
    """True at the opening lead of the play phase (the 2C is the only legal card)."""
    if state.is_chance_node() or state.is_terminal():
        return False
    legal = state.legal_actions()
    return len(legal) == 1 and state.action_to_string(legal[0]) == "2C"


def hand_sizes(state: Any) -> list[int]:
    """Cards held by each player in a dealt, not-yet-played state (via ``to_struct``)."""
    struct = state.to_struct()
    return [len(hand) for hand in struct.hands]


def playout(state: Any, rng: random.Random) -> int:
    """Play ``state`` (mutated) to the end with random legal actions; return card plays."""
    plays = 0
    choice = rng.choice
    while not state.is_terminal():
        state.apply_action(choice(state.legal_actions()))
        plays += 1
    return plays


def measure(seconds: float = 3.0, seed: int = 0) -> dict[str, Any] | None:
    """Run random playouts of a dealt Hearts hand for about ``seconds`` seconds.

    Returns ``{"openspiel_card_plays_per_s", "openspiel_playouts_per_s", "seconds",
    "openspiel_available", "openspiel_version"}``, or ``None`` if open_spiel is missing.
    """
    pyspiel = _import_pyspiel()
    if pyspiel is None:
        return None
    rng = random.Random(seed)
    root = dealt_state(pyspiel, rng)

    # Short warm-up so that first-call overheads are not timed.
    for _ in range(20):
        playout(root.clone(), rng)

    plays = 0
    playouts = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    now = start
    while now < deadline:
        plays += playout(root.clone(), rng)
        playouts += 1
        now = clock()
    elapsed = now - start
    return {
        "openspiel_card_plays_per_s": plays / elapsed,
        "openspiel_playouts_per_s": playouts / elapsed,
        "seconds": elapsed,
        "openspiel_available": True,
        "openspiel_version": openspiel_version(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="measuring time (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="RNG seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)

    result = measure(args.seconds, args.seed)
    if result is None:
        if args.json:
            print(json.dumps({"openspiel_available": False}))
        else:
            print(
                "open_spiel is not installed (optional extra: pip install open_spiel); "
                "skipping the OpenSpiel Hearts reference benchmark."
            )
        return 0

    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"OpenSpiel {result['openspiel_version']} hearts (Python, random playouts): "
            f"{result['openspiel_card_plays_per_s']:,.0f} card plays/s, "
            f"{result['openspiel_playouts_per_s']:,.0f} playouts/s "
            f"over {result['seconds']:.2f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
