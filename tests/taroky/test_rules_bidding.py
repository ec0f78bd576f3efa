"""T-BID: the order, the opening, raising, 2P, žďuch, the end of the bidding."""

import pytest

from engine.taroky.actions import action_from_json
from engine.taroky.errors import BadInput
from engine.taroky.options import TarokyOptions
from tests.taroky.helpers import deal, legal, refusal, run, values

# fill(): seat 0 gets I II … XII (12 taroks); seat 1 XIII … Sk 4h 3h; seat 2 and 3 suits.
PAGAT_AT_0 = ["I"]
# seat 1 gets I: seat 0 then II … XIII
PAGAT_AT_1 = ["", "I"]


def test_T_BID_ORDER_every_seat_speaks_once_from_the_predak():
    d = deal(PAGAT_AT_0)
    seen = []
    for bid in ("1P", "dobra", "dobra", "dobra"):
        seen.append(d.to_act)
        run(d, f"{d.to_act} bid {bid}")
    assert seen == [0, 1, 2, 3]
    assert d.phase == "choose"
    d = deal(PAGAT_AT_0, dealer=1)
    seen = []
    for bid in ("1P", "dobra", "dobra", "dobra"):
        seen.append(d.to_act)
        run(d, f"{d.to_act} bid {bid}")
    assert seen == [2, 3, 0, 1]


def test_T_BID_OPEN_the_predak_must_open():
    d = deal(PAGAT_AT_0)
    assert legal(d) == ["0 bid 1P", "0 bid 2P", "0 bid 3P", "0 bid 6P"]
    assert refusal(d, "0 bid dobra") == "must_open"
    assert refusal(d, "0 bid zduch") == "zduch_not_allowed"
    d = deal(PAGAT_AT_1)
    assert values(d) == ["1P", "3P", "6P"]
    assert refusal(d, "0 bid 2P") == "no_pagat_for_2P"


def test_T_BID_OPEN_the_predak_may_open_2P_3P_6P_directly():
    for game, phase in (("2P", "call"), ("3P", "trojka"), ("6P", "announce")):
        d = deal(PAGAT_AT_0)
        run(d, f"0 bid {game}; 1 bid dobra; 2 bid dobra; 3 bid dobra")
        assert (d.declarer, d.game, d.phase) == (0, game, phase)


def test_T_BID_RAISE_strictly_higher_or_dobra():
    d = deal(PAGAT_AT_0)
    run(d, "0 bid 1P")
    assert values(d) == ["3P", "6P", "dobra"]  # seat 1 holds no I
    assert refusal(d, "1 bid 1P") == "bid_too_low"
    assert refusal(d, "1 bid 2P") == "no_pagat_for_2P"
    run(d, "1 bid 3P")
    assert values(d) == ["6P", "dobra"]
    assert refusal(d, "2 bid 3P") == "bid_too_low"
    assert refusal(d, "2 bid 2P") == "bid_too_low"  # bid_too_low comes before no_pagat_for_2P
    assert refusal(d, "2 bid 1P") == "bid_too_low"


def test_T_BID_2P_only_with_the_pagat():
    d = deal(PAGAT_AT_1)
    run(d, "0 bid 1P")
    assert values(d) == ["2P", "3P", "6P", "dobra"]
    run(d, "1 bid 2P; 2 bid dobra; 3 bid dobra")
    assert (d.declarer, d.game, d.phase, d.to_act) == (1, "2P", "call", 1)


def test_T_BID_ZDUCH_the_zadak_pushes_the_predak_into_varsava():
    d = deal(PAGAT_AT_0)
    run(d, "0 bid 1P; 1 bid dobra")
    assert refusal(d, "2 bid zduch") == "zduch_not_allowed"  # d+2 is not the zadák
    run(d, "2 bid dobra")
    assert values(d) == ["3P", "6P", "dobra", "zduch"]
    run(d, "3 bid zduch")
    assert (d.game, d.declarer, d.zduch, d.phase, d.to_act) == ("W", 0, True, "play", 0)
    assert d.hlasky is None  # no hlášky, no announcements in Varšava


def test_T_BID_ZDUCH_only_while_the_1P_stands():
    d = deal(PAGAT_AT_0)
    run(d, "0 bid 1P; 1 bid 3P; 2 bid dobra")
    assert values(d) == ["6P", "dobra"]
    assert refusal(d, "3 bid zduch") == "zduch_not_allowed"


@pytest.mark.parametrize("opts", [{"zduch": False}, {"varsava": False}])
def test_T_BID_ZDUCH_only_with_the_options_on(opts):
    d = deal(PAGAT_AT_0, options=TarokyOptions.from_json(opts))
    run(d, "0 bid 1P; 1 bid dobra; 2 bid dobra")
    assert "zduch" not in values(d)
    assert refusal(d, "3 bid zduch") == "zduch_not_allowed"


def test_T_BID_ZDUCH_is_not_limited_by_varsava_max_taroky():
    d = deal(PAGAT_AT_0, options=TarokyOptions(varsava_max_taroky=3))  # předák: 12 taroks
    run(d, "0 bid 1P; 1 bid dobra; 2 bid dobra; 3 bid zduch")
    assert d.game == "W"


def test_T_BID_END_the_predak_chooses_after_all_passed():
    d = deal(PAGAT_AT_0)
    run(d, "0 bid 1P; 1 bid dobra; 2 bid dobra; 3 bid dobra")
    assert (d.phase, d.to_act, d.game, d.declarer) == ("choose", 0, None, None)
    assert legal(d) == ["0 choose 1P", "0 choose 2P", "0 choose W"]
    run(d, "0 choose 2P")
    assert (d.game, d.declarer, d.phase) == ("2P", 0, "call")


def test_T_BID_END_choices_refused():
    d = deal(PAGAT_AT_1)
    run(d, "0 bid 1P; 1 bid dobra; 2 bid dobra; 3 bid dobra")
    assert values(d) == ["1P", "W"]
    assert refusal(d, "0 choose 2P") == "no_pagat_for_2P"
    d = deal(PAGAT_AT_1, options=TarokyOptions(varsava=False))
    run(d, "0 bid 1P; 1 bid dobra; 2 bid dobra; 3 bid dobra")
    assert values(d) == ["1P"]  # a forced choice is still an action (T-REPLAY-CONVENTIONS)
    assert refusal(d, "0 choose W") == "varsava_not_allowed"
    d = deal(PAGAT_AT_0, options=TarokyOptions(varsava_max_taroky=3))
    run(d, "0 bid 1P; 1 bid dobra; 2 bid dobra; 3 bid dobra")
    assert refusal(d, "0 choose W") == "varsava_not_allowed"
    d = deal(["Kh Kk Kx Kp Qh Qk Qx Qp Ch Ck Cx II"], options=TarokyOptions(varsava_max_taroky=3))
    run(d, "0 bid 1P; 1 bid dobra; 2 bid dobra; 3 bid dobra")
    assert values(d) == ["1P", "W"]
    run(d, "0 choose W")
    assert (d.game, d.declarer, d.zduch, d.phase, d.to_act) == ("W", 0, False, "play", 0)


def test_T_BID_END_the_highest_bidder_is_the_declarer():
    d = deal(PAGAT_AT_0)
    run(d, "0 bid 1P; 1 bid 3P; 2 bid dobra; 3 bid 6P")
    assert (d.declarer, d.game, d.phase, d.to_act) == (3, "6P", "announce", 3)
    d = deal(PAGAT_AT_0)
    run(d, "0 bid 3P; 1 bid dobra; 2 bid dobra; 3 bid dobra")
    assert (d.declarer, d.game, d.phase) == (0, "3P", "trojka")


def test_T_BID_varsava_is_not_a_bid():
    with pytest.raises(BadInput):
        action_from_json({"seat": 0, "bid": "W"})
    with pytest.raises(BadInput):
        action_from_json({"seat": 0, "choose": "3P"})
