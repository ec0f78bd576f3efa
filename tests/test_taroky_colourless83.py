"""Review 83 of the Taroky pictures on a phone and without colour: the talon's turned cards
and the laid taroks were whole faces 18 px wide there (their indices 3 px), the finished
deal told the winning side only by green against red, the last trick's winner only by
gold."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from PIL import Image, ImageDraw

from bot.games.taroky.pictures import deal as deal_picture
from bot.games.taroky.pictures import table
from bot.games.taroky.pictures.examples import NAMES, example
from bot.games.taroky.texts import finished_deal
from bot.games.taroky.words import pic
from bot.render import cards, clear_caches
from bot.render.common import GOLD
from bot.render.fonts import font
from engine.taroky.cards import parse_card
from engine.taroky.views import TableView

INSET_H = cards.card_height(table.TABLE_INSET.card_w)  # the boxes' minis: a card's height


def _insets(monkeypatch: pytest.MonkeyPatch, view: TableView, lang: str
            ) -> tuple[list[tuple[int, list[tuple[str, int]]]], list[int]]:
    """The mini cards the table's talon and laid taroks' boxes draw (each with the words
    it writes and their px), and every card drawn as a whole face."""
    clear_caches()
    minis: list[tuple[int, list[tuple[str, int]]]] = []
    faces: list[int] = []
    words: list[tuple[str, int]] = []
    real_text, real_mini, real_put = ImageDraw.ImageDraw.text, table.put_mini, cards.put

    def text(self: ImageDraw.ImageDraw, xy: Any, value: Any, *a: Any, **kw: Any) -> None:
        words.append((str(value), int(getattr(kw.get("font"), "size", 0))))
        real_text(self, xy, value, *a, **kw)

    def mini(img: Image.Image, card: int, *a: Any, **kw: Any) -> None:
        words.clear()
        real_mini(img, card, *a, **kw)
        if kw.get("height") == INSET_H:  # (a rank in a fan is also drawn to be measured)
            minis.append((card, sorted(set(words))))

    def put(img: Image.Image, card: int, *a: Any, **kw: Any) -> None:
        faces.append(card)
        real_put(img, card, *a, **kw)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    monkeypatch.setattr(table, "put_mini", mini)
    monkeypatch.setattr(cards, "put", put)
    table.table_image(view, NAMES, lang)
    monkeypatch.undo()
    clear_caches()
    return minis, faces


@pytest.mark.parametrize(("lang", "ranks"), [("cs", ["C", "9", "A", "K", "K"]),
                                             ("en", ["C", "9", "A", "K", "K"])])
def test_the_talon_s_turned_cards_are_minis_their_ranks_at_the_table_s_least_size(
        lang: str, ranks: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Varšava's five turned cards (C♣ 9♠ A♥ K♥ K♦, a face-down card after them): each a
    mini card writing its rank at ``SMALLEST`` px (11 px on a phone) — none a whole face
    (its index 3 px there); only the face-down card is still a card's back."""
    view = example("varsava")[0].public_view()
    turned = [card for card, _seat in view.deal.turned]
    minis, faces = _insets(monkeypatch, view, lang)
    assert [card for card, _w in minis] == turned
    assert [w for _c, w in minis] == [[(rank, table.SMALLEST)] for rank in ranks]
    assert not set(turned) & set(faces)
    assert cards.BACK in faces


def test_the_laid_taroks_are_minis_writing_their_numbers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The taroks laid away face up: minis by rank, each its number at ``SMALLEST`` px."""
    view = example("play")[0].public_view()
    ii, iv, v, xvi, xx = (parse_card(c) for c in ("II", "IV", "V", "XVI", "XX"))
    laid = dataclasses.replace(view.deal, face_up_discards=((ii, v), (xvi,), (), (xx, iv)))
    minis, faces = _insets(monkeypatch, dataclasses.replace(view, deal=laid), "cs")
    assert minis == [(c, [(n, table.SMALLEST)]) for c, n in
                     ((ii, "2"), (iv, "4"), (v, "5"), (xvi, "16"), (xx, "20"))]
    assert not {ii, iv, v, xvi, xx} & set(faces)


@pytest.mark.parametrize(("lang", "n", "said"), [
    ("cs", 1, ["47 očí ✓ výhra", "23 očí ✗ prohra"]),
    ("en", 1, ["47 eyes ✓ won", "23 eyes ✗ lost"]),
    ("cs", 3, ["5 očí ✗ prohra", "65 očí ✓ výhra"]),  # (the declarer lost)
    ("en", 4, ["27 eyes ✗ lost", "43 eyes ✓ won"]),
])
def test_the_finished_deal_says_which_side_won_in_words(
        lang: str, n: int, said: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Each side's eyes with ✓/✗ and the verdict in words, not by green and red alone (the
    same yellow to deuteranopes): the declarer's side first."""
    from tests.helpers import drawn_texts

    rnd, _seat = example("finished")
    deal = finished_deal(rnd, n)
    assert deal is not None
    seen = drawn_texts(monkeypatch, deal_picture)
    deal_picture.deal_image(deal, rnd.protocol[n - 1], NAMES, lang)
    assert [t for t in seen if ("✓" in t or "✗" in t) and ("oč" in t or "eye" in t)] == said


def test_a_tie_and_varsava_say_the_eyes_alone() -> None:
    """35:35 neither side won (its chip says the tie); a Varšava player's eyes are his."""
    assert deal_picture._side_eyes(35, 0, "cs") == "35 očí"
    assert deal_picture._side_eyes(1, 1, "cs") == "1 oko ✓ výhra"
    assert deal_picture._side_eyes(2, -1, "en") == "2 eyes ✗ lost"
    rnd, _seat = example("finished")
    deal = finished_deal(rnd, 2)
    assert deal is not None and deal.reveal is not None and rnd.protocol[1].game == "W"
    blocks = deal_picture._blocks(deal, rnd.protocol[1], deal.reveal, list(NAMES), "cs")
    assert len(blocks) == 4
    assert all("✓" not in eyes and "✗" not in eyes for _t, eyes, _c, _s in blocks)


def test_the_last_trick_s_winner_is_bold_and_underlined_not_gold_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Gold greys to the others' muted grey: the winner's letter (Dalibor, "D") is bold and
    a gold bar lies under it, under no other player's."""
    view = example("varsava")[0].public_view()
    last = view.deal.last_trick
    assert last is not None and last.winner == 3
    drawn: list[tuple[str, Any, tuple[float, float]]] = []
    real = table.text

    def spy(img: Image.Image, xy: tuple[float, float], value: str, f: Any, *a: Any) -> float:
        drawn.append((value, f, xy))
        return real(img, xy, value, f, *a)

    monkeypatch.setattr(table, "text", spy)
    img = table.table_image(view, NAMES, "cs")
    at = [v for v, _f, _xy in drawn].index(pic("last_trick", "cs"))
    letters = drawn[at + 1:at + 5]
    assert [v for v, _f, _xy in letters] == ["A", "B", "C", "D"]
    bold, regular = font(table.SMALLEST, "bold"), font(table.SMALLEST)
    assert [f for _v, f, _xy in letters] == [regular] * 3 + [bold]
    for value, f, (x, y) in letters:
        under = round(y) + f.getbbox(value, anchor="mm")[3] + 4
        assert (img.getpixel((round(x), under)) == GOLD) == (value == "D"), value
