"""The trick being played as a hand picture draws it: a slot per player in play order, the
cards laid so far in theirs (the one who is to play next: a gold slot with "?"), each
player's name under his slot — on two lines where one does not take it, so that "AI
Jaroslav" is not "AI Jaros…" (review 55). Shared by the Lóra and the Taroky hand pictures.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.render import cards
from bot.render.common import GOLD, TEXT, panel, paste, text
from bot.render.fonts import Font, font
from bot.render.names import name_lines

NAME_PX = 26  # the names under the slots (11 px on a phone, shown 342 px, in an 800 px picture)
NAME_PITCH = 24  # between a name's two lines
SQUEEZE = 0.88  # the narrowest a name's line may be drawn (of its width) rather than cut


def name_faces() -> tuple[Font, Font, Font]:
    """The names' faces: bold, else condensed, else condensed regular (all NAME_PX)."""
    return font(NAME_PX, "bold"), font(NAME_PX, "cond"), font(NAME_PX, "narrow")


def in_play_order(leader: int, trick: Sequence[tuple[int, int]]) -> list[tuple[int, int | None]]:
    """The four seats in play order from ``leader``, each with the card he has laid in
    ``trick`` ((seat, card) pairs), None where he has not played yet."""
    played = dict(trick)
    seats = [(leader + k) % 4 for k in range(4)]
    return [(seat, played.get(seat)) for seat in seats]


def slot(img: Image.Image, x: int, y: int, width: int, colour: tuple[int, int, int, int],
         mark: str = "") -> None:
    """An empty place for a card ``width`` px wide, its top-left corner at (x, y)."""
    paste(img, panel(width, cards.card_height(width), (0, 0, 0, 60), colour, 3, 10), x, y)
    if mark:
        text(img, (x + width // 2, y + cards.card_height(width) // 2), mark, font(40, "bold"),
             GOLD, "mm")


def columns(n: int, left: int, width: int, slot_w: int, step: int) -> list[int]:
    """The left edges of ``n`` slots ``step`` px apart, centred in ``width`` px from
    ``left``."""
    x0 = left + (width - (slot_w + step * (n - 1))) // 2
    return [x0 + j * step for j in range(n)]


def slot_name(name: str, names: Sequence[str], width: int) -> tuple[Font, list[str]]:
    """A player's name under his slot within ``width`` px: one line (bold, else condensed),
    else two broken at a space, else cut apart from the other ``names``
    (``names.name_lines``)."""
    for fnt in name_faces():
        if fnt.getlength(name) <= width:
            return fnt, [name]
    return name_lines(name, width, names, name_faces())


def draw_name(img: Image.Image, name: str, names: Sequence[str], width: int, x: int,
              y: int, colour: tuple[int, int, int]) -> None:
    """A player's name centred at (x, y): one line there, two around it; a line that
    ``width`` cannot take whole but a little more can ("Nováková") is narrowed to it
    (down to SQUEEZE, its height kept) rather than cut."""
    fnt, lines = slot_name(name, names, width)
    if any("…" in line for line in lines) and "…" not in name:
        wide, more = slot_name(name, names, int(width / SQUEEZE))
        if not any("…" in line for line in more):
            fnt, lines = wide, more
    for i, line in enumerate(lines):
        at = (x, y + (i - (len(lines) - 1) / 2) * NAME_PITCH)
        if fnt.getlength(line) <= width:
            text(img, at, line, fnt, colour, "mm")
        else:
            _narrowed(img, at, line, fnt, colour, width)


def _narrowed(img: Image.Image, at: tuple[float, float], line: str, fnt: Font,
              colour: tuple[int, int, int], width: int) -> None:
    """``line`` centred at ``at``, drawn in ``fnt`` and narrowed to ``width`` px."""
    x0, y0, x1, y1 = (round(v) for v in fnt.getbbox(line, anchor="mm"))
    layer = Image.new("RGBA", (x1 - x0 + 4, y1 - y0 + 4), (0, 0, 0, 0))
    text(layer, (2 - x0, 2 - y0), line, fnt, colour, "mm")
    narrow = layer.resize((width, layer.height), Image.Resampling.LANCZOS)
    img.paste(narrow, (round(at[0] - width / 2), round(at[1]) + y0 - 2), narrow)


def row_of_cards(img: Image.Image, placed: Sequence[tuple[int, int | None]],
                 names: Sequence[str], to_act: int | None, xs: Sequence[int], y: int,
                 slot_w: int, step: int, names_y: int, own: int | None = None,
                 deck: str = "lora", lang: str = "") -> None:
    """Up to four (seat, card or None) in slots at ``xs`` (their tops at ``y``), each
    player's name centred at ``names_y`` under his; ``to_act`` (his empty slot gold with
    "?") and ``own`` (his card aglow) in gold."""
    for (seat, card), x in zip(placed, xs, strict=True):
        if card is None:
            waiting = seat == to_act
            slot(img, x, y, slot_w, (*GOLD, 255) if waiting else (255, 255, 255, 60),
                 "?" if waiting else "")
        else:
            cards.put(img, card, slot_w, x, y, "glow" if seat == own else "plain", deck, lang)
        colour = GOLD if seat in (to_act, own) else TEXT
        draw_name(img, names[seat], names, step - 6, x + slot_w // 2, names_y, colour)
