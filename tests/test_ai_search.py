"""The hard player's parts (issue 17): the opponent model, believed worlds, whole-turn plans
in desítky, the card search and the maturita choice."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import Choose
from engine.ai import HardAI, MediumAI, maturita
from engine.ai.common import ends_of
from engine.ai.opponent import Evidence
from engine.ai.posterior import Beliefs
from engine.ai.search import CardSearch, SearchConfig, desitky_plans, medium_plan
from engine.ai.worlds import build_game, knowledge
from engine.cards import parse_hand
from engine.contracts import Contract
from engine.lora import Lora
from engine.rules import TENS_MASK, desitky_next_ends
from engine.views import SeatView


def _medium_positions(loras: int, p: float, seed: int) -> Iterator[Lora]:
    """Positions of lóry played by four medium players (each yielded with chance p)."""
    rng = random.Random(seed)
    for i in range(loras):
        lora = Lora(rng=random.Random(seed * 100 + i), first_leader=i % 4)
        bots = [MediumAI(random.Random(s)) for s in range(4)]
        while not lora.finished:
            seat = lora.to_act
            assert seat is not None
            if lora.phase == "play" and rng.random() < p:
                yield lora
            lora.apply(bots[seat].decide(lora.view(seat)))


# -- the opponent model --------------------------------------------------------------------
def test_opponent_model_explains_medium_play_exactly() -> None:
    """With the true hands, every past decision of a medium seat is the medium card: the
    model reads exactly what the medium player read then (hand, trick, voids, rows, hand
    counts, stovka aims) in every contract, maturita attempts included."""
    decisions: dict[str, int] = {}
    for lora in _medium_positions(4, 0.25, 3):
        seat = lora.to_act
        assert seat is not None and lora.game is not None
        evidence = Evidence(lora.view(seat))
        for other in range(4):
            if other == seat:
                assert evidence.decisions[other] == []
                continue
            n, matched = evidence.matches(other, lora.game.hands[other])
            assert n == matched, (lora.contract, other)
            kind = str(lora.contract) + ("/maturita" if lora.is_maturita else "")
            decisions[kind] = decisions.get(kind, 0) + n
    assert {"cervene", "filky", "kvarty", "desitky", "vsechny"} <= set(decisions)
    assert any(k.endswith("/maturita") for k in decisions)


def _choices(loras: int, p: float, seed: int) -> Iterator[SeatView]:
    """The views of ``_medium_positions`` whose seat to act has a choice."""
    for lora in _medium_positions(loras, p, seed):
        seat = lora.to_act
        assert seat is not None
        view = lora.view(seat)
        if len(view.legal) >= 2:
            yield view


def test_opponent_model_makes_unlikely_hands_unlikely() -> None:
    """A hand under which a medium seat would have played otherwise is less likely than the
    true one, by far for a seat that played by the rules so far."""
    checked = 0
    rng = random.Random(4)
    for lora in _medium_positions(3, 0.2, 5):
        seat = lora.to_act
        assert seat is not None and lora.game is not None
        view = lora.view(seat)
        evidence = Evidence(view)
        k = knowledge(view)
        beliefs = Beliefs(k, None, rng)
        for hands in beliefs.draw(6):
            for other in range(4):
                if other == seat:
                    continue
                n, matched = evidence.matches(other, hands[other])
                true = evidence.loglik(other, lora.game.hands[other])
                if matched < n:
                    assert evidence.loglik(other, hands[other]) < true - 1.0
                    checked += 1
    assert checked > 20


def test_believed_worlds_keep_every_public_constraint() -> None:
    rng = random.Random(9)
    kinds = set()
    for lora in _medium_positions(3, 0.1, 8):
        seat = lora.to_act
        assert seat is not None
        view = lora.view(seat)
        k = knowledge(view)
        worlds = Beliefs(k, Evidence(view), rng, burn=5, thin=2, restart=3).draw(7)
        assert len(worlds) == 7
        for hands in worlds:
            assert hands[seat] == view.hand
            assert [h.bit_count() for h in hands] == list(view.public.hand_counts)
            for s in range(4):
                if s != seat:
                    assert hands[s] & ~k.allowed(s) == 0
            game = build_game(view, hands)  # the engine replays the public history
            assert game.legal_actions() == list(view.legal)
        kinds.add(lora.contract)
    assert {Contract.CERVENE, Contract.KVARTY, Contract.DESITKY} <= kinds


# -- desítky turns ---------------------------------------------------------------------
def test_desitky_plans_are_every_set_a_turn_can_lay() -> None:
    hand = parse_hand("10h Sh Fh 9h 10l 7b")
    plans = desitky_plans(hand, TENS_MASK, 0, 100)
    assert plans is not None
    sets = {frozenset(p) for p in plans}
    # hearts: nothing, 10♥, with 9♥, S♥, S♥ 9♥, S♥ F♥, S♥ F♥ 9♥; 10♣ or not; 7♠ never
    assert len(sets) == len(plans) == 7 * 2 - 1
    seven = parse_hand("7b")
    assert not any(1 << c & seven for p in plans for c in p)
    assert frozenset(_cards("10h Sh Fh 9h 10l")) in sets
    assert frozenset(_cards("Sh")) not in sets  # S♥ only after 10♥
    for plan in plans:
        ends = TENS_MASK
        for c in plan:  # each card is one of the ends when it is laid
            assert ends >> c & 1
            ends = desitky_next_ends(ends, c)
    # a turn under way may end at once; more than ``limit`` plans gives up
    assert desitky_plans(hand, TENS_MASK, 1, 100)[0] == ()  # type: ignore[index]
    assert desitky_plans(hand, TENS_MASK, 0, 5) is None


def test_medium_plan_is_what_the_medium_player_lays() -> None:
    found = 0
    for lora in _medium_positions(4, 1.0, 12):
        if lora.contract is not Contract.DESITKY or lora.game is None or lora.game.turn:
            continue
        seat = lora.to_act
        assert seat is not None
        view = lora.view(seat)
        pub = view.public
        plan = medium_plan(
            view.hand, ends_of(pub), 0, pub.hand_counts, seat, seat == pub.maturant, False
        )
        bot = MediumAI(random.Random(0))
        laid = []
        probe = Lora.from_json(lora.to_json())
        while probe.to_act == seat and not probe.finished and probe.contract is Contract.DESITKY:
            action = bot.decide(probe.view(seat))
            card = getattr(action, "card", -1)
            if card < 0:
                break
            laid.append(card)
            probe.apply(action)
            if probe.game is None or not probe.game.turn:
                break
        assert tuple(laid) == plan
        found += 1
        if found > 30:
            break
    assert found > 10


def _cards(text: str) -> list[int]:
    hand = parse_hand(text)
    return [c for c in range(32) if hand >> c & 1]


# -- the search --------------------------------------------------------------------------
@functools.cache
def _positions() -> list[dict[str, Any]]:
    """Saved positions of two medium lóry, a card to play with a choice in each."""
    out = []
    for lora in _medium_positions(2, 0.2, 31):
        seat = lora.to_act
        if seat is not None and len(lora.legal_actions()) > 1:
            out.append(lora.to_json())
    return out


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_search_returns_a_legal_action_and_is_deterministic(seed: int) -> None:
    config = SearchConfig(worlds=6, close_worlds=6, budget_ms=None, close_ms=None, batch=3)
    rng = random.Random(seed)
    for data in rng.sample(_positions(), 3):
        lora = Lora.from_json(data)
        seat = lora.to_act
        assert seat is not None
        view = lora.view(seat)
        first = HardAI(random.Random(seed), config=config, budget_ms=None).decide(view)
        again = HardAI(random.Random(seed), config=config, budget_ms=None).decide(view)
        assert first in view.legal
        assert first == again


def test_search_spends_more_worlds_only_when_close() -> None:
    config = SearchConfig(
        worlds=16, close_worlds=64, settle_worlds=8, budget_ms=None, close_ms=None, batch=8
    )
    used = set()
    for view in _choices(2, 0.1, 21):
        search = CardSearch(view, random.Random(1), config)
        card = search.run()
        assert card in [getattr(a, "card", -1) for a in view.legal]
        used.add(search.worlds_used)
    assert max(used) > 16  # close decisions got more worlds
    assert min(used) <= 16


# -- the maturita choice -------------------------------------------------------------------
def _choose_view(hand_text: str, attempt: int = 1) -> object:
    from engine.ai.maturita_fit import maturita_position

    hand = parse_hand(hand_text)
    rest = [c for c in range(32) if not hand >> c & 1]
    random.Random(0).shuffle(rest)
    others = [sum(1 << c for c in rest[8 * i : 8 * i + 8]) for i in range(3)]
    deal = (hand, others[0], others[1], others[2])
    return maturita_position(deal, 0, attempt).view(0)


def test_maturita_chooser_picks_the_best_calibrated_chance(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # only low cards: a trick game he cannot win is safe; no ten: desítky fails at once
    view = _choose_view("7h 8h 7l 8l 7b 8b 7a 8a")
    assert isinstance(view, SeatView)
    est = maturita.estimates(view, random.Random(1), 40)
    assert est[Contract.CERVENE].p_best == pytest.approx(1.0)
    assert est[Contract.DESITKY].p_best == 0.0 and est[Contract.DESITKY].p_medium == 0.0
    contract, chances = maturita.choose(view, random.Random(1), 40)
    assert chances[contract] == max(chances.values())
    assert contract is not Contract.DESITKY
    # the calibrated model decides: make desítky look best and it is chosen
    from engine.ai import maturita_model

    fake = {c.value: (-5.0, 0.0, 0.0) for c in Contract}
    fake["desitky"] = (5.0, 0.0, 0.0)
    monkeypatch.setattr(maturita_model, "COEFFICIENTS", fake)
    contract, chances = maturita.choose(view, random.Random(1), 40)
    assert contract is Contract.DESITKY
    assert chances[Contract.DESITKY] == pytest.approx(1 / (1 + 2.718281828**-5), rel=1e-6)


def test_hard_chooses_an_allowed_maturita_game() -> None:
    for attempt in (1, 3):
        view = _choose_view("10h 10l 10b 10a Sh Sl Sb Sa", attempt)
        assert isinstance(view, SeatView)
        action = HardAI(random.Random(2), budget_ms=None, max_worlds=4).decide(view)
        assert isinstance(action, Choose) and action in view.legal


def test_desitky_searched_card_by_card_gets_its_own_world_budget() -> None:
    """A desítky world searched card by card costs about half a planned one: such decisions
    run to ``desitky_worlds``, planned turns (and every other game) to ``worlds``."""
    base = SearchConfig(
        worlds=8, close_worlds=8, desitky_worlds=20, desitky_close_worlds=20,
        settle_worlds=1000, budget_ms=None, close_ms=None, batch=4, max_plans=10_000,
    )  # fmt: skip
    used: dict[tuple[str, bool], set[int]] = {}
    for lora in _medium_positions(3, 0.3, 11):
        seat = lora.to_act
        assert seat is not None
        view = lora.view(seat)
        if len(view.legal) < 2 or lora.contract not in (Contract.DESITKY, Contract.CERVENE):
            continue
        for plan in (False, True):
            search = CardSearch(view, random.Random(3), replace(base, plan_turns=plan))
            search.run()
            if search.worlds_used:
                key = (str(lora.contract), search.planned)
                used.setdefault(key, set()).add(search.worlds_used)
    assert used[("desitky", False)] == {20}
    assert used[("desitky", True)] == {8}
    assert used[("cervene", False)] == {8}


def test_time_budgets_read_the_engine_clock() -> None:
    """The arena's ``--cpu-clock`` swaps the clock the budgets read: a clock that leaps a
    second per reading stops every search at its minimum of worlds; a frozen one never ends a
    search by time, so it runs on to its world budget."""
    from engine import clock

    config = SearchConfig(
        worlds=48, close_worlds=48, desitky_worlds=48, desitky_close_worlds=48, min_worlds=8,
        settle_worlds=1000, budget_ms=40, close_ms=80, batch=8,
    )  # fmt: skip
    ticks = iter(range(10**6))
    leaping, frozen = (lambda: float(next(ticks))), (lambda: 0.0)
    used: dict[str, set[int]] = {"leaping": set(), "frozen": set()}
    for view in _choices(2, 0.1, 21):
        for name, fn in (("leaping", leaping), ("frozen", frozen)):
            old = clock.use(fn)
            try:
                search = CardSearch(view, random.Random(1), config)
                search.run()
            finally:
                clock.use(old)
            if search.worlds_used:
                used[name].add(search.worlds_used)
    assert used["leaping"] == {8}
    assert used["frozen"] == {48}


def test_fit_maturita_reads_the_maturita_studys_rows(tmp_path: Any) -> None:
    """``benchmarks/maturita_study.py`` rows (estimates under ``f120``) fit like the fit's own."""
    import json

    from engine.ai import maturita_fit

    study = {"index": 0, "f120": {"filky": [0.25, 0.5]}, "passed": {"filky": True}}
    own = {"index": 1, "features": {"filky": [0.75, 0.8]}, "passed": {"filky": False}}
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps(study) + "\n" + json.dumps(own) + "\n", encoding="utf-8")
    rows = maturita_fit.load([str(path)])
    assert [r["features"]["filky"] for r in rows] == [[0.25, 0.5], [0.75, 0.8]]
    assert [r["passed"]["filky"] for r in rows] == [True, False]
