"""T-REPLAY: a Taroky scenario (one deal) in, one JSON result out.

``engine.replay`` hands every scenario with ``"game": "taroky"`` to ``run_scenario``; the
command line, ``--jsonl``, the exit statuses and the ``error`` object are those of REPLAY.md.
``run_scenario`` never raises. The whole scenario, its actions included, is checked for form
before anything is played: a malformed action is ``bad_input`` with ``index`` null (exit 2),
and the output then describes no state. A refused action gives its 0-based ``index`` (exit 3)
and the output describes the state before it.
"""

from __future__ import annotations

from typing import Any

from engine.taroky.actions import DealAction, EndRound, action_from_json
from engine.taroky.cards import card_str, parse_cards, parse_hand
from engine.taroky.deal import TarokyDeal
from engine.taroky.errors import BadInput, TarokyError
from engine.taroky.events import Event
from engine.taroky.messages import bare_suits
from engine.taroky.options import TarokyOptions

EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXIT_REFUSED = 3
FIELDS = ("game", "dealer", "hands", "talon", "options", "actions")
DEFAULT_DEALER = 3  # T-SEATS: seat 3 deals the first deal


def empty_output(error: dict[str, Any] | None) -> dict[str, Any]:
    return {
        "finished": False,
        "to_act": None,
        "phase": None,
        "legal": [],
        "game": None,
        "declarer": None,
        "called": None,
        "partner": None,
        "alone": None,
        "hlasky": None,
        "flek": {"game": 0, "pagat": 0, "valat": 0},
        "tricks": [0, 0, 0, 0],
        "eyes": None,
        "eyes_by_seat": None,
        "components": None,
        "money": None,
        "events": [],
        "error": error,
    }


def output(
    deal: TarokyDeal, events: list[Event], error: dict[str, Any] | None, lang: str
) -> dict[str, Any]:
    """The T-REPLAY output object for the state of ``deal``."""
    done = deal.finished
    score = deal.score if done else None
    partner: int | None = None
    alone: bool | None = None
    if done and deal.game != "W":
        partner, alone = deal.partner, deal.alone
    return {
        "finished": done,
        "to_act": deal.to_act,
        "phase": deal.phase,
        "legal": [a.to_json() for a in deal.legal_actions()],
        "game": deal.game,
        "declarer": deal.declarer,
        "called": None if deal.called is None else card_str(deal.called),
        "partner": partner,
        "alone": alone,
        "hlasky": None if deal.hlasky is None else [list(h) for h in deal.hlasky],
        "flek": dict(deal.levels),
        "tricks": list(deal.won),
        "eyes": None if score is None or score.eyes is None else list(score.eyes),
        "eyes_by_seat": None
        if score is None or score.eyes_by_seat is None
        else list(score.eyes_by_seat),
        "components": None if score is None or score.components is None else dict(score.components),
        "money": None if score is None else list(score.money),
        "events": [bare_suits(e.text(lang)) for e in events],
        "error": error if error is None else {**error, "message": bare_suits(error["message"])},
    }


def _parse(data: object) -> tuple[TarokyDeal, list[DealAction]]:
    if not isinstance(data, dict):
        raise BadInput("scenario_not_object")
    for name in data:
        if name not in FIELDS:
            raise BadInput("unknown_field", value=str(name))
    for name in ("hands", "talon"):
        if name not in data:
            raise BadInput("missing_field", value=name)
    dealer = data.get("dealer", DEFAULT_DEALER)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer <= 3:
        raise BadInput("bad_field", name="dealer", value=repr(dealer))
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != 4:
        raise BadInput("hands_not_four")
    options = TarokyOptions.from_json(data.get("options"))
    raw = data.get("actions", [])
    if not isinstance(raw, list):
        raise BadInput("bad_field", name="actions", value=type(raw).__name__)
    actions: list[DealAction] = []
    for item in raw:
        action = action_from_json(item)
        if isinstance(action, EndRound):  # a round's input, not a deal's
            raise BadInput("action_shape")
        actions.append(action)
    deal = TarokyDeal(
        [parse_hand(h) for h in hands], parse_cards(data["talon"]), dealer, options
    )
    return deal, actions


def run_scenario(data: object, lang: str = "cs") -> tuple[dict[str, Any], int]:
    """Replay one parsed Taroky scenario; returns (output object, exit status)."""
    try:
        deal, actions = _parse(data)
    except TarokyError as exc:
        return empty_output(exc.to_json(None, lang)), EXIT_BAD_INPUT
    except RecursionError:
        return empty_output(BadInput("bad_input").to_json(None, lang)), EXIT_BAD_INPUT
    events: list[Event] = list(deal.start_events)
    for index, action in enumerate(actions):
        try:
            events += deal.apply(action)
        except TarokyError as exc:
            return output(deal, events, exc.to_json(index, lang), lang), EXIT_REFUSED
    return output(deal, events, None, lang), EXIT_OK
