"""Review 83: the pictures without colour vision and for a screen reader.

M1: the Lóra suits' colours step in lightness, so hearts, leaves, bells and acorns stay apart
for deuteranopes, protanopes and in greyscale (three of them were one olive-brown for
deuteranopes; leaves and acorns the same grey). M4: a knock's bare dot is named in the
table's legend. L3: an alt text reads a suit as its word. L6: the hearts medallion is not
clipped by its disc's ring.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest
from PIL import Image

from bot.games.lora.cards import spoken_cards
from bot.render import seats, suits, table
from bot.render.bench import example
from bot.render.strings import s
from bot.ui.alt import spoken
from cards_art import figures
from cards_art import suits as art_suits
from cards_art.draw import Pen, new_layer

RGB = tuple[int, int, int]
CREAM = (253, 249, 239)  # the cards' face and the desítky tiles

# Machado, Oliveira & Fernandes 2009, severity 1, applied to linear RGB (review 83's script)
MACHADO = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
}


def _linear(v: float) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(x: float) -> int:
    x = min(1.0, max(0.0, x))
    return round(255 * (12.92 * x if x <= 0.0031308 else 1.055 * x ** (1 / 2.4) - 0.055))


def seen(rgb: RGB, view: str) -> RGB:
    """``rgb`` as a deuteranope or a protanope sees it, or in greyscale (Pillow's "L", as a
    greyscale screen or print shows it)."""
    if view == "greyscale":
        grey = Image.new("RGB", (1, 1), rgb).convert("L").getpixel((0, 0))
        assert isinstance(grey, int)
        return (grey, grey, grey)
    lin = [_linear(v) for v in rgb]
    r, g, b = (_encoded(sum(m * c for m, c in zip(row, lin, strict=True)))
               for row in MACHADO[view])
    return (r, g, b)


def lab(rgb: RGB) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_linear(v) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def delta_e(a: RGB, b: RGB) -> float:
    return math.dist(lab(a), lab(b))


def separation(colours: dict[str, RGB], view: str) -> float:
    """The least ΔE between two suits' colours as ``view`` sees them."""
    return min(delta_e(seen(colours[p], view), seen(colours[q], view))
               for p, q in itertools.combinations(colours, 2))


def contrast(a: RGB, b: RGB) -> float:
    def lum(c: RGB) -> float:
        r, g, b_ = (_linear(v) for v in c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


VIEWS = ("deuteranopia", "protanopia", "greyscale")


def test_the_simulation_is_the_reviews() -> None:
    """The old palette measured as review 83 reported it: hearts/acorns 4.2 for
    deuteranopes, leaves/acorns 0.0 in greyscale."""
    hearts, leaves, acorns = (214, 43, 43), (58, 154, 60), (169, 101, 43)
    assert delta_e(seen(hearts, "deuteranopia"), seen(acorns, "deuteranopia")) == \
        pytest.approx(4.2, abs=0.1)
    assert delta_e(seen(leaves, "greyscale"), seen(acorns, "greyscale")) < 0.5
    assert delta_e(seen(hearts, "protanopia"), seen(leaves, "protanopia")) == \
        pytest.approx(28.7, abs=0.1)


@pytest.mark.parametrize("view", VIEWS)
def test_the_suits_fills_differ_without_colour(view: str) -> None:
    """The suits' main fills (pips, clothes, medallions) and their dark shades (capes,
    berets, the acorn's cap) are each at least 14 ΔE apart in every view (they were 0.0
    in greyscale and 4.2 for deuteranopes)."""
    fills = {k: suit.main for k, suit in art_suits.SUITS.items()}
    shades = {k: suit.dark for k, suit in art_suits.SUITS.items()}
    assert separation(fills, view) >= 16
    assert separation(shades, view) >= 14


@pytest.mark.parametrize("view", VIEWS)
def test_the_ranks_inks_differ_without_colour_and_read_on_the_cream(view: str) -> None:
    """The inks a rank is written in (a card's index, a mini card, a desítky tile) step in
    lightness as well (hearts and leaves were the same grey, 0.4): at least 13.5 ΔE apart
    in every view while each keeps 4.5 : 1 on the cards' cream (four inks that dark leave
    no more room between them)."""
    inks = {k: suit.ink for k, suit in art_suits.SUITS.items()}
    assert separation(inks, view) >= 13.5
    assert all(contrast(ink, CREAM) >= 4.5 for ink in inks.values())


def test_the_pictures_rank_inks_are_the_cards() -> None:
    assert [suits.suit_ink(suit) for suit in range(4)] == [
        art_suits.SUITS[key].ink for key in ("h", "l", "b", "a")]


def test_every_suits_symbol_keeps_inside_its_medallions_ring() -> None:
    """L6: the medallion cut from an Ace (``suit_icon``) has a dark ring 3 px wide inside its
    edge; every suit's symbol, as the Ace draws it, keeps inside it (the heart's lobes
    reached 54.6 px from the old centre, under the ring of a 55 px disc), and the disc keeps
    inside the Ace's own medallion (60 px)."""
    x, y, size = figures.ACE_SYMBOL
    assert suits._R <= 60 and (suits._CX, suits._CY) == figures.ACE_CENTRE
    for key in "hlba":
        layer = new_layer()
        art_suits.draw_suit(Pen.on(layer), key, x, y, size, 2.4)
        alpha = layer.resize((180, 270), Image.Resampling.LANCZOS).getchannel("A")
        inked = [(px, py) for py in range(alpha.height) for px in range(alpha.width)
                 if alpha.getpixel((px, py)) > 40]  # type: ignore[operator]
        reach = max(math.dist((px + 0.5, py + 0.5), (suits._CX, suits._CY))
                    for px, py in inked)
        assert reach <= suits._R - 4, (key, round(reach, 1))


# -- M4: a knock's bare dot in the legend ----------------------------------------------------
@pytest.mark.parametrize("lang", ["cs", "en"])
@pytest.mark.parametrize("label", ["pts_before", "pts_lora", "pts_sum"])
@pytest.mark.parametrize(("game", "knocks"), [(0, 1), (1, 1), (9, 4), (0, 5), (12, 5)])
def test_a_panel_draws_the_knocks_word_unless_the_legend_names_its_dot(
        lang: str, label: str, game: int, knocks: int) -> None:
    drawn: list[str] = []
    real = seats.text

    def spy(img: Any, xy: Any, value: str, *args: Any, **kwargs: Any) -> float:
        drawn.append(value)
        return real(img, xy, value, *args, **kwargs)

    seats.seat_panel.cache_clear()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(seats, "text", spy)
        seats.seat_panel("Anička", 5, 45, game, knocks, (), False, lang, label)
    seats.seat_panel.cache_clear()
    assert (s("knocks", lang) in drawn) is not seats.bare_knocks(game, knocks, lang, label)


def test_the_knocks_word_goes_only_where_no_room_is_left() -> None:
    """In play ("předtím 14 / + hra 1") the word never fits beside a knock's dot; between
    games' rows without the "+" (a harakiri's "hra 0") one knock keeps it in Czech; no game
    in play or no knock: no dot at all."""
    assert seats.bare_knocks(1, 1, "cs", "pts_before")
    assert not seats.bare_knocks(0, 1, "cs", "pts_lora")
    assert not seats.bare_knocks(None, 1, "cs", "pts_before")
    assert not seats.bare_knocks(3, 0, "cs", "pts_before")


@pytest.mark.parametrize(("lang", "words"), [("cs", ["rozdává", "výnos tálie", "ťuk"]),
                                             ("en", ["deals", "leads first", "knock"])])
def test_the_desitky_tables_legend_names_the_knocks_dot(lang: str, words: list[str]) -> None:
    """Review 83 M4: Anička's panel reads "+ hra 1 ●" (no room for "ťuk"): the legend says
    "● ťuk" beside the badges; a table without a knock has no such line."""
    view = example("desitky").public_view()
    assert view.knocks == (1, 0, 0, 0)
    assert table._legend_kinds(view, (), lang) == ("dealer", "leader", "knock")
    assert "knock" not in table._legend_kinds(example("trick").public_view(), (), lang)
    drawn: list[str] = []
    real = seats.text

    def spy(img: Any, xy: Any, value: str, *args: Any, **kwargs: Any) -> float:
        drawn.append(value)
        return real(img, xy, value, *args, **kwargs)

    seats.legend.cache_clear()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(seats, "text", spy)
        seats.legend(("dealer", "leader", "knock"), lang, table.LEGEND_W)
    seats.legend.cache_clear()
    assert drawn == words
    dot = seats.legend_mark("knock", lang)  # the panels' gold dot, not a lettered badge
    assert dot.size == (seats.KNOCK_D + 1, seats.KNOCK_D + 1)
    centre = dot.getpixel((seats.KNOCK_D // 2, seats.KNOCK_D // 2))
    assert isinstance(centre, tuple) and centre[:3] == seats.GOLD and centre[3] == 255


# -- L3: the suits in words for a screen reader ----------------------------------------------
def test_an_alt_text_reads_the_suits_as_words() -> None:
    # review 92: the whole card in words, its rank too (the rules' names: "E" read "é")
    cards = spoken_cards("cs")
    assert spoken("Ve štychu: Anna K🍃, Bob 7❤️, Cyril 10🔔, Dana E🌰.", "cs", cards) == (
        "Ve štychu: Anna zelený král, Bob červená sedma, Cyril kulová desítka, Dana žaludské"
        " eso.")
    assert spoken("In the trick: Anna K🍃, Bob 7❤️, Cyril 10🔔, Dana E🌰.", "en",
                  spoken_cards("en")) == ("In the trick: Anna King of leaves, Bob 7 of hearts,"
                                          " Cyril 10 of bells, Dana Ace of acorns.")
    # a row's symbol before its ranks; a heart without the emoji's variation selector; the
    # separator dot as a comma (review 92: "tečka uprostřed")
    assert spoken("Řady: ❤️ nezačatá · 🍃 10 · 🔔 8–S · 🌰 nezačatá; 7❤", "cs", cards) == (
        "Řady: červené nezačatá, zelené 10, kule 8–S, žaludy nezačatá; červená sedma")
    assert spoken("Taroky: K♥ 7♣", "cs") == "Taroky: K♥ 7♣"
