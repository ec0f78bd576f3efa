"""AI players. Each decides from a seat's view only (``engine.views.SeatView``)."""

from engine.ai.easy import EasyAI

__all__ = ["EasyAI"]
