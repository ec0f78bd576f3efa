"""The replay interface of REPLAY.md: a JSON scenario in, one JSON result out.

``run_scenario`` never raises: every problem becomes the ``error`` object and an exit status
(0 all applied, 3 an action refused, 2 bad input).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from engine.actions import Action, Lay, action_from_json
from engine.cards import card_str, parse_deal
from engine.contracts import PLAYABLE_CONTRACTS, Contract, Options
from engine.errors import BadInput, LoraError
from engine.events import Event
from engine.families import new_partial_game
from engine.lora import Lora, parse_deals
from engine.partial import PartialGame

EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXIT_REFUSED = 3


def action_out(action: Action) -> dict[str, Any]:
    """An action in REPLAY.md's output form (a desítky card is a one-card turn)."""
    if isinstance(action, Lay):
        return {"seat": action.seat, "play": [card_str(action.card)]}
    return action.to_json()


def _seat_field(data: dict[str, Any], name: str, default: int | None) -> int | None:
    value = data.get(name, default)
    if value is None and default is None:
        return None  # an optional seat (the maturant) left out or null
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise BadInput("bad_field", name=name, value=repr(value))
    return value


def _actions_field(data: dict[str, Any]) -> list[Any]:
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise BadInput("bad_field", name="actions", value=type(actions).__name__)
    return actions


class _Run:
    """One scenario being replayed: either a partial game or a whole lóra."""

    def __init__(self, data: object) -> None:
        if not isinstance(data, dict):
            raise BadInput("scenario_not_object")
        self.lora: Lora | None = None
        self.game: PartialGame | None = None
        self.events: list[Event] = []
        options = Options.from_json(data.get("options"))
        self.raw_actions = _actions_field(data)
        if data.get("lora") is True:
            if "deals" not in data:
                raise BadInput("missing_field", value="deals")
            first = _seat_field(data, "first_leader", 0)
            assert first is not None
            self.lora = Lora(options=options, first_leader=first, deals=parse_deals(data["deals"]))
            self.events += self.lora.start_events
            return
        if data.get("lora", False) is not False:
            raise BadInput("bad_field", name="lora", value=repr(data.get("lora")))
        if "contract" not in data:
            raise BadInput("missing_field", value="contract")
        contract = Contract.parse(data["contract"])
        if contract not in PLAYABLE_CONTRACTS:
            raise BadInput("unknown_contract", value=contract.value)
        if "hands" not in data:
            raise BadInput("missing_field", value="hands")
        hands = parse_deal(data["hands"])
        maturant = _seat_field(data, "maturant", None)
        # R-MATURITA: the maturant leads his attempt ("leader" may be left out)
        leader = _seat_field(data, "leader", 0 if maturant is None else maturant)
        assert leader is not None
        if maturant is not None and (contract is Contract.HARAKIRI or maturant != leader):
            raise BadInput("bad_field", name="maturant", value=maturant)
        self.game = new_partial_game(contract, hands, leader, options, maturant)
        self.events += self.game.start()

    def apply(self, action: Action) -> None:
        target = self.lora if self.lora is not None else self.game
        assert target is not None
        self.events += target.apply(action)

    def output(self, error: dict[str, Any] | None, lang: str) -> dict[str, Any]:
        target: Lora | PartialGame | None = self.lora if self.lora is not None else self.game
        assert target is not None
        game = self.lora.game if self.lora is not None else self.game
        points = list(game.recorded_points()) if game is not None else [0, 0, 0, 0]
        knocks = list(game.knock_counts()) if game is not None else [0, 0, 0, 0]
        out: dict[str, Any] = {
            "finished": target.finished,
            "to_act": target.to_act,
            "legal": [action_out(a) for a in target.legal_actions()],
            "points": points,
            "knocks": knocks,
            "events": [e.text(lang) for e in self.events],
            "protocol": [],
            "totals": None,
            "order": None,
            "error": error,
        }
        if self.lora is not None:
            out["protocol"] = [row.replay_json() for row in self.lora.protocol]
            out["totals"] = list(self.lora.totals)
            out["order"] = self.lora.order
        return out


def _empty_output(error: dict[str, Any]) -> dict[str, Any]:
    return {
        "finished": False,
        "to_act": None,
        "legal": [],
        "points": [0, 0, 0, 0],
        "knocks": [0, 0, 0, 0],
        "events": [],
        "protocol": [],
        "totals": None,
        "order": None,
        "error": error,
    }


def run_scenario(data: object, lang: str = "cs") -> tuple[dict[str, Any], int]:
    """Replay one parsed scenario; returns (output object, exit status)."""
    if isinstance(data, dict) and data.get("game") == "taroky":
        from engine.taroky.replay import run_scenario as run_taroky  # T-REPLAY

        return run_taroky(data, lang)
    try:
        run = _Run(data)
    except LoraError as exc:
        return _empty_output(exc.to_json(None, lang)), EXIT_BAD_INPUT
    except RecursionError:
        return _empty_output(BadInput("bad_input").to_json(None, lang)), EXIT_BAD_INPUT
    for index, raw in enumerate(run.raw_actions):
        try:
            run.apply(action_from_json(raw))
        except BadInput as exc:
            return run.output(exc.to_json(index, lang), lang), EXIT_BAD_INPUT
        except LoraError as exc:
            return run.output(exc.to_json(index, lang), lang), EXIT_REFUSED
    return run.output(None, lang), EXIT_OK


def run_text(text: str, lang: str = "cs") -> tuple[dict[str, Any], int]:
    """Parse and replay one scenario given as JSON text."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        err = BadInput("not_json", value=type(exc).__name__)
        return _empty_output(err.to_json(None, lang)), EXIT_BAD_INPUT
    return run_scenario(data, lang)


def _read(path: str) -> str:
    """The input as text: UTF-8 (RFC 8259) from a file or standard input, whatever the locale."""
    if path == "-":
        stdin = getattr(sys.stdin, "buffer", None)
        return sys.stdin.read() if stdin is None else stdin.read().decode("utf-8")
    with open(path, encoding="utf-8") as f:
        return f.read()


def _emit(out: dict[str, Any]) -> None:
    """Print one output object as a line of UTF-8 JSON, whatever the locale's encoding.

    A lone surrogate (a ``\\ud800`` escape in the input, echoed in a message) cannot be
    encoded in UTF-8: the line is then written with ASCII escapes, which is the same JSON.
    """
    text = json.dumps(out, ensure_ascii=False)
    try:
        data = (text + "\n").encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(out)
        data = (text + "\n").encode("ascii")
    stdout = getattr(sys.stdout, "buffer", None)
    if stdout is None:
        print(text)
        return
    sys.stdout.flush()
    stdout.write(data)
    stdout.flush()


def main(path: str, *, jsonl: bool = False, lang: str = "cs") -> int:
    """The ``python -m engine replay`` command; prints JSON, returns the exit status."""
    try:
        text = _read(path)
    except (OSError, UnicodeDecodeError) as exc:
        err = BadInput("unreadable", value=str(exc))
        _emit(_empty_output(err.to_json(None, lang)))
        return EXIT_BAD_INPUT
    if not jsonl:
        out, status = run_text(text, lang)
        _emit(out)
        return status
    # JSON Lines: only "\n" ends a line (str.splitlines would also split at U+2028, U+2029
    # or U+0085, which JSON allows unescaped inside a string).
    for line in text.split("\n"):
        if not line.strip():
            continue
        out, _ = run_text(line, lang)
        _emit(out)
    return EXIT_OK
