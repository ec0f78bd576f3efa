"""R-RANK: the final order from the lóra totals and the čistá stovka declarations, tested at
the level of ``Lora._begin_final_order`` (the end of a whole lóra is in test_rules_lora,
test_rules_stovka and test_rules_harakiri)."""

import pytest

from engine.contracts import Options
from engine.lora import Lora
from tests.helpers import xdeal

N = None


def final(totals, stovka=(N, N, N, N), *, first_leader=0, deals=(), cista_stovka=True):
    lora = Lora(
        options=Options(cista_stovka=cista_stovka),
        first_leader=first_leader,
        deals=list(deals),
        start=False,
    )
    lora.totals = list(totals)
    lora.stovka = list(stovka)
    events = lora._begin_final_order()
    return lora, events


@pytest.mark.parametrize(
    ("totals", "stovka", "order"),
    [
        # group 2 only: fewest points first
        ([30, 10, 20, 40], (N, N, N, N), [1, 2, 0, 3]),
        ([30, 10, 20, 40], (False, False, False, False), [1, 2, 0, 3]),
        # a declarer with exactly 100 wins outright
        ([100, 10, 20, 40], (True, False, False, False), [0, 1, 2, 3]),
        ([120, 10, 100, 40], (False, False, True, False), [2, 1, 3, 0]),
        # a declarer who missed is below every non-declarer, however few points he has
        ([5, 10, 120, 40], (True, False, False, False), [1, 3, 2, 0]),
        ([99, 10, 120, 40], (True, False, False, False), [1, 3, 2, 0]),
        ([101, 10, 120, 40], (True, False, False, False), [1, 3, 2, 0]),
        # several who missed: fewest points first among them
        ([50, 10, 60, 40], (True, False, True, False), [1, 3, 0, 2]),
        ([60, 10, 50, 40], (True, False, True, False), [1, 3, 2, 0]),
        # all three groups
        ([100, 70, 30, 20], (True, False, True, False), [0, 3, 1, 2]),
        # a non-declarer with 100 is just a number
        ([100, 100, 20, 40], (True, False, False, False), [0, 2, 3, 1]),
        # everybody declared
        ([100, 90, 95, 110], (True, True, True, True), [0, 1, 2, 3]),
    ],
)
def test_R_RANK_groups_and_points(totals, stovka, order):
    lora, events = final(totals, stovka)
    assert lora.order == order
    assert lora.finished and lora.to_act is None
    assert [e.kind for e in events] == ["lora_finished"]
    assert list(events[0].order) == order
    assert list(events[0].totals) == totals


def test_R_RANK_declarations_count_only_with_the_option_on():
    lora, _ = final([5, 10, 120, 40], (True, False, False, False), cista_stovka=False)
    assert lora.order == [0, 1, 3, 2]


@pytest.mark.parametrize(
    ("totals", "stovka", "tied"),
    [
        ([30, 10, 30, 40], (N, N, N, N), (0, 2)),  # a tie in group 2
        ([100, 100, 20, 40], (True, True, False, False), (0, 1)),  # two made 100
        ([50, 10, 50, 40], (True, False, True, False), (0, 2)),  # a tie in group 3
        ([10, 10, 30, 30], (N, N, N, N), (0, 1)),  # two ties: best places first
        ([10, 30, 30, 10], (N, N, N, N), (0, 3)),
        ([20, 20, 20, 5], (N, N, N, N), (0, 1, 2)),
        ([7, 7, 7, 7], (N, N, N, N), (0, 1, 2, 3)),
    ],
)
def test_R_RANK_ties_go_to_harakiri(totals, stovka, tied):
    lora, events = final(totals, stovka, deals=[xdeal(0)])
    assert lora.order is None and not lora.finished
    assert events[0].kind == "harakiri_needed"
    assert events[0].seats == tied
    assert events[0].games == (1 if len(tied) == 2 else 4)
    assert lora.phase == "play" and lora.contract.value == "harakiri"


def test_R_RANK_not_a_tie_across_groups():
    # 100 for a declarer and 100 for a non-declarer; 40 for a non-declarer and a declarer
    lora, _ = final([100, 100, 40, 40], (True, False, False, True))
    assert lora.order == [0, 2, 1, 3]
