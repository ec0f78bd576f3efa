"""Issue 17, fourth round: where hard's cards differ from medium's, and whether a lead model
distilled from hard's leads helps hard as a rollout policy (docs/AI_STRENGTH.md, "Fourth round").

``python benchmarks/lead_study.py agree --deals 40``: how often hard (48 worlds, world budgets,
in one seat among medium) plays another card than the medium rules would, per trick game,
lead / follow / discard and early (tricks 1–3) / late.

``python benchmarks/lead_study.py collect FILE --deals 500 --seed 1``: hard's leads (64 worlds)
in medium-field trick games, one JSON line each; with ``--field hard1``, the leads of hard1
(40 worlds) in all four seats of hard1-field games (fifth round: how strong opponents lead).
With ``--close-worlds 120`` (eighth round), today's hard with world budgets 64/120 (``--worlds``)
in one seat among medium, seeded per game, and its follows and discards recorded too (whether
it played the medium card): the data of ``engine.ai.lead_weights.OWN_LEAD_WEIGHTS``, hard's own
leads. ``python benchmarks/lead_study.py differ FILE[,FILE…]``: from such files, how often hard
plays another card than the medium rules, per trick game and lead / follow / discard.
``python benchmarks/lead_study.py changes own_leads filky,cervene --deals 40``: how many of
hard's decisions the switch changes (the same decision off and on, same RNG seed).
``python benchmarks/lead_study.py fit FILE [--code N]``: a conditional-logit model of which
legal card hard leads (features of each candidate, ``policy.lead_features``, medium's card
among them), fitted by gradient descent; prints the weights and how often the model and medium
pick hard's lead. ``fit FILE[,FILE…] --table [--holdout FILE]``: one model per trick game by
Newton steps, printed as the table of ``engine/ai/lead_weights.py`` (which says how it was made).
``python benchmarks/lead_study.py strong --field medium``: how often ``search.strong_seats``
marks a seat at hard's decisions among three field players (the lead model reaches those).
``python benchmarks/lead_study.py player WEIGHTS CONTRACT --deals 300``: the medium player with
the model's leads (outside maturita) against medium, duplicate, B − A per game (negative:
the model's leads took fewer points).
``python benchmarks/lead_study.py duel WEIGHTS CONTRACT --deals 150 --seed S [--field F]
[--others]``: hard (64/120 worlds) against hard whose rollouts lead by the model for its own
seat (or, with ``--others``, for the other seats: the opponent model), via patched copies of
the rollout functions in this process only (a measuring harness, not a player).

The players use only what ``collect --field hard1`` and ``fit --table`` made: the weight
table of ``engine.ai.lead_weights``, read by ``policy.model_lead`` (the features are the
engine's ``policy.lead_features``). The rest is the record of the fourth round's experiments.
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
from dataclasses import replace
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
from engine.ai.hard1 import Hard1AI
from engine.ai.maturita_fit import solve_linear
from engine.ai.medium import medium_card
from engine.ai.objective import stovka_target
from engine.ai.search import SearchConfig
from engine.ai.worlds import knowledge
from engine.cards import SUIT_MASKS, shuffled_deal
from engine.contracts import Contract
from engine.lora import Lora
from engine.views import SeatView

TRICK_GAMES = ("cervene", "filky", "prvni_posledni", "vsechny", "cerveny_kral")


features = P.lead_features


def model_lead(
    w: list[float], code: int, seat: int, hand: int, index: int, remaining: int,
    voids: list[int], fkh: bool, med: int,
) -> int:  # fmt: skip
    return P.model_lead(tuple(w), code, seat, hand, index, remaining, voids, fkh, med)


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


def hard1_decisions(lora: Lora, seed: int) -> Iterator[tuple[SeatView, Action]]:
    """Play the partial game out with hard1 (40 worlds, world budgets: the duels' ``hard1``
    field) in all four seats, yielding every decision with a choice (applied after the yield)."""
    start = len(lora.protocol)
    bots = [Hard1AI(random.Random(seed * 4 + s), budget_ms=None, max_worlds=40) for s in range(4)]
    while len(lora.protocol) == start:
        s = lora.to_act
        assert s is not None
        view = lora.view(s)
        a = bots[s].decide(view)
        if len(view.legal) > 1:
            yield view, a
        lora.apply(a)


def collect(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    with open(args.file, "w") as out:
        for i in range(args.deals):
            contract = Contract(args.maturita or TRICK_GAMES[i % 5])
            deal = shuffled_deal(rng)
            me = (i // 5) % 4
            leader = rng.randrange(4)
            if args.maturita:  # a maturita attempt: hard is the maturant (he leads)
                me = leader
            lora = ai_duel.position(contract, deal, leader, bool(args.maturita))
            if args.field == "hard1":
                decisions = hard1_decisions(lora, args.seed * 100_000 + i)
            elif args.close_worlds is None:
                hard = HardAI(random.Random(i), budget_ms=None, max_worlds=64)
                decisions = hard_decisions(lora, me, hard)
            else:  # hard's world budgets (eighth round: hard's own leads, its own table)
                config = SearchConfig(
                    budget_ms=None, close_ms=None, worlds=args.worlds,
                    close_worlds=args.close_worlds,
                )  # fmt: skip
                hard = HardAI(random.Random(args.seed * 100_000 + i), None, config)
                decisions = hard_decisions(lora, me, hard)
            for view, a in decisions:
                s, pub = view.seat, view.public
                trick, leader, index, _ = trick_state(pub)
                if trick and args.close_worlds is not None:
                    # a follow or a discard: whether hard played the medium card
                    kind = "follow" if view.hand & SUIT_MASKS[trick[0] >> 3] else "discard"
                    row = {
                        "kind": kind, "code": P.fast_code(pub.contract or Contract.CERVENE),
                        "index": index, "hard": action_card(a), "medium": medium_card(view),
                        "maturita": pub.maturant is not None,
                    }  # fmt: skip
                    out.write(json.dumps(row) + "\n")
                if not trick:
                    assert pub.contract is not None
                    row = {
                        "code": P.fast_code(pub.contract), "seat": s, "hand": view.hand,
                        "index": index, "remaining": remaining_of(pub),
                        "voids": voids_of(knowledge(view).excluded), "leader": leader,
                        "fkh": forbid_kh(pub), "want": stovka_target(view) > 0,
                        "hard": action_card(a),
                    }  # fmt: skip
                    if args.maturita:
                        row["maturita"] = True
                    out.write(json.dumps(row) + "\n")


def differ(args: argparse.Namespace) -> None:
    """How often hard's recorded card differs from the medium card, per game and kind of
    decision (lead / follow / discard; files of ``collect --close-worlds``)."""
    count: collections.Counter[tuple[int, str]] = collections.Counter()
    other: collections.Counter[tuple[int, str]] = collections.Counter()
    for path in args.file.split(","):
        with open(path) as f:
            for line in f:
                r = json.loads(line)
                kind = r.get("kind", "lead")
                if kind == "lead":
                    if r["want"]:
                        continue
                    med = P.trick_policy(
                        r["code"], r["seat"], r["hand"], [], r["seat"], r["index"],
                        r["remaining"], r["voids"], -1, r["fkh"], False,
                    )  # fmt: skip
                elif r["maturita"]:
                    continue
                else:
                    med = r["medium"]
                key = (r["code"], kind)
                count[key] += 1
                other[key] += r["hard"] != med
    for key in sorted(count):
        n = count[key]
        print(f"{P.CONTRACT_OF[key[0]].value:16} {key[1]:8} {n:6} decisions, hard plays "
              f"another card than medium {other[key] / n:.3f}")  # fmt: skip


class _Twice:
    """hard deciding with a ``SearchConfig`` switch off (the move played) and on, from the
    same RNG seed, counting where the two differ."""

    def __init__(self, base: SearchConfig, on: SearchConfig) -> None:
        self.base, self.on = base, on
        self.deal = self.decisions = self.changed = 0

    def decide(self, view: SeatView) -> Action:
        seed = self.deal * 100 + self.decisions
        a = HardAI(random.Random(seed), None, self.base).decide(view)
        b = HardAI(random.Random(seed), None, self.on).decide(view)
        self.decisions += 1
        self.changed += a != b
        return a


def changes(args: argparse.Namespace) -> None:
    """How many of hard's decisions a ``SearchConfig`` switch changes: hard (64/120 worlds,
    world budgets) in one seat among medium (with ``maturant_leads``: the maturant of a
    maturita attempt), each decision made with the switch off and on from the same RNG seed."""
    base = SearchConfig(budget_ms=None, close_ms=None, worlds=64, close_worlds=120)
    on = replace(base, **{args.knob: True})
    maturita = args.knob == "maturant_leads"
    for name in args.games.split(","):
        twice = _Twice(base, on)
        for i in range(args.deals):
            rng = random.Random(f"dd/{name}/{i}")
            lora = ai_duel.position(Contract(name), shuffled_deal(rng), i % 4, maturita)
            twice.deal = i
            for _ in hard_decisions(lora, i % 4 if maturita else (i + 1) % 4, twice):
                pass
        n, d = twice.decisions, twice.changed
        print(f"{name}: {args.knob} changes {d} of {n} decisions ({d / n:.3f})", flush=True)


def strong(args: argparse.Namespace) -> None:
    """How often ``search.strong_seats`` marks a seat at hard's decisions (32 worlds) in
    trick games among three ``--field`` players, and how many of the first batch's 8 worlds
    explained each seat with decisions as a medium player."""
    marks: collections.Counter[str] = collections.Counter()
    hist: collections.Counter[int] = collections.Counter()
    original = S.strong_seats

    def spy(evidence: Any, worlds: Any, me: int) -> list[bool]:
        out = original(evidence, worlds, me)
        marks["decisions"] += 1
        marks["any seat"] += any(out)
        for s in range(4):
            if s != me and evidence.decisions[s]:
                hist[sum(n == m for n, m in (evidence.matches(s, h[s]) for h in worlds))] += 1
        return out

    S.strong_seats = spy  # type: ignore[assignment]
    rng = random.Random(args.seed)
    for i in range(args.deals):
        lora = ai_duel.position(Contract(TRICK_GAMES[i % 5]), shuffled_deal(rng), i % 4, False)
        me = (i // 5) % 4
        bots: list[Any] = [ai_duel.make(args.field, random.Random(s)) for s in range(4)]
        bots[me] = HardAI(random.Random(i), budget_ms=None, max_worlds=32)
        play_out_bots(lora, bots)
    n = marks["decisions"]
    print(f"{args.field} field: {n} decisions, a seat marked strong in {marks['any seat'] / n:.2f}")
    total = sum(hist.values())
    print("seats with decisions, by worlds (of 8) explaining them as medium:",
          {k: f"{hist[k] / total:.3f}" for k in sorted(hist)})  # fmt: skip


def play_out_bots(lora: Lora, bots: list[Any]) -> None:
    start = len(lora.protocol)
    while len(lora.protocol) == start:
        s = lora.to_act
        assert s is not None
        lora.apply(bots[s].decide(lora.view(s)))


Row = tuple[list[list[float]], int, int]


def load(path: str, code: int | None) -> list[Row]:
    data: list[Row] = []
    with open(path) as f:
        rows = [json.loads(line) for line in f]
    for r in rows:
        if r.get("kind", "lead") != "lead":  # follows and discards (``collect --close-worlds``)
            continue
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


def fit_newton(data: list[Row], l2: float, iters: int) -> list[float]:
    """The same objective as ``fit_weights`` (mean negative log-likelihood of the chosen
    lead plus ``l2``/2 |w|²) minimised by Newton steps: converged in a few iterations."""
    k = len(data[0][0][0])
    w = [0.0] * k
    n = len(data)
    for _ in range(iters):
        g = [l2 * wi for wi in w]
        h = [[(l2 if i == j else 0.0) for j in range(k)] for i in range(k)]
        for x, y, _ in data:
            z = [sum(a * b for a, b in zip(f, w, strict=True)) for f in x]
            top = max(z)
            e = [math.exp(v - top) for v in z]
            t = sum(e)
            p = [v / t for v in e]
            mu = [sum(p[j] * x[j][i] for j in range(len(x))) for i in range(k)]
            for i in range(k):
                g[i] += (mu[i] - x[y][i]) / n
            for j, f in enumerate(x):
                pj = p[j] / n
                if pj < 1e-12:
                    continue
                d = [f[i] - mu[i] for i in range(k)]
                for i in range(k):
                    di = pj * d[i]
                    if di:
                        row = h[i]
                        for jj in range(k):
                            row[jj] += di * d[jj]
        step = solve_linear(h, g)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
        if max(abs(si) for si in step) < 1e-6:
            break
    return w


def picks(data: list[Row], w: list[float]) -> tuple[int, int]:
    """How many recorded leads the model with weights ``w`` picks, and medium's rules."""
    model = med = 0
    for x, y, m in data:
        z = [sum(a * b for a, b in zip(f, w, strict=True)) for f in x]
        model += max(range(len(z)), key=lambda i: z[i]) == y
        med += m == y
    return model, med


def fit(args: argparse.Namespace) -> None:
    if args.table:
        fit_table(args)
        return
    data = load(args.file, args.code)
    w = fit_weights(data, args.l2, args.iters, args.lr)
    model, med = picks(data, w)
    n = len(data)
    print(f"{n} leads: the model picks hard's lead {model / n:.3f}, medium {med / n:.3f}")
    print(json.dumps([round(v, 2) for v in w]))


def fit_table(args: argparse.Namespace) -> None:
    """One model per trick game (Newton, ``--l2``), printed as the lines of
    ``engine/ai/lead_weights.py``'s table, with how often each picks the recorded lead."""
    for code in sorted({P.fast_code(Contract(name)) for name in TRICK_GAMES}):
        data = [r for path in args.file.split(",") for r in load(path, code)]
        if not data:  # a file of one game (``collect --maturita``)
            continue
        w = fit_newton(data, args.l2, 30)
        model, med = picks(data, w)
        n = len(data)
        name = P.CONTRACT_OF[code].value
        line = f"    # {name}: {n} leads; picks the recorded lead {model / n:.3f} (medium "
        line += f"{med / n:.3f})"
        if args.holdout:  # the same on leads it was not fitted on
            held = load(args.holdout, code)
            hm, hmed = picks(held, w)
            line += f"; held out {len(held)}: {hm / len(held):.3f} (medium {hmed / len(held):.3f})"
        print(line)
        nums = [f"{v:.3f}" for v in w]
        print(f"    {code}: (")
        print(f"        {', '.join(nums[:9])},")
        print(f"        {', '.join(nums[9:])},")
        print("    ),")


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
    p.add_argument("--field", choices=("medium", "hard1"), default="medium")
    p.add_argument("--worlds", type=int, default=64)
    p.add_argument(
        "--close-worlds", type=int, default=None,
        help="medium field: hard with these world budgets (worlds/close worlds, as at tables "
        "but no time limit), and its follows and discards recorded too",
    )  # fmt: skip
    p.add_argument(
        "--maturita", choices=TRICK_GAMES, default=None,
        help="with --close-worlds: maturita attempts of this game, hard the maturant among "
        "medium defenders (the maturant's leads)",
    )  # fmt: skip
    p = sub.add_parser("fit")
    p.add_argument("file")
    p.add_argument("--code", type=int, default=None)
    p.add_argument("--l2", type=float, default=0.003)
    p.add_argument("--iters", type=int, default=800)
    p.add_argument("--lr", type=float, default=2.0)
    p.add_argument(
        "--table", action="store_true", help="one model per trick game, by Newton steps"
    )
    p.add_argument("--holdout", help="with --table: a file of leads to score the models on")
    p = sub.add_parser("differ")
    p.add_argument("file")
    p = sub.add_parser("changes")
    p.add_argument("knob", choices=("own_leads", "maturant_leads"))
    p.add_argument("games", help="comma-separated trick games")
    p.add_argument("--deals", type=int, default=40)
    p = sub.add_parser("strong")
    p.add_argument("--deals", type=int, default=60)
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--field", default="medium")
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
    commands = {"agree": agree, "collect": collect, "fit": fit, "player": player, "duel": duel}
    commands["strong"] = strong
    commands["differ"] = differ
    commands["changes"] = changes
    commands[args.cmd](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
