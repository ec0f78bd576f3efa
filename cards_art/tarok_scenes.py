"""Which picture each tarok shows: the trul figures and nineteen scenes of Czech life.

II–X country life through the year, XI–XIV crafts and music, XV–XVIII Prague and Karlštejn,
XIX–XX winter; I, XXI and Sk are the trul (tarok_trul.py).
"""

from __future__ import annotations

from collections.abc import Callable

from . import tarok_country as country
from . import tarok_crafts as crafts
from . import tarok_town as town
from . import tarok_trul as trul
from . import tarok_winter as winter
from .draw import Pen

SCENES: dict[str, Callable[[Pen], None]] = {
    "I": trul.pagat,
    "II": country.rooster,
    "III": country.beehive,
    "IV": country.windmill,
    "V": country.stork,
    "VI": country.maypole,
    "VII": country.harvest,
    "VIII": country.hops,
    "IX": country.pond,
    "X": country.mushrooms,
    "XI": crafts.potter,
    "XII": crafts.glassmaker,
    "XIII": crafts.smith,
    "XIV": crafts.bagpipes,
    "XV": town.bridge,
    "XVI": town.orloj,
    "XVII": town.castle,
    "XVIII": town.karlstejn,
    "XIX": winter.winter,
    "XX": winter.night,
    "XXI": trul.mond,
    "Sk": trul.skyz,
}
