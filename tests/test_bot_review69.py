"""Review 69 (an English group at Lóra, then a Lóra tournament): what the channel keeps of a
deal's last moves, the Graduation choice's wording, cards in hand in the alt texts, the
clean-hundred words of the final picture, the tournament table sheet's order."""

from __future__ import annotations

import random
from typing import Any

from bot.games.taroky import UI as TAROKY_UI
from bot.model import TableSettings
from engine.taroky.events import DealStarted
from tests.helpers import taroky_seats_at_a_deal_end


def test_a_taroky_deals_result_keeps_its_last_trick_when_the_next_deal_starts() -> None:
    """As Lóra's: the table message is cut to the deal's result when the next deal starts,
    and the last tricks (an AI's here) were in no public message. The result keeps its two
    last lines, the cards of the last trick only (T-VIEW: as the table message told them)."""
    table, events = taroky_seats_at_a_deal_end()
    assert any(isinstance(e, DealStarted) for e in events)
    said = TAROKY_UI.announcements(table, events)
    assert said[0].splitlines()[4] == (
        "Last moves: Eve (AI) takes trick 11. Eve (AI) takes trick 12 (led by Eve (AI): IV"
        " K♠\ufe0e C♠\ufe0e Q♦).")
    table.settings = TableSettings(lang="cs")
    assert TAROKY_UI.announcements(table, events)[0].splitlines()[4].startswith(
        "Poslední tahy: Eve (AI) bere 11. štych. Eve (AI) bere 12. štych (vynáší Eve (AI): IV")
    # the round's last deal keeps its lines in the final table message: none with its result
    final = [e for e in events if not isinstance(e, DealStarted)]
    assert "Poslední tahy" not in TAROKY_UI.announcements(table, final)[0]


def test_the_graduation_choice_reads_as_a_choice() -> None:
    """LOW 1: "AI Karel plays Graduation in Tens." read oddly; the choice is told as one."""
    from bot.games.lora.events import Words, seat_lines, table_lines
    from bot.model import Unclicked
    from engine.contracts import Contract
    from engine.events import MaturitaChosen

    names = ["Ann", "Bob", "AI Karel", "AI Božena"]
    chosen = MaturitaChosen(2, Contract.DESITKY, 1)
    assert table_lines([chosen], "en", names) == ["AI Karel chooses Tens for the Graduation."]
    assert seat_lines([chosen], "en", names, 2) == ["You choose Tens for the Graduation."]
    assert Words("en", names, 2).lines([Unclicked(2, "stand_in"), chosen], ()) == [
        "The AI chose Tens for your Graduation."]
    assert table_lines([chosen], "cs", names) == ["AI Karel maturuje ve hře Desítky."]


def test_the_alt_texts_count_the_cards_in_hand_with_the_right_noun() -> None:
    """LOW 2: "AI Karel – 0 before this game, 2 in this game, 1 cards in hand" (Lóra's table
    alt text; Taroky's the same): the noun takes the number's form, Czech's three of them."""
    from types import SimpleNamespace

    from bot.games.lora.texts import points_line
    from bot.i18n import tn
    from engine.lora import Lora
    from tests.helpers import drive

    lora = Lora(rng=random.Random(3))
    drive(lora, lambda lo: lo.game is not None and lo.public_view().hand_counts == (1, 1, 2, 2))
    table = SimpleNamespace(names=lambda: ["Ann", "Bob", "AI Karel", "AI Božena"])
    en = points_line(table, lora.public_view(), "en")
    assert ", 1 card in hand; Bob – " in en and ", 2 cards in hand; AI Božena – " in en
    cs = points_line(table, lora.public_view(), "cs")
    assert ", 1 karta v ruce; Bob – " in cs and ", 2 karty v ruce; AI Božena – " in cs
    said = [tn("core.alt_cards", lang, n) for lang in ("cs", "en") for n in (0, 1, 3, 8)]
    assert said == ["0 karet v ruce", "1 karta v ruce", "3 karty v ruce", "8 karet v ruce",
                    "0 cards in hand", "1 card in hand", "3 cards in hand", "8 cards in hand"]


def test_the_table_sheet_lists_its_players_by_place_under_apart_headings(
        monkeypatch: Any) -> None:
    """LOW 5: the tournament's table sheet listed the rows in seat order ("3rd" above
    "2nd") while its alt text and the standings go by place; and its last two headings read
    as one, "Place Points". Rows best place first, as the alt text lists them; the place's
    heading ends well clear of the points' (more than a word's space)."""
    from bot.render.common import font
    from bot.tournament import render
    from bot.tournament.examples import example_tournament
    from bot.tournament.pictures import sheet_alt, sheet_png

    t = example_tournament("lora")
    slot = next(s for s in t.tables if s.result is not None)
    assert slot.result is not None
    assert slot.result["places"] != sorted(slot.result["places"])  # (seat order is not it)
    names: list[str] = []
    real = render._name

    def spy(img, x, cy, name, *args, **kwargs):  # type: ignore[no-untyped-def]
        names.append(name)
        return real(img, x, cy, name, *args, **kwargs)

    monkeypatch.setattr(render, "_name", spy)
    sheet_png(t, slot, "en")
    assert names == ["AI Karel", "AI Božena", "Eliška", "Cecílie"]
    assert sheet_alt(t, slot, "en").split(": ", 1)[1].split("; ") == [
        "1st AI Karel (medium): penalty points 49, points 4",  # (review 83: the tags in words)
        "2nd AI Božena (easy): penalty points 60, points 3",
        "3rd Eliška: penalty points 63, points 2",
        "4th Cecílie (clean hundred missed): penalty points 86, points 1"]  # (review 92)
    fc = font(render.SMALL_PX, "cond")
    for place, points in (("Place", "Points"), ("Pořadí", "Body")):
        ends = render.SHEET_PLACE_CX + fc.getlength(place) / 2  # (centred in its column)
        gap = render.SHEET_POINTS_R - fc.getlength(points) - ends
        assert gap >= 20, (place, points, gap)
