"""The AI players (issue 6): legality, hidden information, worlds, the arena."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.actions import Action, Declare, Play
from engine.ai import EasyAI, Hard1AI, HardAI, MediumAI, make_ai
from engine.ai.arena import KeyedLora, mean_ci, play_deal, run
from engine.ai.policy import trick_solve
from engine.ai.worlds import build_game, knowledge, sample_world
from engine.cards import HEARTS_MASK, parse_card, parse_hand, shuffled_deal
from engine.contracts import TALIE_ORDER, TRICK_CONTRACTS, Contract
from engine.desitky import DesitkyGame
from engine.lora import Deal, Lora
from engine.views import DesitkyView, SeatView


def _ais(seed: int) -> list[EasyAI | MediumAI | HardAI | Hard1AI]:
    return [
        EasyAI(random.Random(seed)),
        MediumAI(random.Random(seed), maturita_worlds=3),
        HardAI(random.Random(seed), budget_ms=None, max_worlds=3, maturita_worlds=3),
        Hard1AI(random.Random(seed), budget_ms=None, max_worlds=3, maturita_worlds=3),
    ]


def _kind(lora: Lora) -> str:
    if lora.phase != "play":
        return lora.phase
    assert lora.contract is not None
    if lora.is_maturita:
        return "maturita_play"
    return lora.contract.value


def _random_states(loras: int, p: float, seed: int) -> Iterator[Lora]:
    """Positions of random lóry (played by random moves), each yielded with probability p;
    every stovka question and maturita choice is yielded."""
    rng = random.Random(seed)
    for i in range(loras):
        lora = Lora(rng=random.Random(seed * 1000 + i), first_leader=i % 4)
        while not lora.finished:
            if lora.phase in ("stovka", "choose") or rng.random() < p:
                yield lora
            lora.apply(rng.choice(lora.legal_actions()))


def _harakiri_lora(seed: int, tied: list[int]) -> Lora:
    """A lóra that ends in a tie between ``tied``: its harakiri is being played."""
    lora = Lora(rng=random.Random(seed))
    lora.tali, lora.game_no = 4, 8
    lora.totals = [40 if s in tied else 50 + s for s in range(4)]
    lora._begin_final_order()
    assert lora.harakiri is not None and lora.phase == "play"
    return lora


def test_every_ai_plays_only_legal_actions_in_every_phase() -> None:
    seen: dict[str, int] = {}
    fallbacks = 0
    for n, lora in enumerate(_random_states(6, 0.06, 1)):
        seat = lora.to_act
        assert seat is not None
        view = lora.view(seat)
        seen[_kind(lora)] = seen.get(_kind(lora), 0) + 1
        for ai in _ais(n):
            action = ai.decide(view)
            assert action in view.legal, (type(ai).__name__, action, view.legal)
            fallbacks += getattr(ai, "fallbacks", 0)
    for seed, tied in ((1, [0, 2]), (2, [1, 2, 3])):
        lora = _harakiri_lora(seed, tied)
        rng = random.Random(seed)
        while lora.harakiri is not None:
            seat = lora.to_act
            assert seat is not None
            view = lora.view(seat)
            seen["harakiri"] = seen.get("harakiri", 0) + 1
            ais = _ais(seed)
            for ai in ais:
                assert ai.decide(view) in view.legal
            lora.apply(ais[rng.randrange(len(ais))].decide(view))
    expected = {"stovka", "choose", "maturita_play", "harakiri"} | {
        c.value for c in Contract if c not in (Contract.MATURITA, Contract.HARAKIRI)
    }
    assert expected <= set(seen), seen
    assert fallbacks == 0


def test_whole_lora_between_medium_and_hard_players() -> None:
    rng = random.Random(5)
    bots = [
        MediumAI(random.Random(1)),
        HardAI(random.Random(2), budget_ms=None, max_worlds=2, maturita_worlds=2),
        MediumAI(random.Random(3)),
        make_ai("easy", random.Random(4)),
    ]
    lora = Lora(rng=rng)
    while not lora.finished:
        seat = lora.to_act
        assert seat is not None
        view = lora.view(seat)
        action = bots[seat].decide(view)
        assert action in view.legal
        lora.apply(action)
    assert lora.order is not None and sorted(lora.order) == [0, 1, 2, 3]


def test_make_ai_levels() -> None:
    assert make_ai("easy", random.Random(0)).name == "easy"
    assert make_ai("medium", random.Random(0)).name == "medium"
    assert make_ai("hard", random.Random(0)).name == "hard"
    assert make_ai("hard1", random.Random(0)).name == "hard1"
    hard = make_ai("hard:25", random.Random(0))
    assert isinstance(hard, HardAI) and hard.budget_ms == 25
    hard1 = make_ai("hard1:10", random.Random(0))
    assert isinstance(hard1, Hard1AI) and hard1.budget_ms == 10
    for bad in ("grandmaster", "hard:", "hard:-3", "hard1:x", "medium:5"):
        with pytest.raises(ValueError):
            make_ai(bad, random.Random(0))


@pytest.mark.parametrize("module", ["engine.ai.search", "engine.ai.hard1"])
def test_hard_search_stops_early_when_settled(module: str) -> None:
    import importlib

    mod = importlib.import_module(module)
    _settled = mod.settled if hasattr(mod, "settled") else mod._settled
    assert _settled([[0.0] * 16, [0.0] * 16], [0.0, 0.0])  # identical everywhere
    assert _settled([[0.0] * 16, [-1.0] * 16], [0.0, -16.0])  # always better
    noisy = [[float(i % 2) for i in range(16)], [float((i + 1) % 2) for i in range(16)]]
    assert not _settled(noisy, [8.0, 8.0])


# -- worlds ------------------------------------------------------------------------------
def test_sampled_worlds_are_consistent_with_the_public_history() -> None:
    """build_game replays the public history through the engine: it refuses any world in
    which a seat would have played a card it could not legally play (voids, red lead,
    knocks, the first kvarta)."""
    rng = random.Random(3)
    checked: dict[str, int] = {}
    for lora in _random_states(8, 0.15, 7):
        if lora.phase != "play":
            continue
        seat = lora.to_act
        assert seat is not None and lora.game is not None
        view = lora.view(seat)
        k = knowledge(view)
        assert k.hand == lora.game.hands[seat]
        for s in range(4):  # the true deal satisfies every inference
            if s != seat:
                assert lora.game.hands[s] & k.excluded[s] == 0, (s, _kind(lora))
        for _ in range(3):
            hands = sample_world(k, rng)
            assert hands is not None
            assert hands[seat] == view.hand
            assert [h.bit_count() for h in hands] == list(view.public.hand_counts)
            game = build_game(view, hands)
            assert game.to_act == seat
            assert game.legal_actions() == list(view.legal)
        checked[_kind(lora)] = checked.get(_kind(lora), 0) + 1
    assert {c.value for c in TRICK_CONTRACTS if c is not Contract.HARAKIRI} | {
        "kvarty",
        "desitky",
    } <= set(checked)


def test_desitky_turns_rebuild_the_knocks() -> None:
    found = 0
    for lora in _random_states(12, 0.3, 11):
        g = lora.game
        if lora.phase != "play" or not isinstance(g, DesitkyGame):
            continue
        part = lora.public_view().game
        assert isinstance(part, DesitkyView)
        turns = part.turns
        knocks = [0, 0, 0, 0]
        for s, cards, how in turns:
            if how == "knock":
                knocks[s] += 1
                assert cards == ()
        assert knocks == g.knocks
        laid = sum(len(c) for _, c, _ in turns) + len(g.turn)
        assert laid == g.laid.bit_count()
        found += sum(knocks) > 0
    assert found > 0


def test_void_and_red_lead_inferences() -> None:
    # červené: seat 0 may lead a heart only holding nothing else; seat 1 then shows a void
    deal = (
        parse_hand("7h 8h 9h 10h Sh Fh Kh Eh"),
        parse_hand("7l 8l 9l 10l Sl Fl Kl El"),
        parse_hand("7b 8b 9b 10b Sb Fb Kb Eb"),
        parse_hand("7a 8a 9a 10a Sa Fa Ka Ea"),
    )
    lora = Lora(deals=[deal] * 11)
    lora.apply(Play(0, parse_card("7h")))
    lora.apply(Play(1, parse_card("7l")))
    k = knowledge(lora.view(2))
    assert k.excluded[0] | HEARTS_MASK == 0xFFFFFFFF  # only hearts
    assert k.excluded[1] & HEARTS_MASK == HEARTS_MASK  # no hearts
    assert k.excluded[3] == 0
    hands = sample_world(k, random.Random(0))
    assert hands is not None and hands[0] & ~HEARTS_MASK == 0


def test_exact_solver_ducks_in_the_last_tricks() -> None:
    # všechny, trick 7 of 8: seat 0 leads; every seat minimises its own tricks
    hands = [parse_hand("7h Eh"), parse_hand("8h 9h"), parse_hand("10h Sh"), parse_hand("Fh Kh")]
    pts = trick_solve(3, hands, [], 0, 6, 0, -1, False)
    assert sum(pts) == 2
    assert pts[0] >= 1  # E♥ must take a trick


# -- hidden information --------------------------------------------------------------------
def _swapped(lora: Lora, seat: int, rng: random.Random) -> Lora | None:
    """The same position with two hidden cards of two other seats exchanged, so that
    nothing public changes and each seat may hold the card it gets."""
    view = lora.view(seat)
    data = lora.to_json()
    if lora.phase == "choose":
        hands = list(data["pending_deal"])
        allowed = [0xFFFFFFFF & ~hands[seat]] * 4
    else:
        hands = list(data["game"]["hands"])
        k = knowledge(view)
        allowed = [k.allowed(s) for s in range(4)]
    others = [s for s in range(4) if s != seat]
    pairs = []
    for i, x in enumerate(others):
        for y in others[i + 1 :]:
            for a in range(32):
                if not hands[x] >> a & 1 or not allowed[y] >> a & 1:
                    continue
                for b in range(32):
                    if hands[y] >> b & 1 and allowed[x] >> b & 1 and (a >> 3 == b >> 3):
                        pairs.append((x, y, a, b))
    if not pairs:
        return None
    x, y, a, b = rng.choice(pairs)
    new = list(hands)
    new[x] = (new[x] & ~(1 << a)) | (1 << b)
    new[y] = (new[y] & ~(1 << b)) | (1 << a)
    if lora.phase == "choose":
        data["pending_deal"] = new
    else:
        deal = list(data["game"]["deal"])
        deal[x] = (deal[x] & ~(1 << a)) | (1 << b)
        deal[y] = (deal[y] & ~(1 << b)) | (1 << a)
        data["game"]["hands"] = new
        data["game"]["deal"] = deal
    other = Lora.from_json(data)
    return other


def _decide(kind: int, seed: int, view: SeatView) -> Action:
    return _ais(seed)[kind].decide(view)


def test_hidden_cards_never_change_a_decision() -> None:
    rng = random.Random(21)
    compared: dict[str, int] = {}
    for n, lora in enumerate(_random_states(6, 0.08, 31)):
        if lora.phase == "stovka":
            continue
        seat = lora.to_act
        assert seat is not None
        if len(lora.legal_actions()) < 2:
            continue
        other = _swapped(lora, seat, rng)
        if other is None:
            continue
        assert other.game is None or other.game.hands != lora.game.hands  # type: ignore[union-attr]
        v1, v2 = lora.view(seat), other.view(seat)
        assert v1 == v2  # nothing the seat can see changed
        for kind in range(4):
            assert _decide(kind, n, v1) == _decide(kind, n, v2)
        compared[_kind(lora)] = compared.get(_kind(lora), 0) + 1
    assert {"choose", "cervene", "filky", "vsechny", "kvarty", "desitky"} <= set(compared), compared


# -- the arena -----------------------------------------------------------------------------
def test_mean_ci() -> None:
    s = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert s["mean"] == 2.5 and s["lo"] < 2.5 < s["hi"] and s["n"] == 4


def test_arena_statistics_on_a_tiny_run() -> None:
    """Two whole lóras of medium against easy: every figure is there and adds up."""
    summary = run("medium", "easy", 2, seed=3, progress=False)
    assert summary["deals"] == 2 and summary["talie_per_deal"] == 4
    pt = summary["per_tali"]
    assert pt["lo"] <= pt["mean"] <= pt["hi"]
    contracts = [c.value for c in TALIE_ORDER]
    assert set(summary["per_contract"]) == {*contracts, "harakiri"}
    total = sum(summary["per_contract"][c]["mean"] for c in contracts)
    assert total == pytest.approx(pt["mean"], abs=0.01)  # harakiri is kept apart
    for who in ("a", "b"):
        m = summary["maturita"][who]
        # each seat is maturant once a lóra: four maturitas, one to three attempts each
        assert 8 <= m["pass_per_attempt"]["n"] <= 24
        assert 0.0 <= m["pass_per_attempt"]["rate"] <= 1.0
        assert m["opponent_fail_per_attempt_defended"]["n"] > 0
    times = summary["decision_time"]
    for level in ("medium", "easy"):
        assert times[level]["card"]["n"] > 0 and times[level]["choose"]["n"] > 0
        assert times[level]["stovka"]["n"] > 0  # the čistá stovka question of tálie 3


def test_arena_smoke_hard_against_hard1() -> None:
    """The issue-17 comparison in miniature: hard and hard1 (small budgets), each in one seat
    of a medium field, one tálie; every figure comes out and both played every kind."""
    summary = run("hard:3", "hard1:3", 1, seed=5, progress=False, field="medium", talie=1)
    pt = summary["per_tali"]
    assert summary["deals"] == 1 and pt["lo"] <= pt["mean"] <= pt["hi"]
    times = summary["decision_time"]
    for level in ("hard:3", "hard1:3"):
        assert times[level]["card"]["n"] > 50
    assert times["hard:3"]["choose"]["n"] >= 1  # the seat that leads tálie 1 chose a maturita
    assert summary["maturita"]["a"]["pass_per_attempt"]["n"] >= 1


def test_arena_field_and_talie() -> None:
    """--field: a and b each play one seat among three field players; one tálie per deal."""
    summary = run("medium", "easy", 1, seed=2, progress=False, field="medium", talie=1)
    assert summary["field"] == "medium" and summary["talie_per_deal"] == 1
    assert summary["per_tali"]["mean"] > 0  # medium beats easy in a medium field too
    assert set(summary["decision_time"]) == {"medium", "easy"}
    assert summary["maturita"]["a"]["pass_per_attempt"]["n"] >= 1  # a as maturant once


def test_arena_resumes_a_saved_run_without_playing_its_deals_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--save then --resume: the saved deals are kept, only the others are played, and the
    figures are those of all of them; a file of another setup is refused."""
    import engine.ai.arena as arena

    played: list[int] = []
    real = arena.play_deal

    def counting(a: str, b: str, seed: int, index: int, *rest: Any) -> dict[str, Any]:
        played.append(index)
        return real(a, b, seed, index, *rest)

    monkeypatch.setattr(arena, "play_deal", counting)
    path = str(tmp_path / "run.jsonl")
    first = run("medium", "easy", 2, seed=6, progress=False, talie=1, save=path)
    assert played == [0, 1] and first["deals"] == 2
    more = run("medium", "easy", 3, seed=6, progress=False, talie=1, save=path, resume=True)
    assert played == [0, 1, 2] and more["deals"] == 3
    whole = run("medium", "easy", 0, seed=6, progress=False, talie=1, save=path, resume=True)
    assert played == [0, 1, 2]
    assert whole["per_tali"] == more["per_tali"]
    assert whole["per_tali"] == run("medium", "easy", 3, seed=6, progress=False,
                                    talie=1)["per_tali"]
    with pytest.raises(ValueError, match="another run"):
        run("medium", "easy", 3, seed=7, progress=False, talie=1, save=path, resume=True)
    with pytest.raises(ValueError, match="another run"):  # budgets by the CPU's clock
        run("medium", "easy", 3, seed=6, progress=False, talie=1, save=path, resume=True,
            cpu_clock=True)
    before = len(played)
    decided = run("medium", "easy", 9, seed=6, progress=False, talie=1, save=path,
                  resume=True, decisive=-1000.0, min_deals=3)
    assert len(played) == before and decided["deals"] == 3  # already decisive: none more
    with open(path, "a", encoding="utf-8") as f:  # a run killed while writing deal 3
        f.write('{"index": 3, "diff": ')
    before = len(played)
    after = run("medium", "easy", 4, seed=6, progress=False, talie=1, save=path, resume=True)
    assert played[before:] == [3] and after["deals"] == 4
    with open(path, encoding="utf-8") as f:
        assert [json.loads(line)["index"] for line in f] == [0, 1, 2, 3]


def test_duplicate_runs_are_repeatable_and_identical_players_tie() -> None:
    a = play_deal("medium", "medium", 4, 0, talie=2)
    b = play_deal("medium", "medium", 4, 0, talie=2)
    assert a["diff"] == b["diff"] == 0
    assert all(v == 0 for v in a["diff_contract"].values())
    c = play_deal("medium", "medium", 4, 0, field="easy", talie=1)
    assert c["diff"] == 0


def test_arena_deals_are_keyed_by_the_game_not_by_the_count() -> None:
    """The cards of a game do not depend on how many maturita attempts came before it."""

    def deals_by_game(levels: list[str]) -> dict[tuple[int, int, int | None], Deal]:
        from engine.ai import make_ai

        lora = KeyedLora(7, 3, 3)
        bots = [make_ai(lv, random.Random(s)) for s, lv in enumerate(levels)]
        seen: dict[tuple[int, int, int | None], Deal] = {}
        while lora.tali <= 2 and not lora.finished:
            key = (lora.tali, lora.game_no, lora.attempt)
            seen.setdefault(key, lora.deals[-1])
            seat = lora.to_act
            assert seat is not None
            lora.apply(bots[seat].decide(lora.view(seat)))
        return seen

    a = deals_by_game(["easy"] * 4)
    b = deals_by_game(["medium"] * 4)
    common = set(a) & set(b)
    assert (2, 1, None) in common and (1, 8, 1) in common
    assert all(a[k] == b[k] for k in common)
    assert a[(1, 1, None)] == shuffled_deal(random.Random("arena/7/3/1/1/0"))


def test_stovka_declared_when_100_is_within_reach_of_the_last_seat() -> None:
    from engine.ai.objective import stovka_declare

    rng = random.Random(8)
    lora = Lora(rng=random.Random(8))
    while lora.phase != "stovka":
        lora.apply(rng.choice(lora.legal_actions()))
    seat = lora.to_act
    assert seat is not None
    lora.totals = [40, 40, 40, 40]
    lora.totals[seat] = 75  # the most points, 25 short of 100 with 12 games to come
    assert stovka_declare(lora.view(seat))
    medium, hard1 = _ais(0)[1], _ais(0)[3]  # hard has its own answer (test below)
    for ai in (medium, hard1):
        assert ai.decide(lora.view(seat)) == Declare(seat, True)
    lora.totals[seat] = 30  # leading the table: nothing to win by declaring
    assert not stovka_declare(lora.view(seat))
    lora.totals[seat] = 98  # too close: the rest of the lóra gives more than 2 points
    assert not stovka_declare(lora.view(seat))


def test_R_STOVKA_hard_never_declares_where_the_shared_rule_would() -> None:
    """hard's own answer (``hard_stovka_declare``, benchmarks/stovka_study.py): no čistá
    stovka, even where the shared rule declares for medium and hard1 — 100 within reach and
    the most points, whatever the others answered before it."""
    from engine.ai.objective import hard_stovka_declare, stovka_declare

    rng = random.Random(8)
    lora = Lora(rng=random.Random(8))
    while lora.phase != "stovka":
        lora.apply(rng.choice(lora.legal_actions()))
    _, medium, hard, hard1 = _ais(0)
    first = lora.to_act
    assert first is not None
    for totals in ([75, 40, 40, 40], [56, 50, 44, 30], [60, 59, 20, 20], [45, 10, 10, 10]):
        for answered in range(4):
            state = copy.deepcopy(lora)
            for k in range(answered):  # the seats before it answered (yes and no)
                state.apply(Declare((first + k) % 4, k % 2 == 0))
            seat = state.to_act
            assert seat is not None
            state.totals = [totals[(s - seat) % 4] for s in range(4)]
            view = state.view(seat)
            assert stovka_declare(view)
            assert not hard_stovka_declare(view)
            assert hard.decide(view) == Declare(seat, False)
            assert medium.decide(view) == Declare(seat, True)
            assert hard1.decide(view) == Declare(seat, True)


def test_rollouts_play_exactly_as_the_medium_player() -> None:
    """The hard player's simulations model a medium seat faithfully: the mask rollouts from
    a deal give the points that four MediumAI players get through the engine."""
    from engine.ai.policy import desitky_rollout, fast_code, kvarty_rollout, trick_rollout
    from engine.cards import shuffled_deal
    from engine.rules import TENS_MASK

    for seed in range(6):
        deal = shuffled_deal(random.Random(seed))
        leader = seed % 4
        lora = Lora(deals=[deal] * 11, first_leader=leader)
        bots = [MediumAI(random.Random(s)) for s in range(4)]
        while lora.game_no < 8:
            seat = lora.to_act
            assert seat is not None
            lora.apply(bots[seat].decide(lora.view(seat)))
        hands = list(deal)
        for row in lora.protocol:
            if row.contract in TRICK_CONTRACTS:
                pts = trick_rollout(
                    fast_code(row.contract), hands, [], leader, 0, 0, [0] * 4, -1, False
                )
            elif row.contract is Contract.KVARTY:
                pts = kvarty_rollout(hands, leader, True, -1)
            else:
                pts = desitky_rollout(hands, TENS_MASK, leader, 0, -1)
            assert tuple(pts) == row.points, (seed, row.contract)
