"""Issue 17, fourth round: where hard's cards differ from medium's, and whether a lead model
distilled from hard's leads helps hard as a rollout policy (README, "Fourth round").

``python benchmarks/lead_study.py agree --deals 40``: how often hard (48 worlds, world budgets,
in one seat among medium) plays another card than the medium rules would, per trick game,
lead / follow / discard and early (tricks 1–3) / late.

``python benchmarks/lead_study.py collect FILE --deals 500 --seed 1``: hard's leads (64 worlds)
in medium-field trick games, one JSON line each.
``python benchmarks/lead_study.py fit FILE [--code N]``: a conditional-logit model of which
legal card hard leads (features of each candidate, medium's card among them), fitted by
gradient descent; prints the weights and how often the model and medium pick hard's lead.
``python benchmarks/lead_study.py player WEIGHTS CONTRACT --deals 300``: the medium player with
the model's leads (outside maturita) against medium, duplicate, B − A per game (negative:
the model's leads took fewer points).
``python benchmarks/lead_study.py duel WEIGHTS CONTRACT --deals 150 --seed S [--field F]
[--others]``: hard (64/120 worlds) against hard whose rollouts lead by the model for its own
seat (or, with ``--others``, for the other seats: the opponent model), via patched copies of
the rollout functions in this process only (a measuring harness, not a player).

Nothing here is used by the players; it is the record of an experiment that was not kept.
"""

from __future__ import annotations

import argparse
import collections
import inspect
import json
import math
import random
import sys
from collections.abc import Callable, Iterator
from typing import Any

import ai_duel

import engine.ai.policy as P
import engine.ai.rollouts as R
import engine.ai.search as S
from engine.actions import Action
from engine.ai import make_ai
from engine.ai.common import (
    action_card,
    card_action,
    forbid_kh,
    remaining_of,
    trick_state,
    voids_of,
)
from engine.ai.hard import HardAI
from engine.ai.medium import medium_card
from engine.ai.objective import stovka_target
from engine.ai.worlds import knowledge
from engine.cards import SUIT_MASKS, shuffled_deal
from engine.contracts import Contract
from engine.lora import Lora
from engine.views import SeatView

TRICK_GAMES = ("cervene", "filky", "prvni_posledni", "vsechny", "cerveny_kral")


def features(
    code: int, hand: int, index: int, remaining: int, voids: list[int], seat: int, c: int, med: int
) -> list[float]:
    others = remaining & ~hand
    s = c >> 3
    out = others & SUIT_MASKS[s]
    lo = (P.BELOW[c] & out).bit_count()
    hi = (P.ABOVE[c] & out).bit_count()
    mine = (hand & SUIT_MASKS[s]).bit_count()
    own_below = (hand & P.BELOW[c]).bit_count()
    vn = sum(voids[(seat + i) & 3] >> s & 1 for i in (1, 2, 3))
    value = P.CARD_VALUE[code][c]
    base = P.trick_base(code, index)
    pw = 1.0 if (not out or hi == 0) else lo / (lo + hi)
    late = index / 7
    safe = float(lo == 0 and out != 0)
    return [
        float(c == med), pw, pw * late, safe, safe * late, min(lo, 4) / 4, min(hi, 4) / 4,
        mine / 8, own_below / 4, vn / 3, float(out == 0), value / 4, value * pw / 4,
        (c & 7) / 7, base * pw / 4, float(own_below == 0), out.bit_count() / 8,
    ]  # fmt: skip


def model_lead(
    w: list[float], code: int, seat: int, hand: int, index: int, remaining: int,
    voids: list[int], fkh: bool, med: int,
) -> int:  # fmt: skip
    legal = P.legal_trick_mask(hand, [], code, fkh and index == 0)
    best, best_score = med, -1e18
    m = legal
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        f = features(code, hand, index, remaining, voids, seat, c, med)
        score = sum(a * b for a, b in zip(f, w, strict=True))
        if score > best_score:
            best, best_score = c, score
    return best


def play_out(contract: Contract, deal: Any, leader: int, bots: list[Any]) -> tuple[int, ...]:
    lora = ai_duel.position(contract, deal, leader, False)
    start = len(lora.protocol)
    while len(lora.protocol) == start:
        s = lora.to_act
        assert s is not None
        lora.apply(bots[s].decide(lora.view(s)))
    return lora.protocol[start].points


def hard_decisions(lora: Lora, me: int, hard: Any) -> Iterator[tuple[SeatView, Action]]:
    """Play the partial game out, ``hard`` in seat ``me`` and medium elsewhere, yielding each
    decision of hard's with a choice (the view and its action, applied after the yield)."""
    start = len(lora.protocol)
    medium = [make_ai("medium", random.Random(s)) for s in range(4)]
    while len(lora.protocol) == start:
        s = lora.to_act
        assert s is not None
        view = lora.view(s)
        if s != me or len(view.legal) == 1:
            lora.apply(medium[s].decide(view))
            continue
        a = hard.decide(view)
        yield view, a
        lora.apply(a)


def ci(values: list[float]) -> str:
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / max(n - 1, 1))
    h = 1.96 * sd / math.sqrt(n)
    return f"{mean:+.3f} [{mean - h:+.3f}, {mean + h:+.3f}] ({n} deals)"


def agree(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    count: collections.Counter[tuple[str, str, str]] = collections.Counter()
    differ: collections.Counter[tuple[str, str, str]] = collections.Counter()
    for name in TRICK_GAMES:
        contract = Contract(name)
        for i in range(args.deals):
            deal = shuffled_deal(rng)
            lora = ai_duel.position(contract, deal, i % 4, False)
            hard = HardAI(random.Random(i), budget_ms=None, max_worlds=48)
            for view, a in hard_decisions(lora, i % 4, hard):
                trick, _, index, _ = trick_state(view.public)
                kind = "lead"
                if trick:
                    kind = "follow" if view.hand & SUIT_MASKS[trick[0] >> 3] else "discard"
                key = (name, kind, "early" if index < 3 else "late")
                count[key] += 1
                differ[key] += action_card(a) != medium_card(view)
    for key in sorted(count):
        print(*key, count[key], differ[key], f"{differ[key] / count[key]:.2f}")


def collect(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    with open(args.file, "w") as out:
        for i in range(args.deals):
            contract = Contract(TRICK_GAMES[i % 5])
            deal = shuffled_deal(rng)
            me = (i // 5) % 4
            lora = ai_duel.position(contract, deal, rng.randrange(4), False)
            hard = HardAI(random.Random(i), budget_ms=None, max_worlds=64)
            for view, a in hard_decisions(lora, me, hard):
                s, pub = view.seat, view.public
                trick, leader, index, _ = trick_state(pub)
                if not trick:
                    assert pub.contract is not None
                    row = {
                        "code": P.fast_code(pub.contract), "seat": s, "hand": view.hand,
                        "index": index, "remaining": remaining_of(pub),
                        "voids": voids_of(knowledge(view).excluded), "leader": leader,
                        "fkh": forbid_kh(pub), "want": stovka_target(view) > 0,
                        "hard": action_card(a),
                    }  # fmt: skip
                    out.write(json.dumps(row) + "\n")


Row = tuple[list[list[float]], int, int]


def load(path: str, code: int | None) -> list[Row]:
    data: list[Row] = []
    with open(path) as f:
        rows = [json.loads(line) for line in f]
    for r in rows:
        if r["want"] or (code is not None and r["code"] != code):
            continue
        legal = P.legal_trick_mask(r["hand"], [], r["code"], r["fkh"] and r["index"] == 0)
        cands = [c for c in range(32) if legal >> c & 1]
        med = P.trick_policy(
            r["code"], r["seat"], r["hand"], [], r["seat"], r["index"], r["remaining"],
            r["voids"], -1, r["fkh"], False,
        )  # fmt: skip
        x = [
            features(
                r["code"], r["hand"], r["index"], r["remaining"], r["voids"], r["seat"], c, med
            )
            for c in cands
        ]
        data.append((x, cands.index(r["hard"]), cands.index(med)))
    return data


def fit_weights(data: list[Row], l2: float, iters: int, lr: float) -> list[float]:
    k = len(data[0][0][0])
    w = [0.0] * k
    for _ in range(iters):
        g = [0.0] * k
        for x, y, _ in data:
            z = [sum(a * b for a, b in zip(f, w, strict=True)) for f in x]
            top = max(z)
            e = [math.exp(v - top) for v in z]
            t = sum(e)
            for j, f in enumerate(x):
                p = e[j] / t - (1.0 if j == y else 0.0)
                for i in range(k):
                    g[i] += p * f[i]
        w = [wi - lr * (gi / len(data) + l2 * wi) for wi, gi in zip(w, g, strict=True)]
    return w


def fit(args: argparse.Namespace) -> None:
    data = load(args.file, args.code)
    w = fit_weights(data, args.l2, args.iters, args.lr)
    model = med = 0
    for x, y, m in data:
        z = [sum(a * b for a, b in zip(f, w, strict=True)) for f in x]
        model += max(range(len(z)), key=lambda i: z[i]) == y
        med += m == y
    n = len(data)
    print(f"{n} leads: the model picks hard's lead {model / n:.3f}, medium {med / n:.3f}")
    print(json.dumps([round(v, 2) for v in w]))


class ModelLeads:
    """The medium player, except that it leads by the model outside maturita."""

    def __init__(self, w: list[float]) -> None:
        self.w = w
        self.medium = make_ai("medium", random.Random(0))

    def decide(self, view: SeatView) -> Action:
        pub = view.public
        if len(view.legal) == 1 or pub.phase != "play" or pub.maturant is not None:
            return self.medium.decide(view)
        trick, _, index, _ = trick_state(pub)
        if trick or stovka_target(view) > 0 or pub.contract is None:
            return self.medium.decide(view)
        voids = voids_of(knowledge(view).excluded)
        c = model_lead(
            self.w, P.fast_code(pub.contract), view.seat, view.hand, index, remaining_of(pub),
            voids, forbid_kh(pub), medium_card(view),
        )  # fmt: skip
        return card_action(view, c)


def player(args: argparse.Namespace) -> None:
    w = json.loads(args.weights)
    contract = Contract(args.contract)
    rng = random.Random(args.seed)
    diffs = []
    for i in range(args.deals):
        deal = shuffled_deal(rng)
        d = 0
        for seat in range(4):
            bots: list[Any] = [make_ai("medium", random.Random(s)) for s in range(4)]
            a = play_out(contract, deal, i % 4, bots)[seat]
            bots = [make_ai("medium", random.Random(s)) for s in range(4)]
            bots[seat] = ModelLeads(w)
            b = play_out(contract, deal, i % 4, bots)[seat]
            d += b - a
        diffs.append(d / 4)
    print(f"{args.contract}: model leads − medium, medium field: {ci(diffs)} points per game")


def duel(args: argparse.Namespace) -> None:
    w = json.loads(args.weights)
    me = [-1]

    def policy(
        code: int, seat: int, hand: int, cur: list[int], leader: int, index: int,
        remaining: int, v: list[int], maturant: int, fkh: bool, want: bool = False,
    ) -> int:  # fmt: skip
        med = P.trick_policy(
            code, seat, hand, cur, leader, index, remaining, v, maturant, fkh, want
        )
        modelled = seat != me[0] if args.others else seat == me[0]
        if not modelled or cur or maturant >= 0 or want:
            return med
        return model_lead(w, code, seat, hand, index, remaining, v, fkh, med)

    ns: dict[str, Any] = dict(vars(P))
    ns["trick_policy"] = policy
    exec(inspect.getsource(P.trick_rollout), ns)
    ns2: dict[str, Any] = dict(vars(R))
    ns2["trick_policy"] = policy
    ns2["trick_rollout"] = ns["trick_rollout"]
    exec(inspect.getsource(R.trick_lookahead_rollout), ns2)
    original = (S.trick_rollout, S.trick_lookahead_rollout)
    patched = (ns["trick_rollout"], ns2["trick_lookahead_rollout"])
    base = "worlds=64,close_worlds=120"
    play: Callable[..., Any] = ai_duel.play

    def patched_play(
        contract: Contract, deal: Any, leader: int, maturita: bool, specs: list[str],
        seeds: list[int],
    ) -> Any:  # fmt: skip
        if "MODEL" in specs:
            me[0] = specs.index("MODEL")
            S.trick_rollout, S.trick_lookahead_rollout = patched  # type: ignore[misc]
        else:
            me[0] = -1
            S.trick_rollout, S.trick_lookahead_rollout = original  # type: ignore[misc]
        return play(contract, deal, leader, maturita, [x.replace("MODEL", base) for x in specs],
                    seeds)  # fmt: skip

    ai_duel.play = patched_play  # type: ignore[assignment]
    diffs = [
        ai_duel.duel((base, "MODEL", args.field, args.contract, False, False, args.seed, i, False))[
            "diff"
        ]
        for i in range(args.deals)
    ]
    who = "the other seats'" if args.others else "its own"
    print(f"{args.contract}: hard with {who} leads by the model − hard, {args.field} field: "
          f"{ci(diffs)} points per game")  # fmt: skip


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("agree")
    p.add_argument("--deals", type=int, default=40)
    p.add_argument("--seed", type=int, default=11)
    p = sub.add_parser("collect")
    p.add_argument("file")
    p.add_argument("--deals", type=int, default=500)
    p.add_argument("--seed", type=int, default=1)
    p = sub.add_parser("fit")
    p.add_argument("file")
    p.add_argument("--code", type=int, default=None)
    p.add_argument("--l2", type=float, default=0.003)
    p.add_argument("--iters", type=int, default=800)
    p.add_argument("--lr", type=float, default=2.0)
    p = sub.add_parser("player")
    p.add_argument("weights")
    p.add_argument("contract", choices=TRICK_GAMES)
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--seed", type=int, default=7)
    p = sub.add_parser("duel")
    p.add_argument("weights")
    p.add_argument("contract", choices=TRICK_GAMES)
    p.add_argument("--deals", type=int, default=150)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--field", default="medium")
    p.add_argument("--others", action="store_true")
    args = ap.parse_args()
    {"agree": agree, "collect": collect, "fit": fit, "player": player, "duel": duel}[args.cmd](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
