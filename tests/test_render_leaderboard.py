"""bot.render: the leaderboard picture and the score sheet rebuilt from an archived lóra."""

from __future__ import annotations

import copy
import dataclasses
import io
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from PIL import Image, ImageChops

from bot.i18n import CATALOGS, decimal
from bot.render import leaderboard as lb
from bot.render import render_leaderboard, render_sheet, render_sheet_from_export
from bot.render.common import EMBED_H, EMBED_W, GOLD
from bot.render.export import export_names, lora_from_export
from bot.render.fonts import fit, font
from bot.storage import LeaderboardRow, PlayerResult, Storage
from engine.lora import Lora
from tests.storage_kit import finished

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
LB_MAX, SHEET_MAX = 150_000, 400_000
GUILD = 77
NAMES = ["Anička Nováková", "Bohouš 🎴", "Cecílie\u200b\x07", "Dalibor z Dlouhého Příjmení"]
HARAKIRI_SEED = 32  # its random lóra ends in a harakiri (and has a failed maturita)


def _png(data: bytes) -> Image.Image:
    assert data[:8] == PNG_MAGIC
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def _rows(n: int = 10, first_rank: int = 1) -> list[LeaderboardRow]:
    names = ["Anička Nováková", "Bohouš", "Cecílie z Dlouhého Příjmení-Ohromně", "Dalibor 🎴 K.",
             "Eva", "František", "Gustav\x07", "Hedvika", "Ivan Veliký", "Jaromír"]
    return [
        LeaderboardRow(
            rank=first_rank + i, user_id=1000 + i, name=names[i % len(names)],
            rating=1720 - 37 * i, mu=30.0 - i, sigma=3.0 + i / 10, provisional=i in (2, 5, 9),
            rated_games=3 if i in (2, 5, 9) else 12, games=40 - 3 * i, wins=max(0, 12 - i),
            avg_points=None if i == 8 else 61.25 + 4.3 * i,
        )
        for i in range(n)
    ]


def _row(rank: int, name: str, provisional: bool = False) -> LeaderboardRow:
    return LeaderboardRow(rank=rank, user_id=1, name=name, rating=1612, mu=27.0, sigma=4.0,
                          provisional=provisional, rated_games=2 if provisional else 9, games=9,
                          wins=3, avg_points=72.5)


def _row_box(img: Image.Image, index: int, x0: int = 0, x1: int = lb.W) -> Image.Image:
    y = lb.HEADER_H + lb.M + lb.COLS_H + index * lb.ROW_H
    return img.convert("RGB").crop((x0, y, x1, y + lb.ROW_H))


def _near(img: Image.Image, colour: tuple[int, int, int], tol: int = 18) -> int:
    """How many pixels of an RGB image are within ``tol`` of ``colour`` in every channel."""
    raw = img.tobytes()
    return sum(
        1 for i in range(0, len(raw), 3)
        if all(abs(raw[i + c] - colour[c]) <= tol for c in range(3))
    )


# -- the leaderboard ------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["cs", "en"])
def test_leaderboard_is_a_small_png(lang: str) -> None:
    data = render_leaderboard(_rows(), lang, title="Žebříček – Hospoda U Zlatého Tygra")
    img = _png(data)
    assert img.mode == "P"  # palette-encoded like the other pictures
    assert img.width == lb.W and 600 <= img.height <= lb.W * EMBED_H / EMBED_W
    assert len(data) <= LB_MAX


def test_leaderboard_readable_on_a_phone() -> None:
    """In the embed on a phone (``EMBED_W`` px wide), the rows stay tall enough to read:
    ≥ 18 px per row (it was 760 × 910 px, shown 280 px high: 234 px wide, its rows 17 px
    and its least words 8 px there)."""
    img = lb.leaderboard_image(_rows(), "cs")
    assert lb.ROW_H * EMBED_W / img.width >= 18
    assert img.width <= 800


@pytest.mark.parametrize("kind", ["lora", "taroky"])
@pytest.mark.parametrize("lang", ["cs", "en"])
def test_a_full_page_fits_the_embeds_box(kind: str, lang: str) -> None:
    """Ten rows, some provisional (the legend's longest), in either game and language: no
    taller than ``EMBED_H / EMBED_W`` of its width, so the embed shows it ``EMBED_W`` wide
    (taller, it is scaled down to ``EMBED_H`` px high, narrower, and its words with it)."""
    img = lb.leaderboard_image(_rows(), lang, "Žebříček – Taroky · Hospoda U Zlatého Tygra",
                               kind, avg_text=lambda v: "+114,65 Kč")
    assert img.height * EMBED_W <= img.width * EMBED_H, img.size


def test_medals_only_for_the_first_three() -> None:
    first = lb.leaderboard_image(_rows(), "cs")
    medal_box = (lb.RANK_CX - lb.MEDAL_D // 2, lb.RANK_CX + lb.MEDAL_D // 2)
    assert _near(_row_box(first, 0, *medal_box), GOLD) > 300
    for i, colour in ((1, lb.MEDALS[2]), (2, lb.MEDALS[3])):
        assert _near(_row_box(first, i, *medal_box), colour) > 300
    assert _near(_row_box(first, 3, *medal_box), GOLD) == 0
    page2 = lb.leaderboard_image(_rows(first_rank=11), "cs")
    for i in range(10):
        assert all(_near(_row_box(page2, i, *medal_box), c) < 5 for c in lb.MEDALS.values())


def test_long_and_odd_names_stay_in_their_column() -> None:
    """A long name is condensed and cut with an ellipsis: the other columns are untouched."""
    short = lb.leaderboard_image([_row(4, "X")], "en")
    long = lb.leaderboard_image([_row(4, "Maximilián " * 8)], "en")
    emoji = lb.leaderboard_image([_row(4, "🎴🎴\x00\n")], "en")  # nothing printable: "?"
    right = (lb.NAME_END + 2, lb.W)
    assert ImageChops.difference(_row_box(short, 0, *right), _row_box(long, 0, *right)).getbbox() \
        is None
    assert ImageChops.difference(_row_box(short, 0), _row_box(long, 0)).getbbox() is not None
    assert ImageChops.difference(_row_box(short, 0, *right),
                                 _row_box(emoji, 0, *right)).getbbox() is None
    assert fit("Maximilián " * 8, font(lb.NAME_PX - 2, "cond"),
               lb.NAME_END - lb.NAME_X).endswith("…")


def test_ranks_past_99_are_written_whole() -> None:
    """A big server's later pages: rank 1000 widens its column (it was cut to "1…")."""
    page = [_row(999, "Eva"), _row(1000, "Ivo")]
    rank_cx, name_x, *_ = lb._columns(page, "cs", "lora", lb.averages(page, "cs"))
    ranks = font(lb.SMALL_PX, "bold")
    assert rank_cx - ranks.getlength("1000") / 2 >= lb.RANK_L
    assert rank_cx + ranks.getlength("1000") / 2 < name_x - 8
    assert (rank_cx, name_x) == (lb.RANK_CX, lb.NAME_X) or name_x > lb.NAME_X


def test_provisional_mark_is_drawn() -> None:
    other = _row(6, "Ivo", provisional=True)
    plain = lb.leaderboard_image([_row(5, "Eva"), other], "cs")
    tagged = lb.leaderboard_image([_row(5, "Eva", provisional=True), other], "cs")
    rating = (lb.NAME_END + 2, lb.RATING_R + 2)
    diff = ImageChops.difference(_row_box(plain, 0, *rating), _row_box(tagged, 0, *rating))
    assert diff.getbbox() is not None
    after = (lb.RATING_R + 4, lb.W)  # games, wins, average: the same
    assert ImageChops.difference(_row_box(plain, 0, *after),
                                 _row_box(tagged, 0, *after)).getbbox() is None
    # the legend explains the mark only when a row has it
    one = lb.leaderboard_image([_row(5, "Eva")], "cs")
    one_tagged = lb.leaderboard_image([_row(5, "Eva", provisional=True)], "cs")
    assert one_tagged.height == one.height + lb.LEGEND_LINE


def test_empty_page_and_limits() -> None:
    empty = _png(render_leaderboard([], "en", ""))
    assert empty.width == lb.W and empty.height < 300
    with pytest.raises(ValueError):
        render_leaderboard(_rows(10) + _rows(1, first_rank=11))
    # unknown language falls back to Czech; an empty title is the default one
    assert render_leaderboard(_rows(3), "xx") == render_leaderboard(_rows(3), "cs", "Žebříček")
    assert render_leaderboard(_rows(3), "en", "  ") == render_leaderboard(_rows(3), "en",
                                                                           "Leaderboard")


def test_leaderboard_strings_in_both_languages() -> None:
    keys = {k for k in CATALOGS["cs"] if k.startswith("core.board.")}
    assert keys == {k for k in CATALOGS["en"] if k.startswith("core.board.")}
    assert CATALOGS["cs"]["core.board.provisional"] == "předběžné"
    assert CATALOGS["en"]["core.board.provisional"] == "provisional"
    assert decimal(61.25, "cs") == "61,2" and decimal(61.26, "en") == "61.3"
    assert decimal(None, "cs") == "–"



@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_taroky_leaderboard_keeps_the_wins_apart_from_the_money(lang: str) -> None:
    """Taroky's average is money ("+415,50 Kč"), wider than the space Lóra's average points
    leave: the wins were drawn under it ("+4" over the wins' digit). The columns move left so
    that a wins digit changes nothing from the money's left edge on, and the labels stay
    apart; Lóra's page keeps its columns."""
    from bot.games.taroky.words import money

    def shown(value: float | None) -> str:
        return "–" if value is None else money(round(value), lang, signed=True)

    def page(wins: int) -> Image.Image:
        rows = [dataclasses.replace(r, wins=wins, avg_points=a) for r, a in
                zip(_rows(3), (41550.0, -123450.0, 1750.0), strict=True)]
        return lb.leaderboard_image(rows, lang, kind="taroky", avg_text=shown)

    widest = max(font(lb.NUMBER_PX, "cond").getlength(shown(v)) for v in (41550.0, -123450.0))
    money_left = lb.AVG_R - widest
    box = ImageChops.difference(_row_box(page(7), 1), _row_box(page(8), 1)).getbbox()
    assert box is not None and box[2] < money_left  # the wins digit, left of the money
    columns = lb._columns(_rows(3), lang, "taroky", [shown(41550.0), shown(-123450.0)])
    label = font(lb.SMALL_PX, "cond")
    for (key, right), next_right in zip(
            zip(("lb_rating", "lb_games", "lb_wins"), columns[3:6], strict=True),
            columns[4:], strict=True):
        next_label = {"lb_rating": "lb_games", "lb_games": "lb_wins", "lb_wins": "lb_avg"}[key]
        assert right < next_right - label.getlength(lb.s(next_label, lang, "taroky"))
    assert columns[2] - columns[1] >= 150  # room for a name still
    lora = lb._columns(_rows(), lang, "lora", [decimal(r.avg_points, lang) for r in _rows()])
    assert lora == lb.DEFAULT_COLUMNS


# -- the sheet of an archived lóra ----------------------------------------------------------
def _play(seed: int) -> Lora:
    lora = Lora(rng=random.Random(seed))
    rng = random.Random(seed)
    while lora.to_act is not None:
        lora.apply(rng.choice(lora.legal_actions()))
    assert lora.finished
    return lora


@pytest_asyncio.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    s = await Storage.open(tmp_path / "lora.sqlite3", synchronous="NORMAL")
    try:
        yield s
    finally:
        await s.close()


async def _archive(storage: Storage, lora: Lora, names: list[str], first_user: int = 10) -> int:
    """What the bot does: a table, its state saved as it plays, archived when finished."""
    seats = [{"user_id": first_user + i, "name": n, "ai": None} for i, n in enumerate(names)]
    table_id = await storage.create_table(GUILD, 500, first_user, {}, seats)
    await storage.update_table(table_id, status="playing", state=lora.to_json())
    players = [PlayerResult(seat=i, user_id=first_user + i, name=n) for i, n in enumerate(names)]
    return await storage.archive_game(table_id, **finished(lora.to_json()), players=players,
                                      options={})


@pytest.mark.parametrize("seed", [3, HARAKIRI_SEED])
async def test_export_renders_the_original_sheet(storage: Storage, seed: int) -> None:
    lora = _play(seed)
    game_id = await _archive(storage, lora, NAMES)
    data = await storage.export_game(GUILD, game_id)
    assert data is not None
    assert export_names(data) == NAMES
    replayed = lora_from_export(data)
    assert replayed.finished
    assert replayed.protocol == lora.protocol and replayed.totals == lora.totals
    assert replayed.order == lora.order
    for lang in ("cs", "en"):
        png = render_sheet_from_export(data, lang)
        assert len(png) <= SHEET_MAX
        original = render_sheet(lora.public_view(), NAMES, lang)
        assert png == original
        assert _png(png).size == _png(original).size
    phone = render_sheet_from_export(data, "cs", columns=1)
    assert phone == render_sheet(lora.public_view(), NAMES, "cs", columns=1)


async def test_leaderboard_from_storage_rows(storage: Storage) -> None:
    """Real rows: two archived lóry of the same four players, then the guild's leaderboard."""
    await _archive(storage, _play(3), NAMES)
    await _archive(storage, _play(4), NAMES)
    rows, total = await storage.leaderboard(GUILD, "lora")
    assert total == 4 and len(rows) == 4 and all(r.provisional for r in rows)
    for lang in ("cs", "en"):
        data = render_leaderboard(rows, lang, title="Žebříček – Test")
        img = _png(data)
        assert img.width == lb.W and len(data) <= LB_MAX


def test_bad_exports_are_refused() -> None:
    lora = _play(4)
    from engine.lora_spec import replay_document

    data: dict[str, Any] = {"replay": replay_document(lora), "names": ["A", "B", "C", "D"]}
    assert _png(render_sheet_from_export(data))
    for broken in ({}, {"replay": None}, {"replay": {"lora": False}}):
        with pytest.raises(ValueError):
            render_sheet_from_export(broken)
    bad = copy.deepcopy(data)
    bad["replay"]["actions"][5] = {"seat": 0, "play": "Xx"}
    with pytest.raises(ValueError):
        render_sheet_from_export(bad)
    bad = copy.deepcopy(data)
    bad["replay"]["first_leader"] = "0"
    with pytest.raises(ValueError):
        render_sheet_from_export(bad)
    # missing names are drawn as "?"
    short = dict(data, names=["A"])
    assert export_names(short) == ["A", "?", "?", "?"]
    assert _png(render_sheet_from_export(short))


def test_negative_average_is_written_with_a_true_minus() -> None:
    """A negative average reads "−65,5" (U+2212) as the tournament and Taroky pictures write
    money, not with a hyphen; the CSV's ``decimal`` keeps its "-"."""
    rows = [dataclasses.replace(_row(1, "Anna"), avg_points=-65.5),
            dataclasses.replace(_row(2, "Bob"), avg_points=12.25),
            dataclasses.replace(_row(3, "Cyril"), avg_points=None)]
    assert lb.averages(rows, "cs") == ["−65,5", "12,2", "–"]
    assert lb.averages(rows, "en") == ["−65.5", "12.2", "–"]
    assert decimal(-65.5, "cs") == "-65,5"
