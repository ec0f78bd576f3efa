"""Review 73 (#3): after one missed turn an AI played the whole rest of a tournament's lóra
for the player, and his last hand said only "Za tebe hrála AI: 10🔔, F🌰, 10🌰." (the cards of
the deal in play). While the AI plays for him his hand says since when and how many moves it
has made; a game it played to the end says so at the end."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.model import STATUS_PLAYING, Seat, Table, TableSettings
from bot.render.bench import example as lora_example
from bot.ui.builders import hand_message
from engine import games

LINK = {"id": 1, "round": 1, "table": 1, "entrants": [1, 2, 3, 4]}


def _table(kind: str, lang: str, state: Any) -> Table:
    seats: list[Seat | None] = [Seat(100 + i, n) for i, n in enumerate(["Bohouš", "Dana",
                                                                         "Ema", "Filip"])]
    return Table(1, 1, 1, 1, TableSettings(options=state.options.to_json(), lang=lang), seats,
                 game_kind=kind, status=STATUS_PLAYING, state=state, seed=1, tournament=LINK)


def _away(table: Table, seat: int, since: int, moves: int) -> None:
    s = table.seats[seat]
    assert s is not None
    s.absent, s.ai_moves, s.away_from = True, moves, since


def _played_out(kind: str) -> Any:
    spec = games.get(kind)
    rules = spec.tournament_rules()  # (a Taroky round of one deal, as a tournament sets it)
    length = {"deals": 1} if rules.round_units else {}
    state = spec.new(rules.round_options({}, length, 1), random.Random(3))
    step = 0
    while not state.finished:
        seat = state.to_act
        state.apply(spec.ai_action(state, seat, "easy", random.Random(step)))
        step += 1
    return state


def _lines(table: Table, seat: int, lang: str) -> list[str]:
    message = hand_message(table, table.state.view(seat), lang, render=False)
    return str(message["content"]).splitlines()


@pytest.mark.parametrize(("lang", "moves", "line"), [
    ("cs", 196, "Čas na tah ti vypršel, a tak za tebe od té chvíle hraje AI (zatím 196 tahů)."
                " Klikni na kterékoli tlačítko stolu – třeba Jsem zpět – a hraješ zase ty."),
    ("cs", 3, "Čas na tah ti vypršel, a tak za tebe od té chvíle hraje AI (zatím 3 tahy)."
              " Klikni na kterékoli tlačítko stolu – třeba Jsem zpět – a hraješ zase ty."),
    ("en", 1, "The AI has played for you since your time ran out (1 move so far). Click any"
              " button of the table – e.g. I'm back – and you play yourself again."),
])
def test_while_the_ai_plays_for_him_his_hand_counts_its_moves(lang: str, moves: int,
                                                              line: str) -> None:
    table = _table("lora", lang, lora_example("trick"))
    _away(table, 0, 7, 7 + moves)  # (seven moves an AI made for him before: not this time's)
    assert line in _lines(table, 0, lang)


def test_a_taroky_hand_counts_them_as_well() -> None:
    from bot.games.taroky.pictures.examples import example as taroky_example

    table = _table("taroky", "en", taroky_example("play")[0])
    _away(table, 1, 0, 12)
    assert ("The AI has played for you since your time ran out (12 moves so far). Click any"
            " button of the table – e.g. I'm back – and you play yourself again."
            ) in _lines(table, 1, "en")


@pytest.mark.parametrize(("kind", "lang", "line"), [
    ("lora", "cs", "Od chvíle, kdy ti vypršel čas na tah, za tebe hrála AI až do konce"
                   " (196 tahů)."),
    ("taroky", "en", "Since your time ran out, the AI played for you to the end (196 moves)."),
])
def test_a_game_the_ai_played_to_the_end_for_him_says_so_on_his_last_hand(
        kind: str, lang: str, line: str) -> None:
    table = _table(kind, lang, _played_out(kind))
    _away(table, 0, 4, 200)
    assert line in _lines(table, 0, lang)
    assert not any("vypršel" in x or "ran out" in x for x in _lines(table, 1, lang))
    back = table.seats[0]
    assert back is not None
    back.absent = False  # (he came back before the end: nothing of it)
    assert line not in _lines(table, 0, lang)


def test_the_start_of_the_absence_is_kept_with_the_table() -> None:
    seat = Seat(100, "Bohouš", absent=True, ai_moves=30, away_from=12)
    assert Seat.from_json(seat.to_json()).away_from == 12
    old = seat.to_json()
    del old["away_from"]  # (a seat saved before it was kept: no count, the words as before)
    assert Seat.from_json(old).away_from is None
