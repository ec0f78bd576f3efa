"""``python -m engine play``: a whole lóra in the terminal, read as a player reads it."""

from __future__ import annotations

import re
import subprocess
import sys
from itertools import pairwise

from engine.terminal import Terminal

CODE = re.compile(r"(?<![\w/])(?:[789]|10|[SFKE])[hlba]\b")  # "Kh", "10a": RULES.md notation


def _play(seed: int, lang: str, answers: int | None = None) -> tuple[int, list[str], int, int]:
    """The terminal game with the first option always chosen; ``answers`` stops the input
    after that many (as Ctrl+D does). Returns the status, the lines, the questions asked
    and the human's decisions that had a choice."""
    lines: list[str] = []
    asked = {"n": 0}

    def ask(prompt: str) -> str:
        if answers is not None and asked["n"] >= answers:
            raise EOFError
        asked["n"] += 1
        return "1"

    term = Terminal(seed, lang, "easy", ask=ask, say=lambda text: lines.extend(text.split("\n")))
    choices = {"n": 0}
    original = term.choose

    def choose(options):  # type: ignore[no-untyped-def]
        choices["n"] += 1
        assert len(options) > 1, "a single legal move must not be asked"
        return original(options)

    term.choose = choose  # type: ignore[method-assign]
    status = term.run()
    return status, lines, asked["n"], choices["n"]


def test_a_whole_lora_in_the_terminal_reads_like_the_bot():
    status, lines, asked, choices = _play(5, "cs")
    assert status == 0
    assert asked == choices > 50
    text = "\n".join(lines)
    assert lines[0] == (
        "Lóra v terminálu: hraješ jako Honza, za ostatní hraje počítač. Konec: Ctrl+D.")
    assert "hráč 0" not in text and "hráč 1" not in text  # the seats are named
    assert not any(x.rstrip() == "Tvoje karty:" for x in lines)  # no empty hand shown
    assert "Karel hraje " in text and "Honza hraje " in text
    assert not CODE.search(text), CODE.search(text)
    assert re.search(r"^Tvoje karty: .*[❤🍃🔔🌰]", text, re.M)  # cards as the bot shows them
    assert re.search(r"^Na stole: \w+ \S+", text, re.M)  # the current trick, who played what
    assert re.search(r"^Řady: ❤️ .* · 🍃 .* · 🔔 .* · 🌰 ", text, re.M)  # the desítky rows
    assert "Konec hry Červené: Honza " in text  # scores with names
    assert "Konec lóry. Pořadí: " in text
    for a, b in pairwise(lines):
        assert a != b or not a.strip(), f"printed twice: {a!r}"
    standings = [line for line in lines if line.startswith("Stav: ")]
    assert len(standings) == len(set(standings))  # the standing only when it changed


def test_english_terminal_and_ctrl_d_ends_with_status_0():
    status, lines, asked, _ = _play(6, "en", answers=20)
    assert status == 0 and asked == 20
    assert lines[0] == (
        "Lóra in the terminal: you play as Alex, the computer plays the rest. Quit: Ctrl+D."
    )
    assert lines[-1] == "Game interrupted."
    assert not CODE.search("\n".join(lines))


def test_the_command_ends_with_status_0_at_the_end_of_input():
    done = subprocess.run([sys.executable, "-m", "engine", "play", "--seed", "1"], input="1\n" * 5,
                          capture_output=True, text=True, encoding="utf-8", timeout=60,
                          check=False)
    assert done.returncode == 0
    assert done.stdout.rstrip().endswith("Hra přerušena.")
