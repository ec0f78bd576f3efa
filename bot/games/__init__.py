"""The games the bot can seat: one UI module per game (``bot/games/<name>/``), by name.

A game is playable when the engine's registry (``engine.games``) has its ``GameSpec`` and
this registry has its UI. Adding one is a new UI module plus an entry in ``_BUILTIN``; tests
``register`` a UI of their own.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.base import BaseUI, GameUI, HandParts, Picture, Reply, TableOp


def _lora() -> GameUI:
    from bot.games.lora import UI

    return UI


def _taroky() -> GameUI:
    from bot.games.taroky import UI

    return UI


_BUILTIN: dict[str, Callable[[], GameUI]] = {"lora": _lora, "taroky": _taroky}
_REGISTERED: dict[str, GameUI] = {}


def register(ui: GameUI) -> None:
    if ui.kind in _BUILTIN or ui.kind in _REGISTERED:
        raise ValueError(f"a game UI named {ui.kind!r} exists already")
    _REGISTERED[ui.kind] = ui


def unregister(kind: str) -> None:
    _REGISTERED.pop(kind, None)


def kinds() -> list[str]:
    return sorted({*_BUILTIN, *_REGISTERED})


def ui_of(kind: str) -> GameUI:
    """The UI of the game ``kind`` (``KeyError`` for an unknown game)."""
    if kind in _REGISTERED:
        return _REGISTERED[kind]
    if kind in _BUILTIN:
        return _BUILTIN[kind]()
    raise KeyError(f"no UI for the game {kind!r}")


def all_uis() -> list[GameUI]:
    return [ui_of(kind) for kind in kinds()]


__all__ = ["BaseUI", "GameUI", "HandParts", "Picture", "Reply", "TableOp", "all_uis", "kinds",
           "register", "ui_of", "unregister"]
