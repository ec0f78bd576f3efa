"""Very long names that start alike stay apart where the pictures must cut them: the seat
panels of both tables, who is to act, the Taroky protocol's column heads (review 52). A cut
keeps the end where two names differ ("…Sigmaringen" / "…Sigmaringová", not two
"Maximilián Ho…"), within the room the name had (nothing overlaps) and at the size it had
(legible on a phone); a name that fits, or one cut unlike any other, is as before."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.taroky.pictures import pages, sheet
from bot.games.taroky.pictures import table as taroky_table
from bot.games.taroky.pictures.examples import example as taroky_example
from bot.render import seats
from bot.render import table as lora_table
from bot.render.bench import example as lora_example
from bot.render.fonts import fit
from tests.helpers import drawn_texts

LONG = "Maximilián Hohenzollern-Sigmaringen"
LONGER = "Maximilián Hohenzollern-Sigmaringová"
NAMES = [LONG, "Bartoloměj Vondráček", "🎲🎲", LONGER]


@pytest.mark.parametrize("width", [190, 260, 330])
def test_taroky_seat_names_cut_alike_keep_their_ends(width: int) -> None:
    a, fa = taroky_table.seat_name(LONG, NAMES, width)
    b, fb = taroky_table.seat_name(LONGER, NAMES, width)
    assert a != b and a.endswith("ngen") and b.endswith("ngová")
    assert fa.getlength(a) <= width and fb.getlength(b) <= width
    assert fa.size >= taroky_table.SMALLEST and fb.size >= taroky_table.SMALLEST
    # unlike any other: cut at its end as before; whole where it fits
    other = "Bartoloměj Vondráček-Novotný"
    alone, fc = taroky_table.seat_name(other, [LONG, other, "Eva", LONGER], width)
    assert alone == fit(other, fc, width)
    # beside a whole "Bartoloměj Vondráček" its cut never reads as his
    beside = taroky_table.seat_name(other, NAMES, width)[0]
    assert not "Bartoloměj Vondráček".startswith(beside.rstrip("…"))
    assert taroky_table.seat_name("Bob", NAMES, width)[0] == "Bob"


def test_taroky_table_draws_the_seats_and_the_turn_apart(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rnd, _seat = taroky_example("play")
    seen = drawn_texts(monkeypatch, taroky_table)
    taroky_table.table_image(rnd.public_view(), NAMES, "cs")
    cut = [s for s in seen if "…" in s and "maring" in s]
    assert any(s.endswith("maringen") for s in cut)  # (11 px in the table's embed: less room)
    assert any(s.endswith("maringová") for s in cut)
    assert not [s for s in seen if s.startswith("Maximilián") and s.endswith("…")]
    assert "hráč 3" in seen  # (the emoji-only name's stand-in)


def test_lora_seat_names_cut_alike_keep_their_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    room = seats.SEAT_W - 2 * seats.PAD  # a panel's name
    a, fa = seats.panel_name(LONG, NAMES, room)
    b, fb = seats.panel_name(LONGER, NAMES, room)
    assert a != b and a.endswith("ngen") and b.endswith("ngová")
    assert fa.getlength(a) <= room and fb.getlength(b) <= room
    assert fa.size >= seats.SMALL_PX and fb.size >= seats.SMALL_PX  # type: ignore[union-attr]
    seats.seat_panel.cache_clear()
    seen = drawn_texts(monkeypatch, seats)
    lora_table.table_image(lora_example("trick").public_view(), NAMES, "cs")
    cut = [s for s in seen if "…" in s and "aring" in s]
    assert any(s.endswith("ngen") for s in cut) and any(s.endswith("ngová") for s in cut)
    assert not [s for s in seen if s.startswith("Maximilián") and s.endswith("…")]
    seats.seat_panel.cache_clear()


def test_protocol_heads_of_names_alike_differ_on_their_second_line() -> None:
    """Two lines cannot take either: the first line is the same ("Maximilián"), the second
    keeps the end where they differ; each line within the column."""
    a, fa = sheet.header_lines(LONG, NAMES)
    b, fb = sheet.header_lines(LONGER, NAMES)
    assert a[0] == b[0] == "Maximilián" and a[1] != b[1]
    assert "…" in a[1] and a[1].endswith("ngen") and b[1].endswith("ngová")
    assert a[1].startswith("Ho") and b[1].startswith("Ho")  # (and its first letters)
    assert all(f.getlength(x) <= sheet.NAME_W for f, lines in ((fa, a), (fb, b)) for x in lines)
    assert fa.size >= sheet.SMALLEST
    # alone (no name alike), the second line is cut at its end as before
    alone, f = sheet.header_lines(LONG, [LONG, "Eva", "Ota", "Iva"])
    assert alone == ["Maximilián", fit("Hohenzollern-Sigmaringen", f, sheet.NAME_W)]
    left, _f = sheet.left_lines(LONG, "cs", NAMES)
    assert left[0] != sheet.left_lines(LONGER, "cs", NAMES)[0][0]


@pytest.mark.parametrize("name", ["J Novák-Ottendorfer", "J Nováková Ottendorferová",
                                  "A Bohuslava-Kristýna Veselá"])
def test_a_protocol_heads_first_line_is_never_a_lone_letter(name: str) -> None:
    lines, f = sheet.header_lines(name)
    assert len(lines) == 2 and len(lines[0].strip(" -")) > 1, lines
    assert all(f.getlength(x) <= sheet.NAME_W for x in lines)


def test_the_protocol_draws_the_heads_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    rnd, _seat = taroky_example("finished")
    seen = drawn_texts(monkeypatch, sheet)
    pages.sheet_image(rnd.public_view(), NAMES, "cs")
    heads: list[Any] = [sheet.header_lines(n, NAMES)[0] for n in (LONG, LONGER)]
    for first, second in heads:
        assert first in seen and second in seen
    assert "Hohenzoll…" not in seen and "hráč 3" in seen


@pytest.mark.parametrize(("acting", "end"), [(LONG, "Sigmaringen"), (LONGER, "Sigmaringová")])
def test_lora_header_cuts_the_name_to_act_apart_from_one_alike(
        monkeypatch: pytest.MonkeyPatch, acting: str, end: str) -> None:
    """"Na tahu: …" keeps the end where the name differs from another alike (as Taroky's
    header and both seat panels do), the words before it whole, within the header's room."""
    view = lora_example("trick").public_view()
    assert view.to_act is not None
    names = ["Bartoloměj Vondráček", "🎲🎲", "Eva", "Ota"]
    names[view.to_act] = acting
    names[(view.to_act + 2) % 4] = LONGER if acting == LONG else LONG
    seen = drawn_texts(monkeypatch, lora_table)
    lora_table.table_image(view, names, "cs")
    header = [s for s in seen if s.startswith("Na tahu: ")]
    assert len(header) == 1 and "…" in header[0] and header[0].endswith(end), header
    assert not header[0].startswith("Na tahu: Maximilián Ho")  # (read as either)
    # unlike any other: cut at its end as before
    names[(view.to_act + 2) % 4] = "Eva"
    seen.clear()
    lora_table.table_image(view, names, "cs")
    alone = [s for s in seen if s.startswith("Na tahu: ")]
    assert alone and alone[0].startswith("Na tahu: Maximilián") and alone[0].endswith("…")


@pytest.mark.parametrize("width", [60, 90, 120])
def test_a_name_cut_in_two_keeps_no_lone_letter_and_breaks_no_word(width: int) -> None:
    """A name that two lines cannot take whole (the Taroky protocol's heads and the other
    narrow places alike: one rule, ``names.cut_in_two``) is split at a space or after a
    hyphen that fits, never leaving a lone letter on the first line ("J-" alone over
    "Hohenzollernsigmaringenová"); where none fits it is not broken inside a word (it was
    "J-Hohen" over "zollernsig…"): a word wider than the line is cut with "…" on one."""
    from bot.render.fonts import font
    from bot.render.names import cut_in_two, cut_lines

    name = "J-Hohenzollernsigmaringenová"
    f = font(16, "narrow")
    assert cut_in_two(name, f, width) == (name, "")
    [line] = cut_lines(name, f, width, [name, "Eva"])
    assert line.startswith("J-Ho") and line.endswith("…") and f.getlength(line) <= width
    assert cut_lines("Hohenzollernsigmaringenová Jana", f, width, ()) == [
        fit("Hohenzollernsigmaringenová", f, width), "Jana"]
    # a space or a hyphen that fits is where it breaks (the rest whole, to be cut)
    assert cut_in_two("Maximilián Hohenzollern-Sigmaringen", f, 90) == (
        "Maximilián", "Hohenzollern-Sigmaringen")


def _whole_words(name: str, line: str) -> bool:
    """Whether ``line`` shows ``name``'s words unbroken: each piece between "…" begins at
    a word's start (unless "…" is before it) and ends at a word's end (unless "…" is after
    it) — a word's start or end being the name's ends, a space or a hyphen."""
    bounds = {0, len(name)} | {i for i in range(1, len(name)) if name[i - 1] in " -"} | {
        i for i in range(len(name)) if name[i] == " "}
    pieces = line.split("…")
    for k, piece in enumerate(pieces):
        piece = piece.strip()
        if not piece:
            continue
        cut_before, cut_after = k > 0, k < len(pieces) - 1
        if not any((cut_before or i in bounds) and (cut_after or i + len(piece) in bounds)
                   for i in range(len(name)) if name.startswith(piece, i)):
            return False
    return True


WORDY = ["Bartoloměj Šťastný-Křížovnický X", "Hohenzollernsigmaringenová Jana",
         "Hohenzollernsigmaringová Jana", "Konstantinopolská", "J-Hohenzollernsigmaringenová",
         "Maximilián Hohenzollern-Sigmaringen", "Příliš žluťoučký kůň úpěl ďábelsk"]


@pytest.mark.parametrize("name", WORDY)
def test_a_long_name_is_cut_at_its_words_never_broken_across_lines(name: str) -> None:
    """A name that two lines cannot take whole in a narrow place (the Lóra sheet's column
    heads, the names under the trick's slots, the Taroky protocol's heads) is cut with "…"
    rather than broken inside a word over two lines ("Bartolo" / "měj Šťast…",
    "Hohenzol" / "lernsigma…" read as other words); each line within its room, and names
    that start alike still differ."""
    from bot.render import hand, trick_row
    from bot.render import sheet as lora_sheet

    room = lora_sheet.CELL_W - 8
    shown = {
        "lora": [lora_sheet._name_lines(n, room, WORDY) for n in WORDY],
        "trick": [trick_row.slot_name(n, WORDY, hand.SLOT_STEP - 6) for n in WORDY],
        "taroky": [sheet.header_lines(n, WORDY)[::-1] for n in WORDY],
    }
    widths = {"lora": room, "trick": hand.SLOT_STEP - 6, "taroky": sheet.NAME_W}
    at = WORDY.index(name)
    for place, heads in shown.items():
        fnt, lines = heads[at]
        assert all(_whole_words(name, line) for line in lines), (place, lines)
        assert all(fnt.getlength(line) <= widths[place] for line in lines), (place, lines)
        assert len({tuple(h[1]) for h in heads}) == len(WORDY), (place, heads)


def test_the_protocol_totals_put_a_long_one_word_name_whole_over_its_line() -> None:
    """A one-word name too long for the room left of a player's totals goes whole on a
    line of its own over them (as a longer name of several words does), not cut beside
    them now that such a word is cut on one line rather than broken on two."""
    from bot.games.taroky.pictures import summary
    from tests.taroky_protocol_rounds import finished_view

    view = finished_view("4")
    name = "Konstantinopolská"  # (beside a tournament table's totals: with placing points)
    assert sheet.header_lines(name, [name], summary.name_room(view, True))[0] != [name]
    layout = summary.name_layout(view, 0, [name, "Eva", "Ota", "Iva"], (False,) * 4, "cs",
                                 True)
    assert layout.name == name and not layout.beside
