"""Names and headings in the pictures come whole where they can: condensed and a little
smaller before an ellipsis cuts them (a phone shows the picture at ~430 px)."""

from __future__ import annotations

import random

from bot.render import seats as seats_module
from bot.render import table as table_module
from bot.render.fonts import fitted, font
from engine.lora import Lora
from tests.helpers import drawn_texts


def test_fitted_keeps_the_style_when_it_fits_and_condenses_before_cutting():
    text, fnt = fitted("Alice", 36, "bold", 196)
    assert text == "Alice" and fnt is font(36, "bold")
    assert font(36, "bold").getlength("AI Božena") > 196  # bold alone would cut it
    text, fnt = fitted("AI Božena", 36, "bold", 196)
    assert text == "AI Božena" and fnt.getlength(text) <= 196
    assert fnt.path.endswith("DejaVuSansCondensed-Bold.ttf") and fnt.size >= 28  # type: ignore[union-attr]
    text, fnt = fitted("Maximilián Veliký z Lucemburka", 36, "bold", 196)
    assert text.endswith("…") and fnt.getlength(text) <= 196 and fnt.size >= 28  # type: ignore[union-attr]


def _third_game_third_trick() -> Lora:
    lora = Lora(rng=random.Random(3))
    rng = random.Random(3)
    while not (lora.game_no == 3 and lora.phase == "play"
               and len(lora.public_view().game.tricks) >= 2):  # type: ignore[union-attr]
        lora.apply(rng.choice(lora.legal_actions()))
    return lora


def test_a_nine_letter_name_in_a_side_seat_and_the_whole_heading_are_not_cut(monkeypatch):
    lora = _third_game_third_trick()
    names = ["Alice", "AI Božena", "AI Libuše", "AI Václav"]
    seen_seats = drawn_texts(monkeypatch, seats_module)
    seen_header = drawn_texts(monkeypatch, table_module)
    table_module.render_table(lora.public_view(), names, "en")
    assert "AI Božena" in seen_seats and "AI Václav" in seen_seats
    assert not any(x.endswith("…") for x in seen_seats if x.startswith("AI "))
    to_act = names[lora.to_act]  # type: ignore[index]
    assert "First and last" in seen_header
    assert "1st round of eight · game 3 · trick 3/8" in seen_header
    assert f"To act: {to_act}" in seen_header


def test_a_long_name_in_the_stovka_panel_stops_before_its_answer(monkeypatch):
    """The name gets the row's width less its answer's (the English "answering…" is wide)."""
    from bot.render import center
    from bot.render.bench import example

    view = example("stovka").public_view()
    drawn: list[tuple[float, str, object, str]] = []
    real = center.text

    def record(img, xy, value, fnt, fill=(0, 0, 0), anchor="la"):
        drawn.append((xy[0], value, fnt, anchor))
        return real(img, xy, value, fnt, fill, anchor)

    monkeypatch.setattr(center, "text", record)
    long = ["W" * 32, "Příliš žluťoučký kůň úpěl ďábelsk", "M" * 32,
            "Bartoloměj Šťastný-Křížovnický X"]
    table_module.render_table(view, long, "en")
    half = center.STOVKA_ROW // 2
    rows = [(x, v, f) for x, v, f, a in drawn if a == "lm" and x == center.CX - half]
    ends = [(x, v, f) for x, v, f, a in drawn if a == "rm" and x == center.CX + half]
    # (the first PNG also draws the palette's sample pictures, after this one)
    assert [v for _x, v, _f in ends[:4]] == ["passes", "answering…", "waiting", "waiting"]
    for (x, name, f), (r, status, g) in zip(rows[:4], ends[:4], strict=True):
        assert name.endswith("…")
        gap = (r - g.getlength(status)) - (x + f.getlength(name))
        assert gap >= 18, (name, status, gap)


def test_the_sheet_heads_names_are_phone_sized_and_use_two_lines_before_a_cut():
    """A column head is 92 px: a name is 20–22 px condensed (13 px on a phone), on two lines
    when it needs them; only the second line of a name that still does not fit is cut."""
    from bot.render.sheet import CELL_W, _name_lines

    fnt, lines = _name_lines("Příliš žluťoučký kůň úpěl ďábelsk", CELL_W - 8)
    assert fnt.size >= 20 and len(lines) == 2 and lines[0] == "Příliš"
    assert lines[1].startswith("žluťouč") and lines[1].endswith("…")
    fnt, lines = _name_lines("Jan Nováček", CELL_W - 8)
    assert fnt.size >= 20 and lines == ["Jan", "Nováček"]
    fnt, lines = _name_lines("Bartoloměj Šťastný-Křížovnický X", CELL_W - 8)
    # a first word wider than the column is cut, not broken ("Bartolo" over "měj Š…")
    assert fnt.size == 20 and lines[0].startswith("Bartol") and lines[0].endswith("…")
    assert lines[1].startswith("Šťast") and fnt.getlength(lines[0]) <= CELL_W - 8
