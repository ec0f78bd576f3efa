"""A name the pictures cannot draw (emoji only) has a stand-in there ("hráč 3", at a
tournament's table "hráč č. 7"); where the text names him beside the picture, the message
says once who that is — "🎲🎲 (na obrázku hráč 2)" — so that a sighted player matches the
two (review 52, L10). Only names that got a stand-in; the alt texts keep the name alone."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import ui_of
from bot.games.base import picture_legend
from bot.games.taroky.pictures.examples import example as taroky_example
from bot.model import STATUS_PLAYING, Seat, Table, TableSettings
from bot.render.bench import example as lora_example
from bot.tournament import model
from bot.tournament.examples import example_tournament
from bot.tournament.pages import clip_footer
from bot.tournament.pictures import standings_alt, standings_legend
from bot.ui.builders import hand_message, table_message
from engine.taroky.events import DealEnded

DICE = "🎲🎲"
NAMES = ["Eva", DICE, "Ota", "Iva"]


def _table(kind: str, lang: str, names: list[str] = NAMES,
           entrants: list[int] | None = None) -> Table:
    state: Any = lora_example("trick") if kind == "lora" else taroky_example("play")[0]
    seats: list[Seat | None] = [Seat(100 + i, n) for i, n in enumerate(names)]
    link = None if entrants is None else {"id": 1, "round": 2, "table": 1, "entrants": entrants}
    return Table(1, 1, 1, 1, TableSettings(options=state.options.to_json(), lang=lang), seats,
                 game_kind=kind, status=STATUS_PLAYING, state=state, seed=1, tournament=link)


@pytest.mark.parametrize(("kind", "lang", "entrants", "legend"), [
    ("lora", "cs", None, "🎲🎲 (na obrázku hráč 2)"),
    ("lora", "en", None, "🎲🎲 (in the picture: player 2)"),
    ("lora", "cs", [3, 7, 1, 5], "🎲🎲 (na obrázku hráč č. 7)"),
    ("lora", "en", [3, 7, 1, 5], "🎲🎲 (in the picture: player no. 7)"),
    ("taroky", "cs", None, "🎲🎲 (na obrázku hráč 2)"),
    ("taroky", "en", [3, 7, 1, 5], "🎲🎲 (in the picture: player no. 7)"),
])
def test_the_table_message_says_under_its_picture_who_the_stand_in_is(
        kind: str, lang: str, entrants: list[int] | None, legend: str) -> None:
    """The embed's footer sits right under its picture: the legend heads it, once; the
    description's lines and the picture's alt text still name him 🎲🎲 alone."""
    table = _table(kind, lang, entrants=entrants)
    assert picture_legend(table, lang) == legend
    message = table_message(table, render=False)
    footer = message["embed"].footer.text
    assert footer.split("\n")[0] == legend and footer.count(DICE) == 1
    assert "\n".join(footer.split("\n")[1:]) == table_message(
        _table(kind, lang, ["Eva", "Bob", "Ota", "Iva"], entrants), render=False,
    )["embed"].footer.text  # the rest of the footer as without a stand-in
    assert "(" + legend.split("(")[1] not in (message["embed"].description or "")
    assert DICE in message["description"] and "obrázku" not in message["description"]
    assert "picture:" not in message["description"]


@pytest.mark.parametrize("kind", ["lora", "taroky"])
def test_no_legend_when_every_name_is_drawn_as_it_is(kind: str) -> None:
    """A name the picture draws cleaned ("Bob 🎲" as "Bob") or cut is still his: no legend."""
    table = _table(kind, "cs", ["Eva", "Bob 🎲", "Ota", "Iva"])
    assert picture_legend(table, "cs") == ""
    assert table_message(table, render=False)["embed"].footer.text == (
        "Stůl č. 1 · karty vidíš jen ty (Moje karty)")


def test_two_stand_ins_are_one_legend() -> None:
    table = _table("lora", "cs", [DICE, "Eva", "🃏", "Iva"])
    assert picture_legend(table, "cs") == "🎲🎲 (na obrázku hráč 1), 🃏 (na obrázku hráč 3)"


@pytest.mark.parametrize(("kind", "lang", "legend"), [
    ("lora", "cs", "🎲🎲 (na obrázku hráč 2)"),
    ("taroky", "en", "🎲🎲 (in the picture: player 2)"),
])
def test_the_hand_message_ends_with_the_legend_once(kind: str, lang: str, legend: str) -> None:
    """The hand's picture names the others too ("Na tahu: hráč 2"): its text's last line,
    right above the picture, is the legend; the picture's alt text keeps the name."""
    table = _table(kind, lang)
    seat = 0
    message = hand_message(table, table.state.view(seat), lang, render=False)
    content = message["content"]
    assert content.split("\n")[-1] == legend
    assert content.count(legend) == 1
    assert "obrázku" not in message["description"] and "picture:" not in message["description"]


@pytest.mark.parametrize(("kind", "lang", "legend"), [
    ("lora", "en", "🎲🎲 (in the picture: player 2)"),
    ("taroky", "cs", "🎲🎲 (na obrázku hráč 2)"),
])
def test_the_score_sheet_reply_ends_with_the_legend(kind: str, lang: str, legend: str) -> None:
    """Protokol (and /lora score, /taroky score): the totals in words, then the legend;
    the sheet's alt text is the totals alone."""
    table = _table(kind, lang)
    reply = ui_of(kind).table_op(table, "sheet", lang)
    assert reply.content is not None and reply.description is not None
    assert reply.content.split("\n")[-1] == legend
    assert reply.content.count(legend) == 1 and legend not in reply.description
    plain = ui_of(kind).table_op(_table(kind, lang, ["Eva", "Bob", "Ota", "Iva"]), "sheet",
                                 lang)
    assert plain.content is not None and "obrázku" not in plain.content
    assert "picture:" not in plain.content


def test_T_VIEW_the_deal_posts_result_is_followed_by_the_legend() -> None:
    """A finished deal's post (its result, its picture with everything shown): the legend
    under the result, on the post with the picture only."""
    ui = ui_of("taroky")
    rnd, _seat = taroky_example("finished")
    table = _table("taroky", "cs")
    table.state = rnd
    row = rnd.protocol[-1]
    ended = DealEnded(game=row.game, declarer=row.declarer, partner=row.partner,
                      eyes=(35, 35), money=(0, 0, 0, 0))
    lines = ui.announcements(table, [ended])
    pictures = ui.deal_pictures(table, [ended])
    assert [i for i, *_ in pictures] == [0]
    result = lines[0].split("\n")
    assert result[0].startswith("■") and result[-1] == "🎲🎲 (na obrázku hráč 2)"
    assert lines[0].count("obrázku") == 1
    assert "obrázku" not in pictures[0][3]  # (the picture's alt)
    plain = _table("taroky", "cs", ["Eva", "Bob", "Ota", "Iva"])
    plain.state = rnd
    assert "obrázku" not in ui.announcements(plain, [ended])[0]


def test_the_standings_post_says_who_an_entrant_s_stand_in_is() -> None:
    """The standings list every entrant by name; the picture names an emoji-only one by his
    number in the tournament: its embed's footer (under the picture) says who that is."""
    t_ = example_tournament("lora")
    t_.entrants[1].name = DICE
    number = model.entrant_number(t_, t_.entrants[1].entrant_no)
    assert standings_legend(t_, 1, "cs") == f"🎲🎲 (na obrázku hráč č. {number})"
    assert standings_legend(t_, 1, "en") == f"🎲🎲 (in the picture: player no. {number})"
    assert "obrázku" not in standings_alt(t_, 1, "cs")
    t_.entrants[1].name = "Bob"
    assert standings_legend(t_, 1, "cs") == ""


def test_a_footer_too_long_ends_after_a_whole_item() -> None:
    items = ", ".join(f"🎲 (na obrázku hráč č. {n})" for n in range(1, 200))
    clipped = clip_footer(items)
    assert len(clipped) <= 2048 and clipped.endswith("),…")
    assert clip_footer("🎲 (na obrázku hráč č. 1)") == "🎲 (na obrázku hráč č. 1)"



@pytest.mark.parametrize(("lang", "legend"), [
    ("cs", "🎲🎲 (na obrázku hráč 2)"), ("en", "🎲🎲 (in the picture: player 2)")])
async def test_the_final_post_says_who_the_sheets_stand_in_is(
        harness: Any, lang: str, legend: str) -> None:
    """The final order names him 🎲🎲, the sheet beside it "hráč 2": the embed's footer
    says who that is; the sheet's alt text keeps the name alone."""
    from bot.ui.builders import game_ui

    table = _table("lora", lang)
    table.state = lora_example("finished")
    item = harness.bot.controller.presenter._final(table, game_ui(table))
    embed = item.payload["embed"]
    assert embed["footer"]["text"] == legend
    assert DICE in embed["fields"][0]["value"] and "(" + legend.split(" (")[1] not in (
        embed["fields"][0]["value"])
    plain = _table("lora", lang, ["Eva", "Bob", "Ota", "Iva"])
    plain.state = table.state
    assert "footer" not in harness.bot.controller.presenter._final(
        plain, game_ui(plain)).payload["embed"]
