"""Pictures' leftovers of the review of names (fix 61): the maturita choice's panel lists the
games still open; long names cut apart in the hand's score panel and the sheet's column
heads, never a lone letter on a head's first line; an unreadable name's stand-in says what
its number is, and in a tournament it is the entrant's number in every picture."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.base import picture_names
from bot.model import STATUS_PLAYING, Seat, Table, TableSettings
from bot.render import hand, render_hand, sheet
from bot.render.bench import NAMES, example, play_until
from bot.render.common import check_names, entrant_names
from bot.render.export import render_sheet_from_export
from bot.render.fonts import fit, font
from bot.render.names import fit_apart
from bot.render.sheet import CELL_W, _name_lines
from bot.storage.models import link_entrants
from bot.tournament import model
from bot.tournament.examples import example_tournament
from bot.tournament.pictures import sheet_lines
from engine.contracts import Contract
from engine.lora import Lora
from tests.helpers import drawn_texts

EMOJI = "🎴🔥"




def _third_attempt() -> Lora:
    for seed in range(50):
        rng = random.Random(seed)
        lora = play_until(Lora(rng=random.Random(seed)), rng,
                          lambda lo: lo.phase == "choose" and (lo.attempt or 0) >= 3)
        if lora.phase == "choose" and lora.attempt == 3:
            return lora
    raise AssertionError("no third maturita attempt in 50 random lóras")


# -- R-MATURITA: the choice's panel ------------------------------------------------------------
def test_R_MATURITA_the_choice_panel_lists_the_games_still_open(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The panel beside the maturant's cards was nearly empty (a title, "Zvol hru" and the
    earlier attempts): it lists the games he may choose on this attempt with what each asks
    of him, the attempt of three and the goal, the games an earlier attempt failed in
    marked — the same for every seat (all of it public)."""
    lora = example("choose")  # the second attempt, the first failed in kvarty
    pub = lora.public_view()
    assert pub.attempt == 2
    lines = hand.choice_lines(pub, "cs")
    assert [line.contract for line in lines] == [
        Contract.CERVENE, Contract.FILKY, Contract.VSECHNY, Contract.CERVENY_KRAL,
        Contract.KVARTY, Contract.DESITKY]
    assert [line.name for line in lines] == [
        "Červené", "Filky", "Všechny", "Červený král", "Kvarty", "Desítky"]
    assert {line.contract: line.failed for line in lines if line.failed} == {
        Contract.KVARTY: (1,)}
    chooser = lora.to_act
    assert chooser is not None
    for seat, heading in ((chooser, "Zvol hru"), ((chooser + 1) % 4, "Anička volí hru")):
        seen = drawn_texts(monkeypatch, hand)
        render_hand(lora.view(seat), "cs", NAMES)
        assert heading in seen and "2. pokus ze 3 · cíl: 0 bodů" in seen
        assert all(line.name in seen for line in lines)
        assert "žádná červená" in seen and "✗ 1. pokus" in seen
        assert "první bez karet, bez ťuku" in seen  # a goal drawn whole
        monkeypatch.undo()


def test_R_MATURITA_the_third_attempts_panel_adds_first_and_last(
        monkeypatch: pytest.MonkeyPatch) -> None:
    lora = _third_attempt()
    lines = hand.choice_lines(lora.public_view(), "en")
    assert Contract.PRVNI_POSLEDNI in [line.contract for line in lines] and len(lines) == 7
    assert sorted(n for line in lines for n in line.failed) == [1, 2]
    seen = drawn_texts(monkeypatch, hand)
    render_hand(lora.view(lora.to_act or 0), "en", NAMES)
    assert "First and last" in seen and "no first or last trick" in seen
    assert "Attempt 3 of 3 · goal: 0 points" in seen


# -- names cut apart ------------------------------------------------------------------------
ALIKE = ["Jaroslav Novák-Dvořák ml.", "Jaroslav Novák-Dvořák st.", "Jaroslav Novák", "Eva"]


def test_a_cut_name_is_not_a_whole_others_name_and_an_ellipsis() -> None:
    """"Jan Novák…" beside a whole "Jan Novák" reads as the same player: the cut name keeps
    its end instead."""
    bold = font(22, "bold")
    names = ["Jan Novák", "Jan Novák Starší", "Eva", "Ota"]
    width = bold.getlength("Jan Novák…") + 1
    assert fit("Jan Novák Starší", bold, width) == "Jan Novák…"  # the plain cut
    shown = fit_apart("Jan Novák Starší", names, bold, width)
    assert shown != "Jan Novák…" and shown.endswith("Starší") and bold.getlength(shown) <= width
    assert fit_apart("Jan Novák", names, bold, width) == "Jan Novák"


def test_the_hands_score_panel_keeps_names_that_start_alike_apart() -> None:
    lora = example("trick")
    rows = hand.player_rows(lora.view(lora.to_act or 0), ALIKE, "cs")
    shown = {row.seat: row.name for row in rows}
    assert shown[0] != ALIKE[0] and shown[1] != ALIKE[1]  # (both cut: the room is short)
    assert len(set(shown.values())) == 4, shown
    assert shown[0].endswith("ml.") and shown[1].endswith("st.")


def test_the_sheets_heads_keep_names_that_start_alike_apart(
        monkeypatch: pytest.MonkeyPatch) -> None:
    heads = [tuple(_name_lines(name, CELL_W - 8, ALIKE)[1]) for name in ALIKE]
    assert len(set(heads)) == 4, heads
    assert heads[0][1].endswith("ml.") and heads[1][1].endswith("st.")
    seen = drawn_texts(monkeypatch, sheet)
    sheet.sheet_image(example("finished").public_view(), ALIKE, "cs")
    assert heads[0][1] in seen and heads[1][1] in seen
    assert "Jaroslav Novák-Dvořá…" not in seen  # the boxes' names, cut the plain way before


@pytest.mark.parametrize("name", ["J Nováková-Dvořáková", "A Bartoloměj Šťastný-Kovářík",
                                  "X Maximiliánovi", "Ó Bartolomějovi"])
def test_a_sheet_heads_first_line_is_never_a_lone_letter(name: str) -> None:
    _fnt, lines = _name_lines(name, CELL_W - 8)
    assert len(lines[0].strip()) > 1, lines
    assert "".join(lines).replace(" ", "").replace("…", "") in name.replace(" ", "") or \
        lines[-1].endswith("…")


def test_a_sheet_head_breaks_after_a_hyphen_that_fits() -> None:
    """Rather than "Ed" over "Nová-Dvo…" (the first line broken at the space)."""
    first, second = _name_lines("Ed Nová-Dvořáková", CELL_W - 8)[1]
    assert first == "Ed Nová-" and second.startswith("Dvořák")


# -- the stand-ins of unreadable names -------------------------------------------------------
def test_a_casual_tables_stand_in_is_the_seat_and_says_so() -> None:
    assert check_names(["Eva", EMOJI, "Ota", EMOJI], "cs") == [
        "Eva", "hráč 2", "Ota", "hráč 4"]
    assert check_names([EMOJI, "Eva", "Ota", "Iva"], "en")[0] == "player 1"


def _tournament_table(numbers: list[int] | None) -> Table:
    lora = example("trick")
    seats: list[Seat | None] = [Seat(100 + i, n) for i, n in enumerate(
        ["Eva", EMOJI, "Ota", EMOJI])]
    link: dict[str, Any] = {"id": 1, "round": 2, "table": 1}
    if numbers is not None:
        link["entrants"] = numbers
    return Table(1, 1, 1, 1, TableSettings(options=lora.options.to_json(), lang="cs"), seats,
                 game_kind="lora", status=STATUS_PLAYING, state=lora, seed=1, tournament=link)


def test_a_tournament_tables_pictures_name_the_entrant_by_his_number(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At a tournament's table the stand-in is the entrant's number in the tournament, as on
    its standings and sheets (the picture's seat would be a second number for one person);
    a link saved before it carried the entrants keeps the seat."""
    table = _tournament_table([3, 7, 1, 5])
    assert table.entrants() == [3, 7, 1, 5]
    assert picture_names(table, "cs") == ["Eva", "hráč č. 7", "Ota", "hráč č. 5"]
    assert picture_names(table, "en")[1] == "player no. 7"
    seen = drawn_texts(monkeypatch, hand)
    lora = table.state
    assert isinstance(lora, Lora)
    render_hand(lora.view(0), "cs", picture_names(table, "cs"))
    assert "hráč č. 7" in seen and not [s for s in seen if "místě" in s]
    old = _tournament_table(None)
    assert old.entrants() is None
    assert check_names(picture_names(old, "cs"), "cs")[1] == "hráč 2"
    assert table.names()[1] == EMOJI  # the texts keep the name itself


def test_the_same_entrant_has_the_same_stand_in_at_his_table_and_on_its_sheet() -> None:
    t = example_tournament("lora")
    for e in t.entrants:
        e.name = EMOJI
    for slot in t.tables:
        link = model.seated_link(t, slot)
        at_table = entrant_names([EMOJI] * 4, "cs", link_entrants(link))
        assert at_table == [line.name for line in sheet_lines(t, slot, "cs")]
        assert at_table == [f"hráč č. {model.entrant_number(t, e)}" for e in slot.seats]


def test_an_exported_tournament_sheet_names_the_entrant_by_his_number(
        monkeypatch: pytest.MonkeyPatch) -> None:
    lora = example("finished")
    from engine.lora_spec import SPEC

    data = {"replay": SPEC.record_of(lora), "names": ["Eva", EMOJI, "Ota", "Iva"],
            "outcome": lora.outcome().to_json(),
            "options": {"options": lora.options.to_json(),
                        "tournament": {"id": 1, "round": 1, "table": 2,
                                       "entrants": [4, 8, 2, 6]}}}
    seen = drawn_texts(monkeypatch, sheet)
    render_sheet_from_export(data, "cs")
    assert "hráč č. 8" in seen and not [s for s in seen if "místě" in s]
