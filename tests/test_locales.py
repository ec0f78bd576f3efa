"""The catalogs as a player reads them: the English one speaks English (the games' own terms
apart)."""

from __future__ import annotations

import re

from bot.i18n import CATALOGS

CZECH_LETTER = re.compile(r"[áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ]")
# the games' own words that the English texts use as terms (Lóra's games keep their Czech
# names, Taroky's pagát, valát and Škýz, the koruna); in brackets a Czech word is a gloss
TERMS = {"Lóra", "lóra", "Lóra's", "Kč", "pagát", "Pagát", "valát", "Valát", "Škýz",
         "Červené", "Červený", "král", "První", "poslední", "Všechny", "Desítky", "Panák"}
GLOSS = re.compile(r"\([^()]*\)")


def test_the_english_catalog_has_no_czech_word_but_the_games_terms() -> None:
    found = []
    for key, text in CATALOGS["en"].items():
        for word in re.findall(r"[\w'’]+", GLOSS.sub("", text)):
            if CZECH_LETTER.search(word) and word not in TERMS:
                found.append((key, word))
    assert found == []
