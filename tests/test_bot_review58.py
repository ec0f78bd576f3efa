"""Review 58 (an English Lóra tournament): "1 pt" in English lists of points, the
tournament's CSV, a withdrawal told at the table, an AI-played seat's name in the game's
lines, and the tied winners' names joined as a sentence joins them."""

from __future__ import annotations

import random

from bot.games.lora.texts import lora_sheet_lines
from bot.i18n import counted
from bot.render.strings import s
from bot.tournament.desk import leader_lines, podium_lines
from bot.tournament.examples import example_tournament
from engine import games

NAMES = ["Ann", "Bob", "Cyril", "Dana"]


def test_english_writes_one_point_as_1_pt_and_czech_b_for_any_number() -> None:
    """Review 58 MED 1: "7th **Dana** – 1 pts" in the standings after round 1."""
    t_ = example_tournament("lora")
    assert leader_lines(t_, 1, "en").splitlines()[5:8] == [
        "6th **Eliška** – 2 pts", "7th **Anička** – 1 pt", "8th **Cecílie** – 1 pt"]
    assert leader_lines(t_, 1, "cs").splitlines()[5:8] == [
        "6\\. **Eliška** – 2 b.", "7\\. **Anička** – 1 b.", "8\\. **Cecílie** – 1 b."]
    assert podium_lines(t_, "en") == [
        "1st Dalibor – 8 pts", "2nd František Xaver Kolowrat – 5 pts", "3rd AI Božena – 5 pts"]
    assert counted("core.tournament.podium_line", "en", 1.0, place="3rd", name="Ann",
                   points="1") == "3rd Ann – 1 pt"
    assert counted("core.tournament.leader_line", "en", 1.5, place="3rd", name="Ann",
                   points="1.5") == "3rd **Ann** – 1.5 pts"
    # a table's final order and its sheet's totals
    assert counted("lora.place", "en", 1, place="1st", name="Ann", points=1) == "1st Ann – 1 pt"
    assert counted("lora.place", "cs", 1, place="1.", name="Ann", points=1) == "1. Ann – 1 b."
    spec = games.get("lora")
    lora = spec.new({}, random.Random(3))
    step = 0
    while 1 not in lora.totals:
        lora.apply(spec.ai_action(lora, lora.to_act, "medium", random.Random(step)))
        step += 1
    assert lora_sheet_lines(lora, NAMES, "en") == [
        "Total points:", "Ann: 4 pts", "Bob: 0 pts", "Cyril: 1 pt", "Dana: 3 pts"]
    assert lora_sheet_lines(lora, NAMES, "cs") == [
        "Body celkem:", "Ann: 4 b.", "Bob: 0 b.", "Cyril: 1 b.", "Dana: 3 b."]
    # the pictures' seat totals
    assert [s("points", "en", n=n) for n in (0, 1, 2)] == ["0 pts", "1 pt", "2 pts"]
    assert [s("points", "cs", n=n) for n in (1, 5)] == ["1 b.", "5 b."]
