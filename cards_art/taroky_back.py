"""DEV"""

from PIL import Image

from .draw import Pen


def draw_taroky_back(pen: Pen, img: Image.Image) -> None:
    pass
