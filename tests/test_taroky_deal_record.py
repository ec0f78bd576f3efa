"""A finished Taroky deal's record: the picture's chips for every announcement that moved
money (with whose it was), the statistics of a 35:35 the table pays, and the valát as a
verb's object ("hlásí valáta", as "flek na valáta")."""

from __future__ import annotations

import re

from bot.locales import cs
from engine.taroky import messages
from engine.taroky.events import Announced
from engine.taroky.messages import event_text

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def test_the_valat_is_valata_wherever_it_is_the_verb_s_object() -> None:
    """"Bob hlásí valát." and "můžeš ohlásit valát" beside "flek na valáta": the animate
    accusative throughout, as the pagát's ("hlásí pagáta"); the nominative stays ("Tvoje
    hlášení: valát", "Tichý valát (…) vyšel")."""
    assert event_text(Announced(1, "valat"), "cs", NAMES) == "Bob hlásí valáta."
    assert event_text(Announced(1, "valat"), "en", NAMES) == (
        "Bob announces valat (all 12 tricks).")
    assert messages.game_object("valat", "cs") == "valáta"
    assert cs.STRINGS["taroky.obj_valat"] == "valáta"
    assert "– a **valáta**, slib strany" in cs.STRINGS["taroky.rules_text"]
    # no Czech sentence announces, adds or fleks a "valát" in the nominative
    verb = re.compile(r"(hlás\w*|přidat|flek na|re na|sup na) valát\b")
    texts = [*cs.STRINGS.values(), *messages.WORDS["cs"].values(),
             *messages.EVENTS["cs"].values()]
    assert [x for x in texts if verb.search(x)] == []
