"""The standings as text tell the score that broke equal points (review 65: three players on
6.5 pts in an order only the picture and the CSV explained): Taroky's result in crowns,
Lóra's penalty points, after each line whose points another line shares."""

from __future__ import annotations

from bot.tournament.desk import leader_lines, podium_lines, tournament_message
from bot.tournament.examples import example_tournament


def test_taroky_standings_write_the_result_where_points_are_equal() -> None:
    t_ = example_tournament("taroky", rounds=1, seed=18)
    assert leader_lines(t_, 1, "en").splitlines()[:-1] == [
        "1st **Bohouš (AI from round 1)** – 4 pts",
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
            ("en", "__Podium__", ["1st Bohouš (AI from round 1) – 4 pts",
                                  "2nd–4th Anička – 3 pts (+1.50 Kč)"]),
            ("cs", "__Stupně vítězů__", ["1\\. Bohouš (AI od 1. kola) – 4 b.",
                                         "2.–4. Anička – 3 b. (+1,50 Kč)"])):
        t_.settings["lang"] = lang
        desc = tournament_message(t_, lang, ("easy",))["embed"].description
        assert desc.split("\n\n")[1].splitlines()[:3] == [head, *lines]


def test_lora_standings_write_the_penalty_points_where_points_are_equal() -> None:
    t_ = example_tournament("lora")
    assert podium_lines(t_, "en") == [
        "1st Dalibor – 8 pts", "2nd František Xaver Kolowrat – 5 pts (118 penalty pts)",
        "3rd AI Božena – 5 pts (120 penalty pts)"]
    assert podium_lines(t_, "cs") == [
        "1. Dalibor – 8 b.", "2. František Xaver Kolowrat – 5 b. (118 trestných b.)",
        "3. AI Božena – 5 b. (120 trestných b.)"]
    assert leader_lines(t_, 1, "en").splitlines()[:2] == [
        "1st **Dalibor** – 4 pts (39 penalty pts)", "2nd **AI Karel** – 4 pts (49 penalty pts)"]
    assert leader_lines(t_, 1, "cs").splitlines()[:2] == [
        "1\\. **Dalibor** – 4 b. (39 trestných b.)", "2\\. **AI Karel** – 4 b. (49 trestných b.)"]
