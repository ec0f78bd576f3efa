"""The words of a Lóra seat's points (table picture, hand picture, alt text) and of the
leader's badge in the legend.

A user review: "total 11 / game 4" read as 11 including the game's 4, while the 11 was the
total before the game (the sheet then said 15); "L round leader" read as who leads the
round on points. In a game that counts the total is labelled as the one before it; between
games, and in a harakiri (whose points never enter the total), it stays the total."""

from __future__ import annotations

from itertools import pairwise
from types import SimpleNamespace
from typing import Any

import pytest

from bot.games.lora.texts import points_line
from bot.i18n import t
from bot.render import hand as hand_render
from bot.render import table as table_render
from bot.render.bench import NAMES, example
from bot.render.hand import hand_image
from bot.render.table import table_image
from tests.helpers import drive
from tests.test_bot_harakiri import three_way


def test_the_words_of_the_points_and_of_the_leader() -> None:
    assert [t(f"lora.pic.{k}", "en") for k in ("pts_before", "pts_game", "pts_lora")] == [
        "was", "game", "total"]
    assert [t(f"lora.pic.{k}", "cs") for k in ("pts_before", "pts_game", "pts_lora")] == [
        "předtím", "hra", "lóra"]
    assert t("lora.pic.legend_leader", "en") == "leads first"
    assert t("lora.pic.legend_trick", "en") == "leads this trick"


def _labels(monkeypatch: pytest.MonkeyPatch, view: Any) -> list[str]:
    """The total's label each seat panel of ``view``'s table picture gets."""
    labels: list[str] = []
    real = table_render.seat_panel

    def spy(*args: Any, **kwargs: Any) -> Any:
        labels.append(args[8])
        return real(*args, **kwargs)

    monkeypatch.setattr(table_render, "seat_panel", spy)
    table_image(view, NAMES, "en")
    return labels


def test_the_table_labels_the_total_before_the_game_in_play(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert _labels(monkeypatch, example("trick").public_view()) == ["pts_before"] * 4
    assert _labels(monkeypatch, example("choose").public_view()) == ["pts_lora"] * 4
    lora = three_way()  # a harakiri's game: the lóra's total, or the play-off's sum
    lora._begin_final_order()
    drive(lora, lambda lo: lo.harakiri is not None and lo.harakiri.played == 1)
    assert lora.public_view().phase == "play"
    assert _labels(monkeypatch, lora.public_view()) == [
        "pts_sum", "pts_sum", "pts_lora", "pts_sum"]


def _heads(monkeypatch: pytest.MonkeyPatch, view: Any, lang: str) -> list[str]:
    """The words the hand picture draws as its players' column heads, left to right; each
    clear of the next (right-aligned: they end where drawn)."""
    drawn: list[tuple[float, float, str]] = []
    real = hand_render.text
    y = hand_render.BOARD_Y + 14

    def spy(img: Any, xy: Any, value: str, *args: Any, **kwargs: Any) -> Any:
        width = real(img, xy, value, *args, **kwargs)
        if xy[1] == y and xy[0] <= hand_render.GAME_R + 6:  # (not the trick's caption)
            drawn.append((xy[0] - width, xy[0], value))
        return width

    monkeypatch.setattr(hand_render, "text", spy)
    hand_image(view, lang, NAMES)
    drawn.sort()
    for (_, end, _), (start, _, _) in pairwise(drawn):
        assert start - end >= 10, drawn  # review: "beforegame"
    return [value for _, _, value in drawn]


def test_the_hand_heads_its_columns_before_and_game(monkeypatch: pytest.MonkeyPatch) -> None:
    lora = example("trick")
    view = lora.view(lora.to_act)
    # review 77: "before game" read as one phrase; the head has the room the panel lacks
    assert _heads(monkeypatch, view, "en") == ["was", "+ game"]
    assert _heads(monkeypatch, view, "cs") == ["předtím", "+ hra"]
    lora = example("choose")
    assert _heads(monkeypatch, lora.view(0), "en") == ["total"]


def test_the_alt_text_says_which_points_are_before_the_game() -> None:
    table = SimpleNamespace(names=lambda: NAMES)
    view = example("trick").public_view()
    assert points_line(table, view, "en").startswith(
        "Points and cards: Anička – 45 before this game, 0 in this game, 5 cards in hand;"
        " Bohouš – 14 before this game, 0 in this game, 5 cards in hand; Cecílie – 12 before"
        " this game, 4 in this game, 4 cards in hand;")
    assert points_line(table, view, "cs").startswith(
        "Body a karty: Anička – před touto hrou 45, v této hře 0, 5 karet v ruce;")
    lora = three_way()  # a harakiri's points never enter the lóra's total
    lora._begin_final_order()
    drive(lora, lambda lo: lo.harakiri is not None)
    view = lora.public_view()
    assert points_line(table, view, "en").startswith(
        "Points and cards: Anička – 0 in this game, 20 in the lóra, 8 cards in hand;")
    assert points_line(table, view, "cs").startswith(
        "Body a karty: Anička – v této hře 0, v lóře 20, 8 karet v ruce;")


def test_a_seat_s_game_points_read_as_added_to_the_total_before_it() -> None:
    """Review 71 LOW 12: "předtím 45 / hra 4" did not say before what. Under the total
    before the game in play its points read as added to it, "+ hra 4" (no room on the
    panel for "před hrou 145"; English "was 45 / game 4": "+ game" leaves the
    knocks no room); between games and in a harakiri (never added to the total) "hra"."""
    from bot.render import seats

    drawn: list[str] = []
    real = seats._points

    def spy(img: Any, x: int, y: int, label: str, value: int) -> int:
        drawn.append(label)
        return real(img, x, y, label, value)

    seats.seat_panel.cache_clear()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(seats, "_points", spy)
        seats.seat_panel("Anička", 5, 45, 4, 0, (), False, "cs", "pts_before")
        seats.seat_panel("Anička", 5, 45, 4, 0, (), False, "en", "pts_before")
        seats.seat_panel("Anička", 5, 45, 4, 0, (), False, "cs", "pts_lora")
        seats.seat_panel("Anička", 5, 45, 4, 0, (), False, "cs", "pts_sum")
    seats.seat_panel.cache_clear()
    assert drawn == ["předtím", "+ hra", "was", "game", "lóra", "hra", "součet", "hra"]


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_four_knocks_fit_beside_the_game_s_points(lang: str) -> None:
    """Review 77 MEDIUM 7: English "before 45 / game 0" read "before game"; now "was 45 /
    game 0". The row under the total keeps room for four knock dots (the word "ťuk"/"knock"
    may go) beside a game's points up to 9, at most half its margin into the panel's
    margin ("+ game 4" would run 28 px past it)."""
    from bot.render import seats

    ends: list[int] = []
    real = seats._knocks

    def spy(img: Any, x: int, y: int, n: int, lang: str, room: int) -> int:
        ends.append(real(img, x, y, n, lang, room))
        return ends[-1]

    seats.seat_panel.cache_clear()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(seats, "_knocks", spy)
        seats.seat_panel("Anička", 5, 145, 9, 4, (), False, lang, "pts_before")
    seats.seat_panel.cache_clear()
    assert ends and ends[0] <= seats.SEAT_W - seats.PAD // 2
