"""The rollout fast path (engine/fast.py) against the validated engine: correctness, not timing.

``random_playout_traced`` runs the same trick loop as ``random_playout`` one trick at a time
and returns the cards played. Every card is checked against ``rules.trick_legal_mask`` and
replayed through ``TrickGame.apply`` (which verifies it again); the points and the number of
tricks must be the validated engine's, and the game must end exactly where the fast path
stopped. The untraced ``random_playout`` must give the same result from the same seed.
"""

from __future__ import annotations

import ast
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import fast
from engine.actions import Play
from engine.cards import HEARTS_MASK, KH, NUM_CARDS, shuffled_deal
from engine.contracts import Contract, Options
from engine.rules import trick_legal_mask
from engine.tricks import TrickGame

TRICK_GAMES = tuple(fast.FAST_CODES)


def _position(
    contract: Contract,
    deal: tuple[int, int, int, int],
    leader: int,
    prefix: int,
    rng: random.Random,
    forbid_kh: bool,
    maturant: int,
) -> TrickGame:
    """A validated game after ``prefix`` random legal cards (fewer if it ended before)."""
    options = Options(red_king_first_trick="forbidden" if forbid_kh else "allowed")
    game = TrickGame(contract, deal, leader, options, None if maturant < 0 else maturant)
    for _ in range(prefix):
        if game.finished:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def _args(game: TrickGame) -> tuple[int, list[int], int, list[int], int, int]:
    assert game.to_act is not None
    taken = game.taken[0] | game.taken[1] | game.taken[2] | game.taken[3]
    code = fast.FAST_CODES[game.contract]
    return code, list(game.hands), game.to_act, list(game.trick), game.tricks_done, taken


def check_against_engine(game: TrickGame, seed: int) -> list[int]:
    """Play on with the fast path from ``game``'s position; replay and compare. The cards."""
    code, hands, to_act, trick, tricks_done, taken = _args(game)
    forbid = game.options.red_king_first_trick == "forbidden"
    maturant = -1 if game.maturant is None else game.maturant
    snapshot = (list(hands), list(trick))

    traced_rng = random.Random(seed)
    points, done, cards = fast.random_playout_traced(
        code, hands, to_act, trick, tricks_done, taken, traced_rng.random, forbid, maturant
    )
    assert (hands, trick) == snapshot, "the fast path changed its arguments"
    # The untraced fast path plays the same from the same random state, drawing the same.
    rng = random.Random(seed)
    assert fast.random_playout(
        code, hands, to_act, trick, tricks_done, taken, rng.random, forbid, maturant
    ) == (points, done)
    assert rng.getstate() == traced_rng.getstate()
    assert (hands, trick) == snapshot, "the fast path changed its arguments"

    before = list(game.points)
    for i, c in enumerate(cards):
        assert not game.finished, f"the fast path played on after the end: {cards[i:]}"
        seat = game.to_act
        assert seat is not None
        led = game.trick[0] >> 3 if game.trick else -1
        legal = trick_legal_mask(game.hands[seat], led, game.red_lead, game._forbid_kh())
        assert legal >> c & 1, f"card {c} (#{i}) of {cards} is not legal for seat {seat}"
        game.apply(Play(seat, c))
    assert game.finished, f"the fast path stopped before the end after {cards}"
    assert [p - q for p, q in zip(game.points, before, strict=True)] == points
    assert game.tricks_done == done
    return cards


# -- (a) + (b): seeded sweeps over every contract ------------------------------------------------
@pytest.mark.parametrize("contract", TRICK_GAMES, ids=lambda c: c.value)
def test_from_the_start_every_contract(contract: Contract) -> None:
    rng = random.Random(f"start-{contract.value}")
    for _ in range(60):
        deal = shuffled_deal(rng)
        game = _position(contract, deal, rng.randrange(4), 0, rng, False, -1)
        cards = check_against_engine(game, rng.getrandbits(32))
        assert len(cards) % 4 == 0


@pytest.mark.parametrize("contract", TRICK_GAMES, ids=lambda c: c.value)
def test_mid_game_and_mid_trick_every_contract(contract: Contract) -> None:
    rng = random.Random(f"mid-{contract.value}")
    for _ in range(150):
        game = _position(
            contract, shuffled_deal(rng), rng.randrange(4), rng.randrange(31), rng,
            rng.random() < 0.5, -1,
        )  # fmt: skip
        if not game.finished:
            check_against_engine(game, rng.getrandbits(32))


@pytest.mark.parametrize("contract", TRICK_GAMES, ids=lambda c: c.value)
def test_maturant_stops_at_his_first_point(contract: Contract) -> None:
    rng = random.Random(f"maturita-{contract.value}")
    stopped_early = 0
    for _ in range(150):
        maturant = rng.randrange(4)
        game = _position(
            contract, shuffled_deal(rng), rng.randrange(4), rng.randrange(12), rng, False, maturant
        )
        if game.finished:
            continue
        code, hands, to_act, trick, tricks_done, taken = _args(game)
        points, done = fast.random_playout(
            code, hands, to_act, trick, tricks_done, taken, random.Random(7).random, False, maturant
        )
        if points[maturant] and done < 8:
            stopped_early += 1
        check_against_engine(game, 7)
    assert stopped_early > 0


def test_red_lead_never_leads_a_heart_while_holding_another_suit() -> None:
    rng = random.Random("red-lead")
    for contract in (Contract.CERVENE, Contract.CERVENY_KRAL, Contract.HARAKIRI):
        for _ in range(80):
            game = _position(contract, shuffled_deal(rng), rng.randrange(4), 0, rng, False, -1)
            hands = list(game.hands)
            cards = check_against_engine(game, rng.getrandbits(32))
            seat = game.leader
            for t in range(0, len(cards), 4):
                lead = cards[t]
                if lead < 8:
                    assert not hands[seat] & ~HEARTS_MASK
                trick = cards[t : t + 4]
                for i, c in enumerate(trick):
                    hands[(seat + i) & 3] &= ~(1 << c)
                best = max(c for c in trick if c >> 3 == lead >> 3)
                seat = (seat + trick.index(best)) & 3


def test_forbidden_red_king_in_the_first_trick() -> None:
    """Seat 1 cannot follow the leaves led and holds K♥: allowed, he throws it one time in 8."""
    # seat 0: 7h and seven leaves (must lead a leaf); seat 1: the other hearts and 7b
    deal = (0x7F00 | 1, 0xFE | 1 << 16, 1 << 15 | 0xFE << 16, 0xFF << 24)
    rng = random.Random("red-king")
    for forbid, expected in ((False, 50), (True, 0)):
        thrown = 0
        for _ in range(400):
            game = _position(Contract.CERVENY_KRAL, deal, 0, 0, rng, forbid, -1)
            cards = check_against_engine(game, rng.getrandbits(32))
            thrown += KH in cards[:4]
        assert abs(thrown - expected) <= 20


# -- (c): hypothesis properties ------------------------------------------------------------------
deals = st.permutations(range(NUM_CARDS)).map(
    lambda perm: tuple(sum(1 << c for c in perm[8 * s : 8 * s + 8]) for s in range(4))
)


@settings(max_examples=300, deadline=None)
@given(
    contract=st.sampled_from(TRICK_GAMES),
    deal=deals,
    leader=st.integers(0, 3),
    prefix=st.integers(0, 31),
    prefix_seed=st.integers(0, 2**32 - 1),
    seed=st.integers(0, 2**32 - 1),
    forbid_kh=st.booleans(),
    maturant=st.integers(-1, 3),
)
def test_property_fast_path_matches_the_engine(
    contract: Contract,
    deal: tuple[int, int, int, int],
    leader: int,
    prefix: int,
    prefix_seed: int,
    seed: int,
    forbid_kh: bool,
    maturant: int,
) -> None:
    game = _position(
        contract, deal, leader, prefix, random.Random(prefix_seed), forbid_kh, maturant
    )
    if not game.finished:
        check_against_engine(game, seed)


@settings(max_examples=100, deadline=None)
@given(
    contract=st.sampled_from(TRICK_GAMES), deal=deals, leader=st.integers(0, 3), seed=st.integers(0)
)
def test_property_deterministic_and_only_the_injected_rng(
    contract: Contract, deal: tuple[int, int, int, int], leader: int, seed: int
) -> None:
    code = fast.FAST_CODES[contract]
    state = random.getstate()
    first = fast.random_playout(code, list(deal), leader, [], 0, 0, random.Random(seed).random)
    again = fast.random_playout(code, list(deal), leader, [], 0, 0, random.Random(seed))
    assert random.getstate() == state  # the global RNG is never touched
    assert first == again


def _plain(floats: Callable[[], float]) -> Callable[[], float]:
    """A float source that is not a bound method of a random.Random."""
    return lambda: floats()


def test_a_plain_float_source_works_too() -> None:
    rng = random.Random("floats")
    for contract in TRICK_GAMES:
        for _ in range(30):
            game = _position(contract, shuffled_deal(rng), 0, rng.randrange(20), rng, True, -1)
            if game.finished:
                continue
            code, hands, to_act, trick, tricks_done, taken = _args(game)
            floats = random.Random(rng.getrandbits(32)).random
            _, done, cards = fast.random_playout_traced(
                code, hands, to_act, trick, tricks_done, taken, _plain(floats), True
            )
            for c in cards:
                seat = game.to_act
                assert seat is not None
                game.apply(Play(seat, c))
            assert game.finished and game.tricks_done == done


# -- exact uniformity: the tables, the rejection, the picks --------------------------------------
def test_tables_are_exactly_uniform() -> None:
    span = fast.SPAN
    for m in range(1, 256):
        ranks = [r for r in range(8) if m >> r & 1]
        table = fast.RANK_PICK[m]
        assert len(table) == span - span % len(ranks)
        assert {r: table.count(r) for r in ranks} == {r: span // len(ranks) for r in ranks}
    for n in range(1, 33):
        table = fast.UNIFORM[n]
        assert len(table) == span - span % n
        assert [table.count(i) for i in range(n)] == [span // n] * n
    for m in range(65536):
        if m.bit_count() <= 8:
            assert fast.HALF[m] == tuple(b for b in range(16) if m >> b & 1)
            assert fast.HALF_COUNT[m] == m.bit_count()


def test_rejected_draws_are_drawn_again() -> None:
    """A draw past the end of a table (e.g. 511 for 3 cards) is refused, never folded."""
    draws = iter([511, 510, 4])

    def bits(k: int) -> int:
        assert k == fast.RANDOM_BITS
        return next(draws)

    mask = (1 << 3) | (1 << 12) | (1 << 30)  # 3 cards: the table holds 510 entries
    assert fast.pick(mask, bits) == [3, 12, 30][4 % 3]


def test_every_card_of_a_mask_is_picked_equally_often() -> None:
    rng = random.Random("uniform")
    for mask in ((1 << 5) | (1 << 9) | (1 << 31), 0b1111111 << 12, 0xFF, 0x80808080):
        cards = [c for c in range(32) if mask >> c & 1]
        draws = 3000 * len(cards)
        counts = dict.fromkeys(cards, 0)
        for _ in range(draws):
            counts[fast.pick(mask, rng.getrandbits)] += 1
        for c in cards:
            assert abs(counts[c] - 3000) < 300, counts


def test_first_lead_is_uniform_over_the_legal_cards() -> None:
    """The whole loop, not just pick(): the first card of červené avoids hearts, uniformly."""
    # seat 0: 7h-10h, 7l 8l, 7b 8b (both 16-bit halves); the rest dealt in order
    deal = [0x0F | 0x0300 | 0x030000, 0xF0 | 0x0C00 | 0x0C0000, 0xF000 | 0xF00000, 0xFF << 24]
    rng = random.Random("first-lead")
    counts: dict[int, int] = {}
    for _ in range(4000):
        _, _, cards = fast.random_playout_traced(fast.CERVENE, deal, 0, [], 0, 0, rng)
        counts[cards[0]] = counts.get(cards[0], 0) + 1
    assert sorted(counts) == [8, 9, 16, 17]
    assert all(abs(v - 1000) < 150 for v in counts.values()), counts


@pytest.mark.parametrize(
    "deal",
    [
        # seats 1-3 void in leaves (all seat 0's), each holding cards in both 16-bit halves
        (0xFF00, 0x07 | 0x1F << 16, 0x38 | 0xE0 << 16 | 0x03 << 24, 0xC0 | 0xFC << 24),
        # two cards of every suit each: the followers follow suit from two
        tuple(sum(0x03 << (8 * suit + 2 * seat) for suit in range(4)) for seat in range(4)),
    ],
    ids=["discards", "follows"],
)
def test_first_trick_choices_are_uniform(deal: tuple[int, int, int, int]) -> None:
    """Every card of these deals falls in the first trick one time in 8, whoever holds it."""
    rng = random.Random("first-trick")
    counts = [0] * 32
    runs = 4000
    for _ in range(runs):
        _, _, cards = fast.random_playout_traced(fast.VSECHNY, list(deal), 0, [], 0, 0, rng)
        for c in cards[:4]:
            counts[c] += 1
    assert all(abs(n - runs / 8) < 100 for n in counts), counts


# -- positions that are not legal, or over ------------------------------------------------------
def test_game_already_over_gives_nothing() -> None:
    deal = list(shuffled_deal(random.Random(1)))
    assert fast.random_playout(fast.CERVENY_KRAL, deal, 0, [], 3, 1 << KH, random.Random(0)) == (
        [0, 0, 0, 0],
        3,
    )
    assert fast.random_playout(
        fast.CERVENE, [0, 0, 0, 0], 0, [], 8, HEARTS_MASK, random.Random(0)
    ) == (
        [0, 0, 0, 0],
        8,
    )


def test_hands_of_the_wrong_size_are_refused() -> None:
    deal = list(shuffled_deal(random.Random(2)))
    deal[1] &= deal[1] - 1  # one card short
    with pytest.raises(ValueError):
        fast.random_playout(fast.VSECHNY, deal, 0, [], 0, 0, random.Random(0))


def test_the_engine_never_imports_the_benchmarks() -> None:
    """The fast path stays pure Python: no benchmarks/, open_spiel or numpy in engine/."""
    engine = Path(fast.__file__).resolve().parent
    found = set()
    for path in engine.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module.split(".")[0])
    assert not found & {"benchmarks", "pyspiel", "open_spiel", "numpy", "cython"}
