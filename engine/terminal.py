"""A lóra in the terminal: the human at seat 0, computer players at seats 1–3.

The offline way to try the game before the Discord bot; it drives the same public API.
"""

from __future__ import annotations

import random

from engine.actions import Action, Choose, Declare, EndTurn, Lay, Lead, Play
from engine.ai import make_ai
from engine.cards import card_str, hand_str
from engine.events import Event
from engine.lora import Lora
from engine.messages import contract_name, terminal_text


def describe(action: Action, lang: str) -> str:
    if isinstance(action, Play | Lay):
        return card_str(action.card)
    if isinstance(action, Lead):
        return terminal_text("lead", lang, card=card_str(action.card))
    if isinstance(action, EndTurn):
        return terminal_text("end_turn", lang)
    if isinstance(action, Choose):
        return contract_name(action.contract.value, lang)
    assert isinstance(action, Declare)
    return terminal_text("declare_yes" if action.declare else "declare_no", lang)


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
                if pub.trick:
                    cards = " ".join(card_str(c) for _, c in pub.trick)
                    print(terminal_text("table", lang, cards=cards))
                print(terminal_text("totals", lang, totals=" / ".join(map(str, pub.totals))))
                action = _ask(list(view.legal), lang)
            else:
                action = bots[seat].decide(view)
            _show(lora.apply(action), lang)
    except (EOFError, KeyboardInterrupt):
        print("\n" + terminal_text("bye", lang))
        return 1
    return 0
