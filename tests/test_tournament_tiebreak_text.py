"""The standings as text tell the score that broke equal points (review 65: three players on
6.5 pts in an order only the picture and the CSV explained): Taroky's result in crowns,
Lóra's penalty points — after every line (review 75: only after the lines whose points another
line shared; the picture and the CSV have everyone's). The podium is of those who played on
(review 75)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bot.tournament.desk import TournamentDesk, leader_lines, podium_lines, tournament_message
from bot.tournament.examples import example_tournament


def test_taroky_standings_write_the_result_where_points_are_equal() -> None:
    t_ = example_tournament("taroky", rounds=1, seed=18)
    assert leader_lines(t_, 1, "en").splitlines()[:-1] == [
        "1st **Bohouš (AI from round 1)** – 4 pts (+9.00 Kč)",
        "2nd–4th **Anička** – 3 pts (+1.50 Kč)",
        "2nd–4th **Cecílie** – 3 pts (+1.50 Kč)",
        "2nd–4th **Dalibor** – 3 pts (+1.50 Kč)",
        "5th–6th **Eliška** – 2.5 pts (+1.00 Kč)",
        "5th–6th **AI Božena** – 2.5 pts (+1.00 Kč)",
        "7th **František Xaver Kolowrat** – 1 pt (−4.50 Kč)",
        "8th **AI Karel** – 1 pt (−11.00 Kč)"]
    assert leader_lines(t_, 1, "cs").splitlines()[6:8] == [
        "7\\. **František Xaver Kolowrat** – 1 b. (−4,50 Kč)",
        "8\\. **AI Karel** – 1 b. (−11,00 Kč)"]
    for lang, head, lines in (
            ("en", "__Podium__", ["2nd–4th Anička – 3 pts (+1.50 Kč)",
                                  "2nd–4th Cecílie – 3 pts (+1.50 Kč)"]),
            ("cs", "__Stupně vítězů__", ["2.–4. Anička – 3 b. (+1,50 Kč)",
                                         "2.–4. Cecílie – 3 b. (+1,50 Kč)"])):
        t_.settings["lang"] = lang
        desc = tournament_message(t_, lang, ("easy",))["embed"].description
        assert desc.split("\n\n")[1].splitlines()[:3] == [head, *lines]


def test_lora_standings_write_the_penalty_points_where_points_are_equal() -> None:
    t_ = example_tournament("lora")
    assert podium_lines(t_, "en") == [
        "1st Dalibor – 8 pts (87 penalty pts)",
        "2nd František Xaver Kolowrat – 5 pts (118 penalty pts)",
        "3rd AI Božena – 5 pts (120 penalty pts)"]
    assert podium_lines(t_, "cs") == [
        "1. Dalibor – 8 b. (87 trestných b.)",
        "2. František Xaver Kolowrat – 5 b. (118 trestných b.)",
        "3. AI Božena – 5 b. (120 trestných b.)"]
    assert leader_lines(t_, 1, "en").splitlines()[:2] == [
        "1st **Dalibor** – 4 pts (39 penalty pts)", "2nd **AI Karel** – 4 pts (49 penalty pts)"]
    assert leader_lines(t_, 1, "cs").splitlines()[:2] == [
        "1\\. **Dalibor** – 4 b. (39 trestných b.)", "2\\. **AI Karel** – 4 b. (49 trestných b.)"]


class _Asker:
    """The Standings button's interaction as ``TournamentDesk._show`` uses it: what it was
    answered (privately, after "thinking")."""

    def __init__(self) -> None:
        self.guild_id = 1
        self.sent: list[tuple[str | None, dict[str, Any]]] = []
        self.response = SimpleNamespace(defer=self._defer)
        self.followup = SimpleNamespace(send=self._send)

    async def _defer(self, **_: Any) -> None:
        return None

    async def _send(self, content: str | None = None, **kwargs: Any) -> None:
        self.sent.append((content, kwargs))


@pytest.mark.parametrize("lang, text", [
    ("en", "**Taroky – tournament 1: final standings**\n"
           "1st **Bohouš (AI from round 1)** – 4 pts (+9.00 Kč)\n"
           "2nd–4th **Anička** – 3 pts (+1.50 Kč)\n2nd–4th **Cecílie** – 3 pts (+1.50 Kč)\n"
           "2nd–4th **Dalibor** – 3 pts (+1.50 Kč)\n5th–6th **Eliška** – 2.5 pts (+1.00 Kč)\n"
           "5th–6th **AI Božena** – 2.5 pts (+1.00 Kč)\n"
           "7th **František Xaver Kolowrat** – 1 pt (−4.50 Kč)\n"
           "8th **AI Karel** – 1 pt (−11.00 Kč)\n"
           "Points 4-3-2-1 by place at each table (tied players share them); on equal points"
           " the higher total result ranks higher."),
    ("cs", "**Taroky – turnaj č. 1: konečné pořadí**\n"
           "1\\. **Bohouš (AI od 1. kola)** – 4 b. (+9,00 Kč)\n"
           "2.–4. **Anička** – 3 b. (+1,50 Kč)\n2.–4. **Cecílie** – 3 b. (+1,50 Kč)\n"
           "2.–4. **Dalibor** – 3 b. (+1,50 Kč)\n5.–6. **Eliška** – 2,5 b. (+1,00 Kč)\n"
           "5.–6. **AI Božena** – 2,5 b. (+1,00 Kč)\n"
           "7\\. **František Xaver Kolowrat** – 1 b. (−4,50 Kč)\n"
           "8\\. **AI Karel** – 1 b. (−11,00 Kč)\n"
           "Body 4-3-2-1 podle pořadí u stolu (při shodě se body dělí); při rovnosti bodů"
           " rozhoduje vyšší součet výsledků.")])
async def test_the_standings_button_says_the_standings_in_words_with_its_picture(
        lang: str, text: str) -> None:
    """Review 65 LOW 6: the Standings button answered a bare picture (no text for a slow
    connection or a screen reader); now the channel post's title and lines above it."""
    t_ = example_tournament("taroky", rounds=1, seed=18)
    async def known(_: int) -> Any:
        return t_
    asker = _Asker()
    await TournamentDesk._show(SimpleNamespace(_record=known),  # type: ignore[arg-type]
                               asker, t_.tournament_id, "standings", lang)
    [(content, kwargs)] = asker.sent
    assert content == text and kwargs["ephemeral"]
    assert [f.filename for f in kwargs["files"]] == ["standings.png"]
