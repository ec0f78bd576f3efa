"""Players whose names start alike stay apart once their names are cut (review 47 #4):
"Jan Novák" and "Jan Nováček" were both "Jan Nov…" under the trick's cards, over the
earlier kvarty and over the Taroky talon's groups."""

from __future__ import annotations

import pytest

from bot.games.taroky.pictures import deal as deal_pic
from bot.games.taroky.pictures.examples import example as taroky_example
from bot.games.taroky.texts import finished_deal
from bot.render import center, hand, render_hand, render_table, trick_row
from bot.render.bench import example
from bot.render.fonts import fit, font
from bot.render.names import fit_apart
from tests.helpers import drawn_texts

ALIKE = ["Jan Novák", "Jan Nováček", "Jan Nováková", "Eva"]
BOLD = font(22, "bold")


def test_names_cut_alike_keep_the_end_where_they_differ() -> None:
    assert [fit(n, BOLD, 90) for n in ALIKE[:3]] == ["Jan N…"] * 3
    shown = [fit_apart(n, ALIKE, BOLD, 90) for n in ALIKE]
    assert shown == ["…ovák", "…áček", "…ková", "Eva"]
    assert [fit_apart(n, ALIKE, BOLD, 110) for n in ALIKE[:2]] == ["J…Novák", "…ováček"]
    assert all(BOLD.getlength(s) <= 110 for s in shown)


def test_a_name_cut_unlike_the_others_is_cut_at_its_end_and_a_whole_one_stays() -> None:
    """Only a cut that another player's would equal changes; equal names stay equal."""
    others = ["Jan Novák", "Bartoloměj Šťastný", "Eva", "Eva"]
    assert fit_apart("Bartoloměj Šťastný", others, BOLD, 90) == fit(
        "Bartoloměj Šťastný", BOLD, 90)
    assert fit_apart("Jan Novák", others, BOLD, 200) == "Jan Novák"
    assert fit_apart("Eva", others, BOLD, 90) == "Eva"


def test_the_names_under_the_trick_of_the_hand_differ(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under the trick's slots (106 px) a name goes on two lines before it is cut (review
    55: "AI Jaros…"): "Jan" over "Nováček"; and a name two lines cannot take is cut apart
    from the others'."""
    lo = example("trick")
    seen = drawn_texts(monkeypatch, trick_row)
    render_hand(lo.view(lo.to_act), "cs", ALIKE)
    assert seen.count("Jan") == 3 and {"Novák", "Nováček", "Nováková", "Eva"} <= set(seen)
    assert not [s for s in seen if "…" in s]
    width = hand.SLOT_STEP - 6
    assert trick_row.slot_name("AI Jaroslav", ["AI Jaroslav"], width)[1] == ["AI", "Jaroslav"]
    long = ["Maximilián Hohenzollern-Sigmaringen", "Maximilián Hohenzollern-Sigmaringová"]
    cut = [trick_row.slot_name(n, long, width)[1] for n in long]
    assert cut[0] != cut[1] and all(len(lines) == 2 for lines in cut)


def test_the_names_over_the_earlier_kvarty_differ(monkeypatch: pytest.MonkeyPatch) -> None:
    lo = example("kvarty")
    names = ["Jan Nováček", "Jan Novák Starší", "Jan Novák Mladší", "Jan Nováková"]
    seen = drawn_texts(monkeypatch, center)
    render_table(lo.public_view(), names, "cs")
    cut = [s for s in seen if "…" in s and s.replace("…", "").strip()
           and any(n.startswith(s.split("…")[0]) or n.endswith(s.split("…")[-1]) for n in names)]
    assert cut  # the earlier kvarty's and the last one's names are cut
    for label in cut:  # and each cut name reads as one player's only: his start and end
        head, tail = label.split("…")[0], label.split("…")[-1]
        whose = {n for n in names if n.startswith(head) and n.endswith(tail)}
        assert len(whose) == 1, (label, whose)


def test_the_talon_labels_of_a_deal_differ() -> None:
    rnd, _seat = taroky_example("finished")
    deal = finished_deal(rnd, 2)  # Varšava: a label over each turned card, narrow
    who = ["Jan Novák", "Jan Nováček", "Jan Nováková", "Eva"]
    reveal = deal.reveal
    assert reveal is not None
    groups = deal_pic._talon_groups(deal, rnd.protocol[1], reveal, who, "en")
    _rows, _widths, labels = deal_pic._talon_layout(groups, who)
    by_name: dict[str, set[str]] = {}
    for (name, _what, _cards), label in zip(groups, labels, strict=True):
        by_name.setdefault(name, set()).add(label)
    assert len(by_name) >= 2
    shown = [next(iter(v)) for v in by_name.values()]
    assert all(len(v) == 1 for v in by_name.values())
    assert len(set(shown)) == len(shown), shown
