"""The table picture of a preferanc deal: the shown trojkas named, line by line, with which
one the declarer took in words (review 63: six cards some 12 px wide on a phone, nothing
saying upper or lower; review 77: its ✓/✗ read as the strip's ✗ of a failed
announcement), each card's suit sign larger than its rank (review 77: ♥ and ♦ ~7 px),
and a flek of many levels written as a power of two (a 3P3 deal flekked 55 levels wrote
"×36028797018963968": the strip took a third row, the picture 807 px)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.taroky.pictures import chips, table
from bot.games.taroky.pictures.examples import NAMES, drive, script, shuffled
from bot.games.taroky.words import flek_text, level_text, times
from engine.taroky import TarokyRound
from engine.taroky.actions import Announce
from engine.taroky.events import Flekked
from engine.taroky.messages import event_text, level_name
from engine.taroky.options import TarokyOptions
from engine.taroky.talon import lower
from engine.taroky.views import TableView
from tests.helpers import drawn_texts

LONG = ["Maximilián Šťastný-Kovářík", "Bartoloměj Přemyslovský z Dubé",
        "Kristýna Nováková-Dvořáková", "AI Božena"]
TOURNAMENT = "tournament 12 · round 3 · table 10"
# shuffled(4, 3)'s talon: the upper trojka A♥ C♦ C♣, the lower VII XI D♥
# (as drawn: a rank, then its suit sign larger: ``table.draw_label``)
UPPER = {"cs": ["A", "♥", "C", "♦", "C", "♣"], "en": ["A", "♥", "C", "♦", "C", "♣"]}
LOWER = {"cs": ["VII", "XI", "D", "♥"], "en": ["VII", "XI", "Q", "♥"]}
WORDS = {"cs": ("Horní", "Dolní"), "en": ("Upper:", "Lower:")}
TAKEN = {"cs": "vzatá", "en": "taken"}
REFUSED = {"cs": "odmítnutá", "en": "refused"}


def preferanc(take: tuple[bool, ...], tricks: int = 1, levels: int = 0) -> TarokyRound:
    """Anička (seat 0) plays preferanc on shuffled(4, 3): ``take`` the answers about the
    upper and the lower trojka ((False, False): 3P3, (False, True): 3P2; one answer: still
    deciding about the lower), announces valát; ``levels``: the game, the pagát (announced by
    its holder) and the valát flekked so many levels; stopped after ``tricks`` tricks."""
    said = script(bid={0: "3P"}, trojka={0: take}, announce={0: ["valat"]})

    def choose(rnd: TarokyRound, legal: list[Any]) -> Any:
        if rnd.deal.phase == "announce" and levels:
            items = {a.item: a for a in legal if isinstance(a, Announce)}
            if "pagat" in items:
                return items["pagat"]
            for item in ("game", "pagat", "valat"):
                if f"flek:{item}" in items and rnd.deal.levels[item] < levels:
                    return items[f"flek:{item}"]
        return said(rnd, legal)

    rnd = TarokyRound(deals=[shuffled(4, 3)], options=TarokyOptions(round_deals=4))
    if len(take) == 1:
        drive(rnd, lambda r: r.deal.phase == "trojka" and r.deal.trojka_step == 1, choose)
    else:
        drive(rnd, lambda r: r.deal.phase == "play" and len(r.deal.tricks) == tricks, choose)
    return rnd


def _box(view: TableView, lang: str, monkeypatch: pytest.MonkeyPatch,
         marks: tuple[str | None, ...] = ()) -> list[str]:
    """What the picture writes, from the talon's box's first line (which trojka) on to
    what it draws next (the laid taroks', the seats' and the last trick's texts are drawn
    before it, the trick's and the header's after)."""
    seen = drawn_texts(monkeypatch, table)
    table.table_image(view, NAMES, lang, marks=marks)
    monkeypatch.undo()
    return seen[seen.index(WORDS[lang][0]):]


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_both_shown_trojkas_say_which_is_which_and_that_the_upper_was_taken(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """3P3: the upper trojka shown, then the lower, and the upper taken after all — each on
    a line of its own over its cards by name: the upper taken, the lower refused."""
    view = preferanc((False, False)).public_view()
    assert view.deal.game == "3P3" and view.deal.trojka_taken == "upper"
    upper, lower_set = WORDS[lang]
    drawn = _box(view, lang, monkeypatch)
    assert drawn[:14] == [upper, TAKEN[lang], *UPPER[lang], lower_set, REFUSED[lang],
                          *LOWER[lang]]


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_on_second_cards_the_lower_trojka_is_taken_and_its_cards_stay_hidden(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """3P2: the upper trojka refused (shown), the lower one taken: its cards are
    the declarer's, never drawn (T-VIEW)."""
    rnd = preferanc((False, True))
    view = rnd.public_view()
    assert view.deal.game == "3P2" and view.deal.trojka_taken == "lower"
    upper, lower_set = WORDS[lang]
    seen = drawn_texts(monkeypatch, table)
    table.table_image(view, NAMES, lang)
    monkeypatch.undo()
    at = seen.index(upper)
    assert seen[at:at + 10] == [upper, REFUSED[lang], *UPPER[lang], lower_set, TAKEN[lang]]
    assert {"VII", "XI"}.isdisjoint(seen)
    assert lower(rnd.deal.talon) == (6, 10, 28)  # (VII XI D♥: the hidden lower trojka)


def test_while_the_lower_trojka_is_decided_the_upper_one_is_shown_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    view = preferanc((False,)).public_view()
    assert view.deal.phase == "trojka" and view.deal.trojka_taken is None
    drawn = _box(view, "cs", monkeypatch)
    assert drawn[:8] == ["Horní", "odmítnutá", *UPPER["cs"]]
    assert "Dolní" not in drawn


def test_the_shown_cards_of_red_suits_are_red_and_the_marks_green_and_red(
        monkeypatch: pytest.MonkeyPatch) -> None:
    view = preferanc((False, False)).public_view()
    seen: list[tuple[str, Any]] = []
    real = table.text

    def spy(img: Any, xy: Any, value: str, fnt: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append((value, args[0] if args else kwargs.get("fill", table.TEXT)))
        return real(img, xy, value, fnt, *args, **kwargs)

    monkeypatch.setattr(table, "text", spy)
    table.table_image(view, NAMES, "cs")
    monkeypatch.undo()
    at = seen.index(("Horní", table.MUTED))
    assert seen[at:at + 14] == [
        ("Horní", table.MUTED), ("vzatá", table.GREEN), ("A", table.RED), ("♥", table.RED),
        ("C", table.RED), ("♦", table.RED), ("C", table.TEXT), ("♣", table.TEXT),
        ("Dolní", table.MUTED), ("odmítnutá", table.RED), ("VII", table.TEXT),
        ("XI", table.TEXT), ("D", table.RED), ("♥", table.RED)]


def test_the_trojkas_box_is_no_taller_than_its_lines_and_the_picture_stays_its_least() -> None:
    """Four lines of the table's smallest words (each whole within the box, 11 px on a
    phone), and the example pictures of a preferanc deal stay ``H`` px high, crowded too."""
    for take in ((False, False), (False, True), (False,)):
        view = preferanc(take).public_view()
        for lang in ("cs", "en"):
            lines = table.trojka_lines(view.deal, lang)
            assert len(lines) == (1 if len(take) == 1 else 2)
            for which, faces in lines:
                for parts in (which, faces) if faces else (which,):
                    assert all(f.size == table.SMALLEST for _v, f, _c in parts)
                    assert table.line_length(parts) <= table.TABLE_INSET.w - 20
            for names in (NAMES, LONG):
                for marks in ((), (None, "ai", None, "away")):
                    img = table.table_image(view, names, lang, marks=marks)
                    assert img.height == table.H, (take, lang, names[0], marks)


def test_a_flek_of_forty_levels_is_a_power_of_two_and_the_picture_stays_legible(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """3P3 with the game, the pagát and the valát flekked 40 levels (unlimited flek), long
    names, the AI's and the away marks and a tournament: "×1099511627776" took the strip to
    three rows, the picture 792 px high (past ``H_MOST``: shown in its embed narrower than
    ``EMBED_W``, its words under 11 px). "×2⁴⁰" keeps it within."""
    view = preferanc((False, False), levels=40).public_view()
    assert view.deal.flek == (40, 40, 40) and view.deal.game == "3P3"
    seen = drawn_texts(monkeypatch, chips)
    img = table.table_image(view, LONG, "en", marks=(None, "ai", None, "away"),
                            tournament=TOURNAMENT)
    assert img.height <= table.H_MOST
    assert [v for v in seen if "×" in v] == ["×2⁴⁰"] * 3
    assert not any("1099511627776" in v for v in seen)


def test_long_multipliers_are_powers_of_two_in_every_text() -> None:
    """A multiplier of more than six digits is written as a power of two, in the table's
    strip, the protocol's and the texts' words alike; shorter ones stay as they were."""
    assert [times(n) for n in (0, 1, 3, 19, 20, 55)] == [
        "", " ×2", " ×8", " ×524288", " ×2²⁰", " ×2⁵⁵"]
    assert level_text(19, "cs") == "další flek ×524288"
    assert level_text(20, "cs") == "další flek ×2²⁰"
    assert flek_text(55, "en") == "doubled again ×2⁵⁵"
    assert level_name(3, "cs") == "sup" and level_name(40, "en") == "double again ×2⁴⁰"
    assert event_text(Flekked(1, "game", 40), "cs", NAMES) == "Bohouš: další flek ×2⁴⁰ na hru."
    assert event_text(Flekked(1, "game", 19), "en", NAMES) == (
        "Bohouš doubles the game again (×524288).")


def test_where_the_picture_would_be_too_tall_the_trojkas_lines_lie_closer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``H_MOST`` (here lowered to the least height) the trojkas' box takes its tight
    form first: its lines closer, no gap between the trojkas — 20 px lower, every word
    still ``SMALLEST`` px."""
    view = preferanc((False, False), levels=40).public_view()
    lines = table.trojka_lines(view.deal, "en")
    assert table.trojka_height(lines) - table.trojka_height(lines, tight=True) == 20
    drawn: list[bool] = []
    real = table._trojka_box

    def spy(img: Any, x: int, y: int, lines: Any, tight: bool = False) -> None:
        drawn.append(tight)
        real(img, x, y, lines, tight)

    monkeypatch.setattr(table, "_trojka_box", spy)
    crowded = {"marks": (None, "ai", None, "away"), "tournament": TOURNAMENT}
    assert table.table_image(view, LONG, "en", **crowded).height == 786  # (≤ H_MOST)
    monkeypatch.setattr(table, "H_MOST", table.H)
    assert table.table_image(view, LONG, "en", **crowded).height == table.H
    assert drawn == [False, True]


def test_the_table_s_text_names_the_trojkas_as_its_picture_does() -> None:
    """The picture's alt (a screen reader's table) said "Ukázané trojky: A♥ C♦ C♣ VII XI
    D♥": which trojka, taken or refused, a sentence each — the taken lower one of 3P2
    without its hidden cards."""
    from bot.games.taroky.texts import table_alt
    from tests.test_taroky_ui import _table

    third, second = preferanc((False, False)), preferanc((False, True))
    assert " Horní trojka (vzatá): A♥ C♦ C♣\ufe0e. Dolní trojka (odmítnutá): VII XI D♥. " in (
        table_alt(_table(third), "cs"))
    assert " Upper set (refused): A♥ C♦ C♣\ufe0e. Lower set (taken). " in (
        table_alt(_table(second, "en"), "en"))
    assert "VII" not in table_alt(_table(second), "cs")
