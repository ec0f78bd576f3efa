"""hard: determinized search from the seat's view.

Cards: the hard player samples worlds consistent with everything it may know
(``engine.taroky.ai.worlds``: the counts, the voids shown, the Varšava inferences, the
commitments, the hlášky, and its knowledge of the sides — a world decides who the secret
partner is, so the partner uncertainty is searched over, not guessed) and plays each
candidate card on to the end of the deal with the rules-of-thumb policy in every seat. The
same worlds serve every candidate; the best mean value for the seat wins, the medium card on
ties. Cards that cannot differ (neighbours of one colour and value with nothing unseen
between them) are searched once. Each decision is time-boxed, with a floor and a cap of
worlds, and stops early once one candidate is ahead beyond doubt.

Announcements and fleks: over sampled worlds played out by the policy, the value of each
item to the seat (its money with the item against without), said when it pays on average and
the seat's side comes out ahead often enough. Before the play: the medium rules.
"""

from __future__ import annotations

import random

from engine import clock
from engine.taroky.actions import Announce, DealAction, Play
from engine.taroky.ai.hand import decide_before_play
from engine.taroky.ai.medium import medium_card
from engine.taroky.ai.sim import DealSim
from engine.taroky.ai.worlds import knowledge, sample_world
from engine.taroky.announce import FLEK_ITEMS
from engine.taroky.cards import CARD_VALUES, COLOR_MASKS, PAGAT, color, mask_of
from engine.taroky.views import SeatView

DEFAULT_BUDGET_MS = 20.0
HIGHER_LEVELS = 0.9  # how often the side must come out ahead to raise a flek further
ANNOUNCE_BUDGET_MS = 120.0
# How often the seat's side must come out ahead to say an item
CONFIDENCE = {
    "pagat": 0.6,
    "valat": 0.75,
    "flek:game": 0.85,
    "flek:pagat": 0.65,
    "flek:valat": 0.6,
}


def equivalence_groups(cards: list[int], separators: int) -> list[list[int]]:
    """Group legal cards that cannot differ: same colour, same value, and no card between
    them that may still be elsewhere (``separators``)."""
    groups: list[list[int]] = []
    for c in sorted(cards):
        if groups:
            p = groups[-1][-1]
            between = COLOR_MASKS[color(c)] & ((1 << c) - 1) & ~((1 << (p + 1)) - 1)
            same = color(p) == color(c) and CARD_VALUES[p] == CARD_VALUES[c]
            if same and not between & separators:
                groups[-1].append(c)
                continue
        groups.append([c])
    return groups


def _ahead(results: list[list[float]], z: float = 3.0) -> bool:
    """The leading candidate beats every other beyond ``z`` standard errors (paired)."""
    n = len(results[0])
    means = [sum(r) / n for r in results]
    lead = max(range(len(results)), key=lambda i: means[i])
    for i, r in enumerate(results):
        if i == lead:
            continue
        d = [a - b for a, b in zip(results[lead], r, strict=True)]
        mean = sum(d) / n
        var = sum((x - mean) ** 2 for x in d) / (n - 1)
        if var == 0.0:
            continue
        if mean < z * (var / n) ** 0.5:
            return False
    return True


class HardAI:
    name = "hard"

    def __init__(
        self,
        rng: random.Random,
        budget_ms: float | None = DEFAULT_BUDGET_MS,
        min_worlds: int = 8,
        max_worlds: int = 400,
        settle_worlds: int = 24,
        announce_worlds: int = 40,
        announce_budget_ms: float | None = ANNOUNCE_BUDGET_MS,
    ) -> None:
        self.rng = rng
        self.budget_ms = budget_ms
        self.min_worlds = min_worlds
        self.max_worlds = max_worlds
        self.settle_worlds = settle_worlds
        self.announce_worlds = announce_worlds
        self.announce_budget_ms = announce_budget_ms
        self.last_worlds = 0

    def decide(self, view: SeatView) -> DealAction:
        legal = view.legal
        if not legal:
            raise ValueError("the seat has nothing to decide")
        self.last_worlds = 0
        if len(legal) == 1:
            return legal[0]
        phase = view.public.phase
        if phase == "play":
            action: DealAction = self._play(view)
        elif phase == "announce":
            action = self._announce(view)
        else:
            action = decide_before_play(view)
        return action if action in legal else legal[0]

    # -- cards -------------------------------------------------------------------------
    def _play(self, view: SeatView) -> DealAction:
        t0 = clock.now()
        me = view.seat
        prior = medium_card(view)
        k = knowledge(view)
        cards = [a.card for a in view.legal if isinstance(a, Play)]
        in_trick = mask_of(c for _, c in view.public.trick)
        groups = equivalence_groups(cards, k.unseen | in_trick)
        cands = [prior if prior in g else g[0] for g in groups]
        if len(cands) == 1:
            return Play(me, cands[0])
        results: list[list[float]] = [[] for _ in cands]
        deadline = None if self.budget_ms is None else t0 + self.budget_ms / 1000
        n = 0
        while n < self.max_worlds:
            if deadline is not None and n >= self.min_worlds and clock.now() > deadline:
                break
            if n >= self.settle_worlds and n % 8 == 0 and _ahead(results):
                break
            world = sample_world(k, self.rng)
            if world is None:
                break
            sim = DealSim(view, world)
            for i, c in enumerate(cands):
                results[i].append(sim.money(sim.run(c))[me])
            n += 1
        self.last_worlds = n
        if n == 0:
            return Play(me, prior)
        totals = [sum(r) for r in results]
        best = max(range(len(cands)), key=lambda i: totals[i])
        if prior in cands and totals[cands.index(prior)] >= totals[best] - 1e-9:
            return Play(me, prior)
        return Play(me, cands[best])

    # -- announcements -----------------------------------------------------------------
    def _announce(self, view: SeatView) -> DealAction:
        t0 = clock.now()
        me = view.seat
        pub = view.public
        items = [a.item for a in view.legal if isinstance(a, Announce) and a.item != "done"]
        if not items:
            return Announce(me, "done")
        k = knowledge(view)
        gains: dict[str, list[float]] = {i: [] for i in items}
        deadline = None
        if self.announce_budget_ms is not None:
            deadline = t0 + self.announce_budget_ms / 1000
        for n in range(self.announce_worlds):
            if deadline is not None and n >= 8 and clock.now() > deadline:
                break
            world = sample_world(k, self.rng)
            if world is None:
                break
            sim = DealSim(view, world)
            if view.hand >> PAGAT & 1:
                sim.keep[me] = True
            tricks = sim.run()
            base = sim.money(tricks)[me]
            for item in items:
                if item == "pagat":
                    alt = sim.money(tricks, pagat_by=me)[me]
                elif item == "valat":
                    alt = sim.money(tricks, valat_by=me)[me]
                else:
                    key = ("game", "pagat", "valat").index(FLEK_ITEMS[item])
                    raised = list(pub.flek)
                    raised[key] += 1
                    alt = sim.money(tricks, flek=(raised[0], raised[1], raised[2]))[me]
                gains[item].append(alt - base)
        self.last_worlds = len(next(iter(gains.values())))
        best: tuple[float, str] | None = None
        for item, g in gains.items():
            if not g:
                continue
            mean = sum(g) / len(g)
            ahead = sum(1 for x in g if x > 0) / len(g)
            need = CONFIDENCE[item]
            if item in FLEK_ITEMS and pub.flek[("game", "pagat", "valat").index(FLEK_ITEMS[item])]:
                need = max(need, HIGHER_LEVELS)  # re, sup …: the stakes double again
            if mean > 0 and ahead >= need and (best is None or mean > best[0]):
                best = (mean, item)
        return Announce(me, "done" if best is None else best[1])

