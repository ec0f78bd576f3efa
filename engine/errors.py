"""Typed errors with stable codes (REPLAY.md) and messages in Czech and English.

Every refusal of the engine is one of these; the bot, the replay CLI and the AI map the code
once to what they show. The engine never changes state before raising.
"""

from __future__ import annotations

from typing import Any


class LoraError(Exception):
    """Base of every engine refusal: ``code`` is stable, ``rule`` is the RULES.md id."""

    code = "error"

    def __init__(self, detail: str | None = None, *, rule: str | None = None, **params: Any):
        self.detail = detail or self.code
        self.rule = rule
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "cs") -> str:
        """The message in ``lang`` (``cs`` or ``en``), with the rule id when there is one."""
        from engine.messages import error_text

        text = error_text(self.detail, lang, self.params)
        return f"{text} ({self.rule})" if self.rule else text

    def to_json(self, index: int | None, lang: str = "cs") -> dict[str, Any]:
        return {"index": index, "code": self.code, "message": self.message(lang)}


class BadInput(LoraError):
    """Malformed input: unknown card, wrong hand size, wrong JSON shape, no more deals."""

    code = "bad_input"


class NotYourTurn(LoraError):
    code = "not_your_turn"

    def __init__(self, seat: int, to_act: int | None):
        super().__init__(seat=seat, to_act="-" if to_act is None else to_act)


class GameOver(LoraError):
    code = "game_over"


class WrongPhase(LoraError):
    """An action of the wrong kind now, or a maturita choice not allowed on this attempt."""

    code = "wrong_phase"


class IllegalAction(LoraError):
    """A rule forbids the action; ``code`` names the rule broken (e.g. ``must_follow_suit``),
    ``detail`` the case of it where the rule has several (its message and the hands' reason;
    the code stays the contract's)."""

    def __init__(self, code: str, *, detail: str | None = None, rule: str | None = None,
                 **params: Any):
        self.code = code
        super().__init__(detail or code, rule=rule, **params)
