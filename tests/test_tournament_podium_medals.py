"""Review 97: the standings picture gave its medals by the place — to those the podium passes
over (one who withdrew, or made no move in a whole round) — while the 🏆 went to another;
the note under the podium named only those within the first three, not one placed above
its lowest; the podium numbered its places anew ("1. AI Karel" against the standings' "5.").
One source now (``scoring.podium``): the medals, the podium and the winner's line."""

from __future__ import annotations

import pytest

from bot.storage.models import TournamentRecord
from bot.tournament import model, pictures
from bot.tournament.desk import podium_lines
from bot.tournament.examples import example_tournament
from bot.tournament.scoring import standings


def _withdrawn_four() -> TournamentRecord:
    """Lóra, one round: 1. Dalibor, 2. AI Karel, 3. Bohouš, 4. AI Božena, 5. František
    Xaver Kolowrat, 6. Eliška, 7. Anička, 8. Cecílie — the four people placed best
    withdrew."""
    t_ = example_tournament("lora", rounds=1)
    names = [model.entrant(t_, r.entrant).name for r in standings(t_, 1)]
    assert names == ["Dalibor", "AI Karel", "Bohouš", "AI Božena",
                     "František Xaver Kolowrat", "Eliška", "Anička", "Cecílie"]
    for e in t_.entrants:
        if e.name in {"Dalibor", "Bohouš", "František Xaver Kolowrat", "Eliška"}:
            e.replaced_from = 1
    return t_


def test_the_standings_picture_gives_medals_to_the_podium_s_people_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[pictures.StandingLine] = []

    def capture(title, subtitle, labels, rounds, lines, footers, **_):  # type: ignore[no-untyped-def]
        seen.extend(lines)
        return b""

    monkeypatch.setattr(pictures, "render_standings", capture)
    pictures.standings_png(_withdrawn_four(), 1, "cs")
    # the place drawn stays the standings'; the medal's colour is the podium's place
    assert [(line.place, line.medal, line.leader) for line in seen] == [
        (1, 0, False), (2, 1, True), (3, 0, False), (4, 2, False),
        (5, 0, False), (6, 0, False), (7, 3, False), (8, 0, False)]


def test_the_podium_gives_the_standings_place_and_names_all_placed_above_its_lowest() -> None:
    t_ = _withdrawn_four()
    assert podium_lines(t_, "cs") == [
        "2. AI Karel – 4 b. (49 trestných b.)",
        "4. AI Božena – 3 b. (60 trestných b.)",
        "7. Anička – 1 b. (77 trestných b.)",
        "Mimo stupně vítězů (odstoupení nebo celé kolo bez vlastního tahu): Dalibor (AI od"
        " 1. kola), Bohouš (AI od 1. kola), František Xaver Kolowrat (AI od 1. kola) a Eliška"
        " (AI od 1. kola)."]
    assert podium_lines(t_, "en")[0] == "2nd AI Karel – 4 pts (49 penalty pts)"
