"""``python -m engine play``: a whole lóra in the terminal, read as a player reads it."""

from __future__ import annotations

import re
import subprocess
import sys
from itertools import pairwise

import pytest

from engine.messages import refusal_reason
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


FINAL = {
    "cs": ["  Konec lóry. Pořadí: Jaroslav, Honza, Karel, Božena.",
           "Konečné pořadí:",
           "  1. Jaroslav – 65 b.",
           "  2. Honza – 79 b.",
           "  3. Karel – 92 b.",
           "  4. Božena – 57 b. (čistá stovka nevyšla)"],  # R-RANK: below every non-declarer
    "en": ["  End of the lóra. Final order: Jaroslav, Alex, Karel, Božena.",
           "Final standings:",
           "  1. Jaroslav – 65 pts",
           "  2. Alex – 79 pts",
           "  3. Karel – 92 pts",
           "  4. Božena – 57 pts (clean hundred missed)"],
}
FIRST_GAME = {
    "cs": ["  Konec hry Červené: Honza 1, Karel 6, Božena 1, Jaroslav 0.",
           "Stav: Honza 1, Karel 6, Božena 1, Jaroslav 0",
           "  Hraje se Filky (1. tálie, 2. hra), vynáší Honza."],
    "en": ["  End of Hearts: Alex 1, Karel 6, Božena 1, Jaroslav 0.",
           "Standing: Alex 1, Karel 6, Božena 1, Jaroslav 0",
           "  Now Obers (game 2 of the 1st round of eight); Alex leads."],
}
WHY = {  # the first hand: hearts may not be led; then he must follow suit; desítky's rows
    "cs": ["Tvoje karty: S❤️ F❤️ 10🍃 F🍃 9🔔 S🔔 K🔔 E🌰",
           "Nelze zahrát S❤️ F❤️: Červenou lze vynést, až když nemáš jinou barvu.",
           "  1) 10🍃",
           "Nelze zahrát S❤️ F❤️ F🍃 E🌰: Musíš ctít barvu.",
           "Nelze zahrát 8❤️ S❤️ 9🔔 F🔔 9🌰 S🌰: Nenavazují na žádnou řadu."],
    "en": ["Your cards: S❤️ F❤️ 10🍃 F🍃 9🔔 S🔔 K🔔 E🌰",
           "Cannot play S❤️ F❤️: You may lead a heart only when you hold no other suit.",
           "  1) 10🍃",
           "Cannot play S❤️ F❤️ F🍃 E🌰: You must follow suit.",
           "Cannot play 8❤️ S❤️ 9🔔 F🔔 9🌰 S🌰: They fit no row."],
}


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_end_gives_the_final_standings_and_each_game_its_standing(lang):
    """Each partial game's points as it ends, the lóra's standing right after (before the
    next game starts), and at the end the places and points of the engine's outcome."""
    status, lines, _, _ = _play(5, lang)
    assert status == 0
    assert lines[-6:] == FINAL[lang]
    first = lines.index(FIRST_GAME[lang][0])
    assert lines[first:first + 3] == FIRST_GAME[lang]


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_cards_missing_from_the_menu_come_with_the_engines_reason(lang):
    """One line per reason, the refused cards beside it, in the engine's words of its
    refusal: every card of the hand is either in the menu or on such a line."""
    _, lines, _, _ = _play(5, lang)
    hand, why_one, first_option, follow, rows = WHY[lang]
    at = lines.index(hand)
    assert lines[at + 1:at + 3] == [why_one, first_option]
    assert follow in lines and rows in lines
    hand_prefix, why_prefix = hand.split(":")[0] + ": ", why_one.split(" S")[0] + " "
    checked = 0
    for i, line in enumerate(lines):
        if not line.startswith(hand_prefix):
            continue
        cards = set(line.removeprefix(hand_prefix).split())
        refused: set[str] = set()
        k = i + 1
        while lines[k].startswith(why_prefix):
            refused |= set(lines[k].removeprefix(why_prefix).split(":")[0].split())
            k += 1
        menu = set()
        while k < len(lines) and re.match(r"^  \d+\) ", lines[k]):
            menu.add(lines[k].split(") ", 1)[1].split()[-1])  # a card, or a lead "… od 8❤️"
            k += 1
        if menu & cards:  # a menu of cards
            assert refused == cards - menu and not refused & menu, (line, refused, menu)
            checked += 1
    assert checked > 40


def test_a_reason_that_names_its_card_reads_for_one_card_or_several():
    assert refusal_reason("not_playable", "cs", 1) == "Nenavazuje na žádnou řadu."
    assert refusal_reason("not_playable", "cs", 3) == "Nenavazují na žádnou řadu."
    assert refusal_reason("not_playable", "en", 1) == "It fits no row."
    assert refusal_reason("must_follow_suit", "en", 2) == "You must follow suit."


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


def test_piped_input_is_echoed_so_the_prompt_ends_its_line():
    """Input from a pipe is not echoed by a terminal: the answer is, so the next line of the
    game starts on a line of its own."""
    done = subprocess.run([sys.executable, "-m", "engine", "play", "--seed", "3"],
                          input="1\n" * 3, capture_output=True, text=True, encoding="utf-8",
                          timeout=60, check=False)
    lines = done.stdout.splitlines()
    at = lines.index("Vyber číslo: 1")
    assert lines[at - 1:at + 3] == ["  7) K🌰", "Vyber číslo: 1", "  Honza hraje 9🍃.",
                                    "  Karel hraje 8🍃."]
    prompts = [line for line in lines if line.startswith("Vyber číslo:")]
    assert prompts == ["Vyber číslo: 1"] * 3 + ["Vyber číslo: "]
    assert lines[-2:] == ["Vyber číslo: ", "Hra přerušena."]  # Ctrl+D: the prompt ends too


# the human's desítky card the rules left no choice about, and the next maturita told once
FORCED_CS = ["  Jaroslav přikládá K🍃 9🔔.",
             "  Honza přikládá 8🔔 (automaticky).",
             "  Karel přikládá K🔔 7🔔.",
             "  Konec hry Desítky: Honza 3, Karel 0, Božena 2, Jaroslav 6.",
             "Stav: Honza 45, Karel 39, Božena 27, Jaroslav 27",
             "  Maturita (2. tálie, 1. pokus): Karel si volí hru.",
             "  Maturita: Všechny, 1. pokus, maturuje Karel.",
             "  Karel hraje 8🍃."]


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_a_forced_move_is_marked_and_the_maturita_choice_told_once(lang):
    """A card played for the human without asking says so, as the bot's lines do; the
    maturant's choice is told by the line of the attempt's start alone."""
    from engine.cards import card_label
    from engine.contracts import Contract
    from engine.events import MaturitaChosen
    from engine.messages import event_text
    from engine.terminal import NAMES

    _, lines, _, _ = _play(5, lang)
    if lang == "cs":
        at = lines.index(FORCED_CS[1])
        assert lines[at - 1:at + 7] == FORCED_CS
        assert "  Honza hraje F🍃 (automaticky)." in lines  # a card of a trick
        at = lines.index("  Maturita (1. tálie, 1. pokus): Honza si volí hru.")
        assert lines[at + 7:at + 9] == ["  6) Desítky",
                                        "  Maturita: Červené, 1. pokus, maturuje Honza."]
    else:
        at = lines.index("  Alex lays 8🔔 (automatically).")
        assert lines[at - 1:at + 2] == ["  Jaroslav lays K🍃 9🔔.",
                                        "  Alex lays 8🔔 (automatically).",
                                        "  Karel lays K🔔 7🔔."]
        assert "  Alex plays F🍃 (automatically)." in lines
    chosen = {"  " + event_text(MaturitaChosen(s, c, 1), lang, list(NAMES[lang]), card_label)
              for s in range(4) for c in Contract if c is not Contract.HARAKIRI}
    assert not chosen & set(lines)
    marked = [line for line in lines if line.endswith(("(automaticky).", "(automatically)."))]
    assert marked and all(line.startswith(("  Honza ", "  Alex ")) for line in marked)
    # the human's knock is made for the player too, and says so (the AIs' knocks are plain)
    knock = {"cs": "  Honza: ťuk (automaticky)!", "en": "  Alex: knock (automatically)!"}[lang]
    at = lines.index(knock)
    assert lines[at - 1:at + 2] == {
        "cs": ["  Jaroslav přikládá S🌰.", knock, "  Karel přikládá F🔔."],
        "en": ["  Jaroslav lays S🌰.", knock, "  Karel lays F🔔."]}[lang]
    knocks = [line for line in lines if line.endswith((": ťuk!", ": knock!"))]
    assert knocks and not any(line.startswith(("  Honza:", "  Alex:")) for line in knocks)
