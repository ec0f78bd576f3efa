"""Kvarty's points in the pictures (review 67): the game gives a point per card left only at
its end (R-KVARTY), so the seats' "game" points stand at the cards in hand, not at 0."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bot.games.lora.texts import points_line
from bot.render import hand, table
from bot.render.bench import NAMES, example
from engine.actions import Choose
from engine.contracts import Contract
from tests.helpers import kdeal
from tests.test_rules_maturita import lora_at_maturita


def test_R_KVARTY_the_running_points_are_the_cards_in_hand() -> None:
    view = example("kvarty").public_view()
    assert view.contract is Contract.KVARTY
    assert view.game_points == (0, 0, 0, 0)  # (recorded at the end only)
    assert view.running_points == view.hand_counts and sum(view.hand_counts) > 0


def test_R_MATURITA_a_kvarty_attempt_shows_the_points_recorded() -> None:
    """A maturita records none but the maturant's failure: nothing stands at the cards."""
    lora = lora_at_maturita(kdeal(0))
    lora.apply(Choose(0, Contract.KVARTY))
    view = lora.public_view()
    assert view.running_points == view.game_points == (0, 0, 0, 0)
    assert view.hand_counts == (8, 8, 8, 8)


def test_a_trick_games_running_points_are_the_recorded_ones() -> None:
    view = example("trick").public_view()
    assert view.running_points == view.game_points and sum(view.game_points) > 0


def _seat_games(monkeypatch: pytest.MonkeyPatch, view: Any) -> list[Any]:
    """The game points each seat's panel of ``view``'s table picture is given."""
    real = table.seat_panel
    games: list[Any] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        games.append(args[3])
        return real(*args, **kwargs)

    monkeypatch.setattr(table, "seat_panel", spy)
    table.table_image(view, NAMES, "cs")
    return games


def test_the_kvarty_table_and_hand_show_the_cards_left_as_the_games_points(monkeypatch) -> None:
    view = example("kvarty").public_view()
    games = _seat_games(monkeypatch, view)
    assert games == list(view.hand_counts)
    seat = example("kvarty").view(0)
    rows = hand.player_rows(seat, NAMES, "cs")
    assert {row.seat: row.game for row in rows} == {
        s: str(view.hand_counts[s]) for s in range(4)}


@pytest.mark.parametrize("kind", ["trick", "desitky"])
def test_the_other_games_tables_show_the_points_recorded(monkeypatch, kind: str) -> None:
    view = example(kind).public_view()
    games = _seat_games(monkeypatch, view)
    assert games == list(view.game_points)


def test_R_KVARTY_the_alt_text_gives_the_cards_left_as_the_games_points() -> None:
    """The table's alt text says what its picture does: a seat's game points in kvarty are
    its cards left (not 0 until the end)."""
    view = example("kvarty").public_view()
    words = points_line(SimpleNamespace(names=lambda: NAMES), view, "en")
    for seat in range(4):
        n = view.hand_counts[seat]
        assert f"{NAMES[seat]} – {view.totals[seat]} before this game, {n} in this game, " \
               f"{n} cards in hand" in words
