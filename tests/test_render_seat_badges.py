"""A Lóra seat's panel holds every role badge (review 59 #1: with four marks or more the
last one — the stovka's 100, the away mark — ran past the panel's right edge, cut off):
crowded badges close up, and those that still do not fit go to the end of a points row,
over no word, no other badge and not the cards left."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from bot.render import cards, seats
from tests.helpers import drawn_texts

Box = tuple[float, float, float, float]
# the most a seat holds: dealer or the tálie's výnos, the trick's lead, maturant, stovka, a mark
MOST = [(first, "trick", "maturant", "stovka", mark)
        for first in ("dealer", "leader") for mark in ("ai", "away")]
FEWER = [("leader", "trick", "maturant", "away"), ("dealer", "stovka", "ai"), ("stovka",), ()]


def _drawn(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Box]]:
    """Spies on what a panel draws: its badges, words, knock dots and the card back."""
    seen: dict[str, list[Box]] = {"badge": [], "text": [], "back": []}

    def paste(img: Any, piece: Any, x: float, y: float) -> None:
        seen["badge"].append((x, y, x + piece.width, y + piece.height))

    def text(img: Any, xy: tuple[float, float], value: str, fnt: Any, fill: Any = None,
             anchor: str = "la") -> float:
        x0, y0, x1, y1 = fnt.getbbox(value, anchor=anchor)
        seen["text"].append((xy[0] + x0, xy[1] + y0, xy[0] + x1, xy[1] + y1))
        return float(fnt.getlength(value))

    def dots(draw: Any, x: float, y: float, n: int, d: int = 8, colour: Any = None,
             step: int | None = None) -> float:
        step = step or d + d // 2
        seen["text"].append((x, y, x + (n - 1) * step + d, y + d))
        return float(n * step)

    def put(canvas: Any, card: int, width: int, x: int, y: int, *args: Any) -> None:
        seen["back"].append((x, y, x + width, y + cards.card_height(width)))

    monkeypatch.setattr(seats, "paste", paste)
    monkeypatch.setattr(seats, "text", text)
    monkeypatch.setattr(seats, "dots", dots)
    monkeypatch.setattr(seats.cards, "put", put)
    return seen


def _apart(a: Box, b: Box, slack: float = 0) -> bool:
    return (a[2] - slack <= b[0] or b[2] - slack <= a[0]
            or a[3] - slack <= b[1] or b[3] - slack <= a[1])


@pytest.mark.parametrize("lang", ["cs", "en"])
@pytest.mark.parametrize("kinds", MOST + FEWER)
def test_every_badge_lies_inside_its_panel_over_nothing_else(
        monkeypatch: pytest.MonkeyPatch, lang: str, kinds: tuple[str, ...]) -> None:
    seen = _drawn(monkeypatch)
    for total, game, knocks, label in itertools.product(
            (7, 163, -40), (None, 0, 99), (0, 2, 4, 9), ("pts_lora", "pts_sum")):
        if game is None and knocks:
            continue
        for kind in seen.values():
            kind.clear()
        seats.seat_panel.__wrapped__(  # type: ignore[attr-defined]
            "Cecílie", 8, total, game, knocks, kinds, True, lang, label)
        case = (total, game, knocks, label)
        badges = seen["badge"]
        assert len(badges) == len(kinds), case
        for b in badges:
            assert b[0] >= seats.PAD and b[2] <= seats.SEAT_W - seats.PAD, (case, b)
            assert b[1] >= 0 and b[3] <= seats.SEAT_H, (case, b)
            for other in seen["text"] + seen["back"]:
                assert _apart(b, other), (case, b, other)
        for a, b in itertools.combinations(badges, 2):
            assert _apart(a, b, seats.BADGE_OVERLAP), (case, a, b)
        assert len(seen["back"]) == 1 and seen["back"][0][0] >= seats.PAD, case
        name = seen["text"][-1]  # drawn last, after whatever took room in its row
        assert name[0] >= seats.PAD and name[2] <= seats.SEAT_W - seats.PAD, case


def test_a_mark_stays_among_the_badges_unless_the_roles_fill_their_row(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The AI mark goes before the name only when it must (the name keeps its room)."""
    seen = _drawn(monkeypatch)
    seats.seat_panel.__wrapped__(  # type: ignore[attr-defined]
        "Cecílie", 8, 63, 0, 0, ("leader", "trick", "ai"), False, "cs")
    assert [b[1] for b in seen["badge"]] == [100, 100, 100]
    seen["badge"].clear()
    seats.seat_panel.__wrapped__(  # type: ignore[attr-defined]
        "Cecílie", 8, 63, 0, 0, ("leader", "trick", "maturant", "stovka", "ai"), False, "cs")
    assert [(b[0], b[1]) for b in seen["badge"]][-1] == (seats.PAD, 5)


@pytest.mark.parametrize(("lang", "going", "over"), [
    ("cs", "hlásí čistou stovku", "ohlášená čistá stovka"),
    ("en", "declares clean hundred", "declared clean hundred")])
def test_the_table_legend_tells_a_clean_hundred_in_the_past_once_the_lora_is_over(
        monkeypatch: pytest.MonkeyPatch, lang: str, going: str, over: str) -> None:
    """Review 61: the end table's legend still read "100 hlásí čistou stovku" when the
    result was known (the sheet says "neohlášena" for the same reason, review 54)."""
    import dataclasses

    from bot.render.bench import NAMES, example
    from bot.render.table import table_image

    drawn = drawn_texts(monkeypatch, seats)
    seats.legend.cache_clear()
    end = example("finished").public_view()
    assert end.stovka == (False, True, False, True)
    table_image(end, NAMES, lang)
    assert over in drawn and (going == over or going not in drawn)
    drawn.clear()
    table_image(dataclasses.replace(example("trick").public_view(), stovka=end.stovka),
                NAMES, lang)
    assert going in drawn and (going == over or over not in drawn)
    seats.legend.cache_clear()
