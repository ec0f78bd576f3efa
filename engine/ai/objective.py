"""What a seat plays for: its own points, a maturita, or a čistá stovka aim (R-STOVKA)."""

from __future__ import annotations

from engine.contracts import GAMES_PER_TALIE, TALIE_PER_LORA
from engine.views import PublicView, SeatView

# Mean points of one seat in one partial game (all seats medium), for planning a stovka.
MEAN_POINTS_PER_GAME = 2.3
STOVKA = 100


def games_left_after(view: SeatView) -> int:
    """Partial games of the lóra still to come after the current one."""
    return games_left_of(view.public)


def games_left_of(pub: PublicView) -> int:
    return (TALIE_PER_LORA - pub.tali) * GAMES_PER_TALIE + (GAMES_PER_TALIE - pub.game_no)


def stovka_declare(view: SeatView) -> bool:
    """Declare čistá stovka when 100 is within reach and the seat has little to lose.

    Reachable: the points still needed lie within what the rest of the lóra can give a seat
    that steers for them (between the mean and about twice the mean). Little to lose: the
    seat already has the most points (it would rank low anyway)."""
    pub = view.public
    seat = view.seat
    need = STOVKA - pub.totals[seat]
    rest = (games_left_after(view) + 1) * MEAN_POINTS_PER_GAME
    if not 0.8 * rest <= need <= 2.0 * rest:
        return False
    others = [pub.totals[s] for s in range(4) if s != seat]
    return pub.totals[seat] >= max(others)


def hard_stovka_declare(view: SeatView) -> bool:
    """The hard player's answer (issue 17): never declare.

    Measured by ``benchmarks/stovka_study.py`` (hard in one seat among three medium players,
    each lóra forked at the question where ``stovka_declare`` says yes, both answers played to
    the end on the same cards): declaring cost hard about 23 points over the rest of the lóra
    and three quarters of a place, and it made exactly 100 in 4 of 80 — in no range of points
    needed or of lead was success plausible enough to pay (docs/AI_STRENGTH.md, čistá stovka).
    ``stovka_declare`` stays the rule of the medium player (and of hard1)."""
    return False


def declared(view: SeatView) -> bool:
    pub = view.public
    return pub.options.cista_stovka and pub.stovka[view.seat] is True


def stovka_target(view: SeatView) -> int:
    """Points the seat wants from the rest of the running partial game (0: as few as can be).

    A declarer steers for exactly 100: he takes points in this game when the games after it
    are not expected to bring enough."""
    return stovka_target_of(view.public, view.seat, view.public.game_points[view.seat])


def stovka_target_of(pub: PublicView, seat: int, game_points: int) -> int:
    """``stovka_target`` of any ``seat`` that has ``game_points`` in the running game (what
    that seat's own view gives; the opponent model asks it for the other seats)."""
    if not (pub.options.cista_stovka and pub.stovka[seat] is True):
        return 0
    if pub.maturant is not None or pub.harakiri_seats is not None:
        return 0  # maturita and harakiri points are not his to steer
    need = STOVKA - pub.totals[seat] - game_points
    expected_rest = games_left_of(pub) * MEAN_POINTS_PER_GAME
    return max(0, round(need - expected_rest))
