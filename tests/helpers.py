"""Shared helpers of the rule tests: hand-made deals, scripted play, a lóra driver, the CLI.

Every expected number in the tests is computed by hand from RULES.md; these helpers only
build positions and push actions, they never compute an expected result.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from engine.actions import Action, Choose, Declare, EndTurn, Lay, LayTurn, Lead, Play
from engine.cards import parse_card, parse_deal
from engine.contracts import Contract, Options
from engine.desitky import DesitkyGame
from engine.errors import LoraError
from engine.events import Event
from engine.kvarty import KvartyGame
from engine.lora import Lora
from engine.partial import PartialGame
from engine.tricks import TrickGame

ROOT = Path(__file__).resolve().parent.parent
Deal = tuple[int, int, int, int]


# -- cards and deals -------------------------------------------------------------------
def c(name: str) -> int:
    """One card from RULES.md notation."""
    return parse_card(name)


def deal(*hands: str) -> Deal:
    """Four hands (seat 0 first) checked to be the whole deck (R-DECK)."""
    return parse_deal(list(hands))


SUITS = "hlba"

# What /lora settings and /lora defaults list while a server has set no table options (English).
LORA_BUILTIN_DEFAULTS_EN = (
    "New Lóra tables start with the built-in options – this server has set none of its"
    " own (a server manager sets them with /lora defaults; an option given when opening"
    " a table always wins; the creator can then still change the rules in the menu below the"
    " table, and the players accept the change):\n"
    "• King of hearts into the first trick: allowed\n"
    "• Panák (whoever takes all four Obers in the game Obers owes everyone a drink): no\n"
    "• Clean hundred: yes\n• Turn timer: 120 s\n• Seating: by draw")


def _rotate(hands: list[str], seat: int) -> Deal:
    """``hands[k]`` goes to seat ``(seat + k) % 4``."""
    out = ["", "", "", ""]
    for k, h in enumerate(hands):
        out[(seat + k) % 4] = h
    return deal(*out)


def xdeal(x: int) -> Deal:
    """Seat ``x`` holds K and E of every suit and takes every trick, whatever anyone plays.

    The others hold 7 8 / 9 10 / S F of every suit (x+1, x+2, x+3). Every seat has two cards
    of every suit, so everybody always follows suit and ``x`` always has the top card.
    """
    return _rotate(
        [
            " ".join(f"{r}{s}" for s in SUITS for r in pair)
            for pair in (("K", "E"), ("7", "8"), ("9", "10"), ("S", "F"))
        ],
        x,
    )


def kdeal(leader: int) -> Deal:
    """Kvarty: the leader holds S F K E of hearts and leaves and sheds all 8 cards alone."""
    return _rotate(
        [
            "Sh Fh Kh Eh Sl Fl Kl El",
            "7h 8h 9h 10h 7l 8l 9l 10l",
            "7b 8b 9b 10b Sb Fb Kb Eb",
            "7a 8a 9a 10a Sa Fa Ka Ea",
        ],
        leader,
    )


def ddeal(leader: int) -> Deal:
    """Desítky: seat ``leader + k`` holds the whole suit k (h l b a)."""
    return _rotate(
        [" ".join(f"{r}{s}" for r in ("7", "8", "9", "10", "S", "F", "K", "E")) for s in SUITS],
        leader,
    )


def noten_deal(seat: int) -> Deal:
    """Seat ``seat`` holds no ten (it knocks at once in desítky); the next seat holds two."""
    return _rotate(
        [
            "7h 8h 9h Sh 7l 8l 9l Sl",
            "10h Fh Kh Eh 10l Fl Kl El",
            "7b 8b 9b 10b Sb Fb Kb Eb",
            "7a 8a 9a 10a Sa Fa Ka Ea",
        ],
        seat,
    )


# -- partial games ---------------------------------------------------------------------
def new_game(
    contract: str,
    hands: Deal,
    leader: int = 0,
    maturant: int | None = None,
    **options: Any,
) -> tuple[PartialGame, list[Event]]:
    """A partial game and the events of its start (desítky knocks)."""
    opts = Options(**options)
    con = Contract(contract)
    game: PartialGame
    if con is Contract.KVARTY:
        game = KvartyGame(hands, leader, opts, maturant)
    elif con is Contract.DESITKY:
        game = DesitkyGame(hands, leader, opts, maturant)
    else:
        game = TrickGame(con, hands, leader, opts, maturant)
    return game, game.start()


def play_cards(game: PartialGame, cards: str) -> list[Event]:
    """Trick games: play these cards, each by the seat to act."""
    events: list[Event] = []
    for name in cards.split():
        assert game.to_act is not None, f"nobody to act before {name}"
        events += game.apply(Play(game.to_act, c(name)))
    return events


def lay_turn(game: PartialGame, seat: int, cards: str) -> list[Event]:
    return game.apply(LayTurn(seat, tuple(c(n) for n in cards.split())))


def short(actions: Iterable[Action]) -> list[str]:
    """Actions as short text: a card, ``end``, a contract, ``yes``/``no``."""
    out = []
    for a in actions:
        if isinstance(a, Play | Lead | Lay):
            out.append(f"{_name(a.card)}")
        elif isinstance(a, EndTurn):
            out.append("end")
        elif isinstance(a, Choose):
            out.append(a.contract.value)
        elif isinstance(a, Declare):
            out.append("yes" if a.declare else "no")
        else:
            out.append(repr(a))
    return out


def _name(card: int) -> str:
    from engine.cards import card_str

    return card_str(card)


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def refusal(target: Any, action: Action) -> LoraError:
    """The error ``target.apply(action)`` raises; asserts that nothing changed."""
    before = json.dumps(target.to_json(), sort_keys=True)
    try:
        target.apply(action)
    except LoraError as exc:
        after = json.dumps(target.to_json(), sort_keys=True)
        assert before == after, "a refused action changed the state"
        return exc
    raise AssertionError(f"{action} was accepted")


# -- a whole lóra ----------------------------------------------------------------------
Policy = Callable[[Lora], Action]


def first_legal(lora: Lora) -> Action:
    """Always the first legal action: the lowest card, keep laying in desítky, choose
    červené in maturita, answer no to čistá stovka."""
    return lora.legal_actions()[0]


def drive(
    lora: Lora,
    until: Callable[[Lora], bool],
    policy: Policy = first_legal,
    limit: int = 5000,
) -> list[Event]:
    """Apply ``policy`` until ``until(lora)`` holds (checked before every action)."""
    events: list[Event] = []
    for _ in range(limit):
        if until(lora):
            return events
        assert not lora.finished, "the lóra finished before the condition held"
        events += lora.apply(policy(lora))
    raise AssertionError("drive: limit reached")


def at_choose(lora: Lora) -> bool:
    return lora.phase == "choose"


def at_game(tali: int, game_no: int) -> Callable[[Lora], bool]:
    return lambda lora: lora.phase == "play" and (lora.tali, lora.game_no) == (tali, game_no)


def tali_deals(leader: int, x: int, maturita: list[Deal] | None = None) -> list[Deal]:
    """The deals of one tálie: seat ``x`` takes every trick of games 1–5, the leader sheds
    everything in kvarty and desítky, and maturita is a trick deal the maturant cannot lose
    unless given otherwise."""
    if maturita is None:
        maturita = [xdeal((leader + 1) % 4)]
    return [xdeal(x)] * 5 + [kdeal(leader), ddeal(leader), *maturita]


def lora_deals(first_leader: int, xs: list[int], fails: dict[int, int] | None = None) -> list[Deal]:
    """The 32+ deals of a whole lóra driven by ``first_legal`` (which chooses červené in
    maturita and never declares čistá stovka).

    In tálie t seat ``xs[t-1]`` takes every trick of games 1–5 (40 points), the leader sheds
    all his cards in kvarty and desítky (the three others score 8 + 8), and the maturant fails
    ``fails[maturant]`` červené attempts (8 each: the deal makes him take every trick) before
    one he passes (the deal gives every trick to the next seat). So seat s ends the lóra with
    ``48 + 40 * xs.count(s) + 8 * fails[s]`` (``fails[s] == 3`` leaves no attempt to pass).
    """
    fails = fails or {}
    out: list[Deal] = []
    for t in range(4):
        leader = (first_leader + t) % 4
        n = fails.get(leader, 0)
        maturita = [xdeal(leader)] * n + ([xdeal((leader + 1) % 4)] if n < 3 else [])
        out += tali_deals(leader, xs[t], maturita)
    return out


# -- the replay CLI --------------------------------------------------------------------
# -- positions several test files start from ----------------------------------------------
def dealt_to(hands: Deal, seat: int) -> Deal:
    """``hands`` (seat 0's first) turned so that seat ``seat`` holds ``hands[0]``."""
    return (hands[(0 - seat) % 4], hands[(1 - seat) % 4], hands[(2 - seat) % 4],
            hands[(3 - seat) % 4])


def lora_at_kvarty(first: Deal, second: Deal | None = None) -> Lora:
    """A lóra (first leader 0) at tálie 1's kvarty, led by seat 0 and dealt ``first`` (seat
    0's hand first); tálie 2's kvarty, led by seat 1, dealt ``second`` turned to him (his
    the hand given first) when given; the rest is ``lora_deals``."""
    deals = lora_deals(0, [0, 1, 2, 3])
    deals[5] = first  # tálie 1: 5 trick games, then kvarty (leader 0)
    if second is not None:
        deals[13] = dealt_to(second, 1)  # tálie 2 (8 deals later): leader 1
    lora = Lora(first_leader=0, deals=deals)
    drive(lora, lambda lo: lo.tali == 1 and lo.contract is Contract.KVARTY)
    return lora


def harakiri_played_off(times: int) -> tuple[Lora, list[Event]]:
    """R-HARAKIRI: seats 0, 1 and 3 tied at 20 (seat 2 at 5, first leader 2) play four games
    summed ``times`` times: ``times - 1`` play-offs all taken by seat 2 (not tied: they stay
    tied at 0), then one won by seats 0, 1, 1, 2 → sums 40, 80 and 0 for seat 3; played to
    the lóra's end, with the events from the tie on."""
    deals = [xdeal(2)] * 4 * (times - 1) + [xdeal(0), xdeal(1), xdeal(1), xdeal(2)]
    lora = Lora(first_leader=2, deals=deals, start=False)
    lora.totals = [20, 20, 5, 20]
    events = lora._begin_final_order()
    events += drive(lora, lambda lo: lo.finished)
    assert lora.order == [2, 3, 0, 1]
    return lora, events


def run_cli(*args: str, stdin: str | None = None, cwd: Path | None = None) -> tuple[str, int, str]:
    """``python -m engine ARGS``: (stdout, exit status, stderr)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd or ROOT,
        env=env,
        timeout=120,
    )
    return proc.stdout, proc.returncode, proc.stderr


def replay(scenario: object, *args: str) -> tuple[dict[str, Any], int]:
    """Replay one scenario through the real CLI from standard input."""
    out, status, err = run_cli("replay", "-", *args, stdin=json.dumps(scenario))
    assert "Traceback" not in err, err
    return json.loads(out), status


def drive_recorded(
    lora: Lora,
    until: Callable[[Lora], bool],
    policy: Policy = first_legal,
    limit: int = 5000,
) -> list[dict[str, Any]]:
    """Like ``drive``, and return the actions in the replay input form (a desítky turn of
    single ``Lay`` actions becomes one ``{"seat": s, "play": [...]}``)."""
    from engine.events import TurnEnded

    out: list[dict[str, Any]] = []
    pending: list[str] = []
    for _ in range(limit):
        if until(lora):
            return out
        assert not lora.finished, "the lóra finished before the condition held"
        action = policy(lora)
        events = lora.apply(action)
        if isinstance(action, Lay):
            pending.append(_name(action.card))
            if any(isinstance(e, TurnEnded) and e.seat == action.seat for e in events):
                out.append({"seat": action.seat, "play": pending})
                pending = []
        elif isinstance(action, EndTurn):
            out.append({"seat": action.seat, "play": pending})
            pending = []
        else:
            out.append(action.to_json())
    raise AssertionError("drive_recorded: limit reached")


def medium_positions(games: list[Contract], count: int, seed: int, steps: tuple[int, int],
                     keep: Callable[[Any], bool]) -> list[Lora]:
    """``count`` lóras in a partial game of ``games`` (in turn), each after ``randrange(*steps)``
    medium decisions from a seeded deal, still in that game, whose seat to act has a view
    ``keep`` accepts — positions for the AI's searches to be tested on."""
    import random

    from benchmarks.ai_duel import position
    from engine.ai import MediumAI
    from engine.cards import shuffled_deal

    rng = random.Random(seed)
    out: list[Lora] = []
    i = 0
    while len(out) < count:
        lora = position(games[i % len(games)], shuffled_deal(rng), i % 4, False)
        i += 1
        n = rng.randrange(*steps)
        medium = MediumAI(random.Random(i))
        n0 = len(lora.protocol)
        for _ in range(n):
            seat = lora.to_act
            assert seat is not None
            lora.apply(medium.decide(lora.view(seat)))
            if len(lora.protocol) != n0:
                break
        if len(lora.protocol) != n0:
            continue
        seat = lora.to_act
        assert seat is not None
        if keep(lora.view(seat)):
            out.append(lora)
    return out


def drawn_texts(monkeypatch: Any, module: Any) -> list[str]:
    """Every string ``module``'s pictures draw through its ``text`` (spied, in order)."""
    seen: list[str] = []
    real = module.text

    def spy(img: Any, xy: Any, value: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(value)
        return real(img, xy, value, *args, **kwargs)

    monkeypatch.setattr(module, "text", spy)
    return seen


def taroky_seats_at_a_deal_end() -> tuple[Any, list[Any]]:
    """A Taroky table of two deals (Ann; Eve withdrawn, an AI plays her seat; an AI; Dana
    absent) and the events of random play (seed 5) through the first deal's end: a
    ``bot.model.Table`` in English and its events."""
    import random

    from bot.model import Seat, Table, TableSettings
    from engine.taroky import TarokyRound
    from engine.taroky.events import DealEnded
    from engine.taroky.options import TarokyOptions

    rnd = TarokyRound(rng=random.Random(5), options=TarokyOptions(round_deals=2))
    rng = random.Random(5)
    seats = [Seat(1, "Ann"), Seat(None, "Eve", "medium", left=True, left_at=0),
             Seat(None, "AI Božena", "easy"), Seat(4, "Dana", absent=True)]
    table = Table(1, 1, 1, 1, TableSettings(lang="en"), seats, "taroky", state=rnd)
    events: list[Any] = []
    while not any(isinstance(e, DealEnded) for e in events):
        events += rnd.apply(rng.choice(rnd.legal_actions()))
    return table, events
