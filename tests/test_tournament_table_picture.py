"""A tournament's table says which one it is in its table picture too, in a bar under the
table, by the name its thread and messages give it (``tournament_table_name``): a player
who opens the picture alone (on a phone, full screen) still sees the tournament, its round
and the table. A table of its own has no bar."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageStat

from bot.games import ui_of
from bot.games.taroky.pictures import table as taroky_table
from bot.model import STATUS_PLAYING, Seat, Table, TableSettings
from bot.render.common import embed_px, footer_height, phone_px, with_footer
from engine.lora import Lora
from engine.taroky import TarokyRound
from engine.taroky.options import TarokyOptions

NAMES = ["Anička", "Bohouš", "Cecílie", "Dalibor"]
LINK = {"id": 1, "round": 2, "table": 1}
WORDS = {"cs": "turnaj č. 1 · 2. kolo · stůl 1", "en": "tournament 1 · round 2 · table 1"}


def _table(game: str, lang: str, tournament: dict[str, int] | None) -> Table:
    state: Lora | TarokyRound
    if game == "lora":
        state = Lora(rng=random.Random(1))
    else:
        state = TarokyRound(options=TarokyOptions(), rng=random.Random(1))
    seats: list[Seat | None] = [Seat(100 + i, name) for i, name in enumerate(NAMES)]
    return Table(1, 1, 1, 1, TableSettings(options=state.options.to_json(), lang=lang), seats,
                 game_kind=game, status=STATUS_PLAYING, state=state, seed=1,
                 tournament=tournament)


def _size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as img:
        return img.size


@pytest.mark.parametrize("lang", ["cs", "en"])
@pytest.mark.parametrize("game", ["lora", "taroky"])
def test_a_tournament_table_s_picture_names_its_tournament_round_and_table(
        game: str, lang: str) -> None:
    ui = ui_of(game)
    picture = ui.table_picture(_table(game, lang, LINK), lang)
    assert picture is not None
    assert picture.keywords["tournament"] == WORDS[lang]  # type: ignore[attr-defined]
    own = ui.table_picture(_table(game, lang, None), lang)
    assert own is not None
    assert own.keywords["tournament"] == ""  # type: ignore[attr-defined]
    width, height = _size(own())
    # the bar under it, its words as large as the picture's least (the tables' are read in
    # their embeds: the Lóra table's embed_px, the Taroky table's SMALLEST)
    words = embed_px(width) if game == "lora" else taroky_table.SMALLEST
    if game == "lora":
        assert _size(picture()) == (width, height + footer_height(words))
        return
    # the Taroky table lays itself out within its least height, the bar's included: no
    # taller in its embed, its words 11 px there as the plain table's
    assert height == taroky_table.H and _size(picture()) == (width, height)
    with Image.open(io.BytesIO(picture())) as img:
        rgb = img.convert("RGB")
    bar_top = height - footer_height(words)
    edge = rgb.getpixel((2, height - 1))  # the bar, as tall as words SMALLEST px need
    assert rgb.getpixel((2, bar_top)) == edge != rgb.getpixel((2, bar_top - 1))


def test_the_bar_under_the_picture_holds_its_words_and_nothing_else_changes() -> None:
    img = Image.new("RGB", (860, 400), (21, 74, 50))
    assert with_footer(img, "") is img
    out = with_footer(img, WORDS["cs"])
    assert out.crop((0, 0, 860, 400)).tobytes() == img.tobytes()
    bar = out.crop((0, 400, 860, out.height))
    assert bar.height == phone_px(860) + 24
    middle, edge = bar.crop((330, 0, 530, bar.height)), bar.crop((0, 0, 80, bar.height))
    assert ImageStat.Stat(middle).extrema != ImageStat.Stat(edge).extrema  # words drawn
    assert len(set(edge.getdata())) == 1  # the bar's plain colour at its edge
