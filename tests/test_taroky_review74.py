"""Review 74 (an English group's first Taroky round): what it found unclear, told by the
words a player reads."""

from __future__ import annotations

import dataclasses

from bot.games.taroky.pictures import sheet
from bot.games.taroky.pictures.examples import example
from engine.taroky.options import TarokyOptions


def test_a_sheet_page_mid_round_counts_the_round_s_deals_not_those_played() -> None:
    """M3: after deal 1 of an 8-deal round the page read "deal 1 of 1" (and after deal 5
    "deals 1–5 of 5"), as if the round were over. A round of deals says its length; a round
    of minutes, while it runs, how many deals were played; once over, its deals."""
    rnd, _seat = example("bid")  # (a round of 4 deals, the first one played)
    view = rnd.public_view()
    assert len(view.protocol) == 1 and not view.finished
    assert sheet.subtitle(view, "en", (1, 1)) == "deal 1 of 4 · stake 50.00 Kč"
    assert sheet.subtitle(view, "cs", (1, 1)) == "rozdání 1. z 4 · vklad 50,00 Kč"
    assert sheet.subtitle(view, "en") == "stake 50.00 Kč · deals: 1"
    minutes = dataclasses.replace(view, options=TarokyOptions(round_minutes=60))
    assert sheet.subtitle(minutes, "en", (1, 1)) == "deal 1 · 1 played · stake 50.00 Kč"
    assert sheet.subtitle(minutes, "cs", (1, 1)) == (
        "rozdání 1. · odehráno 1 · vklad 50,00 Kč")
    three = dataclasses.replace(minutes, protocol=view.protocol * 3)
    assert sheet.subtitle(three, "en", (1, 3)) == "deals 1–3 · 3 played · stake 50.00 Kč"
    assert sheet.subtitle(three, "cs", (1, 3)) == (
        "rozdání 1.–3. · odehrána 3 · vklad 50,00 Kč")
    over = dataclasses.replace(three, finished=True)
    assert sheet.subtitle(over, "en", (2, 3)) == "deals 2–3 of 3 · stake 50.00 Kč"
