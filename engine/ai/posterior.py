"""Worlds drawn from what a seat believes: consistent with everything public
(``engine.ai.worlds``) and weighted by how likely the other seats' play made them
(``engine.ai.opponent``).

A Markov chain over the hidden hands: start from a world of ``worlds.sample_world`` (uniform
over the consistent ones), propose to swap one card of a seat for one card of another seat
that each may hold (a symmetric proposal: the swap back has the same chance), and accept it
with the Metropolis rule on the likelihood ratio. A chain runs ``burn`` steps before it gives
worlds, then gives one every ``thin`` steps; after ``restart`` worlds a fresh chain starts
from a new independent world, so that no single region of likely worlds holds every draw.
With no decision of the others to learn from, the worlds are plain ``sample_world`` draws.
"""

from __future__ import annotations

import math
import random

from engine.ai.opponent import Evidence
from engine.ai.worlds import Hands, Knowledge, sample_world
from engine.fast import pick


class Beliefs:
    """A source of worlds for one decision."""

    def __init__(
        self,
        k: Knowledge,
        evidence: Evidence | None,
        rng: random.Random,
        burn: int = 20,
        thin: int = 3,
        restart: int = 4,
    ) -> None:
        self.k = k
        self.evidence = None if evidence is None or evidence.empty else evidence
        self.rng = rng
        self.burn = burn
        self.thin = thin
        self.restart = restart
        others = [s for s in range(4) if s != k.seat]
        self.allowed = [k.allowed(s) for s in range(4)]
        self.pairs = [(x, y) for i, x in enumerate(others) for y in others[i + 1 :]]
        self.hands: list[int] | None = None
        self.ll = [0.0, 0.0, 0.0, 0.0]
        self.given = 0  # worlds given by the current chain
        self.exhausted = False

    def draw(self, count: int) -> list[Hands]:
        """Up to ``count`` worlds (fewer only if no consistent world exists)."""
        out: list[Hands] = []
        while len(out) < count and not self.exhausted:
            if self.evidence is None:
                hands = sample_world(self.k, self.rng)
                if hands is None:
                    self.exhausted = True
                    break
                out.append(hands)
                continue
            if self.hands is None or self.given >= self.restart:
                if not self._start():
                    break
                self._steps(self.burn)
            else:
                self._steps(self.thin)
            out.append(list(self.hands))  # type: ignore[arg-type]
            self.given += 1
        return out

    def _start(self) -> bool:
        start = sample_world(self.k, self.rng)
        if start is None:
            self.exhausted = True
            return False
        assert self.evidence is not None
        self.hands = list(start)
        me = self.k.seat
        self.ll = [self.evidence.loglik(s, start[s]) if s != me else 0.0 for s in range(4)]
        self.given = 0
        return True

    def _steps(self, steps: int) -> None:
        h = self.hands
        assert h is not None and self.evidence is not None
        ll = self.ll
        allowed = self.allowed
        pairs = self.pairs
        grb = self.rng.getrandbits
        rand = self.rng.random
        loglik = self.evidence.loglik
        n_pairs = len(pairs)
        for _ in range(steps):
            x, y = pairs[grb(8) % n_pairs]
            give = h[x] & allowed[y]
            take = h[y] & allowed[x]
            if not give or not take:
                continue
            a = 1 << pick(give, grb)
            b = 1 << pick(take, grb)
            hx = h[x] ^ a ^ b
            hy = h[y] ^ a ^ b
            lx = loglik(x, hx)
            ly = loglik(y, hy)
            delta = lx + ly - ll[x] - ll[y]
            if delta >= 0.0 or rand() < math.exp(delta):
                h[x], h[y], ll[x], ll[y] = hx, hy, lx, ly
