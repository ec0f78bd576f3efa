"""Typed refusals of the Taroky engine, with the codes of T-RENONC and T-REPLAY.

They derive from ``engine.errors.LoraError``, the engine's base of every refusal, so a caller
that handles refusals of any game catches these too. ``code`` is stable (the replay's
``error.code``), ``rule`` the TAROKY.md id (for tests and logs), ``message(lang)`` what a
player reads: the game's words, cards with suit symbols, never a rule id or an engine code.
"""

from __future__ import annotations

from typing import Any

from engine import errors as base

# Every code a refusal of the engine can carry (T-RENONC, plus the replay's own two).
CODES = (
    "bad_input",
    "game_over",
    "not_your_turn",
    "wrong_phase",
    "not_in_hand",
    "must_open",
    "bid_too_low",
    "no_pagat_for_2P",
    "zduch_not_allowed",
    "varsava_not_allowed",
    "bad_call",
    "discard_count",
    "discard_king_or_trul",
    "discard_tarok",
    "must_follow_suit",
    "must_play_tarok",
    "pagat_last",
    "mond_on_skyz",
    "must_overtake",
    "announce_not_allowed",
    "flek_not_allowed",
)


class TarokyError(base.LoraError):
    """Base of every Taroky refusal."""

    code = "error"

    def message(self, lang: str = "cs") -> str:
        from engine.taroky.messages import error_text

        return error_text(self.detail, lang, self.params)


class BadInput(TarokyError, base.BadInput):
    """Malformed input: an unknown card or word, a wrong deal, a wrong JSON shape."""

    code = "bad_input"


class GameOver(TarokyError):
    code = "game_over"


class NotYourTurn(TarokyError):
    code = "not_your_turn"

    def __init__(self, seat: int, to_act: int | None) -> None:
        super().__init__(seat=seat, to_act="-" if to_act is None else to_act)


class WrongPhase(TarokyError):
    """An action of the wrong kind now (a card while bidding, a bid while playing)."""

    code = "wrong_phase"


class IllegalAction(TarokyError):
    """A rule forbids the action; ``code`` names it (``must_follow_suit``, ``bad_call`` …)."""

    def __init__(self, code: str, *, rule: str | None = None, **params: Any) -> None:
        self.code = code
        super().__init__(code, rule=rule, **params)


Refusal = tuple[str, str]
"""(code, rule id) of a refused action, as the rule functions return it."""
