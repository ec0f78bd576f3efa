"""Review 81 (Taroky edge cases at a table with one flek at most and a cap): an opponent's
side made public by his announcement is told; the finished deal's picture signs its items
as the protocol and the result's account do (for the declarer's side), with the legend;
the valát names its owners one way; a casual table's protocol has no tournament column."""

from __future__ import annotations

from types import SimpleNamespace

from bot.games.taroky.texts import event_lines
from bot.model import TableSettings
from engine.taroky.events import Announced, Flekked, OpponentRevealed, PartnerRevealed

NAMES = ["Alena", "Bohouš", "Cyril", "Dana"]


def test_an_opponent_s_announcement_tells_his_side_in_the_table_s_events() -> None:
    """M2: "• Cyril hlásí pagáta." was all the table read; the others learnt Cyril's side
    only from the button missing in their hands ("Flek na pagáta")."""
    for lang, said in (("cs", ["Cyril hlásí pagáta.", "Cyril hraje proti vydražiteli.",
                               "Dana: re na pagáta.", "Dana hraje s vydražitelem."]),
                       ("en", ["Cyril announces pagát ultimo.",
                               "Cyril plays against the declarer.",
                               "Dana redoubles the pagát ultimo.",
                               "Dana is the declarer's partner."])):
        table = SimpleNamespace(settings=TableSettings(lang=lang), names=lambda: NAMES,
                                move_names=lambda: NAMES)
        events = [Announced(2, "pagat"), OpponentRevealed(2), Flekked(3, "pagat", 2),
                  PartnerRevealed(3)]
        assert event_lines(table, events) == said  # type: ignore[arg-type]
