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


def test_a_tie_the_table_pays_counts_in_the_statistics_by_who_paid() -> None:
    """A 35:35 under "platit o jedno oko" is the declarer's loss when his side pays it
    (``tie_payer`` "D": not among his games won), his win when the opponents do (they gave
    the game's last flek), neither paid nor won under "zero": the engine's money decides,
    as the stats field says it ("1P: 1× (0)")."""
    from bot.games.taroky import UI
    from bot.games.taroky.stats import taroky_stats
    from bot.storage.models import PlayerStats, SeatResult
    from engine.game import Outcome
    from tests.taroky_kit import default_policy
    from tests.test_taroky_review72 import _flek_game, _tie

    def stats(rnd, seat: int) -> PlayerStats:  # type: ignore[no-untyped-def]
        row = rnd.protocol[0]
        outcome = Outcome(places=(1, 1, 1, 1), scores=row.money, unit="hal",
                          lower_is_better=False, details={"protocol": [row.to_json()]})
        out = PlayerStats(user_id=1, game_kind="taroky", games=1)
        out.results.append(SeatResult(1, seat, 1, row.money[seat], outcome))
        return out

    for rnd, payer, won in ((_tie(default_policy), "D", 0), (_tie(_flek_game), "O", 1),
                            (_tie(default_policy, "zero"), None, 0)):
        row = rnd.protocol[0]
        assert (row.declarer, row.partner, row.tie_payer) == (0, 1, payer)
        declarer, partner = taroky_stats(stats(rnd, 0)), taroky_stats(stats(rnd, 1))
        assert (declarer.declared, declarer.won) == ({"1P": 1}, {"1P": won})
        assert (partner.partner, partner.partner_won) == (1, won)
        assert won == int(row.money[0] > 0)  # (the side paid, or was paid)
        fields = dict((name, value) for name, value, _inline in
                      UI.stats_fields(stats(rnd, 0), "cs"))
        assert fields["Hry vydražitele (vyhrané)"] == f"první povinnost: 1× ({won})"
