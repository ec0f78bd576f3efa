"""Timings measured inside the table service, for the load benchmark."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Metrics:
    """Timings measured inside the bot, kept only when ``enabled`` (the load benchmark turns
    it on): a bot running for months must not collect one number per move."""

    enabled: bool = False
    db_seconds: list[float] = field(default_factory=list)
    ai_seconds: list[float] = field(default_factory=list)  # asked → answered, per decision
    ai_apply_seconds: list[float] = field(default_factory=list)  # answered → move applied
    dropped_decisions: int = 0  # decisions for a state that had moved on

    def record_db(self, seconds: float) -> None:
        if self.enabled:
            self.db_seconds.append(seconds)

    def record_ai(self, seconds: float) -> None:
        if self.enabled:
            self.ai_seconds.append(seconds)
