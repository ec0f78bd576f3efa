"""T-VIEW: what each seat sees, the secret partner, everything shown at the end."""

import dataclasses
import pickle

import pytest

from engine.taroky.cards import parse_cards, parse_hand
from tests.taroky.helpers import (
    WORKED_ANNOUNCE,
    WORKED_BIDDING,
    WORKED_DISCARDS,
    WORKED_HANDS,
    WORKED_SCRIPT,
    WORKED_TALON,
    WORKED_TRICKS,
    deal,
    run,
    tricks_script,
    worked_deal,
)


def knows(d, seat):
    v = d.view(seat)
    return v.side, v.sides, v.partner, v.alone


def test_T_VIEW_nobody_but_the_partner_knows_the_partner():
    d = worked_deal()
    run(d, WORKED_BIDDING)
    assert knows(d, 2) == ("D", ("D", "O", "D", "O"), 2, False)
    assert knows(d, 0) == ("D", ("D", None, None, None), None, False)
    assert knows(d, 1) == ("O", ("D", "O", None, None), None, None)
    assert knows(d, 3) == ("O", ("D", None, None, "O"), None, None)
    pub = d.public_view()
    assert (pub.partner, pub.alone, pub.sides) == (None, None, ("D", None, None, None))


def test_T_VIEW_only_the_declarer_knows_he_is_alone():
    d = deal(["XIX Kh"], "XVIII")
    run(d, "0 bid 1P; 1 bid dobra; 2 bid dobra; 3 bid dobra; 0 choose 1P; 0 call XIX")
    assert knows(d, 0) == ("D", ("D", "O", "O", "O"), None, True)
    for s in (1, 2, 3):
        assert knows(d, s)[2:] == (None, None)
    assert d.public_view().alone is None


def test_T_VIEW_the_partner_is_revealed_when_the_called_tarok_is_played():
    d = worked_deal()
    run(d, "; ".join([WORKED_BIDDING, WORKED_DISCARDS, WORKED_ANNOUNCE]))
    run(d, tricks_script(WORKED_TRICKS[:6]))
    assert d.public_view().partner is None
    run(d, "2 play XIX")
    pub = d.public_view()
    assert (pub.partner, pub.alone, pub.sides) == (2, False, ("D", "O", "D", "O"))
    assert knows(d, 1) == ("O", ("D", "O", "D", "O"), 2, False)


def test_T_VIEW_a_flek_tells_the_side():
    d = worked_deal()
    run(d, WORKED_BIDDING + "; " + WORKED_DISCARDS + "; 0 announce done; 1 announce flek:game")
    assert d.public_view().sides == ("D", "O", None, None)
    assert d.public_view().partner is None


def test_T_VIEW_own_hidden_discards_only_until_the_announcements():
    d = worked_deal()
    run(d, WORKED_BIDDING + "; 0 discard Cx; 0 discard Jp")
    v0 = d.view(0)
    assert v0.own_discards == tuple(parse_cards("Cx Jp"))
    assert v0.taken == tuple(parse_cards("XVIII Ch 3k Jp"))
    assert d.view(1).own_discards == () and d.view(1).taken == (parse_cards("7x")[0],)
    assert d.public_view().discard_counts == (2, 0, 0, 0)
    assert d.public_view().face_up_discards == ((), (), (), ())
    run(d, "0 discard 3k; 0 discard 8p; 1 discard 2k; 2 discard 7p")
    assert d.phase == "announce"
    assert d.view(0).own_discards == () and d.view(0).taken == ()


def test_T_VIEW_hands_last_trick_and_counts():
    d = worked_deal()
    run(d, "; ".join([WORKED_BIDDING, WORKED_DISCARDS, WORKED_ANNOUNCE]))
    run(d, tricks_script(WORKED_TRICKS[:2]) + "; 1 play IV")
    v = d.view(3)
    assert v.hand == parse_hand("3h 2h 4k Jk 8x Jx Qx 9p 10p Cp")
    pub = v.public
    assert pub.hand_counts == (10, 9, 10, 10)
    assert pub.last_trick.cards == tuple(parse_cards("XVIII XXI IX V"))
    assert (pub.last_trick.leader, pub.last_trick.winner) == (0, 1)
    assert pub.trick == ((1, parse_cards("IV")[0]),)
    assert pub.tricks_taken == (1, 1, 0, 0)
    assert v.legal == () and d.view(2).legal != ()
    assert pub.reveal is None and pub.score is None


def test_T_VIEW_everything_is_shown_when_the_deal_is_over():
    d = worked_deal()
    run(d, WORKED_SCRIPT)
    pub = d.public_view()
    assert pub.reveal.hands == tuple(parse_hand(h) for h in WORKED_HANDS)
    assert pub.reveal.talon == tuple(parse_cards(WORKED_TALON))
    assert pub.reveal.discards[0] == tuple(parse_cards("Cx Jp 3k 8p"))
    assert (pub.partner, pub.alone) == (2, False)
    assert pub.score.money == (1050, -1050, 1050, -1050)


def test_T_VIEW_views_are_frozen_and_picklable():
    d = worked_deal()
    run(d, WORKED_BIDDING)
    v = d.view(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.hand = 0  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(v)) == v


def test_T_VARSAVA_SCORE_nobody_declares_against_the_others():
    """In Varšava everybody plays for himself: the předák who chose it is the deal's
    ``declarer`` (he leads, he chose), but no seat plays the game against the others, so the
    public view names none (the table picture's "H" badge asks it); in any other game the
    declarer does, from the end of the bidding."""
    d = deal(["II III IV 4h 3h 2h 4k 3k 2k 7x 8x 9x"])
    run(d, "0 bid 1P; 1 bid dobra; 2 bid dobra; 3 bid dobra")
    assert d.public_view().declaring is None  # (the bidding is not over)
    run(d, "0 choose W")
    pub = d.public_view()
    assert (pub.game, pub.declarer, pub.declaring) == ("W", 0, None)
    d = deal(["II III IV 4h 3h 2h 4k 3k 2k 7x 8x 9x"])
    run(d, "0 bid 1P; 1 bid dobra; 2 bid dobra; 3 bid dobra; 0 choose 1P")
    pub = d.public_view()
    assert (pub.game, pub.declarer, pub.declaring) == ("1P", 0, 0)
