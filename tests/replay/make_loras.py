"""Write the whole-lóra inputs of the replay corpus (their deals and action lists are long).

    PYTHONPATH=. python tests/replay/make_loras.py

The deals are built so that the totals do not depend on the cards the policy picks (see
``tests/helpers.py``: ``xdeal``, ``kdeal``, ``ddeal``); the actions are those of a simple
policy (the first legal action, scripted maturita choices and stovka answers). The expected
outputs (``*.expected.json``) were generated once and their key numbers checked by hand:
see README.md beside this file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.actions import Action, Choose, Declare
from engine.cards import deal_str
from engine.contracts import Contract
from engine.lora import Lora
from tests.helpers import (
    drive_recorded,
    kdeal,
    lora_deals,
    noten_deal,
    tali_deals,
    xdeal,
)

HERE = Path(__file__).resolve().parent

# Maturita of lóra B, kvarty failed by maturant 3: he must lead 7h, seat 0 completes the
# kvarta (8h 9h 10h), leads next and sheds Sl Fl Kl El Eb by himself.
KVARTY_FAIL_3 = (
    "8h 9h 10h Sl Fl Kl El Eb",
    "Sh Eh 7l 8l 9l 10l 7b 8b",
    "9b 10b Sb 7a 8a 9a 10a Sa",
    "7h Fh Kh Fb Kb Fa Ka Ea",
)


def _scenario(lora: Lora, deals: list[Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "lora": True,
        "first_leader": lora.first_leader,
        "options": lora.options.to_json(),
        "deals": [deal_str(d) for d in deals],
        "actions": actions,
    }


def lora_a() -> dict[str, Any]:
    """First leader 0; seats 0, 1, 0, 1 take every trick of games 1–5 in tálie 1–4; all
    maturitas pass (červené). Totals 128, 128, 48, 48: harakiri {2, 3} twice, then {0, 1}."""
    deals = [*lora_deals(0, [0, 1, 0, 1]), xdeal(1), xdeal(2), xdeal(1)]
    lora = Lora(deals=deals)
    actions = drive_recorded(lora, lambda lo: lo.finished)
    return _scenario(lora, deals, actions)


B_CHOICES = {
    (1, 1): Contract.DESITKY,  # seat 1 holds no ten: knocks at once, fails
    (1, 2): Contract.KVARTY,  # sheds everything: passes
    (2, 1): Contract.VSECHNY,  # takes the first trick: fails
    (2, 2): Contract.CERVENY_KRAL,  # seat 0 takes K♥: passes
    (3, 1): Contract.KVARTY,  # KVARTY_FAIL_3: fails
    (3, 2): Contract.FILKY,  # seat 1 takes every filek: passes
    (4, 1): Contract.CERVENE,  # takes every trick: fails
    (4, 2): Contract.FILKY,  # fails
    (4, 3): Contract.PRVNI_POSLEDNI,  # fails on the first trick: the tálie ends anyway
}


def lora_b_deals() -> list[Any]:
    from engine.cards import parse_deal

    return [
        *tali_deals(1, 1, [noten_deal(1), kdeal(1)]),
        *tali_deals(2, 2, [xdeal(2), xdeal(0)]),
        *tali_deals(3, 3, [parse_deal(list(KVARTY_FAIL_3)), xdeal(1)]),
        *tali_deals(0, 0, [xdeal(0), xdeal(0), xdeal(0)]),
        # harakiri of {1, 2, 3} (led by 1, 2, 3, 0): 3, 2, 3, 2 take everything; then {2, 3}
        # (led by 1): 3 takes everything
        xdeal(3),
        xdeal(2),
        xdeal(3),
        xdeal(2),
        xdeal(3),
    ]


def lora_b_policy(lora: Lora) -> Action:
    if lora.phase == "choose":
        seat = lora.to_act
        assert seat is not None and lora.attempt is not None
        return Choose(seat, B_CHOICES[(lora.tali, lora.attempt)])
    if lora.phase == "stovka":
        seat = lora.to_act
        assert seat is not None
        return Declare(seat, seat == 0)
    return lora.legal_actions()[0]


def lora_b() -> dict[str, Any]:
    """First leader 1; every seat takes every trick of games 1–5 once (its own tálie);
    maturita failures: seats 1, 2, 3 once, seat 0 three times; seat 0 declares čistá stovka.
    Totals 112, 96, 96, 96: seat 0 missed 100 and is last; {1, 2, 3} play four harakiri."""
    deals = lora_b_deals()
    lora = Lora(first_leader=1, deals=deals)
    actions = drive_recorded(lora, lambda lo: lo.finished, lora_b_policy)
    return _scenario(lora, deals, actions)


def lora_maturita_choice_refused() -> dict[str, Any]:
    """Tálie 1 up to its maturita; then první–poslední, refused on the first attempt."""
    deals = lora_deals(0, [0, 1, 0, 1])[:8]
    lora = Lora(deals=deals)
    actions = drive_recorded(lora, lambda lo: lo.phase == "choose")
    actions.append({"seat": 0, "choose": "prvni_posledni"})
    actions.append({"seat": 0, "choose": "kvarty"})
    return _scenario(lora, deals, actions)


def lora_stovka_question() -> dict[str, Any]:
    """Up to the čistá stovka question of tálie 3 (first leader 3: seat 1 answers first);
    two answers given, a wrong seat answers third."""
    deals = lora_deals(3, [0, 1, 2, 3])[:21]
    lora = Lora(first_leader=3, deals=deals)
    actions = drive_recorded(lora, lambda lo: lo.phase == "stovka")
    actions += [
        {"seat": 1, "cista_stovka": True},
        {"seat": 2, "cista_stovka": False},
        {"seat": 0, "cista_stovka": False},
    ]
    return _scenario(lora, deals, actions)


def lora_out_of_deals() -> dict[str, Any]:
    """Three deals only: červené, filky and první–poslední are played; the last card of
    první–poslední is refused (bad_input, exit 2) because všechny cannot be dealt."""
    deals = [xdeal(2), xdeal(2), xdeal(2)]
    lora = Lora(deals=deals)
    actions = drive_recorded(lora, _last_card_of_game_3)
    actions.append(lora.legal_actions()[0].to_json())
    actions.append({"seat": 2, "play": "Kh"})
    return _scenario(lora, deals, actions)


def _last_card_of_game_3(lora: Lora) -> bool:
    game = lora.game
    return (
        lora.game_no == 3
        and game is not None
        and game.to_json().get("tricks_done") == 7
        and len(game.to_json().get("trick", [])) == 3
    )


SCENARIOS = {
    "lora_tie_harakiri": lora_a,
    "lora_stovka_missed_three_way_harakiri": lora_b,
    "lora_maturita_choice_refused": lora_maturita_choice_refused,
    "lora_stovka_question": lora_stovka_question,
    "lora_out_of_deals": lora_out_of_deals,
}


def main() -> None:
    for name, make in SCENARIOS.items():
        text = json.dumps(make(), ensure_ascii=False)
        (HERE / f"{name}.json").write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
