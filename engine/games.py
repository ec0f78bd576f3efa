"""The registry of games by name: the one place that knows which games exist.

A second game is one new package exposing a ``GameSpec`` plus one entry in ``_BUILTIN``. Tests
may ``register`` a game of their own (and ``unregister`` it again).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.game import JSON, GameSpec, GameState


def _lora() -> GameSpec[Any, Any]:
    from engine.lora_spec import SPEC

    return SPEC


def _taroky() -> GameSpec[Any, Any]:
    from engine.taroky import SPEC

    return SPEC


_BUILTIN: dict[str, Callable[[], GameSpec[Any, Any]]] = {"lora": _lora, "taroky": _taroky}
_REGISTERED: dict[str, GameSpec[Any, Any]] = {}


def register(spec: GameSpec[Any, Any]) -> None:
    """Add a game (a test's own game, a plug-in); its name must be new."""
    if spec.name in _BUILTIN or spec.name in _REGISTERED:
        raise ValueError(f"a game named {spec.name!r} exists already")
    _REGISTERED[spec.name] = spec


def unregister(name: str) -> None:
    _REGISTERED.pop(name, None)


def names() -> list[str]:
    return sorted({*_BUILTIN, *_REGISTERED})


def get(name: str) -> GameSpec[Any, Any]:
    """The game named ``name`` (``KeyError`` for an unknown game)."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name in _BUILTIN:
        return _BUILTIN[name]()
    raise KeyError(f"unknown game {name!r}; known: {', '.join(names())}")


def new_game(name: str, options: JSON | None, rng: random.Random) -> GameState[Any, Any]:
    return get(name).new(options, rng)
