"""Review 70 (a Czech Taroky club tries the rule edge cases): the words it found wrong."""

from __future__ import annotations

from bot.games.taroky.texts import _pagat_result
from bot.i18n import in_ordinal, t, v_before
from engine.taroky.scoring import PagatResult

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def test_czech_says_ve_before_the_ordinals_read_with_a_cluster() -> None:
    """M1: "padl už ve 4. štychu" (ve čtvrtém), not "v 4."; "v 5." (v pátém) stays."""
    ve = [n for n in range(1, 51) if v_before(n) == "ve"]
    assert ve == [2, 3, 4, 12, 13, 14, *range(20, 50)]
    assert [v_before(n) for n in (100, 200, 500, 1000, 2000)] == ["ve", "ve", "v", "v", "ve"]
    assert [in_ordinal(n, "cs") for n in (1, 4, 12)] == ["v 1.", "ve 4.", "ve 12."]
    assert in_ordinal(4, "en") == "in the 4th"


def test_the_pagat_that_fell_early_says_the_trick_with_the_right_preposition() -> None:
    def early(trick: int, lang: str = "cs") -> str:
        return _pagat_result(PagatResult(3, "O", True, 3, False, trick), NAMES, lang)

    assert early(4) == "Pagát (Dave, sup ×8) nevyšel – padl už ve 4. štychu."
    assert early(3) == "Pagát (Dave, sup ×8) nevyšel – padl už ve 3. štychu."
    assert early(2) == "Pagát (Dave, sup ×8) nevyšel – padl už ve 2. štychu."
    assert early(5) == "Pagát (Dave, sup ×8) nevyšel – padl už v 5. štychu."
    assert early(4, "en") == ("The pagát ultimo (Dave, re-redoubled ×8) failed – the pagát (I)"
                              " was already played in trick 4.")


def test_a_forced_card_in_the_third_trick_begins_with_ve() -> None:
    assert t("taroky.hand_forced_one", "cs", card="XIV", number=3) == (
        "Ve 3. štychu šla tvoje karta XIV (automaticky).")
    assert t("taroky.hand_forced_one", "cs", card="XIV", number=7) == (
        "V 7. štychu šla tvoje karta XIV (automaticky).")
