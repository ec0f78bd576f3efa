"""T-HLASKY (automatic hlášky, pagát, valát), T-ANNOUNCE (the turns), T-FLEK."""

from engine.taroky.cards import parse_hand
from engine.taroky.events import (
    HlaskyAnnounced,
    OpponentRevealed,
    PagatPromised,
    PartnerRevealed,
)
from engine.taroky.hlasky import hlasky_of
from engine.taroky.options import TarokyOptions
from engine.taroky.scoring import PagatResult, ValatResult, pagat_result, valat_results
from tests.taroky.helpers import (
    WORKED_BIDDING,
    WORKED_DISCARDS,
    deal,
    refusal,
    run,
    values,
    worked_deal,
)

SIDES = ["D", "O", "D", "O"]


def h(text):
    return hlasky_of(parse_hand(text))


def test_T_HLASKY_AUTO_tarok_counts():
    assert h("I II III IV V VI VII VIII Kh 4h 3h 2h") == ("tarocky",)  # 8 taroks, 1 king + I
    assert h("II III IV V VI VII VIII IX X 4h 3h 2h") == ("tarocky",)  # 9
    assert h("II III IV V VI VII VIII IX X XI 3h 2h") == ("taroky",)  # 10
    assert h("II III IV V VI VII VIII 4h 3h 2h Ah Jh") == ()  # 7
    assert h("II III 4h 3h 2h Ah Jh Ch 4k 3k 2k Ak") == ("barvicky",)
    assert h("II 4h 3h 2h Ah Jh Ch 4k 3k 2k Ak Jk") == ("barvicky",)
    assert h("4h 3h 2h Ah Jh Ch 4k 3k 2k Ak Jk Ck") == ("barvy",)


def test_T_HLASKY_AUTO_honours():
    assert h("I XXI Sk II III 4h 3h 2h Ah Jh Ch Qh") == ("trul",)
    assert h("I XXI Sk II III Kh 3h 2h Ah Jh Ch Qh") == ("trulhonery",)
    # trul with four kings: trulhonéry only (one honour hláška per hand)
    assert h("I XXI Sk II III Kh Kk Kx Kp Jh Ch Qh") == ("trulhonery",)
    assert h("I XXI II III IV Kh Kk Kx Kp Jh Ch Qh") == ("kralovske_honery",)
    assert h("Sk II III IV V Kh Kk Kx 4h Jh Ch Qh") == ("honery",)  # 3 kings + 1 trul card
    assert h("I Sk II III IV Kh Kk 4k 4h Jh Ch Qh") == ("honery",)  # 2 + 2
    assert h("Sk II III IV V Kh Kk 4k 4h Jh Ch Qh") == ()  # 2 + 1
    assert h("II III IV V VI Kh Kk Kx 4h Jh Ch Qh") == ()  # 3 + 0


def test_T_HLASKY_AUTO_combined_kinds():
    assert h("I XXI Sk II III IV V VI Kh 4h 3h 2h") == ("tarocky", "trulhonery")
    assert h("Kh Kk Kx Kp 4h 3h 2h Ah Jh Ch 4k 3k") == ("barvy", "kralovske_honery")


def test_T_HLASKY_AUTO_judged_after_the_exchange_in_playing_order_from_the_declarer():
    d = worked_deal()
    assert (d.dealt[0] & ((1 << 22) - 1)).bit_count() == 7  # no taročky as dealt
    events = run(d, WORKED_BIDDING + "; " + WORKED_DISCARDS)
    assert d.hlasky == (("tarocky",), ("honery",), (), ("barvicky",))
    assert [e for e in events if isinstance(e, HlaskyAnnounced)] == [
        HlaskyAnnounced(0, ("tarocky",)),
        HlaskyAnnounced(1, ("honery",)),
        HlaskyAnnounced(3, ("barvicky",)),
    ]
    # seat 2 declares 3P: his hlášky come first, then seats 3, 0, 1
    d = deal(["Kh", "Kk", "I XXI Sk"])
    events = run(d, "0 bid 1P; 1 bid dobra; 2 bid 3P; 3 bid dobra; 2 trojka take")
    while d.phase == "discard":
        events += d.apply(d.legal_actions()[0])
    assert [e for e in events if isinstance(e, HlaskyAnnounced)] == [
        HlaskyAnnounced(2, ("trul",)),
        HlaskyAnnounced(3, ("barvy",)),
        HlaskyAnnounced(0, ("taroky",)),
        HlaskyAnnounced(1, ("tarocky",)),
    ]
    assert (d.phase, d.to_act) == ("announce", 2)


def _pagat(seat, trick, won_trick, announced, level=0):
    return pagat_result(
        seat=seat, trick=trick, won_trick=won_trick, announced=announced, level=level, sides=SIDES
    )


def test_T_HLASKY_PAGAT_results():
    # announced: won only by taking trick 12
    assert _pagat(0, 11, True, True, 1) == PagatResult(0, "D", True, 1, True, 12)
    assert _pagat(0, 11, False, True).won is False
    # played earlier, for any reason: lost — the result says in which trick (1-based:
    # why it failed, for the result's message)
    assert _pagat(0, 5, True, True) == PagatResult(0, "D", True, 0, False, 6)
    # silent: only in trick 12
    assert _pagat(1, 11, True, False) == PagatResult(1, "O", False, 0, True, 12)
    assert _pagat(1, 11, False, False) == PagatResult(1, "O", False, 0, False, 12)
    assert _pagat(1, 3, True, False) is None
    assert _pagat(None, None, False, False) is None
    # amounts: + when it favours the declarer side
    assert PagatResult(0, "D", True, 1, True).amount == 800
    assert PagatResult(0, "D", True, 0, False).amount == -400
    assert PagatResult(1, "O", False, 0, True).amount == -200
    assert PagatResult(1, "O", True, 2, False).amount == 1600


def test_T_HLASKY_PAGAT_2P_is_announced_with_the_game():
    d = deal(["I"])
    events = run(d, "0 bid 2P; 1 bid dobra; 2 bid dobra; 3 bid dobra; 0 call XIX")
    while d.phase == "discard":
        events += d.apply(d.legal_actions()[0])
    assert PagatPromised(0) in events and d.pagat_by == 0
    assert "pagat" not in values(d)
    assert refusal(d, "0 announce pagat") == "announce_not_allowed"
    run(d, "0 announce done")
    assert d.partner == 1 and "flek:pagat" not in values(d)  # seat 1 holds XIX
    run(d, "1 announce done")
    assert "flek:pagat" in values(d)  # an opponent may flek the 2P pagát


def test_T_HLASKY_VALAT_results():
    assert valat_results(12, "D", 1) == (ValatResult("D", True, 1, True),)
    assert valat_results(11, "D", 0) == (ValatResult("D", True, 0, False),)
    # failed announced valát and the other side's silent valát both count
    assert valat_results(0, "D", 0) == (
        ValatResult("D", True, 0, False),
        ValatResult("O", False, 0, True),
    )
    assert valat_results(12, None, 0) == (ValatResult("D", False, 0, True),)
    assert valat_results(0, None, 0) == (ValatResult("O", False, 0, True),)
    assert valat_results(7, None, 0) == ()
    assert [v.amount for v in valat_results(0, "D", 1)] == [-1600, -400]


def test_T_HLASKY_VALAT_one_announcement_per_deal():
    d = worked_deal()
    run(d, WORKED_BIDDING + "; " + WORKED_DISCARDS + "; 0 announce valat; 0 announce done")
    assert "valat" not in values(d)
    assert refusal(d, "1 announce valat") == "announce_not_allowed"


def test_T_ANNOUNCE_the_turns_of_the_worked_example():
    d = worked_deal()
    run(d, WORKED_BIDDING + "; " + WORKED_DISCARDS)
    assert (d.phase, d.to_act) == ("announce", 0)
    assert values(d) == ["pagat", "valat", "done"]  # the declarer cannot flek his own game
    run(d, "0 announce pagat")
    assert values(d) == ["valat", "done"]
    run(d, "0 announce done")
    assert values(d) == ["valat", "flek:game", "flek:pagat", "done"]  # seat 1: no I
    assert refusal(d, "1 announce pagat") == "announce_not_allowed"
    run(d, "1 announce flek:pagat")
    assert values(d) == ["valat", "flek:game", "done"]
    assert refusal(d, "1 announce flek:pagat") == "flek_not_allowed"
    run(d, "1 announce done")
    # the secret partner: no flek on his declarer's game, but re on his side's pagát
    assert values(d) == ["valat", "flek:pagat", "done"]
    assert refusal(d, "2 announce flek:game") == "flek_not_allowed"
    run(d, "2 announce done; 3 announce done")
    assert values(d) == ["flek:pagat", "done"]  # second turn: no pagát, no valát any more
    assert refusal(d, "0 announce valat") == "announce_not_allowed"
    run(d, "0 announce done")
    assert d.phase == "announce"  # three dobrá in a row are not enough
    run(d, "1 announce done")
    assert (d.phase, d.to_act, d.levels) == ("play", 0, {"game": 0, "pagat": 1, "valat": 0})


def test_T_ANNOUNCE_a_turn_with_an_item_restarts_the_count():
    d = worked_deal()
    run(d, WORKED_BIDDING + "; " + WORKED_DISCARDS)
    run(d, "0 announce done; 1 announce done; 2 announce done; 3 announce flek:game")
    run(d, "3 announce done; 0 announce done; 1 announce done; 2 announce done")
    assert d.phase == "announce"
    run(d, "3 announce done")
    assert d.phase == "play"


def test_T_FLEK_flek_re_sup_alternate_between_the_sides():
    d = worked_deal()
    run(d, WORKED_BIDDING + "; " + WORKED_DISCARDS + "; 0 announce done")
    run(d, "1 announce flek:game; 1 announce done")
    assert d.levels["game"] == 1
    events = run(d, "2 announce flek:game")  # re by the partner reveals him
    assert d.levels["game"] == 2 and PartnerRevealed(2) in events
    run(d, "2 announce done")
    assert "flek:game" in values(d)  # sup by an opponent
    run(d, "3 announce flek:game; 3 announce done")
    assert d.levels["game"] == 3
    assert "flek:game" in values(d)  # the declarer may answer with the next level
    run(d, "0 announce flek:game")
    assert d.levels["game"] == 4


def test_T_ANNOUNCE_an_opponent_who_speaks_for_his_side_is_told_once() -> None:
    """Review 81: an opponent's announcement made his side public (the others' buttons
    showed it: no "flek na pagáta" for his partner) and nothing said so. His first
    announcement or flek says it to everybody, once; the partner's reveals the partner."""
    d = worked_deal()
    run(d, WORKED_BIDDING + "; " + WORKED_DISCARDS)
    events = run(d, "0 announce pagat; 0 announce done")  # the declarer's side is public
    assert d.public_sides == ["D", None, None, None]
    assert not any(isinstance(e, OpponentRevealed) for e in events)
    events = run(d, "1 announce flek:pagat")
    assert OpponentRevealed(1) in events and d.public_sides == ["D", "O", None, None]
    events = run(d, "1 announce flek:game")  # his side is public already: not told again
    assert not any(isinstance(e, OpponentRevealed) for e in events)
    run(d, "1 announce done")
    events = run(d, "2 announce flek:pagat")  # the partner: revealed, all sides with him
    assert PartnerRevealed(2) in events and d.public_sides == SIDES
    assert not any(isinstance(e, OpponentRevealed) for e in events)


def test_T_FLEK_flek_max():
    d = deal_worked_with(TarokyOptions(flek_max=1))
    run(d, "0 announce done; 1 announce flek:game; 1 announce done")
    assert "flek:game" not in values(d)
    assert refusal(d, "2 announce flek:game") == "flek_not_allowed"


def test_T_FLEK_a_refusal_by_the_table_s_highest_flek_alone_names_it():
    """The re of the declarer's side (seat 2, the partner) is refused by ``flek_max`` alone:
    the refusal carries the limit; a sup of the opponents' (no sup before a re at any
    table) does not (review 79: the hand tells why there is no re)."""
    from engine.taroky.actions import Announce
    from engine.taroky.errors import IllegalAction

    def params(d, seat, item):
        try:
            d.verify(Announce(seat, item))
        except IllegalAction as exc:
            return exc.params
        raise AssertionError("accepted")

    d = deal_worked_with(TarokyOptions(flek_max=1))
    run(d, "0 announce done; 1 announce flek:game; 1 announce done")
    assert params(d, 2, "flek:game") == {"case": "flek_limit", "flek_max": 1}
    run(d, "2 announce done")
    assert params(d, 3, "flek:game") == {"case": "flek_other_side"}  # (a re: not his side's)


def test_T_HLASKY_PAGAT_a_later_turn_of_its_announcer_says_it_is_his() -> None:
    """Refusing the pagát again to the seat that announced it, the case is ``pagat_own``
    (its announcer understands that), before ``first_turn_only`` (review 88); to another
    seat in a later turn it stays ``first_turn_only``."""
    from engine.taroky.actions import Announce
    from engine.taroky.errors import IllegalAction

    def case(d, seat):
        try:
            d.verify(Announce(seat, "pagat"))
        except IllegalAction as exc:
            return exc.params["case"]
        raise AssertionError("accepted")

    d = deal_worked_with(TarokyOptions())
    run(d, "0 announce pagat; 0 announce done")
    assert case(d, 1) == "pagat_announced"  # (his first turn)
    run(d, "1 announce flek:game; 1 announce done; 2 announce done; 3 announce done")
    assert case(d, 0) == "pagat_own"
    run(d, "0 announce done")
    assert case(d, 1) == "first_turn_only"


def test_T_FLEK_no_flek_on_a_silent_pagat():
    d = worked_deal()
    run(d, WORKED_BIDDING + "; " + WORKED_DISCARDS + "; 0 announce done")
    assert "flek:pagat" not in values(d)
    assert refusal(d, "1 announce flek:pagat") == "flek_not_allowed"
    assert refusal(d, "1 announce flek:valat") == "flek_not_allowed"


def deal_worked_with(options):
    from tests.taroky.helpers import WORKED_HANDS, WORKED_TALON

    d = deal(WORKED_HANDS, WORKED_TALON, options=options)
    run(d, WORKED_BIDDING + "; " + WORKED_DISCARDS)
    return d


def test_T_HLASKY_none_in_varsava():
    """No revealing hlášky, no pagát, no valát, no announcement phase in Varšava — here the
    pagát is played as its holder's last tarok and one seat takes nine tricks."""
    hands = [
        "4h 3h 2h Ah Jh Ch Qh Kh I II III IV", "4k 3k 2k Ak Jk Ck Qk Kk V VI VII VIII",
        "7x 8x 9x 10x Jx Cx Qx Kx IX X XI XII", "7p 8p 9p 10p Jp Cp Qp Kp XIII XIV XV XVI",
    ]  # fmt: skip
    d = deal(hands, "XVII XVIII XIX XX XXI Sk")
    run(d, "0 bid 1P; 1 bid dobra; 2 bid dobra; 3 bid zduch")
    assert (d.phase, d.hlasky) == ("play", None)
    while not d.finished:
        d.apply(d.legal_actions()[0])
    assert d.hlasky is None and d.score.pagat is None and d.score.valats == ()
    assert d.score.components is None and d.levels == {"game": 0, "pagat": 0, "valat": 0}
