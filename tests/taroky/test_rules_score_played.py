"""T-SCORE played through the deal: whole deals from fixed cards, every card pushed through the
engine's one legality path, the money checked per seat.

Every expected number is worked out by hand from TAROKY.md (the arithmetic is in the
comments); card values (T-DECK): K, I, XXI, Sk 5 · Q 4 · C 3 · J 2 · every other card 1;
eyes of a pile of n cards (T-COUNT) = raw − 2·⌊n/3⌋ − (1 if n mod 3 else 0).
"""

import pytest

from engine.taroky.cards import card_str
from engine.taroky.events import DealEnded, TalonTurned, TrickTaken
from engine.taroky.options import TarokyOptions
from tests.taroky.helpers import deal, run, tricks_script

# -- deal A: a preferanc / sólo by seat 0 (dealer 3, so seat 0 is předák and leads) --------
# Seat 0 holds ten taroks (XXI … XII) and Kh Qh; seat 1 the other twelve taroks; seats 2
# and 3 only suit cards. Talon: upper trojka 4h 3h 4k, lower trojka 2h 2k 3k.
A_HANDS = [
    "XII XIII XIV XV XVI XVII XVIII XIX XX XXI Qh Kh",
    "I II III IV V VI VII VIII IX X XI Sk",
    "Ah Jh Ch Ak Jk Ck Qk Kk 7x 8x 9x 10x",
    "Jx Cx Qx Kx 7p 8p 9p 10p Jp Cp Qp Kp",
]
A_TALON = "4h 3h 4k 2h 2k 3k"
A_DONE = "0 announce done; 1 announce done; 2 announce done; 3 announce done"
# Tricks 1–9: seat 0 leads his nine highest taroks, seat 1 must add a tarok (no duty to
# overtake), seats 2 and 3 have none and throw anything. Trick 10: Sk takes XII; seat 1
# then leads X and XI, which nobody can beat (seat 0 has only Qh Kh left).
A_TRICKS = [
    "0 XXI, 1 I, 2 Ah, 3 Jx",
    "0 XX, 1 II, 2 Jh, 3 Cx",
    "0 XIX, 1 III, 2 Ch, 3 Qx",
    "0 XVIII, 1 IV, 2 Ak, 3 Kx",
    "0 XVII, 1 V, 2 Jk, 3 10p",
    "0 XVI, 1 VI, 2 Ck, 3 Jp",
    "0 XV, 1 VII, 2 Qk, 3 Cp",
    "0 XIV, 1 VIII, 2 Kk, 3 Qp",
    "0 XIII, 1 IX, 2 10x, 3 Kp",
    "0 XII, 1 Sk, 2 7x, 3 7p",
    "1 X, 2 8x, 3 8p, 0 Qh",
    "1 XI, 2 9x, 3 9p, 0 Kh",
]


def winners(events):
    return [e.seat for e in events if isinstance(e, TrickTaken)]


def ended(events):
    (end,) = [e for e in events if isinstance(e, DealEnded)]
    return end


# The 3P levels keep the same piles: the declarer lays away exactly the trojka he took, and
# the other trojka (raw 3 either way: 2h 2k 3k or 4h 3h 4k) belongs to the opponents.
# Opponents' pile: trick 10 XII 1 + Sk 5 + 7x 1 + 7p 1 = 8; trick 11 X 1 + 8x 1 + 8p 1 +
# Qh 4 = 7; trick 12 XI 1 + 9x 1 + 9p 1 + Kh 5 = 8; the trojka 3 → 15 cards, raw 26,
# five threes: 26 − 10 = 16 eyes. Declarer: 70 − 16 = 54 (check: raw 106 − 26 = 80,
# 39 cards = 13 threes, 80 − 26 = 54).
# Hlášky (after the exchange, T-HLASKY-AUTO): seat 0 taroky (10 taroks; Kh + XXI = 2 honours,
# none); seat 1 taroky (12 taroks; I + Sk, none); seats 2, 3 barvy (no tarok; Kk, resp.
# Kx Kp, no honour hláška). The declarer wins (54 ≥ 36): only his taroky counts, H = +100.
# Pagát: I fell in trick 1 — nothing. Valát: none (3 tricks to seat 1).
# G = (54 − 35) · rate; S = G + 100; A rounded up to 50; 1 v 3: declarer +3A, each −A.
#   3P1: 19 · 10 = 190, S = 290 → A = 300
#   3P2: 19 · 20 = 380, S = 480 → A = 500
#   3P3: 19 · 30 = 570, S = 670 → A = 700
@pytest.mark.parametrize(
    ("trojka", "took", "game", "a"),
    [
        ("0 trojka take", "4h 3h 4k", "3P1", 300),
        ("0 trojka reject; 0 trojka take", "2h 2k 3k", "3P2", 500),
        ("0 trojka reject; 0 trojka reject", "4h 3h 4k", "3P3", 700),
    ],
)
def test_T_SCORE_RATES_played_preferanc_on_first_second_third(trojka, took, game, a):
    d = deal(A_HANDS, A_TALON)
    discards = "; ".join(f"0 discard {card}" for card in took.split())
    run(d, f"0 bid 3P; 1 bid dobra; 2 bid dobra; 3 bid dobra; {trojka}; {discards}; {A_DONE}")
    events = run(d, tricks_script(A_TRICKS))
    assert winners(events) == [0] * 9 + [1, 1, 1]
    s = d.score
    assert d.game == game and s.eyes == (54, 16)
    assert s.components == {
        "G": 19 * {"3P1": 10, "3P2": 20, "3P3": 30}[game],
        "H": 100,
        "P": 0,
        "V": 0,
        "S": 19 * {"3P1": 10, "3P2": 20, "3P3": 30}[game] + 100,
        "A": a,
    }
    assert s.money == (3 * a, -a, -a, -a)
    assert s.pagat is None and s.valats == ()
    assert ended(events).money == s.money and ended(events).eyes == (54, 16)


def test_T_SCORE_RATES_played_solo_at_60_the_talon_to_the_opponents():
    """The same cards as sólo: no exchange, the whole talon (raw 6) is the opponents'."""
    d = deal(A_HANDS, A_TALON)
    run(d, "0 bid 6P; 1 bid dobra; 2 bid dobra; 3 bid dobra; " + A_DONE)
    events = run(d, tricks_script(A_TRICKS))
    # T-TALON-6P (reveal): one talon card turned after each of tricks 1–6, for the opponents
    turned = [(card_str(e.card), e.seat) for e in events if isinstance(e, TalonTurned)]
    assert turned == [(c, None) for c in A_TALON.split()]
    # Opponents: tricks 10–12 (12 cards, raw 23) + talon (6 cards, raw 6) = 18 cards, raw 29,
    # six threes: 29 − 12 = 17. Declarer 70 − 17 = 53 (raw 77, 36 cards: 77 − 24 = 53).
    # G = 18 · 60 = 1080; H = +100 (seat 0's taroky as dealt); S = 1180 → A = 1200.
    s = d.score
    assert s.eyes == (53, 17)
    assert s.components == {"G": 1080, "H": 100, "P": 0, "V": 0, "S": 1180, "A": 1200}
    assert s.money == (3600, -1200, -1200, -1200)


# -- T-HLASKY-PAGAT played -------------------------------------------------------------------
def test_T_HLASKY_PAGAT_silent_pagat_won_in_trick_12_played():
    """Sólo of deal A, but seat 1 keeps I to the last trick and leads it: nobody has a tarok
    left, so the silent pagát of an opponent wins trick 12 and costs the declarer 200."""
    tricks = [
        "0 XXI, 1 II, 2 Ah, 3 Jx",
        "0 XX, 1 III, 2 Jh, 3 Cx",
        "0 XIX, 1 IV, 2 Ch, 3 Qx",
        "0 XVIII, 1 V, 2 Ak, 3 Kx",
        "0 XVII, 1 VI, 2 Jk, 3 10p",
        "0 XVI, 1 VII, 2 Ck, 3 Jp",
        "0 XV, 1 VIII, 2 Qk, 3 Cp",
        "0 XIV, 1 IX, 2 Kk, 3 Qp",
        "0 XIII, 1 X, 2 10x, 3 Kp",
        "0 XII, 1 Sk, 2 7x, 3 7p",
        "1 XI, 2 8x, 3 8p, 0 Qh",
        "1 I, 2 9x, 3 9p, 0 Kh",
    ]
    d = deal(A_HANDS, A_TALON)
    run(d, "0 bid 6P; 1 bid dobra; 2 bid dobra; 3 bid dobra; " + A_DONE)
    events = run(d, tricks_script(tricks))
    assert winners(events) == [0] * 9 + [1, 1, 1]
    # Opponents: trick 10 XII 1 + Sk 5 + 7x 1 + 7p 1 = 8; trick 11 XI 1 + 8x 1 + 8p 1 + Qh 4
    # = 7; trick 12 I 5 + 9x 1 + 9p 1 + Kh 5 = 12; talon 6 → 18 cards, raw 33: 33 − 12 = 21.
    # Declarer 49. G = 14 · 60 = 840; H = +100; P = −200 (the opponents' silent pagát won,
    # T-SCORE-BINDING); S = 740 → A = 750.
    s = d.score
    assert s.eyes == (49, 21)
    assert (s.pagat.seat, s.pagat.side, s.pagat.announced, s.pagat.won) == (1, "O", False, True)
    assert s.components == {"G": 840, "H": 100, "P": -200, "V": 0, "S": 740, "A": 750}
    assert s.money == (2250, -750, -750, -750)


# 1P by seat 0 (calls XIX; seat 2 holds it: 2 v 2, S0+S2 against S1+S3). The declarer side
# holds all 22 taroks; seat 0 announces pagát and leads I into trick 12, where his partner
# must add a tarok (T-PLAY-FOLLOW) and has only Sk left: the pagát is beaten by the partner.
B_HANDS = [
    "I XI XII XIII XIV XV XVI XVII XVIII XX XXI 4h",
    "Jh Ch Qh Kh 2k Ak Jk Ck Qk Kk 8x 9x",
    "II III IV V VI VII VIII IX X XIX Sk 3h",
    "10x Jx Cx Qx Kx 8p 9p 10p Jp Cp Qp Kp",
]
B_TALON = "2h Ah 4k 3k 7x 7p"  # 4-1-1: seat 0 2h Ah 4k 3k, seat 1 7x, seat 2 7p
B_TRICKS = [
    "0 4h, 1 Kh, 2 3h, 3 8p",  # seat 3 has no heart and no tarok
    "1 Kk, 2 II, 3 9p, 0 XI",
    "0 XXI, 1 Jh, 2 XIX, 3 10p",  # the partner shows himself
    "0 XX, 1 Ch, 2 X, 3 Jp",
    "0 XVIII, 1 Qh, 2 IX, 3 Cp",
    "0 XVII, 1 2k, 2 VIII, 3 Qp",
    "0 XVI, 1 Ak, 2 VII, 3 Kp",
    "0 XV, 1 Jk, 2 VI, 3 10x",
    "0 XIV, 1 Ck, 2 V, 3 Jx",
    "0 XIII, 1 Qk, 2 IV, 3 Cx",
    "0 XII, 1 8x, 2 III, 3 Qx",
    "0 I, 1 9x, 2 Sk, 3 Kx",
]


def test_T_HLASKY_PAGAT_announced_pagat_beaten_by_the_partner_played():
    d = deal(B_HANDS, B_TALON)
    run(
        d,
        "0 bid 1P; 1 bid dobra; 2 bid dobra; 3 bid dobra; 0 choose 1P; 0 call XIX; "
        "0 discard 2h; 0 discard Ah; 0 discard 4k; 0 discard 3k; 1 discard 7x; 2 discard 7p; "
        "0 announce pagat; 0 announce done; 1 announce done; 2 announce done; "
        "3 announce done; 0 announce done",
    )
    events = run(d, tricks_script(B_TRICKS))
    assert winners(events) == [1] + [0] * 10 + [2]
    assert d.partner == 2 and d.won == [10, 1, 1, 0]
    # Opponents: trick 1 (4h 1 + Kh 5 + 3h 1 + 8p 1 = 8) + seat 1's discard 7x (1): 5 cards,
    # raw 9, one three and a pair: 9 − 2 − 1 = 6. Declarer side 70 − 6 = 64.
    # G = (64 − 35) · 10 = 290. Hlášky: seat 0 taroky (11 taroks), seat 2 taroky (11 taroks)
    # count, their side won: +200; seats 1 and 3 barvy (no tarok, two kings each: no honour
    # hláška) lost: nothing. P: announced pagát, level 0, beaten in trick 12 → −400.
    # S = 290 + 200 − 400 = 90 → A = 100; 2 v 2, S > 0: each opponent pays 100.
    s = d.score
    assert s.eyes == (64, 6)
    assert (s.pagat.seat, s.pagat.side, s.pagat.announced, s.pagat.won) == (0, "D", True, False)
    assert s.components == {"G": 290, "H": 200, "P": -400, "V": 0, "S": 90, "A": 100}
    assert s.money == (100, -100, 100, -100)
    assert sorted(s.payments) == [(1, 0, 100), (3, 2, 100)]


# -- T-HLASKY-VALAT and T-SCORE-BINDING played --------------------------------------------
# Sólo by seat 0 with twelve taroks (Sk, XXI … XI); seat 1 holds I … X and 4h 3h, seats 2
# and 3 suit cards, the talon the four kings and Qh Qk. Seat 0 leads every trick and wins
# it: seat 1 must add his taroks (tricks 1–10), then throws his hearts.
C_HANDS = [
    "XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI Sk",
    "I II III IV V VI VII VIII IX X 4h 3h",
    "2h Ah Jh Ch 4k 3k 2k Ak Jk Ck 7x 8x",
    "9x 10x Jx Cx Qx 7p 8p 9p 10p Jp Cp Qp",
]
C_TALON = "Kh Kk Kx Kp Qh Qk"
C_TRICKS = [
    "0 Sk, 1 I, 2 2h, 3 9x",
    "0 XXI, 1 II, 2 Ah, 3 10x",
    "0 XX, 1 III, 2 Jh, 3 Jx",
    "0 XIX, 1 IV, 2 Ch, 3 Cx",
    "0 XVIII, 1 V, 2 4k, 3 Qx",
    "0 XVII, 1 VI, 2 3k, 3 7p",
    "0 XVI, 1 VII, 2 2k, 3 8p",
    "0 XV, 1 VIII, 2 Ak, 3 9p",
    "0 XIV, 1 IX, 2 Jk, 3 10p",
    "0 XIII, 1 X, 2 Ck, 3 Jp",
    "0 XII, 1 4h, 2 7x, 3 Cp",  # seat 1 has no tarok left: any card
    "0 XI, 1 3h, 2 8x, 3 Qp",
]
# Opponents' pile = the talon only (T-COUNT-SIDE): Kh Kk Kx Kp 4 · 5 + Qh Qk 2 · 4 = 28, six
# cards, two threes: 28 − 4 = 24 eyes. Declarer 70 − 24 = 46 (raw 78, 48 cards: 78 − 32).
# G is NOT replaced by the valát (T-SCORE-GAME): G = (46 − 35) · 60 = 660. Hlášky: seat 0
# taroky (12 taroks; XXI + Sk only 2 honours) +100; seat 1 taroky and seats 2, 3 barvy lost
# (no honour hláška among them: the kings are in the talon): H = +100.


@pytest.mark.parametrize(
    ("announce", "level", "v", "a"),
    [
        # silent valát (T-HLASKY-VALAT): V = +400; S = 660 + 100 + 400 = 1160 → A = 1200
        (A_DONE, 0, 400, 1200),
        # announced by the declarer, flekked by seat 1 (level 1): V = 800 · 2 = 1600;
        # S = 660 + 100 + 1600 = 2360 → A = 2400 (under the 4000 cap)
        (
            "0 announce valat; 0 announce done; 1 announce flek:valat; 1 announce done; "
            "2 announce done; 3 announce done; 0 announce done; 1 announce done",
            1,
            1600,
            2400,
        ),
    ],
)
def test_T_HLASKY_VALAT_played_solo_valat_silent_and_announced(announce, level, v, a):
    d = deal(C_HANDS, C_TALON)
    run(d, "0 bid 6P; 1 bid dobra; 2 bid dobra; 3 bid dobra; " + announce)
    events = run(d, tricks_script(C_TRICKS))
    assert winners(events) == [0] * 12 and d.won == [12, 0, 0, 0]
    s = d.score
    assert s.eyes == (46, 24)
    (valat,) = s.valats
    assert (valat.side, valat.announced, valat.level, valat.won) == ("D", level > 0, level, True)
    assert s.components == {"G": 660, "H": 100, "P": 0, "V": v, "S": 660 + 100 + v, "A": a}
    assert s.money == (3 * a, -a, -a, -a)


def test_T_SCORE_BINDING_played_valat_adds_to_the_game_it_does_not_replace_it():
    """T-SCORE-BINDING: V is added to G (and H); the valát replaces neither the game nor the
    hlášky — G is still the 11-eye difference of 46:24, not 35 eyes."""
    d = deal(C_HANDS, C_TALON)
    run(d, "0 bid 6P; 1 bid dobra; 2 bid dobra; 3 bid dobra; " + A_DONE)
    run(d, tricks_script(C_TRICKS))
    c = d.score.components
    assert c["G"] == (46 - 35) * 60 and c["G"] != 35 * 60
    assert c["S"] == c["G"] + c["H"] + c["P"] + c["V"] == 1160


# -- T-SCORE-GAME, tie = one_eye, played -----------------------------------------------------
# Deal A as 3P1, with seats 2 and 3 keeping their big cards for the tricks seat 1 takes.
# Opponents: trick 10 XII 1 + Sk 5 + Kk 5 + Kx 5 = 16; trick 11 X 1 + Qk 4 + Kp 5 + Qh 4
# = 14; trick 12 XI 1 + Ck 3 + Cx 3 + Kh 5 = 12; lower trojka 3 → 15 cards, raw 45,
# 45 − 10 = 35. Declarer 35 (raw 61, 39 cards: 61 − 26): a tie.
TIE_TRICKS = [
    "0 XXI, 1 I, 2 Ah, 3 Jx",
    "0 XX, 1 II, 2 Jh, 3 Qx",
    "0 XIX, 1 III, 2 Ch, 3 7p",
    "0 XVIII, 1 IV, 2 Ak, 3 8p",
    "0 XVII, 1 V, 2 Jk, 3 9p",
    "0 XVI, 1 VI, 2 7x, 3 10p",
    "0 XV, 1 VII, 2 8x, 3 Jp",
    "0 XIV, 1 VIII, 2 9x, 3 Cp",
    "0 XIII, 1 IX, 2 10x, 3 Qp",
    "0 XII, 1 Sk, 2 Kk, 3 Kx",
    "1 X, 2 Qk, 3 Kp, 0 Qh",
    "1 XI, 2 Ck, 3 Cx, 0 Kh",
]
FLEK = (
    "0 announce done; 1 announce flek:game; 1 announce done; 2 announce done; "
    "3 announce done; 0 announce done; 1 announce done"
)
FLEK_RE = (
    "0 announce done; 1 announce flek:game; 1 announce done; 2 announce done; "
    "3 announce done; 0 announce flek:game; 0 announce done; 1 announce done; "
    "2 announce done; 3 announce done; 0 announce done"
)


@pytest.mark.parametrize(
    ("tie", "announce", "g", "a_signed"),
    [
        # tie = zero: G = 0; at a tie no revealing hláška counts (H = 0): nothing is paid
        ("zero", A_DONE, 0, 0),
        ("zero", FLEK, 0, 0),
        # one_eye, no flek: the declarer pays as if he lost by one eye: −1 · 10 = −10 → 50
        ("one_eye", A_DONE, -10, -50),
        # one_eye, flek by the opponents (their last level): they pay 1 · 10 · 2 = +20 → 50
        ("one_eye", FLEK, 20, 50),
        # one_eye, re by the declarer (his side gave the last level): −1 · 10 · 4 = −40 → 50
        ("one_eye", FLEK_RE, -40, -50),
    ],
)
def test_T_SCORE_GAME_played_tie_zero_and_one_eye(tie, announce, g, a_signed):
    d = deal(A_HANDS, A_TALON, options=TarokyOptions(tie=tie))
    run(d, "0 bid 3P; 1 bid dobra; 2 bid dobra; 3 bid dobra; 0 trojka take; "
        "0 discard 4h; 0 discard 3h; 0 discard 4k; " + announce)  # fmt: skip
    events = run(d, tricks_script(TIE_TRICKS))
    s = d.score
    assert s.eyes == (35, 35)
    # H = 0: at 35:35 no revealing hláška counts (T-SCORE-HLASKY), neither taroky nor barvy
    assert s.counted == ((False,), (False,), (False,), (False,))
    assert s.components == {"G": g, "H": 0, "P": 0, "V": 0, "S": g, "A": abs(a_signed)}
    assert s.money == (3 * a_signed, -a_signed, -a_signed, -a_signed)
    assert ended(events).money == s.money


# -- T-VARSAVA-SCORE played ------------------------------------------------------------------
# Varšava chosen by the předák (seat 0, taroks II … XIII). Seat 3 holds XIX XX XXI Sk and the
# eight spades; seats 1 and 2 only hearts, diamonds and clubs; the talon holds I XIV … XVIII.
# Seat 0 leads a tarok: seat 3 must overtake (T-PLAY-W) and wins; seat 3 leads a spade:
# seat 0 must trump and wins — four times; then seat 0 takes the last four tricks.
W_HANDS = [
    "II III IV V VI VII VIII IX X XI XII XIII",
    "4h 3h 2h Ah Jh Ch Qh Kh 4k 3k 2k Ak",
    "Jk Ck Qk Kk 7x 8x 9x 10x Jx Cx Qx Kx",
    "XIX XX XXI Sk 7p 8p 9p 10p Jp Cp Qp Kp",
]
W_TALON = "I XIV XV XVI XVII XVIII"
W_TRICKS = [
    "0 II, 1 4h, 2 7x, 3 XIX",  # raw 4, + I (5) to seat 3
    "3 7p, 0 III, 1 3h, 2 8x",  # raw 4, + XIV (1) to seat 0
    "0 IV, 1 2h, 2 9x, 3 XX",  # raw 4, + XV (1) to seat 3
    "3 8p, 0 V, 1 Ah, 2 10x",  # raw 4, + XVI (1) to seat 0
    "0 VI, 1 Kh, 2 Kx, 3 XXI",  # raw 16, + XVII (1) to seat 3
    "3 9p, 0 VII, 1 Jh, 2 Jx",  # raw 6, + XVIII (1) to seat 0
    "0 VIII, 1 Qh, 2 Qx, 3 Sk",  # raw 14
    "3 10p, 0 IX, 1 Ch, 2 Cx",  # raw 8
    "0 X, 1 4k, 2 Jk, 3 Jp",  # raw 6
    "0 XI, 1 3k, 2 Ck, 3 Cp",  # raw 8
    "0 XII, 1 2k, 2 Qk, 3 Qp",  # raw 10
    "0 XIII, 1 Ak, 2 Kk, 3 Kp",  # raw 12
]


def test_T_VARSAVA_SCORE_played_two_blanas():
    d = deal(W_HANDS, W_TALON)
    events = run(d, "0 bid 1P; 1 bid dobra; 2 bid dobra; 3 bid dobra; 0 choose W; "
                 + tricks_script(W_TRICKS))  # fmt: skip
    assert winners(events) == [3, 0, 3, 0, 3, 0, 3, 0, 0, 0, 0, 0]
    turned = [(card_str(e.card), e.seat) for e in events if isinstance(e, TalonTurned)]
    assert turned == [("I", 3), ("XIV", 0), ("XV", 3), ("XVI", 0), ("XVII", 3), ("XVIII", 0)]
    # Seat 3: tricks 1, 3, 5, 7 (raw 4 + 4 + 16 + 14 = 38) + I XV XVII (7): 19 cards, raw 45,
    #   six threes and a single: 45 − 12 − 1 = 32.
    # Seat 0: tricks 2, 4, 6, 8–12 (raw 4 + 4 + 6 + 8 + 6 + 8 + 10 + 12 = 58) + XIV XVI XVIII
    #   (3): 35 cards, raw 61, eleven threes and a pair: 61 − 22 − 1 = 38.
    # Seats 1 and 2 took no trick: 0 eyes each, both blána.
    # Payments (more eyes pays fewer; × 20 to a blána; each rounded up to 50, capped):
    #   0 → 1: 38 · 20 = 760 → 800;  0 → 2: 800;  0 → 3: 6 · 10 = 60 → 100;
    #   3 → 1: 32 · 20 = 640 → 650;  3 → 2: 650;  1 ↔ 2: equal, nothing.
    # Money: seat 0 −800 − 800 − 100 = −1700; seats 1, 2 +800 + 650 = +1450 each;
    #   seat 3 +100 − 650 − 650 = −1200.
    s = d.score
    assert s.eyes_by_seat == (38, 0, 0, 32)
    assert s.blana == (False, True, True, False)
    assert sorted(s.payments) == [(0, 1, 800), (0, 2, 800), (0, 3, 100), (3, 1, 650), (3, 2, 650)]
    assert s.money == (-1700, 1450, 1450, -1200)
    end = ended(events)
    assert (end.game, end.eyes, end.money) == ("W", (38, 0, 0, 32), (-1700, 1450, 1450, -1200))


def test_T_SCORE_BINDING_played_announced_valat_lost_while_the_game_is_won():
    """Deal C with Sk and I swapped: seat 1's Sk takes trick 1, so the declarer's announced,
    flekked valát fails although he wins the game, and his silent pagát wins trick 12.
    Pagát and valát count whether the game is won or lost (T-SCORE-BINDING)."""
    hands = [
        "I XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI",
        "II III IV V VI VII VIII IX X Sk 4h 3h",
        C_HANDS[2],
        C_HANDS[3],
    ]
    tricks = [
        "0 XXI, 1 Sk, 2 7x, 3 9x",
        "1 4h, 2 2h, 3 10x, 0 XI",  # seat 2 follows hearts, seat 0 must trump
        "0 XX, 1 II, 2 Ah, 3 Jx",
        "0 XIX, 1 III, 2 Jh, 3 Cx",
        "0 XVIII, 1 IV, 2 Ch, 3 Qx",
        "0 XVII, 1 V, 2 4k, 3 7p",
        "0 XVI, 1 VI, 2 3k, 3 8p",
        "0 XV, 1 VII, 2 2k, 3 9p",
        "0 XIV, 1 VIII, 2 Ak, 3 10p",
        "0 XIII, 1 IX, 2 Jk, 3 Jp",
        "0 XII, 1 X, 2 Ck, 3 Cp",
        "0 I, 1 3h, 2 8x, 3 Qp",  # nobody has a tarok left: the silent pagát wins
    ]
    d = deal(hands, C_TALON)
    run(
        d,
        "0 bid 6P; 1 bid dobra; 2 bid dobra; 3 bid dobra; "
        "0 announce valat; 0 announce done; 1 announce flek:valat; 1 announce done; "
        "2 announce done; 3 announce done; 0 announce done; 1 announce done",
    )
    events = run(d, tricks_script(tricks))
    assert winners(events) == [1] + [0] * 11 and d.won == [11, 1, 0, 0]
    # Opponents: talon (6 cards, raw 28) + trick 1 (XXI 5 + Sk 5 + 7x 1 + 9x 1 = 12): 10 cards,
    # raw 40, three threes and a single: 40 − 6 − 1 = 33. Declarer 37 (raw 66, 44 cards:
    # 66 − 28 − 1). G = (37 − 35) · 60 = 120. H: the declarer won, his taroky (12 taroks;
    # I + XXI = 2 honours) +100; seat 1 taroky, seats 2, 3 barvy lost: H = +100.
    # V: announced valát, flek (level 1), lost: −800 · 2 = −1600.
    # P: the declarer's silent pagát won trick 12: +200.
    # S = 120 + 100 + 200 − 1600 = −1180 → A = 1200; S < 0: the declarer pays each opponent.
    s = d.score
    assert s.eyes == (37, 33)
    (valat,) = s.valats
    assert (valat.side, valat.announced, valat.level, valat.won) == ("D", True, 1, False)
    assert (s.pagat.seat, s.pagat.side, s.pagat.announced, s.pagat.won) == (0, "D", False, True)
    assert s.components == {"G": 120, "H": 100, "P": 200, "V": -1600, "S": -1180, "A": 1200}
    assert s.money == (-3600, 1200, 1200, 1200)
