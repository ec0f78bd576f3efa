"""Review 77 of the Taroky table on a phone: the last trick's faces were 18 px wide there (8♣
read as 9♣, IV as IX) and said nobody's name; the trick's cards were 30 px on a mostly empty
felt, with nothing saying who led; ✓/✗ meant "taken"/"refused" for the trojkas and "already
lost" for an announcement, with no legend."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from PIL import Image, ImageDraw

from bot.games.taroky.pictures import hand, table
from bot.games.taroky.pictures.examples import NAMES, example
from bot.games.taroky.words import pic
from bot.render import cards, minis
from bot.render.fonts import font
from bot.render.names import short_names
from engine.taroky.cards import suit_card, tarok
from tests.helpers import drawn_texts


def _mini_words(monkeypatch: pytest.MonkeyPatch, card: int, lang: str) -> list[tuple[str, int]]:
    """What a Taroky mini card of the table's last trick writes, with its size."""
    seen: list[tuple[str, int]] = []
    real = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, value: Any, *args: Any, **kw: Any) -> None:
        seen.append((value, int(getattr(kw.get("font"), "size", 0))))
        real(self, xy, value, *args, **kw)

    minis.mini_face.cache_clear()
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    box = table.TABLE_INSET
    minis.mini_face(card, box.mini_w, None, box.px, box.mini_h, "taroky", lang)
    monkeypatch.undo()
    minis.mini_face.cache_clear()
    return seen


@pytest.mark.parametrize(("card", "lang", "label"), [
    (tarok(4), "cs", "4"), (tarok(9), "cs", "9"), (tarok(22), "en", "Š"),
    (suit_card(2, 1), "cs", "8"), (suit_card(2, 2), "cs", "9"),
    (suit_card(1, 6), "cs", "D"), (suit_card(1, 6), "en", "Q"), (suit_card(3, 3), "en", "10")])
def test_a_last_trick_card_writes_its_rank_or_number_at_the_table_s_least_size(
        card: int, lang: str, label: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A tarok as its index's number (IV "4", IX "9", Škýz "Š"), a suit card its rank in the
    table's language (the Czech queen "D"), at least ``SMALLEST`` px (11 px on a phone)."""
    words = _mini_words(monkeypatch, card, lang)
    assert [w for w, _s in words] == [label]
    assert all(size >= table.SMALLEST for _w, size in words)


def test_a_suit_card_shows_its_suit_s_sign_and_a_tarok_no_suit() -> None:
    """The four suits' mini cards differ (their signs, cut from the cards' index), ♥ and ♦
    of one rank too; the taroks' are navy, the trul's gold."""
    box = table.TABLE_INSET
    faces = [minis.mini_face(suit_card(s, 7), box.mini_w, None, box.px, box.mini_h, "taroky",
                             "cs").tobytes() for s in range(4)]
    assert len(set(faces)) == 4
    assert minis.look(tarok(19), "taroky").face == minis.NAVY
    assert {minis.look(c, "taroky").face for c in (tarok(1), tarok(21), tarok(22))} == {
        minis.TRUL_GOLD}
    sign = minis.taroky_sign(1, 30)
    assert sign.height == 30 and sign.getpixel((0, 0))[3] == 0  # (the cream made clear)


def test_the_last_trick_says_who_played_each_card_and_who_took_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Under each mini card its player's initial (Anička "A" …), in play order from the
    trick's leader; then who took it — in the table and in the hand's box alike."""
    rnd, seat = example("play")
    pub = rnd.public_view()
    last = pub.deal.last_trick
    assert last is not None
    order = [NAMES[s][0] for s, _c in last.played]
    seen = drawn_texts(monkeypatch, table)
    table.table_image(pub, NAMES, "cs")
    at = seen.index(pic("last_trick", "cs"))
    assert seen[at + 1:at + 6] == [*order, f"bere {NAMES[last.winner]}"]
    seen.clear()
    hand.hand_image(rnd.view(seat), NAMES, "cs")
    at = seen.index(pic("last_trick", "cs"))
    assert seen[at + 1:at + 6] == [*order, f"bere {NAMES[last.winner]}"]


def test_short_names_are_whole_initials_or_told_apart() -> None:
    """Under a mini card (59 px): whole names where all fit, else initials where they tell
    the players apart, else names cut apart — else none (the order instead)."""
    f = font(table.SMALLEST)
    assert short_names(["Jan", "Eva", "Ota", "Iva"], f, 59) == ["Jan", "Eva", "Ota", "Iva"]
    assert short_names(list(NAMES), f, 59) == ["A", "B", "C", "D"]
    assert short_names(["Jan Novák", "Jana Dvořák", "Petr Málek", "Iva Krátká"], f, 59) == [
        "JN", "JD", "PM", "IK"]
    alike = ["Jan Novák", "Jan Nováček", "Petr Málek", "Iva Krátká"]
    assert short_names(alike, f, 59) is None  # ("J…" twice: the order instead)
    cut = short_names(alike, f, 130)
    assert cut is not None and len(set(cut)) == 4 and all(f.getlength(x) <= 130 for x in cut)


def test_the_trick_s_cards_are_as_large_as_the_middle_lets_them() -> None:
    """84 px (30 px on a phone) in a middle with room for more: up to ``TRICK_MAX_W``, the
    top and the bottom card clear of each other, the side ones clear of them and within
    the middle column; 84 px where there is only the least room."""
    w, _h, side, dy = table.trick_size(360)
    h = cards.card_height(w)
    assert w == table.TRICK_MAX_W >= 100
    assert 2 * dy >= h + 4 and 2 * dy + h <= 360
    assert side - w // 2 >= w // 2  # (clear of the top and bottom cards)
    assert table.CX + side + w // 2 <= table.CENTER_X + table.CENTER_W
    assert table.trick_size(table.TRICK_CROSS)[0] == table.TRICK_W
    rnd, _seat = example("play")
    seen: list[int] = []
    real = cards.put

    def spy(canvas: Image.Image, card: int, width: int, *args: Any, **kw: Any) -> None:
        seen.append(width)
        real(canvas, card, width, *args, **kw)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(table.cards, "put", spy)
        table.table_image(rnd.public_view(), NAMES, "cs")
    assert seen.count(table.TRICK_MAX_W) == len(rnd.public_view().deal.trick) == 2


def test_who_leads_has_its_badge_and_the_legend_explains_it_and_a_failed_announcement(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The play example: the leader's seat has ▶ (Lóra's "trick" badge), the legend says
    "vynáší štych"; its failed pagát "✗" is explained as "nevyšlo" — in both languages."""
    deal = example("play")[0].public_view().deal
    assert deal.pagat_lost and deal.leader is not None
    assert table._kinds(deal, deal.leader)[-1] == "lead"
    assert table.legend_kinds(deal)[-2:] == ("lead", "lost")
    for lang, lead, lost in (("cs", "vynáší štych", "nevyšlo"), ("en", "leads this trick",
                                                                 "failed")):
        seen = drawn_texts(monkeypatch, table)
        table.table_image(example("play")[0].public_view(), NAMES, lang)
        monkeypatch.undo()
        said = " ".join(seen)
        assert lead in said and lost in seen and table.LOST in seen
    bid = example("bid")[0].public_view().deal
    assert "lead" not in table.legend_kinds(bid) and "lost" not in table.legend_kinds(bid)
    kept = dataclasses.replace(deal, pagat_by=None)
    assert "lost" not in table.legend_kinds(kept)


def test_a_trojka_s_suit_signs_are_drawn_larger_than_its_ranks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, int]] = []
    real = table.text

    def spy(img: Any, xy: Any, value: str, fnt: Any, *args: Any, **kw: Any) -> float:
        seen.append((value, fnt.size))
        return float(real(img, xy, value, fnt, *args, **kw))

    img = Image.new("RGB", (table.W, table.H))
    monkeypatch.setattr(table, "text", spy)
    width = table.draw_label(img, (10, 40), "C♦", font(table.SMALLEST, "bold"), table.RED)
    assert seen == [("C", table.SMALLEST), ("♦", table.SUIT_PX)] and table.SUIT_PX > (
        table.SMALLEST + 6)
    assert width == table.label_length("C♦", font(table.SMALLEST, "bold"))
