"""Taroky rounds in typical states, for the golden pictures, the README's pictures and the
render bench: ``example(kind)`` → (round, the seat whose hand is shown).

Deterministic: given deals (the worked example of TAROKY.md, or shuffles from fixed seeds)
and fixed choices, so the pictures change only when the drawing does.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.taroky import TarokyRound
from engine.taroky.actions import Announce, Bid, Call, Choose, DealAction, Discard, Trojka
from engine.taroky.cards import parse_card, parse_cards, parse_hand
from engine.taroky.deal import random_deal
from engine.taroky.options import TarokyOptions

NAMES = ["Anička", "Bohouš", "Cecílie", "Dalibor"]
KINDS = ("bid", "discard", "trojka", "announce", "play", "solo", "varsava", "finished")
WORKED_HANDS = (
    "I VIII XII XIV XV XVII XX Jh Qh Kh Cx 8p",
    "II IV VI XXI Sk 4h Ah 2k Ak Kx Qp Kp",
    "VII IX X XI XVI XIX Ck Qk Kk 9x 10x 7p",
    "III V 3h 2h 4k Jk 8x Jx Qx 9p 10p Cp",
)
WORKED_TALON = "XVIII Ch 3k Jp 7x XIII"
Deal = tuple[tuple[int, int, int, int], tuple[int, ...]]
Choice = Callable[[TarokyRound, list[DealAction]], DealAction | None]


def worked() -> Deal:
    h = [parse_hand(x) for x in WORKED_HANDS]
    return (h[0], h[1], h[2], h[3]), tuple(parse_cards(WORKED_TALON))


def shuffled(seed: int, dealer: int) -> Deal:
    return random_deal(random.Random(f"taroky-example/{seed}"), dealer)


def drive(rnd: TarokyRound, stop: Callable[[TarokyRound], bool], choose: Choice,
          seed: int = 1, limit: int = 3000) -> TarokyRound:
    """Apply ``choose``'s action (or, when it has none, a random legal one) until ``stop``."""
    rng = random.Random(seed)
    for _ in range(limit):
        if stop(rnd) or rnd.finished:
            break
        legal = rnd.legal_actions()
        action = choose(rnd, legal)
        if action is None:
            if rnd.deal.phase == "announce":
                action = Announce(legal[0].seat, "done")
            else:
                action = rng.choice(legal)
        rnd.apply(action)
    return rnd


def script(**answers: dict[int, str | tuple[bool, ...] | list[str]]) -> Choice:
    """Fixed answers by phase and seat; the worked example's discards; else None."""
    said: dict[int, list[str]] = {}

    def choose(rnd: TarokyRound, legal: list[DealAction]) -> DealAction | None:
        action = scripted(rnd, legal)
        return action if action in legal else None

    def scripted(rnd: TarokyRound, legal: list[DealAction]) -> DealAction | None:
        seat = legal[0].seat
        phase = rnd.deal.phase
        mine = answers.get(phase, {}).get(seat)
        if phase == "bid":
            return Bid(seat, str(mine) if mine is not None else "dobra")
        if phase == "choose" and mine is not None:
            return Choose(seat, str(mine))
        if phase == "call" and mine is not None:
            return Call(seat, parse_card(str(mine)))
        if phase == "trojka" and isinstance(mine, tuple):
            return Trojka(seat, mine[rnd.deal.trojka_step])
        if phase == "discard":
            return next(a for a in legal if isinstance(a, Discard))
        if phase == "announce" and isinstance(mine, list):
            todo = said.setdefault(seat, list(mine))
            return Announce(seat, todo.pop(0)) if todo else Announce(seat, "done")
        return None

    return choose


def _worked_script() -> Choice:
    return script(bid={0: "1P"}, choose={0: "1P"}, call={0: "XIX"},
                  announce={0: ["pagat"], 1: ["flek:pagat"]})


def example(kind: str) -> tuple[TarokyRound, int]:
    """A round in the state ``kind`` (one of ``KINDS``) and the seat whose hand to show."""
    opts = TarokyOptions(round_deals=4)
    if kind in ("discard", "announce", "play"):
        rnd = TarokyRound(deals=[worked(), shuffled(2, 0)], options=opts)
        stops = {
            "discard": lambda r: r.deal.phase == "discard",
            "announce": lambda r: r.deal.phase == "announce" and len(r.deal.announcements) >= 3,
            "play": lambda r: len(r.deal.tricks) == 7 and len(r.deal.trick) == 2,
        }
        drive(rnd, stops[kind], _worked_script())
        return rnd, 0 if kind != "play" else rnd.to_act or 0
    if kind == "bid":
        rnd = TarokyRound(deals=[worked(), shuffled(3, 0)], options=opts)
        drive(rnd, lambda r: r.deal.deal_no == 2 and len(r.deal.bids) == 2, _worked_script())
        return rnd, rnd.to_act or 0
    if kind == "trojka":
        rnd = TarokyRound(deals=[shuffled(4, 3)], options=opts)
        drive(rnd, lambda r: r.deal.phase == "trojka" and r.deal.trojka_step == 1,
              script(bid={0: "3P"}, trojka={0: (False, False)}))
        return rnd, 0
    if kind == "solo":
        rnd = TarokyRound(deals=[shuffled(5, 3)], options=opts)
        drive(rnd, lambda r: len(r.deal.tricks) == 4 and len(r.deal.trick) == 1,
              script(bid={0: "1P", 1: "6P"}, announce={2: ["flek:game"]}))
        return rnd, rnd.to_act or 0
    if kind == "varsava":
        rnd = TarokyRound(deals=[shuffled(6, 3)], options=opts)
        drive(rnd, lambda r: len(r.deal.tricks) == 5 and len(r.deal.trick) == 3,
              script(bid={0: "1P", 3: "zduch"}))
        return rnd, rnd.to_act or 0
    if kind == "finished":
        rnd = TarokyRound(deals=[worked(), shuffled(7, 0), shuffled(8, 1), shuffled(9, 2)],
                          options=TarokyOptions(stake=2000))
        per_deal = [
            _worked_script(),  # první povinnost, a flekked pagát
            script(bid={1: "1P"}, choose={1: "W"}),  # Varšava
            script(bid={2: "3P"}, trojka={2: (False, True)}),  # preferanc na druhých
            script(bid={3: "1P", 0: "6P"}, announce={1: ["flek:game"]}),  # sólo, flek
        ]
        drive(rnd, lambda r: False, lambda r, legal: per_deal[r.deal.deal_no - 1](r, legal))
        return rnd, 0
    raise ValueError(f"no Taroky example {kind!r}; known: {', '.join(KINDS)}")
