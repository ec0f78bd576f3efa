"""A lóra in the terminal: the human at seat 0, computer players at seats 1–3.

The offline way to try the game before the Discord bot; it drives the same public API.
"""

from __future__ import annotations

import random

from engine.actions import Action
from engine.ai import make_ai
from engine.cards import card_str, hand_str
from engine.events import Event
from engine.lora import Lora
from engine.messages import terminal_text
from engine.views import TrickView


def describe(action: Action, lang: str) -> str:
    return action.text(lang)


def _show(events: list[Event], lang: str) -> None:
    for e in events:
        print("  " + e.text(lang))


def _ask(options: list[Action], lang: str) -> Action:
    for i, a in enumerate(options, 1):
        print(f"  {i}) {describe(a, lang)}")
    while True:
        answer = input(terminal_text("choose", lang)).strip()
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return options[int(answer) - 1]
        print(terminal_text("again", lang, n=len(options)))


def play(seed: int | None = None, lang: str = "cs", level: str = "medium") -> int:
    rng = random.Random(seed)
    lora = Lora(rng=random.Random(rng.getrandbits(64)))
    bots = {s: make_ai(level, random.Random(rng.getrandbits(64))) for s in (1, 2, 3)}
    print(terminal_text("welcome", lang))
    _show(lora.start_events, lang)
    try:
        while not lora.finished:
            seat = lora.to_act
            assert seat is not None
            view = lora.view(seat)
            if seat == 0:
                pub = view.public
                print(terminal_text("hand", lang, hand=hand_str(view.hand)))
                match pub.game:
                    case TrickView(trick=trick) if trick:
                        cards = " ".join(card_str(c) for _, c in trick)
                        print(terminal_text("table", lang, cards=cards))
                    case _:
                        pass
                print(terminal_text("totals", lang, totals=" / ".join(map(str, pub.totals))))
                action = _ask(list(view.legal), lang)
            else:
                action = bots[seat].decide(view)
            _show(lora.apply(action), lang)
    except (EOFError, KeyboardInterrupt):
        print("\n" + terminal_text("bye", lang))
        return 1
    return 0
