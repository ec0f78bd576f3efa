"""The lead model of strong opponents (issue 17, fifth round): ``policy.model_lead`` with the
weight tables of ``engine.ai.lead_weights``, used in the hard player's rollouts for the seats
``search.strong_seats`` marks. (That the rollouts using it play only legal cards and end where
the engine does: ``tests/test_rule_equivalence.py``.)"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from benchmarks.ai_duel import position
from engine.actions import Play
from engine.ai import HardAI, MediumAI, search
from engine.ai.lead_weights import LEAD_WEIGHTS, MATURANT_LEAD_WEIGHTS, OWN_LEAD_WEIGHTS
from engine.ai.policy import (
    LEAD_FEATURES,
    fast_code,
    lead_features,
    model_lead,
    note_voids,
    trick_policy,
    trick_rollout,
)
from engine.ai.search import SearchConfig, strong_seats
from engine.cards import FULL_DECK, parse_card, parse_hand, shuffled_deal
from engine.contracts import Contract, Options
from engine.lora import Lora, new_partial_game, partial_game_from_json
from engine.tricks import TrickGame

GAMES = (
    Contract.CERVENE,
    Contract.FILKY,
    Contract.PRVNI_POSLEDNI,
    Contract.VSECHNY,
    Contract.CERVENY_KRAL,
)


def _lead_states(deals: int, seed: int) -> list[tuple[TrickGame, list[int]]]:
    """States of random legal trick games (plain and with the forbidden first-trick K♥) where
    a seat is to lead, with the voids each seat has shown by then."""
    rng = random.Random(seed)
    out: list[tuple[TrickGame, list[int]]] = []
    for i in range(deals):
        forbid = "forbidden" if i % 2 else "allowed"
        options = Options(red_king_first_trick=forbid)
        g = new_partial_game(GAMES[i % 5], shuffled_deal(rng), i % 4, options)
        g.start()
        assert isinstance(g, TrickGame)
        voids = [0, 0, 0, 0]
        while not g.finished:
            seat = g.to_act
            assert seat is not None
            if not g.trick:
                copy = partial_game_from_json(g.to_json(), options)
                assert isinstance(copy, TrickGame)
                out.append((copy, list(voids)))
            action = rng.choice(g.legal_actions())
            assert isinstance(action, Play)
            if g.trick and action.card >> 3 != g.trick[0] >> 3:
                voids[seat] |= 1 << (g.trick[0] >> 3)
            g.apply(action)
    return out


def test_the_model_leads_the_best_scored_legal_card() -> None:
    """Over seeded random lead positions and random weight tables: the card ``model_lead``
    picks is one of the engine's legal actions, and no legal lead scores higher by
    ``w · lead_features`` (the features the tables were fitted on)."""
    rng = random.Random(17)
    checked = 0
    for g, voids in _lead_states(60, 5):
        seat = g.to_act
        assert seat is not None
        code = fast_code(g.contract)
        hand = g.hands[seat]
        remaining = g.hands[0] | g.hands[1] | g.hands[2] | g.hands[3]
        fkh = g.options.red_king_first_trick == "forbidden"
        med = trick_policy(code, seat, hand, [], seat, g.tricks_done, remaining, voids, -1, fkh)
        legal = [a.card for a in g.legal_actions() if isinstance(a, Play)]
        for w in (LEAD_WEIGHTS[code], tuple(rng.uniform(-3, 3) for _ in range(LEAD_FEATURES))):
            c = model_lead(w, code, seat, hand, g.tricks_done, remaining, voids, fkh, med)
            assert c in legal
            scores = {
                x: sum(
                    a * b
                    for a, b in zip(
                        lead_features(code, hand, g.tricks_done, remaining, voids, seat, x, med),
                        w,
                        strict=True,
                    )
                )
                for x in legal
            }
            assert scores[c] >= max(scores.values()) - 1e-9
            checked += 1
    assert checked > 500


def test_a_table_for_each_trick_game() -> None:
    for table in (LEAD_WEIGHTS, OWN_LEAD_WEIGHTS):
        assert sorted(table) == sorted(fast_code(c) for c in GAMES)
        assert all(len(w) == LEAD_FEATURES for w in table.values())


def test_no_modelled_seat_is_the_medium_rollout_bit_for_bit() -> None:
    """``leads`` of no seat (None, or None for every seat) plays exactly the medium rollout."""
    for g, voids in _lead_states(20, 9):
        code = fast_code(g.contract)
        seat = g.to_act
        assert seat is not None
        hands = list(g.hands)
        taken = FULL_DECK & ~(hands[0] | hands[1] | hands[2] | hands[3])
        args = (code, hands, [], seat, g.tricks_done, taken, voids, -1, False)
        plain: list[int] = []
        a = trick_rollout(*args, (False,) * 4, -1, plain)
        none: list[int] = []
        b = trick_rollout(*args, (False,) * 4, -1, none, [None, None, None, None])
        assert (a, plain) == (b, none)
        assert b == trick_rollout(*args, (False,) * 4, -1, None, None)


def _position(contract: Contract, deal: tuple[int, int, int, int], leader: int) -> Lora:
    """A lóra at the start of ``contract`` with ``deal`` (the duels' own positions)."""
    return position(contract, deal, leader, maturita=False)


def test_where_no_seat_is_strong_the_search_is_as_before(monkeypatch: Any) -> None:
    """Hard's decisions (world budgets) in trick games among three medium players, the same
    view and RNG seed with the lead model on and off: wherever ``strong_seats`` marks no seat
    the card is the same, bit for bit (no lead model enters the rollouts). Medium seats are
    not always unmarked: in some drawn worlds their play looks unlike medium
    (docs/AI_STRENGTH.md, fifth round: about a third of hard's decisions in a medium field
    mark a seat)."""
    marked: list[bool] = []

    def spy(evidence: Any, worlds: Any, me: int, share: float = 0.5) -> list[bool]:
        out = strong_seats(evidence, worlds, me, share)
        marked.append(any(out))
        return out

    monkeypatch.setattr(search, "strong_seats", spy)
    base = SearchConfig(budget_ms=None, close_ms=None, worlds=16, close_worlds=16)
    on, off = replace(base, lead_model=True), replace(base, lead_model=False)
    same = 0
    for i in range(10):
        lora = _position(GAMES[i % 5], shuffled_deal(random.Random(100 + i)), i % 4)
        me = (i + 1) % 4
        bots = [MediumAI(random.Random(s)) for s in range(4)]
        start = len(lora.protocol)
        while len(lora.protocol) == start:
            seat = lora.to_act
            assert seat is not None
            view = lora.view(seat)
            if seat != me or len(view.legal) == 1:
                lora.apply(bots[seat].decide(view))
                continue
            marked.clear()
            a = HardAI(random.Random(i), budget_ms=None, config=on).decide(view)
            b = HardAI(random.Random(i), budget_ms=None, config=off).decide(view)
            if marked and not any(marked):
                assert a == b, (lora.contract, view.hand)
                same += 1
            lora.apply(a)
    assert same >= 20


def test_the_fitted_model_leads_a_short_suit_where_medium_leads_its_lowest_card() -> None:
    """červené, the first trick, seat 0 to lead with 8 9 10 of hearts, 8 10 of leaves, the 10
    of bells (a singleton), 7 8 of acorns: the medium rules lead the 7 of acorns (a sure
    loser); hard1, in its game of the data the table was fitted on (``collect --seed 1 --field
    hard1``), led the singleton 10 of bells, and so does the model."""
    code = fast_code(Contract.CERVENE)
    hand = parse_hand("8h 9h 10h 8l 10l 10b 7a 8a")
    voids = [0, 0, 0, 0]
    med = trick_policy(code, 0, hand, [], 0, 0, FULL_DECK, voids, -1, False)
    assert med == parse_card("7a")
    lead = model_lead(LEAD_WEIGHTS[code], code, 0, hand, 0, FULL_DECK, voids, False, med)
    assert lead == parse_card("10b")


def _record_lead_tables(monkeypatch: Any) -> list[Any]:
    """Replace the search's trick rollouts by stubs that record the per-seat lead tables they
    are given (``None``: every seat leads by the medium rules)."""
    seen: list[Any] = []

    def rollout(*args: Any) -> list[int]:
        seen.append(args[12] if len(args) > 12 else None)
        return [0, 0, 0, 0]

    def lookahead(*args: Any) -> list[int]:
        seen.append(args[15] if len(args) > 15 else None)
        return [0, 0, 0, 0]

    monkeypatch.setattr(search, "trick_rollout", rollout)
    monkeypatch.setattr(search, "trick_lookahead_rollout", lookahead)
    return seen


def test_the_search_gives_the_model_to_strong_seats_where_cards_carry_points(
    monkeypatch: Any,
) -> None:
    """With every other seat marked strong, hard's rollouts get the lead model for those
    seats (and not for its own) in červené, filky and červený král, and none in všechny and
    první a poslední (docs/AI_STRENGTH.md, fifth round: worse in všechny); with the model off,
    none."""
    seen = _record_lead_tables(monkeypatch)
    every_other = lambda e, w, me, share=0.5: [s != me for s in range(4)]  # noqa: E731
    monkeypatch.setattr(search, "strong_seats", every_other)
    base = SearchConfig(budget_ms=None, close_ms=None, worlds=8, close_worlds=8, solve_cards=0)
    for i, contract in enumerate(GAMES):
        for on in (True, False):
            lora = _position(contract, shuffled_deal(random.Random(300 + i)), 0)
            view = lora.view(0)
            seen.clear()
            HardAI(random.Random(1), budget_ms=None, config=replace(base, lead_model=on)).decide(
                view
            )
            assert seen, contract
            weights = LEAD_WEIGHTS[fast_code(contract)]
            modelled = on and contract in (Contract.CERVENE, Contract.FILKY, Contract.CERVENY_KRAL)
            want = [None, weights, weights, weights] if modelled else None
            assert all(x == want for x in seen), (contract, on)


def test_the_stricter_mark_needs_every_world_to_be_unlike_medium() -> None:
    """``strong_share``: by default a seat is strong when at most half of the drawn worlds
    explain its decisions as medium; with 0.0 only when none does (seventh round)."""

    class Seen:
        def __init__(self) -> None:
            self.decisions = [[], [1], [1], []]

        def matches(self, seat: int, hand: int) -> tuple[int, int]:
            medium = seat == 1 and hand == 7  # seat 1: medium in one world of four
            return (2, 2) if medium else (2, 1)

    worlds = [[0, 7, 0, 0], [0, 1, 0, 0], [0, 2, 0, 0], [0, 3, 0, 0]]
    evidence: Any = Seen()
    assert strong_seats(evidence, worlds, 0) == [False, True, True, False]
    assert strong_seats(evidence, worlds, 0, 0.0) == [False, False, True, False]


def _replay_with_one_table(
    g: TrickGame,
    trace: list[int],
    voids: list[int],
    maturant: int,
    seat: int,
    table: tuple[float, ...],
) -> int:
    """Replay a rollout's cards through the engine from ``g``: each of ``seat``'s leads must
    be ``model_lead``'s card by ``table``, every other card the medium rules' card. Returns
    how many of those leads differ from the medium rules' lead."""
    code = fast_code(g.contract)
    fkh = g.options.red_king_first_trick == "forbidden"
    copy = partial_game_from_json(g.to_json(), g.options)
    assert isinstance(copy, TrickGame)
    v = list(voids)
    led = 0
    for c in trace:
        s = copy.to_act
        assert s is not None
        h = copy.hands[s]
        remaining = copy.hands[0] | copy.hands[1] | copy.hands[2] | copy.hands[3]
        trick = list(copy.trick)
        med = trick_policy(
            code, s, h, trick, copy.trick_leader, copy.tricks_done, remaining, v, maturant, fkh
        )
        expected = med
        if s == seat and not trick:
            expected = model_lead(table, code, s, h, copy.tricks_done, remaining, v, fkh, med)
            led += expected != med
        assert c == expected
        note_voids(code, v, s, h, trick, c)
        copy.apply(Play(s, c))
    return led


def test_with_its_own_table_the_seat_leads_the_models_card_in_the_rollout() -> None:
    """``own_leads`` (eighth round): a rollout in which the seat to act has the table of hard's
    own leads plays, at every one of that seat's leads, the card ``model_lead`` picks from
    what the seat sees there (its hand, the cards still out, the voids shown), and the other
    seats play the medium rollout's cards; replayed through the engine."""
    led = 0
    for g, voids in _lead_states(40, 21):
        seat = g.to_act
        assert seat is not None
        code = fast_code(g.contract)
        fkh = g.options.red_king_first_trick == "forbidden"
        hands = list(g.hands)
        taken = FULL_DECK & ~(hands[0] | hands[1] | hands[2] | hands[3])
        leads: list[tuple[float, ...] | None] = [None, None, None, None]
        leads[seat] = OWN_LEAD_WEIGHTS[code]
        trace: list[int] = []
        want = (False,) * 4
        args = (code, hands, [], seat, g.tricks_done, taken, voids, -1, fkh, want, -1)
        trick_rollout(*args, trace, leads)
        led += _replay_with_one_table(g, trace, voids, -1, seat, OWN_LEAD_WEIGHTS[code])
    assert led > 20  # the table leads otherwise than the medium rules in many of them


def test_own_leads_give_the_searching_seat_its_own_table(monkeypatch: Any) -> None:
    """``own_leads`` off (the default): the rollouts get no table for hard's own seat (the
    search as before; ``benchmarks/search_equivalence.py`` gives the same fingerprint). On:
    in every trick game hard's own seat leads by its table ``OWN_LEAD_WEIGHTS`` in the
    rollouts, beside the strong seats' tables where those apply."""
    seen = _record_lead_tables(monkeypatch)
    assert SearchConfig().own_leads is False
    base = SearchConfig(budget_ms=None, close_ms=None, worlds=8, close_worlds=8, solve_cards=0)
    for strong in (False, True):
        marks = lambda e, w, me, share=0.5, strong=strong: [strong and s != me for s in range(4)]  # noqa: E731
        monkeypatch.setattr(search, "strong_seats", marks)
        for i, contract in enumerate(GAMES):
            code = fast_code(contract)
            for on in (True, False):
                view = _position(contract, shuffled_deal(random.Random(300 + i)), 0).view(0)
                seen.clear()
                config = replace(base, own_leads=on)
                HardAI(random.Random(1), budget_ms=None, config=config).decide(view)
                assert seen, contract
                penalty = contract in (Contract.CERVENE, Contract.FILKY, Contract.CERVENY_KRAL)
                others = LEAD_WEIGHTS[code] if strong and penalty else None
                want: list[Any] | None = [None, others, others, others]
                if on:
                    assert want is not None
                    want[0] = OWN_LEAD_WEIGHTS[code]
                elif others is None:
                    want = None
                assert all(x == want for x in seen), (contract, on, strong)


def test_in_maturita_a_rollout_leads_by_the_maturants_table_alone() -> None:
    """``maturant_leads`` (eighth round): in a maturita attempt of červený král the rollout
    plays the maturant's leads by his table (``model_lead``) and the defenders by their medium
    rules, whatever tables the defenders were given (``policy.maturita_leads``); replayed
    through the engine."""
    code = fast_code(Contract.CERVENY_KRAL)
    table = MATURANT_LEAD_WEIGHTS[code]
    other = LEAD_WEIGHTS[code]
    led = 0
    for i in range(40):
        leader = i % 4
        lora = position(Contract.CERVENY_KRAL, shuffled_deal(random.Random(700 + i)), leader, True)
        g = lora.game
        assert isinstance(g, TrickGame) and g.maturant == leader
        fkh = g.options.red_king_first_trick == "forbidden"
        hands = list(g.hands)
        alone: list[tuple[float, ...] | None] = [None, None, None, None]
        alone[leader] = table
        every: list[tuple[float, ...] | None] = [other, other, other, other]
        every[leader] = table
        args = (code, hands, [], leader, 0, 0, [0, 0, 0, 0], leader, fkh, (False,) * 4, -1)
        trace: list[int] = []
        points = trick_rollout(*args, trace, alone)
        again: list[int] = []
        assert trick_rollout(*args, again, every) == points and again == trace
        defenders = [None if s == leader else other for s in range(4)]
        assert trick_rollout(*args, None, defenders) == trick_rollout(*args)
        led += _replay_with_one_table(g, trace, [0, 0, 0, 0], leader, leader, table)
    assert led > 5


def test_maturant_leads_give_the_maturant_his_table(monkeypatch: Any) -> None:
    """``maturant_leads`` off (the default): the maturant's rollouts get no table; on: his
    own seat leads by ``MATURANT_LEAD_WEIGHTS`` in them (červený král), and a defender's
    rollouts get none either way."""
    seen: list[Any] = []

    def rollout(*args: Any) -> list[int]:
        seen.append(args[12] if len(args) > 12 else None)
        return [0, 0, 0, 0]

    monkeypatch.setattr(search, "trick_rollout", rollout)
    assert SearchConfig().maturant_leads is False
    base = SearchConfig(budget_ms=None, close_ms=None, worlds=8, close_worlds=8, solve_cards=0)
    table = MATURANT_LEAD_WEIGHTS[fast_code(Contract.CERVENY_KRAL)]
    deal = shuffled_deal(random.Random(902))  # the defender after the lead has 8 cards
    for seat, on in ((0, True), (0, False), (1, True)):
        lora = position(Contract.CERVENY_KRAL, deal, 0, True)
        if seat:  # the maturant leads a card: a defender decides next
            lora.apply(MediumAI(random.Random(0)).decide(lora.view(0)))
        view = lora.view(seat)
        seen.clear()
        config = replace(base, maturant_leads=on)
        HardAI(random.Random(1), budget_ms=None, config=config).decide(view)
        assert seen
        want = [table, None, None, None] if on and seat == 0 else None
        assert all(x == want for x in seen), (seat, on)
