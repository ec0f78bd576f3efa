"""DEV"""

from collections.abc import Sequence

from PIL import Image

from .draw import Pen, Point, new_layer
from .french_suits import FrenchSuit


def draw_court(rank: str, suit: FrenchSuit, frame: Sequence[Point]) -> Image.Image:
    out = new_layer()
    Pen.on(out).shape(frame, suit.tint, None)
    return out
